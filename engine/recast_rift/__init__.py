"""東方リキャストリフト (Recast Rift, seed 000): the rule engine on :mod:`fuda.engine.core`.

The module interface every engine package offers (see :mod:`fuda.engine.games`):

* ``build_registry(game)`` — compile the cards (located FindingsError on a bad op);
* ``new_game(registry, setups, seed, position=None)`` — a started-on-demand game;
* ``setup_from_deck(deck)`` / ``setup_from_json(doc)`` — one player's setup;
* ``entrants(registry)`` — the decks ``fuda simulate`` pits against each other;
* ``CATALOGUE`` — the rules catalogue; ``ENGINE_VERSION``, ``RULES_VERSION``;
* ``INFO`` — what kind of game it is (:class:`fuda.engine.core.contract.EngineInfo`).

Inside: :mod:`.defs` holds what never changes (card definitions, a game's layout and settings),
:mod:`.state` the one state value play changes (:class:`~.state.RRState`) and the typed game the
rules read (:class:`~.state.RRGame`); the rules are plain functions in :mod:`.turn`,
:mod:`.combat`, :mod:`.zones`, :mod:`.awakening` and :mod:`.abilities`, the cards' effect words
in :mod:`.ops`; :mod:`.game` is the flow of turns, :mod:`.view`, :mod:`.render` and
:mod:`.greedy` what a seat sees, reads and plays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fuda.database import Deck
from fuda.engine.core import Registry
from fuda.engine.core.contract import EngineInfo, Information
from fuda.engine.core.registry import per_registry
from fuda.engine.recast_rift.cards import CardDef, CardPool, build_registry
from fuda.engine.recast_rift.game import ENGINE_VERSION, RULES_VERSION, RecastRift
from fuda.engine.recast_rift.rules import CATALOGUE
from fuda.engine.recast_rift.setup import (
    PlayerSetup,
    Position,
    Seat,
    position_from_json,
)
from fuda.engine.recast_rift.simulate import entrants
from fuda.engine.recast_rift.state import Ctx, RRState

RULES = "recast-rift"
#: the kind of game (:mod:`fuda.engine.core.contract`)
INFO = EngineInfo(players=(2,), information=Information.IMPERFECT, chance=True)

pool_of = per_registry(CardPool)


def new_game(registry: Registry, setups: Sequence[PlayerSetup | Mapping[str, Any]], seed: int,
             position: Position | None = None) -> RecastRift:
    """A game between two setups (PlayerSetup or their JSON), optionally from a position
    (``setup_from_json`` carries a replayed game's position along with the setups)."""
    if position is None:
        position = getattr(setups, "position", None)
    return RecastRift(pool_of(registry), setups, seed, position)


def setup_from_deck(deck: Deck) -> PlayerSetup:
    """One player's setup from a database deck."""
    return PlayerSetup.from_deck(deck)


class Setups(list[PlayerSetup]):
    """Both players' setups, plus the explicit position a scenario game started from."""

    position: Position | None = None


def setup_from_json(doc: Mapping[str, Any]) -> Setups:
    """Both players' setups (and the position, if any) from a replay's ``setup`` document."""
    setups = Setups(PlayerSetup.from_json(d) for d in doc["players"])
    if doc.get("position"):
        setups.position = position_from_json(doc["position"])
    return setups


__all__ = [
    "CATALOGUE",
    "ENGINE_VERSION",
    "INFO",
    "RULES",
    "RULES_VERSION",
    "CardDef",
    "CardPool",
    "Ctx",
    "PlayerSetup",
    "Position",
    "RRState",
    "RecastRift",
    "Seat",
    "Setups",
    "build_registry",
    "entrants",
    "new_game",
    "pool_of",
    "setup_from_deck",
    "setup_from_json",
]
