"""Contact sheets: the cards of a game in a grid with their names, sized for posting (1600 px wide).

A sheet holds up to ``columns × rows`` cards (6 × 5); a longer list goes on ``sheet-01.png``,
``sheet-02.png`` … (three digits from 100 sheets on, so the names sort in order). Each sheet is
headed with the game's name and its page number.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from fuda.atomic import write_atomic
from fuda.faces.png import PngStream
from fuda.faces.reuse import active, face_key, kept_bytes, painted

WIDTH = 1600
MARGIN = 24
GAP = 16
HEADER = 64
NAME_H = 44
BACKGROUND = (246, 243, 236)
INK = (40, 36, 32)


def _font(fonts, role: str, px: int):
    from PIL import ImageFont

    return ImageFont.truetype(str(fonts.path(role)), px, layout_engine=ImageFont.Layout.BASIC)


def _fit(draw, text: str, font, width: int) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


class ContactSheets:
    """Contact sheets filled one card at a time and written as each fills (``columns × rows``
    cards a sheet): a card's thumbnail is taken from its painted image while that image is still
    in memory, and a sheet is drawn a row of cards at a time, each row deflated into its PNG file
    as it is done, so a 10,000-card gallery never holds more than one row of a sheet (2.6 MB of
    pixels against 13 MB for a whole 30-card sheet).

    ``total`` is the number of cards that will be added (it names the files and heads the
    sheets "（n/N）"); :meth:`close` writes the last, partly filled sheet. ``start`` cards were
    placed before the first one added (another process drew their sheets: see
    :mod:`fuda.gallery.parallel`), and ``card_h`` is then the first card's height in its cell.
    """

    def __init__(self, title: str, total: int, fonts, out: Path | None = None, *, columns: int = 6,
                 rows: int = 5, width: int = WIDTH, start: int = 0, card_h: int | None = None):
        self.title, self.total, self.fonts, self.out = title, total, fonts, out
        self.columns, self.rows, self.width = columns, rows, width
        self.per = columns * rows
        self.pages = -(-total // self.per)
        self.cell_w = (width - 2 * MARGIN - (columns - 1) * GAP) // columns
        self.card_h = card_h  # from the first card's aspect
        self.added = start
        self.sheet = self.draw = None  # the band of the sheet being drawn
        self._sink = None  # the sheet's PNG file being deflated (its image without ``out``)
        self.top = self.done = self.height = self.rows_used = 0
        self.images: list = []  # the finished sheets, when there is no ``out``
        self.written: list[Path] = []
        self._fonts = None
        self._pending: list = []  # (name, image, key) of the sheet being filled, in a --watch session

    def add(self, name: str, image, *, key: bytes | None = None, size: tuple[int, int] | None = None) -> None:
        """Place one card (its name and its image at any size) in the next cell. In a
        ``--watch`` session a sheet whose cards (names and faces kept under ``key``) did not
        change is reused whole, the thumbnail of a face that did not change too, and ``image``
        may be a function giving the image (of ``size``), called only when it is needed."""
        width, height = size or image.size
        if self.card_h is None:
            self.card_h = round(self.cell_w * height / width)
        if self.out is not None and active() is not None:
            self._pending.append((name, image, key))
            self.added += 1
            if self.added % self.per == 0 or self.added == self.total:
                self._finish_pending()
            return
        self._place(self.added, name, image, key)
        self.added += 1
        if self.added % self.per == 0 or self.added == self.total:
            self._finish()

    def _place(self, n: int, name: str, image, key: bytes | None) -> None:
        """Draw card ``n`` (counted from 0 over all sheets) in its cell, starting its sheet, and
        its row of cards when it is the row's first."""
        from PIL import Image

        i = n % self.per
        if i == 0:
            self._start(n // self.per + 1)
        row, column = divmod(i, self.columns)
        pitch = self.card_h + NAME_H + GAP
        x = MARGIN + column * (self.cell_w + GAP)
        y = HEADER + MARGIN + row * pitch
        if column == 0:  # a row's band starts a pixel above its cards (their outline) and ends at the next row's
            self._band(y - 1, self.height if row == self.rows_used - 1 else y - 1 + pitch)
        y -= self.top
        cell = (self.cell_w, self.card_h)
        # Box (each pixel the mean of the area it covers), not Lanczos or Hamming: a card shrunk by
        # ~1.5 looks the same on the sheet, a shade softer (Lanczos 3.4, Hamming 1.5, box 0.9 ms a
        # card; a 10,000-card gallery takes 10,000 thumbnails).
        thumb = painted(None if key is None else key + repr(cell).encode(),
                        lambda: _rgb(image() if callable(image) else image).resize(cell, Image.BOX))
        self.sheet.paste(thumb, (x, y))
        self.draw.rectangle((x - 1, y - 1, x + self.cell_w, y + self.card_h), outline=(180, 172, 160))
        name_font = self._fonts[0]
        label = _fit(self.draw, name, name_font, self.cell_w)
        self.draw.text((x + self.cell_w / 2, y + self.card_h + 28), label, fill=INK, font=name_font, anchor="ms")

    def _finish_pending(self) -> None:
        """Write the sheet of the cards added since the last one (``--watch``): reused whole when
        the same cards, names and fonts made it before, else drawn and encoded."""
        from fuda.faces.primitives import Face

        pending, self._pending = self._pending, []
        first = self.added - len(pending)
        fonts = face_key(Face(0.0, 0.0, ()), self.fonts, "contact")
        page = None
        if fonts is not None and all(key is not None for _, _, key in pending):
            h = hashlib.sha1(fonts, usedforsecurity=False)
            h.update(repr((self.title, first, self.total, self.columns, self.rows, self.width, self.card_h)).encode())
            for name, _, key in pending:
                h.update(repr((name, key)).encode())
            page = h.digest()

        def draw() -> bytes:
            for j, (name, image, key) in enumerate(pending):
                self._place(first + j, name, image, key)
            return self._end()

        self.number = first // self.per + 1
        self.written.append(write_atomic(Path(self.out) / self._name(), kept_bytes(page, draw)))

    def close(self) -> list[Path]:
        """Write a sheet still open (fewer cards came than ``total`` said); returns the files."""
        if self._pending:
            self._finish_pending()
        if self._sink is not None:
            self._finish()
        return self.written

    def _start(self, number: int) -> None:
        """Start sheet ``number``: its file (or image) and its heading's band."""
        if self._fonts is None:
            self._fonts = (_font(self.fonts, "regular", 20), _font(self.fonts, "bold", 30))
        on_page = min(self.per, self.total - (number - 1) * self.per)
        self.rows_used = -(-on_page // self.columns)
        self.height = HEADER + MARGIN + self.rows_used * (self.card_h + NAME_H + GAP) - GAP + MARGIN
        size = (self.width, self.height)
        self._sink = _Stacked(size) if self.out is None else PngStream(size, "RGB", SHEET_DPI)
        self._band(0, HEADER + MARGIN - 1)
        head = self.title + (f"（{number}/{self.pages}）" if self.pages > 1 else "")
        self.draw.text((MARGIN, MARGIN + 34), head, fill=INK, font=self._fonts[1], anchor="ls")
        self.number = number

    def _band(self, top: int, bottom: int) -> None:
        """Hand the band drawn so far to the sheet and start the band of rows ``top`` to ``bottom``."""
        from PIL import Image, ImageDraw

        self._hand_over()
        self.sheet = Image.new("RGB", (self.width, bottom - top), BACKGROUND)
        self.draw = ImageDraw.Draw(self.sheet)
        self.top = top

    def _hand_over(self) -> None:
        if self.sheet is not None:
            self._sink.add(self.sheet)
            self.done = self.top + self.sheet.height
            self.sheet = self.draw = None

    def _end(self):
        """Close the sheet: its PNG bytes (its image without ``out``); rows no card came for are left blank."""
        from PIL import Image

        self._hand_over()
        if self.done < self.height:  # fewer cards came than ``total`` said
            self._sink.add(Image.new("RGB", (self.width, self.height - self.done), BACKGROUND))
        sink, self._sink, self.done = self._sink, None, 0
        return sink.close()

    def _finish(self) -> None:
        sheet = self._end()
        if self.out is None:
            self.images.append(sheet)
            return
        self.written.append(write_atomic(Path(self.out) / self._name(), sheet))

    def _name(self) -> str:
        """The file name of sheet ``self.number``."""
        width = max(2, len(str(self.pages)))  # sheet-001 … sheet-120: the names sort in page order
        return "sheet.png" if self.pages == 1 else f"sheet-{self.number:0{width}d}.png"


def _rgb(image):
    """``image`` in RGB (the faces are painted in RGB: no copy then)."""
    return image if image.mode == "RGB" else image.convert("RGB")


#: The resolution written into a contact sheet (a screen's)
SHEET_DPI = 96


class _Stacked:
    """A contact sheet's bands pasted into one image (:class:`ContactSheets` without ``out``)."""

    def __init__(self, size: tuple[int, int]):
        from PIL import Image

        self.image = Image.new("RGB", size, BACKGROUND)
        self.rows = 0

    def add(self, band) -> None:
        self.image.paste(band, (0, self.rows))
        self.rows += band.height

    def close(self):
        return self.image


def contact_sheets(title: str, tiles: list[tuple[str, object]], fonts, *, columns: int = 6,
                   rows: int = 5, width: int = WIDTH) -> list:
    """Pillow images of ``tiles`` (``(name, card image)``) in a grid with names under each card."""
    sheets = ContactSheets(title, len(tiles), fonts, columns=columns, rows=rows, width=width)
    for name, image in tiles:
        sheets.add(name, image)
    sheets.close()
    return sheets.images


def write_contact_sheets(title: str, tiles, fonts, out: Path) -> list[Path]:
    """Write the contact sheets into ``out`` as ``sheet.png`` (one page) or ``sheet-NN.png``."""
    sheets = ContactSheets(title, len(tiles), fonts, out)
    for name, image in tiles:
        sheets.add(name, image)
    return sheets.close()
