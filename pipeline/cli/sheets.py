"""``fuda import sheet`` and ``fuda export sheet``: card lists from and to Excel / CSV.

- ``fuda import sheet FILE [--game G] -o FILE.yaml [--path DB]``: reads .xlsx, .csv or .tsv; G is a
  game folder, a game of the database (found upward, or ``--path``) or an installed rule set id;
  without it, the game folder the user stands in (or the database's only game).
  Every problem is one line ``FILE:ROW:COLUMN: error[…]: …`` (exit 1); an existing output is never
  overwritten, and ids the game already has are refused with one line (exit 2).
- ``fuda import sheet FILE --game G --update [--into FILE]``: the game's card files updated in
  place (:mod:`fuda.sheets.update`); all or nothing, with a line per added or changed card.
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
    default_game,
    fail,
    failures,
    guard_file,
    open_game,
    show_findings,
)
from fuda.i18n import language, t

SHEET_SUFFIXES = (".xlsx", ".csv", ".tsv")


def rules_for(game: str, path):
    """The rule set named by ``--game``, the manifest it reads and the game (``None`` for a rule set
    id): a game folder's path, a game of the database (found upward, or ``--path``) or an
    installed rule set id (no manifest)."""
    rules, manifest, _ = game_for(game, path)
    return rules, manifest


def game_for(game: str, path):
    """``(rules, manifest, game)`` for ``--game`` (see :func:`rules_for`)."""
    from fuda.cli.common import load, looks_like_path, source
    from fuda.database.discover import find_root, is_game
    from fuda.database.fields import has_rules
    from fuda.database.findings import FindingsError
    from fuda.database.load import load_database

    if is_game(Path(game)) or looks_like_path(game):
        if not is_game(Path(game)):
            raise fail("err.not_a_game", path=game)
        found = load(source([Path(game)], announce=False)).games[0]
        return found.rules, found.manifest, found
    root = None if path else find_root()
    broken = None
    try:
        if path or root:
            found = load_database(path or [root.path]).game(game)
            return found.rules, found.manifest, found
    except (KeyError, FileNotFoundError):
        pass  # no such game here: GAME may be a rules id, tried next
    except FindingsError as exc:
        broken = exc  # the database does not load: GAME may still be a rules id
    if has_rules(game):
        return game, None, None
    if broken is not None:  # the game may be there, but its database has errors: show them
        show_findings(broken.findings)
        raise typer.Exit(1)
    from fuda.database.ruleset import rulesets

    raise fail("err.sheet.unknown_game", game=game, known=", ".join(rulesets()))


def import_sheet_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=t("opt.sheet.file"), show_default=False)],
    game: Annotated[str | None, typer.Option("--game", help=t("opt.sheet.game"), show_default=False)] = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help=t("opt.sheet.out"), show_default=False)] = None,
    update: Annotated[bool, typer.Option("--update", help=t("opt.sheet.update"))] = False,
    into: Annotated[Path | None, typer.Option("--into", help=t("opt.sheet.into"), show_default=False)] = None,
    path: PathOpt = None,
) -> None:
    """Turn a spreadsheet's card list (Excel, CSV) into a YAML card file, or update the game's files."""
    from fuda.atomic import write_atomic
    from fuda.database.findings import FindingsError
    from fuda.sheets.place import modeline
    from fuda.sheets.read import card_file_text, import_sheet
    from fuda.sheets.update import existing_ids

    if (out is None) == (not update):
        raise fail("err.sheet.out_or_update")
    if into is not None and not update:
        raise fail("err.sheet.into_needs_update")
    if out is not None and out.exists():
        raise fail("err.import.exists", path=out)
    rules, manifest, found = game_for(game or default_game(path, command="import sheet FILE --game"), path)
    if update and found is None:
        raise fail("err.sheet.update_needs_game", game=game)
    try:
        result = import_sheet(file, rules, manifest)
    except FindingsError as exc:
        show_findings(exc.findings)
        if update:
            typer.echo(t("sheet.update_not_written", count=len(exc.findings)), err=True)
        else:
            typer.echo(t("sheet.not_written", count=len(exc.findings), path=out), err=True)
        raise typer.Exit(1) from None
    show_findings(result.warnings)
    if update:
        _update(found, result, into)
        return
    if found is not None:
        taken = existing_ids(found, result)
        if taken:
            shown = ("、" if language() == "ja" else ", ").join(taken[:3]) + ("…" if len(taken) > 3 else "")
            raise fail("err.sheet.ids_exist", game=found.id, count=len(taken), ids=shown)
    head = modeline(rules, found.folder if found is not None else None, out, manifest)
    with failures(path=out):
        write_atomic(out, card_file_text(result, head))
    typer.echo(t("sheet.done", path=out, count=len(result.cards)))


def _update(game, result, into) -> None:
    """``--update``: plan, validate the game as it would be, then write every changed file (or none)."""
    from fuda.database.findings import FindingsError, display_path
    from fuda.sheets.update import check_update, plan_update, write_update

    try:
        plan = plan_update(game, result, into)
        errors = check_update(game, plan, result)
    except FindingsError as exc:
        errors = list(exc.findings)
    if errors:
        show_findings(errors)
        typer.echo(t("sheet.update_not_written", count=len(errors)), err=True)
        raise typer.Exit(1)
    counts = {s: plan.count(s) for s in ("added", "changed", "unchanged")}
    if not plan.texts:
        typer.echo(t("sheet.update_nothing", unchanged=counts["unchanged"]))
        return
    with failures(path=plan.texts[0][0]):
        written = write_update(plan)
    for change in plan.changes:
        shown = change.id if change.what == "card" else f"{change.what} {change.id}"
        if change.status == "added":
            typer.echo(t("sheet.added", card=shown, file=display_path(change.file)))
        elif change.status == "changed":
            typer.echo(t("sheet.changed", card=shown, file=display_path(change.file),
                         fields="、".join(change.fields) if language() == "ja" else ", ".join(change.fields)))
    typer.echo(t("sheet.updated", files=len(written), untouched=plan.untouched, **counts))


def export_sheet_cmd(
    game: GameArg = None,
    out: OutFileOpt = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
    force: ForceFileOpt = False,
) -> None:
    """Write every card of GAME as a spreadsheet (Excel, CSV): row 1 the field names, row 2 the ids."""
    from fuda.sheets.write import export_sheet

    if out is not None and out.suffix.lower() not in SHEET_SUFFIXES:
        raise fail("err.sheet.format", path=out)
    _, g, src = open_game(game, path, sample, "export sheet")
    target = out or src.out(None) / f"{g.id}-cards.xlsx"
    with failures(path=target), guard_file(target, "export", force):  # findings: exit 1; a file not written: one line
        written = export_sheet(g, target)
    typer.echo(t("sheet.done", path=written, count=len(g.cards)))
