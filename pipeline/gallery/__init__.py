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
    face is written (a progress bar's counts; a big game's after each contact sheet's cards).
    A big game is painted by two processes (:mod:`fuda.gallery.parallel`): the same files."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.contact import ContactSheets
    from fuda.gallery.html import write_gallery
    from fuda.gallery.images import entries, write_images
    from fuda.gallery.parallel import workers

    contact = None
    chosen = entries(game, deck=deck, ids=ids)
    title = game.name + (f" — {game.deck(deck).name}" if deck else "") if sheet else None
    if workers(len(chosen)):
        written, sheets, warnings = _in_parallel(game, out, chosen, dpi, fmt, title, check, progress)
        page = write_gallery(game, written, out, sheets=sheets) if html else None
        return ImagesResult(tuple(written), tuple(sheets), page, tuple(warnings))
    if sheet:  # filled while the faces are painted: no face image is kept or read back
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


def _in_parallel(game, out: Path, chosen: list, dpi: float, fmt: str, title: str | None, check: bool,
                 progress) -> tuple[list, list[Path], list[Finding]]:
    """:func:`make_images`'s files painted by two processes, each writing the parts it paints:
    (faces written, contact sheets, warnings)."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.images import check_options, face_of
    from fuda.gallery.parallel import Painter, job

    check_options(fmt, dpi)
    warnings: list[Finding] = []
    if check:  # every face laid out before any file is written (a tenth of painting it)
        fonts = game_fonts(game)
        for entry in chosen:
            face_of(game, entry, fonts, warnings)
    one = job(game, chosen, out, dpi=dpi, fmt=fmt, title=title)
    with Painter([one]) as painter:
        made = painter.finish(None if progress is None else lambda done: progress(done, len(chosen)))
    written, sheets, found = _gathered(one, made[0])
    return written, sheets, list(dict.fromkeys(warnings + ([] if check else found)))


def _gathered(one, made: list) -> tuple[list, list[Path], list[Finding]]:
    """The faces, sheets and warnings of a painted :class:`~fuda.gallery.parallel.Job`'s parts
    (``(span, Part)`` in order); the findings of a part that stopped are raised."""
    from fuda.database.findings import FindingsError
    from fuda.gallery.images import Written

    written, sheets, warnings = [], [], []
    for span, part in made:
        for i, size in zip(span, part.sizes, strict=False):  # a stopped part has fewer
            entry = one.chosen[i]
            written.append(Written(one.out / f"{entry.stem}.{one.fmt}", entry, size))
        warnings.extend(part.warnings)
        if part.errors:
            raise FindingsError(list(part.errors))
        if part.sheet is not None:
            sheets.append(one.out / part.sheet)
    return written, sheets, warnings


def gallery_step(database, out: Path) -> tuple[list[Path], list[Finding]]:
    """``fuda build`` step: every game's gallery (images, contact sheets, index.html) under
    ``out/gallery/<game>/``. Each face is laid out once: the build writes into a staging
    folder that a failed step throws away, so no check pass is needed before writing. The big
    games' faces are painted by the :func:`painting_ahead` of the build when there is one."""
    from fuda.gallery.html import write_gallery
    from fuda.gallery.images import entries

    files: list[Path] = []
    warnings: dict = {}
    tell = _COUNTER[0]
    total = sum(len(entries(game)) for game in database.games) if tell else 0
    painter = _AHEAD[0][1] if _AHEAD[0] is not None and _AHEAD[0][0] == Path(out) else None
    ahead: dict = {}
    if painter is not None:
        made = painter.finish(None if tell is None else lambda done: tell(done, total), fresh=True)
        ahead = {one.game.id: (one, parts) for one, parts in zip(painter.jobs, made, strict=True)}
    before = sum(len(one.chosen) for one, _ in ahead.values())
    for game in database.games:
        if game.id in ahead:
            one, parts = ahead[game.id]
            written, sheets, found = _gathered(one, parts)
            page = write_gallery(game, written, one.out, sheets=sheets)
            result = ImagesResult(tuple(written), tuple(sheets), page, tuple(dict.fromkeys(found)))
        else:
            counts = (lambda done, _n, before=before: tell(before + done, total)) if tell else None
            result = make_images(game, _folder(out, game), dpi=GALLERY_DPI, sheet=True, html=True,
                                 check=False, progress=counts)
            before += len(result.faces)
        files.extend(result.files)
        warnings.update((str(f), f) for f in result.warnings if str(f) not in warnings)
    return files, list(warnings.values())


def _folder(out: Path, game) -> Path:
    """Where :func:`gallery_step` writes ``game``'s gallery in the build folder ``out``."""
    return Path(out) / "gallery" / game.id


_AHEAD: list = [None]  # (build folder, Painter) of the painting_ahead block around this build


@contextlib.contextmanager
def painting_ahead(database, out: Path):
    """Inside, ``start()`` (what this yields) forks a worker that paints the big games' galleries
    (those two processes paint, :mod:`fuda.gallery.parallel`) while this process runs the rest
    of ``fuda build``'s steps into ``out``; :func:`gallery_step` there paints what is left with
    it, and the files are those it alone writes. The worker is stopped on leaving."""
    from fuda.gallery.images import entries
    from fuda.gallery.parallel import Painter, job, workers

    painters: list = []

    def start() -> None:
        if painters:
            return
        jobs = []
        try:
            for game in database.games:
                chosen = entries(game)
                if workers(len(chosen)):
                    jobs.append(job(game, chosen, _folder(out, game), dpi=GALLERY_DPI, fmt="png", title=game.name))
        except Exception:  # a game without its template: the gallery step meets it and reports it there
            jobs = []
        painters.append(Painter(jobs) if jobs else None)
        if painters[0] is not None:
            _AHEAD[0] = (Path(out), painters[0])

    before = _AHEAD[0]
    try:
        yield start
    finally:
        _AHEAD[0] = before
        if painters and painters[0] is not None:
            painters[0].close()


_COUNTER: list = [None]


def counter():
    """The ``tell(done, total)`` of the :func:`counting` block around this build, or None (the
    print step reports its cards with it too)."""
    return _COUNTER[0]


@contextlib.contextmanager
def counting(tell):
    """Inside, :func:`gallery_step` calls ``tell(done, total)`` after each face it writes, counted
    over every game, and the build's print step after each page with the cards placed (``fuda
    build`` shows them as a progress bar with the time left)."""
    before, _COUNTER[0] = _COUNTER[0], tell
    try:
        yield
    finally:
        _COUNTER[0] = before
