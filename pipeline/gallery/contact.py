"""Contact sheets: the cards of a game in a grid with their names, sized for posting (1600 px wide).

A sheet holds up to ``columns × rows`` cards (6 × 5); a longer list goes on ``sheet-01.png``,
``sheet-02.png`` … (three digits from 100 sheets on, so the names sort in order). Each sheet is
headed with the game's name and its page number.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from fuda.atomic import write_atomic
from fuda.faces.png import png_bytes
from fuda.faces.reuse import active, encoded, face_key, kept_bytes, painted

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
    cards a sheet), so a 10,000-card gallery never holds more than one sheet and its tiles: a
    card's thumbnail is taken from its painted image while that image is still in memory.

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
        self.sheet = self.draw = None
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
        """Draw card ``n`` (counted from 0 over all sheets) in its cell, starting its sheet."""
        from PIL import Image

        i = n % self.per
        if i == 0:
            self._start(n // self.per + 1)
        x = MARGIN + (i % self.columns) * (self.cell_w + GAP)
        y = HEADER + MARGIN + (i // self.columns) * (self.card_h + NAME_H + GAP)
        cell = (self.cell_w, self.card_h)
        # Box (each pixel the mean of the area it covers), not Lanczos or Hamming: a card shrunk by
        # ~1.5 looks the same on the sheet, a shade softer (Lanczos 3.4, Hamming 1.5, box 0.9 ms a
        # card; a 10,000-card gallery takes 10,000 thumbnails).
        thumb = painted(None if key is None else key + repr(cell).encode(),
                        lambda: (image() if callable(image) else image).convert("RGB").resize(cell, Image.BOX))
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
            sheet, self.sheet, self.draw = self.sheet, None, None
            return encode_sheet(sheet)

        self.number = first // self.per + 1
        self.written.append(write_atomic(Path(self.out) / self._name(), kept_bytes(page, draw)))

    def close(self) -> list[Path]:
        """Write a sheet still open (fewer cards came than ``total`` said); returns the files."""
        if self._pending:
            self._finish_pending()
        if self.sheet is not None:
            self._finish()
        return self.written

    def _start(self, number: int) -> None:
        from PIL import Image, ImageDraw

        if self._fonts is None:
            self._fonts = (_font(self.fonts, "regular", 20), _font(self.fonts, "bold", 30))
        on_page = min(self.per, self.total - (number - 1) * self.per)
        used_rows = -(-on_page // self.columns)
        height = HEADER + MARGIN + used_rows * (self.card_h + NAME_H + GAP) - GAP + MARGIN
        self.sheet = Image.new("RGB", (self.width, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.sheet)
        head = self.title + (f"（{number}/{self.pages}）" if self.pages > 1 else "")
        self.draw.text((MARGIN, MARGIN + 34), head, fill=INK, font=self._fonts[1], anchor="ls")
        self.number = number

    def _finish(self) -> None:
        sheet, self.sheet, self.draw = self.sheet, None, None
        if self.out is None:
            self.images.append(sheet)
            return
        self.written.append(write_atomic(Path(self.out) / self._name(), encoded(sheet, encode_sheet, "sheet")))

    def _name(self) -> str:
        """The file name of sheet ``self.number``."""
        width = max(2, len(str(self.pages)))  # sheet-001 … sheet-120: the names sort in page order
        return "sheet.png" if self.pages == 1 else f"sheet-{self.number:0{width}d}.png"


def encode_sheet(sheet) -> bytes:
    """A contact sheet's PNG bytes (also painted by the gallery's workers)."""
    return png_bytes(sheet, 96)  # as the faces (gallery.images.encode)


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
