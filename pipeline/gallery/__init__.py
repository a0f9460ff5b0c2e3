"""Card images, contact sheets and a static HTML gallery, painted by the print layout."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from fuda.database.findings import Finding

#: The resolution of the gallery ``fuda build`` writes (sharp on screen, small to share).
GALLERY_DPI = 150


@dataclass(frozen=True)
class ImagesResult:
    """What :func:`make_images` wrote: the faces, contact sheets, the gallery page, and warnings."""

    faces: tuple
    sheets: tuple[Path, ...]
    page: Path | None
    warnings: tuple[Finding, ...]

    @property
    def files(self) -> list[Path]:
        """Every file written, faces first."""
        return [w.path for w in self.faces] + list(self.sheets) + ([self.page] if self.page else [])


def make_images(game, out: Path, *, deck: str | None = None, ids=None, dpi: float = 300, fmt: str = "png",
                sheet: bool = False, html: bool = False, check: bool = True, progress=None) -> ImagesResult:
    """Write ``game``'s card faces into ``out``; with ``sheet`` contact sheets, with ``html`` the
    gallery page ``index.html``. ``check``: lay every face out before writing any file (see
    :func:`~fuda.gallery.images.write_images`). ``progress(done, total)`` is called after each
    face is written (a progress bar's counts)."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.contact import ContactSheets
    from fuda.gallery.html import write_gallery
    from fuda.gallery.images import entries, write_images

    contact = None
    chosen = entries(game, deck=deck, ids=ids)
    if sheet:  # filled while the faces are painted: no face image is kept or read back
        title = game.name + (f" — {game.deck(deck).name}" if deck else "")
        contact = ContactSheets(title, sum(e.side != "back" for e in chosen), game_fonts(game), out)
    done = [0]

    def each(w, image):
        if contact is not None and w.entry.side != "back":
            contact.add(w.entry.card.name, image, key=w.key, size=w.size)
        done[0] += 1
        if progress is not None:
            progress(done[0], len(chosen))

    written, warnings = write_images(game, out, dpi=dpi, fmt=fmt, chosen=chosen, each=each, check=check)
    sheets = contact.close() if contact is not None else []
    page = write_gallery(game, written, out, sheets=sheets) if html else None
    return ImagesResult(tuple(written), tuple(sheets), page, tuple(warnings))


def gallery_step(database, out: Path) -> tuple[list[Path], list[Finding]]:
    """``fuda build`` step: every game's gallery (images, contact sheets, index.html) under
    ``out/gallery/<game>/``. Each face is laid out once: the build writes into a staging
    folder that a failed step throws away, so no check pass is needed before writing."""
    from fuda.gallery.images import entries

    files: list[Path] = []
    warnings: dict = {}
    tell = _COUNTER[0]
    total = sum(len(entries(game)) for game in database.games) if tell else 0
    before = 0
    for game in database.games:
        counts = (lambda done, _n, before=before: tell(before + done, total)) if tell else None
        result = make_images(game, Path(out) / "gallery" / game.id, dpi=GALLERY_DPI, sheet=True, html=True,
                             check=False, progress=counts)
        before += len(result.faces)
        files.extend(result.files)
        warnings.update((str(f), f) for f in result.warnings if str(f) not in warnings)
    return files, list(warnings.values())


_COUNTER: list = [None]


@contextlib.contextmanager
def counting(tell):
    """Inside, :func:`gallery_step` calls ``tell(done, total)`` after each face it writes, counted
    over every game (``fuda build`` shows them as a progress bar with the time left)."""
    before, _COUNTER[0] = _COUNTER[0], tell
    try:
        yield
    finally:
        _COUNTER[0] = before
