"""Benchmark: how strong ``mcts`` is, at its default budget, against ``greedy`` and ``random``.

Run with ``python -m pytest tests/bench/test_bench_mcts.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). Issue #17's goals, per game: ≥ 65 % of the games
against ``greedy`` and ≥ 90 % against ``random`` over ≥ 400 seeded games with seats swapped;
issue #30's for the custom engine (hoshikage, kenbu): ≥ 60 % and ≥ 85 %. The
baseline is the opponent agent itself, measured in the same run: every game is a seating of two
entrants (every pairing of the sample decks, each deck on each seat) with ``mcts`` on one side,
played through :func:`fuda.simulation.simulate` — the path ``fuda simulate --agents mcts,greedy``
takes — on ``FUDA_BENCH_JOBS`` processes (default 2). A draw counts half.

The full run is long: ``mcts`` searches 50 iterations per decision, each a copy of the game
replayed from its seed and played out greedily, so a game costs from ≈ 0.5 s (ryomen) to
≈ 20 s (RAISE×BLAZE) of one core. ``FUDA_BENCH_GAMES`` sets the number of games per game and
opponent (default 400); the report gives the Wilson interval, so a shorter run says how sure it is.
``FUDA_BENCH_SEED`` (default 17) sets the run's seed: a second seed checks a result on games
nobody looked at while tuning.
Decisions per second are measured on the first games apart, in this process.
"""

from __future__ import annotations

import os
import time

import pytest

from fuda.database import load_database
from fuda.database.resources import cards_dir
from fuda.engine.core import make_agent, run
from fuda.engine.games import engine_for, registry_for
from fuda.simulation import plan, simulate

GAMES = int(os.environ.get("FUDA_BENCH_GAMES", "400"))
JOBS = int(os.environ.get("FUDA_BENCH_JOBS", "2"))
SEED = int(os.environ.get("FUDA_BENCH_SEED", "17"))
GOALS = {"greedy": 0.65, "random": 0.90}
#: Issue #30's goals for the engine of a designer's own game (rules: custom), played from data.
CUSTOM_GOALS = {"greedy": 0.60, "random": 0.85}
IDS = ["recast-rift", "toho-tcg", "raise-blaze", "ryomen", "hoshikage", "kenbu"]


def goal(game, opponent: str) -> float:
    """The share of games mcts must win against ``opponent`` in ``game``."""
    return (CUSTOM_GOALS if game.rules == "custom" else GOALS)[opponent]


def _per_pairing(n_entrants: int, agents: tuple[str, str]) -> int:
    """The ``games`` argument that makes the run at least ``GAMES`` games in all."""
    per = 1
    while sum(c.count for c in plan(n_entrants, per, agents)) < GAMES:
        per += 1
    return per


def _decisions_per_second(module, registry, entrants, opponent: str, games: int = 2) -> float:
    searched = 0
    t0 = time.process_time()
    for k in range(games):
        setups = (entrants[0].setup, entrants[-1].setup)
        game = module.new_game(registry, setups, 7000 + k)
        agents = [make_agent("mcts", 7000 + k, 0), make_agent(opponent, 7000 + k, 1)]
        run(game, agents)
        searched += agents[0].decided
    return searched / (time.process_time() - t0)


@pytest.mark.parametrize("opponent", ["greedy", "random"])
@pytest.mark.parametrize("game_id", IDS)
def test_mcts_against(game_id, opponent):
    """mcts at its default budget wins ≥ 65 % against greedy and ≥ 90 % against random (a custom
    game: ≥ 60 % and ≥ 85 %)."""
    game = load_database([cards_dir() / game_id]).game(game_id)
    module, registry = engine_for(game.rules), registry_for(game)
    entrants = module.entrants(registry)
    agents = ("mcts", opponent)
    t0 = time.perf_counter()
    sim = simulate(game, module, registry, games=_per_pairing(len(entrants), agents), seed=SEED, agents=agents,
                   jobs=JOBS)
    wall = time.perf_counter() - t0
    rate = sim.agent_rates["mcts"]
    first = sim.seat_rates["first-player"]
    speed = _decisions_per_second(module, registry, entrants, opponent)
    print(f"\n{game_id}: mcts against {opponent}, seed {SEED}: {rate.value:.1%} of {rate.games} games "
          f"(95 % interval {rate.low:.1%}–{rate.high:.1%}; goal ≥ {goal(game, opponent):.0%}); "
          f"first player won {first.value:.1%}; {speed:.1f} searched decisions/s on one core; "
          f"{wall:.0f} s wall on {JOBS} job(s)")
    assert rate.games >= GAMES
    assert rate.value >= goal(game, opponent)
