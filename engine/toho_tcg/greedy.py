"""The greedy agent's heuristics for toho-tcg (a mixin of TohoTCG).

One-ply rules of thumb, no search: keep the opening hand, draw up to 7, develop characters,
then equips, assisters and worlds in the own main phase; play damaging quicks at the opponent's
characters; attack the player when it can, else the weakest character the attack can destroy;
pay costs with the least useful hand cards, not with characters that could still attack; never
make 霊力 ahead. Not a strong player — a consistent one, so that simulations measure the cards
rather than the noise of random play.
"""

from __future__ import annotations

HARMFUL = ("damage", "destroy", "tap", "return-to-hand", "counter")


class Greedy:
    """Heuristic answers; expects the state attributes of TohoTCG."""

    def greedy(self, decision, rng):
        kind = decision.kind
        scorer = getattr(self, "_g_" + kind.replace("-", "_"), None)
        if scorer is not None:
            picked = scorer(decision, decision.player)
            if picked is not None:
                return picked
        n = decision.min if decision.options else 0
        return tuple(o.id for o in rng.sample(decision.options, n)) if n else ()

    def card_value(self, c: int) -> float:
        """How much a hand card is worth keeping (higher: keep)."""
        d = self.defs[c]
        if d.kind == "character":
            return 2.0 + d.attack + d.defense * 0.5 + (1 if d.rank == "hard" else 0)
        return 1.5 + d.cost * 0.5

    def _g_mulligan(self, decision, p):
        return ("keep",)

    def _g_draw(self, decision, p):
        k = len(decision.options) - 1
        deck = len(self.deck[p])
        return (f"draw:{k if deck > k else max(0, deck - 1)}",)

    def _g_priority(self, decision, p):
        best, score = "pass", 0.0
        for o in decision.options:
            s = self._score_play(o, p)
            if s > score:
                best, score = o.id, s
        return (best,)

    def _kill_value(self, p: int, src: int, kind: str, ops) -> float:
        """How good a harmful effect is now: the best opposing victim's value, 0 when useless."""
        best = 0.0
        for op in ops:
            name = op.name
            if name == "if":
                best = max(best, self._kill_value(p, src, kind, op.args["then"]))
                continue
            if name == "damage" and op.args["target"] in ("opponent",):
                best = max(best, 1.0)
            elif name == "damage":
                amount = op.args["amount"]
                pool = self.candidates(p, src, kind, op) if op.args["target"] in ("opponent-character", "any-character") \
                    else self.chars[1 - p] if op.args["target"] in ("all-opponent-characters", "all-characters") else []
                for c in pool:
                    if isinstance(c, int) and self.ctrl[c] != p:
                        atk, dfn = self.stats(c)
                        if amount - self.keywords(c).get("resist", 0) > dfn - self.damage[c]:
                            best = max(best, 3.0 + atk + self.defs[c].cost)
            elif name in ("destroy", "return-to-hand"):
                for c in self.candidates(p, src, kind, op) if op.args["target"] not in ("this", "equipped") else ():
                    if isinstance(c, int) and self.ctrl[c] != p:
                        best = max(best, 3.0 + self.defs[c].cost)
            elif name == "counter" and self.stack and self.stack[-1].player != p:
                best = max(best, 6.0)
        return best

    def _score_play(self, o, p) -> float:
        kind = o.id.partition(":")[0]
        own_main = self.window_name == "main" and p == self.active
        if kind == "play":
            d = self.defs[o.value]
            if d.kind == "character":
                return 6 + d.attack
            if d.kind in ("equip", "assister", "world"):
                return 4 if own_main and len(self.hand[p]) > d.cost + 1 else 0
            ops = d.on_play.ops if d.on_play else ()
            value = self._kill_value(p, o.value, "quick", ops)
            if value and len(self.hand[p]) > d.cost:
                return value
            names = [op.name for op in ops]
            if ("draw" in names or "recover" in names) and len(self.hand[p]) > d.cost + 1 and own_main:
                return 2
            return 0
        if kind == "activate":
            src, n = o.value
            ability = self.defs[src].activated[n]
            value = self._kill_value(p, src, "activated", ability.ops)
            if value:
                return value
            names = [op.name for op in ability.ops]
            if own_main and "recover" in names and len(self.hand[p]) < 5:
                return 1
            return 0
        return 0

    def _g_pay(self, decision, p):
        hand = sorted((o for o in decision.options if o.id.startswith("hand:")),
                      key=lambda o: self.card_value(o.value))
        taps = [o for o in decision.options if o.id.startswith("tap:")]
        if p == self.active and self.phase in ("standby", "main"):  # keep attackers untapped
            ordered = hand + taps
        else:
            ordered = taps + hand
        return tuple(o.id for o in ordered[: decision.min])

    def _g_reiryoku(self, decision, p):
        return self._g_pay(decision, p)

    def _g_target(self, decision, p):
        op = self.targeting
        harmful = op is not None and (op.name in HARMFUL or (
            op.name == "modify-stat" and (op.args["attack"] or 0) + (op.args["defense"] or 0) < 0))

        def score(o):
            v = o.value
            if not isinstance(v, int):
                return 1 if v.player != p else -1
            mine = self.ctrl[v] == p
            atk, dfn = self.stats(v) if self.zone[v] == "char" else (0, self.defs[v].cost)
            return (100 if mine != harmful else 0) + atk + dfn

        return (max(decision.options, key=score).id,)

    def _g_attack(self, decision, p):
        if "target:player" in decision.ids:
            return ("target:player",)
        ready = [c for c in self.chars[p] if self.can_attack(c)]
        power = sum(self.stats(c)[0] for c in ready)
        best, score = "end", 0.0
        for o in decision.options:
            if not isinstance(o.value, int):
                continue
            atk, dfn = self.stats(o.value)
            if power > dfn:  # it can be destroyed
                s = 10.0 + atk + self.defs[o.value].cost - dfn * 0.1
            elif self.tapped[o.value] and any(self.stats(c)[0] and "striker" in self.keywords(c) for c in ready):
                s = 2.0  # strikers push damage through a tapped blocker
            else:
                continue
            if s > score:
                best, score = o.id, s
        return (best,)

    def _g_attackers(self, decision, p):
        ordered = sorted(decision.options, key=lambda o: -self.stats(o.value)[1])
        return tuple(o.id for o in ordered)

    def _g_level_up(self, decision, p):
        return (decision.options[0].id,)

    def _g_discard(self, decision, p):
        cards = sorted(decision.options, key=lambda o: self.card_value(o.value))
        return tuple(o.id for o in cards[: decision.min])

    def _g_hand_trash(self, decision, p):
        return self._g_discard(decision, p)

    def _g_recover(self, decision, p):
        cards = sorted(decision.options, key=lambda o: -self.card_value(o.value))
        return tuple(o.id for o in cards[: decision.max])

    def _g_search(self, decision, p):
        return self._g_recover(decision, p)

    def _g_defender(self, decision, p):
        best = max(decision.options, key=lambda o: self.stats(o.value)[1] if o.value is not None else -1)
        return (best.id,)

    def _g_spell_defender(self, decision, p):
        return (decision.options[-1].id,)
