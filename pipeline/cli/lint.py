"""The ``fuda lint`` command and the lint step of ``fuda build``.

``register(app)`` adds the command to the typer app; ``build_step(database, out)`` writes the
report (``lint.txt`` and ``lint.sarif``) beside the other build outputs. Exit codes: 0 when no
diagnostic reaches ``--fail-on`` (default error), 1 when one does (or the database does not
load), 2 for a usage error. Files given on the command line that lie in no game folder (other
YAML in a repository, as pre-commit passes them) are skipped.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from fuda.cli.common import SampleOpt, fail, fail_text, show_findings, source, warn_text
from fuda.cli.progress import Progress
from fuda.i18n import Text, t


class LintFormat(StrEnum):
    text = "text"
    json = "json"
    sarif = "sarif"


class FailOn(StrEnum):
    error = "error"
    warning = "warning"
    info = "info"


def _usage(message: str) -> typer.Exit:
    return fail_text(message, 2)


def explain(code: str, lang: str | None = None) -> str:
    """The ``--explain`` text of a rule in ``lang`` (raises KeyError for an unknown code)."""
    from fuda.i18n import language, severity_word
    from fuda.i18n.findings import TITLES
    from fuda.lint.rules import REGISTRY

    info = REGISTRY[code.strip().upper()]
    lang = lang or language()
    title = TITLES[info.code][0] if lang == "ja" and info.code in TITLES else info.title
    head = t("lint.explain.head", lang, code=info.code, severity=severity_word(info.severity, lang), group=info.group,
             title=title)
    fix = t("lint.explain.fix_yes" if info.fixable else "lint.explain.fix_no", lang)
    return f"{head}\n\n{info.explanation(lang)}\n\n{t('lint.explain.tail', lang, fix=fix, code=info.code)}\n"


def _targets(paths):
    """(game folders, files to report on or None); raises FileNotFoundError for a bad path."""
    from fuda.database.load import find_games

    if not paths:
        return None, None
    folders, files = [], []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise FileNotFoundError(Text("err.no_such_path", path=path))
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
    :class:`~fuda.database.findings.FindingsError` when the database does not load.
    """
    from fuda.cli.common import checked
    from fuda.database.load import load_database
    from fuda.lint.engine import lint, only_files
    from fuda.lint.rules import REGISTRY
    from fuda.lint.settings import parse_selectors, resolve

    chosen, unknown = resolve(parse_selectors(select), REGISTRY)
    dropped, unknown_ignored = resolve(parse_selectors(ignore), REGISTRY)
    if unknown or unknown_ignored:
        raise ValueError(Text("err.lint.unknown_rules", codes=", ".join(unknown + unknown_ignored)))
    folders, files = _targets(paths)
    if folders == []:
        return [], None
    database = checked(folders, prh=False)  # the one validation; lint reports the prh dictionaries itself
    games = None
    if game:
        known = [g.id for g in database.games]
        if game not in known:
            raise ValueError(Text("err.no_game", game=game, known=", ".join(known) or Text("none")))
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


PathsArg = Annotated[list[Path] | None, typer.Argument(metavar="PATH...", help=t("opt.paths"), show_default=False)]


def lint_command(
    paths: PathsArg = None,
    game: Annotated[str | None, typer.Option("--game", help=t("opt.lint.game"))] = None,
    select: Annotated[list[str] | None, typer.Option("--select", help=t("opt.lint.select"))] = None,
    ignore: Annotated[list[str] | None, typer.Option("--ignore", help=t("opt.lint.ignore"))] = None,
    fmt: Annotated[LintFormat, typer.Option("--format", help=t("opt.format"))] = LintFormat.text,
    fix: Annotated[bool, typer.Option("--fix", help=t("opt.lint.fix"))] = False,
    fail_on: Annotated[FailOn, typer.Option("--fail-on", help=t("opt.lint.fail_on"))] = FailOn.error,
    fit: Annotated[bool, typer.Option("--fit/--no-fit", help=t("opt.lint.fit"))] = True,
    explain_code: Annotated[str | None, typer.Option("--explain", help=t("opt.lint.explain"), metavar="CODE")] = None,
    sample: SampleOpt = False,
) -> None:
    """Lint Japanese card text: vocabulary, text against data, look-alikes, style, names, fit, CP932, prh."""
    from fuda.database.findings import FindingsError
    from fuda.lint.engine import counts, fails

    if explain_code:
        try:
            typer.echo(explain(explain_code), nl=False)
        except KeyError:
            raise fail("err.lint.no_rule", rule=explain_code) from None
        return
    src = source(paths, sample)
    try:
        with Progress().stage("stage.lint"):
            diagnostics, fixed = run(src.paths, game, select, ignore, fix, fit)
    except (FileNotFoundError, ValueError) as exc:
        raise _usage(exc) from None
    except FindingsError as exc:
        show_findings(exc.findings)
        raise fail("err.lint.not_valid", 1) from None
    if fixed is not None:
        typer.echo(t("lint.fixed", fields=fixed.fields, files=len(fixed.changed)), err=True)
        for edit, reason in fixed.failed:
            warn_text(t("lint.not_fixed", file=edit.file, card=edit.card, path=".".join(map(str, edit.path)),
                        reason=reason))
    from fuda.lint.report import render

    typer.echo(render(diagnostics, fmt.value), nl=False)
    if fmt is LintFormat.text:
        n = counts(diagnostics)
        typer.echo(t("lint.summary", errors=n["error"], warnings=n["warning"], infos=n["info"]), err=True)
    if fails(diagnostics, fail_on.value):
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``fuda lint`` to the fuda typer app."""
    app.command("lint", help=t("help.lint"))(lint_command)
