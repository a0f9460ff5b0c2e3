"""The PDF painter: draws a laid-out :class:`~fuda.faces.primitives.Face` on a reportlab canvas.

Anchor: ``draw_face(canvas, face, x_pt, y_pt, fonts)`` puts the **bottom-left corner of the
face's trim box** at page point ``(x_pt, y_pt)`` (PDF coordinates: points, y upwards). The face
is drawn upright and never mirrored — where backs go for duplex is the imposer's business.
Drawing is clipped to the trim box grown by the face's bleed, or by ``clip`` (mm beyond the
trim on the left, bottom, right and top), so cards butted together on a sheet do not paint over
each other.

Everything is vector except images, which are passed to reportlab as their files (never as
Pillow images; JPEG goes in unchanged). Text uses the game's embedded TrueType faces; the
horizontal scale and text render mode live in the graphics state, so each use is wrapped in
``saveState``/``restoreState`` (print-notes pitfall 4). Markers are text in render mode 3
(invisible), so tests can read card ids and their origins back.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from pathlib import Path

from fuda.faces.fonts import FontSet
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

PT = 72.0 / 25.4  # points per millimetre


def hex_to_rgb(colour: str) -> tuple[float, float, float]:
    """``#rrggbb`` → (r, g, b) in 0..1."""
    return int(colour[1:3], 16) / 255.0, int(colour[3:5], 16) / 255.0, int(colour[5:7], 16) / 255.0


def rgb_to_cmyk(colour: str) -> tuple[float, float, float, float]:
    """A plain (profile-less) conversion of ``#rrggbb`` to CMYK; greys become pure K."""
    r, g, b = hex_to_rgb(colour)
    k = 1.0 - max(r, g, b)
    if k >= 1.0:
        return 0.0, 0.0, 0.0, 1.0
    return (round((1 - r - k) / (1 - k), 4), round((1 - g - k) / (1 - k), 4),
            round((1 - b - k) / (1 - k), 4), round(k, 4))


#: In CMYK output, text of a neutral colour (channels at most NEUTRAL_SPREAD apart) is printed on
#: the black plate alone: K100 when near-black (no channel above NEAR_BLACK, i.e. 80 % grey or
#: darker), else a K tint of its grey. Small four-colour text fringes at a 0.1 mm misregistration;
#: text on one plate cannot (スミ文字). Coloured text still goes through the profile.
NEAR_BLACK = 0x33
NEUTRAL_SPREAD = 0x10
#: Trim and registration marks: registration colour (C M Y K 100 % each), so every plate carries
#: them, as Japanese shops ask (Illustrator's トンボ are the same); only outside the trim.
REGISTRATION = (1.0, 1.0, 1.0, 1.0)


def black_plate(colour: str) -> tuple[float, float, float, float] | None:
    """The K-only CMYK of a neutral ``#rrggbb`` (K100 when near-black), None for a colour."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    if max(r, g, b) - min(r, g, b) > NEUTRAL_SPREAD:
        return None
    if max(r, g, b) <= NEAR_BLACK:
        return 0.0, 0.0, 0.0, 1.0
    return 0.0, 0.0, 0.0, round(1 - (r + g + b) / 765, 4)


@cache
def _rgb(colour: str):
    from reportlab.lib.colors import Color

    return Color(*hex_to_rgb(colour), alpha=None)  # no alpha: no /ca ExtGState per colour change


def _cmyk_colours(convert: Callable[[str], tuple[float, float, float, float]]):
    """``#rrggbb`` → reportlab CMYK colour through ``convert``, each distinct colour once."""
    from reportlab.lib.colors import CMYKColor

    memo: dict[tuple[str, str], object] = {}

    def colour(hex_colour: str, role: str = "shape"):
        """``role`` "text" prints neutral colours on the black plate, "mark" prints black in
        registration colour; "shape" converts every colour alike."""
        c = memo.get((hex_colour, role))
        if c is None:
            value = None
            if role == "text":
                value = black_plate(hex_colour)
            elif role == "mark" and hex_colour == "#000000":
                value = REGISTRATION
            # alpha=None: no /ca ExtGState, so the file stays PDF 1.3 with no transparency keys
            c = memo[(hex_colour, role)] = CMYKColor(*(value or convert(hex_colour)), alpha=None)
        return c

    return colour


def _rgb_colour(hex_colour: str, role: str = "shape"):
    """An RGB page's colour: the same for every role."""
    return _rgb(hex_colour)


class _ContentNamed(str):
    """An image file's path whose ``str()`` is a digest of the file's bytes.

    reportlab names an image XObject after ``str(filename)``, so a plain path put the checkout's
    absolute path into the PDF (a different file on every machine); this keeps the file opened
    by its real path and named by its content."""

    digest: str

    def __str__(self) -> str:
        return self.digest


_named: dict[tuple[str, int, int], _ContentNamed] = {}


def content_named(path: str) -> _ContentNamed:
    """``path`` as a :class:`_ContentNamed` (hashed once per file version)."""
    import hashlib
    import os

    st = os.stat(path)
    key = (path, st.st_mtime_ns, st.st_size)
    named = _named.get(key)
    if named is None:
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:32]
        named = _ContentNamed(path)
        named.digest = f"art-{digest}{os.path.splitext(path)[1].lower()}"
        _named[key] = named
    return named


@cache
def image_size(path: str) -> tuple[int, int]:
    """The pixel size of an art file (cached: ``fuda --watch`` clears it when files change)."""
    from reportlab.lib.utils import ImageReader

    return ImageReader(path).getSize()


def _cmyk_only(colour):
    """reportlab's colour-space guard for CMYK pages: CMYK colours pass unchanged (reportlab's own
    ``sep_cmyk`` turns a grey CMYK colour into a density of black, with alpha), others fail."""
    from reportlab.lib.colors import CMYKColor

    if not isinstance(colour, CMYKColor):
        raise ValueError(f"non-CMYK colour {colour!r} on a CMYK page")
    return colour


def new_canvas(path_or_buffer, pagesize: tuple[float, float], fonts: FontSet, cmyk: bool = False,
               convert: Callable[[str], tuple[float, float, float, float]] | None = None,
               pdf_version: tuple[int, int] | None = None):
    """A deterministic reportlab canvas: fixed timestamp and ids (``invariant=1``), no ASCII-85,
    the page preamble's font set to the game's embedded regular face (no stray Helvetica), and
    with ``cmyk`` CMYK-only vector colour (``enforceColorSpace``), each ``#rrggbb``
    converted by ``convert`` (an ICC profile's transform; default :func:`rgb_to_cmyk`)."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    rl_config.useA85 = 0
    canvas = Canvas(path_or_buffer, pagesize=pagesize, invariant=1, pageCompression=1,
                    initialFontName=fonts.font_name("regular"), initialFontSize=8,
                    enforceColorSpace=_cmyk_only if cmyk else None, pdfVersion=pdf_version)
    canvas._fuda_cmyk = cmyk
    canvas._fuda_colour = _cmyk_colours(convert or rgb_to_cmyk) if cmyk else _rgb_colour
    canvas.setCreator("fuda")
    canvas.setProducer("fuda")
    return canvas


def seal_page(canvas) -> None:
    """Compress the page just finished (call it after ``showPage``) now rather than when the file
    is saved. reportlab keeps every page's drawing commands as text until ``save`` (≈ 37 KB a
    sheet of 9 cards: 80 MB for 10,000 cards); compressed they are a tenth of that. The file's
    bytes are the same: the stream gets the filter and content ``save`` would have given it."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDictionary, PDFName, PDFStream, PDFZCompress

    page = canvas._doc.Pages.pages[-1]
    if not page.compression or page.Contents or not page.stream:
        return
    dictionary = PDFDictionary()
    dictionary["Filter"] = PDFArray([PDFName(PDFZCompress.pdfname)])  # new_canvas turns ASCII-85 off
    stream = PDFStream(dictionary, PDFZCompress.encode(page.stream))
    stream.__Comment__ = "page stream"
    page.Contents, page.stream = stream, None


_PAINT = {(1, 1): "B", (0, 1): "f", (1, 0): "S", (0, 0): "n"}


def _text(canvas, font_name: str, size: float, x: float, y: float, text: str) -> None:
    """One line of text at (x, y): for an embedded TrueType font the operators reportlab's
    ``drawString`` writes (subset font, ``Tj``), without its per-call text object, bidi and
    width work; other fonts go through ``drawString``."""
    from reportlab.lib.rl_accel import fp_str
    from reportlab.pdfbase.pdfmetrics import getFont

    font = getFont(font_name)
    if not getattr(font, "_dynamicFont", False):
        canvas.setFont(font_name, size)
        canvas.drawString(x, y, text)
        return
    doc = canvas._doc
    parts = [f"BT 1 0 0 1 {fp_str(x, y)} Tm"]
    current = None
    tf = f"{fp_str(size)} Tf"
    for subset, chunk in font.splitString(text, doc):
        if subset != current:
            parts.append(f"{font.getSubsetInternalName(subset, doc)} {tf}")
            current = subset
        parts.append(f"({canvas._escape(chunk)}) Tj")
    parts.append("ET")
    canvas._code.append(" ".join(parts))


@lru_cache(maxsize=8192)
def _shape_ops(item, fill: int, stroke: int) -> str:
    """The PDF operators drawing a shape primitive in face coordinates (points, origin at the
    trim's top-left, y up): built once per distinct primitive — a template draws the same frames
    on every card — with reportlab's own path code, so the output is what reportlab would write."""
    from reportlab.pdfgen.pathobject import PDFPathObject

    p = PDFPathObject()
    kind = type(item)
    if kind is Rect:
        if item.radius > 0:
            p.roundRect(item.x * PT, -(item.y + item.h) * PT, item.w * PT, item.h * PT, item.radius * PT)
        else:
            p.rect(item.x * PT, -(item.y + item.h) * PT, item.w * PT, item.h * PT)
    elif kind is Rule:
        p.moveTo(item.x1 * PT, -item.y1 * PT)
        p.lineTo(item.x2 * PT, -item.y2 * PT)
        return p.getCode() + " S"
    elif kind is Polygon:
        (x0, y0), *rest = item.points
        p.moveTo(x0 * PT, -y0 * PT)
        for px, py in rest:
            p.lineTo(px * PT, -py * PT)
        p.close()
    elif kind is Ellipse:
        p.ellipse(item.x * PT, -(item.y + item.h) * PT, item.w * PT, item.h * PT)
    return p.getCode() + " " + _PAINT[stroke, fill]


def draw_face(canvas, face: Face, x_pt: float, y_pt: float, fonts: FontSet, *,
              clip: tuple[float, float, float, float] | None = None,
              image_file: Callable[[Path], Path | str] | None = None, marks: bool = False) -> None:
    """Draw ``face`` with its trim box's bottom-left corner at ``(x_pt, y_pt)`` (points).

    ``clip`` is how far (mm) drawing may reach beyond the trim on the left, bottom, right and
    top (default: the face's bleed on every side). ``image_file`` maps an art path to the file
    to embed (e.g. a CMYK-converted copy); by default the art file itself. ``marks``: the face is
    a page's printer's marks, whose black lines print in registration colour on a CMYK page
    (text never does: neutral text prints on the black plate, see :func:`black_plate`). The face is drawn in
    its own coordinates (a translation to its top-left corner), so shapes repeated from card to
    card are the same operators, made once (:func:`_shape_ops`)."""
    colour = getattr(canvas, "_fuda_colour", _rgb_colour)
    line_role = "mark" if marks else "shape"
    height = face.height
    left, bottom, right, top = clip if clip is not None else (face.bleed,) * 4

    def X(v):
        return v * PT

    def Y(v):
        return -v * PT

    canvas.saveState()
    canvas.translate(x_pt, y_pt + height * PT)
    path = canvas.beginPath()
    path.rect(X(-left), Y(height + bottom), (face.width + left + right) * PT, (height + bottom + top) * PT)
    canvas.clipPath(path, stroke=0, fill=0)
    code = canvas._code
    cmyk = getattr(canvas, "_fuda_cmyk", False)
    overprint = False
    fill_now = stroke_now = None
    width_now = None
    for item in face.items:
        kind = type(item)
        if kind is TextLine:
            if (item.color, "text") != fill_now:
                fill = colour(item.color, "text")
                canvas.setFillColor(fill)
                fill_now = (item.color, "text")
                if cmyk:  # K100 text overprints (スミのせ): no white halo where the plates slip
                    k100 = (fill.cyan, fill.magenta, fill.yellow, fill.black) == (0, 0, 0, 1)
                    if k100 != overprint:
                        canvas.setFillOverprint(k100)
                        canvas.setOverprintMask(1)
                        overprint = k100
            name = fonts.font_name(item.font)
            x = X(item.x)
            if item.anchor != "start":
                w = fonts.width(item.text, item.size, item.font) * item.h_scale
                x -= w / 2 if item.anchor == "middle" else w
            if item.h_scale == 1.0:
                _text(canvas, name, item.size, x, Y(item.y), item.text)
            else:
                canvas.saveState()
                t = canvas.beginText(x, Y(item.y))
                t.setFont(name, item.size)
                t.setHorizScale(item.h_scale * 100.0)
                t.textOut(item.text)
                canvas.drawText(t)
                canvas.restoreState()
            continue
        if kind is Marker:
            canvas.saveState()
            t = canvas.beginText(X(item.x), Y(item.y))
            t.setFont(fonts.font_name("regular"), 2)
            t.setTextRenderMode(3)
            t.textOut(item.text)
            canvas.drawText(t)
            canvas.restoreState()
            continue
        if kind is Image:
            _draw_image(canvas, item, X, Y, image_file)
            continue
        fill = getattr(item, "fill", None)
        stroke = item.stroke
        role = "shape"
        if kind is Rule:
            fill = None
            stroke = stroke or "#000000"
            role = line_role
        if overprint and fill is not None:
            canvas.setFillOverprint(False)
            overprint = False
        if fill is not None and (fill, "shape") != fill_now:
            canvas.setFillColor(colour(fill))
            fill_now = (fill, "shape")
        if stroke is not None:
            if (stroke, role) != stroke_now:
                canvas.setStrokeColor(colour(stroke, role))
                stroke_now = (stroke, role)
            if item.stroke_width != width_now:
                canvas.setLineWidth(item.stroke_width * PT)
                width_now = item.stroke_width
        do_fill, do_stroke = int(fill is not None), int(stroke is not None)
        if not (do_fill or do_stroke):
            continue
        if kind is Rule and item.dash:
            canvas.saveState()
            canvas.setDash([d * PT for d in item.dash])
            code.append(_shape_ops(item, 0, 1))
            canvas.restoreState()
        elif kind in (Rect, Rule, Polygon, Ellipse):
            code.append(_shape_ops(item, do_fill, do_stroke))
    canvas.restoreState()


def _draw_image(canvas, item: Image, X, Y, image_file) -> None:
    """Draw an image scaled to cover its box around its focus (or crop box), clipped to the box."""
    source = str(image_file(item.path) if image_file else item.path)
    iw, ih = image_size(source)
    left, top, ww, _ = item.window(iw, ih)
    scale = item.w / ww  # mm per pixel
    dw, dh = iw * scale, ih * scale
    dx, dy = item.x - left * scale, item.y - top * scale
    canvas.saveState()
    p = canvas.beginPath()
    p.rect(X(item.x), Y(item.y + item.h), item.w * PT, item.h * PT)
    canvas.clipPath(p, stroke=0, fill=0)
    canvas.drawImage(content_named(source), X(dx), Y(dy + dh), dw * PT, dh * PT)
    canvas.restoreState()
