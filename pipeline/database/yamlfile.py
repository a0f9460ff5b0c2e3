"""Reading one YAML file safely into plain data plus the position of every node.

ruamel.yaml composes the node tree (safe: no Python objects, no custom tags); we then build the
plain ``dict``/``list``/scalar data ourselves, which lets us refuse duplicate keys, bound alias
expansion (a "billion laughs" file fails fast) and record where every key and value stands, so a
JSON Schema error deep in a card can still be reported as ``file:line:col``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location

#: Files larger than this are refused before they are read (a card file is a few kB).
MAX_FILE_BYTES = 2 * 1024 * 1024
#: Nodes built from one file, counting every alias expansion; far above any real card file.
MAX_NODES = 200_000

Path_ = tuple  # a path into the data: keys and list indices


@dataclass(frozen=True)
class Document:
    """A YAML file read into plain data, with the position of each value and each key."""

    path: Path
    data: object
    values: dict  # data path -> Location of the value
    keys: dict  # data path -> Location of the mapping key that holds it

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


def read_yaml(path: Path) -> Document:
    """Read ``path`` as one YAML document; raise :class:`FindingsError` with a located finding."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise _fail(path, 0, 0, "Y005", f"cannot read the file: {exc.strerror}", "check the path") from None
    if size > MAX_FILE_BYTES:
        raise _fail(
            path, 0, 0, "Y003",
            f"file is {size:,} bytes, more than the {MAX_FILE_BYTES:,} allowed for a card file",
            "split it into several files",
        )
    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise _fail(path, 0, 0, "Y005", f"not UTF-8 text (byte {exc.start})", "save the file as UTF-8") from None
    return parse_yaml(text, path)


def parse_yaml(text: str, path: Path) -> Document:
    """Parse YAML ``text`` (already read from ``path``) into a :class:`Document`."""
    from ruamel.yaml.error import MarkedYAMLError, YAMLError

    yaml = _yaml()
    try:
        node = yaml.compose(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        problem = " ".join(str(exc.problem or exc.context or "syntax error").split())
        raise _fail(path, line, col, "Y001", f"YAML syntax error: {problem}",
                    "fix the YAML syntax (indentation, quotes, colons)") from None
    except YAMLError as exc:
        raise _fail(path, 0, 0, "Y001", f"YAML error: {' '.join(str(exc).split())}", "fix the YAML syntax") from None
    if node is None:
        return Document(path, None, {(): Location(path, 1, 1)}, {})
    builder = _Builder(path, yaml)
    data = builder.build(node, ())
    return Document(path, data, builder.values, builder.keys)


def _yaml():
    """A safe composer: libyaml's C parser (ruamel.yaml.clib, ~6× faster) when installed."""
    from ruamel.yaml import YAML

    return YAML(typ="safe", pure=False)  # ruamel falls back to pure Python without the C parser


def _fail(path, line, col, code, message, hint) -> FindingsError:
    return FindingsError([Finding(Location(Path(path), line, col), code, message, hint=hint)])


_STR = "tag:yaml.org,2002:str"
_SCALARS = {
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float", _STR, "tag:yaml.org,2002:timestamp",
}


class _Builder:
    """Turns a composed node tree into plain data, recording positions as it goes."""

    def __init__(self, path: Path, yaml):
        from ruamel.yaml.constructor import SafeConstructor

        self.path = path
        self.constructor = SafeConstructor(loader=yaml)
        self.values: dict = {}
        self.keys: dict = {}
        self.count = 0

    def loc(self, node) -> Location:
        mark = node.start_mark
        return Location(self.path, mark.line + 1, mark.column + 1)

    def build(self, node, path):
        self.count += 1
        if self.count > MAX_NODES:
            raise _fail(
                self.path, *self._pos(node), "Y004",
                f"the document expands to more than {MAX_NODES:,} values (aliases nested too deep?)",
                "write the data out without nested aliases",
            )
        self.values[path] = self.loc(node)
        tag = str(node.tag)
        if node.id == "mapping":
            return self._mapping(node, path)
        if node.id == "sequence":
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        if tag not in _SCALARS:
            raise _fail(self.path, *self._pos(node), "Y006", f"unsupported YAML tag {tag}",
                        "remove the tag; cards use plain strings, numbers, lists and mappings")
        value = self.constructor.construct_object(node)
        if isinstance(value, (datetime.date, datetime.datetime)):
            return node.value  # keep dates as the text written; no schema field is a date
        return value

    def _mapping(self, node, path):
        result: dict = {}
        for key_node, value_node in node.value:
            if str(key_node.tag) == "tag:yaml.org,2002:merge":
                raise _fail(self.path, *self._pos(key_node), "Y007", "merge keys (<<) are not supported",
                            "write the keys out in full")
            if key_node.id != "scalar":
                raise _fail(self.path, *self._pos(key_node), "Y007", "a mapping key must be a plain string",
                            "use a plain word as the key")
            key = key_node.value if str(key_node.tag) == _STR else self.constructor.construct_object(key_node)
            if not isinstance(key, str):
                raise _fail(self.path, *self._pos(key_node), "Y007",
                            f"a mapping key must be a string, found {type(key).__name__} {key!r}",
                            f"quote it: '{key}'")
            if key in result:
                first = self.keys[path + (key,)]
                raise _fail(self.path, *self._pos(key_node), "Y002",
                            f"duplicate key '{key}' (first at line {first.line})", "remove one of them")
            self.keys[path + (key,)] = self.loc(key_node)
            result[key] = self.build(value_node, path + (key,))
        return result

    @staticmethod
    def _pos(node):
        return node.start_mark.line + 1, node.start_mark.column + 1
