"""The greedy agent's heuristics for RAISE×BLAZE (a mixin of RaiseBlaze).

One-ply scores, no search: summon the biggest fighter it can (raise summons first), use spells
and 【起動】 when they have something to hit, attack only where the power comparison wins, block
when the blocker survives or life is short, take life cards into the hand while the hand is
small. Not a strong player; a consistent one, so that simulations measure the cards rather than
the noise of random play.
"""

from __future__ import annotations


class Greedy:
    """Heuristic answers; expects the state attributes of RaiseBlaze."""

    def greedy(self, decision, rng):
        scorer = getattr(self, "_g_" + decision.kind.replace("-", "_"), None)
        options = decision.options
        if scorer is not None and options:
            n = max(decision.min, 1)
            ranked = sorted(options, key=lambda o: -scorer(o, decision.player))
            return tuple(o.id for o in ranked[:n])
        n = max(decision.min, 1) if options else 0
        return tuple(o.id for o in rng.sample(options, n))

    def _spell_value(self, card: int, p: int) -> float:
        d = self.defs[card]
        if d.spell_type == "equip":
            return 3.0 if d.equip_side != "opponent" or self.fighters(1 - p) else -1.0
        if d.spell_type == "continuous":
            return 3.5
        value = 2.5
        for ability in d.on_activate:
            for op in ability.ops:
                target = op.args.get("target")
                if op.name in ("destroy", "return-to-hand") and target is not None:
                    value = 4.5 if self.fighters(1 - p) else -1.0
                elif op.name == "modify-power":
                    value = 2.0 if self.fighters(p) and self.phase == "main" else -1.0
                elif op.name == "effect-summon":
                    value = 3.0 if -1 in self.slots[p] else -1.0
        return value

    def _g_main(self, o, p) -> float:
        verb = o.value[0] if o.value is not None else o.id
        card = o.value[1] if o.value is not None else -1
        if verb == "raise":
            return 6 + self.defs[card].power / 1000
        if verb == "summon":
            return 4 + self.defs[card].power / 1000
        if verb == "spell":
            return self._spell_value(card, p)
        if verb == "set":
            d = self.defs[card]
            return 2.2 if d.on_intercept else 0.5
        if verb == "open":
            return self._spell_value(card, p)
        if verb == "activate":
            cost = self.defs[card].activated[o.value[2]].cost
            if cost is not None and cost.discard:
                return 1.5 if len(self.hand[p]) > 3 else -1
            return 3.0
        if verb == "battle":
            return 1.0
        if verb == "concede":
            return -100
        return 0.0

    def _g_battle(self, o, p) -> float:
        if o.id == "end":
            return 0.0
        if o.id == "concede":
            return -100
        if type(o.value[0]) is str:  # a spell or 【起動】 between attacks (RB-SPL-1)
            return self._g_main(o, p)
        a, target = o.value
        pa, pt = self.power(a), self.power(target)
        if self.is_core(target):
            if pa < pt:
                return -2.0
            if pa == pt and self.is_core(a) and len(self.life[p]) <= 1:
                return -5.0  # core against core, equal: both lose a life card: the last one loses or draws
            blockers = [f for f in self.fighters(1 - p) if self.power(f) >= pa]
            return 3.0 if not blockers else 0.5
        if pa > pt:
            return 4 + pt / 1000
        if pa == pt and not self.is_core(a):
            return 0.8 if self.defs[target].raise_ > self.defs[a].raise_ else -0.5
        return -2.0

    def _g_block(self, o, p) -> float:
        if o.id == "through":
            return 0.0
        atk = self.attack
        pa = self.power(atk.attacker) if atk is not None else 0
        pb = self.power(o.value)
        if pb > pa:
            return 5.0
        if pb == pa:
            return 2.0
        return 1.0 if len(self.life[p]) <= 2 else -1.0

    def _g_life(self, o, p) -> float:
        if o.id == "hand":
            return 1.0 if len(self.hand[p]) <= 3 else 0.0
        return 0.5

    def _g_intercept(self, o, p) -> float:
        return 1.0 if o.id != "pass" else 0.0

    def _boost(self, card: int, n: int | None) -> int:
        """How much a spell (n None) or a 【起動】 (its index n) of ``card`` shifts a battle in its
        controller's favour: + for its own side, − given to the other side counts as +."""
        d = self.defs[card]
        abilities = d.on_activate if n is None else (d.activated[n],)
        total = 0
        for ability in abilities:
            for op in ability.ops:
                if op.name == "modify-power":
                    side = op.args["target"].side
                    total += op.args["amount"] * (-1 if side == "opponent" else 1)
        return total

    def _battle_swing(self, o, p) -> float:
        """The value of a spell / 【起動】 in the middle of an attack: worth it only when a power
        change turns the comparison for p's card; otherwise keep it."""
        atk = self.attack
        if o.id == "pass" or atk is None:
            return 0.0
        verb, card = o.value[0], o.value[1]
        boost = self._boost(card, o.value[2] if verb == "activate" else None)
        if boost <= 0:
            return -1.0
        mine, theirs = (atk.attacker, atk.target) if atk.player == p else (atk.target, atk.attacker)
        gap = self.power(theirs) - self.power(mine)
        return 2.0 if 0 <= gap < boost else -1.0

    def _g_window(self, o, p) -> float:
        return self._battle_swing(o, p)

    def _g_respond(self, o, p) -> float:
        if o.id == "pass":
            return 0.0
        if self.attack is not None and self._boost(o.value[1], None) > 0:
            return self._battle_swing(o, p)
        return self._spell_value(o.value[1], p) - 2.9

    def _g_optional(self, o, p) -> float:
        return 1.0 if o.id == "yes" else 0.0

    def _g_target(self, o, p) -> float:
        card = o.value
        return (2 if self.owner[card] != p else 0) + self.power(card) / 10000

    def _g_equip(self, o, p) -> float:
        return self.power(o.value) / 10000

    def _g_underneath(self, o, p) -> float:
        return -self.power(o.value) / 1000 - self.defs[o.value].raise_

    def _g_effect_summon(self, o, p) -> float:
        return self.defs[o.value].power / 1000

    def _g_take(self, o, p) -> float:
        d = self.defs[o.value]
        return d.power / 1000 + d.raise_ if d.kind == "fighter" else 1.5

    def _g_discard(self, o, p) -> float:
        d = self.defs[o.value]
        return -(d.power / 1000 + d.raise_ if d.kind == "fighter" else 1.5)

    _g_cost = _g_discard

    def _g_core(self, o, p) -> float:
        return self.defs[o.value].power / 1000
