"""The PDF and PNG painters (fuda.faces.paint_pdf, fuda.faces.paint_png), read back as a print
shop would: fonts embedded and subset, no stray Helvetica, CMYK-only colour, invisible ids,
positions that agree between PDF, PNG and the layout, and byte-identical output."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from PIL import Image as PILImage

from fuda import load_database
from fuda.faces.fonts import default_fonts, game_fonts
from fuda.faces.layout import layout_back, layout_card
from fuda.faces.paint_pdf import PT, draw_face, new_canvas, rgb_to_cmyk
from fuda.faces.paint_png import render_image, render_png, render_png_bands
from fuda.faces.primitives import Face, Image, Marker, Rect, TextLine

A4 = (210 * PT, 297 * PT)
ORIGIN = (20 * PT, 30 * PT)  # where the trim box's bottom-left corner goes on the page


@pytest.fixture(scope="module")
def db():
    return load_database()


def faces_of(db):
    """One face per game (the first card with art when there is one) plus a squeezed name."""
    out = []
    for game in db.games:
        card = next((c for c in game.cards if c.art), game.cards[0])
        out.append((game, layout_card(game, card)))
    return out


def pdf_of(items, cmyk=False) -> bytes:
    """A PDF with one page per (game, face), each face's trim box at ORIGIN."""
    buf = io.BytesIO()
    fonts = default_fonts()
    canvas = new_canvas(buf, A4, fonts, cmyk=cmyk)
    for game, face in items:
        draw_face(canvas, face, *ORIGIN, game_fonts(game))
        canvas.showPage()
    canvas.save()
    return buf.getvalue()


def test_fonts_are_embedded_and_subset_and_no_helvetica(db):
    """Every font in the PDF is an embedded TrueType subset (FontFile2, ABCDEF+ prefix); no
    base-14 font (Helvetica) is referenced anywhere (pitfalls 2, 3)."""
    data = pdf_of(faces_of(db))
    assert b"Helvetica" not in data
    pdf = pikepdf.open(io.BytesIO(data))
    names = set()
    for page in pdf.pages:
        for _, font in page.Resources.Font.items():
            descendant = font.DescendantFonts[0] if "/DescendantFonts" in font else font
            descriptor = descendant.FontDescriptor
            assert "/FontFile2" in descriptor, f"{font.BaseFont} is not embedded"
            assert re.match(r"^/[A-Z]{6}\+", str(font.BaseFont)), f"{font.BaseFont} is not a subset"
            names.add(str(font.BaseFont).split("+", 1)[1])
    assert any("Bold" in n for n in names) and any("Regular" in n for n in names)


def test_pdf_text_origins_match_the_layout(db):
    """Text lines start in the PDF exactly where the layout put them (within 0.05 pt)."""
    game, face = next((g, f) for g, f in faces_of(db) if g.id == "raise-blaze")
    data = pdf_of([(game, face)])
    fonts = game_fonts(game)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        chars = page.chars
        checked = 0
        for item in face.items:
            if not isinstance(item, TextLine) or item.anchor != "start" or item.h_scale != 1.0:
                continue
            x = ORIGIN[0] + item.x * PT
            y = ORIGIN[1] + (face.height - item.y) * PT
            hit = [c for c in chars if c["text"] == item.text[0]
                   and abs(c["matrix"][4] - x) < 0.05 and abs(c["matrix"][5] - y) < 0.05]
            assert hit, f"{item.text!r} not found at ({x:.2f}, {y:.2f})"
            checked += 1
        assert checked >= 3
        # anchored (centred) text is centred by the same widths the layout measured
        centred = next(i for i in face.items if isinstance(i, TextLine) and i.anchor == "middle"
                       and i.h_scale == 1.0 and len(i.text) > 1)
        w = fonts.width(centred.text, centred.size, centred.font)
        x = ORIGIN[0] + centred.x * PT - w / 2
        assert any(abs(c["matrix"][4] - x) < 0.05 for c in chars if c["text"] == centred.text[0])


def test_markers_are_invisible_text_with_the_card_id(db):
    """Each face carries its id as text in render mode 3, readable by pdfplumber at the
    centre of the trim box."""
    game = db.game("recast-rift")
    card = game.cards[0]
    data = pdf_of([(game, layout_card(game, card)), (game, layout_back(game, card))])
    with pikepdf.open(io.BytesIO(data)) as doc:
        for page in doc.pages:
            modes = [list(operands) for operands, op in pikepdf.parse_content_stream(page) if str(op) == "Tr"]
            assert [3] in modes
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page, side in zip(pdf.pages, ("front", "back"), strict=False):
            words = page.extract_words(keep_blank_chars=False, use_text_flow=True)
            marker = f"card:{card.id}:{side}"
            assert any(marker in w["text"] for w in words), marker
            first = next(c for c in page.chars if c["text"] == "c" and c["size"] == pytest.approx(2))
            assert first["matrix"][4] == pytest.approx(ORIGIN[0] + 31.5 * PT, abs=0.05)
            assert first["matrix"][5] == pytest.approx(ORIGIN[1] + 44.0 * PT, abs=0.05)


def test_horizontal_squeeze_does_not_leak(db):
    """A squeezed line's Tz is restored: text drawn after the face is at 100% (pitfall 4)."""
    fonts = default_fonts()
    face = Face(63, 88, (TextLine(5, 10, "とても長い名前", 10, "bold", "#000000", 0.7),
                         TextLine(5, 20, "あ", 10, "regular")))
    buf = io.BytesIO()
    canvas = new_canvas(buf, A4, fonts)
    draw_face(canvas, face, *ORIGIN, fonts)
    canvas.setFont(fonts.font_name("regular"), 10)
    canvas.drawString(100, 100, "ううう")
    canvas.save()
    with pdfplumber.open(io.BytesIO(buf.getvalue())) as pdf:
        chars = pdf.pages[0].chars
    squeezed = next(c for c in chars if c["text"] == "と")
    after = [c for c in chars if c["text"] == "う"]
    assert squeezed["width"] == pytest.approx(7.0, abs=0.05)
    assert len(after) == 3 and all(c["width"] == pytest.approx(10.0, abs=0.05) for c in after)


def test_cmyk_mode_has_no_rgb_colour_operators(db):
    """With cmyk=True every vector colour is CMYK: no rg/RG operators in any content stream."""
    data = pdf_of(faces_of(db), cmyk=True)
    pdf = pikepdf.open(io.BytesIO(data))
    for page in pdf.pages:
        ops = [str(op) for _, op in pikepdf.parse_content_stream(page)]
        assert "rg" not in ops and "RG" not in ops
        assert "k" in ops
    assert rgb_to_cmyk("#000000") == (0.0, 0.0, 0.0, 1.0)
    assert rgb_to_cmyk("#ff0000") == (0.0, 1.0, 1.0, 0.0)


def test_images_are_embedded_from_file_bytes_without_ascii85(tmp_path):
    """A JPEG is embedded as-is (DCTDecode), cover-cropped by a clip, and nothing is ASCII-85."""
    jpeg = tmp_path / "art.jpg"
    PILImage.new("RGB", (300, 100), (200, 30, 40)).save(jpeg, quality=90)
    face = Face(63, 88, (Image(5, 10, 53, 36, jpeg), Marker(31.5, 44, "card:x:front")), 3.0)
    fonts = default_fonts()
    buf = io.BytesIO()
    canvas = new_canvas(buf, A4, fonts)
    draw_face(canvas, face, *ORIGIN, fonts)
    canvas.save()
    data = buf.getvalue()
    assert b"ASCII85Decode" not in data
    with pikepdf.open(io.BytesIO(data)) as pdf:
        images = [pdf.pages[0].Resources.XObject[k] for k in pdf.pages[0].Resources.XObject]
        images = [x for x in images if x.Subtype == pikepdf.Name.Image]
        assert len(images) == 1
        filters = images[0].Filter
        assert list(filters) == [pikepdf.Name.DCTDecode] if isinstance(filters, pikepdf.Array) else \
            filters == pikepdf.Name.DCTDecode
        assert images[0].read_raw_bytes() == jpeg.read_bytes()


def test_png_matches_the_layout_colours_and_positions(db):
    """Sampled PNG pixels show the layout's colours where its rectangles are (same face as the
    PDF): the frame band, the name bar and the bleed-free background."""
    game = db.game("toho-tcg")
    face = layout_card(game, game.cards[0])
    image = render_image(face, 150)
    px_per_mm = 150 / 25.4
    assert image.size == (round(63 * px_per_mm), round(88 * px_per_mm))
    rects = [i for i in face.items if isinstance(i, Rect) and i.fill and i.w > 10 and i.h > 5]
    frame, panel, name_bar = rects[1], rects[2], rects[3]
    for rect, (mx, my) in ((frame, (frame.x + 0.6, 44)), (panel, (30, panel.y + 0.6)),
                           (name_bar, (name_bar.x + name_bar.w - 1, name_bar.y + 1))):
        pixel = image.getpixel((round(mx * px_per_mm), round(my * px_per_mm)))
        want = tuple(int(rect.fill[i:i + 2], 16) for i in (1, 3, 5))
        assert max(abs(a - b) for a, b in zip(pixel, want, strict=False)) <= 6, (rect, pixel, want)


def test_pdf_and_png_agree_on_rectangles(db):
    """The PDF's filled rectangles sit where the PNG shows their colour."""
    game = db.game("ryomen")
    face = layout_card(game, game.cards[0])
    data = pdf_of([(game, face)])
    image = render_image(face, 150)
    k = 150 / 25.4
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        page = pdf.pages[0]
        checked = 0
        for r in page.rects:
            if not r.get("fill") or r["width"] < 20 or r["height"] < 20:
                continue
            # centre of the rect in face mm (pdfplumber's top is from the page top)
            cx = (r["x0"] + r["x1"]) / 2 - ORIGIN[0]
            cy = (r["top"] + r["bottom"]) / 2 - (A4[1] - ORIGIN[1] - face.height * PT)
            mx, my = cx / PT, cy / PT
            if not (0 < mx < face.width and 0 < my < face.height):
                continue
            colour = tuple(round(v * 255) for v in r["non_stroking_color"][:3])
            inside = [i for i in face.items if isinstance(i, Rect) and i.fill
                      and abs(i.x + i.w / 2 - mx) < 0.1 and abs(i.y + i.h / 2 - my) < 0.1]
            assert inside, (mx, my)
            pixel = image.getpixel((round((inside[-1].x + 0.8) * k), round((inside[-1].y + 0.8) * k)))
            assert max(abs(a - b) for a, b in zip(pixel, colour, strict=False)) <= 8, (r, pixel, colour)
            checked += 1
        assert checked >= 2


def test_pdf_output_is_deterministic(db):
    """The same faces give a byte-identical PDF."""
    items = faces_of(db)
    assert pdf_of(items) == pdf_of(items)


def test_png_output_is_deterministic(db):
    """The same face gives byte-identical PNG bytes, with a PNG signature."""
    game, face = faces_of(db)[2]
    first = render_png(face, 100, game_fonts(game))
    assert first[:8] == b"\x89PNG\r\n\x1a\n"
    assert first == render_png(face, 100, game_fonts(game))


def test_painting_in_bands_gives_the_pixels_of_one_painting(db):
    """A mat painted in bands (to bound memory) has the pixels of the mat painted whole at twice
    the size and halved: no seam where bands meet; fewer than 0.1 % of pixels differ by more
    than 8 levels (Pillow truncates a rounded corner's or ellipse's coordinates above a band
    towards zero, a half-pixel shift of that shape's far side)."""
    from fuda.faces.mat import layout_mat

    for game_id in ("ryomen", "recast-rift"):
        game = db.game(game_id)
        face, fonts = layout_mat(game), game_fonts(game)
        banded = PILImage.open(io.BytesIO(render_png_bands(face, 100, fonts, band=37))).convert("RGB")
        assert banded.size == (round(face.width * 100 / 25.4), round(face.height * 100 / 25.4))
        whole = render_image(face, 200, fonts, supersample=1).reduce(2).crop((0, 0, *banded.size))
        from PIL import ImageChops

        off = ImageChops.difference(whole, banded).convert("L").point(lambda v: 255 if v > 8 else 0)
        assert off.histogram()[255] < 0.001 * banded.width * banded.height


def test_clip_keeps_the_bleed_off_neighbours(db):
    """Drawing is clipped to trim + bleed (or the given clip), so butted cards do not overlap."""
    game = db.game("raise-blaze")
    face = layout_card(game, game.cards[0], bleed=3.0)
    fonts = game_fonts(game)
    buf = io.BytesIO()
    canvas = new_canvas(buf, A4, fonts)
    draw_face(canvas, face, *ORIGIN, fonts, clip=(0, 0, 0, 0))
    canvas.save()
    with pikepdf.open(io.BytesIO(buf.getvalue())) as pdf:
        ops = [(list(operands), str(op)) for operands, op in pikepdf.parse_content_stream(pdf.pages[0])]
    clip = next(i for i, (_, op) in enumerate(ops) if op in ("W", "W*"))
    operands, op = ops[clip - 1]
    assert op == "re"
    # the face is drawn in its own coordinates: add the translation (cm) before the clip
    cm = [float(v) for v in next(o for o, name in reversed(ops[:clip]) if name == "cm")]
    x, y, w, h = (float(v) for v in operands)
    assert [cm[4] + x, cm[5] + y, w, h] == pytest.approx([ORIGIN[0], ORIGIN[1], 63 * PT, 88 * PT], abs=1e-3)


def test_png_text_sits_where_the_layout_put_it(db):
    """Ink of a left-aligned text line starts at its x and sits on its baseline in the PNG."""
    fonts = default_fonts()
    face = Face(63, 88, (Rect(-3, -3, 69, 94, "#ffffff"), TextLine(10, 40, "国国国国", 20, "bold", "#000000")))
    image = render_image(face, 200, fonts).convert("L")
    k = 200 / 25.4
    dark = [(x, y) for x in range(image.width) for y in range(round(30 * k), round(42 * k))
            if image.getpixel((x, y)) < 128]
    xs, ys = [p[0] for p in dark], [p[1] for p in dark]
    assert abs(min(xs) / k - 10) < 0.8  # side bearing of 国 is small
    assert abs(max(ys) / k - 40) < 0.8  # 国 rests on the baseline
    width_mm = fonts.width_mm("国国国国", 20, "bold")
    assert abs(max(xs) / k - (10 + width_mm)) < 0.8


def test_art_focus_chooses_the_part_of_the_art_that_shows():
    """A 1000×500 px image in a square window: centred by default, the left edge with focus
    x=0, the right edge with x=1; a crop box shows that box (grown to the window's aspect)."""
    from fuda.faces.primitives import Image as Art

    def win(**kw):
        return Art(0, 0, 40, 40, Path("x.png"), **kw).window(1000, 500)

    assert win() == (250.0, 0.0, 500.0, 500.0)
    assert win(focus=(0.0, 0.5)) == (0.0, 0.0, 500.0, 500.0)
    assert win(focus=(1.0, 0.5)) == (500.0, 0.0, 500.0, 500.0)
    assert win(focus=(0.3, 0.5)) == (50.0, 0.0, 500.0, 500.0)
    assert win(crop=(0.1, 0.2, 0.3, 0.6)) == pytest.approx((100.0, 100.0, 200.0, 200.0))


def test_art_focus_moves_the_picture_in_the_pdf(db, tmp_path):
    """The same card with art-focus x=0 and x=1 draws its image shifted by the hidden width."""
    import dataclasses

    art = tmp_path / "wide.png"
    PILImage.new("RGB", (2000, 400), (10, 120, 200)).save(art)
    game = db.game("toho-tcg")
    card = game.cards[0]
    fonts = game_fonts(game)
    image_x = []
    for x in (0.0, 1.0):
        data = dict(card.data)
        data["art-focus"] = {"x": x, "y": 0.5}
        face = layout_card(game, dataclasses.replace(card, art=art, data=data), fonts=fonts)
        img = next(i for i in face.items if isinstance(i, Image))
        assert img.focus == (x, 0.5)
        buf = io.BytesIO()
        canvas = new_canvas(buf, A4, fonts)
        draw_face(canvas, face, 0, 0, fonts)
        canvas.showPage()
        canvas.save()
        with pikepdf.open(io.BytesIO(buf.getvalue())) as pdf:
            ops = list(pikepdf.parse_content_stream(pdf.pages[0]))
        cms = [operands for i, (operands, op) in enumerate(ops)
               if str(op) == "cm" and i + 1 < len(ops) and str(ops[i + 1][1]) == "Do"]
        assert len(cms) == 1
        image_x.append(float(cms[0][4]))
        scale_pt = float(cms[0][0])  # image width in points
    hidden = scale_pt - img.w * PT  # the part of the image outside the window, in points
    assert image_x[0] - image_x[1] == pytest.approx(hidden, abs=0.01)
    assert hidden > 100
