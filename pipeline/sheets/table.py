"""Reading a spreadsheet file into located rows: CSV/TSV (encoding detected) and .xlsx.

Each cell keeps where it stood, so a problem is reported as ``FILE:ROW:COLUMN-LETTER``
(``FILE[SHEET]:ROW:COLUMN-LETTER`` for a workbook), the way the designer sees it in Excel.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location, display_path
from fuda.i18n import Text

#: A spreadsheet larger than this is refused before it is read (a card list is a few hundred kB).
MAX_BYTES = 20 * 1024 * 1024
MAX_ROWS = 20_000
MAX_COLUMNS = 400
#: A workbook is a ZIP of XML files: its members, once inflated, may hold at most this many bytes
#: in all (fuda's own export writes ~1.3 kB of sheet XML a card: 20,000 rows are ~26 MB) …
MAX_UNZIPPED = 50 * 1024 * 1024
#: … in at most this many members (Excel writes about a dozen, plus one per sheet and image) …
MAX_MEMBERS = 10_000
#: … and a member larger than :data:`RATIO_FLOOR` may inflate at most this many times (Excel's
#: sheet XML inflates 5–20 times; a ZIP bomb's member thousands of times).
MAX_RATIO = 100
RATIO_FLOOR = 1024 * 1024
#: Cells in one row (Excel's own limit, column XFD) and in the whole workbook (20,000 rows of 50
#: columns), and shared strings (one a cell at most): openpyxl builds a whole row before it drops
#: the columns past MAX_COLUMNS, at ~0.8 kB and ~40 µs a cell (a single row of 3 million cells
#: took 2.3 GB and two minutes), and reads every shared string first (~15 µs each).
MAX_ROW_CELLS = 16_384
MAX_CELLS = 1_000_000
#: The start of a row, cell or shared string element, with or without a namespace prefix (<x:c>).
TAG = re.compile(rb"<(?:[A-Za-z_][\w.-]{0,31}:)?(row|c|si)(?=[\s/>])")
TAG_LONGEST = 40  # bytes a TAG match and the character after it can span
#: A DTD in a workbook part: OOXML never has one, and it is what entity expansion ("billion
#: laughs") and external entities (reading a file of this machine) need. Searched for as UTF-8
#: and as UTF-16 (both byte orders), the encodings an XML parser accepts without a declaration.
DOCTYPE = (b"<!DOCTYPE", "<!DOCTYPE".encode("utf-16-le"), "<!DOCTYPE".encode("utf-16-be"))


def column_letter(index: int) -> str:
    """Excel's letter for the 1-based column ``index`` (1 → A, 27 → AA)."""
    letters = ""
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


@dataclass(frozen=True, order=True)
class CellLocation(Location):
    """A cell of a spreadsheet: row and column (shown as a letter), and the sheet of a workbook."""

    sheet: str = ""

    def __str__(self) -> str:
        shown = display_path(self.file) + (f"[{self.sheet}]" if self.sheet else "")
        if not self.line:
            return shown
        return f"{shown}:{self.line}" + (f":{column_letter(self.col)}" if self.col else "")


@dataclass(frozen=True)
class Table:
    """The non-empty rows of one sheet (or of a CSV file): ``rows[i] = (row number, cells)``."""

    file: Path
    sheet: str
    rows: tuple[tuple[int, tuple], ...]

    def at(self, row: int, col: int = 0) -> CellLocation:
        """The location of a cell (``col`` 0: the whole row)."""
        return CellLocation(self.file, row, col, self.sheet)


def read_tables(path: Path) -> list[Table]:
    """Every sheet of ``path`` (.xlsx, .csv, .tsv, .txt); :class:`FindingsError` when unreadable."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise _fail(path, "SH001", Text("sheet.err.unreadable", reason=exc.strerror), Text("sheet.hint.check_path")) from None
    if size > MAX_BYTES:
        raise _fail(path, "SH001", Text("sheet.err.too_big", size=f"{size:,}", limit=f"{MAX_BYTES:,}"),
                    Text("sheet.hint.split"))
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        return _read_xlsx(path)
    if path.suffix.lower() == ".xls":
        raise _fail(path, "SH001", Text("sheet.err.xls"), Text("sheet.hint.xls"))
    return [_read_text(path)]


def _fail(path, code, message: Text, hint: Text) -> FindingsError:
    return FindingsError([Finding(CellLocation(Path(path)), code, message, hint=hint)])


def decode(data: bytes, path: Path) -> str:
    """Text of a CSV: UTF-8 (with or without BOM), else CP932 (what Japanese Excel saves)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="strict")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass  # not UTF-8: try what Japanese Excel saves
    try:
        return data.decode("cp932")
    except UnicodeDecodeError as exc:
        raise _fail(path, "SH002", Text("sheet.err.encoding", at=exc.start), Text("sheet.hint.encoding")) from None


def _read_text(path: Path) -> Table:
    text = decode(path.read_bytes(), path)
    first = text.split("\n", 1)[0]
    tab = path.suffix.lower() == ".tsv" or (path.suffix.lower() != ".csv" and first.count("\t") > first.count(","))
    reader = csv.reader(io.StringIO(text, newline=""), delimiter="\t" if tab else ",")
    rows = []
    number = 0
    try:
        for number, cells in enumerate(reader, start=1):
            if number > MAX_ROWS:
                raise _fail(path, "SH001", Text("sheet.err.rows", limit=f"{MAX_ROWS:,}"), Text("sheet.hint.split"))
            if any(c.strip() for c in cells):
                rows.append((number, tuple(cells[:MAX_COLUMNS])))  # Excel shows records, not lines
    except csv.Error as exc:
        raise FindingsError([Finding(CellLocation(path, number + 1), "SH003", Text("sheet.err.csv", error=str(exc)),
                                     hint=Text("sheet.hint.csv"))]) from None
    return Table(path, "", tuple(rows))


def check_workbook(path: Path) -> None:
    """Refuse (SH001, one finding) a workbook whose ZIP would inflate past :data:`MAX_UNZIPPED`
    bytes, holds more than :data:`MAX_MEMBERS` members or a member inflating more than
    :data:`MAX_RATIO` times, or whose XML carries a DTD — before any XML of it is parsed. The
    XML parts are inflated here a megabyte at a time, counting: a member that holds more than its
    header says is refused too (ZipFile stops reading at the declared size and fails the CRC)."""
    import zipfile

    fix = Text("sheet.hint.resave")
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
            if len(members) > MAX_MEMBERS:
                raise _fail(path, "SH001", Text("sheet.err.members", count=f"{len(members):,}", limit=f"{MAX_MEMBERS:,}"), fix)
            total = sum(m.file_size for m in members)
            if total > MAX_UNZIPPED:
                raise _fail(path, "SH001", Text("sheet.err.unzipped", total=f"{total:,}", limit=f"{MAX_UNZIPPED:,}"),
                            Text("sheet.hint.unzipped"))
            for m in members:
                if m.file_size > RATIO_FLOOR and m.file_size > MAX_RATIO * max(m.compress_size, 1):
                    raise _fail(path, "SH001", Text("sheet.err.ratio", member=m.filename, packed=f"{m.compress_size:,}",
                                                    size=f"{m.file_size:,}", limit=MAX_RATIO), fix)
            counts = {b"c": 0, b"si": 0}
            for m in members:
                if m.filename.lower().endswith((".xml", ".rels", ".vml")):
                    _scan(path, archive, m, counts, fix)
    # (zipfile raises NotImplementedError for a compression method it cannot read: a hostile file)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, EOFError, OSError, ValueError) as exc:
        raise _fail(path, "SH001", Text("sheet.err.not_workbook", error=type(exc).__name__), Text("sheet.hint.resave")) from None


def _scan(path: Path, archive, member, counts: dict, fix: Text) -> None:
    """Read one XML part a megabyte at a time: refuse a DTD, a row of more than
    :data:`MAX_ROW_CELLS` cells, and more than :data:`MAX_CELLS` cells or shared strings in the
    workbook (``counts``, added to)."""
    keep = max(len(d) for d in DOCTYPE) - 1
    seen, carry, row = b"", b"", 0  # the end of the last chunk (for a DTD), an unread tag's start
    with archive.open(member) as f:
        while chunk := f.read(1 << 20):
            if any(d in chunk or d in seen + chunk[:keep] for d in DOCTYPE):
                raise _fail(path, "SH001", Text("sheet.err.dtd", member=member.filename), fix)
            seen = (seen + chunk)[-keep:]
            window = carry + chunk
            last = window.rfind(b"<")  # a tag this close to the end may go on in the next chunk
            cut = last if last >= 0 and len(window) - last < TAG_LONGEST else len(window)
            carry = window[cut:]
            for m in TAG.finditer(window, 0, cut):
                name = m.group(1)
                if name == b"row":
                    row = 0
                    continue
                row += name == b"c"
                counts[name] += 1
                if row > MAX_ROW_CELLS or counts[name] > MAX_CELLS:
                    if row > MAX_ROW_CELLS:
                        what = Text("sheet.err.row_cells", member=member.filename, limit=f"{MAX_ROW_CELLS:,}")
                    else:
                        key = "sheet.err.cells" if name == b"c" else "sheet.err.strings"
                        what = Text(key, member=member.filename, limit=f"{MAX_CELLS:,}")
                    raise _fail(path, "SH001", what, Text("sheet.hint.trim"))


def _read_xlsx(path: Path) -> list[Table]:
    import zipfile
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException  # installed with fuda: openpyxl then parses through it
    from openpyxl import load_workbook

    check_workbook(path)
    unreadable = (zipfile.BadZipFile, KeyError, OSError, ValueError, EOFError, ParseError, DefusedXmlException)
    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except unreadable as exc:
        raise _fail(path, "SH001", Text("sheet.err.not_workbook", error=type(exc).__name__), Text("sheet.hint.resave")) from None
    try:
        return _sheets(path, book)
    except unreadable as exc:  # read_only: a sheet's XML is parsed while its rows are read
        raise _fail(path, "SH001", Text("sheet.err.sheet_unreadable", error=type(exc).__name__),
                    Text("sheet.hint.resave")) from None
    finally:
        book.close()


def _sheets(path: Path, book) -> list[Table]:
    """The visible sheets of an open workbook, as tables (at most MAX_ROWS rows, MAX_COLUMNS columns)."""
    tables = []
    for sheet in book.worksheets:
        if sheet.sheet_state != "visible":
            continue
        rows = []
        for number, cells in enumerate(sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS), start=1):
            if number > MAX_ROWS:
                raise _fail(path, "SH001", Text("sheet.err.sheet_rows", sheet=sheet.title, limit=f"{MAX_ROWS:,}"),
                            Text("sheet.hint.split"))
            if any(c is not None and str(c).strip() for c in cells):
                rows.append((number, tuple("" if c is None else c for c in cells)))
        tables.append(Table(path, sheet.title, tuple(rows)))
    return tables
