"""The closed op table of RAISE×BLAZE: one registered function per effect word of the cards.

The vocabulary is the one ``schema/raise-blaze.cards.schema.json`` defines. It has two kinds:
one-shot ops (kind ``effect``: triggered, activated and spell abilities) run in list order, each
on the state the previous one left; static ops (kind ``static``: 【永続】, 【下敷き中】, 【持続】,
【装着中】 abilities) are consulted by the engine while their ability applies. ``modify-power``
exists in both kinds with different parameters, so the table is two core :class:`OpTable`
objects behind one :class:`Vocabulary` that picks by kind. Each op is a function over the game
(:class:`~.state.RBGame`) that calls the rules of :mod:`.field`, :mod:`.effects`,
:mod:`.actions` and :mod:`.battle`; ``ctx`` is the :class:`~.state.Ctx` of the ability: its
controller, card and the attack it belongs to or answers. The parameters and the values they
compile to are :mod:`.params`; :func:`build_registry` compiles a game's cards against the table.
"""

from __future__ import annotations

from typing import Any

from fuda.database import Finding, FindingsError, Game
from fuda.engine.core import Bool, CompiledAbility, Const, Enum, Int, OpTable, ParamError, Registry
from fuda.engine.core import build_registry as core_build
from fuda.engine.raise_blaze import actions, battle, effects, field
from fuda.engine.raise_blaze.cards import WHENS
from fuda.engine.raise_blaze.params import (
    ABILITY_KEYS,
    AMOUNT,
    POWER_TARGET,
    REMOVAL,
    STATIC_TARGET,
    WHOM,
    Condition,
    Cost,
    Filter,
    Target,
    filter_param,
)
from fuda.engine.raise_blaze.state import Asks, Ctx, RBGame, Source

__all__ = ["EFFECTS", "STATICS", "TABLE", "Condition", "Cost", "Filter", "Target", "build_registry", "op_kind"]

EFFECTS = OpTable("raise-blaze")
STATICS = OpTable("raise-blaze")


def whom(ctx: Ctx, who: str) -> int:
    """The player meant by ``self``/``opponent`` seen from the ability's controller."""
    return ctx.player if who == "self" else 1 - ctx.player


# -- one-shot ops ------------------------------------------------------------------------------
@EFFECTS.op("draw", count=Int(min=1, max=5),
            doc="the controller draws this many cards one by one; one they cannot draw loses (RB-LOSE-2)")
def draw(game: RBGame, ctx: Ctx, count: int) -> None:
    for _ in range(count):
        field.draw(game, ctx.player, "effect")


@EFFECTS.op("discard", player=WHOM, count=Int(min=1, max=5), random=Bool().optional(False),
            doc="hand cards of 'player' go to their graveyard: at random (seeded) or chosen by the hand's owner")
def discard(game: RBGame, ctx: Ctx, player: str, count: int, random: bool) -> Asks[None]:
    target = whom(ctx, player)
    yield from effects.discard(game, target, count, random, ctx.card)


@EFFECTS.op("mill", player=WHOM, count=Int(min=1, max=10),
            doc="the top cards of a deck go to its owner's graveyard (fewer if the deck is short)")
def mill(game: RBGame, ctx: Ctx, player: str, count: int) -> None:
    field.mill(game, whom(ctx, player), count)


@EFFECTS.op("destroy", target=REMOVAL,
            doc="destroy fighters (with everything underneath) or spells; 【破壊時】 triggers")
def destroy(game: RBGame, ctx: Ctx, target: Target) -> Asks[None]:
    cards = yield from effects.resolve_target(game, ctx, target, "destroy")
    if cards:
        yield from effects.destroy_cards(game, cards, "effect", ctx.card)


@EFFECTS.op("return-to-hand", target=REMOVAL,
            doc="targets go to their owners' hands (not destroyed); cards underneath go to the graveyard")
def return_to_hand(game: RBGame, ctx: Ctx, target: Target) -> Asks[None]:
    cards = yield from effects.resolve_target(game, ctx, target, "return")
    for card in cards:
        effects.return_to_hand(game, card)


@EFFECTS.op("modify-power", target=POWER_TARGET, amount=AMOUNT, until=Enum(values=("end-of-turn", "leaves-field")),
            doc="add amount to each target's power (set once) until the end of the turn or while it stays")
def modify_power(game: RBGame, ctx: Ctx, target: Target, amount: int, until: str) -> Asks[None]:
    cards = yield from effects.resolve_target(game, ctx, target, "power")
    for card in cards:
        field.boost(game, card, amount, until)


EFFECT_SUMMON: dict[str, Any] = {  # ("from" is a keyword: the parameters as a dict)
    "from": Enum(values=("hand", "graveyard", "deck")), "filter": filter_param(False).optional(None),
    "raise": Int(min=0, max=5).optional(0), "count": Int(min=1, max=5).optional(1)}


@EFFECTS.op("effect-summon", **EFFECT_SUMMON,
            doc="summon fighters from hand/graveyard/deck matching the filter (with raise N: N own fighters "
                "go underneath); not the turn's summon; 【召喚時】 triggers")
def effect_summon(game: RBGame, ctx: Ctx, from_: str, filter: Filter | None, raise_: int,
                  count: int) -> Asks[None]:
    yield from actions.effect_summon(game, ctx, from_, filter, raise_, count)


@EFFECTS.op("search-deck", filter=filter_param(True), count=Int(min=1, max=3),
            doc="take matching cards from the deck into the hand (as many as there are, up to count), shuffle")
def search_deck(game: RBGame, ctx: Ctx, filter: Filter, count: int) -> Asks[None]:
    yield from effects.take_matching(game, ctx, "deck", filter, count)


@EFFECTS.op("graveyard-to-hand", filter=filter_param(True), count=Int(min=1, max=3),
            doc="take matching cards from one's own graveyard into the hand (as many as there are, up to count)")
def graveyard_to_hand(game: RBGame, ctx: Ctx, filter: Filter, count: int) -> Asks[None]:
    yield from effects.take_matching(game, ctx, "graveyard", filter, count)


@EFFECTS.op("add-life", count=Int(min=1, max=3),
            doc="put the top cards of the controller's deck face down into their life zone")
def add_life(game: RBGame, ctx: Ctx, count: int) -> None:
    field.add_life(game, ctx.player, count)


@EFFECTS.op("destroy-life", player=Enum(values=("opponent", "self")), count=Int(min=1, max=3),
            doc="destroy life cards one by one; the owner chooses hand or power-up for each (RB-LIFE-1)")
def destroy_life(game: RBGame, ctx: Ctx, player: str, count: int) -> Asks[None]:
    target = whom(ctx, player)
    for _ in range(count):
        yield from field.destroy_life(game, [target], ctx.card)


@EFFECTS.op("negate-attack", value=Const(value=True),
            doc="the current attack ends with no battle; the attacker has still attacked")
def negate_attack(game: RBGame, ctx: Ctx, value: bool) -> None:
    battle.negate(game, ctx)


# -- static ops --------------------------------------------------------------------------------
# A static op's function answers for one card: ``fn(game, source, card, **args)`` where
# ``source`` is the :class:`~engine.raise_blaze.state.Source` whose ability applies now.
@STATICS.op("modify-power", kind="static", target=STATIC_TARGET, amount=AMOUNT,
            doc="while the ability applies, each matching card's power changes by amount")
def modify_power_static(game: RBGame, source: Source, card: int, target: Target, amount: int) -> int:
    return amount if field.static_match(game, source, card, target) else 0


@STATICS.op("battle-immune", kind="static", target=STATIC_TARGET,
            doc="matching fighters are not destroyed by battle")
def battle_immune(game: RBGame, source: Source, card: int, target: Target) -> bool:
    return field.static_match(game, source, card, target)


@STATICS.op("cannot-attack", kind="static", target=STATIC_TARGET,
            doc="matching fighters / core fighters cannot declare attacks (they can still block)")
def cannot_attack(game: RBGame, source: Source, card: int, target: Target) -> bool:
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


def op_kind(ability: CompiledAbility) -> str:
    """The op kind an ability's effect may use: static for the four continuous timings."""
    return "static" if ability.when in STATIC_WHENS else "effect"


def build_registry(game: Game) -> Registry:
    """Compile every card of a raise-blaze game; FindingsError (located) on any bad op."""
    registry = core_build(game, TABLE, whens=WHENS, op_kind=op_kind, extras=ABILITY_KEYS)
    errors = []
    for card in game.cards:
        for i, ability in enumerate(registry.of(card.id)):
            if "cost" in ability.extras and ability.when != "activated":
                errors.append(Finding(card.where("abilities", i, "cost"), "E204",
                                      "only an activated (【起動】) ability has a cost", card=card.id))
            for op in ability.ops or ():
                if op.name == "modify-power" and op_kind(ability) == "effect" and op.args.get("until") is None:
                    errors.append(Finding(op.source, "E202", "a one-shot modify-power needs 'until'", card=card.id))
        if card.kind == "spell" and card.get("spell-type") == "equip" and not card.get("equip-to"):
            errors.append(Finding(card.where("spell-type"), "E204", "an equip spell needs equip-to", card=card.id))
    if errors:
        raise FindingsError(errors)
    return registry
