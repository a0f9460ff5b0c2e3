"""Resolving abilities in Recast Rift: an ability's ops in order, conditions, and triggered
abilities that wait until the text being resolved is done (RR-PRIN-3..5).

An op is a function of :mod:`.ops` (``fn(game, ctx, **args)``); a generator op asks players.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from fuda.engine.core import CompiledAbility, CompiledOp, Decision
from fuda.engine.core.decision import Option, option
from fuda.engine.recast_rift.state import Asks, Ctx, RRGame, deployed, zone_of


def run_ability(game: RRGame, ctx: Ctx, ability: CompiledAbility) -> Asks[None]:
    """Resolve one ability's ops in order (RR-PRIN-3); waiting triggers resolve after."""
    st = game.st
    game.log.push(("ability", ctx.player, ("card", "index"), game.oid[ctx.card], ability.index))
    st.text_depth += 1
    try:
        yield from run_ops(game, ctx, ability.ops or ())
    finally:
        st.text_depth -= 1
    if st.waiting and st.text_depth == 0:
        yield from resolve_waiting(game)


def run_ops(game: RRGame, ctx: Ctx, ops: Iterable[CompiledOp]) -> Asks[None]:
    """Run compiled ops in order."""
    for op in ops:
        if op.gen:
            yield from op.fn(game, ctx, **op.args)
        else:
            op.fn(game, ctx, **op.args)


def holds(game: RRGame, p: int, condition: Mapping[str, int]) -> bool:
    """A card condition, seen from p (all keys must hold)."""
    st = game.st
    for key, value in condition.items():
        if key == "hand-at-most" and len(st.hand[p]) > value:
            return False
        if key == "life-at-most" and st.life[p] > value:
            return False
        if key == "deployed-at-least" and len(deployed(game, p)) < value:
            return False
        if key == "awakened" and st.awakened[p] != value:
            return False
    return True


def trigger(game: RRGame, p: int, event: str) -> None:
    """Queue p's deployed triggered abilities for ``event`` (they wait, RR-PRIN-3)."""
    defs, waiting, push = game.defs, game.st.waiting, game.log.push
    for card in deployed(game, p):
        for ability in defs[card].triggers:
            if ability.extras["trigger"] == event:
                waiting.append((p, card, ability))
                push(("trigger", p, ("card", "event"), game.oid[card], event))


def resolve_waiting(game: RRGame) -> Asks[None]:
    """RR-PRIN-4/5: the turn player picks the order; a card no longer deployed does nothing."""
    st = game.st
    waiting = st.waiting
    while waiting:
        if len(waiting) == 1:
            item = waiting.pop()
        else:
            options: list[Option] = []
            seen: dict[str, int] = {}
            for i, (p, card, ability) in enumerate(waiting):
                key = f"p{p + 1}:{game.oid[card]}"
                seen[key] = seen.get(key, 0) + 1
                oid = key if seen[key] == 1 else f"{key}#{seen[key]}"
                options.append(option(oid, ability.text, i))
            picks = yield Decision(st.active, "trigger", tuple(options), "RR-PRIN-4", "先に処理する誘発")
            index = next(i for i, o in enumerate(options) if o.id == picks[0])
            item = waiting.pop(index)
        p, card, ability = item
        if zone_of(game, card) < 0:
            game.log.push(("fizzle", p, ("card",), game.oid[card]))
            continue
        if ability.extras.get("limit") == "once-per-turn":
            if st.used.get((card, ability.index)) == st.turn:
                game.log.push(("limit", p, ("card",), game.oid[card]))
                continue
            st.used[(card, ability.index)] = st.turn
        yield from run_ability(game, Ctx(p, card), ability)
