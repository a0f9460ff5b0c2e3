"""Linear-time text checks (issue 18): unclosed brackets, lint's own patterns, user prh patterns
that backtrack without end, and a broken lint configuration failing ``fuda build``."""

from __future__ import annotations

import time

from fuda.lint import lint
from fuda.lint.prh import BUDGET, load
from fuda.lint.rules.style import _balanced_fast, _stack_balanced
from fuda.lint.synthetic import make_database, make_game

RR = {"lint": {"reference-brackets": "《》", "terms": ["攻撃"]}}


def _spell(flavor: str, text: str = "２ドローする。") -> dict:
    return {"id": "c", "name": "夢符「退魔符乱舞」", "kind": "spell", "fighter": "reimu", "timing": "normal",
            "type": "action", "recast": [2, 1], "graze": False, "text": text, "flavor": flavor,
            "abilities": [{"when": "on-cast", "text": text, "effect": [{"draw": 2}]}]}


def _cpu(func, *args):
    start = time.process_time()
    result = func(*args)
    return result, time.process_time() - start


def test_thirty_unclosed_brackets_lint_fast():
    """A card with 30 unclosed brackets among nested pairs lints in < 50 ms and each is reported."""
    flavor = "".join("【覚醒中《攻撃〉" for _ in range(15)) + "【展開中」" * 5 + "《攻撃》【】" * 20
    database = make_database(make_game("recast-rift", [_spell(flavor)], RR))
    lint(make_database(make_game("recast-rift", [_spell("楽園の巫女。")], RR)), fit=False)  # imports
    found, seconds = _cpu(lambda: lint(database, fit=False, select=["JP206"]))
    assert seconds < 0.05, f"{seconds * 1000:.0f} ms"
    assert len(found) >= 30


def test_bracket_scan_is_linear_in_the_number_of_brackets():
    """20 and 2,000 unclosed openers: the check time grows about linearly (no backtracking)."""
    small = "【" + "《》" * 20 + "【" * 20
    large = "【" + "《》" * 2000 + "【" * 2000
    _, _t_small = _cpu(lambda: [_balanced_fast(small) for _ in range(100)])
    _, t_large = _cpu(lambda: [_balanced_fast(large) for _ in range(100)])
    assert not _balanced_fast(small) and not _balanced_fast(large)
    assert t_large < 0.5


def test_bracket_scan_agrees_with_the_stack():
    """The fast path and the plain stack scan agree on balanced, crossed and multi-string text."""
    for text, good in [("【a《b》c】", True), ("【a《b】c》", False), ("【\0】", False), ("「」\0【《〈〉》】", True),
                       ("", True), ("】", False), ("【【【】】】【", False)]:
        assert _balanced_fast(text) is good, text
        brackets = "".join(ch for ch in text if not ch.isalpha())
        assert _stack_balanced(brackets) is good, text


def test_long_space_runs_and_digit_runs_are_linear():
    """Style patterns on 20,000 spaces or digits in a row finish quickly (no quadratic retries)."""
    flavor = "あ" + " " * 20_000 + "い。" + "1" * 20_000 + "x。"
    database = make_database(make_game("recast-rift", [_spell(flavor)], RR))
    found, seconds = _cpu(lambda: lint(database, fit=False, select=["JP2"]))
    assert seconds < 1.0, seconds
    assert "JP207" in {d.code for d in found}


CATASTROPHIC = """version: 1
rules:
  - expected: ア
    pattern: /(ア|アア)+イ/
"""


# backtracks on a run of アイ pairs, not on a run of one character: the load-time probe (issue 35,
# tests/test_lint_prh_budget.py) does not see it, the search budget stops it
TWO_CHARACTER_RUN = """version: 1
rules:
  - expected: ア
    pattern: /(アイ|アイアイ)+ウ/
"""


def test_catastrophic_prh_pattern_is_cut_off_with_a_located_warning(tmp_path):
    """(アイ|アイアイ)+ウ over a long run of アイ is stopped: PRH003 at the card, naming the
    dictionary line, and lint finishes within a few budgets instead of hanging."""
    (tmp_path / "prh.yml").write_text(TWO_CHARACTER_RUN, encoding="utf-8")
    cards = [_spell("アイ" * 40 + "。"), {**_spell("アイ" * 40 + "。"), "id": "d"}]
    game = make_game("recast-rift", cards, {"lint": {**RR["lint"], "prh": ["prh.yml"]}}, folder=tmp_path)
    start = time.monotonic()
    found = lint(make_database(game), fit=False)
    assert time.monotonic() - start < 6 * BUDGET + 2
    cut = [d for d in found if d.code == "PRH003"]
    assert len(cut) == 1 and cut[0].severity == "warning"
    assert "prh.yml:3" in cut[0].message and cut[0].card in ("c", "d")


def test_catastrophic_spec_is_a_configuration_error(tmp_path):
    """A spec that makes the pattern run without end is PRH002 at the spec, not a hang."""
    path = tmp_path / "prh.yml"
    path.write_text(CATASTROPHIC + "    specs:\n      - {from: " + "ア" * 60 + ", to: ア}\n", encoding="utf-8")
    rules, errors = load([path])
    assert not rules and len(errors) == 1 and "ran longer" in errors[0].message
    assert errors[0].location.line == 6


def test_ordinary_prh_pattern_still_works(tmp_path):
    """A well-behaved pattern runs through the bounded engine with the same matches as before."""
    path = tmp_path / "prh.yml"
    path.write_text("version: 1\nrules:\n  - expected: こと\n    pattern: /(?<=する|できる)事/\n", encoding="utf-8")
    (rule,), errors = load([path])
    assert not errors
    assert rule.apply("発動できる事がある。大事。") == "発動できることがある。大事。"


def test_broken_prh_dictionary_fails_the_build_step(tmp_path):
    """lint_step writes its report, then fails on PRH002 (so fuda build exits 1)."""
    import pytest

    from fuda.build import lint_step
    from fuda.database.findings import FindingsError

    (tmp_path / "prh.yml").write_text("version: 1\nrules:\n  - expected: x\n    pattern: /(?<=a+)b/\n", encoding="utf-8")
    game = make_game("recast-rift", [_spell("楽園の巫女。")], {"lint": {**RR["lint"], "prh": ["prh.yml"]}},
                     folder=tmp_path)
    out = tmp_path / "out"
    with pytest.raises(FindingsError) as caught:
        lint_step(make_database(game), out)
    assert caught.value.findings[0].code == "PRH002"
    assert (out / "lint.txt").read_text(encoding="utf-8").count("PRH002") == 1


def test_lint_setting_naming_no_rule_fails_the_build_step(tmp_path):
    """A lint.ignore entry that names no rule (LNT001) fails the build step too."""
    import pytest

    from fuda.build import lint_step
    from fuda.database.findings import FindingsError

    game = make_game("recast-rift", [_spell("楽園の巫女。")], {"lint": {**RR["lint"], "ignore": ["JP9"]}})
    with pytest.raises(FindingsError, match="LNT001"):
        lint_step(make_database(game), tmp_path)


def test_fuda_build_fails_on_a_broken_prh_dictionary(sample_copy, tmp_path):
    """fuda build on a game whose prh dictionary has an invalid pattern: not ok, the lint step
    failed, PRH002 among the findings, and nothing written to the output folder."""
    from fuda.build import build

    folder = sample_copy("ryomen")
    (folder / "lint" / "prh.yml").write_text("version: 1\nrules:\n  - expected: x\n    pattern: /(?<=a+)b/\n",
                                             encoding="utf-8")
    result = build([folder], tmp_path / "out")
    assert not result.ok and "lint" in dict(result.failures)
    assert any(f.code == "PRH002" for f in result.findings)
    assert not (tmp_path / "out").exists()
