"""Spreadsheet → card file: ``fuda import sheet FILE --game G -o FILE.yaml``.

The first non-empty row of each sheet names the columns by field id (``cost``) or Japanese label
(``霊力コスト``); a second row of ids (what ``fuda export sheet`` writes under the labels) is
recognised and skipped. Every later row is one card. An ability's printed text in a column becomes
an ability with ``effect: manual`` unless an effect column holds its ops; its ``when`` is read
from the printed label (【起動】 …). Every problem of the run is a finding located at its cell; the
cards are validated against the rule set's schema before anything is written.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from fuda.database.fields import (
    ABILITY_WORDS,
    EFFECT_WORDS,
    WHEN_WORDS,
    RuleFields,
    card_schema,
    guess_when,
    rule_fields,
)
from fuda.database.findings import Finding, FindingsError, sorted_findings
from fuda.database.schemas import validate_document
from fuda.database.yamlfile import Document
from fuda.database.yamlwrite import card_file_text as write_card_file
from fuda.i18n import Text
from fuda.sheets.cells import CellError, from_cell
from fuda.sheets.kinds import KindNames, kind_names
from fuda.sheets.table import CellLocation, Table, read_tables

MANUAL_REASON = "表から取り込んだ能力（効果は手で処理する）"
NUMBERED = re.compile(r"^(?:abilities|ability|能力)[\s.]*(\d+)[\s.]*(.+)$")


@dataclass(frozen=True)
class Column:
    """What one header cell means: a card field, a field of the n-th ability, or a list's name."""

    role: str  # "card", "ability", "lines" (ability text, one a line), "list"
    key: str
    number: int = 0


@dataclass(frozen=True)
class SheetImport:
    """The cards read from a spreadsheet, the file-level lists (recast-rift fighters), warnings."""

    rules: str
    cards: tuple[dict, ...]
    lists: dict
    warnings: tuple[Finding, ...]
    source: Path
    rows: tuple[CellLocation, ...] = ()  # where each card's row is
    covered: tuple[frozenset, ...] = ()  # the card keys each card's sheet has a column for


def _norm(text) -> str:
    return unicodedata.normalize("NFKC", str(text)).strip().lower()


def resolve_header(fields: RuleFields, text) -> Column | None:
    """The meaning of a header cell, or ``None`` when no field has that id or label."""
    word = _norm(text)
    if not word:
        return None
    for f in fields.card:
        if word in (_norm(f.key), _norm(f.label)):
            return Column("lines", f.key) if f.key == "abilities" else Column("card", f.key)
    for plural, key, label in fields.lists:
        if word in (_norm(f"{key}-name"), _norm(label)):
            return Column("list", plural)
    m = NUMBERED.match(word)
    if m:
        sub = m.group(2).strip(" .")
        for f in fields.ability:
            if sub in (_norm(f.key), _norm(f.label)):
                return Column("ability", f.key, int(m.group(1)))
        return None
    if word in map(_norm, ABILITY_WORDS):
        return Column("lines", "abilities")
    if word in map(_norm, EFFECT_WORDS):
        return Column("ability", "effect", 1)
    if word in map(_norm, WHEN_WORDS):
        return Column("ability", "when", 1)
    return None


def import_sheet(path: Path, rules: str, manifest=None) -> SheetImport:
    """Read every sheet of ``path`` as cards of rule set ``rules`` (``manifest``: the game's, for a
    rule set whose card schema depends on it).

    Raises :class:`FindingsError` with every error of the run (unknown columns, cells that are
    not the value their column needs, schema errors, repeated ids), each located at its cell.
    """
    path = Path(path)
    fields = rule_fields(rules, manifest)
    tables = read_tables(path)
    errors: list[Finding] = []
    warnings: list[Finding] = []
    cards: list[dict] = []
    rows: list[CellLocation] = []
    covered: list[frozenset] = []
    where: dict = {}  # data path -> location, for schema findings
    lists: dict = {plural: {} for plural, _, _ in fields.lists}
    kinds = kind_names(fields, manifest)
    for table in tables:
        if not table.rows:
            continue
        columns = _columns(table, fields, errors, warnings)
        if columns is None:
            continue
        header_rows = columns.pop("_skip")
        tab_kind = kinds.kind_of(table.sheet) if table.sheet else None  # a tab named by a kind
        keys = frozenset({c.key for c in columns.values() if c.role == "card"}
                         | ({"abilities"} if any(c.role in ("ability", "lines") for c in columns.values()) else set())
                         | ({"kind"} if tab_kind else set()))
        for number, cells in table.rows[header_rows:]:
            card = _card(table, number, cells, columns, fields, errors, where, len(cards), lists)
            if card is not None:
                card = _kind(card, fields, kinds, tab_kind, where, len(cards), table.at(number, 1))
                cards.append(card)
                rows.append(table.at(number))
                covered.append(keys)
    if not cards and not errors:
        errors.append(Finding(tables[0].at(0) if tables else path, "SH010", Text("sheet.err.no_cards"),
                              hint=Text("sheet.hint.no_cards")))
    _check_ids(cards, where, errors)
    if not errors:
        errors.extend(_validate(path, card_schema(rules, manifest), cards, lists, where))
    if errors:
        raise FindingsError(errors)
    return SheetImport(rules, tuple(cards), {k: v for k, v in lists.items() if v}, tuple(warnings), path,
                       tuple(rows), tuple(covered))


def _kind(card: dict, fields: RuleFields, kinds: KindNames, tab_kind: str | None, where: dict, index: int,
          loc) -> dict:
    """The card's kind as an id: a label in the kind column becomes the kind's id; an empty kind
    cell on a tab named by a kind takes that kind."""
    kind = card.get("kind")
    if isinstance(kind, str) and kind:
        card["kind"] = kinds.kind_of(kind) or kind
    elif tab_kind and not kind:
        card["kind"] = tab_kind
        where[("cards", index, "kind")] = loc
    return _ordered(card, fields)


def _columns(table: Table, fields: RuleFields, errors, warnings) -> dict | None:
    number, header = table.rows[0]
    columns: dict = {}
    unknown = []
    for i, text in enumerate(header, start=1):
        if text is None or not str(text).strip():
            continue
        column = resolve_header(fields, text)
        if column is None:
            unknown.append((i, text))
        elif column in columns.values():
            errors.append(Finding(table.at(number, i), "SH012", Text("sheet.err.heading_twice", text=text),
                                  hint=Text("sheet.hint.heading_twice")))
        else:
            columns[i] = column
    if unknown:
        known = "、".join(f.header() for f in fields.card)
        for i, text in unknown:
            errors.append(Finding(table.at(number, i), "SH011", Text("sheet.err.heading_unknown", text=text),
                                  hint=Text("sheet.hint.heading_unknown", known=known)))
    if not any(c.key == "id" for c in columns.values()):
        errors.append(Finding(table.at(number, 1), "SH013", Text("sheet.err.no_id_column"),
                              hint=Text("sheet.hint.no_id_column")))
        return None
    skip = 1
    if len(table.rows) > 1:  # the id row fuda export writes under the labels
        second = table.rows[1][1]
        if all(str(second[i - 1]).strip() == columns[i].key or
               str(second[i - 1]).strip() == _column_id(columns[i]) for i in columns if i <= len(second)):
            skip = 2
    columns["_skip"] = skip
    return columns


def _column_id(column: Column) -> str:
    if column.role == "ability":
        return f"abilities.{column.number}.{column.key}"
    if column.role == "list":
        return f"{column.key[:-1]}-name"
    return column.key


def _card(table, number, cells, columns, fields, errors, where, index, lists) -> dict | None:
    card: dict = {}
    abilities: dict[int, dict] = {}
    ability_where: dict[int, object] = {}
    lines_cell = None
    list_names = {}
    empty_text = []
    for i, column in columns.items():
        raw = cells[i - 1] if i <= len(cells) else ""
        if raw is None or (isinstance(raw, str) and not raw.strip()):
            if column.role == "card" and (column.key in fields.required or column.key == "text"):
                empty_text.append((column.key, table.at(number, i)))
            continue
        loc = table.at(number, i)
        field = (fields.card_field(column.key) if column.role in ("card", "lines")
                 else fields.ability_field(column.key) if column.role == "ability" else None)
        if column.role == "lines":
            lines_cell = ([line.strip() for line in str(raw).splitlines() if line.strip()], loc)
            continue
        try:
            value = from_cell(raw, field)
        except CellError as exc:
            label = field.header() if field else column.key
            errors.append(Finding(loc, "SH020", Text("sheet.err.cell", label=label, field=column.key, error=exc),
                                  card=card.get("id")))
            continue
        if column.role == "card":
            card[column.key] = value
            where[("cards", index, column.key)] = loc
        elif column.role == "ability":
            abilities.setdefault(column.number, {})[column.key] = value
            where[("cards", index, "abilities", column.number - 1, column.key)] = loc
            ability_where.setdefault(column.number, loc)
        else:
            list_names[column.key] = (str(raw).strip(), loc)
    if not card and not abilities and lines_cell is None:
        return None
    for key, loc in empty_text:  # a required field or the card text left empty: "" (a vanilla card)
        card[key] = ""
        where[("cards", index, key)] = loc
    where[("cards", index)] = table.at(number, 1)
    if lines_cell is not None:
        lines, loc = lines_cell
        for n, line in enumerate(lines, start=1):
            entry = abilities.setdefault(n, {})
            entry.setdefault("text", line)
            ability_where.setdefault(n, loc)
    built = []
    for n in sorted(abilities):
        ability = _ability(abilities[n], fields, ability_where[n], errors, card.get("id"))
        if ability is not None:
            built.append(ability)
    if built:
        card["abilities"] = built
    card = _ordered(card, fields)
    for plural, (name, loc) in list_names.items():
        key = plural[:-1]
        owner = card.get(key)
        if not isinstance(owner, str):
            errors.append(Finding(loc, "SH021", Text("sheet.err.list_id_empty", field=key), card=card.get("id")))
        elif lists[plural].setdefault(owner, name) != name:
            errors.append(Finding(loc, "SH021", Text("sheet.err.list_name_differs", field=key, owner=owner,
                                                      first=lists[plural][owner], name=name), card=card.get("id")))
    return card


def _ability(entry: dict, fields: RuleFields, loc, errors, card_id) -> dict | None:
    text = entry.get("text")
    if not isinstance(text, str) or not text:
        errors.append(Finding(loc, "SH022", Text("sheet.err.ability_no_text"), card=card_id,
                              hint=Text("sheet.hint.ability_no_text")))
        return None
    when = entry.get("when") or guess_when(fields, text)
    if when is None:
        labels = "、".join(f"{label or '（なし）'}={w}" for w, label in fields.when_labels)
        errors.append(Finding(loc, "SH023", Text("sheet.err.ability_when", text=text[:20]),
                              card=card_id, hint=Text("sheet.hint.ability_when", labels=labels)))
        return None
    effect = entry.get("effect", "manual")
    result = {"when": when, "text": text, "effect": effect}
    for key, value in entry.items():
        if key not in result and key != "reason":
            result[key] = value
    if effect == "manual":
        result["reason"] = entry.get("reason", MANUAL_REASON)
    return result


def _ordered(card: dict, fields: RuleFields) -> dict:
    order = [f.key for f in fields.card]
    return dict(sorted(card.items(), key=lambda kv: order.index(kv[0]) if kv[0] in order else len(order)))


def _check_ids(cards, where, errors) -> None:
    seen: dict = {}
    for i, card in enumerate(cards):
        cid = card.get("id")
        if not isinstance(cid, str):
            continue
        if cid in seen:
            first = where.get(("cards", seen[cid], "id"))
            errors.append(Finding(where.get(("cards", i, "id"), where[("cards", i)]), "SH024",
                                  Text("sheet.err.id_twice", card=cid, line=first.line), card=cid,
                                  hint=Text("sheet.hint.id_twice")))
        else:
            seen[cid] = i


def _validate(path: Path, schema, cards, lists, where) -> list[Finding]:
    data = file_data(cards, lists)
    values = {(): where.get(("cards", 0)), **where}
    doc = Document(path, data, values, dict(where))  # a missing field is reported at its card's row

    def card_of(p):
        if len(p) >= 2 and p[0] == "cards" and isinstance(p[1], int) and p[1] < len(cards):
            return cards[p[1]].get("id")
        return None

    return sorted_findings(validate_document(doc, schema, card_of))


def file_data(cards, lists) -> dict:
    """The card file's data: the file-level lists first (recast-rift ``fighters``), then ``cards``."""
    data: dict = {}
    for plural, names in lists.items():
        if names:
            data[plural] = [{"id": k, "name": v} for k, v in names.items()]
    data["cards"] = list(cards)
    return data


def short_scalars(value: dict) -> bool:
    """A sheet's small mappings (≤ 4 keys, no lists or multi-line text) go on one line."""
    return len(value) <= 4 and all(not isinstance(v, (list, dict)) and not (isinstance(v, str) and "\n" in v)
                                   for v in value.values())


def card_file_text(result: SheetImport, modeline: str | None = None) -> str:
    """The YAML text of the card file (block text for several lines, flow for short lists), after
    ``modeline`` (:func:`fuda.sheets.place.modeline`; default: the bundled games' ``../../schema/``)."""
    from fuda.i18n import t

    if modeline is None:
        modeline = f"# yaml-language-server: $schema=../../schema/{result.rules}.cards.schema.json\n"
    head = modeline + "# " + t("sheet.imported_from", file=result.source.name) + "\n"
    return write_card_file(file_data(result.cards, result.lists), head, short_scalars)
