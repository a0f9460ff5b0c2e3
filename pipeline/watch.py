"""The designer's loop: make the outputs again whenever a file of the game is saved (``--watch``).

:func:`watch` runs an action once, then again after each batch of changed files, and yields a
:class:`Rebuild` for each run: what was made, how long it took, or the first error in one line.
An action that fails leaves the previous good outputs in place (a build publishes nothing unless
every step succeeded; ``print`` and ``images`` write atomically). The batches come from
:func:`file_changes` (the ``watchfiles`` library: the operating system's file events, debounced,
so an editor's save-and-rename counts once); tests pass their own iterator instead.

:class:`BuildSession` is ``fuda build`` as such an action. It reuses what did not change, so a
rebuild after one card edit takes a fraction of a full build:

- a game none of whose files changed (same paths, sizes and modification times under its folder)
  gets its print sheets, online files and gallery back from memory, byte for byte as they were
  made, without laying out or painting anything; a change outside every game folder forgets them;
- within the game that changed, a face whose layout, art and fonts are the same is not painted or
  encoded again (:mod:`fuda.faces.reuse`); its PDF sheets are made whole;
- lint reuses an unchanged game's diagnostics; validation and the engine registries run on the
  whole database each time (cheap once warm; their reports cover every game).

Everything reused lives in this process's memory (nothing is written beside the user's files);
outputs are byte-identical to a full build from scratch.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from fuda.i18n import Text, localize

#: The files whose saving starts a rebuild: card and deck YAML, templates, lint dictionaries,
#: art, fonts and a database's fuda.toml. Not JSON (``fuda build`` itself writes a custom game's
#: cards.schema.json).
WATCHED = frozenset({".yaml", ".yml", ".toml", ".png", ".jpg", ".jpeg", ".webp", ".gif", ".bmp", ".tif", ".tiff",
                     ".ttf", ".otf", ".ttc"})

#: The steps that make each game's outputs on their own (the others report on the whole database).
PER_GAME = frozenset({"print", "online", "gallery"})

#: The most bytes of unchanged games' outputs a session keeps (a larger game is made again).
KEEP_BYTES = 512 * 1024 * 1024


@dataclass(frozen=True)
class Rebuild:
    """One run of a watched action: what it made, how long it took, the first error if any."""

    what: tuple[str, ...] = ()  # e.g. the games made again; empty when everything was reused
    error: str = ""  # one line, located where there is a location, in the user's language
    value: object = None  # the action's own result (a BuildResult …)
    seconds: float = 0.0
    changed: tuple[Path, ...] = ()  # the files whose change started it (empty: the first run)

    @property
    def ok(self) -> bool:
        """True when the action succeeded (its outputs are in place)."""
        return not self.error


def wanted(path: Path, ignore: Iterable[Path] = ()) -> bool:
    """Whether saving ``path`` should start a rebuild: a watched kind of file, not hidden (an
    editor's swap file, a staging folder), not a backup (``~``), and not under ``ignore``
    (the output folder, whose own writes must not start the next build)."""
    path = Path(path).absolute()
    if path.suffix.lower() not in WATCHED or path.name.endswith("~"):
        return False
    if any(part.startswith(".") and part not in (".", "..") for part in path.parts):
        return False
    return not any(path.is_relative_to(Path(folder).absolute()) for folder in ignore)


def file_changes(paths, ignore: Iterable[Path] = (), *, stop=None) -> Iterator[frozenset[Path]]:
    """Batches of saved files under ``paths`` (see :func:`wanted`), as the operating system
    reports them, starting with an empty batch once the watcher is watching (a file saved while
    the first build runs is then not missed); ends when ``stop`` (a ``threading.Event``) is set.
    Ctrl-C raises KeyboardInterrupt."""
    import watchfiles

    ignore = tuple(Path(p).absolute() for p in ignore)
    folders = [str(Path(p).absolute()) for p in paths]
    for batch in watchfiles.watch(*folders, watch_filter=lambda _change, p: wanted(Path(p), ignore),
                                  stop_event=stop, rust_timeout=300, yield_on_timeout=True):
        yield frozenset(Path(p) for _, p in batch)  # empty on a timeout: nothing was saved


def watch(action: Callable[[frozenset[Path] | None], Rebuild], changes: Iterable[frozenset[Path]]) -> Iterator[Rebuild]:
    """Run ``action(None)`` when ``changes`` gives its first batch (the watcher is watching),
    then ``action(changed)`` for each batch that holds files; yield each run's :class:`Rebuild`,
    timed. A failing action is reported in its Rebuild (:func:`first_error`) and the loop goes
    on; only KeyboardInterrupt ends it early."""
    first = True
    for changed in changes:
        if first:
            first = False
            yield attempt(action, None)
        elif changed:
            yield attempt(action, frozenset(changed))


def attempt(action, changed: frozenset[Path] | None) -> Rebuild:
    """One timed run of ``action``; an exception becomes the Rebuild's error."""
    start = time.perf_counter()
    try:
        done = action(changed)
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        done = Rebuild(error=first_error(exc))
    shown = tuple(sorted(changed or (), key=str))
    return replace(done, seconds=time.perf_counter() - start, changed=shown)


def first_error(exc: BaseException) -> str:
    """The first thing wrong, in one line: a located finding's own line, else ``fuda: error:``
    and fuda's message in the user's language, or (a bug) the exception's type and text."""
    from fuda.database.findings import FindingsError

    if isinstance(exc, FindingsError):
        errors = [f for f in exc.findings if f.severity == "error"] or list(exc.findings)
        return _line(str(errors[0])) if errors else _line(type(exc).__name__)
    if exc.args and isinstance(exc.args[0], Text):
        return _error(localize(exc.args[0]))
    if isinstance(exc, OSError) and exc.errno is not None:
        return _error(localize(Text("build.step_error", error=exc)))
    return _error(f"{type(exc).__name__}: {exc}")


def _line(text: str) -> str:
    return " ".join(str(text).split())


def _error(text: str) -> str:
    """An error without a finding's own form: ``fuda: error: <text>``, in one line."""
    from fuda.i18n import t

    return _line(f"fuda: {t('word.error')}: {text}")


def forget_file_caches() -> None:
    """Drop what this process remembers of files by their path alone (a long-lived ``--watch``
    process must read a saved file again): lint's source lines, the PDF painter's image sizes."""
    from fuda.faces import paint_pdf
    from fuda.lint import source

    source.raw_lines.cache_clear()
    source.scalar_map.cache_clear()
    paint_pdf.image_size.cache_clear()


@dataclass(frozen=True)
class _Kept:
    """One game's outputs of one step, as made: files (relative to the output folder) and warnings."""

    stamp: tuple
    files: tuple[tuple[Path, bytes], ...]
    findings: tuple
    size: int


class BuildSession:
    """``fuda build`` of ``paths`` into ``out`` as a watched action (see the module docstring);
    ``progress`` and ``force`` are passed to :func:`fuda.build.build`."""

    def __init__(self, paths, out: Path, progress=None, *, force: bool = False, keep_bytes: int = KEEP_BYTES):
        from fuda.faces.reuse import Reuse

        self.paths, self.out, self.progress, self.force = paths, Path(out), progress, force
        self.keep_bytes = keep_bytes
        self.reuse = Reuse()
        self.kept: dict[tuple[str, str], _Kept] = {}
        self.linted: dict[str, tuple] = {}  # game id -> (stamp, its lint diagnostics)
        self.made: set[str] = set()
        self.stamps: dict = {}  # game folder -> its stamp, during one build

    def __call__(self, changed: frozenset[Path] | None) -> Rebuild:
        """Build once; ``changed`` (None: everything may have) decides what is forgotten."""
        from fuda.build import build, steps
        from fuda.database.load import find_games
        from fuda.faces.reuse import reusing

        forget_file_caches()
        folders = {Path(f) for f in self.stamps}  # the game folders of the build before
        if changed is None or any(not any(Path(os.path.realpath(p)).is_relative_to(f) for f in folders) for p in changed):
            self.kept.clear()  # a file outside every game folder (a shared font, a new game): make all again
            self.linted.clear()
        self.made, self.stamps = set(), {}
        with contextlib.suppress(OSError):  # stamped before the build reads: a save while it runs is seen next time
            self.stamps = {os.path.realpath(f): _stamp(f, self.out) for f in find_games(self.paths)}
        wrapped = [(name, self._per_game(name, step) if name in PER_GAME else self._lint if name == "lint" else step)
                   for name, step in steps()]
        with reusing(self.reuse):
            result = build(self.paths, self.out, self.progress, force=self.force, with_steps=wrapped)
        if not result.ok:
            return Rebuild(error=_first_failure(result), value=result)
        return Rebuild(what=tuple(sorted(self.made)), value=result)

    def _per_game(self, name: str, step):
        def run(database, out: Path):
            files: list[Path] = []
            warnings: dict = {}
            for game in database.games:
                stamp = self._stamp(game)
                kept = self.kept.get((name, game.id))
                if kept is not None and kept.stamp == stamp:
                    from fuda.atomic import write_atomic

                    for rel, data in kept.files:
                        write_atomic(Path(out) / rel, data)
                else:
                    kept = self._make(name, step, replace(database, games=(game,)), Path(out), stamp)
                    self.made.add(game.id)
                files.extend(Path(out) / rel for rel, _ in kept.files)
                warnings.update((str(f), f) for f in kept.findings if str(f) not in warnings)
            return files, list(warnings.values())

        return run

    def _stamp(self, game) -> tuple:
        """The game's stamp (:func:`_stamp`), taken before the build read its files."""
        folder = os.path.realpath(game.folder)
        if folder not in self.stamps:  # not found beforehand: made again, never reused on this stamp
            self.stamps[folder] = (folder, ("taken late", time.perf_counter()))
        return self.stamps[folder]

    def _lint(self, database, out: Path) -> list[Path]:
        """:func:`fuda.build.lint_step`, with an unchanged game's diagnostics reused: a database's
        diagnostics are its games', each linted alone, in one sorted list (see
        :func:`fuda.lint.engine.lint`). tests/test_watch.py checks the reports equal a full build's."""
        from fuda.build import write_lint_report
        from fuda.lint.engine import lint

        diagnostics = []
        for game in database.games:
            stamp = self._stamp(game)
            kept = self.linted.get(game.id)
            if kept is None or kept[0] != stamp:
                kept = self.linted[game.id] = (stamp, tuple(lint(replace(database, games=(game,)))))
            diagnostics.extend(kept[1])
        diagnostics.sort(key=lambda d: d.sort_key())
        return write_lint_report(diagnostics, out)

    def _make(self, name: str, step, database, out: Path, stamp: tuple) -> _Kept:
        made = step(database, out)
        written, found = made if isinstance(made, tuple) else (made, [])
        files = tuple((Path(p).relative_to(out), Path(p).read_bytes()) for p in written)
        kept = _Kept(stamp, files, tuple(found), sum(len(data) for _, data in files))
        key = (name, database.games[0].id)
        self.kept.pop(key, None)
        if sum(k.size for k in self.kept.values()) + kept.size <= self.keep_bytes:
            self.kept[key] = kept
        return kept


def _stamp(folder, out: Path) -> tuple:
    """A game ``folder`` and the path, size and modification time of every file under it (not in
    hidden folders, nor in the output folder ``out``): the same stamp, the same outputs."""
    folder = os.path.realpath(folder)
    skip = os.path.realpath(out)
    files = []
    for top, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and os.path.join(top, d) != skip)
        for name in sorted(names):
            if name.startswith("."):
                continue
            info = os.stat(os.path.join(top, name))
            files.append((os.path.relpath(os.path.join(top, name), folder), info.st_size, info.st_mtime_ns))
    return (folder, tuple(files))


def _first_failure(result) -> str:
    """A failed build's first error in one line: its first error finding, else its first failed step."""
    errors = [f for f in result.findings if f.severity == "error"]
    if errors:
        return _line(str(errors[0]))
    name, message = result.failures[0]
    from fuda.i18n import MESSAGES, t

    step = t(f"stage.build.{name}") if f"stage.build.{name}" in MESSAGES else name
    return _error(t("build.step_failed", name=step, message=localize(message)))
