"""``rules: custom``: the rule engine of a designer's own game, played from its data alone.

The game.yaml ``play:`` section and the cards' ``abilities`` (see README.md beside this file)
are compiled once (:mod:`.cards`, :mod:`.play`, :mod:`.compile`) into a frozen static game; a
game is one :class:`~.state.State` advanced by plain rule functions (:mod:`.rules`,
:mod:`.turn`) and one function per effect word (:mod:`.effects`). The module interface every
engine package offers (see :mod:`engine.games`):

* ``build_registry(game)`` — compile the cards (located FindingsError on a bad word or name);
* ``new_game(registry, setups, seed, position=None)``; ``setup_from_deck`` / ``setup_from_json``;
* ``entrants(registry)`` — one per deck of the database, for ``fuda simulate``;
* ``play_match(registry, setups, games, seed, agents, first)`` — ``fuda match``;
* ``plays(game)`` — whether a custom game declares ``play:`` (without it, it cannot be played);
* ``CATALOGUE``, ``ENGINE_VERSION``, ``RULES_VERSION``, ``INFO``.
"""

from __future__ import annotations

from fuda.engine.core.contract import EngineInfo, Information
from fuda.engine.core.tournament import Entrant
from fuda.engine.custom import view as _view  # noqa: F401 (registers the greedy policy of CView)
from fuda.engine.custom.cards import build_registry, compile_game, static_of
from fuda.engine.custom.catalogue import CATALOGUE
from fuda.engine.custom.compile import WHENS, known_names
from fuda.engine.custom.defs import Static
from fuda.engine.custom.game import ENGINE_VERSION, RULES_VERSION, CustomGame, PlayerSetup, Table, new_game
from fuda.engine.custom.match import play_match
from fuda.engine.custom.play import play_rules

RULES = "custom"
PLAYERS = (2,)
#: the kind of game (:mod:`fuda.engine.core.contract`): hidden decks and hands, shuffled decks
INFO = EngineInfo(players=PLAYERS, information=Information.IMPERFECT, chance=True)


def play_problems(manifest, doc) -> list:
    """The errors in a manifest's ``play:`` section, located with ``doc`` (rule set validation of
    the manifest; its warnings come with :func:`card_problems`, as a manifest finding of any
    severity stops the game from loading)."""
    _, findings, _ = play_rules(manifest, known_names(manifest), lambda path: doc.where(path))
    return [f for f in findings if f.severity == "error"]


def card_problems(game) -> list:
    """Findings about a custom game with ``play:`` once its cards are loaded: the cards' abilities
    and keywords, and the ``play:`` section's warnings (a turn nobody decides in, an end that
    cannot fire)."""
    return compile_game(game, play_findings="warnings")[1]


def plays(game) -> bool:
    """Whether ``game`` (a custom game) has a ``play:`` section the engine can play."""
    return "play" in game.manifest


def cards_played(game):
    """(seat, card id) of every card a finished game played (``fuda simulate``'s per-card rates)."""
    return [(e.player, e.data["card"]) for e in game.log if e.kind == "play"]


def setup_from_deck(deck) -> PlayerSetup:
    """One player's setup from a database deck."""
    return PlayerSetup.from_deck(deck)


def setup_from_json(doc) -> Table:
    """The players' setups (and a fixed first player) from a replay's ``setup`` document."""
    return Table.from_json(doc)


def entrants(registry) -> list[Entrant]:
    """One entrant per deck of the database, in id order."""
    return [Entrant(d.id, d.name, PlayerSetup.from_deck(d), f"deck {d.id}")
            for d in sorted(registry.game.decks, key=lambda d: d.id)]


__all__ = [
    "CATALOGUE",
    "ENGINE_VERSION",
    "INFO",
    "PLAYERS",
    "RULES",
    "RULES_VERSION",
    "WHENS",
    "CustomGame",
    "PlayerSetup",
    "Static",
    "build_registry",
    "card_problems",
    "cards_played",
    "compile_game",
    "entrants",
    "new_game",
    "play_match",
    "play_problems",
    "plays",
    "setup_from_deck",
    "setup_from_json",
    "static_of",
]
