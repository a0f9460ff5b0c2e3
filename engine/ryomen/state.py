"""The one state of a ryomen game: every field play changes, typed (:class:`RyState`).

Cards are physical numbers ``c = base[p] + k`` (``k`` the card's place in p's pairing): ``faces[c]``
the two faces, ``up[c]`` which one is up (0/1), ``flips[c]`` how often it was turned over in the
open, ``chips[c]`` the stat chips lying on it. Zones are lists of card numbers per seat;
``battle[p]`` is p's battle card (-1: none). A search's re-dealt copy changes the opponents'
pairings in place (:func:`.view.determinize`), so the pairing-derived lists are state too.

What never changes in a game — the card pool, the table, the seat orders — stays on the game
(:class:`~.game.Ryomen`, which *is* its state: it subclasses this class, so the rules read
``game.up`` on the interpreter's fast slot path). Anything that copies the state reads its
fields from :func:`dataclasses.fields`, never from a list kept by hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fuda.engine.core import Option

if TYPE_CHECKING:
    from fuda.engine.ryomen.cards import FaceDef, Lineup

#: A stat effect: (kind ADD/SET/SWAP, stat code, amount, value or the other stat of a swap).
Effect = tuple[int, int, int]
#: A stat chip on a card: (stat code, delta, chip id).
Chip = tuple[int, int, str]


@dataclass(slots=True, eq=False)
class RyState:
    """Every value play changes (see the module docstring)."""

    # the pairings as play (and a search's re-deal) leaves them
    lineups: list[Lineup]
    faces: list[tuple[FaceDef, FaceDef]]
    opts: list[tuple[Option, Option]]
    index: list[dict[str, int]]  # p's option ids (both sides) -> card number
    first_opts: list[tuple[Option, ...]]  # p's hand options as dealt (first faces up)
    first_ids: list[tuple[str, ...]]  # their ids
    # the cards
    up: list[int]
    flips: list[int]
    chips: list[tuple[Chip, ...] | None]
    # the zones, by seat
    hand: list[list[int]]
    hopts: list[list[Option]]  # the options of hand[p], same order
    battle: list[int]
    result: list[list[int]]
    won: list[list[int]]  # point chips taken
    # this turn's stat effects on the battle card, and those waiting for the card p puts in
    effects: list[list[Effect]]
    waiting: list[list[Effect]]
    # the table
    points: list[int]
    facedown: list[int]
    supply: dict[str, int]
    night: bool
    named: int  # the stat deciding this turn (-1: not named yet)
    forbidden: int  # bits of the stats the server may not name
    server: int
    turn: int

