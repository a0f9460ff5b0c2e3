"""Zones, card moves, power and static abilities (a mixin of :class:`~.game.RaiseBlaze`).

State is plain lists of card numbers: a card number indexes ``defs`` (its CardDef), ``owner``
and ``oid`` (its readable id: the card id, ``#2`` … for further copies of one player). Per
player: ``deck`` (top = last), ``hand``, ``life`` (top = last), ``grave``, ``ups`` (power-up
cards on the core), ``core`` (the chosen core fighter), ``core_deck``, ``slots`` (5 fighter
zones, -1 = empty) and ``spell`` (the spell zone, bottom to top). Per card: ``under`` (the
pile underneath a fighter, bottom to top), ``slot_of``, ``host_of``, ``face_up`` and the two
one-shot power changes ``eot`` (until the end of the turn) and ``stay`` (while on the field).
"""

from __future__ import annotations

from fuda.engine.core import GameOver, Termination
from fuda.engine.raise_blaze.cards import Source

_new = tuple.__new__  # Source(...) without the NamedTuple's Python-level __new__


class FieldRules:
    """Moves between zones, power (RB-BAT-2..6, RB-LIFE-1) and static abilities."""

    # -- where cards are ---------------------------------------------------------------------
    def fighters(self, p: int) -> list[int]:
        """p's fighters in their fighter zones, in zone order (RB-ZONE-1)."""
        return [c for c in self.slots[p] if c >= 0]

    def on_field(self, card: int) -> bool:
        """A fighter in a fighter zone or a core fighter on the core field."""
        return self.slot_of[card] >= 0 or self.core[self.owner[card]] == card

    def is_core(self, card: int) -> bool:
        return self.core[self.owner[card]] == card

    def spell_top(self, p: int) -> int:
        """The top card of p's spell zone (-1 when empty)."""
        zone = self.spell[p]
        return zone[-1] if zone else -1

    # -- static abilities ----------------------------------------------------------------------
    def sources(self) -> list[Source]:
        """Every static ability applying now (cached until the field changes)."""
        fx = self._fx
        if fx is not None:
            return fx
        fx = []
        add = fx.append
        defs, owner, under = self.defs, self.owner, self.under
        for p in (0, 1):
            for f in self.slots[p]:
                if f >= 0:
                    for st in defs[f].field_fx:
                        add(_new(Source, (f, p, -1, st)))
                    for u in under[f]:
                        for st in defs[u].pile_fx:
                            add(_new(Source, (u, owner[u], f, st)))
            c = self.core[p]
            if c >= 0:
                for st in defs[c].field_fx:
                    add(_new(Source, (c, p, -1, st)))
            zone = self.spell[p]
            if zone and self.face_up[zone[-1]]:  # RB-SPL-3: only the top, face up, works
                for st in defs[zone[-1]].active_fx:
                    add(_new(Source, (zone[-1], p, -1, st)))
        self._fx = fx
        power, immune, no_attack = [], [], []
        self._by_kind = {"power": power, "immune": immune, "no-attack": no_attack}
        live = False  # a flag that depends on the attack in progress is never cached
        for src in fx:
            st = src.static
            kind = st.kind
            if kind == "power":
                power.append(src)
            else:
                (immune if kind == "immune" else no_attack).append(src)
                if st.live:
                    live = True
        self._no_attack = bool(no_attack)
        self._immune = bool(immune)
        self._live_flags = live
        self._flags = None
        return fx

    def changed(self, *cards: int) -> None:
        """Cards moved on or off the field or its piles: the list of applying static abilities is
        rebuilt on the next query if one of them has any; who cannot attack or is battle-immune is
        always worked out again. Without cards (the spell zone changed): rebuild everything."""
        self._flags = None
        if not cards:
            self._fx = None
            return
        defs = self.defs
        for c in cards:
            if defs[c].has_fx:
                self._fx = None
                return

    def _flag_set(self, kind: str) -> set:
        """The cards on the field a static ability of ``kind`` (no-attack / immune) applies to."""
        flags = self._flags
        if flags is None:
            flags = self._flags = {}
        found = flags.get(kind)
        if found is None:
            found = set()
            field = None
            for src in self._by_kind[kind]:
                st = src.static
                if st.condition is not None and not self.holds(src.ctrl, st.condition, self.attack):
                    continue
                pick = st.target.pick
                if pick == "self":
                    cands = (src.card,)
                elif pick == "host":
                    cands = (src.host,)
                elif pick == "own-core":
                    cands = (self.core[src.ctrl],)
                elif pick == "opponent-core":
                    cands = (self.core[1 - src.ctrl],)
                else:
                    if field is None:
                        field = [c for c in (*self.slots[0], *self.slots[1], *self.core) if c >= 0]
                    cands = field
                for c in cands:
                    if c >= 0 and c not in found and st.fn(self, src, c, *st.pos):
                        found.add(c)
            if not self._live_flags:
                flags[kind] = found
        return found

    def static_match(self, source: Source, card: int, target) -> bool:
        """Does a static ability's target cover ``card`` now?"""
        pick = target.pick
        if pick == "self":
            return card == source.card
        if pick == "host":
            return card == source.host
        if pick == "own-core":
            return card == self.core[source.ctrl]
        if pick == "opponent-core":
            return card == self.core[1 - source.ctrl]
        return self.matches(card, target, source.ctrl, source.card, static=True)

    def matches(self, card: int, target, ctrl: int, src: int, static: bool = False) -> bool:
        """Does a field card fit a chosen / all target of ``ctrl``'s card ``src``?"""
        zone = target.zone
        p = self.owner[card]
        if zone == "fighter":
            if self.slot_of[card] < 0:
                return False
        elif zone == "core":
            if self.core[p] != card:
                return False
        elif card not in self.spell[p] or card in self.resolving:
            return False
        side = target.side
        if (side == "own" and p != ctrl) or (side == "opponent" and p == ctrl):
            return False
        d = self.defs[card]
        if target.types and not target.types.intersection(d.types):
            return False
        if target.name_of and d.name != self.pool.names[target.name_of]:
            return False
        if target.exclude_self and card == src:
            return False
        if target.power_at_most is not None:
            # statics compare printed power (a current-power test would depend on itself)
            value = d.power if static else self.power(card)
            if value > target.power_at_most:
                return False
        return True

    def holds(self, p: int, cond, attack=None) -> bool:
        """An ability condition seen from its controller p (every set key must hold)."""
        if cond is None:
            return True
        if cond.own_life_at_most is not None and len(self.life[p]) > cond.own_life_at_most:
            return False
        if cond.attack_target:
            if attack is None or ("core" if self.is_core(attack.target) else "fighter") != cond.attack_target:
                return False
        if cond.attacker:
            if attack is None or ("core" if attack.by_core else "fighter") != cond.attacker:
                return False
        return True

    def power(self, card: int) -> int:
        """Current power: printed (+ power-ups for a core) + one-shot changes + statics, ≥ 0."""
        d = self.defs[card]
        value = d.power + self.eot[card] + self.stay[card]
        if d.kind == "core-fighter":
            n = len(self.ups[self.owner[card]])
            if n:  # RB-LIFE-1: +1000 for the first power-up card, +500 for each later one
                value += self.up_first + (n - 1) * self.up_next
        if self._fx is None:
            self.sources()
        for src in self._by_kind["power"]:  # what each applying static op gives the card
            st = src.static
            target = st.target
            pick = target.pick
            # cheap refusals (the op function decides everything else): not the host / not itself /
            # a sweep of fighters that does not cover this card's zone or side
            if pick == "host":
                if card != src.host:
                    continue
            elif pick == "self":
                if card != src.card:
                    continue
            elif pick == "all" and target.zone == "fighter" and (
                    self.slot_of[card] < 0 or ((target.side == "own") != (self.owner[card] == src.ctrl)
                    and target.side != "any")):
                continue
            if st.condition is not None and not self.holds(src.ctrl, st.condition, self.attack):
                continue
            value += st.fn(self, src, card, *st.pos)
        return value if value > 0 else 0

    def battle_immune(self, card: int) -> bool:
        """Not destroyed by battle (楼観剣)."""
        if self._fx is None:
            self.sources()
        return self._immune and card in self._flag_set("immune")

    def can_attack(self, card: int) -> bool:
        """Not forbidden to attack by a static ability (RB-BAT-1)."""
        if self._fx is None:
            self.sources()
        return not self._no_attack or card not in self._flag_set("no-attack")

    # -- moves ---------------------------------------------------------------------------------
    def draw(self, p: int, why: str) -> None:
        """Draw the top card; a player who cannot draw loses (RB-LOSE-2)."""
        deck = self.deck[p]
        if not deck:
            self.push(("no-draw", p, ("why",), why))
            raise GameOver(1 - p, f"P{p + 1} cannot draw from an empty deck (RB-LOSE-2)", Termination.DECK_OUT,
                           f"P{p + 1}のデッキが空で引けない")
        card = deck.pop()
        self.hand[p].append(card)
        self.push(("draw", p, ("card", "why"), self.oid[card], why))

    def mill(self, p: int, count: int) -> None:
        """The top cards of p's deck go to the graveyard."""
        deck = self.deck[p]
        cards = [deck.pop() for _ in range(min(count, len(deck)))]
        self.grave[p].extend(cards)
        self.push(("mill", p, ("cards",), [self.oid[c] for c in cards]))

    def add_life(self, p: int, count: int) -> None:
        """The top cards of p's deck go face down into the life zone."""
        deck = self.deck[p]
        n = min(count, len(deck))
        for _ in range(n):
            self.life[p].append(deck.pop())
        self._flags = None  # a condition may count life cards
        self.push(("add-life", p, ("count", "life"), n, len(self.life[p])))

    def to_grave(self, card: int) -> None:
        """Put a card (already taken from its zone) into its owner's graveyard."""
        self.grave[self.owner[card]].append(card)

    def leave_field(self, card: int) -> list[int]:
        """Take a fighter out of its zone; the pile underneath goes to the graveyard (RB-SUM-5,
        RB-SPL-4). Returns that pile."""
        p = self.owner[card]
        self.slots[p][self.slot_of[card]] = -1
        self.slot_of[card] = -1
        self.eot[card] = self.stay[card] = 0
        pile = self.under[card]
        self.under[card] = ()
        for u in pile:
            self.host_of[u] = -1
            self.to_grave(u)
        self.changed(card, *pile)
        return pile

    def spell_leaves(self, card: int) -> None:
        """Take a card out of its owner's spell zone."""
        self.spell[self.owner[card]].remove(card)
        self.face_up[card] = False
        self.changed()

    def place(self, p: int, card: int, under: list[int]) -> int:
        """Put a fighter into a zone, with ``under`` (own fighters) going underneath it; returns
        the zone. Equip spells on a fighter that goes underneath go to the graveyard, its pile
        of fighters stays in the new pile (interpretation, RB-SUM-5)."""
        slots, defs = self.slots[p], self.defs
        if under:
            zone = min(self.slot_of[u] for u in under)
            pile = []
            for u in under:
                slots[self.slot_of[u]] = -1
                self.slot_of[u] = -1
                self.eot[u] = self.stay[u] = 0
                for x in self.under[u]:
                    if defs[x].kind == "fighter":
                        pile.append(x)
                        self.host_of[x] = card
                    else:
                        self.host_of[x] = -1
                        self.to_grave(x)
                        self.changed(x)
                self.under[u] = ()
                pile.append(u)
                self.host_of[u] = card
            self.under[card] = pile
        else:
            zone = slots.index(-1)
        slots[zone] = card
        self.slot_of[card] = zone
        self.changed(card, *self.under[card])
        return zone

    def boost(self, card: int, amount: int, until: str) -> None:
        """A one-shot power change (modify-power) on a card on the field."""
        if until == "end-of-turn":
            if not self.eot[card]:
                self.boosted.append(card)
            self.eot[card] += amount
        else:
            self.stay[card] += amount
        self.push(("boost", self.owner[card], ("card", "amount", "until", "power"),
                       self.oid[card], amount, until, self.power(card)))

    def end_of_turn_boosts(self) -> None:
        """ターン終了時まで: the end-of-turn changes end."""
        for card in self.boosted:
            self.eot[card] = 0
        self.boosted.clear()

    # -- life -----------------------------------------------------------------------------------
    def destroy_life(self, players: list[int], by: int = -1):
        """Destroy one life card of each player in ``players`` at once (RB-BAT-5/6); a player
        left with none loses (RB-LOSE-1, both: a draw); each survivor chooses hand or power-up
        for the destroyed card (RB-LIFE-1)."""
        lost = []
        for p in players:
            life = self.life[p]
            if not life:
                continue
            card = life.pop()
            self._flags = None  # a condition may count life cards
            self.lost_life[p].append(card)  # destroyed, waiting for its owner's choice
            self.push(("life-lost", p, ("card", "left"), self.oid[card], len(life)))
            lost.append((p, card))
        out = [p for p, _ in lost if not self.life[p]]
        if out:
            for p, card in lost:
                if not self.life[p]:
                    self.lost_life[p].remove(card)
                    self.grave[p].append(card)
            if len(out) == 2:
                raise GameOver(None, "both players lost their last life card at once (RB-LOSE-1)", Termination.DRAW,
                               "両者が同時に最後のライフカードを失った")
            raise GameOver(1 - out[0], f"P{out[0] + 1} has no life cards left (RB-LOSE-1)", Termination.LIFE,
                           f"P{out[0] + 1}のライフカードが尽きた")
        for p, card in sorted(lost, key=lambda x: x[0] != self.active):
            picks = yield self.decision(p, "life", self.LIFE_OPTIONS, "RB-LIFE-1",
                                        f"破壊されたライフカード（{self.defs[card].name}）の使い道")
            self.lost_life[p].remove(card)
            if picks[0] == "hand":
                self.hand[p].append(card)
                self.push(("life-to-hand", p, ("card",), self.oid[card]))
            else:
                self.ups[p].append(card)
                self.push(("power-up", p, ("card", "power"), self.oid[card], self.power(self.core[p])))
