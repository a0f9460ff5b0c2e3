"""Zones, card moves, continuous effects and damage (a mixin of :class:`~.game.TohoTCG`).

A card is a number indexing ``defs`` (its :class:`~.cards.CardDef`), ``owner``, ``oid`` (its
readable id) and the per-card state lists: ``zone`` (deck, hand, trash, char, under, assister,
waiting, equip, world, stack), ``ctrl`` (controller), ``tapped``, ``damage``, ``under`` (the
Normal under a Hard), ``equip``/``host`` (an equip and the character it is attached to).
Effective attack, defense and keywords (printed values, static abilities, until-end-of-turn
effects, TT-BAT-2) are recomputed lazily by :meth:`Field.refresh` after any change.
"""

from __future__ import annotations

from fuda.engine.core import GameOver, Termination
from fuda.engine.toho_tcg.cards import add_keyword

FIELD_ZONES = ("char", "assister", "equip", "world")


class Field:
    """Zone and stat rules; expects the state attributes set up by TohoTCG.__init__."""

    # -- stats -------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Recompute effective attack, defense and keywords of every character (TT-BAT-2)."""
        self.dirty = False
        defs, atk, dfn, kw = self.defs, self.atk, self.dfn, self.kw
        chars = self.chars[0] + self.chars[1]
        for c in chars:
            d = defs[c]
            atk[c] = d.attack
            dfn[c] = d.defense
            kw[c] = d.keywords
        for p in (0, 1):
            for src in self.chars[p]:
                if defs[src].statics:
                    self._statics(src, p)
            for src in self.assisters[p]:
                if defs[src].statics:
                    self._statics(src, p)
        for c in chars:
            e = self.equip[c]
            if e >= 0 and defs[e].statics:
                self._statics(e, self.ctrl[e])
        w = self.world
        if w >= 0 and defs[w].statics:
            self._statics(w, self.ctrl[w])
        zone = self.zone
        for c, a, d, k, _src in self.eot:
            if zone[c] == "char":
                self._apply(c, a, d, k)
        tapped = self.tapped
        for c in chars:
            atk[c] = 0 if tapped[c] or atk[c] < 0 else atk[c]
            dfn[c] = max(dfn[c], 0)

    def _statics(self, src: int, p: int) -> None:
        for name, args in self.defs[src].statics:
            for c in self.static_targets(src, p, args["target"], args["filter"]):
                if name == "modify-stat":
                    self._apply(c, args["attack"] or 0, args["defense"] or 0, None)
                else:
                    self._apply(c, 0, 0, args["keyword"])

    def _apply(self, c: int, a: int, d: int, k) -> None:
        self.atk[c] += a
        self.dfn[c] += d
        if k is not None:
            if self.kw[c] is self.defs[c].keywords:
                self.kw[c] = dict(self.kw[c])
            add_keyword(self.kw[c], k[0], k[1])

    def static_targets(self, src: int, p: int, target: str, filt) -> list[int]:
        """The characters a static ability of ``src`` (controlled by p) applies to now."""
        if target == "this":
            out = [src] if self.zone[src] == "char" else []
        elif target == "equipped":
            h = self.host[src]
            out = [h] if h >= 0 else []
        elif target == "all-own-characters":
            out = self.chars[p]
        elif target == "all-opponent-characters":
            out = self.chars[1 - p]
        else:
            out = self.chars[0] + self.chars[1]
        return [c for c in out if self.matches(c, filt)] if filt else out

    def matches(self, c: int, filt) -> bool:
        """True when card c passes a target filter (type, tapped)."""
        if not filt:
            return True
        t = filt.get("type")
        if t is not None and t not in self.defs[c].types:
            return False
        tp = filt.get("tapped")
        return tp is None or self.tapped[c] == tp

    def stats(self, c: int) -> tuple[int, int]:
        """Effective (attack, defense) of a character on the field."""
        if self.dirty:
            self.refresh()
        return self.atk[c], self.dfn[c]

    def keywords(self, c: int) -> dict:
        """Effective keywords of a character on the field (printed ones elsewhere)."""
        if self.zone[c] != "char":
            return self.defs[c].keywords
        if self.dirty:
            self.refresh()
        return self.kw[c]

    def add_eot(self, c: int, attack: int, defense: int, keyword, source: int) -> None:
        """An until-end-of-turn change to a character (modify-stat / grant-keyword)."""
        if self.zone[c] != "char":
            return
        self.eot.append((c, attack, defense, keyword, source))
        self.dirty = True
        self.log.add("modify", self.ctrl[c], card=self.oid[c], attack=attack, defense=defense,
                     keyword=list(keyword) if keyword else None, source=self.oid[source])

    def set_tapped(self, c: int, value: bool, why: str) -> None:
        """Tap or untap a card (TT-TERM-2)."""
        if self.tapped[c] == value:
            return
        self.tapped[c] = value
        self.dirty = True
        self.log.add("tap" if value else "untap", self.ctrl[c], card=self.oid[c], why=why)

    # -- moves -------------------------------------------------------------------------------
    def draw(self, p: int, n: int, why: str) -> None:
        """Draw n cards; a deck that reaches 0 cards loses the game (TT-WIN-1)."""
        deck, hand, zone = self.deck[p], self.hand[p], self.zone
        n = min(n, len(deck))
        drawn = []
        for _ in range(n):
            c = deck.pop()
            hand.append(c)
            zone[c] = "hand"
            drawn.append(self.oid[c])
        self.log.add("draw", p, cards=drawn, why=why, left=len(deck))
        if not deck:
            raise GameOver(1 - p, f"P{p + 1}'s deck reached 0 cards (TT-WIN-1)", Termination.DECK_OUT,
                           f"P{p + 1}のデッキが0枚になった")

    def to_trash(self, c: int, why: str) -> None:
        """Put a card that is not on the field (hand, stack, waiting) into its owner's trash."""
        z = self.zone[c]
        o = self.owner[c]
        if z == "hand":
            self.hand[o].remove(c)
        elif z == "waiting":
            self.waiting[self.ctrl[c]].remove(c)
        self.zone[c] = "trash"
        self.trash[o].append(c)
        self.log.add("to-trash", o, cards=[self.oid[c]], why=why)

    def enter_char(self, p: int, c: int) -> None:
        """Put a Normal character onto p's field (TT-CHAR-5 is checked by the caller)."""
        self.chars[p].append(c)
        self.zone[c] = "char"
        self.ctrl[c] = p
        self.tapped[c] = False
        self.damage[c] = 0
        self.dirty = True

    def put_hard(self, p: int, hard: int, normal: int) -> None:
        """Stack a Hard on its Normal (TT-CHAR-2): it takes over the Normal's place, tap state,
        damage, equip and until-end-of-turn effects."""
        chars = self.chars[p]
        chars[chars.index(normal)] = hard
        self.zone[hard], self.zone[normal] = "char", "under"
        self.ctrl[hard] = p
        self.under[hard] = normal
        self.tapped[hard] = self.tapped[normal]
        self.damage[hard] = self.damage[normal]
        e = self.equip[normal]
        self.equip[hard], self.equip[normal] = e, -1
        if e >= 0:
            self.host[e] = hard
        self.attacked[hard] = self.attacked[normal]
        self.eot = [(hard if c == normal else c, a, d, k, s) for c, a, d, k, s in self.eot]
        self.dirty = True

    def leave_char(self, c: int, dest: str) -> None:
        """A character leaves the field with its Normal (to ``dest``: trash or hand) and its equip
        goes to its owner's trash (TT-SPELL-4, TT-CHAR-8)."""
        self.chars[self.ctrl[c]].remove(c)
        e = self.equip[c]
        if e >= 0:
            self.equip[c] = -1
            self.host[e] = -1
            self.zone[e] = "trash"
            self.trash[self.owner[e]].append(e)
            self.log.add("to-trash", self.owner[e], cards=[self.oid[e]], why="equip-host-left")
        stack = [c]
        u = self.under[c]
        if u >= 0:
            stack.append(u)
            self.under[c] = -1
        for x in stack:
            self.zone[x] = dest
            (self.trash if dest == "trash" else self.hand)[self.owner[x]].append(x)
            if dest == "hand":  # both players saw it go there
                self.seen_in_hand[self.owner[x]].add(x)
            self.tapped[x] = False
            self.damage[x] = 0
            self.attacked[x] = False
        self.eot = [e for e in self.eot if e[0] != c]
        self.dirty = True

    def remove_from_field(self, c: int, dest: str = "trash") -> None:
        """Take any card off the field (character stack, assister, equip or world)."""
        z = self.zone[c]
        if z == "char":
            self.leave_char(c, dest)
            return
        if z == "assister":
            self.assisters[self.ctrl[c]].remove(c)
        elif z == "equip":
            h = self.host[c]
            self.equip[h] = -1
            self.host[c] = -1
        elif z == "world":
            self.world = -1
        self.tapped[c] = False
        self.zone[c] = dest
        (self.trash if dest == "trash" else self.hand)[self.owner[c]].append(c)
        if dest == "hand":
            self.seen_in_hand[self.owner[c]].add(c)
        self.dirty = True

    def destroy(self, c: int, by: int = -1) -> None:
        """Destroy a card on the field: it goes to its owner's trash (TT-CARD-1, TT-CHAR-4)."""
        z = self.zone[c]
        if z not in FIELD_ZONES:
            return
        cards = [self.oid[c]] + ([self.oid[self.under[c]]] if z == "char" and self.under[c] >= 0 else [])
        self.log.add("destroy", self.ctrl[c], card=self.oid[c], cards=cards,
                     by=self.oid[by] if by >= 0 else None)
        p = self.ctrl[c]
        self.remove_from_field(c, "trash")
        if z == "char":
            self.fire("on-destroyed", c, p)

    def return_to_hand(self, c: int) -> None:
        """Return a character (Hard and Normal) to its owner's hand (TT-CHAR-8)."""
        if self.zone[c] != "char":
            return
        cards = [self.oid[c]] + ([self.oid[self.under[c]]] if self.under[c] >= 0 else [])
        self.log.add("return", self.ctrl[c], card=self.oid[c], cards=cards)
        self.leave_char(c, "hand")

    # -- damage ------------------------------------------------------------------------------
    def deal_damage(self, c: int, amount: int, source: int, combat: bool = False) -> int:
        """Deal damage to a character; returns the damage actually dealt (TT-KW-9, TT-KW-11)."""
        if self.zone[c] != "char" or amount <= 0:
            return 0
        if self.dirty:
            self.refresh()
        k = self.kw[c]
        sd = self.defs[source] if source >= 0 else None
        from_char = sd is not None and sd.kind == "character"
        if from_char and "protection" in k and any(t in k["protection"] for t in sd.types):
            self.log.add("prevent", self.ctrl[c], card=self.oid[c], source=self.oid[source], why="protection")
            return 0
        n = amount - k.get("resist", 0)
        if n <= 0:
            self.log.add("prevent", self.ctrl[c], card=self.oid[c], source=self.oid[source], why="resist")
            return 0
        self.damage[c] += n
        self.log.add("damage", self.ctrl[c], card=self.oid[c], amount=n, total=self.damage[c],
                     source=self.oid[source], combat=combat)
        if from_char:
            sk = self.keywords(source)
            crit = sk.get("critical")
            if crit and any(t in crit for t in self.defs[c].types):
                self.crit.append((c, source))
        return n

    def lethal(self) -> list[tuple[int, int]]:
        """(character, destroyer) for every character whose damage exceeds its defense or that a
        critical marked (TT-CHAR-4, TT-KW-5), in field order."""
        if self.dirty:
            self.refresh()
        out = []
        marked = {c: s for c, s in self.crit}
        self.crit = []
        for p in (0, 1):
            for c in self.chars[p]:
                if self.damage[c] > self.dfn[c]:
                    out.append((c, -1))
                elif c in marked:
                    out.append((c, marked[c]))
        return out

    def settle(self) -> list[tuple[int, int]]:
        """Destroy lethally damaged and critical-marked characters; then damage wears off
        (TT-BAT-7) — during a fight on every character but the fighting ones (their damage stands
        until the fight is over). Returns the (character, destroyer) pairs destroyed."""
        dead = self.lethal() if (self.crit or any(self.damage[c] for p in (0, 1) for c in self.chars[p])) else []
        for c, by in dead:
            self.destroy(c, by)
        f = self.fight
        self.wear_off(() if f is None else (*f.attackers, f.target))
        return dead

    def wear_off(self, keep=()) -> None:
        """All damage on characters (but those in ``keep``) is removed (TT-BAT-7)."""
        healed = [c for p in (0, 1) for c in self.chars[p] if self.damage[c] and c not in keep]
        for c in healed:
            self.damage[c] = 0
        if healed:
            self.log.add("wear-off", None, cards=[self.oid[c] for c in healed])
