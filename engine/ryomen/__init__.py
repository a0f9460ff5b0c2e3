"""両面表 (ryomen, seed 004, the double-faced game): the rule engine on :mod:`engine.core`.

The module interface every engine package offers (see :mod:`engine.games`):

* ``build_registry(game)`` — compile the cards (located FindingsError on a bad op);
* ``new_game(registry, setups, seed, position=None)`` — a game (2–4 setups or a :class:`Table`);
* ``setup_from_deck(deck)`` / ``setup_from_json(doc)`` — one player's setup / a replay's table;
* ``entrants(registry)`` — the pairings ``fuda simulate`` pits against each other;
* ``CATALOGUE`` — the rules catalogue; ``ENGINE_VERSION``, ``RULES_VERSION``;
* ``INFO`` — what kind of game it is (:class:`engine.core.contract.EngineInfo`).

Besides, for ``fuda play --tag`` and ``fuda match``: :func:`tag_table` (a 4-player tag match),
:func:`~.match.play_match` (best of 3/5, 2/4-game matches by total points) and
:func:`~.match.play_game` (one game of 2–4 players, tag matches).
"""

from __future__ import annotations

from fuda.engine.core.contract import EngineInfo, Information
from fuda.engine.ryomen.cards import CardPool, FaceDef, Lineup, build_registry, pool_of
from fuda.engine.ryomen.game import ENGINE_VERSION, RULES_VERSION, Ryomen, new_game
from fuda.engine.ryomen.match import MatchResult, play_game, play_match, random_pairing
from fuda.engine.ryomen.rules import CATALOGUE
from fuda.engine.ryomen.setup import PlayerSetup, Position, Seat, Table
from fuda.engine.ryomen.simulate import entrants

RULES = "ryomen"
PLAYERS = (2, 3, 4)  # seats `fuda play` may fill (RY-MULTI-1)
#: the kind of game (:mod:`engine.core.contract`)
INFO = EngineInfo(players=PLAYERS, information=Information.IMPERFECT, chance=True)


def tag_table(setups) -> Table:
    """Four setups as a tag match: seats 1 & 3 against 2 & 4, partners' points added (RY-MULTI-6)."""
    return Table.of(setups, tag=True)


def setup_from_deck(deck) -> PlayerSetup:
    """One player's setup from a database deck (a pairing); faces are chosen in play."""
    return PlayerSetup.from_deck(deck)


def setup_from_json(doc) -> Table:
    """The table (players, first player, tag) from a replay's ``setup`` document."""
    return Table.from_json(doc)


__all__ = [
    "CATALOGUE",
    "ENGINE_VERSION",
    "INFO",
    "RULES",
    "RULES_VERSION",
    "CardPool",
    "FaceDef",
    "Lineup",
    "MatchResult",
    "PlayerSetup",
    "Position",
    "Ryomen",
    "Seat",
    "Table",
    "build_registry",
    "entrants",
    "new_game",
    "play_game",
    "play_match",
    "pool_of",
    "random_pairing",
    "setup_from_deck",
    "setup_from_json",
    "tag_table",
]
