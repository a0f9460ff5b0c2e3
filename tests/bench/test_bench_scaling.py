"""Linear in the database size (issue 22 item 2): ``validate`` and ``lint`` (load + every lint
rule, the fit check included, as ``fuda lint`` runs them) cost the same per card at 1,000, 10,000
and 30,000 cards, within ±20 %.

Run with ``python -m pytest tests/bench/test_bench_scaling.py -q -s -p no:cacheprovider``.
Times are CPU time of this process (``time.process_time``), the median of 3 runs after one
warm-up (imports, fonts, compiled schemas), so other work on a shared machine counts less. The
baseline, run in the same test on the same files, is PyYAML's C loader reading them — a cost
that is linear by construction — and each size's per-card cost is printed as a ratio to it and
to the 10,000-card run.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest
from fuda.database.load import _load, validate
from fuda.lint import lint

from tests.bench.card_database import write_game

SIZES = (1_000, 10_000, 30_000)
LINEAR = 0.20  # per-card cost at 1,000 and 30,000 cards within ±20 % of that at 10,000
ROUNDS = 3


def _median(fn, *args) -> float:
    samples = []
    for _ in range(ROUNDS):
        start = time.process_time()
        fn(*args)
        samples.append(time.process_time() - start)
    return statistics.median(samples)


def _yaml_c(folder: Path) -> None:
    import yaml

    for path in sorted(folder.glob("*.yaml")):
        yaml.load(path.read_bytes().decode("utf-8"), Loader=yaml.CSafeLoader)


def _validate(folder: Path) -> None:
    assert not [f for f in validate([folder]) if f.severity == "error"]


def _lint(folder: Path) -> None:
    database, findings = _load([folder])
    assert not [f for f in findings if f.severity == "error"]
    lint(database)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench-scaling")
    return {n: write_game(root / f"g{n}", n, 10) for n in SIZES}


def _scaling(name: str, fn, games) -> dict[int, float]:
    fn(games[SIZES[0]])  # warm-up
    per_card, base = {}, {}
    for n, folder in games.items():
        per_card[n] = _median(fn, folder) / n
        base[n] = _median(_yaml_c, folder) / n
    middle = SIZES[1]
    print(f"\n{name} per card, median of {ROUNDS} (CPU):")
    for n in SIZES:
        print(f"  {n:>6,} cards: {1e6 * per_card[n]:6.0f} µs, ×{per_card[n] / per_card[middle]:.2f} the "
              f"{middle:,}-card cost; ×{per_card[n] / base[n]:.1f} PyYAML-C reading the same files")
    return per_card


def test_validate_per_card_cost_is_flat(games):
    """validate's per-card CPU at 1,000 and 30,000 cards is within ±20 % of that at 10,000."""
    per_card = _scaling("validate", _validate, games)
    for n in (SIZES[0], SIZES[2]):
        assert abs(per_card[n] / per_card[SIZES[1]] - 1) <= LINEAR, per_card


def test_lint_per_card_cost_is_flat(games):
    """lint (load + every rule, the fit check included) per card at 1,000 and 30,000 cards is
    within ±20 % of that at 10,000."""
    per_card = _scaling("lint", _lint, games)
    for n in (SIZES[0], SIZES[2]):
        assert abs(per_card[n] / per_card[SIZES[1]] - 1) <= LINEAR, per_card
