"""Benchmark: complete Recast Rift games per second with random agents, on one core, against a
bare-Python baseline measured in the same run.

Run with ``python -m pytest tests/bench/test_bench_recast_rift.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). The goal is ≥ 300 complete games/s. The
baseline plays a stripped-down game loop with plain lists and ``random.Random`` (shuffle 9
cards, draw 2 a turn, play a random card, lose life until 0) — the cost of the bookkeeping a
game needs at the least — so the printed ratio (engine time / baseline time per game) says how
much the rules, decisions, log and agents cost on any machine, whatever its speed.
"""

from __future__ import annotations

from fuda.engine import recast_rift as rr
from tests.bench.harness import (
    best_seconds,
    measure,
    random_playouts,
    sample_setups,
    shuffled_decks,
)

GAMES = 600


def baseline(games: int) -> int:
    """A bare game loop: the least bookkeeping a card game of this size needs."""
    turns = 0
    for seed in range(games):
        rnd, decks = shuffled_decks(seed, 9)
        hands, piles, life, p = [[], []], [[], []], [6, 6], 0
        while min(life) > 0:
            for _ in range(2):
                if not decks[p]:
                    decks[p], piles[p] = piles[p], []
                    rnd.shuffle(decks[p])
                if decks[p]:
                    hands[p].append(decks[p].pop())
            if hands[p]:
                card = hands[p].pop(rnd.randrange(len(hands[p])))
                piles[p].append(card)
                life[1 - p] -= card % 3
            p = 1 - p
            turns += 1
    return turns


def test_random_playouts_per_second(benchmark):
    """Random-agent games per second (goal ≥ 300 on one core), with the ratio to the baseline."""
    registry, pairs = sample_setups(rr, "recast-rift")
    random_playouts(rr, registry, pairs, 20)  # warm up
    base, _ = best_seconds(baseline, GAMES)
    ours, decisions = measure(benchmark, random_playouts, (rr, registry, pairs, GAMES), GAMES, base)
    print(f"\nrecast-rift: {GAMES / ours:.0f} games/s ({decisions / GAMES:.0f} decisions a game); bare loop "
          f"{GAMES / base:.0f} games/s; engine/baseline time ratio {ours / base:.1f}")
