"""Benchmark: what copying a mid-game position costs, against playing the rest of the game out
at random from it — the two steps of a search that copies a position and plays it out.

Run with ``python -m pytest tests/bench/test_bench_copy.py -q -s -p no:cacheprovider``.

A live generator cannot be copied, so ``Game.clone`` (and ``copy.deepcopy``) re-creates the game
from its setup and seed and replays the answers given so far: its cost grows with the decisions
already taken. Measured here at the middle of each game (half its decisions), for every sample
pairing; the printed ratio is copy time / random playout time of the rest of the game.

Last measured (2026-12-01, one core of a shared 2-core VM while a test suite ran beside it):
recast-rift 12.5 ms a copy at mid-game (80 answers replayed) against 6.8 ms for the random rest,
ratio 1.84; ryomen 1.5 ms (18 answers) against 0.9 ms, ratio 1.65. The copy is the rules run again
(a profile puts > 75 % of it in the engine's flow, < 10 % in the core's checks and log). So a
search that copies a position and plays it out pays about three playouts' worth per sample:
usable for flat Monte Carlo and shallow trees; a deep tree search wants copies without replay
(a flow whose state is plain data), which is not done.
"""

from __future__ import annotations

import copy
import time

import pytest

from fuda.engine import raise_blaze as rb
from fuda.engine import recast_rift as rr
from fuda.engine import ryomen as ry
from fuda.engine import toho_tcg as tt
from fuda.engine.core import RandomAgent, make_agent, run
from tests.bench.harness import sample_setups

GAMES = 60


def _midgames(module, game_id: str):
    registry, pairs = sample_setups(module, game_id)
    positions = []
    for seed in range(GAMES):
        full = module.new_game(registry, pairs[seed % len(pairs)], seed)
        total = run(full, make_agent("random", seed, 0)).decisions
        game = module.new_game(registry, pairs[seed % len(pairs)], seed).start()
        agent = RandomAgent.for_seat(seed, 0)
        for _ in range(total // 2):
            game.choose(agent.choose(None, game.pending))
        positions.append(game)
    return positions


@pytest.mark.parametrize(("module", "game_id"), [(rr, "recast-rift"), (ry, "ryomen"), (rb, "raise-blaze"),
                                                (tt, "toho-tcg")])
def test_copy_against_random_rest(module, game_id):
    """Times copy.deepcopy of mid-game positions and random playouts of the rest from copies."""
    positions = _midgames(module, game_id)
    t0 = time.perf_counter()
    copies = [copy.deepcopy(g) for g in positions]
    copying = (time.perf_counter() - t0) / len(positions)
    t0 = time.perf_counter()
    for k, g in enumerate(copies):
        run(g, RandomAgent(k))
    rest = (time.perf_counter() - t0) / len(positions)
    answers = sum(len(g.log.answers()) for g in positions) / len(positions)
    print(f"\n{game_id}: copy at mid-game {copying * 1e3:.2f} ms ({answers:.0f} answers replayed); "
          f"random rest {rest * 1e3:.2f} ms; copy/rest ratio {copying / rest:.2f}")
    assert all(g.finished for g in copies)
