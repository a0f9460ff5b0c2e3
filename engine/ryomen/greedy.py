"""The greedy heuristic of ryomen (a mixin of :class:`~engine.ryomen.game.Ryomen`).

Good enough to make simulations meaningful, not strong: it looks at printed stats plus chips
(not at abilities). The server plays the card whose best stat most exceeds the opponents' hands
and names that stat; a receiver wins as cheaply as it can, or throws its weakest card; a loser
reverse turns the card whose other face gains most.
"""

from __future__ import annotations


class Greedy:
    """``greedy(decision, rng)``; expects the state attributes of Ryomen."""

    def _hand_means(self, p: int) -> list[float]:
        """Mean stats of the opponents' hand cards (the face up), or 5 when empty."""
        cards = [c for q in self.opponents[p] for c in self.hand[q]]
        if not cards:
            return [5.0, 5.0, 5.0]
        sums = [0, 0, 0]
        for c in cards:
            for i, v in enumerate(self.card_stats(c)):
                sums[i] += v
        return [s / len(cards) for s in sums]

    def _card_of(self, p: int, option_id: str) -> int:
        return self.index[p][option_id]

    def greedy(self, decision, rng) -> tuple[str, ...]:
        """The heuristic answer to ``decision``; ``rng`` breaks ties."""
        kind, p, options = decision.kind, decision.player, decision.options
        if kind == "faces":
            picks = []
            for o in options:
                c = self._card_of(p, o.id)
                a, b = self.faces[c]
                if sum(b.stats) > sum(a.stats) or (sum(b.stats) == sum(a.stats) and max(b.stats) > max(a.stats)):
                    picks.append(o.id)
            return tuple(picks)
        if kind == "serve":
            means = self._hand_means(p)

            def edge(o):
                stats = self.card_stats(self._card_of(p, o.id))
                return max(v - m for v, m in zip(stats, means, strict=True))

            return (self._best(options, edge, rng),)
        if kind == "name":
            means = self._hand_means(p)
            mine = self.stats(p)
            return (self._best(options, lambda o: mine[o.value] - means[o.value], rng),)
        if kind == "receive":
            return (self._receive(p, options, rng),)
        if kind == "loser-reverse":
            scored = [(self._gain(p, o.id), o.id) for o in options if o.id != "pass"]
            gain, best = max(scored, default=(0, "pass"))
            return (best if gain > 0 else "pass",)
        if kind == "flip-hand":
            scored = sorted(((self._gain(p, o.id), o.id) for o in options), reverse=True)
            good = [i for g, i in scored if g > 0][: decision.max]
            if len(good) < decision.min:
                good += [i for g, i in scored if i not in good][: decision.min - len(good)]
            return tuple(good)
        if kind == "chip-target":
            return (self._best(options, lambda o: sum(self.card_stats(self._card_of(p, o.id))), rng),)
        if kind == "optional":
            return ("yes",)
        return decision.ids[: max(decision.min, 1)] if decision.options else ()

    def _gain(self, p: int, option_id: str) -> int:
        c = self._card_of(p, option_id)
        now = self.faces[c][self.up[c]].stats
        other = self.faces[c][1 - self.up[c]].stats
        return max(other) - max(now)

    def _receive(self, p: int, options, rng) -> str:
        named = self.named
        target = max(self.value(q, named) for q in range(self.n) if q != p and self.battle[q] >= 0)
        best, best_key = None, None
        for o in options:
            v = self.card_stats(self._card_of(p, o.id))
            wins = v[named] > target
            cost = sum(v)
            key = (0, cost) if wins else (1, cost)  # cheapest winner, else the weakest card
            if best_key is None or key < best_key or (key == best_key and rng.below(2)):
                best, best_key = o.id, key
        return best

    @staticmethod
    def _best(options, score, rng) -> str:
        best, best_score = None, None
        for o in options:
            s = score(o)
            if best_score is None or s > best_score or (s == best_score and rng.below(2)):
                best, best_score = o.id, s
        return best


__all__ = ["Greedy"]
