"""fuda play / simulate / rules for toho-tcg (through engine.commands.register).

The fixture below checks that the toho-tcg rule set names this engine.
"""

from __future__ import annotations

import json

import pytest

from fuda.i18n import set_language

from ..engine import cli

toho_engine = cli.engine_wired("toho-tcg", "fuda.engine.toho_tcg")


def test_play_prints_a_japanese_log_and_writes_a_replay_that_verifies(tmp_path):
    """`fuda play toho-tcg` prints turns with printed card names in the user's language (English in
    an English locale, Japanese when the language is ja) and writes a replay that verifies."""
    args = ("--seed", "4", "--agents", "greedy,random")
    out, _ = cli.play_and_verify("toho-tcg", ("hakurei-moriya", "mahou-no-mori"), tmp_path / "game.json", *args)
    assert "── Turn 1" in out and "[Main phase]" in out and "result: player" in out and "── ターン" not in out
    assert "博麗霊夢" in out or "東風谷早苗" in out or "霧雨魔理沙" in out
    set_language("ja")
    try:
        ja = cli.invoke("play", "toho-tcg", "--deck", "hakurei-moriya", "--deck", "mahou-no-mori", *args)
    finally:
        set_language(None)
    assert ja.exit_code == 0 and "── ターン1" in ja.output and "【メインフェイズ】" in ja.output


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


def test_play_with_the_variant_records_it_and_the_replay_verifies(tmp_path):
    """`fuda play toho-tcg --variant quick-limit-both-turns` says so, records the variant in the replay's
    setup, and the replay verifies (it plays with the variant again)."""
    out, doc = cli.play_and_verify("toho-tcg", ("hakurei-moriya", "mahou-no-mori"), tmp_path / "game.json",
                                   "--seed", "2", "--variant", "quick-limit-both-turns")
    assert doc["setup"]["variants"] == ["quick-limit-both-turns"]
    assert "rule variants: quick-limit-both-turns (TT-SPELL-5, TT-SPELL-6)" in out
    assert any(e["kind"] == "variants" for e in doc["events"])
    _, plain = cli.play_and_verify("toho-tcg", ("hakurei-moriya", "mahou-no-mori"), tmp_path / "plain.json",
                                   "--seed", "2")
    assert "variants" not in plain["setup"]


def test_variant_usage_errors_are_one_line(tmp_path):
    """An unknown variant, a variant of a game without any, and --variant with --replay: exit 2, one line."""
    decks = ["--deck", "hakurei-moriya", "--deck", "mahou-no-mori"]
    cli.assert_usage_error("play", "toho-tcg", *decks, "--variant", "quick-limit-both-turn")
    result = cli.invoke("play", "toho-tcg", *decks, "--variant", "quick-limit-both-turn")
    assert "quick-limit-both-turns" in result.output and len(result.output.strip().splitlines()) == 1
    cli.assert_usage_error("simulate", "recast-rift", "--variant", "quick-limit-both-turns", "-o", str(tmp_path))
    cli.assert_usage_error("play", "toho-tcg", "--replay", str(tmp_path / "x.json"), "--variant",
                           "quick-limit-both-turns")
    cli.assert_usage_error("simulate", "toho-tcg", "--variant", "quick-limit-both-turns", "--scheduler",
                           "tcp://127.0.0.1:1", "-o", str(tmp_path))


def test_simulate_with_the_variant_records_it(tmp_path):
    """`fuda simulate toho-tcg --variant …` plays with the variant and writes it into the JSON."""
    _, doc = cli.simulate("toho-tcg", tmp_path, "--games", "2", "--agents", "random",
                          "--variant", "quick-limit-both-turns")
    assert doc["variants"] == ["quick-limit-both-turns"]
    _, plain = cli.simulate("toho-tcg", tmp_path / "plain", "--games", "2", "--agents", "random")
    assert "variants" not in plain


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_describe_the_reading_and_the_variant(lang):
    """`fuda rules toho-tcg` gives the own-turn reading of TT-SPELL-5/6, quoting both sentences, and lists
    the variant (in Japanese and in English)."""
    set_language(lang)
    try:
        text = cli.invoke("rules", "toho-tcg").output
        doc = json.loads(cli.invoke("rules", "toho-tcg", "--format", "json").output)
    finally:
        set_language(None)
    spell5 = text.split("TT-SPELL-5", 1)[1].split("TT-SPELL-7", 1)[0]
    assert "自分のターンで最大３枚までプレイすることができる" in spell5
    assert "次のターンではまったくクイックをプレイできなくなる" in spell5
    assert ("自身の次のターン" if lang == "ja" else "player's own next turn") in spell5
    head = "ルールの変種" if lang == "ja" else "Rule variants"
    assert head in text and "--variant quick-limit-both-turns" in text.split(head, 1)[1]
    assert [v["name"] for v in doc["variants"]] == ["quick-limit-both-turns"]
    assert doc["variants"][0]["clauses"] == ["TT-SPELL-5", "TT-SPELL-6"]
