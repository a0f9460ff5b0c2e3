"""Load and validate throughput (issue 22, goals 1–3): ``fuda validate`` on 10,000 cards in 10
files against a baseline measured in the same process — PyYAML's C loader reading the same files
and fastjsonschema checking each card against the same card schema; ``fuda lint`` end to end on the
10,000 cards. Scaling from 1,000 to 30,000 cards is in ``test_bench_scaling.py``.

Run with ``python -m pytest tests/bench/test_bench_validate.py -q -s -p no:cacheprovider``.
Times are CPU time (``time.process_time`` in process, ``RUSAGE_CHILDREN`` for whole ``fuda``
processes), best of 3, so other work on a shared machine counts less. The baseline does less than
we do (no positions, no duplicate-key or depth checks, no card values, no cross-file checks, and
fastjsonschema does not implement unevaluatedProperties or dependentRequired), which is why the
goal is a ratio of 1.5, not 1.
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fuda.database.load import validate
from fuda.database.resources import schema_dir
from tests.bench.card_database import write_game

RATE_GOAL = 4_000  # cards per second, in process
RATIO_GOAL = 1.5  # our time / baseline time on the same cards
PROCESS_GOAL = 2.5  # s of CPU for `fuda validate` on 10,000 cards, whole process
LINT_GOAL = 4.0  # s of CPU for `fuda lint` on 10,000 cards, whole process


def _best(fn, *args, rounds: int = 3) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.process_time()
        fn(*args)
        best = min(best, time.process_time() - start)
    return best


def _card_checker():
    """fastjsonschema's compiled check of one recast-rift card (the schema's card definition,
    with its bare-name $refs served from schema/)."""
    import fastjsonschema

    folder = schema_dir()
    schema = json.loads((folder / "recast-rift.cards.schema.json").read_text(encoding="utf-8"))
    card = {"$schema": "http://json-schema.org/draft-07/schema#", "$id": "file:///schema/recast-rift.cards.schema.json",
            "$defs": schema["$defs"], "$ref": "#/$defs/card"}
    handlers = {"file": lambda uri: json.loads((folder / uri.rsplit("/", 1)[1].split("#")[0]).read_text(encoding="utf-8"))}
    return fastjsonschema.compile(card, handlers=handlers)


def _baseline(folder: Path, check) -> int:
    """PyYAML's C loader on each card file, fastjsonschema on each card: the cards checked."""
    import yaml

    count = 0
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "game.yaml":
            continue
        data = yaml.load(path.read_bytes().decode("utf-8"), Loader=yaml.CSafeLoader)
        for card in data["cards"]:
            check(card)
            count += 1
    return count


def _ours(folder: Path):
    findings = validate([folder])
    assert [f for f in findings if f.severity == "error"] == [], findings[:3]


def _process_cpu(*argv) -> float:
    """CPU seconds (user + system) of one ``fuda`` process, best of 3."""
    best = float("inf")
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run([str(Path(sys.executable).parent / "fuda"), *argv], check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return best


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    root = tmp_path_factory.mktemp("bench-validate")
    return {n: write_game(root / f"g{n}", n, 10) for n in (1_000, 10_000)}


@pytest.mark.benchmark(group="validate", timer=time.process_time)
def test_validate_10000_cards_against_the_baseline(benchmark, games):
    """validate: ≥ 4,000 cards/s and ≤ 1.5× PyYAML-C + fastjsonschema on the same 10,000 cards."""
    folder = games[10_000]
    check = _card_checker()
    _ours(games[1_000])  # imports and compiled validators, as a baseline's compile
    benchmark.pedantic(_ours, args=(folder,), rounds=3, iterations=1)
    ours = benchmark.stats.stats.min
    base = _best(_baseline, folder, check)
    rate, ratio = 10_000 / ours, ours / base
    benchmark.extra_info.update(cards=10_000, cards_per_s=round(rate), baseline_cards_per_s=round(10_000 / base),
                                ratio_to_baseline=round(ratio, 2))
    print(f"\nvalidate 10,000 cards: {ours:.2f} s CPU ({rate:,.0f} cards/s); "
          f"baseline PyYAML-C + fastjsonschema {base:.2f} s; ratio {ratio:.2f}")
    assert rate >= RATE_GOAL, f"{rate:.0f} cards/s"
    assert ratio <= RATIO_GOAL, f"{ratio:.2f}x the baseline"


def test_validate_process_cpu(games):
    """`fuda validate` on 10,000 cards costs ≤ 2.5 s of CPU, the whole process included."""
    seconds = _process_cpu("validate", str(games[10_000]))
    print(f"\nfuda validate 10,000 cards: {seconds:.2f} s CPU (whole process)")
    assert seconds <= PROCESS_GOAL


def test_lint_process_cpu(games):
    """`fuda lint` of the text rules on 10,000 cards costs ≤ 4 s of CPU, the whole process
    included (issue #22: "load + text rules"; the fit check, which lays every card out, has its
    own goal of ≥ 1,000 cards/s in test_bench_lint.py)."""
    seconds = _process_cpu("lint", str(games[10_000]), "--ignore", "FIT")
    print(f"\nfuda lint --ignore FIT, 10,000 cards: {seconds:.2f} s CPU (whole process)")
    assert seconds <= LINT_GOAL
