"""prh dictionaries: the prh.yml format, JavaScript regex translation, and the PRH rules."""

from __future__ import annotations

import re

import pytest

from fuda.database.resources import cards_dir
from fuda.lint import lint
from fuda.lint.jsregex import TranslationError, translate
from fuda.lint.prh import load
from fuda.lint.synthetic import make_database, make_game


def _prh(tmp_path, text, name="prh.yml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _apply(tmp_path, text, sample):
    rules, errors = load([_prh(tmp_path, text)])
    assert not errors, errors
    for rule in rules:
        sample = rule.apply(sample)
    return sample


# --- JavaScript regular expressions -------------------------------------------------------

def test_js_classes_are_ascii():
    """\\d and \\w match ASCII only, as in JavaScript (full-width digits are not \\d)."""
    assert translate(r"\d+").fullmatch("12") and not translate(r"\d").fullmatch("１")
    assert not translate(r"\w").fullmatch("あ")


def test_js_word_boundary_is_ascii():
    """\\b sees a boundary between Japanese and Latin letters: 今日もJS祭り has one around JS."""
    assert translate(r"\bJS\b").search("今日もJS祭り")
    assert not translate(r"\bJS\b").search("altJS")


def test_variable_width_look_behind_is_rewritten():
    """(?<=する|できる)事 becomes one look-behind per alternative and still matches."""
    pattern = translate("(?<=する|できる)事")
    assert pattern.search("発動できる事") and pattern.search("する事") and not pattern.search("大事")
    negative = translate("(?<!記|大)事")
    assert negative.search("仕事") and not negative.search("大事") and not negative.search("記事")


def test_untranslatable_look_behind_is_reported():
    """A look-behind with a quantifier has no Python form: TranslationError names it."""
    with pytest.raises(TranslationError, match="look-behind"):
        translate("(?<=a+)b")


@pytest.mark.parametrize("source, flags, text, expected", [
    ("(?<year>[0-9]{4})年", "", "2024年", "2024"),
    (r"\u{1F338}", "u", "桜🌸", "🌸"),
    ("[^]", "", "\n", "\n"),
    (r"\p{Script=Hiragana}+", "u", "カタカナとひらがな", "とひらがな"),
    ("a.b", "", "a\nb", None),
    ("a.b", "s", "a\nb", "a\nb"),
    ("cookie", "i", "COOKIE", "COOKIE"),
    (r"\/path", "", "/path", "/path"),
])
def test_js_syntax_translates(source, flags, text, expected):
    """Named groups, \\u{…}, [^], script properties, dotAll and i flags work as in JavaScript."""
    m = translate(source, flags).search(text)
    assert (m.group(1) if m and m.re.groups else (m.group() if m else None)) == expected


def test_empty_class_matches_nothing():
    """[] matches nothing in JavaScript."""
    assert translate("a[]").search("a") is None


def test_unknown_property_is_reported():
    """An unsupported \\p{…} is a translation error, not a silent miss."""
    with pytest.raises(TranslationError, match="Greek"):
        translate(r"\p{Script=Greek}", "u")


# --- the prh.yml format --------------------------------------------------------------------

def test_expected_only_rule_matches_any_case_and_width(tmp_path):
    """Without a pattern, expected matches itself in any letter case and width (prh's spread)."""
    assert _apply(tmp_path, "version: 1\nrules:\n  - expected: Cookie\n", "ｃｏｏｋｉｅとCOOKIE") == "CookieとCookie"


def test_rule_as_plain_string(tmp_path):
    """A rule written as a bare string is {expected: string}."""
    assert _apply(tmp_path, "version: 1\nrules:\n  - jQuery\n", "JQUERY") == "jQuery"


def test_patterns_list_and_capture_replacement(tmp_path):
    """patterns is an alternation; $1 in expected is the capture group."""
    text = "version: 1\nrules:\n  - expected: （$1）\n    pattern: /\\(([^)]+)\\)/\n  - expected: ハードウェア\n" \
           "    patterns: [ハードウエアー, ハードウエア]\n"
    assert _apply(tmp_path, text, "(注)ハードウエア") == "（注）ハードウェア"


def test_word_boundary_option(tmp_path):
    """options.wordBoundary adds ASCII word boundaries around the pattern."""
    text = "version: 1\nrules:\n  - expected: js\n    options: {wordBoundary: true}\n"
    assert _apply(tmp_path, text, "foo JS bar altJS 今日もJS祭り") == "foo js bar altJS 今日もjs祭り"


def test_regexp_must_empty(tmp_path):
    """regexpMustEmpty: $1 skips a match whose first group is not empty."""
    text = "version: 1\nrules:\n  - expected: ソフトウェア\n    pattern: /(日経)?ソフトウエア/\n    regexpMustEmpty: $1\n"
    assert _apply(tmp_path, text, "ソフトウエアと日経ソフトウエア") == "ソフトウェアと日経ソフトウエア"


def test_failing_spec_is_a_configuration_error_naming_the_rule(tmp_path):
    """A spec whose from does not become to makes the file unusable, naming the rule and place."""
    path = _prh(tmp_path, "version: 1\nrules:\n  - expected: JavaScript\n    specs:\n"
                          "      - {from: JAVASCRIPT, to: JavaScprit}\n")
    _rules, errors = load([path])
    assert len(errors) == 1 and "rule 'JavaScript' spec failed" in errors[0].message
    assert errors[0].location.file == path and errors[0].location.line == 5


def test_untranslatable_pattern_is_a_configuration_error(tmp_path):
    """A pattern Python cannot express is reported with the rule's expected."""
    _, errors = load([_prh(tmp_path, "version: 1\nrules:\n  - expected: x\n    pattern: /(?<=a+)b/\n")])
    assert errors and "rule 'x'" in errors[0].message and "look-behind" in errors[0].message


def test_unknown_keys_are_reported(tmp_path):
    """A misspelt key (pattens) is reported instead of silently ignored."""
    _, errors = load([_prh(tmp_path, "version: 1\nrules:\n  - expected: x\n    pattens: [y]\n")])
    assert errors and "pattens" in errors[0].message


def test_imports_merge_ignore_and_disable(tmp_path):
    """imports add rules whose expected is new; ignoreRules drops some; disableImports stops chains."""
    _prh(tmp_path, "version: 1\nrules:\n  - {expected: A, pattern: a}\n  - {expected: B, pattern: b}\n"
                   "  - {expected: C, pattern: c}\nimports: [deep.yml]\n", "base.yml")
    _prh(tmp_path, "version: 1\nrules:\n  - {expected: D, pattern: d}\n", "deep.yml")
    main = _prh(tmp_path, "version: 1\nimports:\n  - path: base.yml\n    disableImports: true\n"
                          "    ignoreRules: [c, {expected: B}]\nrules:\n  - {expected: A, pattern: x}\n")
    rules, errors = load([main])
    assert not errors
    assert [(r.expected, r.written) for r in rules] == [("A", ("x",))]
    main.write_text("version: 1\nimports: base.yml\nrules: []\n", encoding="utf-8")
    assert [r.expected for r in load([main])[0]] == ["A", "B", "C", "D"]


def test_import_problems_are_reported(tmp_path):
    """A missing import, an import cycle and a version mismatch are configuration errors."""
    _prh(tmp_path, "version: 1\nimports: [b.yml]\n", "a.yml")
    _prh(tmp_path, "version: 1\nimports: [a.yml]\n", "b.yml")
    _prh(tmp_path, "version: 2\nrules: []\n", "v2.yml")
    main = _prh(tmp_path, "version: 1\nimports: [missing.yml, a.yml, v2.yml]\n")
    messages = " | ".join(e.message for e in load([main])[1])
    assert "does not exist" in messages and "cycle" in messages and "version mismatch" in messages


def test_bundled_dictionaries_load_and_pass_their_specs():
    """Every sample game's lint/prh.yml loads without a configuration error."""
    for game in ("recast-rift", "toho-tcg", "raise-blaze", "ryomen"):
        rules, errors = load([cards_dir() / game / "lint" / "prh.yml"])
        assert rules and not errors, (game, errors)


# --- the PRH rules on cards ------------------------------------------------------------------

def _card(text):
    return {"id": "c", "name": "夢符「退魔符乱舞」", "kind": "spell", "fighter": "reimu", "timing": "normal",
            "type": "action", "recast": [2, 1], "graze": False, "text": text,
            "abilities": [{"when": "on-cast", "text": text, "effect": [{"draw": 2}]}]}


def _lint(tmp_path, text, prh):
    _prh(tmp_path, prh)
    game = make_game("recast-rift", [_card(text)], {"lint": {"prh": ["prh.yml"]}}, folder=tmp_path)
    return lint(make_database(game), fit=False)


def test_prh_rule_reports_the_expected_form(tmp_path):
    """PRH001 shows the matched text and what the dictionary expects, with the rule's note."""
    prh = "version: 1\nrules:\n  - expected: こと\n    pattern: /(?<=する|できる)事/\n    prh: 形式名詞はひらく\n"
    found = _lint(tmp_path, "２ドローする事ができる。", prh)
    assert [d.code for d in found] == ["PRH001"]
    assert "'事' → 'こと'" in found[0].message and found[0].hint == "形式名詞はひらく"
    assert _lint(tmp_path, "２ドローすることができる。", prh) == []


def test_matches_already_as_expected_are_quiet(tmp_path):
    """A rule whose match already reads as expected (Cookie) reports nothing."""
    assert _lint(tmp_path, "Cookieで２ドローする。", "version: 1\nrules: [Cookie]\n") == []


def test_broken_dictionary_is_prh002_at_the_file(tmp_path):
    """A dictionary with a failing spec is reported as PRH002 at the prh file, and not applied."""
    prh = "version: 1\nrules:\n  - expected: こと\n    pattern: 事\n    specs: [{from: 事, to: 事}]\n"
    found = _lint(tmp_path, "２ドローする事。", prh)
    assert [d.code for d in found] == ["PRH002"]
    assert found[0].location.file.name == "prh.yml" and found[0].severity == "error"


def test_missing_dictionary_is_prh002(tmp_path):
    """A manifest naming a prh file that does not exist is a configuration error."""
    game = make_game("recast-rift", [_card("２ドローする。")], {"lint": {"prh": ["nope.yml"]}}, folder=tmp_path)
    assert [d.code for d in lint(make_database(game), fit=False)] == ["PRH002"]


def test_source_form_is_what_prh_prints():
    """A rule's JavaScript form (for ignoreRules) is /…/gmu."""
    assert re.fullmatch(r"/.*/gmu", load([cards_dir() / "toho-tcg" / "lint" / "prh.yml"])[0][0].source)
