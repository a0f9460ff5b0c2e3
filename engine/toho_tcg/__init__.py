"""東方カードゲーム（仮） (toho-tcg, seed 002): the rule engine on :mod:`engine.core`.

The module interface every engine package offers (see :mod:`engine.games`):

* ``build_registry(game)`` — compile the cards (located FindingsError on a bad op);
* ``new_game(registry, setups, seed, position=None, variants=())`` — a started-on-demand game;
* ``setup_from_deck(deck)`` / ``setup_from_json(doc)`` — one player's setup / both (and the
  game's rule variants, a :class:`Table`) from a replay;
* ``VARIANTS`` — the optional rule variants by name (:mod:`.variants`), off by default;
* ``entrants(registry)`` — the decks ``fuda simulate`` pits against each other;
* ``CATALOGUE`` — the rules catalogue; ``ENGINE_VERSION``, ``RULES_VERSION``;
* ``INFO`` — what kind of game it is (:class:`engine.core.contract.EngineInfo`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fuda.engine.core import Registry
from fuda.engine.core.contract import EngineInfo, Information
from fuda.engine.core.registry import per_registry
from fuda.engine.toho_tcg.cards import CardDef, CardPool
from fuda.engine.toho_tcg.game import ENGINE_VERSION, RULES_VERSION, TohoTCG, static_of
from fuda.engine.toho_tcg.registry import build_registry
from fuda.engine.toho_tcg.rules import CATALOGUE
from fuda.engine.toho_tcg.setup import Piece, PlayerSetup, Position, Seat, Table
from fuda.engine.toho_tcg.simulate import entrants
from fuda.engine.toho_tcg.stack import Ctx
from fuda.engine.toho_tcg.variants import QUICK_LIMIT_BOTH_TURNS, VARIANTS, Variant

RULES = "toho-tcg"
#: the kind of game (:mod:`engine.core.contract`)
INFO = EngineInfo(players=(2,), information=Information.IMPERFECT, chance=True)

pool_of = per_registry(CardPool)


def new_game(registry: Registry, setups: Table | Sequence[PlayerSetup | Mapping[str, Any]], seed: int,
             position: Position | None = None, variants: Sequence[str] = ()) -> TohoTCG:
    """A game between two setups (PlayerSetup or their JSON, or a :class:`Table`), optionally from a
    position, playing the named rule ``variants`` (none by default; ``ValueError`` for an unknown one)."""
    return TohoTCG(static_of(pool_of(registry), setups, position, variants), seed)


def setup_from_deck(deck) -> PlayerSetup:
    """One player's setup from a database deck."""
    return PlayerSetup.from_deck(deck)


def setup_from_json(doc) -> Table:
    """Both players' setups, with the game's rule variants, from a replay's ``setup`` document."""
    return Table.from_json(doc)


__all__ = [
    "CATALOGUE",
    "ENGINE_VERSION",
    "INFO",
    "QUICK_LIMIT_BOTH_TURNS",
    "RULES",
    "RULES_VERSION",
    "VARIANTS",
    "CardDef",
    "CardPool",
    "Ctx",
    "Piece",
    "PlayerSetup",
    "Position",
    "Seat",
    "Table",
    "TohoTCG",
    "Variant",
    "build_registry",
    "entrants",
    "new_game",
    "pool_of",
    "setup_from_deck",
    "setup_from_json",
]
