"""``fuda import sheet`` and ``fuda export sheet``: card lists from and to Excel / CSV.

- ``fuda import sheet FILE --game G -o FILE.yaml [--path DB]``: reads .xlsx, .csv or .tsv; G is a
  game of the database (found upward, or ``--path``) or an installed rule set id. Every problem is
  one line ``FILE:ROW:COLUMN: error[…]: …`` (exit 1); an existing output is never overwritten
  (exit 2).
- ``fuda export sheet GAME [-o cards.xlsx|.csv|.tsv] [--path DB]``: GAME is a game id or a game
  folder; the sheet goes to ``<game>-cards.xlsx`` in the database's ``out/`` (a game's
  ``out/<game folder>/``) unless ``-o`` says otherwise, never over a file fuda did not write
  unless ``--force``.

The commands join the ``export`` and ``import`` groups of :mod:`fuda.cli.export`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fuda.cli.common import (
    ForceFileOpt,
    GameArg,
    OutFileOpt,
    PathOpt,
    SampleOpt,
    fail,
    fail_os,
    guard_file,
    open_game,
    show_findings,
)
from fuda.i18n import t

SHEET_SUFFIXES = (".xlsx", ".csv", ".tsv")


def rules_for(game: str, path):
    """The rule set named by ``--game`` and the manifest it reads: a game of the database (its
    ``rules`` and manifest) or an installed rule set id (no manifest)."""
    from fuda.database.discover import find_root
    from fuda.database.fields import has_rules
    from fuda.database.findings import FindingsError
    from fuda.database.load import load_database

    root = None if path else find_root()
    try:
        if path or root:
            found = load_database(path or [root.path]).game(game)
            return found.rules, found.manifest
    except (KeyError, FileNotFoundError, FindingsError):
        pass  # no such game here (or the database does not load): GAME may be a rules id, tried next
    if has_rules(game):
        return game, None
    raise fail("err.sheet.unknown_game", game=game)


def import_sheet_cmd(
    file: Annotated[Path, typer.Argument(help=t("opt.sheet.file"), show_default=False)],
    game: Annotated[str, typer.Option("--game", help=t("opt.sheet.game"), show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help=t("opt.sheet.out"), show_default=False)],
    path: PathOpt = None,
) -> None:
    """Turn a spreadsheet's card list (Excel, CSV) into a YAML card file."""
    from fuda.atomic import write_atomic
    from fuda.database.findings import FindingsError
    from fuda.sheets.read import card_file_text, import_sheet

    if out.exists():
        raise fail("err.import.exists", path=out)
    rules, manifest = rules_for(game, path)
    try:
        result = import_sheet(file, rules, manifest)
    except FindingsError as exc:
        show_findings(exc.findings)
        typer.echo(t("sheet.not_written", count=len(exc.findings), path=out), err=True)
        raise typer.Exit(1) from None
    show_findings(result.warnings)
    try:
        write_atomic(out, card_file_text(result))
    except OSError as exc:
        raise fail_os(exc, out) from None
    typer.echo(t("sheet.done", path=out, count=len(result.cards)))


def export_sheet_cmd(
    game: GameArg = None,
    out: OutFileOpt = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
    force: ForceFileOpt = False,
) -> None:
    """Write every card of GAME as a spreadsheet (Excel, CSV): row 1 the field names, row 2 the ids."""
    from fuda.database.findings import FindingsError
    from fuda.sheets.write import export_sheet

    if out is not None and out.suffix.lower() not in SHEET_SUFFIXES:
        raise fail("err.sheet.format", path=out)
    _, g, src = open_game(game, path, sample, "export sheet")
    target = out or src.out(None) / f"{g.id}-cards.xlsx"
    try:
        with guard_file(target, "export", force):
            written = export_sheet(g, target)
    except FindingsError as exc:
        show_findings(exc.findings)
        raise typer.Exit(1) from None
    except OSError as exc:  # the output cannot be written (permissions, full disk …)
        raise fail_os(exc, target) from None
    typer.echo(t("sheet.done", path=written, count=len(g.cards)))
