"""``fuda lint --fix``: apply the safe, mechanical fixes in place.

Only fixes that cannot change meaning are applied — look-alike characters, digit and sign
widths, Roman numerals, invisible characters, spaces, the wave dash and CP932 twins — and only
for rules that are selected and not suppressed. Each string is fixed to a fixpoint first (so a
second run finds nothing to do), then written back into its YAML file by replacing exactly the
raw characters that changed: positions come from the ruamel.yaml parse of the current text
(``pipeline.yamlfile``) and :mod:`fuda.lint.source` maps each value character to its raw
characters, quotes and escapes included. Everything else in the file — comments, key order,
quoting style, flow or block layout, blank lines, ``null`` spellings — stays byte for byte.
Every edit is verified by parsing the new text and comparing all data with what was intended;
an edit that would change anything else is not written and is reported instead.

(A round-trip *dump* through ruamel.yaml was measured to rewrite ``key: null`` as ``key:`` and
needs the file's indentation guessed; splicing the changed characters avoids both.)
"""

from __future__ import annotations

import copy
import difflib
import itertools
from dataclasses import dataclass, field
from pathlib import Path

from fuda.database.findings import FindingsError
from fuda.lint.check import Context, Field, Plan, deck_fields, fields, value_at
from fuda.lint.engine import registry, suppressed
from fuda.lint.source import build_map, forget


@dataclass(frozen=True)
class Edit:
    """A string of a card (or of a deck file: ``card`` is then the deck id) to replace: ``path``
    below the card or deck, old and new values."""

    file: Path
    card: str
    path: tuple
    old: str
    new: str


@dataclass
class FixResult:
    """What ``--fix`` did: the fields changed per file and the edits it refused."""

    changed: dict = field(default_factory=dict)  # file -> number of fields changed
    failed: list = field(default_factory=list)  # (Edit, reason)

    @property
    def fields(self) -> int:
        """Number of strings rewritten."""
        return sum(self.changed.values())


def fix_value(ctx: Context, plan: Plan, fld: Field, codes: frozenset) -> str:
    """``fld``'s value with every safe fix of ``codes`` applied, to a fixpoint."""
    value = fld.value
    for _ in range(8):
        current = Field(fld.kind, fld.path, value, fld.card)
        hits = sorted((h for h in plan.hits(ctx, current) if h.code in codes and h.replacement is not None),
                      key=lambda h: (h.start, -h.end))
        if not hits:
            break
        out, last = [], 0
        for hit in hits:
            if hit.start < last:
                continue  # overlapping hits: the next round sees what is left
            out.append(value[last:hit.start])
            out.append(hit.replacement)
            last = hit.end
        out.append(value[last:])
        new = "".join(out)
        if new == value:
            break
        value = new
    return value


def plan_edits(database, enabled, games=None, files=None) -> list[Edit]:
    """The edits ``--fix`` would make (nothing is written)."""
    reg, checks = registry()
    fixable = frozenset(code for code, info in reg.items() if info.fixable)
    wanted_files = {Path(f).resolve() for f in files} if files else None
    edits: list[Edit] = []
    for game in database.games:
        if games and game.id not in games:
            continue
        ctx = Context(game, frozenset(enabled) & fixable, reg)
        plan = Plan(ctx, checks)
        if not plan.field:
            continue
        for item, item_fields in [*((c, fields) for c in game.cards), *((d, deck_fields) for d in game.decks)]:
            codes = ctx.enabled - suppressed(item, reg)
            if not codes:
                continue
            file = Path(item.source.file)
            if wanted_files is not None and file.resolve() not in wanted_files:
                continue
            for fld in item_fields(item):
                new = fix_value(ctx, plan, fld, codes)
                if new != fld.value:
                    edits.append(Edit(file, item.id, fld.path, fld.value, new))
    return edits


def apply(edits: list[Edit]) -> FixResult:
    """Write ``edits`` into their files, each verified; files are replaced atomically."""
    from fuda.atomic import write_atomic

    result = FixResult()
    by_file: dict[Path, list[Edit]] = {}
    for edit in edits:
        by_file.setdefault(edit.file, []).append(edit)
    for path, file_edits in by_file.items():
        raw = Path(path).read_bytes()
        bom = raw.startswith(b"\xef\xbb\xbf")
        text = raw.decode("utf-8-sig")
        done = 0
        for edit in file_edits:
            new_text, reason = _apply_one(path, text, edit)
            if new_text is None:
                result.failed.append((edit, reason))
                continue
            text = new_text
            done += 1
        if done:
            write_atomic(path, ("\ufeff" if bom else "") + text)
            forget(path)
            result.changed[path] = done
    return result


def _apply_one(path: Path, text: str, edit: Edit):
    from fuda.database.yamlfile import parse_yaml

    try:
        doc = parse_yaml(text, path)
    except FindingsError as exc:
        return None, f"the file does not parse: {exc}"
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    if isinstance(doc.data, dict) and doc.data.get("id") == edit.card:
        dpath = tuple(edit.path)  # a deck file: the deck is the document (a card file has no id)
    else:
        index = next((i for i, c in enumerate(cards or ()) if isinstance(c, dict) and c.get("id") == edit.card), None)
        if index is None:
            return None, f"card {edit.card} is not in the file any more"
        dpath = ("cards", index, *tuple(edit.path))
    if value_at(doc.data, dpath) != edit.old:
        return None, "the text changed since it was linted"
    loc = doc.values.get(dpath)
    lines = text.split("\n")
    smap = build_map(lines, loc.line - 1, loc.col - 1, edit.old) if loc else None
    if smap is None:
        return None, "cannot map the string to its characters in the file"
    new_lines = _splice(lines, smap, edit.old, edit.new)
    if new_lines is None:
        return None, f"cannot edit a {smap.style} scalar there in place"
    new_text = "\n".join(new_lines)
    expected = copy.deepcopy(doc.data)
    _set(expected, dpath, edit.new)
    try:
        if parse_yaml(new_text, path).data != expected:
            return None, "the edit would change other data"
    except FindingsError:
        return None, "the edit would break the YAML"
    return new_text, None


def _set(node, path, value):
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value


def _escape(text: str, style: str) -> str | None:
    """``text`` written inside a scalar of ``style``; None when the style cannot hold it."""
    if style == '"':
        out = []
        for ch in text:
            if ch in '"\\':
                out.append("\\" + ch)
            elif ch == "\n":
                out.append("\\n")
            elif ch == "\t":
                out.append("\\t")
            elif not ch.isprintable() or ch in "\u2028\u2029\ufeff":
                out.append(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
            else:
                out.append(ch)
        return "".join(out)
    if "\n" in text:
        return None
    if style == "'":
        return text.replace("'", "''")
    return text


def _splice(lines: list[str], smap, old: str, new: str) -> list[str] | None:
    """``lines`` with the raw characters of ``old`` that differ from ``new`` replaced."""
    cells = smap.cells
    ops = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    spans = []
    for tag, i1, i2, j1, j2 in ops:
        if tag == "equal":
            continue
        piece = _escape(new[j1:j2], smap.style)
        if piece is None:
            return None
        if i2 > i1:
            run = cells[i1:i2]
            if any(length == 0 for _, _, length in run) or len({ln for ln, _, _ in run}) != 1:
                return None
            for (_, c1, n1), (_, c2, _) in itertools.pairwise(run):
                if c1 + n1 != c2:
                    return None
            line, start, _ = run[0]
            end = run[-1][1] + run[-1][2]
        elif i1 < len(cells) and cells[i1][2]:
            line, start, _ = cells[i1]
            end = start
        elif i1 and cells[i1 - 1][2]:
            line, col, length = cells[i1 - 1]
            start = end = col + length
        else:
            return None
        spans.append((line, start, end, piece))
    out = list(lines)
    for line, start, end, piece in sorted(spans, reverse=True):
        row = out[line]
        out[line] = row[:start] + piece + row[end:]
    return out


def fix(database, enabled, games=None, files=None) -> FixResult:
    """Plan and apply every safe fix; the caller reloads the database to lint again."""
    return apply(plan_edits(database, enabled, games, files))
