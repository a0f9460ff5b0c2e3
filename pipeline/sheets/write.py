"""Card database → spreadsheet: ``fuda export sheet GAME -o cards.xlsx|.csv``.

The shape :mod:`fuda.sheets.read` reads back: the first row holds the Japanese labels, the second
the field ids, then one row per card. A workbook has one sheet per card kind (only that kind's
columns, the tab named by the kind's label in the user's language); a CSV holds every card in one
table (UTF-8 with BOM, CRLF: what Excel opens without mojibake). Outputs are byte-identical for the
same database and language (the workbook's timestamps fixed).
"""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

from fuda.atomic import write_atomic
from fuda.database.fields import RuleFields, rule_fields
from fuda.database.model import Game, thaw
from fuda.i18n import Text, language
from fuda.sheets.cells import to_cell
from fuda.sheets.kinds import kind_names, tab_name

FIXED_TIME = (2000, 1, 1, 0, 0, 0)


def columns(fields: RuleFields, cards: list[dict]) -> list[tuple[str, str]]:
    """``(id, label)`` of every column the cards use, in schema order; abilities numbered."""
    used = {k for c in cards for k in c}
    out: list[tuple[str, str]] = []
    for f in fields.card:
        if f.key not in used:
            continue
        if f.key == "abilities":
            out.extend(_ability_columns(fields, cards))
            continue
        out.append((f.key, f.header()))
        for _plural, key, label in fields.lists:
            if key == f.key:
                out.append((f"{key}-name", label))
    for key in sorted(used - {f.key for f in fields.card}):  # a field the schema does not describe
        out.append((key, key))
    return out


def _ability_columns(fields: RuleFields, cards) -> list[tuple[str, str]]:
    most = max(len(c.get("abilities", ())) for c in cards)
    used = {k for c in cards for a in c.get("abilities", ()) for k in a}
    keys = [f for f in fields.ability if f.key in used]
    return [(f"abilities.{n}.{f.key}", f"能力{n} {f.header()}") for n in range(1, most + 1) for f in keys]


def rows(game: Game, cards: list[dict], cols) -> list[list]:
    """The cells of each card, in column order (``None`` for an empty cell)."""
    table = []
    for card in cards:
        row = []
        for key, _ in cols:
            if key.startswith("abilities."):
                _, n, sub = key.split(".", 2)
                abilities = card.get("abilities", [])
                value = abilities[int(n) - 1].get(sub) if int(n) <= len(abilities) else None
            elif key.endswith("-name") and key[:-5] in card and key not in card:
                value = game.fighters.get(card[key[:-5]]) if hasattr(game, "fighters") else None
            else:
                value = card.get(key)
            row.append(to_cell(value))
        table.append(row)
    return table


def by_kind(game: Game) -> list[tuple[str, list[dict]]]:
    """The game's cards (plain data) grouped by kind, kinds in order of first appearance."""
    groups: dict[str, list[dict]] = {}
    for card in game.cards:
        groups.setdefault(card.kind, []).append(thaw(card.data))
    return list(groups.items())


def sheet_bytes(game: Game, suffix: str, lang: str | None = None) -> bytes:
    """The spreadsheet of every card of ``game`` as ``.xlsx`` or ``.csv``/``.tsv`` bytes; a
    workbook's tabs are named by the kinds' labels in ``lang`` (default: the user's language)."""
    fields = rule_fields(game.rules, game.manifest)
    if suffix == ".xlsx":
        return _xlsx(game, fields, lang or language())
    cards = [c for _, group in by_kind(game) for c in group]
    cols = columns(fields, cards)
    buf = io.StringIO(newline="")
    writer = csv.writer(buf, delimiter="\t" if suffix == ".tsv" else ",", lineterminator="\r\n")
    writer.writerow([label for _, label in cols])
    writer.writerow([key for key, _ in cols])
    for row in rows(game, cards, cols):
        writer.writerow(["" if v is None else v for v in row])
    return b"\xef\xbb\xbf" + buf.getvalue().encode("utf-8")


def _xlsx(game: Game, fields: RuleFields, lang: str) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font, PatternFill
    from openpyxl.utils import get_column_letter

    book = Workbook()
    book.remove(book.active)
    bold, grey = Font(bold=True), Font(color="808080", size=8)
    fill = PatternFill("solid", fgColor="E8E0D0")
    wrap = Alignment(wrap_text=True, vertical="top")
    kinds, taken = kind_names(fields, game.manifest), set()
    for kind, cards in by_kind(game):
        sheet = book.create_sheet(tab_name(kinds, kind, lang, taken))
        cols = columns(fields, cards)
        sheet.append([label for _, label in cols])
        sheet.append([key for key, _ in cols])
        for row in rows(game, cards, cols):
            sheet.append(row)
        for cells in sheet.iter_rows(min_row=3):
            for cell in cells:
                if isinstance(cell.value, str):
                    cell.data_type = "s"  # a text starting with = stays text, never a formula
                    cell.alignment = wrap
        for i, (key, _) in enumerate(cols, start=1):
            sheet.cell(1, i).font, sheet.cell(1, i).fill = bold, fill
            sheet.cell(2, i).font = grey
            wide = key in ("text", "flavor") or key.endswith((".text", ".effect"))
            sheet.column_dimensions[get_column_letter(i)].width = 48 if wide else 14
        sheet.freeze_panes = "C3"
    book.properties.creator = "fuda"
    buf = io.BytesIO()
    book.save(buf)
    return _fixed_times(buf.getvalue())


def _fixed_times(data: bytes) -> bytes:
    """The same workbook with every timestamp fixed, so one database gives one file."""
    import re

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                body = re.sub(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", b"2000-01-01T00:00:00Z", body)
            fixed = zipfile.ZipInfo(info.filename, FIXED_TIME)
            fixed.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(fixed, body)
    return out.getvalue()


def export_sheet(game: Game, out: Path, lang: str | None = None) -> Path:
    """Write every card of ``game`` to ``out`` (.xlsx, .csv or .tsv), atomically (tabs named in ``lang``)."""
    out = Path(out)
    suffix = out.suffix.lower()
    if suffix not in (".xlsx", ".csv", ".tsv"):
        raise ValueError(Text("err.sheet.format", path=out))
    return write_atomic(out, sheet_bytes(game, suffix, lang))
