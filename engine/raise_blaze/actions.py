"""The turn player's actions: the main phase, summons and 【起動】, rules over the game of :mod:`.state`.

RB-SUM-1..4: one normal (raise 0) or raise summon a turn, effect summons; the spells and 【起動】
abilities the turn player may use any time in their own turn (RB-SPL-1, :func:`quick_options`;
what a spell does is :mod:`.spells`); activated abilities with their cost and once-per-turn limit.
"""

from __future__ import annotations

from collections.abc import Callable
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
from fuda.engine.raise_blaze.spells import open_set_spell, play_spell, respond, spell_block
from fuda.engine.raise_blaze.state import Asks, Attack, Ctx, RBGame
from fuda.i18n import Text

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.cards import Ability
    from fuda.engine.raise_blaze.params import Filter

PROMPTS = {1: "メインフェイズ", 2: "メインフェイズ2"}
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
    summoned = g.summoned  # the turn's summon is used: fighters add nothing (skipped unread)
    nfield = len(slots) - slots.count(-1)
    summon_free = nfield < len(slots)
    for card in g.hand[t]:
        cls = klass[card]
        if cls < 2:  # a fighter: MENU_RAISE0, MENU_RAISE
            if summoned:
                continue
            m = menus[card]
            if cls == 0:
                if summon_free and not seen & m[9]:
                    seen |= m[9]
                    add(m[3])
            elif nfield >= m[2] and not seen & m[9]:
                seen |= m[9]
                add(m[4])
            continue
        m = menus[card]
        if not seen & m[9]:
            seen |= m[9]
            if top < 0:
                add(m[5])
            if cls == 3 or (cls == 4 and not covered) or (  # MENU_PLAIN, MENU_CONTINUOUS
                    cls == 5 and spell_block(g, t, card, True) is None):  # MENU_CHECKED
                add(m[6])
    if top >= 0 and not covered and spell_block(g, t, top, False) is None:  # can_open
        add(menus[top][7])
    _add_activations(g, t, add)
    options.extend(MAIN_TAIL[phase - 1 + 2 * g.offer_concede])
    return tuple(options)


def _add_activations(g: RBGame, t: int, add: Callable[[Option], None]) -> None:
    """The 【起動】 abilities player ``t`` may use now: its field's fighters' in slot order, then its core's."""
    acts = g.acts  # acts[-1] (an empty zone) is empty
    slots = g.slots[t]
    if any(map(acts.__getitem__, slots)):  # (rare: a fighter with 【起動】 on the field)
        for card in slots:
            if acts[card]:
                _activations(g, t, card, add, acts[card])
    core = g.core[t]
    if acts[core]:
        _activations(g, t, core, add, acts[core])


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
    _add_activations(g, t, add)
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
