"""Hostile files given to `fuda import sheet` and `fuda import duel-online` (issue 35): ZIP bombs,
entity expansion and external entities, oversized and pathological Card.txt files. Each is built
here, in tmp_path; each run must end in one located line, exit 1, no traceback, no file written."""

from __future__ import annotations

import os
import random
import time
import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.online import duel_online_import as do
from fuda.online.duel_online import load_template
from fuda.sheets import table
from fuda.sheets.read import import_sheet

runner = CliRunner()

NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName='
        '"/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.'
        'main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType='
        '"application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>'),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        f'2006/relationships"><Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/>'
        '</Relationships>'),
    "xl/workbook.xml": (
        f'<?xml version="1.0" encoding="UTF-8"?><workbook {NS} xmlns:r="{REL}"><sheets>'
        '<sheet name="cards" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    "xl/_rels/workbook.xml.rels": (
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        f'2006/relationships"><Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'),
}
# row 1: id, name; row 2: a card, its name a shared string (index 3)
SHEET = (f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v>'
         '</c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v>'
         '</c></row></sheetData></worksheet>')
LAUGHS = ('<!DOCTYPE sst [<!ENTITY lol "lol">'
          + "".join(f'<!ENTITY lol{i + 1} "{("&lol%s;" % (i or "")) * 10}">' for i in range(9)) + "]>")
XXE = '<!DOCTYPE sst [<!ENTITY e SYSTEM "file:///etc/hostname">]>'


def strings(items, doctype=""):
    """A sharedStrings.xml part holding ``items`` (with a DTD before the root when given)."""
    body = "".join(f"<si><t>{t}</t></si>" for t in items)
    return f'<?xml version="1.0" encoding="UTF-8"?>{doctype}<sst {NS} count="{len(items)}">{body}</sst>'


def workbook(path, shared=None, sheet=SHEET, extra=(), method=zipfile.ZIP_DEFLATED):
    """A minimal .xlsx at ``path`` (one sheet, shared strings), parts replaced or added at will."""
    with zipfile.ZipFile(path, "w", method) as z:
        for name, text in PARTS.items():
            z.writestr(name, text)
        z.writestr("xl/worksheets/sheet1.xml", sheet)
        z.writestr("xl/sharedStrings.xml", shared if shared is not None else strings(["id", "name", "reimu", "霊夢"]))
        for name, data in extra:
            z.writestr(name, data)
    return path


def refused(args, out, tmp_path):
    """Run fuda; assert exit 1, no traceback, no output file; the located lines (file: …error…)."""
    result = runner.invoke(app, args, env={"LANG": "en_US.UTF-8"})
    text = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exit_code == 1, text
    assert "Traceback" not in text and isinstance(result.exception, SystemExit), text
    assert not out.exists(), f"{out.name} was written"
    return [line for line in result.stderr.splitlines() if "error[" in line]


def sheet_refused(tmp_path, book, needle):
    """`fuda import sheet` refuses ``book`` in one SH001 line at the file, saying ``needle``."""
    out = tmp_path / "cards.yaml"
    lines = refused(["import", "sheet", str(book), "--game", "toho-tcg", "-o", str(out)], out, tmp_path)
    assert len(lines) == 1, lines
    assert lines[0].startswith(f"{book}: error[SH001]") and needle in lines[0], lines[0]
    return lines[0]


# --- fuda import sheet --------------------------------------------------------------------------

def test_a_minimal_workbook_is_read(tmp_path):
    """The hand-built workbook of these tests is a real one: read, its shared strings resolved."""
    (sheet,) = table.read_tables(workbook(tmp_path / "ok.xlsx"))
    assert [cells[:2] for _, cells in sheet.rows] == [("id", "name"), ("reimu", "霊夢")]


def test_zip_bomb_over_the_inflated_total_is_refused(tmp_path):
    """A 60 MB shared-strings part (a few hundred kB zipped) is over the 50 MiB inflated total."""
    book = workbook(tmp_path / "bomb.xlsx", strings(["id", "name", "reimu", "x" * (60 * 1024 * 1024)]))
    assert book.stat().st_size < 1024 * 1024
    sheet_refused(tmp_path, book, f"{table.MAX_UNZIPPED:,}")


def test_member_inflating_past_the_ratio_is_refused(tmp_path):
    """A 4 MB member of one repeated letter (ratio ~1000) is refused naming the member."""
    book = workbook(tmp_path / "ratio.xlsx", strings(["id", "name", "reimu", "x" * (4 * 1024 * 1024)]))
    sheet_refused(tmp_path, book, "xl/sharedStrings.xml")


def test_too_many_members_is_refused(tmp_path):
    """10,001 members (empty, stored) are more than a workbook has."""
    book = workbook(tmp_path / "many.xlsx", extra=[(f"junk/{i}", b"") for i in range(table.MAX_MEMBERS)],
                    method=zipfile.ZIP_STORED)
    sheet_refused(tmp_path, book, f"{table.MAX_MEMBERS:,}")


@pytest.mark.parametrize("doctype, entity", [(LAUGHS, "&lol9;"), (XXE, "&e;")], ids=["billion-laughs", "xxe"])
def test_entity_workbooks_are_refused_before_parsing(tmp_path, doctype, entity):
    """Entity expansion and an external entity in sharedStrings.xml: refused for their DTD."""
    book = workbook(tmp_path / "entities.xlsx", strings(["id", "name", "reimu", entity], doctype))
    line = sheet_refused(tmp_path, book, "xl/sharedStrings.xml")
    assert "DOCTYPE" in line
    hostname = Path("/etc/hostname").read_text(encoding="utf-8").strip() if os.path.exists("/etc/hostname") else ""
    assert not hostname or hostname not in line.replace(str(book), "")


@pytest.mark.parametrize("doctype, entity", [(LAUGHS, "&lol9;"), (XXE, "&e;")], ids=["billion-laughs", "xxe"])
def test_openpyxl_itself_parses_through_defusedxml(tmp_path, monkeypatch, doctype, entity):
    """Without fuda's own DTD check, openpyxl (defusedxml installed) still refuses the entities:
    the same one SH001 line, no expansion, no file read."""
    import openpyxl.xml

    assert openpyxl.xml.DEFUSEDXML, "defusedxml is not installed: openpyxl parses with plain ElementTree"
    monkeypatch.setattr(table, "check_workbook", lambda path: None)
    book = workbook(tmp_path / "entities.xlsx", strings(["id", "name", "reimu", entity], doctype))
    with pytest.raises(Exception) as caught:
        import_sheet(book, "toho-tcg")
    findings = caught.value.findings
    assert [f.code for f in findings] == ["SH001"] and "Excel" in findings[0].message
    assert "ParseError" not in findings[0].message  # (plain ElementTree would have been the one to stop)


def test_doctype_split_across_reads_is_found(tmp_path):
    """A DTD starting just before the 1 MiB read boundary is still found."""
    head = '<?xml version="1.0" encoding="UTF-8"?>'
    size = (1 << 20) - 4 - len(head) - len("<!--  -->")
    pad = "".join(random.Random(0).choices("abcdefghijklmnopqrstuvwxyz", k=size))  # not a ZIP bomb itself
    shared = f"{head}<!-- {pad} -->" + LAUGHS + strings(["id", "name", "reimu", "&lol1;"]).split("?>", 1)[1]
    assert shared.index("<!DOCTYPE") == (1 << 20) - 4  # "<!DO" in the first read, "CTYPE" in the next
    sheet_refused(tmp_path, workbook(tmp_path / "split.xlsx", shared), "DOCTYPE")


def test_a_row_of_too_many_cells_is_refused(tmp_path):
    """A row of 16,385 cells (past Excel's own XFD) is refused before openpyxl builds it."""
    cells = "".join(f"<c><v>{i}</v></c>" for i in range(table.MAX_ROW_CELLS + 1))
    sheet = f'<?xml version="1.0" encoding="UTF-8"?><worksheet {NS}><sheetData><row r="1">{cells}</row></sheetData></worksheet>'
    sheet_refused(tmp_path, workbook(tmp_path / "row.xlsx", sheet=sheet), f"{table.MAX_ROW_CELLS:,}")


def test_broken_sheet_xml_is_one_line(tmp_path):
    """A sheet whose XML breaks off (parsed only while its rows are read) is one SH001 line."""
    sheet_refused(tmp_path, workbook(tmp_path / "broken.xlsx", sheet=SHEET[:-30]), "SH001")


# --- fuda import duel-online ----------------------------------------------------------------------

def duel_refused(tmp_path, data: bytes, code: str, line: int | None = None):
    """`fuda import duel-online` refuses ``data`` in one line with ``code`` (at ``line``)."""
    src = tmp_path / "Card.txt"
    src.write_bytes(data)
    out = tmp_path / "out" / "imported.yaml"
    out.parent.mkdir()
    lines = refused(["import", "duel-online", str(src), "--game", "toho-tcg", "-o", str(out),
                     "--path", str(tmp_path / "nowhere")], out, tmp_path)
    assert len(lines) == 1, lines
    where = f"{src}:{line}:1" if line else f"{src}"
    assert lines[0].startswith(f"{where}: error[{code}]"), lines[0]
    return lines[0]


def record(name: str, text: str = "本文。") -> str:
    return f"{name}\r\nコスト1/クイック\r\n{text}\r\n"


def test_a_file_over_20_mib_is_refused_unread(tmp_path):
    """21 MB of Card.txt: refused at the file, only MAX_BYTES + 1 bytes read."""
    line = duel_refused(tmp_path, b"a" * (21 * 1024 * 1024), "Y003")
    assert f"{do.MAX_BYTES:,}" in line


def test_a_fifo_is_not_read(tmp_path):
    """A named pipe given as Card.txt is refused without opening it (no hang)."""
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    with pytest.raises(Exception) as caught:
        do.read_card_txt(fifo)
    assert caught.value.findings[0].code == "Y005"


def test_too_many_lines_are_refused(tmp_path):
    """More than 200,000 lines (blank ones: no records at all) are refused before splitting."""
    duel_refused(tmp_path, b"\r\n" * (do.MAX_LINES + 1), "Y003")


def test_unclosed_brackets_scan_in_linear_time():
    """A first line of 100,000 unclosed 【 is no label list, found in one pass: well under 1 s
    (a regex retried from every 【 took 1.3 s for 40,000)."""
    template = load_template("toho-tcg")
    start = time.process_time()
    assert do.parse_keywords("【" * 100_000, template) == []
    assert do._labels("【" * 100_000) is None
    assert time.process_time() - start < 1.0
    assert do._labels("【ディフェンサー】【クリティカル（妖怪）】") == ["【ディフェンサー】", "【クリティカル（妖怪）】"]
    assert do._labels("【a【b】") == ["【a【b】"] and do._labels("【a】x") is None


def test_template_line_with_two_fields_matches_in_linear_time():
    """A user template line with two free fields over a line of 20,000 '/' (quadratic with .*?:
    0.4 s at 8,000) ends fast, and still reads a normal line."""
    pattern = do._regex("{name}/{types}/パワー{power}", frozenset({"power"}))
    start = time.process_time()
    assert pattern.fullmatch("/" * 20_000) is None
    assert time.process_time() - start < 1.0
    assert pattern.fullmatch("霊夢/人間・巫女/パワー3").groupdict() == {"name": "霊夢", "types": "人間・巫女", "power": "3"}


def test_unclosed_brackets_file_is_refused_naming_the_record(tmp_path):
    """The card whose text is 100,000 【 would fail the schema (text ≤ 1000): refused at the record."""
    line = duel_refused(tmp_path, record("博麗霊夢", "【" * 100_000).encode("cp932"), "S006", line=1)
    assert "record '博麗霊夢'" in line


def test_a_name_too_long_to_load_is_refused_naming_the_record(tmp_path):
    """A 5-million-character name (the loader allows 80) is refused at its record, shown short."""
    data = (record("霊夢", "本文。") + "\r\n" + record("あ" * 5_000_000)).encode("cp932")
    line = duel_refused(tmp_path, data, "S006", line=5)
    assert "record '" + "あ" * do.SHOWN + "…'" in line and len(line) < 400


def test_a_card_file_over_2_mib_is_refused(tmp_path):
    """4,000 valid records that would make a card file over the loader's 2 MiB: refused at the file."""
    data = "\r\n".join(record(f"カード{i}", "本文" * 150) for i in range(4000)).encode("cp932")
    assert len(data) < do.MAX_BYTES
    line = duel_refused(tmp_path, data, "Y003")
    assert "2,097,152" in line


def test_a_card_file_of_too_many_values_is_refused(tmp_path):
    """45,000 tiny records (under 2 MiB of text, over the loader's 200,000 values): refused."""
    data = "\r\n".join(record(f"札{i}", "本") for i in range(45_000)).encode("cp932")
    assert "200,000" in duel_refused(tmp_path, data, "Y004")


def test_an_ordinary_file_still_imports(tmp_path):
    """Two plain records import and load back through fuda's own reader."""
    from fuda.database.yamlfile import read_yaml

    src = tmp_path / "Card.txt"
    src.write_bytes((record("霊符", "【ディフェンサー】") + "\r\n" + record("魔符")).encode("cp932"))
    out = tmp_path / "out.yaml"
    result = runner.invoke(app, ["import", "duel-online", str(src), "--game", "toho-tcg", "-o", str(out),
                                 "--path", str(tmp_path / "nowhere")])
    assert result.exit_code == 0, result.output
    cards = read_yaml(out).data["cards"]
    assert [(c["name"], c.get("keywords")) for c in cards] == [("霊符", ["defender"]), ("魔符", None)]


def test_custom_rules_without_a_game_still_import():
    """rules: custom has no card schema without a game's manifest: the values are not checked
    against one (the size and value counts still are), and the import goes on."""
    data = "札\r\nspirit\r\nfoo: 1\r\n本文\r\n".encode("cp932")
    _, cards, _ = do.import_cards(data, "custom")
    assert [(c["name"], c["kind"], c["text"]) for c in cards] == [("札", "spirit", "本文")]
