"""Benchmark: complete toho-tcg games per second with random agents, on one core, against a
bare-Python baseline measured in the same run.

Run with ``python -m pytest tests/bench/test_bench_toho_tcg.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). The goal is ≥ 100 complete games/s. The
baseline plays a stripped-down game loop with plain lists and ``random.Random`` (shuffle two
30-card decks, draw up to 7 a turn, trash a random number of cards for 霊力, hit the opponent
for a random 0–3 cards, until a deck is empty) — the least bookkeeping a game of this size
needs — so the printed ratio (engine time / baseline time per game) says how much the rules,
priority windows, decisions, log and agents cost on any machine, whatever its speed.
"""

from __future__ import annotations

import random
import time

from engine import toho_tcg as tt
from engine.core import make_agent, run
from pipeline import load_database

GAMES = 400
GOAL = 100


def _setups():
    registry = tt.build_registry(load_database().game("toho-tcg"))
    decks = registry.game.decks
    return registry, [(tt.setup_from_deck(a), tt.setup_from_deck(b)) for a in decks for b in decks]


def play(registry, pairs, games: int) -> int:
    """Play ``games`` random games; returns the number of decisions taken."""
    decisions = 0
    for seed in range(games):
        game = tt.new_game(registry, pairs[seed % len(pairs)], seed)
        result = run(game, [make_agent("random", seed, 0), make_agent("random", seed, 1)])
        assert result.finished and game.winner is not None
        decisions += result.decisions
    return decisions


def baseline(games: int) -> int:
    """A bare game loop: the least bookkeeping a game of this size needs."""
    turns = 0
    for seed in range(games):
        rnd = random.Random(seed)
        decks = [list(range(30)), list(range(30))]
        for d in decks:
            rnd.shuffle(d)
        hands, trash, p = [[], []], [[], []], 0
        while decks[0] and decks[1]:
            for _ in range(rnd.randrange(max(1, 8 - len(hands[p])))):
                if decks[p]:
                    hands[p].append(decks[p].pop())
            for _ in range(rnd.randrange(len(hands[p]) + 1)):
                trash[p].append(hands[p].pop(rnd.randrange(len(hands[p]))))
            for _ in range(rnd.randrange(4)):
                if decks[1 - p]:
                    trash[1 - p].append(decks[1 - p].pop())
            p = 1 - p
            turns += 1
    return turns


def test_random_playouts_per_second(benchmark):
    """Random-agent games per second (goal ≥ 100 on one core), with the ratio to the baseline."""
    registry, pairs = _setups()
    play(registry, pairs, 20)  # warm up
    t0 = time.perf_counter()
    baseline(GAMES)
    base = time.perf_counter() - t0
    c0 = time.process_time()
    decisions = benchmark.pedantic(play, args=(registry, pairs, GAMES), rounds=3, iterations=1)
    cpu = (time.process_time() - c0) / 3
    ours = benchmark.stats.stats.min
    rate = GAMES / ours
    benchmark.extra_info.update(games_per_second=round(rate, 1), cpu_games_per_second=round(GAMES / cpu, 1),
                                baseline_games_per_second=round(GAMES / base, 1),
                                ratio_to_baseline=round(ours / base, 1), decisions_per_game=round(decisions / GAMES, 1))
    print(f"\ntoho-tcg: {rate:.0f} games/s ({GAMES / cpu:.0f} on CPU time; {decisions / GAMES:.0f} decisions a game); "
          f"bare loop {GAMES / base:.0f} games/s; engine/baseline time ratio {ours / base:.1f}")
    assert GAMES / cpu >= GOAL, f"{GAMES / cpu:.0f} games/s on one core, goal {GOAL}"
