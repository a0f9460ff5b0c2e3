"""``fuda new`` (a game folder to start from) and ``fuda schema`` (the schemas for editors: the
bundled ones into ``--out DIR``, and each ``rules: custom`` game's ``cards.schema.json``, derived
from its game.yaml, into its folder)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fuda.cli.common import PathsArg, SampleOpt, err, fail, failures, show_findings, source
from fuda.i18n import t


def _rules_help() -> str:
    from fuda.scaffold import scaffold_rules

    return t("opt.new.rules", rules=", ".join(scaffold_rules()))


def new(
    folder: Annotated[Path, typer.Argument(metavar="FOLDER", help=t("opt.new.folder"), show_default=False)],
    rules: Annotated[str, typer.Option("--rules", help=_rules_help(), show_default=False)],
    game_id: Annotated[str | None, typer.Option("--id", help=t("opt.new.id"), show_default=False)] = None,
) -> None:
    """Create a game folder: manifest, one card file, one deck, schemas for editors."""
    from fuda.database.load import validate
    from fuda.scaffold import new_game, scaffold_rules

    with failures(path=folder):  # a folder that cannot be written: one located line, exit 2
        try:
            new_game(folder, rules, game_id)
        except FileExistsError:
            raise fail("err.new.not_empty", path=folder) from None
        except ValueError as exc:
            if exc.args[0] == "rules":
                raise fail("err.new.rules", rules=rules, known=", ".join(scaffold_rules())) from None
            raise fail("err.new.id", id=game_id or folder.absolute().name) from None
    findings = [f for f in validate([folder]) if f.severity == "error"]
    if findings:  # the scaffold must validate as written; say so loudly if it does not
        show_findings(findings)
        raise typer.Exit(1)
    typer.echo(t("new.done", path=folder))


def schema(
    paths: PathsArg = None,
    out: Annotated[Path | None, typer.Option("--out", "-o", help=t("opt.schema.out"), show_default=False)] = None,
    sample: SampleOpt = False,
) -> None:
    """Write JSON Schemas for editors: the bundled ones into --out DIR, and each rules: custom
    game's cards.schema.json (derived from its game.yaml) into its folder."""
    if out is not None:
        from fuda.scaffold import write_schemas

        with failures(path=out):  # a folder that cannot be written: one located line
            written = write_schemas(out)
        typer.echo(t("schema.done", count=len(written), out=out))
        if not paths and not sample:
            return
    from fuda.scaffold import write_card_schemas

    src = source(paths, sample)
    with failures():  # game.yaml errors: located, exit 1; a path that holds no game: one line, exit 2
        derived, kept = write_card_schemas(src.paths)
    for path in derived:
        typer.echo(str(path))
    for path in kept:
        err(t("schema.kept", path=path))
    if kept:
        raise typer.Exit(1)
    if not derived:
        err(t("schema.none"))
