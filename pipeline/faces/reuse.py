"""Reuse of painted faces and encoded images between the builds of one ``--watch`` session.

A face is painted again only when something that decides its pixels changed. The key of a
painted face is a hash of its layout (every primitive: text, sizes, colours, positions — what
the card's data, its template and the fonts' metrics made of it), the stamps (size, modification
time) of every art file it places and of the font files, and the resolution; an encoded image is
keyed by a hash of its pixels and the encoder's settings. Painting and encoding are deterministic,
so a reused result is byte for byte what painting again would give.

Nothing is reused unless a :class:`Reuse` store is active (``with reusing(store):``): a one-off
``fuda build`` keeps no image in memory. The store lives in memory, so it never goes stale on
disk and writes nothing beside the user's files; it keeps the entries last used, up to its
budget of bytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import threading
import zlib
from collections import OrderedDict
from pathlib import Path

#: What a store keeps at most (the sample database's five games take about 30 MB).
BUDGET = 256 * 1024 * 1024


class Reuse:
    """Results kept by key, the least recently used dropped beyond ``budget`` bytes."""

    def __init__(self, budget: int = BUDGET):
        self.budget = budget
        self.size = 0
        self.hits = self.misses = 0
        self._items: OrderedDict = OrderedDict()  # key -> (value, size)
        self._lock = threading.Lock()

    def get(self, key):
        """The value kept for ``key``, or None."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key, value, size: int) -> None:
        """Keep ``value`` (about ``size`` bytes) under ``key``."""
        if size > self.budget:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.size -= old[1]
            self._items[key] = (value, size)
            self.size += size
            while self.size > self.budget:
                _, (_, dropped) = self._items.popitem(last=False)
                self.size -= dropped


_ACTIVE: list = [None]


@contextlib.contextmanager
def reusing(store: Reuse):
    """Reuse painted faces and encoded images from ``store`` (and keep new ones there) inside."""
    before, _ACTIVE[0] = _ACTIVE[0], store
    try:
        yield store
    finally:
        _ACTIVE[0] = before


def active() -> Reuse | None:
    """The store in use, or None (then nothing is kept)."""
    return _ACTIVE[0]


def _stamp(path) -> tuple:
    info = Path(path).stat()
    return (str(path), info.st_size, info.st_mtime_ns)


def face_key(face, fonts, *settings) -> bytes | None:
    """The key of ``face`` painted with ``fonts`` and ``settings``; None when an art or font file
    cannot be read (then the face is painted, and the painter reports the problem)."""
    from fuda.faces.primitives import Image

    h = hashlib.sha1(usedforsecurity=False)
    h.update(repr((face, settings)).encode())
    try:
        for item in face.items:
            if type(item) is Image:
                h.update(repr(_stamp(item.path)).encode())
        if fonts is not None:
            for role, font in sorted(fonts.faces.items()):
                h.update(repr((role, font.name, _stamp(font.path))).encode())
    except OSError:
        return None
    return h.digest()


def painted(key: bytes | None, paint):
    """The image painted for ``key`` (a new image: callers may draw on it), painting it with
    ``paint()`` when it is not kept. Kept images are stored compressed (zlib level 1: a card
    face's pixels shrink some 30 times for 3 ms); while ``paint()`` runs, the faces it paints
    itself are not kept too (only the outermost product is)."""
    store = active()
    if store is None or key is None or _INSIDE[0]:
        return paint()
    found = store.get(("painted", key))
    if found is not None:
        from PIL import Image

        mode, size, data = found
        return Image.frombytes(mode, size, zlib.decompress(data))
    _INSIDE[0] = True
    try:
        image = paint()
    finally:
        _INSIDE[0] = False
    data = zlib.compress(image.tobytes(), 1)
    store.put(("painted", key), (image.mode, image.size, data), len(data))
    return image


_INSIDE = [False]


def kept_bytes(key: bytes | None, make) -> bytes:
    """The bytes made for ``key`` (an encoded face), making them with ``make()`` when not kept."""
    store = active()
    if store is None or key is None:
        return make()
    data = store.get(("bytes", key))
    if data is None:
        data = make()
        store.put(("bytes", key), data, len(data))
    return data


def encoded(image, encode, *settings) -> bytes:
    """``encode(image)`` (deterministic bytes), reused for an image of the same pixels and
    ``settings`` (what else the encoder is told: format, compression, resolution)."""
    store = active()
    if store is None:
        return encode(image)
    h = hashlib.sha1(usedforsecurity=False)
    h.update(repr((image.mode, image.size, sorted(image.info.items()), settings)).encode())
    if image.mode == "P":
        h.update(bytes(image.getpalette() or ()))
    h.update(image.tobytes())
    return kept_bytes(h.digest(), lambda: encode(image))


