"""Contact sheets: the cards of a game in a grid with their names, sized for posting (1600 px wide).

A sheet holds up to ``columns × rows`` cards (6 × 5); a longer list goes on ``sheet-01.png``,
``sheet-02.png`` … Each sheet is headed with the game's name and its page number.
"""

from __future__ import annotations

import io
from pathlib import Path

from fuda.atomic import write_atomic

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


def contact_sheets(title: str, tiles: list[tuple[str, object]], fonts, *, columns: int = 6,
                   rows: int = 5, width: int = WIDTH) -> list:
    """Pillow images of ``tiles`` (``(name, card image)``) in a grid with names under each card."""
    from PIL import Image, ImageDraw

    if not tiles:
        return []
    cell_w = (width - 2 * MARGIN - (columns - 1) * GAP) // columns
    aspect = tiles[0][1].height / tiles[0][1].width
    card_h = round(cell_w * aspect)
    per = columns * rows
    pages = [tiles[i:i + per] for i in range(0, len(tiles), per)]
    name_font, head_font = _font(fonts, "regular", 20), _font(fonts, "bold", 30)
    sheets = []
    for number, page in enumerate(pages, start=1):
        used_rows = -(-len(page) // columns)
        height = HEADER + MARGIN + used_rows * (card_h + NAME_H + GAP) - GAP + MARGIN
        sheet = Image.new("RGB", (width, height), BACKGROUND)
        draw = ImageDraw.Draw(sheet)
        head = title + (f"（{number}/{len(pages)}）" if len(pages) > 1 else "")
        draw.text((MARGIN, MARGIN + 34), head, fill=INK, font=head_font, anchor="ls")
        for i, (name, image) in enumerate(page):
            x = MARGIN + (i % columns) * (cell_w + GAP)
            y = HEADER + MARGIN + (i // columns) * (card_h + NAME_H + GAP)
            thumb = image.convert("RGB").resize((cell_w, card_h), Image.LANCZOS)
            sheet.paste(thumb, (x, y))
            draw.rectangle((x - 1, y - 1, x + cell_w, y + card_h), outline=(180, 172, 160))
            label = _fit(draw, name, name_font, cell_w)
            draw.text((x + cell_w / 2, y + card_h + 28), label, fill=INK, font=name_font, anchor="ms")
        sheets.append(sheet)
    return sheets


def write_contact_sheets(title: str, tiles, fonts, out: Path) -> list[Path]:
    """Write the contact sheets into ``out`` as ``sheet.png`` (one page) or ``sheet-NN.png``."""
    sheets = contact_sheets(title, tiles, fonts)
    written = []
    for number, sheet in enumerate(sheets, start=1):
        name = "sheet.png" if len(sheets) == 1 else f"sheet-{number:02d}.png"
        buf = io.BytesIO()
        sheet.save(buf, "PNG", dpi=(96, 96), compress_level=6)
        written.append(write_atomic(Path(out) / name, buf.getvalue()))
    return written
