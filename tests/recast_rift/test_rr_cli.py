"""fuda play / simulate / rules for recast-rift (through engine.commands.register)."""

from __future__ import annotations

import csv
import json

import typer
from PIL import Image
from typer.testing import CliRunner

from engine.commands import register

runner = CliRunner()


def app() -> typer.Typer:
    """A fuda-like app with the engine commands registered."""
    cli = typer.Typer(pretty_exceptions_enable=False)

    @cli.callback()
    def main():
        """test app"""

    register(cli)
    return cli


def test_play_prints_a_readable_japanese_log_and_writes_a_replay(tmp_path):
    """`fuda play` prints turns with printed card names and writes a replay that verifies."""
    log = tmp_path / "game.json"
    result = runner.invoke(app(), ["play", "recast-rift", "--deck", "reimu-marisa", "--deck", "sakuya-youmu",
                                   "--seed", "3", "--agents", "random,greedy", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "── ターン1" in result.output and "《攻撃》" in result.output and "result: player" in result.output
    assert "「" in result.output  # Japanese card names such as 霊符「夢想封印」
    doc = json.loads(log.read_text(encoding="utf-8"))
    assert doc["format"] == "fuda-replay-1" and doc["seed"] == 3 and doc["setup"]["players"][0]["deck"] == "reimu-marisa"
    assert doc["rng"] == "fuda-rng-1" and len(doc["database"]) == 64 and doc["events"]
    verified = runner.invoke(app(), ["play", "recast-rift", "--replay", str(log), "--verify", "-q"])
    assert verified.exit_code == 0, verified.output
    assert "verified" in verified.output


def test_tampered_replay_fails_verification(tmp_path):
    """A replay whose recorded result was changed fails --verify with exit 1."""
    log = tmp_path / "game.json"
    runner.invoke(app(), ["play", "recast-rift", "--deck", "reimu-marisa", "--deck", "marisa-sakuya", "--log", str(log)])
    doc = json.loads(log.read_text(encoding="utf-8"))
    doc["result"]["winner"] = 1 - (doc["result"]["winner"] or 0)
    log.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(app(), ["play", "recast-rift", "--replay", str(log), "--verify", "-q"])
    assert result.exit_code == 1 and "result differs" in result.output


def test_play_usage_errors_are_one_line():
    """Unknown deck, game or agent: exit 2 and one `fuda: error:` line."""
    for args in (["play", "recast-rift", "--deck", "nope", "--deck", "reimu-marisa"],
                 ["play", "no-game", "--deck", "a", "--deck", "b"],
                 ["play", "recast-rift", "--deck", "reimu-marisa", "--deck", "reimu-marisa", "--agents", "smart"],
                 ["play", "recast-rift", "--deck", "reimu-marisa"]):
        result = runner.invoke(app(), args)
        assert result.exit_code == 2, args
        assert result.output.strip().startswith("fuda: error:") and "Traceback" not in result.output


def test_simulate_writes_win_rates_and_heat_map(tmp_path):
    """`fuda simulate` plays every pairing and writes CSV, JSON and a PNG heat map."""
    result = runner.invoke(app(), ["simulate", "recast-rift", "--games", "2", "--seed", "1", "-o", str(tmp_path),
                                   "--agents", "random"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader((tmp_path / "recast-rift-winrates.csv").open(encoding="utf-8")))
    assert rows[0][:3] == ["entrant", "label", "deck"] and len(rows) == 7  # 6 fighter pairs
    doc = json.loads((tmp_path / "recast-rift-winrates.json").read_text(encoding="utf-8"))
    assert len(doc["pairings"]) == 21 and all(p["games"] == 2 for p in doc["pairings"])
    assert Image.open(tmp_path / "recast-rift-heatmap.png").size[0] > 500


def test_simulate_is_the_same_with_two_jobs(tmp_path):
    """Game seeds derive from the run seed and the pairing, so jobs do not change the result."""
    one, two = tmp_path / "one", tmp_path / "two"
    runner.invoke(app(), ["simulate", "recast-rift", "-n", "2", "-o", str(one), "--agents", "random"])
    result = runner.invoke(app(), ["simulate", "recast-rift", "-n", "2", "-o", str(two), "--agents", "random", "-j", "2"])
    assert result.exit_code == 0, result.output
    assert (one / "recast-rift-winrates.csv").read_text() == (two / "recast-rift-winrates.csv").read_text()


def test_rules_prints_coverage():
    """`fuda rules recast-rift` lists every clause with its tests and exits 0 when all are covered."""
    result = runner.invoke(app(), ["rules", "recast-rift", "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert len(doc["clauses"]) == 68 and doc["uncovered"] == []
    assert any("test_rr_" in t for c in doc["clauses"] for t in c["tests"])
    text = runner.invoke(app(), ["rules", "recast-rift"])
    assert "RR-DMG-4" in text.output and "68/68 clauses covered" in text.output
