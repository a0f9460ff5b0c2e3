"""fuda play / simulate / rules for toho-tcg (through engine.commands.register).

The fixture below checks that the toho-tcg rule set names this engine.
"""

from __future__ import annotations

from ..engine import cli

toho_engine = cli.engine_wired("toho-tcg", "fuda.engine.toho_tcg")


def test_play_prints_a_japanese_log_and_writes_a_replay_that_verifies(tmp_path):
    """`fuda play toho-tcg` prints turns with printed card names and writes a replay that verifies."""
    out, _ = cli.play_and_verify("toho-tcg", ("hakurei-moriya", "mahou-no-mori"), tmp_path / "game.json",
                                 "--seed", "4", "--agents", "greedy,random")
    assert "── ターン1" in out and "【メインフェイズ】" in out and "result: player" in out
    assert "博麗霊夢" in out or "東風谷早苗" in out or "霧雨魔理沙" in out


def test_play_usage_errors_are_one_line():
    """An unknown deck or a missing second deck: exit 2 and one `fuda: error:` line."""
    for args in (["play", "toho-tcg", "--deck", "nope", "--deck", "mahou-no-mori"],
                 ["play", "toho-tcg", "--deck", "mahou-no-mori"]):
        cli.assert_usage_error(*args)


def test_simulate_writes_win_rates(tmp_path):
    """`fuda simulate toho-tcg` plays every pairing of the sample decks and writes CSV and JSON."""
    rows, doc = cli.simulate("toho-tcg", tmp_path, "--games", "3", "--seed", "1", "--agents", "random")
    assert len(rows) == 3  # a header and the two sample decks
    assert len(doc["seatings"]) == 4  # both seat orders and two mirrors
    assert all(s["games"] == (3 if s["seat_1"] == s["seat_2"] else 2) for s in doc["seatings"])
    low, high = doc["win_rate"][0][1]["ci95"]
    assert 0 <= low <= doc["win_rate"][0][1]["rate"] <= high <= 1


def test_rules_prints_full_coverage():
    """`fuda rules toho-tcg` lists every clause with its tests and exits 0 when all are covered."""
    doc, _ = cli.rules_coverage("toho-tcg", 58)
    assert all(any("test_tt_" in t for t in c["tests"]) for c in doc["clauses"])
