"""``fuda test``: run the conformance scenarios of games of your own (``rules: custom``).

A thin shell over :mod:`fuda.engine.custom.conformance`: it finds the games (GAME, the game
folder the user stands in, or every custom game with ``play:`` of the database found), runs
each game's ``scenarios/*.yaml`` in name order, prints one ``成功`` line per passed scenario (not
with ``-q``) and the located lines of every failure, then a summary per game (and a total when
there are several). Exit 0 every scenario passed, 1 a scenario failed or could not be read (or a
game's cards do not compile), 2 usage.
"""

from __future__ import annotations

from typing import Annotated

import typer

from fuda.cli.common import GameArg, PathOpt, SampleOpt, fail, failures, load, open_game, quiet, source
from fuda.i18n import t


def test_command(
    game_id: GameArg = None,
    only: Annotated[list[str] | None, typer.Option("--only", help=t("opt.test.only"))] = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
) -> None:
    """Run the conformance scenarios of a game of your own (or of every one found)."""
    from fuda.database.findings import display_path
    from fuda.engine.custom import plays
    from fuda.engine.custom.cards import static_of
    from fuda.engine.custom.conformance import run_file
    from fuda.engine.custom.scenario import FOLDER, scenario_files
    from fuda.engine.games import registry_for

    games = _games(game_id, path, sample)
    passed_all = failed_all = 0
    ran = 0
    for game in games:
        if not _has_scenarios(game):
            raise fail("err.test.not_custom", game=game.id, rules=game.rules)
        if not plays(game):
            raise fail("err.play.no_play", game=game.id)
        files = [p for p in scenario_files(game.folder) if not only or any(o in p.name for o in only)]
        if not files:
            if game_id:
                raise fail("err.test.none", game=game.id, folder=display_path(game.folder / FOLDER))
            continue
        with failures():  # a card the engine cannot compile: its located findings, exit 1
            registry = registry_for(game)
        static = static_of(registry)
        passed = failed = 0
        for file in files:
            result = run_file(file, static, registry)
            if result.passed:
                passed += 1
                if not quiet():
                    typer.echo(t("test.pass", path=display_path(file), name=result.name))
                continue
            failed += 1
            for problem in result.problems:
                typer.echo(problem.render())
        typer.echo(t("test.summary", game=game.id, passed=passed, failed=failed))
        passed_all, failed_all, ran = passed_all + passed, failed_all + failed, ran + 1
    if ran == 0:
        raise fail("err.test.none", game=", ".join(g.id for g in games) or "—", folder=FOLDER + "/")
    if ran > 1:
        typer.echo(t("test.total", passed=passed_all, failed=failed_all))
    raise typer.Exit(1 if failed_all else 0)


def _games(game_id, path, sample) -> list:
    """The games to test: GAME; else the game folder the user stands in; else every custom game
    with ``play:`` of the database found."""
    from fuda.database.discover import find_root
    from fuda.engine.custom import plays

    if game_id:
        return [open_game(game_id, path, sample, "test")[1]]
    root = None if (path or sample) else find_root()
    if root is not None and root.kind == "game":
        return [open_game(str(root.path), None, False, "test")[1]]
    database = load(source(path, sample))
    found = [g for g in database.games if _has_scenarios(g) and plays(g)]
    if not found:
        raise fail("err.test.no_custom", games=", ".join(g.id for g in database.games) or t("none"))
    return found


def _has_scenarios(game) -> bool:
    """Whether ``game`` is played by the engine of games of your own (:mod:`fuda.engine.custom`),
    whose conformance scenarios ``fuda test`` runs, whatever rule set names it."""
    from fuda.database.ruleset import engine_for
    from fuda.engine import custom

    return engine_for(game.rules) is custom
