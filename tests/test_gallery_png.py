"""fuda's own PNG writer (fuda.faces.png): files Pillow reads back pixel for pixel, whole or given in bands."""

from __future__ import annotations

import io
import sys
import zlib
from itertools import pairwise

import pytest
from PIL import Image, ImageDraw

from fuda.faces.png import png_bytes, png_from_bands


def _picture(mode: str) -> Image.Image:
    image = Image.new("RGB", (37, 23), "white")
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((2, 3, 30, 20), radius=5, fill=(200, 30, 40), outline=(10, 10, 10))
    draw.line((0, 22, 36, 0), fill=(0, 120, 255), width=2)
    return image.convert(mode)


def test_png_bytes_read_back_as_the_same_pixels_and_resolution():
    """Each mode written (L, RGB, RGBA; P converted to RGB) reads back with its pixels and DPI."""
    tall = _picture("RGB").resize((37, 300))  # rows in three bands (fuda.faces.png.BAND)
    for mode, image in [(mode, _picture(mode)) for mode in ("L", "RGB", "RGBA", "P")] + [("RGB", tall)]:
        back = Image.open(io.BytesIO(png_bytes(image, 150)))
        back.load()
        expected = image if mode != "P" else image.convert("RGB")
        assert back.mode == expected.mode and back.size == image.size, mode
        assert back.tobytes() == expected.tobytes(), mode
        assert back.info["dpi"] == _pillow_dpi(image, 150), mode


def test_every_deflater_writes_the_same_pixels(monkeypatch):
    """ISA-L (the fast default), zlib where python-isal is missing, and zlib at a level given: the same pixels back."""
    image = _picture("RGB").resize((37, 300))
    fast = png_bytes(image, 150)
    monkeypatch.setitem(sys.modules, "isal", None)  # as on a platform without its wheel
    fallback = png_bytes(image, 150)
    for data in (fast, fallback, png_bytes(image, 150, level=9)):
        back = Image.open(io.BytesIO(data))
        assert back.convert("RGB").tobytes() == image.tobytes()
    assert fallback == png_bytes(image, 150, level=3)  # zlib's level 3 stands in


def _pillow_dpi(image: Image.Image, dpi: float) -> tuple[float, float]:
    """The resolution Pillow reads from the file it writes itself at ``dpi`` (the same pHYs rounding)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", dpi=(dpi, dpi))
    return Image.open(buf).info["dpi"]


def test_png_bytes_are_deterministic_and_hold_only_the_needed_chunks():
    """Same pixels, same bytes; chunks IHDR, pHYs (when a DPI is given), IDAT, IEND, rows unfiltered."""
    image = _picture("RGB")
    data = png_bytes(image, 96)
    assert data == png_bytes(image.copy(), 96)
    chunks = _chunks_of(data)
    assert [kind for kind, _ in chunks] == [b"IHDR", b"pHYs", b"IDAT", b"IEND"]
    rows = zlib.decompress(chunks[2][1])
    stride = 1 + 3 * image.width
    assert len(rows) == stride * image.height and all(rows[y * stride] == 0 for y in range(image.height))
    assert [kind for kind, _ in _chunks_of(png_bytes(image))] == [b"IHDR", b"IDAT", b"IEND"]


def _chunks_of(data: bytes) -> list[tuple[bytes, bytes]]:
    out, at = [], 8
    while at < len(data):
        size = int.from_bytes(data[at:at + 4], "big")
        out.append((data[at + 4:at + 8], data[at + 8:at + 8 + size]))
        at += 12 + size
    return out


def test_a_png_given_in_bands_of_any_height_is_the_same_file():
    """png_from_bands over bands of any height is byte for byte png_bytes of the whole, past one
    deflate BLOCK too (ISA-L's output depends on how its input is cut); rows that do not add up are refused."""
    image = _picture("RGB").resize((37, 300))
    bands = [image.crop((0, a, 37, b)) for a, b in ((0, 1), (1, 8), (8, 300))]
    assert png_from_bands(iter(bands), image.size, "RGB", 150) == png_bytes(image, 150)
    large = _picture("RGB").resize((900, 700))  # 1.9 MB of rows: deflated in several BLOCKs
    cuts = [0, 1, 250, 333, 700]
    assert png_from_bands((large.crop((0, a, 900, b)) for a, b in pairwise(cuts)),
                          large.size, "RGB") == png_bytes(large) == png_from_bands([large], large.size, "RGB")
    with pytest.raises(ValueError, match="rows"):
        png_from_bands(iter(bands[:2]), image.size, "RGB")
    with pytest.raises(ValueError, match="band"):
        png_from_bands(iter([image.convert("L")]), image.size, "RGB")
