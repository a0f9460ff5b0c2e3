"""fuda play / simulate / rules for recast-rift (through engine.commands.register)."""

from __future__ import annotations

import json

from PIL import Image

from fuda.i18n import set_language

from ..engine import cli


def test_play_prints_a_readable_japanese_log_and_writes_a_replay(tmp_path):
    """`fuda play` prints turns with printed card names in the user's language (English in an English
    locale, Japanese when the language is ja) and writes a replay that verifies."""
    args = ("--seed", "3", "--agents", "random,greedy")
    out, doc = cli.play_and_verify("recast-rift", ("reimu-marisa", "sakuya-youmu"), tmp_path / "game.json", *args)
    assert "── Turn 1" in out and "attacks with power" in out and "result: player" in out and "── ターン" not in out
    assert "「" in out  # Japanese card names such as 霊符「夢想封印」
    set_language("ja")
    try:
        ja = cli.invoke("play", "recast-rift", "--deck", "reimu-marisa", "--deck", "sakuya-youmu", *args)
    finally:
        set_language(None)
    assert ja.exit_code == 0 and "── ターン1" in ja.output and "《攻撃》" in ja.output
    assert doc["format"] == "fuda-replay-1" and doc["seed"] == 3
    assert doc["rng"] == "fuda-rng-1" and len(doc["database"]) == 64 and doc["events"]


def test_tampered_replay_fails_verification(tmp_path):
    """A replay whose recorded result was changed fails --verify with exit 1."""
    log = tmp_path / "game.json"
    cli.invoke("play", "recast-rift", "--deck", "reimu-marisa", "--deck", "marisa-sakuya", "--log", str(log))
    doc = json.loads(log.read_text(encoding="utf-8"))
    doc["result"]["winner"] = 1 - (doc["result"]["winner"] or 0)
    log.write_text(json.dumps(doc), encoding="utf-8")
    result = cli.invoke("play", "recast-rift", "--replay", str(log), "--verify", "-q")
    assert result.exit_code == 1 and "result differs" in result.output


def test_play_usage_errors_are_one_line():
    """Unknown deck, game or agent: exit 2 and one `fuda: error:` line."""
    for args in (["play", "recast-rift", "--deck", "nope", "--deck", "reimu-marisa"],
                 ["play", "no-game", "--deck", "a", "--deck", "b"],
                 ["play", "recast-rift", "--deck", "reimu-marisa", "--deck", "reimu-marisa", "--agents", "smart"],
                 ["play", "recast-rift", "--deck", "reimu-marisa"]):
        cli.assert_usage_error(*args)


def test_simulate_writes_win_rates_and_heat_map(tmp_path):
    """`fuda simulate` plays every pairing and writes CSV, JSON and a PNG heat map."""
    rows, doc = cli.simulate("recast-rift", tmp_path, "--games", "2", "--seed", "1", "--agents", "random")
    assert rows[0][:3] == ["entrant", "label", "deck"] and len(rows) == 1 + 6 * 5  # 6 fighter pairs, each vs 5
    assert len(doc["seatings"]) == 36  # both seat orders of 15 pairings, and 6 mirrors
    assert all(s["games"] == (2 if s["seat_1"] == s["seat_2"] else 1) for s in doc["seatings"])
    assert doc["seat_1_win_rate"]["games"] == 15 * 2 + 6 * 2
    assert Image.open(tmp_path / "recast-rift-heatmap.png").size[0] > 500


def test_simulate_is_the_same_with_two_jobs(tmp_path):
    """Game seeds derive from the run seed and the pairing, so jobs do not change the result."""
    one, two = tmp_path / "one", tmp_path / "two"
    cli.simulate("recast-rift", one, "-n", "2", "--agents", "random")
    cli.simulate("recast-rift", two, "-n", "2", "--agents", "random", "-j", "2")
    assert (one / "recast-rift-winrates.csv").read_text() == (two / "recast-rift-winrates.csv").read_text()


def test_rules_prints_coverage():
    """`fuda rules recast-rift` lists every clause with its tests and exits 0 when all are covered."""
    doc, text = cli.rules_coverage("recast-rift", 68)
    assert any("test_rr_" in t for c in doc["clauses"] for t in c["tests"])
    assert "RR-DMG-4" in text
