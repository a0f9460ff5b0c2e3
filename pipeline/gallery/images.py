"""One image file per card face, painted by the print layout: ``fuda images GAME``.

Files are named by card id: ``<id>.png`` for a face, ``<id>-back.png`` for a card with its own
back (a Recast Rift awakening card's life track), ``back.png`` once for the game's common back;
a ryomen pairing gives ``<a>-a.png`` and ``<a>-b.png`` per pair (named by its face-A card). The
resolution is written into the file (PNG pHYs, JPEG JFIF, WebP EXIF), so printing or placing an
image at its DPI gives the card's real size.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from fuda.atomic import write_atomic
from fuda.database.findings import Finding, FindingsError
from fuda.database.ruleset import ruleset_for
from fuda.faces.png import png_bytes
from fuda.faces.reuse import active, face_key, kept_bytes
from fuda.i18n import Text

FORMATS = {"png": "PNG", "jpg": "JPEG", "webp": "WEBP"}
MIN_DPI, MAX_DPI = 36, 1200


class ImageOptionError(ValueError):
    """An option that cannot be used (unknown deck or id, both --deck and --ids, bad DPI)."""


@dataclass(frozen=True)
class Entry:
    """One face to write: its file stem, the card shown, and which side it is."""

    stem: str
    card: object | None  # None: the game's common back
    side: str  # "front", "back", "a", "b"
    pair: str = ""  # ryomen: the id of the card on the other face


def entries(game, *, deck: str | None = None, ids=None) -> list[Entry]:
    """The faces to write for every card of ``game``, one deck's cards, or the given ids."""
    if deck is not None and ids:
        raise ImageOptionError(Text("err.deck_and_ids"))
    if deck is not None:
        try:
            d = game.deck(deck)
        except KeyError as exc:
            raise ImageOptionError(exc.args[0]) from None
        if d.pairs:
            out = []
            for a, b in d.pairs:
                out.append(Entry(f"{a}-a", game.card(a), "a", b))
                out.append(Entry(f"{a}-b", game.card(b), "b", a))
            return out
        chosen = list(dict.fromkeys(d.card_ids()))
    elif ids:
        chosen = list(dict.fromkeys(ids))
    else:
        chosen = [c.id for c in game.cards]
    cards = []
    for cid in chosen:
        try:
            cards.append(game.card(cid))
        except KeyError as exc:
            raise ImageOptionError(exc.args[0]) from None
    return with_backs(game, cards)


def with_backs(game, cards) -> list[Entry]:
    """Front entries for ``cards``, their own backs, and the common back once (not for a rule set
    that prints no backs, ``print_backs: none``: ryomen's cards are double-faced)."""
    from fuda.faces.template import load_template

    own = set(load_template(game).data.get("backs", {})) - {"default"}
    out = []
    common = False
    for card in cards:
        out.append(Entry(card.id, card, "front"))
        if card.kind in own:
            out.append(Entry(f"{card.id}-back", card, "back"))
        else:
            common = True
    if common and ruleset_for(game.rules).print_backs != "none":
        out.append(Entry("back", None, "back"))
    return out


def face_of(game, entry: Entry, fonts, warnings: list):
    """The laid-out face of ``entry``; a text that does not fit is an error, a missing glyph a warning."""
    from fuda.faces.layout import lay_out, layout_back

    if entry.side == "back":
        return layout_back(game, entry.card, bleed=0.0, fonts=fonts)
    face, findings = lay_out(game, entry.card, bleed=0.0, side=entry.side, fonts=fonts)
    errors = [f for f in findings if f.severity == "error" and f.code != "P102"]
    if errors:
        raise FindingsError(errors)
    warnings.extend(Finding(f.location, f.code, f.message, "warning", f.card, f.hint)
                    for f in findings if f not in errors)
    return face


def paint(face, dpi: float, fonts):
    """``face`` as a Pillow image at ``dpi``: its shapes drawn at twice the size and halved, its
    text at its size (:func:`~fuda.faces.paint_png.render_at_size`, which looks as the face drawn
    at twice the size and halved, in four fifths of the time)."""
    from fuda.faces.paint_png import render_at_size

    return render_at_size(face, dpi, fonts)


def encode(image, fmt: str, dpi: float) -> bytes:
    """``image`` as ``fmt`` bytes with its DPI recorded; deterministic for the same pixels (so a
    ``--watch`` session reuses the bytes of a face whose pixels did not change)."""
    from fuda.faces.reuse import encoded

    return encoded(image, lambda image: _encode(image, fmt, dpi), fmt, dpi)


def _encode(image, fmt: str, dpi: float) -> bytes:
    buf = io.BytesIO()
    if fmt == "png":
        return png_bytes(image, dpi)  # unfiltered rows: see fuda.faces.png
    if fmt == "jpg":
        image.convert("RGB").save(buf, "JPEG", dpi=(round(dpi), round(dpi)), quality=92, optimize=False)
    else:
        exif = image.getexif()
        exif[0x0128] = 2  # ResolutionUnit: inch
        exif[0x011A] = exif[0x011B] = float(dpi)  # XResolution, YResolution
        image.save(buf, "WEBP", quality=90, method=4, exif=exif.tobytes())
    return buf.getvalue()


@dataclass(frozen=True)
class Written:
    """A face written to disk: where, and what it shows."""

    path: Path
    entry: Entry
    size: tuple[int, int]
    key: bytes | None = None  # what the face's image is kept under in a ``--watch`` session


def write_images(game, out: Path, *, deck: str | None = None, ids=None, dpi: float = 300,
                 fmt: str = "png", chosen: list[Entry] | None = None, each=None,
                 check: bool = True) -> tuple[list[Written], list[Finding]]:
    """Write one file per face into ``out``; returns what was written and the layout warnings.
    ``each(written, image)`` is called with every face's painted image before it is dropped
    (the contact sheets take their thumbnails there); in a ``--watch`` session a face that did
    not change is not painted again, and ``image`` is then a function that decodes the file's
    bytes (called only when the thumbnail is not kept either).

    Every face is laid out before any file is written, so a card whose text does not fit stops
    the run with its located finding and leaves the folder untouched. The faces are laid out
    again one by one to be painted rather than kept: a 10,000-card game's faces would hold
    hundreds of MB, and laying a face out costs a tenth of painting and encoding it. Without
    ``check`` each face is laid out once, and a face that does not fit stops the run after the
    faces before it were written (``fuda build`` writes into a folder it throws away then).
    """
    from fuda.faces.fonts import game_fonts

    check_options(fmt, dpi)
    chosen = chosen if chosen is not None else entries(game, deck=deck, ids=ids)
    fonts = game_fonts(game)
    warnings: list[Finding] = []
    if check:
        for entry in chosen:
            face_of(game, entry, fonts, warnings)
    written = []
    reuse = active() is not None
    for entry in chosen:
        face = face_of(game, entry, fonts, [] if check else warnings)
        painted: list = []  # the image, when it was painted (not reused) this time

        def make(face=face, painted=painted) -> bytes:
            painted.append(paint(face, dpi, fonts))
            return encode(painted[0], fmt, dpi)

        key = face_key(face, fonts, "gallery", dpi, fmt) if reuse else None
        data = kept_bytes(key, make)
        path = write_atomic(Path(out) / f"{entry.stem}.{fmt}", data)
        written.append(Written(path, entry, pixel_size(face, dpi), key))
        if each is not None:
            each(written[-1], painted[0] if painted else _reader(data))
    return written, list(dict.fromkeys(warnings))


def check_options(fmt: str, dpi: float) -> None:
    """Refuse (ImageOptionError) an unknown format or a resolution out of range."""
    if fmt not in FORMATS:
        raise ImageOptionError(Text("err.images.format", fmt=fmt))
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ImageOptionError(Text("err.images.dpi", min=MIN_DPI, max=MAX_DPI, dpi=dpi))


def pixel_size(face, dpi: float) -> tuple[int, int]:
    """The pixel size :func:`paint` gives ``face`` at ``dpi``."""
    from fuda.faces.paint_png import MM_PER_INCH

    return max(1, round(face.width * dpi / MM_PER_INCH)), max(1, round(face.height * dpi / MM_PER_INCH))


def _reader(data: bytes):
    """A function that decodes the face image ``data`` (called only when it is needed)."""
    def read():
        from PIL import Image

        return Image.open(io.BytesIO(data))
    return read
