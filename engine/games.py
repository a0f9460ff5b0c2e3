"""Which engine plays which rules: the per-game registry of engine packages.

Adding an engine is one line in :data:`ENGINES` (rules id → module path). An engine module
offers:

* ``RULES`` (its rules id), ``ENGINE_VERSION``, ``RULES_VERSION``, ``CATALOGUE``
  (:class:`engine.core.Catalogue`);
* ``build_registry(game) -> Registry`` — compile the cards, raising a located FindingsError;
* ``new_game(registry, setups, seed, position=None) -> engine.core.Game``;
* ``setup_from_deck(deck)`` — one player's setup from a database deck;
* ``setup_from_json(doc)`` — what ``new_game`` takes, from a replay's ``setup`` document
  (the game's ``setup_json()``);
* ``entrants(registry) -> list[engine.core.tournament.Entrant]`` — who ``fuda simulate`` pits
  against whom.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

ENGINES: dict[str, str] = {
    "recast-rift": "fuda.engine.recast_rift",
    "ryomen": "fuda.engine.ryomen",
    "toho-tcg": "fuda.engine.toho_tcg",
    "raise-blaze": "fuda.engine.raise_blaze",
}

_REGISTRIES: dict = {}


def engine_for(rules: str) -> ModuleType | None:
    """The engine module of a rules id, or None when no engine is written yet."""
    path = ENGINES.get(rules)
    return import_module(path) if path else None


def registry_for(game):
    """The (cached) compiled registry of a :class:`pipeline.Game`; FindingsError when a card
    cannot be compiled; ``LookupError`` when the game's rules have no engine."""
    module = engine_for(game.rules)
    if module is None:
        raise LookupError(f"no engine plays {game.rules} yet (engines: {', '.join(sorted(ENGINES))})")
    key = id(game)
    cached = _REGISTRIES.get(key)
    if cached is None or cached.game is not game:
        cached = _REGISTRIES[key] = module.build_registry(game)
    return cached
