"""``fuda table``: play against fuda's agents in the browser (served to this machine only)."""

from __future__ import annotations

from typing import Annotated

import typer

from fuda.cli.common import GameArg, PathOpt, SampleOpt
from fuda.cli.play import _fail, _open
from fuda.i18n import t


def table(
    game_id: GameArg = None,
    deck: Annotated[list[str] | None, typer.Option("--deck", help="Deck id, once per player in seat order.")] = None,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="N=human for each seat a person plays (default: 1=human).")] = None,
    agents: Annotated[str, typer.Option("--agents", help="The agent of the other seats: random or greedy.")] = "greedy",
    seed: Annotated[int, typer.Option("--seed", help="The first game's seed (each new game adds one).")] = 0,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="Port on 127.0.0.1 (0: a free one).")] = 0,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in the default browser.")] = False,
    path: PathOpt = None,
    sample: SampleOpt = False,
) -> None:
    """Serve a table on 127.0.0.1 where you play a game by clicking; Ctrl-C stops it."""
    from fuda.table.server import Table, serve

    _, game, module, registry, _ = _open(game_id, path, sample, "table")
    seats = getattr(module, "PLAYERS", (2,))
    if not deck or len(deck) not in seats:
        raise _fail("give one --deck per player: --deck A --deck B")
    humans = set()
    for spec in seat or ["1=human"]:
        number, _, who = spec.partition("=")
        if not number.strip().isdigit() or not 1 <= int(number) <= len(deck) or who.strip() != "human":
            raise _fail(f"--seat takes N=human with N from 1 to {len(deck)}, got {spec!r}")
        humans.add(int(number) - 1)
    try:
        decks = [game.deck(d) for d in deck]
    except KeyError as exc:
        raise _fail(exc.args[0]) from None

    def ready(url: str) -> None:
        typer.echo(t("table.ready", url=url), err=True)
        if open_browser:
            import webbrowser

            webbrowser.open(url)

    serve(Table(game, module, registry, decks, frozenset(humans), agents, seed), port, ready)


def register(app: typer.Typer) -> None:
    """Add ``table`` to the fuda app."""
    app.command("table", help=t("help.table"))(table)

