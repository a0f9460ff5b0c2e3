"""Reading one YAML file safely into plain data plus the position of every node.

ruamel.yaml composes the node tree (safe: no Python objects, no custom tags); we then build the
plain ``dict``/``list``/scalar data ourselves, which lets us refuse duplicate keys, bound alias
expansion (a "billion laughs" file fails fast) and record where every key and value stands, so a
JSON Schema error deep in a card can still be reported as ``file:line:col``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
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

    try:
        node = _compose(text)
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
    builder = _Builder(path)
    data = builder.build(node, ())
    return Document(path, data, builder.values, builder.keys)


def _compose(text: str):
    """The node tree of ``text``, composed by libyaml's C parser (ruamel.yaml.clib) with our own
    YAML 1.2 tag resolution: ruamel's resolver looks its version up for every scalar, which cost
    as much as the parse itself (6 % of a 10,000-card validate)."""
    composer = _composer_class()(text)
    try:
        return composer.get_single_node()
    finally:
        composer.dispose()


@cache
def _composer_class():
    from ruamel.yaml.nodes import ScalarNode, SequenceNode
    from ruamel.yaml.resolver import implicit_resolvers

    try:
        from _ruamel_yaml import CParser
    except ImportError:  # no C parser: ruamel's pure-Python one, same resolution
        from ruamel.yaml import YAML

        class _Pure:
            def __init__(self, text):
                self.text = text

            def get_single_node(self):
                return YAML(typ="safe", pure=True).compose(self.text)

            def dispose(self):
                pass

        return _Pure

    table: dict = {}
    for versions, tag, regexp, first in implicit_resolvers:
        if (1, 2) in versions:
            for char in first:
                table.setdefault(char, []).append((_TAGS.get(tag) or _tag(tag), regexp))

    class _Composer(CParser):
        def resolve(self, kind, value, implicit):
            if kind is ScalarNode:
                if implicit[0]:
                    for tag, regexp in table.get(value[:1] if value else "", ()):
                        if regexp.match(value):
                            return tag
                return _TAGS[_STR]
            return _TAGS[_SEQ] if kind is SequenceNode else _TAGS[_MAP]

        def descend_resolver(self, *_):
            pass

        def ascend_resolver(self, *_):
            pass

    return _Composer


def _tag(name: str):
    from ruamel.yaml.tag import Tag

    return Tag(suffix=name)


def _fail(path, line, col, code, message, hint) -> FindingsError:
    return FindingsError([Finding(Location(Path(path), line, col), code, message, hint=hint)])


_STR = "tag:yaml.org,2002:str"
_SEQ = "tag:yaml.org,2002:seq"
_MAP = "tag:yaml.org,2002:map"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_SCALARS = {
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:bool", _INT, _FLOAT, _STR, "tag:yaml.org,2002:timestamp",
}
_TAGS = {name: _tag(name) for name in (*_SCALARS, _SEQ, _MAP)}  # one Tag object per resolved tag


class _Builder:
    """Turns a composed node tree into plain data, recording positions as it goes."""

    def __init__(self, path: Path):
        self.path = path
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
        mark = node.start_mark
        self.values[path] = Location(self.path, mark.line + 1, mark.column + 1)
        tag = node.ctag
        if tag is _T_STR:
            return node.value
        if node.id == "mapping":
            return self._mapping(node, path)
        if node.id == "sequence":
            build = self.build
            return [build(item, path + (i,)) for i, item in enumerate(node.value)]
        name = str(tag)
        if name == _STR:
            return node.value
        if name not in _SCALARS:
            raise _fail(self.path, *self._pos(node), "Y006", f"unsupported YAML tag {name}",
                        "remove the tag; cards use plain strings, numbers, lists and mappings")
        return self._scalar(node, name)

    def _scalar(self, node, name: str):
        """A YAML 1.2 core scalar (ruamel's rules); NaN and infinities are refused here, so no
        number field anywhere can hold one (the printer and engines cannot use them)."""
        text = node.value
        if name == _INT:
            digits = text.replace("_", "")
            sign = -1 if digits[:1] == "-" else 1
            digits = digits.lstrip("+-")
            base = {"0b": 2, "0o": 8, "0x": 16}.get(digits[:2])
            return sign * (int(digits[2:], base) if base else int(digits))
        if name == _FLOAT:
            value = float(text.replace("_", "").lower().replace(".inf", "inf").replace(".nan", "nan"))
            if value != value or value in (float("inf"), float("-inf")):
                raise _fail(self.path, *self._pos(node), "Y008", f"{text} is not a number a card can use",
                            "write a finite number (NaN and infinity are not allowed)")
            return value
        if name == "tag:yaml.org,2002:bool":
            return text.lower() == "true"
        if name == "tag:yaml.org,2002:null":
            return None
        return text  # a timestamp: kept as the text written; no schema field is a date

    def _mapping(self, node, path):
        result: dict = {}
        keys = self.keys
        for key_node, value_node in node.value:
            key_tag = key_node.ctag
            if key_tag is _T_STR:
                key = key_node.value
            else:
                if str(key_tag) == "tag:yaml.org,2002:merge":
                    raise _fail(self.path, *self._pos(key_node), "Y007", "merge keys (<<) are not supported",
                                "write the keys out in full")
                if key_node.id != "scalar":
                    raise _fail(self.path, *self._pos(key_node), "Y007", "a mapping key must be a plain string",
                                "use a plain word as the key")
                name = str(key_tag)
                key = key_node.value if name == _STR else (self._scalar(key_node, name) if name in _SCALARS else None)
                if not isinstance(key, str):
                    raise _fail(self.path, *self._pos(key_node), "Y007",
                                f"a mapping key must be a string, found {type(key).__name__} {key!r}",
                                f"quote it: '{key}'")
            if key in result:
                first = keys[path + (key,)]
                raise _fail(self.path, *self._pos(key_node), "Y002",
                            f"duplicate key '{key}' (first at line {first.line})", "remove one of them")
            mark = key_node.start_mark
            keys[path + (key,)] = Location(self.path, mark.line + 1, mark.column + 1)
            result[key] = self.build(value_node, path + (key,))
        return result

    @staticmethod
    def _pos(node):
        return node.start_mark.line + 1, node.start_mark.column + 1


_T_STR = _TAGS[_STR]
