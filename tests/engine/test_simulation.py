"""fuda simulate: seat-swapped seatings, Wilson intervals, and the same results on one core, local
workers and a Dask cluster (also when a worker dies mid-run)."""

from __future__ import annotations

import math
import os
import signal
import threading

import pytest

from fuda.engine.core.tournament import (
    Seating,
    Tally,
    merge,
    seat_rates,
    seatings,
    wilson,
    win_matrix,
)
from fuda.i18n import set_language
from fuda.simulation import plan, simulate, table, write_outputs


@pytest.fixture(scope="module")
def ryomen():
    """The sample ryomen game, its engine and its registry."""
    from fuda.database import load_database
    from fuda.database.resources import cards_dir
    from fuda.engine.games import engine_for, registry_for

    game = load_database([cards_dir() / "ryomen"]).game("ryomen")
    return game, engine_for(game.rules), registry_for(game)


def _files(tmp_path, game, sim, name):
    out = tmp_path / name
    return {p.name: p.read_bytes() for p in write_outputs(out, game, sim, {})}


def test_wilson_interval_matches_the_formula():
    """The Wilson interval of 7 in 10 is about 0.397–0.892, and an empty sample has none."""
    r = wilson(7, 10)
    assert math.isclose(r.low, 0.3968, abs_tol=1e-3) and math.isclose(r.high, 0.8922, abs_tol=1e-3)
    assert wilson(0, 0).games == 0 and math.isnan(wilson(0, 0).value)


def test_seatings_swap_seats_and_agents():
    """Every ordered pair plays, mirrors once; with two agents each agent takes each side."""
    one = seatings(3, ("greedy", "greedy"))
    assert len(one) == 9 and Seating(0, 1, "greedy", "greedy") in one and Seating(1, 0, "greedy", "greedy") in one
    two = seatings(2, ("mcts", "greedy"))
    assert Seating(0, 1, "mcts", "greedy") in two and Seating(0, 1, "greedy", "mcts") in two
    assert len(two) == 8


def test_plan_splits_games_evenly_over_seatings():
    """--games N per pairing: N/2 games in each seat order (N/4 with two agents), in chunks."""
    chunks = plan(2, 10, ("greedy", "greedy"), chunk=3)
    per = {}
    for c in chunks:
        per[c.seating] = per.get(c.seating, 0) + c.count
    assert per[Seating(0, 1, "greedy", "greedy")] == 5 and per[Seating(1, 0, "greedy", "greedy")] == 5
    assert per[Seating(0, 0, "greedy", "greedy")] == 10
    assert max(c.count for c in chunks) == 3


def test_win_matrix_combines_both_seat_orders():
    """Entrant 0's rate against 1 counts its wins from seat 1 and from seat 2; the diagonal is empty."""
    s01, s10 = Seating(0, 1, "r", "r"), Seating(1, 0, "r", "r")
    rate = win_matrix(2, [Tally(s01, 3, 1, 0), Tally(s10, 2, 2, 0)])
    assert rate[0][1].score == 5 and rate[0][1].games == 8 and rate[1][0].score == 3
    assert rate[0][0] is None
    assert seat_rates([Tally(s01, 3, 1, 0), Tally(s10, 2, 2, 0)])["seat-1"].score == 5


def test_chunks_add_up_whatever_the_split(ryomen):
    """The same run in chunks of 1, 7 and 25 games gives the same tallies."""
    game, module, registry = ryomen
    runs = [simulate(game, module, registry, games=6, seed=3, agents=("random", "random"), chunk=c).tallies
            for c in (1, 7, 25)]
    assert runs[0] == runs[1] == runs[2]


def test_jobs_give_identical_outputs(ryomen, tmp_path):
    """--jobs 2 writes byte-identical CSV, JSON and heat map to --jobs 1."""
    game, module, registry = ryomen
    one = simulate(game, module, registry, games=8, seed=5, agents=("random", "greedy"))
    two = simulate(game, module, registry, games=8, seed=5, agents=("random", "greedy"), jobs=2, chunk=2)
    assert _files(tmp_path, game, one, "one") == _files(tmp_path, game, two, "two")
    try:  # result lines follow the user's language
        set_language("en")
        assert any("greedy wins" in line for line in table(one))
        set_language("ja")
        assert any("greedy の勝率" in line for line in table(one))
    finally:
        set_language(None)


@pytest.mark.slow
def test_local_dask_cluster_gives_identical_outputs(ryomen, tmp_path):
    """A 2-worker Dask LocalCluster gives the same files as --jobs 1."""
    from distributed import Client, LocalCluster

    game, module, registry = ryomen
    one = simulate(game, module, registry, games=6, seed=9, agents=("random", "random"))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        dist = simulate(game, module, registry, games=6, seed=9, agents=("random", "random"), scheduler=client, chunk=2)
    assert _files(tmp_path, game, one, "one") == _files(tmp_path, game, dist, "dist")


@pytest.mark.slow
def test_a_worker_killed_mid_run_counts_nothing_twice(ryomen):
    """Killing one of two Dask workers mid-run: its chunks run again elsewhere; the tallies equal --jobs 1."""
    from distributed import Client, LocalCluster

    game, module, registry = ryomen
    one = simulate(game, module, registry, games=40, seed=11, agents=("random", "random"))
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster) as client:
        pids = sorted(client.run(os.getpid).values())
        killed = threading.Event()

        def progress(done, total):
            if done >= total // 4 and not killed.is_set():
                killed.set()
                os.kill(pids[0], signal.SIGKILL)

        dist = simulate(game, module, registry, games=40, seed=11, agents=("random", "random"),
                        scheduler=client, chunk=2, progress=progress)
    assert killed.is_set()
    assert dist.tallies == one.tallies
    assert sum(t.games for t in merge(dist.tallies)) == sum(t.games for t in one.tallies)
