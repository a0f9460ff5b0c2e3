"""The battle phase (a mixin of TohoTCG): attack step, spell step, damage step, level-up step.

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

END = Option("end", "バトルフェイズを終える")
PLAYER = Option("target:player", "相手プレイヤーにダイレクトアタック")


class Fight:
    """One declared attack: the attackers in order, the target (-1: the player), the kills."""

    __slots__ = ("attackers", "defending", "kills", "target")

    def __init__(self, attackers: list[int], target: int, defending: int):
        self.attackers = attackers
        self.target = target
        self.defending = defending
        self.kills: list[tuple[int, int]] = []  # (destroyer, destroyed) in this fight's damage step


class Combat:
    """Battle rules; expects the state attributes of TohoTCG."""

    def can_attack(self, c: int) -> bool:
        """An untapped character that has not attacked this turn may attack (TT-BAT-11)."""
        return not self.tapped[c] and not self.attacked[c]

    def battle_phase(self, t: int):
        """Fights until the turn player ends the battle phase or no character can attack."""
        if self.turn == 1 and not self.first_attacks:
            self.log.add("no-attack", t, why="first-turn")  # TT-SETUP-4
            return
        o = 1 - t
        while True:
            eligible = [c for c in self.chars[t] if self.can_attack(c)]
            if not eligible:
                return
            options = [Option(f"target:{self.oid[c]}", f"{self.defs[c].name}を攻撃", self.refs[c])
                       for c in self.chars[o]]
            if not any(not self.tapped[c] for c in self.chars[o]):
                options.append(PLAYER)
            options.append(END)
            picks = yield Decision(t, "attack", tuple(options), "TT-BAT-1", "攻撃対象を選ぶ")
            if picks[0] == "end":
                return
            target = -1 if picks[0] == "target:player" else self.by_oid[picks[0][7:]]
            att_opts = tuple(Option(f"attacker:{self.oid[c]}", self.defs[c].name, self.refs[c]) for c in eligible)
            if len(att_opts) == 1:
                attackers = [eligible[0]]
            else:
                picks = yield Decision(t, "attackers", att_opts, "TT-BAT-8",
                                       "攻撃するキャラクター（選んだ順に攻撃）", min=1, max=len(att_opts))
                by = {x.id: x.value for x in att_opts}
                attackers = [by[x] for x in picks]
            yield from self.fight_once(t, Fight(attackers, target, o))

    def fight_once(self, t: int, f: Fight):
        """One fight from declaration to the level-up step."""
        self.fight = f
        for a in f.attackers:
            self.attacked[a] = True
        self.log.add("attack", t, attackers=[self.oid[a] for a in f.attackers],
                     target=self.oid[f.target] if f.target >= 0 else None)
        if f.target >= 0:
            yield from self.defender(f)
        for a in f.attackers:
            self.fire("on-attack", a, t)
        yield from self.window("spell-step", "TT-BAT-5")
        yield from self.damage_step(t, f)
        yield from self.window("after-damage", "TT-BAT-9")
        self.fight = None
        self.wear_off()
        yield from self.level_up_step(t, f)

    def defender(self, f: Fight):
        """TT-KW-1 / TT-KW-10: the defending player may move the attack to an untapped defender."""
        if any("penetrate" in self.keywords(a) for a in f.attackers):
            return
        o = f.defending
        alts = [c for c in self.chars[o] if c != f.target and not self.tapped[c] and "defender" in self.keywords(c)]
        if not alts:
            return
        options = (Option("keep", "攻撃対象を変更しない"),) + tuple(
            Option(f"redirect:{self.oid[c]}", f"{self.defs[c].name}が攻撃を受ける", self.refs[c]) for c in alts)
        picks = yield Decision(o, "defender", options, "TT-KW-1", f"{self.defs[f.target].name}が攻撃された")
        if picks[0] != "keep":
            new = next(x.value for x in options if x.id == picks[0])
            self.log.add("redirect", o, source=None, old=self.oid[f.target], new=self.oid[new], why="defender")
            f.target = new

    def damage_step(self, t: int, f: Fight):
        """TT-BAT-6/8, TT-KW-4/5/6/10: combat damage, then destruction and tapping."""
        if self.dirty:
            self.refresh()
        o = f.defending
        atts = [a for a in f.attackers if self.zone[a] == "char" and self.ctrl[a] == t]
        atk, dfn = self.atk, self.dfn
        self.log.add("damage-step", t, attackers=[self.oid[a] for a in atts])
        d = f.target
        if d < 0:
            for a in atts:
                if atk[a]:
                    yield from self.combat_to_player(a, o, atk[a])
        elif self.zone[d] != "char" or self.ctrl[d] != o:
            for a in atts:  # the blocker is gone: strikers hit the player (TT-KW-6)
                if atk[a] and "striker" in self.kw[a]:
                    yield from self.combat_to_player(a, o, atk[a])
        else:
            first = atts[0] if atts else -1
            power = {a: atk[a] for a in atts}
            kd = self.kw[d]
            d_atk, d_def = atk[d], dfn[d]
            f_def = dfn[first] if first >= 0 else 0
            d_safe = first >= 0 and "fast-attack" in kd and d_atk > f_def
            for a in atts:
                if d_safe:
                    self.log.add("prevent", o, card=self.oid[d], source=self.oid[a], why="fast-attack")
                    continue
                before = self.damage[d]
                self.deal_damage(d, power[a], a, combat=True)
                if before <= d_def < self.damage[d]:
                    f.kills.append((a, d))
            if first >= 0:
                if "fast-attack" in self.kw[first] and power[first] > d_def:
                    self.log.add("prevent", t, card=self.oid[first], source=self.oid[d], why="fast-attack")
                else:
                    self.deal_damage(first, d_atk, d, combat=True)
                    if self.damage[first] > f_def:
                        f.kills.append((d, first))
            for a in atts:
                if "striker" in self.kw[a] and "penetrate" not in kd and power[a] > d_def:
                    yield from self.combat_to_player(a, o, power[a] - d_def)
            if first >= 0 and "striker" in kd and "penetrate" not in self.kw[first] and d_atk > f_def:
                yield from self.combat_to_player(d, t, d_atk - f_def)
        killers = {v: k for k, v in f.kills}
        dead = self.lethal()
        fallen = []
        for c, by in dead:
            who = killers.get(c, by)
            if who >= 0 and self.ctrl[who] != self.ctrl[c] and (who, c) not in f.kills:
                f.kills.append((who, c))
            fallen.append(c)
            self.destroy(c, who)
        f.kills = [(k, v) for k, v in f.kills if v in fallen]
        for a in atts:
            if self.zone[a] == "char" and "trickster" not in self.keywords(a):
                self.set_tapped(a, True, "attacked")
        if d >= 0 and self.zone[d] == "char" and self.ctrl[d] == o:
            self.set_tapped(d, True, "defended")
        for k, _v in f.kills:
            if self.zone[k] == "char":
                self.fire("on-battle-destroy", k, self.ctrl[k])

    def combat_to_player(self, a: int, p: int, n: int):
        """Combat damage to a player (direct attack or 【ストライカー】), TT-BAT-3/4."""
        yield from self.damage_player(p, n, a, combat=True)
        if self.zone[a] == "char":
            self.fire("on-damage-player", a, self.ctrl[a])

    def level_up_step(self, t: int, f: Fight):
        """TT-BAT-10: a Normal that destroyed an opposing character in this fight may become its
        Hard from the hand for free; it keeps its tap state."""
        for p in (t, 1 - t):
            done = []
            for k, _v in f.kills:
                if k in done or self.zone[k] != "char" or self.ctrl[k] != p or self.defs[k].rank != "normal":
                    continue
                done.append(k)
                want = self.defs[k].id
                hards, seen = [], []
                for h in self.hand[p]:
                    if self.defs[h].levels_from == want and self.defs[h].id not in seen:
                        seen.append(self.defs[h].id)
                        hards.append(h)
                if not hards or self.owner[k] != p:
                    continue
                options = tuple(Option(f"level:{self.oid[h]}", f"{self.defs[h].label}にレベルアップ", self.refs[h])
                                for h in hards) + (Option("skip", "レベルアップしない"),)
                picks = yield Decision(p, "level-up", options, "TT-BAT-10", f"{self.defs[k].name}のレベルアップ")
                if picks[0] == "skip":
                    continue
                h = next(x.value for x in options if x.id == picks[0])
                self.hand[p].remove(h)
                self.log.add("level-up", p, card=self.oid[h], on=self.oid[k])
                self.put_hard(p, h, k)
                self.fire("on-enter", h, p)
        if self.fired:
            yield from self.window("triggers", "TT-SPELL-2")
