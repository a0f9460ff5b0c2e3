"""A card file edited in place, keeping its comments, key order and layout (ruamel.yaml round trip).

The file is loaded with ruamel.yaml's round-trip loader under the indentation that dumps it back
byte for byte (tried among the usual layouts, the one ruamel guesses first); a file no layout
reproduces is refused rather than rewritten (:class:`LayoutError`), so the lines fuda does not
change stay exactly as they were. Values are merged into the loaded nodes: an unchanged value
keeps its node (its quoting, flow or block style, comments), a changed mapping or same-length list
is merged key by key, anything else is replaced by a node in fuda's card-file style
(:mod:`fuda.database.yamlwrite`). The blank line between two cards, which ruamel keeps as a
comment of the card's last value, is restored after the dump where the original file had one.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from fuda.database.yamlfile import parse_yaml


class LayoutError(ValueError):
    """A file ruamel.yaml cannot write back unchanged; ``line`` is the first line that differs."""

    def __init__(self, path: Path, line: int):
        super().__init__(f"{path}:{line}")
        self.path, self.line = Path(path), line


def plain(node):
    """A ruamel node as plain Python data (bool, int, float, str, dict, list)."""
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    for kind in (bool, int, float, str):
        if isinstance(node, kind):
            return kind(node)
    return node


def same(a, b) -> bool:
    """Equal data, types included (``True`` is not ``1``, ``1`` is not ``1.0``)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=False))
    return type(a) is type(b) and a == b


def _short(value: dict) -> bool:
    return len(value) <= 4 and all(not isinstance(v, (list, dict)) and not (isinstance(v, str) and "\n" in v)
                                   for v in value.values())


def styled(value, like=None):
    """``value`` as a ruamel node in fuda's card-file style (flow for lists of plain values and
    short mappings, block for lists of mappings, ``|`` for several lines), keeping the flow or block
    style of the node it replaces and the quoting of a non-empty string it replaces (``like``)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString, PlainScalarString

    if isinstance(value, list):
        seq = CommentedSeq(styled(v) for v in value)
        scalars = not any(isinstance(v, (dict, list)) for v in value)
        flow = like.fa.flow_style() if isinstance(like, CommentedSeq) else None
        seq.fa.set_flow_style() if scalars and flow is not False else seq.fa.set_block_style()
        return seq
    if isinstance(value, dict):  # `- draw: 1`, `cost: {tap: true, reiryoku: 1}`, as fuda's files write them
        m = CommentedMap((k, styled(v)) for k, v in value.items())
        flow = like.fa.flow_style() if isinstance(like, CommentedMap) else None
        wanted = flow if flow is not None else len(value) > 1 and _short(value)
        m.fa.set_flow_style() if wanted else m.fa.set_block_style()
        return m
    if isinstance(value, str) and "\n" in value:
        return LiteralScalarString(value)
    if value == "" and isinstance(value, str):
        return DoubleQuotedScalarString("")  # `text: ""`, as fuda writes a vanilla card
    if isinstance(value, str) and isinstance(like, str) and type(like) is not str:
        if like and "\n" not in like:
            return type(like)(value)  # a quoted string stays quoted the same way
        return PlainScalarString(value)  # not the quotes "" needed (ruamel would keep them); quoted if it must be
    return value


def merge(node, new):
    """``node`` updated to hold ``new``: the same node when nothing changed, merged in place when
    both are mappings (or lists of one length), else a new node."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if same(plain(node), new):
        return node
    if isinstance(node, CommentedMap) and isinstance(new, dict) and not node.fa.flow_style():
        update_mapping(node, new, set(node) - set(new))
        return node
    if isinstance(node, CommentedSeq) and isinstance(new, list) and len(node) == len(new) and not node.fa.flow_style():
        for i, value in enumerate(new):
            merged = merge(node[i], value)
            if merged is not node[i]:
                node[i] = merged
        return node
    return styled(new, node)


def update_mapping(node, new: dict, drop) -> None:
    """Set ``node``'s keys to ``new``'s values (a new key placed where ``new``'s order puts it),
    and remove the keys ``drop``."""
    for key in [k for k in node if k in drop]:
        node.ca.items.pop(key, None)
        del node[key]
    order = list(new)
    for key, value in new.items():
        if key in node:
            merged = merge(node[key], value)
            if merged is not node[key]:
                node[key] = merged
            continue
        before = order[:order.index(key)]
        keys = list(node)
        pos = max((keys.index(k) + 1 for k in before if k in keys), default=0)
        node.insert(pos, key, styled(value))


def strip_trailing_blank(node) -> None:
    """Forget the blank line ruamel keeps after the last value of ``node`` (restored by
    :func:`restore_blank_lines` after the dump, where the file had it)."""
    from ruamel.yaml.comments import CommentedBase

    while isinstance(node, CommentedBase) and len(node):
        last = list(node)[-1] if isinstance(node, dict) else len(node) - 1
        entry = node.ca.items.get(last)
        if entry:
            for i, token in enumerate(entry):
                if token is not None and not isinstance(token, list) and not str(token.value).strip():
                    entry[i] = None
        node = node[last]


class RoundTrip:
    """One YAML file loaded for editing: ``doc`` is its data as ruamel nodes."""

    def __init__(self, path: Path):
        self.path = Path(path)
        raw = self.path.read_bytes()
        self.bom = raw.startswith(b"\xef\xbb\xbf")
        text = raw.decode("utf-8-sig")
        self.crlf = "\r\n" in text
        self.original = text.replace("\r\n", "\n")
        self.yaml, self.doc = _load(self.path, self.original)

    def text(self, touched=(), added=()) -> str:
        """The file's new text: the dump, blank lines between cards restored around the cards
        ``touched`` (changed or added ids)."""
        buf = io.StringIO()
        self.yaml.dump(self.doc, buf)
        text = restore_blank_lines(self.original, buf.getvalue(), set(touched), set(added))
        return ("\ufeff" if self.bom else "") + (text.replace("\n", "\r\n") if self.crlf else text)


def _yaml(mapping: int, sequence: int, offset: int):
    from ruamel.yaml import YAML

    yaml = YAML()
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=mapping, sequence=sequence, offset=offset)
    return yaml


def _load(path: Path, text: str):
    from ruamel.yaml.util import load_yaml_guess_indent

    _, ind, bsi = load_yaml_guess_indent(text)
    ind, bsi = ind or 2, bsi or 0
    first_diff = 1
    for layout in dict.fromkeys([(2, ind, bsi), (ind, ind, bsi), (2, 4, 2), (2, 2, 0)]):
        yaml = _yaml(*layout)
        doc = yaml.load(text)
        buf = io.StringIO()
        yaml.dump(doc, buf)
        if buf.getvalue() == text:
            return _yaml(*layout), yaml.load(text)
        a, b = text.split("\n"), buf.getvalue().split("\n")
        first_diff = max(first_diff, next((i + 1 for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))))
    raise LayoutError(path, first_diff)


def _card_starts(text: str) -> list[tuple[str, int]]:
    """(id, 0-based line) of every card of a card file's text."""
    doc = parse_yaml(text, Path("cards.yaml"))
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    out = []
    for i, card in enumerate(cards if isinstance(cards, list) else []):
        loc = doc.where(("cards", i, "id")) if isinstance(card, dict) and "id" in card else None
        if loc is not None and loc.line:
            out.append((str(card.get("id")), loc.line - 1))
    return out


ITEM = re.compile(r"^\s*- ")


def restore_blank_lines(original: str, dumped: str, touched: set, added: set) -> str:
    """``dumped`` with a blank line before each card next to a touched one that had one in
    ``original`` (an added card: when the file separates its cards by blank lines)."""
    if not touched:
        return dumped
    before = {cid: line > 0 and not original.split("\n")[line - 1].strip() for cid, line in _card_starts(original)}
    separated = any(list(before.values())[1:])
    lines = dumped.split("\n")
    starts = _card_starts(dumped)
    inserts = []
    for n, (cid, line) in enumerate(starts):
        if n == 0 or not ITEM.match(lines[line]):
            continue
        if cid not in touched and starts[n - 1][0] not in touched:
            continue
        wanted = separated if cid in added else before.get(cid, separated)
        if wanted and lines[line - 1].strip():
            inserts.append(line)
    for line in reversed(inserts):
        lines.insert(line, "")
    return "\n".join(lines)
