"""A big game's gallery painted by two processes: the same files, byte for byte, in half the time.

Painting and encoding a face (and its contact-sheet thumbnail) is pure CPU work on one card, so
a game of many cards is cut into parts of one contact sheet each (``columns × rows`` cards, with
the own backs that come between them); this process paints every other part and a worker
process — forked, so it starts with the database already loaded — the parts between. A part
comes back as bytes: every face's image and its contact sheet, encoded exactly as
:func:`~fuda.gallery.make_images` would. This process writes them in card order, so the files,
their names, the warnings and a failure (a face that does not fit stops the run after the faces
before it) are those of one process. One worker rather than two beside an idle caller: each
worker holds some 60 MB of its own (its painting caches, the pages of the build it touches).

Used only where it pays: a game of at least :data:`MIN_FACES` faces (starting two processes
costs ~0.1 s, more than a small game's whole gallery), on a machine with two cores or more
for this process, where ``fork`` exists, and outside a ``--watch`` session (whose store of
painted faces lives in this process).
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import signal
from dataclasses import dataclass

from fuda.database.findings import Finding, FindingsError

#: The fewest faces of a game painted by a pool (the sample games have under 100).
MIN_FACES = 500
#: Processes painting at most, this one included (the machine the goal was set for has two cores).
MAX_WORKERS = 2
#: Parts a worker paints before a fresh one is forked in its place: a worker's memory grows with
#: the pages of the build it touches (the cards it reads are copied into it) and its caches.
TASKS_PER_WORKER = 8
#: Blocks this large or larger are mapped on their own and unmapped when freed (glibc ``mallopt``).
MMAP_THRESHOLD = 4 * 1024 * 1024
_M_MMAP_THRESHOLD = -3  # glibc's malloc.h


@dataclass(frozen=True)
class Part:
    """What a worker made of one part: ``(data, pixel size)`` for each face painted, the layout
    warnings, the contact sheet (file name, bytes) when the part has one, and the findings that
    stopped it (a face that does not fit: the faces before it are in ``faces``)."""

    faces: tuple[tuple[bytes, tuple[int, int]], ...]
    warnings: tuple[Finding, ...]
    sheet: tuple[str, bytes] | None
    errors: tuple[Finding, ...] = ()


def workers(n_faces: int) -> int:
    """How many processes paint a game of ``n_faces`` faces: 0 (this one alone) or 2."""
    from fuda.faces.reuse import active

    if n_faces < MIN_FACES or active() is not None or "fork" not in multiprocessing.get_all_start_methods():
        return 0
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return min(MAX_WORKERS, cores) if cores >= 2 else 0


def parts(chosen: list, per: int) -> list[range]:
    """``chosen``'s indexes in parts of ``per`` contact-sheet cards (every side but a ``back``):
    each part one sheet, an own back with the part of the card before it."""
    out: list[range] = []
    start = shown = 0
    for i, entry in enumerate(chosen):
        if entry.side != "back":
            if shown and shown % per == 0:
                out.append(range(start, i))
                start = i
            shown += 1
    if start < len(chosen):
        out.append(range(start, len(chosen)))
    return out


# What the workers paint, set before the pool forks (a forked worker finds it here).
_JOB: list = [None]


@dataclass(frozen=True)
class _Job:
    game: object
    chosen: list
    dpi: float
    fmt: str
    title: str | None  # None: no contact sheets
    total: int
    card_h: int | None
    firsts: dict  # part start -> cards shown before it


def paint_parts(game, chosen: list, *, dpi: float, fmt: str, title: str | None, total: int, count: int):
    """Yield, in order, ``(indexes, Part)`` for every part of ``chosen`` painted by ``count``
    processes: this one (parts 0, count, 2 × count …) and ``count - 1`` workers (the others,
    each queued at most two rounds ahead, so finished parts never pile up in memory). ``title``
    and ``total`` are the contact sheets' (None: no sheets)."""
    from fuda.gallery.contact import ContactSheets

    per = ContactSheets("", 1, None).per
    spans = parts(chosen, per)
    firsts, shown = {}, 0
    for span in spans:
        firsts[span.start] = shown
        shown += sum(chosen[i].side != "back" for i in span)
    _JOB[0] = _Job(game, chosen, dpi, fmt, title, total, _card_height(game, chosen, dpi), firsts)
    # The objects of this process are left out of the workers' garbage collection: a collection
    # touching each of them would copy every page of the database into each worker.
    gc.collect()
    gc.freeze()
    _images_outside_heap()
    _return_free_memory()
    try:
        with multiprocessing.get_context("fork").Pool(count - 1, _quiet_worker, maxtasksperchild=TASKS_PER_WORKER) as pool:
            queued: dict = {}
            for k, span in enumerate(spans):
                for ahead in range(k, min(len(spans), k + 2 * count)):
                    if ahead % count and ahead not in queued:
                        queued[ahead] = pool.apply_async(_paint_part, ((spans[ahead].start, spans[ahead].stop),))
                yield span, (queued.pop(k).get() if k % count else _paint_part((span.start, span.stop)))
    finally:
        gc.unfreeze()
        _JOB[0] = None


def _quiet_worker() -> None:
    """A worker leaves Ctrl-C to the build (which stops the pool): no traceback of its own. What
    it inherited is left out of its garbage collection (as :func:`paint_parts` leaves it out
    before forking): a worker forked in place of one that finished its parts would otherwise
    copy the pages of what this process made since when it collects."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()


def _images_outside_heap() -> None:
    """Let the memory of a big painted image go back to the system when the image is freed, in
    this process and the workers it forks. glibc raises its mapping threshold past a block as big
    as a contact sheet's once one is freed, and the next ones then come from the heap, which
    keeps their pages after they are freed. A fixed threshold keeps them mapped: a 2,000-card
    build's peak fell from ~194 to ~177 MB PSS, its CPU time the same (23 s; a lower threshold
    saved a few MB more for ~1 s more CPU); at 10,000 cards no change was measured (261-272 MB
    either way). The setting stays for the rest of the run. Nothing is done where there is no
    glibc (the same files either way)."""
    _glibc("mallopt", _M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def _return_free_memory() -> None:
    """Give the pages glibc's heap holds free back to the system before the workers fork (glibc
    ``malloc_trim``): what the build's earlier steps freed (a 10,000-card print step leaves ~40 MB
    of free heap among the pages it still uses) would otherwise stay in this process and be
    shared, and counted, with each worker. Nothing is done where there is no glibc."""
    _glibc("malloc_trim", 0)


def _glibc(function: str, *args: int) -> None:
    """Call glibc's ``function`` (its allocator's tuning); nothing where there is no glibc."""
    with contextlib.suppress(OSError, AttributeError):  # no C library to load, or not glibc's
        getattr(ctypes.CDLL(None), function)(*args)


def _card_height(game, chosen: list, dpi: float) -> int | None:
    """The contact sheets' card height, from the first card shown (as :class:`~fuda.gallery.contact.ContactSheets` takes it)."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.contact import ContactSheets
    from fuda.gallery.images import face_of, pixel_size

    first = next((e for e in chosen if e.side != "back"), None)
    if first is None:
        return None
    try:
        width, height = pixel_size(face_of(game, first, game_fonts(game), []), dpi)
    except FindingsError:
        return None  # the part that holds it stops there, before any sheet
    return round(ContactSheets("", 1, None).cell_w * height / width)


def _paint_part(bounds: tuple[int, int]) -> Part:
    """In a worker or this process: paint, encode and lay on a contact sheet the faces ``chosen[a:b]``."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.contact import ContactSheets, encode_sheet
    from fuda.gallery.images import encode, face_of, paint, pixel_size

    job: _Job = _JOB[0]
    a, b = bounds
    fonts = game_fonts(job.game)
    sheets = None
    if job.title is not None:
        sheets = ContactSheets(job.title, job.total, fonts, start=job.firsts[a], card_h=job.card_h)
    faces, warnings = [], []
    for entry in job.chosen[a:b]:
        try:
            face = face_of(job.game, entry, fonts, warnings)
        except FindingsError as exc:
            return Part(tuple(faces), tuple(warnings), None, tuple(exc.findings))
        image = paint(face, job.dpi, fonts)
        faces.append((encode(image, job.fmt, job.dpi), pixel_size(face, job.dpi)))
        if sheets is not None and entry.side != "back":
            sheets.add(entry.card.name, image)
    sheet = None
    if sheets is not None and sheets.images:
        sheet = (sheets._name(), encode_sheet(sheets.images[0]))
    return Part(tuple(faces), tuple(warnings), sheet)

