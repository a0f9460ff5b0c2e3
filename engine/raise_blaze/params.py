"""The parameters of RAISE×BLAZE's ops and the frozen values they compile to.

Targets, filters, conditions and costs are compiled into small frozen values
(:class:`Target`, :class:`Filter`, :class:`Condition`, :class:`Cost`) once, when the registry is
built, so a game never reads YAML-shaped data while it plays. The op table that declares ops
with these parameters is :mod:`.ops`; the rules read the compiled values.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from fuda.engine.core import Bool, Enum, Int, Param, ParamError, Struct


class Printed(Protocol):
    """What a filter reads of a card definition (:class:`~.cards.CardDef`)."""

    @property
    def kind(self) -> str: ...
    @property
    def spell_type(self) -> str: ...
    @property
    def types(self) -> frozenset[str]: ...
    @property
    def name(self) -> str: ...
    @property
    def raise_(self) -> int: ...
    @property
    def power(self) -> int: ...


SIDES = ("own", "opponent", "any")


# -- compiled values ---------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Target:
    """Which cards an op acts on (see the schema's ``target``)."""

    pick: str
    side: str = ""
    zone: str = ""
    types: frozenset = frozenset()
    name_of: str = ""
    power_at_most: int | None = None
    exclude_self: bool = False
    count: int = 0


@dataclass(frozen=True, slots=True)
class Filter:
    """Which cards of a hidden or off-field zone match (fighter-filter and card-filter)."""

    kind: str = ""
    spell_type: str = ""
    types: frozenset = frozenset()
    name_of: str = ""
    raise_at_most: int | None = None
    power_at_most: int | None = None

    def matches(self, d: Printed, names: dict[str, str]) -> bool:
        """True when the card definition ``d`` matches (``names``: card id -> printed name)."""
        if self.kind and d.kind != self.kind:
            return False
        if self.spell_type and d.spell_type != self.spell_type:
            return False
        if self.types and (d.kind != "fighter" or not self.types.intersection(d.types)):
            return False
        if self.name_of and d.name != names[self.name_of]:
            return False
        if self.raise_at_most is not None and (d.kind != "fighter" or d.raise_ > self.raise_at_most):
            return False
        return self.power_at_most is None or (d.kind == "fighter" and d.power <= self.power_at_most)


@dataclass(frozen=True, slots=True)
class Condition:
    """An ability condition; every set key must hold."""

    own_life_at_most: int | None = None
    attack_target: str = ""
    attacker: str = ""


@dataclass(frozen=True, slots=True)
class Cost:
    """The cost of an activated ability: hand cards to discard, cards underneath to detach."""

    discard: int = 0
    detach: int = 0


# -- parameter declarations --------------------------------------------------------------------
@dataclass(frozen=True)
class Into(Param):
    """A parameter checked by ``inner`` and turned into a value by ``make`` (which may raise
    :class:`ParamError` for a combination the schema forbids)."""

    inner: Param = dataclasses.field(default_factory=Param)
    make: Callable[[Any], Any] = lambda value: value

    def convert(self, value, compile_ops):
        return self.make(self.inner.convert(value, compile_ops))

    @property
    def expects(self) -> str:
        return self.inner.expects


@dataclass(frozen=True)
class Names(Param):
    """A non-empty list of distinct words (fighter types)."""

    def convert(self, value, compile_ops):
        if (not isinstance(value, (list, tuple)) or not value
                or not all(isinstance(v, str) and v for v in value) or len(set(value)) != len(value)):
            raise ParamError(f"expected {self.expects}, got {value!r}")
        return frozenset(value)

    @property
    def expects(self) -> str:
        return "a list of distinct type names"


@dataclass(frozen=True)
class Word(Param):
    """A non-empty string (a card id)."""

    def convert(self, value, compile_ops):
        if not isinstance(value, str) or not value:
            raise ParamError(f"expected a card id, got {value!r}")
        return value


POWER = Int(min=0, max=99900)
AMOUNT = Int(min=-10000, max=10000)
FILTER_ONLY = ("side", "zone", "types", "name-of", "power-at-most", "exclude-self")


def target_param(picks: tuple[str, ...], zones: tuple[str, ...]) -> Into:
    """A ``target`` parameter allowing these picks and zones."""
    struct = Struct(fields=(
        ("pick", Enum(values=picks)), ("side", Enum(values=SIDES)), ("zone", Enum(values=zones)),
        ("types", Names()), ("name-of", Word()), ("power-at-most", POWER), ("exclude-self", Bool()),
        ("count", Int(min=1, max=5)),
    ), needs=("pick",))

    def make(v: dict) -> Target:
        pick = v["pick"]
        if pick in ("chosen", "all"):
            for key in ("side", "zone"):
                if key not in v:
                    raise ParamError(f"a '{pick}' target needs '{key}'")
        else:
            extra = [k for k in FILTER_ONLY if k in v]
            if extra:
                raise ParamError(f"a '{pick}' target takes no {', '.join(extra)}")
        if pick == "chosen" and "count" not in v:
            raise ParamError("a 'chosen' target needs 'count'")
        if pick != "chosen" and "count" in v:
            raise ParamError(f"a '{pick}' target takes no count")
        return Target(pick, v.get("side", ""), v.get("zone", ""), v.get("types", frozenset()),
                      v.get("name-of", ""), v.get("power-at-most"), v.get("exclude-self", False), v.get("count", 0))

    return Into(inner=struct, make=make)


def filter_param(card_filter: bool) -> Into:
    """A fighter-filter (``card_filter`` False) or card-filter parameter."""
    fields = [("types", Names()), ("name-of", Word()), ("raise-at-most", Int(min=0, max=5)),
              ("power-at-most", POWER)]
    if card_filter:
        fields = [("kind", Enum(values=("fighter", "spell"))),
                  ("spell-type", Enum(values=("normal", "continuous", "equip"))), *fields]
    struct = Struct(fields=tuple(fields), min_keys=1)

    def make(v: dict) -> Filter:
        kind = v.get("kind", "" if card_filter else "fighter")
        if "spell-type" in v:
            if kind == "fighter":
                raise ParamError("spell-type and kind fighter cannot both hold")
            kind = "spell"
        if any(k in v for k in ("types", "raise-at-most", "power-at-most")):
            if kind == "spell":
                raise ParamError("types / raise-at-most / power-at-most select fighters, not spells")
            kind = "fighter"
        return Filter(kind, v.get("spell-type", ""), v.get("types", frozenset()), v.get("name-of", ""),
                      v.get("raise-at-most"), v.get("power-at-most"))

    return Into(inner=struct, make=make)


CONDITION = Into(inner=Struct(fields=(
    ("own-life-at-most", Int(min=0, max=20)),
    ("attack-target", Enum(values=("fighter", "core"))),
    ("attacker", Enum(values=("fighter", "core"))),
), min_keys=1), make=lambda v: Condition(v.get("own-life-at-most"), v.get("attack-target", ""),
                                          v.get("attacker", "")))

COST = Into(inner=Struct(fields=(("discard", Int(min=1, max=5)), ("detach", Int(min=1, max=5))), min_keys=1),
            make=lambda v: Cost(v.get("discard", 0), v.get("detach", 0)))

#: The extra keys an ability may carry, checked when the registry is built.
ABILITY_KEYS = {
    "cost": COST,
    "limit": Enum(values=("once-per-turn",)),
    "condition": CONDITION,
    "optional": Bool(),
}

REMOVAL = target_param(("self", "host", "attacker", "attack-target", "chosen", "all"), ("fighter", "spell"))
POWER_TARGET = target_param(("self", "host", "attacker", "attack-target", "own-core", "opponent-core",
                             "chosen", "all"), ("fighter", "core"))
STATIC_TARGET = target_param(("self", "host", "own-core", "opponent-core", "all"), ("fighter", "core"))
WHOM = Enum(values=("self", "opponent"))
