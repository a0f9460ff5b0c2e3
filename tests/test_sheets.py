"""Card spreadsheets: export → import gives the same database for every game; a hand-typed
Japanese list (xlsx and CP932 CSV) imports into a folder that validates; every problem of a run
is reported at its cell."""

from __future__ import annotations

import csv
import io
import shutil

import pytest
from openpyxl import Workbook, load_workbook
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.main import app
from fuda.database.findings import FindingsError
from fuda.database.model import thaw
from fuda.database.resources import cards_dir
from fuda.sheets.read import card_file_text, import_sheet
from fuda.sheets.write import export_sheet

from .conftest import GAMES

ALL_GAMES = (*GAMES, "hoshikage")  # the four rule sets and a custom one (rules: custom)

runner = CliRunner()


def folder_with(tmp_path, game, yaml_text, decks=True):
    """A copy of the bundled ``game`` whose card files are replaced by one imported file."""
    target = tmp_path / "db" / game
    shutil.copytree(cards_dir() / game, target)
    if not decks:
        shutil.rmtree(target / "decks")
    for path in target.glob("*.yaml"):
        if path.name != "game.yaml":
            path.unlink()
    (target / "cards.yaml").write_text(yaml_text, encoding="utf-8")
    return target


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_round_trip_gives_the_same_database(tmp_path, game_id, suffix):
    """export sheet → import sheet → load: every card's data and the fighters are the same (custom rules too)."""
    game = load_database().game(game_id)
    sheet = export_sheet(game, tmp_path / f"cards{suffix}")
    result = import_sheet(sheet, game.rules, game.manifest)
    back = load_database([folder_with(tmp_path, game_id, card_file_text(result))]).game(game_id)
    assert {c.id: thaw(c.data) for c in back.cards} == {c.id: thaw(c.data) for c in game.cards}
    assert dict(back.fighters) == dict(game.fighters)


def test_xlsx_has_a_sheet_per_kind_with_labels_and_ids(tmp_path):
    """The workbook: one sheet per card kind (English mode: named by id), Japanese labels in row 1, field ids in row 2."""
    game = load_database().game("toho-tcg")
    book = load_workbook(export_sheet(game, tmp_path / "t.xlsx", "en"))
    assert book.sheetnames == sorted({c.kind for c in game.cards}, key=[c.kind for c in game.cards].index)
    sheet = book["character"]
    labels = [c.value for c in sheet[1]]
    ids = [c.value for c in sheet[2]]
    assert labels[:3] == ["ID", "カード名", "種類"] and ids[:3] == ["id", "name", "kind"]
    assert "霊力コスト" in labels and ids[labels.index("霊力コスト")] == "cost"
    assert sheet.max_row - 2 == sum(c.kind == "character" for c in game.cards)


def test_exports_are_byte_identical(tmp_path):
    """The same database gives the same .xlsx and .csv bytes (timestamps fixed)."""
    game = load_database().game("recast-rift")
    for suffix in (".xlsx", ".csv"):
        a = export_sheet(game, tmp_path / f"a{suffix}").read_bytes()
        b = export_sheet(game, tmp_path / f"b{suffix}").read_bytes()
        assert a == b


def test_csv_export_is_utf8_with_bom_for_excel(tmp_path):
    """The CSV starts with a BOM and reads back with csv: labels, ids, one row per card."""
    game = load_database().game("ryomen")
    data = export_sheet(game, tmp_path / "r.csv").read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert rows[0][:2] == ["ID", "カード名"] and rows[1][:2] == ["id", "name"]
    assert len(rows) == 2 + len(game.cards)


HEADER = ["ID", "カード名", "種類", "ランク", "霊力コスト", "攻撃力", "防御力", "タイプ", "テキスト", "能力", "効果"]


def typed_list() -> list[list]:
    """A 30-card toho-tcg list as a designer types it: Japanese headers, full-width digits, 、 lists."""
    rows = []
    for i in range(1, 26):
        rows.append([f"chara-{i:02d}", f"キャラ{i}", "character", "normal", "２" if i % 2 else 2, 1 + i % 4,
                     1 + i % 3, "人間、巫女" if i % 3 else "妖怪,妖精", "", "", ""])
    rows.append(["shot", "弾幕", "quick", "", 2, "", "", "", "相手に２ダメージを与える。",
                 "相手に２ダメージを与える。", "[{damage: {target: opponent, amount: 2}}]"])
    rows.append(["guard", "結界", "quick", "", 1, "", "", "", "カードを１枚引く。", "カードを１枚引く。", ""])
    rows.append(["amulet", "お札", "equip", "", 1, "", "", "", "【永続】装備したキャラクターの攻撃力＋１。",
                 "【永続】装備したキャラクターの攻撃力＋１。", ""])
    rows.append(["shrine", "神社", "world", "", 2, "", "", "", "【永続】すべてのキャラクターの防御力＋１。",
                 "【永続】すべてのキャラクターの防御力＋１。", ""])
    rows.append(["lamp", "灯籠", "assister", "", 1, "", "", "", "【永続】自分のキャラクターの攻撃力＋１。",
                 "【永続】自分のキャラクターの攻撃力＋１。", ""])
    return rows


def test_a_typed_30_card_list_imports_from_xlsx_and_cp932_csv(tmp_path):
    """30 toho-tcg cards typed in Excel (.xlsx and CP932 CSV) import into a folder that validates."""
    book = Workbook()
    book.active.append(HEADER)
    for row in typed_list():
        book.active.append(row)
    book.save(tmp_path / "list.xlsx")
    text = io.StringIO(newline="")
    csv.writer(text, lineterminator="\r\n").writerows([HEADER, *typed_list()])
    (tmp_path / "list.csv").write_bytes(text.getvalue().encode("cp932"))
    results = []
    for name in ("list.xlsx", "list.csv"):
        result = import_sheet(tmp_path / name, "toho-tcg")
        results.append(result.cards)
        game = load_database([folder_with(tmp_path / name.replace(".", "-"), "toho-tcg", card_file_text(result),
                                                decks=False)]).game("toho-tcg")
        assert len(game.cards) == 30
        shot, guard, amulet = game.card("shot"), game.card("guard"), game.card("amulet")
        assert [op.name for op in shot.abilities[0].effect] == ["damage"]
        assert guard.abilities[0].is_manual and guard.abilities[0].when == "on-play"
        assert amulet.abilities[0].when == "static" and amulet.abilities[0].is_manual
        assert game.card("chara-01")["cost"] == 2 and tuple(game.card("chara-03")["types"]) == ("妖怪", "妖精")
    assert results[0] == results[1]


def test_every_problem_is_reported_at_its_cell_in_one_run(tmp_path):
    """Unknown header, a word for a number, a repeated id: all reported as FILE:ROW:COLUMN."""
    rows = [["ID", "カード名", "種類", "霊力コスト", "色"],
            ["a", "Ａ", "quick", "たくさん", "赤"],
            ["a", "Ｂ", "quick", "1", "青"]]
    text = "\r\n".join(",".join(r) for r in rows) + "\r\n"
    (tmp_path / "bad.csv").write_bytes(text.encode("cp932"))
    with pytest.raises(FindingsError) as caught:
        import_sheet(tmp_path / "bad.csv", "toho-tcg")
    shown = [f.render("en") for f in caught.value.findings]
    assert any(s.startswith("bad.csv:1:E: error[SH011]") or "bad.csv:1:E: error[SH011]" in s for s in shown)
    assert any(":2:D: error[SH020]" in s and "霊力コスト" in s for s in shown)
    assert any(":3:A: error[SH024]" in s for s in shown)


def test_schema_errors_point_at_the_sheet_and_cell(tmp_path):
    """A value the schema refuses is reported at its cell, naming the workbook's sheet."""
    book = Workbook()
    book.active.title = "キャラ"
    book.active.append(["ID", "カード名", "種類", "テキスト", "霊力コスト", "ランク", "攻撃力", "防御力", "タイプ"])
    book.active.append(["x", "X", "character", "", 1, "normal", 99, 1, "人間"])
    book.save(tmp_path / "b.xlsx")
    with pytest.raises(FindingsError) as caught:
        import_sheet(tmp_path / "b.xlsx", "toho-tcg")
    assert any("b.xlsx[キャラ]:2:G" in str(f) for f in caught.value.findings), caught.value.findings


def test_cli_import_writes_once_and_never_overwrites(tmp_path, monkeypatch):
    """fuda import sheet writes the YAML; run again it refuses (exit 2) and leaves the file alone."""
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["export", "sheet", "ryomen", "--sample", "-o", "r.xlsx"]).exit_code == 0
    first = runner.invoke(app, ["import", "sheet", "r.xlsx", "--game", "ryomen", "-o", "r.yaml"])
    assert first.exit_code == 0, first.output
    before = (tmp_path / "r.yaml").read_bytes()
    again = runner.invoke(app, ["import", "sheet", "r.xlsx", "--game", "ryomen", "-o", "r.yaml"])
    assert again.exit_code == 2 and (tmp_path / "r.yaml").read_bytes() == before


def test_cli_import_errors_exit_1_and_write_nothing(tmp_path, monkeypatch):
    """A sheet with errors: located lines on stderr, exit 1, no output file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.csv").write_text("ID,カード名,謎\nq,Q,1\n", encoding="utf-8")
    result = runner.invoke(app, ["import", "sheet", "x.csv", "--game", "toho-tcg", "-o", "x.yaml"])
    assert result.exit_code == 1 and "x.csv:1:C" in result.output
    assert not (tmp_path / "x.yaml").exists()
