"""The closed op table of Recast Rift: one registered function per effect word of the cards.

The vocabulary is the one the card schema (``schema/recast-rift.cards.schema.json``) defines;
each function here does what that description says, with the readings written down in
:mod:`engine.recast_rift.rules`. One-shot ops (kind ``effect``) run in list order, each
finishing before the next (RR-PRIN-3); static ops (kind ``static``) are consulted by the engine
while their card is deployed. ``ctx`` is the :class:`~engine.recast_rift.game.Ctx` of the
ability: its controller, its card, the attack it makes (``own``) and the attack it answers.
"""

from __future__ import annotations

from fuda.engine.core import (
    Bool,
    Const,
    Either,
    Enum,
    Int,
    Nullable,
    Ops,
    OpTable,
    Struct,
)

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


def _not_both_bar(args) -> str | None:
    return "hand and life cannot both be ー (null)" if args["hand"] is None and args["life"] is None else None


def _not_both_zero(args) -> str | None:
    return "hand and life cannot both be 0" if args["hand"] == 0 and args["life"] == 0 else None


def whom(ctx, who: str) -> int:
    """The player meant by ``self``/``opponent`` seen from the ability's controller."""
    return ctx.player if who == "self" else 1 - ctx.player


@TABLE.op("draw", count=Int(min=1, max=9),
          doc="the controller draws this many cards, one at a time (rebuilding an empty deck first)")
def draw(game, ctx, count):
    for _ in range(count):
        game.draw_one(ctx.player, "effect")


@TABLE.op("face-down", player=WHOM, count=Either(choices=(Int(min=1, max=9), Const(value="all"))),
          chooser=WHOM, **{"up-to": Bool().optional(False)},
          doc="move hand cards of 'player' to their face-down pile; 'chooser' picks")
def face_down(game, ctx, player, count, chooser, up_to):
    target = whom(ctx, player)
    picker = whom(ctx, chooser)
    size = len(game.hand[target])
    n = size if count == "all" else min(count, size)
    if n == 0 and not up_to:
        return
    cards = yield from game.choose_hand(target, picker, 0 if up_to else n, n, "face-down", "RR-ZONE-1",
                                        f"{game.name_of(ctx.card)}: 伏せ札にする手札")
    game.face_down(target, cards, "effect")


@TABLE.op("lift", count=Either(choices=(Int(min=1, max=6), Const(value="all"))),
          zone=Either(choices=(Enum(values=(3, 2, 1)), Const(value="chosen"))).optional(None),
          doc="lift the controller's deployed cards (chosen, or all), simultaneously")
def lift(game, ctx, count, zone):
    p = ctx.player
    if zone == "chosen":
        options = [z for z in (3, 2, 1) if game.zones[p][z]]
        if not options:
            return
        zone = yield from game.choose_zone(p, options, "lift-zone", "RR-LIFT-1", "リフトするリキャストゾーン")
    yield from game.lift_effect(p, count, zone)


@TABLE.op("recast-up", player=WHOM, count=Either(choices=(Int(min=1, max=6), Const(value="all"))),
          amount=Int(min=1, max=3),
          doc="raise the recast time of deployed cards of 'player'; past ［Ⅲ］ they become reserve")
def recast_up(game, ctx, player, count, amount):
    yield from game.recast_up(ctx.player, whom(ctx, player), count, amount)


@TABLE.op("reserve", target=Const(value="this"), doc="put this card into its owner's reserve pile")
def reserve(game, ctx, target):
    game.to_reserve(ctx.card, "effect")


@TABLE.op("retrieve-to-hand", count=Int(min=1, max=9), **{"from": Enum(values=("face-down", "reserve"))},
          doc="the controller puts cards of their face-down or reserve pile into their hand")
def retrieve_to_hand(game, ctx, from_, count):
    yield from game.pile_to_hand(ctx.player, from_, count, ctx.card)


@TABLE.op("attack", hand=Nullable(inner=Int(min=0, max=9)), life=Nullable(inner=Int(min=0, max=9)),
          check=_not_both_bar, doc="a text attack by the controller with this attack power")
def attack(game, ctx, hand, life):
    yield from game.text_attack(ctx, hand, life)


@TABLE.op("modify-attack", target=Enum(values=("own", "answered")), hand=Int(min=-9, max=9),
          life=Int(min=-9, max=9), check=_not_both_zero,
          doc="change this card's own attack or the attack it answers (clamped at 0, ー stays ー)")
def modify_attack(game, ctx, target, hand, life):
    att = ctx.own if target == "own" else ctx.answered
    if att is None:
        game.note(ctx.player, "no-attack", card=game.oid[ctx.card], target=target)
        return
    game.modify_attack(att, hand, life, ctx.card)


@TABLE.op("damage-life", player=WHOM, amount=Int(min=1, max=6),
          doc="the player loses this much life directly (not an attack)")
def damage_life(game, ctx, player, amount):
    game.lose_life(whom(ctx, player), amount, hit=False, card=ctx.card)


@TABLE.op("rebuild", doc="the controller rebuilds the deck now, if a pile holds a card")
def rebuild(game, ctx):
    if game.can_rebuild(ctx.player):
        game.rebuild(ctx.player, "effect")


@TABLE.op("if", condition=CONDITION, then=Ops(), **{"else": Ops().optional(())},
          doc="check the condition as the controller and do 'then' or 'else'")
def if_(game, ctx, condition, then, else_):
    ops = then if game.holds(ctx.player, condition) else else_
    yield from game.run_ops(ctx, ops)


@TABLE.op("attack-modifier", kind="static", player=WHOM, hand=Int(min=-9, max=9), life=Int(min=-9, max=9),
          check=_not_both_zero, doc="while deployed: every attack by 'player' gets these deltas at step 2")
def attack_modifier(game, ctx, att, player, hand, life):
    if att.player == whom(ctx, player):
        game.modify_attack(att, hand, life, ctx.card)


@TABLE.op("forbid-cast", kind="static", player=Const(value="opponent"), timing=Enum(values=TIMINGS),
          doc="while deployed: 'player' cannot cast spells of this timing class")
def forbid_cast(game, ctx, caster, card_timing, player, timing):
    return caster == whom(ctx, player) and card_timing == timing
