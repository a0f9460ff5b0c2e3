"""Card images, contact sheets and a static HTML gallery, painted by the print layout."""

from __future__ import annotations

import contextlib
import contextvars
import threading
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
                sheet: bool = False, html: bool = False, check: bool = True, progress=None,
                here: bool = True, stop: threading.Event | None = None) -> ImagesResult:
    """Write ``game``'s card faces into ``out``; with ``sheet`` contact sheets, with ``html`` the
    gallery page ``index.html``. ``check``: lay every face out before writing any file (see
    :func:`~fuda.gallery.images.write_images`). ``progress(done, total)`` is called after each
    face is written (a progress bar's counts; a big game's after each contact sheet's cards).
    A big game is painted by two processes (:mod:`fuda.gallery.parallel`): the same files;
    without ``here`` by two workers alone (this process has other work). ``stop``, once set,
    ends a big game's painting at the next part (:class:`Stopped`)."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.contact import ContactSheets
    from fuda.gallery.html import write_gallery
    from fuda.gallery.images import entries, write_images
    from fuda.gallery.parallel import workers

    contact = None
    chosen = entries(game, deck=deck, ids=ids)
    title = game.name + (f" — {game.deck(deck).name}" if deck else "") if sheet else None
    count = workers(len(chosen))
    if count:
        written, sheets, warnings = _in_parallel(game, out, chosen, dpi, fmt, title, check, progress, count,
                                                 here, stop)
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


class Stopped(Exception):
    """A gallery stopped from outside (its build failed elsewhere): what it wrote is thrown away."""


def _in_parallel(game, out: Path, chosen: list, dpi: float, fmt: str, title: str | None, check: bool,
                 progress, count: int, here: bool = True,
                 stop: threading.Event | None = None) -> tuple[list, list[Path], list[Finding]]:
    """:func:`make_images`'s files painted by ``count`` processes and written here, in card
    order: (faces written, contact sheets, warnings)."""
    from fuda.atomic import write_atomic
    from fuda.database.findings import FindingsError
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.images import Written, check_options, face_of
    from fuda.gallery.parallel import paint_parts

    check_options(fmt, dpi)
    warnings: list[Finding] = []
    if check:  # every face laid out before any file is written (a tenth of painting it)
        fonts = game_fonts(game)
        for entry in chosen:
            face_of(game, entry, fonts, warnings)
    written, sheets = [], []
    total = sum(e.side != "back" for e in chosen)
    with contextlib.closing(paint_parts(game, chosen, dpi=dpi, fmt=fmt, title=title, total=total,
                                        count=count, here=here)) as made:
        for span, part in made:
            if stop is not None and stop.is_set():
                raise Stopped
            for i, (data, size) in zip(span, part.faces, strict=False):  # a stopped part has fewer
                entry = chosen[i]
                written.append(Written(write_atomic(Path(out) / f"{entry.stem}.{fmt}", data), entry, size))
            if not check:
                warnings.extend(part.warnings)
            if part.errors:
                raise FindingsError(list(part.errors))
            if part.sheet is not None:
                sheets.append(write_atomic(Path(out) / part.sheet[0], part.sheet[1]))
            if progress is not None:
                progress(len(written), len(chosen))
    return written, sheets, list(dict.fromkeys(warnings))


def gallery_step(database, out: Path) -> tuple[list[Path], list[Finding]]:
    """``fuda build`` step: every game's gallery (images, contact sheets, index.html) under
    ``out/gallery/<game>/``. Each face is laid out once: the build writes into a staging
    folder that a failed step throws away, so no check pass is needed before writing."""
    return _gallery(database, out, _COUNTER[0])


def _gallery(database, out: Path, tell, here: bool = True, stop=None) -> tuple[list[Path], list[Finding]]:
    """:func:`gallery_step`, telling ``tell(done, total)``; ``here`` and ``stop`` as :func:`make_images`'s."""
    from fuda.gallery.images import entries

    files: list[Path] = []
    warnings: dict = {}
    total = sum(len(entries(game)) for game in database.games) if tell else 0
    before = 0
    for game in database.games:
        counts = (lambda done, _n, before=before: tell(before + done, total)) if tell else None
        result = make_images(game, Path(out) / "gallery" / game.id, dpi=GALLERY_DPI, sheet=True, html=True,
                             check=False, progress=counts, here=here, stop=stop)
        before += len(result.faces)
        files.extend(result.files)
        warnings.update((str(f), f) for f in result.warnings if str(f) not in warnings)
    return files, list(warnings.values())


class EarlyGallery:
    """The gallery step of a build started before the build's other steps, painted by two
    worker processes while this process makes the other outputs (on two cores the gallery is
    most of a big build, and lint and the print sheets run in one process): a thread here
    hands out the parts and writes the files the workers paint, into the same folder, in the
    same order, as :func:`gallery_step` would. :meth:`step` is the build's gallery step: it
    waits for the gallery and returns (or raises) what :func:`gallery_step` would; the counts
    are shown from then on. :meth:`stop` ends it early (the build failed or was interrupted).
    Started only for a database with a game big enough for the workers
    (:func:`start_early`)."""

    def __init__(self, database, out: Path):
        self._tell = _COUNTER[0]
        self._shown = False
        self._last: tuple | None = None
        self._stop = threading.Event()
        self._outcome: tuple = (None, None)  # (result, exception)
        # The thread writes within this context: the build's deferred flush (fuda.atomic) sees its files.
        context = contextvars.copy_context()
        self._thread = threading.Thread(target=context.run, args=(self._run, database, Path(out)),
                                        name="fuda-gallery")
        self._thread.start()

    def _count(self, done: int, total: int) -> None:
        self._last = (done, total)
        if self._shown and self._tell is not None:
            self._tell(done, total)

    def _run(self, database, out: Path) -> None:
        try:
            self._outcome = (_gallery(database, out, self._count if self._tell else None, here=False,
                                      stop=self._stop), None)
        except BaseException as exc:  # raised again in the build's thread, by step()
            self._outcome = (None, exc)

    def step(self, database, out: Path):
        """The build's gallery step: the files and warnings once every face is written."""
        self._shown = True
        if self._last is not None and self._tell is not None:
            self._tell(*self._last)
        self._thread.join()
        result, exc = self._outcome
        if exc is not None:
            raise exc
        return result

    def stop(self) -> None:
        """End the gallery at its next part and wait for it (nothing it wrote is kept)."""
        self._stop.set()
        self._thread.join()


def start_early(database, out: Path) -> EarlyGallery | None:
    """The gallery of ``database`` started now (see :class:`EarlyGallery`), when one of its games
    is painted by workers (:func:`fuda.gallery.parallel.workers`); else None (the gallery step
    then runs in its turn)."""
    from fuda.gallery.images import entries
    from fuda.gallery.parallel import workers

    try:
        if not any(workers(len(entries(game))) for game in database.games):
            return None
    except Exception:  # a game whose faces cannot be listed: its gallery step reports it in its turn
        return None
    return EarlyGallery(database, out)


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
