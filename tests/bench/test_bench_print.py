"""Benchmark: ``print_cards`` — 1,000 distinct cards with text and frames on A4 sheets (9 a page,
トンボ, page boxes, labels) — against a bare-reportlab baseline drawing the same frames and text
at the same places in the same run.

Run with ``python -m pytest tests/bench/test_bench_print.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). Two ratios are printed and stored in
``extra_info``: *sheets* (imposition, clipping, marks and painting, faces laid out beforehand —
the same work as the baseline, which draws pre-laid-out faces; best of 3 interleaved rounds)
and *end to end* (one cold run that also lays out the 1,000 faces, which the baseline cannot
do). The goal of the issue, ≤ 1.5×, is asserted on the sheets ratio; layout cost is
benchmarked on its own in ``test_bench_faces.py``.

``test_bench_whole_print_against_same_designs_and_minimal_script`` measures issue #20's goals in
one run, on CPU time: the whole ``print_cards`` (layout included) ≤ 2.0× bare reportlab drawing
the same designs, and ≤ 3× a minimal script (frame, name, text set by reportlab's Paragraph).
The 1,000 cards are the sample cards repeated under new ids, so per-template caches (outlines,
shape operators) hit as they would for a real set whose cards share a template.
"""

from __future__ import annotations

import dataclasses
import io
import time

from fuda import load_database
from fuda.faces.fonts import game_fonts
from fuda.faces.layout import layout_card
from fuda.faces.paint_pdf import new_canvas
from fuda.faces.primitives import Ellipse, Image, Marker, Polygon, Rect, Rule, TextLine
from fuda.printing.imposition import PT_PER_MM as PT
from fuda.printing.imposition import paginate, sheet_layout
from fuda.printing.sheets import print_cards

N = 1000
ROUNDS = 3


def _game():
    """Recast Rift with 1,000 distinct cards (the sample cards under new ids), no art."""
    game = load_database().game("recast-rift")
    pool = [dataclasses.replace(c, art=None) for c in game.cards]
    cards = tuple(dataclasses.replace(pool[i % len(pool)], id=f"{pool[i % len(pool)].id}-{i}") for i in range(N))
    return dataclasses.replace(game, cards=cards)


def baseline(game, faces) -> bytes:
    """Bare reportlab: the same rectangles, paths, ellipses, rules and text lines at the same
    slots of the same A4 sheets (positions from our layout and imposition), no clipping, no marks."""
    from reportlab.lib.colors import HexColor

    fonts = game_fonts(game)
    layout = sheet_layout((210.0, 297.0), game.card_size, 3.0)
    buf = io.BytesIO()
    canvas = new_canvas(buf, (210 * PT, 297 * PT), fonts)
    for page in paginate(layout, len(faces)):
        for pl in page.placements:
            face = faces[pl.item]
            x0 = pl.slot.x * PT
            top = (297 - pl.slot.y) * PT
            for item in face.items:
                kind = type(item)
                if kind is TextLine:
                    canvas.setFillColor(HexColor(item.color))
                    canvas.setFont(fonts.font_name(item.font), item.size)
                    canvas.drawString(x0 + item.x * PT, top - item.y * PT, item.text)
                    continue
                if kind in (Marker, Image):
                    continue
                fill, stroke = getattr(item, "fill", None), getattr(item, "stroke", None)
                if fill:
                    canvas.setFillColor(HexColor(fill))
                if stroke:
                    canvas.setStrokeColor(HexColor(stroke))
                f, s = int(bool(fill)), int(bool(stroke))
                if kind is Rect:
                    if item.radius:
                        canvas.roundRect(x0 + item.x * PT, top - (item.y + item.h) * PT, item.w * PT,
                                         item.h * PT, item.radius * PT, stroke=s, fill=f)
                    else:
                        canvas.rect(x0 + item.x * PT, top - (item.y + item.h) * PT, item.w * PT, item.h * PT,
                                    stroke=s, fill=f)
                elif kind is Polygon:
                    p = canvas.beginPath()
                    p.moveTo(x0 + item.points[0][0] * PT, top - item.points[0][1] * PT)
                    for px, py in item.points[1:]:
                        p.lineTo(x0 + px * PT, top - py * PT)
                    p.close()
                    canvas.drawPath(p, stroke=s, fill=f)
                elif kind is Ellipse:
                    canvas.ellipse(x0 + item.x * PT, top - (item.y + item.h) * PT, x0 + (item.x + item.w) * PT,
                                   top - item.y * PT, stroke=s, fill=f)
                elif kind is Rule:
                    canvas.line(x0 + item.x1 * PT, top - item.y1 * PT, x0 + item.x2 * PT, top - item.y2 * PT)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def test_bench_print_sheets_against_bare_reportlab(benchmark, tmp_path, monkeypatch):
    """1,000 cards on A4 sheets cost at most 1.5× bare reportlab drawing the same frames and text."""
    import fuda.faces.layout as layout_module

    game = _game()
    print_cards(game, ids=[game.cards[0].id], out=tmp_path / "warm.pdf")  # fonts, templates
    t = time.perf_counter()
    print_cards(game, out=tmp_path / "end-to-end.pdf")  # layout caches still cold
    e2e = time.perf_counter() - t
    t = time.perf_counter()
    faces = [layout_card(game, c) for c in game.cards]
    lay = time.perf_counter() - t
    by_id = {c.id: f for c, f in zip(game.cards, faces, strict=False)}
    monkeypatch.setattr(layout_module, "layout_card", lambda g, card, **kw: by_id[card.id])

    def sheets():
        t0 = time.perf_counter()
        out = print_cards(game, out=tmp_path / "sheets.pdf")
        return out, time.perf_counter() - t0

    # Interleaved rounds, best of each: a 2-core machine shared with other work is noisy, and
    # the minimum is the least disturbed measurement of each side.
    bases, runs = [], []
    for _ in range(ROUNDS):
        t = time.perf_counter()
        base_pdf = baseline(game, faces)
        bases.append(time.perf_counter() - t)
        out, seconds = sheets()
        runs.append(seconds)
    out, last = benchmark.pedantic(sheets, rounds=1, iterations=1)
    base, ours = min(bases), min([*runs, last])
    ratio, ratio_e2e = ours / base, e2e / base
    from reportlab.lib import rl_accel

    accelerated = "fp_str" in rl_accel._c_funcs  # the rl_accel C extension is in use
    benchmark.extra_info.update({
        "rl_accel": accelerated, "baseline_s": round(base, 3), "sheets_s": round(ours, 3), "end_to_end_s": round(e2e, 3),
        "layout_s": round(lay, 3), "ratio_sheets": round(ratio, 2), "ratio_end_to_end": round(ratio_e2e, 2),
        "pdf_mb": round(out.stat().st_size / 1e6, 2), "baseline_mb": round(len(base_pdf) / 1e6, 2),
    })
    print(f"\n1,000 cards, 112 A4 sheets: baseline {base:.2f} s ({len(base_pdf) / 1e6:.1f} MB); "
          f"print_cards {ours:.2f} s with faces laid out ({out.stat().st_size / 1e6:.1f} MB) → {ratio:.2f}×; "
          f"end to end {e2e:.2f} s (layout again, text widths cached: {lay:.2f} s) → {ratio_e2e:.2f}×; "
          f"rl_accel {accelerated}")
    assert ratio <= 1.5


def minimal(game) -> bytes:
    """What a short hand-written reportlab script does: per card a filled frame, the name, and
    the rules text set with reportlab's own ``Paragraph(wordWrap='CJK')`` in the text box, on A4
    sheets, 9 a page, with the game's embedded fonts — no 禁則 beyond reportlab's, no
    shrink-to-fit, no marks or page boxes. The yardstick of issue #20 for the whole of
    ``fuda print``."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    fonts = game_fonts(game)
    layout = sheet_layout((210.0, 297.0), game.card_size, 3.0)
    buf = io.BytesIO()
    canvas = new_canvas(buf, (210 * PT, 297 * PT), fonts)
    regular, bold = fonts.font_name("regular"), fonts.font_name("bold")
    style = ParagraphStyle("text", fontName=regular, fontSize=7, leading=10, wordWrap="CJK")
    for page in paginate(layout, len(game.cards)):
        for pl in page.placements:
            card = game.cards[pl.item]
            x, top = pl.slot.x * PT, (297 - pl.slot.y) * PT
            canvas.setFillColorRGB(0.95, 0.93, 0.88)
            canvas.roundRect(x + 3 * PT, top - 85 * PT, 57 * PT, 82 * PT, 2 * PT, stroke=1, fill=1)
            canvas.setFillColorRGB(0, 0, 0)
            canvas.setFont(bold, 10)
            canvas.drawString(x + 5 * PT, top - 10 * PT, card.name)
            para = Paragraph((card.text or "").replace("\n", "<br/>"), style)
            _, h = para.wrap(53 * PT, 28 * PT)
            para.drawOn(canvas, x + 5 * PT, top - 56 * PT - h)
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def test_bench_whole_print_against_same_designs_and_minimal_script(benchmark, tmp_path):
    """Issue #20 goals, measured in one run on CPU time (best of 3, interleaved): the whole
    ``print_cards`` of 1,000 cards (layout, imposition, marks, painting, atomic write) costs
    ≤ 2.0× bare reportlab drawing the same designs, and ≤ 3× a minimal frame-name-text script."""
    game = _game()
    print_cards(game, ids=[game.cards[0].id], out=tmp_path / "warm.pdf")  # fonts, templates
    faces = [layout_card(game, c) for c in game.cards]

    def cpu(fn, *args, **kwargs):
        t0 = time.process_time()
        result = fn(*args, **kwargs)
        return time.process_time() - t0, result

    same, small, whole = [], [], []
    for i in range(ROUNDS):
        same.append(cpu(baseline, game, faces)[0])
        small.append(cpu(minimal, game)[0])
        whole.append(cpu(print_cards, game, out=tmp_path / f"whole{i}.pdf")[0])
    benchmark.pedantic(lambda: None, rounds=1, iterations=1)
    ours, base_same, base_min = min(whole), min(same), min(small)
    r_same, r_min = ours / base_same, ours / base_min
    benchmark.extra_info.update({"whole_cpu_s": round(ours, 3), "same_designs_cpu_s": round(base_same, 3),
                                 "minimal_cpu_s": round(base_min, 3), "ratio_same_designs": round(r_same, 2),
                                 "ratio_minimal": round(r_min, 2)})
    print(f"\n1,000 cards, CPU: print_cards {ours:.2f} s; same designs in bare reportlab {base_same:.2f} s "
          f"→ {r_same:.2f}×; minimal frame-name-text script {base_min:.2f} s → {r_min:.2f}×")
    assert r_same <= 2.0
    assert r_min <= 3.0
