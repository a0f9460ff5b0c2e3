"""``fuda import sheet --update``: a sheet edited in Excel updates the game's card files in place
(only the edited values change, comments and order kept), new rows are appended, all or nothing;
kinds by label, tabs named by labels, ``--game`` as a folder, a modeline that resolves."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.main import app
from fuda.database.model import thaw
from fuda.database.resources import cards_dir
from fuda.sheets.write import export_sheet

from .conftest import GAMES

runner = CliRunner()
ALL_GAMES = (*GAMES, "hoshikage")


def copy_game(tmp_path, game_id: str) -> Path:
    """A copy of a bundled game at ``tmp/db/<game>`` (the bundled layout: ``../../schema`` is not there)."""
    target = tmp_path / "db" / game_id
    shutil.copytree(cards_dir() / game_id, target)
    return target


def texts(folder: Path) -> dict:
    """Every YAML file of a game folder: ``{relative path: bytes}``."""
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*.yaml"))}


def sheet_of(tmp_path, folder: Path, name="cards.xlsx", lang="en") -> Path:
    """The game's cards exported as a workbook."""
    game = load_database([folder]).games[0]
    return export_sheet(game, tmp_path / name, lang)


def cell(sheet, card_id: str, key: str):
    """The cell of ``key`` (a field id of row 2) in the row of ``card_id``."""
    ids = [c.value for c in sheet[2]]
    for row in sheet.iter_rows(min_row=3):
        if row[0].value == card_id:
            return row[ids.index(key)]
    raise KeyError(card_id)


def update(sheet: Path, folder: Path, *more):
    """Run ``fuda import sheet SHEET --game FOLDER --update``."""
    return runner.invoke(app, ["--lang", "en", "import", "sheet", str(sheet), "--game", str(folder), "--update", *more])


def a_number(book) -> tuple:
    """The first card with a whole-number field: (sheet, card id, field, another valid value: a
    step less, or more; a step of 100 for raise-blaze's hundreds); else one with a flavour text."""
    for sheet in book.worksheets:
        ids = [c.value for c in sheet[2]]
        for row in sheet.iter_rows(min_row=3):
            for key, c in zip(ids, row, strict=False):
                if isinstance(c.value, int) and not isinstance(c.value, bool) and "." not in key:
                    step = 100 if c.value >= 100 and c.value % 100 == 0 else 1
                    return sheet, row[0].value, key, c.value - step if c.value > step else c.value + step
    for sheet in book.worksheets:  # recast-rift: no whole number outside the abilities; a flavour text then
        ids = [c.value for c in sheet[2]]
        for row in sheet.iter_rows(min_row=3):
            if "flavor" in ids and isinstance(row[ids.index("flavor")].value, str):
                return sheet, row[0].value, "flavor", "書き直したフレーバー"
    raise AssertionError("no card has a number or a flavour text")


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_update_changes_only_the_two_edited_values(tmp_path, game_id):
    """Two cells edited: exactly those two lines of the YAML change, every other byte (comments, order) stays."""
    folder = copy_game(tmp_path, game_id)
    before = texts(folder)
    path = sheet_of(tmp_path, folder)
    book = load_workbook(path)
    sheet, card_id, key, number = a_number(book)
    cell(sheet, card_id, "name").value = "改名した札"
    cell(sheet, card_id, key).value = number
    book.save(path)
    result = update(path, folder)
    assert result.exit_code == 0, result.output
    assert f"changed {card_id}" in result.output and "1 changed" in result.output
    after = texts(folder)
    changed = [name for name in before if before[name] != after[name]]
    assert len(changed) == 1 and set(after) == set(before)
    old, new = before[changed[0]].decode().split("\n"), after[changed[0]].decode().split("\n")
    assert len(old) == len(new)
    diff = [(a, b) for a, b in zip(old, new, strict=False) if a != b]
    assert len(diff) == 2, diff
    assert re.fullmatch(r"\s*(- )?name: 改名した札", diff[0][1] if "name" in diff[0][1] else diff[1][1])
    assert any(re.fullmatch(rf"\s*(- )?{key}: {number}", b) for _, b in diff), diff
    game = load_database([folder]).games[0]
    original = load_database([cards_dir() / game_id]).games[0]
    assert game.card(card_id)["name"] == "改名した札" and game.card(card_id)[key] == number
    others = {c.id: thaw(c.data) for c in original.cards if c.id != card_id}
    assert {c.id: thaw(c.data) for c in game.cards if c.id != card_id} == others


def test_added_rows_go_after_the_last_card_of_their_kind(tmp_path):
    """A new row is appended (blank line before it) to the file of the last card of its kind; the rest is unchanged."""
    folder = copy_game(tmp_path, "toho-tcg")
    before = texts(folder)
    path = sheet_of(tmp_path, folder)
    book = load_workbook(path)
    sheet = book["character"]
    ids = [c.value for c in sheet[2]]
    row = {"id": "new-chara", "name": "新しい札", "kind": "キャラクター", "rank": "normal", "cost": 1, "attack": 1,
           "defense": 1, "types": "人間", "text": ""}
    sheet.append([row.get(k) for k in ids])
    book.save(path)
    result = update(path, folder)
    assert result.exit_code == 0, result.output
    assert "added new-chara" in result.output and "1 added" in result.output
    game = load_database([folder]).games[0]
    last_character = [c for c in load_database([cards_dir() / "toho-tcg"]).games[0].cards if c.kind == "character"][-1]
    target = Path(last_character.source.file).name
    assert Path(game.card("new-chara").source.file).name == target
    assert game.card("new-chara").kind == "character" and game.card("new-chara")["text"] == ""
    after = texts(folder)
    assert after[target].startswith(before[target].rstrip(b"\n") + b"\n\n  - id: new-chara\n")
    assert all(after[n] == before[n] for n in before if n != target)


def test_into_names_the_file_new_cards_go_to(tmp_path):
    """--into NEW.yaml: the added card is written to a new file whose modeline resolves; nothing else changes."""
    folder = copy_game(tmp_path, "toho-tcg")
    before = texts(folder)
    path = tmp_path / "new.csv"
    path.write_text("ID,カード名,種類,ランク,霊力コスト,攻撃力,防御力,タイプ,テキスト\n"
                    "extra-one,追加の札,キャラクター,normal,1,1,1,人間,\n", encoding="utf-8")
    result = update(path, folder, "--into", str(folder / "extra.yaml"))
    assert result.exit_code == 0, result.output
    written = (folder / "extra.yaml").read_text(encoding="utf-8")
    assert all(texts(folder)[n] == before[n] for n in before)
    assert load_database([folder]).games[0].card("extra-one")["name"] == "追加の札"
    assert_modeline_resolves(folder / "extra.yaml", written)


def test_an_existing_id_without_update_is_refused_in_one_line(tmp_path):
    """Importing ids the game has without --update: exit 2, one line naming --update, no file written."""
    folder = copy_game(tmp_path, "toho-tcg")
    path = sheet_of(tmp_path, folder)
    out = folder / "again.yaml"
    result = runner.invoke(app, ["--lang", "en", "import", "sheet", str(path), "--game", str(folder), "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()
    lines = [line for line in result.output.splitlines() if "error" in line]
    assert len(lines) == 1 and "--update" in lines[0] and "58 card(s)" in lines[0], result.output
    assert "D001" not in result.output


def test_an_invalid_update_writes_nothing(tmp_path):
    """A bad cell, or a change the game's rules refuse, leaves every file as it was; findings are located at the sheet."""
    folder = copy_game(tmp_path, "toho-tcg")
    before = texts(folder)
    path = sheet_of(tmp_path, folder)
    book = load_workbook(path)
    sheet = book["character"]
    cell(sheet, "reimu", "name").value = "霊夢（改）"  # a valid change in the same run
    cell(sheet, "marisa", "attack").value = 99
    book.save(tmp_path / "bad-cell.xlsx")
    cell(sheet, "marisa", "attack").value = 3
    cell(sheet, "marisa", "rank").value = "hard"
    cell(sheet, "marisa", "levels-from").value = "reimu"  # reimu-hard already grows from reimu: R003 on the game
    book.save(tmp_path / "bad-game.xlsx")
    first = update(tmp_path / "bad-cell.xlsx", folder)
    assert first.exit_code == 1 and "bad-cell.xlsx[character]:" in first.output and "no card file was changed" in first.output
    second = update(tmp_path / "bad-game.xlsx", folder)
    assert second.exit_code == 1, second.output
    assert re.search(r"bad-game\.xlsx\[character\]:\d+: error\[R\d+\]", second.output), second.output
    assert texts(folder) == before


def test_a_file_ruamel_would_reformat_is_refused(tmp_path):
    """A card file whose layout a round trip would change is not rewritten: SH030 at its first differing line."""
    folder = copy_game(tmp_path, "ryomen")
    path = sheet_of(tmp_path, folder)
    book = load_workbook(path)
    sheet = book.worksheets[0]
    card_id = sheet.cell(3, 1).value
    cell(sheet, card_id, "name").value = "改名"
    book.save(path)
    source = Path(load_database([folder]).games[0].card(card_id).source.file)
    odd = source.read_text(encoding="utf-8").replace("cards:\n", "cards:   \n", 1)
    source.write_text(odd, encoding="utf-8")
    before = texts(folder)
    result = update(path, folder)
    assert result.exit_code == 1 and "SH030" in result.output and f"{source.name}:" in result.output, result.output
    assert texts(folder) == before


def test_hoshikage_ability_and_keywords_update_in_place(tmp_path):
    """A custom game's ability effect and keywords edited in the sheet: only those lines change."""
    folder = copy_game(tmp_path, "hoshikage")
    before = texts(folder)
    path = sheet_of(tmp_path, folder)
    book = load_workbook(path)
    sheet = book["spirit"]
    cell(sheet, "tsukimi-usagi", "abilities.1.effect").value = "[{draw: 2}]"
    cell(sheet, "yoru-no-fukurou", "keywords").value = "飛翔、守護"
    book.save(path)
    result = update(path, folder)
    assert result.exit_code == 0, result.output
    old, new = before["spirits.yaml"].decode().split("\n"), texts(folder)["spirits.yaml"].decode().split("\n")
    assert [(a.strip(), b.strip()) for a, b in zip(old, new, strict=False) if a != b] == [
        ("- draw: 1", "- draw: 2"), ("keywords: [飛翔]", "keywords: [飛翔, 守護]")]
    game = load_database([folder]).games[0]
    assert thaw(game.card("tsukimi-usagi")["abilities"])[0]["effect"] == [{"draw": 2}]


def test_recast_rift_fighter_rename_is_written_where_it_is_declared(tmp_path):
    """Renaming a fighter in the fighter-name column renames it in the file that declares it."""
    folder = copy_game(tmp_path, "recast-rift")
    path = sheet_of(tmp_path, folder)
    book = load_workbook(path)
    for sheet in book.worksheets:
        ids = [c.value for c in sheet[2]]
        for row in sheet.iter_rows(min_row=3):
            if row[ids.index("fighter")].value == "marisa":
                row[ids.index("fighter-name")].value = "魔理沙さん"
    book.save(path)
    result = update(path, folder)
    assert result.exit_code == 0, result.output
    assert "changed fighter marisa" in result.output
    assert load_database([folder]).games[0].fighters["marisa"] == "魔理沙さん"


def test_kind_labels_and_label_tabs_are_accepted(tmp_path):
    """種類 = キャラクター imports as character; a tab named by a kind's label gives its rows that kind."""
    from openpyxl import Workbook

    from fuda.sheets.read import import_sheet

    book = Workbook()
    book.active.title = "キャラクター"
    book.active.append(["ID", "カード名", "ランク", "霊力コスト", "攻撃力", "防御力", "タイプ", "テキスト"])
    book.active.append(["a", "Ａ", "normal", 1, 1, 1, "人間", ""])
    other = book.create_sheet("spells")
    other.append(["ID", "カード名", "種類", "霊力コスト", "テキスト", "能力", "効果"])
    other.append(["b", "Ｂ", "クイックスペル", 1, "カードを１枚引く。", "カードを１枚引く。", "[{draw: 1}]"])
    book.save(tmp_path / "k.xlsx")
    cards = {c["id"]: c for c in import_sheet(tmp_path / "k.xlsx", "toho-tcg").cards}
    assert cards["a"]["kind"] == "character" and cards["b"]["kind"] == "quick"
    assert list(cards["a"])[:3] == ["id", "name", "kind"]


@pytest.mark.parametrize(("game_id", "lang", "tabs"), [
    ("toho-tcg", "ja", ["キャラクター", "クイックスペル", "アシスタースペル", "イクイップスペル", "ワールド"]),
    ("toho-tcg", "en", ["character", "quick", "assister", "equip", "world"]),
    ("hoshikage", "ja", ["術", "精霊"]),
    ("hoshikage", "en", ["charm", "spirit"]),
])
def test_tabs_are_named_by_kind_labels_in_the_users_language(tmp_path, game_id, lang, tabs):
    """Workbook tabs carry the kinds' labels in the user's language, and both forms import the same cards."""
    from fuda.sheets.read import import_sheet

    game = load_database().game(game_id)
    path = export_sheet(game, tmp_path / "t.xlsx", lang)
    assert load_workbook(path).sheetnames == tabs
    assert {c["id"]: c for c in import_sheet(path, game.rules, game.manifest).cards} == \
        {c.id: thaw(c.data) for c in game.cards}


def test_game_may_be_a_folder_path(tmp_path, monkeypatch):
    """--game takes a game folder's path (no database around it needed)."""
    folder = copy_game(tmp_path, "hoshikage")
    path = tmp_path / "h.csv"
    path.write_text("ID,名前,種類,星明かり,属性,即時,テキスト\nnew-charm,新しい術,術,1,月,FALSE,\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["--lang", "en", "import", "sheet", "h.csv", "--game", "db/hoshikage", "-o",
                                 "db/hoshikage/more.yaml"])
    assert result.exit_code == 0, result.output
    game = load_database([folder]).games[0]
    assert game.card("new-charm").kind == "charm"
    assert_modeline_resolves(folder / "more.yaml", (folder / "more.yaml").read_text(encoding="utf-8"))
    assert "$schema=cards.schema.json" in (folder / "more.yaml").read_text(encoding="utf-8")


def assert_modeline_resolves(file: Path, text: str) -> None:
    """The file's ``$schema`` modeline names a file that exists, relative to the file's folder."""
    m = re.match(r"# yaml-language-server: \$schema=(\S+)\n", text)
    assert m, text[:200]
    assert (file.parent / m.group(1)).is_file(), m.group(1)


@pytest.mark.parametrize("rules", ["toho-tcg", "custom"])
def test_the_modeline_resolves_in_a_fuda_new_folder(tmp_path, monkeypatch, rules):
    """In a folder made by fuda new, the imported file's $schema points at the game's own schema."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "g", "--rules", rules]).exit_code == 0
    assert runner.invoke(app, ["export", "sheet", "g", "-o", "g.csv"]).exit_code == 0
    (tmp_path / "g" / "cards.yaml").rename(tmp_path / "g" / "old.txt")  # the ids are free again
    for deck in (tmp_path / "g" / "decks").glob("*.yaml"):
        deck.unlink()  # (they name the cards just moved away)
    result = runner.invoke(app, ["--lang", "en", "import", "sheet", "g.csv", "--game", "g", "-o", "g/cards.yaml"])
    assert result.exit_code == 0, result.output
    text = (tmp_path / "g" / "cards.yaml").read_text(encoding="utf-8")
    assert_modeline_resolves(tmp_path / "g" / "cards.yaml", text)
    assert ("schema/toho-tcg.cards.schema.json" if rules == "toho-tcg" else "$schema=cards.schema.json") in text
    assert load_database([tmp_path / "g"]).games[0].cards


def test_bundled_layout_modeline_resolves(tmp_path):
    """A card file written beside a copy that has ../../schema gets that path; one elsewhere a path that resolves."""
    from fuda.sheets.place import modeline

    (tmp_path / "schema").mkdir()
    (tmp_path / "schema" / "toho-tcg.cards.schema.json").write_text("{}", encoding="utf-8")
    (tmp_path / "cards" / "g").mkdir(parents=True)
    line = modeline("toho-tcg", tmp_path / "cards" / "g", tmp_path / "cards" / "g" / "x.yaml")
    assert line == "# yaml-language-server: $schema=../../schema/toho-tcg.cards.schema.json\n"
    elsewhere = tmp_path / "a" / "b" / "x.yaml"
    elsewhere.parent.mkdir(parents=True)
    assert_modeline_resolves(elsewhere, modeline("ryomen", None, elsewhere))


def test_usage_errors_are_one_line(tmp_path, monkeypatch):
    """Neither -o nor --update, --into without --update, --update on a rule set id: exit 2, one line each."""
    monkeypatch.chdir(tmp_path)  # no database around: toho-tcg is the rule set
    path = tmp_path / "x.csv"
    path.write_text("ID,カード名\na,A\n", encoding="utf-8")
    for args in (["--game", "toho-tcg"], ["--game", "toho-tcg", "-o", str(tmp_path / "o.yaml"), "--into", "x.yaml"],
                 ["--game", "toho-tcg", "--update"]):
        result = runner.invoke(app, ["--lang", "en", "import", "sheet", str(path), *args])
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output


def test_an_added_card_is_shaped_like_its_kind_in_a_fuda_new_file(tmp_path, monkeypatch):
    """In a fuda new card file (block lists, no blank lines): the added card follows the last card of its kind's key order and style."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["new", "g", "--rules", "toho-tcg"]).exit_code == 0
    before = (tmp_path / "g" / "cards.yaml").read_text(encoding="utf-8")
    assert runner.invoke(app, ["export", "sheet", "g", "-o", "g.xlsx"]).exit_code == 0
    book = load_workbook(tmp_path / "g.xlsx")
    sheet = book.worksheets[0]
    ids = [c.value for c in sheet[2]]
    sheet.append([{"id": "hatate", "name": "姫海棠はたて", "kind": "キャラクター", "rank": "normal", "cost": 1, "attack": 1,
                   "defense": 2, "types": "妖怪", "text": ""}.get(k) for k in ids])
    book.save(tmp_path / "g.xlsx")
    result = update(tmp_path / "g.xlsx", tmp_path / "g")
    assert result.exit_code == 0, result.output
    after = (tmp_path / "g" / "cards.yaml").read_text(encoding="utf-8")
    assert after == before + ("- id: hatate\n  name: 姫海棠はたて\n  kind: character\n  rank: normal\n  cost: 1\n"
                              "  attack: 1\n  defense: 2\n  types:\n  - 妖怪\n  text: \"\"\n")


def test_an_ability_added_and_one_removed_are_written_in_the_files_style(tmp_path):
    """Abilities emptied on one card and written on a vanilla one: the first loses them, the second gets them as fuda writes abilities."""
    folder = copy_game(tmp_path, "hoshikage")
    path = sheet_of(tmp_path, folder)
    book = load_workbook(path)
    sheet = book["spirit"]
    for key in ("abilities.1.when", "abilities.1.text", "abilities.1.effect"):
        cell(sheet, "tsukimi-usagi", key).value = None
    cell(sheet, "tsukimi-usagi", "text").value = None
    for key, value in (("text", "【登場時】カードを１枚引く。"), ("abilities.1.when", "play"),
                       ("abilities.1.text", "【登場時】カードを１枚引く。"), ("abilities.1.effect", "[{draw: 1}]")):
        cell(sheet, "hidamari-neko", key).value = value
    book.save(path)
    original = (folder / "spirits.yaml").read_text(encoding="utf-8")
    result = update(path, folder)
    assert result.exit_code == 0, result.output
    text = (folder / "spirits.yaml").read_text(encoding="utf-8")
    usagi = original[original.index("  - id: tsukimi-usagi"):original.index("  - id: yoru-no-fukurou")]
    assert usagi.split("    text:")[0] + '    text: ""\n\n' in text
    assert ('    text: 【登場時】カードを１枚引く。\n    flavor: 昼のぬくもりを夜まで連れてくる。\n    abilities:\n'
            '      - when: play\n        text: 【登場時】カードを１枚引く。\n        effect:\n          - draw: 1\n\n') in text
    game = load_database([folder]).games[0]
    assert "abilities" not in game.card("tsukimi-usagi").data and game.card("hidamari-neko").abilities


def test_a_game_whose_database_has_errors_shows_them(tmp_path, monkeypatch):
    """--game ID in a database with an error: that finding is shown (exit 1), not 'unknown game'."""
    folder = copy_game(tmp_path, "hoshikage")
    path = sheet_of(tmp_path, folder)
    spirits = folder / "spirits.yaml"
    spirits.write_text(spirits.read_text(encoding="utf-8").replace("    cost: 1\n", "    cost: 99\n", 1), encoding="utf-8")
    monkeypatch.chdir(folder)
    result = runner.invoke(app, ["--lang", "en", "import", "sheet", str(path), "--game", "hoshikage", "--update"])
    assert result.exit_code == 1 and "spirits.yaml:" in result.output and "S005" in result.output
    assert "no game or rule set" not in result.output and "rule set" not in result.output
