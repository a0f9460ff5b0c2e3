"""Outputs never destroy what fuda did not write, and discovery knows where to stop (issue 28)."""

from __future__ import annotations

import io
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from fuda.build import build
from fuda.cli.main import app
from fuda.database.discover import MARKER, find_root
from fuda.database.resources import cards_dir
from fuda.outputs import MANIFEST, OutputError, publish, read_manifest

from .conftest import deck_files

runner = CliRunner()


def _game(parent: Path, name: str, rules: str = "ryomen") -> Path:
    target = parent / name
    shutil.copytree(cards_dir() / rules, target)
    return target


def _tree(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _pages(path: Path) -> int:
    return len(PdfReader(io.BytesIO(path.read_bytes())).pages)


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A home folder of its own (HOME), so discovery's stop at home is the test's."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    return folder


def test_build_refuses_a_folder_of_foreign_files_and_force_writes_beside_them(home, monkeypatch):
    """`fuda build -o desk` with desk/photo.txt exits 2 in one line; --force builds beside it; photo survives both and every rebuild."""
    game = _game(home, "my-game")
    desk = home / "desk"
    desk.mkdir()
    (desk / "photo.txt").write_text("x\n", encoding="utf-8")
    monkeypatch.chdir(game)
    refused = runner.invoke(app, ["build", "-o", str(desk)])
    assert refused.exit_code == 2
    lines = [line for line in refused.stderr.splitlines() if "error" in line]
    assert len(lines) == 1 and "photo.txt" in lines[0] and "--force" in lines[0]
    assert sorted(p.name for p in desk.iterdir()) == ["photo.txt"]
    forced = runner.invoke(app, ["build", "-o", str(desk), "--force"])
    assert forced.exit_code == 0, forced.output
    again = runner.invoke(app, ["build", "-o", str(desk)])  # the folder has a manifest now: no --force needed
    assert again.exit_code == 0, again.output
    assert (desk / "photo.txt").read_text(encoding="utf-8") == "x\n"
    assert _pages(desk / "print" / "ryomen" / "ryomen-cards.pdf") > 0
    listed = read_manifest(desk).files
    assert "photo.txt" not in listed and "print/ryomen/ryomen-cards.pdf" in listed
    assert {e.by for e in listed.values()} == {"build"}


def test_build_refuses_to_overwrite_a_foreign_file_even_with_force(home, monkeypatch):
    """A file fuda did not write where a build output goes stops the build before anything moves, --force or not."""
    game = _game(home, "my-game")
    monkeypatch.chdir(game)
    out = home / "out" / "my-game"
    assert runner.invoke(app, ["build"]).exit_code == 0
    good = _tree(out)
    (out / "lint.txt").write_text("my notes\n", encoding="utf-8")  # the user's file now, not fuda's
    for extra in ([], ["--force"]):
        result = runner.invoke(app, ["build", *extra])
        assert result.exit_code == 2 and "lint.txt" in result.stderr and "never overwritten" in result.stderr
        assert (out / "lint.txt").read_text(encoding="utf-8") == "my notes\n"
        assert {k: v for k, v in _tree(out).items() if k != "lint.txt"} == \
            {k: v for k, v in good.items() if k != "lint.txt"}


def test_two_sibling_games_keep_both_outputs(home, monkeypatch):
    """Two game folders side by side build one after the other into out/<folder>/ each; both outputs remain."""
    first, second = _game(home / "games", "first"), _game(home / "games", "second")
    for game in (first, second):
        monkeypatch.chdir(game)
        result = runner.invoke(app, ["build"])
        assert result.exit_code == 0, result.output
    out = home / "games" / "out"
    assert sorted(p.name for p in out.iterdir()) == ["first", "second"]
    for name in ("first", "second"):
        assert _pages(out / name / "print" / "ryomen" / "ryomen-cards.pdf") > 0
        assert json.loads((out / name / "validation.json").read_text(encoding="utf-8"))["errors"] == 0
    assert not list(first.rglob("*.pdf")) and not list(second.rglob("*.pdf"))  # never inside a game


def test_rebuild_removes_its_own_stale_files_only(home):
    """A rebuild removes the files the last build wrote and this one does not; a foreign file, an edited file and a print's file stay."""
    game = _game(home, "g")
    out = home / "out" / "g"
    assert build([game], out).ok
    deck = deck_files(game)[0]
    stale = out / "udonarium" / "ryomen" / f"{deck.stem}.zip"
    assert zipfile.ZipFile(stale).namelist()
    (out / "udonarium" / "ryomen" / "mine.txt").write_text("keep\n", encoding="utf-8")
    assert runner.invoke(app, ["print", str(game), "--ids", "cirno", "-o", str(out / "cirno.pdf")]).exit_code == 0
    other = deck_files(game)[1]
    edited = out / "udonarium" / "ryomen" / f"{other.stem}.zip"
    edited.write_bytes(edited.read_bytes() + b"edited")
    deck.unlink()
    other.unlink()
    result = build([game], out)
    assert result.ok, result.failures
    assert not stale.exists()  # fuda's, no longer written: removed
    assert edited.read_bytes().endswith(b"edited")  # changed by the user since: left alone
    assert (out / "udonarium" / "ryomen" / "mine.txt").read_text(encoding="utf-8") == "keep\n"
    assert _pages(out / "cirno.pdf") > 0
    listed = read_manifest(out).files
    assert f"udonarium/ryomen/{deck.stem}.zip" not in listed and listed["cirno.pdf"].by == "print"


def test_single_file_commands_never_overwrite_a_foreign_file(home, monkeypatch):
    """Single-file commands refuse a target fuda did not write; foreign files beside survive; --force overwrites the named one."""
    game = _game(home, "g", "toho-tcg")
    monkeypatch.chdir(game)
    out = home / "out" / "g"
    out.mkdir(parents=True)
    (out / "photo.txt").write_text("x\n", encoding="utf-8")
    deck = deck_files(game)[0].stem
    commands = {
        "toho-tcg-cards.pdf": ["print"],
        "calibration-A4.pdf": ["print", "--calibration"],
        "toho-tcg-mat.pdf": ["mat"],
        f"{deck}.zip": ["export", "udonarium", "--deck", deck],
        "Card.txt": ["export", "duel-online"],
        "toho-tcg-cards.xlsx": ["export", "sheet"],
        "images/toho-tcg/reimu.png": ["images", "--ids", "reimu", "--dpi", "40"],
    }
    for name, argv in commands.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(b"mine")
        refused = runner.invoke(app, argv)
        assert refused.exit_code == 2, (argv, refused.output)
        assert name.split("/")[-1] in refused.stderr and "--force" in refused.stderr
        assert target.read_bytes() == b"mine"
        forced = runner.invoke(app, [*argv, "--force"])
        assert forced.exit_code == 0, (argv, forced.output)
        assert target.read_bytes() != b"mine"
        again = runner.invoke(app, argv)  # fuda's own file now: rewritten without --force
        assert again.exit_code == 0, (argv, again.output)
    assert (out / "photo.txt").read_text(encoding="utf-8") == "x\n"
    assert _pages(out / "toho-tcg-cards.pdf") > 0 and zipfile.ZipFile(out / f"{deck}.zip").namelist()
    assert read_manifest(out).files["Card.txt"].by == "export"
    assert "reimu.png" in read_manifest(out / "images" / "toho-tcg").files


def test_sigint_while_staging_leaves_the_previous_build_whole(home):
    """Ctrl-C while a build stages (a real process, a step that waits) leaves the previous good outputs byte-identical."""
    game = _game(home, "g")
    out = home / "out"
    assert build([game], out).ok
    good = _tree(out)
    deck_files(game)[0].unlink()  # a finished build would differ: that deck's ZIP would be gone
    marker = home / "staging"
    script = textwrap.dedent("""
        import sys, time, pathlib
        import fuda.build as b
        every = b.steps
        def wait(database, out):
            pathlib.Path(sys.argv[1]).write_text("staging")
            time.sleep(120)
            return []
        b.steps = lambda: every()[:2] + [("wait", wait)] + every()[2:]
        from fuda.cli.main import main
        main(sys.argv[2:])
    """)
    proc = subprocess.Popen([sys.executable, "-c", script, str(marker), "-q", "build", str(game), "-o", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while not marker.exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marker.exists(), proc.communicate()
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130 and b"Traceback" not in stderr
    assert _tree(out) == good
    assert [p.name for p in home.iterdir() if p.name.startswith(".out.")] == []


def test_sigint_while_moving_is_held_until_every_file_is_in_place(tmp_path, monkeypatch):
    """Ctrl-C during the move phase is raised only after every file moved and the final manifest is written."""
    stage, out = tmp_path / "stage", tmp_path / "out"
    for k in range(5):
        (stage / "d").mkdir(parents=True, exist_ok=True)
        (stage / "d" / f"{k}.txt").write_text(f"new {k}\n", encoding="utf-8")
    replace, calls = os.replace, []

    def interrupted(src, dst):
        calls.append(dst)
        if len(calls) == 3:
            os.kill(os.getpid(), signal.SIGINT)
        replace(src, dst)

    monkeypatch.setattr("fuda.outputs.os.replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        publish(stage, out)
    assert {p: (out / p).read_text(encoding="utf-8") for p in _tree(out) if p != MANIFEST} == \
        {f"d/{k}.txt": f"new {k}\n" for k in range(5)}
    assert sorted(read_manifest(out).files) == [f"d/{k}.txt" for k in range(5)] and not read_manifest(out).pending


def test_a_move_phase_stopped_midway_leaves_every_placed_file_listed(tmp_path, monkeypatch):
    """When the move phase dies half-way, the manifest lists old and new files, so the next build replaces and prunes them."""
    out = tmp_path / "out"

    def staged(names):
        stage = tmp_path / f"stage-{len(list(tmp_path.iterdir()))}"
        for name in names:
            (stage / name).parent.mkdir(parents=True, exist_ok=True)
            (stage / name).write_text(f"{stage.name} {name}\n", encoding="utf-8")
        return stage

    publish(staged(["a.txt", "old.txt"]), out)
    (out / "user.txt").write_text("mine\n", encoding="utf-8")
    replace = os.replace

    def dies(src, dst):
        if Path(dst).name == "c.txt":
            raise OSError(28, "No space left on device")
        replace(src, dst)

    monkeypatch.setattr("fuda.outputs.os.replace", dies)
    with pytest.raises(OSError):
        publish(staged(["a.txt", "b.txt", "c.txt"]), out)
    assert read_manifest(out).pending and "old.txt" in read_manifest(out).files
    monkeypatch.setattr("fuda.outputs.os.replace", replace)
    publish(staged(["a.txt", "c.txt"]), out)
    assert sorted(_tree(out)) == [MANIFEST, "a.txt", "c.txt", "user.txt"]  # b and old were fuda's: pruned
    assert (out / "user.txt").read_text(encoding="utf-8") == "mine\n"


def test_a_damaged_manifest_is_refused_without_force(tmp_path):
    """An unreadable manifest stops a build (what is fuda's is unknown); nothing moves."""
    out = tmp_path / "out"
    out.mkdir()
    (out / MANIFEST).write_text("{not json", encoding="utf-8")
    (out / "x.txt").write_text("mine\n", encoding="utf-8")
    stage = tmp_path / "stage"
    stage.mkdir()
    (stage / "x.txt").write_text("fuda\n", encoding="utf-8")
    with pytest.raises(OutputError) as caught:
        publish(stage, out)
    assert MANIFEST in str(caught.value.args[0]) and (out / "x.txt").read_text(encoding="utf-8") == "mine\n"


def test_discovery_stops_at_the_home_folder(home, monkeypatch):
    """From ~/Documents with ~/my-game present, no database is found: nothing is built, nothing written above home."""
    _game(home, "my-game")
    (home / "Documents").mkdir()
    (home.parent / MARKER).write_text("", encoding="utf-8")  # a marker above home is never looked at
    _game(home.parent / "cards", "elsewhere")
    monkeypatch.chdir(home / "Documents")
    assert find_root() is None
    result = runner.invoke(app, ["build"])
    assert result.exit_code == 2 and "fuda.toml" in result.stderr
    assert not (home / "out").exists() and not (home.parent / "out").exists()
    monkeypatch.chdir(home / "my-game" / "decks")
    found = find_root()
    assert found.kind == "game" and found.path == home / "my-game" and found.out == home / "out" / "my-game"


def test_fuda_toml_marks_a_root_and_an_explicit_folder_of_games_still_works(home, monkeypatch):
    """An empty fuda.toml makes the folder holding game folders a database (outputs in its out/); a PATH of games works unmarked."""
    project = home / "project"
    _game(project, "a")
    _game(project, "b", "toho-tcg")
    (project / "notes").mkdir()
    monkeypatch.chdir(project / "notes")
    assert find_root() is None
    (project / MARKER).write_text("", encoding="utf-8")
    found = find_root()
    assert (found.path, found.kind, found.out) == (project, "database", project / "out")
    listed = runner.invoke(app, ["list", "--format", "json"])
    assert listed.exit_code == 0 and {r["game"] for r in json.loads(listed.stdout)} == {"ryomen", "toho-tcg"}
    (project / MARKER).unlink()
    explicit = runner.invoke(app, ["validate", str(project)])
    assert explicit.exit_code == 0, explicit.output
    assert find_root(project / "a").out == project / "out" / "a"


def test_sample_outside_a_database_writes_to_the_working_folder(home, monkeypatch):
    """`--sample` outside any database writes to ./out/ (here, not above)."""
    work = home / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    result = runner.invoke(app, ["mat", "ryomen", "--sample"])
    assert result.exit_code == 0, result.output
    assert _pages(work / "out" / "ryomen-mat.pdf") == 1 and sorted(p.name for p in home.iterdir()) == ["work"]


def test_an_output_folder_on_another_file_system_is_written_by_copy(tmp_path, monkeypatch):
    """Across file systems (EXDEV) each file is copied beside its target and renamed over it, with the usual permissions."""
    import errno

    stage, out = tmp_path / "stage", tmp_path / "out"
    (stage / "d").mkdir(parents=True)
    (stage / "d" / "a.txt").write_text("new\n", encoding="utf-8")
    replace = os.replace

    def no_crossing(src, dst):
        if Path(src).is_relative_to(stage):
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        replace(src, dst)

    monkeypatch.setattr("fuda.outputs.os.replace", no_crossing)
    old = os.umask(0o022)
    try:
        publish(stage, out)
    finally:
        os.umask(old)
    assert (out / "d" / "a.txt").read_text(encoding="utf-8") == "new\n"
    assert (out / "d" / "a.txt").stat().st_mode & 0o777 == 0o644
    assert sorted(_tree(out)) == [MANIFEST, "d/a.txt"]


def test_a_failed_move_is_one_line_and_the_next_build_recovers(home, monkeypatch):
    """A full disk while moving is one located line (exit 2, no traceback); the next build replaces what was placed."""
    import errno

    game = _game(home, "g")
    out = home / "out"
    replace, moved = os.replace, []

    def full(src, dst):  # os.replace is the os module's: count only the moves out of the stage
        moved.extend([dst] if ".staging-" in str(src) and Path(dst).is_relative_to(out) else [])
        if len(moved) == 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        replace(src, dst)

    monkeypatch.setattr("fuda.outputs.os.replace", full)
    result = runner.invoke(app, ["build", str(game), "-o", str(out)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if "error" in line]
    assert len(lines) == 1 and str(out) in lines[0] and "No space left" in lines[0]
    monkeypatch.setattr("fuda.outputs.os.replace", replace)
    again = runner.invoke(app, ["build", str(game), "-o", str(out)])
    assert again.exit_code == 0, again.output
    assert not read_manifest(out).pending and _pages(out / "print" / "ryomen" / "ryomen-cards.pdf") > 0


def test_a_manifest_never_reaches_out_of_its_folder(tmp_path):
    """A manifest naming ../victim.txt (with its true hash) is refused as damaged; the file outside stays."""
    from fuda.outputs import digest

    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    entry = {"by": "build", "sha256": digest(victim), "size": victim.stat().st_size}
    (out / MANIFEST).write_text(json.dumps({"fuda-outputs": 1, "files": {"../victim.txt": entry}}), encoding="utf-8")
    stage = tmp_path / "stage"
    stage.mkdir()
    (stage / "a.txt").write_text("a\n", encoding="utf-8")
    with pytest.raises(OutputError):
        publish(stage, out)
    publish(stage, out, force=True)  # --force: the damaged record owns nothing, so nothing is removed
    assert victim.read_text(encoding="utf-8") == "precious\n" and (out / "a.txt").is_file()


def test_folders_left_empty_by_a_prune_go_and_others_stay(tmp_path):
    """Pruning removes the folders its removals left empty, and keeps one holding a user's file."""
    out = tmp_path / "out"

    def staged(name, files):
        stage = tmp_path / name
        for rel in files:
            (stage / rel).parent.mkdir(parents=True, exist_ok=True)
            (stage / rel).write_text(rel, encoding="utf-8")
        return stage

    publish(staged("s1", ["keep.txt", "gone/deep/a.txt", "kept/b.txt"]), out)
    (out / "kept" / "mine.txt").write_text("mine\n", encoding="utf-8")
    publish(staged("s2", ["keep.txt"]), out)
    assert not (out / "gone").exists()
    assert sorted(_tree(out)) == [MANIFEST, "keep.txt", "kept/mine.txt"]


def test_a_file_already_in_place_is_left_untouched_and_not_synced(tmp_path):
    """publish: a staged file equal to fuda's file in place is neither moved nor flushed (same
    inode, same time); a changed one is replaced; a user's edit to a listed file is still refused."""
    out = tmp_path / "out"

    def staged(name, files):
        stage = tmp_path / name
        for rel, text in files.items():
            (stage / rel).parent.mkdir(parents=True, exist_ok=True)
            (stage / rel).write_text(text, encoding="utf-8")
        return stage

    publish(staged("s1", {"same.txt": "same\n", "g/changed.txt": "old\n"}), out)
    before = {rel: (out / rel).stat() for rel in ("same.txt", "g/changed.txt")}
    synced: list = []
    stage = staged("s2", {"same.txt": "same\n", "g/changed.txt": "new\n"})
    publish(stage, out, sync=synced.extend)
    assert synced == [stage / "g" / "changed.txt"]
    same = (out / "same.txt").stat()
    assert (same.st_ino, same.st_mtime_ns) == (before["same.txt"].st_ino, before["same.txt"].st_mtime_ns)
    assert (out / "g" / "changed.txt").stat().st_ino != before["g/changed.txt"].st_ino
    assert _tree(out)["g/changed.txt"] == b"new\n" and (stage / "same.txt").is_file()  # not moved out
    assert json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"].keys() == {"same.txt", "g/changed.txt"}
    (out / "same.txt").write_text("edited by hand\n", encoding="utf-8")  # the user's now
    with pytest.raises(OutputError):
        publish(staged("s3", {"same.txt": "same\n"}), out)
    assert (out / "same.txt").read_text(encoding="utf-8") == "edited by hand\n"


def test_a_rebuild_of_the_same_database_moves_nothing(home):
    """fuda build twice on the same game: the second build leaves every output file as it was
    (same inode and time) and the folder reads the same."""
    game = _game(home, "ryomen")
    out = home / "out"
    assert build([game], out).ok
    first = {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in out.rglob("*") if p.is_file() and p.name != MANIFEST}
    tree = _tree(out)
    assert build([game], out).ok
    assert {p: (p.stat().st_ino, p.stat().st_mtime_ns) for p in first} == first
    assert _tree(out) == tree
