"""Instructions a random playout costs, counted by valgrind: a speed measure that does not drift
with the machine (games/s on a shared machine moves by ±10 % within an hour; this moves by
well under 1 % between runs with the same hash seed).

    python tests/bench/instructions.py ryomen [--games 200]

Runs ``valgrind --tool=cachegrind`` (Debian package ``valgrind``) on this script's ``--play``
mode twice, with 20 and with 20 + ``games`` playouts of the bundled game (the playouts of
:func:`tests.bench.harness.random_playouts`), and prints the difference per game, so the
start-up (imports, loading the database) cancels out. PYTHONHASHSEED is fixed (string hashes
move dictionary probes, worth ±1.5 %) and the loaded database is frozen out of the garbage
collector's full passes (when they fall moves with every change to what a playout allocates).
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import site
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRST = 20  # playouts in the shorter run (warm-up and start-up cancel out)
SITE = "FUDA_BENCH_SITE"  # the parent's site-packages folders, for the child


def instructions(game: str, games: int) -> int:
    """Instructions (valgrind's I refs) of ``games`` playouts of ``game``, without start-up."""
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    python = os.path.realpath(sys.executable)  # not a shim script: valgrind follows no children

    def count(n: int) -> int:
        run = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                              python, __file__, game, "--play", str(n)], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": "0", SITE: os.pathsep.join(site.getsitepackages())},
                             check=True)
        found = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        if found is None:
            raise SystemExit(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
        return int(found.group(1).replace(",", ""))

    return count(FIRST + games) - count(FIRST)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a bundled game with an engine (ryomen, recast-rift, …)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--play", type=int, help=argparse.SUPPRESS)  # the measured child
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    for folder in filter(None, os.environ.get(SITE, "").split(os.pathsep)):
        site.addsitedir(folder)  # the parent's (virtual environment's) packages: valgrind runs the real binary
    if args.play is not None:
        from fuda.database.ruleset import engine_for
        from tests.bench.harness import random_playouts, sample_setups

        module = engine_for(args.game)
        registry, pairs = sample_setups(module, args.game)
        gc.collect()
        gc.freeze()  # the loaded database out of the collector's sight: when its full passes
        # over it fall depends on how many objects a playout makes, worth ±60,000 a playout
        random_playouts(module, registry, pairs, args.play)
        return
    total = instructions(args.game, args.games)
    print(f"{args.game}: {total / args.games:,.0f} instructions a playout ({args.games} playouts)")


if __name__ == "__main__":
    main()
