"""Card layout templates as part of validation: read, checked and kept once per game.

A game's card layout (``card.yaml``: its own ``templates/card.yaml``, else the bundled one its
rule set names; for ``rules: custom`` the layout made from the declaration with the designer's
file over it) is read and checked when the database loads — schema, colours, kinds, the card
fields it names, its label pattern (see :mod:`fuda.database.template_checks`) — and every
mistake is a located finding of ``fuda validate``, ``lint``, ``build`` and ``print`` alike.
The checked template is cached by its files' stamps and the game's card schema, so laying out
cards uses it without reading or validating it again (:func:`game_template`).

The label pattern a designer writes (``labels.pattern``) is compiled once with the ``regex``
module and only ever run through :class:`BoundedPattern`, whose searches stop after
:data:`BUDGET` seconds with a located finding instead of hanging.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location
from fuda.database.model import freeze, thaw
from fuda.database.ruleset import ruleset_for
from fuda.database.template_checks import (
    DEFAULT_LABEL_PATTERN,
    atoms_source,
    check_document,
    check_fields,
    compile_pattern,
    schema_key,
)
from fuda.database.yamlfile import Document, read_yaml
from fuda.i18n import Text

FILE = "card.yaml"
BUDGET = 0.25  # seconds one search of a designer's pattern may take (a card text is short)
PROBE_BUDGET = 2.0  # seconds the label pattern may take over all card texts at validation


class CardSizeError(ValueError):
    """A card size the template cannot be laid out at (turned the other way); one line."""


class PatternTimeout(TimeoutError):
    """A designer's pattern ran past its budget; carries the located finding."""

    def __init__(self, finding: Finding):
        super().__init__(str(finding))
        self.finding = finding


class BoundedPattern:
    """A compiled ``regex`` pattern whose every search has a time budget (a pattern that
    backtracks without end raises :class:`PatternTimeout` naming where it was written)."""

    def __init__(self, compiled, where: Location, source: str):
        self._compiled, self.where, self.pattern = compiled, where, source
        self.groups = compiled.groups

    def _run(self, method: str, text: str, card: str | None = None):
        try:
            return getattr(self._compiled, method)(text, timeout=BUDGET)
        except TimeoutError:
            raise PatternTimeout(slow_pattern(self.where, self.pattern, card)) from None

    def finditer(self, text: str, card: str | None = None) -> list:
        """Every match in ``text`` (a list: the budget covers the whole scan)."""
        try:
            return list(self._compiled.finditer(text, timeout=BUDGET))
        except TimeoutError:
            raise PatternTimeout(slow_pattern(self.where, self.pattern, card)) from None

    def fullmatch(self, text: str, card: str | None = None):
        """The match of the whole of ``text``, or None."""
        return self._run("fullmatch", text, card)

    def search(self, text: str, card: str | None = None):
        """The first match in ``text``, or None."""
        return self._run("search", text, card)


def slow_pattern(where: Location, source: str, card: str | None) -> Finding:
    """The finding for a pattern that ran past :data:`BUDGET` (L008)."""
    return Finding(where, "L008",
                   f"labels.pattern: the pattern {_short(source)} ran longer than {BUDGET:g} s on a card's text",
                   card=card, hint="simplify it: no repeat inside a repeat, such as (a|a)+ or (.+)+")


@dataclass(frozen=True, eq=False)
class Template:
    """A validated card template: palettes, label style, elements per kind, back designs."""

    path: Path
    data: Mapping
    doc: Document
    section: tuple = ()  # where in the file its kinds are: ("landscape",) for the landscape variant

    @property
    def design_size(self) -> tuple[float, float]:
        """The card size (mm) the coordinates were drawn for."""
        d = self.data.get("design-size", {})
        return float(d.get("width", 63)), float(d.get("height", 88))

    def for_size(self, size: tuple[float, float]) -> Template:
        """The template to lay out a ``size`` (w, h) mm card with: this one, or its
        ``landscape:`` variant for a landscape card when the design is portrait. The variant has
        its own ``design-size``, ``kinds`` (each kind's palette and ``palette-by`` come from the
        portrait kind unless it gives its own) and ``backs``; palette and labels are shared."""
        w, h = float(size[0]), float(size[1])
        dw, dh = self.design_size
        variant = self.data.get("landscape")
        if w > h and dw <= dh and variant:
            wide = _landscape(self)
            vw, vh = wide.design_size
            if vw <= vh:  # a variant drawn standing up would be stretched: say where it is written
                raise CardSizeError(Text("err.landscape_not_wide", dw=vw, dh=vh,
                                         where=str(self.doc.where(("landscape", "design-size")))))
            return wide
        return self

    def placement(self, size: tuple[float, float]) -> tuple[float, float, float]:
        """How the design is put on a ``size`` (w, h) mm card: ``(scale, dx, dy)`` — scaled
        uniformly to fit and centred (letterboxed); a landscape card uses the ``landscape:``
        variant (see :meth:`for_size`). A card turned the other way from the design with no
        variant (landscape for a portrait design) raises :class:`CardSizeError`."""
        chosen = self.for_size(size)
        if chosen is not self:
            return chosen.placement(size)
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
        raise FindingsError([Finding(self.doc.where((*self.section, "kinds"), key=True), "L004",
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

    @property
    def labels(self) -> Mapping:
        """The ``labels:`` section (empty when the template has none)."""
        return self.data.get("labels", {})

    @cached_property
    def label_pattern(self) -> BoundedPattern:
        """The label pattern (``labels.pattern``, else 【…】), compiled once, run with a budget."""
        source = self.labels.get("pattern") or DEFAULT_LABEL_PATTERN
        return BoundedPattern(compile_pattern(source), self._pattern_where(), source)

    @cached_property
    def atoms(self) -> BoundedPattern:
        """What the text box keeps unbroken: a label, or an icon token (``labels.icons``)."""
        source = self.labels.get("pattern") or DEFAULT_LABEL_PATTERN
        return BoundedPattern(compile_pattern(atoms_source(self.labels)), self._pattern_where(), source)

    def _pattern_where(self) -> Location:
        return self.doc.where(("labels", "pattern")) if "pattern" in self.labels else Location(self.path)


@lru_cache(maxsize=64)
def _landscape(template: Template) -> Template:
    """The ``landscape:`` variant of ``template`` as a template of its own (its locations stay
    those of the file: the variant is a block of it)."""
    data, variant = template.data, template.data["landscape"]
    portrait, wide = data.get("kinds", {}), variant.get("kinds", {})

    def colours(spec) -> dict:
        return {k: v for k, v in spec.items() if k != "elements"}

    # each kind keeps its portrait colours, whether the variant lays it out by name or by default
    kinds = {name: {**colours(portrait.get(name, portrait.get("default", {}))), **spec} for name, spec in wide.items()}
    if "default" in wide:
        for name, spec in portrait.items():
            if name not in wide:
                kinds[name] = {**colours(spec), **wide["default"]}
    merged = {k: v for k, v in data.items() if k != "landscape"}
    merged.update({"design-size": variant["design-size"], "kinds": kinds, "backs": variant.get("backs", {})})
    return Template(path=template.path, data=freeze(merged), doc=template.doc, section=("landscape",))


def key_of(value) -> str:
    """How a card value is written as a key of a template map (booleans as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def field_value(card, path: str, default=None):
    """A card field by dotted path (``attack.hand``); ``default`` when any step is absent."""
    value = card.data if hasattr(card, "data") else card
    for part in path.split("."):
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        else:
            return default
    return value


# -- one game's template, read and checked once --------------------------------------------------

def game_template(game) -> tuple[Template | None, tuple[Finding, ...]]:
    """The checked template of ``game`` and every finding about it; ``(None, ())`` when the game
    has no layout at all (printing says so). Cached by the files' stamps and the card schema, and
    kept with the game while its template file is unchanged (every face asks: five times a card)."""
    own, stamp, found = game.derived("card-template", lambda: _checked(game))
    if _stamp(own) == stamp:
        return found
    return _checked(game)[2]


def _checked(game) -> tuple[Path | None, tuple, tuple[Template | None, tuple[Finding, ...]]]:
    """(the game's own template file, its stamp, the checked template and findings)."""
    ruleset = ruleset_for(game.rules)
    layout = ruleset.card_layout(game)
    if layout.path is None and layout.data is None:
        return None, (), (None, ())
    own = Path(layout.path).resolve() if layout.path else None
    data = json.dumps(thaw(layout.data), ensure_ascii=False, sort_keys=True) if layout.data is not None else None
    stamp = _stamp(own)
    return own, stamp, _game_template(own, stamp, data, (Path(game.folder) / "game.yaml").resolve(),
                                      schema_key(ruleset.schema("cards", thaw(game.manifest))))


def _stamp(path: Path | None) -> tuple:
    if path is None:
        return ()
    try:
        st = path.stat()
    except OSError:
        return ("missing",)
    return st.st_mtime_ns, st.st_size


@lru_cache(maxsize=64)
def _game_template(own: Path | None, stamp: tuple, data: str | None, manifest: Path, schema: str):
    findings: list[Finding] = []
    mine = None
    if own is not None:
        try:
            mine = read_yaml(own)
        except FindingsError as exc:
            return None, tuple(exc.findings)
        findings += check_document(mine)
        findings += check_fields(mine, schema)  # (it takes any shape: the schema's findings say what is wrong)
    if data is None:
        if own is None or mine is None:  # (never: a layout is a file or data)
            return None, tuple(findings)
        template = None if findings else Template(path=own, data=freeze(mine.data), doc=mine)
        return template, tuple(findings)
    base = json.loads(data)
    generated = Document(manifest, base, {}, {})
    made = check_document(generated)  # fuda's own layout: a finding here is fuda's bug, shown all the same
    findings += made
    if findings:
        return None, tuple(findings)
    if own is None or mine is None:
        return Template(path=manifest, data=freeze(base), doc=generated), ()
    theirs = mine.data
    kinds = theirs.get("kinds", {})
    merged = {**base, **theirs,
              "palette": {**base.get("palette", {}), **theirs.get("palette", {})},
              "backs": {**base.get("backs", {}), **theirs.get("backs", {})},
              "kinds": kinds if "default" in kinds else {**base.get("kinds", {}), **kinds}}
    return Template(path=own, data=freeze(merged), doc=mine), ()


def template_file(path: Path) -> Template:
    """Read and check one template file on its own (no game: its fields are not checked);
    raises FindingsError with located findings."""
    path = Path(path).resolve()
    doc = read_yaml(path)
    findings = check_document(doc)
    if findings:
        raise FindingsError(findings)
    return Template(path=path, data=freeze(doc.data), doc=doc)


def game_mat(game) -> tuple[Document | None, tuple[Finding, ...]]:
    """The checked mat template of ``game`` (``mat.yaml`` against ``mat.schema.json``) and its
    findings; ``(None, ())`` when the game has none. Cached by the file's stamp."""
    layout = ruleset_for(game.rules).mat(game)
    if layout is None or layout.path is None:
        return None, ()
    path = Path(layout.path).resolve()
    return _mat(path, _stamp(path))


@lru_cache(maxsize=64)
def _mat(path: Path, stamp: tuple):
    from fuda.database.resources import templates_dir
    from fuda.database.schemas import validate_template

    try:
        doc = read_yaml(path)
    except FindingsError as exc:
        return None, tuple(exc.findings)
    findings = tuple(validate_template(doc, templates_dir() / "mat.schema.json"))
    return (None if findings else doc), findings


def template_findings(game) -> list[Finding]:
    """Every finding about ``game``'s templates, for validation: the card layout's own (cached),
    its label pattern run over the game's card texts within the budget, and the mat's."""
    try:
        template, findings = game_template(game)
    except FileNotFoundError:
        template, findings = None, ()
    out = list(findings)
    if template is not None:
        out += probe_labels(template, game)
    with contextlib.suppress(FileNotFoundError):  # a game without a mat has nothing to check
        out += game_mat(game)[1]
    return out


def probe_labels(template, game) -> list[Finding]:
    """The label pattern run over every card's text as the text box runs it: one finding (L008)
    for the first search past the budget; the whole probe stops after :data:`PROBE_BUDGET`."""
    if template.labels.get("pattern", DEFAULT_LABEL_PATTERN) == DEFAULT_LABEL_PATTERN:
        return []  # fuda's own pattern (icon tokens beside it are plain text): it cannot run away
    pattern = template.atoms
    start = time.monotonic()
    for card in game.cards:
        text = card.text if isinstance(card.text, str) else ""
        try:
            pattern.finditer(text, card.id)
        except PatternTimeout as exc:
            return [exc.finding]
        if time.monotonic() - start > PROBE_BUDGET:  # slow on every text: printing would crawl
            message = (f"labels.pattern: the pattern {_short(pattern.pattern)} took over {PROBE_BUDGET:g} s on the "
                       f"card texts (stopped at card '{card.id}')")
            return [Finding(pattern.where, "L008", message, severity="warning",
                            hint="simplify it: no repeat inside a repeat, such as (a|a)+ or (.+)+")]
    return []


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."
