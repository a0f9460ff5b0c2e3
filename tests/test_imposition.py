"""Imposition geometry (fuda.printing.imposition, fuda.printing.marks): papers, card sizes, grids,
duplex back placement, gutter fold, back offset, tiling, トンボ and the calibration scales."""

from __future__ import annotations

import pytest

from fuda.faces.primitives import Rule, TextLine
from fuda.printing.imposition import (
    BACKS,
    CARD_PRESETS,
    MIN_MARGIN,
    PAPERS,
    PrintOptionError,
    card_size,
    check_bleed,
    face_page,
    paginate,
    paper_size,
    sheet_layout,
)
from fuda.printing.marks import MARK_EDGE, calibration_pages, card_bleeds, cut_lines, page_marks, tombo
from fuda.printing.tiling import TILE_OVERLAP, tile_plan

A4 = PAPERS["A4"]


def test_paper_names_are_case_insensitive_and_unknown_ones_rejected():
    """A4, B5 (JIS 182 × 257), A3 and Letter are known in any case; A5 is a one-line error."""
    assert paper_size("a4") == (210.0, 297.0)
    assert paper_size("B5") == (182.0, 257.0)
    assert paper_size("letter") == (215.9, 279.4)
    with pytest.raises(PrintOptionError, match="unknown paper 'A5'"):
        paper_size("A5")


def test_card_size_presets_and_free_sizes_parse():
    """63x88, 59×86, "91 x 55" and decimals parse; nonsense and out-of-range sizes are errors."""
    assert card_size("63x88") == (63.0, 88.0)
    assert card_size("59×86") == (59.0, 86.0)
    assert card_size(" 91 x 55 ") == (91.0, 55.0)
    assert card_size("63.5x88.9") == (63.5, 88.9)
    for bad in ("63", "axb", "10x10", "63x300"):
        with pytest.raises(PrintOptionError):
            card_size(bad)


def test_bleed_is_limited_to_five_mm():
    """Bleed is 0–5 mm."""
    assert check_bleed(0) == 0.0 and check_bleed(5) == 5.0
    with pytest.raises(PrintOptionError, match="out of range"):
        check_bleed(5.5)


def test_a4_holds_nine_standard_cards_butted_in_columns():
    """On A4, nine 63 × 88 cards fit only butted in columns (one shared cut), with the 3 mm
    bleed kept on outer edges only; rows have room for a full-bleed gap."""
    layout = sheet_layout(A4, (63, 88), 3.0)
    g = layout.front
    assert (g.cols, g.rows, layout.per_page) == (3, 3, 9)
    assert g.gap_x == 0.0 and g.gap_y == 6.0
    middle = g.slot(1, 1)
    assert middle.keep == (0.0, 3.0, 0.0, 3.0)
    assert g.slot(0, 0).keep == (3.0, 3.0, 0.0, 3.0)


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("card", list(CARD_PRESETS.values()))
@pytest.mark.parametrize("backs", BACKS)
def test_every_grid_stays_inside_the_paper_margin(paper, card, backs):
    """For every paper, preset and back mode, all artwork (trim + bleed) stays inside the
    paper less its 7 mm margin (5 mm clear + 2 mm marks), and no two cards' clip boxes overlap."""
    layout = sheet_layout(paper_size(paper), card, 3.0, backs)
    pages = [layout.front_slots() + layout.back_slots()] if backs == "gutter" else \
        [layout.front_slots(), layout.back_slots()]
    for slots in pages:
        _disjoint_inside(slots, layout)


def _disjoint_inside(slots, layout):
    for s in slots:
        x0, y0, x1, y1 = s.clip
        assert x0 >= MIN_MARGIN - 1e-6 and y0 >= MIN_MARGIN - 1e-6
        assert x1 <= layout.width - MIN_MARGIN + 1e-6 and y1 <= layout.height - MIN_MARGIN + 1e-6
    for i, a in enumerate(slots):
        for b in slots[i + 1:]:
            ax0, ay0, ax1, ay1 = a.clip
            bx0, by0, bx1, by1 = b.clip
            assert ax1 <= bx0 + 1e-6 or bx1 <= ax0 + 1e-6 or ay1 <= by0 + 1e-6 or by1 <= ay0 + 1e-6


def test_duplex_sheets_stay_portrait():
    """Duplex sheets stay portrait (long edge vertical) even when landscape would hold more."""
    assert sheet_layout(PAPERS["A3"], (63, 88), 3.0, "none").landscape
    assert not sheet_layout(PAPERS["A3"], (63, 88), 3.0, "long-edge").landscape


def test_long_edge_backs_mirror_columns():
    """Long-edge: the back of the card at x sits at x = W − x − w, same y, not turned."""
    layout = sheet_layout(A4, (63, 88), 3.0, "long-edge")
    for f, b in zip(layout.front_slots(), layout.back_slots(), strict=False):
        assert b.x == pytest.approx(layout.width - f.x - f.w)
        assert b.y == pytest.approx(f.y)
        assert not b.rotate


def test_short_edge_backs_mirror_rows_and_turn():
    """Short-edge: the back sits at y = H − y − h, same x, turned 180°."""
    layout = sheet_layout(A4, (63, 88), 3.0, "short-edge")
    for f, b in zip(layout.front_slots(), layout.back_slots(), strict=False):
        assert b.y == pytest.approx(layout.height - f.y - f.h)
        assert b.x == pytest.approx(f.x)
        assert b.rotate


def test_gutter_backs_mirror_about_the_fold():
    """Gutter fold: each back is the mirror image of its front about the fold line, on the
    same page, and no card's bleed reaches past the fold."""
    layout = sheet_layout(A4, (63, 88), 3.0, "gutter")
    axis, fold = layout.fold
    assert axis == "x" and fold == layout.width / 2
    for f, b in zip(layout.front_slots(), layout.back_slots(), strict=False):
        assert b.x == pytest.approx(2 * fold - f.x - f.w)
        assert f.clip[2] <= fold and b.clip[0] >= fold
    page = paginate(layout, 3)[0]
    assert page.side == "both" and len(page.placements) == 6


def test_back_offset_moves_backs_only():
    """A back offset (+x right, +y down on the back page) moves the backs, not the fronts."""
    plain = sheet_layout(A4, (63, 88), 3.0, "long-edge")
    moved = sheet_layout(A4, (63, 88), 3.0, "long-edge", (1.5, -0.5))
    assert plain.front_slots() == moved.front_slots()
    for a, b in zip(plain.back_slots(), moved.back_slots(), strict=False):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((1.5, -0.5))


def test_unmirrored_flag_leaves_backs_where_fronts_are():
    """The test-only mirror=False layout puts backs where the fronts are (which must misalign)."""
    layout = sheet_layout(A4, (63, 88), 3.0, "long-edge", mirror=False)
    assert [(s.x, s.y) for s in layout.front_slots()] == [(s.x, s.y) for s in layout.back_slots()]


def test_paginate_orders_front_then_back_pages():
    """Twenty cards on A4 duplex: three sheets, each a front page then its back page."""
    pages = paginate(sheet_layout(A4, (63, 88), 3.0, "long-edge"), 20)
    assert [(p.number, p.side) for p in pages] == [(1, "front"), (1, "back"), (2, "front"),
                                                     (2, "back"), (3, "front"), (3, "back")]
    assert len(pages[-1].placements) == 2
    for p in pages:
        assert _inside(p.trim, p.bleed) and _inside(p.bleed, (0, 0, p.width, p.height))


def test_card_too_large_for_the_paper_is_an_error():
    """A card that cannot fit (even turned landscape) is a one-line error naming the paper."""
    with pytest.raises(PrintOptionError, match="does not fit"):
        sheet_layout(PAPERS["B5"], (200, 200), 3.0)


def test_face_page_boxes():
    """A per-face page is trim + bleed: MediaBox = BleedBox, TrimBox inset by the bleed,
    ArtBox the 3 mm safe area."""
    page = face_page((63, 88), 3.0, 0, "front")
    assert (page.width, page.height) == (69, 94)
    assert page.bleed == (0, 0, 69, 94)
    assert page.trim == (3, 3, 66, 91)
    assert page.art == (6, 6, 63, 88)


def test_tombo_has_double_corners_centres_and_inner_cuts():
    """トンボ: at each of 4 corners an L on the bleed and two trim lines, 4 centre crosses, and
    a mark at both ends of each inner cut line."""
    g = sheet_layout(A4, (63, 88), 3.0).front
    rules = tombo(g, 210, 297)
    assert all(isinstance(r, Rule) for r in rules)
    inner_x = [x for x in g.cut_xs if g.trim_box[0] < x < g.trim_box[2]]
    inner_y = [y for y in g.cut_ys if g.trim_box[1] < y < g.trim_box[3]]
    assert len(rules) == 4 * 4 + 4 * 2 + 2 * (len(inner_x) + len(inner_y))
    # one vertical trim mark sits exactly on the left trim line, outside the bleed
    assert any(r.x1 == r.x2 == g.trim_box[0] and max(r.y1, r.y2) <= g.bleed_box[1] for r in rules)
    for r in rules:  # nothing is drawn over the artwork
        assert not _crosses(r, g.bleed_box)


def test_cut_lines_run_from_paper_edge_to_bleed():
    """Plain cut lines: one pair per trim line, from 5 mm inside the paper edge to the bleed."""
    g = sheet_layout(A4, (63, 88), 3.0).front
    rules = cut_lines(g, 210, 297)
    assert len(rules) == 2 * (len(g.cut_xs) + len(g.cut_ys))
    assert min(min(r.y1, r.y2) for r in rules) == MARK_EDGE


def _stroke_enters(rule: Rule, box) -> bool:
    """True when the stroke of an axis-aligned rule (its width included) overlaps the inside
    of ``box``."""
    h = rule.stroke_width / 2 - 1e-6
    x0, x1 = sorted((rule.x1, rule.x2))
    y0, y1 = sorted((rule.y1, rule.y2))
    x0, y0, x1, y1 = x0 - h, y0 - h, x1 + h, y1 + h
    return x0 < box[2] and x1 > box[0] and y0 < box[3] and y1 > box[1]


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("card", [(63, 88), (59, 86), (91, 55), (70, 120)])
@pytest.mark.parametrize("backs", BACKS)
@pytest.mark.parametrize("style", ["tombo", "lines"])
@pytest.mark.parametrize("offset", [(0.0, 0.0), (3.0, -2.5)])
def test_no_mark_enters_any_card_bleed_or_the_5mm_paper_edge(paper, card, backs, style, offset):
    """On every page of every back mode, no mark segment's stroke enters any card's bleed box
    (trim + full bleed), and every mark keeps 5 mm from the paper edge."""
    layout = sheet_layout(paper_size(paper), card, 3.0, backs, offset)
    for page in paginate(layout, layout.per_page):
        rules = [r for r in page_marks(page, style) if isinstance(r, Rule)]
        assert rules
        boxes = card_bleeds(page)
        assert len(boxes) == len(page.placements)
        for r in rules:
            for box in boxes:
                assert not _stroke_enters(r, box), (page.side, r, box)
            for x, y in ((r.x1, r.y1), (r.x2, r.y2)):
                assert MARK_EDGE - 1e-6 <= x <= page.width - MARK_EDGE + 1e-6, r
                assert MARK_EDGE - 1e-6 <= y <= page.height - MARK_EDGE + 1e-6, r


def test_card_bleeds_are_the_full_bleed_of_each_card():
    """card_bleeds gives each card's trim grown by the bleed, also for butted neighbours."""
    page = paginate(sheet_layout(A4, (63, 88), 3.0), 9)[0]
    boxes = card_bleeds(page)
    assert boxes[0] == tuple(v + d for v, d in zip(page.placements[0].slot.trim, (-3, -3, 3, 3), strict=False))


def test_letter_loses_a_row_rather_than_printing_marks_near_the_edge():
    """On Letter, nine 63 × 88 cards would leave 4.7 mm margins: a duplex (portrait) sheet holds
    six, a simplex one turns landscape for eight, and every mark stays 5 mm in."""
    assert sheet_layout(paper_size("Letter"), (63, 88), 3.0).per_page == 8
    layout = sheet_layout(paper_size("Letter"), (63, 88), 3.0, "long-edge")
    assert layout.per_page == 6
    page = paginate(layout, 6)[0]
    rules = [r for r in page_marks(page, "tombo") if isinstance(r, Rule)]
    assert min(min(r.y1, r.y2) for r in rules) >= MARK_EDGE
    assert max(max(r.y1, r.y2) for r in rules) <= page.height - MARK_EDGE


def test_gutter_marks_stay_out_of_the_other_half():
    """Gutter sheets: no トンボ arm crosses the gap into the cards across the fold."""
    layout = sheet_layout(A4, (63, 88), 3.0, "gutter")
    page = paginate(layout, layout.per_page)[0]
    axis, pos = page.fold
    rules = [r for r in tombo(layout.front, page.width, page.height, (layout.back.bleed_box,))]
    coord = (lambda r: max(r.x1, r.x2)) if axis == "x" else (lambda r: max(r.y1, r.y2))
    assert all(coord(r) < pos for r in rules)


def test_page_marks_label_fits_between_marks():
    """The page label sits in the bottom margin, left of the first inner cut mark."""
    layout = sheet_layout(A4, (63, 88), 3.0)
    page = paginate(layout, 9)[0]
    items = page_marks(page, "tombo", "x" * 200, lambda text, size: len(text) * size * 0.2)
    label = next(i for i in items if isinstance(i, TextLine))
    first_cut = min(x for x in layout.front.cut_xs if x > layout.front.trim_box[0])
    assert label.x + len(label.text) * label.size * 0.2 <= first_cut
    assert label.y > layout.front.bleed_box[3]
    assert page_marks(page, "none") == ()


@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_calibration_reading_is_the_offset_to_enter(backs):
    """On a calibration sheet printed with offset o by a perfect printer, the back line that
    lands on its front line (after the flip) is labelled −o: the offset plus the reading is 0."""
    W, H = A4
    offset = (1.5, -1.0)
    front, back = calibration_pages(W, H, backs, offset)

    def flip(x, y):
        return (W - x, y) if backs == "long-edge" else (x, H - y)

    readings, _ = _decode(front, back, flip, (0.0, 0.0))
    assert readings == {"X": ["-1.5"], "Y": ["+1"]}


def _decode(front, back, flip, drift):
    """Read a calibration sheet whose back landed ``drift`` mm off (as seen on the back page):
    per axis, the labels of every back line that coincides (≤ 0.25 mm, overlapping across the
    scale) with a front line, and the nearest distance of any other back/front line pair."""
    f_rules = [r for r in front if isinstance(r, Rule)]
    shown = []  # front lines as seen on the back page
    for r in f_rules:
        (x1, y1), (x2, y2) = flip(r.x1, r.y1), flip(r.x2, r.y2)
        shown.append((x1, y1, x2, y2))
    found = {"X": [], "Y": []}
    nearest_other = {"X": 99.0, "Y": 99.0}
    items = list(back)
    for i, b in enumerate(items):
        if not isinstance(b, Rule):
            continue
        label = items[i + 1].text
        bx1, by1, bx2, by2 = b.x1 + drift[0], b.y1 + drift[1], b.x2 + drift[0], b.y2 + drift[1]
        vertical = abs(bx1 - bx2) < 1e-9
        axis = "X" if vertical else "Y"
        best = []
        for fx1, fy1, fx2, fy2 in shown:
            if vertical != (abs(fx1 - fx2) < 1e-9):
                continue
            if vertical:
                across = min(max(by1, by2), max(fy1, fy2)) - max(min(by1, by2), min(fy1, fy2))
                gap = abs(bx1 - fx1)
            else:
                across = min(max(bx1, bx2), max(fx1, fx2)) - max(min(bx1, bx2), min(fx1, fx2))
                gap = abs(by1 - fy1)
            if across > 0:
                best.append(gap)
        best.sort()
        if best and best[0] <= 0.25:
            found[axis].append(label)
            rest = best[1:]
        else:
            rest = best
        if rest:
            nearest_other[axis] = min(nearest_other[axis], rest[0])
    return found, nearest_other


@pytest.mark.parametrize("paper", ["A4", "B5", "Letter"])
@pytest.mark.parametrize("backs", ["long-edge", "short-edge"])
def test_calibration_decodes_every_drift_within_five_mm(backs, paper):
    """For every drift −5…+5 mm in 0.5 mm steps on both axes, exactly one pair per axis
    coincides, its label cancels the drift, and every other pair is ≥ 0.5 mm apart (the next
    reading) while lines of different pairs never come within 2 mm."""
    W, H = paper_size(paper)
    front, back = calibration_pages(W, H, backs, (0.0, 0.0))

    def flip(x, y):
        return (W - x, y) if backs == "long-edge" else (x, H - y)

    def reading(t):
        return "0" if not t else f"{t:+.1f}".replace(".0", "")

    for i in range(-10, 11):
        for j in range(-10, 11):
            dx, dy = i / 2, j / 2
            found, nearest = _decode(front, back, flip, (dx, dy))
            # the back moved by (dx, dy) on the back page: the reading to add is −drift
            assert found == {"X": [reading(-dx)], "Y": [reading(-dy)]}, (dx, dy, found)
            assert nearest["X"] >= 0.5 - 1e-9 and nearest["Y"] >= 0.5 - 1e-9
    for item in front + back:  # everything on the paper, 5 mm clear of the edge at any drift
        if isinstance(item, Rule):
            for x, y in ((item.x1, item.y1), (item.x2, item.y2)):
                assert 10 <= x <= W - 10 and 10 <= y <= H - 10, (item, W, H)


def test_calibration_false_pairs_stay_two_mm_apart():
    """A back line and a front line of different readings are never nearer than 2 mm along the
    scale while they overlap across it, at any drift within ±5 mm (so no false coincidence)."""
    W, H = A4
    front, back = calibration_pages(W, H, "long-edge")
    f_rules = [r for r in front if isinstance(r, Rule)]
    b_rules = [r for r in back if isinstance(r, Rule)]
    fx = [(W - r.x1, min(r.y1, r.y2), max(r.y1, r.y2)) for r in f_rules if r.x1 == r.x2]
    bx = [(r.x1, min(r.y1, r.y2), max(r.y1, r.y2)) for r in b_rules if r.x1 == r.x2]
    assert len(fx) == len(bx) == 21
    for k, (x, y0, y1) in enumerate(bx):
        for m, (f, g0, g1) in enumerate(fx):
            if m == k:
                continue
            for d in range(-10, 11):
                overlap = min(y1 + d / 2, g1) - max(y0 + d / 2, g0) > 0
                if overlap:
                    assert min(abs(x + e / 2 - f) for e in range(-10, 11)) >= 2.0 - 1e-9


def test_a3_mat_is_one_sheet_and_a4_tiles_overlap_by_the_glue_margin():
    """A 286 × 407 mat fits one A3 sheet; on A4 it is tiled 2 × 2 with windows covering the
    whole mat and neighbours sharing exactly the glue margin."""
    single = tile_plan((286, 407), PAPERS["A3"])
    assert len(single) == 1 and single[0].window == (0, 0, 286, 407)
    tiles = tile_plan((286, 407), A4)
    assert (tiles[0].cols, tiles[0].rows) == (2, 2)
    a1, b1, a2 = tiles[0], tiles[1], tiles[2]
    assert a1.window[2] - b1.window[0] == pytest.approx(TILE_OVERLAP)
    assert a1.window[3] - a2.window[1] == pytest.approx(TILE_OVERLAP)
    assert tiles[-1].window[2:] == pytest.approx((286, 407))
    for t in tiles:
        x0, y0, x1, y1 = t.content
        assert x0 >= 5 and y0 >= 5 and x1 <= t.page_w - 5 and y1 <= t.page_h - 5
    assert [t.name for t in tiles] == ["A1", "B1", "A2", "B2"]


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - 1e-6 and inner[1] >= outer[1] - 1e-6
            and inner[2] <= outer[2] + 1e-6 and inner[3] <= outer[3] + 1e-6)


def _crosses(rule: Rule, box) -> bool:
    """True when the rule passes through the inside of ``box`` (touching its edge is fine)."""
    x0, y0, x1, y1 = box
    lo_x, hi_x = sorted((rule.x1, rule.x2))
    lo_y, hi_y = sorted((rule.y1, rule.y2))
    return lo_x < x1 - 1e-6 and hi_x > x0 + 1e-6 and lo_y < y1 - 1e-6 and hi_y > y0 + 1e-6
