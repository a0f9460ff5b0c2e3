"""Card movement rules of Recast Rift: draw, rebuild, face-down, reserve, lift, recast-up,
retrieval and deploy (a mixin of :class:`~engine.recast_rift.game.RecastRift`).

Zones are plain lists of card numbers: ``deck[p]`` (top = last), ``hand[p]``, ``facedown[p]``,
``reserve[p]``, ``zones[p][z]`` for the recast zone z (0 = ［０］, 1 = Ⅰ, 2 = Ⅱ, 3 = Ⅲ) and the
shared ``cast_zone`` (a stack, top = last).
"""

from __future__ import annotations

from itertools import combinations

from fuda.engine.core import CardRef, Decision
from fuda.engine.core.decision import option

ROMAN = {0: "［０］", 1: "［Ⅰ］", 2: "［Ⅱ］", 3: "［Ⅲ］"}
ZONE_OPTIONS = {z: option(f"zone:{z}", ROMAN[z], z) for z in ROMAN}


class ZoneRules:
    """Movement rules; expects the state attributes of RecastRift."""

    # -- deck ------------------------------------------------------------------------------
    def can_rebuild(self, p: int) -> bool:
        """RR-REB-4: a face-down or reserve card is needed."""
        return bool(self.facedown[p] or self.reserve[p])

    def rebuild(self, p: int, why: str) -> None:
        """RR-REB-2: shuffle face-down pile, reserve pile and deck into a new deck."""
        deck = self.deck[p]
        deck.extend(self.facedown[p])
        deck.extend(self.reserve[p])
        self.facedown[p].clear()
        self.reserve[p].clear()
        self.rng.shuffle(deck)
        oid = self.oid
        self.log.push(("rebuild", p, ("why", "size"), why, len(deck)))
        self.log.push(("chance", p, ("what", "result"), "shuffle", [oid[c] for c in reversed(deck)]))

    def draw_one(self, p: int, why: str):
        """Draw one card (RR-REB-1: rebuild an empty deck first; RR-REB-5: else skip). Returns
        the card or None."""
        deck = self.deck[p]
        if not deck:
            if not (self.facedown[p] or self.reserve[p]):
                self.log.push(("no-draw", p, ("why",), why))
                return None
            self.rebuild(p, "empty-deck")
        card = deck.pop()
        self.hand[p].append(card)
        self.log.push(("draw", p, ("card", "why"), self.oid[card], why))
        return card

    # -- hand and piles ------------------------------------------------------------------------
    def face_down(self, p: int, cards, why: str) -> None:
        """Move hand cards of p to p's face-down pile."""
        if not cards:
            return
        hand = self.hand[p]
        for c in cards:
            hand.remove(c)
        self.seen_in_hand[p].difference_update(cards)
        self.facedown[p].extend(cards)
        self.log.push(("face-down", p, ("cards", "why"), [self.oid[c] for c in cards], why))

    def choose_hand(self, target: int, chooser: int, lo: int, hi: int, kind: str, rule: str, prompt: str):
        """Ask ``chooser`` for lo..hi cards of ``target``'s hand (positions when the hand is
        hidden from the chooser); returns the cards."""
        hand = self.hand[target]
        if hi <= 0:
            return []
        if lo >= len(hand):
            return list(hand)
        if chooser == target:
            card_opt = self.card_opt
            picks = yield Decision(chooser, kind, tuple(map(card_opt.__getitem__, hand)), rule, prompt, lo, hi)
            by_oid = self.by_oid[target]  # the option ids are the cards' ids
            return [by_oid[x] for x in picks]
        # a hand hidden from the chooser: positions (plain numbers, not cards: the decision shows
        # none), read when answered — a search's copy may have dealt that hand again meanwhile
        options = tuple(option(f"pos:{i + 1}", f"手札の{i + 1}枚目", i) for i in range(len(hand)))
        picks = yield Decision(chooser, kind, options, rule, prompt, lo, hi)
        by_id = {o.id: o.value for o in options}
        return [hand[by_id[x]] for x in picks]

    def choose_zone(self, p: int, zones, kind: str, rule: str, prompt: str):
        """Ask p for one of ``zones`` (3, 2, 1); returns the zone number."""
        options = tuple(map(ZONE_OPTIONS.__getitem__, zones))
        picks = yield Decision(p, kind, options, rule, prompt)
        return int(picks[0][5:])

    def to_reserve(self, card: int, why: str) -> None:
        """Put a card (wherever it is) into its owner's reserve pile."""
        p = self.owner[card]
        for place in (self.cast_zone, *self.zones[p], self.hand[p]):
            if card in place:
                place.remove(card)
                break
        else:
            return
        self.seen_in_hand[p].discard(card)
        self.reserve[p].append(card)
        self.log.push(("reserve", p, ("card", "why"), self.oid[card], why))

    def pile_to_hand(self, p: int, pile: str, count: int, source: int):
        """The controller puts ``count`` cards of their face-down or reserve pile into the hand."""
        cards = self.facedown[p] if pile == "face-down" else self.reserve[p]
        n = min(count, len(cards))
        if n == 0:
            return
        if n == len(cards):
            chosen = list(cards)
        else:
            card_opt = self.card_opt
            options = tuple(map(card_opt.__getitem__, cards))
            picks = yield Decision(p, "to-hand", options, "RR-ZONE-1",
                                   f"{self.name_of(source)}: 手札に加えるカード", n, n)
            chosen = [self.by_oid[p][x] for x in picks]
        for c in chosen:
            cards.remove(c)
            self.hand[p].append(c)
        if pile != "face-down":  # the reserve pile is open: the opponent saw which cards these are
            self.seen_in_hand[p].update(chosen)
        self.log.push(("to-hand", p, ("cards", "pile"), [self.oid[c] for c in chosen], pile))

    # -- recast zone -------------------------------------------------------------------------
    def zone_of(self, card: int) -> int:
        """The recast zone number of a deployed card, or -1."""
        for z, cards in enumerate(self.zones[self.owner[card]]):
            if card in cards:
                return z
        return -1

    def deployed(self, p: int) -> list[int]:
        """p's deployed cards, ［０］ first then Ⅰ, Ⅱ, Ⅲ, each in placing order."""
        z = self.zones[p]
        return z[0] + z[1] + z[2] + z[3]

    def can_lift_one(self, card: int) -> bool:
        """RR-LIFT-2: a single card moves only into a zone with a free place (［０］ always)."""
        z = self.zone_of(card)
        return z == 1 or (z > 1 and len(self.zones[self.owner[card]][z - 1]) < self.cap)

    def lift_cards(self, p: int, chosen, why: str):
        """Lift ``chosen`` cards of p simultaneously (RR-LIFT-1..3), then retrieve (RR-LIFT-4).

        RR-LIFT-2 reading: places freed by cards moving out count; when more cards would enter
        a zone than it has places, p chooses which move (the others stay)."""
        zones = self.zones[p]
        cap = self.cap
        if len(chosen) == len(zones[1]) + len(zones[2]) + len(zones[3]):
            if self.lift_everything(p, why):
                yield from self.retrieve_zero(p)
            return
        moving: list[tuple[int, int]] = []
        moved_out = len([c for c in zones[1] if c in chosen])
        moving.extend((c, 1) for c in zones[1] if c in chosen)
        for z in (2, 3):
            movers = [c for c in zones[z] if c in chosen]
            free = cap - (len(zones[z - 1]) - moved_out)
            if len(movers) > free:
                if free <= 0:
                    movers = []
                else:
                    card_opt = self.card_opt
                    options = tuple(map(card_opt.__getitem__, movers))
                    picks = yield Decision(p, "lift-conflict", options, "RR-LIFT-2",
                                           f"{ROMAN[z - 1]}に入るカードを{free}枚選ぶ", free, free)
                    movers = [self.by_oid[p][x] for x in picks]
            moving.extend((c, z) for c in movers)
            moved_out = len(movers)
        if not moving:
            return
        for c, z in moving:
            zones[z].remove(c)
        for c, z in moving:
            zones[z - 1].append(c)
        self.log.push(("lift", p, ("moves", "why"), [(self.oid[c], z, z - 1) for c, z in moving], why))
        if zones[0] and not self.retrieve_one(p):
            yield from self.retrieve_zero(p)

    def lift_everything(self, p: int, why: str) -> bool:
        """Every deployed card of p lifts (lift step, refresh, "all"): every card fits, as the
        zone ahead empties. True when ［０］ still needs :meth:`retrieve_zero` (a generator)."""
        zones = self.zones[p]
        oid = self.oid
        moves = [(oid[c], z, z - 1) for z in (1, 2, 3) for c in zones[z]]
        zones[0].extend(zones[1])
        zones[1], zones[2], zones[3] = zones[2], zones[3], []
        self.log.push(("lift", p, ("moves", "why"), moves, why))
        return bool(zones[0]) and not self.retrieve_one(p)

    def lift_all(self, p: int, why: str, zone: int | None = None):
        """Lift every deployed card of p (or every one in ``zone``)."""
        z = self.zones[p]
        chosen = z[zone] if zone else z[1] + z[2] + z[3]
        if chosen:
            yield from self.lift_cards(p, list(chosen), why)

    def lift_effect(self, p: int, count, zone):
        """The lift op: ``count`` chosen cards or ``all``, optionally only in ``zone``.

        RR-LIFT-1/2 reading (「複数のカードをリフトする時は、同時に処理します。リフトしようとする時、
        リキャストゾーンに空きがない時はリフトできません。」): the cards move together, so a place
        freed by a card moving on counts. The controller chooses among every set of ``count``
        cards that fits after the simultaneous move (fewer when no such set exists: the most that
        fit); a single possible set is taken without asking."""
        if count == "all":
            yield from self.lift_all(p, "effect", zone)
            return
        zones = self.zones[p]
        pool = list(zones[zone]) if zone else zones[1] + zones[2] + zones[3]
        sets = self.lift_sets(p, pool, count)
        if not sets:
            return
        if len(sets) == 1:
            chosen = list(sets[0])
        else:
            oid, defs = self.oid, self.defs
            options = tuple(option("+".join(oid[c] for c in cards),
                                   "、".join(f"{defs[c].name} {ROMAN[self.zone_of(c)]}" for c in cards),
                                   tuple(map(CardRef, cards)))
                            for cards in sets)
            picks = yield Decision(p, "lift-set", options, "RR-LIFT-1", "リフトする展開中のカード")
            chosen = list(next(o.value for o in options if o.id == picks[0]))
        yield from self.lift_cards(p, chosen, "effect")

    def lift_sets(self, p: int, pool, count: int) -> list[tuple[int, ...]]:
        """Every set of ``count`` cards of ``pool`` (in pool order) that fits after moving
        together (RR-LIFT-2), or of the largest size that fits when none of ``count`` does."""
        for size in range(min(count, len(pool)), 0, -1):
            sets = [cards for cards in combinations(pool, size) if self._all_fit(p, cards)]
            if sets:
                return sets
        return []

    def _all_fit(self, p: int, cards) -> bool:
        zones = self.zones[p]
        for z in (2, 3):
            dest = zones[z - 1]
            stay = sum(1 for c in dest if c not in cards)
            if stay + sum(1 for c in zones[z] if c in cards) > self.cap:
                return False
        return True

    def retrieve_one(self, p: int) -> bool:
        """:meth:`retrieve_zero` for the common case that needs no generator — one card in
        ［０］, no 【回収時】 ability, no retrieval in progress; False (nothing done) otherwise."""
        zero = self.zones[p][0]
        if len(zero) != 1 or self.retrieving:
            return False
        card = zero[0]
        if self.defs[card].on_retrieve:
            return False
        oid = self.oid[card]
        self.log.push(("retrieve", p, ("card",), oid))
        zero.pop()
        self.hand[p].append(card)
        self.seen_in_hand[p].add(card)  # it came from an open zone
        self.log.push(("to-hand", p, ("cards", "pile"), [oid], "retrieve"))
        return True

    def retrieve_zero(self, p: int):
        """RR-LIFT-4/5: each card in p's ［０］, one at a time in p's order: its 【回収時】
        abilities, then to the hand unless they moved it."""
        zero = self.zones[p][0]
        while zero:
            waiting = [c for c in zero if c not in self.retrieving]
            if not waiting:
                return
            if len(waiting) == 1:
                card = waiting[0]
            else:
                card_opt = self.card_opt
                options = tuple(map(card_opt.__getitem__, waiting))
                picks = yield Decision(p, "retrieve", options, "RR-LIFT-5", "先に回収するカード")
                card = self.by_oid[p][picks[0]]
            self.retrieving.add(card)
            self.log.push(("retrieve", p, ("card",), self.oid[card]))
            try:
                for ability in self.defs[card].on_retrieve:
                    yield from self.run_ability(self.ctx(p, card), ability)
            finally:
                self.retrieving.discard(card)
            if card in zero:
                zero.remove(card)
                self.hand[p].append(card)
                self.seen_in_hand[p].add(card)  # it came from an open zone
                self.log.push(("to-hand", p, ("cards", "pile"), [self.oid[card]], "retrieve"))

    def recast_up(self, controller: int, p: int, count, amount: int):
        """Raise the recast time of p's deployed cards (not ［０］) by ``amount``; a card past
        ［Ⅲ］ becomes reserve (RR-DEP-3). The controller chooses; chosen cards move together."""
        zones = self.zones[p]
        pool = zones[1] + zones[2] + zones[3]
        if count == "all":
            chosen = pool
        else:
            chosen = []
            while len(chosen) < count:
                movable = [c for c in pool if c not in chosen and self._fits_up(p, c, chosen, amount)]
                if not movable:
                    break
                if len(movable) + len(chosen) <= count:
                    chosen.extend(movable)
                    break
                options = tuple(option(self.oid[c], f"{self.defs[c].name} {ROMAN[self.zone_of(c)]}", CardRef(c))
                                for c in movable)
                picks = yield Decision(controller, "recast-up", options, "RR-DEP-3",
                                       "リキャストタイムを増やすカード")
                chosen.append(self.by_oid[p][picks[0]])
        if not chosen:
            return
        moves = [(c, self.zone_of(c)) for c in chosen]
        for c, z in moves:
            zones[z].remove(c)
        out = []
        for c, z in moves:
            if z + amount > 3:
                self.reserve[p].append(c)
                out.append((self.oid[c], z, "reserve"))
            else:
                zones[z + amount].append(c)
                out.append((self.oid[c], z, z + amount))
        self.log.push(("recast-up", p, ("moves", "by"), out, controller))

    def _fits_up(self, p: int, card: int, chosen, amount: int) -> bool:
        z = self.zone_of(card)
        if z + amount > 3:
            return True
        dest = self.zones[p][z + amount]
        leaving = sum(1 for c in dest if c in chosen)
        entering = sum(1 for c in chosen if self.zone_of(c) == z)
        return len(dest) - leaving + entering < self.cap

    def deploy(self, p: int, card: int):
        """RR-DEP-1/4: put a processed card from the cast zone into a free allowed zone (the
        turn player chooses, as the seed says, even for the opponent's preempt card), or, with
        none free, 1 damage to life and the card becomes reserve."""
        free = self.free_zones(p, card)
        if len(free) > 1:
            options = tuple(map(ZONE_OPTIONS.__getitem__, free))
            picks = yield Decision(self.active, "deploy", options, "RR-DEP-1", f"{self.defs[card].name}を展開する場所")
            self.deploy_to(p, card, int(picks[0][5:]))
        else:
            self.deploy_to(p, card, free[0] if free else None)

    def free_zones(self, p: int, card: int) -> list[int]:
        """The recast zones ``card`` may deploy to that have a free place, farthest first."""
        zones, cap = self.zones[p], self.cap
        return [z for z in self.defs[card].recast if len(zones[z]) < cap]

    def deploy_to(self, p: int, card: int, z: int | None) -> None:
        """The end of :meth:`deploy`: ``card`` leaves the cast zone for recast zone ``z`` (it
        stays in the cast zone while its place is chosen), or with None overflows (RR-DEP-4)."""
        if z is None:
            self.cast_zone.remove(card)
            self.reserve[p].append(card)
            self.log.push(("overflow", p, ("card",), self.oid[card]))
            self.lose_life(p, 1, hit=False, card=card)
            return
        self.cast_zone.remove(card)
        self.zones[p][z].append(card)
        self.log.push(("deploy", p, ("card", "zone"), self.oid[card], z))
