"""PNG files of the gallery's card faces and contact sheets, and the play mat's, written without
Pillow's encoder.

Pillow tries five PNG row filters on every row and keeps the best: on a card face (flat
colours, text) that search is most of the encoding time, and the row left as it is deflates
smaller anyway. Here each row is stored unfiltered (filter type 0) and deflated at zlib level
3: on the 150-dpi faces of a 10,000-card gallery 1.6 ms a face instead of 3.7 ms, the files
~19 % smaller (a contact sheet: 51 ms instead of 76 ms, ~9 % smaller; measured on the
benchmark's recast-rift cards). The bytes depend only on the pixels, the resolution and zlib:
the same image gives the same file.

:func:`png_from_bands` takes the image as bands of rows, each deflated as it comes, so a large
image that is painted band by band (the A3 play mat) is never held whole.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: zlib level: above 3 the faces deflate slower for little (level 6: twice the time, 13 % smaller)
LEVEL = 3
#: PNG colour type and bytes a pixel of each Pillow mode written as it is
_MODES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}
#: rows filtered and deflated at a time
BAND = 128


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image, dpi: float | None = None, level: int = LEVEL) -> bytes:
    """``image`` (a Pillow image; modes other than L, RGB and RGBA are converted to RGB) as PNG
    bytes: 8 bits a channel, no filter, no interlacing, the resolution ``dpi`` in a pHYs chunk
    (pixels a metre, rounded as Pillow rounds them) and no other metadata."""
    if image.mode not in _MODES:
        image = image.convert("RGB")
    width, height = image.size
    bands = (image.crop((0, top, width, min(height, top + BAND))) for top in range(0, height, BAND))
    return png_from_bands(bands, (width, height), image.mode, dpi, level)


def png_from_bands(bands: Iterable, size: tuple[int, int], mode: str, dpi: float | None = None,
                   level: int = LEVEL) -> bytes:
    """PNG bytes of an image of ``size`` and ``mode`` (L, RGB or RGBA) given as ``bands``: Pillow
    images of its rows from the top, each as wide as the image, together as tall (written as
    :func:`png_bytes` writes them; a band is deflated as it comes and can be dropped then)."""
    colour, per_pixel = _MODES[mode]
    width, height = size
    stride = width * per_pixel
    deflate = zlib.compressobj(level)
    packed, rows = [], 0
    for band in bands:
        if band.size[0] != width or band.mode != mode:
            raise ValueError(f"a band of {band.size} {band.mode} in a {size} {mode} PNG")
        data = memoryview(band.tobytes())
        rows += band.size[1]
        packed.append(deflate.compress(b"".join(b"\0" + data[y:y + stride] for y in range(0, len(data), stride))))
    if rows != height:
        raise ValueError(f"bands of {rows} rows in all for a PNG {height} rows tall")
    packed.append(deflate.flush())
    head = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    out = [SIGNATURE, _chunk(b"IHDR", head)]
    if dpi is not None:
        per_metre = int(dpi / 0.0254 + 0.5)
        out.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
    out += [_chunk(b"IDAT", b"".join(packed)), _chunk(b"IEND", b"")]
    return b"".join(out)
