"""Start-up of the ``fuda`` command (issue 22 item 4): ≤ 250 ms of CPU for ``fuda --help``,
``fuda lint --help`` and ``fuda validate --help``.

Run with ``python -m pytest tests/bench/test_bench_startup.py -s``. Each command is a whole
process; its CPU time (user + system, from ``os.wait4``) is the median of 7 runs, so other work
on a shared machine counts less than wall time would. Two baselines run in the same test: bare
``python -c pass`` (the floor) and ``python -c "import typer"`` (the least a typer app costs);
the ratios to both are recorded and printed.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
from pathlib import Path

import pytest

GOAL_MS = 250
RUNS = 7


def _cpu_ms(argv: list[str]) -> float:
    """Median CPU milliseconds (user + system) of running ``argv`` to its end."""
    samples = []
    for _ in range(RUNS):
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env={**os.environ, "COLUMNS": "100"})
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        assert proc.returncode == 0, argv
        samples.append((usage.ru_utime + usage.ru_stime) * 1000)
    return statistics.median(samples)


def _fuda() -> list[str]:
    script = Path(sys.executable).with_name("fuda")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fuda"]


@pytest.mark.parametrize("args", [["--help"], ["lint", "--help"], ["validate", "--help"]])
def test_startup_cpu(args, record_property):
    """`fuda <args>` costs ≤ 250 ms of CPU; its ratio to `python -c pass` and `import typer` is reported."""
    bare = _cpu_ms([sys.executable, "-c", "pass"])
    typer_only = _cpu_ms([sys.executable, "-c", "import typer"])
    fuda = _cpu_ms(_fuda() + args)
    line = (f"fuda {' '.join(args)}: {fuda:.0f} ms CPU; python -c pass {bare:.0f} ms (×{fuda / bare:.1f}); "
            f"import typer {typer_only:.0f} ms (×{fuda / typer_only:.1f})")
    print(line)
    record_property("startup", line)
    assert fuda <= GOAL_MS, line
