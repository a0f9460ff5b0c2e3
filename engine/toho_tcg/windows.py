"""Priority windows: who may play what, and when a window closes; plays, abilities, triggers.

A window (standby, main, the battle's spell step and after-damage check, end) gives the turn
player priority first. A player with priority plays something or passes. Putting a spell or an
ability on the stack hands priority to the opponent; an action that does not use the stack
(making 霊力, playing a character or a world, paying a 【トラッシュ】) keeps it. When both players
pass in succession, the top of the stack resolves and the turn player receives priority again;
with an empty stack the window closes. A player whose only choice is to pass is not asked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fuda.engine.core import CompiledAbility, Decision, Option
from fuda.engine.toho_tcg.effects import resolve_top
from fuda.engine.toho_tcg.field import controlled, enter_char, fire, put_hard, remove_from_field, set_tapped
from fuda.engine.toho_tcg.stack import (
    attach_targets,
    choose_targets,
    has_targets,
    make_from,
    pay,
    picked,
    shown,
    source_options,
    sources,
    spell_defender,
    target_id,
    target_label,
    target_value,
)
from fuda.engine.toho_tcg.state import Item, Steps, TTGame
from fuda.engine.toho_tcg.vocabulary import keyword_label
from fuda.i18n import Text

if TYPE_CHECKING:
    from fuda.engine.toho_tcg.cards import CardDef

PASS = Option("pass", "パス")
REIRYOKU = Option("reiryoku", "霊力を生み出す（手札１枚をトラッシュ／キャラクター１体をタップ）")
WINDOW_JA = {"standby": "スタンバイフェイズ", "main": "メインフェイズ", "spell-step": "スペルステップ",
             "after-damage": "ダメージ後の効果発動確認", "end": "エンドフェイズ", "triggers": "誘発の処理"}


def window(g: TTGame, name: str, rule: str) -> Steps[None]:
    """Run one priority window until both players pass with an empty stack."""
    s = g.state
    passes = 0
    p = s.active
    s.window_name = name
    prompt = WINDOW_JA[name]

    def explain(pick: str) -> str | None:
        return explain_priority(g, pick)

    while True:
        if s.fired:
            yield from stack_triggers(g)
            passes = 0
            p = s.active
        options = priority_options(g, p, name)
        if len(options) == 1:
            pick = "pass"
        else:
            s.window_name = name
            picks = yield Decision(p, "priority", options, rule, prompt, explain=explain)
            pick = picks[0]
        if pick == "pass":
            passes += 1
            if passes < 2:
                p = 1 - p
                continue
            if not s.stack:
                return
            yield from resolve_top(g)
            passes, p = 0, s.active
            continue
        passes = 0
        option = next(o for o in options if o.id == pick)
        if (yield from act(g, p, option)):
            p = 1 - p


# -- what may be played ----------------------------------------------------------------------
def qa_used(g: TTGame, p: int) -> int:
    """Quicks and assisters p played this turn plus older assisters in the zone (TT-SPELL-6)."""
    s = g.state
    new = s.new_assisters
    return s.qa_played[p] + sum(1 for a in s.assisters[p] if a not in new)


def qa_limited(g: TTGame, p: int) -> bool:
    """Whether the quick/assister limit holds for p now: in p's own turn (TT-SPELL-5 「自分の
    ターンで最大３枚」), and in the opponent's turn too with the variant quick-limit-both-turns."""
    return p == g.state.active or g.static.qa_both_turns


def qa_block(g: TTGame, p: int) -> str | None:
    """Why the limit stops p from playing a quick or an assister now, or None (TT-SPELL-5/6)."""
    k = g.static
    if not qa_limited(g, p) or qa_used(g, p) < k.qa_limit:
        return None
    return Text("why.tt.qa_limit_both" if k.qa_both_turns else "why.tt.qa_limit", limit=k.qa_limit)


def play_refusal(g: TTGame, p: int, c: int, main: bool, limit_ok: bool, avail: int) -> str | None:
    """Why p cannot play hand card c, as a reason key (``why.tt.<key>``), or None: the one check
    of TT-MAIN-1, TT-STBY-1, TT-SPELL-4/5/6, TT-CHAR-2/5 and TT-COST-1 behind both the options
    (:func:`priority_options`) and their explanations (:func:`play_block`). ``main``: p's own main
    phase with an empty stack; ``limit_ok``: the quick/assister limit lets p play one more;
    ``avail``: the 霊力 p has and can make."""
    d = g.static.defs[c]
    kind = d.kind
    if kind == "quick" or kind == "assister":
        if kind == "assister" and not main:
            return "assister"
        if not limit_ok:
            return "qa_limit"
    elif not main:
        return "main_only"
    elif kind == "character":
        if d.rank == "normal":
            if len(g.state.chars[p]) >= g.static.max_chars:
                return "max_chars"
        elif hard_base(g, p, c) < 0:
            return "hard"
    elif kind == "equip" and not attach_targets(g, p, c):
        return "no_equip"
    if d.cost >= avail:  # the card itself leaves the hand: cost <= avail - 1
        return "cost"
    if d.on_play is not None and not has_targets(g, p, c, kind, d.on_play):
        return "no_target"
    return None


def play_block(g: TTGame, p: int, c: int, window: str) -> str | None:
    """Why p cannot play hand card c now, or None (the reasons of :func:`play_refusal`, explained)."""
    s, k = g.state, g.static
    d = k.defs[c]
    if s.zone[c] != "hand" or k.owner[c] != p:
        return Text("why.tt.not_in_hand", name=d.name, player=p + 1)
    main = window == "main" and p == s.active and not s.stack
    avail = s.rei[p] + sources(g, p)
    why = play_refusal(g, p, c, main, qa_block(g, p) is None, avail)
    if why == "qa_limit":
        return qa_block(g, p)
    if why == "main_only":
        return Text("why.tt.main_only", kind=Text(f"tt.kind.{d.kind}"))
    if why == "max_chars":
        return Text("why.tt.max_chars", max=k.max_chars)
    if why == "cost":
        return Text("why.tt.cost", cost=d.cost, player=p + 1, can=avail - 1)
    if why == "no_target":
        return Text("why.no_target")
    return None if why is None else Text(f"why.tt.{why}")


def hard_base(g: TTGame, p: int, hard: int) -> int:
    """The Normal (owned and on p's field) a Hard may be played on, or -1 (TT-CHAR-2)."""
    defs, owner = g.static.defs, g.static.owner
    want = defs[hard].levels_from
    for c in g.state.chars[p]:
        if defs[c].id == want and owner[c] == p:
            return c
    return -1


def ability_block(g: TTGame, p: int, src: int, ability: CompiledAbility) -> str | None:
    """Why p cannot play an activated ability of src now, or None (TT-SPELL-2, TT-BAT-2)."""
    s = g.state
    z = s.zone[src]
    if z not in ("char", "assister", "equip", "world") or s.ctrl[src] != p:
        return Text("why.tt.not_controlled", player=p + 1, name=g.static.defs[src].name)
    if z == "char" and s.tapped[src]:
        return Text("why.tt.tapped")
    cost = ability.extras["cost"]
    tap = cost.get("tap", False)
    if tap and s.tapped[src]:
        return Text("why.tt.tap_cost")
    need = cost.get("reiryoku", 0)
    if need > s.rei[p] + sources(g, p, src if tap else -1):
        return Text("why.tt.cost_short", need=need, player=p + 1)
    if not has_targets(g, p, src, "activated", ability):
        return Text("why.no_target")
    return None


def trash_refusal(g: TTGame, p: int, c: int, avail: int) -> str | None:
    """Why p cannot pay c's 【トラッシュ】 (TT-KW-7, TT-WORLD-3), as a reason key, or None: the one
    check behind the options and :func:`trash_block`. A card on the field with the keyword, its
    controller's (a world: anyone's), and ``avail`` 霊力 to pay with."""
    s = g.state
    cost = g.static.defs[c].trash
    if cost is None or s.zone[c] not in ("char", "assister", "equip", "world"):
        return "no_trash"
    if s.zone[c] != "world" and s.ctrl[c] != p:
        return "trash_owner"
    if cost > avail:
        return "trash_cost"
    return None


def trash_block(g: TTGame, p: int, c: int) -> str | None:
    """Why p cannot pay c's 【トラッシュ】 now, or None (the reasons of :func:`trash_refusal`, explained)."""
    d = g.static.defs[c]
    why = trash_refusal(g, p, c, g.state.rei[p] + sources(g, p))
    if why == "no_trash":
        return Text("why.tt.no_trash", name=d.name)
    if why == "trash_cost":
        return Text("why.tt.trash_cost", cost=d.trash)
    return None if why is None else Text(f"why.tt.{why}")


def priority_options(g: TTGame, p: int, window: str) -> tuple[Option, ...]:
    """Every choice of the player with priority; ``pass`` first (what is refused, and why: the
    reason functions :func:`play_refusal`, :func:`ability_block` and :func:`trash_refusal`)."""
    s, k = g.state, g.static
    options = [PASS]
    most = 0
    defs, hand, tapped = k.defs, s.hand[p], s.tapped
    untapped = 0
    for c in s.chars[p]:
        if not tapped[c]:
            untapped += 1
    rei = s.rei[p]
    avail = rei + len(hand) + untapped  # (sources(), counted once for every card)
    if hand:
        main = window == "main" and p == s.active and not s.stack
        limit_ok = not qa_limited(g, p) or qa_used(g, p) < k.qa_limit  # TT-SPELL-5/6
        seen = []
        play_opts = k.play_opts
        for c in hand:
            d = defs[c]
            if d.id in seen:  # copies are alike: one option per card id
                continue
            seen.append(d.id)
            if play_refusal(g, p, c, main, limit_ok, avail) is None:
                options.append(play_opts[c])
                if d.hand_sensitive and d.cost > most:
                    most = d.cost
    for src in controlled(g, p):
        d = defs[src]
        if d.acts:
            for n, ability in enumerate(d.activated):
                if ability_block(g, p, src, ability) is None:
                    options.append(activate_option(g, src, n))
            if d.trash is not None and trash_refusal(g, p, src, avail) is None:
                options.append(trash_option(g, src))
    w = s.world
    if w >= 0 and s.ctrl[w] != p and trash_refusal(g, p, w, avail) is None:
        options.append(trash_option(g, w))
    # Every payment makes the 霊力 it lacks, so making 霊力 ahead only matters before a card whose
    # effect counts the hand (天狗の新聞): offered then, up to that card's cost (TT-COST-1).
    if rei < most and avail > rei + 1:
        options.append(REIRYOKU)
    return tuple(options)


def activate_option(g: TTGame, src: int, n: int) -> Option:
    """The option playing the n-th activated ability of src (made once a game)."""
    key = (src, n)
    o = g._opt_cache.get(key)
    if o is None:
        d = g.static.defs[src]
        suffix = f":{n + 1}" if len(d.activated) > 1 else ""
        o = g._opt_cache[key] = Option(f"activate:{g.static.oid[src]}{suffix}", f"起動: {d.activated[n].text}",
                                      (g.static.refs[src], n))
    return o


def trash_option(g: TTGame, c: int) -> Option:
    """The option paying c's 【トラッシュ】 (made once a game)."""
    o = g._opt_cache.get(c)
    if o is None:
        d = g.static.defs[c]
        o = g._opt_cache[c] = Option(f"trash:{g.static.oid[c]}", f"{keyword_label('trash', d.trash)}: {d.name}",
                                    g.static.refs[c])
    return o


def explain_priority(g: TTGame, pick: str) -> str | None:
    """Why a known but unavailable priority choice is not allowed now."""
    d = g.pending
    p = d.player if d is not None else g.state.active
    kind, _, rest = pick.partition(":")
    oid, _, num = rest.partition(":")
    c = g.static.by_oid.get(oid)
    if kind == "reiryoku":
        return Text("why.tt.reiryoku_ahead")
    if c is None:
        return None
    if kind == "play":
        return play_block(g, p, c, g.state.window_name) or Text("why.tt.one_copy")
    if kind == "activate":
        abilities = g.static.defs[c].activated
        n = int(num) - 1 if num.isdigit() else 0
        if not 0 <= n < len(abilities):
            return Text("why.tt.no_ability", name=g.static.defs[c].name)
        return ability_block(g, p, c, abilities[n])
    if kind == "trash":
        return trash_block(g, p, c)
    return None


# -- acting --------------------------------------------------------------------------------
def act(g: TTGame, p: int, option: Option) -> Steps[bool]:
    """Do one priority action; True when it put something on the stack."""
    kind = option.id.partition(":")[0]
    if kind == "reiryoku":
        options = source_options(g, p)
        picks = yield Decision(p, "reiryoku", options, "TT-COST-2", "霊力を１生み出す")
        make_from(g, p, picks, options)
        return False
    value = option.value
    if kind == "activate":
        assert isinstance(value, tuple)
        src, n = value
        yield from activate(g, p, src, g.static.defs[src].activated[n])
        return True
    assert isinstance(value, int)
    if kind == "play":
        return (yield from play_card(g, p, value))
    c = value
    trash = g.static.defs[c].trash or 0
    yield from pay(g, p, trash)
    g.log.add("trash-keyword", p, card=g.static.oid[c], cost=g.static.defs[c].trash)
    remove_from_field(g, c, "trash")
    return False


def play_card(g: TTGame, p: int, c: int) -> Steps[bool]:
    """Play a hand card (TT-TERM-1): characters and worlds enter at once; spells use the stack."""
    s = g.state
    d = g.static.defs[c]
    s.hand[p].remove(c)
    s.limbo.append(c)  # announced, not yet on the stack or the field
    used_stack = yield from _play_card(g, p, c, d)
    s.limbo.remove(c)
    return used_stack


def _play_card(g: TTGame, p: int, c: int, d: CardDef) -> Steps[bool]:
    s = g.state
    oid = g.static.oid
    if d.kind == "character":
        s.zone[c] = "stack"
        yield from pay(g, p, d.cost)
        base = hard_base(g, p, c) if d.rank == "hard" else -1
        g.log.add("play", p, card=oid[c], kind="character", targets=[], on=oid[base] if base >= 0 else None)
        if base >= 0:
            put_hard(g, p, c, base)
        else:
            enter_char(g, p, c)
        fire(g, "on-enter", c, p)
        return False
    if d.kind == "world":
        s.zone[c] = "stack"
        yield from pay(g, p, d.cost)
        old = s.world
        g.log.add("play", p, card=oid[c], kind="world", targets=[], replaces=oid[old] if old >= 0 else None)
        if old >= 0:
            remove_from_field(g, old, "trash")  # TT-WORLD-2
        s.world, s.zone[c], s.ctrl[c] = c, "world", p
        s.dirty = True
        fire(g, "on-enter", c, p)
        return False
    s.zone[c] = "stack"
    if d.kind in ("quick", "assister"):
        s.qa_played[p] += 1
    s.sid += 1
    item = Item(s.sid, d.kind, p, c, d.on_play, {})
    if d.kind == "equip":
        cands = attach_targets(g, p, c)
        if len(cands) == 1:
            item.targets["attach"] = cands[0]
        else:
            options = tuple(Option(target_id(g, x), target_label(g, x), target_value(g, x)) for x in cands)
            picks = yield Decision(p, "attach", options, "TT-SPELL-4", f"{d.name}を装備するキャラクター")
            item.targets["attach"] = picked(options, picks[0])
    elif d.on_play is not None:
        yield from choose_targets(g, item)
    yield from pay(g, p, d.cost)
    g.log.add("play", p, card=oid[c], kind=d.kind, sid=item.sid, targets=shown(g, item))
    yield from spell_defender(g, item)
    s.stack.append(item)
    return True


def activate(g: TTGame, p: int, src: int, ability: CompiledAbility) -> Steps[None]:
    """Play an activated ability (【起動】): pay, target, put it on the stack (TT-SPELL-2)."""
    s = g.state
    cost = ability.extras["cost"]
    if cost.get("tap"):
        set_tapped(g, src, True, "cost")
    s.sid += 1
    item = Item(s.sid, "activated", p, src, ability, {})
    yield from choose_targets(g, item)
    yield from pay(g, p, cost.get("reiryoku", 0), src if cost.get("tap") else -1)
    g.log.add("activate", p, card=g.static.oid[src], index=ability.index, sid=item.sid, targets=shown(g, item))
    yield from spell_defender(g, item)
    s.stack.append(item)


# -- triggers ------------------------------------------------------------------------------
def stack_triggers(g: TTGame) -> Steps[None]:
    """Put waiting triggered abilities on the stack: the turn player's first, so the
    opponent's resolve first; each player's in the order they fired resolve first-fired first."""
    s = g.state
    fired, s.fired = s.fired, []
    t = s.active
    oid = g.static.oid
    for p in (t, 1 - t):
        for q, c, ability in reversed([f for f in fired if f[0] == p]):
            s.sid += 1
            item = Item(s.sid, "triggered", q, c, ability, {})
            if not has_targets(g, q, c, "triggered", ability):
                g.log.add("no-target", q, card=oid[c], index=ability.index)
                continue
            yield from choose_targets(g, item)
            g.log.add("trigger", q, card=oid[c], index=ability.index, sid=item.sid, targets=shown(g, item))
            s.stack.append(item)
