"""The closed op table of RAISE×BLAZE: one registered function per effect word of the cards.

The vocabulary is the one ``schema/raise-blaze.cards.schema.json`` defines. It has two kinds:
one-shot ops (kind ``effect``: triggered, activated and spell abilities) run in list order, each
on the state the previous one left; static ops (kind ``static``: 【永続】, 【下敷き中】, 【持続】,
【装着中】 abilities) are consulted by the engine while their ability applies. ``modify-power``
exists in both kinds with different parameters, so the table is two core :class:`OpTable`
objects behind one :class:`Vocabulary` that picks by kind.

Targets, filters, conditions and costs are compiled into small frozen values
(:class:`Target`, :class:`Filter`, :class:`Condition`, :class:`Cost`) once, when the registry is
built, so a game never reads YAML-shaped data while it plays. ``ctx`` is the
:class:`~engine.raise_blaze.state.Ctx` of the ability: its controller, card and the attack it
belongs to or answers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fuda.engine.core import Bool, Const, Enum, Int, OpTable, Param, ParamError, Struct
from fuda.engine.raise_blaze import actions, battle, effects, field
from fuda.engine.raise_blaze.state import Asks, Ctx, Source

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.cards import CardDef
    from fuda.engine.raise_blaze.game import RaiseBlaze

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

    def matches(self, d: CardDef, names: dict[str, str]) -> bool:
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

EFFECTS = OpTable("raise-blaze")
STATICS = OpTable("raise-blaze")


def whom(ctx: Ctx, who: str) -> int:
    """The player meant by ``self``/``opponent`` seen from the ability's controller."""
    return ctx.player if who == "self" else 1 - ctx.player


# -- one-shot ops ------------------------------------------------------------------------------
@EFFECTS.op("draw", count=Int(min=1, max=5),
            doc="the controller draws this many cards one by one; one they cannot draw loses (RB-LOSE-2)")
def draw(game: RaiseBlaze, ctx: Ctx, count: int) -> None:
    for _ in range(count):
        field.draw(game, ctx.player, "effect")


@EFFECTS.op("discard", player=WHOM, count=Int(min=1, max=5), random=Bool().optional(False),
            doc="hand cards of 'player' go to their graveyard: at random (seeded) or chosen by the hand's owner")
def discard(game: RaiseBlaze, ctx: Ctx, player: str, count: int, random: bool) -> Asks[None]:
    target = whom(ctx, player)
    yield from effects.discard(game, target, count, random, ctx.card)


@EFFECTS.op("mill", player=WHOM, count=Int(min=1, max=10),
            doc="the top cards of a deck go to its owner's graveyard (fewer if the deck is short)")
def mill(game: RaiseBlaze, ctx: Ctx, player: str, count: int) -> None:
    field.mill(game, whom(ctx, player), count)


@EFFECTS.op("destroy", target=REMOVAL,
            doc="destroy fighters (with everything underneath) or spells; 【破壊時】 triggers")
def destroy(game: RaiseBlaze, ctx: Ctx, target: Target) -> Asks[None]:
    cards = yield from effects.resolve_target(game, ctx, target, "destroy")
    if cards:
        yield from effects.destroy_cards(game, cards, "effect", ctx.card)


@EFFECTS.op("return-to-hand", target=REMOVAL,
            doc="targets go to their owners' hands (not destroyed); cards underneath go to the graveyard")
def return_to_hand(game: RaiseBlaze, ctx: Ctx, target: Target) -> Asks[None]:
    cards = yield from effects.resolve_target(game, ctx, target, "return")
    for card in cards:
        effects.return_to_hand(game, card)


@EFFECTS.op("modify-power", target=POWER_TARGET, amount=AMOUNT, until=Enum(values=("end-of-turn", "leaves-field")),
            doc="add amount to each target's power (set once) until the end of the turn or while it stays")
def modify_power(game: RaiseBlaze, ctx: Ctx, target: Target, amount: int, until: str) -> Asks[None]:
    cards = yield from effects.resolve_target(game, ctx, target, "power")
    for card in cards:
        field.boost(game, card, amount, until)


EFFECT_SUMMON: dict[str, Any] = {  # ("from" is a keyword: the parameters as a dict)
    "from": Enum(values=("hand", "graveyard", "deck")), "filter": filter_param(False).optional(None),
    "raise": Int(min=0, max=5).optional(0), "count": Int(min=1, max=5).optional(1)}


@EFFECTS.op("effect-summon", **EFFECT_SUMMON,
            doc="summon fighters from hand/graveyard/deck matching the filter (with raise N: N own fighters "
                "go underneath); not the turn's summon; 【召喚時】 triggers")
def effect_summon(game: RaiseBlaze, ctx: Ctx, from_: str, filter: Filter | None, raise_: int,
                  count: int) -> Asks[None]:
    yield from actions.effect_summon(game, ctx, from_, filter, raise_, count)


@EFFECTS.op("search-deck", filter=filter_param(True), count=Int(min=1, max=3),
            doc="take matching cards from the deck into the hand (as many as there are, up to count), shuffle")
def search_deck(game: RaiseBlaze, ctx: Ctx, filter: Filter, count: int) -> Asks[None]:
    yield from effects.take_matching(game, ctx, "deck", filter, count)


@EFFECTS.op("graveyard-to-hand", filter=filter_param(True), count=Int(min=1, max=3),
            doc="take matching cards from one's own graveyard into the hand (as many as there are, up to count)")
def graveyard_to_hand(game: RaiseBlaze, ctx: Ctx, filter: Filter, count: int) -> Asks[None]:
    yield from effects.take_matching(game, ctx, "graveyard", filter, count)


@EFFECTS.op("add-life", count=Int(min=1, max=3),
            doc="put the top cards of the controller's deck face down into their life zone")
def add_life(game: RaiseBlaze, ctx: Ctx, count: int) -> None:
    field.add_life(game, ctx.player, count)


@EFFECTS.op("destroy-life", player=Enum(values=("opponent", "self")), count=Int(min=1, max=3),
            doc="destroy life cards one by one; the owner chooses hand or power-up for each (RB-LIFE-1)")
def destroy_life(game: RaiseBlaze, ctx: Ctx, player: str, count: int) -> Asks[None]:
    target = whom(ctx, player)
    for _ in range(count):
        yield from field.destroy_life(game, [target], ctx.card)


@EFFECTS.op("negate-attack", value=Const(value=True),
            doc="the current attack ends with no battle; the attacker has still attacked")
def negate_attack(game: RaiseBlaze, ctx: Ctx, value: bool) -> None:
    battle.negate(game, ctx)


# -- static ops --------------------------------------------------------------------------------
# A static op's function answers for one card: ``fn(game, source, card, **args)`` where
# ``source`` is the :class:`~engine.raise_blaze.state.Source` whose ability applies now.
@STATICS.op("modify-power", kind="static", target=STATIC_TARGET, amount=AMOUNT,
            doc="while the ability applies, each matching card's power changes by amount")
def modify_power_static(game: RaiseBlaze, source: Source, card: int, target: Target, amount: int) -> int:
    return amount if field.static_match(game, source, card, target) else 0


@STATICS.op("battle-immune", kind="static", target=STATIC_TARGET,
            doc="matching fighters are not destroyed by battle")
def battle_immune(game: RaiseBlaze, source: Source, card: int, target: Target) -> bool:
    return field.static_match(game, source, card, target)


@STATICS.op("cannot-attack", kind="static", target=STATIC_TARGET,
            doc="matching fighters / core fighters cannot declare attacks (they can still block)")
def cannot_attack(game: RaiseBlaze, source: Source, card: int, target: Target) -> bool:
    return field.static_match(game, source, card, target)


class Vocabulary(OpTable):
    """The one op table the registry sees: ``effects`` and ``statics`` chosen by the op kind
    the ability allows, so ``modify-power`` can be both a one-shot and a static op."""

    def __init__(self, effects: OpTable, statics: OpTable):
        super().__init__(effects.rules)
        self.effects = effects
        self.statics = statics
        self.specs = {**effects.specs,  # a listing; a name in both kinds gets " (static)" on its static spec
                      **{(f"{k} (static)" if k in effects.specs else k): v for k, v in statics.specs.items()}}

    def names(self) -> tuple[str, ...]:
        return tuple(sorted(set(self.effects.specs) | set(self.statics.specs)))

    def compile(self, name, args, where, kind=None):
        table, other = (self.statics, self.effects) if kind == "static" else (self.effects, self.statics)
        if name not in table.specs and name in other.specs:
            allowed = ", ".join(table.names())
            raise ParamError(f"op '{name}' is not a {kind or 'effect'} op and cannot be used here (allowed: {allowed})")
        return table.compile(name, args, where, None)


TABLE = Vocabulary(EFFECTS, STATICS)
STATIC_WHENS = ("continuous", "while-underneath", "while-active", "while-equipped")


def op_kind(ability) -> str:
    """The op kind an ability's effect may use: static for the four continuous timings."""
    return "static" if ability.when in STATIC_WHENS else "effect"
