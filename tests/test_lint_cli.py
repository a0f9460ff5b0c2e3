"""The ``fuda lint`` command: exit codes, formats, selection, suppression, --fix, files, build step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fuda import load_database
from fuda.build import lint_step as build_step
from fuda.cli.lint import register

ROOT = Path(__file__).resolve().parent.parent
FLAVOR = "    flavor: ミニ八卦炉の火が、いま最大まで燃え上がる。"


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def main() -> None:
        """fuda (test shell)."""

    register(app)
    return app


def run(*args):
    """Invoke ``fuda lint ARGS`` and return the result (stdout and stderr apart)."""
    return CliRunner().invoke(_app(), ["lint", *map(str, args)])


@pytest.fixture
def broken(sample_copy):
    """A recast-rift copy whose marisa card flavor has a look-alike (error) and a double space (warning)."""
    folder = sample_copy("recast-rift")
    path = folder / "marisa.yaml"
    text = path.read_text(encoding="utf-8")
    assert FLAVOR in text
    path.write_text(text.replace(FLAVOR, "    flavor: ミニ八卦炉のスぺルが、いま最大まで  燃え上がる。"), encoding="utf-8")
    return folder


def test_clean_database_exits_0():
    """The bundled sample database is lint-clean: exit 0, nothing on stdout."""
    result = run("--no-fit")
    assert result.exit_code == 0, result.output
    assert result.stdout == "" and "0 error(s), 0 warning(s)" in result.stderr


def test_errors_exit_1_with_located_one_line_messages(broken):
    """An error exits 1; each diagnostic is one line path:line:col: severity[CODE]: message (card id)."""
    result = run(broken, "--no-fit")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert any(": error[JP101]: hiragana 'ぺ'" in line and line.endswith("(card marisa-love-colored-master-spark)")
               for line in lines)
    first = lines[0].split(":")
    assert first[0].endswith("marisa.yaml") and first[1].isdigit() and first[2].isdigit()


def test_fail_on_threshold(broken):
    """--fail-on decides the exit code: warnings alone pass at error and fail at warning."""
    assert run(broken, "--no-fit", "--ignore", "JP101").exit_code == 0
    assert run(broken, "--no-fit", "--ignore", "JP101", "--fail-on", "warning").exit_code == 1


def test_select_and_ignore(broken):
    """--select keeps only the named codes or prefixes; --ignore drops them."""
    only = run(broken, "--no-fit", "--select", "JP2", "--format", "json")
    assert {d["code"] for d in json.loads(only.stdout)["findings"]} == {"JP207"}
    rest = run(broken, "--no-fit", "--ignore", "JP1,JP207", "--format", "json")
    assert json.loads(rest.stdout)["findings"] == []


def test_usage_errors_exit_2():
    """Unknown codes, games and paths are usage errors: exit 2 and one line, no traceback."""
    for args in (["--select", "NOPE1"], ["--game", "nope"], ["no/such/folder"], ["--explain", "XX9"]):
        result = run(*args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith("fuda: error: ") and len(result.stderr.splitlines()) == 1, args


def test_explain():
    """--explain CODE prints the rule's explanation and exits 0."""
    result = run("--explain", "jp101")
    assert result.exit_code == 0
    assert result.stdout.startswith("JP101 (error, lookalike)") and "スペル" in result.stdout


def test_json_and_sarif_formats(broken):
    """--format json and sarif print one JSON document each."""
    data = json.loads(run(broken, "--no-fit", "--format", "json").stdout)
    assert data["errors"] == 1 and data["warnings"] == 1
    assert {"file", "line", "col", "severity", "code", "message", "hint", "card", "game"} <= set(data["findings"][0])
    sarif = json.loads(run(broken, "--no-fit", "--format", "sarif").stdout)
    assert sarif["version"] == "2.1.0" and len(sarif["runs"][0]["results"]) == 2


def test_game_filter(broken, sample_copy):
    """--game lints only that game."""
    sample_copy("ryomen")
    root = broken.parent
    assert run(root, "--no-fit", "--game", "ryomen").exit_code == 0
    assert run(root, "--no-fit", "--game", "recast-rift").exit_code == 1


def test_fix_then_exit_code(broken):
    """--fix repairs the safe problems, reports how many, and exits by what is left."""
    result = run(broken, "--no-fit", "--fix")
    assert result.exit_code == 0, result.output
    assert "fixed 1 string(s) in 1 file(s)" in result.stderr
    text = (broken / "marisa.yaml").read_text(encoding="utf-8")
    assert "ミニ八卦炉のスペルが、いま最大まで 燃え上がる。" in text
    assert run(broken, "--no-fit", "--fix").stderr.startswith("fixed 0 string(s)")


def test_file_arguments_limit_the_report(broken):
    """Files on the command line (as pre-commit passes them) limit the report to those files."""
    assert run(broken / "reimu.yaml", "--no-fit").exit_code == 0
    assert run(broken / "marisa.yaml", "--no-fit").exit_code == 1


def test_yaml_outside_any_game_is_skipped(tmp_path):
    """A YAML file in no game folder is skipped (exit 0), so the pre-commit hook can see every file."""
    other = tmp_path / "config.yaml"
    other.write_text("a: 1\n", encoding="utf-8")
    result = run(other)
    assert result.exit_code == 0 and result.stdout == ""


def test_invalid_database_exits_1(sample_copy):
    """A database that does not validate is reported (its findings) and exits 1."""
    folder = sample_copy("ryomen")
    (folder / "ghost.yaml").write_text("cards: [{id: x}]\n", encoding="utf-8")
    result = run(folder, "--no-fit")
    assert result.exit_code == 1 and "does not validate" in result.stderr


def test_build_step_writes_text_and_sarif(tmp_path):
    """build_step writes lint.txt and lint.sarif beside the other outputs."""
    written = build_step(load_database(), tmp_path / "out")
    assert [p.name for p in written] == ["lint.txt", "lint.sarif"]
    assert (tmp_path / "out" / "lint.txt").read_text(encoding="utf-8").endswith("0 error(s), 0 warning(s), 0 info\n")
    assert json.loads((tmp_path / "out" / "lint.sarif").read_text(encoding="utf-8"))["version"] == "2.1.0"


def test_pre_commit_hook_definition():
    """.pre-commit-hooks.yaml defines fuda-lint: entry fuda lint, python, YAML files, filenames passed."""
    import re

    from ruamel.yaml import YAML

    hooks = YAML(typ="safe").load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook, = [h for h in hooks if h["id"] == "fuda-lint"]
    assert hook["entry"] == "fuda lint" and hook["language"] == "python" and hook["pass_filenames"] is True
    assert re.search(hook["files"], "cards/x/y.yaml") and re.search(hook["files"], "lint/prh.yml")
    assert not re.search(hook["files"], "README.md")


def test_one_json_shape_for_validate_lint_and_build(broken, tmp_path):
    """validate, lint and build --format json share one envelope (errors, warnings, infos,
    findings) and the same keys per finding; lint adds game and fixable."""
    from fuda.cli.main import app

    keys = {"file", "line", "col", "severity", "code", "message", "hint", "card"}
    envelope = {"errors", "warnings", "infos", "findings"}
    linted = json.loads(run(broken, "--no-fit", "--format", "json").stdout)
    assert set(linted) == envelope and set(linted["findings"][0]) == keys | {"game", "fixable"}
    good = CliRunner().invoke(app, ["build", str(broken), "--out", str(tmp_path / "out"), "--format", "json"])
    assert envelope <= set(json.loads(good.stdout))
    on_disk = json.loads((tmp_path / "out" / "validation.json").read_text(encoding="utf-8"))
    assert set(on_disk) == envelope
    (broken / "extra.yaml").write_text("cards:\n  - id: x\n", encoding="utf-8")
    validated = json.loads(CliRunner().invoke(app, ["validate", str(broken), "--format", "json"]).stdout)
    assert set(validated) == envelope and set(validated["findings"][0]) == keys
    built = json.loads(CliRunner().invoke(app, ["build", str(broken), "--out", str(tmp_path / "out2"),
                                                "--format", "json"]).stdout)
    assert envelope <= set(built) and set(built["findings"][0]) == keys
