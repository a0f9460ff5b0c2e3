"""Benchmark: complete Recast Rift games per second with random agents, on one core, against a
bare-Python baseline measured in the same run.

Run with ``python -m pytest tests/bench/test_bench_recast_rift.py -q -s -p no:cacheprovider``
(benchmarks are excluded from the default run). The goal is ≥ 300 complete games/s. The
baseline plays a stripped-down game loop with plain lists and ``random.Random`` (shuffle 9
cards, draw 2 a turn, play a random card, lose life until 0) — the cost of the bookkeeping a
game needs at the least — so the printed ratio (engine time / baseline time per game) says how
much the rules, decisions, log and agents cost on any machine, whatever its speed.
"""

from __future__ import annotations

import random
import time

from engine import recast_rift as rr
from engine.core import make_agent, run
from pipeline import load_database

GAMES = 600


def _setups():
    registry = rr.build_registry(load_database().game("recast-rift"))
    decks = registry.game.decks
    return registry, [(rr.setup_from_deck(a), rr.setup_from_deck(b)) for a in decks for b in decks]


def play(registry, pairs, games: int) -> int:
    """Play ``games`` random games; returns the number of decisions taken."""
    decisions = 0
    for seed in range(games):
        game = rr.new_game(registry, pairs[seed % len(pairs)], seed)
        result = run(game, [make_agent("random", seed, 0), make_agent("random", seed, 1)])
        assert result.finished
        decisions += result.decisions
    return decisions


def baseline(games: int) -> int:
    """A bare game loop: the least bookkeeping a card game of this size needs."""
    turns = 0
    for seed in range(games):
        rnd = random.Random(seed)
        decks = [list(range(9)), list(range(9))]
        for d in decks:
            rnd.shuffle(d)
        hands, piles, life, p = [[], []], [[], []], [6, 6], 0
        while min(life) > 0:
            for _ in range(2):
                if not decks[p]:
                    decks[p], piles[p] = piles[p], []
                    rnd.shuffle(decks[p])
                if decks[p]:
                    hands[p].append(decks[p].pop())
            if hands[p]:
                card = hands[p].pop(rnd.randrange(len(hands[p])))
                piles[p].append(card)
                life[1 - p] -= card % 3
            p = 1 - p
            turns += 1
    return turns


def test_random_playouts_per_second(benchmark):
    """Random-agent games per second (goal ≥ 300 on one core), with the ratio to the baseline."""
    registry, pairs = _setups()
    play(registry, pairs, 20)  # warm up
    t0 = time.perf_counter()
    baseline(GAMES)
    base = time.perf_counter() - t0
    decisions = benchmark.pedantic(play, args=(registry, pairs, GAMES), rounds=3, iterations=1)
    ours = benchmark.stats.stats.min
    rate = GAMES / ours
    benchmark.extra_info.update(games_per_second=round(rate, 1), baseline_games_per_second=round(GAMES / base, 1),
                                ratio_to_baseline=round(ours / base, 1), decisions_per_game=round(decisions / GAMES, 1))
    print(f"\nrecast-rift: {rate:.0f} games/s ({decisions / GAMES:.0f} decisions a game); bare loop "
          f"{GAMES / base:.0f} games/s; engine/baseline time ratio {ours / base:.1f}")
