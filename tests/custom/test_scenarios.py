"""Conformance scenarios (`scenarios/*.yaml`, `fuda test`): the bundled suites pass and cover
every card, a failing expectation or answer is one located line in the user's language, bad
files are located findings (schema, unknown names with the nearest one), runs are bounded and
deterministic, and `fuda test` exits 0 / 1 / 2."""

from __future__ import annotations

import shutil
import time

import pytest
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.main import app
from fuda.database.resources import cards_dir
from fuda.database.yamlfile import read_yaml
from fuda.engine import custom as cu
from fuda.engine.custom.cards import static_of
from fuda.engine.custom.conformance import ScenarioGame, run_file
from fuda.engine.custom.scenario import load_scenario, scenario_files

SCHEMA_LINE = "# yaml-language-server: $schema=../../../schema/custom.scenario.schema.json\n"


@pytest.fixture(scope="module")
def hk():
    registry = cu.build_registry(load_database([cards_dir() / "hoshikage"]).game("hoshikage"))
    return registry, static_of(registry)


def _write(tmp_path, text: str, name: str = "s.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _line_col(path, needle: str) -> tuple[int, int]:
    """1-based line and column of the first occurrence of ``needle`` in ``path``."""
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return n, line.index(needle) + 1
    raise AssertionError(needle)


def _ids_in(node, out: set) -> set:
    if isinstance(node, str):
        out.update(w.split(":")[-1].split("#")[0] for w in node.split())
    elif isinstance(node, dict):
        for v in node.values():
            _ids_in(v, out)
    elif isinstance(node, list):
        for v in node:
            _ids_in(v, out)
    return out


GOOD = """\
name: 日差しの矢は力２以下の精霊だけを捨て札に置ける
given:
  counters: {P1: {hoshi: 3}}
  zones:
    P1: {hand: [hizashi-no-ya, tane-maki]}
    P2: {field: [mizukage-no-koi, tsuki-no-bannin]}
when:
  - main play:hizashi-no-ya
then:
  zones:
    P2: {discard: [mizukage-no-koi], field: [tsuki-no-bannin]}
  counters: {P1: {hoshi: 1}}
  legal: main play:tane-maki pass
"""


def test_every_hoshikage_scenario_passes(hk):
    """The bundled suite of ほしかげの庭 (at least 30 scenarios) passes, each with no problem."""
    registry, static = hk
    files = scenario_files(cards_dir() / "hoshikage")
    assert len(files) >= 30
    results = {f.name: run_file(f, static, registry) for f in files}
    failed = {name: [p.render("en") for p in r.problems] for name, r in results.items() if not r.passed}
    assert failed == {}


def test_hoshikage_scenarios_name_every_card_and_every_rule_area(hk):
    """Every card of the sample appears in some scenario, and each rule area has its files."""
    _, static = hk
    files = scenario_files(cards_dir() / "hoshikage")
    named = set()
    for f in files:
        _ids_in(read_yaml(f).data, named)
    assert set(static.cards) - named == set()
    prefixes = {f.name.split("-")[0] for f in files}
    assert {"rule", "keyword", "respond", "end", "card"} <= prefixes
    steps = {read_yaml(f).data["given"].get("step", "main") for f in files}
    assert steps == {"main", "start", "setup"}


def test_a_passing_scenario_has_no_problem(tmp_path, hk):
    """A scenario whose expectations hold (zones, counters, the next decision) passes."""
    registry, static = hk
    result = run_file(_write(tmp_path, GOOD), static, registry)
    assert result.passed and result.name.startswith("日差しの矢")


def test_a_failing_expectation_is_one_located_line_in_both_languages(tmp_path, hk):
    """A wrong zone expectation gives one line: file:line:col of that expectation, expected and found."""
    registry, static = hk
    path = _write(tmp_path, GOOD.replace("discard: [mizukage-no-koi], field", "discard: [tsuki-no-bannin], field"))
    result = run_file(path, static, registry)
    assert len(result.problems) == 1
    line, col = _line_col(path, "[tsuki-no-bannin], field")
    ja, en = result.problems[0].render("ja"), result.problems[0].render("en")
    assert ja.startswith(f"{path}:{line}:{col}: 失敗[T102]: "
                         "P2 の捨て札: 期待 [tsuki-no-bannin]、実際 [mizukage-no-koi]"), ja
    assert en.startswith(f"{path}:{line}:{col}: failed[T102]: P2 捨て札: expected [tsuki-no-bannin], found"), en
    assert "\n" not in ja


def test_a_wrong_counter_and_wrong_legal_choices_are_located(tmp_path, hk):
    """A counter and the next decision's choices that do not hold are each named at their own line."""
    registry, static = hk
    path = _write(tmp_path, GOOD.replace("{P1: {hoshi: 1}}", "{P1: {hoshi: 2}}").replace(
        "legal: main play:tane-maki pass", "legal: main pass"))
    problems = run_file(path, static, registry).problems
    assert [p.location.line for p in problems] == [_line_col(path, "hoshi: 2")[0], _line_col(path, "legal:")[0]]
    assert "期待 2、実際 1" in problems[0].render("ja")
    assert "play:tane-maki pass" in problems[1].render("ja")


def test_an_illegal_answer_names_the_pending_decision_and_its_choices(tmp_path, hk):
    """An answer that is not a choice of the pending decision fails at its line with the choices."""
    registry, static = hk
    path = _write(tmp_path, GOOD.replace("main play:hizashi-no-ya", "main play:taiyou-no-shishi"))
    (problem,) = run_file(path, static, registry).problems
    assert problem.code == "T101" and problem.location.line == _line_col(path, "play:taiyou")[0]
    assert "P1 の main、選べるもの: play:hizashi-no-ya play:tane-maki pass" in problem.render("ja")


def test_an_answer_of_another_kind_or_seat_fails(tmp_path, hk):
    """An answer naming another decision kind, or another player, than the pending one fails."""
    registry, static = hk
    for wrong in ("block none", "P2 main play:hizashi-no-ya"):
        path = _write(tmp_path, GOOD.replace("main play:hizashi-no-ya", wrong))
        (problem,) = run_file(path, static, registry).problems
        assert problem.code == "T101" and "いま待っているのは P1 の main" in problem.render("ja")


def test_answers_after_the_end_and_answers_that_run_out_fail_clearly(tmp_path, hk):
    """An answer after the game ended fails; a winner expected while the game still waits says the
    answers ran out."""
    registry, static = hk
    over = GOOD.replace("counters: {P1: {hoshi: 3}}", "counters: {P1: {hoshi: 9}}").replace(
        "P1: {hand: [hizashi-no-ya, tane-maki]}", "P1: {hand: [tane-maki]}").replace(
        "  - main play:hizashi-no-ya\n", "  - main play:tane-maki\n  - main pass\n")
    (problem,) = run_file(_write(tmp_path, over), static, registry).problems
    assert problem.code == "T101" and "ゲームはもう終わっている" in problem.render("ja")
    waiting = GOOD.split("then:")[0] + "then:\n  winner: P1\n"
    (problem,) = run_file(_write(tmp_path, waiting), static, registry).problems
    assert "答えが足りない" in problem.render("ja") and "the answers ran out" in problem.render("en")


def test_a_schema_error_is_a_located_finding(tmp_path, hk):
    """A value the schema refuses (P3) is located at its line and column, and nothing runs."""
    registry, static = hk
    path = _write(tmp_path, GOOD.replace("P2: {field", "P3: {field"))
    result = run_file(path, static, registry)
    (problem,) = result.problems
    assert result.name is None and problem.code == "S001"
    line, _ = _line_col(path, "P3:")
    assert problem.location.line == line and str(path) in problem.render("ja")


def test_an_unknown_card_id_suggests_the_nearest_one(tmp_path, hk):
    """A misspelt card id names the nearest id; a card's printed name names its id."""
    _, static = hk
    path = _write(tmp_path, GOOD.replace("[mizukage-no-koi, tsuki", "[mizukage-no-koy, 月の番人"))
    scenario, problems = load_scenario(path, static)
    assert scenario is None and [p.code for p in problems] == ["T001", "T001"]
    first, second = (p.render("ja") for p in problems)
    line, col = _line_col(path, "mizukage-no-koy")
    assert first.startswith(f"{path}:{line}:{col}: エラー[T001]: "
                            "カード「mizukage-no-koy」はこのゲームにない（「mizukage-no-koi」のことですか？）")
    assert "「tsuki-no-bannin」のことですか" in second
    assert "did you mean 'mizukage-no-koi'?" in problems[0].render("en")


def test_unknown_zones_counters_and_fields_are_located(tmp_path, hk):
    """A zone, counter or integer field the game does not declare names the nearest declared one."""
    _, static = hk
    text = GOOD.replace("P1: {hand:", "P1: {hnad:").replace("{P1: {hoshi: 1}}", "{P1: {hosi: 1}}").replace(
        "field: [tsuki-no-bannin]}", "field: [{card: tsuki-no-bannin, values: {pwoer: 4}}]}")
    _, problems = load_scenario(_write(tmp_path, text), static)
    rendered = " | ".join(p.render("ja") for p in problems)
    for near in ("「hand」のことですか", "「hoshi」のことですか", "「power」のことですか"):
        assert near in rendered
    assert len(problems) == 3


def test_a_position_where_nobody_decides_still_ends(tmp_path, hk):
    """A position with no decision for anyone (empty hands, nothing to attack with) runs to the end
    of the game by the engine's own rules, quickly, and the expectation is checked there."""
    registry, static = hk
    text = ("name: だれも選ばない局面でも終わる\n"
            "given:\n  zones:\n    P1: {deck: [taiyou-no-shishi, taiyou-no-shishi, taiyou-no-shishi]}\n"
            "    P2: {deck: [taiyou-no-shishi, taiyou-no-shishi, taiyou-no-shishi]}\n"
            "then:\n  winner: P1\n")
    start = time.process_time()
    result = run_file(_write(tmp_path, text), static, registry)
    assert time.process_time() - start < 5 and result.passed


def test_scenario_games_are_deterministic_and_clone(hk):
    """The same scenario gives the same log twice, and a scenario game clones by replay."""
    registry, static = hk
    scenario, _ = load_scenario(cards_dir() / "hoshikage" / "scenarios" / "rule-setup.yaml", static)
    one = ScenarioGame(static, scenario.given, registry).start()
    two = ScenarioGame(static, scenario.given, registry).start()
    assert one.log.events == two.log.events
    assert one.clone().log.events == one.log.events


@pytest.mark.rule("CU-STATIC-2")
def test_yoake_no_kane_lowers_spirits_protected_by_hanazono_no_shu(tmp_path, hk):
    """夜明けの鐘 names no target, so 花園の主's protection does not stop its −1 (card text)."""
    registry, static = hk
    text = """\
name: 夜明けの鐘は花園の主に守られた花の精霊の力も－１する
given:
  active: P2
  turn: 4
  counters: {P2: {hoshi: 4}}
  zones:
    P1: {field: [hanazono-no-shu, tsubomi-no-yousei]}
    P2: {hand: [yoake-no-kane, tane-maki], field: [hidamari-neko]}
when:
  - main play:yoake-no-kane
then:
  zones:
    P1: {field: [{card: hanazono-no-shu, values: {power: 4}}, {card: tsubomi-no-yousei, values: {power: 0}}]}
    P2: {field: [{card: hidamari-neko, values: {power: 1}}]}
"""
    result = run_file(_write(tmp_path, text), static, registry)
    assert result.passed, [p.render("en") for p in result.problems]


def _game_copy(tmp_path, game: str = "hoshikage"):
    folder = tmp_path / "db" / game
    shutil.copytree(cards_dir() / game, folder)
    return folder


def test_fuda_test_exits_0_when_every_scenario_passes(tmp_path, monkeypatch):
    """`fuda test` on a game folder prints one line per scenario and the summary, exit 0."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    folder = _game_copy(tmp_path)
    result = CliRunner().invoke(app, ["test", str(folder)])
    count = len(scenario_files(folder))
    assert result.exit_code == 0, result.output
    assert f"hoshikage: {count} 件成功、0 件失敗" in result.output
    assert result.output.count("成功  ") == count


def test_fuda_test_exits_1_with_the_located_line_of_a_failure(tmp_path, monkeypatch):
    """One broken expectation: its located line, the summary with 1 failed, exit 1."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    folder = _game_copy(tmp_path)
    path = folder / "scenarios" / "card-tane-maki.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("hoshi: 1}", "hoshi: 5}"), encoding="utf-8")
    result = CliRunner().invoke(app, ["-q", "test", str(folder)])
    assert result.exit_code == 1
    line, col = _line_col(path, "hoshi: 5")
    located = [ln for ln in result.output.splitlines() if "[T102]" in ln]
    assert len(located) == 1 and f"card-tane-maki.yaml:{line}:{col + len('hoshi: ')}: 失敗[T102]" in located[0]
    assert "期待 5、実際 1" in located[0]
    assert "件成功、1 件失敗" in result.output


def test_fuda_test_exits_2_on_usage_errors(tmp_path, monkeypatch):
    """A coded game, a game without scenarios and an unknown game are usage errors (exit 2)."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    runner = CliRunner()
    coded = runner.invoke(app, ["test", "raise-blaze", "--sample"])
    assert coded.exit_code == 2 and "rules: custom" in coded.output
    folder = _game_copy(tmp_path)
    shutil.rmtree(folder / "scenarios")
    none = runner.invoke(app, ["test", str(folder)])
    assert none.exit_code == 2 and "検証シナリオがありません" in none.output
    unknown = runner.invoke(app, ["test", "hoshikag", "--sample"])
    assert unknown.exit_code == 2


def test_fuda_test_without_a_game_runs_every_custom_game(monkeypatch):
    """With --sample and no GAME, both custom samples run and a total is printed."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    result = CliRunner().invoke(app, ["-q", "test", "--sample"])
    assert result.exit_code == 0, result.output
    assert "hoshikage: " in result.output and "kenbu: " in result.output and "total: " in result.output


def test_fuda_test_only_runs_the_named_files(monkeypatch):
    """--only keeps the scenario files whose name contains the text."""
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    result = CliRunner().invoke(app, ["test", "hoshikage", "--sample", "--only", "card-tane", "--only", "end-win"])
    assert result.exit_code == 0, result.output
    assert "hoshikage: 3 passed, 0 failed" in result.output


def test_a_wrong_card_value_is_located_at_the_card_with_the_field_label(tmp_path, hk):
    """A card's current value or lie that does not hold is named at that card's entry, with the
    field's label from game.yaml and true/false as written."""
    registry, static = hk
    card = "field: [{card: tsuki-no-bannin, values: {power: 3}}]}"
    path = _write(tmp_path, GOOD.replace("field: [tsuki-no-bannin]}", card))
    (problem,) = run_file(path, static, registry).problems
    line, col = _line_col(path, "{card: tsuki-no-bannin")
    assert problem.render("ja").startswith(f"{path}:{line}:{col}: 失敗[T102]: "
                                           "P2 の場の tsuki-no-bannin の power（力）: 期待 3、実際 4")
    lying = "field: [{card: tsuki-no-bannin, tapped: true}]}"
    path = _write(tmp_path, GOOD.replace("field: [tsuki-no-bannin]}", lying))
    (problem,) = run_file(path, static, registry).problems
    assert "横向き: 期待 true、実際 false" in problem.render("ja")


def test_an_engine_error_is_a_located_line_not_a_traceback(tmp_path, hk, monkeypatch):
    """An exception inside the engine while a scenario runs is one T103 line at the scenario file."""
    from fuda.engine.custom import turn

    registry, static = hk

    def broken(st, p):
        raise RuntimeError("boom")
        yield  # (a generator, like the real step)

    monkeypatch.setattr(turn, "main", broken)
    path = _write(tmp_path, GOOD)
    (problem,) = run_file(path, static, registry).problems
    assert problem.code == "T103"
    assert problem.render("ja").startswith(f"{path}:1:1: 失敗[T103]: エンジンが途中で止まった")
    assert "RuntimeError: boom" in problem.render("en")


def test_fuda_test_in_a_game_folder_needs_no_game(tmp_path, monkeypatch):
    """Standing in a game folder, `fuda test` runs that game's scenarios (paths shown relative)."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    folder = _game_copy(tmp_path)
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(app, ["test", "--only", "rule-setup"])
    assert result.exit_code == 0, result.output
    assert "成功  scenarios/rule-setup.yaml  " in result.output and "hoshikage: 1 件成功、0 件失敗" in result.output


def test_a_failure_after_the_turn_went_on_says_so(tmp_path, hk):
    """When one-choice decisions carried play past the last answer into another turn, the failure
    says so (the usual reason an until-end-of-turn change looks gone); not when play stayed."""
    registry, static = hk
    text = """\
name: 満月の祈りの＋３
given:
  counters: {P1: {hoshi: 3}}
  zones:
    P1: {hand: [mangetsu-no-inori], field: [{card: hidamari-neko, tapped: true}], deck: [hidamari-neko]}
    P2: {deck: [hidamari-neko], hand: [tane-maki]}
when:
  - main play:mangetsu-no-inori
then:
  zones:
    P1: {field: [{card: hidamari-neko, values: {power: 5}}]}
"""
    (problem,) = run_file(_write(tmp_path, text), static, registry).problems
    assert "期待 5、実際 2。最後の答えのあと" in problem.render("ja") and "第 4 手番（P2）" in problem.render("ja")
    stayed = run_file(_write(tmp_path, GOOD.replace("hoshi: 1}", "hoshi: 2}")), static, registry).problems
    assert len(stayed) == 1 and "最後の答えのあと" not in stayed[0].render("ja")


@pytest.mark.parametrize("file, old, new", [
    ("game.yaml", "at-least: 10", "at-least: 9"),  # the win condition
    ("game.yaml", "{draw: 1, except-first-turn: true}", "{draw: 1}"),  # the first player's draw
    ("game.yaml", "windows: [play, attack]", "windows: [play]"),  # responses to attacks
    ("spirits.yaml", "by: -2, until: permanent}", "by: -2}"),  # 太陽の獅子 for good
    ("charms.yaml", "power <= 2", "power <= 3"),  # 日差しの矢's limit
])
def test_the_hoshikage_suite_catches_a_changed_rule_or_card(tmp_path, file, old, new):
    """Changing one rule or one card's data makes at least one scenario of the suite fail."""
    folder = _game_copy(tmp_path)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    registry = cu.build_registry(load_database([folder]).game("hoshikage"))
    static = static_of(registry)
    failed = [f.name for f in scenario_files(folder) if not run_file(f, static, registry).passed]
    assert failed
