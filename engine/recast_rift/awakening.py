"""Awakening in Recast Rift: turning the far awakening card face up, and its 【覚醒中】
abilities (a mixin of :class:`~engine.recast_rift.game.RecastRift`)."""

from __future__ import annotations

from fuda.engine.core.decision import Option
from fuda.engine.recast_rift.combat import Attack, Ctx
from fuda.i18n import Text


class AwakeningRules:
    """Awakening and activation; expects the state attributes of RecastRift."""

    def awaken_block(self, p: int) -> str | None:
        """Why p cannot awaken now (RR-AWK-1, RR-AWK-5), or None."""
        if self.awakened[p]:
            return Text("why.rr.awakened")
        if self.life[p] > self.awaken_at:
            return Text("why.rr.awaken_life", life=self.life[p], at=self.awaken_at)
        return None

    def awaken(self, p: int, answered: Attack | None = None):
        """RR-AWK-1/3: turn the far awakening card face up and resolve its 【覚醒時】."""
        self.awakened[p] = True
        far = self.far[p]
        self.log.push(("awaken", p, ("card",), self.oid[far]))
        for ability in self.defs[far].on_awaken:
            yield from self.run_ability(Ctx(p, far, None, answered), ability)

    def activate_options(self, p: int) -> list[Option]:
        """【覚醒中】 abilities p may activate now (RR-AWK-4)."""
        if not self.awakened[p]:
            return []
        far = self.far[p]
        hand = len(self.hand[p])
        out = []
        for (index, once, need, condition), opt in zip(self.activate_rules[p], self.activate_opt[p]):
            # activate_block(p, str(n), preempt=False) is None, without building its reasons
            if once and self.used.get((far, index)) == self.turn:
                continue
            if hand < need:
                continue
            if condition is not None and not self.holds(p, condition):
                continue
            out.append(opt)
        return out

    def activate_block(self, p: int, number: str, preempt: bool) -> str | None:
        """Why p cannot activate 【覚醒中】 ability ``number`` now, or None."""
        far = self.far[p]
        abilities = self.defs[far].while_awakened
        if not number.isdigit() or not 1 <= int(number) <= len(abilities):
            return None
        if not self.awakened[p]:
            return Text("why.rr.not_awakened")
        if preempt and not self.defs[far].preempt:
            return Text("why.rr.no_preempt")
        ability = abilities[int(number) - 1]
        extras = ability.extras
        if extras.get("limit") == "once-per-turn" and self.used.get((far, ability.index)) == self.turn:
            return Text("why.once_per_turn_activated")
        need = extras.get("cost", {}).get("face-down", 0)
        if len(self.hand[p]) < need:
            return Text("why.rr.cost_hand", need=need, hand=len(self.hand[p]))
        if "condition" in extras and not self.holds(p, extras["condition"]):
            return Text("why.condition")
        return None

    def activate(self, p: int, number: int, answered: Attack | None = None):
        """Pay the cost and resolve a 【覚醒中】 ability."""
        far = self.far[p]
        ability = self.defs[far].while_awakened[number - 1]
        self.used[(far, ability.index)] = self.turn
        self.log.push(("activate", p, ("card", "ability"), self.oid[far], number))
        need = ability.extras.get("cost", {}).get("face-down", 0)
        if need:
            cards = yield from self.choose_hand(p, p, need, need, "cost", "RR-AWK-4", f"コスト: 手札{need}枚を伏せ札")
            self.face_down(p, cards, "cost")
        yield from self.run_ability(Ctx(p, far, None, answered), ability)
