"""The filter grammar of custom games: ``kind == spirit and power <= 2``, ``traits has 夜行``.

A filter is clauses joined by ``and``; a clause is ``FIELD OP VALUE`` (OP one of ``== != < <=
> >=``) or ``FIELD has WORD``. It is parsed once, when the cards are compiled, into a
:class:`Filter` value; nothing is evaluated as code. FIELD is ``kind``, ``name``, ``id``,
``keywords`` or a field some kind of the game declares: an unknown field, an order comparison
on a field that is not a number, or an enum value the field does not have is a
:class:`FilterError` with the column of the offending word.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

OPS = ("==", "!=", "<=", ">=", "<", ">", "has")
_TOKEN = re.compile(r"\s*(==|!=|<=|>=|<|>|[^\s=!<>]+)")
#: fields every card has, by the type a filter compares them as
BUILTIN = {"kind": "enum", "name": "text", "id": "text", "keywords": "list"}
NUMERIC = ("integer", "number")


class FilterError(ValueError):
    """A filter that does not parse or names what the game does not declare; ``column`` counts
    from 1 inside the filter text."""

    def __init__(self, message: str, column: int = 1):
        super().__init__(message)
        self.column = column


@dataclass(frozen=True, slots=True)
class Clause:
    """One comparison: the field, the operator and the value (an int, bool or word)."""

    field: str
    op: str
    value: object
    numeric: bool  # the field is an integer field: compare the card's current value


@dataclass(frozen=True, slots=True)
class Filter:
    """A parsed filter: every clause must hold. ``text`` is what the designer wrote."""

    text: str
    clauses: tuple[Clause, ...]

    @property
    def fields(self) -> tuple[str, ...]:
        """The fields the filter reads."""
        return tuple(c.field for c in self.clauses)


def _value(word: str):
    if re.fullmatch(r"-?\d+", word):
        return int(word)
    if word in ("true", "false"):
        return word == "true"
    return word


def nearest(word: str, known) -> str:
    """`` (did you mean 'x'?)`` for the closest known word, or ''."""
    close = difflib.get_close_matches(word, list(known), n=1, cutoff=0.5)
    return f" (did you mean '{close[0]}'?)" if close else ""


def parse(text: str, fields: dict) -> Filter:
    """Parse ``text`` against the game's ``fields`` (name -> declaration mapping with ``type``
    and, for enum/list fields, ``values``); raise :class:`FilterError`."""
    if not isinstance(text, str) or not text.strip():
        raise FilterError("a filter is a text such as 'kind == spirit and cost <= 2'")
    tokens = []  # (word, column)
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or not m.group(1):
            break
        tokens.append((m.group(1), m.start(1) + 1))
        pos = m.end()
    clauses = []
    i = 0
    while i < len(tokens):
        if len(tokens) - i < 3:
            word, col = tokens[i]
            raise FilterError(f"clause '{text[col - 1:].strip()}' is not a comparison: write FIELD OP VALUE "
                              f"(OP one of {', '.join(OPS)})", col)
        (name, col), (op, op_col), (raw, val_col) = tokens[i:i + 3]
        kind = BUILTIN.get(name) or (fields.get(name) or {}).get("type")
        if kind is None:
            raise FilterError(f"unknown field '{name}' in a filter{nearest(name, [*BUILTIN, *fields])}"
                              f" (fields: {', '.join([*BUILTIN, *fields])})", col)
        if op not in OPS:
            raise FilterError(f"operator '{op}' is unknown (operators: {', '.join(OPS)})", op_col)
        if op == "has" and kind != "list":
            raise FilterError(f"operator 'has' is for list fields; '{name}' is a {kind} field (use ==)", op_col)
        if op != "has" and kind == "list":
            raise FilterError(f"field '{name}' is a list field: write '{name} has WORD'", op_col)
        value = _value(raw)
        if op in ("<", "<=", ">", ">=") and kind not in NUMERIC:
            raise FilterError(f"operator '{op}' compares numbers; '{name}' is a {kind} field", op_col)
        if kind in NUMERIC and not isinstance(value, int):
            raise FilterError(f"field '{name}' is a number field: compare it with a number, not '{raw}'", val_col)
        values = (fields.get(name) or {}).get("values")
        if values and value not in values:
            raise FilterError(f"value '{raw}' is not one of '{name}'{nearest(str(raw), values)}"
                              f" (values: {', '.join(values)})", val_col)
        clauses.append(Clause(name, op, value, kind in NUMERIC))
        i += 3
        if i < len(tokens):
            word, col = tokens[i]
            if word != "and":
                raise FilterError(f"expected 'and' between comparisons, found '{word}'", col)
            i += 1
            if i == len(tokens):
                raise FilterError("a filter cannot end with 'and'", col)
    return Filter(text, tuple(clauses))


def holds(clause: Clause, value) -> bool:
    """Whether ``value`` (the card's value of the clause's field; None when it has none) passes."""
    if value is None:
        return False
    op, want = clause.op, clause.value
    if op == "==":
        return value == want
    if op == "!=":
        return value != want
    if op == "has":
        return want in value
    if op == "<=":
        return value <= want
    if op == ">=":
        return value >= want
    if op == "<":
        return value < want
    return value > want
