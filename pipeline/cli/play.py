"""``fuda play``, ``fuda match``, ``fuda simulate`` and ``fuda rules``: the engines on the command line.

Game-neutral: each command finds the game's engine through :mod:`engine.games`. The lead wires
them in with ``register(app)``. Exit codes: 0 ok, 1 findings / a failed verification / missing
coverage, 2 usage error; errors are one line ``fuda: error: ...`` or located findings.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

PathOpt = Annotated[list[Path] | None, typer.Option("--path", help="Database folder (default: the bundled sample).")]
GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. recast-rift.", show_default=False)]


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"fuda: error: {message}", err=True)
    return typer.Exit(code)


_DATABASES: dict = {}


def _load(paths):
    """Load (or reuse, while no file changed) the database at ``paths``."""
    from fuda.database import load_database
    from fuda.database.load import find_games

    folders = find_games(paths)
    stamp = tuple((str(f), p.name, p.stat().st_mtime_ns, p.stat().st_size)
                  for f in folders for p in sorted(f.rglob("*.y*ml")))
    cached = _DATABASES.get(stamp)
    if cached is None:
        cached = _DATABASES[stamp] = load_database(paths)
    return cached


def _open(paths, game_id: str):
    """(database, game, engine module, registry), or exit with a usage error / findings."""
    from fuda.database import FindingsError
    from fuda.database.ruleset import engine_for, engines, ruleset_for
    from fuda.engine.games import registry_for

    try:
        database = _load(paths)
    except FileNotFoundError as exc:
        raise _fail(str(exc)) from None
    except FindingsError as exc:
        for finding in exc.findings:
            typer.echo(str(finding), err=True)
        raise typer.Exit(1) from None
    try:
        game = database.game(game_id)
    except KeyError as exc:
        raise _fail(exc.args[0]) from None
    module = engine_for(game.rules)
    if module is None:
        raise _fail(f"{game.id} uses the {ruleset_for(game.rules).name} rule set ({game.rules}), which has no engine: "
                    f"fuda cannot play it (games with an engine: {', '.join(engines())})")
    try:
        registry = registry_for(game)
    except FindingsError as exc:
        for finding in exc.findings:
            typer.echo(str(finding), err=True)
        raise typer.Exit(1) from None
    return database, game, module, registry


def _agents(spec: str, seed: int, seats: int = 2):
    from fuda.engine.core import make_agent

    names = [s.strip() for s in spec.split(",") if s.strip()]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise _fail(f"--agents takes one name or {seats} names separated by commas, got {spec!r}")
    try:
        return names, [make_agent(name, seed, seat) for seat, name in enumerate(names)]
    except ValueError as exc:
        raise _fail(str(exc)) from None


def play(
    game_id: GameArg,
    deck: Annotated[list[str] | None, typer.Option(
        "--deck", help="Deck id, once per player in seat order (two; ryomen also three or four).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="The game's seed.")] = 0,
    agents: Annotated[str, typer.Option("--agents", help="Agents by seat, comma-separated (one name: every seat): random, greedy.")] = "greedy",
    log: Annotated[Path | None, typer.Option("--log", help="Write the replay (with the event log) as JSON here.")] = None,
    replay: Annotated[Path | None, typer.Option("--replay", help="Play this replay file again instead.")] = None,
    verify: Annotated[bool, typer.Option("--verify", help="With --replay: check that it reproduces exactly.")] = False,
    tag: Annotated[bool, typer.Option("--tag", help="Four decks as two teams, seats 1 & 3 against 2 & 4, "
                                      "adding their points (ryomen).")] = False,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only the result.")] = False,
    seat: Annotated[list[str] | None, typer.Option("--seat", help="Who plays a seat: N=human (you, at this terminal), "
                                                   "N=random or N=greedy; repeat for several seats.")] = None,
    auto_forced: Annotated[bool, typer.Option("--auto-forced", help="With a human seat: pass steps with one legal "
                                              "option without asking.")] = False,
    lang: Annotated[str, typer.Option("--lang", help="Language of the human seat's questions: ja or en.")] = "ja",
    path: PathOpt = None,
) -> None:
    """Play one game and print its log (card names as printed); --seat 1=human puts you at the table."""
    from fuda.atomic import write_atomic
    from fuda.engine.core import (
        ChoiceError,
        GameStalled,
        Replay,
        ReplayError,
        record,
        reproduce,
        run,
    )
    from fuda.engine.core import verify as verify_replay

    if verify and replay is None:
        raise _fail("--verify needs --replay FILE")
    database, game, module, registry = _open(path, game_id)
    seats = getattr(module, "PLAYERS", (2,))  # how many players the engine seats
    if replay is None and (not deck or len(deck) not in seats):
        counts = ", ".join(str(n) for n in seats[:-1]) + (" or " if len(seats) > 1 else "") + str(seats[-1])
        raise _fail(f"give {counts} decks, one --deck per player: --deck A --deck B")
    names, players = _agents(agents, seed, len(deck) if deck else 2)
    humans = set()
    for spec in seat or []:
        number, _, who = spec.partition("=")
        if not number.strip().isdigit() or not 1 <= int(number) <= len(names) or who.strip() not in ("human", "random", "greedy"):
            raise _fail(f"--seat takes N=human, N=random or N=greedy with N from 1 to {len(names)}, got {spec!r}")
        if who.strip() == "human":
            humans.add(int(number) - 1)
        else:
            names[int(number) - 1] = who.strip()
    if humans and (replay is not None or tag):
        raise _fail("--seat N=human plays a new two-deck game (not with --replay or --tag)")
    if lang not in ("ja", "en"):
        raise _fail(f"--lang is ja or en, got {lang!r}")
    if humans:
        return _play_human(database, game, module, registry, deck, humans, ",".join(names), seed, auto_forced, lang, log)

    def new_game(setup_doc, game_seed):
        return module.new_game(registry, module.setup_from_json(setup_doc), game_seed)

    if replay is not None:
        try:
            recorded = Replay.load(replay)
        except ReplayError as exc:  # a file edited by hand or cut short: one located line
            raise _fail(str(exc), 1) from None
        except OSError as exc:
            raise _fail(f"{replay}: {exc.strerror or exc}") from None
        if recorded.rules != game.rules:
            raise _fail(f"{replay} is a {recorded.rules} replay, not {game.rules}")
        try:
            played = reproduce(recorded, new_game)
        except ReplayError as exc:  # located at the setup or at the decision that no longer fits
            raise _fail(str(exc), 1) from None
        except (ChoiceError, KeyError, ValueError) as exc:  # a replay that no longer fits: one line
            raise _fail(f"{replay} does not replay: {str(exc).splitlines()[0]}", 1) from None
        if not quiet:
            typer.echo("\n".join(played.transcript()))
        if verify:
            problems = verify_replay(recorded, new_game, database.digest)
            for problem in problems:
                typer.echo(f"fuda: error: {replay}: {problem}", err=True)
            if problems:
                raise typer.Exit(1)
            typer.echo(f"{replay}: verified, the game reproduces exactly ({len(recorded.decisions)} decisions)")
        return
    try:
        setups = [module.setup_from_deck(game.deck(d)) for d in deck]
    except KeyError as exc:
        raise _fail(exc.args[0]) from None
    if tag:
        tag_table = getattr(module, "tag_table", None)
        if tag_table is None:
            raise _fail(f"{game.rules} has no tag matches")
        if len(deck) != 4:
            raise _fail(f"--tag needs four decks (two teams: seats 1 & 3 against 2 & 4), got {len(deck)}")
        setups = tag_table(setups)
    current = module.new_game(registry, setups, seed)
    try:
        run(current, players)
    except GameStalled as exc:
        raise _fail(str(exc), 1) from None
    if not quiet:
        typer.echo("\n".join(current.transcript()))
    w = current.winner
    if w is None:
        winner = "draw"
    elif tag:  # the winner is a team: seats w and w + 2
        winner = f"team {w + 1} (players {w + 1} & {w + 3}: {deck[w]}, {deck[w + 2]})"
    else:
        winner = f"player {w + 1} ({deck[w]}, {names[w]})"
    reason = current.outcome.text("ja") if current.outcome is not None else current.reason
    typer.echo(f"result: {winner} — {reason}")
    if log is not None:
        write_atomic(log, record(current, database.digest).dumps())
        typer.echo(f"replay written to {log}")


def _play_human(database, game, module, registry, deck, humans, agents, seed, auto_forced, lang, log) -> None:
    """A game with a person on each seat of ``humans``, at this terminal (or over a pipe)."""
    from fuda.atomic import write_atomic
    from fuda.engine.core import record
    from fuda.table.session import TableSession
    from fuda.table.terminal import play as play_at_terminal

    try:
        decks = [game.deck(d) for d in deck]
    except KeyError as exc:
        raise _fail(exc.args[0]) from None
    session = TableSession.open(module, registry, decks, humans, agents, seed, auto_forced)
    lines = (line.rstrip("\n") for line in sys.stdin)
    play_at_terminal(session, lines, typer.echo, lang)
    if log is not None and session.game.finished:
        write_atomic(log, record(session.game, database.digest).dumps())
        typer.echo(f"replay written to {log}")


def match(
    game_id: GameArg,
    deck: Annotated[list[str] | None, typer.Option("--deck", help="Deck id of player 1, then of player 2.")] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="Odd (3, 5, 7 …): best of, by games won; even (2, 4 …): "
                                       "by total points, pairings rebuilt every two games; 1: one game.")] = 3,
    seed: Annotated[int, typer.Option("--seed", help="The match's seed (each game's seed derives from it).")] = 0,
    agents: Annotated[str, typer.Option("--agents", help="Agents by seat, comma-separated (one name: every seat): random, greedy.")] = "greedy",
    first: Annotated[int, typer.Option("--first", min=1, max=2, help="Who goes first in game 1 (then it swaps).")] = 1,
    json_out: Annotated[Path | None, typer.Option("--json", help="Write the match (every game) as JSON here.")] = None,
    path: PathOpt = None,
) -> None:
    """Play a match between two decks (the game's match formats) and print every game and the result."""
    from fuda.atomic import write_atomic

    _, game, module, registry = _open(path, game_id)
    play_match = getattr(module, "play_match", None)
    if play_match is None:
        raise _fail(f"{game.rules} has no match formats (fuda play plays single games)")
    if not deck or len(deck) != 2:
        raise _fail("give two decks, one --deck per player: --deck A --deck B")
    names, _ = _agents(agents, seed)
    try:
        setups = [module.setup_from_deck(game.deck(d)) for d in deck]
    except KeyError as exc:
        raise _fail(exc.args[0]) from None
    try:
        result = play_match(registry, setups, games, seed, names, first - 1)
    except ValueError as exc:  # a format the game does not have
        raise _fail(str(exc)) from None
    for number, record in enumerate(result.games, 1):
        outcome = "draw" if record.winner is None else f"player {record.winner + 1} wins"
        typer.echo(f"game {number}: {' vs '.join(record.decks)}, player {record.first + 1} first — {outcome} "
                   f"({'–'.join(map(str, record.totals))} points, seed {record.seed})")
    score = f"{'–'.join(map(str, result.wins))} in games, {'–'.join(map(str, result.points))} in points"
    winner = "draw" if result.winner is None else f"player {result.winner + 1} ({deck[result.winner]})"
    typer.echo(f"match ({result.format}, decided by {'total points' if result.by_points else 'games won'}): {winner} — {score}")
    if json_out is not None:
        write_atomic(json_out, json.dumps({"game": game.id, "decks": list(deck), "agents": names, "seed": seed,
                                            **result.as_json()}, ensure_ascii=False, indent=2) + "\n")
        typer.echo(f"wrote {json_out}")


def simulate(
    game_id: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Games per pairing, split evenly over both seats (and both agent sides).")] = 20,
    seed: Annotated[int, typer.Option("--seed", help="The run's seed (each game's seed derives from it).")] = 0,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Local worker processes.")] = 1,
    scheduler: Annotated[str | None, typer.Option("--scheduler", help="A Dask scheduler address (tcp://HOST:8786) to run the games on a cluster.")] = None,
    agents: Annotated[str, typer.Option("--agents", help="Two agents A,B (each plays every entrant on both seats) or one name for both: random, greedy.")] = "greedy",
    out: Annotated[Path, typer.Option("--out", "-o", help="Output folder.")] = Path("simulation"),
    path: PathOpt = None,
) -> None:
    """Play every pairing of the game's entrants many times; print win rates with 95 % intervals; write CSV, JSON and a heat map (PNG)."""
    from fuda.simulation import simulate as run_simulation
    from fuda.simulation import table, write_outputs
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    database, game, module, registry = _open(path, game_id)
    names, _ = _agents(agents, seed)
    if len(names) != 2:
        raise _fail("--agents takes one name or two (A,B)")
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, disable=not sys.stderr.isatty(), transient=True) as bar:
        task = bar.add_task(f"{game.id}: games", total=None)
        try:
            sim = run_simulation(game, module, registry, games=games, seed=seed, agents=tuple(names), jobs=jobs,
                                 scheduler=scheduler, progress=lambda done, total: bar.update(task, completed=done, total=total))
        except ValueError as exc:
            raise _fail(str(exc)) from None
        except OSError as exc:  # a scheduler that cannot be reached
            raise _fail(f"cannot reach the scheduler {scheduler}: {exc}") from None
    files = write_outputs(out, game, sim, {"database": database.digest})
    for line in table(sim):
        typer.echo(line)
    for f in files:
        typer.echo(f"wrote {f}")


def rules(
    game_id: GameArg,
    tests: Annotated[list[Path] | None, typer.Option("--tests", help="Test folders to scan (default: the checkout's tests/).")] = None,
    fmt: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    path: PathOpt = None,
) -> None:
    """Print the rules catalogue with the tests that cover each clause."""
    from fuda.engine.core.catalogue import coverage, scan_tests

    _, game, module, _ = _open(path, game_id)
    if fmt not in ("text", "json"):
        raise _fail(f"--format is text or json, got {fmt!r}")
    roots = tests or [Path(__file__).resolve().parents[2] / "tests"]
    missing = [str(r) for r in roots if not Path(r).exists()]
    if missing:
        raise _fail(f"no test folder {', '.join(missing)} (an installed fuda has no tests; pass --tests DIR)")
    root = Path(roots[0]).resolve().parent
    report = coverage(module.CATALOGUE, scan_tests(roots, root))
    if fmt == "json":
        typer.echo(json.dumps({
            "game": game.id, "rules": game.rules,
            "clauses": [{"id": c.id, "rule": c.rule, "interpretation": c.interpretation, "waiver": c.waiver,
                         "tests": report.tests.get(c.id, [])} for c in module.CATALOGUE.clauses],
            "uncovered": list(report.uncovered), "unknown": [list(u) for u in report.unknown],
        }, ensure_ascii=False, indent=2))
    else:
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"{game.name} ({game.rules}) — clause coverage")
        for column in ("clause", "status", "tests", "first test / waiver"):
            table.add_column(column)
        for cid, status, n, first in report.rows():
            table.add_row(cid, status, str(n), first)
        Console(width=max(140, Console().width)).print(table)
        covered = sum(1 for r in report.rows() if r[1] != "MISSING")
        typer.echo(f"{covered}/{len(report.rows())} clauses covered")
        for test, cid in report.unknown:
            typer.echo(f"fuda: error: {test} cites unknown clause {cid}", err=True)
    if report.uncovered or report.unknown:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add ``play``, ``match``, ``simulate`` and ``rules`` to the fuda app."""
    app.command("play")(play)
    app.command("match")(match)
    app.command("simulate")(simulate)
    app.command("rules")(rules)
