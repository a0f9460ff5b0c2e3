"""``fuda table``: play against fuda's agents in the browser (served to this machine only)."""

from __future__ import annotations

from typing import Annotated

import typer

from fuda.cli.common import GameArg, PathOpt, SampleOpt, fail, failures, open_game
from fuda.i18n import t


def table(
    game_id: GameArg = None,
    deck: Annotated[list[str] | None, typer.Option("--deck", help=t("opt.table.deck"))] = None,
    seat: Annotated[list[str] | None, typer.Option("--seat", help=t("opt.table.seat"))] = None,
    agents: Annotated[str, typer.Option("--agents", help=t("opt.table.agents"))] = "greedy",
    seed: Annotated[int, typer.Option("--seed", help=t("opt.table.seed"))] = 0,
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help=t("opt.table.port"))] = 0,
    host: Annotated[str, typer.Option("--host", help=t("opt.table.host"))] = "127.0.0.1",
    open_browser: Annotated[bool, typer.Option("--open", help=t("opt.table.open"))] = False,
    sandbox: Annotated[bool, typer.Option("--sandbox", help=t("opt.table.sandbox"))] = False,
    path: PathOpt = None,
    sample: SampleOpt = False,
) -> None:
    """Serve a table (on 127.0.0.1 unless --host says otherwise) where you play a game by clicking;
    each human seat gets its own URL with a token. Ctrl-C stops it."""
    from fuda.database.ruleset import engine_for
    from fuda.engine.games import registry_for
    from fuda.table.server import Table, serve

    _, game, _ = open_game(game_id, path, sample, "table")
    module = engine_for(game.rules)
    if module is None or not getattr(module, "plays", lambda g: True)(game):
        sandbox = True  # a game without an engine (a custom game without play:): the free table
    registry, seats = None, (1, 2, 3, 4)
    if not sandbox:
        with failures():  # a card the engine cannot compile: its located findings, exit 1
            registry = registry_for(game)
        seats = getattr(module, "PLAYERS", (2,))
    if not deck:  # as `fuda play`: the game's decks when they fit, its one deck for both seats
        from fuda.cli.play import default_decks

        deck = default_decks(game, (2,) if sandbox else seats)
    if not deck or len(deck) not in seats:
        raise fail("err.table.decks")
    humans = set(range(len(deck))) if sandbox else set()
    for spec in [] if sandbox else seat or ["1=human"]:
        number, _, who = spec.partition("=")
        if not number.strip().isdigit() or not 1 <= int(number) <= len(deck) or who.strip() != "human":
            raise fail("err.table.seat", seats=len(deck), spec=spec)
        humans.add(int(number) - 1)
    from fuda.cli.play import parse_agents

    if not sandbox:
        parse_agents(agents, seed, len(deck))  # an unknown agent or a bad budget is a usage error here, not in the server
    with failures(KeyError):  # an unknown deck
        decks = [game.deck(d) for d in deck]

    from fuda.i18n import language
    from fuda.table.server import LOOPBACK, host_allowed

    if not host_allowed(host) and host not in ("0.0.0.0", "::"):
        raise fail("err.table.bad_host", host=host)
    if host not in LOOPBACK:
        typer.echo(t("table.lan", host=host), err=True)

    def ready(urls: dict) -> None:
        first = urls[min(urls)]
        typer.echo(t("table.ready", url=first), err=True)
        for seat_number, url in sorted(urls.items()):
            typer.echo(t("table.seat_url", seat=seat_number, url=url), err=True)
        if open_browser:
            import webbrowser

            webbrowser.open(first)

    serve(Table(game, module, registry, decks, frozenset(humans), agents, seed, language(), host, sandbox=sandbox),
          port, ready)


def register(app: typer.Typer) -> None:
    """Add ``table`` to the fuda app."""
    app.command("table", help=t("help.table"))(table)

