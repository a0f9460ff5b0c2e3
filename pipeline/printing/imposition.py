"""Imposition: where card faces go on printed sheets, independent of what a card looks like.

Everything here is geometry in millimetres from the top-left corner of the page (the convention
of :mod:`fuda.faces.primitives`); the painters turn it into PDF points. A :class:`SheetLayout`
says, for one paper, card size, bleed and back mode, where each card's front and back go.

Decisions (print-notes.md, "Page geometry" and "Duplex"):

* Cards keep their full bleed on every side when the sheet has room for a ``2 × bleed`` gap
  between neighbours; otherwise neighbours are butted together along that axis (one shared cut)
  and bleed is kept on the outer edges only. This is decided per axis, and never costs a card:
  on A4, 63 × 88 cards are butted in columns and gapped in rows.
* Duplex sheets are always portrait (the long edge is then the vertical one, so "long-edge"
  means columns mirrored, x = W − x − w; "short-edge" means rows mirrored, y = H − y − h, with
  the back turned 180°). Simplex and gutter-fold sheets may turn landscape when that fits more.
* A gutter-fold sheet holds fronts on one side of the fold and their backs mirrored about it.
* The per-printer back offset moves everything on a back page (cards, marks, boxes) by
  ``(dx, dy)`` mm as seen on the back page: +x to the right, +y downwards.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace

from fuda.i18n import Text

PT_PER_MM = 72.0 / 25.4

PAPERS: dict[str, tuple[float, float]] = {
    "A4": (210.0, 297.0),
    "B5": (182.0, 257.0),  # JIS B5
    "A3": (297.0, 420.0),
    "Letter": (215.9, 279.4),
}
CARD_PRESETS: dict[str, tuple[float, float]] = {
    "63x88": (63.0, 88.0),  # the standard TCG size
    "59x86": (59.0, 86.0),  # small (Japanese "mini") size
    "91x55": (91.0, 55.0),  # 名刺 business-card size
}
#: Sizes by the names shops sell them under (``--card-size poker``). Bridge is 2¼ × 3½ in
#: (57.15 × 88.9 mm, the size of bridge decks and of the sleeves sold for them), rounded to the
#: whole millimetre as shops list it; business is the Japanese 名刺 (91 × 55), landscape.
NAMED_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "small": (59.0, 86.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
    "business": (91.0, 55.0),
    "business-portrait": (55.0, 91.0),
}
DEFAULT_BLEED = 3.0
MAX_BLEED = 5.0
SAFE_AREA = 3.0  # mm inside the trim that text and stats must respect
MAX_OFFSET = 20.0  # mm, the largest back offset (duplex drift is 1–3 mm)
MAX_COPIES = 1000
MAX_ITEMS = 20000  # cards in one file: beyond this a job should be split
MIN_MARGIN = 7.0  # mm between the paper edge and the outermost bleed: 2 mm marks kept 5 mm in
PLAIN_MARGIN = 4.0  # the same without marks: what a home printer cannot print anyway
FOLD_CLEARANCE = 2.0  # mm between a card's bleed and the gutter fold
BACKS = ("none", "long-edge", "short-edge", "gutter")
MARKS = ("tombo", "lines", "none")

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm from the page's top-left


class PrintOptionError(ValueError):
    """A print option that cannot work (unknown paper, card too large …); one-line message."""


def paper_size(name: str) -> tuple[float, float]:
    """Portrait (width, height) in mm of a paper name: A4, B5 (JIS), A3 or Letter (any case)."""
    for key, size in PAPERS.items():
        if key.lower() == str(name).strip().lower():
            return size
    raise PrintOptionError(Text("err.paper", name=name, papers=", ".join(PAPERS)))


def size_names() -> str:
    """The named sizes with their millimetres, for help and errors: "poker (63x88), …"."""
    return ", ".join(f"{name} ({w:g}x{h:g})" for name, (w, h) in NAMED_SIZES.items())


def card_size(text: str) -> tuple[float, float]:
    """Parse a card size: a name (``poker``, ``bridge``, ``business`` …, any case, see
    :data:`NAMED_SIZES`) or "63x88" (also "63×88", "91 x 55", decimals allowed) into (w, h) mm."""
    named = NAMED_SIZES.get(str(text).strip().lower())
    if named is not None:
        return named
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[x×X*]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*", str(text))
    if not match:
        raise PrintOptionError(Text("err.card_size", text=text, presets=size_names()))
    w, h = float(match[1]), float(match[2])
    if not (20 <= w <= 200 and 20 <= h <= 200):
        raise PrintOptionError(Text("err.card_size_range", text=text))
    return (w, h)


def check_bleed(bleed: float) -> float:
    """The bleed as a float; an error unless it is a finite number between 0 and 5 mm."""
    bleed = _number(bleed, "what.bleed")
    if not 0 <= bleed <= MAX_BLEED:
        raise PrintOptionError(Text("err.bleed", bleed=bleed, max=MAX_BLEED))
    return bleed


def check_offset(offset) -> tuple[float, float]:
    """A back offset (dx, dy) in mm; an error unless both are finite and within ±20 mm."""
    try:
        dx, dy = offset
    except (TypeError, ValueError):
        raise PrintOptionError(Text("err.offset", offset=offset)) from None
    dx, dy = _number(dx, "what.offset_x"), _number(dy, "what.offset_y")
    if abs(dx) > MAX_OFFSET or abs(dy) > MAX_OFFSET:
        raise PrintOptionError(Text("err.offset_range", dx=dx, dy=dy, max=MAX_OFFSET))
    return dx, dy


def check_copies(copies, cards: int = 1) -> int:
    """Copies of each card: a whole number from 1 to 1000, and at most 20,000 cards in all."""
    if isinstance(copies, bool) or not isinstance(copies, int):
        raise PrintOptionError(Text("err.copies_whole", copies=copies))
    if not 1 <= copies <= MAX_COPIES:
        raise PrintOptionError(Text("err.copies_range", copies=copies, max=MAX_COPIES))
    if copies * cards > MAX_ITEMS:
        raise PrintOptionError(Text("err.copies_total", copies=copies, cards=cards, total=copies * cards,
                                    max=MAX_ITEMS))
    return copies


def _number(value, what: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise PrintOptionError(Text("err.not_number", what=Text(what), value=value)) from None
    if not math.isfinite(number):
        raise PrintOptionError(Text("err.not_finite", what=Text(what), value=value))
    return number


def grow(box: Box, d: float) -> Box:
    """``box`` grown by ``d`` mm on every side (shrunk when negative)."""
    return (box[0] - d, box[1] - d, box[2] + d, box[3] + d)


def union(*boxes: Box) -> Box:
    """The smallest box holding every box."""
    return (min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))


def pdf_box(box: Box, page_height: float) -> tuple[float, float, float, float]:
    """A top-left mm box as a PDF box (x0, y0, x1, y1) in points from the bottom-left."""
    x0, y0, x1, y1 = box
    return (round(x0 * PT_PER_MM, 4), round((page_height - y1) * PT_PER_MM, 4),
            round(x1 * PT_PER_MM, 4), round((page_height - y0) * PT_PER_MM, 4))


@dataclass(frozen=True)
class Slot:
    """Where one card face goes: its trim box, the bleed kept on each side, and its turn."""

    x: float
    y: float
    w: float
    h: float
    keep: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)  # page left, top, right, bottom
    rotate: bool = False  # the face is turned 180° (short-edge backs, horizontal gutter fold)

    @property
    def trim(self) -> Box:
        """The trim box."""
        return (self.x, self.y, self.x + self.w, self.y + self.h)

    @property
    def clip(self) -> Box:
        """The box the face may paint into: the trim plus the bleed kept on each side."""
        left, top, right, bottom = self.keep
        return (self.x - left, self.y - top, self.x + self.w + right, self.y + self.h + bottom)


@dataclass(frozen=True)
class Grid:
    """Cards in ``cols`` × ``rows``, the first trim corner at (x0, y0), ``gap`` mm apart."""

    cols: int
    rows: int
    card_w: float
    card_h: float
    bleed: float
    gap_x: float
    gap_y: float
    x0: float
    y0: float
    rotate: bool = False

    @property
    def count(self) -> int:
        """Cards per grid."""
        return self.cols * self.rows

    @property
    def trim_box(self) -> Box:
        """The box around every card's trim."""
        return (self.x0, self.y0,
                self.x0 + self.cols * self.card_w + (self.cols - 1) * self.gap_x,
                self.y0 + self.rows * self.card_h + (self.rows - 1) * self.gap_y)

    @property
    def bleed_box(self) -> Box:
        """The trim box grown by the bleed: the outermost extent of the artwork."""
        return grow(self.trim_box, self.bleed)

    def col_x(self, col: int) -> float:
        """Left trim edge of a column."""
        return self.x0 + col * (self.card_w + self.gap_x)

    def row_y(self, row: int) -> float:
        """Top trim edge of a row."""
        return self.y0 + row * (self.card_h + self.gap_y)

    def slot(self, col: int, row: int) -> Slot:
        """The slot at column ``col``, row ``row`` (0-based from the top-left)."""
        b = self.bleed
        left = b if col == 0 or self.gap_x > 0 else 0.0
        right = b if col == self.cols - 1 or self.gap_x > 0 else 0.0
        top = b if row == 0 or self.gap_y > 0 else 0.0
        bottom = b if row == self.rows - 1 or self.gap_y > 0 else 0.0
        return Slot(self.col_x(col), self.row_y(row), self.card_w, self.card_h,
                    (left, top, right, bottom), self.rotate)

    @property
    def cut_xs(self) -> tuple[float, ...]:
        """Every vertical cut (trim) line, left to right."""
        xs = {round(self.col_x(c), 4) for c in range(self.cols)}
        xs |= {round(self.col_x(c) + self.card_w, 4) for c in range(self.cols)}
        return tuple(sorted(xs))

    @property
    def cut_ys(self) -> tuple[float, ...]:
        """Every horizontal cut (trim) line, top to bottom."""
        ys = {round(self.row_y(r), 4) for r in range(self.rows)}
        ys |= {round(self.row_y(r) + self.card_h, 4) for r in range(self.rows)}
        return tuple(sorted(ys))

    def mirrored_x(self, axis2: float) -> Grid:
        """This grid mirrored about the vertical line x = axis2 / 2."""
        _x0, _, x1, _ = self.trim_box
        return replace(self, x0=axis2 - x1)

    def mirrored_y(self, axis2: float) -> Grid:
        """This grid mirrored about the horizontal line y = axis2 / 2, faces turned 180°."""
        _, _y0, _, y1 = self.trim_box
        return replace(self, y0=axis2 - y1, rotate=not self.rotate)

    def shifted(self, dx: float, dy: float) -> Grid:
        """This grid moved by (dx, dy) mm."""
        return replace(self, x0=self.x0 + dx, y0=self.y0 + dy)


def _fit(length: float, card: float, bleed: float) -> tuple[int, float]:
    """How many cards fit in ``length`` mm, and the gap between them (2 × bleed or butted)."""
    n = math.floor((length - 2 * bleed + 1e-9) / card)
    if n < 1:
        return 0, 0.0
    gapped = n * card + (n - 1) * 2 * bleed + 2 * bleed
    return n, (2 * bleed if bleed > 0 and gapped <= length + 1e-9 else 0.0)


def fit_grid(region: Box, card: tuple[float, float], bleed: float,
             align: tuple[str, str] = ("center", "center")) -> Grid | None:
    """The largest grid of ``card`` (trim + bleed) inside ``region``, placed by ``align``
    ("start", "center" or "end" on each axis); ``None`` when not one card fits."""
    rx0, ry0, rx1, ry1 = region
    cols, gap_x = _fit(rx1 - rx0, card[0], bleed)
    rows, gap_y = _fit(ry1 - ry0, card[1], bleed)
    if not cols or not rows:
        return None
    width = cols * card[0] + (cols - 1) * gap_x
    height = rows * card[1] + (rows - 1) * gap_y

    def place(start, end, size, how):
        if how == "start":
            return start + bleed
        if how == "end":
            return end - bleed - size
        return start + (end - start - size) / 2

    return Grid(cols, rows, card[0], card[1], bleed, gap_x, gap_y,
                round(place(rx0, rx1, width, align[0]), 6), round(place(ry0, ry1, height, align[1]), 6))


@dataclass(frozen=True)
class SheetLayout:
    """Where fronts and backs go on one sheet, for one paper, card size, bleed and back mode."""

    width: float
    height: float
    backs: str
    front: Grid
    back: Grid | None = None  # the backs' grid (on the back page, or beside the fold)
    fold: tuple[str, float] | None = None  # ("x" | "y", position) of a gutter fold line
    mirrored: bool = True  # False only in tests: backs left unmirrored, which must misalign

    @property
    def per_page(self) -> int:
        """Cards (fronts) per sheet."""
        return self.front.count

    @property
    def landscape(self) -> bool:
        """True when the sheet is turned landscape."""
        return self.width > self.height

    def front_slots(self) -> tuple[Slot, ...]:
        """The front slots in reading order (rows top to bottom, columns left to right)."""
        g = self.front
        return tuple(g.slot(c, r) for r in range(g.rows) for c in range(g.cols))

    def back_slots(self) -> tuple[Slot, ...]:
        """The back slot of each front slot (same order): mirrored so the two coincide."""
        if self.back is None:
            return ()
        f, b = self.front, self.back
        if not self.mirrored:
            return tuple(b.slot(c, r) for r in range(f.rows) for c in range(f.cols))
        mirror_cols = self.backs == "long-edge" or (self.backs == "gutter" and self.fold[0] == "x")
        out = []
        for r in range(f.rows):
            for c in range(f.cols):
                if mirror_cols:
                    out.append(b.slot(f.cols - 1 - c, r))
                else:
                    out.append(b.slot(c, f.rows - 1 - r))
        return tuple(out)


def sheet_layout(paper: tuple[float, float], card: tuple[float, float], bleed: float,
                 backs: str = "none", back_offset: tuple[float, float] = (0.0, 0.0),
                 margin: float = MIN_MARGIN, mirror: bool = True) -> SheetLayout:
    """Choose the sheet layout holding the most cards (ties: portrait, vertical fold).

    ``mirror=False`` exists for tests only: it leaves backs unmirrored (and unturned), which
    the duplex alignment check must catch."""
    if backs not in BACKS:
        raise PrintOptionError(Text("err.backs", backs=backs, known=", ".join(BACKS)))
    bleed = check_bleed(bleed)
    pw, ph = paper
    orientations = [(pw, ph)] if backs in ("long-edge", "short-edge") else [(pw, ph), (ph, pw)]
    best: SheetLayout | None = None
    for w, h in orientations:
        for layout in _candidates(w, h, card, bleed, backs, back_offset, margin):
            if best is None or layout.per_page > best.per_page:
                best = layout
    if best is not None and not mirror and best.back is not None:
        f, b = best.front, best.back
        best = replace(best, back=replace(f, x0=b.x0, y0=b.y0), mirrored=False)
    if best is None:
        raise PrintOptionError(Text("err.no_fit", w=card[0], h=card[1], bleed=bleed, pw=pw, ph=ph,
                                    gutter=Text("word.in_gutter") if backs == "gutter" else ""))
    return best


def _candidates(w, h, card, bleed, backs, offset, margin):
    page = (margin, margin, w - margin, h - margin)
    if backs != "gutter":
        grid = fit_grid(page, card, bleed)
        if grid is None:
            return
        back = None
        dx, dy = offset
        if backs == "long-edge":
            back = grid.mirrored_x(w).shifted(dx, dy)
        elif backs == "short-edge":
            back = grid.mirrored_y(h).shifted(dx, dy)
        yield SheetLayout(w, h, backs, grid, back)
        return
    half = bleed + FOLD_CLEARANCE  # fold to the nearest trim is bleed + clearance
    fold_x = w / 2
    grid = fit_grid((margin, margin, fold_x - half + bleed, h - margin), card, bleed, ("end", "center"))
    if grid is not None:
        yield SheetLayout(w, h, backs, grid, grid.mirrored_x(2 * fold_x), ("x", fold_x))
    fold_y = h / 2
    grid = fit_grid((margin, margin, w - margin, fold_y - half + bleed), card, bleed, ("center", "end"))
    if grid is not None:
        yield SheetLayout(w, h, backs, grid, grid.mirrored_y(2 * fold_y), ("y", fold_y))


@dataclass(frozen=True)
class Placement:
    """One card face on one page: which print item, which side, and where."""

    item: int
    side: str  # "front" or "back"
    slot: Slot


@dataclass(frozen=True)
class PagePlan:
    """One page: its size, what it is, the faces on it and its boxes (mm, top-left)."""

    width: float
    height: float
    side: str  # "front", "back" or "both" (gutter fold)
    placements: tuple[Placement, ...]
    grids: tuple[Grid, ...]  # for the marks
    trim: Box
    bleed: Box
    art: Box
    fold: tuple[str, float] | None = None
    number: int = 0  # 1-based sheet number (a duplex front and back share it)


def placed_trim(placements) -> Box:
    """The box around the trims of the cards actually placed (a last sheet may be part full)."""
    return union(*(pl.slot.trim for pl in placements))


def paginate(layout: SheetLayout, count: int) -> list[PagePlan]:
    """Pages for ``count`` print items: fronts (then backs, in duplex) sheet by sheet. Each
    page's TrimBox and BleedBox hold only the cards placed on it."""
    pages: list[PagePlan] = []
    fronts, backs = layout.front_slots(), layout.back_slots()
    for sheet, start in enumerate(range(0, count, layout.per_page), 1):
        items = range(start, min(count, start + layout.per_page))
        front = tuple(Placement(i, "front", fronts[i - start]) for i in items)
        back = tuple(Placement(i, "back", backs[i - start]) for i in items) if backs else ()
        f_grid = layout.front
        b = f_grid.bleed
        if layout.backs == "gutter":
            trim = placed_trim(front + back)
            pages.append(PagePlan(layout.width, layout.height, "both", front + back,
                                  (f_grid, layout.back), trim, grow(trim, b), trim,
                                  layout.fold, sheet))
            continue
        trim = placed_trim(front)
        pages.append(PagePlan(layout.width, layout.height, "front", front, (f_grid,),
                              trim, grow(trim, b), trim, None, sheet))
        if back:
            b_grid = layout.back
            trim = placed_trim(back)
            pages.append(PagePlan(layout.width, layout.height, "back", back, (b_grid,),
                                  trim, grow(trim, b), trim, None, sheet))
    return pages


def face_page(card: tuple[float, float], bleed: float, item: int, side: str) -> PagePlan:
    """A per-face page (print shops): trim + bleed, MediaBox = BleedBox, ArtBox = safe area."""
    w, h = card
    slot = Slot(bleed, bleed, w, h, (bleed, bleed, bleed, bleed))
    trim = slot.trim
    safe = grow(trim, -SAFE_AREA) if min(w, h) > 2 * SAFE_AREA else trim
    return PagePlan(w + 2 * bleed, h + 2 * bleed, side, (Placement(item, side, slot),), (),
                    trim, (0.0, 0.0, w + 2 * bleed, h + 2 * bleed), safe)
