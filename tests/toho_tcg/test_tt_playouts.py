"""Random and greedy playouts of the sample decks: invariants hold, games end, replays reproduce."""

from __future__ import annotations

import pytest

from fuda.engine import toho_tcg as tt
from fuda.engine.core import Replay, Termination, ask, make_agent, verify

from ..engine import playouts
from .conftest import check_invariants, sample_registry

SAMPLE = playouts.Sample(tt, sample_registry)
PAIRS = (("hakurei-moriya", "mahou-no-mori"), ("mahou-no-mori", "hakurei-moriya"),
         ("hakurei-moriya", "hakurei-moriya"), ("mahou-no-mori", "mahou-no-mori"))


@pytest.mark.strength  # statistics over playouts: the clauses are proved by the scenario tests
def test_invariants_hold_at_every_decision():
    """Over 300 seeded games (every deck pairing; random, greedy and mixed agents) cards are conserved, none
    is in two zones, at most 3 characters stand on a side, every pending decision has a legal answer, and
    every game ends by a deck reaching 0 — no stall, no 200-turn draw."""
    for seed in range(300):
        game = SAMPLE.new(seed, PAIRS[seed % len(PAIRS)])
        kinds = ("random", "random") if seed % 3 == 0 else ("greedy", "greedy") if seed % 3 == 1 else ("greedy", "random")
        agents = [make_agent(kinds[0], seed, 0), make_agent(kinds[1], seed, 1)]
        game.start()
        steps = 0
        while game.pending is not None:
            d = game.pending
            assert d.options and d.min <= len(d.options) and d.min <= d.max, d.describe()
            game.choose(*ask(agents[d.player], game, d))  # the agent gets its seat's view
            check_invariants(game)
            steps += 1
            assert steps < 2000, f"seed {seed}: no end after 2000 decisions"
        check_invariants(game)
        assert game.winner is not None and game.outcome.kind is Termination.DECK_OUT, (seed, game.reason)
        assert not game.deck[1 - game.winner]


@pytest.mark.strength
def test_random_agents_do_not_make_pointless_reiryoku():
    """Random agents pass often and make 霊力 ahead only rarely (the option exists only where it can matter)."""
    picks = {"pass": 0, "reiryoku": 0, "all": 0}
    for seed in range(40):
        game = playouts.play(SAMPLE.new(seed, PAIRS[seed % 2]), ("random", "random"), seed)
        for e in game.log.decisions():
            if e.data["kind"] == "priority":
                picks["all"] += 1
                first = e.data["picks"][0]
                picks[first] = picks.get(first, 0) + 1
    assert picks["reiryoku"] < picks["all"] * 0.05 and picks["pass"] > picks["all"] * 0.25


def test_same_seed_same_game_and_greedy_beats_random():
    """A seed fixes the whole game; the greedy agent wins most games against the random agent."""
    a, b = (playouts.play(SAMPLE.new(11, PAIRS[0]), ("random", "random"), 11) for _ in range(2))
    assert a.log.digest() == b.log.digest()
    wins = 0
    for seed in range(30):
        game = playouts.play(SAMPLE.new(seed, PAIRS[seed % 2]), ("greedy", "random"), seed)
        wins += game.winner == 0
    assert wins >= 24


def test_replays_reproduce_exactly():
    """A replay (header, seed, setups, decisions) plays the same game again, event for event; a JSON round
    trip keeps it; a changed decision is caught."""
    digest = "d" * 64
    for seed in range(12):
        game = playouts.play(SAMPLE.new(seed, PAIRS[seed % len(PAIRS)]), ("random", "greedy"), seed)
        replay = playouts.assert_replay_reproduces(game, SAMPLE.again, digest)
        assert replay.rules == "toho-tcg" and replay.rng == "fuda-rng-1"
    broken = Replay.from_json({**replay.as_json(), "decisions": [[0, "mulligan", ["mulligan"]]] * 9})
    assert verify(broken, SAMPLE.again, digest)


def test_transcript_reads_well_in_japanese(japanese):
    """Every event of a played game renders as a Japanese line with the printed card names, never as raw data."""
    game = playouts.play(SAMPLE.new(3, PAIRS[0]), ("greedy", "random"), 3)
    lines = game.transcript()
    text = "\n".join(lines)
    assert "── ターン1" in text and "【メインフェイズ】" in text and "== 終了" in text
    assert "博麗霊夢" in text or "東風谷早苗" in text
    assert not any("{" in line or "'" in line for line in lines), [line for line in lines if "{" in line][:3]
    kinds = {e.kind for e in game.log.events}
    assert all(hasattr(game.narrator(), "_r_" + k.replace("-", "_")) for k in kinds)
