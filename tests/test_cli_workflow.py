"""The fuda command where the designer works: discovery, naming games, where outputs go,
fuda new / schema, --version, the user's language."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fuda.atomic import write_atomic, write_new
from fuda.cli.main import app
from fuda.database.load import validate
from fuda.database.resources import cards_dir

from .conftest import deck_files

runner = CliRunner()


pytestmark = pytest.mark.usefixtures("english_start")  # (tests that want ja say so)


def _game_copy(tmp_path, game="toho-tcg") -> Path:
    target = tmp_path / "work" / game
    shutil.copytree(cards_dir() / game, target)
    return target


def _break_deck(folder: Path) -> Path:
    deck = deck_files(folder)[0]
    text = deck.read_text(encoding="utf-8")
    deck.write_text(re.sub(r"card: ([a-z0-9-]+)", r"card: \1-nope", text, count=1), encoding="utf-8")
    return deck


def _tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in sorted(folder.rglob("*"))}


def test_validate_finds_the_game_folder_it_runs_in(tmp_path, monkeypatch):
    """In a copied game folder with a broken deck, `fuda validate` exits 1 with the deck error and names the folder."""
    folder = _game_copy(tmp_path)
    _break_deck(folder)
    monkeypatch.chdir(folder / "decks")  # a sub-folder: found upward, like git
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 1
    assert "error[R001]" in result.stdout and "-nope" in result.stdout
    assert f"reading the game in {folder}" in result.stderr


def test_database_found_upward_reads_every_game(tmp_path, monkeypatch):
    """A folder of game folders marked by fuda.toml is a database (unmarked it is not); a
    checkout-like folder with cards/ finds cards/."""
    _game_copy(tmp_path, "ryomen")
    _game_copy(tmp_path, "toho-tcg")
    monkeypatch.chdir(tmp_path / "work")
    assert runner.invoke(app, ["list", "--format", "json"]).exit_code == 2
    (tmp_path / "work" / "fuda.toml").write_text("", encoding="utf-8")
    result = runner.invoke(app, ["list", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert {r["game"] for r in json.loads(result.stdout)} == {"ryomen", "toho-tcg"}
    (tmp_path / "work").rename(tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 0 and "reading the database in cards" in result.stderr


def test_an_edit_in_the_found_database_shows_up(tmp_path, monkeypatch):
    """The database found from the working folder is read, not the bundled copy: an edit shows in `fuda list`."""
    folder = _game_copy(tmp_path, "ryomen")
    card_file = sorted(p for p in folder.glob("*.yaml") if p.name != "game.yaml")[0]
    text = card_file.read_text(encoding="utf-8")
    name = re.search(r"name: (\S+)", text.split("cards:", 1)[1]).group(1)
    card_file.write_text(text.replace(f"name: {name}", "name: 書き換えた名前", 1), encoding="utf-8")
    monkeypatch.chdir(folder)
    result = runner.invoke(app, ["list", "--format", "json"])
    assert "書き換えた名前" in {r["name"] for r in json.loads(result.stdout)}


def test_nothing_found_says_how_to_start(tmp_path, monkeypatch):
    """Outside any database, a command exits 2 naming `fuda new` and `--sample`; `--sample` reads the bundled one."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2
    assert "fuda new" in result.stderr and "--sample" in result.stderr and "Traceback" not in result.output
    result = runner.invoke(app, ["validate", "--sample"])
    assert result.exit_code == 0 and "bundled sample" in result.stderr


def test_print_and_export_take_a_game_folder_and_write_beside_it(tmp_path, monkeypatch):
    """`fuda print <folder>` and `fuda export udonarium <folder> --deck D` work without --path and write to
    out/<game folder>/ beside the game."""
    folder = _game_copy(tmp_path)
    before = _tree(folder)
    monkeypatch.chdir(folder)
    deck = deck_files(folder)[0].stem
    result = runner.invoke(app, ["print", str(folder), "--ids", "reimu"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["export", "udonarium", str(folder), "--deck", deck])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["mat", "."])
    assert result.exit_code == 0, result.output
    out = tmp_path / "work" / "out" / "toho-tcg"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        [".fuda-outputs.json", "toho-tcg-selection.pdf", f"{deck}.zip", "toho-tcg-mat.pdf"])
    assert _tree(folder) == before  # nothing written into the card sources


def test_unknown_game_says_where_it_looked(tmp_path, monkeypatch):
    """An unknown game id names the database searched, the games there, and how to name a folder."""
    folder = _game_copy(tmp_path)
    monkeypatch.chdir(folder)
    result = runner.invoke(app, ["print", "mahjong"])
    assert result.exit_code == 2
    assert "no game 'mahjong'" in result.stderr and "toho-tcg" in result.stderr and "path/to/game" in result.stderr
    result = runner.invoke(app, ["print", "./nowhere"])
    assert result.exit_code == 2 and "not a game folder" in result.stderr


def test_list_decks(monkeypatch):
    """`fuda list --decks` lists each game's decks with their card counts."""
    result = runner.invoke(app, ["list", "recast-rift", "--decks", "--sample", "--format", "json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {r["id"] for r in rows} == {p.stem for p in deck_files(cards_dir() / "recast-rift")}
    assert all(r["cards"] == 10 for r in rows)


def test_import_writes_only_a_new_file_where_asked(tmp_path, monkeypatch):
    """`fuda import` needs -o, never overwrites, and refuses a game folder unless --into-game."""
    folder = _game_copy(tmp_path)
    monkeypatch.chdir(folder)
    out = tmp_path / "work" / "out" / "toho-tcg"
    assert runner.invoke(app, ["export", "duel-online", "."]).exit_code == 0
    card_txt = out / "Card.txt"
    assert runner.invoke(app, ["import", "duel-online", str(card_txt), "--game", "toho-tcg"]).exit_code == 2
    inside = runner.invoke(app, ["import", "duel-online", str(card_txt), "--game", "toho-tcg", "-o", "new.yaml"])
    assert inside.exit_code == 2 and "--into-game" in inside.stderr and not (folder / "new.yaml").exists()
    target = tmp_path / "imported.yaml"
    first = runner.invoke(app, ["import", "duel-online", str(card_txt), "--game", "toho-tcg", "-o", str(target)])
    assert first.exit_code == 0, first.output
    written = target.read_bytes()
    again = runner.invoke(app, ["import", "duel-online", str(card_txt), "--game", "toho-tcg", "-o", str(target)])
    assert again.exit_code == 2 and "never overwrites" in again.stderr and target.read_bytes() == written


def test_outputs_honour_the_umask(tmp_path):
    """Files written atomically are 0644 under umask 022 (and 0600 under 077), not mkstemp's 0600."""
    old = os.umask(0o022)
    try:
        assert (write_atomic(tmp_path / "a.txt", "x").stat().st_mode & 0o777) == 0o644
        assert (write_new(tmp_path / "b.txt", "x").stat().st_mode & 0o777) == 0o644
        os.umask(0o077)
        assert (write_atomic(tmp_path / "c.txt", "x").stat().st_mode & 0o777) == 0o600
    finally:
        os.umask(old)
    with pytest.raises(FileExistsError):
        write_new(tmp_path / "a.txt", "y")
    assert (tmp_path / "a.txt").read_text() == "x"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize("rules", ["recast-rift", "toho-tcg", "raise-blaze", "ryomen"])
def test_new_scaffolds_a_game_that_validates(tmp_path, rules):
    """`fuda new FOLDER --rules R` writes a valid game whose $schema lines resolve from the folder."""
    folder = tmp_path / "my-game"
    result = runner.invoke(app, ["new", str(folder), "--rules", rules])
    assert result.exit_code == 0, result.output
    assert [f for f in validate([folder]) if f.severity == "error"] == []
    yamls = sorted(folder.rglob("*.yaml"))
    assert {p.name for p in yamls} >= {"game.yaml", "cards.yaml"} and len(list((folder / "decks").glob("*.yaml"))) == 1
    for path in yamls:
        line = path.read_text(encoding="utf-8").splitlines()[0]
        schema = line.split("$schema=", 1)[1]
        assert (path.parent / schema).is_file(), (path, schema)
    assert re.search(r"[ぁ-んァ-ン]", (folder / "README.md").read_text(encoding="utf-8"))
    again = runner.invoke(app, ["new", str(folder), "--rules", rules])
    assert again.exit_code == 2 and "not empty" in again.stderr


def test_new_rejects_unknown_rules(tmp_path):
    """Unknown rules are a usage error listing the known ones."""
    result = runner.invoke(app, ["new", str(tmp_path / "g"), "--rules", "chess"])
    assert result.exit_code == 2 and "toho-tcg" in result.stderr and not (tmp_path / "g").exists()


def test_schema_out(tmp_path):
    """`fuda schema --out DIR` writes every bundled schema."""
    result = runner.invoke(app, ["schema", "--out", str(tmp_path / "s")])
    assert result.exit_code == 0
    assert {p.name for p in (tmp_path / "s").iterdir()} == {p.name for p in (cards_dir().parent / "schema").glob("*.json")} \
        or len(list((tmp_path / "s").iterdir())) >= 5


def test_schema_writes_a_custom_games_derived_schema(tmp_path):
    """`fuda schema GAME-FOLDER` writes the custom game's cards.schema.json (as the library derives
    it) and nothing for a game whose schema is bundled; with --out it also writes the bundled ones."""
    from fuda.database.cardschema import FILE as CARD_SCHEMA

    custom = _game_copy(tmp_path, "hoshikage")
    expected = (custom / CARD_SCHEMA).read_text(encoding="utf-8")
    (custom / CARD_SCHEMA).unlink()
    result = runner.invoke(app, ["schema", str(custom), "--out", str(tmp_path / "s")])
    assert result.exit_code == 0, result.output
    assert (custom / CARD_SCHEMA).read_text(encoding="utf-8") == expected
    assert (tmp_path / "s" / "toho-tcg.cards.schema.json").is_file()
    bundled = _game_copy(tmp_path, "ryomen")
    result = runner.invoke(app, ["schema", str(bundled)])
    assert result.exit_code == 0 and "rules: custom" in result.stderr
    assert not (bundled / CARD_SCHEMA).exists()


def test_new_commands_take_a_game_folder(tmp_path):
    """GAME of `fuda images` and `fuda export sheet` may be a game folder, outputs beside it."""
    game = _game_copy(tmp_path, "ryomen")
    before = sorted(game.rglob("*"))
    images = runner.invoke(app, ["images", str(game), "--ids", "cirno", "--dpi", "40"])
    assert images.exit_code == 0, images.output
    assert (game.parent / "out" / "ryomen" / "images" / "ryomen" / "cirno.png").is_file()
    sheet = runner.invoke(app, ["export", "sheet", str(game)])
    assert sheet.exit_code == 0, sheet.output
    assert (game.parent / "out" / "ryomen" / "ryomen-cards.xlsx").is_file()
    assert sorted(game.rglob("*")) == before  # nothing written into the card sources


def test_version_and_short_help():
    """`fuda --version` prints the version; `-h` is help for the app and for a command."""
    from fuda import __version__

    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and __version__ in result.stdout
    assert runner.invoke(app, ["-h"]).exit_code == 0
    assert "--sample" in runner.invoke(app, ["validate", "-h"]).stdout


def test_quiet_drops_the_notes(tmp_path, monkeypatch):
    """`-q` drops the note about the database read and the stage lines; the result stays."""
    result = runner.invoke(app, ["-q", "validate", "--sample"])
    assert result.exit_code == 0 and "reading" not in result.stderr and "loading" not in result.stderr
    loud = runner.invoke(app, ["validate", "--sample"])
    assert "reading" in loud.stderr and "loading and validating" in loud.stderr


def _fuda(args, env_lang, cwd):
    env = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
    env["LANG"] = env_lang
    return subprocess.run([sys.executable, "-m", "fuda", *args], capture_output=True, text=True, cwd=cwd, env=env)


def test_japanese_locale_gives_japanese_findings(tmp_path):
    """With LANG=ja_JP.UTF-8, validate prints Japanese findings and hints (codes unchanged); --lang en overrides."""
    folder = _game_copy(tmp_path)
    _break_deck(folder)
    ja = _fuda(["validate"], "ja_JP.UTF-8", folder)
    assert ja.returncode == 1
    line = next(line for line in ja.stdout.splitlines() if "[R001]" in line)
    assert "エラー[R001]" in line and "存在しないカード" in line
    assert "ゲーム" in ja.stderr and "エラー" in ja.stderr
    en = _fuda(["--lang", "en", "validate"], "ja_JP.UTF-8", folder)
    assert "error[R001]" in en.stdout and "unknown card" in en.stdout
    helped = _fuda(["validate", "--help"], "ja_JP.UTF-8", folder)
    assert "検証" in helped.stdout


def test_rules_works_without_a_checkout(tmp_path, monkeypatch):
    """`fuda rules toho-tcg` outside any database prints every clause with its reading; tests only with --tests."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["rules", "toho-tcg"])
    assert result.exit_code == 0, result.output
    assert "TT-TERM-1" in result.stdout and "reading:" in result.stdout and "tests:" not in result.stdout
    tests = Path(__file__).resolve().parent
    monkeypatch.chdir(tests.parent)
    for given in (str(tests), "tests"):  # absolute and relative
        result = runner.invoke(app, ["rules", "toho-tcg", "--tests", given])
        assert result.exit_code == 0, result.output
        assert "tests: tests/toho_tcg/" in result.stdout and "58/58 clauses covered" in result.stdout


def test_rules_speaks_japanese_first(tmp_path, monkeypatch):
    """In Japanese, `fuda rules` prints each clause and its reading in Japanese (English with --lang en)."""
    from fuda.engine.toho_tcg import CATALOGUE

    monkeypatch.chdir(tmp_path)
    clause = CATALOGUE.clause("TT-COST-1")
    ja = runner.invoke(app, ["--lang", "ja", "rules", "toho-tcg"])
    assert ja.exit_code == 0 and clause.ja in ja.stdout and clause.ja_interpretation in ja.stdout
    en = runner.invoke(app, ["--lang", "en", "rules", "toho-tcg"])
    assert clause.rule in en.stdout and clause.ja not in en.stdout


@pytest.mark.parametrize("args", [["--help"], ["validate", "--help"], ["lint", "--help"], ["print", "--help"]])
def test_help_imports_nothing_heavy(args):
    """`fuda … --help` loads no command's heavy libraries (YAML, JSON Schema, PDF, pydantic, other commands)."""
    code = ("import sys, atexit\n"
            "atexit.register(lambda: print('MODULES', ' '.join(sorted(sys.modules))))\n"
            f"sys.argv = ['fuda', *{args!r}]\n"
            "from fuda.cli.main import main\nmain()\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    loaded = set(proc.stdout.rsplit("MODULES ", 1)[1].split())
    heavy = {"pydantic", "ruamel.yaml", "jsonschema", "reportlab", "PIL", "fuda.database.load", "fuda.engine.core"}
    assert not heavy & loaded, sorted(heavy & loaded)
    others = {f"fuda.cli.{m}" for m in ("play", "export", "print", "lint", "scaffold", "database")}
    assert len(others & loaded) <= 1, sorted(others & loaded)  # only the command asked about


def test_japanese_readme_keeps_in_step():
    """README.ja.md starts with the README's two commands and names every command of the English table."""
    root = Path(__file__).resolve().parent.parent
    en = (root / "README.md").read_text(encoding="utf-8")
    ja = (root / "README.ja.md").read_text(encoding="utf-8")
    two = en.split("```sh\n", 1)[1].split("```", 1)[0]
    assert ja.split("```sh\n", 1)[1].split("```", 1)[0] == two
    commands = set(re.findall(r"^\| `fuda ([a-z-]+(?: [a-z-]+)?)", en, re.M))
    assert commands and all(f"`fuda {c}" in ja for c in commands), sorted(c for c in commands if f"`fuda {c}" not in ja)


def test_usage_errors_are_one_line_in_the_users_language(tmp_path):
    """A parser error (unknown option, bad number) is one `fuda: error:` line, Japanese under a Japanese locale, exit 2."""
    en = _fuda(["validate", "--colour"], "C.UTF-8", tmp_path)
    assert en.returncode == 2 and en.stderr.strip().count("\n") == 0
    assert en.stderr.startswith("fuda: error: No such option: --colour") and "fuda validate -h" in en.stderr
    ja = _fuda(["simulate", "ryomen", "-n", "x"], "ja_JP.UTF-8", tmp_path)
    assert ja.returncode == 2 and ja.stderr.strip().count("\n") == 0
    assert ja.stderr.startswith("fuda: エラー: ") and "整数ではありません" in ja.stderr
    late = _fuda(["validate", "--sample", "-q", "--lang", "ja"], "C.UTF-8", tmp_path)
    assert late.returncode == 0 and "reading" not in late.stderr and "エラー 0 件" in late.stderr


def test_shell_completion_completes_commands_and_options(tmp_path):
    """`fuda --show-completion`, run from bash, prints bash's script, and completion offers commands and their options."""
    # (the option takes no value: typer finds the shell among the process's parents, so bash runs it —
    # not as its last command, which bash would exec in its own place;
    # run from a process with no shell above it, the script cannot be chosen)
    env = {**os.environ, "LANG": "C.UTF-8"}
    script = subprocess.run(["bash", "-c", '"$0" -m fuda --show-completion; exit $?', sys.executable], capture_output=True,
                            text=True, env=env, cwd=tmp_path)
    assert script.returncode == 0 and "_fuda_completion" in script.stdout, script.stderr
    env = {**os.environ, "_FUDA_COMPLETE": "complete_bash", "COMP_WORDS": "fuda validate --sa", "COMP_CWORD": "2"}
    done = subprocess.run([sys.executable, "-m", "fuda"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert "--sample" in done.stdout.split()


def test_game_defaults_to_the_game_you_stand_in(sample_copy, tmp_path, monkeypatch):
    """Inside a game folder (or below it), GAME may be left out: print and export use that game and
    write to out/<game folder>/ beside it, never into the game."""
    folder = sample_copy("ryomen")
    monkeypatch.chdir(folder / "decks")
    printed = runner.invoke(app, ["print", "--deck", "scarlet-gate"])
    assert printed.exit_code == 0, printed.output
    exported = runner.invoke(app, ["export", "udonarium", "--deck", "scarlet-gate"])
    assert exported.exit_code == 0, exported.output
    written = sorted(p.name for p in (folder.parent / "out" / folder.name).iterdir())
    assert any(n.endswith(".pdf") for n in written) and "scarlet-gate.zip" in written
    assert not list(folder.rglob("*.pdf")) and not list(folder.rglob("*.zip"))


def test_a_missing_game_in_a_database_names_the_games(tmp_path, monkeypatch):
    """In a database of several games, leaving GAME out is a usage error listing them."""
    from fuda.database.resources import cards_dir

    shutil.copytree(cards_dir(), tmp_path / "cards")
    monkeypatch.chdir(tmp_path / "cards")
    result = runner.invoke(app, ["--lang", "en", "mat"])
    assert result.exit_code == 2 and "recast-rift" in result.output and "ryomen" in result.output
