"""Reading a spreadsheet file into located rows: CSV/TSV (encoding detected) and .xlsx.

Each cell keeps where it stood, so a problem is reported as ``FILE:ROW:COLUMN-LETTER``
(``FILE[SHEET]:ROW:COLUMN-LETTER`` for a workbook), the way the designer sees it in Excel.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location, display_path

#: A spreadsheet larger than this is refused before it is read (a card list is a few hundred kB).
MAX_BYTES = 20 * 1024 * 1024
MAX_ROWS = 20_000
MAX_COLUMNS = 400


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
        raise _fail(path, "SH001", f"ファイルを読めません: {exc.strerror}", "パスを確かめてください") from None
    if size > MAX_BYTES:
        raise _fail(path, "SH001", f"ファイルが大きすぎます ({size:,} バイト、上限 {MAX_BYTES:,})",
                    "カード一覧を分けてください")
    if path.suffix.lower() in (".xlsx", ".xlsm"):
        return _read_xlsx(path)
    if path.suffix.lower() == ".xls":
        raise _fail(path, "SH001", "古い Excel 形式 (.xls) は読めません",
                    "Excel で「名前を付けて保存」→「Excel ブック (.xlsx)」か CSV で保存してください")
    return [_read_text(path)]


def _fail(path, code, message, hint) -> FindingsError:
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
        raise _fail(path, "SH002", f"文字コードが分かりません (UTF-8 でも CP932 でもない、{exc.start} バイト目)",
                    "UTF-8 か「CSV (コンマ区切り)」で保存し直してください") from None


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
                raise _fail(path, "SH001", f"行が多すぎます (上限 {MAX_ROWS:,} 行)", "カード一覧を分けてください")
            if any(c.strip() for c in cells):
                rows.append((number, tuple(cells[:MAX_COLUMNS])))  # Excel shows records, not lines
    except csv.Error as exc:
        raise FindingsError([Finding(CellLocation(path, number + 1), "SH003",
                                     f"CSV として読めません: {exc}", hint="引用符 \" の閉じ忘れを確かめてください")]) from None
    return Table(path, "", tuple(rows))


def _read_xlsx(path: Path) -> list[Table]:
    import zipfile

    from openpyxl import load_workbook

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, OSError, ValueError) as exc:
        raise _fail(path, "SH001", f"Excel ブックとして開けません ({type(exc).__name__})",
                    "Excel で .xlsx として保存し直してください") from None
    tables = []
    try:
        for sheet in book.worksheets:
            if sheet.sheet_state != "visible":
                continue
            rows = []
            for number, cells in enumerate(sheet.iter_rows(values_only=True, max_col=MAX_COLUMNS), start=1):
                if number > MAX_ROWS:
                    raise _fail(path, "SH001", f"{sheet.title}: 行が多すぎます (上限 {MAX_ROWS:,} 行)",
                                "カード一覧を分けてください")
                if any(c is not None and str(c).strip() for c in cells):
                    rows.append((number, tuple("" if c is None else c for c in cells)))
            tables.append(Table(path, sheet.title, tuple(rows)))
    finally:
        book.close()
    return tables
