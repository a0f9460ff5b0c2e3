"""prh dictionaries written by others are bounded (issue 35): patterns that backtrack without end
are found at load, a lint run gives each rule and all of them a time budget, and imports (and the
manifest's own prh paths) stay inside the game folder."""

from __future__ import annotations

import time

from fuda.lint import engine, lint
from fuda.lint.prh import load_report
from fuda.lint.prh_budget import RUN_BUDGET, Budget
from fuda.lint.synthetic import make_database, make_game


def _card(text, card_id="c"):
    return {"id": card_id, "name": "夢符「退魔符乱舞」", "kind": "spell", "fighter": "reimu", "timing": "normal",
            "type": "action", "recast": [2, 1], "graze": False, "text": text,
            "abilities": [{"when": "on-cast", "text": text, "effect": [{"draw": 2}]}]}


def _game(tmp_path, cards, prh=("prh.yml",)):
    return make_game("recast-rift", cards, {"lint": {"prh": list(prh)}}, folder=tmp_path)


def _rules(rules: list[tuple[str, str]]) -> str:
    return "version: 1\nrules:\n" + "".join(f"  - expected: {e}\n    pattern: {p}\n" for e, p in rules)


def test_catastrophic_pattern_is_found_at_load(tmp_path):
    """(a|a)+$ is left out at load with one PRH003 at its dictionary line; the dictionary's other
    rule is still applied."""
    path = tmp_path / "prh.yml"
    path.write_text(_rules([("こと", "事"), ("a", "/(a|a)+$/")]), encoding="utf-8")
    found = load_report([path], tmp_path)
    assert [r.expected for r in found.rules] == ["こと"] and found.errors == ()
    assert [(d.location.line, d.location.col) for d in found.disabled] == [(5, 5)]
    assert "backtracks without end on a run of 'a'" in found.disabled[0].message
    result = lint(make_database(_game(tmp_path, [_card("２ドローする事。" + "a" * 40)])), fit=False, select=["PRH"])
    assert sorted(d.code for d in result) == ["PRH001", "PRH003"]
    (cut,) = [d for d in result if d.code == "PRH003"]
    assert str(cut.location).endswith("prh.yml:5:5") and cut.card is None and "prh.yml:5" in cut.hint


def test_ordinary_patterns_pass_the_probe(tmp_path):
    """Look-behinds, alternations, classes and the bundled kinds of rules are not flagged."""
    path = tmp_path / "prh.yml"
    path.write_text(_rules([("こと", "/(?<=する|できる)事/"), ("ハードウェア", "/ハードウエアー?/"),
                            ("（$1）", "/\\(([^)]+)\\)/"), ("ー", "/[ｰ－]+/"), ("x", "/(ab|cd)+e/")]),
                    encoding="utf-8")
    found = load_report([path], tmp_path)
    assert len(found.rules) == 5 and found.disabled == () and found.errors == ()


def test_two_hundred_backtracking_rules_are_found_at_load_within_the_run_budget(tmp_path):
    """200 rules of the (ア|アア)+X kind: each left out at load with its own located PRH003, and
    lint finishes in well under the run budget of processor time (it used to take 100 s)."""
    (tmp_path / "prh.yml").write_text(_rules([(f"X{i}", f"/(ア|アア)+{chr(0x4E00 + i)}/") for i in range(200)]),
                                      encoding="utf-8")
    database = make_database(_game(tmp_path, [_card("ア" * 60 + "。")]))
    start = time.process_time()
    found = lint(database, fit=False, select=["PRH"])
    assert time.process_time() - start < RUN_BUDGET
    lines = sorted(d.location.line for d in found if d.code == "PRH003")
    assert lines == [3 + 2 * i for i in range(200)]


def test_run_budget_stops_prh_and_lint_goes_on(tmp_path, monkeypatch):
    """200 rules that the probe cannot see (they backtrack on runs of アイ): the run's budget
    (1 s here) stops prh with one finding naming the rule that was searching; the rest of lint
    still reports (the half-width digit of card d, JP201)."""
    monkeypatch.setattr(engine, "Budget", lambda: Budget(rule=5.0, run=1.0))
    (tmp_path / "prh.yml").write_text(_rules([(f"X{i}", f"/(アイ|アイアイ)+{chr(0x4E00 + i)}/") for i in range(200)]),
                                      encoding="utf-8")
    cards = [_card("アイ" * 40 + "。"), _card("2ドローする。", "d")]
    start = time.monotonic()
    found = lint(make_database(_game(tmp_path, cards)), fit=False)
    assert time.monotonic() - start < 30  # 200 rules × 0.5 s a search would be 100 s
    stopped = [d for d in found if d.code == "PRH003" and "searched for 1.0 s in this run" in d.message]
    assert len(stopped) == 1 and "prh.yml:" in stopped[0].message
    assert len([d for d in found if d.code == "PRH003"]) < 10
    assert any(d.code == "JP201" and d.card == "d" for d in found), [d.code for d in found]


def test_rule_budget_stops_one_rule_once(tmp_path, monkeypatch):
    """A rule's own budget (0.2 s here) stops it with one finding for the whole run, even though
    it would match in many cards; a cheap rule of the same dictionary keeps reporting."""
    monkeypatch.setattr(engine, "Budget", lambda: Budget(rule=0.2, run=30.0))
    (tmp_path / "prh.yml").write_text(_rules([("こと", "事"), ("ア", "/(アイ|アイアイ)+ウ/")]), encoding="utf-8")
    cards = [_card("アイ" * 40 + "事。", f"c{i}") for i in range(5)]
    found = lint(make_database(_game(tmp_path, cards)), fit=False, select=["PRH"])
    cut = [d for d in found if d.code == "PRH003"]
    assert len(cut) == 1 and "'ア' (prh.yml:5) searched for 0.2 s" in cut[0].message
    assert len([d for d in found if d.code == "PRH001"]) == 5


def test_imports_outside_the_game_folder_are_refused_unread(tmp_path):
    """imports: [/etc/passwd, ../../x.yml] are PRH002 at their place in the dictionary; the
    outside file (a valid dictionary whose rule would match) is never applied."""
    game = tmp_path / "db" / "game"
    game.mkdir(parents=True)
    (tmp_path / "x.yml").write_text(_rules([("こと", "事")]), encoding="utf-8")
    (game / "prh.yml").write_text("version: 1\nimports: [/etc/passwd, ../../x.yml]\nrules: []\n", encoding="utf-8")
    found = lint(make_database(_game(game, [_card("２ドローする事。")])), fit=False, select=["PRH"])
    assert [(d.code, d.location.line, d.location.col) for d in found] == [("PRH002", 2, 11), ("PRH002", 2, 24)]
    assert "/etc/passwd is outside the game folder" in found[0].message
    assert "../../x.yml is outside the game folder" in found[1].message


def test_an_import_linking_out_is_refused(tmp_path):
    """A link inside the game folder to a dictionary outside it is refused like the path itself."""
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "x.yml").write_text(_rules([("こと", "事")]), encoding="utf-8")
    (game / "shared.yml").symlink_to(tmp_path / "x.yml")
    (game / "prh.yml").write_text("version: 1\nimports: shared.yml\n", encoding="utf-8")
    found = lint(make_database(_game(game, [_card("２ドローする事。")])), fit=False, select=["PRH"])
    assert [d.code for d in found] == ["PRH002"] and "outside the game folder" in found[0].message


def test_manifest_prh_path_outside_the_game_folder_is_refused(tmp_path):
    """lint.prh: [../x.yml] in game.yaml is PRH002 at that line of game.yaml, not read."""
    game = tmp_path / "game"
    game.mkdir()
    (tmp_path / "x.yml").write_text(_rules([("こと", "事")]), encoding="utf-8")
    (game / "game.yaml").write_text("id: recast-rift\nname: g\nrules: recast-rift\nlint:\n  prh:\n    - ../x.yml\n",
                                    encoding="utf-8")
    found = lint(make_database(_game(game, [_card("２ドローする事。")], prh=["../x.yml"])), fit=False, select=["PRH"])
    assert [(d.code, d.location.file.name, d.location.line) for d in found] == [("PRH002", "game.yaml", 6)]
    assert "../x.yml is outside the game folder" in found[0].message
