"""Resolving the stack and the game actions ops ask for (a mixin of TohoTCG).

The top item resolves: a quick does its effect and waits in its player's assister zone until
the end phase (TT-SPELL-2); an assister enters the assister zone (TT-SPELL-3); an equip is
attached (TT-SPELL-4); an ability does its effect. An effect whose every chosen target has become
illegal does nothing (a fizzled equip goes to the trash). After each resolution the game checks
lethal damage and criticals, and outside a fight damage wears off (TT-BAT-7).
"""

from __future__ import annotations

from fuda.engine.core import Decision, GameOver, Option, Termination
from fuda.engine.toho_tcg.ops import CHOSEN
from fuda.engine.toho_tcg.stack import Ctx, Item

KIND_MATCH = {
    "any": None, "character": ("character",), "spell": ("quick", "assister", "equip"),
    "quick": ("quick",), "assister": ("assister",), "equip": ("equip",), "world": ("world",),
}


class Effects:
    """Resolution and effect helpers; expects the state attributes of TohoTCG."""

    def resolve_top(self):
        """Resolve the top of the stack (last in, first out)."""
        item = self.stack.pop()
        p, c, kind = item.player, item.card, item.kind
        ctx = Ctx(p, c, kind, item.targets, item)
        self.log.add("resolve", p, card=self.oid[c], kind=kind, sid=item.sid)
        if kind == "equip":
            h = item.targets.get("attach", -1)
            if h >= 0 and h in self.attach_targets(p, c):
                self.zone[c], self.ctrl[c] = "equip", p
                self.equip[h], self.host[c] = c, h
                self.dirty = True
                self.log.add("attach", p, card=self.oid[c], to=self.oid[h])
                self.fire("on-enter", c, p)
            else:
                self.log.add("fizzle", p, card=self.oid[c], sid=item.sid)
                self.to_trash(c, "fizzle")
        else:
            slots = self.slots(item.ability)
            if slots and not any(self.legal(p, c, kind, op, item.targets.get(id(op))) for op in slots
                                 if item.targets.get(id(op)) is not None):
                self.log.add("fizzle", p, card=self.oid[c], sid=item.sid)
            elif item.ability is not None:
                spell = kind in ("quick", "assister")
                if spell:
                    self.limbo.append(c)  # resolving: off the stack, not yet in its zone
                yield from self.run_ops(ctx, item.ability.ops)  # a game that ends here leaves it in limbo
                if spell:
                    self.limbo.remove(c)
            if kind == "quick":
                self.zone[c], self.ctrl[c] = "waiting", p
                self.waiting[p].append(c)
            elif kind == "assister":
                self.zone[c], self.ctrl[c] = "assister", p
                self.assisters[p].append(c)
                if p == self.active:
                    self.new_assisters.append(c)
                self.dirty = True
                self.fire("on-enter", c, p)
        self.settle()

    def run_ops(self, ctx: Ctx, ops):
        """Run compiled ops in order."""
        for op in ops:
            ctx.op = op
            if op.gen:
                yield from op.fn(self, ctx, **op.args)
            else:
                op.fn(self, ctx, **op.args)

    def op_targets(self, ctx: Ctx, target: str, filt) -> list[int]:
        """The cards an op acts on: its chosen target if still legal, or every match."""
        if target in CHOSEN:
            c = ctx.targets.get(id(ctx.op))
            if c is None or not self.legal(ctx.player, ctx.card, ctx.kind, ctx.op, c):
                return []
            return [c]
        if target == "this":
            return [ctx.card] if self.zone[ctx.card] == "char" else []
        if target == "equipped":
            h = self.host[ctx.card]
            return [h] if h >= 0 else []
        p = ctx.player
        pool = self.chars[p] if target == "all-own-characters" else self.chars[1 - p] \
            if target == "all-opponent-characters" else self.chars[0] + self.chars[1]
        return [c for c in pool if self.matches(c, filt)]

    def counter(self, ctx: Ctx, item: Item) -> None:
        """Counter a spell or ability still on the stack: a spell goes to its owner's trash
        (its cost stays paid and it still counts toward the limit)."""
        if item not in self.stack:
            return
        self.stack.remove(item)
        self.log.add("counter", ctx.player, card=self.oid[ctx.card], target=self.oid[item.card],
                     kind=item.kind, sid=item.sid)
        if item.kind in ("quick", "assister", "equip"):
            self.to_trash(item.card, "countered")

    def holds(self, p: int, condition) -> bool:
        """A card condition, seen from p (every key must hold)."""
        t = condition.get("controls-type")
        if t is not None and not any(t in self.defs[c].types for c in self.chars[p]):
            return False
        n = condition.get("hand-at-most")
        return n is None or len(self.hand[p]) <= n

    def kind_ok(self, c: int, kind: str, ctype) -> bool:
        """Whether card c matches a recover/search kind and type."""
        d = self.defs[c]
        want = KIND_MATCH[kind]
        if want is not None and d.kind not in want:
            return False
        return ctype is None or ctype in d.types

    def pick_cards(self, p: int, cards: list[int], lo: int, hi: int, kind: str, rule: str, prompt: str):
        """Let p pick between lo and hi of ``cards`` (options ``card:<oid>``); returns card numbers."""
        if hi <= 0 or not cards:
            return []
        if lo >= len(cards):
            return list(cards)
        refs = self.refs
        options = tuple(Option(f"card:{self.oid[c]}", self.defs[c].name, refs[c]) for c in cards)
        picks = yield Decision(p, kind, options, rule, prompt, min=lo, max=min(hi, len(cards)))
        by = {o.id: o.value for o in options}
        return [by[x] for x in picks]

    def trash_from_hand(self, p: int, count: int, why: str, rule: str):
        """p chooses ``count`` hand cards (all if fewer) and trashes them."""
        n = min(count, len(self.hand[p]))
        cards = yield from self.pick_cards(p, self.hand[p], n, n, "hand-trash", rule, f"手札を{n}枚トラッシュ")
        for c in cards:
            self.hand[p].remove(c)
            self.zone[c] = "trash"
            self.trash[p].append(c)
        if cards:
            self.log.add("to-trash", p, cards=[self.oid[c] for c in cards], why=why)

    def damage_player(self, p: int, amount: int, source: int, combat: bool):
        """Damage to a player: draw that many, then trash that many from the hand (TT-BAT-4)."""
        self.log.add("player-damage", p, amount=amount, source=self.oid[source] if source >= 0 else None,
                     combat=combat)
        self.draw(p, amount, "damage")
        yield from self.trash_from_hand(p, amount, "damage", "TT-BAT-4")

    def recover(self, p: int, kind: str, ctype, count: int, source: int):
        """Take ``count`` matching cards of p's trash into the hand, all there are when fewer (op
        recover): the text 「…手札に加える。」 has no 「できる」 or 「まで」, so it is not optional."""
        seen, cards = [], []
        for c in self.trash[p]:  # copies are alike: one option per card id when taking one
            if self.kind_ok(c, kind, ctype) and (count > 1 or self.defs[c].id not in seen):
                seen.append(self.defs[c].id)
                cards.append(c)
        n = min(count, len(cards))
        got = yield from self.pick_cards(p, cards, n, n, "recover", "TT-TERM-1", "トラッシュから手札に加える")
        for c in got:
            self.trash[p].remove(c)
            self.zone[c] = "hand"
            self.hand[p].append(c)
            self.seen_in_hand[p].add(c)  # taken from the open trash
        self.log.add("recover", p, cards=[self.oid[c] for c in got], source=self.oid[source])

    def search(self, p: int, kind: str, ctype, count: int, source: int):
        """Take ``count`` matching cards of p's deck into the hand, all there are when fewer (not
        optional, as recover), then shuffle (op search); a deck that reaches 0 cards loses (TT-WIN-1)."""
        seen, cards = [], []
        for c in reversed(self.deck[p]):
            if self.kind_ok(c, kind, ctype) and (count > 1 or self.defs[c].id not in seen):
                seen.append(self.defs[c].id)
                cards.append(c)
        n = min(count, len(cards))
        got = yield from self.pick_cards(p, cards, n, n, "search", "TT-TERM-1", "デッキから手札に加える")
        for c in got:
            self.deck[p].remove(c)
            self.zone[c] = "hand"
            self.hand[p].append(c)
        self.log.add("search", p, cards=[self.oid[c] for c in got], source=self.oid[source])
        self.shuffle_deck(p)
        if not self.deck[p]:
            raise GameOver(1 - p, f"P{p + 1}'s deck reached 0 cards (TT-WIN-1)", Termination.DECK_OUT,
                           f"P{p + 1}のデッキが0枚になった")
