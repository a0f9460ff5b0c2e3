"""The engine contract: what an engine module offers fuda, as a typed :class:`EngineModule`
protocol, and what kind of game it plays, as an :class:`EngineInfo` value.

A rule set names its engine by module path (``RuleSet.engine``); :func:`fuda.database.ruleset.engine_for`
imports it and the pipeline (``fuda play``, ``fuda simulate``, ``fuda match``, ``fuda rules``,
``fuda build``'s engine status, the card table) reads these members of it:

* ``RULES`` (the rules id), ``ENGINE_VERSION`` and ``RULES_VERSION`` (in replays and build reports),
  ``CATALOGUE`` (the rules clause by clause, :class:`~engine.core.catalogue.Catalogue`), ``INFO``
  (:class:`EngineInfo`);
* ``build_registry(game)`` — compile the cards (a located ``FindingsError`` on a card it cannot play);
* ``new_game(registry, setups, seed, position=None)`` — an unstarted :class:`~engine.core.game.Game`;
  the game offers ``view(seat)`` (a frozen value, what that seat may know) and, for imperfect
  information, ``determinize(seat, rng)`` (what a search agent samples);
* ``setup_from_deck(deck)`` — one player's setup from a database deck;
* ``setup_from_json(doc)`` — what ``new_game`` takes, from a replay's ``setup`` document (the
  game's ``setup_json()``): with the answers in the replay, the game again, event for event;
* ``entrants(registry)`` — who ``fuda simulate`` pits against whom.

Optional members, read with a default when absent: ``PLAYERS`` (the seat counts ``fuda play`` may
fill, default ``(2,)``; it must equal ``INFO.players``), ``VARIANTS`` (rule variants by name;
``new_game`` then takes ``variants=``), ``plays(game)`` (whether this database can be played at
all), ``play_match(...)`` (match formats) and ``tag_table(setups)`` (a team table).

What a deck may hold is the rule set's question (``RuleSet.deck_problems``), not the engine's: an
engine asks its rule set when it sets a game up, and refuses a deck that breaks its rules there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, runtime_checkable

from fuda.engine.core.catalogue import Catalogue


class Information(Enum):
    """Whether every player sees the whole position (as OpenSpiel's ``GameType.information``)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"  # hidden cards, hidden faces: a seat's view is less than the game


@dataclass(frozen=True)
class EngineInfo:
    """What kind of game an engine plays, in the terms of OpenSpiel's ``GameType``.

    ``players`` the numbers of seats a game may have (sorted), ``information`` whether a seat sees
    everything, ``chance`` whether the game's own generator decides anything (a shuffle, who goes
    first) — a game without chance is the same game for every seed."""

    players: tuple[int, ...]
    information: Information
    chance: bool

    def __post_init__(self):
        if not self.players or list(self.players) != sorted(set(self.players)) or self.players[0] < 1:
            raise ValueError(f"players must be distinct seat counts in order, got {self.players!r}")
        if not isinstance(self.information, Information):
            raise TypeError(f"information must be an Information, got {self.information!r}")


@runtime_checkable
class EngineModule(Protocol):
    """An engine module (see the module docstring). ``isinstance(module, EngineModule)`` checks that
    every member is there; :func:`contract_problems` checks their kinds and call signatures too."""

    RULES: str
    ENGINE_VERSION: str
    RULES_VERSION: str
    CATALOGUE: Catalogue
    INFO: EngineInfo

    def build_registry(self, game: Any) -> Any: ...

    def new_game(self, registry: Any, setups: Any, seed: int, position: Any = None) -> Any: ...

    def setup_from_deck(self, deck: Any) -> Any: ...

    def setup_from_json(self, doc: Any) -> Any: ...

    def entrants(self, registry: Any) -> Any: ...


#: the functions of the contract and the parameters each must take (by name, in order; more may
#: follow if they have defaults)
SIGNATURES: dict[str, tuple[str, ...]] = {
    "build_registry": ("game",),
    "new_game": ("registry", "setups", "seed", "position"),
    "setup_from_deck": ("deck",),
    "setup_from_json": ("doc",),
    "entrants": ("registry",),
}
#: the values of the contract and their types
VALUES: dict[str, type] = {"RULES": str, "ENGINE_VERSION": str, "RULES_VERSION": str, "CATALOGUE": Catalogue,
                           "INFO": EngineInfo}


def contract_problems(module: object) -> list[str]:
    """What ``module`` lacks or gets wrong of :class:`EngineModule`, one line each (empty: none)."""
    import inspect

    name = getattr(module, "__name__", repr(module))
    out = []
    for attr, kind in VALUES.items():
        if not hasattr(module, attr):
            out.append(f"{name} has no {attr} ({kind.__name__})")
        elif not isinstance(getattr(module, attr), kind):
            out.append(f"{name}.{attr} is a {type(getattr(module, attr)).__name__}, not a {kind.__name__}")
    for attr, params in SIGNATURES.items():
        fn: Callable | None = getattr(module, attr, None)
        if not callable(fn):
            out.append(f"{name} has no function {attr}({', '.join(params)})")
            continue
        given = list(inspect.signature(fn).parameters.values())
        names = [p.name for p in given[:len(params)]]
        if names != list(params):
            out.append(f"{name}.{attr} takes ({', '.join(p.name for p in given)}), not ({', '.join(params)}, …)")
        elif any(p.default is inspect.Parameter.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
                 for p in given[len(params):]):
            out.append(f"{name}.{attr} needs more than ({', '.join(params)})")
        if attr == "new_game" and names == list(params) and given[3].default is not None:
            out.append(f"{name}.new_game's position must default to None")
    info = getattr(module, "INFO", None)
    if isinstance(info, EngineInfo) and tuple(getattr(module, "PLAYERS", (2,))) != info.players:
        out.append(f"{name}.PLAYERS {getattr(module, 'PLAYERS', (2,))} is not INFO.players {info.players}")
    return out
