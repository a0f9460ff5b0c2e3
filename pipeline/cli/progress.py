"""Progress of the commands that can take a while (validate, lint, build, print, export, simulate).

On a terminal: a live line per stage with its counts, elapsed time and the time left (ETA).
Piped or redirected: one plain line per finished stage with its time, so logs stay readable.
``-q`` shows nothing. Everything goes to stderr; stdout stays the command's result.
"""

from __future__ import annotations

import contextlib
import sys
import time

from fuda.cli.common import err, quiet
from fuda.i18n import t


class Progress:
    """Stages of one command; use ``with progress.stage("stage.load", total=n) as advance:``."""

    def __init__(self, stream=None):
        self.stream = stream or sys.stderr
        self.live = not quiet() and self.stream.isatty()
        self.silent = quiet()

    @contextlib.contextmanager
    def stage(self, key: str, total: int | None = None, label: str | None = None, counted: bool = False):
        """Time one stage; yields ``advance(n=1, text=None)`` for counted work (``counted`` or a
        ``total``), whose ``advance.to(done, total)`` suits a library reporting its own counts."""
        name = label or t(key)
        start = time.perf_counter()
        done = [0]
        if self.live:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import (
                Progress as Bar,
            )

            columns = [SpinnerColumn(), TextColumn("{task.description}")]
            if total or counted:
                columns += [BarColumn(), MofNCompleteColumn(), TimeRemainingColumn()]
            columns.append(TimeElapsedColumn())
            with Bar(*columns, transient=True, console=_console(self.stream)) as bar:
                task = bar.add_task(name, total=total)

                def advance(n: int = 1, text: str | None = None, total: int | None = None) -> None:
                    done[0] += n
                    bar.update(task, advance=n, description=f"{name}: {text}" if text else name,
                               **({"total": total} if total else {}))

                advance.to = lambda now, total=None: advance(now - done[0], total=total)
                yield advance
        else:
            def advance(n: int = 1, text: str | None = None, total: int | None = None) -> None:
                done[0] += n

            advance.to = lambda now, total=None: advance(now - done[0], total=total)
            yield advance
        if not self.silent:
            seconds = time.perf_counter() - start
            if total or counted:
                err(f"fuda: {t('progress.stage_count', stage=name, count=done[0], seconds=seconds)}")
            else:
                err(f"fuda: {t('progress.stage_done', stage=name, seconds=seconds)}")


def _console(stream):
    from rich.console import Console

    return Console(file=stream)


class Steps:
    """For a library that announces its steps by name: each step is timed as one stage.

    ``with Steps(progress) as step: library(..., progress=step)``; the last step ends on exit.
    A library that also counts its items reports them with ``step.to(done, total)``.
    """

    def __init__(self, progress: Progress):
        self.progress = progress
        self.current = self.advance = None

    def __call__(self, name: str, counted: bool = False) -> None:
        """Start the step ``name`` (ending the one before); a ``counted`` step shows the counts
        and the time left that :meth:`to` reports."""
        self._close()
        self.current = self.progress.stage("", label=name, counted=counted)
        self.advance = self.current.__enter__()

    def to(self, done: int, total: int) -> None:
        """``done`` of ``total`` items of the current step are finished."""
        if self.advance is not None:
            self.advance.to(done, total)

    def _close(self) -> None:
        if self.current is not None:
            current, self.current, self.advance = self.current, None, None
            current.__exit__(None, None, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self._close()
