"""Benchmark: ``fuda simulate --jobs 2`` against ``--jobs 1`` on the same run, in the same process.

Run with ``python -m pytest tests/bench/test_bench_simulate.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). The goal is ≥ 1.8× with two jobs on two cores
(issue #22 item 5, issue #17 item 4); the results must be identical.

The baseline is the one-job run of the same simulation (the same seatings, chunks and seeds):
the ratio is wall time of one job over wall time of two. Two local workers are forked after the
registry is built, so each starts with it in memory and only chunks and tallies cross processes.
"""

from __future__ import annotations

import multiprocessing
import time

import pytest

from fuda.database import load_database
from fuda.database.resources import cards_dir
from fuda.engine.games import engine_for, registry_for
from fuda.simulation import simulate

# ryomen plays ~8,000 random games/s on one core, so 3,000 games (the count) last ~0.4 s
# and the pool's start-up would be what is measured: it plays 20,000
RUNS = [("ryomen", 20000), ("toho-tcg", 1500)]


def _spin(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i % 7
    return total


def ceiling(seconds: float = 1.0) -> float:
    """What two processes gain over one on this machine right now, for pure Python work with no
    communication at all: the most any pool could reach (best of 3 wall times each)."""
    n = int(8_000_000 * seconds)
    context = multiprocessing.get_context("fork")

    def two():
        with context.Pool(2) as pool:
            pool.map(_spin, [n, n])

    best = {1: float("inf"), 2: float("inf")}
    for _ in range(3):  # alternating, as the simulations are
        for jobs, run in ((1, lambda: (_spin(n), _spin(n))), (2, two)):
            t0 = time.perf_counter()
            run()
            best[jobs] = min(best[jobs], time.perf_counter() - t0)
    return best[1] / best[2]


@pytest.mark.parametrize(("game_id", "games"), RUNS)
def test_two_jobs_against_one(game_id, games):
    """--jobs 2 is ≥ 1.8× faster than --jobs 1 on the same seeded simulation, with identical tallies."""
    game = load_database([cards_dir() / game_id]).game(game_id)
    module, registry = engine_for(game.rules), registry_for(game)
    entrants = len(module.entrants(registry))
    pairings = entrants * (entrants - 1) // 2 + entrants  # each pairing once, mirrors included
    per_pairing = max(2, games // pairings)

    # the runs alternate (1, 2, 1, 2, …) and each side keeps its best wall time: the shared VM's
    # cores drift over seconds, and alternating lets both sides see the same drift
    best = {1: None, 2: None}
    sims = {}
    for _ in range(3):
        for jobs in (1, 2):
            t0 = time.perf_counter()
            sims[jobs] = simulate(game, module, registry, games=per_pairing, seed=1, agents=("random", "random"), jobs=jobs)
            took = time.perf_counter() - t0
            best[jobs] = took if best[jobs] is None else min(best[jobs], took)
    (one_s, one), (two_s, two) = (best[1], sims[1]), (best[2], sims[2])
    machine = ceiling()
    total = sum(t.games for t in one.tallies)
    ratio = one_s / two_s
    # the machine's own two-process gain is printed beside ours: on a shared VM it moves between
    # runs (1.45–2.14× for the same busy loop measured on 2026-12-02), and a low one explains a miss
    print(f"\n{game_id}: {total} games; --jobs 1 {one_s:.2f} s ({total / one_s:,.0f} games/s), "
          f"--jobs 2 {two_s:.2f} s ({total / two_s:,.0f} games/s): {ratio:.2f}× (goal ≥ 1.8×); "
          f"two busy processes on this machine now: {machine:.2f}×")
    assert one.tallies == two.tallies
    assert ratio >= 1.8
