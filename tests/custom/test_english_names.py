"""A game of your own read in English names its counters and zones by their `en:` (else by their id)."""

from __future__ import annotations

import dataclasses

import pytest

from fuda import load_database
from fuda.engine import custom as cu
from fuda.engine.core import make_agent, run
from fuda.i18n import set_language


@pytest.fixture
def english():
    set_language("en")
    yield
    set_language(None)


def _played(rules_change=None):
    reg = cu.build_registry(load_database().game("hoshikage"))
    a, b = sorted(reg.game.decks, key=lambda d: d.id)
    g = cu.new_game(reg, [cu.setup_from_deck(a), cu.setup_from_deck(b)], 4)
    if rules_change:
        g.static = dataclasses.replace(g.static, rules=rules_change(g.static.rules))
    run(g, [make_agent("random", 4, 0), make_agent("random", 4, 1)])
    return g


def test_english_narration_says_the_counters_english_name(english):
    """hoshikage's counter hoshi (星明かり) has `en: starlight`: the English log and state say starlight, never the id."""
    g = _played()
    text = "\n".join(g.transcript(None)) + "\n" + g.describe_state(None)
    assert "starlight" in text and "hoshi " not in text and "星明かり" not in text


def test_without_en_the_id_stands_in(english):
    """A counter or zone with no `en:` reads as its id in English (what the designer wrote in game.yaml)."""
    g = _played(lambda rules: dataclasses.replace(rules, counter_names_en=(), zone_names_en=()))
    assert "hoshi" in "\n".join(g.transcript(None)) + g.describe_state(None)


def test_japanese_keeps_the_labels():
    """In Japanese the labels are shown, whatever `en:` says."""
    set_language("ja")
    try:
        text = "\n".join(_played().transcript(None))
    finally:
        set_language(None)
    assert "星明かり" in text and "starlight" not in text
