"""PNG files of the gallery's card faces and contact sheets, and the play mat's, written without
Pillow's encoder.

Pillow tries five PNG row filters on every row and keeps the best: on a card face (flat
colours, text) that search is most of the encoding time, and the row left as it is deflates
smaller anyway. Here each row is stored unfiltered (filter type 0) and deflated by ISA-L
(Intel's deflate library, through python-isal) at its level 2: on the 150-dpi faces of a
10,000-card gallery 0.2 ms a face against zlib's 1.5 ms at level 3 and Pillow's 3.7 ms, the
files ~16 % larger than zlib's (30 kB against 26 kB; a contact sheet: 4 ms against 44 ms,
~12 % larger); measured on the benchmark's recast-rift cards. Where python-isal is not
installed (a platform it has no wheel for), zlib's level 3 deflates instead. The bytes depend
only on the pixels, the resolution and the deflate library: the same image gives the same file.

:func:`png_from_bands` takes the image as bands of rows, each deflated as it comes, so a large
image that is painted band by band (the A3 play mat) is never held whole.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterable

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: the deflate level of the gallery's files: None, the fastest library at hand (see above)
FAST = None
#: zlib's level where python-isal is missing: above 3 the faces deflate slower for little
#: (level 6: twice the time, 13 % smaller)
ZLIB_LEVEL = 3
#: ISA-L's level for :data:`FAST` (0-3; its 3 is five times slower for no smaller file)
ISAL_LEVEL = 2
#: PNG colour type and bytes a pixel of each Pillow mode written as it is
_MODES = {"L": (0, 1), "RGB": (2, 3), "RGBA": (6, 4)}
#: rows filtered at a time
BAND = 128
#: bytes deflated at a time, whatever the bands: ISA-L's output depends on how its input is cut,
#: so the same pixels give the same file however they came (whole, or a band at a time)
BLOCK = 256 * 1024


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(image, dpi: float | None = None, level: int | None = FAST) -> bytes:
    """``image`` (a Pillow image; modes other than L, RGB and RGBA are converted to RGB) as PNG
    bytes: 8 bits a channel, no filter, no interlacing, the resolution ``dpi`` in a pHYs chunk
    (pixels a metre, rounded as Pillow rounds them) and no other metadata. ``level``: zlib's
    level (1-9), or :data:`FAST`."""
    if image.mode not in _MODES:
        image = image.convert("RGB")
    width, height = image.size
    bands = (image.crop((0, top, width, min(height, top + BAND))) for top in range(0, height, BAND))
    return png_from_bands(bands, (width, height), image.mode, dpi, level)


def png_from_bands(bands: Iterable, size: tuple[int, int], mode: str, dpi: float | None = None,
                   level: int | None = FAST) -> bytes:
    """PNG bytes of an image of ``size`` and ``mode`` (L, RGB or RGBA) given as ``bands``: Pillow
    images of its rows from the top, each as wide as the image, together as tall (written as
    :func:`png_bytes` writes them; a band is deflated as it comes and can be dropped then)."""
    stream = PngStream(size, mode, dpi, level)
    for band in bands:
        stream.add(band)
    return stream.close()


class PngStream:
    """A PNG file of ``size`` and ``mode`` (L, RGB or RGBA) taken a band of rows at a time, from
    the top (:meth:`add`), each deflated as it comes; :meth:`close` gives the file's bytes, those
    :func:`png_bytes` gives the whole image. For an image drawn band by band and never held
    whole (a contact sheet, the play mat)."""

    def __init__(self, size: tuple[int, int], mode: str, dpi: float | None = None, level: int | None = FAST):
        self.size, self.mode, self.dpi = size, mode, dpi
        self._colour, per_pixel = _MODES[mode]
        self._stride = size[0] * per_pixel
        self._deflate = compressor(level)
        self._packed: list[bytes] = []
        self._pending = bytearray()  # rows not deflated yet: less than a BLOCK
        self._rows = 0

    def add(self, band) -> None:
        """Deflate ``band`` (a Pillow image as wide as the file, of its mode): the next rows."""
        if band.size[0] != self.size[0] or band.mode != self.mode:
            raise ValueError(f"a band of {band.size} {band.mode} in a {self.size} {self.mode} PNG")
        data = memoryview(band.tobytes())
        stride = self._stride
        self._rows += band.size[1]
        self._pending += b"".join(b"\0" + data[y:y + stride] for y in range(0, len(data), stride))
        whole = len(self._pending) - len(self._pending) % BLOCK
        if whole:
            blocks = memoryview(self._pending)
            self._packed += [self._deflate.compress(blocks[at:at + BLOCK]) for at in range(0, whole, BLOCK)]
            blocks.release()
            del self._pending[:whole]

    def close(self) -> bytes:
        """The PNG file's bytes (ValueError when the bands did not add up to its height)."""
        width, height = self.size
        if self._rows != height:
            raise ValueError(f"bands of {self._rows} rows in all for a PNG {height} rows tall")
        self._packed += [self._deflate.compress(self._pending), self._deflate.flush()]
        head = struct.pack(">IIBBBBB", width, height, 8, self._colour, 0, 0, 0)
        out = [SIGNATURE, _chunk(b"IHDR", head)]
        if self.dpi is not None:
            per_metre = int(self.dpi / 0.0254 + 0.5)
            out.append(_chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1)))
        out += [_chunk(b"IDAT", b"".join(self._packed)), _chunk(b"IEND", b"")]
        return b"".join(out)


def compressor(level: int | None = FAST):
    """A deflate compressor of zlib's format: zlib's at ``level``, or for :data:`FAST` ISA-L's
    level 2 (zlib's level 3 where python-isal is not installed)."""
    if level is FAST:
        try:
            from isal import isal_zlib
        except ImportError:  # no wheel of python-isal for this platform
            return zlib.compressobj(ZLIB_LEVEL)
        return isal_zlib.compressobj(ISAL_LEVEL)
    return zlib.compressobj(level)
