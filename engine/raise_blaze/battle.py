"""The battle phase (a mixin of :class:`~.game.RaiseBlaze`), RB-BAT-1..8.

One attack, in order: the turn player declares attacker and target (each fighter and the core
fighter attack at most once a turn); the defender may open a face-down spell (the 【迎撃】
window, RB-SPL-1); an attack on the core fighter may be blocked by one of the defender's
fighters or let through (RB-BAT-7; a core fighter never blocks, RB-BAT-8); the attacker's
【攻撃時】 abilities resolve; the powers are compared (RB-BAT-2..6). A core fighter that would be
destroyed loses a life card instead (RB-BAT-5).
"""

from __future__ import annotations

from fuda.engine.core import CardRef, Decision, Option
from fuda.i18n import Text

THROUGH = Option("through", "守らずに通す")
PASS = Option("pass", "何もしない")


class Attack:
    """The attack in progress: who attacks what, whether it was blocked or negated."""

    __slots__ = ("attacker", "blocked", "by_core", "negated", "player", "target")

    def __init__(self, player: int, attacker: int, target: int, by_core: bool):
        self.player = player
        self.attacker = attacker
        self.target = target
        self.by_core = by_core
        self.blocked = False
        self.negated = False


class BattleRules:
    """Attack declaration, the 【迎撃】 window, blocks, 【攻撃時】 and the power comparison."""

    def attackers(self, t: int) -> list[int]:
        """t's cards that may still attack this turn (RB-BAT-1)."""
        turn, done = self.turn, self.attacked_on
        out = [f for f in self.slots[t] if f >= 0 and done[f] != turn]
        core = self.core[t]
        if done[core] != turn:
            out.append(core)
        if self._fx is None:
            self.sources()
        if self._no_attack:
            blocked = self._flag_set("no-attack")
            out = [c for c in out if c not in blocked]
        return out

    BATTLE_TAIL = ((Option("end", "バトルフェイズを終える"),),
                   (Option("end", "バトルフェイズを終える"), Option("concede", "投了する")))

    def battle_options(self, t: int) -> tuple[Option, ...]:
        """Every attacker × target pair, the turn player's spells and 【起動】 (RB-SPL-1: any time
        in one's own turn), then ``end`` (to main phase 2)."""
        options = self._attack_options(t)
        options += self.quick_options(t)
        options += self.BATTLE_TAIL[self.offer_concede]
        return tuple(options)

    def _attack_options(self, t: int) -> list[Option]:
        """Every attacker × target pair (RB-BAT-1)."""
        turn, done = self.turn, self.attacked_on
        attackers = [f for f in self.slots[t] if f >= 0 and done[f] != turn]  # as attackers(), inlined
        core = self.core[t]
        if done[core] != turn:
            attackers.append(core)
        if not attackers:
            return []
        if self._fx is None:
            self.sources()
        if self._no_attack:
            blocked = self._flag_set("no-attack")
            attackers = [c for c in attackers if c not in blocked]
            if not attackers:
                return []
        targets = [f for f in self.slots[1 - t] if f >= 0]
        targets.append(self.core[1 - t])
        cache = self.cache
        options = []
        add = options.append
        for a in attackers:
            for b in targets:
                o = cache.get(a * 1024 + b)
                if o is None:
                    o = cache[a * 1024 + b] = self._attack_option(a, b)
                add(o)
        return options

    def _attack_option(self, a: int, b: int) -> Option:
        (a_id, a_name), (b_id, b_name) = self._named(a), self._named(b)
        return Option(f"attack:{a_id}>{b_id}", f"{a_name}で相手の{b_name}を攻撃", (CardRef(a), CardRef(b)))

    def _named(self, card: int) -> tuple[str, str]:
        d = self.defs[card]
        return ("core", "コアファイター") if d.kind == "core-fighter" else (self.oid[card], d.name)

    def battle_phase(self, t: int):
        """RB-BAT-1: attacks one by one (spells and 【起動】 between them, RB-SPL-1) until the turn
        player ends the battle phase; after each action the opponent may open a set spell."""
        while True:
            options = self.battle_options(t)
            if len(options) == 1:
                return "end"  # nothing can attack or be used: nothing to decide
            picks = yield Decision(t, "battle", options, "RB-BAT-1", "バトルフェイズ", 1, 1, self.explain_battle)
            pick = picks[0]
            if pick in ("end", "concede"):
                return pick
            for o in options:
                if o.id == pick:
                    break
            value = o.value
            if type(value[0]) is not str:  # an attack (attacker, target), not (verb, card …)
                yield from self.attack_with(t, int(value[0]), int(value[1]))
            else:
                yield from self.act(t, value)
            zone = self.spell[1 - t]
            if zone and not self.face_up[zone[-1]]:
                yield from self.respond(1 - t)

    def explain_battle(self, pick: str) -> str | None:
        """Why a well-formed attack (or spell, 【起動】) is not allowed now."""
        if pick.startswith(("summon:", "raise:", "set:")):
            return Text("why.rb.main_only")
        if pick.startswith(("spell:", "open:", "activate")):
            return self.explain_main(pick)
        if not pick.startswith("attack:") or ">" not in pick:
            return None
        t = self.active
        a_id, t_id = pick[7:].split(">", 1)
        a = self.core[t] if a_id == "core" else self.by_oid[t].get(a_id)
        if a is None:
            return None
        if not self.on_field(a):
            return Text("why.not_on_field", name=self.defs[a].name)
        if self.attacked_on[a] == self.turn:
            return Text("why.rb.attacked", name=self.defs[a].name)
        if not self.can_attack(a):
            return Text("why.rb.cannot_attack", name=self.defs[a].name)
        if t_id != "core":
            target = self.by_oid[1 - t].get(t_id)
            if target is None or self.slot_of[target] < 0:
                return Text("why.rb.no_target", target=t_id)
        return None

    def attack_with(self, t: int, attacker: int, target: int):
        """One attack, declaration to battle result."""
        q = 1 - t
        atk = Attack(t, attacker, target, attacker == self.core[t])
        self.attacked_on[attacker] = self.turn
        self.push(("attack", t, ("attacker", "target"), self.label_of(attacker), self.label_of(target)))
        self.played()
        self.attack = atk
        try:
            zone = self.spell[q]
            if zone and not self.face_up[zone[-1]]:
                yield from self.intercept_window(q, atk)  # RB-SPL-1: 【迎撃】, before any block
                if atk.negated or not self.on_field(attacker) or not self.on_field(target):
                    if not atk.negated:
                        self.push(("attack-ends", t, ("attacker",), self.label_of(attacker)))
                    return
            slots = self.slots[q]
            if target == self.core[q] and slots.count(-1) < len(slots):  # RB-BAT-7
                options = [self.block_option(f) for f in slots if f >= 0]
                options.append(THROUGH)
                picks = yield self.decision(q, "block", tuple(options), "RB-BAT-7", "コアファイターへの攻撃を守るか")
                if picks[0] != "through":
                    blocker = self.by_oid[q][picks[0][6:]]
                    atk.target = blocker
                    atk.blocked = True
                    self.push(("block", q, ("card",), self.oid[blocker]))
                else:
                    self.push(("through", q, {}))
            for ability in self.defs[attacker].on_attack:  # 【攻撃時】, after block, before the comparison
                if self.holds(t, ability.condition, atk):
                    yield from self.run_ability(self.ctx(t, attacker, atk), ability)
                    if atk.negated or not self.on_field(attacker):
                        break
            zone = self.spell[q]
            if (zone and not self.face_up[zone[-1]]) or self.quick_options(t, atk):  # (most often neither)
                yield from self.attack_window(t, q, atk)
            if atk.negated or not self.on_field(attacker) or not self.on_field(atk.target):
                if not atk.negated:
                    self.push(("attack-ends", t, ("attacker",), self.label_of(attacker)))
                return
            yield from self.fight(atk)
        finally:
            self.attack = None

    def fight(self, atk: Attack):
        """RB-BAT-2..6: compare powers; the lower is destroyed, both when equal; a core fighter
        loses a life card instead of being destroyed; battle-immune fighters stay."""
        a, b = atk.attacker, atk.target
        pa, pb = self.power(a), self.power(b)
        losers = (b,) if pa > pb else (a,) if pa < pb else (a, b)
        self.push(("battle", atk.player, ("attacker", "power", "target", "against"),
                       self.label_of(a), pa, self.label_of(b), pb))
        lives, dead = [], []
        for card in losers:
            if self.is_core(card):
                lives.append(self.owner[card])
            elif self.battle_immune(card):
                self.push(("immune", self.owner[card], ("card",), self.oid[card]))
            else:
                dead.append(card)
        for card in dead:
            self.leave_field(card)
            self.to_grave(card)
            self.push(("destroyed", self.owner[card], ("card", "why"), self.oid[card], "battle"))
        if lives:
            yield from self.destroy_life(lives, a)
        if dead:
            yield from self.destroyed_triggers(dead)

    def block_option(self, f: int) -> Option:
        """The (cached) option of blocking with fighter ``f``."""
        o = self.cache.get(-1 - f)
        if o is None:
            o = self.cache[-1 - f] = Option(f"block:{self.oid[f]}", f"{self.defs[f].name}で守る", CardRef(f))
        return o

    def intercept_window(self, q: int, atk: Attack):
        """The defender may open the face-down top card of their spell zone: a 【迎撃】 spell
        whose condition holds, or any spell it could activate now (RB-SPL-1)."""
        card = self.spell_top(q)
        if card < 0 or self.face_up[card] or not self.can_open(q, card, atk, True):
            return
        picks = yield self.decision(q, "intercept", (self.menus[card][7], PASS), "RB-SPL-1", "迎撃のタイミング")
        if picks[0] != "pass":
            yield from self.open_set_spell(q, card, atk, True)

    def respond(self, q: int, atk: Attack | None = None):
        """The non-turn player's window (RB-SPL-1 「相手ターン中でも伏せていればいつでも」): they may
        open the face-down top spell of their zone if it could be activated now (【迎撃】 only in
        the attack's declaration window). Offered at every phase change and after each action of
        the turn player, but not again when nothing at all has happened since they last passed (the
        same position: a second question would be the same question); returns True when they
        opened it."""
        zone = self.spell[q]
        if not zone:
            return False
        card = zone[-1]
        if self.face_up[card] or self.spell_block(q, card, False, atk) is not None:
            return False
        if self.passed == len(self.log._items):
            return False
        picks = yield self.decision(q, "respond", (self.menus[card][7], PASS), "RB-SPL-1", "相手ターン中の発動")
        if picks[0] == "pass":
            self.passed = len(self.log._items)  # (the answer is logged already)
            return False
        yield from self.open_set_spell(q, card, atk)
        return True

    def attack_window(self, t: int, q: int, atk: Attack):
        """Before the power comparison (after block and 【攻撃時】): the attacker may play spells and
        【起動】 (RB-SPL-1), the defender may open a set spell after each of those and when the
        attacker passes; when the defender opens one, the attacker may answer again."""
        while not (atk.negated or not self.on_field(atk.attacker) or not self.on_field(atk.target)):
            options = self.quick_options(t, atk)
            if options:
                options.append(PASS)
                picks = yield self.decision(t, "window", tuple(options), "RB-SPL-1", "バトル直前", 1, 1,
                                            self.explain_battle)
                if picks[0] != "pass":
                    for o in options:
                        if o.id == picks[0]:
                            break
                    yield from self.act(t, o.value, atk)
                    if self.spell[q]:
                        yield from self.respond(q, atk)
                    continue
            if not self.spell[q]:
                return
            opened = yield from self.respond(q, atk)
            if not opened:
                return

    def negate(self, ctx) -> None:
        """negate-attack: the current attack ends with no battle (the attacker has attacked)."""
        if ctx.attack is not None:
            ctx.attack.negated = True
            self.push(("negated", ctx.player, ("card",), self.oid[ctx.card]))
