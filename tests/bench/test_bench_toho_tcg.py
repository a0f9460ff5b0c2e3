"""Benchmark: complete toho-tcg games per second with random agents, on one core, against a
bare-Python baseline measured in the same run.

Run with ``python -m pytest tests/bench/test_bench_toho_tcg.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). The goal is ≥ 100 complete games/s. The
baseline plays a stripped-down game loop with plain lists and ``random.Random`` (shuffle two
30-card decks, draw up to 7 a turn, trash a random number of cards for 霊力, hit the opponent
for a random 0–3 cards, until a deck is empty) — the least bookkeeping a game of this size
needs — so the printed ratio (engine time / baseline time per game) says how much the rules,
priority windows, decisions, log and agents cost on any machine, whatever its speed.
"""

from __future__ import annotations

import time

from fuda.engine import toho_tcg as tt
from tests.bench.harness import (
    best_seconds,
    measure,
    random_playouts,
    sample_setups,
    shuffled_decks,
)

GAMES = 400
GOAL = 100


def play(registry, pairs, games: int) -> int:
    """Play ``games`` random games, each won by someone; returns the number of decisions taken."""
    return random_playouts(tt, registry, pairs, games, winner=True)


def baseline(games: int) -> int:
    """A bare game loop: the least bookkeeping a game of this size needs."""
    turns = 0
    for seed in range(games):
        rnd, decks = shuffled_decks(seed, 30)
        hands, trash, p = [[], []], [[], []], 0
        while decks[0] and decks[1]:
            for _ in range(rnd.randrange(max(1, 8 - len(hands[p])))):
                if decks[p]:
                    hands[p].append(decks[p].pop())
            for _ in range(rnd.randrange(len(hands[p]) + 1)):
                trash[p].append(hands[p].pop(rnd.randrange(len(hands[p]))))
            for _ in range(rnd.randrange(4)):
                if decks[1 - p]:
                    trash[1 - p].append(decks[1 - p].pop())
            p = 1 - p
            turns += 1
    return turns


def test_random_playouts_per_second(benchmark):
    """Random-agent games per second (goal ≥ 100 on one core), with the ratio to the baseline."""
    registry, pairs = sample_setups(tt, "toho-tcg")
    play(registry, pairs, 20)  # warm up
    base, _ = best_seconds(baseline, GAMES)
    c0 = time.process_time()
    ours, decisions = measure(benchmark, play, (registry, pairs, GAMES), GAMES, base)
    cpu = (time.process_time() - c0) / 3
    benchmark.extra_info.update(cpu_games_per_second=round(GAMES / cpu, 1))
    print(f"\ntoho-tcg: {GAMES / ours:.0f} games/s ({GAMES / cpu:.0f} on CPU time; {decisions / GAMES:.0f} decisions a game); "
          f"bare loop {GAMES / base:.0f} games/s; engine/baseline time ratio {ours / base:.1f}")
    assert GAMES / cpu >= GOAL, f"{GAMES / cpu:.0f} games/s on one core, goal {GOAL}"
