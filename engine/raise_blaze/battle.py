"""The battle phase, RB-BAT-1..8: rules over the state of :mod:`.state`.

One attack, in order: the turn player declares attacker and target (each fighter and the core
fighter attack at most once a turn); the defender may open a face-down spell (the 【迎撃】
window, RB-SPL-1); an attack on the core fighter may be blocked by one of the defender's
fighters or let through (RB-BAT-7; a core fighter never blocks, RB-BAT-8); the attacker's
【攻撃時】 abilities resolve; the powers are compared (RB-BAT-2..6). A core fighter that would be
destroyed loses a life card instead (RB-BAT-5).
"""

from __future__ import annotations

from typing import cast

from fuda.engine.core import CardRef, Decision, Option
from fuda.engine.raise_blaze import field
from fuda.engine.raise_blaze.actions import act, quick_options
from fuda.engine.raise_blaze.effects import destroyed_triggers, run_ability
from fuda.engine.raise_blaze.spells import PASS, can_open, open_set_spell, respond
from fuda.engine.raise_blaze.state import Asks, Attack, Ctx, RBGame
from fuda.i18n import Text

THROUGH = Option("through", "守らずに通す")
BATTLE_TAIL = ((Option("end", "バトルフェイズを終える"),),
               (Option("end", "バトルフェイズを終える"), Option("concede", "投了する")))


def attackers(g: RBGame, t: int) -> list[int]:
    """t's cards that may still attack this turn (RB-BAT-1)."""
    turn, done = g.turn, g.attacked_on
    out = [f for f in g.slots[t] if f >= 0 and done[f] != turn]
    core = g.core[t]
    if done[core] != turn:
        out.append(core)
    if g._fx is None:
        field.sources(g)
    if g._no_attack:
        blocked = field.flag_set(g, "no-attack")
        out = [c for c in out if c not in blocked]
    return out


def battle_options(g: RBGame, t: int) -> tuple[Option, ...]:
    """Every attacker × target pair, the turn player's spells and 【起動】 (RB-SPL-1: any time
    in one's own turn), then ``end`` (to main phase 2)."""
    options = _attack_options(g, t)
    options += quick_options(g, t)
    options += BATTLE_TAIL[g.offer_concede]
    return tuple(options)


def _attack_options(g: RBGame, t: int) -> list[Option]:
    """Every attacker × target pair (RB-BAT-1)."""
    cards = attackers(g, t)
    if not cards:
        return []
    targets = [f for f in g.slots[1 - t] if f >= 0]
    targets.append(g.core[1 - t])
    cache = g.cache
    options: list[Option] = []
    add = options.append
    for a in cards:
        for b in targets:
            o = cache.get(a * 1024 + b)
            if o is None:
                o = cache[a * 1024 + b] = _attack_option(g, a, b)
            add(o)
    return options


def _attack_option(g: RBGame, a: int, b: int) -> Option:
    (a_id, a_name), (b_id, b_name) = _named(g, a), _named(g, b)
    return Option(f"attack:{a_id}>{b_id}", f"{a_name}で相手の{b_name}を攻撃", (CardRef(a), CardRef(b)))


def _named(g: RBGame, card: int) -> tuple[str, str]:
    d = g.defs[card]
    return ("core", "コアファイター") if d.kind == "core-fighter" else (g.oid[card], d.name)


def battle_phase(g: RBGame, t: int) -> Asks[str]:
    """RB-BAT-1: attacks one by one (spells and 【起動】 between them, RB-SPL-1) until the turn
    player ends the battle phase; after each action the opponent may open a set spell."""
    while True:
        options = battle_options(g, t)
        if len(options) == 1:
            return "end"  # nothing can attack or be used: nothing to decide
        picks = yield Decision(t, "battle", options, "RB-BAT-1", "バトルフェイズ", 1, 1, g.explain_battle)
        pick = picks[0]
        if pick in ("end", "concede"):
            return pick
        for o in options:
            if o.id == pick:
                break
        value = cast(tuple, o.value)
        if type(value[0]) is not str:  # an attack (attacker, target), not (verb, card …)
            yield from attack_with(g, t, int(value[0]), int(value[1]))
        else:
            yield from act(g, t, value)
        zone = g.spell[1 - t]
        if zone and not g.face_up[zone[-1]]:
            yield from respond(g, 1 - t)


def explain_battle(g: RBGame, pick: str) -> str | None:
    """Why a well-formed attack (or spell, 【起動】) is not allowed now."""
    if pick.startswith(("summon:", "raise:", "set:")):
        return Text("why.rb.main_only")
    if pick.startswith(("spell:", "open:", "activate")):
        return g.explain_main(pick)
    if not pick.startswith("attack:") or ">" not in pick:
        return None
    t = g.active
    a_id, t_id = pick[7:].split(">", 1)
    a = g.core[t] if a_id == "core" else g.by_oid[t].get(a_id)
    if a is None:
        return None
    if not field.on_field(g, a):
        return Text("why.not_on_field", name=g.defs[a].name)
    if g.attacked_on[a] == g.turn:
        return Text("why.rb.attacked", name=g.defs[a].name)
    if not field.can_attack(g, a):
        return Text("why.rb.cannot_attack", name=g.defs[a].name)
    if t_id != "core":
        target = g.by_oid[1 - t].get(t_id)
        if target is None or g.slot_of[target] < 0:
            return Text("why.rb.no_target", target=t_id)
    return None


def attack_with(g: RBGame, t: int, attacker: int, target: int) -> Asks[None]:
    """One attack, declaration to battle result."""
    q = 1 - t
    atk = Attack(t, attacker, target, attacker == g.core[t])
    g.attacked_on[attacker] = g.turn
    g.push(("attack", t, ("attacker", "target"), g.label_of(attacker), g.label_of(target)))
    g.played()
    g.attack = atk
    try:
        zone = g.spell[q]
        if zone and not g.face_up[zone[-1]]:
            yield from intercept_window(g, q, atk)  # RB-SPL-1: 【迎撃】, before any block
            if atk.negated or not field.on_field(g, attacker) or not field.on_field(g, target):
                if not atk.negated:
                    g.push(("attack-ends", t, ("attacker",), g.label_of(attacker)))
                return
        slots = g.slots[q]
        if target == g.core[q] and slots.count(-1) < len(slots):  # RB-BAT-7
            options = [block_option(g, f) for f in slots if f >= 0]
            options.append(THROUGH)
            picks = yield Decision(q, "block", tuple(options), "RB-BAT-7", "コアファイターへの攻撃を守るか")
            if picks[0] != "through":
                blocker = g.by_oid[q][picks[0][6:]]
                atk.target = blocker
                atk.blocked = True
                g.push(("block", q, ("card",), g.oid[blocker]))
            else:
                g.push(("through", q, {}))
        for ability in g.defs[attacker].on_attack:  # 【攻撃時】, after block, before the comparison
            if field.holds(g, t, ability.condition, atk):
                yield from run_ability(g, Ctx(t, attacker, atk), ability)
                if atk.negated or not field.on_field(g, attacker):
                    break
        zone = g.spell[q]
        if (zone and not g.face_up[zone[-1]]) or quick_options(g, t, atk):  # (most often neither)
            yield from attack_window(g, t, q, atk)
        if atk.negated or not field.on_field(g, attacker) or not field.on_field(g, atk.target):
            if not atk.negated:
                g.push(("attack-ends", t, ("attacker",), g.label_of(attacker)))
            return
        yield from fight(g, atk)
    finally:
        g.attack = None


def fight(g: RBGame, atk: Attack) -> Asks[None]:
    """RB-BAT-2..6: compare powers; the lower is destroyed, both when equal; a core fighter
    loses a life card instead of being destroyed; battle-immune fighters stay."""
    a, b = atk.attacker, atk.target
    pa, pb = field.power(g, a), field.power(g, b)
    losers = (b,) if pa > pb else (a,) if pa < pb else (a, b)
    g.push(("battle", atk.player, ("attacker", "power", "target", "against"),
            g.label_of(a), pa, g.label_of(b), pb))
    lives, dead = [], []
    for card in losers:
        if field.is_core(g, card):
            lives.append(g.owner[card])
        elif field.battle_immune(g, card):
            g.push(("immune", g.owner[card], ("card",), g.oid[card]))
        else:
            dead.append(card)
    for card in dead:
        field.leave_field(g, card)
        field.to_grave(g, card)
        g.push(("destroyed", g.owner[card], ("card", "why"), g.oid[card], "battle"))
    if lives:
        yield from field.destroy_life(g, lives, a)
    if dead:
        yield from destroyed_triggers(g, dead)


def block_option(g: RBGame, f: int) -> Option:
    """The (cached) option of blocking with fighter ``f``."""
    o = g.cache.get(-1 - f)
    if o is None:
        o = g.cache[-1 - f] = Option(f"block:{g.oid[f]}", f"{g.defs[f].name}で守る", CardRef(f))
    return o


def intercept_window(g: RBGame, q: int, atk: Attack) -> Asks[None]:
    """The defender may open the face-down top card of their spell zone: a 【迎撃】 spell
    whose condition holds, or any spell it could activate now (RB-SPL-1)."""
    card = field.spell_top(g, q)
    if card < 0 or g.face_up[card] or not can_open(g, q, card, atk, True):
        return
    picks = yield Decision(q, "intercept", (g.menus[card][7], PASS), "RB-SPL-1", "迎撃のタイミング")
    if picks[0] != "pass":
        yield from open_set_spell(g, q, card, atk, True)


def attack_window(g: RBGame, t: int, q: int, atk: Attack) -> Asks[None]:
    """Before the power comparison (after block and 【攻撃時】): the attacker may play spells and
    【起動】 (RB-SPL-1), the defender may open a set spell after each of those and when the
    attacker passes; when the defender opens one, the attacker may answer again."""
    while not (atk.negated or not field.on_field(g, atk.attacker) or not field.on_field(g, atk.target)):
        options = quick_options(g, t, atk)
        if options:
            options.append(PASS)
            picks = yield Decision(t, "window", tuple(options), "RB-SPL-1", "バトル直前", 1, 1, g.explain_battle)
            if picks[0] != "pass":
                for o in options:
                    if o.id == picks[0]:
                        break
                yield from act(g, t, o.value, atk)
                if g.spell[q]:
                    yield from respond(g, q, atk)
                continue
        if not g.spell[q]:
            return
        opened = yield from respond(g, q, atk)
        if not opened:
            return


def negate(g: RBGame, ctx: Ctx) -> None:
    """negate-attack: the current attack ends with no battle (the attacker has attacked)."""
    if ctx.attack is not None:
        ctx.attack.negated = True
        g.push(("negated", ctx.player, ("card",), g.oid[ctx.card]))
