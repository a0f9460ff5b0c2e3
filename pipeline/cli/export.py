"""``fuda export`` and ``fuda import``: files for online play, as typer sub-apps.

- ``fuda export udonarium GAME --deck D [-o OUT.zip] [--room] [--seed N | --no-shuffle] [--path DB]``
- ``fuda export duel-online GAME [-o Card.txt] [--template T] [--strict-sjis] [--path DB]``
- ``fuda import duel-online Card.txt --game G -o NEW.yaml [--template T] [--path DB] [--into-game]``
- ``fuda export sheet`` and ``fuda import sheet`` (:mod:`fuda.cli.sheets`) join these groups.

GAME is a game id or a game folder. Exports go to the database's ``out/`` (a game's
``out/<game folder>/``) unless ``-o`` says otherwise, never over a file fuda did not write unless
``--force``; ``import`` writes one new file exactly where ``-o`` says, never over an existing
one, and not inside a game folder unless ``--into-game`` is given.

Exit codes: 0 done, 1 findings (located, one per line), 2 usage error (one line
``fuda: error: …``). A failed export leaves no file behind (outputs go through
:mod:`fuda.atomic`). :func:`fuda.build.online_step` is the ``fuda build`` step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from fuda.cli import help as help_page
from fuda.cli.common import (
    ForceFileOpt,
    GameArg,
    OutFileOpt,
    PathOpt,
    SampleOpt,
    fail,
    failures,
    guard_file,
    note,
    open_game,
    show_findings,
    warn_text,
)
from fuda.cli.progress import Progress
from fuda.i18n import t

export_app = typer.Typer(name="export", help=t("help.export"), no_args_is_help=True, add_completion=False,
                         rich_markup_mode=None, cls=help_page.Group)
import_app = typer.Typer(name="import", help=t("help.import"), no_args_is_help=True, add_completion=False,
                         rich_markup_mode=None, cls=help_page.Group)

TemplateOpt = Annotated[str | None, typer.Option("--template", help=t("opt.export.template"))]


def register(app: typer.Typer) -> None:
    """Add the ``export`` and ``import`` command groups to the ``fuda`` app."""
    app.add_typer(export_app, name="export")
    app.add_typer(import_app, name="import")


def export_failures(*more: type[BaseException], path=None):
    """:func:`~fuda.cli.common.failures` for an export or import: an unknown deck or template,
    a font that cannot be used, a refused export and the ``more`` usage errors are one line (exit
    2; exit 1 for an export the data cannot make), findings exit 1, a file that cannot be read or
    written one located line."""
    from fuda.faces.fonts import FontError
    from fuda.online.duel_online import TemplateError
    from fuda.online.udonarium_format import ExportError

    if not all(isinstance(kind, type) and issubclass(kind, BaseException) for kind in more):
        raise TypeError(f"export_failures takes exception classes (and path=…), got {more!r}")
    return failures(KeyError, FileNotFoundError, TemplateError, FontError, ExportError, *more, path=path)


def only_deck(game) -> str:
    """The deck to export when ``--deck`` is not given: the game's one deck (said on stderr); a
    usage error naming the decks when it has none or several."""
    if len(game.decks) == 1:
        note("export.deck_chosen", deck=game.decks[0].id)
        return game.decks[0].id
    raise fail("err.export.which_deck", game=game.id, decks=", ".join(d.id for d in game.decks) or t("none"))


@export_app.command("udonarium", help=t("help.export.udonarium"), cls=help_page.Command)
def export_udonarium_cmd(
    deck: Annotated[str | None, typer.Option("--deck", help=t("opt.export.deck"), show_default=False)] = None,
    game: GameArg = None,
    out: OutFileOpt = None,
    room: Annotated[bool, typer.Option("--room", help=t("opt.export.room"))] = False,
    seed: Annotated[int, typer.Option("--seed", help=t("opt.export.seed"))] = 0,
    no_shuffle: Annotated[bool, typer.Option("--no-shuffle", help=t("opt.export.no_shuffle"))] = False,
    path: PathOpt = None,
    sample: SampleOpt = False,
    force: ForceFileOpt = False,
) -> None:
    """Write an Udonarium ZIP: the deck (and its piles), the card text, and the game's mat as a table."""
    from fuda.online.udonarium import export_udonarium
    from fuda.online.udonarium_format import ROOM_NOTE

    _, g, src = open_game(game, path, sample, "export udonarium")
    deck = deck or only_deck(g)
    target = out or src.out(None) / f"{deck}.zip"
    with guard_file(target, "export", force), Progress().stage("stage.export"), export_failures(path=target):
        written, warnings = export_udonarium(g, deck, target, room=room, seed=seed, shuffle=not no_shuffle)
    show_findings(warnings)
    if room:
        typer.echo(f"fuda: {t('word.note')}: {ROOM_NOTE}", err=True)
    how = t("export.udonarium.replaces" if room else "export.udonarium.adds")
    typer.echo(t("export.udonarium.done", path=written, how=how))


@export_app.command("duel-online", help=t("help.export.duel_online"), cls=help_page.Command)
def export_duel_online_cmd(
    game: GameArg = None,
    out: OutFileOpt = None,
    template: TemplateOpt = None,
    strict_sjis: Annotated[bool, typer.Option("--strict-sjis", help=t("opt.export.strict_sjis"))] = False,
    path: PathOpt = None,
    sample: SampleOpt = False,
    force: ForceFileOpt = False,
) -> None:
    """Write the Duel Online card text (CP932, CRLF) of every card of GAME."""
    from fuda.online.duel_online import load_template, write_card_txt

    _, g, src = open_game(game, path, sample, "export duel-online")
    with export_failures():
        tmpl = load_template(g, template)
    target = out or src.out(None) / "Card.txt"
    with guard_file(target, "export", force), Progress().stage("stage.export"), export_failures(path=target):
        written, warnings = write_card_txt(g, target, tmpl, strict_sjis=strict_sjis)
    show_findings(warnings)
    typer.echo(t("export.duel_online.done", path=written, count=len(g.cards), template=tmpl.path.name))


@import_app.command("duel-online", help=t("help.import.duel_online"), cls=help_page.Command)
def import_duel_online_cmd(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=t("opt.import.file"), show_default=False)],
    game: Annotated[str, typer.Option("--game", help=t("opt.import.game"), show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help=t("opt.import.out"), show_default=False)],
    template: TemplateOpt = None,
    path: PathOpt = None,
    into_game: Annotated[bool, typer.Option("--into-game", help=t("opt.import.into_game"))] = False,
) -> None:
    """Read a Duel Online Card.txt back into a new YAML card file, written where ``-o`` says."""
    from fuda.atomic import write_new
    from fuda.database.discover import find_root
    from fuda.database.load import load_database
    from fuda.online.duel_online_import import cards_yaml, import_cards, read_card_txt

    target = Path(out)
    if target.is_dir():
        target = target / "duel-online.yaml"
    if target.exists():
        raise fail("err.import.exists", path=target)
    home = find_root(target.absolute().parent)
    if home is not None and home.kind == "game" and not into_game:
        raise fail("err.import.in_game", path=target, game=home.path)
    with failures(path=file):
        data = read_card_txt(file)  # reads at most MAX_BYTES: a larger file is refused
    root = None if path else find_root()
    try:
        database = load_database(path or [root.path]) if (path or root) else None
    except Exception:  # a broken database only costs the id matching
        database = None
    with export_failures():
        rules, cards, warnings = import_cards(data, game, template=template, database=database, source=file)
    try:
        write_new(target, cards_yaml(rules, cards, file.name))
    except FileExistsError:
        raise fail("err.import.exists", path=target) from None
    for line in warnings:
        warn_text(line)
    typer.echo(t("import.done", path=target, count=len(cards)))


def _sheet_commands() -> None:
    from fuda.cli.sheets import export_sheet_cmd, import_sheet_cmd

    export_app.command("sheet", help=t("help.export.sheet"), cls=help_page.Command)(export_sheet_cmd)
    import_app.command("sheet", help=t("help.import.sheet"), cls=help_page.Command)(import_sheet_cmd)


_sheet_commands()
