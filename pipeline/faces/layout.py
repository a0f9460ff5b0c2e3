"""Layout: a card (or its back) → a :class:`~fuda.faces.primitives.Face` of primitives in mm.

Layout happens once; the PDF and PNG painters draw the result. Text is broken with our 禁則
breaker and shrunk to fit with the game's real font metrics, so overflow and missing glyphs are
known before anything is painted: ``layout_card`` raises :class:`FindingsError` for them and
``check_fit`` returns them as located findings for ``fuda lint``.

Element types of a template (``templates/<game>/card.yaml``, see ``layout.schema.json``):
``rect``, ``shape``, ``rule``, ``ellipse``, ``text``, ``stat``, ``pips``, ``chips``,
``textbox``, ``art`` and, on backs, ``life-track``. Every element may carry ``when`` (a
condition on card fields). Every face ends with an invisible :class:`Marker`
``card:<id>:<side>`` at the centre of the trim box (duplex-alignment tests).
"""

from __future__ import annotations

from collections.abc import Mapping
from contextlib import contextmanager
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location
from fuda.faces.fonts import FontSet, game_fonts
from fuda.faces.kinsoku import TextOverflow
from fuda.faces.layout_text import ASCENT, LABELS, MM_PER_PT, TextMixin
from fuda.faces.primitives import (
    Ellipse,
    Face,
    Image,
    Marker,
    Polygon,
    Rect,
    Rule,
    TextLine,
)
from fuda.faces.safe_area import text_problems
from fuda.faces.shapes import outline
from fuda.faces.template import (
    PatternTimeout,
    Template,
    field_value,
    has_field,
    key_of,
    load_template,
    matches,
)

MIN_PPI = 300  # what print shops ask for


@lru_cache(maxsize=256)
def _pixels(path: Path, mtime: float) -> tuple[int, int] | None:
    from PIL import Image as PILImage

    try:
        with PILImage.open(path) as im:
            return im.size
    except OSError:
        return None


def effective_ppi(path: Path, w: float, h: float, crop=None) -> float | None:
    """Pixels per inch the art at ``path`` gets when it covers a ``w`` × ``h`` mm window (the
    shown part only: a crop box or the cover-cropped window); None when it cannot be read."""
    try:
        size = _pixels(Path(path), Path(path).stat().st_mtime)
    except OSError:
        return None
    if size is None:
        return None
    iw, ih = size
    if crop is not None:
        iw, ih = iw * (crop[2] - crop[0]), ih * (crop[3] - crop[1])
    scale = max(w / iw, h / ih)  # mm per pixel when covering
    return 25.4 / scale


def art_pixels(w: float, h: float, ppi: int = MIN_PPI) -> str:
    """The pixel size a ``w`` × ``h`` mm window needs at ``ppi``."""
    return f"{round(w / 25.4 * ppi)} × {round(h / 25.4 * ppi)}"


class _Layout(TextMixin):
    """The state of laying out one face: geometry, colours, findings and the items so far."""

    def __init__(self, game, card, template: Template, fonts: FontSet, palette: dict,
                 bleed: float):
        self.game, self.card, self.t, self.fonts, self.palette = game, card, template, fonts, palette
        self.width, self.height = game.card_size
        # uniform scale and letterbox offset: a circle stays a circle at any card size
        self.scale, self.ox, self.oy = template.placement((self.width, self.height))
        self.sx = self.sy = self.scale
        self.bleed = bleed
        self.items: list = []
        self.findings: list[Finding] = []
        labels = dict(LABELS)
        labels.update(template.data.get("labels", {}))
        self.labels = labels
        self.icons = dict(labels.get("icons", {}))
        # the designer's pattern, compiled once with the template and run with a time budget
        self.atoms, self.label_pattern = template.atoms, template.label_pattern

    # -- helpers -------------------------------------------------------------------------------
    def box(self, el) -> tuple[float, float, float, float]:
        if el.get("full"):
            b = self.bleed
            return -b, -b, self.width + 2 * b, self.height + 2 * b
        s = self.scale
        return el["x"] * s + self.ox, el["y"] * s + self.oy, el["w"] * s, el["h"] * s

    def pt(self, el, key: str, default: float) -> float:
        """A type size (pt) of ``el``, scaled with the design."""
        return float(el.get(key, default)) * self.scale

    def color(self, value, default=None):
        if value is None:
            return default
        if isinstance(value, Mapping):  # {by: field, map: {value: colour}, default: colour}
            picked = value.get("map", {}).get(key_of(self.value(value["by"])), value.get("default"))
            return self.color(picked, default)
        if value.startswith("$"):
            if value[1:] not in self.palette:
                self.findings.append(Finding(self.t.path and Location(self.t.path), "L003",
                                             f"colour {value} is not defined for this card's kind",
                                             card=self.card_id(), hint="add it to the kind's palette"))
                return default
            return self.palette[value[1:]]
        return value

    def value(self, path: str):
        card, game = self.card, self.game
        if path == "fighter-name":
            return game.fighters.get(card.get("fighter")) if card is not None else None
        if path == "game-name":
            return game.name
        if path == "back-text":
            return (game.manifest.get("back") or {}).get("text") or game.name
        if path == "kind" and card is not None:
            return card.kind
        return field_value(card, path) if card is not None else None

    def where(self, path: str | None) -> Location:
        card = self.card
        if card is None:
            return self.game.source or Location(Path(self.game.folder) / "game.yaml")
        if path and has_field(card, path):
            return card.where(*path.split("."))
        return card.source

    def card_id(self):
        return self.card.id if self.card is not None else None

    def glyphs(self, text: str, role: str | None, field: str | None) -> None:
        missing = self.fonts.missing_glyphs(text, role)
        if missing:
            shown = " ".join(f"'{c}' (U+{ord(c):04X})" for c in missing)
            self.findings.append(Finding(
                self.where(field), "P102",
                f"{field or 'template text'}: the font has no glyph for {shown}",
                card=self.card_id(), hint="replace the character or name a font that has it in game.yaml"))

    def overflow(self, exc: TextOverflow, field: str | None) -> None:
        self.findings.append(Finding(
            self.where(field), "P101", f"{field or 'template text'}: {str(exc).split(': ', 2)[-1]}",
            card=self.card_id(), hint="shorten the text or lower the template's min-size"))

    def text_of(self, el) -> str | None:
        """The string an element prints: literal ``text`` or a ``field`` through ``map``/``format``."""
        if "text" in el:
            return el["text"]
        path = el["field"]
        if path not in ("fighter-name", "game-name", "back-text", "kind") and not has_field(self.card, path):
            return None
        value = self.value(path)
        if value is None:
            return el.get("if-null")
        if "map" in el:
            mapped = el["map"].get(key_of(value))
            if mapped is None:
                return None
            value = mapped
        return el.get("format", "{}").replace("{}", str(value))

    # -- text ---------------------------------------------------------------------------------
    def el_rect(self, el):
        x, y, w, h = self.box(el)
        self.items.append(Rect(x, y, w, h, self.color(el.get("fill")), self.color(el.get("stroke")),
                               float(el.get("stroke-width", 0.3)), float(el.get("radius", 0))))

    def el_shape(self, el):
        x, y, w, h = self.box(el)
        pts = outline(el["shape"], x, y, w, h, float(el.get("rise", 0)) * self.sy)
        self.items.append(Polygon(pts, self.color(el.get("fill")), self.color(el.get("stroke")),
                                  float(el.get("stroke-width", 0.3))))

    def el_ellipse(self, el):
        x, y, w, h = self.box(el)
        self.items.append(Ellipse(x, y, w, h, self.color(el.get("fill")), self.color(el.get("stroke")),
                                  float(el.get("stroke-width", 0.3))))

    def el_rule(self, el):
        s, ox, oy = self.scale, self.ox, self.oy
        self.items.append(Rule(el["x1"] * s + ox, el["y1"] * s + oy, el["x2"] * s + ox, el["y2"] * s + oy,
                               self.color(el.get("stroke"), "#000000"), float(el.get("stroke-width", 0.3)),
                               tuple(float(d) for d in el.get("dash", ()))))

    def badge(self, shape, x, y, w, h, fill, stroke, stroke_width, radius=0.0):
        if shape == "rect":
            self.items.append(Rect(x, y, w, h, fill, stroke, stroke_width, radius))
        elif shape in ("circle", "ellipse"):
            self.items.append(Ellipse(x, y, w, h, fill, stroke, stroke_width))
        else:
            self.items.append(Polygon(outline(shape, x, y, w, h), fill, stroke, stroke_width))

    def el_stat(self, el):
        text = self.text_of(el)
        if text is None:
            return
        x, y, w, h = self.box(el)
        self.badge(el.get("shape", "circle"), x, y, w, h, self.color(el.get("fill")), self.color(el.get("stroke")),
                   float(el.get("stroke-width", 0.4)), float(el.get("radius", 0)))
        if el.get("label"):
            lab = {"font": "bold", "size": float(el.get("label-size", 6)), "color": el.get("label-color", el.get("color")),
                   "align": "middle"}
            ly = float(el.get("label-y", 0)) * self.sy
            lsz = float(lab["size"]) * self.scale * MM_PER_PT
            self.line(el["label"], lab, x, y + ly, w, lsz * 1.2, None)
        vy = float(el.get("value-dy", 0))
        self.line(text, {**el, "dy": vy, "align": "middle"}, x, y, w, h, el.get("field"))

    def el_pips(self, el):
        values = list(el["values"])
        labels = list(el.get("labels", [str(v) for v in values]))
        have = self.value(el["field"]) or ()
        have = have if isinstance(have, (list, tuple)) else (have,)
        x, y, w, h = self.box(el)
        gap = float(el.get("gap", 1)) * (self.sy if el.get("direction", "down") == "down" else self.sx)
        for i, (v, label) in enumerate(zip(values, labels, strict=False)):
            on = v in have
            cx = x + (i * (w + gap) if el.get("direction") == "right" else 0)
            cy = y + (i * (h + gap) if el.get("direction", "down") == "down" else 0)
            self.badge(el.get("shape", "rect"), cx, cy, w, h,
                       self.color(el.get("on-fill" if on else "off-fill")),
                       self.color(el.get("on-stroke" if on else "off-stroke")),
                       float(el.get("stroke-width", 0.3)), float(el.get("radius", 0)))
            style = {"font": "bold", "size": float(el.get("size", 9)), "color": el.get("on-color" if on else "off-color"),
                     "align": "middle", "dy": el.get("value-dy", 0)}
            self.line(label, style, cx, cy, w, h, el["field"])

    def el_chips(self, el):
        values = self.value(el["field"])
        if not values:
            return
        texts = []
        for v in values:
            if isinstance(v, Mapping):
                (k, arg), = v.items()
                pattern = el.get("map", {}).get(k, k + "（{}）")
                texts.append(pattern.replace("{}", str(arg)))
            else:
                texts.append(el.get("map", {}).get(key_of(v), str(v)))
        x, y, w, h = self.box(el)
        role = el.get("font", "bold")
        size, min_size = self.pt(el, "size", 7), self.pt(el, "min-size", 6)
        pad, gap = float(el.get("pad", 1.2)) * self.sx, float(el.get("gap", 1)) * self.sx

        def total(s):
            return sum(self.fonts.width_mm(t, s, role) + 2 * pad for t in texts) + gap * (len(texts) - 1)

        while total(size) > w and size - 0.25 >= min_size - 1e-9:
            size -= 0.25
        if total(size) > w:
            self.overflow(TextOverflow(self.card_id(), el["field"], "the chips do not fit their row"), el["field"])
        for t in texts:
            self.glyphs(t, role, el["field"])
        cx = x + w - total(size) if el.get("align", "start") == "end" else x
        for t in texts:
            cw = self.fonts.width_mm(t, size, role) + 2 * pad
            self.items.append(Rect(cx, y, cw, h, self.color(el.get("fill")), self.color(el.get("stroke")),
                                   float(el.get("stroke-width", 0.25)), float(el.get("radius", h / 2))))
            style = {"font": role, "size": size / self.scale, "min-size": size / self.scale,
                     "color": el.get("color"), "align": "middle"}
            self.line(t, style, cx, y, cw, h, el["field"])
            cx += cw + gap

    def el_art(self, el):
        x, y, w, h = self.box(el)
        art = self.card.art if self.card is not None else None
        if art is not None and Path(art).is_file():
            focus = self.card.get("art-focus") or {}
            crop = None
            if "left" in focus:
                crop = (float(focus["left"]), float(focus["top"]), float(focus["right"]), float(focus["bottom"]))
                if not (crop[0] < crop[2] and crop[1] < crop[3]):
                    self.findings.append(Finding(self.where("art-focus"), "P106",
                                                 "art-focus: the crop box is empty (left < right and "
                                                 "top < bottom are needed)", card=self.card_id(),
                                                 hint="e.g. art-focus: {left: 0.1, top: 0, right: 0.9, bottom: 0.6}"))
                    crop = None
            point = (float(focus.get("x", 0.5)), float(focus.get("y", 0.5)))
            self.items.append(Image(x, y, w, h, Path(art), point, crop))
            self.art_resolution(w, h, Path(art), crop)
        else:
            if art is not None:
                self.findings.append(Finding(self.where("art"), "P103", f"art file {art} is missing",
                                             severity="warning", card=self.card_id(),
                                             hint="add the image or remove 'art:'"))
            self.items.append(Rect(x, y, w, h, self.color(el.get("fill"), "#dddddd")))
            if el.get("emblem"):
                e = min(w, h) * 0.32
                self.items.append(Polygon(outline(el.get("emblem-shape", "diamond"), x + (w - e) / 2,
                                                  y + (h - e) / 2, e, e), self.color(el["emblem"])))
        if el.get("stroke"):
            self.items.append(Rect(x, y, w, h, None, self.color(el["stroke"]), float(el.get("stroke-width", 0.3))))

    def art_resolution(self, w: float, h: float, path: Path, crop) -> None:
        """P107 (warning): the art prints at less than :data:`MIN_PPI` in this window."""
        ppi = effective_ppi(path, w, h, crop)
        if ppi is not None and ppi < MIN_PPI - 0.5:
            self.findings.append(Finding(
                self.where("art"), "P107",
                f"イラスト {path.name} は印刷サイズで {ppi:.0f} ppi（{MIN_PPI} ppi 未満）/ art {path.name} "
                f"prints at {ppi:.0f} ppi, under {MIN_PPI} ppi, in its {w:.1f} × {h:.1f} mm window",
                severity="warning", card=self.card_id(),
                hint=f"use an image of at least {art_pixels(w, h)} px"))

    def el_life_track(self, el):
        settings = self.game.settings
        top = int(settings.get(el.get("from", "starting-life"), 6))
        limit = el.get("highlight-at-most")
        limit = int(settings.get(limit, 0)) if isinstance(limit, str) else int(limit or 0)
        x, y, w, h = self.box(el)
        gap = float(el.get("gap", 1.5)) * self.sy
        cell = min(float(el.get("cell", 11)) * self.sy, (h - gap * (top - 1)) / max(top, 1))
        y0 = y + (h - (cell * top + gap * (top - 1))) / 2
        cx = x + (w - cell) / 2
        for i, life in enumerate(range(top, 0, -1)):
            hi = life <= limit
            cy = y0 + i * (cell + gap)
            self.badge(el.get("shape", "circle"), cx, cy, cell, cell,
                       self.color(el.get("highlight-fill" if hi else "fill")),
                       self.color(el.get("stroke")), float(el.get("stroke-width", 0.5)))
            style = {"font": "bold", "size": float(el.get("size", 16)), "align": "middle",
                     "color": el.get("highlight-color" if hi else "color")}
            self.line(str(life), style, cx, cy, cell, cell, None)
        if limit and el.get("highlight-label"):
            first = top - limit  # index of the first highlighted cell
            ty, by = y0 + first * (cell + gap), y0 + top * (cell + gap) - gap
            bx = cx + cell + 2.0 * self.sx
            colour = self.color(el.get("label-color"), self.color(el.get("highlight-fill")))
            self.items.append(Rule(bx, ty, bx, by, colour, 0.5))
            self.items.append(Rule(bx - 1, ty, bx, ty, colour, 0.5))
            self.items.append(Rule(bx - 1, by, bx, by, colour, 0.5))
            chars = list(el["highlight-label"])
            size = self.pt(el, "label-size", 7)
            step = size * MM_PER_PT * 1.1
            ly = (ty + by) / 2 - step * len(chars) / 2 + ASCENT * size * MM_PER_PT
            for ch in chars:  # vertical writing: one character per line
                self.items.append(TextLine(bx + 1.0 + size * MM_PER_PT / 2, ly, ch, size, "bold", colour, 1.0, "middle"))
                ly += step

    def run(self, elements, skip=frozenset()) -> None:
        for el in elements:
            if el["type"] in skip or (self.card is not None and not matches(self.card, el.get("when"))):
                continue
            getattr(self, "el_" + el["type"].replace("-", "_"))(el)


def _face(lay: _Layout, marker: str, name: str) -> Face:
    lay.items.append(Marker(lay.width / 2, lay.height / 2, marker))
    return Face(lay.width, lay.height, tuple(lay.items), lay.bleed, name)


@contextmanager
def _bounded(card):
    """A designer's pattern that ran past its budget ends the face with its located finding."""
    try:
        yield
    except PatternTimeout as exc:
        raise FindingsError([replace(exc.finding, card=card.id if card is not None else None)]) from None


def _errors(findings):
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        raise FindingsError(errors)


#: Element types that only draw shapes: they cannot overflow or miss a glyph, so the fit check
#: (run by the linter on every card) skips them.
_SHAPES_ONLY = frozenset({"rect", "shape", "ellipse", "rule"})


def lay_out(game, card, *, bleed: float = 3.0, side: str = "front", fonts: FontSet | None = None,
            text_only: bool = False, safe_area: bool = False) -> tuple[Face, list[Finding]]:
    """Lay out ``card`` and return the face together with every finding (nothing raised).
    ``text_only`` skips pure shapes: the face is incomplete, the findings are the same.
    ``safe_area`` also reports text within 3 mm of the trim (P104) or over other text (P105)."""
    template = load_template(game).for_size(game.card_size)  # a landscape card: its variant
    fonts = fonts or game_fonts(game)
    lay = _Layout(game, card, template, fonts, template.palette(card.kind, card), bleed)
    with _bounded(card):
        lay.run(template.kind(card.kind).get("elements", ()), _SHAPES_ONLY if text_only else frozenset())
    face = _face(lay, f"card:{card.id}:{side}", f"{card.id}/{side}")
    for problem in text_problems(face, fonts) if safe_area else ():
        lay.findings.append(Finding(card.source, "P105" if problem.other else "P104", problem.message(),
                                    severity="warning", card=card.id,
                                    hint="move or shrink the element in the template, or shorten the text"))
    return face, lay.findings


def layout_card(game, card, *, bleed: float = 3.0, side: str = "front", fonts: FontSet | None = None) -> Face:
    """The face of ``card`` at the game's card size, with ``bleed`` mm of background around it.
    ``side`` names the face in its marker (``card:<id>:<side>``; ryomen pairs use a and b).
    Raises FindingsError when text does not fit at its minimum size or a glyph is missing."""
    face, findings = lay_out(game, card, bleed=bleed, side=side, fonts=fonts)
    _errors(findings)
    return face


def layout_back(game, card=None, *, bleed: float = 3.0, fonts: FontSet | None = None) -> Face:
    """The back of ``card`` (or the game's common back): the manifest's ``back`` colour, text
    and image on the template's back design; a Recast Rift awakening card's back is its life
    track (RR-LIFE-1). The marker names ``card`` when given (``card:<id>:back``)."""
    template = load_template(game).for_size(game.card_size)  # a landscape card: its variant
    fonts = fonts or game_fonts(game)
    backs = template.data.get("backs", {})
    kind = card.kind if card is not None and card.kind in backs else "default"
    spec = game.manifest.get("back") or {}
    palette = template.palette(None)
    palette.setdefault("back", palette.get("back", "#333333"))
    if spec.get("color"):
        palette["back"] = spec["color"]
    lay = _Layout(game, card, template, fonts, palette, bleed)
    image = Path(game.folder) / spec["image"] if spec.get("image") else None
    if image is not None and kind == "default":
        b = bleed
        lay.items.append(Rect(-b, -b, lay.width + 2 * b, lay.height + 2 * b, palette["back"]))
        if image.is_file():
            lay.items.append(Image(-b, -b, lay.width + 2 * b, lay.height + 2 * b, image))
    else:
        with _bounded(card):
            lay.run(backs.get(kind, {}).get("elements", ()))
    cid = card.id if card is not None else "-"
    face = _face(lay, f"card:{cid}:back", f"{cid}/back")
    _errors(lay.findings)
    return face


def check_fit(game, card) -> list[Finding]:
    """Findings for ``card``'s face (and its back when it has its own): text that does not fit
    at the template's minimum size (P101), characters the font lacks (P102), missing art (P103),
    text inside the 3 mm safe area (P104) or overlapping other text (P105)."""
    try:
        _, findings = lay_out(game, card, bleed=0.0, text_only=True, safe_area=True)
    except FindingsError as exc:
        return list(exc.findings)
    if card.kind in load_template(game).for_size(game.card_size).data.get("backs", {}):
        try:
            layout_back(game, card, bleed=0.0)
        except FindingsError as exc:
            findings.extend(exc.findings)
    return findings


def art_findings(database) -> list[Finding]:
    """For ``fuda validate --strict``: every card whose art prints under 300 ppi in its
    window (P107, warning) or whose art-focus crop box is empty (P106), per game template."""
    from fuda.faces.template import find_template

    out: list[Finding] = []
    for game in database.games:
        try:
            find_template(game)
        except FileNotFoundError:
            continue
        fonts = game_fonts(game)
        for card in game.cards:
            if card.art is None:
                continue
            _, findings = lay_out(game, card, bleed=0.0, fonts=fonts, text_only=True)
            out.extend(f for f in findings if f.code in ("P106", "P107"))
    return out
