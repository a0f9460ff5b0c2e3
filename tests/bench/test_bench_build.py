"""``fuda build`` at 1,000 and 10,000 cards (issue 22 item 2): per-card cost that does not grow
with the database (no size more than 20 % dearer per card than the size before, as in
``test_bench_scaling.py``), and peak memory ≤ 300 MB on 10,000 cards.

Cheaper per card at a larger size passes: a build pays a fixed cost (start-up, fonts, templates,
the engine registries) that a larger database spreads thinner. The marginal cost — what each
card beyond the smaller size adds — is printed too: a cost that is linear in the cards keeps it
level from one size to the next.

Run with ``python -m pytest tests/bench/test_bench_build.py -q -s -p no:cacheprovider``
(``FUDA_BENCH_30K=1`` adds 30,000 cards, ≈ 3× the 10,000-card time; ``FUDA_BENCH_ROUNDS`` sets
the rounds, 3 by default). Each build is a whole ``fuda build`` process; its CPU time (user +
system) and peak RSS come from ``os.wait4``, the median of the rounds, so other work on a shared
machine counts less than wall time would. The baseline, run in the same test on the same cards,
is ``fuda validate`` — the load every command starts with — and each build's per-card cost is
reported as a ratio to it as well as to the 1,000-card build.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from tests.bench.card_database import write_game

PEAK_GOAL_MB = 300  # fuda build on 10,000 cards
LINEAR = 0.20  # per-card cost at each size at most 20 % above that at the size before
ROUNDS = int(os.environ.get("FUDA_BENCH_ROUNDS", "3"))
SIZES = (1_000, 10_000) + ((30_000,) if os.environ.get("FUDA_BENCH_30K") else ())


def _fuda() -> list[str]:
    script = Path(sys.executable).with_name("fuda")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fuda"]


def _run(argv: list[str], ok=(0,)) -> tuple[float, float]:
    """CPU seconds (user + system) and peak RSS (MB) of one process running ``argv``."""
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    assert code in ok, (argv, code)
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def _median(argv: list[str], ok=(0,), before=None) -> tuple[float, float]:
    """Median CPU seconds and median peak RSS of ``ROUNDS`` runs."""
    runs = []
    for _ in range(ROUNDS):
        if before:
            before()
        runs.append(_run(argv, ok))
    return statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench-build")
    return {n: write_game(root / f"g{n}", n, 10) for n in SIZES}


def test_build_scales_linearly_and_fits_300_mb(games, tmp_path):
    """fuda build: per-card CPU at each size at most 20 % above the size before, peak RSS ≤ 300 MB
    at 10,000; the marginal cost and the ratio to fuda validate on the same cards are reported."""
    rows = {}
    for n, folder in games.items():
        out = tmp_path / f"out{n}"
        build_s, build_mb = _median([*_fuda(), "build", str(folder), "--out", str(out)],
                                    before=lambda out=out: shutil.rmtree(out, ignore_errors=True))
        base_s, base_mb = _median([*_fuda(), "validate", str(folder)], ok=(0, 1))
        rows[n] = (build_s, build_mb, base_s, base_mb)
        shutil.rmtree(out, ignore_errors=True)
    first = min(rows)
    per_card = {n: r[0] / n for n, r in rows.items()}
    print(f"\nfuda build, median of {ROUNDS} (CPU, whole process; load {os.getloadavg()[0]:.1f}):")
    sizes = sorted(rows)
    for before, n in zip([None, *sizes], sizes):
        build_s, build_mb, base_s, base_mb = rows[n]
        marginal = "" if before is None else \
            f", {1000 * (build_s - rows[before][0]) / (n - before):.2f} ms for each card past {before:,}"
        print(f"  {n:>6,} cards: {build_s:7.1f} s ({1000 * per_card[n]:.2f} ms/card, "
              f"×{per_card[n] / per_card[first]:.2f} the {first:,}-card cost{marginal}), peak {build_mb:.0f} MB; "
              f"validate {base_s:.2f} s, {base_mb:.0f} MB → build/validate ×{build_s / base_s:.0f}")
    for smaller, larger in pairwise(sizes):
        assert per_card[larger] / per_card[smaller] <= 1 + LINEAR, per_card
    assert rows[10_000][1] <= PEAK_GOAL_MB, f"{rows[10_000][1]:.0f} MB"
