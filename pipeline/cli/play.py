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

from fuda.cli.common import (
    GameArg,
    OutDirOpt,
    PathOpt,
    SampleOpt,
    fail,
    fail_text,
    failures,
    note,
    open_game,
)
from fuda.cli.progress import Progress
from fuda.i18n import language, localize, t


def _open(game_id: str, paths=None, sample: bool = False, command: str = ""):
    """(database, game, engine module, registry, source), or exit with a usage error / findings."""
    from fuda.database.ruleset import engine_for, engines, ruleset_for
    from fuda.engine.games import registry_for

    database, game, src = open_game(game_id, paths, sample, command)
    module = engine_for(game.rules)
    if module is None:
        raise fail("err.no_engine", game=game.id, name=ruleset_for(game.rules).name, rules=game.rules,
                   engines=", ".join(engines()))
    if not getattr(module, "plays", lambda g: True)(game):  # a custom game without play:
        raise fail("err.play.no_play", game=game.id)
    with failures():  # a card the engine cannot compile: its located findings, exit 1
        registry = registry_for(game)
    return database, game, module, registry, src


def _opt(name: str, *flags: str, **kw):
    return typer.Option(*flags, help=t(f"opt.{name}"), **kw)


def default_decks(game, seats) -> list[str] | None:
    """The decks a game is played with when none is named: its decks when it has exactly as many
    as the fewest seats, its one deck for every seat (a mirror match), else None (name them)."""
    ids = [d.id for d in game.decks]
    if len(ids) == seats[0]:
        chosen = ids
    elif len(ids) == 1:
        chosen = ids * seats[0]
    else:
        return None
    note("play.decks_chosen", decks=", ".join(chosen))
    return chosen


def parse_agents(spec: str, seed: int, seats: int = 2):
    """The agent names of ``--agents`` (one for every seat, or one per seat) and the agents made
    from them; an unknown agent, a wrong count or a budget an agent cannot use is a usage error."""
    from fuda.engine.core import make_agent

    names = [s.strip() for s in spec.split(",") if s.strip()]
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise fail("err.agents", seats=seats, spec=spec)
    from fuda.engine.core.agents import AGENTS

    for name in names:
        if name.partition(":")[0] not in AGENTS:
            raise fail("err.unknown_agent", name=name, known=", ".join(AGENTS))
    try:
        return names, [make_agent(name, seed, seat) for seat, name in enumerate(names)]
    except ValueError:  # a budget mcts cannot use, or a budget given to another agent
        raise fail("err.agent_budget", name=next(n for n in names if ":" in n)) from None


class _Variant:
    """An engine module whose new games play the named rule variants (the module's ``VARIANTS``;
    its ``new_game`` takes ``variants=``). Everything else is the module's own."""

    def __init__(self, module, names: tuple[str, ...]):
        self._module, self.variants = module, names

    def __getattr__(self, name: str):
        return getattr(self._module, name)

    def new_game(self, registry, setups, seed: int, position=None):
        return self._module.new_game(registry, setups, seed, position, variants=self.variants)


def _variants(module, names, rules: str):
    """``module`` itself without variants, else a :class:`_Variant` of it; a usage error for a name
    the engine does not have."""
    if not names:
        return module
    known = getattr(module, "VARIANTS", {})
    for name in names:
        if name not in known:
            if not known:
                raise fail("err.variant.none", rules=rules, name=name)
            raise fail("err.variant.unknown", rules=rules, name=name, known=", ".join(known))
    return _Variant(module, tuple(sorted(set(names))))


def play(
    game_id: GameArg = None,
    deck: Annotated[list[str] | None, _opt("play.deck", "--deck")] = None,
    seed: Annotated[int, _opt("play.seed", "--seed")] = 0,
    agents: Annotated[str, _opt("play.agents", "--agents")] = "greedy",
    log: Annotated[Path | None, _opt("play.log", "--log")] = None,
    replay: Annotated[Path | None, _opt("play.replay", "--replay")] = None,
    verify: Annotated[bool, _opt("play.verify", "--verify")] = False,
    tag: Annotated[bool, _opt("play.tag", "--tag")] = False,
    quiet: Annotated[bool, _opt("play.quiet", "--quiet", "-q")] = False,
    seat: Annotated[list[str] | None, _opt("play.seat", "--seat")] = None,
    auto_forced: Annotated[bool, _opt("play.auto_forced", "--auto-forced")] = False,
    variant: Annotated[list[str] | None, _opt("variant", "--variant")] = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
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
        raise fail("err.verify_needs_replay")
    database, game, module, registry, _ = _open(game_id, path, sample, "play")
    if variant and replay is not None:
        raise fail("err.variant.replay", path=replay)
    module = _variants(module, variant, game.rules)
    seats = getattr(module, "PLAYERS", (2,))  # how many players the engine seats
    if replay is None and not deck:
        deck = default_decks(game, seats)
    if replay is None and (not deck or len(deck) not in seats):
        counts = t("word.or", some=t("word.list_sep").join(map(str, seats[:-1])), last=seats[-1]) \
            if len(seats) > 1 else str(seats[-1])
        raise fail("err.play.decks", counts=counts)
    names, players = parse_agents(agents, seed, len(deck) if deck else 2)
    humans = set()
    for spec in seat or []:
        number, _, who = spec.partition("=")
        if not number.strip().isdigit() or not 1 <= int(number) <= len(names) or who.strip() not in ("human", "random", "greedy"):
            raise fail("err.play.seat", seats=len(names), spec=spec)
        if who.strip() == "human":
            humans.add(int(number) - 1)
        else:
            names[int(number) - 1] = who.strip()
    if humans and (replay is not None or tag):
        raise fail("err.play.seat_human")
    if humans:
        return _play_human(database, game, module, registry, deck, humans, ",".join(names), seed, auto_forced,
                           language(), log)

    def new_game(setup_doc, game_seed):
        return module.new_game(registry, module.setup_from_json(setup_doc), game_seed)

    if replay is not None:
        with failures(failed=(ReplayError,), path=replay):  # a file edited by hand or cut short: one located line
            recorded = Replay.load(replay)
        if recorded.rules != game.rules:
            raise fail("err.play.replay_rules", path=replay, found=recorded.rules, want=game.rules)
        try:
            played = reproduce(recorded, new_game)
        except ReplayError as exc:  # located at the setup or at the decision that no longer fits
            raise fail_text(exc, 1) from None
        except (ChoiceError, KeyError, ValueError) as exc:  # a replay that no longer fits: one line
            raise fail("err.play.no_replay", 1, path=replay, reason=localize(exc).splitlines()[0]) from None
        if not quiet:
            typer.echo("\n".join(played.transcript()))
        recorded_variants = recorded.setup.get("variants") if isinstance(recorded.setup, dict) else None
        if recorded_variants:
            typer.echo(t("play.variants", names=", ".join(recorded_variants)))
        if verify:
            problems = verify_replay(recorded, new_game, database.digest)
            for problem in problems:
                fail_text(f"{replay}: {problem}")
            if problems:
                raise typer.Exit(1)
            typer.echo(t("play.verified", path=replay, count=len(recorded.decisions)))
        return
    with failures(KeyError):  # an unknown deck
        setups = [module.setup_from_deck(game.deck(d)) for d in deck]
    if tag:
        tag_table = getattr(module, "tag_table", None)
        if tag_table is None:
            raise fail("err.play.no_tag", rules=game.rules)
        if len(deck) != 4:
            raise fail("err.play.tag_decks", count=len(deck))
        setups = tag_table(setups)
    current = module.new_game(registry, setups, seed)
    with failures(failed=(GameStalled,)):
        run(current, players)
    if not quiet:
        typer.echo("\n".join(current.transcript()))
    if variant:
        typer.echo(t("play.variants", names=", ".join(module.variants)))
    w = current.winner
    if w is None:
        winner = t("play.draw")
    elif tag:  # the winner is a team: seats w and w + 2
        winner = t("play.team", team=w + 1, a=w + 1, b=w + 3, deck_a=deck[w], deck_b=deck[w + 2])
    else:
        winner = t("play.player", n=w + 1, deck=deck[w], agent=names[w])
    reason = current.outcome.text(language()) if current.outcome is not None else current.reason
    typer.echo(t("play.result", winner=winner, reason=reason))
    if log is not None:
        write_atomic(log, record(current, database.digest).dumps())
        typer.echo(t("play.replay_written", path=log))


def _play_human(database, game, module, registry, deck, humans, agents, seed, auto_forced, lang, log) -> None:
    """A game with a person on each seat of ``humans``, at this terminal (or over a pipe)."""
    from fuda.atomic import write_atomic
    from fuda.engine.core import record
    from fuda.table.session import TableSession
    from fuda.table.terminal import play as play_at_terminal

    with failures(KeyError):  # an unknown deck
        decks = [game.deck(d) for d in deck]
    session = TableSession.open(module, registry, decks, humans, agents, seed, auto_forced)
    lines = (line.rstrip("\n") for line in sys.stdin)
    play_at_terminal(session, lines, typer.echo, lang)
    if log is not None and session.game.finished:
        write_atomic(log, record(session.game, database.digest).dumps())
        typer.echo(t("play.replay_written", path=log))


def match(
    game_id: GameArg = None,
    deck: Annotated[list[str] | None, _opt("match.deck", "--deck")] = None,
    games: Annotated[int, _opt("match.games", "--games", "-n")] = 3,
    seed: Annotated[int, _opt("match.seed", "--seed")] = 0,
    agents: Annotated[str, _opt("play.agents", "--agents")] = "greedy",
    first: Annotated[int, _opt("match.first", "--first", min=1, max=2)] = 1,
    json_out: Annotated[Path | None, _opt("match.json", "--json")] = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
) -> None:
    """Play a match between two decks (the game's match formats) and print every game and the result."""
    from fuda.atomic import write_atomic

    _, game, module, registry, _ = _open(game_id, path, sample, "match")
    play_match = getattr(module, "play_match", None)
    if play_match is None:
        raise fail("err.match.no_formats", rules=game.rules)
    deck = deck or default_decks(game, (2,))
    if not deck or len(deck) != 2:
        raise fail("err.match.decks")
    names, _ = parse_agents(agents, seed)
    with failures(KeyError, ValueError):  # an unknown deck, a format the game does not have
        setups = [module.setup_from_deck(game.deck(d)) for d in deck]
        result = play_match(registry, setups, games, seed, names, first - 1)
    for number, record in enumerate(result.games, 1):
        outcome = t("match.game_draw") if record.winner is None else t("match.game_win", n=record.winner + 1)
        typer.echo(t("match.game", number=number, decks=t("match.vs").join(record.decks), first=record.first + 1,
                     outcome=outcome, points="–".join(map(str, record.totals)), seed=record.seed))
    score = t("match.score", wins="–".join(map(str, result.wins)), points="–".join(map(str, result.points)))
    winner = t("play.draw") if result.winner is None else t("match.winner", n=result.winner + 1,
                                                            deck=deck[result.winner])
    decided = t("match.by_points" if result.by_points else "match.by_games")
    typer.echo(t("match.result", format=result.format, decided=decided, winner=winner, score=score))
    if json_out is not None:
        write_atomic(json_out, json.dumps({"game": game.id, "decks": list(deck), "agents": names, "seed": seed,
                                            **result.as_json()}, ensure_ascii=False, indent=2) + "\n")
        typer.echo(t("wrote", path=json_out))


def simulate(
    game_id: GameArg = None,
    games: Annotated[int, _opt("simulate.games", "--games", "-n", min=1)] = 20,
    seed: Annotated[int, _opt("simulate.seed", "--seed")] = 0,
    jobs: Annotated[int, _opt("simulate.jobs", "--jobs", "-j", min=1)] = 1,
    scheduler: Annotated[str | None, _opt("simulate.scheduler", "--scheduler")] = None,
    agents: Annotated[str, _opt("simulate.agents", "--agents")] = "greedy",
    variant: Annotated[list[str] | None, _opt("variant", "--variant")] = None,
    out: OutDirOpt = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
) -> None:
    """Play every pairing of the game's entrants many times; print win rates with 95 % intervals; write CSV, JSON and a heat map (PNG)."""
    from fuda.simulation import simulate as run_simulation
    from fuda.simulation import table, write_outputs

    database, game, module, registry, src = _open(game_id, path, sample, "simulate")
    if variant and scheduler is not None:
        raise fail("err.variant.scheduler")
    module = _variants(module, variant, game.rules)
    names, _ = parse_agents(agents, seed)
    if len(names) != 2:
        raise fail("err.simulate.agents")
    with Progress().stage("stage.games", counted=True) as advance:
        try:
            sim = run_simulation(game, module, registry, games=games, seed=seed, agents=tuple(names), jobs=jobs,
                                 scheduler=scheduler, progress=advance.to)
        except ValueError as exc:
            raise fail_text(exc) from None
        except OSError as exc:  # a scheduler that cannot be reached
            raise fail("err.simulate.scheduler", scheduler=scheduler, reason=exc) from None
    meta = {"database": database.digest, **({"variants": list(module.variants)} if variant else {})}
    files = write_outputs(out or src.out(None) / "simulation", game, sim, meta)
    for line in table(sim, {c.id: c.name for c in game.cards}):
        typer.echo(line)
    for f in files:
        typer.echo(t("wrote", path=f))


def rules(
    game_id: GameArg = None,
    tests: Annotated[list[Path] | None, _opt("rules.tests", "--tests")] = None,
    fmt: Annotated[str, _opt("format", "--format")] = "text",
    path: PathOpt = None,
    sample: SampleOpt = False,
) -> None:
    """Print the rules clause by clause (text, then the engine's reading); with --tests, the tests proving each."""
    from fuda.engine.core.catalogue import coverage, scan_tests

    if fmt not in ("text", "json"):
        raise fail("err.rules.format", fmt=fmt)
    with failures():  # (a rules writer's broken rules.yaml: its located findings, exit 1)
        name, rules_id, module = _rules_of(game_id, path, sample)
    catalogue = module.CATALOGUE
    report = None
    if tests:
        roots = [Path(r).absolute() for r in tests]
        missing = [str(r) for r in roots if not r.is_dir()]
        if missing:
            raise fail("err.rules.no_tests", paths=", ".join(missing))
        report = coverage(catalogue, scan_tests(roots, roots[0].parent))
    proved = report.tests if report else {}
    variants = tuple(getattr(module, "VARIANTS", {}).values())
    if fmt == "json":
        typer.echo(json.dumps({
            "game": name, "rules": rules_id,
            "clauses": [{"id": c.id, "rule_ja": c.ja or None, "rule": c.rule,
                         "interpretation_ja": c.ja_interpretation or None,
                         "interpretation": c.interpretation, "waiver": c.waiver,
                         **({"tests": proved.get(c.id, [])} if report else {})} for c in catalogue.clauses],
            **({"uncovered": list(report.uncovered), "unknown": [list(u) for u in report.unknown]} if report else {}),
            **({"variants": [{"name": v.name, "clauses": list(v.clauses), "rule_ja": v.ja, "rule": v.rule}
                             for v in variants]} if variants else {}),
        }, ensure_ascii=False, indent=2))
    else:
        typer.echo(t("rules.title", name=name, rules=rules_id))
        for c in catalogue.clauses:
            typer.echo("")
            typer.echo(f"{c.id}  {_clause_text(c)}")
            reading = _reading_text(c)
            if reading:
                typer.echo(f"    {t('rules.reading')}: {reading}")
            if c.waiver:
                typer.echo(f"    {t('rules.waiver')}: {c.waiver}")
            if report is not None:
                names = proved.get(c.id, [])
                typer.echo(f"    {t('rules.tests')}: {', '.join(names) if names else t('rules.missing')}")
        if variants:
            typer.echo("")
            typer.echo(t("rules.variants"))
            for v in variants:
                typer.echo("")
                typer.echo(t("rules.variant_head", name=v.name, clauses=", ".join(v.clauses)))
                typer.echo(f"    {v.ja if v.ja and language() == 'ja' else v.rule}")
        typer.echo("")
        if report is None:
            typer.echo(t("rules.count", total=len(catalogue.clauses)))
        else:
            covered = len(catalogue.clauses) - len(report.uncovered)
            typer.echo(t("rules.covered", covered=covered, total=len(catalogue.clauses)))
            for test, cid in report.unknown:
                fail_text(t("err.rules.unknown_clause", test=test, clause=cid))
    if report is not None and (report.uncovered or report.unknown):
        raise typer.Exit(1)


def _rules_of(game_id: str, path, sample: bool):
    """(title, rules id, engine module) for GAME: a game (id or folder) or, with no database
    to look in, the id of a rule set itself (``fuda rules toho-tcg`` works anywhere)."""
    from fuda.cli.common import load, looks_like_path, source
    from fuda.database.discover import find_root, is_game
    from fuda.database.ruleset import engine_for, rulesets

    module = engine_for(game_id) if game_id in rulesets() else None
    if module is not None and not (path or sample or looks_like_path(game_id) or is_game(Path(game_id))):
        root = find_root()
        if root is None or game_id not in {g.id for g in load(source([root.path], announce=False)).games}:
            return game_id, game_id, module
    _, game, module, _, _ = _open(game_id, path, sample, "rules")
    return game.name, game.rules, module


def _clause_text(clause) -> str:
    """The clause's text in the user's language (Japanese, or English with --lang en)."""
    return clause.ja if clause.ja and language() == "ja" else clause.rule


def _reading_text(clause) -> str:
    """The reading the engine takes, in the user's language."""
    if clause.ja_interpretation and language() == "ja":
        return clause.ja_interpretation
    return clause.interpretation


def register(app: typer.Typer) -> None:
    """Add ``play``, ``match``, ``simulate`` and ``rules`` to the fuda app."""
    for name, func in (("play", play), ("match", match), ("simulate", simulate), ("rules", rules)):
        app.command(name, help=t(f"help.{name}"))(func)
