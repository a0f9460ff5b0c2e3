"""The greedy policy of ryomen: a function of a seat's view (:class:`~.view.RyView`).

Good enough to make simulations meaningful, not strong: it looks at stats with chips (not at
abilities). The server plays the card whose best stat most exceeds the opponents' hand cards
(the faces up, which everyone sees) and names that stat; a receiver wins as cheaply as it can, or
throws its weakest card; a loser reverse turns the card whose other face gains most.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fuda.engine.core import Decision, Option, Rng
from fuda.engine.core.agents import policy
from fuda.engine.ryomen.view import RyView, Side


def _hand_means(view: RyView) -> list[float]:
    """Mean stats of the opponents' hand cards (the face up with chips), or 5 when empty."""
    cards = [c for q in view.opponents for c in view.sides[q].hand]
    if not cards:
        return [5.0, 5.0, 5.0]
    sums = [0, 0, 0]
    for c in cards:
        for i, v in enumerate(c.stats):
            sums[i] += v
    return [s / len(cards) for s in sums]


def _best(options: Sequence[Option], score: Callable[[Option], float], rng: Rng) -> str:
    best: str | None = None
    best_score: float | None = None
    for o in options:
        s = score(o)
        if best_score is None or s > best_score or (s == best_score and rng.below(2)):
            best, best_score = o.id, s
    assert best is not None, "a decision has options"
    return best


def _down(view: RyView, option_id: str) -> tuple[int, int, int]:
    """The stats of the face down of an own hand card (the seat knows both its faces)."""
    down = view.card(option_id).down_stats
    assert down is not None, "an own card's face down is known"
    return down


def _gain(view: RyView, option_id: str) -> int:
    return max(_down(view, option_id)) - max(view.card(option_id).up_stats)


def _battle_stats(side: Side) -> tuple[int, int, int]:
    """The current stats of a side's battle card (one lies there)."""
    assert side.battle_stats is not None, "a battle card lies there"
    return side.battle_stats


def _receive(view: RyView, options: Sequence[Option], rng: Rng) -> str:
    named = view.named
    target = max(_battle_stats(view.sides[q])[named] for q in range(view.n)
                 if q != view.seat and view.sides[q].battle is not None)
    best: str | None = None
    best_key: tuple[int, int] | None = None
    for o in options:
        v = view.card(o.id).stats
        wins = v[named] > target
        cost = sum(v)
        key = (0, cost) if wins else (1, cost)  # cheapest winner, else the weakest card
        if best_key is None or key < best_key or (key == best_key and rng.below(2)):
            best, best_key = o.id, key
    assert best is not None, "a decision has options"
    return best


@policy(RyView)
def greedy(view: RyView, decision: Decision, rng: Rng) -> tuple[str, ...]:
    """The heuristic answer to ``decision`` from ``view``; ``rng`` breaks ties."""
    kind, options = decision.kind, decision.options
    if kind == "faces":
        picks = []
        for o in options:
            a, b = view.card(o.id).up_stats, _down(view, o.id)
            if sum(b) > sum(a) or (sum(b) == sum(a) and max(b) > max(a)):
                picks.append(o.id)
        return tuple(picks)
    if kind == "serve":
        means = _hand_means(view)

        def edge(o: Option) -> float:
            stats = view.card(o.id).stats
            return max(v - m for v, m in zip(stats, means, strict=True))

        return (_best(options, edge, rng),)
    if kind == "name":
        means = _hand_means(view)
        mine = _battle_stats(view.me)
        return (_best(options, lambda o: mine[o.value] - means[o.value], rng),)
    if kind == "receive":
        return (_receive(view, options, rng),)
    if kind == "loser-reverse":
        scored = [(_gain(view, o.id), o.id) for o in options if o.id != "pass"]
        gain, best = max(scored, default=(0, "pass"))
        return (best if gain > 0 else "pass",)
    if kind == "flip-hand":
        scored = sorted(((_gain(view, o.id), o.id) for o in options), reverse=True)
        good = [i for g, i in scored if g > 0][: decision.max]
        if len(good) < decision.min:
            good += [i for g, i in scored if i not in good][: decision.min - len(good)]
        return tuple(good)
    if kind == "chip-target":
        return (_best(options, lambda o: sum(view.card(o.id).stats), rng),)
    if kind == "optional":
        return ("yes",)
    return decision.ids[: max(decision.min, 1)] if decision.options else ()
