"""What a RAISE×BLAZE game starts from: each player's decks, or an explicit position.

:class:`PlayerSetup` is a main deck (one id per copy) and a core deck; replays store it as
JSON. :func:`deck_problems` checks the construction rules (RB-DECK-1/2) of the rule set against
the manifest's ``deck-rules``. :class:`Seat` describes one player's side of an explicit position for scenario
tests (stacked deck, hand, life cards, graveyard, fighters with what lies underneath them, the
spell zone, the chosen core and its power-ups); main-deck cards of the setup that a seat does
not place go to the bottom of its deck in setup order, so cards are always conserved.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PlayerSetup:
    """One player's decks: the main deck (one card id per copy) and the core deck."""

    main: tuple[str, ...]
    core: tuple[str, ...]
    deck: str = ""
    name: str = ""

    @classmethod
    def from_deck(cls, deck) -> PlayerSetup:
        """The setup of a :class:`fuda.database.model.Deck` of raise-blaze."""
        main = tuple(cid for entry in deck["main"] for cid in [entry["card"]] * entry["count"])
        return cls(main, tuple(deck["core"]), deck.id, deck.name)

    @classmethod
    def from_json(cls, doc: dict) -> PlayerSetup:
        """Read the JSON form (replays)."""
        return cls(tuple(doc["main"]), tuple(doc["core"]), doc.get("deck", ""), doc.get("name", ""))

    def as_json(self) -> dict:
        """The JSON form."""
        return {"deck": self.deck, "name": self.name, "main": list(self.main), "core": list(self.core)}


def deck_problems(pool, setup: PlayerSetup) -> list[str]:
    """Every way ``setup`` breaks RB-DECK-1/2 (the manifest's deck-rules); empty when legal.
    The rules are the rule set's, the same that validate deck files."""
    from fuda.database.ruleset import ruleset_for

    out = [f"unknown card {cid!r}" for cid in dict.fromkeys((*setup.main, *setup.core)) if cid not in pool.defs]
    if out:
        return out
    main = [(cid, n, ("main",)) for cid, n in Counter(setup.main).items()]
    core = [(cid, ("core",)) for cid in setup.core]
    # (deck_problems is a method of the built-in rule sets, not of the RuleSet protocol: its
    # arguments differ from game to game)
    rules: Any = ruleset_for(pool.game.rules)
    return [message for _, message, _ in rules.deck_problems(pool.game, main, core)]


@dataclass(frozen=True)
class Seat:
    """One player's side of an explicit position (card ids; ``deck`` is listed top first).

    ``fighters``: entries ``"id"`` or ``("id", ("under-id", ...))`` (equip spells may be among
    the cards underneath), one per fighter zone in order. ``spells``: the spell zone bottom to
    top, entries ``"id"`` (face up) or ``("id", "set")`` (face down). ``life``: the life cards,
    or an int = that many cards taken from the end of the unplaced cards. ``core``: the chosen
    core fighter (default: the first of the core deck).
    """

    deck: tuple = ()
    hand: tuple = ()
    life: tuple | int = ()
    grave: tuple = ()
    fighters: tuple = ()
    spells: tuple = ()
    core: str | None = None
    ups: tuple = ()


@dataclass(frozen=True)
class Position:
    """An explicit position: both seats, whose turn, which turn, and the phase to start in.

    ``phase`` is ``draw`` (the start of a turn), ``main`` (main phase 1), ``battle`` or ``main2``.
    ``summoned``: the turn player already made the turn's normal / raise summon; ``attacked``:
    the turn player's card ids (``core`` for the core fighter) that already attacked this turn.
    """

    seats: tuple[Seat, Seat]
    active: int = 0
    turn: int = 1
    phase: str = "main"
    summoned: bool = False
    attacked: tuple = ()


PHASES = ("draw", "main", "battle", "main2")
