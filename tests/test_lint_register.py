"""Register (です・ます / である): rules text and flavor each keep the game's own, declared or inferred."""

from __future__ import annotations

import pytest

from fuda.lint import lint
from fuda.lint.register import majority, sentences, style_of
from fuda.lint.synthetic import make_database, make_game
from tests.test_lint_misses import DRAW, TOHO, _toho

PLAIN_FLAVORS = ["居眠りは多い。", "門番は今日も立っている。", "館の主は紅茶を好む。", "夜は長い。"]


def _codes(cards, manifest=TOHO):
    return [(d.code, d.card, d.message) for d in lint(make_database(make_game("toho-tcg", cards, manifest)), fit=False)]


def _cards(flavors):
    return [_toho(flavor=f, card_id=f"c{i}") for i, f in enumerate(flavors)]


@pytest.mark.parametrize("planted", ["居眠りは多いです。", "門番は今日も立っています。", "夜は長いでしょう。",
                                     "紅茶を淹れました。", "そうではありません。"])
def test_polite_flavor_among_plain_flavors_is_jp211(planted):
    """A polite sentence among flavors the game writes plain is reported, at its ending."""
    found = [f for f in _codes(_cards([*PLAIN_FLAVORS, planted])) if f[0] == "JP211"]
    assert [(code, card) for code, card, _ in found] == [("JP211", f"c{len(PLAIN_FLAVORS)}")]
    assert "in である-style flavor" in found[0][2]


def test_plain_flavor_among_polite_flavors_is_jp211():
    """The other way round: a plain sentence among polite flavors."""
    polite = ["居眠りは多いです。", "門番は今日も立っています。", "館の主は紅茶を好みます。"]
    found = [f for f in _codes(_cards([*polite, "夜は長い。"])) if f[0] == "JP211"]
    assert [card for _, card, _ in found] == ["c3"]


@pytest.mark.parametrize("flavor", ["「眠いです」と門番は言った。", "『行きますよ』", "目を覚ます。", "耳を澄ます。",
                                    "紅い館の門番。", "――紅美鈴"])
def test_dialogue_nouns_and_masu_verbs_are_quiet(flavor):
    """Quoted dialogue, a noun ending (体言止め) and verbs that end in ます (覚ます) are no polite flavor."""
    assert [f for f in _codes(_cards([*PLAIN_FLAVORS, flavor])) if f[0] == "JP211"] == []


def test_declared_flavor_register_wins_over_the_majority():
    """lint.flavor-register: polite makes the plain majority the findings; any checks nothing."""
    cards = _cards([*PLAIN_FLAVORS, "居眠りは多いです。"])
    polite = {**TOHO, "lint": {**TOHO.get("lint", {}), "flavor-register": "polite"}}
    assert len([f for f in _codes(cards, polite) if f[0] == "JP211"]) == len(PLAIN_FLAVORS)
    anything = {**TOHO, "lint": {**TOHO.get("lint", {}), "flavor-register": "any"}}
    assert [f for f in _codes(cards, anything) if f[0] == "JP211"] == []


def test_no_clear_majority_checks_no_flavor():
    """Two flavors, one of each: no majority, nothing reported."""
    assert [f for f in _codes(_cards(["夜は長い。", "夜は長いです。"])) if f[0] == "JP211"] == []


def test_rules_text_dialogue_is_exempt():
    """A polite sentence quoted in rules text is dialogue, not the game's register (JP205)."""
    text = "「よろしくお願いします」と宣言する。" + DRAW
    assert [f for f in _codes([_toho(text=text)]) if f[0] == "JP205"] == []


def test_text_register_inferred_when_undeclared():
    """Without lint.register, a game whose card texts are polite is checked as polite."""
    manifest = {**TOHO, "lint": {k: v for k, v in TOHO.get("lint", {}).items() if k != "register"}}
    polite = ["カードを１枚引きます。", "相手は手札を１枚捨てます。", "このカードを破壊します。"]
    cards = [_toho(text=t, card_id=f"t{i}") for i, t in enumerate([*polite, "カードを１枚引く。"])]
    found = [(code, card) for code, card, _ in _codes(cards, manifest) if code == "JP205"]
    assert found == [("JP205", "t3")]


def test_sentences_and_styles():
    """The splitter leaves quotes out and keeps offsets; the classifier knows three outcomes."""
    text = "「行きます」と言った。夜です。"
    got = [(text[a:b], p) for a, b, p in sentences(text)]
    assert got == [("「行きます」と言った", "と言った"), ("夜です", "夜です")]
    assert [style_of(p) for _, _, p in sentences(text)] == ["plain", "polite"]
    assert style_of("紅い館") is None
    assert majority(["夜は長い。", "雨が降る。", "風です。"]) == "plain"
