"""Printer's marks as primitives: Japanese トンボ, plain cut lines, the gutter fold, page labels,
and the duplex calibration page.

Everything is in page millimetres from the top-left, as :mod:`fuda.faces.primitives` items that the
PDF painter draws like any card face (so CMYK mode converts them too).

トンボ (print-notes.md): at each outer corner of the card block a double corner mark, one
L-shaped pair of lines on the bleed edge and one pair on the trim edge, both starting at the bleed
and running outwards; a centre mark (十字) on each side; and a short mark in the margins for every
inner cut line. "lines" draws each cut line across the margins instead, for a ruler and knife.
"""

from __future__ import annotations

from functools import lru_cache

from fuda.faces.primitives import Rule, TextLine
from fuda.printing.imposition import Box, Grid, PagePlan, grow

MARK_COLOR = "#000000"  # black; on a CMYK page, registration colour (C M Y K 100 %, paint_pdf.REGISTRATION)
MARK_WIDTH = 0.1  # mm (≈ 0.28 pt), what shops ask for
MARK_LEN = 10.0  # mm, at most (shortened to fit the margin)
LINE_COLOR = "#808080"
LABEL_SIZE = 6.0  # pt


def mark_line(x1, y1, x2, y2, color=MARK_COLOR, width=MARK_WIDTH, dash=()) -> Rule:
    """A mark's line (mm, rounded so output is stable)."""
    return Rule(round(x1, 4), round(y1, 4), round(x2, 4), round(y2, 4), color, width, dash)


MARK_EDGE = 5.0  # mm: no mark comes nearer the paper edge (home printers cannot print there)
MIN_MARK = 2.0  # mm: a side whose margin allows less than this gets no marks


def _sides(grid: Grid, page_w: float, page_h: float, others: tuple[Box, ...] = ()) -> tuple[float, ...]:
    """How long marks may be on each side of ``grid``'s bleed box (left, top, right, bottom):
    the margin less :data:`MARK_EDGE` to the paper edge, and at most half the gap to another
    card block's bleed (a gutter sheet's other half); 0 when that is under :data:`MIN_MARK`."""
    x0, y0, x1, y1 = grid.bleed_box
    room = [x0 - MARK_EDGE, y0 - MARK_EDGE, page_w - x1 - MARK_EDGE, page_h - y1 - MARK_EDGE]
    for ox0, oy0, ox1, oy1 in others:
        if oy0 < y1 and oy1 > y0:  # beside us, left or right
            if ox1 <= x0:
                room[0] = min(room[0], (x0 - ox1) / 2 - 0.25)
            elif ox0 >= x1:
                room[2] = min(room[2], (ox0 - x1) / 2 - 0.25)
        if ox0 < x1 and ox1 > x0:  # above or below
            if oy1 <= y0:
                room[1] = min(room[1], (y0 - oy1) / 2 - 0.25)
            elif oy0 >= y1:
                room[3] = min(room[3], (oy0 - y1) / 2 - 0.25)
    return tuple(round(min(MARK_LEN, r), 4) if r >= MIN_MARK else 0.0 for r in room)


def tombo(grid: Grid, page_w: float, page_h: float, others: tuple[Box, ...] = ()) -> list[Rule]:
    """Japanese トンボ around one card block: corner pairs, centre crosses, inner cut marks.

    Each side's marks are as long as that side's margin allows (:func:`_sides`); ``others`` are
    the bleed boxes of other card blocks on the page, which the marks leave alone."""
    tx0, ty0, tx1, ty1 = grid.trim_box
    bx0, by0, bx1, by1 = grid.bleed_box
    left, top, right, bottom = _sides(grid, page_w, page_h, others)
    out: list[Rule] = []
    # corners: (trim x, bleed x, outward x sign, room that way), the same for y
    for (tx, bx, sx, lx) in ((tx0, bx0, -1, left), (tx1, bx1, 1, right)):
        for (ty, by, sy, ly) in ((ty0, by0, -1, top), (ty1, by1, 1, bottom)):
            if ly:
                out.append(mark_line(bx, by, bx, by + sy * ly))  # bleed L, vertical arm
            if lx:
                out.append(mark_line(bx, by, bx + sx * lx, by))  # bleed L, horizontal arm
            if grid.bleed > 0:
                if ly:
                    out.append(mark_line(tx, by, tx, by + sy * ly))  # trim line, vertical
                if lx:
                    out.append(mark_line(bx, ty, bx + sx * lx, ty))  # trim line, horizontal
    # centre marks: a line on the centre of each side with a short cross bar
    cx, cy = (tx0 + tx1) / 2, (ty0 + ty1) / 2
    for y_edge, s, L in ((by0, -1, top), (by1, 1, bottom)):
        if L:
            bar = min(L, 6.0) / 2
            out.append(mark_line(cx, y_edge + s * min(1.0, L / 3), cx, y_edge + s * L))
            out.append(mark_line(cx - bar, y_edge + s * L / 2, cx + bar, y_edge + s * L / 2))
    for x_edge, s, L in ((bx0, -1, left), (bx1, 1, right)):
        if L:
            bar = min(L, 6.0) / 2
            out.append(mark_line(x_edge + s * min(1.0, L / 3), cy, x_edge + s * L, cy))
            out.append(mark_line(x_edge + s * L / 2, cy - bar, x_edge + s * L / 2, cy + bar))
    # inner cut lines: short marks in the outer margins
    for x in grid.cut_xs:
        if tx0 < x < tx1:
            if top:
                out.append(mark_line(x, by0, x, by0 - top * 0.7))
            if bottom:
                out.append(mark_line(x, by1, x, by1 + bottom * 0.7))
    for y in grid.cut_ys:
        if ty0 < y < ty1:
            if left:
                out.append(mark_line(bx0, y, bx0 - left * 0.7, y))
            if right:
                out.append(mark_line(bx1, y, bx1 + right * 0.7, y))
    return out


def cut_lines(grid: Grid, page_w: float, page_h: float) -> list[Rule]:
    """Plain cut lines: every trim line drawn across the margins, from the bleed to
    :data:`MARK_EDGE` from the paper edge."""
    bx0, by0, bx1, by1 = grid.bleed_box
    e = MARK_EDGE
    out: list[Rule] = []
    for x in grid.cut_xs:
        if by0 - e >= MIN_MARK:
            out.append(mark_line(x, e, x, by0, LINE_COLOR, 0.15))
        if page_h - e - by1 >= MIN_MARK:
            out.append(mark_line(x, by1, x, page_h - e, LINE_COLOR, 0.15))
    for y in grid.cut_ys:
        if bx0 - e >= MIN_MARK:
            out.append(mark_line(e, y, bx0, y, LINE_COLOR, 0.15))
        if page_w - e - bx1 >= MIN_MARK:
            out.append(mark_line(bx1, y, page_w - e, y, LINE_COLOR, 0.15))
    return out


def outside(rules, boxes: tuple[Box, ...]) -> list[Rule]:
    """The parts of axis-aligned ``rules`` that stay out of every box (each box grown by half
    the rule's width, so the stroke itself never enters a card's bleed); shorter bits vanish."""
    out: list[Rule] = []
    for r in rules:
        pieces = [(r.x1, r.y1, r.x2, r.y2)]
        half = r.stroke_width / 2
        for bx0, by0, bx1, by1 in boxes:
            bx0, by0, bx1, by1 = bx0 - half, by0 - half, bx1 + half, by1 + half
            kept = []
            for x1, y1, x2, y2 in pieces:
                if x1 == x2 and bx0 < x1 < bx1:  # vertical
                    lo, hi = sorted((y1, y2))
                    if hi > by0 and lo < by1:
                        kept += [(x1, lo, x1, min(hi, by0))] if lo < by0 else []
                        kept += [(x1, max(lo, by1), x1, hi)] if hi > by1 else []
                        continue
                elif y1 == y2 and by0 < y1 < by1:  # horizontal
                    lo, hi = sorted((x1, x2))
                    if hi > bx0 and lo < bx1:
                        kept += [(lo, y1, min(hi, bx0), y1)] if lo < bx0 else []
                        kept += [(max(lo, bx1), y1, hi, y1)] if hi > bx1 else []
                        continue
                kept.append((x1, y1, x2, y2))
            pieces = kept
        for x1, y1, x2, y2 in pieces:
            if abs(x2 - x1) + abs(y2 - y1) >= 0.5:
                out.append(mark_line(x1, y1, x2, y2, r.stroke, r.stroke_width, r.dash))
    return out


def fold_marks(fold: tuple[str, float], grids: tuple[Grid, ...], page_w: float, page_h: float) -> list:
    """The gutter fold: a dash-dot line in the margins on the fold, labelled 山折り (mountain fold)."""
    axis, pos = fold
    block = grids[0].bleed_box
    for g in grids[1:]:
        b = g.bleed_box
        block = (min(block[0], b[0]), min(block[1], b[1]), max(block[2], b[2]), max(block[3], b[3]))
    dash = (3.0, 1.0, 0.5, 1.0)
    out: list = []
    if axis == "x":
        if block[1] - MARK_EDGE >= MIN_MARK:
            out.append(mark_line(pos, MARK_EDGE, pos, block[1] - 0.5, dash=dash, width=0.2))
            out.append(TextLine(pos + 1.0, block[1] - 1.0, "山折り fold", LABEL_SIZE))
        if page_h - MARK_EDGE - block[3] >= MIN_MARK:
            out.append(mark_line(pos, block[3] + 0.5, pos, page_h - MARK_EDGE, dash=dash, width=0.2))
    else:
        if block[0] - MARK_EDGE >= MIN_MARK:
            out.append(mark_line(MARK_EDGE, pos, block[0] - 0.5, pos, dash=dash, width=0.2))
            out.append(TextLine(MARK_EDGE, pos - 1.0, "山折り", LABEL_SIZE))
        if page_w - MARK_EDGE - block[2] >= MIN_MARK:
            out.append(mark_line(block[2] + 0.5, pos, page_w - MARK_EDGE, pos, dash=dash, width=0.2))
    return out


def page_marks(page: PagePlan, style: str, label: str = "", measure=None) -> tuple:
    """Every mark of a sheet page: cut marks per ``style``, the fold, and a label in the margin.

    The label goes in the bottom margin between the left trim mark and the next mark, shrunk
    (``measure(text, size_pt)`` → mm) or cut short to fit there."""
    out = list(_cut_marks(page.grids, card_bleeds(page), page.width, page.height, style))
    if page.fold:
        out.extend(fold_marks(page.fold, page.grids, page.width, page.height))
    if label and page.grids:
        out.extend(_label(page, label, measure))
    return tuple(out)


def within(rules, box: Box) -> list[Rule]:
    """The parts of axis-aligned ``rules`` inside ``box`` (the paper less :data:`MARK_EDGE`)."""
    x0, y0, x1, y1 = box
    out: list[Rule] = []
    for r in rules:
        ax, bx = sorted((r.x1, r.x2))
        ay, by = sorted((r.y1, r.y2))
        ax, bx, ay, by = max(ax, x0), min(bx, x1), max(ay, y0), min(by, y1)
        if ax > bx + 1e-9 or ay > by + 1e-9 or (bx - ax) + (by - ay) < 0.5:
            continue
        if r.x1 <= r.x2 and r.y1 <= r.y2:
            out.append(mark_line(ax, ay, bx, by, r.stroke, r.stroke_width, r.dash))
        else:  # keep the direction the rule was drawn in
            out.append(mark_line(bx if r.x1 > r.x2 else ax, by if r.y1 > r.y2 else ay,
                                 ax if r.x1 > r.x2 else bx, ay if r.y1 > r.y2 else by,
                                 r.stroke, r.stroke_width, r.dash))
    return out


@lru_cache(maxsize=64)  # every full sheet of a job has the same marks
def _cut_marks(grids, bleeds, page_w: float, page_h: float, style: str) -> tuple:
    out: list = []
    for grid in grids:
        others = tuple(g.bleed_box for g in grids if g is not grid)
        if style == "tombo":
            out.extend(tombo(grid, page_w, page_h, others))
        elif style == "lines":
            out.extend(cut_lines(grid, page_w, page_h))
    return tuple(within(outside(out, bleeds), (MARK_EDGE, MARK_EDGE, page_w - MARK_EDGE, page_h - MARK_EDGE)))


def card_bleeds(page: PagePlan) -> tuple[Box, ...]:
    """Every card's bleed box on ``page`` (its trim grown by the full bleed)."""
    bleed = page.grids[0].bleed if page.grids else 0.0
    return tuple(grow(pl.slot.trim, bleed) for pl in page.placements)


def _label(page: PagePlan, text: str, measure) -> list:
    grid = min(page.grids, key=lambda g: g.trim_box[0])
    bottom = max(g.bleed_box[3] for g in page.grids)
    room = page.height - bottom
    if room < 2.5:
        return []
    tx0, _, tx1, _ = grid.trim_box
    stops = [x for x in grid.cut_xs if x > tx0 + 0.01] + [(tx0 + tx1) / 2]
    if page.fold and page.fold[0] == "x":
        stops.append(page.fold[1])
    start, end = tx0 + 1.5, min(stops) - 1.5
    size = LABEL_SIZE
    if measure is not None:
        while size > 4.0 and measure(text, size) > end - start:
            size -= 0.5
        while len(text) > 1 and measure(text, size) > end - start:
            text = text[:-2] + "…"
    baseline = bottom + min(room - 0.8, 1.0 + size * 0.3528)
    return [TextLine(round(start, 4), round(baseline, 4), text, size, color="#404040")]


# --- duplex calibration ---------------------------------------------------------------------

SCALE_RANGE = 5.0  # mm either way
SCALE_STEP = 0.5  # mm between readings
SCALE_PITCH = 6.0  # mm between neighbouring lines of a scale (they alternate between two bands)
SCALE_BAND = 20.0  # mm between the two bands: more than SCALE_LEN + SCALE_RANGE
SCALE_LEN = 12.0  # mm, length of each line


def calibration_pages(page_w: float, page_h: float, backs: str,
                      offset: tuple[float, float] = (0.0, 0.0)) -> tuple[tuple, tuple]:
    """The front and back of the duplex calibration sheet, as page items (the back offset).

    A coincidence scale, like a printer's head-alignment page: the front has 21 vertical lines
    6 mm apart (and 21 horizontal ones for Y); the back has, behind each, one line moved by its
    reading −5 … +5 mm in 0.5 mm steps, labelled with that reading. Held against a light and
    seen from the back, exactly one pair looks like a single line: its label is the X correction
    (the column gives Y). The new offset is the offset this sheet was printed with plus the
    readings.

    Why the reading is unambiguous over the whole ±5 mm: a back line and a front line that are
    not a pair could only meet when they are |reading + drift| ≤ 10 mm apart along the scale, so
    neighbouring lines alternate between two bands :data:`SCALE_BAND` mm apart across it; within
    a band the lines are 12 mm apart, so a back line is always ≥ 2 mm from every other front
    line of its band, and a drift of up to 5 mm across the scale never moves it into the other
    band (the bands are 20 mm apart, the lines 12 mm long).
    """
    steps = round(SCALE_RANGE / SCALE_STEP)
    n = 2 * steps + 1
    span = (n - 1) * SCALE_PITCH
    row_x0, row_y = (page_w - span) / 2, 74.0  # X scale: vertical lines, two bands of rows
    col_x, col_y0 = page_w / 2 - SCALE_BAND / 2 - SCALE_LEN / 2, 121.0  # Y scale: two columns
    short = backs == "short-edge"
    front: list = []
    back: list = []
    for k in range(n):
        band = (k % 2) * SCALE_BAND
        x, ry = row_x0 + k * SCALE_PITCH, row_y + band
        front.append(mark_line(x, ry, x, ry + SCALE_LEN, width=0.15))
        y, cx = col_y0 + k * SCALE_PITCH, col_x + band
        front.append(mark_line(cx, y, cx + SCALE_LEN, y, width=0.15))
        # where each front line shows through on the back page, and its reading (ascending
        # left to right and top to bottom as seen on the back)
        if short:
            tx, bx, by0 = -SCALE_RANGE + k * SCALE_STEP, x, page_h - ry - SCALE_LEN
            ty, bcx, by = SCALE_RANGE - k * SCALE_STEP, cx, page_h - y
        else:
            tx, bx, by0 = SCALE_RANGE - k * SCALE_STEP, page_w - x, ry
            ty, bcx, by = -SCALE_RANGE + k * SCALE_STEP, page_w - cx - SCALE_LEN, y
        back.append(mark_line(bx + tx, by0, bx + tx, by0 + SCALE_LEN, width=0.15))
        back.append(TextLine(bx + tx, by0 + SCALE_LEN + 3.5, _reading(tx), 6 if tx else 8,
                             "bold" if not tx else "regular", anchor="middle"))
        back.append(mark_line(bcx, by + ty, bcx + SCALE_LEN, by + ty, width=0.15))
        back.append(TextLine(bcx + SCALE_LEN + 1.5, by + ty + 0.9, _reading(ty), 6 if ty else 8,
                             "bold" if not ty else "regular"))
    front.append(TextLine(row_x0 - 3.0, row_y + SCALE_LEN / 2 + 1.5, "X", 10, "bold", anchor="end"))
    front.append(TextLine(col_x - 3.0, col_y0 + 1.5, "Y", 10, "bold", anchor="end"))
    lines = [
        ("fuda 両面印刷の位置合わせ（キャリブレーション）", 12, "bold"),
        (f"両面印刷（{_mode_name(backs)}）・拡大縮小なし（実際のサイズ）で印刷してください。", 8, "regular"),
        ("用紙を窓や照明に透かして裏面から見ると、線が２本ずつ並んで見えます。", 8, "regular"),
        ("横の列で２本がぴったり１本に重なる所の数字が X、縦の列で重なる所の数字が Y です。", 8, "regular"),
        (f"この用紙のオフセット: X {offset[0]:+.1f} mm, Y {offset[1]:+.1f} mm", 8, "bold"),
        ("新しい値 = この用紙のオフセット + 読んだ数字　→　fuda print --back-offset X,Y", 8, "regular"),
        ("Print duplex at 100 %. Hold the sheet against a light and look from the back: where two", 7, "regular"),
        ("lines merge into one, read X (row) and Y (column); add them to this sheet's offset.", 7, "regular"),
    ]
    y = 22.0
    for text, size, role in lines:
        front.append(TextLine(page_w / 2, y, text, size, font=role, anchor="middle"))
        y += size * 0.45 + 2.6
    front.append(TextLine(page_w / 2, 12.0, "表 FRONT", 9, font="bold", anchor="middle"))
    back.append(TextLine(page_w / 2, page_h - 12.0, "裏 BACK", 9, font="bold", anchor="middle"))
    read_it = "重なって１本に見える線の数字を読む（mm）　read where two lines merge into one"
    back.append(TextLine(page_w / 2, page_h - 22.0 if short else 22.0, read_it, 8, anchor="middle"))
    dx, dy = offset
    return tuple(front), tuple(_shift(item, dx, dy) for item in back)


def _reading(t: float) -> str:
    return "0" if not t else f"{t:+.1f}".replace(".0", "")


def _mode_name(backs: str) -> str:
    return {"short-edge": "短辺とじ", "long-edge": "長辺とじ"}.get(backs, "長辺とじ")


def _shift(item, dx: float, dy: float):
    """A primitive moved by (dx, dy) mm."""
    from dataclasses import replace

    if isinstance(item, Rule):
        return replace(item, x1=item.x1 + dx, y1=item.y1 + dy, x2=item.x2 + dx, y2=item.y2 + dy)
    if hasattr(item, "points"):
        return replace(item, points=tuple((x + dx, y + dy) for x, y in item.points))
    return replace(item, x=item.x + dx, y=item.y + dy)


def shift_items(items, dx: float, dy: float) -> tuple:
    """Every primitive of ``items`` moved by (dx, dy) mm."""
    if not dx and not dy:
        return tuple(items)
    return tuple(_shift(i, dx, dy) for i in items)
