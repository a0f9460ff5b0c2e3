"""東方カードゲーム（仮） (toho-tcg, seed 002): the rule engine on :mod:`engine.core`.

The module interface every engine package offers (see :mod:`engine.games`):

* ``build_registry(game)`` — compile the cards (located FindingsError on a bad op);
* ``new_game(registry, setups, seed, position=None)`` — a started-on-demand game;
* ``setup_from_deck(deck)`` / ``setup_from_json(doc)`` — one player's setup / both from a replay;
* ``entrants(registry)`` — the decks ``fuda simulate`` pits against each other;
* ``CATALOGUE`` — the rules catalogue; ``ENGINE_VERSION``, ``RULES_VERSION``.
"""

from __future__ import annotations

from fuda.engine.core.registry import per_registry
from fuda.engine.toho_tcg.cards import CardDef, CardPool, build_registry
from fuda.engine.toho_tcg.game import ENGINE_VERSION, RULES_VERSION, TohoTCG
from fuda.engine.toho_tcg.rules import CATALOGUE
from fuda.engine.toho_tcg.setup import Piece, PlayerSetup, Position, Seat
from fuda.engine.toho_tcg.simulate import entrants
from fuda.engine.toho_tcg.stack import Ctx

RULES = "toho-tcg"

pool_of = per_registry(CardPool)


def new_game(registry, setups, seed: int, position: Position | None = None) -> TohoTCG:
    """A game between two setups (PlayerSetup or their JSON), optionally from a position."""
    return TohoTCG(pool_of(registry), setups, seed, position)


def setup_from_deck(deck) -> PlayerSetup:
    """One player's setup from a database deck."""
    return PlayerSetup.from_deck(deck)


def setup_from_json(doc) -> list[PlayerSetup]:
    """Both players' setups from a replay's ``setup`` document."""
    return [PlayerSetup.from_json(d) for d in doc["players"]]


__all__ = [
    "CATALOGUE",
    "ENGINE_VERSION",
    "RULES",
    "RULES_VERSION",
    "CardDef",
    "CardPool",
    "Ctx",
    "Piece",
    "PlayerSetup",
    "Position",
    "Seat",
    "TohoTCG",
    "build_registry",
    "entrants",
    "new_game",
    "pool_of",
    "setup_from_deck",
    "setup_from_json",
]
