"""Linear in the database size (issue 22 item 2): ``validate`` and ``lint`` (load + every lint
rule, the fit check included, as ``fuda lint`` runs them) cost no more per card at 10,000 and
30,000 cards than at the size before, within 20 %.

What is checked is that the cost does not grow faster than the database (a quadratic pass would
make the 30,000-card run cost ×3 per card). Cheaper per card at a larger size passes: measured
under load, validate's per-card cost at 30,000 cards was 0.78–0.87× that at 10,000 (the
per-card work is the same; the 1,000-card run pays relatively more for what each file costs),
which a two-sided ±20 % test failed although nothing grows out of proportion.

Run with ``python -m pytest tests/bench/test_bench_scaling.py -q -s -p no:cacheprovider``.
Times are CPU time of this process (``time.process_time``), the median of 3 runs after one
warm-up (imports, fonts, compiled schemas), so other work on a shared machine counts less. The
baseline, run in the same test on the same files, is PyYAML's C loader reading them — a cost
that is linear by construction — and each size's per-card cost is printed as a ratio to it and
to the 10,000-card run.
"""

from __future__ import annotations

import itertools
import statistics
import time
from pathlib import Path

import pytest

from fuda.database.load import _load, validate
from fuda.lint import lint
from tests.bench.card_database import write_game

SIZES = (1_000, 10_000, 30_000)
LINEAR = 0.20  # per-card cost at each size at most 20 % above that at the size before
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


def _no_faster_than_linear(per_card: dict[int, float]) -> None:
    for smaller, larger in itertools.pairwise(SIZES):
        assert per_card[larger] / per_card[smaller] <= 1 + LINEAR, per_card


def test_validate_per_card_cost_is_flat(games):
    """validate's per-card CPU grows at most 20 % from 1,000 to 10,000 and to 30,000 cards."""
    _no_faster_than_linear(_scaling("validate", _validate, games))


def test_lint_per_card_cost_is_flat(games):
    """lint (load + every rule, the fit check included) per card grows at most 20 % from 1,000 to
    10,000 and to 30,000 cards."""
    _no_faster_than_linear(_scaling("lint", _lint, games))
