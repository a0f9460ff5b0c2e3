"""Card images, contact sheets and a static HTML gallery, painted by the print layout."""

from __future__ import annotations

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
                sheet: bool = False, html: bool = False, check: bool = True) -> ImagesResult:
    """Write ``game``'s card faces into ``out``; with ``sheet`` contact sheets, with ``html`` the
    gallery page ``index.html``. ``check``: lay every face out before writing any file (see
    :func:`~fuda.gallery.images.write_images`)."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.contact import ContactSheets
    from fuda.gallery.html import write_gallery
    from fuda.gallery.images import entries, write_images

    each = contact = None
    chosen = entries(game, deck=deck, ids=ids)
    if sheet:  # filled while the faces are painted: no face image is kept or read back
        title = game.name + (f" — {game.deck(deck).name}" if deck else "")
        contact = ContactSheets(title, sum(e.side != "back" for e in chosen), game_fonts(game), out)

        def each(w, image):
            if w.entry.side != "back":
                contact.add(w.entry.card.name, image, key=w.key, size=w.size)

    written, warnings = write_images(game, out, dpi=dpi, fmt=fmt, chosen=chosen, each=each, check=check)
    sheets = contact.close() if contact is not None else []
    page = write_gallery(game, written, out, sheets=sheets) if html else None
    return ImagesResult(tuple(written), tuple(sheets), page, tuple(warnings))


def gallery_step(database, out: Path) -> tuple[list[Path], list[Finding]]:
    """``fuda build`` step: every game's gallery (images, contact sheets, index.html) under
    ``out/gallery/<game>/``. Each face is laid out once: the build writes into a staging
    folder that a failed step throws away, so no check pass is needed before writing."""
    files: list[Path] = []
    warnings: dict = {}
    for game in database.games:
        result = make_images(game, Path(out) / "gallery" / game.id, dpi=GALLERY_DPI, sheet=True, html=True,
                             check=False)
        files.extend(result.files)
        warnings.update((str(f), f) for f in result.warnings if str(f) not in warnings)
    return files, list(warnings.values())
