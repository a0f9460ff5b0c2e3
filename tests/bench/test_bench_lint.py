"""Lint throughput (issue 5 quality bar): text rules on 10,000 cards, the fit check on 1,000.

Run with ``python -m pytest tests/bench/test_bench_lint.py --benchmark-only``. Times are CPU
time of this process (``time.process_time``), so other work on a shared machine does not count
against lint; each test also measures, in the same run, a baseline — a bare loop of one compiled
regex over the same card texts — and records the ratio lint/baseline in ``extra_info``.
"""

from __future__ import annotations

import re
import time

import pytest

from fuda.lint import lint
from fuda.lint.synthetic import make_database, make_game, synthetic_cards

TEXT_GOAL = 20_000  # cards per second, text rules only
FIT_GOAL = 1_000  # cards per second with the fit check (print layout of every card)
SETTINGS = {"lint": {"reference-brackets": "《》", "terms": ["攻撃"], "prh": []}}


def _database(count: int):
    return make_database(make_game("recast-rift", synthetic_cards(count), SETTINGS))


def _baseline(database) -> float:
    """Seconds for the bare loop: one compiled regex searched in every card text (best of 5)."""
    pattern = re.compile("【([^】]*)】")
    texts = [card.text for card in database.cards]
    best = float("inf")
    for _ in range(5):
        start = time.process_time()
        for text in texts:
            pattern.search(text)
        best = min(best, time.process_time() - start)
    return best


def _measure(benchmark, database, fit: bool):
    lint(make_database(make_game("recast-rift", synthetic_cards(5), SETTINGS)), fit=fit)  # imports, fonts
    found = benchmark.pedantic(lint, args=(database,), kwargs={"fit": fit}, rounds=3, iterations=1)
    seconds = benchmark.stats.stats.min
    base = _baseline(database)
    rate = len(database.cards) / seconds
    benchmark.extra_info.update(cards=len(database.cards), cards_per_s=round(rate),
                                baseline_texts_per_s=round(len(database.cards) / base),
                                ratio_to_baseline=round(seconds / base, 1))
    return found, rate


@pytest.mark.benchmark(group="lint", timer=time.process_time)
def test_text_rules_throughput(benchmark):
    """10,000 clean synthetic cards pass every text rule at ≥ 20,000 cards/s (CPU time)."""
    found, rate = _measure(benchmark, _database(10_000), fit=False)
    assert found == []
    assert rate >= TEXT_GOAL, f"{rate:.0f} cards/s"


@pytest.mark.benchmark(group="lint", timer=time.process_time)
def test_fit_throughput(benchmark):
    """1,000 synthetic cards with the fit check (print layout) at ≥ 1,000 cards/s (CPU time)."""
    found, rate = _measure(benchmark, _database(1_000), fit=True)
    assert found == []
    assert rate >= FIT_GOAL, f"{rate:.0f} cards/s"
