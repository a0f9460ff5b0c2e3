"""Priority windows (a mixin of TohoTCG): who may play what, and when a window closes.

A window (standby, main, the battle's spell step and after-damage check, end) gives the turn
player priority first. A player with priority plays something or passes. Putting a spell or an
ability on the stack hands priority to the opponent; an action that does not use the stack
(making 霊力, playing a character or a world, paying a 【トラッシュ】) keeps it. When both players
pass in succession, the top of the stack resolves and the turn player receives priority again;
with an empty stack the window closes. A player whose only choice is to pass is not asked.
"""

from __future__ import annotations

from fuda.engine.core import Decision, Option
from fuda.engine.toho_tcg.cards import keyword_label
from fuda.engine.toho_tcg.stack import Item
from fuda.i18n import Text

PASS = Option("pass", "パス")
REIRYOKU = Option("reiryoku", "霊力を生み出す（手札１枚をトラッシュ／キャラクター１体をタップ）")
WINDOW_JA = {"standby": "スタンバイフェイズ", "main": "メインフェイズ", "spell-step": "スペルステップ",
             "after-damage": "ダメージ後の効果発動確認", "end": "エンドフェイズ", "triggers": "誘発の処理"}


class Windows:
    """Priority, options and plays; expects the state attributes of TohoTCG."""

    def window(self, name: str, rule: str):
        """Run one priority window until both players pass with an empty stack."""
        passes = 0
        p = self.active
        self.window_name = name
        prompt = WINDOW_JA[name]
        while True:
            if self.fired:
                yield from self.stack_triggers()
                passes = 0
                p = self.active
            options = self.priority_options(p, name)
            if len(options) == 1:
                pick = "pass"
            else:
                self.window_name = name
                picks = yield Decision(p, "priority", options, rule, prompt, explain=self.explain_priority)
                pick = picks[0]
            if pick == "pass":
                passes += 1
                if passes < 2:
                    p = 1 - p
                    continue
                if not self.stack:
                    return
                yield from self.resolve_top()
                passes, p = 0, self.active
                continue
            passes = 0
            option = next(o for o in options if o.id == pick)
            if (yield from self.act(p, option)):
                p = 1 - p

    # -- what may be played ----------------------------------------------------------------------
    def qa_used(self, p: int) -> int:
        """Quicks and assisters p played this turn plus older assisters in the zone (TT-SPELL-6)."""
        new = self.new_assisters
        return self.qa_played[p] + sum(1 for a in self.assisters[p] if a not in new)

    def qa_limited(self, p: int) -> bool:
        """Whether the quick/assister limit holds for p now: in p's own turn (TT-SPELL-5 「自分の
        ターンで最大３枚」), and in the opponent's turn too with the variant quick-limit-both-turns."""
        return p == self.active or self.qa_both_turns

    def qa_block(self, p: int):
        """Why the limit stops p from playing a quick or an assister now, or None (TT-SPELL-5/6)."""
        if not self.qa_limited(p) or self.qa_used(p) < self.qa_limit:
            return None
        return Text("why.tt.qa_limit_both" if self.qa_both_turns else "why.tt.qa_limit", limit=self.qa_limit)

    def play_block(self, p: int, c: int, window: str) -> str | None:
        """Why p cannot play hand card c now, or None (TT-MAIN-1, TT-STBY-1, TT-SPELL-5 …)."""
        d = self.defs[c]
        if self.zone[c] != "hand" or self.owner[c] != p:
            return Text("why.tt.not_in_hand", name=d.name, player=p + 1)
        main = window == "main" and p == self.active and not self.stack
        if d.kind == "quick" or d.kind == "assister":
            if d.kind == "assister" and not main:
                return Text("why.tt.assister")
            block = self.qa_block(p)
            if block is not None:
                return block
        elif not main:
            return Text("why.tt.main_only", kind=Text(f"tt.kind.{d.kind}"))
        elif d.kind == "character":
            if d.rank == "normal":
                if len(self.chars[p]) >= self.max_chars:
                    return Text("why.tt.max_chars", max=self.max_chars)
            elif self.hard_base(p, c) < 0:
                return Text("why.tt.hard")
        elif d.kind == "equip" and not self.attach_targets(p, c):
            return Text("why.tt.no_equip")
        if d.cost > self.rei[p] + self.sources(p) - 1:
            return Text("why.tt.cost", cost=d.cost, player=p + 1, can=self.rei[p] + self.sources(p) - 1)
        if d.on_play is not None and not self.has_targets(p, c, d.kind, d.on_play):
            return Text("why.no_target")
        return None

    def hard_base(self, p: int, hard: int) -> int:
        """The Normal (owned and on p's field) a Hard may be played on, or -1 (TT-CHAR-2)."""
        want = self.defs[hard].levels_from
        for c in self.chars[p]:
            if self.defs[c].id == want and self.owner[c] == p:
                return c
        return -1

    def ability_block(self, p: int, src: int, ability) -> str | None:
        """Why p cannot play an activated ability of src now, or None (TT-SPELL-2, TT-BAT-2)."""
        z = self.zone[src]
        if z not in ("char", "assister", "equip", "world") or self.ctrl[src] != p:
            return Text("why.tt.not_controlled", player=p + 1, name=self.defs[src].name)
        if z == "char" and self.tapped[src]:
            return Text("why.tt.tapped")
        cost = ability.extras["cost"]
        tap = cost.get("tap", False)
        if tap and self.tapped[src]:
            return Text("why.tt.tap_cost")
        need = cost.get("reiryoku", 0)
        if need > self.rei[p] + self.sources(p, src if tap else -1):
            return Text("why.tt.cost_short", need=need, player=p + 1)
        if not self.has_targets(p, src, "activated", ability):
            return Text("why.no_target")
        return None

    def trash_block(self, p: int, c: int) -> str | None:
        """Why p cannot pay c's 【トラッシュ】 now, or None (TT-KW-7, TT-WORLD-3)."""
        d = self.defs[c]
        if d.trash is None or self.zone[c] not in ("char", "assister", "world"):
            return Text("why.tt.no_trash", name=d.name)
        if self.zone[c] != "world" and self.ctrl[c] != p:
            return Text("why.tt.trash_owner")
        if d.trash > self.rei[p] + self.sources(p):
            return Text("why.tt.trash_cost", cost=d.trash)
        return None

    def priority_options(self, p: int, window: str) -> list[Option]:
        """Every choice of the player with priority; ``pass`` first. (The fast twin of
        :meth:`play_block`, :meth:`ability_block` and :meth:`trash_block`, which explain.)"""
        options = [PASS]
        most = 0
        defs, hand, tapped = self.defs, self.hand[p], self.tapped
        chars = self.chars[p]
        untapped = 0
        for c in chars:
            if not tapped[c]:
                untapped += 1
        rei = self.rei[p]
        avail = rei + len(hand) + untapped
        if hand:
            main = window == "main" and p == self.active and not self.stack
            limit_ok = not self.qa_limited(p) or self.qa_used(p) < self.qa_limit  # TT-SPELL-5/6
            seen = []
            play_opts = self.play_opts
            for c in hand:
                d = defs[c]
                if d.cost >= avail:  # the card itself leaves the hand: cost <= avail - 1
                    continue
                k = d.kind
                if k == "quick":
                    if not limit_ok:
                        continue
                elif not main:
                    continue
                elif k == "character":
                    if d.rank == "normal":
                        if len(chars) >= self.max_chars:
                            continue
                    elif self.hard_base(p, c) < 0:
                        continue
                elif k == "assister":
                    if not limit_ok:
                        continue
                elif k == "equip" and not self.attach_targets(p, c):
                    continue
                if d.id in seen:
                    continue
                seen.append(d.id)
                if d.on_play is not None and not self.has_targets(p, c, k, d.on_play):
                    continue
                options.append(play_opts[c])
                if d.hand_sensitive and d.cost > most:
                    most = d.cost
        for src in self.controlled(p):
            d = defs[src]
            if d.acts:
                for n, ability in enumerate(d.activated):
                    if self.ability_block(p, src, ability) is None:
                        options.append(self.activate_option(src, n))
                if d.trash is not None and d.trash <= avail and (self.zone[src] == "world" or self.ctrl[src] == p):
                    options.append(self.trash_option(src))
        w = self.world
        if w >= 0 and self.ctrl[w] != p and defs[w].trash is not None and defs[w].trash <= avail:
            options.append(self.trash_option(w))
        # Every payment makes the 霊力 it lacks, so making 霊力 ahead only matters before a card whose
        # effect counts the hand (天狗の新聞): offered then, up to that card's cost (TT-COST-1).
        if rei < most and avail > rei + 1:
            options.append(REIRYOKU)
        return options

    def controlled(self, p: int) -> list[int]:
        """p's cards on the field: characters, their equips, assisters, the world if p's."""
        out = list(self.chars[p])
        for q in (0, 1):
            for c in self.chars[q]:
                e = self.equip[c]
                if e >= 0 and self.ctrl[e] == p:
                    out.append(e)
        out += self.assisters[p]
        if self.world >= 0 and self.ctrl[self.world] == p:
            out.append(self.world)
        return out

    def activate_option(self, src: int, n: int) -> Option:
        key = (src, n)
        o = self._opt_cache.get(key)
        if o is None:
            o = self._opt_cache[key] = self._activate_option(src, n)
        return o

    def _activate_option(self, src: int, n: int) -> Option:
        suffix = f":{n + 1}" if len(self.defs[src].activated) > 1 else ""
        return Option(f"activate:{self.oid[src]}{suffix}", f"起動: {self.defs[src].activated[n].text}",
                      (self.refs[src], n))

    def trash_option(self, c: int) -> Option:
        o = self._opt_cache.get(c)
        if o is None:
            o = self._opt_cache[c] = self._trash_option(c)
        return o

    def _trash_option(self, c: int) -> Option:
        return Option(f"trash:{self.oid[c]}", f"{keyword_label('trash', self.defs[c].trash)}: {self.defs[c].name}",
                      self.refs[c])

    def explain_priority(self, pick: str) -> str | None:
        """Why a known but unavailable priority choice is not allowed now."""
        d = self.pending
        p = d.player if d is not None else self.active
        kind, _, rest = pick.partition(":")
        oid, _, num = rest.partition(":")
        c = self.by_oid.get(oid)
        if kind == "reiryoku":
            return Text("why.tt.reiryoku_ahead")
        if c is None:
            return None
        if kind == "play":
            return self.play_block(p, c, self.window_name) or Text("why.tt.one_copy")
        if kind == "activate":
            abilities = self.defs[c].activated
            n = int(num) - 1 if num.isdigit() else 0
            if not 0 <= n < len(abilities):
                return Text("why.tt.no_ability", name=self.defs[c].name)
            return self.ability_block(p, c, abilities[n])
        if kind == "trash":
            return self.trash_block(p, c)
        return None

    # -- acting --------------------------------------------------------------------------------
    def act(self, p: int, option: Option):
        """Do one priority action; True when it put something on the stack."""
        kind = option.id.partition(":")[0]
        if kind == "reiryoku":
            options = self.source_options(p)
            picks = yield Decision(p, "reiryoku", options, "TT-COST-2", "霊力を１生み出す")
            self.make_from(p, picks, options)
            return False
        if kind == "play":
            return (yield from self.play_card(p, option.value))
        if kind == "activate":
            src, n = option.value
            yield from self.activate(p, src, self.defs[src].activated[n])
            return True
        yield from self.pay(p, self.defs[option.value].trash)
        c = option.value
        self.log.add("trash-keyword", p, card=self.oid[c], cost=self.defs[c].trash)
        self.remove_from_field(c, "trash")
        return False

    def play_card(self, p: int, c: int):
        """Play a hand card (TT-TERM-1): characters and worlds enter at once; spells use the stack."""
        d = self.defs[c]
        self.hand[p].remove(c)
        self.limbo.append(c)  # announced, not yet on the stack or the field
        used_stack = yield from self._play_card(p, c, d)
        self.limbo.remove(c)
        return used_stack

    def _play_card(self, p: int, c: int, d):
        if d.kind == "character":
            self.zone[c] = "stack"
            yield from self.pay(p, d.cost)
            base = self.hard_base(p, c) if d.rank == "hard" else -1
            self.log.add("play", p, card=self.oid[c], kind="character", targets=[],
                         on=self.oid[base] if base >= 0 else None)
            if base >= 0:
                self.put_hard(p, c, base)
            else:
                self.enter_char(p, c)
            self.fire("on-enter", c, p)
            return False
        if d.kind == "world":
            self.zone[c] = "stack"
            yield from self.pay(p, d.cost)
            old = self.world
            self.log.add("play", p, card=self.oid[c], kind="world", targets=[],
                         replaces=self.oid[old] if old >= 0 else None)
            if old >= 0:
                self.remove_from_field(old, "trash")  # TT-WORLD-2
            self.world, self.zone[c], self.ctrl[c] = c, "world", p
            self.dirty = True
            self.fire("on-enter", c, p)
            return False
        self.zone[c] = "stack"
        if d.kind in ("quick", "assister"):
            self.qa_played[p] += 1
        self.sid += 1
        item = Item(self.sid, d.kind, p, c, d.on_play, {})
        if d.kind == "equip":
            cands = self.attach_targets(p, c)
            if len(cands) == 1:
                item.targets["attach"] = cands[0]
            else:
                options = tuple(Option(self.target_id(x), self.target_label(x), self.target_value(x)) for x in cands)
                picks = yield Decision(p, "attach", options, "TT-SPELL-4", f"{d.name}を装備するキャラクター")
                item.targets["attach"] = next(o.value for o in options if o.id == picks[0])
        elif d.on_play is not None:
            yield from self.choose_targets(item)
        yield from self.pay(p, d.cost)
        self.log.add("play", p, card=self.oid[c], kind=d.kind, sid=item.sid, targets=self.shown(item))
        yield from self.spell_defender(item)
        self.stack.append(item)
        return True

    def activate(self, p: int, src: int, ability):
        """Play an activated ability (【起動】): pay, target, put it on the stack (TT-SPELL-2)."""
        cost = ability.extras["cost"]
        if cost.get("tap"):
            self.set_tapped(src, True, "cost")
        self.sid += 1
        item = Item(self.sid, "activated", p, src, ability, {})
        yield from self.choose_targets(item)
        yield from self.pay(p, cost.get("reiryoku", 0), src if cost.get("tap") else -1)
        self.log.add("activate", p, card=self.oid[src], index=ability.index, sid=item.sid,
                     targets=self.shown(item))
        yield from self.spell_defender(item)
        self.stack.append(item)

    def shown(self, item: Item) -> list[str]:
        """The item's chosen targets for the log: ``target:<oid>`` or ``stack:<sid>:<oid>``."""
        return [f"stack:{v.sid}:{self.oid[v.card]}" if isinstance(v, Item) else self.target_id(v)
                for v in item.targets.values()]

    # -- triggers ------------------------------------------------------------------------------
    def fire(self, event: str, c: int, p: int) -> None:
        """Queue card c's triggered abilities for ``event`` (controller p)."""
        d = self.defs[c]
        if event in d.trigger_names:
            for trig, ability in d.triggers:
                if trig == event:
                    self.fired.append((p, c, ability))

    def fire_all(self, p: int, event: str) -> None:
        """Queue the phase triggers of every card p controls (standby-phase, end-phase)."""
        for c in self.controlled(p):
            self.fire(event, c, p)

    def stack_triggers(self):
        """Put waiting triggered abilities on the stack: the turn player's first, so the
        opponent's resolve first; each player's in the order they fired resolve first-fired first."""
        fired, self.fired = self.fired, []
        t = self.active
        for p in (t, 1 - t):
            for q, c, ability in reversed([f for f in fired if f[0] == p]):
                self.sid += 1
                item = Item(self.sid, "triggered", q, c, ability, {})
                if not self.has_targets(q, c, "triggered", ability):
                    self.log.add("no-target", q, card=self.oid[c], index=ability.index)
                    continue
                yield from self.choose_targets(item)
                self.log.add("trigger", q, card=self.oid[c], index=ability.index, sid=item.sid,
                             targets=self.shown(item))
                self.stack.append(item)
