"""One spreadsheet cell ↔ one card value, guided by the schema's types for that column.

A cell holds plain text the way a designer types it: numbers (full-width digits too), lists
separated by 「、」 or 「,」, TRUE/FALSE (or はい/いいえ), and, for structured values (an ability's
ops, a cost), YAML flow text such as ``[{draw: 2}]``. :func:`to_cell` writes the form
:func:`from_cell` reads back, so export → import gives the same values.
"""

from __future__ import annotations

import json
import re
import unicodedata

from fuda.database.fields import Field
from fuda.i18n import Text

LIST_SEP = re.compile(r"\s*[、,，]\s*")
INTEGER = re.compile(r"^[+-]?\d+$")
TRUE = {"true", "yes", "はい", "○", "◯", "1"}
FALSE = {"false", "no", "いいえ", "×", "0"}


class CellError(ValueError):
    """A cell that cannot become the value its column needs; the message says what was expected."""


def to_cell(value):
    """The cell for ``value``: numbers stay numbers, lists of plain words are joined with 「、」,
    anything structured is YAML flow text."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float, str)):
        return value
    if isinstance(value, (list, tuple)) and all(_plain_item(v) for v in value):
        return "、".join(str(v) for v in value)
    return flow(value)


def _plain_item(value) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return (isinstance(value, str) and value != "" and not LIST_SEP.search(value)
            and value[:1] not in "[{" and value.strip() == value and "\n" not in value)


def flow(value) -> str:
    """Compact YAML flow text (``{target: opponent, amount: 2}``) for a structured value."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow_key(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return repr(value)
    return _flow_str(value)


def _flow_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", key) else json.dumps(key, ensure_ascii=False)


def _flow_str(text: str) -> str:
    from fuda.database.yamlfile import parse_yaml

    try:  # a bare word survives YAML flow unchanged: keep it bare (readable)
        if text and parse_yaml("[" + text + "]", "cell").data == [text]:
            return text
    except Exception:
        pass  # fall through to the quoted form
    return json.dumps(text, ensure_ascii=False)


def from_cell(raw, field: Field | None):
    """The value of a non-empty cell for ``field`` (``None`` = unknown column: kept as text).

    Raises :class:`CellError` saying what was expected when the text cannot be that value.
    """
    types = field.types if field else frozenset({"string"})
    if isinstance(raw, bool):
        raw = "TRUE" if raw else "FALSE"
    if isinstance(raw, float) and raw.is_integer():
        raw = int(raw)
    if isinstance(raw, int) and ("integer" in types or "number" in types):
        return raw
    text = str(raw)
    stripped = text.strip()
    if stripped[:1] in "[{" and ({"array", "object"} & types or "string" not in types):
        return parse_flow(stripped)
    if "boolean" in types:
        word = unicodedata.normalize("NFKC", stripped).lower()
        if word in TRUE:
            return True
        if word in FALSE:
            return False
        if types == {"boolean"}:
            raise CellError(Text("sheet.cell.boolean", found=repr(stripped)))
    if "integer" in types or "number" in types:
        number = unicodedata.normalize("NFKC", stripped).replace("−", "-").replace("－", "-")
        if INTEGER.match(number):
            return int(number)
        if types <= {"integer", "number", "null"}:
            raise CellError(Text("sheet.cell.integer", found=repr(stripped)))
    if "array" in types:
        items = [v for v in LIST_SEP.split(stripped) if v]
        return [_item(v, field) for v in items]
    if "string" in types or not types:
        return text.replace("\r\n", "\n").strip("\n") if "\n" in text else stripped
    if "object" in types:
        raise CellError(Text("sheet.cell.mapping", found=repr(stripped)))
    return stripped


def _item(text: str, field: Field | None):
    items = field.item_types if field else frozenset()
    if text[:1] in "[{":
        return parse_flow(text)
    number = unicodedata.normalize("NFKC", text)
    if INTEGER.match(number) and ("integer" in items or not items):
        return int(number)
    return text


def parse_flow(text: str):
    """A YAML flow value (``[{draw: 2}]``) read with fuda's safe YAML reader."""
    from fuda.database.findings import FindingsError
    from fuda.database.yamlfile import parse_yaml

    try:
        return parse_yaml(text, "cell").data
    except FindingsError as exc:
        message = exc.findings[0].message
        raise CellError(Text("sheet.cell.flow", found=repr(text), error=message)) from None
