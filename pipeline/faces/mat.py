"""Play mats: ``templates/<game>/mat.yaml`` → a :class:`~fuda.faces.primitives.Face` in mm, printed
printed by :mod:`fuda.printing.mat` (one A3 sheet or tiled across A4 sheets), or painted as a PNG for
online tables.

A mat template names its zones as card-sized places, areas, chips and labels; lengths are mm or
expressions of the game's card size (``"2w + 20"``: two card widths plus 20 mm), so a game with
another card size gets a mat that fits its cards. Where the template is looked up, first found
wins: ``<game folder>/templates/mat.yaml``, ``templates/<game id>/mat.yaml``,
``templates/<rules>/mat.yaml``. It is validated against ``templates/mat.schema.json``; a mistake
is a located finding.
"""

from __future__ import annotations

import re
from pathlib import Path

from fuda.database.findings import Finding, FindingsError
from fuda.database.ruleset import optional, ruleset_for
from fuda.faces.primitives import Ellipse, Face, Rect, Rule, TextLine
from fuda.i18n import Text

FILE = "mat.yaml"
SCHEMA = "mat.schema.json"
MM_PER_PT = 25.4 / 72.0
ASCENT = 0.88  # BIZ UD Gothic cap height-ish share of the em, for centring a line in a box
PALETTE = {
    "background": "#f6f1e6", "border": "#6b1830", "ink": "#2a2226", "muted": "#7a6e62",
    "zone": "#fffdf7", "line": "#6b1830", "area": "#ece2cf", "accent": "#d9c7a6",
}

_TERM = re.compile(r"([+-])?\s*(?:(\d+(?:\.\d+)?)\s*\*?\s*([wh])?|([wh]))")


def length(value, card: tuple[float, float]) -> float:
    """A template length: a number of mm, or an expression like ``"2w + 20"`` (w, h: the card)."""
    if isinstance(value, (int, float)):
        return float(value)
    text = str(value).strip()
    total, pos = 0.0, 0
    while pos < len(text):
        m = _TERM.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(Text("err.mat_length", value=value))
        sign = -1.0 if m[1] == "-" else 1.0
        unit = m[4] or m[3]  # w or h: a card's width or height (alone, or times the number)
        scale = 1.0 if m[4] else float(m[2])
        total += sign * scale * ((card[0] if unit == "w" else card[1]) if unit else 1.0)
        pos = m.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
    return total


def find_mat(game) -> Path:
    """The mat template of ``game`` (its rule set decides); ``FileNotFoundError`` (one line)
    when it has none, naming where the rule set looked (its ``mat_lookup``) when it says."""
    ruleset = ruleset_for(game.rules)
    layout = ruleset.mat(game)
    if layout is None or layout.path is None:
        looked = optional(ruleset, "mat_lookup")(game)
        if looked:
            raise FileNotFoundError(Text("err.no_mat_template", game=game.id, rules=ruleset.id,
                                         looked=", ".join(str(p) for p in looked)))
        raise FileNotFoundError(Text("err.no_mat", game=game.id, rules=ruleset.id, name=ruleset.name))
    return Path(layout.path)


def load_mat(game):
    """The validated mat template (a :class:`~fuda.database.yamlfile.Document`): the one validation
    checked when the database loaded (:func:`fuda.database.templates.game_mat`), not read again."""
    from fuda.database.templates import game_mat

    find_mat(game)  # one line when the game has none
    doc, findings = game_mat(game)
    if doc is None:
        raise FindingsError(findings)
    return doc


class _Mat:
    """Laying out one mat: the card size, palette, fonts and the items so far."""

    def __init__(self, game, data, fonts):
        self.game, self.data, self.fonts = game, data, fonts
        self.card = game.card_size
        self.pal = dict(PALETTE)
        self.pal.update(data.get("palette", {}))
        self.items: list = []

    def L(self, value, default=0.0) -> float:
        return default if value is None else length(value, self.card)

    def fit(self, text: str, size: float, width: float, role: str = "bold") -> float:
        """The largest size ≤ ``size`` (0.5 pt steps, ≥ 5 pt) at which ``text`` fits ``width`` mm."""
        for line in text.split("\n"):
            while size > 5.0 and self.fonts.width_mm(line, size, role) > width:
                size -= 0.5
        return size

    def text_block(self, lines, cx: float, cy: float, width: float) -> None:
        """Lines (text, size, role, colour) centred as a block on (cx, cy)."""
        sized = [(part, self.fit(part, s, width, r), r, c)
                 for t, s, r, c in lines if t for part in t.split("\n")]
        heights = [s * MM_PER_PT * 1.25 for _, s, _, _ in sized]
        y = cy - sum(heights) / 2
        for (text, size, role, colour), h in zip(sized, heights, strict=False):
            y += h
            self.items.append(TextLine(cx, round(y - h * 0.2 - size * MM_PER_PT * 0.12, 3), text, size,
                                       role, colour, anchor="middle"))

    def place(self, x, y, w, h, z, dashed=False, fill=None) -> None:
        """A card-sized place: outline, optional faint mark, label and caption."""
        line = self.pal["line"]
        self.items.append(Rect(x, y, w, h, fill or self.pal["zone"], None, 0.0, 3.0))
        if dashed:
            for seg in _dashed_rect(x, y, w, h, line):
                self.items.append(seg)
        else:
            self.items.append(Rect(x, y, w, h, None, line, 0.45, 3.0))
        inner = 2.5
        self.items.append(Rect(x + inner, y + inner, w - 2 * inner, h - 2 * inner, None,
                               self.pal["accent"], 0.2, 1.8))
        if z.get("mark"):
            size = self.fit(z["mark"], min(h, w) * 0.55 / MM_PER_PT, w - 10)
            self.items.append(TextLine(x + w / 2, y + h * 0.42 + size * MM_PER_PT * ASCENT / 2, z["mark"],
                                       size, "bold", self.pal["accent"], anchor="middle"))
        lines = [(z.get("label", ""), float(z.get("size", 14)), "bold", self.pal["ink"]),
                 (z.get("sub", ""), 7.5, "regular", self.pal["muted"])]
        cy = y + h * (0.78 if z.get("mark") else 0.5)
        self.text_block(lines, x + w / 2, cy, w - 6)

    def zone_card(self, z) -> None:
        w, h = self.card
        if z.get("rotated"):
            w, h = h, w
        self.place(self.L(z["x"]), self.L(z["y"]), self.L(z.get("w"), w), self.L(z.get("h"), h), z,
                   z.get("dashed", False))

    def zone_area(self, z) -> None:
        x, y, w, h = self.L(z["x"]), self.L(z["y"]), self.L(z["w"]), self.L(z["h"])
        self.items.append(Rect(x, y, w, h, self.pal["area"], None, 0.0, 4.0))
        if z.get("dashed"):
            self.items.extend(_dashed_rect(x, y, w, h, self.pal["line"], radius_free=True))
        label = z.get("label", "")
        size = float(z.get("size", 10))
        if label:
            size = self.fit(label, size, w - 6)
            self.items.append(TextLine(x + 3.0, y + 2.0 + size * MM_PER_PT * ASCENT, label, size, "bold",
                                       self.pal["ink"]))
            if z.get("sub"):
                lw = self.fonts.width_mm(label, size, "bold")
                self.items.append(TextLine(x + 5.0 + lw, y + 2.0 + size * MM_PER_PT * ASCENT, z["sub"], 7.0,
                                           "regular", self.pal["muted"]))
        cw, ch = self.card
        if z.get("slots"):
            s = z["slots"]
            gap, top = float(s.get("gap", 3)), float(s.get("top", 7))
            cols, rows = int(s["cols"]), int(s["rows"])
            bw, bh = cols * cw + (cols - 1) * gap, rows * ch + (rows - 1) * gap
            sx = x + (w - bw) / 2
            sy = y + top + (h - top - bh) / 2
            n = 0
            for r in range(rows):
                for c in range(cols):
                    n += 1
                    self.place(sx + c * (cw + gap), sy + r * (ch + gap), cw, ch,
                               {"label": str(n), "size": 16}, dashed=True)
        if z.get("fan"):
            count, step = int(z["fan"]["count"]), float(z["fan"]["step"])
            top = 7.0
            fx = x + 4.0
            fy = y + top + (h - top - ch) / 2
            for i in range(count):
                sub = {"label": "", "sub": ""} if i < count - 1 else {"label": "最新", "size": 10,
                                                                         "sub": "左端の能力値が見えるように重ねる"}
                self.place(fx + i * step, fy, cw, ch, sub, dashed=i < count - 1)

    def zone_chip(self, z, cx=None, cy=None, label=None) -> None:
        d = float(z["d"])
        x = self.L(z["x"]) if cx is None else cx
        y = self.L(z["y"]) if cy is None else cy
        self.items.append(Ellipse(x, y, d, d, self.pal["zone"], self.pal["line"], 0.45))
        self.items.append(Ellipse(x + 1.5, y + 1.5, d - 3, d - 3, None, self.pal["accent"], 0.2))
        text = z.get("label", "") if label is None else label
        lines = [(text, float(z.get("size", 12)), "bold", self.pal["ink"])]
        if label is None and z.get("sub"):
            lines.append((z["sub"], 6.5, "regular", self.pal["muted"]))
        self.text_block(lines, x + d / 2, y + d / 2, d - 4)

    def zone_chips(self, z) -> None:
        d, gap, count = float(z["d"]), float(z.get("gap", 3)), int(z.get("count", 1))
        x, y = self.L(z["x"]), self.L(z["y"])
        labels = list(z.get("labels", [])) or [str(i + 1) for i in range(count)]
        if z.get("label"):
            self.items.append(TextLine(x, y - 2.0, z["label"], float(z.get("size", 10)), "bold", self.pal["ink"]))
            if z.get("sub"):
                lw = self.fonts.width_mm(z["label"], float(z.get("size", 10)), "bold")
                self.items.append(TextLine(x + lw + 2.0, y - 2.0, z["sub"], 7.0, "regular", self.pal["muted"]))
        for i in range(count):
            self.zone_chip(dict(z, size=min(float(z.get("chip-size", 12)), d * 0.9 / MM_PER_PT / 2)),
                           x + i * (d + gap), y, labels[i] if i < len(labels) else "")

    def zone_text(self, z) -> None:
        self.items.append(TextLine(self.L(z["x"]), self.L(z["y"]), z["text"], float(z.get("size", 9)),
                                   "bold" if z.get("bold") else "regular", z.get("color", self.pal["muted"]),
                                   anchor=z.get("anchor", "start")))

    def extent(self) -> tuple[float, float]:
        """Right and bottom edge of every zone (for the default mat size)."""
        right = bottom = 0.0
        cw, ch = self.card
        for z in self.data["zones"]:
            x, y = self.L(z["x"]), self.L(z["y"])
            if z["type"] == "card":
                w, h = (ch, cw) if z.get("rotated") else (cw, ch)
                w, h = self.L(z.get("w"), w), self.L(z.get("h"), h)
            elif z["type"] == "area":
                w, h = self.L(z["w"]), self.L(z["h"])
            elif z["type"] == "chips":
                n = int(z.get("count", 1))
                w, h = n * float(z["d"]) + (n - 1) * float(z.get("gap", 3)), float(z["d"])
            elif z["type"] == "chip":
                w = h = float(z["d"])
            else:
                w = h = 0.0
            right, bottom = max(right, x + w), max(bottom, y + h)
        return right, bottom


def _dashed_rect(x, y, w, h, colour, radius_free=False):
    dash = (2.0, 1.5)
    return [Rule(x, y, x + w, y, colour, 0.45, dash), Rule(x + w, y, x + w, y + h, colour, 0.45, dash),
            Rule(x + w, y + h, x, y + h, colour, 0.45, dash), Rule(x, y + h, x, y, colour, 0.45, dash)]


def layout_mat(game, fonts=None) -> Face:
    """The mat of ``game`` at its card size: background, border, title and every zone."""
    from fuda.faces.fonts import game_fonts

    doc = load_mat(game)
    data = doc.data
    fonts = fonts or game_fonts(game)
    lay = _Mat(game, data, fonts)
    margin = float(data.get("margin", 8))
    right, bottom = lay.extent()
    width = lay.L(data.get("width"), right + margin)
    height = lay.L(data.get("height"), bottom + margin)
    pal = lay.pal
    lay.items.append(Rect(0.0, 0.0, width, height, pal["background"]))
    lay.items.append(Rect(3.0, 3.0, width - 6.0, height - 6.0, None, pal["border"], 0.6, 4.0))
    lay.items.append(TextLine(lay.L(data.get("title-x"), margin), lay.L(data.get("title-y"), margin + 5.0),
                              data["title"], 13.0, "bold", pal["border"]))
    lay.items.append(TextLine(width - margin, margin + 5.0, game.name, 8.0, "regular", pal["muted"],
                              anchor="end"))
    order = {"area": 0, "text": 1, "card": 2, "chip": 2, "chips": 2}
    for z in sorted(data["zones"], key=lambda z: order[z["type"]]):
        getattr(lay, "zone_" + z["type"])(z)
    _check_glyphs(game, fonts, lay.items, doc)
    return Face(round(width, 3), round(height, 3), tuple(lay.items), 0.0, f"{game.id}/mat")


def _check_glyphs(game, fonts, items, doc) -> None:
    findings = []
    for item in items:
        if isinstance(item, TextLine):
            missing = fonts.missing_glyphs(item.text, item.font)
            if missing:
                findings.append(Finding(doc.where(()), "P102",
                                        f"the mat text {item.text!r} has characters the font lacks: "
                                        f"{' '.join(missing)}", hint="draw the sign another way"))
    if findings:
        raise FindingsError(findings)


def mat_size(game) -> tuple[float, float]:
    """The mat's size (width, height) in mm (the Udonarium exporter needs its aspect)."""
    face = layout_mat(game)
    return face.width, face.height


def mat_png(game, px_per_mm: float = 8.0) -> bytes:
    """The mat as PNG bytes at ``px_per_mm`` pixels per millimetre (8 ≈ 203 dpi)."""
    from fuda.faces.fonts import game_fonts
    from fuda.faces.paint_png import render_png_bands

    fonts = game_fonts(game)
    return render_png_bands(layout_mat(game, fonts), px_per_mm * 25.4, fonts)
