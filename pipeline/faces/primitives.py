"""Drawing primitives: what a laid-out card face or mat is made of.

Layout turns a card (or a mat template) into a :class:`Face`: a size and a tuple of primitives in
millimetres. Painters draw the same tuple, reportlab for PDF and Pillow for PNG, so print and the
online exports look alike. Coordinates are millimetres from the top-left corner of the trim box,
y growing downwards; the bleed is the band from ``-bleed`` to ``width + bleed`` (and likewise in
y), so a background that must reach the bleed is drawn from ``-bleed``.
Colours are ``#rrggbb`` strings (CMYK output converts them).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Rect:
    """A rectangle, optionally rounded, filled and/or stroked."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3  # mm
    radius: float = 0.0  # mm


@dataclass(frozen=True)
class Rule:
    """A straight line (a "rule" in typesetting)."""

    x1: float
    y1: float
    x2: float
    y2: float
    stroke: str = "#000000"
    stroke_width: float = 0.3  # mm
    dash: tuple[float, ...] = ()  # mm on, mm off …


@dataclass(frozen=True)
class Polygon:
    """A closed path through ``points`` (mm), for icons the fonts lack (RR recast marks …)."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3


@dataclass(frozen=True)
class Ellipse:
    """An ellipse inside the box x, y, w, h (mm)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.3


@dataclass(frozen=True)
class TextLine:
    """One line of text already broken and fitted by layout; ``y`` is the baseline (mm)."""

    x: float
    y: float
    text: str
    size: float  # points
    font: str = "regular"  # a font role of the game: "regular" or "bold"
    color: str = "#000000"
    h_scale: float = 1.0  # horizontal squeeze (names squeeze before they shrink)
    anchor: str = "start"  # "start", "middle" or "end" of the line at x


@dataclass(frozen=True)
class Image:
    """A raster image file placed in the box x, y, w, h (mm), cropped to cover it.

    ``focus`` (0–1 of the image's width and height) is the point kept nearest the box's centre
    when the image is cropped; ``crop`` (left, top, right, bottom, 0–1) is the part of the image
    to show, scaled to cover the box (a little more of the image shows when the aspects differ).
    """

    x: float
    y: float
    w: float
    h: float
    path: Path
    focus: tuple[float, float] = (0.5, 0.5)
    crop: tuple[float, float, float, float] | None = None

    def window(self, iw: float, ih: float) -> tuple[float, float, float, float]:
        """The part of an ``iw`` × ``ih`` pixel image that shows in the box:
        (left, top, width, height) in pixels, inside the image, with the box's aspect."""
        if self.crop is not None:
            x0, y0, x1, y1 = self.crop
            rw, rh = (x1 - x0) * iw, (y1 - y0) * ih
            cx, cy = (x0 + x1) / 2 * iw, (y0 + y1) / 2 * ih
        else:
            rw, rh = iw, ih
            cx, cy = self.focus[0] * iw, self.focus[1] * ih
        scale = max(self.w / rw, self.h / rh)  # mm per pixel: the region covers the box
        ww, wh = min(iw, self.w / scale), min(ih, self.h / scale)
        left = min(max(0.0, cx - ww / 2), iw - ww)
        top = min(max(0.0, cy - wh / 2), ih - wh)
        return left, top, ww, wh


@dataclass(frozen=True)
class Marker:
    """Invisible text carrying an id (e.g. ``card:reimu-1:front``), for tests that check alignment."""

    x: float
    y: float
    text: str


Primitive = Rect | Rule | Polygon | Ellipse | TextLine | Image | Marker


@dataclass(frozen=True)
class Face:
    """A laid-out card face (or mat): trim size, bleed, and what to draw, in order."""

    width: float  # trim width, mm
    height: float  # trim height, mm
    items: tuple[Primitive, ...]
    bleed: float = 0.0  # mm that the artwork extends beyond the trim on every side
    name: str = ""  # e.g. "reimu-1/front", used for per-face file names
