"""The greedy agent's heuristics for Recast Rift (a mixin of RecastRift).

One-ply scores, no search: awaken and activate when allowed, cast the strongest attack, keep
valuable cards, take damage where it costs least, deploy as far as possible (shortest recast),
rebuild when it lifts something. Not a strong player; a consistent one, so that simulations
measure the cards rather than the noise of random play.
"""

from __future__ import annotations


class Greedy:
    """Heuristic answers; expects the state attributes of RecastRift."""

    def card_value(self, card: int) -> float:
        """How much a card is worth keeping in hand."""
        d = self.defs[card]
        value = 1.0
        if d.is_attack:
            value += (d.hand or 0) * 0.5 + (d.life or 0)
        if d.timing == "preempt":
            value += 1.0
        if d.timing == "full-power":
            value += 1.5
        return value

    def greedy(self, decision, rng):
        kind, p, options = decision.kind, decision.player, decision.options
        scorer = getattr(self, "_g_" + kind.replace("-", "_"), None)
        if scorer is not None:
            picked = scorer(decision, p)
            if picked is not None:
                return picked
        if kind in ("guard", "cleanup", "cost", "lift-cost", "face-down", "to-hand", "lift-conflict"):
            return self._g_cards(decision, p)
        n = max(decision.min, 1) if options else 0
        return tuple(o.id for o in rng.sample(options, n))

    def _best(self, decision, score):
        best = max(decision.options, key=score)
        return (best.id,)

    def _g_main(self, decision, p):
        hand = len(self.hand[p])

        def score(o):
            i = o.id
            if i == "awaken":
                return 10
            if i.startswith("activate:"):
                return 8
            if i == "end":
                return 0
            if i.startswith("lift:"):
                return 1 if hand > self.hand_limit else -1
            d = self.defs[o.value]
            if d.is_attack:
                return 3 + (d.hand or 0) + 1.5 * (d.life or 0) + (2 if d.timing == "full-power" else 0)
            return 2.5 if d.type in ("setup", "trigger") else 2

        return self._best(decision, score)

    def _g_preempt(self, decision, p):
        def score(o):
            if o.id == "pass":
                return 0
            if o.id == "awaken":
                return 3
            if o.id.startswith("activate:"):
                return 1
            return 2 + (1 if self.defs[o.value].is_attack else 0)

        return self._best(decision, score)

    def _g_damage(self, decision, p):
        if len(decision.options) == 1:
            return decision.ids
        hand_cost, life_dmg = decision.options[0].value, decision.options[1].value
        life = self.life[p]
        if life_dmg == 0:
            return ("life",)
        if life - life_dmg <= 0 or life <= 3:
            return ("hand",)
        return ("hand",) if hand_cost <= life_dmg * 1.5 else ("life",)

    def _g_deploy(self, decision, p):
        return (min(decision.options, key=lambda o: o.value).id,)

    def _g_lift(self, decision, p):
        return (min(decision.options, key=lambda o: self.zone_of(o.value)).id,)

    def _g_recast_up(self, decision, p):
        return (min(decision.options, key=lambda o: self.zone_of(o.value)).id,)

    def _g_refresh(self, decision, p):
        piles = len(self.facedown[p]) + len(self.reserve[p])
        return ("rebuild",) if piles >= 2 and self.deployed(p) else ("pass",)

    def _g_lift_zone(self, decision, p):
        return (max(decision.options, key=lambda o: (len(self.zones[p][o.value]), -o.value)).id,)

    def _g_cards(self, decision, p):
        options = decision.options
        if decision.min == 0:  # optional: put everything when that empties the hand, else nothing
            return tuple(o.id for o in options) if len(options) <= 1 else ()
        if options and options[0].id.startswith("pos:"):
            return tuple(o.id for o in options[: decision.min])
        keep_low = decision.kind != "to-hand"
        ranked = sorted(options, key=lambda o: self.card_value(o.value), reverse=not keep_low)
        return tuple(o.id for o in ranked[: decision.min])
