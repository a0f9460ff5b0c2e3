"""Tiling: a mat larger than the sheet, printed on several sheets and glued together.

Scheme: the mat is cut into equal windows in columns and rows; neighbours share exactly
``TILE_OVERLAP`` mm of mat (the glue margin, のりしろ). Each tile is centred on its sheet. The
tile to the right (below) is cut along its left (top) content edge and laid over this tile's
glue margin, whose far edge is a dashed line where that cut edge goes. Registration crosses are
printed in the margins centred on every seam line, on both tiles: cutting halves them, and the
glued sheets put the halves back together when aligned. Tiles are named by column letter and
row number (A1, B1, A2 …) and say which neighbour goes where. A mat that fits one sheet gets
corner crop marks only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fuda.faces.primitives import Ellipse, Rule, TextLine
from fuda.i18n import Text
from fuda.printing.imposition import Box, PrintOptionError
from fuda.printing.marks import LABEL_SIZE, MARK_COLOR, mark_line

TILE_OVERLAP = 12.0  # mm of mat shown on both neighbours: the glue margin (のりしろ)
TILE_MARGIN = 10.0  # mm of paper around a tile's content, for cut marks, crosses and labels


@dataclass(frozen=True)
class Tile:
    """One sheet of a tiled mat: the window of the mat it shows and where that sits on the page."""

    col: int
    row: int
    cols: int
    rows: int
    window: Box  # mm of the mat (mat coordinates)
    origin: tuple[float, float]  # page position (mm, top-left) of the window's top-left
    page_w: float
    page_h: float
    overlap: float = TILE_OVERLAP

    @property
    def name(self) -> str:
        """The tile's name: column letter and row number ("A1", "B2" …)."""
        return f"{chr(ord('A') + self.col)}{self.row + 1}"

    @property
    def content(self) -> Box:
        """The window's place on the page (mm, top-left)."""
        x0, y0, x1, y1 = self.window
        return (self.origin[0], self.origin[1], self.origin[0] + x1 - x0, self.origin[1] + y1 - y0)

    def to_page(self, x: float, y: float) -> tuple[float, float]:
        """A mat point on this page."""
        return (self.origin[0] + x - self.window[0], self.origin[1] + y - self.window[1])


def _spans(length: float, room: float, overlap: float) -> list[tuple[float, float]]:
    """Equal windows covering ``length``, each at most ``room`` long, neighbours sharing exactly
    ``overlap`` mm (the glue margin)."""
    if length <= room + 1e-9:
        return [(0.0, length)]
    n = math.ceil((length - overlap) / (room - overlap) - 1e-9)
    size = (length + (n - 1) * overlap) / n
    return [(round(i * (size - overlap), 4), round(i * (size - overlap) + size, 4)) for i in range(n)]


def tile_plan(mat: tuple[float, float], paper: tuple[float, float], *, overlap: float = TILE_OVERLAP,
              margin: float = TILE_MARGIN, single_margin: float = 5.0, tiled: bool = True) -> list[Tile]:
    """Sheets for a mat: one sheet (either orientation) when it fits within ``single_margin``,
    else tiles in rows and columns (the orientation needing fewer sheets; ties portrait), each
    showing ``overlap`` mm or more of its neighbours' content as the glue margin."""
    mw, mh = mat
    for pw, ph in (paper, paper[::-1]):
        if mw <= pw - 2 * single_margin + 1e-9 and mh <= ph - 2 * single_margin + 1e-9:
            return [Tile(0, 0, 1, 1, (0.0, 0.0, mw, mh), ((pw - mw) / 2, (ph - mh) / 2), pw, ph, 0.0)]
    if not tiled:
        raise PrintOptionError(Text("err.mat_fit", mw=mw, mh=mh, pw=paper[0], ph=paper[1]))
    best: list[Tile] | None = None
    for pw, ph in (paper, paper[::-1]):
        xs = _spans(mw, pw - 2 * margin, overlap)
        ys = _spans(mh, ph - 2 * margin, overlap)
        ox = (pw - (xs[0][1] - xs[0][0])) / 2  # every tile's content centred on its sheet
        oy = (ph - (ys[0][1] - ys[0][0])) / 2
        tiles = [Tile(c, r, len(xs), len(ys), (x0, y0, x1, y1), (round(ox, 4), round(oy, 4)), pw, ph, overlap)
                 for r, (y0, y1) in enumerate(ys) for c, (x0, x1) in enumerate(xs)]
        if best is None or len(tiles) < len(best):
            best = tiles
    return best


# --- marks ------------------------------------------------------------------------------------

def _cross(x: float, y: float, arm: float = 3.0) -> list:
    return [mark_line(x - arm, y, x + arm, y, width=0.15), mark_line(x, y - arm, x, y + arm, width=0.15),
            Ellipse(round(x - arm * 0.55, 4), round(y - arm * 0.55, 4), arm * 1.1, arm * 1.1,
                    stroke=MARK_COLOR, stroke_width=0.15)]


def _hatch(box: Box, step: float = 5.0, color: str = "#9a9a9a") -> list[Rule]:
    """Diagonal hatching inside ``box`` (marks a glue margin that will be covered)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    out = []
    t = step
    while t < w + h:
        u0, u1 = max(0.0, t - w), min(h, t)
        if u1 > u0:
            out.append(mark_line(x0 + t - u0, y0 + u0, x0 + t - u1, y0 + u1, color, 0.12))
        t += step
    return out


def _corners(box: Box, length: float) -> list[Rule]:
    """Crop marks outside the corners of ``box``."""
    x0, y0, x1, y1 = box
    gap = 1.0
    out = []
    for x, sx in ((x0, -1), (x1, 1)):
        for y, sy in ((y0, -1), (y1, 1)):
            out.append(mark_line(x, y + sy * gap, x, y + sy * (gap + length)))
            out.append(mark_line(x + sx * gap, y, x + sx * (gap + length), y))
    return out


def tile_marks(tile, tiles, title: str) -> list:
    """Marks of one mat sheet: crop marks on the mat's outer edges; on a seam with the tile to
    the left or above, a cut line (this edge is cut and laid over that tile); on a seam with the
    tile to the right or below, the glue margin (のりしろ), hatched and bounded by a dashed line
    where the neighbour's cut edge goes; registration crosses centred on every seam line, which
    the cut halves and the glue rejoins; and the tile's name with what goes where."""
    cx0, cy0, cx1, cy1 = tile.content
    W, H = tile.page_w, tile.page_h
    out: list = []
    if tile.cols == tile.rows == 1:
        out.extend(_corners(tile.content, max(0.0, min(6.0, cx0 - 1.5, cy0 - 1.5))))
        if H - cy1 >= 3:
            out.append(TextLine(cx0, cy1 + min(4.0, H - cy1 - 1.0), title, LABEL_SIZE, color="#404040"))
        return out
    grid = {(t.col, t.row): t for t in tiles}
    right, below = grid.get((tile.col + 1, tile.row)), grid.get((tile.col, tile.row + 1))
    left, above = grid.get((tile.col - 1, tile.row)), grid.get((tile.col, tile.row - 1))
    mid = 5.0  # crosses sit this far out in the margin
    # outer edges of the whole mat: crop marks at this tile's outer corners
    for edge, present in (("left", left), ("right", right), ("top", above), ("bottom", below)):
        if present is None:
            if edge in ("left", "right"):
                x = cx0 if edge == "left" else cx1
                out += [mark_line(x, cy0 - 1, x, cy0 - 6), mark_line(x, cy1 + 1, x, cy1 + 6)]
            else:
                y = cy0 if edge == "top" else cy1
                out += [mark_line(cx0 - 1, y, cx0 - 6, y), mark_line(cx1 + 1, y, cx1 + 6, y)]
    if left is not None:  # this edge is cut off and laid over the left tile's glue margin
        out += [mark_line(cx0, 0.5, cx0, cy0, width=0.2), mark_line(cx0, cy1, cx0, H - 0.5, width=0.2)]
        out += _cross(cx0, cy0 - mid) + _cross(cx0, cy1 + mid)
        out.append(TextLine(cx0 + 4.0, cy0 - 1.5, f"◀ 切り取り線（{left.name} に重ねる）", 5.5, color="#404040"))
    if above is not None:
        out += [mark_line(0.5, cy0, cx0, cy0, width=0.2), mark_line(cx1, cy0, W - 0.5, cy0, width=0.2)]
        out += _cross(cx0 - mid, cy0) + _cross(cx1 + mid, cy0)
    if right is not None:
        seam = tile.to_page(right.window[0], 0)[0]
        out += _hatch((seam, cy0, cx1, cy1))
        out.append(mark_line(seam, cy0, seam, cy1, "#606060", 0.2, (2.0, 1.5)))
        out += _cross(seam, cy0 - mid) + _cross(seam, cy1 + mid)
        out.append(TextLine(seam + 1.0, cy1 + 3.0, "のりしろ", 5.5, color="#404040"))
    if below is not None:
        seam = tile.to_page(0, below.window[1])[1]
        out += _hatch((cx0, seam, cx1, cy1))
        out.append(mark_line(cx0, seam, cx1, seam, "#606060", 0.2, (2.0, 1.5)))
        out += _cross(cx0 - mid, seam) + _cross(cx1 + mid, seam)
    parts = [f"{title}　{tile.name}（{tile.col + 1}/{tile.cols} 列・{tile.row + 1}/{tile.rows} 段）"]
    if right is not None:
        parts.append(f"右に {right.name}")
    if below is not None:
        parts.append(f"下に {below.name}")
    text = parts[0] + ("　" + "、".join(parts[1:]) + " を重ねて貼る" if len(parts) > 1 else "")
    baseline = cy1 + 11.0 if H - cy1 >= 14.0 else H - 2.5  # below the crosses when there is room
    out.append(TextLine(cx0 + (12.0 if left is not None else 2.0), baseline, text, 6.0, color="#404040"))
    return out
