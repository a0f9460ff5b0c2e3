"""Printer's marks as primitives: Japanese トンボ, plain cut lines, the gutter fold, page labels,
and the duplex calibration page.

Everything is in page millimetres from the top-left, as :mod:`pipeline.primitives` items that the
PDF painter draws like any card face (so CMYK mode converts them too).

トンボ (print-notes.md): at each outer corner of the card block a double corner mark, one
L-shaped pair of lines on the bleed edge and one pair on the trim edge, both starting at the bleed
and running outwards; a centre mark (十字) on each side; and a short mark in the margins for every
inner cut line. "lines" draws each cut line across the margins instead, for a ruler and knife.
"""

from __future__ import annotations

from fuda.faces.primitives import Rule, TextLine
from fuda.printing.imposition import Box, Grid, PagePlan

MARK_COLOR = "#000000"  # registration marks are black (CMYK: K 100 %)
MARK_WIDTH = 0.1  # mm (≈ 0.28 pt), what shops ask for
MARK_LEN = 10.0  # mm, at most (shortened to fit the margin)
LINE_COLOR = "#808080"
LABEL_SIZE = 6.0  # pt


def mark_line(x1, y1, x2, y2, color=MARK_COLOR, width=MARK_WIDTH, dash=()) -> Rule:
    """A mark's line (mm, rounded so output is stable)."""
    return Rule(round(x1, 4), round(y1, 4), round(x2, 4), round(y2, 4), color, width, dash)


def _room(bleed_box: Box, page_w: float, page_h: float) -> float:
    """How long a mark may be: the narrowest margin outside the bleed, less 0.5 mm."""
    x0, y0, x1, y1 = bleed_box
    return max(0.0, min(MARK_LEN, x0, y0, page_w - x1, page_h - y1) - 0.5)


def tombo(grid: Grid, page_w: float, page_h: float) -> list[Rule]:
    """Japanese トンボ around one card block: corner pairs, centre crosses, inner cut marks."""
    tx0, ty0, tx1, ty1 = grid.trim_box
    bx0, by0, bx1, by1 = grid.bleed_box
    L = _room(grid.bleed_box, page_w, page_h)
    if L < 1.5:
        return []
    out: list[Rule] = []
    # corners: (trim x, bleed x, outward x sign), (trim y, bleed y, outward y sign)
    for (tx, bx, sx) in ((tx0, bx0, -1), (tx1, bx1, 1)):
        for (ty, by, sy) in ((ty0, by0, -1), (ty1, by1, 1)):
            out.append(mark_line(bx, by, bx, by + sy * L))  # bleed L, vertical arm
            out.append(mark_line(bx, by, bx + sx * L, by))  # bleed L, horizontal arm
            if grid.bleed > 0:
                out.append(mark_line(tx, by, tx, by + sy * L))  # trim line, vertical
                out.append(mark_line(bx, ty, bx + sx * L, ty))  # trim line, horizontal
    # centre marks: a line on the centre of each side with a short cross bar
    cx, cy = (tx0 + tx1) / 2, (ty0 + ty1) / 2
    bar = min(L, 6.0) / 2
    for y_edge, s in ((by0, -1), (by1, 1)):
        out.append(mark_line(cx, y_edge + s * 1.0, cx, y_edge + s * L))
        out.append(mark_line(cx - bar, y_edge + s * L / 2, cx + bar, y_edge + s * L / 2))
    for x_edge, s in ((bx0, -1), (bx1, 1)):
        out.append(mark_line(x_edge + s * 1.0, cy, x_edge + s * L, cy))
        out.append(mark_line(x_edge + s * L / 2, cy - bar, x_edge + s * L / 2, cy + bar))
    # inner cut lines: short marks in the outer margins
    inner = L * 0.7
    for x in grid.cut_xs:
        if tx0 < x < tx1:
            out.append(mark_line(x, by0, x, by0 - inner))
            out.append(mark_line(x, by1, x, by1 + inner))
    for y in grid.cut_ys:
        if ty0 < y < ty1:
            out.append(mark_line(bx0, y, bx0 - inner, y))
            out.append(mark_line(bx1, y, bx1 + inner, y))
    return out


def cut_lines(grid: Grid, page_w: float, page_h: float) -> list[Rule]:
    """Plain cut lines: every trim line drawn across the margins to the paper edge."""
    tx0, ty0, tx1, ty1 = grid.trim_box
    bx0, by0, bx1, by1 = grid.bleed_box
    out: list[Rule] = []
    for x in grid.cut_xs:
        out.append(mark_line(x, 0.0, x, by0, LINE_COLOR, 0.15))
        out.append(mark_line(x, by1, x, page_h, LINE_COLOR, 0.15))
    for y in grid.cut_ys:
        out.append(mark_line(0.0, y, bx0, y, LINE_COLOR, 0.15))
        out.append(mark_line(bx1, y, page_w, y, LINE_COLOR, 0.15))
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
        out.append(mark_line(pos, 0.5, pos, block[1] - 0.5, dash=dash, width=0.2))
        out.append(mark_line(pos, block[3] + 0.5, pos, page_h - 0.5, dash=dash, width=0.2))
        if block[1] >= 4:
            out.append(TextLine(pos + 1.0, min(block[1] - 1.0, 3.5), "山折り fold", LABEL_SIZE))
    else:
        out.append(mark_line(0.5, pos, block[0] - 0.5, pos, dash=dash, width=0.2))
        out.append(mark_line(block[2] + 0.5, pos, page_w - 0.5, pos, dash=dash, width=0.2))
        if block[0] >= 4:
            out.append(TextLine(0.8, pos - 1.0, "山折り", LABEL_SIZE))
    return out


def page_marks(page: PagePlan, style: str, label: str = "", measure=None) -> tuple:
    """Every mark of a sheet page: cut marks per ``style``, the fold, and a label in the margin.

    The label goes in the bottom margin between the left trim mark and the next mark, shrunk
    (``measure(text, size_pt)`` → mm) or cut short to fit there."""
    out: list = []
    for grid in page.grids:
        if style == "tombo":
            out.extend(tombo(grid, page.width, page.height))
        elif style == "lines":
            out.extend(cut_lines(grid, page.width, page.height))
    if page.fold:
        out.extend(fold_marks(page.fold, page.grids, page.width, page.height))
    if label and page.grids:
        out.extend(_label(page, label, measure))
    return tuple(out)


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
SCALE_PITCH = 8.0  # mm between the lines of a scale
SCALE_LEN = 12.0  # mm, length of each line


def calibration_pages(page_w: float, page_h: float, backs: str,
                      offset: tuple[float, float] = (0.0, 0.0)) -> tuple[tuple, tuple]:
    """The front and back of the duplex calibration sheet, as page items (the back offset).

    A coincidence scale, like a printer's head-alignment page: the front has a row of 21
    vertical lines 8 mm apart (and a column of 21 horizontal ones); the back has, behind each,
    one line moved by its reading −5 … +5 mm in 0.5 mm steps, labelled with that reading. Held
    against a light and seen from the back, exactly one pair in the row looks like a single
    line: its label is the X correction (the column gives Y). The new offset is the offset this
    sheet was printed with plus the readings. The labels have room to be read; the 0.5 mm steps
    show as visible gaps between the other pairs.
    """
    steps = int(round(SCALE_RANGE / SCALE_STEP))
    n = 2 * steps + 1
    span = (n - 1) * SCALE_PITCH
    row_x0, row_y = (page_w - span) / 2, 70.0  # X scale: vertical lines in a row
    col_x, col_y0 = page_w / 2 - SCALE_LEN / 2, 105.0  # Y scale: horizontal lines in a column
    short = backs == "short-edge"
    front: list = []
    back: list = []
    for k in range(n):
        x = row_x0 + k * SCALE_PITCH
        front.append(mark_line(x, row_y, x, row_y + SCALE_LEN, width=0.15))
        y = col_y0 + k * SCALE_PITCH
        front.append(mark_line(col_x, y, col_x + SCALE_LEN, y, width=0.15))
        # where each front line shows through on the back page, and its reading (ascending
        # left to right and top to bottom as seen on the back)
        if short:
            tx, bx, by0 = -SCALE_RANGE + k * SCALE_STEP, x, page_h - row_y - SCALE_LEN
            ty, bcx, by = SCALE_RANGE - k * SCALE_STEP, col_x, page_h - y
        else:
            tx, bx, by0 = SCALE_RANGE - k * SCALE_STEP, page_w - x, row_y
            ty, bcx, by = -SCALE_RANGE + k * SCALE_STEP, page_w - col_x - SCALE_LEN, y
        back.append(mark_line(bx + tx, by0, bx + tx, by0 + SCALE_LEN, width=0.15))
        back.append(TextLine(bx + tx, by0 + SCALE_LEN + 3.5, _reading(tx), 6.5 if tx else 8,
                             "bold" if not tx else "regular", anchor="middle"))
        back.append(mark_line(bcx, by + ty, bcx + SCALE_LEN, by + ty, width=0.15))
        back.append(TextLine(bcx + SCALE_LEN + 2.0, by + ty + 0.9, _reading(ty), 6.5 if ty else 8,
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
    y = 20.0
    for text, size, role in lines:
        front.append(TextLine(page_w / 2, y, text, size, font=role, anchor="middle"))
        y += size * 0.45 + 2.6
    front.append(TextLine(page_w / 2, page_h - 15, "表 FRONT", 9, font="bold", anchor="middle"))
    back.append(TextLine(page_w / 2, page_h - 15, "裏 BACK", 9, font="bold", anchor="middle"))
    back.append(TextLine(page_w / 2, 20.0, "重なって１本に見える線の数字を読む（mm）　read where two lines merge into one",
                         8, anchor="middle"))
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
