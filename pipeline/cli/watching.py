"""``--watch`` for ``fuda build``, ``fuda print`` and ``fuda images``: the shared loop.

One line per run — on stdout what was made and how long it took, on stderr the first error
(located, in the user's language) and that the previous outputs were kept. Ctrl-C ends the loop
with exit 0 and no traceback. The library side is :mod:`fuda.watch`.
"""

from __future__ import annotations

import time
from pathlib import Path

import typer

from fuda.cli.common import err, note
from fuda.i18n import t


def watch_option(what: str):
    """The ``--watch`` option of a command; ``what`` is its help key."""
    return typer.Option("--watch", "-w", help=t(what))


def run_watch(paths, ignore, action, changes=None) -> None:
    """Run ``action`` now and after every save under ``paths`` (never for files under
    ``ignore``), printing one line per run, until Ctrl-C; then exit 0. ``changes`` replaces the
    file events (tests)."""
    from fuda.watch import file_changes, watch

    folders = [Path(p) for p in paths]
    note("watch.start", paths=", ".join(str(p) for p in folders))
    try:
        for run in watch(action, changes if changes is not None else file_changes(folders, ignore)):
            stamp = time.strftime("%H:%M:%S")
            if run.ok:
                what = ", ".join(run.what) if run.what else t("watch.reports")
                typer.echo(t("watch.done", time=stamp, what=what, seconds=run.seconds))
            else:
                err(t("watch.failed", time=stamp, error=run.error))
    except KeyboardInterrupt:
        err(t("watch.stopped"))
    raise typer.Exit(0)


def game_action(src, game_id: str, make):
    """A watched action for one game: load the database of ``src`` again, then ``make(game)``
    (which returns a :class:`~fuda.watch.Rebuild`) with faces reused from run to run."""
    from fuda.database.load import load_database
    from fuda.faces.reuse import Reuse, reusing
    from fuda.watch import forget_file_caches

    store = Reuse()

    def action(changed):
        forget_file_caches()
        game = load_database(src.paths).game(game_id)
        with reusing(store):
            return make(game)

    return action
