"""The battle phase: attack step, spell step, damage step, level-up step (rules over a game's
:class:`~.state.TTState`).

One fight: the turn player names a target — an opposing character, or the player when the
opponent has no untapped character (TT-BAT-3) — and the attackers, all together and in order
(TT-BAT-1, TT-BAT-8). The defending player may move the attack to an untapped 【ディフェンサー】
(TT-KW-1) unless an attacker has 【ペネトレイト】. Then the spell step (a priority window,
TT-BAT-5), the damage step (TT-BAT-6), an effect window while the damage still stands (TT-BAT-9),
damage wearing off (TT-BAT-7), and the level-up step (TT-BAT-10). The turn player may then
declare another fight with characters that have not attacked yet (TT-BAT-11).
"""

from __future__ import annotations

from fuda.engine.core import Decision, Option
from fuda.engine.toho_tcg.effects import damage_player
from fuda.engine.toho_tcg.field import (
    deal_damage,
    destroy,
    fire,
    keywords,
    lethal,
    put_hard,
    refresh,
    set_tapped,
    wear_off,
)
from fuda.engine.toho_tcg.state import Fight, Steps, TTGame
from fuda.engine.toho_tcg.windows import window

END = Option("end", "バトルフェイズを終える")
PLAYER = Option("target:player", "相手プレイヤーにダイレクトアタック")


def _card(options: tuple[Option, ...], pick: str) -> int:
    """The card of the picked option."""
    value = next(o.value for o in options if o.id == pick)
    assert isinstance(value, int)
    return value


def can_attack(g: TTGame, c: int) -> bool:
    """An untapped character that has not attacked this turn may attack (TT-BAT-11)."""
    s = g.state
    return not s.tapped[c] and not s.attacked[c]


def battle_phase(g: TTGame, t: int) -> Steps[None]:
    """Fights until the turn player ends the battle phase or no character can attack."""
    s, k = g.state, g.static
    if s.turn == 1 and not k.first_attacks:
        g.log.add("no-attack", t, why="first-turn")  # TT-SETUP-4
        return
    o = 1 - t
    oid, defs, refs = k.oid, k.defs, k.refs
    while True:
        eligible = [c for c in s.chars[t] if can_attack(g, c)]
        if not eligible:
            return
        options = [Option(f"target:{oid[c]}", f"{defs[c].name}を攻撃", refs[c]) for c in s.chars[o]]
        if not any(not s.tapped[c] for c in s.chars[o]):
            options.append(PLAYER)
        options.append(END)
        picks = yield Decision(t, "attack", tuple(options), "TT-BAT-1", "攻撃対象を選ぶ")
        if picks[0] == "end":
            return
        target = -1 if picks[0] == "target:player" else k.by_oid[picks[0][7:]]
        att_opts = tuple(Option(f"attacker:{oid[c]}", defs[c].name, refs[c]) for c in eligible)
        if len(att_opts) == 1:
            attackers = [eligible[0]]
        else:
            picks = yield Decision(t, "attackers", att_opts, "TT-BAT-8",
                                   "攻撃するキャラクター（選んだ順に攻撃）", min=1, max=len(att_opts))
            attackers = [_card(att_opts, x) for x in picks]
        yield from fight_once(g, t, Fight(attackers, target, o))


def fight_once(g: TTGame, t: int, f: Fight) -> Steps[None]:
    """One fight from declaration to the level-up step."""
    s = g.state
    oid = g.static.oid
    s.fight = f
    for a in f.attackers:
        s.attacked[a] = True
    g.log.add("attack", t, attackers=[oid[a] for a in f.attackers], target=oid[f.target] if f.target >= 0 else None)
    if f.target >= 0:
        yield from defender(g, f)
    for a in f.attackers:
        fire(g, "on-attack", a, t)
    yield from window(g, "spell-step", "TT-BAT-5")
    yield from damage_step(g, t, f)
    yield from window(g, "after-damage", "TT-BAT-9")
    s.fight = None
    wear_off(g)
    yield from level_up_step(g, t, f)


def defender(g: TTGame, f: Fight) -> Steps[None]:
    """TT-KW-1 / TT-KW-10: the defending player may move the attack to an untapped defender."""
    s = g.state
    if any("penetrate" in keywords(g, a) for a in f.attackers):
        return
    o = f.defending
    alts = [c for c in s.chars[o] if c != f.target and not s.tapped[c] and "defender" in keywords(g, c)]
    if not alts:
        return
    oid, defs = g.static.oid, g.static.defs
    options = (Option("keep", "攻撃対象を変更しない"),
               *(Option(f"redirect:{oid[c]}", f"{defs[c].name}が攻撃を受ける", g.static.refs[c]) for c in alts))
    picks = yield Decision(o, "defender", options, "TT-KW-1", f"{defs[f.target].name}が攻撃された")
    if picks[0] != "keep":
        new = _card(options, picks[0])
        g.log.add("redirect", o, source=None, old=oid[f.target], new=oid[new], why="defender")
        f.target = new


def damage_step(g: TTGame, t: int, f: Fight) -> Steps[None]:
    """TT-BAT-6/8, TT-KW-4/5/6/10: combat damage, then destruction and tapping."""
    s = g.state
    oid = g.static.oid
    if s.dirty:
        refresh(g)
    o = f.defending
    atts = [a for a in f.attackers if s.zone[a] == "char" and s.ctrl[a] == t]
    atk, dfn = s.atk, s.dfn
    g.log.add("damage-step", t, attackers=[oid[a] for a in atts])
    d = f.target
    if d < 0:
        for a in atts:
            if atk[a]:
                yield from combat_to_player(g, a, o, atk[a])
    elif s.zone[d] != "char" or s.ctrl[d] != o:
        for a in atts:  # the blocker is gone: strikers hit the player (TT-KW-6)
            if atk[a] and "striker" in s.kw[a]:
                yield from combat_to_player(g, a, o, atk[a])
    else:
        first = atts[0] if atts else -1
        power = {a: atk[a] for a in atts}
        kd = s.kw[d]
        d_atk, d_def = atk[d], dfn[d]
        f_def = dfn[first] if first >= 0 else 0
        d_safe = first >= 0 and "fast-attack" in kd and d_atk > f_def
        for a in atts:
            if d_safe:
                g.log.add("prevent", o, card=oid[d], source=oid[a], why="fast-attack")
                continue
            before = s.damage[d]
            deal_damage(g, d, power[a], a, combat=True)
            if before <= d_def < s.damage[d]:
                f.kills.append((a, d))
        if first >= 0:
            if "fast-attack" in s.kw[first] and power[first] > d_def:
                g.log.add("prevent", t, card=oid[first], source=oid[d], why="fast-attack")
            else:
                deal_damage(g, first, d_atk, d, combat=True)
                if s.damage[first] > f_def:
                    f.kills.append((d, first))
        for a in atts:
            if "striker" in s.kw[a] and "penetrate" not in kd and power[a] > d_def:
                yield from combat_to_player(g, a, o, power[a] - d_def)
        if first >= 0 and "striker" in kd and "penetrate" not in s.kw[first] and d_atk > f_def:
            yield from combat_to_player(g, d, t, d_atk - f_def)
    killers = {v: k for k, v in f.kills}
    dead = lethal(g)
    fallen = []
    for c, by in dead:
        who = killers.get(c, by)
        if who >= 0 and s.ctrl[who] != s.ctrl[c] and (who, c) not in f.kills:
            f.kills.append((who, c))
        fallen.append(c)
        destroy(g, c, who)
    f.kills = [(k, v) for k, v in f.kills if v in fallen]
    for a in atts:
        if s.zone[a] == "char" and "trickster" not in keywords(g, a):
            set_tapped(g, a, True, "attacked")
    if d >= 0 and s.zone[d] == "char" and s.ctrl[d] == o:
        set_tapped(g, d, True, "defended")
    for k, _v in f.kills:
        if s.zone[k] == "char":
            fire(g, "on-battle-destroy", k, s.ctrl[k])


def combat_to_player(g: TTGame, a: int, p: int, n: int) -> Steps[None]:
    """Combat damage to a player (direct attack or 【ストライカー】), TT-BAT-3/4."""
    yield from damage_player(g, p, n, a, combat=True)
    s = g.state
    if s.zone[a] == "char":
        fire(g, "on-damage-player", a, s.ctrl[a])


def level_up_step(g: TTGame, t: int, f: Fight) -> Steps[None]:
    """TT-BAT-10: a Normal that destroyed an opposing character in this fight may become its
    Hard from the hand for free; it keeps its tap state."""
    s = g.state
    defs, oid, refs, owner = g.static.defs, g.static.oid, g.static.refs, g.static.owner
    for p in (t, 1 - t):
        done = []
        for k, _v in f.kills:
            if k in done or s.zone[k] != "char" or s.ctrl[k] != p or defs[k].rank != "normal":
                continue
            done.append(k)
            want = defs[k].id
            hards: list[int] = []
            seen: list[str] = []
            for h in s.hand[p]:
                if defs[h].levels_from == want and defs[h].id not in seen:
                    seen.append(defs[h].id)
                    hards.append(h)
            if not hards or owner[k] != p:
                continue
            options = (*(Option(f"level:{oid[h]}", f"{defs[h].label}にレベルアップ", refs[h]) for h in hards),
                       Option("skip", "レベルアップしない"))
            picks = yield Decision(p, "level-up", options, "TT-BAT-10", f"{defs[k].name}のレベルアップ")
            if picks[0] == "skip":
                continue
            h = _card(options, picks[0])
            s.hand[p].remove(h)
            g.log.add("level-up", p, card=oid[h], on=oid[k])
            put_hard(g, p, h, k)
            fire(g, "on-enter", h, p)
    if s.fired:
        yield from window(g, "triggers", "TT-SPELL-2")
