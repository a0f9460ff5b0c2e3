"""The ``fuda`` command: a thin typer shell over the library functions of the same names.

Exit codes: 0 success, 1 findings (validation or lint failed), 2 usage error. Heavy libraries
are imported inside the commands that need them, so ``fuda --help`` starts fast.
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(
    name="fuda",
    help="fuda (札): one YAML card database → print-ready PDFs, online-play files, rule engines, lint.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class Format(str, Enum):
    text = "text"
    json = "json"


PathsArg = Annotated[
    Optional[list[Path]],
    typer.Argument(help="Database folders, game folders or files (default: the bundled sample database).",
                   show_default=False),
]
FormatOpt = Annotated[Format, typer.Option("--format", help="Output format.")]


def usage_error(message: str) -> typer.Exit:
    """Print a one-line usage error and return the exit to raise (code 2)."""
    typer.echo(f"fuda: error: {message}", err=True)
    return typer.Exit(2)


def _findings_or_usage(func, *args):
    from fuda.database.findings import FindingsError

    try:
        return func(*args)
    except FileNotFoundError as exc:
        raise usage_error(str(exc)) from None
    except FindingsError as exc:
        for finding in exc.findings:
            typer.echo(str(finding), err=True)
        raise typer.Exit(1) from None


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
    typer.echo(f"{errors} error(s), {warnings} warning(s)", err=True)


@app.command()
def validate(
    paths: PathsArg = None,
    fmt: FormatOpt = Format.text,
    strict: Annotated[bool, typer.Option("--strict", help="Also check print readiness (art under 300 ppi at print size); warnings fail.")] = False,
) -> None:
    """Validate card databases: schemas, references, art files and deck construction."""
    from fuda.database.load import validate as run

    findings = _findings_or_usage(run, paths)
    if strict and not any(f.severity == "error" for f in findings):
        from fuda.database.load import load_database
        from fuda.faces.layout import art_findings

        findings = list(findings) + art_findings(_findings_or_usage(load_database, paths))
    emit_findings(findings, fmt)
    if any(f.severity == "error" or (strict and f.severity == "warning") for f in findings):
        raise typer.Exit(1)


@app.command()
def schema(paths: PathsArg = None) -> None:
    """Write cards.schema.json into each game of your own (rules: custom), for YAML editors."""
    from fuda.build import write_card_schemas

    written = _findings_or_usage(write_card_schemas, paths)
    for path in written:
        typer.echo(str(path))
    if not written:
        typer.echo("no game here derives its card schema (only rules: custom does)", err=True)


@app.command("list")
def list_cards(
    game: Annotated[Optional[str], typer.Argument(help="Only this game (e.g. recast-rift).", show_default=False)] = None,
    path: Annotated[Optional[list[Path]], typer.Option("--path", help="Database folder (default: bundled).")] = None,
    fmt: FormatOpt = Format.text,
) -> None:
    """List the cards of every game (or one game) as a table."""
    from fuda.cli.listing import card_rows

    database = _findings_or_usage(_load, path)
    try:
        games = [database.game(game)] if game else list(database.games)
    except KeyError as exc:
        raise usage_error(exc.args[0]) from None
    rows = card_rows(games)
    if fmt is Format.json:
        typer.echo(json.dumps(rows, ensure_ascii=False, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(show_lines=False)
    for column in ("game", "id", "kind", "name", "stats"):
        table.add_column(column)
    for row in rows:
        table.add_row(row["game"], row["id"], row["kind"], row["name"], row["stats"])
    Console(width=max(120, Console().width)).print(table)


def _load(paths):
    from fuda.database.load import load_database

    return load_database(paths)


@app.command()
def build(
    paths: PathsArg = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder.")] = Path("out"),
    fmt: FormatOpt = Format.text,
) -> None:
    """Build every output for a whole database: reports, PDFs, exports, registries."""
    from fuda.build import build as run
    from fuda.database.findings import report
    from rich.progress import Progress

    with Progress(transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task("building", total=None)
        result = _findings_or_usage(run, paths, out, lambda name: bar.update(task, description=name))
    if fmt is Format.json:
        typer.echo(json.dumps({
            "ok": result.ok,
            "outputs": {name: [str(p) for p in files] for name, files in result.outputs},
            "failures": dict(result.failures),
            **report(result.findings),
        }, ensure_ascii=False, indent=2))
    else:
        for finding in result.findings:
            typer.echo(str(finding), err=True)
        for name, files in result.outputs:
            typer.echo(f"{name}: {len(files)} file(s) in {out}")
        for name, message in result.failures:
            typer.echo(f"fuda: error: step {name} failed: {message}", err=True)
    if not result.ok:
        raise typer.Exit(1)


def _register_features() -> None:
    """Add the commands of each feature module (each keeps its heavy imports inside its commands)."""
    from fuda.cli.export import register as register_export
    from fuda.cli.lint import register as register_lint
    from fuda.cli.play import register as register_engine
    from fuda.cli.print import register as register_print
    from fuda.cli.sheets import register as register_sheets
    from fuda.cli.images import register as register_images
    from fuda.cli.table import register as register_table

    register_lint(app)
    register_print(app)
    register_export(app)
    register_engine(app)
    register_sheets(app)
    register_images(app)
    register_table(app)


_register_features()


def main() -> None:
    """Entry point of the ``fuda`` script."""
    app(prog_name="fuda")
