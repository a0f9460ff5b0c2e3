"""Benchmark: lay out and paint 1,000 card faces (PDF, A4, 9 a page) against a bare-reportlab
baseline that draws the same rectangles and the same text lines, measured in the same run.

Run with ``python -m pytest tests/bench/test_bench_faces.py -q -p no:cacheprovider`` (benchmarks
are excluded from the default run). The ratio is printed and stored in the benchmark's
``extra_info``; the whole-sheet benchmark (imposition, marks) lives with ``fuda print``.
"""

from __future__ import annotations

import io
import time

from fuda import load_database
from fuda.faces.fonts import game_fonts
from fuda.faces.layout import layout_card
from fuda.faces.paint_pdf import PT, draw_face, new_canvas
from fuda.faces.paint_png import render_png
from fuda.faces.primitives import Ellipse, Polygon, Rect, Rule, TextLine

N = 1000
A4 = (210 * PT, 297 * PT)


def _cards():
    db = load_database()
    pool = [(g, c) for g in db.games for c in g.cards]
    return [pool[i % len(pool)] for i in range(N)]


def _slot(i):
    col, row = i % 3, (i % 9) // 3
    return (12 + col * 63) * PT, (297 - 15 - (row + 1) * 88) * PT


def ours(cards) -> tuple[bytes, float, float]:
    """Lay out and paint every card; returns the PDF and the layout / paint seconds."""
    t0 = time.perf_counter()
    faces = [(layout_card(g, c), game_fonts(g)) for g, c in cards]
    t1 = time.perf_counter()
    buf = io.BytesIO()
    canvas = new_canvas(buf, A4, faces[0][1])
    for i, (face, fonts) in enumerate(faces):
        if i and i % 9 == 0:
            canvas.showPage()
        draw_face(canvas, face, *_slot(i), fonts, clip=(0, 0, 0, 0))
    canvas.save()
    return buf.getvalue(), t1 - t0, time.perf_counter() - t1


def baseline(cards, faces) -> bytes:
    """Bare reportlab drawing the same rectangles, paths, ellipses, rules and text lines
    (positions precomputed by our layout, so this measures drawing only), no clipping."""
    from reportlab.lib.colors import HexColor

    fonts = game_fonts(cards[0][0])
    buf = io.BytesIO()
    canvas = new_canvas(buf, A4, fonts)
    for i, face in enumerate(faces):
        if i and i % 9 == 0:
            canvas.showPage()
        x0, y0 = _slot(i)
        top = y0 + face.height * PT
        for item in face.items:
            if isinstance(item, TextLine):
                canvas.setFillColor(HexColor(item.color))
                canvas.setFont(fonts.font_name(item.font), item.size)
                canvas.drawString(x0 + item.x * PT, top - item.y * PT, item.text)
                continue
            fill = getattr(item, "fill", None)
            if fill:
                canvas.setFillColor(HexColor(fill))
            if getattr(item, "stroke", None):
                canvas.setStrokeColor(HexColor(item.stroke))
            f, s = int(bool(fill)), int(bool(getattr(item, "stroke", None)))
            if isinstance(item, Rect):
                if item.radius:
                    canvas.roundRect(x0 + item.x * PT, top - (item.y + item.h) * PT, item.w * PT, item.h * PT,
                                     item.radius * PT, stroke=s, fill=f)
                else:
                    canvas.rect(x0 + item.x * PT, top - (item.y + item.h) * PT, item.w * PT, item.h * PT,
                                stroke=s, fill=f)
            elif isinstance(item, Polygon):
                p = canvas.beginPath()
                p.moveTo(x0 + item.points[0][0] * PT, top - item.points[0][1] * PT)
                for px, py in item.points[1:]:
                    p.lineTo(x0 + px * PT, top - py * PT)
                p.close()
                canvas.drawPath(p, stroke=s, fill=f)
            elif isinstance(item, Ellipse):
                canvas.ellipse(x0 + item.x * PT, top - (item.y + item.h) * PT, x0 + (item.x + item.w) * PT,
                               top - item.y * PT, stroke=s, fill=f)
            elif isinstance(item, Rule):
                canvas.line(x0 + item.x1 * PT, top - item.y1 * PT, x0 + item.x2 * PT, top - item.y2 * PT)
    canvas.save()
    return buf.getvalue()


def test_bench_faces_against_bare_reportlab(benchmark):
    """1,000 faces laid out and painted cost at most 2.5× bare reportlab drawing the same things."""
    cards = _cards()
    faces = [layout_card(g, c) for g, c in cards]  # warm caches, fonts, templates
    t = time.perf_counter()
    baseline(cards, faces)
    base = time.perf_counter() - t
    pdf, lay, paint = benchmark.pedantic(ours, args=(cards,), rounds=1, iterations=1)
    ratio = (lay + paint) / base
    benchmark.extra_info.update({"baseline_s": round(base, 3), "layout_ms_per_face": round(lay * 1000 / N, 3),
                                 "paint_ms_per_face": round(paint * 1000 / N, 3), "ratio": round(ratio, 2)})
    print(f"\nbaseline {base:.2f} s; layout {lay * 1000 / N:.2f} ms/face, paint {paint * 1000 / N:.2f} ms/face; "
          f"ratio {ratio:.2f}x; PDF {len(pdf) / 1e6:.1f} MB")
    assert pdf.startswith(b"%PDF")
    assert ratio <= 2.5


def test_bench_png_faces(benchmark):
    """PNG faces at 150 dpi (the online-export resolution): time per face."""
    cards = _cards()[:50]
    faces = [(layout_card(g, c), game_fonts(g)) for g, c in cards]

    def run():
        return [render_png(f, 150, fonts) for f, fonts in faces]

    t = time.perf_counter()
    out = benchmark.pedantic(run, rounds=1, iterations=1)
    per = (time.perf_counter() - t) * 1000 / len(faces)
    benchmark.extra_info["png_ms_per_face_150dpi"] = round(per, 1)
    print(f"\nPNG {per:.1f} ms/face at 150 dpi")
    assert all(p.startswith(b"\x89PNG") for p in out)
    assert per < 500
