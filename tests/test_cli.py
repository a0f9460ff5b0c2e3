"""The fuda command: exit codes, one-line errors, JSON output."""

from __future__ import annotations

import json
import subprocess
import sys

from typer.testing import CliRunner

from fuda.cli.main import app

from .conftest import card_files, rewrite

runner = CliRunner()


def test_validate_bundled_database_exits_zero():
    """`fuda validate` on the sample database prints no error and exits 0."""
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0, result.output
    assert "error[" not in result.output


def test_validate_broken_database_exits_one_with_located_lines(sample_copy):
    """A broken card gives exit 1 and a `path:line:col: error[CODE]: message (card id)` line."""
    folder = sample_copy("toho-tcg")
    rewrite(card_files(folder)[0], lambda d: d["cards"][0].__setitem__("cost", "three"))
    result = runner.invoke(app, ["validate", str(folder)])
    assert result.exit_code == 1
    line = next(line for line in result.output.splitlines() if "error[" in line)
    path, lineno, col, rest = line.split(":", 3)
    assert path.endswith(".yaml") and lineno.isdigit() and col.isdigit()
    assert rest.startswith(" error[S003]: ") and "(card " in rest


def test_validate_json_output(sample_copy):
    """`--format json` prints one JSON document with counts and located findings."""
    folder = sample_copy("ryomen")
    rewrite(card_files(folder)[0], lambda d: d["cards"][0].__setitem__("speed", 0))
    result = runner.invoke(app, ["validate", str(folder), "--format", "json"])
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["errors"] >= 1
    finding = payload["findings"][0]
    assert {"file", "line", "col", "code", "message", "card", "severity"} <= set(finding)


def test_missing_path_is_a_usage_error(tmp_path):
    """A path that does not exist is a one-line usage error with exit code 2."""
    result = runner.invoke(app, ["validate", str(tmp_path / "nowhere")])
    assert result.exit_code == 2
    assert "no such file or folder" in result.output


def test_unknown_option_is_a_usage_error():
    """An unknown option exits 2."""
    assert runner.invoke(app, ["validate", "--colour"]).exit_code == 2


def test_list_one_game_as_json():
    """`fuda list ryomen --format json` lists exactly the ryomen cards."""
    result = runner.invoke(app, ["list", "ryomen", "--format", "json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    assert rows and {r["game"] for r in rows} == {"ryomen"}


def test_list_unknown_game_is_a_usage_error():
    """Listing a game that is not in the database exits 2 naming the known games."""
    result = runner.invoke(app, ["list", "mahjong"])
    assert result.exit_code == 2 and "recast-rift" in result.output


def test_build_writes_validation_report(tmp_path):
    """`fuda build --out DIR` writes the validation report and exits 0 on the sample database."""
    result = runner.invoke(app, ["build", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    report = json.loads((tmp_path / "out" / "validation.json").read_text(encoding="utf-8"))
    assert report["errors"] == 0


def test_build_refuses_broken_database(sample_copy, tmp_path):
    """A build of a broken database exits 1, names the problem, and writes nothing."""
    folder = sample_copy("raise-blaze")
    rewrite(card_files(folder)[0], lambda d: d["cards"][0].__setitem__("kind", "dragon"))
    out = tmp_path / "out"
    result = runner.invoke(app, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 1
    assert "error[" in result.output and "dragon" in result.output
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == ["db"]


def _tree(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_failed_build_keeps_the_good_build(sample_copy, tmp_path):
    """A failed build into a folder holding a good build leaves every good file byte-identical."""
    folder = sample_copy("ryomen")
    out = tmp_path / "out"
    assert runner.invoke(app, ["build", str(folder), "--out", str(out)]).exit_code == 0
    good = _tree(out)
    assert good and any(p.suffix == ".pdf" for p in good)

    def add_star(doc):  # validates, but the print step cannot draw the glyph
        doc["cards"][0]["name"] += "🌟"

    rewrite(folder / "scarlet.yaml", add_star)
    result = runner.invoke(app, ["build", str(folder), "--out", str(out)])
    assert result.exit_code == 1 and "print" in result.output
    assert _tree(out) == good
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.")] == []


def test_a_text_that_does_not_fit_is_told_once_though_two_steps_fail_on_it(sample_copy, tmp_path):
    """Print and the gallery lay out the same faces: a card whose text does not fit fails both
    steps, and its located finding is one line."""
    folder = sample_copy("ryomen")
    rewrite(folder / "scarlet.yaml", lambda doc: doc["cards"][0].__setitem__("text", "とても長い説明文。" * 80))
    result = runner.invoke(app, ["build", str(folder), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "[P101]" in line]
    assert len(lines) == 1 and "scarlet.yaml:" in lines[0], result.output
    assert sum("failed: 1 finding" in line for line in result.output.splitlines()) >= 2, result.output


def test_no_traceback_on_bad_yaml(sample_copy):
    """A YAML syntax error reaches the user as one line, never a traceback (real process)."""
    folder = sample_copy("recast-rift")
    path = card_files(folder)[0]
    path.write_text(path.read_text(encoding="utf-8") + "\n  - : [\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "fuda", "validate", str(folder)],
                          capture_output=True, text=True)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "error[Y001]" in proc.stdout + proc.stderr
