"""fuda play / simulate / rules for toho-tcg (through engine.commands.register).

Until the lead adds ``"toho-tcg": "engine.toho_tcg"`` to :data:`engine.games.ENGINES`, the fixture
below adds it for the duration of each test.
"""

from __future__ import annotations

import csv
import json

import pytest
import typer
from typer.testing import CliRunner

from engine import games
from engine.commands import register

runner = CliRunner()


@pytest.fixture(autouse=True)
def toho_engine(monkeypatch):
    """Make sure engine.games knows the toho-tcg engine."""
    monkeypatch.setitem(games.ENGINES, "toho-tcg", "engine.toho_tcg")


def app() -> typer.Typer:
    """A fuda-like app with the engine commands registered."""
    cli = typer.Typer(pretty_exceptions_enable=False)

    @cli.callback()
    def main():
        """test app"""

    register(cli)
    return cli


def test_play_prints_a_japanese_log_and_writes_a_replay_that_verifies(tmp_path):
    """`fuda play toho-tcg` prints turns with printed card names and writes a replay that verifies."""
    log = tmp_path / "game.json"
    result = runner.invoke(app(), ["play", "toho-tcg", "--deck", "hakurei-moriya", "--deck", "mahou-no-mori",
                                   "--seed", "4", "--agents", "greedy,random", "--log", str(log)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "── ターン1" in out and "【メインフェイズ】" in out and "result: player" in out
    assert "博麗霊夢" in out or "東風谷早苗" in out or "霧雨魔理沙" in out
    doc = json.loads(log.read_text(encoding="utf-8"))
    assert doc["rules"] == "toho-tcg" and doc["setup"]["players"][0]["deck"] == "hakurei-moriya"
    verified = runner.invoke(app(), ["play", "toho-tcg", "--replay", str(log), "--verify", "-q"])
    assert verified.exit_code == 0, verified.output
    assert "verified" in verified.output


def test_play_usage_errors_are_one_line():
    """An unknown deck or a missing second deck: exit 2 and one `fuda: error:` line."""
    for args in (["play", "toho-tcg", "--deck", "nope", "--deck", "mahou-no-mori"],
                 ["play", "toho-tcg", "--deck", "mahou-no-mori"]):
        result = runner.invoke(app(), args)
        assert result.exit_code == 2, args
        assert result.output.strip().startswith("fuda: error:") and "Traceback" not in result.output


def test_simulate_writes_win_rates(tmp_path):
    """`fuda simulate toho-tcg` plays every pairing of the sample decks and writes CSV and JSON."""
    result = runner.invoke(app(), ["simulate", "toho-tcg", "--games", "3", "--seed", "1", "-o", str(tmp_path),
                                   "--agents", "random"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader((tmp_path / "toho-tcg-winrates.csv").open(encoding="utf-8")))
    assert len(rows) == 3  # a header and the two sample decks
    doc = json.loads((tmp_path / "toho-tcg-winrates.json").read_text(encoding="utf-8"))
    assert len(doc["pairings"]) == 3 and all(p["games"] == 3 for p in doc["pairings"])


def test_rules_prints_full_coverage():
    """`fuda rules toho-tcg` lists every clause with its tests and exits 0 when all are covered."""
    result = runner.invoke(app(), ["rules", "toho-tcg", "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert len(doc["clauses"]) == 58 and doc["uncovered"] == []
    assert all(any("test_tt_" in t for t in c["tests"]) for c in doc["clauses"])
