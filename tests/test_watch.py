"""``--watch`` (fuda.watch): rebuild on save, the first error in one line, outputs byte-identical
to a full build, Ctrl-C ends cleanly. Games are made with ``fuda new`` in tmp_path folders."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fuda.database.findings import Finding, FindingsError, Location
from fuda.i18n import Text
from fuda.watch import BuildSession, Rebuild, first_error, wanted, watch

SAMPLE_ART = Path(__file__).resolve().parents[1] / "cards" / "recast-rift" / "art"


def _fuda() -> list[str]:
    script = Path(sys.executable).with_name("fuda")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fuda"]


def _new(folder: Path, rules: str) -> Path:
    subprocess.run([*_fuda(), "-q", "new", str(folder), "--rules", rules], check=True, capture_output=True)
    return folder


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    time.sleep(0.01)  # a new modification time even on a coarse clock
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def two_games(tmp_path_factory):
    """A database of two games made with fuda new (recast-rift with an art file, ryomen)."""
    db = tmp_path_factory.mktemp("watch") / "db"
    a = _new(db / "alpha", "recast-rift")
    _new(db / "beta", "ryomen")
    (a / "art").mkdir()
    shutil.copy(SAMPLE_ART / "marisa.png", a / "art" / "pic.png")
    cards = a / "cards.yaml"
    first_flavor = next(line for line in cards.read_text(encoding="utf-8").splitlines() if line.startswith("  flavor:"))
    _edit(cards, first_flavor + "\n", first_flavor + "\n  art: art/pic.png\n")
    return db


def test_wanted_files_are_sources_not_outputs_or_hidden(tmp_path):
    """YAML, images and fonts start a rebuild; JSON, hidden files, backups and the output folder do not."""
    out = tmp_path / "out"
    assert wanted(tmp_path / "g" / "cards.yaml", [out])
    assert wanted(tmp_path / "g" / "art" / "a.PNG", [out])
    assert wanted(tmp_path / "g" / "fonts" / "x.otf", [out])
    assert not wanted(tmp_path / "g" / "cards.schema.json", [out])
    assert not wanted(tmp_path / "g" / ".cards.yaml.swp", [out])
    assert not wanted(tmp_path / ".out.staging-1" / "a.png", [out])
    assert not wanted(tmp_path / "g" / "cards.yaml~", [out])
    assert not wanted(out / "gallery" / "a.png", [out])


def test_watch_runs_first_then_each_batch_and_goes_on_after_an_error():
    """The action runs when watching starts and after each non-empty batch; an error is one line and the loop goes on."""
    calls = []
    where = Location("cards.yaml", 3, 5)

    def action(changed):
        calls.append(changed)
        if len(calls) == 2:
            raise FindingsError([Finding(where, "S004", "first\nproblem", "warning"),
                                 Finding(where, "S001", "the error", "error"),
                                 Finding(where, "S002", "another", "error")])
        return Rebuild(what=("g",))

    a, b = Path("a.yaml"), Path("b.png")
    runs = list(watch(action, iter([frozenset(), frozenset({a}), frozenset(), frozenset({a, b})])))
    assert calls == [None, frozenset({a}), frozenset({a, b})]
    assert [r.ok for r in runs] == [True, False, True]
    assert "cards.yaml:3:5" in runs[1].error and "the error" in runs[1].error and "\n" not in runs[1].error
    assert runs[2].changed == (a, b) and runs[2].what == ("g",) and runs[2].seconds >= 0


def test_first_error_is_one_line_in_the_users_language():
    """fuda's own messages come out localized on one line; an OS refusal names the file; a bug names its type."""
    from fuda.i18n import set_language

    set_language("ja")
    try:
        line = first_error(KeyError(Text("err.no_game", game="x", known="a, b")))
        assert line.startswith("fuda: エラー:") and "x" in line and "\n" not in line
        assert "nope.yaml" in first_error(FileNotFoundError(2, "No such file", "nope.yaml"))
        assert first_error(ValueError("bad\nthing")).endswith("ValueError: bad thing")
    finally:
        set_language(None)


def test_rebuild_after_an_edit_remakes_only_that_game_and_equals_a_full_build(two_games, tmp_path):
    """After a card edit and an art change, only that game is made again, and every output file
    equals a full build from scratch byte for byte; an error keeps the previous outputs."""
    out = tmp_path / "out"
    session = BuildSession([two_games], out)
    assert session(None).what == ("alpha", "beta")
    cards = two_games / "alpha" / "cards.yaml"
    flavor = next(line for line in cards.read_text(encoding="utf-8").splitlines() if line.startswith("  flavor:"))
    _edit(cards, flavor, flavor + "（改）")
    run = session(frozenset({cards}))
    assert run.ok, run.error
    assert run.what == ("alpha",)
    shutil.copy(SAMPLE_ART / "reimu.png", two_games / "alpha" / "art" / "pic.png")
    run = session(frozenset({two_games / "alpha" / "art" / "pic.png"}))
    assert run.ok and run.what == ("alpha",)
    assert session.reuse.hits > 0  # unchanged faces were not painted again
    fresh = tmp_path / "fresh"
    subprocess.run([*_fuda(), "-q", "build", str(two_games), "-o", str(fresh)], check=True, capture_output=True)
    ours, theirs = _tree(out), _tree(fresh)
    assert sorted(ours) == sorted(theirs)
    assert [name for name in ours if ours[name] != theirs[name]] == []
    assert any(name.endswith(".png") for name in ours) and any(name.endswith(".pdf") for name in ours)

    before = _tree(out)
    _edit(cards, "kind: awakening", "kind: awakenin")
    run = session(frozenset({cards}))
    assert not run.ok
    assert "cards.yaml:" in run.error and "awakenin" in run.error and "\n" not in run.error
    assert _tree(out) == before
    _edit(cards, "kind: awakenin", "kind: awakening")


@pytest.mark.slow
def test_cli_build_watch_rebuilds_on_save_and_ends_on_ctrl_c(tmp_path):
    """fuda build --watch: a saved card file is rebuilt (one line), a mistake is one located line,
    and SIGINT ends it with exit 0 and no traceback."""
    game = _new(tmp_path / "g", "toho-tcg")
    env = {**os.environ, "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8", "LC_MESSAGES": ""}
    proc = subprocess.Popen([*_fuda(), "build", "--watch", str(game), "-o", str(tmp_path / "out")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert "rebuilt" in proc.stdout.readline()
        cards = game / "cards.yaml"
        text = cards.read_text(encoding="utf-8")
        cards.write_text(text.replace("\ncards:", "\ncards: [oops", 1), encoding="utf-8")
        seen = [proc.stderr.readline()]
        while "(the previous outputs are kept)" not in seen[-1]:
            seen.append(proc.stderr.readline())
            assert seen[-1], "the watch ended before reporting the error"
        assert "cards.yaml:" in seen[-1]
        faces = len([p for p in (tmp_path / "out").rglob("gallery/**/*.png") if not p.name.startswith("sheet")])
        assert any(f"card images and galleries: {faces} in" in line for line in seen), seen  # counted, piped
        cards.write_text(text, encoding="utf-8")
        assert "rebuilt g" in proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGINT)
        _out, errors = proc.communicate(timeout=60)
    assert proc.returncode == 0
    assert "Traceback" not in errors and "stopped watching" in errors


def test_gallery_step_counts_faces_over_every_game(two_games, tmp_path):
    """Inside counting(), the build's gallery step reports done/total after each face, over all games, up to the total."""
    from fuda.database.load import load_database
    from fuda.gallery import counting, gallery_step

    told = []
    with counting(lambda done, total: told.append((done, total))):
        files, _ = gallery_step(load_database([two_games]), tmp_path)
    faces = [p for p in files if p.suffix == ".png" and not p.name.startswith("sheet")]
    assert [d for d, _ in told] == list(range(1, len(faces) + 1))
    assert {total for _, total in told} == {len(faces)}


def test_game_action_reads_the_game_again_each_run(two_games):
    """print/images --watch: each run loads the game again (a saved edit shows), and a broken file is the run's one-line error."""
    from fuda.cli.common import Source
    from fuda.cli.watching import game_action
    from fuda.watch import attempt

    names = []

    def make(game):
        names.append(game.card(game.cards[0].id).name)
        return Rebuild(what=(game.id,))

    cards = two_games / "beta" / "cards.yaml"
    action = game_action(Source([two_games / "beta"], None), "beta", make)
    assert attempt(action, None).what == ("beta",)
    first = names[0]
    _edit(cards, f"name: {first}", f"name: {first}改")
    assert attempt(action, frozenset({cards})).ok and names[-1] == f"{first}改"
    _edit(cards, f"name: {first}改", "name: [unclosed")
    run = attempt(action, frozenset({cards}))
    assert not run.ok and "cards.yaml:" in run.error and "\n" not in run.error
    _edit(cards, "name: [unclosed", f"name: {first}")
