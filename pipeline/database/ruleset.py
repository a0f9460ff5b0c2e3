"""Rule sets: everything fuda knows about one game's rules, in one object per rules id.

A game's ``game.yaml`` names its rules (``rules: toho-tcg``); the :class:`RuleSet` registered
under that id tells every consumer what it needs: the schemas of its files, its deck-construction
checks, the Japanese and English labels of its kinds, fields and values, its lint vocabulary,
its card layout and mat, its Udonarium table plan, its Duel Online template and (optionally) the
module path of its engine. Nothing else in fuda branches on a rules id.

Rule sets are found the way Python plugins are: every entry point of the group
``fuda.rulesets`` (read with :mod:`importlib.metadata`) names an object satisfying
:class:`RuleSet`. fuda's own four games and ``custom`` register exactly like a third-party
package would (see ``pyproject.toml``)::

    [project.entry-points."fuda.rulesets"]
    my-game = "fuda_mygame:RULESET"
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module, metadata
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Protocol, runtime_checkable

from fuda.database.findings import Finding
from fuda.i18n import Text

GROUP = "fuda.rulesets"
_EMPTY: Mapping = MappingProxyType({})


# -- the values a rule set hands out -------------------------------------------------------------

@dataclass(frozen=True)
class Label:
    """A name in both languages: Japanese first (what users read), English for reports."""

    ja: str
    en: str


@dataclass(frozen=True)
class Labels:
    """The printed names of a rule set's card kinds, fields and field values.

    ``fields`` is ordered: card details (Udonarium) list a card's fields in this order.
    """

    kinds: Mapping[str, Label] = field(default_factory=lambda: _EMPTY)
    fields: Mapping[str, Label] = field(default_factory=lambda: _EMPTY)
    values: Mapping[str, Mapping[str, Label]] = field(default_factory=lambda: _EMPTY)  # field -> value -> label

    def kind(self, kind: str) -> str:
        """The Japanese name of a card kind (the kind itself when it has none)."""
        label = self.kinds.get(kind)
        return label.ja if label else kind

    def value(self, field_name: str, value) -> str | None:
        """The Japanese name of a field's value, or None when the value has none."""
        label = self.values.get(field_name, _EMPTY).get(value) if isinstance(value, str) else None
        return label.ja if label else None


@dataclass(frozen=True)
class Keyword:
    """A keyword ability: the data key it is written with and its parameter (None, ``number``
    or ``type``)."""

    key: str
    param: str | None = None


@dataclass(frozen=True)
class Vocabulary:
    """The printed words of one rule set, for ``fuda lint``."""

    labels: Mapping[str, str]  # printed label (without 【】) -> ability ``when``
    keywords: Mapping[str, Keyword] = field(default_factory=lambda: MappingProxyType({}))
    unlabeled: frozenset = frozenset()  # ``when`` values printed without a label
    conditions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # 〔昼〕 -> day
    types: tuple[str, ...] = ()  # default creature types, when the manifest lists none
    data: bool = True  # the cards hold their abilities and keywords as data (the agreement rules compare)
    limit_phrase: str | None = None  # "once per turn" as printed (agrees with ``limit: once-per-turn``)
    #: (field, value, when): a card whose ``field`` is ``value`` prints its ``when`` ability unlabelled
    unlabeled_on: tuple[tuple[str, str, str], ...] = ()
    name_filters: bool = False  # abilities may filter cards by name (``name-of``): its quote must agree
    #: what the attack-value check (AGR008) compares: "attack-type" (a card has ``attack`` exactly
    #: when its ``type`` is attack) or "characters" (characters, and only they, have attack and defense)
    attack_values: str | None = None
    #: how AGR006 holds the numbers a text prints against its data: the import path
    #: (``module:NAME``) of the rule set's phrases (a :class:`fuda.lint.rules.facts.FactTable`),
    #: "sets" (every number either side, as sets: games of your own), or None (not compared)
    numbers: str | None = None

    @property
    def when_label(self) -> dict[str, str]:
        """Ability ``when`` -> its printed label."""
        return {when: label for label, when in self.labels.items()}

    @property
    def key_keyword(self) -> dict[str, str]:
        """Keyword data key -> its printed name."""
        return {kw.key: name for name, kw in self.keywords.items()}

    @property
    def words(self) -> tuple[str, ...]:
        """Every word this game may print in 【】 (for "did you mean" suggestions)."""
        return tuple(self.labels) + tuple(self.keywords)


@dataclass(frozen=True)
class PileSpec:
    """One pile an Udonarium export puts on the table: card ids (a ``(front, back)`` pair for a
    double-faced card), the mat zone it lies on, face down or up, loose or stacked."""

    name: str
    cards: tuple
    zone: str
    face_down: bool = True
    loose: bool = False
    description: bool = False  # the pile carries the deck's description
    shuffle: bool = False  # a deck the players shuffle: the export shuffles it with its seed
    mark: str = ""  # shown on the card's name, detail and back (Recast Rift's chosen awakening card)


@dataclass(frozen=True)
class CounterSpec:
    """A number each player tracks (life, points, 霊力): one counter piece per seat, starting at
    ``start`` with the maximum ``maximum``, placed ``offset`` mm from the mat zone ``zone``."""

    name: str  # the resource, e.g. ライフ
    start: int
    maximum: int
    zone: str
    offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class TablePlan:
    """What an Udonarium export of one deck puts on the table. ``chips`` maps the manifest's
    chip kinds (``points``, ``day-night``, ``stat``) to the zones they lie on; empty: no chips."""

    piles: tuple[PileSpec, ...]
    chips: Mapping[str, str] = field(default_factory=lambda: _EMPTY)
    counters: tuple[CounterSpec, ...] = ()


@dataclass(frozen=True)
class Layout:
    """A card layout (``card.yaml``) or mat: a file, or data made by the rule set (``origin``
    names where it came from, for messages)."""

    path: Path | None = None
    data: Mapping | None = None
    origin: str = ""


# -- the contract --------------------------------------------------------------------------------

@runtime_checkable
class RuleSet(Protocol):
    """Everything fuda knows about one rules id. Consumers go through this, never through an
    ``if rules == …``."""

    id: str  # the rules id a game.yaml names
    name: str  # shown to users (Japanese)
    engine: str | None  # import path of the engine module, or None: ``fuda play`` refuses
    print_backs: str  # how ``fuda build`` prints card backs: "long-edge" or "none"
    duel_online: bool  # whether ``fuda build`` writes a Duel Online Card.txt

    def schema(self, role: str, manifest: Mapping) -> str | Mapping:
        """The JSON Schema of a ``role`` ("game", "cards" or "deck") file: a file name in the
        schema folder, or the schema itself (derived from the manifest)."""

    def declaration(self, manifest, doc) -> list[Finding]:
        """Located problems of what game.yaml declares beyond its schema (empty for most)."""

    def check(self, game, context: Mapping) -> list[Finding]:
        """The rule set's own checks of a loaded game, deck construction included. ``context``
        holds ``manifest`` (the Document), ``fighter_where`` and ``known_ids``."""

    def labels(self, game) -> Labels:
        """The printed names of the game's kinds, fields and values."""

    def vocabulary(self, game) -> Vocabulary:
        """The words the game's card text may print in 【】 (``fuda lint``)."""

    def card_layout(self, game) -> Layout:
        """The card layout the game is printed with (the game folder's own comes first)."""

    def mat(self, game) -> Layout | None:
        """The play mat layout, or None when the rule set has none."""

    def table_plan(self, game, deck) -> TablePlan:
        """What an Udonarium export of ``deck`` puts on the table."""

    def duel_online_template(self, game) -> str:
        """The name of the Duel Online record template (``templates/duel-online/<name>.yaml``)."""


class Defaults:
    """The optional members of a rule set, as fuda reads them from one that leaves them out
    (:func:`optional`). A rule set may define any of them as a method of the same name (without
    the ``ruleset`` argument); a plugin written before they existed keeps working."""

    @staticmethod
    def deck_cards(ruleset: RuleSet, data: Mapping) -> tuple[str, ...]:
        """Every card id a deck file (its validated ``data``) holds, one per copy, in file order.
        Default: the ``cards`` list of ``{card, count}`` entries."""
        return cards_section(data, "cards")

    @staticmethod
    def deck_pairs(ruleset: RuleSet, data: Mapping) -> tuple[tuple[str, str], ...]:
        """The double-faced cards a deck is made of, as (face A, face B) card ids; empty when its
        cards are single-faced (the default)."""
        return ()

    @staticmethod
    def sample_game(ruleset: RuleSet) -> Path | None:
        """The game folder ``fuda new --rules <id>`` copies. Default: fuda's bundled sample game
        of these rules, if it has one."""
        from fuda.database.resources import cards_dir
        from fuda.database.yamlfile import read_yaml

        for manifest in sorted(cards_dir().glob("*/game.yaml")):
            if read_yaml(manifest).data.get("rules") == ruleset.id:
                return manifest.parent
        return None

    @staticmethod
    def mat_lookup(ruleset: RuleSet, game) -> tuple[Path, ...]:
        """Where :meth:`RuleSet.mat` looks for the game's mat, first found wins (for the message
        when it finds none); empty (the default): the rule set says nothing of where."""
        return ()


OPTIONAL = tuple(name for name in vars(Defaults) if not name.startswith("_"))


def optional(ruleset: RuleSet, name: str):
    """The optional member ``name`` of ``ruleset`` (see :class:`Defaults`), or its default,
    bound to the rule set."""
    if name not in OPTIONAL:
        raise AttributeError(f"{name!r} is not an optional rule-set member (one of {', '.join(OPTIONAL)})")
    own = getattr(ruleset, name, None)
    if own is not None:
        return own
    default = getattr(Defaults, name)
    return lambda *args: default(ruleset, *args)


def cards_section(data: Mapping, *sections: str) -> tuple[str, ...]:
    """The card ids of a deck's ``{card, count}`` lists under ``sections``, one per copy, in order."""
    return tuple(entry["card"] for section in sections for entry in data.get(section, ())
                 for _ in range(entry["count"]))


# -- the registry --------------------------------------------------------------------------------

class RuleSetError(LookupError):
    """A rule set that cannot be loaded, or a rules id no rule set provides; one-line message."""


class RuleSetWarning(UserWarning):
    """An installed rule set that could not be loaded: fuda goes on without it."""


@cache
def _installed() -> tuple[Mapping[str, RuleSet], Mapping[str, str]]:
    """Every installed rule set by rules id, and every broken one with the reason it is broken.

    A plugin whose import fails (or whose object is not what its entry point names) is set aside
    with one :class:`RuleSetWarning`; the other rule sets, fuda's own among them, still load.
    """
    found: dict[str, RuleSet] = {}
    broken: dict[str, str] = {}
    for point in sorted(metadata.entry_points(group=GROUP), key=lambda p: p.name):
        try:
            ruleset = point.load()
        except Exception as exc:
            broken[point.name] = f"{point.value}: {type(exc).__name__}: {' '.join(str(exc).split())}"
        else:
            if getattr(ruleset, "id", None) == point.name:
                found[point.name] = ruleset
                continue
            broken[point.name] = Text("ruleset.wrong_id", value=point.value, found=repr(getattr(ruleset, "id", None)))
        warnings.warn(RuleSetWarning(Text("ruleset.broken", id=point.name, error=broken[point.name])), stacklevel=2)
    return MappingProxyType(found), MappingProxyType(broken)


def rulesets() -> Mapping[str, RuleSet]:
    """Every installed rule set that loads, by rules id (entry-point group ``fuda.rulesets``)."""
    found = _installed()[0]
    if not found:
        raise RuleSetError(Text("ruleset.none_installed"))
    return found


def broken_rulesets() -> Mapping[str, str]:
    """Installed rule sets that could not be loaded: rules id -> why."""
    return _installed()[1]


def ruleset_for(rules: str) -> RuleSet:
    """The rule set of a rules id; :class:`RuleSetError` naming the installed ones when none, or
    the reason when that rule set is installed but broken."""
    known = rulesets()
    if rules in known:
        return known[rules]
    broken = broken_rulesets()
    if rules in broken:
        raise RuleSetError(Text("ruleset.broken", id=rules, error=broken[rules]))
    raise RuleSetError(Text("ruleset.unknown", id=rules, installed=", ".join(known)))


def engine_for(rules: str) -> ModuleType | None:
    """The engine module of a rules id, or None when its rule set has no engine."""
    path = ruleset_for(rules).engine
    return import_module(path) if path else None


def engines() -> tuple[str, ...]:
    """The rules ids whose rule set has an engine."""
    return tuple(r for r, rs in rulesets().items() if rs.engine)

