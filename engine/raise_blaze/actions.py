"""The main phase, spells and 【起動】: rules over the state of :mod:`.state`.

RB-SUM-1..3: one normal (raise 0) or raise summon a turn; RB-SPL-1..4: the single spell zone —
setting face down, playing face up (on top of a set spell or a continuous spell), continuous
spells staying, equip spells going underneath a fighter, and the non-turn player's window to
open a set spell (:func:`respond`); activated abilities with their cost and once-per-turn limit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from fuda.engine.core import Decision, Option
from fuda.engine.raise_blaze import field
from fuda.engine.raise_blaze.effects import (
    choose_cards,
    choose_field,
    discard_cards,
    run_ability,
    run_triggers,
    shuffle_deck,
    summonable,
)
from fuda.engine.raise_blaze.state import Asks, Attack, Ctx, RBGame
from fuda.i18n import Text

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.cards import Ability
    from fuda.engine.raise_blaze.params import Filter

PROMPTS = {1: "メインフェイズ", 2: "メインフェイズ2"}
PASS = Option("pass", "何もしない")
MAIN_TAIL = ((Option("battle", "バトルフェイズへ"), Option("end", "ターンを終える")),
             (Option("end", "ターンを終える"),),
             (Option("battle", "バトルフェイズへ"), Option("end", "ターンを終える"), Option("concede", "投了する")),
             (Option("end", "ターンを終える"), Option("concede", "投了する")))


def main_options(g: RBGame, t: int, phase: int) -> tuple[Option, ...]:
    """The turn player's choices now, deduplicated by card id (copies are alike)."""
    options: list[Option] = []
    add = options.append
    menus = g.menus
    slots = g.slots[t]
    zone = g.spell[t]
    if zone:
        top = zone[-1]
        covered = g.face_up[top]  # a face-up continuous spell lies there
    else:
        top = -1
        covered = False
    # copies of a card are alike: the first copy in the hand speaks for all (one bit per
    # card id in ``seen``); a copy adds nothing when the first added nothing
    seen = 0
    klass = g.klass  # the MENU_* class of each card (literals: this loop is the hottest of all)
    if g.summoned:  # no summon: only spells can add options (fighters are skipped unread)
        for card in g.hand[t]:
            cls = klass[card]
            if cls < 2:
                continue
            m = menus[card]
            if not seen & m[9]:
                seen |= m[9]
                if top < 0:
                    add(m[5])
                if cls == 3 or (cls == 4 and not covered) or (  # MENU_PLAIN, MENU_CONTINUOUS
                        cls == 5 and spell_block(g, t, card, True) is None):  # MENU_CHECKED
                    add(m[6])
    else:
        nfield = len(slots) - slots.count(-1)
        summon_free = nfield < len(slots)
        for card in g.hand[t]:
            cls = klass[card]
            if cls == 0:  # MENU_RAISE0
                if summon_free:
                    m = menus[card]
                    if not seen & m[9]:
                        seen |= m[9]
                        add(m[3])
                continue
            m = menus[card]
            if cls == 1:  # MENU_RAISE
                if nfield >= m[2] and not seen & m[9]:
                    seen |= m[9]
                    add(m[4])
            elif not seen & m[9]:
                seen |= m[9]
                if top < 0:
                    add(m[5])
                if cls == 3 or (cls == 4 and not covered) or (  # MENU_PLAIN, MENU_CONTINUOUS
                        cls == 5 and spell_block(g, t, card, True) is None):  # MENU_CHECKED
                    add(m[6])
    if top >= 0 and not covered and spell_block(g, t, top, False) is None:  # can_open
        add(menus[top][7])
    acts = g.acts  # acts[-1] (an empty zone) is empty
    if any(map(acts.__getitem__, slots)):  # (rare: a fighter with 【起動】 on the field)
        for card in slots:
            if acts[card]:
                _activations(g, t, card, add, acts[card])
    core = g.core[t]
    if acts[core]:
        _activations(g, t, core, add, acts[core])
    options.extend(MAIN_TAIL[phase - 1 + 2 * g.offer_concede])
    return tuple(options)


def _activations(g: RBGame, t: int, card: int, add: Callable[[Option], None], entries: tuple) -> None:
    turn, used = g.turn, g.used
    for option, ability, once, cost, cond in entries:
        if once and used.get((card, ability.index)) == turn:
            continue
        if cost is not None and ((cost.discard and len(g.hand[t]) < cost.discard)
                                 or (cost.detach and len(g.under[card]) < cost.detach)):
            continue
        if cond is not None and not field.holds(g, t, cond):
            continue
        add(option)


def main_phase(g: RBGame, t: int, phase: int) -> Asks[str]:
    """Actions in any order until ``battle`` (phase 1 only) or ``end``; returns the pick."""
    while True:
        options = main_options(g, t, phase)
        if len(options) == 1:
            return options[0].id  # only ``end``: nothing to decide
        picks = yield Decision(t, "main", options, "RB-TURN-1", PROMPTS[phase], 1, 1, g.explain_main)
        pick = picks[0]
        if pick in ("battle", "end", "concede"):
            return pick
        for o in options:
            if o.id == pick:
                break
        yield from act(g, t, o.value)
        zone = g.spell[1 - t]
        if zone and not g.face_up[zone[-1]]:  # RB-SPL-1: after each action, the opponent's window
            yield from respond(g, 1 - t)


def act(g: RBGame, t: int, option_value: object, atk: Attack | None = None) -> Asks[None]:
    """Carry out one action of the turn player (an option value ``(verb, card, …)``, see
    :meth:`.cards.CardPool.menu`)."""
    value = cast(tuple, option_value)
    verb, card = value[0], int(value[1])  # (the state keeps plain numbers: see engine.core.hidden.CardRef)
    if g.clock is not None:
        g.clock.played()
    if verb == "summon":
        yield from summon(g, t, card, "normal", "hand", [])
    elif verb == "raise":
        d = g.defs[card]
        under = yield from choose_field(g, t, field.fighters(g, t), d.raise_, "underneath", "RB-SUM-2",
                                        f"{d.name}の下敷きにするファイター", own_only=True)
        yield from summon(g, t, card, "raise", "hand", under)
    elif verb == "set":
        g.hand[t].remove(card)
        g.seen_in_hand[t].discard(card)  # face down now: which hand card it was is not shown
        g.spell[t].append(card)
        g.face_up[card] = False
        g.push(("set", t, ("card",), g.oid[card]))
    elif verb == "spell":
        yield from play_spell(g, t, card, atk)
    elif verb == "open":
        yield from open_set_spell(g, t, card, atk)
    else:
        yield from activate(g, t, card, value[2], atk)


def quick_options(g: RBGame, t: int, atk: Attack | None = None) -> list[Option]:
    """The turn player's actions outside a main phase (RB-SPL-1 「自分のターン中であればいつでも」):
    spells from the hand, the face-down top spell opened, 【起動】 abilities — no summons and no
    setting (those are the main phases' preparation, RB-TURN-1)."""
    options: list[Option] = []
    add = options.append
    menus, klass = g.menus, g.klass
    zone = g.spell[t]
    top = zone[-1] if zone else -1
    covered = top >= 0 and g.face_up[top]
    seen = 0
    for card in g.hand[t]:
        cls = klass[card]
        if cls < 3:  # fighters and 【迎撃】-only spells
            continue
        m = menus[card]
        if seen & m[9]:
            continue
        seen |= m[9]
        if cls == 3 or (cls == 4 and not covered) or (  # MENU_PLAIN, MENU_CONTINUOUS
                cls == 5 and spell_block(g, t, card, True, atk) is None):  # MENU_CHECKED
            add(m[6])
    if top >= 0 and not covered and spell_block(g, t, top, False, atk) is None:
        add(menus[top][7])
    acts = g.acts  # acts[-1] (an empty zone) is empty
    slots = g.slots[t]
    if any(map(acts.__getitem__, slots)):  # (rare: a fighter with 【起動】 on the field)
        for card in slots:
            if acts[card]:
                _activations(g, t, card, add, acts[card])
    core = g.core[t]
    if acts[core]:
        _activations(g, t, core, add, acts[core])
    return options


def explain_main(g: RBGame, pick: str) -> str | None:
    """Why a well-formed main-phase action is not allowed now."""
    t = g.active
    verb, _, cid = pick.partition(":")
    if verb in ("summon", "raise", "set", "spell", "open") and cid in g.pool.defs:
        d = g.pool[cid]
        in_hand = any(g.defs[c].id == cid for c in g.hand[t])
        if verb == "open":
            top = field.spell_top(g, t)
            if top < 0 or g.defs[top].id != cid or g.face_up[top]:
                return Text("why.rb.not_top", name=d.name)
            return Text("why.rb.cannot_open")
        if not in_hand:
            return Text("why.not_in_hand", name=d.name)
        if verb in ("summon", "raise"):
            if d.kind != "fighter":
                return Text("why.rb.not_fighter", name=d.name)
            if g.summoned:
                return Text("why.rb.summoned")
            if verb == "summon" and d.raise_:
                return Text("why.rb.needs_raise", name=d.name, level=d.raise_)
            if verb == "raise" and not d.raise_:
                return Text("why.rb.no_raise", name=d.name)
            if verb == "raise":
                return Text("why.rb.raise_needs", name=d.name, level=d.raise_)
            return Text("why.rb.zones_full")
        if d.kind != "spell":
            return Text("why.not_spell", name=d.name)
        if verb == "set":
            return Text("why.rb.spell_zone_used")
        return spell_block(g, t, g.hand[t][[g.defs[c].id for c in g.hand[t]].index(cid)], True)
    if verb == "activate":
        return Text("why.rb.ability")
    if pick == "battle":
        return Text("why.rb.battle_once")
    return None


# -- summons ---------------------------------------------------------------------------------
def summon(g: RBGame, p: int, card: int, how: str, source: str, under: list[int]) -> Asks[None]:
    """Put a fighter onto the field (RB-SUM-1..4) and resolve its 【召喚時】."""
    if source == "hand":
        g.hand[p].remove(card)
        g.seen_in_hand[p].discard(card)
    elif source == "graveyard":
        g.grave[p].remove(card)
    else:
        g.deck[p].remove(card)
    zone = field.place(g, p, card, under)
    if how in ("normal", "raise"):
        g.summoned = True  # RB-SUM-3
    g.push(("summon", p, ("card", "how", "zone", "under", "source"),
            g.oid[card], how, zone + 1, [g.oid[u] for u in under], source))
    if g.defs[card].on_summon:
        yield from run_triggers(g, p, card, g.defs[card].on_summon)


def effect_summon(g: RBGame, ctx: Ctx, source: str, filt: Filter | None, raise_: int, count: int) -> Asks[None]:
    """effect-summon: RB-SUM-4, no per-turn limit; with raise N an effect raise summon."""
    p = ctx.player
    how = "effect-raise" if raise_ else "effect"
    summoned = False
    for _ in range(count):
        pool = summonable(g, p, source, filt)
        room = len(field.fighters(g, p)) >= raise_ if raise_ else -1 in g.slots[p]
        if not pool or not room:
            g.push(("nothing", p, ("card", "op"), g.oid[ctx.card], "effect-summon"))
            break
        (card,) = yield from choose_cards(g, p, pool, 1, "effect-summon", "RB-SUM-4", "エフェクト召喚するファイター")
        under: list[int] = []
        if raise_:
            under = yield from choose_field(g, p, field.fighters(g, p), raise_, "underneath", "RB-SUM-4",
                                            "下敷きにするファイター", own_only=True)
        summoned = True
        yield from summon(g, p, card, how, source, under)
    if source == "deck" and summoned:
        shuffle_deck(g, p)


# -- spells ----------------------------------------------------------------------------------
def spell_block(g: RBGame, p: int, card: int, from_hand: bool, atk: Attack | None = None,
                intercept: bool = False) -> str | None:
    """Why p cannot activate ``card`` now (from the hand, or opened from face down), or None.
    ``atk``: the attack in progress; ``intercept``: this is the 【迎撃】 window of its declaration."""
    d = g.defs[card]
    if not d.playable and (not intercept or not d.on_intercept):
        return Text("why.rb.intercept_only", name=d.name)
    if from_hand and d.spell_type == "continuous":
        top = field.spell_top(g, p)
        if top >= 0 and g.face_up[top]:
            return Text("why.rb.continuous")
    if intercept and d.on_intercept:
        if any(field.holds(g, p, a.condition, atk) for a in d.on_intercept):
            return None
        if not d.playable:
            return Text("why.rb.intercept_condition", name=d.name)
    for a in d.on_activate:
        if not field.holds(g, p, a.condition, atk):
            return Text("why.rb.condition_of", name=d.name)
    if d.spell_type == "equip" and not equip_hosts(g, p, card):
        return Text("why.rb.no_equip", name=d.name)
    return None


def can_open(g: RBGame, p: int, card: int, atk: Attack | None, intercept: bool = False) -> bool:
    """Can p open their face-down top spell now (``intercept``: in the 【迎撃】 window of ``atk``)?"""
    return spell_block(g, p, card, False, atk, intercept) is None


def equip_hosts(g: RBGame, p: int, card: int) -> list[int]:
    """The fighters an equip spell of p may go underneath (its equip-to)."""
    d = g.defs[card]
    side, types = d.equip_side, d.equip_types
    out = []
    for q in ((p,) if side == "own" else (1 - p,) if side == "opponent" else (p, 1 - p)):
        for f in g.slots[q]:
            if f >= 0 and (not types or types.intersection(g.defs[f].types)):
                out.append(f)
    return out


def play_spell(g: RBGame, p: int, card: int, atk: Attack | None = None) -> Asks[None]:
    """Play a spell face up from the hand on top of the spell zone (RB-SPL-1..3)."""
    g.hand[p].remove(card)
    g.seen_in_hand[p].discard(card)
    g.spell[p].append(card)
    g.face_up[card] = True
    field.changed(g)
    g.push(("spell", p, ("card", "source"), g.oid[card], "hand"))
    yield from resolve_spell(g, p, card, atk)


def open_set_spell(g: RBGame, p: int, card: int, atk: Attack | None, intercept: bool = False) -> Asks[None]:
    """Turn the face-down top spell face up and resolve it (RB-SPL-1)."""
    g.face_up[card] = True
    field.changed(g)
    g.push(("spell", p, ("card", "source"), g.oid[card], "set"))
    yield from resolve_spell(g, p, card, atk, intercept)


def resolve_spell(g: RBGame, p: int, card: int, atk: Attack | None, intercept: bool = False) -> Asks[None]:
    """Resolve a spell on top of p's spell zone, then: normal → graveyard, continuous → stays
    (RB-SPL-3), equip → underneath its fighter (RB-SPL-4)."""
    d = g.defs[card]
    host = -1
    if d.spell_type == "equip":  # the fighter is chosen first
        (host,) = yield from choose_field(g, p, equip_hosts(g, p, card), 1, "equip", "RB-SPL-4",
                                          f"{d.name}を装着するファイター")
    ctx = Ctx(p, card, atk, host)
    abilities: Sequence[Ability] = d.on_activate
    if intercept and d.on_intercept:
        abilities = [a for a in d.on_intercept if field.holds(g, p, a.condition, atk)]
    g.resolving.append(card)
    try:
        for ability in abilities:
            yield from run_ability(g, ctx, ability)
    finally:
        g.resolving.remove(card)
    if card not in g.spell[p]:
        return  # it left the zone while resolving
    if d.spell_type == "continuous":
        return
    field.spell_leaves(g, card)
    if d.spell_type == "equip" and host >= 0 and g.slot_of[host] >= 0:
        pile = g.under[host]
        if not isinstance(pile, list):
            pile = g.under[host] = []
        pile.append(card)
        g.host_of[card] = host
        field.changed(g, card)
        g.push(("equip", p, ("card", "host", "side"), g.oid[card], g.oid[host], g.owner[host]))
    else:
        field.to_grave(g, card)


def respond(g: RBGame, q: int, atk: Attack | None = None) -> Asks[bool]:
    """The non-turn player's window (RB-SPL-1 「相手ターン中でも伏せていればいつでも」): they may
    open the face-down top spell of their zone if it could be activated now (【迎撃】 only in
    the attack's declaration window). Offered at every phase change and after each action of
    the turn player, but not again when nothing at all has happened since they last passed (the
    same position: a second question would be the same question); returns True when they
    opened it."""
    zone = g.spell[q]
    if not zone:
        return False
    card = zone[-1]
    if g.face_up[card] or spell_block(g, q, card, False, atk) is not None:
        return False
    if g.passed == len(g.log._items):
        return False
    picks = yield Decision(q, "respond", (g.menus[card][7], PASS), "RB-SPL-1", "相手ターン中の発動")
    if picks[0] == "pass":
        g.passed = len(g.log._items)  # (the answer is logged already)
        return False
    yield from open_set_spell(g, q, card, atk)
    return True


# -- activated abilities ---------------------------------------------------------------------
def activate_block(g: RBGame, p: int, card: int, ability: Ability) -> str | None:
    """Why p cannot activate this 【起動】 ability now, or None."""
    if ability.once and g.used.get((card, ability.index)) == g.turn:
        return Text("why.once_per_turn")
    cost = ability.cost
    if cost is not None:
        if cost.discard and len(g.hand[p]) < cost.discard:
            return Text("why.rb.cost_discard", need=cost.discard, hand=len(g.hand[p]))
        if cost.detach and len(g.under[card]) < cost.detach:
            return Text("why.rb.cost_detach", need=cost.detach, under=len(g.under[card]))
    if not field.holds(g, p, ability.condition):
        return Text("why.condition")
    return None


def activate(g: RBGame, p: int, card: int, n: int, atk: Attack | None = None) -> Asks[None]:
    """Pay the cost and resolve a 【起動】 ability."""
    ability = g.defs[card].activated[n]
    g.used[(card, ability.index)] = g.turn
    g.push(("activate", p, ("card",), g.label_of(card)))
    cost = ability.cost
    if cost is not None:
        if cost.discard:
            cards = yield from choose_cards(g, p, g.hand[p], cost.discard, "cost", "RB-TURN-1", "コスト: 捨てる手札")
            discard_cards(g, p, cards, "cost")
        if cost.detach:
            pile = g.under[card]
            cards = yield from choose_cards(g, p, pile, cost.detach, "cost", "RB-SUM-5", "コスト: 墓地に送る下敷き")
            if isinstance(pile, list):  # (it is once a card lies there: cards were chosen from it)
                for u in cards:
                    pile.remove(u)
            for u in cards:
                g.host_of[u] = -1
                field.to_grave(g, u)
            field.changed(g, *cards)
            g.push(("detach", p, ("card", "cards"), g.oid[card], [g.oid[u] for u in cards]))
    yield from run_ability(g, Ctx(p, card, atk), ability)
