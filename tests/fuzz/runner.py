"""Run fuda commands on a mutant in a forked child: bounded time, measured memory, no traceback.

A forked child starts with fuda already imported (cheap), runs the command through typer's test
runner, and sends back its exit code and output; the parent kills it when it runs past its time,
and reads its peak memory from ``wait4``. Checks on the result are in :func:`violations`.
"""

from __future__ import annotations

import json
import os
import re
import resource
import select
import signal
import time
import traceback
from dataclasses import dataclass

# a located line: "path:line:col: …" anywhere on a line, or a finding "path: <severity>[CODE]: …"
# (a whole-file problem has no line to name)
LOCATED = re.compile(r"(?:^|\s)\S+?:\d+:\d+: |^\S+?: \S+\[[A-Z]+\d+\]", re.M)
MEMORY_MB = 500
# A forked child starts with the test process's pages (hundreds of MB late in a long run): what a
# command costs is its growth over that, plus what a fresh `fuda` process starts with (~41 MB
# measured for `fuda validate`; 60 allowed)
FRESH_PROCESS_MB = 60
TIMEOUT_S = 20.0


@dataclass(frozen=True)
class Outcome:
    """What one command did."""

    args: tuple[str, ...]
    exit_code: int | None  # None: killed (time) or crashed
    output: str
    error: str  # a traceback, or ""
    seconds: float
    peak_mb: float  # the command's own peak: growth over the forked child's start, plus a fresh process


def run(args: list[str], timeout: float = TIMEOUT_S, env: dict | None = None) -> Outcome:
    """Run ``fuda ARGS`` in a forked child and return what it did."""
    read_fd, write_fd = os.pipe()
    start = time.monotonic()
    pid = os.fork()
    if pid == 0:  # child
        os.close(read_fd)
        start_kb = _rss_kb()
        code, output, error = None, "", ""
        try:
            # a safety net far above the 500 MB goal: runaway growth fails fast instead of swapping
            resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
            if env:
                os.environ.update(env)
            from typer.testing import CliRunner

            from fuda.cli.main import app

            result = CliRunner().invoke(app, args)
            code, output = result.exit_code, result.output
            if result.exception is not None and not isinstance(result.exception, SystemExit):
                exc = result.exception
                error = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        except BaseException as exc:
            error = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        payload = json.dumps({"code": code, "output": output[-20000:], "error": error[-20000:],
                              "start_kb": start_kb}).encode()
        with os.fdopen(write_fd, "wb") as fh:
            fh.write(payload)
        os._exit(0)
    os.close(write_fd)
    chunks = []
    deadline = start + timeout
    killed = False
    with os.fdopen(read_fd, "rb") as fh:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                os.kill(pid, signal.SIGKILL)
                killed = True
                break
            ready, _, _ = select.select([fh], [], [], left)
            if ready:
                chunk = os.read(fh.fileno(), 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
    _, _, usage = os.wait4(pid, 0)
    seconds = time.monotonic() - start
    if killed:
        peak = usage.ru_maxrss / 1024  # no start mark: the whole peak counts
        return Outcome(tuple(args), None, "", f"killed after {timeout:.0f} s", seconds, peak)
    try:
        doc = json.loads(b"".join(chunks) or b"{}")
    except ValueError:
        doc = {}
    if "code" not in doc:
        return Outcome(tuple(args), None, "", "the child died without a result", seconds, usage.ru_maxrss / 1024)
    peak = (usage.ru_maxrss - doc["start_kb"]) / 1024 + FRESH_PROCESS_MB
    return Outcome(tuple(args), doc["code"], doc["output"], doc["error"], seconds, peak)


def _rss_kb() -> int:
    """This process's resident set now, in kB (Linux)."""
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def violations(outcome: Outcome) -> list[str]:
    """What is wrong with a command's outcome: a hang, a traceback, too much memory, an exit code
    other than 0/1/2, a failure without a located finding (exit 1) or usage line (exit 2)."""
    found = []
    if outcome.exit_code is None:
        found.append(outcome.error or "no result")
    elif outcome.error:
        found.append("traceback: " + outcome.error.strip().splitlines()[-1])
    elif outcome.exit_code not in (0, 1, 2):
        found.append(f"exit code {outcome.exit_code}")
    elif outcome.exit_code == 1 and not LOCATED.search(outcome.output):
        found.append("exit 1 without a located finding: " + outcome.output.strip()[:300])
    elif outcome.exit_code == 2 and "error" not in outcome.output.lower() and "エラー" not in outcome.output:
        found.append("exit 2 without a usage error line: " + outcome.output.strip()[:300])
    if "Traceback (most recent call last)" in outcome.output:
        found.append("a traceback in the output")
    if outcome.peak_mb > MEMORY_MB:
        found.append(f"peak memory {outcome.peak_mb:.0f} MB > {MEMORY_MB} MB")
    return found
