"""Reading one YAML file safely into plain data plus the position of every node.

libyaml's C parser (ruamel.yaml.clib) turns the text into events; we build the plain
``dict``/``list``/scalar data from them in one pass with an explicit stack, which lets us refuse
duplicate keys, bound nesting depth and alias expansion (a "billion laughs" file fails fast),
refuse NaN and infinities, and record where every key and value stands, so a JSON Schema error
deep in a card can still be reported as ``file:line:col``. Positions are kept as packed ints
(line and column) and become :class:`Location` values only when asked for.

Files are read defensively (:func:`read_bytes`): only regular files, inside the game folder when
one is given, and never more than :data:`MAX_FILE_BYTES` — counted while reading, so a file that
grows, or a link to ``/dev/zero``, cannot fill memory.
"""

from __future__ import annotations

import hashlib
import os
import stat
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from sys import intern
from typing import Any

from fuda.database import yamlsyntax
from fuda.database.findings import Finding, FindingsError, Location

#: Files larger than this are refused (a card file is a few kB; 1,000 cards are ~330 kB).
MAX_FILE_BYTES = 2 * 1024 * 1024
#: Values built from one file, counting every alias expansion; far above any real card file.
MAX_NODES = 200_000
#: Nesting of lists and mappings; a card's deepest real value (an op inside an if) is ~12.
MAX_DEPTH = 64

Path_ = tuple  # a path into the data: keys and list indices
#: A position is recorded as one int, ``line << 32 | column`` (both from 0): a 10,000-card
#: database records ~300,000 of them, ~30 MB less than as the parser's mark objects.
_COLUMN = (1 << 32) - 1
#: A lean read leaves out the positions of the plain values this deep or less: a card's own fields
#: (``cards.3.name``), two thirds of a card file's positions; deeper ones (an ability's, an op's)
#: are kept, since the engines' registries locate every op when they compile it.
LEAN_DEPTH = 3
#: Keys, and plain values up to this long (a kind, a timing, "opponent"), are interned: the
#: parser makes a new string for each, and 10,000 cards repeat the same few hundred words
#: (their keys alone were ~11 MB).
INTERN_UP_TO = 24


class Positions(Mapping):
    """Data path -> :class:`Location`, made on demand from the parser's marks (cheap to record).

    A view below ``prefix`` (a card, an ability, an op) shares the document's marks: making one
    costs nothing, a look-up one dict access; iterating walks only ``span``, the paths of the
    value it belongs to (the marks of one card are recorded together).

    A card file is read *lean* (:func:`read_yaml` with ``lean=True``): the positions of a card's
    own plain fields (:data:`LEAN_DEPTH`) and of the keys are not recorded, and ``source`` can give
    them — the first position asked for that was not recorded (a finding's field) reads and parses
    the file again, once, recording everything (iterating a view does too). A 10,000-card database
    whose build finds nothing never does, and holds a third of the positions."""

    __slots__ = ("file", "marks", "of_keys", "prefix", "source", "span")

    def __init__(self, file: Path, marks: dict, prefix: tuple = (), span=None, source: Source | None = None,
                 of_keys: bool = False):
        self.file = file
        self.marks = marks
        self.prefix = prefix
        self.span = span
        self.source = source
        self.of_keys = of_keys  # the positions of the keys (else of the values)

    def _every(self) -> dict:
        """Every position of the file (parsing it again for those not recorded)."""
        return self.marks if self.source is None else self.source.positions(self.of_keys)

    def __getitem__(self, path) -> Location:
        at = self.marks.get(self.prefix + path)
        if at is None:
            if self.source is None or not self.source.may_hold(self.prefix + path, self.of_keys):
                raise KeyError(path)
            at = self._every()[self.prefix + path]
        return Location(self.file, (at >> 32) + 1, (at & _COLUMN) + 1)

    def __contains__(self, path) -> bool:
        found = self.prefix + path
        return found in self.marks or (self.source is not None and self.source.may_hold(found, self.of_keys)
                                       and found in self._every())

    def __iter__(self):
        n, prefix = len(self.prefix), self.prefix
        for path in self._every() if self.span is None or self.source is not None else self.span:
            if len(path) > n and path[:n] == prefix:
                yield path[n:]

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def below(self, *path) -> Positions:
        """The view of the positions below ``path`` (relative to this view)."""
        return Positions(self.file, self.marks, self.prefix + path, self.span, self.source, self.of_keys)


class Source:
    """A lean-read file, parsed again from disk when a position that was not recorded is asked
    for; the positions found then are kept for the next question. Only the text's digest is
    kept: a file changed since it was read is not parsed again (its positions would not be those
    of the data read), and what the lean read recorded answers alone."""

    __slots__ = ("_keys", "_values", "aliased", "digest", "path")

    def __init__(self, path: Path, text: str, aliased: frozenset = frozenset()):
        self.path, self.digest, self.aliased = path, _digest(text), aliased
        self._values: dict | None = None
        self._keys: dict | None = None

    def may_hold(self, path: tuple, of_keys: bool = False) -> bool:
        """Whether a full parse could know the position of ``path`` that the lean one did not: a
        key's, or a plain value's down to :data:`LEAN_DEPTH` (a lean parse records every deeper
        value); not inside an alias (``*name``), whose values no parse records. Asking about any
        other path costs no parse."""
        if not of_keys and len(path) > LEAN_DEPTH:
            return False
        return not self.aliased or not any(path[:n] in self.aliased for n in range(1, len(path)))

    @property
    def parsed(self) -> bool:
        """Whether the file was parsed again (its every position known)."""
        return self._values is not None

    def positions(self, keys: bool = False) -> dict:
        """Every value's position (or every key's), from a full parse of the file as it was read
        (empty when it cannot be read again as it was)."""
        if self._values is None:
            self._values, self._keys = {}, {}
            try:
                text = read_bytes(self.path).decode("utf-8-sig")
            except (FindingsError, UnicodeDecodeError):
                return {}
            if _digest(text) == self.digest:
                builder = _Builder(self.path)
                builder.run(_event_source(text))
                self._values, self._keys = builder.values, builder.keys
        return self._keys if keys else self._values  # type: ignore[return-value]


def _digest(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


@dataclass(frozen=True)
class Document:
    """A YAML file read into plain data, with the position of each value and each key."""

    path: Path
    data: Any  # whatever the YAML holds: a validated file's shape is its schema's
    values: Mapping  # data path -> Location of the value
    keys: Mapping  # data path -> Location of the mapping key that holds it

    def where(self, path: Path_, *, key: bool = False) -> Location:
        """The location of the value at ``path`` (or of its key), falling back to the nearest parent."""
        path = tuple(path)
        table = self.keys if key else self.values
        while path:
            if path in table:
                return table[path]
            if not key and path in self.keys:
                return self.keys[path]
            path = path[:-1]
        return self.values.get((), Location(self.path, 1, 1))


def read_bytes(path: Path, root: Path | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of ``path``, refused with a located finding when it is not a regular file, leaves
    ``root`` (through a link), or holds more than ``limit`` bytes (counted while reading)."""
    path = Path(path)
    if root is not None:
        try:
            inside = path.resolve().is_relative_to(Path(root).resolve())
        except (OSError, RuntimeError):  # a symlink loop
            inside = False
        if not inside:
            raise _fail(path, 0, 0, "Y005", f"{path.name} is a link to {os.path.realpath(path)}, outside the game folder",
                        "copy the file into the game folder instead of linking to it")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError as exc:
        raise _fail(path, 0, 0, "Y005", f"cannot read the file: {exc.strerror}", "check the path") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise _fail(path, 0, 0, "Y005", f"{path.name} is {_kind_of(mode)}, not a file",
                        "remove it or give it another name (only regular files are read)")
        chunks, size = [], 0
        while chunk := os.read(fd, 1 << 20):
            size += len(chunk)
            if size > limit:
                raise _fail(path, 0, 0, "Y003", f"file holds more than the {limit:,} bytes allowed for a card file",
                            "split it into several files")
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_yaml(path: Path, root: Path | None = None, lean: bool = False) -> Document:
    """Read ``path`` as one YAML document; raise :class:`FindingsError` with a located finding.
    ``lean``: see :func:`parse_yaml`."""
    path = Path(path)
    raw = read_bytes(path, root)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        hint = "save the file as UTF-8 (it looks like Shift_JIS)" if _looks_sjis(raw) else "save the file as UTF-8"
        raise _fail(path, line, 0, "Y005", "the file is not UTF-8 text", hint) from None
    return parse_yaml(text, path, lean)


def _looks_sjis(raw: bytes) -> bool:
    try:
        raw.decode("cp932")
    except UnicodeDecodeError:
        return False
    return True


def parse_yaml(text: str, path: Path, lean: bool = False) -> Document:
    """Parse YAML ``text`` (already read from ``path``) into a :class:`Document`; ``lean``: leave
    out the positions of keys and of shallow plain values, found again when asked for (see
    :class:`Positions`)."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    builder = _Builder(path, lean)
    try:
        try:
            data = builder.run(_event_source(text))
        except _Recount:  # a duplicate key, whose first line only a full parse knows
            builder = _Builder(path)
            data = builder.run(_event_source(text))
            lean = False
    except MarkedYAMLError as exc:
        raise FindingsError([yamlsyntax.syntax_finding(path, text, exc)]) from None
    except YAMLError as exc:
        raise _fail(path, 0, 0, "Y001", f"YAML error: {' '.join(str(exc).split())}", "fix the YAML syntax") from None
    if builder.empty:
        return Document(path, None, Positions(path, {}), Positions(path, {}))
    source = Source(path, text, frozenset(builder.aliased)) if lean else None
    return Document(path, data, Positions(path, builder.values, source=source),
                    Positions(path, builder.keys, source=source, of_keys=True))


class _Recount(Exception):
    """A lean parse met what only a full one can report."""


def _event_source(text: str):
    """A function returning the next parse event (``None`` at the end): libyaml's C parser when
    ruamel.yaml.clib is installed (events cost a third of a composed node tree), else ruamel's."""
    try:
        from _ruamel_yaml import CParser
    except ImportError:
        from ruamel.yaml import YAML

        events = YAML(typ="safe", pure=True).parse(text)
        return lambda: next(events, None)
    return CParser(text).get_event


def _fail(path, line, col, code, message, hint) -> FindingsError:
    return FindingsError([Finding(Location(Path(path), line, col), code, message, hint=hint)])


_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
_SCALARS = {_NULL, _BOOL, _INT, _FLOAT, _STR, "tag:yaml.org,2002:timestamp"}
_KEY = object()  # a mapping frame waiting for its next key


@cache
def _resolvers() -> dict:
    """First character -> [(tag, regexp)]: ruamel's YAML 1.2 implicit resolvers, looked up once
    (ruamel's own resolver asks for the document's version at every scalar)."""
    from ruamel.yaml.resolver import implicit_resolvers

    table: dict = {}
    for versions, tag, regexp, first in implicit_resolvers:
        if (1, 2) in versions:
            for char in first:
                table.setdefault(char, []).append((tag, regexp))
    return table


@cache
def _event_types():
    from ruamel.yaml import events

    return (events.ScalarEvent, events.MappingStartEvent, events.SequenceStartEvent, events.MappingEndEvent,
            events.SequenceEndEvent, events.AliasEvent, events.DocumentStartEvent, events.StreamEndEvent)


class _Builder:
    """Builds plain data from parse events, recording positions as it goes."""

    def __init__(self, path: Path, lean: bool = False):
        self.path = path
        self.lean = lean  # no key's position, and no plain value's down to LEAN_DEPTH
        self.values: dict = {}
        self.aliased: set = set()  # the paths of aliases (lean: the values below have no position)
        self.keys: dict = {}
        self.count = 0
        self.empty = True

    def run(self, get):
        scalar_t, map_t, seq_t, map_end, seq_end, alias_t, doc_t, end_t = _event_types()
        resolvers = _resolvers()
        value_kinds = {scalar_t, map_t, seq_t, map_end, seq_end, alias_t}
        special_first = set(resolvers) | set(yamlsyntax.DASHES) | {"<"}  # keys that need _key's care
        values = self.values
        lean = self.lean
        anchors: dict = {}
        # frames: [container, path, pending key or _KEY/None, anchor, count at start, mark, pending key's path]
        stack: list = []
        documents = 0
        root = None
        while (event := get()) is not None:
            kind = type(event)
            if kind is doc_t:
                documents += 1
                if documents > 1:
                    raise self._error(event.start_mark, "Y001", "the file holds more than one YAML document (a '---' line)",
                                      "keep one document per file: remove the '---' line")
                continue
            if kind is end_t:
                break
            if kind not in value_kinds:
                continue  # stream start, document end
            if kind is map_end or kind is seq_end:
                frame = stack.pop()
                value = frame[0]
                if frame[3] is not None:
                    anchors[frame[3]] = (value, self.count - frame[4])
            else:
                top = stack[-1] if stack else None
                if top is not None and top[2] is _KEY:
                    text = event.value if kind is scalar_t else None
                    if (text and event.tag is None and event.implicit[0] and text[0] not in special_first
                            and text not in top[0]):
                        text = intern(text)  # one string for a key every card repeats ("name", "when" …)
                        top[6] = key_path = top[1] + (text,)  # the common key: a new plain word
                        if not lean:
                            mark = event.start_mark
                            self.keys[key_path] = mark.line << 32 | mark.column
                        top[2] = text
                    else:
                        top[2] = self._key(event, top, scalar_t)
                    continue
                if top is None:
                    path = ()
                elif top[2] is None:
                    path = top[1] + (len(top[0]),)
                else:
                    path = top[6]  # the key's path: one tuple for both tables
                mark = event.start_mark
                if not lean or kind is not scalar_t or len(path) > LEAN_DEPTH:
                    values[path] = mark.line << 32 | mark.column
                self.count += 1
                if kind is scalar_t:
                    text = event.value
                    if event.tag is None and (not event.implicit[0] or (text and text[0] not in resolvers)):
                        # quoted, or plain and no implicit type starts this way; a short word
                        # ("spell", "opponent", "on-cast") is one string for every card that has it
                        value = intern(text) if len(text) <= INTERN_UP_TO else text
                    else:
                        value = self._scalar(event, resolvers)
                        if type(value) is str and len(value) <= INTERN_UP_TO:
                            value = intern(value)
                elif kind is alias_t:
                    if event.anchor not in anchors:
                        raise self._error(mark, "Y001", f"the alias *{event.anchor} names no anchor before it",
                                          f"define &{event.anchor} above, or remove the alias")
                    value, size = anchors[event.anchor]
                    self.count += size
                    self.aliased.add(path)
                elif kind is map_t or kind is seq_t:
                    if event.tag not in (None, "!", _MAP if kind is map_t else _SEQ):
                        raise self._unsupported(mark, event.tag)
                    if len(stack) >= MAX_DEPTH:
                        raise self._error(mark, "Y009", f"lists and mappings are nested more than {MAX_DEPTH} deep",
                                          "flatten the data; a card never needs this depth")
                    frame = [{} if kind is map_t else [], path, _KEY if kind is map_t else None,
                             event.anchor, self.count, mark, None]
                    stack.append(frame)
                    continue
                if self.count > MAX_NODES:
                    raise self._error(mark, "Y004",
                                      f"the document expands to more than {MAX_NODES:,} values (aliases nested too deep?)",
                                      "write the data out without nested aliases")
                if kind is scalar_t and event.anchor is not None:
                    anchors[event.anchor] = (value, 1)
            self.empty = False
            if not stack:
                root = value
            else:
                top = stack[-1]
                if top[2] is None:
                    top[0].append(value)
                else:
                    top[0][top[2]] = value
                    top[2] = _KEY
        return root

    def _key(self, event, frame, scalar_t):
        """Read the key ``event`` of the mapping ``frame``: a plain, new string."""
        mark = event.start_mark
        if type(event) is not scalar_t:
            raise self._error(mark, "Y007", "a mapping key must be a plain string", "use a plain word as the key")
        if event.tag is None and event.implicit[0] and event.value == "<<":
            raise self._error(mark, "Y007", "merge keys (<<) are not supported", "write the keys out in full")
        key = self._scalar(event, _resolvers())
        if not isinstance(key, str):
            raise self._error(mark, "Y007", f"a mapping key must be a string, found {type(key).__name__} {key!r}",
                              f"quote it: '{key}'")
        key = intern(key)  # as a common key is
        path = frame[1] + (key,)
        if key in frame[0]:
            if self.lean:
                raise _Recount
            first = self.keys[path]
            raise self._error(mark, "Y002", f"duplicate key '{key}' (first at line {(first >> 32) + 1})", "remove one of them")
        if key[:1] in yamlsyntax.DASHES and event.implicit[0]:
            dash = yamlsyntax.fullwidth_dash(key)
            if dash:
                raise self._error(mark, "Y010", *dash)
        if not self.lean:
            self.keys[path] = mark.line << 32 | mark.column
        frame[6] = path
        return key

    def _scalar(self, event, resolvers):
        """A YAML 1.2 core scalar (ruamel's rules); NaN and infinities are refused here, so no
        number field anywhere can hold one (the printer and engines cannot use them)."""
        text = event.value
        tag = event.tag
        if tag is None:
            if not event.implicit[0]:
                return text  # quoted
            for name, regexp in resolvers.get(text[:1] if text else "", ()):
                if regexp.match(text):
                    tag = name
                    break
            else:
                return text
        elif tag == "!" or tag == _STR:
            return text
        if tag not in _SCALARS:
            raise self._unsupported(event.start_mark, tag)
        if tag == _INT:
            digits = text.replace("_", "")
            sign = -1 if digits[:1] == "-" else 1
            digits = digits.lstrip("+-")
            base = {"0b": 2, "0o": 8, "0x": 16}.get(digits[:2])
            return sign * (int(digits[2:], base) if base else int(digits))
        if tag == _FLOAT:
            value = float(text.replace("_", "").lower().replace(".inf", "inf").replace(".nan", "nan"))
            if value != value or value in (float("inf"), float("-inf")):
                raise self._error(event.start_mark, "Y008", f"{text} is not a number a card can use",
                                  "write a finite number (NaN and infinity are not allowed)")
            return value
        if tag == _BOOL:
            return text.lower() == "true"
        if tag == _NULL:
            return None
        return text  # a timestamp: kept as the text written; no schema field is a date

    def _unsupported(self, mark, tag):
        return self._error(mark, "Y006", f"unsupported YAML tag {tag}",
                           "remove the tag; cards use plain strings, numbers, lists and mappings")

    def _error(self, mark, code, message, hint) -> FindingsError:
        return _fail(self.path, mark.line + 1, mark.column + 1, code, message, hint)
