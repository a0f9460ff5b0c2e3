"""The fuzz suite: seeded broken game folders through every command, with zero violations.

Each mutant (tests/fuzz/mutants.py) is a sample game with one mistake. validate, lint and play run
on every mutant; print, the Udonarium export and build on a share of them (they cost seconds).
Every command must end within its time, without a traceback, within 500 MB, with exit 0, 1 (and a
located finding) or 2 (and a usage line); a command that fails leaves no output behind (and a
previous good build byte-identical); and what validate accepts, print and export must accept.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from .fuzz.mutants import GAMES, mutants
from .fuzz.runner import run, violations

COUNT = int(os.environ.get("FUDA_FUZZ_MUTANTS", "300"))
HEAVY_EVERY = 8  # print, export and build on every 8th mutant


def _tree(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def good_builds(tmp_path_factory):
    """A good build of each sample game, to be overwritten (or not) by a mutant's build."""
    from fuda.build import build
    from fuda.database.resources import cards_dir

    root = tmp_path_factory.mktemp("good")
    builds = {}
    for game in GAMES:
        out = root / game
        result = build([cards_dir() / game], out)
        assert result.ok, result.failures
        builds[game] = out
    return builds


def _decks(folder: Path) -> list[str]:
    from fuda.database.yamlfile import read_yaml

    ids = []
    for path in sorted((folder / "decks").glob("*.yaml")) if (folder / "decks").is_dir() else []:
        try:
            ids.append(read_yaml(path).data["id"])
        except Exception:
            continue
    return ids


def check_mutant(mutant, root: Path, good: Path | None) -> list[str]:
    """Every violation of one mutant, each prefixed with the command."""
    folder = mutant.make(root)
    db = folder.parent
    problems = []

    def go(*args, expect_no_output: Path | None = None):
        outcome = run(list(args))
        for v in violations(outcome):
            problems.append(f"{' '.join(args[:2])}: {v}")
        if outcome.exit_code not in (0, None) and expect_no_output is not None and expect_no_output.exists():
            problems.append(f"{' '.join(args[:2])}: failed but left {expect_no_output.name} behind")
        return outcome

    validated = go("validate", str(folder))
    go("lint", str(folder))
    decks = _decks(folder)
    if len(decks) >= 1:
        go("play", mutant.game, "--path", str(db), "--deck", decks[0], "--deck", decks[-1], "--agents", "random", "-q")
    if good is not None:
        pdf = root / "cards.pdf"
        printed = go("print", mutant.game, "--path", str(db), "-o", str(pdf), expect_no_output=pdf)
        if validated.exit_code == 0 and printed.exit_code != 0:
            problems.append("validate accepted what print refused: " + printed.output.strip()[:300])
        if decks:
            zipped = root / "deck.zip"
            exported = go("export", "udonarium", mutant.game, "--path", str(db), "--deck", decks[0],
                          "-o", str(zipped), expect_no_output=zipped)
            if validated.exit_code == 0 and exported.exit_code != 0:
                problems.append("validate accepted what export refused: " + exported.output.strip()[:300])
        out = root / "out"
        shutil.copytree(good, out)
        before = _tree(out)
        built = go("build", str(folder), "--out", str(out))
        if built.exit_code != 0 and _tree(out) != before:
            problems.append("build: a failed build changed the previous good build")
    return problems


def _in_workers(jobs, workers: int = 2) -> list[str]:
    """Run ``jobs`` (callables returning problem lines) in forked worker processes, ``workers`` at
    a time (forks only from this thread, so no lock is inherited mid-use)."""
    report: list[str] = []
    running: dict[int, int] = {}  # pid -> read fd
    pending = list(jobs)

    def reap():
        pid, _ = os.wait()
        fd = running.pop(pid)
        with os.fdopen(fd, "rb") as fh:
            text = fh.read().decode("utf-8", "replace")
        report.extend(line for line in text.split("\n") if line)

    while pending or running:
        while pending and len(running) < workers:
            job = pending.pop(0)
            r, w = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(r)
                try:
                    lines = job()
                except BaseException as exc:
                    lines = [f"harness: {type(exc).__name__}: {exc}"]
                with os.fdopen(w, "wb") as fh:
                    fh.write("\n".join(lines).encode("utf-8"))
                os._exit(0)
            os.close(w)
            running[pid] = r
        reap()
    return report


@pytest.mark.slow
def test_fuzz_mutants_have_no_violations(tmp_path, good_builds):
    """Every mutant through validate, lint, play (and print, export, build on a share): no violation."""

    def job(n, mutant):
        def check():
            root = tmp_path / mutant.name
            root.mkdir()
            good = good_builds[mutant.game] if n % HEAVY_EVERY == 0 else None
            try:
                return [f"{mutant.name}: {p}" for p in check_mutant(mutant, root, good)]
            finally:
                shutil.rmtree(root, ignore_errors=True)
        return check

    report = sorted(_in_workers([job(n, m) for n, m in enumerate(mutants(COUNT))]))
    assert not report, f"{len(report)} violation(s):\n" + "\n".join(report)


def test_runner_sees_a_hang_and_a_traceback(monkeypatch):
    """The fuzz runner itself: a command that blocks is killed and reported; so is a traceback."""
    fifo = Path(os.environ.get("TMPDIR", "/tmp")) / f"fuda-fuzz-fifo-{os.getpid()}"
    os.mkfifo(fifo)
    try:
        outcome = run(["import", "duel-online", str(fifo), "--game", "toho-tcg", "-o", "/nonexistent"], timeout=3)
    finally:
        fifo.unlink()
    assert outcome.exit_code is None or outcome.exit_code != 0
    assert violations(outcome) or outcome.exit_code in (1, 2)


def _mutate_bytes(data: bytes, rng) -> bytes:
    """One damage a hand edit or a broken copy does to a file."""
    kind = rng.randrange(6)
    if kind == 0:
        return data[: rng.randrange(len(data))]
    if kind == 1:
        b = bytearray(data)
        for _ in range(rng.randrange(1, 6)):
            b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if kind == 2:
        at = rng.randrange(len(data))
        return data[:at] + rng.choice([b"{", b"]", b'"', b",", b"null", b"\x00", b"-1e999"]) + data[at:]
    if kind == 3:
        lines = data.split(b"\n")
        del lines[rng.randrange(len(lines))]
        return b"\n".join(lines)
    if kind == 4:
        return data.replace(b'"', b"'", rng.randrange(1, 4))
    return data * 2


@pytest.mark.slow
def test_fuzz_replays(tmp_path):
    """Hand-edited and truncated replays: exit 0, 1 (a located line) or 2, never a traceback or a hang."""
    import random

    from fuda.database.resources import cards_dir

    rng = random.Random(7)
    db = cards_dir()
    games = {"recast-rift": ("reimu-marisa", "sakuya-youmu"), "ryomen": ("scarlet-gate", "ghost-spring")}
    report = []
    for game, (a, b) in games.items():
        log = tmp_path / f"{game}.json"
        made = run(["play", game, "--path", str(db), "--deck", a, "--deck", b, "--log", str(log), "-q"])
        assert made.exit_code == 0, made.output
        original = log.read_bytes()
        for n in range(12):
            broken = tmp_path / f"{game}-{n}.json"
            broken.write_bytes(_mutate_bytes(original, rng))
            outcome = run(["play", game, "--path", str(db), "--replay", str(broken), "--verify", "-q"])
            report.extend(f"{broken.name}: {v}" for v in violations(outcome))
    assert not report, "\n".join(report)


@pytest.mark.slow
def test_fuzz_duel_online_importer(tmp_path):
    """Damaged Card.txt files through `fuda import duel-online`: exit 0, 1 (a located line) or 2,
    never a traceback or a hang, and no output file left behind by a failure."""
    import random

    from fuda.database.resources import cards_dir

    rng = random.Random(11)
    card_txt = tmp_path / "Card.txt"
    made = run(["export", "duel-online", "toho-tcg", "--path", str(cards_dir()), "-o", str(card_txt)])
    assert made.exit_code == 0, made.output
    original = card_txt.read_bytes()
    report = []
    refused = 0
    for n in range(24):
        broken = tmp_path / f"Card-{n}.txt"
        broken.write_bytes(_mutate_bytes(original, rng))
        target = tmp_path / f"imported-{n}.yaml"
        outcome = run(["import", "duel-online", str(broken), "--game", "toho-tcg", "--path", str(cards_dir()),
                       "-o", str(target)])
        report.extend(f"{broken.name}: {v}" for v in violations(outcome))
        refused += outcome.exit_code in (1, 2)
        if outcome.exit_code not in (0, None) and target.exists():
            report.append(f"{broken.name}: failed but left {target.name} behind")
    assert not report, "\n".join(report)
    assert refused, "no damaged file was refused: the mutations prove nothing"
