"""Steps every engine's CLI tests take through ``fuda play / simulate / rules``.

Each game's ``test_*_cli.py`` calls these with its own decks and expectations, so "a replay that
verifies", "a one-line usage error" and "full rule coverage" mean the same for every game.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from fuda.cli.play import register
from fuda.database.ruleset import ruleset_for

runner = CliRunner()


def app(register=register) -> typer.Typer:
    """A fuda-like app with the commands ``register(app)`` adds (by default the engine's)."""
    cli = typer.Typer(pretty_exceptions_enable=False)

    @cli.callback()
    def main():
        """test app"""

    register(cli)
    return cli


def engine_wired(game: str, module: str):
    """An autouse fixture checking that the rule set of ``game`` names ``module`` as its engine
    (the CLI finds engines through the rule sets)."""

    @pytest.fixture(autouse=True)
    def wired():
        assert ruleset_for(game).engine == module

    return wired


def invoke(*args: str):
    """The result of ``fuda <args>`` on a fresh app."""
    return runner.invoke(app(), list(args))


def play_and_verify(game: str, decks: tuple[str, str], log: Path, *options: str) -> tuple[str, dict]:
    """``fuda play`` with ``decks`` writing ``log`` (exit 0), then ``--replay log --verify`` (exit 0,
    says "verified"); returns the play output and the replay document."""
    result = invoke("play", game, "--deck", decks[0], "--deck", decks[1], *options, "--log", str(log))
    assert result.exit_code == 0, result.output
    doc = json.loads(log.read_text(encoding="utf-8"))
    assert doc["rules"] == game and doc["setup"]["players"][0]["deck"] == decks[0]
    verified = invoke("play", game, "--replay", str(log), "--verify", "-q")
    assert verified.exit_code == 0, verified.output
    assert "verified" in verified.output
    return result.output, doc


def assert_usage_error(*args: str) -> None:
    """``fuda <args>`` exits 2 with one ``fuda: error:`` line and no traceback."""
    result = invoke(*args)
    assert result.exit_code == 2, args
    assert result.output.strip().startswith("fuda: error:") and "Traceback" not in result.output


def simulate(game: str, out: Path, *options: str) -> tuple[list[list[str]], dict]:
    """``fuda simulate game -o out`` (exit 0); returns the win-rate CSV rows and JSON document."""
    result = invoke("simulate", game, "-o", str(out), *options)
    assert result.exit_code == 0, result.output
    rows = list(csv.reader((out / f"{game}-winrates.csv").open(encoding="utf-8")))
    doc = json.loads((out / f"{game}-winrates.json").read_text(encoding="utf-8"))
    return rows, doc


def rules_coverage(game: str, clauses: int) -> tuple[dict, str]:
    """``fuda rules game`` lists ``clauses`` clauses, none uncovered, each citing a test (JSON and
    text); returns the JSON document and the text listing."""
    tests = str(Path(__file__).resolve().parents[1])  # the checkout's tests/: an installed fuda has none
    result = invoke("rules", game, "--format", "json", "--tests", tests)
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert len(doc["clauses"]) == clauses and doc["uncovered"] == []
    text = invoke("rules", game, "--tests", tests)
    assert text.exit_code == 0, text.output
    assert f"{clauses}/{clauses} clauses covered" in text.output
    return doc, text.output
