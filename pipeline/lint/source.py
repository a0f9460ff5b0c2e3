"""Where a character of a YAML string value stands in its file.

The loader records where each value *starts* (``card.where("text")``). A diagnostic about the
12th character of a card text must point at that character, wherever the scalar's style put it:
a plain or quoted one-line string (column = start + offset, quotes and escapes accounted for), a
literal ``|-`` block (the n-th line of the value is the n-th line below the indicator), a folded
``>`` block or a multi-line flow scalar (line folding undone). :func:`scalar_map` rebuilds the
value from the raw file text while recording, for every value character, the raw line, column
and length it came from; the map is used only when the rebuilt value equals the loaded value, so
an unusual layout degrades to "the start of the value", never to a wrong position.

The same maps tell :mod:`fuda.lint.fix` which raw characters to replace.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from fuda.database.findings import Location

_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f",
    "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0",
    "L": "\u2028", "P": "\u2029",
}
_HEX_ESCAPES = {"x": 2, "u": 4, "U": 8}
_BLOCK_HEADER = re.compile(r"([|>])([1-9][+-]?|[+-][1-9]?)?[ \t]*(?:#.*)?$")


@dataclass(frozen=True)
class ScalarMap:
    """Raw positions of a scalar's value characters.

    ``cells[i]`` is ``(line, col, length)`` (0-based) of the raw text that produced value
    character ``i``; ``length`` is 0 for a character produced by line folding (a line break or
    the space that replaces one), which cannot be edited in place.
    """

    style: str  # "plain", "'", '"', "|" or ">"
    cells: tuple[tuple[int, int, int], ...]
    end: tuple[int, int]  # (line, col) just after the scalar's last raw character

    def position(self, offset: int) -> tuple[int, int]:
        """0-based (line, col) of value character ``offset`` (past the end: the scalar's end)."""
        if 0 <= offset < len(self.cells):
            line, col, _ = self.cells[offset]
            return line, col
        return self.end


@lru_cache(maxsize=256)
def raw_lines(path: Path) -> tuple[str, ...] | None:
    """The lines of ``path`` without line ends (a trailing ``\\r`` is kept), or None."""
    try:
        text = Path(path).read_bytes().decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return None
    return tuple(text.split("\n"))


def forget(path: Path) -> None:
    """Drop cached raw text (after ``--fix`` rewrote a file)."""
    raw_lines.cache_clear()
    scalar_map.cache_clear()


def locate(loc: Location, value: str, offset: int) -> Location:
    """The location of value character ``offset`` of the string written at ``loc``."""
    if not loc.line:
        return loc
    smap = scalar_map(loc, value)
    if smap is None:
        return loc
    line, col = smap.position(offset)
    return Location(loc.file, line + 1, col + 1)


@lru_cache(maxsize=4096)
def scalar_map(loc: Location, value: str) -> ScalarMap | None:
    """The map of the string ``value`` whose node starts at ``loc``; None when the raw text
    does not rebuild to exactly ``value`` (then only the start is known)."""
    lines = raw_lines(loc.file)
    if lines is None:
        return None
    return build_map(lines, loc.line - 1, loc.col - 1, value)


def build_map(lines, line: int, col: int, value: str) -> ScalarMap | None:
    """The map of ``value`` whose node starts at 0-based ``line``/``col`` of ``lines``."""
    if not (0 <= line < len(lines)):
        return None
    text = _line(lines, line)
    if col >= len(text):
        return None
    ch = text[col]
    try:
        if ch in "|>":
            built = _block(lines, line, col)
        elif ch == "'":
            built = _quoted(lines, line, col + 1, double=False)
        elif ch == '"':
            built = _quoted(lines, line, col + 1, double=True)
        else:
            built = _plain(lines, line, col)
    except (IndexError, ValueError):
        return None
    if built is None:
        return None
    style, chars, cells, end = built
    rebuilt = "".join(chars)
    if rebuilt != value:
        if style in "|>" and rebuilt.rstrip("\n") == value.rstrip("\n"):
            n = len(value)
            cells = (cells + [(end[0], end[1], 0)] * n)[:n]
        elif style == "plain" and rebuilt.startswith(value) and value:
            cells = cells[: len(value)]  # a plain scalar inside a flow collection
            line_, col_, length = cells[-1]
            end = (line_, col_ + length)
        else:
            return None
    return ScalarMap(style, tuple(cells), end)


def _line(lines, i: int) -> str:
    text = lines[i]
    return text[:-1] if text.endswith("\r") else text


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _blank(text: str) -> bool:
    return not text.strip(" \t")


def _parent_indent(text: str) -> int:
    """Indentation of the node owning a block scalar that starts on this line."""
    n = _indent(text)
    while text[n:n + 2] == "- ":
        n += 2
        n += _indent(text[n:])
    return n


def _block(lines, line: int, col: int):
    text = _line(lines, line)
    header = _BLOCK_HEADER.match(text, col)
    if not header:
        return None
    style, indicators = header.group(1), header.group(2) or ""
    digits = [c for c in indicators if c.isdigit()]
    rows = []
    k = line + 1
    indent = _parent_indent(text) + int(digits[0]) if digits else None
    while k < len(lines):
        row = _line(lines, k)
        if _blank(row):
            rows.append((k, row))
            k += 1
            continue
        if indent is None:
            indent = _indent(row)
            if indent <= _indent(text):
                break
        if _indent(row) < indent:
            break
        rows.append((k, row))
        k += 1
    while rows and _blank(rows[-1][1]) and len(rows[-1][1]) <= (indent or 0):
        rows.pop()
    if indent is None or not rows:
        return style, [], [], (line, len(text))
    chars: list[str] = []
    cells: list[tuple[int, int, int]] = []
    if style == "|":
        for n, (k, row) in enumerate(rows):
            if n:
                prev = rows[n - 1]
                chars.append("\n")
                cells.append((prev[0], len(prev[1]), 0))
            body = row[indent:]
            chars.extend(body)
            cells.extend((k, indent + j, 1) for j in range(len(body)))
    else:
        _folded(rows, indent, chars, cells)
    last_line, last_row = rows[-1]
    return style, chars, cells, (last_line, len(last_row))


def _folded(rows, indent: int, chars, cells) -> None:
    """Undo the folding of a ``>`` block: a break between two text lines is a space, a break
    next to a more-indented line or before empty lines is kept (YAML 1.2, 8.1.3)."""
    prev_kind = None
    pending = 0
    last = None
    for k, row in rows:
        body = row[indent:]
        if _blank(row) and not body.strip(" \t"):
            pending += 1
            continue
        kind = "more" if body[:1] in (" ", "\t") else "text"
        if prev_kind is None:
            seps = "\n" * pending
        elif prev_kind == "text" and kind == "text":
            seps = "\n" * pending if pending else " "
        else:
            seps = "\n" * (pending + 1)
        where = (last[0], len(last[1]), 0) if last else (k, 0, 0)
        chars.extend(seps)
        cells.extend([where] * len(seps))
        pending = 0
        chars.extend(body)
        cells.extend((k, indent + j, 1) for j in range(len(body)))
        prev_kind, last = kind, (k, row)


def _fold(lines, k: int, chars, cells):
    """Fold the line break after line ``k`` of a flow scalar; return the next content line."""
    while chars and chars[-1] in " \t" and cells[-1][2] == 1:
        chars.pop()
        cells.pop()
    end_col = len(_line(lines, k))
    empty = 0
    k += 1
    while k < len(lines) and _blank(_line(lines, k)):
        empty += 1
        k += 1
    if k >= len(lines):
        raise IndexError("scalar runs past the end of the file")
    seps = "\n" * empty if empty else " "
    chars.extend(seps)
    cells.extend([(k - 1 - empty, end_col, 0)] * len(seps))
    return k


def _quoted(lines, line: int, col: int, double: bool):
    chars: list[str] = []
    cells: list[tuple[int, int, int]] = []
    k, j = line, col
    row = _line(lines, k)
    quote = '"' if double else "'"
    while True:
        if j >= len(row):
            k = _fold(lines, k, chars, cells)
            row = _line(lines, k)
            j = _indent(row)
            while j < len(row) and row[j] == "\t":
                j += 1
            continue
        ch = row[j]
        if ch == quote:
            if not double and row[j + 1:j + 2] == "'":
                chars.append("'")
                cells.append((k, j, 2))
                j += 2
                continue
            return ("\"" if double else "'"), chars, cells, (k, j + 1)
        if double and ch == "\\":
            if j + 1 >= len(row):  # escaped line break: join without a space
                k += 1
                row = _line(lines, k)
                j = len(row) - len(row.lstrip(" \t"))
                continue
            code = row[j + 1]
            if code in _ESCAPES:
                chars.append(_ESCAPES[code])
                cells.append((k, j, 2))
                j += 2
                continue
            if code in _HEX_ESCAPES:
                n = _HEX_ESCAPES[code]
                chars.append(chr(int(row[j + 2:j + 2 + n], 16)))
                cells.append((k, j, 2 + n))
                j += 2 + n
                continue
            return None
        chars.append(ch)
        cells.append((k, j, 1))
        j += 1


def _plain(lines, line: int, col: int):
    chars: list[str] = []
    cells: list[tuple[int, int, int]] = []
    parent = _indent(_line(lines, line))
    k, row, j = line, _line(lines, line), col
    while True:
        stop = row.find(" #", j)
        part = row[j:stop if stop >= 0 else len(row)].rstrip(" \t")
        chars.extend(part)
        cells.extend((k, j + n, 1) for n in range(len(part)))
        end = (k, j + len(part))
        if stop >= 0:
            return "plain", chars, cells, end
        nxt = k + 1
        while nxt < len(lines) and _blank(_line(lines, nxt)):
            nxt += 1
        if nxt >= len(lines):
            return "plain", chars, cells, end
        row_n = _line(lines, nxt)
        if _indent(row_n) <= parent or row_n.lstrip().startswith("#"):
            return "plain", chars, cells, end
        k = _fold(lines, k, chars, cells)
        row = _line(lines, k)
        j = _indent(row)
