"""``fuda validate``, ``fuda list`` and ``fuda build``: the database as a whole."""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from fuda.cli.common import ForceDirOpt, OutDirOpt, PathsArg, SampleOpt, err, failures, load, open_game, show_findings, source
from fuda.cli.progress import Progress, Steps
from fuda.cli.watching import run_watch, watch_option
from fuda.i18n import MESSAGES, localize, t


class Format(StrEnum):
    text = "text"
    json = "json"


FormatOpt = Annotated[Format, typer.Option("--format", help=t("opt.format"))]


def emit_findings(findings, fmt: Format) -> None:
    """Print findings one per line (text) or as one JSON document, with a summary."""
    from fuda.database.findings import report

    errors = sum(f.severity == "error" for f in findings)
    warnings = sum(f.severity == "warning" for f in findings)
    if fmt is Format.json:
        typer.echo(json.dumps(report(findings), ensure_ascii=False, indent=2))
        return
    for finding in findings:
        typer.echo(str(finding))
        for line in finding.excerpt():
            typer.echo(line)
    err(t("finding.summary", errors=errors, warnings=warnings))


def validate(
    paths: PathsArg = None,
    sample: SampleOpt = False,
    fmt: FormatOpt = Format.text,
    strict: Annotated[bool, typer.Option("--strict", help=t("opt.validate.strict"))] = False,
) -> None:
    """Validate card databases: schemas, references, art files and deck construction."""
    from fuda.cli.common import verdict

    src = source(paths, sample)
    with Progress().stage("stage.load"):
        with failures():  # a path that holds no game: one line, exit 2
            database, findings = verdict(src.paths, keep=strict)  # the one validation every command runs
        if strict and not any(f.severity == "error" for f in findings):
            from fuda.faces.layout import art_findings

            findings = list(findings) + art_findings(database)
    emit_findings(findings, fmt)
    if any(f.severity == "error" or (strict and f.severity == "warning") for f in findings):
        raise typer.Exit(1)


def list_cards(
    game: Annotated[str | None, typer.Argument(metavar="GAME", help=t("opt.game"), show_default=False)] = None,
    decks: Annotated[bool, typer.Option("--decks", help=t("opt.list.decks"))] = False,
    path: Annotated[list[Path] | None, typer.Option("--path", help=t("opt.path"))] = None,
    sample: SampleOpt = False,
    fmt: FormatOpt = Format.text,
) -> None:
    """List the cards (or decks) of every game, or of one game, as a table."""
    from fuda.cli.listing import card_rows, deck_rows

    games = [open_game(game, path, sample, "list")[1]] if game else list(load(source(path, sample)).games)
    rows = deck_rows(games) if decks else card_rows(games)
    if fmt is Format.json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    columns = ("game", "id", "name", "cards") if decks else ("game", "id", "kind", "name", "stats")
    table = Table(show_lines=False)
    for column in columns:
        table.add_column(t(f"list.col.{column}"))
    for row in rows:
        table.add_row(*(str(row["kind_label" if c == "kind" else c]) for c in columns))
    Console(width=max(120, Console().width)).print(table)


def build(paths: PathsArg = None, out: OutDirOpt = None, sample: SampleOpt = False, fmt: FormatOpt = Format.text,
          force: ForceDirOpt = False,
          watch: Annotated[bool, watch_option("opt.build.watch")] = False) -> None:
    """Build every output for a whole database: reports, PDFs, exports, registries."""
    from fuda.build import build as run
    from fuda.database.findings import report
    from fuda.gallery import counting
    from fuda.outputs import OutputError

    src = source(paths, sample)
    target = src.out(out)
    if watch:
        _watch_build(src, target, force)
    with failures(OutputError, path=target), Steps(Progress()) as step, counting(step.to):
        step(t("stage.load"))
        result = run(src.paths, target, _announce(step), force=force)
    if fmt is Format.json:
        typer.echo(json.dumps({
            "ok": result.ok,
            "outputs": {name: [str(p) for p in files] for name, files in result.outputs},
            "failures": dict(result.failures),
            **report(result.findings),
        }, ensure_ascii=False, indent=2))
    else:
        show_findings(result.findings)
        for name, files in result.outputs:
            typer.echo(t("build.files", name=_step_name(name), count=len(files), out=target))
        for name, message in result.failures:
            err(f"fuda: {t('word.error')}: {t('build.step_failed', name=_step_name(name), message=localize(message))}")
    if not result.ok:
        raise typer.Exit(1)


def _step_name(name: str) -> str:
    """A build step as the user reads it (「印刷用 PDF とプレイマット」), its id when it has no words."""
    return t(f"stage.build.{name}") if f"stage.build.{name}" in MESSAGES else name


def _announce(step):
    """The build's ``progress(name)``: each step a stage of ``step`` (the gallery counted by faces,
    the print step by cards)."""
    def announce(name: str) -> None:
        step(_step_name(name), counted=name in ("gallery", "print"))

    return announce


def _watch_build(src, target, force: bool, changes=None) -> None:
    """``fuda build --watch``: build now (with progress), then rebuild on every save (one line each)."""
    from fuda.gallery import counting
    from fuda.watch import BuildSession

    session = BuildSession(src.paths, target, force=force)

    def action(changed):
        if changed is not None:
            session.progress = None
            return session(changed)
        with Steps(Progress()) as step, counting(step.to):
            step(t("stage.load"))
            session.progress = _announce(step)
            return session(changed)

    run_watch(src.paths, [target], action, changes)
