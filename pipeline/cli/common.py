"""What every ``fuda`` command shares: one-line errors, which database it reads, naming a game,
where outputs go.

- With no PATH a command reads the database found from the working folder upward
  (:mod:`fuda.database.discover`); the bundled sample only with ``--sample``. It says on stderr,
  in one line, what it read (``-q`` silences that).
- GAME is a game id within that database (or ``--path``) or the path of a game folder.
- Outputs go to the database's ``out/`` (a game's to ``out/<game folder>/``; see
  :mod:`fuda.database.discover`) unless ``-o`` says otherwise; ``--sample`` outside a database
  writes to ``./out/``. No command overwrites a file fuda did not write (:mod:`fuda.outputs`):
  :func:`guard_file` refuses one, ``--force`` (:data:`ForceFileOpt`) lets a single-file command
  overwrite the file it names.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import typer

from fuda.i18n import localize, t

# Notes and progress are the ``fuda`` front end's: its global options turn them on (unless
# ``-q``); apps that embed single commands (tests build small ones) stay quiet.
QUIET = {"on": True}


def quiet() -> bool:
    """Whether notes and progress are off (``-q/--quiet``, or not run through ``fuda``)."""
    return QUIET["on"]


def err(text: str) -> None:
    """Print one line to stderr."""
    typer.echo(text, err=True)


def note(key: str, **params) -> None:
    """A ``fuda: …`` line on stderr that ``--quiet`` silences."""
    if not quiet():
        err(f"fuda: {t(key, **params)}")


def fail(key: str, code: int = 2, **params) -> typer.Exit:
    """Print ``fuda: error: <message key>`` and return the exit to raise (2 = usage)."""
    return fail_text(t(key, **params), code)


def fail_text(message, code: int = 2) -> typer.Exit:
    """Print ``fuda: error: <text>`` (a library's message, on one line, in the user's language)
    and return the exit."""
    err(f"fuda: {t('word.error')}: {' '.join(localize(message).split())}")
    return typer.Exit(code)


@contextmanager
def failures(*usage: type[BaseException], failed: tuple[type[BaseException], ...] = (), path=None) -> Iterator[None]:
    """The commands' one error path around a library call: what goes wrong becomes what the user
    reads and the exit code, the same way in every command.

    - ``FindingsError``: each located finding on stderr, exit 1;
    - an exception of a ``usage`` type (a library's one-line refusal: a bad option, an unknown
      deck; a ``KeyError`` by its message): ``fuda: error: …``, exit 2, or exit 1 when it says it
      is not a usage error (``exc.usage`` false, as :class:`~fuda.online.udonarium_format.ExportError`);
    - an exception of a ``failed`` type (the data cannot be made into the output): one line, exit 1;
    - any other ``OSError`` (a file that cannot be read or written): one located line naming
      the file (``path`` when the error names none), exit 2.
    """
    from fuda.database.findings import FindingsError

    try:
        yield
    except FindingsError as exc:
        show_findings(exc.findings)
        raise typer.Exit(1) from None
    except usage as exc:
        raise fail_text(exc, 2 if getattr(exc, "usage", True) else 1) from None
    except failed as exc:
        raise fail_text(exc, 1) from None
    except OSError as exc:
        raise fail_os(exc, path) from None


def fail_os(exc: OSError, path) -> typer.Exit:
    """Print an operating system's refusal (a file that cannot be read or written) in plain
    words, naming ``path`` when the error does not, and return the exit (2)."""
    if getattr(exc, "filename", None) is None and path:
        exc.filename = str(path)
    return fail_text(exc)


def warn_text(message) -> None:
    """Print ``fuda: warning: <text>``."""
    err(f"fuda: {t('word.warning')}: {' '.join(localize(message).split())}")


def show_findings(findings) -> None:
    """Each finding as its located line on stderr."""
    for finding in findings:
        err(str(finding))


@dataclass(frozen=True)
class Source:
    """What a command reads: the paths to load, and the root they belong to (for ``out/``)."""

    paths: list[Path]
    root: object  # fuda.database.discover.Root | None

    def out(self, given: Path | None) -> Path:
        """``given``, or the root's output folder (``./out`` when there is no root)."""
        if given is not None:
            return Path(given)
        return self.root.out if self.root is not None else Path("out")


def source(paths=None, sample: bool = False, announce: bool = True) -> Source:
    """The database a command reads: ``paths``, the bundled sample, or the one found upward."""
    from fuda.database.discover import find_root, root_for
    from fuda.database.resources import cards_dir

    if sample:
        folder = cards_dir()
        if announce:
            note("found.sample", path=folder)
        # outputs in the output folder of the database the user is in, if any, else ./out
        # (a game's own output folder is its alone: the sample does not write there)
        found = find_root()
        return Source([folder], found if found is not None and found.kind == "database" else None)
    if paths:
        if announce:
            note("found.paths", path=", ".join(str(p) for p in paths))
        return Source([Path(p) for p in paths], root_for(paths))
    root = find_root()
    if root is None:
        raise fail("err.no_database", cwd=Path.cwd())
    if announce:
        note("found.game" if root.kind == "game" else "found.database", path=_shown(root.path))
    return Source([root.path], root)


def _shown(path: Path) -> str:
    from fuda.database.findings import display_path

    shown = display_path(path)
    return str(Path(path).absolute()) if shown in ("", ".") else shown


def load(src: Source):
    """Load the database of ``src`` through :func:`checked`; findings and bad paths become
    one-line errors and exits (1: the database has errors, each shown as its located line)."""
    from fuda.database.findings import FindingsError

    try:
        return checked(src.paths)
    except FileNotFoundError as exc:
        raise fail_text(exc) from None
    except FindingsError as exc:
        show_findings(exc.findings)
        raise typer.Exit(1) from None


def checked(paths, prh: bool = True):
    """The database at ``paths`` after the one validation (:func:`verdict`). The first time in a
    run its warnings are shown on stderr, one located line each (``-q`` keeps them: they are
    findings, not notes); they never change the exit code. Raises ``FindingsError`` with every
    finding (errors and warnings) when one is an error, ``FileNotFoundError`` for a path that
    holds no game. ``prh=False``: leave the prh dictionaries to the caller (``fuda lint`` reports
    them itself, with the rest of its report)."""
    from fuda.database.findings import FindingsError

    database, findings, first = _verdict(paths, prh=prh)
    if any(f.severity == "error" for f in findings):
        raise FindingsError(findings)
    if first:
        show_findings([f for f in findings if f.severity == "warning"])
    return database


def verdict(paths, keep: bool = True, prh: bool = True) -> tuple:
    """``(database, findings)``: :func:`fuda.database.load.validated` of ``paths``, asked once
    per run (a command that opens a game after finding which one asks twice; both get the one
    verdict). The caller shows the findings (``fuda validate`` prints them as its result);
    ``keep=False``: the same findings, the cards' data left as read (see ``validated``)."""
    database, findings, _ = _verdict(paths, keep, prh)
    return database, findings


def _verdict(paths, keep: bool = True, prh: bool = True) -> tuple:
    """(database, findings, whether this is the run's first ask for them). The findings include
    the game's prh dictionaries (declared files of the game, like its art: one that cannot be
    used is an error of every command, :func:`fuda.lint.rules.prh.dictionary_problems`)."""
    import click

    from fuda.database.load import validated

    ctx = click.get_current_context(silent=True)
    # kept in the invocation's context: a run sees one verdict, and the next run (tests invoke
    # the app many times in one process; watch loops reload through load_database) reads anew
    runs = ctx.meta.setdefault("fuda.verdicts", {}) if ctx is not None else {}
    key = (keep, prh, *(str(Path(p).resolve()) for p in paths))
    if key in runs:
        return (*runs[key], False)
    database, findings = validated(paths, keep=keep)
    if prh and not any(f.severity == "error" for f in findings):
        from fuda.lint.rules.prh import dictionary_problems

        findings = [*findings, *(f for game in database.games for f in dictionary_problems(game))]
    runs[key] = database, findings
    return database, findings, True


@contextmanager
def guard_file(target: Path, by: str, force: bool = False):
    """Around writing one output file: refuse (exit 2, one line) when ``target`` holds a file fuda
    did not write, unless ``force``; once written, list it in its folder's manifest."""
    from fuda.outputs import OutputError, claim, record

    try:
        claim(target, force)
    except OutputError as exc:
        raise fail_text(exc.args[0]) from None
    yield target
    if Path(target).is_file():
        record(target, by)


def looks_like_path(text: str) -> bool:
    """Whether GAME was written as a path (``.``, ``..``, or with a slash) rather than an id."""
    return text in (".", "..") or "/" in text or "\\" in text


def default_game(path=None, sample: bool = False, command: str = "") -> str:
    """GAME when none is given: the game folder the user stands in (or above), or the only game
    of the database found; otherwise a usage error naming the games to choose from."""
    from fuda.database.discover import find_root

    root = None if (path or sample) else find_root()
    if root is not None and root.kind == "game":
        return str(root.path)
    src = source(path, sample, announce=False)
    games = [g.id for g in load(src).games]
    if len(games) == 1:
        return games[0]
    raise fail("err.missing_game", command=command or "…") if not games else \
        fail_text(t("err.missing_game", command=command or "…") + " — " + ", ".join(games))


def open_game(game: str | None, path=None, sample: bool = False, command: str = ""):
    """(database, game, source) for GAME: a game folder's path, or an id in the found database;
    none: the game the user stands in (see :func:`default_game`)."""
    from fuda.database.discover import is_game

    if not game:
        game = default_game(path, sample, command)
    candidate = Path(game)
    if is_game(candidate) or looks_like_path(game):
        if not is_game(candidate):
            raise fail("err.not_a_game", path=game)
        src = source([candidate])
        database = load(src)
        return database, database.games[0], src
    src = source(path, sample)
    database = load(src)
    try:
        return database, database.game(game), src
    except KeyError:
        searched = ", ".join(_shown(p) for p in src.paths)
        games = ", ".join(g.id for g in database.games) or t("none")
        raise fail("err.unknown_game", game=game, searched=searched, games=games, command=command) from None


# Options every command shares.
SampleOpt = Annotated[bool, typer.Option("--sample", help=t("opt.sample"))]
PathOpt = Annotated[list[Path] | None, typer.Option("--path", help=t("opt.path"))]
PathsArg = Annotated[list[Path] | None, typer.Argument(metavar="PATH...", help=t("opt.paths"), show_default=False)]
GameArg = Annotated[str | None, typer.Argument(metavar="GAME", help=t("opt.game"), show_default=False)]
OutDirOpt = Annotated[Path | None, typer.Option("--out", "-o", help=t("opt.out_dir"), show_default=False)]
OutFileOpt = Annotated[Path | None, typer.Option("--out", "-o", help=t("opt.out_file"), show_default=False)]
ForceDirOpt = Annotated[bool, typer.Option("--force", help=t("opt.force_dir"))]
ForceFileOpt = Annotated[bool, typer.Option("--force", help=t("opt.force_file"))]
