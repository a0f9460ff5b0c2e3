"""A prh dictionary is a declared file of the game: one that cannot be used — failing its own
specs, missing — is reported by validate and refused by every command, at its line, like a
missing art file; lint reports it once, with the rest of its report."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.database.resources import cards_dir

runner = CliRunner()
SPEC = "to: デッキから１枚引く"


def _game(tmp_path, broken: str | None):
    folder = tmp_path / "db" / "toho-tcg"
    shutil.copytree(cards_dir() / "toho-tcg", folder)
    prh = folder / "lint" / "prh.yml"
    prh.write_text("version: 1\nrules:\n  - expected: デッキ\n    pattern: デック\n    specs:\n"
                   "      - {from: デックから１枚引く, to: デッキから１枚引く}\n", encoding="utf-8")
    if broken == "spec":
        prh.write_text(prh.read_text(encoding="utf-8").replace(SPEC, "to: デッキから２枚引く"), encoding="utf-8")
    elif broken == "missing":
        prh.unlink()
    return folder


COMMANDS = [["validate"], ["lint"], ["print", "toho-tcg"], ["export", "udonarium", "toho-tcg", "--deck", "hakurei-moriya"],
            ["export", "duel-online", "toho-tcg"], ["list"]]


@pytest.mark.parametrize("broken, where", [("spec", "lint/prh.yml:6:"), ("missing", "game.yaml:")])
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c[:2]))
def test_a_broken_dictionary_is_one_verdict(tmp_path, monkeypatch, command, broken, where):
    """Every command refuses (exit 1) with the one located PRH002 line, written once."""
    folder = _game(tmp_path, broken)
    monkeypatch.chdir(folder)
    result = runner.invoke(app, ["--lang", "en", "-q", *command, "-o", str(tmp_path / "out")]
                           if command[0] in ("print", "export") else ["--lang", "en", "-q", *command])
    lines = [line for line in result.output.splitlines() if "PRH002" in line]
    assert result.exit_code == 1, result.output
    assert len(lines) == 1 and where in lines[0] and "error[PRH002]" in lines[0]
    assert not (tmp_path / "out").exists()


def test_a_dictionary_that_passes_its_specs_is_quiet(tmp_path, monkeypatch):
    """The same dictionary with a true spec: validate is clean and print writes its PDF."""
    folder = _game(tmp_path, None)
    monkeypatch.chdir(folder)
    assert runner.invoke(app, ["--lang", "en", "validate"]).exit_code == 0
    result = runner.invoke(app, ["--lang", "en", "-q", "print", "toho-tcg", "-o", str(tmp_path / "cards.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "cards.pdf").read_bytes().startswith(b"%PDF")
