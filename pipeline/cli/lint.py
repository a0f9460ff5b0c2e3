"""The ``fuda lint`` command and the lint step of ``fuda build``.

``register(app)`` adds the command to the typer app; ``build_step(database, out)`` writes the
report (``lint.txt`` and ``lint.sarif``) beside the other build outputs. Exit codes: 0 when no
diagnostic reaches ``--fail-on`` (default error), 1 when one does (or the database does not
load), 2 for a usage error. Files given on the command line that lie in no game folder (other
YAML in a repository, as pre-commit passes them) are skipped.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer


class LintFormat(str, Enum):
    text = "text"
    json = "json"
    sarif = "sarif"


class FailOn(str, Enum):
    error = "error"
    warning = "warning"
    info = "info"


def _usage(message: str) -> typer.Exit:
    typer.echo(f"fuda: error: {message}", err=True)
    return typer.Exit(2)


def explain(code: str) -> str:
    """The ``--explain`` text of a rule (raises KeyError for an unknown code)."""
    from fuda.lint.rules import REGISTRY

    info = REGISTRY[code.strip().upper()]
    fix = "yes (fuda lint --fix)" if info.fixable else "no"
    return (f"{info.code} ({info.severity}, {info.group}): {info.title}\n\n{info.explain}\n\n"
            f"Fixable: {fix}. Suppress: lint-ignore: [{info.code}] on a card, or lint: {{ignore: [{info.code}]}} "
            f"in game.yaml.\n")


def _targets(paths):
    """(game folders, files to report on or None); raises FileNotFoundError for a bad path."""
    from fuda.database.load import find_games

    if not paths:
        return None, None
    folders, files = [], []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise FileNotFoundError(f"{path}: no such file or folder")
        try:
            found = find_games([path])
        except FileNotFoundError:
            if path.is_file():
                continue  # a YAML file that belongs to no game (pre-commit passes every one)
            raise
        folders.extend(f for f in found if f.resolve() not in [g.resolve() for g in folders])
        if path.is_file():
            files.append(path)
    return folders, (files or None)


def run(paths=None, game=None, select=None, ignore=None, fix=False, fit=True):
    """Lint (and fix) what ``paths`` name; returns (diagnostics, fix result or None).

    Raises FileNotFoundError / KeyError / ValueError for usage errors and
    :class:`~pipeline.findings.FindingsError` when the database does not load.
    """
    from fuda.database.load import load_database
    from fuda.lint.engine import lint, only_files
    from fuda.lint.rules import REGISTRY
    from fuda.lint.settings import parse_selectors, resolve

    chosen, unknown = resolve(parse_selectors(select), REGISTRY)
    dropped, unknown_ignored = resolve(parse_selectors(ignore), REGISTRY)
    if unknown or unknown_ignored:
        raise ValueError(f"unknown rule code(s): {', '.join(unknown + unknown_ignored)} (see fuda lint --explain)")
    folders, files = _targets(paths)
    if folders == []:
        return [], None
    database = load_database(folders)
    games = None
    if game:
        known = [g.id for g in database.games]
        if game not in known:
            raise ValueError(f"no game {game!r} in the database (games: {', '.join(known) or 'none'})")
        games = [game]
    select_codes = sorted(chosen) if select else None
    result = None
    if fix:
        from fuda.lint.fix import fix as apply_fixes

        enabled = set(chosen if select else REGISTRY) - dropped
        result = apply_fixes(database, enabled, games, files)
        if result.changed:
            database = load_database(folders)
    diagnostics = lint(database, select=select_codes, ignore=sorted(dropped), games=games, fit=fit)
    if files:
        diagnostics = only_files(diagnostics, files)
    return diagnostics, result


PathsArg = Annotated[
    Optional[list[Path]],
    typer.Argument(help="Database folders, game folders or files (default: the bundled sample database).",
                   show_default=False),
]


def lint_command(
    paths: PathsArg = None,
    game: Annotated[Optional[str], typer.Option("--game", help="Only this game (e.g. toho-tcg).")] = None,
    select: Annotated[Optional[list[str]], typer.Option(
        "--select", help="Only these rules: codes or prefixes, comma-separated (JP1,AGR006).")] = None,
    ignore: Annotated[Optional[list[str]], typer.Option(
        "--ignore", help="Skip these rules: codes or prefixes, comma-separated.")] = None,
    fmt: Annotated[LintFormat, typer.Option("--format", help="Output format.")] = LintFormat.text,
    fix: Annotated[bool, typer.Option("--fix", help="Apply the safe mechanical fixes in place.")] = False,
    fail_on: Annotated[FailOn, typer.Option("--fail-on", help="Exit 1 at this severity or worse.")] = FailOn.error,
    fit: Annotated[bool, typer.Option("--fit/--no-fit", help="Lay cards out to check that text fits.")] = True,
    explain_code: Annotated[Optional[str], typer.Option(
        "--explain", help="Describe a rule (e.g. JP101) and exit.", metavar="CODE")] = None,
) -> None:
    """Lint Japanese card text: vocabulary, text against data, look-alikes, style, names, fit, CP932, prh."""
    from fuda.database.findings import FindingsError
    from fuda.lint.engine import fails, summary

    if explain_code:
        try:
            typer.echo(explain(explain_code), nl=False)
        except KeyError:
            raise _usage(f"no lint rule {explain_code!r} (codes look like JP101, AGR006)") from None
        return
    try:
        diagnostics, fixed = run(paths, game, select, ignore, fix, fit)
    except (FileNotFoundError, ValueError) as exc:
        raise _usage(str(exc)) from None
    except FindingsError as exc:
        for finding in exc.findings:
            typer.echo(str(finding), err=True)
        typer.echo("fuda: error: the database does not validate; fix it before linting", err=True)
        raise typer.Exit(1) from None
    if fixed is not None:
        files = len(fixed.changed)
        typer.echo(f"fixed {fixed.fields} string(s) in {files} file(s)", err=True)
        for edit, reason in fixed.failed:
            typer.echo(f"fuda: warning: {edit.file}: not fixed ({edit.card} {'.'.join(map(str, edit.path))}): {reason}",
                       err=True)
    from fuda.lint.report import render

    typer.echo(render(diagnostics, fmt.value), nl=False)
    if fmt is LintFormat.text:
        typer.echo(summary(diagnostics), err=True)
    if fails(diagnostics, fail_on.value):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``fuda lint`` to the fuda typer app."""
    app.command("lint")(lint_command)
