"""A big game's gallery painted by two processes: the same files, byte for byte, in about half the time.

Painting and encoding a face (and its contact-sheet thumbnail) is pure CPU work on one card, so
a game of many cards is cut into parts of one contact sheet each (``columns × rows`` cards, with
the own backs that come between them). A :class:`Painter` forks one worker process, which
starts with the database already loaded; the worker and this process each take the next part
no one has taken, paint it and write its files (faces and contact sheet) themselves, so neither
waits on the other and no painted part is held in memory. What comes back is small: each
face's pixel size, the layout warnings, the sheet's name, the findings that stopped a part.

``fuda build`` makes its painter after its first step, print (:func:`fuda.gallery.painting_ahead`,
:data:`fuda.build.PAINT_AFTER`): the worker paints while this process lints and exports on the
other core; at the gallery step a fresh worker takes its place and this process joins it.

Files, names and warnings are those one process writes; a face that does not fit stops the run
with the findings of the first part (in card order) that has one, after the files before it,
and at most one part after it that the other process had started.
One worker rather than two beside an idle caller: each worker holds some 60 MB of its own (its
painting caches, the pages of the build it touches).

Used only where it pays: a game of at least :data:`MIN_FACES` faces (starting a process costs
~0.1 s, more than a small game's whole gallery), on a machine with two cores or more for this
process, where ``fork`` exists, and outside a ``--watch`` session (whose store of painted faces
lives in this process).
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import multiprocessing
import os
import signal
from dataclasses import dataclass
from multiprocessing.connection import wait
from pathlib import Path

from fuda.atomic import defer, write_atomic
from fuda.database.findings import Finding, FindingsError
from fuda.i18n import Text

#: The fewest faces of a game painted by two processes (the sample games have under 100).
MIN_FACES = 500
#: Processes painting at most, this one included (the machine the goal was set for has two cores).
MAX_WORKERS = 2
#: Blocks this large or larger are mapped on their own and unmapped when freed (glibc ``mallopt``).
MMAP_THRESHOLD = 4 * 1024 * 1024
_M_MMAP_THRESHOLD = -3  # glibc's malloc.h


@dataclass(frozen=True)
class Part:
    """What a process made of one part: the pixel size of each face it wrote, in order, the
    layout warnings, the contact sheet's file name (None: no sheet), and the findings that
    stopped it (a face that does not fit: the faces before it are written)."""

    sizes: tuple[tuple[int, int], ...]
    warnings: tuple[Finding, ...]
    sheet: str | None
    errors: tuple[Finding, ...] = ()


@dataclass(frozen=True)
class Job:
    """One game's gallery cut into parts: the faces (``chosen``, entries of
    :func:`~fuda.gallery.images.entries`), the folder they go to, their resolution and format,
    the contact sheets' title (None: no sheets), cards and card height, each part's indexes into
    ``chosen`` and the cards shown before it."""

    game: object
    chosen: list
    out: Path
    dpi: float
    fmt: str
    title: str | None
    total: int
    card_h: int | None
    spans: tuple[range, ...]
    firsts: tuple[int, ...]

    def files(self, k: int, part: Part) -> list[Path]:
        """The files ``part`` (part ``k``) wrote: its faces, then its sheet."""
        span = self.spans[k]
        faces = [self.out / f"{self.chosen[i].stem}.{self.fmt}" for i in span[:len(part.sizes)]]
        return faces + ([self.out / part.sheet] if part.sheet else [])


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


def job(game, chosen: list, out: Path, *, dpi: float, fmt: str, title: str | None) -> Job:
    """The :class:`Job` of painting ``chosen`` (faces of ``game``) into ``out``."""
    from fuda.gallery.contact import ContactSheets

    spans = parts(chosen, ContactSheets("", 1, None).per)
    firsts, shown = [], 0
    for span in spans:
        firsts.append(shown)
        shown += sum(chosen[i].side != "back" for i in span)
    return Job(game, chosen, Path(out), dpi, fmt, title, shown, _card_height(game, chosen, dpi),
               tuple(spans), tuple(firsts))


class Painter:
    """The parts of ``jobs`` painted by this process and one forked worker, each taking the next
    part not taken: the worker from the moment the painter is made, this process in
    :meth:`finish`. Use it as a context manager: leaving it stops a worker still painting."""

    def __init__(self, jobs: list[Job]):
        ctx = multiprocessing.get_context("fork")
        self.jobs = jobs
        self.tasks = [(j, k) for j, one in enumerate(jobs) for k in range(len(one.spans))]
        self._ctx = ctx
        self._lock = ctx.Lock()
        # the next part to take, the parts that may be taken (those before the first that
        # stopped), the faces written by both processes, and 1 while the worker is to stop
        self._state = ctx.RawArray("q", [0, len(self.tasks), 0, 0])
        _images_outside_heap()
        self._worker = self._results = None
        self._fork()

    def __enter__(self) -> Painter:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Stop the worker if it still paints (a step failed, Ctrl-C) and wait for it to end."""
        if self._worker is not None:
            if self._worker.is_alive():
                self._worker.terminate()
            self._worker.join()
            self._results.close()
            self._worker = None
        gc.unfreeze()

    def finish(self, progress=None, *, fresh: bool = False) -> list[list[tuple[range, Part]]]:
        """Paint the parts left together with the worker and return every job's parts in order,
        ``(indexes into chosen, Part)``, up to the first that stopped (later ones left out).
        ``progress(faces)`` is called after each part this process paints, with the faces both
        processes wrote, and once the worker is done. The worker's files join the build's
        deferred flush (:func:`~fuda.atomic.defer`).

        ``fresh``: first put a new worker in the place of the one painting (which ends after its
        part, while this process paints one). A worker forked before ``fuda build``'s later
        steps holds the database's pages as they were then, which those steps have since copied
        in this process by reading them: a new worker shares this process's pages as they are
        now (measured at 10,000 cards, with the worker forked before lint: the gallery's peak
        fell from ~255 to ~210 MB)."""
        made: dict[int, Part] = {}
        if fresh and self._left():
            self._state[3] = 1
            made.update(self._paint_all(progress, most=1))
            made.update(self._collect(progress))
            self._state[3] = 0
            if self._left():
                self._fork()
        made.update(self._paint_all(progress))
        made.update(self._collect(progress))
        stop = min((t for t, part in made.items() if part.errors), default=len(self.tasks) - 1)
        out: list[list[tuple[range, Part]]] = [[] for _ in self.jobs]
        for t in range(stop + 1):
            j, k = self.tasks[t]
            out[j].append((self.jobs[j].spans[k], made[t]))
        return out

    def _left(self) -> bool:
        return self._state[0] < self._state[1]

    def _fork(self) -> None:
        """Start a worker taking parts. The objects of this process are left out of its garbage
        collection (a collection touching each of them would copy every page of the database
        into it), and the free pages of this process's heap go back to the system first (they
        would be shared, and counted, with it)."""
        gc.collect()
        gc.freeze()
        _return_free_memory()
        self._results, theirs = self._ctx.Pipe(duplex=False)
        self._worker = self._ctx.Process(target=self._work, args=(theirs,), daemon=True)
        self._worker.start()
        theirs.close()

    def _collect(self, progress) -> dict[int, Part]:
        """Wait for the worker's answer: the parts it painted (what it raised is raised here)."""
        worker, results = self._worker, self._results
        if worker is None:
            return {}
        ready = wait([results, worker.sentinel])
        if results not in ready:  # killed (out of memory?) before it could answer
            worker.join()
            raise RuntimeError(Text("gallery.worker_died", code=worker.exitcode))
        status, theirs = results.recv()
        worker.join()
        results.close()
        self._worker = self._results = None
        if status != "ok":
            raise theirs
        defer([path for task, part in theirs.items() for path in self.jobs[self.tasks[task][0]].files(self.tasks[task][1], part)])
        if progress is not None and theirs:  # the worker's last parts, written while this process waited
            progress(self._state[2])
        return theirs

    def _work(self, results) -> None:
        """The worker: paint parts until none is left, then send what it made (or what it raised)."""
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the build's, which stops the worker
        try:
            answer = ("ok", self._paint_all(None, worker=True))
        except BaseException as exc:
            answer = ("raised", exc)
        try:
            results.send(answer)
        except Exception as exc:  # an exception that does not pickle
            results.send(("raised", RuntimeError(f"{type(exc).__name__}: {answer[1]}")))

    def _paint_all(self, progress, *, worker: bool = False, most: int | None = None) -> dict[int, Part]:
        """Take and paint parts until none is left (or ``most``); returns them by task number. A
        ``worker`` stops too when it is told to."""
        made: dict[int, Part] = {}
        while (most is None or len(made) < most) and (task := self._take(worker)) is not None:
            j, k = self.tasks[task]
            part = paint_part(self.jobs[j], k)
            made[task] = part
            with self._lock:
                if part.errors:
                    self._state[1] = min(self._state[1], task)
                self._state[2] += len(part.sizes)
                done = self._state[2]
            if progress is not None:
                progress(done)
        return made

    def _take(self, worker: bool) -> int | None:
        with self._lock:
            task, end = self._state[0], self._state[1]
            if task >= end or (worker and self._state[3]):
                return None
            self._state[0] = task + 1
            return task


def paint_part(job: Job, k: int) -> Part:
    """Paint, encode and write the faces of ``job``'s part ``k`` and its contact sheet."""
    from fuda.faces.fonts import game_fonts
    from fuda.gallery.contact import ContactSheets
    from fuda.gallery.images import encode, face_of, paint, pixel_size

    fonts = game_fonts(job.game)
    sheets = None
    if job.title is not None:
        sheets = ContactSheets(job.title, job.total, fonts, job.out, start=job.firsts[k], card_h=job.card_h)
    sizes: list[tuple[int, int]] = []
    warnings: list[Finding] = []
    for entry in job.chosen[job.spans[k].start:job.spans[k].stop]:
        try:
            face = face_of(job.game, entry, fonts, warnings)
        except FindingsError as exc:
            return Part(tuple(sizes), tuple(warnings), None, tuple(exc.findings))
        image = paint(face, job.dpi, fonts)
        write_atomic(job.out / f"{entry.stem}.{job.fmt}", encode(image, job.fmt, job.dpi))
        sizes.append(pixel_size(face, job.dpi))
        if sheets is not None and entry.side != "back":
            sheets.add(entry.card.name, image)
    sheet = sheets.close() if sheets is not None else []
    return Part(tuple(sizes), tuple(warnings), sheet[0].name if sheet else None)


def _images_outside_heap() -> None:
    """Let the memory of a big painted image go back to the system when the image is freed, in
    this process and the worker it forks. glibc raises its mapping threshold past a block as big
    as a contact sheet's once one is freed, and the next ones then come from the heap, which
    keeps their pages after they are freed. A fixed threshold keeps them mapped: a 2,000-card
    build's peak fell from ~194 to ~177 MB PSS, its CPU time the same (23 s; a lower threshold
    saved a few MB more for ~1 s more CPU); at 10,000 cards no change was measured (261-272 MB
    either way). The setting stays for the rest of the run. Nothing is done where there is no
    glibc (the same files either way)."""
    _glibc("mallopt", _M_MMAP_THRESHOLD, MMAP_THRESHOLD)


def _return_free_memory() -> None:
    """Give the pages glibc's heap holds free back to the system before the worker forks (glibc
    ``malloc_trim``): what the build's earlier steps freed would otherwise stay in this process
    and be shared, and counted, with the worker. Nothing is done where there is no glibc."""
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
