"""RAISE×BLAZE (seed 003): the rule engine on :mod:`engine.core`.

The module interface every engine package offers (see :mod:`engine.games`):

* ``build_registry(game)`` — compile the cards (located FindingsError on a bad op);
* ``new_game(registry, setups, seed, position=None)`` — a started-on-demand game;
* ``setup_from_deck(deck)`` / ``setup_from_json(doc)`` — one player's setup / both from a replay;
* ``entrants(registry)`` — the decks ``fuda simulate`` pits against each other;
* ``CATALOGUE`` — the rules catalogue; ``ENGINE_VERSION``, ``RULES_VERSION``;
* ``INFO`` — what kind of game it is (:class:`engine.core.contract.EngineInfo`).

Beyond that: :class:`Clock` (the optional 120 s / 300 s turn clocks of RB-LOSE-3/4, for a host)
and ``RaiseBlaze.concede(player)``.
"""

from __future__ import annotations

from fuda.engine.core.contract import EngineInfo, Information
from fuda.engine.core.registry import per_registry
from fuda.engine.raise_blaze.cards import CardDef, CardPool
from fuda.engine.raise_blaze.clock import Clock
from fuda.engine.raise_blaze.game import (
    ENGINE_VERSION,
    MAX_TURNS,
    RULES_VERSION,
    RaiseBlaze,
    Setups,
)
from fuda.engine.raise_blaze.ops import TABLE, build_registry
from fuda.engine.raise_blaze.rules import CATALOGUE
from fuda.engine.raise_blaze.setup import PlayerSetup, Position, Seat, deck_problems
from fuda.engine.raise_blaze.simulate import entrants
from fuda.engine.raise_blaze.state import Ctx, RBState

RULES = "raise-blaze"
#: the kind of game (:mod:`engine.core.contract`)
INFO = EngineInfo(players=(2,), information=Information.IMPERFECT, chance=True)

pool_of = per_registry(CardPool)


def new_game(registry, setups, seed: int, position: Position | None = None, **options) -> RaiseBlaze:
    """A game between two setups (PlayerSetup or their JSON), optionally from a position.

    ``options``: ``clock`` (a :class:`Clock`), ``offer_concede``, ``check_decks``.
    """
    return RaiseBlaze(pool_of(registry), setups, seed, position, **options)


def setup_from_deck(deck) -> PlayerSetup:
    """One player's setup from a database deck."""
    return PlayerSetup.from_deck(deck)


def setup_from_json(doc) -> Setups:
    """Both players' setups from a replay's ``setup`` document (with its host events)."""
    setups = Setups(PlayerSetup.from_json(d) for d in doc["players"])
    setups.host_events = tuple(tuple(e) for e in doc.get("host", ()))
    setups.offer_concede = bool(doc.get("offer-concede", False))
    return setups


__all__ = [
    "CATALOGUE",
    "ENGINE_VERSION",
    "INFO",
    "MAX_TURNS",
    "RULES",
    "RULES_VERSION",
    "TABLE",
    "CardDef",
    "CardPool",
    "Clock",
    "Ctx",
    "PlayerSetup",
    "Position",
    "RBState",
    "RaiseBlaze",
    "Seat",
    "Setups",
    "build_registry",
    "deck_problems",
    "entrants",
    "new_game",
    "pool_of",
    "setup_from_deck",
    "setup_from_json",
]
