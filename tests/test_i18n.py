"""Every message a user reads exists in Japanese and English; findings render in both."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from fuda.database.findings import Finding, Location
from fuda.i18n import LANGUAGES, MESSAGES, catalogue_problems, locale_language, render_finding, t
from fuda.i18n.findings import PHRASES, TITLES

ROOT = Path(__file__).resolve().parent.parent


def test_every_message_has_both_languages():
    """No CLI message exists in one language only, and both languages take the same {placeholders}."""
    assert catalogue_problems() == []


def test_the_check_catches_a_one_language_message():
    """The checker itself: a message with only English, or with mismatched placeholders, is reported."""
    broken = {"a": {"en": "only English"}, "b": {"ja": "{x} です", "en": "{y} is"}, "c": {"ja": "はい", "en": "yes"}}
    problems = catalogue_problems(broken)
    assert len(problems) == 2 and problems[0].startswith("a:") and problems[1].startswith("b:")


def test_every_finding_code_has_a_title_in_both_languages():
    """Each finding code the database layer emits has a Japanese and an English title."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "pipeline" / "database").glob("*.py"))
    codes = set(re.findall(r'"([A-Z]\d{3})"', source))
    assert codes, "no finding codes found"
    assert sorted(codes - set(TITLES)) == []
    assert all(ja.strip() and en.strip() and ja != en for ja, en in TITLES.values())


def test_every_lint_rule_has_a_japanese_title():
    """Each lint rule code has a title in both languages, the English one the rule's own."""
    from fuda.lint.rules import REGISTRY

    assert sorted(set(REGISTRY) - set(TITLES)) == []
    assert [c for c, info in REGISTRY.items() if TITLES[c][1] != info.title] == []


def test_phrases_keep_every_value():
    """Each Japanese phrase uses exactly the values its English shape captures (nothing dropped or invented)."""
    for pattern, japanese, english in PHRASES:
        captured = set(pattern.groupindex)
        used = {f for _, f, _, _ in string.Formatter().parse(japanese) if f}
        assert used <= captured, english
        # byte offsets, raw regexes, a library's English error text (x_…): dropped on purpose
        assert {n for n in captured - used if not n.startswith("x_")} <= {"pos", "what", "pattern"}, english


@pytest.mark.parametrize("message, hint, needles", [
    ("cards[3].cost: expected integer, found string \"three\"", "write a integer", ["整数", "\"three\"", "cards[3].cost"]),
    ("deck 'd1' names unknown card 'reimuu'", "did you mean 'reimu'?", ["reimuu", "「reimu」の間違い"]),
    ("deck 'd1': has 12 cards, needs at least 40", None, ["12 枚", "40 枚以上"]),
    ("something nobody wrote a phrase for", None, ["存在しないもの", "something nobody"]),
])
def test_findings_render_in_japanese(message, hint, needles):
    """A finding renders in Japanese with its code, values, and hint; unknown sentences keep the code's title."""
    finding = Finding(Location(Path("cards/x.yaml"), 3, 5), "R001" if "nobody" in message else "S003", message,
                      hint=hint, card="c1")
    ja = render_finding(finding, "ja")
    en = render_finding(finding, "en")
    assert ja.startswith("cards/x.yaml:3:5: エラー[") and "（カード c1）" in ja
    for needle in needles:
        assert needle in ja, ja
    assert en == f"cards/x.yaml:3:5: error[{finding.code}]: {message}" + (f"; {hint}" if hint else "") + " (card c1)"


def test_language_follows_the_locale():
    """LANG=ja_JP.UTF-8 means Japanese; LC_ALL wins over LANG; anything else is English."""
    assert locale_language({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert locale_language({"LANG": "ja_JP.UTF-8", "LC_ALL": "C"}) == "en"
    assert locale_language({}) == "en"
    assert t("word.error", "ja") == "エラー" and t("word.error", "en") == "error"
    assert set(LANGUAGES) == {"ja", "en"} and all(set(v) == set(LANGUAGES) for v in MESSAGES.values())
