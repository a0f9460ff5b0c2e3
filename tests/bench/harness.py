"""What the engine playout benchmarks share: the sample pairings, the timed random playouts and
the ratio against a baseline measured in the same process.

Each ``test_bench_<game>.py`` keeps its own baseline (what a game of that size costs at the least)
and its own goal; this module only plays, times and reports.
"""

from __future__ import annotations

import random
import time
from types import ModuleType

from fuda import load_database
from fuda.engine.core import make_agent, run


def sample_setups(module: ModuleType, game_id: str) -> tuple[object, list[tuple]]:
    """The engine registry of the bundled game and the setups of every ordered deck pairing."""
    registry = module.build_registry(load_database().game(game_id))
    decks = registry.game.decks
    return registry, [(module.setup_from_deck(a), module.setup_from_deck(b)) for a in decks for b in decks]


def random_playouts(module: ModuleType, registry, pairs, games: int, *, winner: bool = False) -> int:
    """Play ``games`` random playouts (pairings in turn, seeds 0, 1, ...), each to its end
    (``winner``: and won by someone); returns the number of decisions taken.

    A playout is one random agent answering for every seat, seeded from the game's seed (one
    stream a game, as a playout in a game-tree search draws from): both players play uniformly
    at random, and the game is reproducible from its seed. Two agents would only add a second
    generator's seeding (≈ 3 % of a ryomen game) to what is measured."""
    decisions = 0
    for seed in range(games):
        game = module.new_game(registry, pairs[seed % len(pairs)], seed)
        result = run(game, make_agent("random", seed, 0))
        assert result.finished and (not winner or game.winner is not None)
        decisions += result.decisions
    return decisions


def shuffled_decks(seed: int, size: int) -> tuple[random.Random, list[list[int]]]:
    """A bare baseline's start: its own ``random.Random(seed)`` and two decks of ``size`` cards it shuffled."""
    rnd = random.Random(seed)
    decks = [list(range(size)), list(range(size))]
    for d in decks:
        rnd.shuffle(d)
    return rnd, decks


def best_seconds(fn, *args, rounds: int = 1) -> tuple[float, object]:
    """The least wall time of ``rounds`` calls of ``fn(*args)``, and the last call's result."""
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        result = fn(*args)
        times.append(time.perf_counter() - t0)
    return min(times), result


def measure(benchmark, play, args: tuple, games: int, base: float, *, digits: int = 1, **extra) -> tuple[float, int]:
    """Time ``play(*args)`` (best of 3 rounds) under pytest-benchmark, record games/s, the baseline's
    games/s (``base`` seconds for ``games``), the time ratio and decisions a game; returns the best
    time and the decisions of a round."""
    decisions = benchmark.pedantic(play, args=args, rounds=3, iterations=1)
    ours = benchmark.stats.stats.min
    benchmark.extra_info.update(games_per_second=round(games / ours, 1), baseline_games_per_second=round(games / base, 1),
                                ratio_to_baseline=round(ours / base, digits),
                                decisions_per_game=round(decisions / games, 1), **extra)
    return ours, decisions
