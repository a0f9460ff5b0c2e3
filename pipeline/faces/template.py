"""Card layout templates: ``templates/<game>/card.yaml``, read, validated and ready to lay out.

A template is what a designer edits without touching code: per card kind, a list of elements
(frames, name bar, stat badges, text box, art window …) in millimetres from the top-left of the
trim box, at the template's ``design-size``; another card size scales the whole design
uniformly (boxes and type) and centres it (letterboxed), see :meth:`Template.placement`.
It is validated against ``templates/layout.schema.json``; a mistake is a located finding
(``card.yaml:12:7: error[S004] …``). The game's rule set says which template a game uses
(``RuleSet.card_layout``); the built-in ones take the first of
``<game folder>/templates/card.yaml``, ``templates/<game id>/card.yaml``,
``templates/<rules>/card.yaml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fuda.database.findings import Finding, FindingsError
from fuda.database.resources import templates_dir
from fuda.database.ruleset import ruleset_for
from fuda.database.model import thaw
from fuda.database.yamlfile import Document, read_yaml
from fuda.i18n import Text

SCHEMA = "layout.schema.json"
FILE = "card.yaml"


class CardSizeError(ValueError):
    """A card size the template cannot be laid out at (turned the other way); one line."""


@dataclass(frozen=True, eq=False)
class Template:
    """A validated card template: palettes, label style, elements per kind, back designs."""

    path: Path
    data: Mapping
    doc: Document

    @property
    def design_size(self) -> tuple[float, float]:
        """The card size (mm) the coordinates were drawn for."""
        d = self.data.get("design-size", {})
        return float(d.get("width", 63)), float(d.get("height", 88))

    def placement(self, size: tuple[float, float]) -> tuple[float, float, float]:
        """How the design is put on a ``size`` (w, h) mm card: ``(scale, dx, dy)`` — scaled
        uniformly to fit and centred (letterboxed). A card turned the other way from the design
        (landscape for a portrait design) raises :class:`CardSizeError`."""
        dw, dh = self.design_size
        w, h = float(size[0]), float(size[1])
        if (w > h) != (dw > dh) and abs(w - h) > 1e-9 and abs(dw - dh) > 1e-9:
            turn = Text("word.landscape" if w > h else "word.portrait")
            design = Text("word.landscape" if dw > dh else "word.portrait")
            raise CardSizeError(Text("err.card_size_turned", layout=self.path.parent.name, dw=dw, dh=dh, design=design,
                                     turn=turn, w=w, h=h))
        scale = min(w / dw, h / dh)
        return scale, (w - dw * scale) / 2, (h - dh * scale) / 2

    def kind(self, kind: str) -> Mapping:
        """The layout of one card kind (``default`` when the kind has none)."""
        kinds = self.data.get("kinds", {})
        if kind in kinds:
            return kinds[kind]
        if "default" in kinds:
            return kinds["default"]
        raise FindingsError([Finding(self.doc.where(("kinds",), key=True), "L004",
                                     f"the template has no layout for card kind '{kind}'",
                                     hint=f"add kinds.{kind} (kinds: {', '.join(kinds)})")])

    def palette(self, kind: str | None, card=None) -> dict[str, str]:
        """Colours for ``kind``: the template palette, the kind's, then the one chosen by a card
        field (``palette-by: {field, values}``), later ones winning."""
        colours = dict(self.data.get("palette", {}))
        kinds = self.data.get("kinds", {})
        spec = kinds.get(kind, kinds.get("default", {})) if kind else {}
        colours.update(spec.get("palette", {}))
        by = spec.get("palette-by")
        if by and card is not None:
            value = field_value(card, by["field"])
            colours.update(by["values"].get(key_of(value), {}))
        return colours


def key_of(value) -> str:
    """How a card value is written as a key of a template map (booleans as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


_MISSING = object()


def field_value(card, path: str, default=None):
    """A card field by dotted path (``attack.hand``); ``default`` when any step is absent."""
    value = card.data if hasattr(card, "data") else card
    for part in path.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        else:
            return default
    return value


def has_field(card, path: str) -> bool:
    """True when the dotted path exists in the card (its value may be null)."""
    return field_value(card, path, _MISSING) is not _MISSING


def matches(card, when: Mapping | None) -> bool:
    """Whether an element's ``when`` holds: every key a field whose value is (one of) the given
    value(s); ``"*"`` means present and not null, ``"-"`` absent or null."""
    if not when:
        return True
    for path, want in when.items():
        value = field_value(card, path)
        if want == "*":
            ok = value is not None and value != "" and value != ()
        elif want == "-":
            ok = value is None or value == "" or value == ()
        elif isinstance(want, (list, tuple)):
            ok = key_of(value) in [key_of(w) for w in want]
        else:
            ok = key_of(value) == key_of(want)
        if not ok:
            return False
    return True


def _validate(doc: Document) -> list[Finding]:
    from fuda.database.schemas import validate_template

    findings = validate_template(doc, templates_dir() / SCHEMA)
    if not findings:
        findings.extend(_check_colours(doc))
    return findings


def _check_colours(doc: Document) -> list[Finding]:
    """Every ``$name`` colour must be defined in the template palette or a kind's palette."""
    data = doc.data
    names = set(data.get("palette", {}))
    for spec in data.get("kinds", {}).values():
        names.update(spec.get("palette", {}))
        for values in (spec.get("palette-by") or {}).get("values", {}).values():
            names.update(values)
    names.update({"back", "back-ink"})  # supplied from the manifest's back
    findings = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + (i,))
        elif isinstance(node, str) and node.startswith("$") and node[1:] not in names:
            findings.append(Finding(doc.where(path), "L002", f"unknown colour '{node}'",
                                    hint=f"define {node[1:]} in a palette"))

    walk(data, ())
    return findings


def find_template(game) -> Path:
    """The card.yaml used for ``game``: its rule set decides (see the module docstring). For a
    rule set that makes its layout from data, the game folder's own file, else its game.yaml."""
    layout = ruleset_for(game.rules).card_layout(game)
    if layout.path is None:
        if layout.data is not None:
            return (Path(game.folder) / "game.yaml").resolve()
        raise FileNotFoundError(Text("err.no_card_template", game=game.id, local=Path(game.folder) / "templates" / FILE,
                                     origin=layout.origin or game.rules))
    return Path(layout.path).resolve()


@cache
def _load(path: Path, mtime: int) -> Template:
    doc = read_yaml(path)
    findings = _validate(doc)
    if findings:
        raise FindingsError(findings)
    from fuda.database.model import freeze

    return Template(path=path, data=freeze(doc.data), doc=doc)


def load_template(game) -> Template:
    """The validated template of ``game``; raises FindingsError with located findings. A rule
    set's own layout data (``rules: custom``) is overridden kind by kind by the game folder's
    ``templates/card.yaml``."""
    layout = ruleset_for(game.rules).card_layout(game)
    if layout.data is None:
        path = find_template(game)
        return _load(path, path.stat().st_mtime_ns)
    import json

    own = Path(layout.path).resolve() if layout.path else None
    return _merged(json.dumps(thaw(layout.data), ensure_ascii=False), (Path(game.folder) / "game.yaml").resolve(),
                   own, own.stat().st_mtime_ns if own else 0)


@cache
def _merged(data: str, source: Path, own: Path | None, mtime: int) -> Template:
    """A rule set's layout data with the designer's file over it: the designer's kinds win one by
    one (all of them, when the file has a ``default`` kind), palettes and backs merge."""
    import json

    from fuda.database.model import freeze

    data = json.loads(data)
    doc = Document(source, data, {}, {})
    findings = _validate(doc)
    if findings:
        raise FindingsError(findings)
    if own is not None:
        mine = _load(own, mtime)
        theirs = thaw(mine.data)
        kinds = theirs.get("kinds", {})
        merged = {**data, **theirs,
                  "palette": {**data.get("palette", {}), **theirs.get("palette", {})},
                  "backs": {**data.get("backs", {}), **theirs.get("backs", {})},
                  "kinds": kinds if "default" in kinds else {**data.get("kinds", {}), **kinds}}
        data, doc = merged, mine.doc
    return Template(path=own or source, data=freeze(data), doc=doc)


def load_template_file(path: Path) -> Template:
    """Read and validate one template file (for tests and ``fuda lint`` of templates)."""
    path = Path(path).resolve()
    return _load(path, path.stat().st_mtime_ns)
