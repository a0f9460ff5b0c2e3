"""YAML syntax errors in plain words, and the full-width slips a Japanese IME makes in YAML.

libyaml reports what its grammar expected ("mapping values are not allowed in this context");
a designer needs what to change on which line. :func:`syntax_finding` turns a parser error into
one located finding in plain words, with the line itself and a caret (in ``Finding.extra``), and
names a full-width ``：``, ``ー``/``－`` used as a list dash, a full-width space or a tab when the
line (or the one above it) holds one. Each message is built here, in one table, so it can be
translated.
"""

from __future__ import annotations

import re
from pathlib import Path

from fuda.database.findings import Finding, Location

#: libyaml's problem text (a fragment) -> (what is wrong, in plain words; how to fix it).
PLAIN = (
    ("found character '\\t'", "a tab character is used for indentation; YAML indents with spaces only",
     "replace the tab with spaces"),
    ("cannot start any token", "a character YAML cannot start a value with",
     "put the value in quotes"),
    ("mapping values are not allowed", "a ':' stands where no new 'key: value' can start "
     "(wrong indentation, a missing space after '-', or a ':' in unquoted text)",
     "check the indentation, or put the text in quotes"),
    ("could not find expected ':'", "a line is not in 'key: value' form (a missing ':' or an unclosed quote)",
     "add the ':' (followed by a space) or close the quote"),
    ("did not find expected key", "this line does not line up with the keys above it",
     "indent it exactly like the keys beside it"),
    ("did not find expected '-' indicator", "this line does not line up with the list items above it",
     "start each list item with '- ' at the same indentation"),
    ("expected <block end>", "this line is indented differently from the lines above it",
     "line up the indentation with the lines above"),
    ("found unexpected end of stream", "the file ends inside an unclosed quote or bracket",
     "close the quote or bracket"),
    ("found unknown escape character", "a backslash escape that is not valid inside \"double quotes\"",
     "use 'single quotes' or write \\\\"),
    ("did not find expected ',' or", "a [ ] or { } list is not closed, or an item lacks its ','",
     "close the bracket and separate the items with ','"),
    ("found undefined alias", "an alias (*name) names no anchor (&name) before it",
     "define the anchor first, or remove the alias"),
    ("found duplicate anchor", "the same anchor (&name) is defined twice", "rename one of them"),
)

DASHES = "ー－―‐−"  # what an IME types for '-'
SLIPS = DASHES + "：\u3000\t"
_KEYISH = re.compile(r"^\s*-?\s*[A-Za-z][A-Za-z0-9_-]*\s*：")


def fullwidth_slip(line: str) -> tuple[str, str] | None:
    """(message, fix) when ``line`` holds a full-width character where YAML syntax needs ASCII."""
    stripped = line.lstrip(" \t\u3000")
    if stripped[:1] in DASHES and stripped[1:2] in (" ", "\u3000"):
        return (f"「{stripped[0]}」 (a full-width dash) is used as a list dash",
                f"全角の「{stripped[0]}」→ 半角の - (write '- ' at the start of each list item)")
    if _KEYISH.match(line):
        return "a full-width colon 「：」 follows a key", "全角コロン「：」→ 半角の : (followed by a space)"
    indent = line[: len(line) - len(stripped)]
    if "\u3000" in indent or "\u3000" in line.split(":", 1)[0]:
        return "a full-width space 「　」 is used in the indentation", "全角スペース「　」→ 半角スペース"
    if "\t" in indent:
        return "a tab character is used for indentation", "replace the tab with spaces (YAML indents with spaces only)"
    return None


def fullwidth_dash(key: str) -> tuple[str, str] | None:
    """(message, fix) for a mapping key that starts with a full-width dash and a space — a list
    item the IME wrote as ``ー id: …``, which YAML reads as the key ``ー id``."""
    if key[:1] in DASHES and key[1:2] in (" ", "\u3000"):
        return fullwidth_slip(key)
    return None


def syntax_finding(path: Path, text: str, exc) -> Finding:
    """One located finding, in plain words, for the parser error ``exc`` in ``text``."""
    problem = " ".join(str(exc.problem or exc.context or "syntax error").split())
    mark = exc.problem_mark or exc.context_mark
    if "end of stream" in problem and exc.context_mark is not None:
        mark = exc.context_mark  # where the unclosed quote or bracket starts, not the file's end
    line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    slip = None
    for at in (line, line - 1):  # libyaml often notices a slip on the line after it
        candidate = lines[at - 1] if 0 < at <= len(lines) else ""
        slip = fullwidth_slip(candidate)
        if slip:
            if at != line:
                line, source = at, candidate
                col = next((i + 1 for i, ch in enumerate(candidate) if ch in SLIPS), 1)
            break
    if slip:
        message, hint = slip
    else:
        message, hint = next(((m, h) for frag, m, h in PLAIN if frag in problem),
                             (f"the YAML cannot be read here ({problem})", "fix the YAML syntax (indentation, quotes, colons)"))
    shown = source.strip()
    if len(shown) > 60:
        shown = shown[:57] + "..."
    extra = (("source", source), ("caret", " " * max(col - 1, 0) + "^")) if source else ()
    return Finding(Location(Path(path), line, col), "Y001",
                   f"YAML syntax error: {message}" + (f" — line {line}: {shown}" if shown else ""),
                   hint=hint, extra=extra)
