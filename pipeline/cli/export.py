"""``fuda export`` and ``fuda import``: files for online play, as typer sub-apps.

- ``fuda export udonarium GAME --deck D [-o OUT.zip] [--room] [--seed N | --no-shuffle] [--path DB]``
- ``fuda export duel-online GAME [-o Card.txt] [--template T] [--strict-sjis] [--path DB]``
- ``fuda import duel-online Card.txt --game G [--template T] [-o DIR] [--path DB] [--force]``

Exit codes: 0 done, 1 findings (located, one per line), 2 usage error (one line
``fuda: error: …``). A failed export leaves no file behind (outputs go through
:mod:`pipeline.atomic`). :func:`build_step` is the ``fuda build`` step.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

export_app = typer.Typer(name="export", help="Files for online play: Udonarium ZIPs, the Duel Online Card.txt.",
                         no_args_is_help=True, add_completion=False)
import_app = typer.Typer(name="import", help="Bring cards in from other tools (Duel Online Card.txt).",
                         no_args_is_help=True, add_completion=False)

PathOpt = Annotated[Optional[list[Path]], typer.Option("--path", help="Database folder (default: bundled).")]
TemplateOpt = Annotated[Optional[str], typer.Option(
    "--template", help="Duel Online template: a YAML file or a bundled name (default: the game's own).")]


def register(app: typer.Typer) -> None:
    """Add the ``export`` and ``import`` command groups to the ``fuda`` app."""
    app.add_typer(export_app, name="export")
    app.add_typer(import_app, name="import")


def _usage(message: str) -> typer.Exit:
    typer.echo(f"fuda: error: {' '.join(str(message).split())}", err=True)
    return typer.Exit(2)


def _findings(findings, code: int = 1) -> typer.Exit:
    for finding in findings:
        typer.echo(str(finding), err=True)
    return typer.Exit(code)


def _run(func, *args, **kwargs):
    """Call an export function, turning its failures into one-line errors and exit codes."""
    from fuda.database.findings import FindingsError
    from fuda.faces.fonts import FontError
    from fuda.online.duel_online import TemplateError
    from fuda.online.udonarium_format import ExportError

    try:
        return func(*args, **kwargs)
    except FindingsError as exc:
        raise _findings(exc.findings) from None
    except (KeyError, FileNotFoundError, TemplateError, FontError) as exc:
        raise _usage(exc.args[0] if isinstance(exc, KeyError) else exc) from None
    except ExportError as exc:
        typer.echo(f"fuda: error: {exc}", err=True)
        raise typer.Exit(2 if exc.usage else 1) from None
    except OSError as exc:  # the output cannot be written (permissions, full disk …)
        raise _usage(f"{getattr(exc, 'filename', '') or ''}: {exc.strerror or exc}") from None


def _game(game: str, path):
    from fuda.database.load import load_database

    database = _run(load_database, path)
    return database, _run(database.game, game)


def _warn(findings) -> None:
    for finding in findings:
        typer.echo(str(finding), err=True)


@export_app.command("udonarium")
def export_udonarium_cmd(
    game: Annotated[str, typer.Argument(help="Game id (e.g. recast-rift).", show_default=False)],
    deck: Annotated[str, typer.Option("--deck", help="Deck id.", show_default=False)],
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="ZIP to write (default: <deck>.zip).")] = None,
    room: Annotated[bool, typer.Option("--room", help="Write one <room> with exact positions: importing it "
                                                      "REPLACES the user's whole Udonarium session.")] = False,
    seed: Annotated[int, typer.Option("--seed", help="Shuffle the decks and chip piles with this seed.")] = 0,
    no_shuffle: Annotated[bool, typer.Option("--no-shuffle", help="Keep decks and chips in file order.")] = False,
    path: PathOpt = None,
) -> None:
    """Write an Udonarium ZIP: the deck (and its piles), the card text, and the game's mat as a table."""
    from fuda.online.udonarium import export_udonarium
    from fuda.online.udonarium_format import ROOM_NOTE

    _, g = _game(game, path)
    target = out or Path(f"{deck}.zip")
    written, warnings = _run(export_udonarium, g, deck, target, room=room, seed=seed, shuffle=not no_shuffle)
    _warn(warnings)
    if room:
        typer.echo(f"fuda: note: {ROOM_NOTE}", err=True)
    typer.echo(f"wrote {written} ({'replaces the session' if room else 'adds to the session'})")


@export_app.command("duel-online")
def export_duel_online_cmd(
    game: Annotated[str, typer.Argument(help="Game id (e.g. toho-tcg).", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="File to write.")] = Path("Card.txt"),
    template: TemplateOpt = None,
    strict_sjis: Annotated[bool, typer.Option("--strict-sjis", help="Also report characters that are in CP932 "
                                                                   "but not in JIS X 0208 Shift_JIS.")] = False,
    path: PathOpt = None,
) -> None:
    """Write the Duel Online card text (CP932, CRLF) of every card of GAME."""
    from fuda.online.duel_online import load_template, write_card_txt

    _, g = _game(game, path)
    tmpl = _run(load_template, g, template)
    written, warnings = _run(write_card_txt, g, out, tmpl, strict_sjis=strict_sjis)
    _warn(warnings)
    typer.echo(f"wrote {written}: {len(g.cards)} records ({tmpl.path.name})")


@import_app.command("duel-online")
def import_duel_online_cmd(
    file: Annotated[Path, typer.Argument(help="A Duel Online Card.txt.", show_default=False)],
    game: Annotated[str, typer.Option("--game", help="Game id (its template and card ids) or rule set.",
                                      show_default=False)],
    template: TemplateOpt = None,
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for duel-online.yaml.")] = Path("."),
    path: PathOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing duel-online.yaml.")] = False,
) -> None:
    """Read a Duel Online Card.txt back into a YAML card file (out/duel-online.yaml)."""
    from fuda.atomic import write_atomic
    from fuda.database.load import load_database
    from fuda.online.duel_online_import import cards_yaml, import_cards

    try:
        data = file.read_bytes()
    except OSError as exc:
        raise _usage(f"{file}: {exc.strerror}") from None
    try:
        database = load_database(path)
    except Exception:  # a broken or absent database only costs the id matching
        database = None
    rules, cards, warnings = _run(import_cards, data, game, template=template, database=database, source=file)
    target = Path(out) / "duel-online.yaml"
    if target.exists() and not force:
        raise _usage(f"{target} exists; pass --force to overwrite it or choose another --out")
    _run(write_atomic, target, cards_yaml(rules, cards, file.name))
    for line in warnings:
        typer.echo(f"fuda: warning: {line}", err=True)
    typer.echo(f"wrote {target}: {len(cards)} cards")
