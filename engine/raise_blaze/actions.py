"""The main phase (a mixin of :class:`~.game.RaiseBlaze`): summons, spells, 【起動】.

RB-SUM-1..3: one normal (raise 0) or raise summon a turn; RB-SPL-1..4: the single spell zone —
setting face down, playing face up (on top of a set spell or a continuous spell), continuous
spells staying, equip spells going underneath a fighter; activated abilities with their cost and
once-per-turn limit.
"""

from __future__ import annotations

from fuda.engine.core import Decision, Option
from fuda.engine.raise_blaze.battle import Attack
from fuda.i18n import Text

PROMPTS = {1: "メインフェイズ", 2: "メインフェイズ2"}


class Ctx:
    """The context of an ability: controller, card, and the attack it belongs to or answers."""

    __slots__ = ("attack", "card", "equip", "player")

    def __init__(self, player: int, card: int, attack: Attack | None = None, equip: int = -1):
        self.player = player
        self.card = card
        self.attack = attack
        self.equip = equip


class MainRules:
    """Main-phase options and the actions they start."""

    def main_options(self, t: int, phase: int) -> tuple[Option, ...]:
        """The turn player's choices now, deduplicated by card id (copies are alike)."""
        options: list[Option] = []
        add = options.append
        menus = self.menus
        slots = self.slots[t]
        zone = self.spell[t]
        if zone:
            top = zone[-1]
            covered = self.face_up[top]  # a face-up continuous spell lies there
        else:
            top = -1
            covered = False
        # copies of a card are alike: the first copy in the hand speaks for all (one bit per
        # card id in ``seen``); a copy adds nothing when the first added nothing
        seen = 0
        klass = self.klass  # the MENU_* class of each card (literals: this loop is the hottest of all)
        if self.summoned:  # no summon: only spells can add options (fighters are skipped unread)
            for card in self.hand[t]:
                cls = klass[card]
                if cls < 2:
                    continue
                m = menus[card]
                if not seen & m[9]:
                    seen |= m[9]
                    if top < 0:
                        add(m[5])
                    if cls == 3 or (cls == 4 and not covered) or (  # MENU_PLAIN, MENU_CONTINUOUS
                            cls == 5 and self.spell_block(t, card, True) is None):  # MENU_CHECKED
                        add(m[6])
        else:
            nfield = len(slots) - slots.count(-1)
            summon_free = nfield < len(slots)
            for card in self.hand[t]:
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
                            cls == 5 and self.spell_block(t, card, True) is None):  # MENU_CHECKED
                        add(m[6])
        if top >= 0 and not covered and self.spell_block(t, top, False) is None:  # can_open
            add(menus[top][7])
        acts = self.acts  # acts[-1] (an empty zone) is empty
        if any(map(acts.__getitem__, slots)):  # (rare: a fighter with 【起動】 on the field)
            for card in slots:
                if acts[card]:
                    self._activations(t, card, add, acts[card])
        core = self.core[t]
        if acts[core]:
            self._activations(t, core, add, acts[core])
        options.extend(self.MAIN_TAIL[phase - 1 + 2 * self.offer_concede])
        return tuple(options)

    MAIN_TAIL = ((Option("battle", "バトルフェイズへ"), Option("end", "ターンを終える")),
                 (Option("end", "ターンを終える"),),
                 (Option("battle", "バトルフェイズへ"), Option("end", "ターンを終える"), Option("concede", "投了する")),
                 (Option("end", "ターンを終える"), Option("concede", "投了する")))

    def _activations(self, t: int, card: int, add, entries) -> None:
        turn, used = self.turn, self.used
        for option, ability, once, cost, cond in entries:
            if once and used.get((card, ability.index)) == turn:
                continue
            if cost is not None and ((cost.discard and len(self.hand[t]) < cost.discard)
                                     or (cost.detach and len(self.under[card]) < cost.detach)):
                continue
            if cond is not None and not self.holds(t, cond):
                continue
            add(option)

    def main_phase(self, t: int, phase: int):
        """Actions in any order until ``battle`` (phase 1 only) or ``end``; returns the pick."""
        while True:
            options = self.main_options(t, phase)
            if len(options) == 1:
                return options[0].id  # only ``end``: nothing to decide
            picks = yield Decision(t, "main", options, "RB-TURN-1", PROMPTS[phase], 1, 1, self.explain_main)
            pick = picks[0]
            if pick in ("battle", "end", "concede"):
                return pick
            for o in options:
                if o.id == pick:
                    break
            yield from self.act(t, o.value)
            zone = self.spell[1 - t]
            if zone and not self.face_up[zone[-1]]:  # RB-SPL-1: after each action, the opponent's window
                yield from self.respond(1 - t)

    def act(self, t: int, value, atk=None):
        """Carry out one action of the turn player (an option value ``(verb, card, …)``)."""
        verb, card = value[0], int(value[1])  # (the state keeps plain numbers: see engine.core.hidden.CardRef)
        if self.clock is not None:
            self.clock.played()
        if verb == "summon":
            yield from self.summon(t, card, "normal", "hand", [])
        elif verb == "raise":
            d = self.defs[card]
            under = yield from self.choose_field(t, self.fighters(t), d.raise_, "underneath", "RB-SUM-2",
                                                 f"{d.name}の下敷きにするファイター", own_only=True)
            yield from self.summon(t, card, "raise", "hand", under)
        elif verb == "set":
            self.hand[t].remove(card)
            self.seen_in_hand[t].discard(card)  # face down now: which hand card it was is not shown
            self.spell[t].append(card)
            self.face_up[card] = False
            self.push(("set", t, ("card",), self.oid[card]))
        elif verb == "spell":
            yield from self.play_spell(t, card, atk)
        elif verb == "open":
            yield from self.open_set_spell(t, card, atk)
        else:
            yield from self.activate(t, card, value[2], atk)

    def quick_options(self, t: int, atk=None) -> list[Option]:
        """The turn player's actions outside a main phase (RB-SPL-1 「自分のターン中であればいつでも」):
        spells from the hand, the face-down top spell opened, 【起動】 abilities — no summons and no
        setting (those are the main phases' preparation, RB-TURN-1)."""
        options: list[Option] = []
        add = options.append
        menus, klass = self.menus, self.klass
        zone = self.spell[t]
        top = zone[-1] if zone else -1
        covered = top >= 0 and self.face_up[top]
        seen = 0
        for card in self.hand[t]:
            cls = klass[card]
            if cls < 3:  # fighters and 【迎撃】-only spells
                continue
            m = menus[card]
            if seen & m[9]:
                continue
            seen |= m[9]
            if cls == 3 or (cls == 4 and not covered) or (  # MENU_PLAIN, MENU_CONTINUOUS
                    cls == 5 and self.spell_block(t, card, True, atk) is None):  # MENU_CHECKED
                add(m[6])
        if top >= 0 and not covered and self.spell_block(t, top, False, atk) is None:
            add(menus[top][7])
        acts = self.acts  # acts[-1] (an empty zone) is empty
        slots = self.slots[t]
        if any(map(acts.__getitem__, slots)):  # (rare: a fighter with 【起動】 on the field)
            for card in slots:
                if acts[card]:
                    self._activations(t, card, add, acts[card])
        core = self.core[t]
        if acts[core]:
            self._activations(t, core, add, acts[core])
        return options

    def explain_main(self, pick: str) -> str | None:
        """Why a well-formed main-phase action is not allowed now."""
        t = self.active
        verb, _, cid = pick.partition(":")
        if verb in ("summon", "raise", "set", "spell", "open") and cid in self.pool.defs:
            d = self.pool[cid]
            in_hand = any(self.defs[c].id == cid for c in self.hand[t])
            if verb == "open":
                top = self.spell_top(t)
                if top < 0 or self.defs[top].id != cid or self.face_up[top]:
                    return Text("why.rb.not_top", name=d.name)
                return Text("why.rb.cannot_open")
            if not in_hand:
                return Text("why.not_in_hand", name=d.name)
            if verb in ("summon", "raise"):
                if d.kind != "fighter":
                    return Text("why.rb.not_fighter", name=d.name)
                if self.summoned:
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
            return self.spell_block(t, self.hand[t][[self.defs[c].id for c in self.hand[t]].index(cid)], True)
        if verb == "activate":
            return Text("why.rb.ability")
        if pick == "battle":
            return Text("why.rb.battle_once")
        return None

    # -- summons -------------------------------------------------------------------------------
    def summon(self, p: int, card: int, how: str, source: str, under: list[int]):
        """Put a fighter onto the field (RB-SUM-1..4) and resolve its 【召喚時】."""
        if source == "hand":
            self.hand[p].remove(card)
            self.seen_in_hand[p].discard(card)
        elif source == "graveyard":
            self.grave[p].remove(card)
        else:
            self.deck[p].remove(card)
        zone = self.place(p, card, under)
        if how in ("normal", "raise"):
            self.summoned = True  # RB-SUM-3
        self.push(("summon", p, ("card", "how", "zone", "under", "source"),
                       self.oid[card], how, zone + 1, [self.oid[u] for u in under], source))
        if self.defs[card].on_summon:
            yield from self.run_triggers(p, card, self.defs[card].on_summon)

    def effect_summon(self, ctx: Ctx, source: str, filt, raise_: int, count: int):
        """effect-summon: RB-SUM-4, no per-turn limit; with raise N an effect raise summon."""
        p = ctx.player
        how = "effect-raise" if raise_ else "effect"
        summoned = False
        for _ in range(count):
            pool = self.summonable(p, source, filt)
            room = len(self.fighters(p)) >= raise_ if raise_ else -1 in self.slots[p]
            if not pool or not room:
                self.push(("nothing", p, ("card", "op"), self.oid[ctx.card], "effect-summon"))
                break
            (card,) = yield from self.choose_cards(p, pool, 1, "effect-summon", "RB-SUM-4",
                                                   "エフェクト召喚するファイター")
            under = []
            if raise_:
                under = yield from self.choose_field(p, self.fighters(p), raise_, "underneath", "RB-SUM-4",
                                                     "下敷きにするファイター", own_only=True)
            summoned = True
            yield from self.summon(p, card, how, source, under)
        if source == "deck" and summoned:
            self.shuffle_deck(p)

    def summonable(self, p: int, source: str, filt) -> list[int]:
        """p's fighters in hand / graveyard / deck matching ``filt``."""
        cards = self.hand[p] if source == "hand" else self.grave[p] if source == "graveyard" else self.deck[p]
        names = self.pool.names
        defs = self.defs
        return [c for c in cards if defs[c].kind == "fighter" and (filt is None or filt.matches(defs[c], names))]

    # -- spells --------------------------------------------------------------------------------
    def spell_block(self, p: int, card: int, from_hand: bool, atk=None, intercept: bool = False) -> str | None:
        """Why p cannot activate ``card`` now (from the hand, or opened from face down), or None.
        ``atk``: the attack in progress; ``intercept``: this is the 【迎撃】 window of its declaration."""
        d = self.defs[card]
        if not d.playable:
            if not intercept or not d.on_intercept:
                return Text("why.rb.intercept_only", name=d.name)
        if from_hand:
            top = self.spell_top(p)
            if top >= 0 and self.face_up[top]:
                if d.spell_type == "continuous":
                    return Text("why.rb.continuous")
        if intercept and d.on_intercept:
            if any(self.holds(p, a.condition, atk) for a in d.on_intercept):
                return None
            if not d.playable:
                return Text("why.rb.intercept_condition", name=d.name)
        for a in d.on_activate:
            if not self.holds(p, a.condition, atk):
                return Text("why.rb.condition_of", name=d.name)
        if d.spell_type == "equip" and not self.has_equip_host(p, d):
            return Text("why.rb.no_equip", name=d.name)
        return None

    def can_open(self, p: int, card: int, atk, intercept: bool = False) -> bool:
        """Can p open their face-down top spell now (``intercept``: in the 【迎撃】 window of ``atk``)?"""
        return self.spell_block(p, card, False, atk, intercept) is None

    def equip_hosts(self, p: int, card: int) -> list[int]:
        """The fighters an equip spell of p may go underneath (its equip-to)."""
        d = self.defs[card]
        side, types = d.equip_side, d.equip_types
        out = []
        for q in ((p,) if side == "own" else (1 - p,) if side == "opponent" else (p, 1 - p)):
            for f in self.slots[q]:
                if f >= 0 and (not types or types.intersection(self.defs[f].types)):
                    out.append(f)
        return out

    def has_equip_host(self, p: int, d) -> bool:
        """Is there a fighter the equip spell ``d`` of p may go underneath (equip_hosts not empty)?"""
        side, types, defs = d.equip_side, d.equip_types, self.defs
        for q in ((p,) if side == "own" else (1 - p,) if side == "opponent" else (p, 1 - p)):
            for f in self.slots[q]:
                if f >= 0 and (not types or not types.isdisjoint(defs[f].types)):
                    return True
        return False

    def play_spell(self, p: int, card: int, atk=None):
        """Play a spell face up from the hand on top of the spell zone (RB-SPL-1..3)."""
        self.hand[p].remove(card)
        self.seen_in_hand[p].discard(card)
        self.spell[p].append(card)
        self.face_up[card] = True
        self.changed()
        self.push(("spell", p, ("card", "source"), self.oid[card], "hand"))
        yield from self.resolve_spell(p, card, atk)

    def open_set_spell(self, p: int, card: int, atk, intercept: bool = False):
        """Turn the face-down top spell face up and resolve it (RB-SPL-1)."""
        self.face_up[card] = True
        self.changed()
        self.push(("spell", p, ("card", "source"), self.oid[card], "set"))
        yield from self.resolve_spell(p, card, atk, intercept)

    def resolve_spell(self, p: int, card: int, atk, intercept: bool = False):
        """Resolve a spell on top of p's spell zone, then: normal → graveyard, continuous → stays
        (RB-SPL-3), equip → underneath its fighter (RB-SPL-4)."""
        d = self.defs[card]
        host = -1
        if d.spell_type == "equip":  # the fighter is chosen first
            (host,) = yield from self.choose_field(p, self.equip_hosts(p, card), 1, "equip", "RB-SPL-4",
                                                   f"{d.name}を装着するファイター")
        ctx = Ctx(p, card, atk, host)
        if intercept and d.on_intercept:
            abilities = [a for a in d.on_intercept if self.holds(p, a.condition, atk)]
        else:
            abilities = d.on_activate
        self.resolving.append(card)
        try:
            for ability in abilities:
                yield from self.run_ability(ctx, ability)
        finally:
            self.resolving.remove(card)
        if card not in self.spell[p]:
            return  # it left the zone while resolving
        if d.spell_type == "continuous":
            return
        self.spell_leaves(card)
        if d.spell_type == "equip" and host >= 0 and self.slot_of[host] >= 0:
            if not self.under[host]:
                self.under[host] = []
            self.under[host].append(card)
            self.host_of[card] = host
            self.changed(card)
            self.push(("equip", p, ("card", "host", "side"), self.oid[card], self.oid[host], self.owner[host]))
        else:
            self.to_grave(card)

    # -- activated abilities -----------------------------------------------------------------------
    def activate_block(self, p: int, card: int, ability) -> str | None:
        """Why p cannot activate this 【起動】 ability now, or None."""
        if ability.once and self.used.get((card, ability.index)) == self.turn:
            return Text("why.once_per_turn")
        cost = ability.cost
        if cost is not None:
            if cost.discard and len(self.hand[p]) < cost.discard:
                return Text("why.rb.cost_discard", need=cost.discard, hand=len(self.hand[p]))
            if cost.detach and len(self.under[card]) < cost.detach:
                return Text("why.rb.cost_detach", need=cost.detach, under=len(self.under[card]))
        if not self.holds(p, ability.condition):
            return Text("why.condition")
        return None

    def activate(self, p: int, card: int, n: int, atk=None):
        """Pay the cost and resolve a 【起動】 ability."""
        ability = self.defs[card].activated[n]
        self.used[(card, ability.index)] = self.turn
        self.push(("activate", p, ("card",), self.label_of(card)))
        cost = ability.cost
        if cost is not None:
            if cost.discard:
                cards = yield from self.choose_cards(p, self.hand[p], cost.discard, "cost", "RB-TURN-1",
                                                     "コスト: 捨てる手札")
                self.discard_cards(p, cards, "cost")
            if cost.detach:
                cards = yield from self.choose_cards(p, self.under[card], cost.detach, "cost", "RB-SUM-5",
                                                     "コスト: 墓地に送る下敷き")
                for u in cards:
                    self.under[card].remove(u)
                    self.host_of[u] = -1
                    self.to_grave(u)
                self.changed(*cards)
                self.push(("detach", p, ("card", "cards"), self.oid[card], [self.oid[u] for u in cards]))
        yield from self.run_ability(Ctx(p, card, atk), ability)
