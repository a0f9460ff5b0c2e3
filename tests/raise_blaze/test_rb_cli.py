"""fuda play / simulate / rules for raise-blaze (through engine.commands.register).

The fixture below checks that the raise-blaze rule set names this engine.
"""

from __future__ import annotations

import json

from fuda.i18n import set_language

from ..engine import cli

wired = cli.engine_wired("raise-blaze", "fuda.engine.raise_blaze")


def test_play_prints_a_readable_log_in_the_users_language_and_writes_a_replay(tmp_path):
    """`fuda play raise-blaze` prints turns with printed card names in the user's language (English
    in an English locale, Japanese under ja) and writes a replay that verifies."""
    args = ("--seed", "3", "--agents", "random,greedy")
    out, _ = cli.play_and_verify("raise-blaze", ("mountain-faith", "scarlet-night"), tmp_path / "game.json", *args)
    assert "── Turn 1" in out and "draws" in out and "result: player" in out and "── ターン" not in out
    assert "core fighter" in out and ("summon" in out or "plays the spell" in out)
    set_language("ja")
    try:
        ja = cli.invoke("play", "raise-blaze", "--deck", "mountain-faith", "--deck", "scarlet-night", *args)
    finally:
        set_language(None)
    assert ja.exit_code == 0 and "── ターン1" in ja.output and "ドロー" in ja.output
    assert "コアファイター" in ja.output and ("召喚" in ja.output or "スペル発動" in ja.output)


def test_play_rejects_unknown_decks_in_one_line():
    """An unknown deck id is a usage error of one line."""
    cli.assert_usage_error("play", "raise-blaze", "--deck", "nope", "--deck", "scarlet-night")


def test_simulate_writes_win_rates(tmp_path):
    """`fuda simulate raise-blaze` plays the sample decks against each other and writes the tables."""
    rows, doc = cli.simulate("raise-blaze", tmp_path, "--games", "3", "--seed", "1", "--agents", "random")
    assert [r[0] for r in rows[1:]] == ["mountain-faith", "scarlet-night"]
    assert len(doc["seatings"]) == 4  # both seat orders and two mirrors
    assert all(s["games"] == (3 if s["seat_1"] == s["seat_2"] else 2) for s in doc["seatings"])
    low, high = doc["win_rate"][0][1]["ci95"]
    assert 0 <= low <= doc["win_rate"][0][1]["rate"] <= high <= 1
    assert (tmp_path / "raise-blaze-heatmap.png").stat().st_size > 1000


def test_rules_prints_coverage():
    """`fuda rules raise-blaze` lists every clause with its tests and exits 0 when all are covered."""
    doc, text = cli.rules_coverage("raise-blaze", 37)
    assert all(any("raise_blaze" in t for t in c["tests"]) for c in doc["clauses"])
    assert "RB-BAT-7" in text


def test_build_step_compiles_the_raise_blaze_registry(tmp_path):
    """`fuda build`'s engine step builds the raise-blaze registry: every card, both op kinds, nothing manual."""
    from fuda import load_database
    from fuda.database.resources import cards_dir

    database = load_database([cards_dir() / "raise-blaze"])
    from fuda.build import engine_step

    engine_step(database, tmp_path)
    doc = json.loads((tmp_path / "engine" / "registry.json").read_text(encoding="utf-8"))
    (entry,) = doc["games"]
    assert entry["status"] == "ok" and len(entry["cards"]) == 48 and entry["manual"] == []
    kinds = {spec["kind"] for spec in entry["ops"].values()}
    assert kinds == {"effect", "static"} and "modify-power" in entry["ops"] and "modify-power (static)" in entry["ops"]
    assert entry["ops"]["battle-immune"]["kind"] == "static" and len(entry["ops"]) == 15
