"""The compiled card registry of a game, cached; the game's engine comes from its rule set.

Which engine plays which rules is the rule set's business (``RuleSet.engine``, a module path;
see :mod:`fuda.database.ruleset`). An engine module offers (typed as
:class:`engine.core.contract.EngineModule`, checked by ``tests/engine/test_contract.py``):

* ``RULES`` (its rules id), ``ENGINE_VERSION``, ``RULES_VERSION``, ``CATALOGUE``
  (:class:`engine.core.Catalogue`), ``INFO`` (:class:`engine.core.contract.EngineInfo`: seat counts,
  perfect or imperfect information, chance);
* ``build_registry(game) -> Registry`` — compile the cards, raising a located FindingsError;
* ``new_game(registry, setups, seed, position=None) -> engine.core.Game``;
* ``setup_from_deck(deck)`` — one player's setup from a database deck;
* ``setup_from_json(doc)`` — what ``new_game`` takes, from a replay's ``setup`` document
  (the game's ``setup_json()``);
* ``entrants(registry) -> list[engine.core.tournament.Entrant]`` — who ``fuda simulate`` pits
  against whom.
"""

from __future__ import annotations

from fuda.database import Game
from fuda.database.ruleset import engine_for, engines
from fuda.engine.core.registry import Registry


def registry_for(game: Game) -> Registry:
    """The (cached) compiled registry of a :class:`fuda.Game`; FindingsError when a card
    cannot be compiled; ``LookupError`` when the game's rules have no engine. The registry is
    kept with the game (:meth:`fuda.database.model.Game.derived`), not keyed by ``id()``."""
    module = engine_for(game.rules)
    if module is None:
        raise LookupError(f"no engine plays {game.rules} (engines: {', '.join(engines())})")
    registry: Registry = game.derived("engine-registry", lambda: module.build_registry(game))
    return registry
