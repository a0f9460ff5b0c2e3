"""The PNG painter: draws the same :class:`~fuda.faces.primitives.Face` as the PDF painter, with
Pillow, for the online exports (Udonarium tables) — so the screen looks like the print.

Everything is drawn at ``supersample`` times the resolution and scaled down (Pillow draws no
anti-aliased polygons); text uses the same TrueType files as the PDF, placed on its baseline
with the PDF's advance widths; a horizontally squeezed line is drawn to a mask and resized.
Output is deterministic: no metadata, fixed compression. :func:`render_at_size` draws only the
shapes at twice the size (the gallery's faces: ~0.8 ms less a 150-dpi face, a fifth).
"""

from __future__ import annotations

import io
import os
import threading
from collections import OrderedDict
from functools import lru_cache

from fuda.faces.fonts import FontSet, default_fonts
from fuda.faces.primitives import (
    Ellipse,
    Face,
    Image,
    Marker,
    Polygon,
    Rect,
    Rule,
    TextLine,
)

MM_PER_INCH = 25.4


@lru_cache(maxsize=256)
def _font(path: str, px: float):
    from PIL import ImageFont

    return ImageFont.truetype(path, px, layout_engine=ImageFont.Layout.BASIC)


def _art(item, w: int, h: int):
    """The image of ``item`` cover-cropped to ``w`` × ``h`` pixels (its focus or crop box)."""
    info = os.stat(item.path)
    return _art_of(item, w, h, (info.st_size, info.st_mtime_ns))


@lru_cache(maxsize=64)
def _art_of(item, w: int, h: int, stamp: tuple):
    """``_art`` for the file as it is at ``stamp``: an art file saved again (``--watch``) is read again."""
    from PIL import Image as PILImage

    with PILImage.open(item.path) as im:
        im = im.convert("RGB")
        left, top, cw, ch = item.window(*im.size)
        return im.resize((w, h), PILImage.LANCZOS, box=(left, top, left + cw, top + ch))


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def render_image(face: Face, dpi: float, fonts: FontSet | None = None, *, include_bleed: bool = False,
                 supersample: int = 2):
    """The face as a Pillow RGB image at ``dpi`` (the trim box, or trim + bleed)."""
    from fuda.faces.reuse import active, face_key, painted

    fonts = fonts or default_fonts()
    key = face_key(face, fonts, "image", dpi, include_bleed, supersample) if active() else None
    return painted(key, lambda: _render_image(face, dpi, fonts, include_bleed, supersample))


def _render_image(face: Face, dpi: float, fonts: FontSet, include_bleed: bool, supersample: int):
    from PIL import Image as PILImage

    b = face.bleed if include_bleed else 0.0
    px_per_mm = dpi / MM_PER_INCH
    width = max(1, round((face.width + 2 * b) * px_per_mm))
    height = max(1, round((face.height + 2 * b) * px_per_mm))
    ss = max(1, int(supersample))
    k = px_per_mm * ss
    ground = _leading_shapes(face.items)
    canvas = _ground((width * ss, height * ss), b, k, ground).copy()
    _paint(canvas, face, fonts, b, k, 0, start=len(ground))
    if canvas.size != (width, height):
        canvas = canvas.resize((width, height), PILImage.LANCZOS)
    return canvas


#: What :func:`render_at_size` draws at twice the size, on a patch of the face
_SHAPES = (Rect, Ellipse, Polygon, Rule, Marker)


def render_at_size(face: Face, dpi: float, fonts: FontSet | None = None):
    """The face's trim box as a Pillow RGB image at ``dpi``, as :func:`render_image` at twice
    ``dpi`` halved looks, at four fifths of its cost: the frame the face starts with is drawn at
    twice the size and halved once for all the cards that share it; text is drawn at its size
    (FreeType smooths its edges itself); every other run of shapes is drawn at twice the size on
    a patch of the face (the pixels under it doubled, drawn on and halved: the pixels around
    the shapes come back unchanged)."""
    from PIL import Image as PILImage

    fonts = fonts or default_fonts()
    k = dpi / MM_PER_INCH
    size = (max(1, round(face.width * k)), max(1, round(face.height * k)))
    ground = _leading_shapes(face.items)
    canvas = _ground(size, 0.0, k, ground, halved=True).copy()
    items = face.items[len(ground):]
    i = 0
    while i < len(items):
        if type(items[i]) not in _SHAPES:
            _paint(canvas, Face(0.0, 0.0, items[i:i + 1]), fonts, 0.0, k, 0)
            i += 1
            continue
        j = i
        while j < len(items) and type(items[j]) in _SHAPES:
            j += 1
        box = _patch(items[i:j], k, size)
        if box is not None:
            x0, y0, x1, y1 = box
            patch = canvas.crop(box).resize((2 * (x1 - x0), 2 * (y1 - y0)), PILImage.NEAREST)
            _paint(patch, Face(0.0, 0.0, items[i:j]), fonts, 0.0, 2 * k, 2 * y0, dx=2 * x0)
            canvas.paste(patch.reduce(2), (x0, y0))
        i = j
    return canvas


def _patch(shapes, k: float, size: tuple[int, int]) -> tuple[int, int, int, int] | None:
    """The pixels ``shapes`` may touch at ``k`` pixels per mm (with their strokes and a pixel
    more), within ``size``; None when they touch none."""
    xs: list[float] = []
    ys: list[float] = []
    pad = 0.0
    for item in shapes:
        kind = type(item)
        if kind is Marker:
            continue
        if kind is Rule:
            xs += [item.x1, item.x2]
            ys += [item.y1, item.y2]
        elif kind is Polygon:
            xs += [x for x, _ in item.points]
            ys += [y for _, y in item.points]
        else:
            xs += [item.x, item.x + item.w]
            ys += [item.y, item.y + item.h]
        pad = max(pad, getattr(item, "stroke_width", 0.0) or 0.0)
    if not xs:
        return None
    margin = pad * k + 2
    x0, y0 = max(0, int(min(xs) * k - margin)), max(0, int(min(ys) * k - margin))
    x1, y1 = min(size[0], int(max(xs) * k + margin) + 1), min(size[1], int(max(ys) * k + margin) + 1)
    return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None


def _leading_shapes(items) -> tuple:
    """The shapes a face starts with, up to its first text or picture: the card's frame, which
    the cards of one kind share."""
    n = 0
    for item in items:
        if type(item) in (TextLine, Image):
            break
        n += 1
    return tuple(items[:n])


_GROUNDS: OrderedDict = OrderedDict()
_GROUNDS_LOCK = threading.Lock()
GROUND_BYTES = 32 * 1024 * 1024  # the frames kept, at most (12 cards' at 300 dpi, 3 at 600)


def _ground(size: tuple[int, int], b: float, k: float, shapes: tuple, halved: bool = False):
    """A white canvas of ``size`` with ``shapes`` drawn (copy it before drawing on it); ``halved``:
    drawn at twice the size and halved. Cards of one kind and colour share their frame: painted
    once, it is copied for each card (a tenth of the time). The frames last used are kept, up to
    ``GROUND_BYTES``."""
    from PIL import Image as PILImage

    key = (size, b, k, shapes, halved)
    with _GROUNDS_LOCK:  # the table server paints from several threads
        canvas = _GROUNDS.get(key)
        if canvas is not None:
            _GROUNDS.move_to_end(key)
            return canvas
    scale = 2 if halved else 1
    canvas = PILImage.new("RGB", (scale * size[0], scale * size[1]), "white")
    _paint(canvas, Face(0.0, 0.0, shapes), None, b, scale * k, 0)
    if halved:
        canvas = canvas.reduce(2)
    with _GROUNDS_LOCK:
        _GROUNDS[key] = canvas
        while sum(3 * w * h for (w, h), *_ in _GROUNDS) > GROUND_BYTES and len(_GROUNDS) > 1:
            _GROUNDS.popitem(last=False)
    return canvas


def _paint(canvas, face: Face, fonts, b: float, k: float, dy: int, start: int = 0, dx: int = 0) -> None:
    """Draw ``face``'s items from ``start`` on ``canvas`` at ``k`` pixels per mm, shifted up
    ``dy`` pixels and left ``dx`` (the canvas is then one band or patch of the face; Pillow clips
    what falls outside it). Text is drawn only unshifted sideways."""
    from PIL import ImageDraw

    def P(x, y):
        return (x + b) * k - dx, (y + b) * k - dy

    draw = ImageDraw.Draw(canvas)
    for item in face.items[start:] if start else face.items:
        kind = type(item)
        if kind is TextLine:
            _text(canvas, draw, item, fonts, b, k, dy)
        elif kind is Marker:
            continue
        elif kind is Rect:
            box = [*P(item.x, item.y), *P(item.x + item.w, item.y + item.h)]
            fill = _rgb(item.fill) if item.fill else None
            outline = _rgb(item.stroke) if item.stroke else None
            lw = max(1, round(item.stroke_width * k)) if outline else 0
            if item.radius > 0:
                draw.rounded_rectangle(box, radius=item.radius * k, fill=fill, outline=outline, width=lw)
            else:
                draw.rectangle(box, fill=fill, outline=outline, width=lw)
        elif kind is Ellipse:
            box = [*P(item.x, item.y), *P(item.x + item.w, item.y + item.h)]
            lw = max(1, round(item.stroke_width * k)) if item.stroke else 0
            draw.ellipse(box, fill=_rgb(item.fill) if item.fill else None,
                         outline=_rgb(item.stroke) if item.stroke else None, width=lw)
        elif kind is Polygon:
            pts = [P(x, y) for x, y in item.points]
            if item.fill:
                draw.polygon(pts, fill=_rgb(item.fill))
            if item.stroke:
                draw.line([*pts, pts[0]], fill=_rgb(item.stroke), width=max(1, round(item.stroke_width * k)),
                          joint="curve")
        elif kind is Rule:
            _rule(draw, item, P, k)
        elif kind is Image:
            x0, y0 = P(item.x, item.y)
            x1, y1 = P(item.x + item.w, item.y + item.h)
            w, h = round(x1) - round(x0), round(y1) - round(y0)
            if w > 0 and h > 0:
                canvas.paste(_art(item, w, h), (round(x0), round(y0)))


def _rule(draw, item: Rule, P, k):
    import math

    x1, y1 = P(item.x1, item.y1)
    x2, y2 = P(item.x2, item.y2)
    lw = max(1, round(item.stroke_width * k))
    colour = _rgb(item.stroke)
    if not item.dash:
        draw.line([(x1, y1), (x2, y2)], fill=colour, width=lw)
        return
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return
    ux, uy = (x2 - x1) / length, (y2 - y1) / length
    pattern = [d * k for d in item.dash] or [length]
    pos, i = 0.0, 0
    while pos < length:
        seg = min(pattern[i % len(pattern)], length - pos)
        if i % 2 == 0:
            draw.line([(x1 + ux * pos, y1 + uy * pos), (x1 + ux * (pos + seg), y1 + uy * (pos + seg))],
                      fill=colour, width=lw)
        pos += seg
        i += 1


def _text(canvas, draw, t: TextLine, fonts, b, k, dy=0):
    """Draw one text line on its baseline; ``k`` is pixels per mm, ``dy`` the band's top row."""
    from PIL import Image as PILImage
    from PIL import ImageDraw

    px = t.size * 25.4 / 72.0 * k  # em in pixels
    font = _font(str(fonts.path(t.font)), max(1.0, round(px * 4) / 4))
    colour = _rgb(t.color)
    x, y = (t.x + b) * k, (t.y + b) * k - dy
    natural = fonts.width(t.text, t.size, t.font) * 25.4 / 72.0 * k
    drawn = natural * t.h_scale
    if t.anchor == "middle":
        x -= drawn / 2
    elif t.anchor == "end":
        x -= drawn
    if t.h_scale == 1.0:
        draw.text((x, y), t.text, fill=colour, font=font, anchor="ls")
        return
    ascent, descent = font.getmetrics()
    mask = PILImage.new("L", (max(1, round(natural) + 2), ascent + descent + 2), 0)
    ImageDraw.Draw(mask).text((1, ascent + 1), t.text, fill=255, font=font, anchor="ls")
    mask = mask.resize((max(1, round(mask.width * t.h_scale)), mask.height), PILImage.LANCZOS)
    canvas.paste(PILImage.new("RGB", mask.size, colour), (round(x), round(y - ascent - 1)), mask)


def render_png_bands(face: Face, dpi: float, fonts: FontSet | None = None, *, band: int = 256) -> bytes:
    """The face (trim box) as PNG bytes at ``dpi``, painted ``band`` rows at a time: each band
    drawn at twice the resolution, halved (each pixel the mean of its 2 × 2) and deflated as soon
    as it is done (:func:`fuda.faces.png.png_from_bands`). A large face (an A3 play mat:
    2,300 × 3,300 px) then holds one band and the compressed file, never the whole image."""
    from fuda.faces.reuse import active, face_key, kept_bytes

    fonts = fonts or default_fonts()
    key = face_key(face, fonts, "bands", dpi, band) if active() else None
    return kept_bytes(key, lambda: _render_png_bands(face, dpi, fonts, band))


def _render_png_bands(face: Face, dpi: float, fonts: FontSet, band: int) -> bytes:
    from fuda.faces.png import png_from_bands

    px_per_mm = dpi / MM_PER_INCH
    width = max(1, round(face.width * px_per_mm))
    height = max(1, round(face.height * px_per_mm))
    return png_from_bands(_bands(face, fonts, px_per_mm, (width, height), band), (width, height), "RGB", dpi,
                          level=BANDS_LEVEL)


#: zlib level of a face painted in bands (a play mat: one file of flat colours): on the A3 mat
#: 163 kB at level 9, 192 kB at 6, 306 kB at 3 (Pillow's filtered level 6: 170 kB), ~0.2 s more than 6
BANDS_LEVEL = 9


def _bands(face: Face, fonts: FontSet, px_per_mm: float, size: tuple[int, int], band: int):
    """The face's rows, ``band`` at a time, each painted at twice the resolution and halved."""
    from PIL import Image as PILImage

    width, height = size
    # Each band also paints an em of the largest text above it (then cut off): Pillow places a
    # text whose baseline lies above the canvas differently (int() rounds towards zero), so a
    # line's baseline must never be above the canvas unless its descent stays above the band.
    em = max((t.size for t in face.items if type(t) is TextLine), default=0.0) * MM_PER_INCH / 72.0
    above = 2 * int(em * px_per_mm + 1)
    for top in range(0, height, band):
        rows = min(band, height - top)
        extra = min(above, 2 * top)
        canvas = PILImage.new("RGB", (2 * width, 2 * rows + extra), "white")
        _paint(canvas, face, fonts, 0.0, 2 * px_per_mm, 2 * top - extra)
        yield canvas.reduce(2, box=(0, extra, 2 * width, extra + 2 * rows))
        del canvas


def render_png(face: Face, dpi: float, fonts: FontSet | None = None, *, include_bleed: bool = False) -> bytes:
    """The face as PNG bytes at ``dpi`` (deterministic; the trim box unless ``include_bleed``)."""
    image = render_image(face, dpi, fonts, include_bleed=include_bleed)
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=6, dpi=(dpi, dpi))  # pHYs: prints at its size
    return buf.getvalue()
