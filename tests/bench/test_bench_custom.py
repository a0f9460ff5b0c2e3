"""Benchmark: complete random games per second of the custom engine on the bundled sample
ほしかげの庭 (cards/hoshikage, rules: custom), on one core, against a baseline measured in the same run.

Run with ``python -m pytest tests/bench/test_bench_custom.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). The goal is ≥ 1,000 complete games/s (issue #30).

Last measured (2026-12-06, a shared 2-core VM under a load average of 7): 1,000 games of the
harness in 0.60 s of process time (≈ 1,680 games/s; 300 games of a plain loop 1,660–1,780/s,
42.4 decisions a game) after the main step built its options with the core's fast ``option``
and a precomputed ``play:<id>`` (≈ 1,010/s before). This benchmark times wall clock: with the
machine that loaded it printed 524 games/s against a floor of 8,175 — rerun it on a quiet machine.

The baseline is the shared core's floor: a null game on :class:`fuda.engine.core.Game` that asks
as many single-pick decisions of as many options as a sample game does (42 of 4), through the
same random agent, runner, decision checks and decision log, with no rules at all.
"""

from __future__ import annotations

from fuda.engine import custom as cu
from fuda.engine.core import Decision, Game, Option, make_agent, run
from tests.bench.harness import best_seconds, measure, random_playouts, sample_setups

GAMES = 1000
_OPTIONS = (*tuple(Option(f"play:card-{k}", f"card {k}", k) for k in range(3)), Option("pass"))


class NullGame(Game):
    """42 decisions of 4 options a game, alternating seats, no rules."""

    RULES = "null"

    def view(self, seat: int):
        return seat

    def fresh(self):
        return NullGame(self.seed)

    def flow(self):
        for k in range(42):
            yield Decision(k % 2, "main", _OPTIONS, "-")


def baseline(games: int) -> int:
    """The same number of null games through the same core machinery."""
    decisions = 0
    for seed in range(games):
        decisions += run(NullGame(seed), make_agent("random", seed, 0)).decisions
    return decisions


def test_random_playouts_per_second(benchmark):
    """Random-agent games of hoshikage per second (goal ≥ 1,000 on one core), with the ratio to the floor."""
    registry, pairs = sample_setups(cu, "hoshikage")
    random_playouts(cu, registry, pairs, 50)  # warm up
    baseline(50)
    base, base_decisions = best_seconds(baseline, GAMES, rounds=3)
    ours, decisions = measure(benchmark, random_playouts, (cu, registry, pairs, GAMES), GAMES, base, digits=2,
                              baseline_decisions_per_game=round(base_decisions / GAMES, 1))
    print(f"\nhoshikage (custom): {GAMES / ours:.0f} games/s ({decisions / GAMES:.1f} decisions a game); core floor "
          f"(null game, {base_decisions / GAMES:.1f} decisions) {GAMES / base:.0f} games/s; time ratio {ours / base:.2f}")
