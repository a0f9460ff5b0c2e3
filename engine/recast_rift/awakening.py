"""Awakening in Recast Rift: turning the far awakening card face up, and its 【覚醒中】
abilities, as functions over a :class:`~fuda.engine.recast_rift.game.RecastRift`."""

from __future__ import annotations

from fuda.engine.core.decision import Option
from fuda.engine.recast_rift.abilities import holds, run_ability
from fuda.engine.recast_rift.state import Asks, Attack, Ctx, RRGame, Why
from fuda.engine.recast_rift.zones import choose_hand, face_down


def awaken_block(game: RRGame, p: int) -> Why | None:
    """Why p cannot awaken now (RR-AWK-1, RR-AWK-5), or None."""
    st = game.st
    if st.awakened[p]:
        return Why("why.rr.awakened")
    if st.life[p] > game.awaken_at:
        return Why("why.rr.awaken_life", {"life": st.life[p], "at": game.awaken_at})
    return None


def awaken(game: RRGame, p: int, answered: Attack | None = None) -> Asks[None]:
    """RR-AWK-1/3: turn the far awakening card face up and resolve its 【覚醒時】."""
    game.st.awakened[p] = True
    far = game.far[p]
    game.log.push(("awaken", p, ("card",), game.oid[far]))
    for ability in game.defs[far].on_awaken:
        yield from run_ability(game, Ctx(p, far, None, answered), ability)


def activate_options(game: RRGame, p: int) -> list[Option]:
    """【覚醒中】 abilities p may activate now (RR-AWK-4)."""
    if not game.st.awakened[p]:
        return []
    return [opt for opt in game.activate_opt[p] if activate_block(game, p, opt.id[9:], preempt=False) is None]


def activate_block(game: RRGame, p: int, number: str, preempt: bool) -> Why | None:
    """Why p cannot activate 【覚醒中】 ability ``number`` now, or None."""
    st = game.st
    far = game.far[p]
    abilities = game.defs[far].while_awakened
    if not number.isdigit() or not 1 <= int(number) <= len(abilities):
        return None
    if not st.awakened[p]:
        return Why("why.rr.not_awakened")
    if preempt and not game.defs[far].preempt:
        return Why("why.rr.no_preempt")
    ability = abilities[int(number) - 1]
    extras = ability.extras
    if extras.get("limit") == "once-per-turn" and st.used.get((far, ability.index)) == st.turn:
        return Why("why.once_per_turn_activated")
    need = extras.get("cost", {}).get("face-down", 0)
    if len(st.hand[p]) < need:
        return Why("why.rr.cost_hand", {"need": need, "hand": len(st.hand[p])})
    if "condition" in extras and not holds(game, p, extras["condition"]):
        return Why("why.condition")
    return None


def activate(game: RRGame, p: int, number: int, answered: Attack | None = None) -> Asks[None]:
    """Pay the cost and resolve a 【覚醒中】 ability."""
    st = game.st
    far = game.far[p]
    ability = game.defs[far].while_awakened[number - 1]
    st.used[(far, ability.index)] = st.turn
    game.log.push(("activate", p, ("card", "ability"), game.oid[far], number))
    need = ability.extras.get("cost", {}).get("face-down", 0)
    if need:
        cards = yield from choose_hand(game, p, p, need, need, "cost", "RR-AWK-4", f"コスト: 手札{need}枚を伏せ札")
        face_down(game, p, cards, "cost")
    yield from run_ability(game, Ctx(p, far, None, answered), ability)
