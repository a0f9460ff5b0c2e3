"""fuda play / simulate / rules for raise-blaze (through engine.commands.register).

Until the lead adds ``"raise-blaze": "engine.raise_blaze"`` to :data:`engine.games.ENGINES`, the
fixture below adds it for these tests (a no-op once the line is there).
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
def wired(monkeypatch):
    """raise-blaze is played by engine.raise_blaze."""
    monkeypatch.setitem(games.ENGINES, "raise-blaze", "engine.raise_blaze")


def app() -> typer.Typer:
    """A fuda-like app with the engine commands registered."""
    cli = typer.Typer(pretty_exceptions_enable=False)

    @cli.callback()
    def main():
        """test app"""

    register(cli)
    return cli


def test_play_prints_a_readable_japanese_log_and_writes_a_replay(tmp_path):
    """`fuda play raise-blaze` prints turns with printed card names and writes a replay that verifies."""
    log = tmp_path / "game.json"
    result = runner.invoke(app(), ["play", "raise-blaze", "--deck", "mountain-faith", "--deck", "scarlet-night",
                                   "--seed", "3", "--agents", "random,greedy", "--log", str(log)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "── ターン1" in out and "ドロー" in out and "result: player" in out
    assert "コアファイター" in out and ("召喚" in out or "スペル発動" in out)
    doc = json.loads(log.read_text(encoding="utf-8"))
    assert doc["rules"] == "raise-blaze" and doc["setup"]["players"][0]["deck"] == "mountain-faith"
    verified = runner.invoke(app(), ["play", "raise-blaze", "--replay", str(log), "--verify", "-q"])
    assert verified.exit_code == 0, verified.output
    assert "verified" in verified.output


def test_play_rejects_unknown_decks_in_one_line():
    """An unknown deck id is a usage error of one line."""
    result = runner.invoke(app(), ["play", "raise-blaze", "--deck", "nope", "--deck", "scarlet-night"])
    assert result.exit_code == 2 and result.output.strip().startswith("fuda: error:")


def test_simulate_writes_win_rates(tmp_path):
    """`fuda simulate raise-blaze` plays the sample decks against each other and writes the tables."""
    result = runner.invoke(app(), ["simulate", "raise-blaze", "--games", "3", "--seed", "1", "-o", str(tmp_path),
                                   "--agents", "random"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader((tmp_path / "raise-blaze-winrates.csv").open(encoding="utf-8")))
    assert [r[0] for r in rows[1:]] == ["mountain-faith", "scarlet-night"]
    doc = json.loads((tmp_path / "raise-blaze-winrates.json").read_text(encoding="utf-8"))
    assert len(doc["pairings"]) == 3 and all(p["games"] == 3 for p in doc["pairings"])
    assert (tmp_path / "raise-blaze-heatmap.png").stat().st_size > 1000


def test_rules_prints_coverage():
    """`fuda rules raise-blaze` lists every clause with its tests and exits 0 when all are covered."""
    result = runner.invoke(app(), ["rules", "raise-blaze", "--format", "json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert len(doc["clauses"]) == 37 and doc["uncovered"] == []
    assert all(any("raise_blaze" in t for t in c["tests"]) for c in doc["clauses"])
    text = runner.invoke(app(), ["rules", "raise-blaze"])
    assert "RB-BAT-7" in text.output and "37/37 clauses covered" in text.output


def test_build_step_compiles_the_raise_blaze_registry(tmp_path):
    """`fuda build`'s engine step builds the raise-blaze registry: every card, both op kinds, nothing manual."""
    from pipeline import load_database
    from pipeline.resources import cards_dir

    database = load_database([cards_dir() / "raise-blaze"])
    games.build_step(database, tmp_path)
    doc = json.loads((tmp_path / "engine" / "registry.json").read_text(encoding="utf-8"))
    (entry,) = doc["games"]
    assert entry["status"] == "ok" and len(entry["cards"]) == 48 and entry["manual"] == []
    kinds = {spec["kind"] for spec in entry["ops"].values()}
    assert kinds == {"effect", "static"} and "modify-power" in entry["ops"] and "modify-power (static)" in entry["ops"]
    assert entry["ops"]["battle-immune"]["kind"] == "static" and len(entry["ops"]) == 15
