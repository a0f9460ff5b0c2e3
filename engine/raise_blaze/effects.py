"""What the effect ops do to the game (a mixin of :class:`~.game.RaiseBlaze`).

Targets on the field (:meth:`EffectRules.resolve_target`), choices of cards in hidden zones,
destruction with 【破壊時】, returning to the hand, discarding, searching. Option ids: a field
card is ``own:<oid>`` / ``opp:<oid>`` (from the chooser's side; fighters put underneath in a
raise summon are plain oids), a card of a hand, deck or graveyard is its card id when one card
is picked (copies are alike) and its oid when several are.
"""

from __future__ import annotations

from fuda.engine.core import Decision
from fuda.engine.core.decision import option


class EffectRules:
    """Helpers the op functions of :mod:`.ops` call."""

    # -- choices -------------------------------------------------------------------------------
    def choose_field(self, p: int, cards: list[int], n: int, kind: str, rule: str, prompt: str,
                     own_only: bool = False):
        """p picks ``n`` of the field cards ``cards`` (all of them when there are no more)."""
        if n <= 0 or not cards:
            return []
        n = min(n, len(cards))
        oid, defs, refs = self.oid, self.defs, self.refs
        if own_only:
            options = tuple([option(oid[c], defs[c].name, refs[c]) for c in cards])
        else:
            owner = self.owner
            options = tuple([option(("own:" if owner[c] == p else "opp:") + oid[c], defs[c].name, refs[c])
                             for c in cards])
        if n == len(options):
            return list(cards)  # forced: nothing to decide
        picks = yield Decision(p, kind, options, rule, prompt, min=n, max=n)
        by_id = {o.id: o.value for o in options}
        return [int(by_id[i]) for i in picks]

    def choose_cards(self, p: int, cards: list[int], n: int, kind: str, rule: str, prompt: str):
        """p picks ``n`` cards of a hand / deck / graveyard / pile (as many as there are)."""
        n = min(n, len(cards))
        if n <= 0:
            return []
        defs, refs = self.defs, self.refs
        if n == 1:
            seen: dict[str, int] = {}
            for c in cards:
                seen.setdefault(defs[c].id, c)
            options = tuple([option(cid, defs[c].name, refs[c]) for cid, c in seen.items()])
        else:
            oid = self.oid
            options = tuple([option(oid[c], defs[c].name, refs[c]) for c in cards])
        if n == len(options):
            return [int(o.value) for o in options]  # forced: nothing to decide
        picks = yield Decision(p, kind, options, rule, prompt, min=n, max=n)
        by_id = {o.id: o.value for o in options}
        return [int(by_id[i]) for i in picks]

    # -- targets -------------------------------------------------------------------------------
    def resolve_target(self, ctx, target, purpose: str):
        """The field cards an op acts on (a choice for ``chosen``); removal never hits a core."""
        pick = target.pick
        p = ctx.player
        if pick == "chosen" or pick == "all":
            sides = (p,) if target.side == "own" else (1 - p,) if target.side == "opponent" else (p, 1 - p)
            zone = target.zone
            cands = []
            for q in sides:
                if zone == "fighter":
                    pool = [c for c in self.slots[q] if c >= 0]
                elif zone == "core":
                    pool = [self.core[q]]
                else:  # the top card of the zone, not counting spells that are resolving now
                    pool = [c for c in self.spell[q] if c not in self.resolving][-1:]
                for c in pool:
                    if self.matches(c, target, p, ctx.card):
                        cands.append(c)
            if pick == "all":
                return cands
            if not cands:
                self.push(("nothing", p, ("card", "op"), self.label_of(ctx.card), purpose))
                return []
            name = self.defs[ctx.card].name
            return (yield from self.choose_field(p, cands, target.count, "target", "RB-TURN-1", f"{name}の対象"))
        if pick == "self":
            card = ctx.card
        elif pick == "host":
            card = self.host_of[ctx.card]
        elif pick == "attacker":
            card = ctx.attack.attacker if ctx.attack is not None else -1
        elif pick == "attack-target":
            card = ctx.attack.target if ctx.attack is not None else -1
        elif pick == "own-core":
            card = self.core[p]
        else:
            card = self.core[1 - p]
        if card < 0 or not self.on_field(card):
            return []
        if purpose != "power" and self.is_core(card):
            return []  # a core fighter only ever loses life cards (RB-BAT-5)
        return [card]

    # -- removal -------------------------------------------------------------------------------
    def destroy_cards(self, cards: list[int], why: str, by: int = -1):
        """Destroy fighters (with their piles) and spells at once, then 【破壊時】."""
        dead = []
        for card in cards:
            if self.slot_of[card] >= 0:
                self.leave_field(card)
                dead.append(card)
            elif card in self.spell[self.owner[card]]:
                self.spell_leaves(card)
            else:
                continue
            self.to_grave(card)
            self.push(("destroyed", self.owner[card], ("card", "why"), self.oid[card], why))
        if dead:
            yield from self.destroyed_triggers(dead)

    def return_to_hand(self, card: int) -> None:
        """return-to-hand: to the owner's hand; the pile underneath goes to the graveyard. A card
        that was open (a fighter, a face-up spell) is known in that hand to both players."""
        p = self.owner[card]
        if self.slot_of[card] >= 0:
            self.leave_field(card)
            self.seen_in_hand[p].add(card)
        elif card in self.spell[p]:
            if self.face_up[card]:
                self.seen_in_hand[p].add(card)
            self.spell_leaves(card)
        else:
            return
        self.hand[p].append(card)
        self.push(("returned", self.owner[card], ("card",), self.oid[card]))

    # -- hands, decks, graveyards ----------------------------------------------------------------
    def discard(self, p: int, count: int, random: bool, by: int):
        """discard: at random (the game's generator) or chosen by the hand's owner."""
        hand = self.hand[p]
        n = min(count, len(hand))
        if n == 0:
            self.push(("nothing", p, ("card", "op"), self.oid[by], "discard"))
            return
        if random:
            cards = [hand[self.rng.below(len(hand))]]
            for _ in range(n - 1):
                rest = [c for c in hand if c not in cards]
                cards.append(rest[self.rng.below(len(rest))])
            self.push(("chance", p, ("what", "result"), "discard", [self.oid[c] for c in cards]))
        else:
            cards = yield from self.choose_cards(p, hand, n, "discard", "RB-TURN-1", "捨てる手札")
        self.discard_cards(p, cards, "effect")

    def discard_cards(self, p: int, cards: list[int], why: str) -> None:
        seen = self.seen_in_hand[p]
        for c in cards:
            self.hand[p].remove(c)
            seen.discard(c)
            self.grave[p].append(c)
        self.push(("discard", p, ("cards", "why"), [self.oid[c] for c in cards], why))

    def take_matching(self, ctx, zone: str, filt, count: int):
        """search-deck / graveyard-to-hand: up to ``count`` matching cards to the hand."""
        p = ctx.player
        source = self.deck[p] if zone == "deck" else self.grave[p]
        names = self.pool.names
        cards = [c for c in source if filt.matches(self.defs[c], names)]
        if not cards:
            self.push(("nothing", p, ("card", "op"), self.oid[ctx.card], zone))
        else:
            prompt = "デッキから手札に加えるカード" if zone == "deck" else "墓地から手札に加えるカード"
            picked = yield from self.choose_cards(p, cards, count, "take", "RB-TURN-1", prompt)
            for c in picked:
                source.remove(c)
                self.hand[p].append(c)
            if zone != "deck":  # taken from the open graveyard: known in the hand
                self.seen_in_hand[p].update(picked)
            self.push(("to-hand", p, ("cards", "source"), [self.oid[c] for c in picked], zone))
        if zone == "deck":
            self.shuffle_deck(p)

    def shuffle_deck(self, p: int) -> None:
        """Shuffle p's deck with the game's generator; the order is a logged chance outcome."""
        self.rng.shuffle(self.deck[p])
        self.push(("chance", p, ("what", "result"), "shuffle", [self.oid[c] for c in reversed(self.deck[p])]))

    def possible(self, ctx, ability) -> bool:
        """Could an optional (〜できる) ability do anything now? (No question is asked if not.)"""
        p = ctx.player
        for op in ability.ops:
            args = op.args
            if op.name == "effect-summon":
                room = len(self.fighters(p)) >= args["raise_"] if args["raise_"] else -1 in self.slots[p]
                if not room or not self.summonable(p, args["from_"], args["filter"]):
                    return False
            elif op.name == "search-deck":
                names = self.pool.names
                if not any(args["filter"].matches(self.defs[c], names) for c in self.deck[p]):
                    return False
        return True
