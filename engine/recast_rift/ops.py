"""The closed op table of Recast Rift: one registered function per effect word of the cards.

The vocabulary is the one the card schema (``schema/recast-rift.cards.schema.json``) defines;
each function here does what that description says, with the readings written down in
:mod:`fuda.engine.recast_rift.rules`. One-shot ops (kind ``effect``) run in list order, each
finishing before the next (RR-PRIN-3); static ops (kind ``static``) are consulted by the engine
while their card is deployed. ``ctx`` is the :class:`~fuda.engine.recast_rift.state.Ctx` of the
ability: its controller, its card, the attack it makes (``own``) and the attack it answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fuda.engine.core import (
    Bool,
    CompiledOp,
    Const,
    Either,
    Enum,
    Int,
    Nullable,
    Ops,
    OpTable,
    Param,
    Struct,
)
from fuda.engine.recast_rift import combat, zones
from fuda.engine.recast_rift.abilities import holds, run_ops
from fuda.engine.recast_rift.state import Asks, Attack, Ctx, RRGame

TABLE = OpTable("recast-rift")

WHOM = Enum(values=("self", "opponent"))
TIMINGS = ("normal", "preempt", "full-power")
TRIGGERS = ("self-grazed", "guarded", "attack-hit", "attack-guarded")
CONDITION = Struct(fields=(
    ("hand-at-most", Int(min=0, max=9)),
    ("life-at-most", Int(min=0, max=9)),
    ("deployed-at-least", Int(min=1, max=6)),
    ("awakened", Bool()),
), min_keys=1)

#: The extra keys an ability may carry, checked when the registry is built.
ABILITY_KEYS = {
    "cost": Struct(fields=(("face-down", Int(min=1, max=9)),), min_keys=1),
    "limit": Enum(values=("once-per-turn",)),
    "condition": CONDITION,
    "trigger": Enum(values=TRIGGERS),
}


def _named(params: Mapping[str, Param]) -> dict[str, Any]:
    """Op parameters whose names are not Python names (``up-to``, ``from``, ``else``), to pass as
    keywords: typed ``Any`` because :meth:`OpTable.op` also has named arguments of other types."""
    return dict(params)


def _not_both_bar(args: Mapping[str, object]) -> str | None:
    return "hand and life cannot both be ー (null)" if args["hand"] is None and args["life"] is None else None


def _not_both_zero(args: Mapping[str, object]) -> str | None:
    return "hand and life cannot both be 0" if args["hand"] == 0 and args["life"] == 0 else None


def whom(ctx: Ctx, who: str) -> int:
    """The player meant by ``self``/``opponent`` seen from the ability's controller."""
    return ctx.player if who == "self" else 1 - ctx.player


@TABLE.op("draw", count=Int(min=1, max=9),
          doc="the controller draws this many cards, one at a time (rebuilding an empty deck first)")
def draw(game: RRGame, ctx: Ctx, count: int) -> None:
    for _ in range(count):
        zones.draw_one(game, ctx.player, "effect")


@TABLE.op("face-down", player=WHOM, count=Either(choices=(Int(min=1, max=9), Const(value="all"))),
          chooser=WHOM, **_named({"up-to": Bool().optional(False)}),
          doc="move hand cards of 'player' to their face-down pile; 'chooser' picks")
def face_down(game: RRGame, ctx: Ctx, player: str, count: int | str, chooser: str, up_to: bool) -> Asks[None]:
    target = whom(ctx, player)
    picker = whom(ctx, chooser)
    size = len(game.st.hand[target])
    n = min(count, size) if isinstance(count, int) else size  # (or "all")
    if n == 0 and not up_to:
        return
    cards = yield from zones.choose_hand(game, target, picker, 0 if up_to else n, n, "face-down", "RR-ZONE-1",
                                         f"{game.name_of(ctx.card)}: 伏せ札にする手札")
    zones.face_down(game, target, cards, "effect")


@TABLE.op("lift", count=Either(choices=(Int(min=1, max=6), Const(value="all"))),
          zone=Either(choices=(Enum(values=(3, 2, 1)), Const(value="chosen"))).optional(None),
          doc="lift the controller's deployed cards (chosen, or all), simultaneously")
def lift(game: RRGame, ctx: Ctx, count: int | str, zone: int | str | None) -> Asks[None]:
    p = ctx.player
    if zone == "chosen":
        options = [z for z in (3, 2, 1) if game.st.zones[p][z]]
        if not options:
            return
        zone = yield from zones.choose_zone(game, p, options, "lift-zone", "RR-LIFT-1", "リフトするリキャストゾーン")
    yield from zones.lift_effect(game, p, count, zone if isinstance(zone, int) else None)


@TABLE.op("recast-up", player=WHOM, count=Either(choices=(Int(min=1, max=6), Const(value="all"))),
          amount=Int(min=1, max=3),
          doc="raise the recast time of deployed cards of 'player'; past ［Ⅲ］ they become reserve")
def recast_up(game: RRGame, ctx: Ctx, player: str, count: int | str, amount: int) -> Asks[None]:
    yield from zones.recast_up(game, ctx.player, whom(ctx, player), count, amount)


@TABLE.op("reserve", target=Const(value="this"), doc="put this card into its owner's reserve pile")
def reserve(game: RRGame, ctx: Ctx, target: str) -> None:
    zones.to_reserve(game, ctx.card, "effect")


@TABLE.op("retrieve-to-hand", count=Int(min=1, max=9), **_named({"from": Enum(values=("face-down", "reserve"))}),
          doc="the controller puts cards of their face-down or reserve pile into their hand")
def retrieve_to_hand(game: RRGame, ctx: Ctx, from_: str, count: int) -> Asks[None]:
    yield from zones.pile_to_hand(game, ctx.player, from_, count, ctx.card)


@TABLE.op("attack", hand=Nullable(inner=Int(min=0, max=9)), life=Nullable(inner=Int(min=0, max=9)),
          check=_not_both_bar, doc="a text attack by the controller with this attack power")
def attack(game: RRGame, ctx: Ctx, hand: int | None, life: int | None) -> Asks[None]:
    yield from combat.text_attack(game, ctx, hand, life)


@TABLE.op("modify-attack", target=Enum(values=("own", "answered")), hand=Int(min=-9, max=9),
          life=Int(min=-9, max=9), check=_not_both_zero,
          doc="change this card's own attack or the attack it answers (clamped at 0, ー stays ー)")
def modify_attack(game: RRGame, ctx: Ctx, target: str, hand: int, life: int) -> None:
    att = ctx.own if target == "own" else ctx.answered
    if att is None:  # a rules note: the op had nothing to act on
        game.log.add("no-attack", ctx.player, card=game.oid[ctx.card], target=target)
        return
    combat.modify_attack(game, att, hand, life, ctx.card)


@TABLE.op("damage-life", player=WHOM, amount=Int(min=1, max=6),
          doc="the player loses this much life directly (not an attack)")
def damage_life(game: RRGame, ctx: Ctx, player: str, amount: int) -> None:
    combat.lose_life(game, whom(ctx, player), amount, hit=False, card=ctx.card)


@TABLE.op("rebuild", doc="the controller rebuilds the deck now, if a pile holds a card")
def rebuild(game: RRGame, ctx: Ctx) -> None:
    if zones.can_rebuild(game, ctx.player):
        zones.rebuild(game, ctx.player, "effect")


@TABLE.op("if", condition=CONDITION, then=Ops(), **_named({"else": Ops().optional(())}),
          doc="check the condition as the controller and do 'then' or 'else'")
def if_(game: RRGame, ctx: Ctx, condition: Mapping[str, int], then: tuple[CompiledOp, ...],
        else_: tuple[CompiledOp, ...]) -> Asks[None]:
    ops = then if holds(game, ctx.player, condition) else else_
    yield from run_ops(game, ctx, ops)


@TABLE.op("attack-modifier", kind="static", player=WHOM, hand=Int(min=-9, max=9), life=Int(min=-9, max=9),
          check=_not_both_zero, doc="while deployed: every attack by 'player' gets these deltas at step 2")
def attack_modifier(game: RRGame, ctx: Ctx, att: Attack, player: str, hand: int, life: int) -> None:
    if att.player == whom(ctx, player):
        combat.modify_attack(game, att, hand, life, ctx.card)


@TABLE.op("forbid-cast", kind="static", player=Const(value="opponent"), timing=Enum(values=TIMINGS),
          doc="while deployed: 'player' cannot cast spells of this timing class")
def forbid_cast(game: RRGame, ctx: Ctx, caster: int, card_timing: str, player: str, timing: str) -> bool:
    return caster == whom(ctx, player) and card_timing == timing
