"""Rule-set plugins installed from outside fuda: a broken one breaks nothing but its own games,
and a toy rule set (tests/plugins/toy: its own entry point, no engine, no mat) goes through every
command as fuda's own games do."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pdfplumber

PLUGINS = Path(__file__).parent / "plugins"
TOY_SAMPLE = PLUGINS / "toy" / "fuda_toy" / "sample"


def plugin_env(plugins: tuple[str, ...], lang: str = "ja_JP.UTF-8") -> dict:
    """The environment of a process that has the named test plugins installed (on its path,
    before whatever path it already had)."""
    path = [str(PLUGINS / p) for p in plugins] + [p for p in [os.environ.get("PYTHONPATH")] if p]
    return {**os.environ, "LANG": lang, "LC_ALL": "", "LC_MESSAGES": "", "PYTHONPATH": os.pathsep.join(path)}


def fuda(*args: str, cwd: Path, plugins: tuple[str, ...] = ("broken",), lang: str = "ja_JP.UTF-8"):
    """Run the ``fuda`` command in a fresh process with the named test plugins on its path."""
    return subprocess.run([sys.executable, "-c", "from fuda.cli.main import main; main()", *args],
                          cwd=cwd, env=plugin_env(plugins, lang), capture_output=True, text=True, timeout=300)


def toy(*args: str, cwd: Path, lang: str = "ja_JP.UTF-8"):
    """``fuda`` with the toy rule set and the broken plugin beside it."""
    return fuda(*args, cwd=cwd, plugins=("toy", "broken"), lang=lang)


def toy_game(tmp_path: Path) -> Path:
    """A copy of the toy rule set's sample game (``toy/``) in ``tmp_path``."""
    return Path(shutil.copytree(TOY_SAMPLE, tmp_path / "toy"))


def errors(run) -> list[str]:
    """The lines of a run that are not the broken plugin's warning or a progress note."""
    said = (run.stdout + run.stderr).splitlines()
    return [line for line in said if line.startswith(("fuda: エラー", "fuda: error"))
            or not (line.startswith("fuda: ") or "broken" in line)]


def test_broken_plugin_leaves_the_builtin_games_working(tmp_path):
    """A plugin whose import fails: the sample validates, with one warning line naming it."""
    run = fuda("validate", "--sample", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    warnings = [line for line in run.stderr.splitlines() if "broken" in line]
    assert len(warnings) == 1
    assert warnings[0].startswith("fuda: 警告: ルールセット「broken」を読み込めない")
    assert "fuda_missing_dependency" in warnings[0]


def test_broken_plugin_fails_only_its_own_game(tmp_path):
    """A game that names the broken rule set gets one located R004 line saying why."""
    game = tmp_path / "mine"
    game.mkdir()
    (game / "game.yaml").write_text("id: mine\nname: わたし\nrules: broken\n", encoding="utf-8")
    run = fuda("validate", str(game), cwd=tmp_path, lang="en_US.UTF-8")
    assert run.returncode == 1
    assert "Traceback" not in run.stderr + run.stdout
    line = next(x for x in run.stdout.splitlines() if "R004" in x)
    assert line.startswith(f"{Path('mine') / 'game.yaml'}:3:8: error[R004]:") or "game.yaml:3:8: error[R004]" in line
    assert "installed but cannot be loaded" in line and "fuda_missing_dependency" in line


def test_ruleset_for_a_broken_plugin_says_why():
    """ruleset_for(broken id) is the one call that fails, with the plugin's error."""
    code = ("from fuda.database.ruleset import ruleset_for, RuleSetError, rulesets\n"
            "import warnings; warnings.simplefilter('ignore')\n"
            "assert 'toho-tcg' in rulesets() and 'broken' not in rulesets()\n"
            "try:\n    ruleset_for('broken')\nexcept RuleSetError as e:\n    print(e)\n")
    env = {**os.environ, "PYTHONPATH": str(PLUGINS / "broken")}
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert "'broken'" in run.stdout and "fuda_missing_dependency" in run.stdout


def test_toy_rule_set_validates_and_builds_without_a_mat(tmp_path):
    """validate and build through the toy: build writes what it provides, skips the mat it lacks
    (one P200 info line), exit 0; the outputs read back."""
    toy_game(tmp_path)
    run = toy("validate", "toy", cwd=tmp_path)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    run = toy("build", "toy", "-o", "out", cwd=tmp_path)
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr
    said = [line for line in run.stderr.splitlines() if "マット" in line and "[" in line]
    assert said == ["toy/game.yaml:1:1: 情報[P200]: toy-sample: ルールセット toy にはプレイマットがないので、マットは作りません"]
    out = tmp_path / "out"
    printed = sorted(p.name for p in (out / "print" / "toy-sample").iterdir())
    assert printed == ["toy-sample-cards.pdf"]  # no mat PDF or PNG
    with pdfplumber.open(out / "print" / "toy-sample" / "toy-sample-cards.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert all(name in text for name in ("勇者", "戦士", "炎"))
    deck = zipfile.ZipFile(out / "udonarium" / "toy-sample" / "first.zip").read("01-deck.xml").decode()
    assert deck.count("<card ") == 6 and "呪文" in deck  # the deck's six cards, kinds in the toy's own labels
    assert "0 error(s)" in (out / "lint.txt").read_text(encoding="utf-8")
    registry = json.loads((out / "engine" / "registry.json").read_text(encoding="utf-8"))
    assert registry["games"] == [{"game": "toy-sample", "rules": "toy", "status": "no engine"}]
    assert {p.name for p in (out / "gallery" / "toy-sample").iterdir()} >= {"yuusha.png", "back.png", "index.html"}


def test_toy_rule_set_prints_exports_and_lints(tmp_path):
    """print, export udonarium and lint through the toy; lint knows the toy's own words (a
    mistyped label is one located VOC001 with the toy's word suggested, exit 1)."""
    game = toy_game(tmp_path)
    run = toy("print", "toy", "-o", "cards.pdf", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    with pdfplumber.open(tmp_path / "cards.pdf") as pdf:
        assert "【登場時】カードを１枚引く。" in pdf.pages[0].extract_text()
    run = toy("export", "udonarium", "toy", "--deck", "first", "-o", "room.zip", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    deck = zipfile.ZipFile(tmp_path / "room.zip").read("01-deck.xml").decode()
    assert deck.count('<data name="カードID">yuusha</data>') == 2 and deck.count("<card ") == 6
    assert toy("lint", "toy", cwd=tmp_path).returncode == 0
    cards = game / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("【登場時】", "【登場字】"), encoding="utf-8")
    run = toy("lint", "toy", cwd=tmp_path, lang="en_US.UTF-8")
    assert run.returncode == 1 and "Traceback" not in run.stderr
    found = [line for line in run.stdout.splitlines() if "VOC001" in line]
    assert found == ["toy/cards.yaml:2:56: error[VOC001]: 【登場字】 is not a label or keyword of toy; "
                     "did you mean 【登場時】? (card yuusha)"]


def test_toy_rule_set_has_no_engine_and_no_mat(tmp_path):
    """play says in one line that the toy has no engine (exit 2); mat names the rule set that has
    none, not fuda's template paths (exit 2)."""
    toy_game(tmp_path)
    run = toy("play", "toy", cwd=tmp_path)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert errors(run) == ["fuda: エラー: toy-sample のルールセット おもちゃ（toy）にはエンジンがないので、fuda では遊べません"
                           "（エンジンのあるゲーム: custom, raise-blaze, recast-rift, ryomen, toho-tcg）"]
    run = toy("mat", "toy", "-o", "mat.pdf", cwd=tmp_path, lang="en_US.UTF-8")
    assert run.returncode == 2 and not (tmp_path / "mat.pdf").exists()
    assert errors(run) == ["fuda: error: toy-sample has no play mat: its rule set toy (おもちゃ) provides none"]


def test_toy_rule_set_plays_on_the_free_table(tmp_path):
    """The free table (what `fuda table` serves for a game without an engine) deals the toy's
    decks and lets a seat draw; the other seat sees no card of that hand."""
    toy_game(tmp_path)
    code = """if True:
        from starlette.testclient import TestClient
        from fuda import load_database
        from fuda.table.server import Table, app
        game = load_database(["toy"]).game("toy-sample")
        table = Table(game, None, None, [game.deck("first")] * 2, frozenset({0, 1}), lang="en", sandbox=True)
        room = table.open_room()
        client = TestClient(app(table), base_url="http://127.0.0.1:8000")
        one, two = (f"/t/{room.tokens[s]}" for s in (0, 1))
        drawn = client.post(f"{one}/act", json={"do": "draw", "count": 2}).json()
        def hand(board, seat):
            side = next(s for s in board["sides"] if s["seat"] == seat)
            return next(z for z in side["zones"] if z["id"] == "hand")["cards"]
        print(len([c for c in hand(drawn["board"], 1) if c["id"]]),
              len([c for c in hand(client.get(f"{two}/state").json()["board"], 1) if c["id"]]))
    """
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=plugin_env(("toy", "broken")),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["2", "0"]


def test_new_game_from_a_plugin_sample(tmp_path):
    """`fuda new --rules toy` copies the toy's own sample, writes the toy's schemas beside fuda's
    (each $schema line resolves) and the new folder builds."""
    run = toy("new", "mine", "--rules", "toy", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    deck = tmp_path / "mine" / "decks" / "first.yaml"
    first = deck.read_text(encoding="utf-8").splitlines()[0]
    assert first == "# yaml-language-server: $schema=../schema/toy.deck.schema.json"
    schema = json.loads((tmp_path / "mine" / "schema" / "toy.deck.schema.json").read_text(encoding="utf-8"))
    assert schema["required"] == ["id", "name", "cards"]
    assert (tmp_path / "mine" / "cards.schema.json").is_file()
    assert toy("build", "mine", "-o", "out", cwd=tmp_path).returncode == 0
    assert (tmp_path / "out" / "print" / "mine" / "mine-cards.pdf").is_file()
