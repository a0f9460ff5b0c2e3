"""Random and greedy playouts of the sample decks: invariants hold, games end, replays reproduce."""

from __future__ import annotations

import json

import pytest

from engine import toho_tcg as tt
from engine.core import (
    GreedyAgent,
    RandomAgent,
    Replay,
    make_agent,
    record,
    reproduce,
    run,
    verify,
)

from .conftest import check_invariants, sample_registry

R = pytest.mark.rule
PAIRS = (("hakurei-moriya", "mahou-no-mori"), ("mahou-no-mori", "hakurei-moriya"),
         ("hakurei-moriya", "hakurei-moriya"), ("mahou-no-mori", "mahou-no-mori"))


def new(seed: int, pair) -> tt.TohoTCG:
    reg = sample_registry()
    return tt.new_game(reg, [tt.setup_from_deck(reg.game.deck(d)) for d in pair], seed)


def new_from(setup_doc, seed):
    return tt.new_game(sample_registry(), tt.setup_from_json(setup_doc), seed)


@R("TT-WIN-1", "TT-CHAR-5", "TT-SPELL-2")
def test_invariants_hold_at_every_decision():
    """Over 300 seeded games (every deck pairing; random, greedy and mixed agents) cards are conserved, none
    is in two zones, at most 3 characters stand on a side, every pending decision has a legal answer, and
    every game ends by a deck reaching 0 — no stall, no 200-turn draw."""
    for seed in range(300):
        game = new(seed, PAIRS[seed % len(PAIRS)])
        kinds = ("random", "random") if seed % 3 == 0 else ("greedy", "greedy") if seed % 3 == 1 else ("greedy", "random")
        agents = [make_agent(kinds[0], seed, 0), make_agent(kinds[1], seed, 1)]
        game.start()
        steps = 0
        while game.pending is not None:
            d = game.pending
            assert d.options and d.min <= len(d.options) and d.min <= d.max, d.describe()
            game.choose(*agents[d.player].choose(game, d))
            check_invariants(game)
            steps += 1
            assert steps < 2000, f"seed {seed}: no end after 2000 decisions"
        check_invariants(game)
        assert game.winner is not None and "デッキが0枚" in game.reason, (seed, game.reason)
        assert not game.deck[1 - game.winner]


@R("TT-COST-1")
def test_random_agents_do_not_make_pointless_reiryoku():
    """Random agents pass often and make 霊力 ahead only rarely (the option exists only where it can matter)."""
    picks = {"pass": 0, "reiryoku": 0, "all": 0}
    for seed in range(40):
        game = new(seed, PAIRS[seed % 2])
        run(game, [RandomAgent.for_seat(seed, 0), RandomAgent.for_seat(seed, 1)])
        for e in game.log.decisions():
            if e.data["kind"] == "priority":
                picks["all"] += 1
                first = e.data["picks"][0]
                picks[first] = picks.get(first, 0) + 1
    assert picks["reiryoku"] < picks["all"] * 0.05 and picks["pass"] > picks["all"] * 0.25


def test_same_seed_same_game_and_greedy_beats_random():
    """A seed fixes the whole game; the greedy agent wins most games against the random agent."""
    a, b = new(11, PAIRS[0]), new(11, PAIRS[0])
    run(a, [RandomAgent.for_seat(11, 0), RandomAgent.for_seat(11, 1)])
    run(b, [RandomAgent.for_seat(11, 0), RandomAgent.for_seat(11, 1)])
    assert a.log.digest() == b.log.digest()
    wins = 0
    for seed in range(30):
        game = new(seed, PAIRS[seed % 2])
        run(game, [GreedyAgent.for_seat(seed, 0), RandomAgent.for_seat(seed, 1)])
        wins += game.winner == 0
    assert wins >= 24


@R("TT-SETUP-2")
def test_replays_reproduce_exactly():
    """A replay (header, seed, setups, decisions) plays the same game again, event for event; a JSON round
    trip keeps it; a changed decision is caught."""
    digest = "d" * 64
    for seed in range(12):
        game = new(seed, PAIRS[seed % len(PAIRS)])
        run(game, [make_agent("random", seed, 0), make_agent("greedy", seed, 1)])
        replay = Replay.from_json(json.loads(record(game, digest).dumps()))
        assert replay.rules == "toho-tcg" and replay.rng == "fuda-rng-1"
        again = reproduce(replay, new_from)
        assert again.log.digest() == game.log.digest() and again.winner == game.winner
        assert verify(replay, new_from, digest) == []
    broken = Replay.from_json({**replay.as_json(), "decisions": [[0, "mulligan", ["mulligan"]]] * 9})
    assert verify(broken, new_from, digest)


def test_transcript_reads_well_in_japanese():
    """Every event of a played game renders as a Japanese line with the printed card names, never as raw data."""
    game = new(3, PAIRS[0])
    run(game, [make_agent("greedy", 3, 0), make_agent("random", 3, 1)])
    lines = game.transcript()
    text = "\n".join(lines)
    assert "── ターン1" in text and "【メインフェイズ】" in text and "== 終了" in text
    assert "博麗霊夢" in text or "東風谷早苗" in text
    assert not any("{" in line or "'" in line for line in lines), [line for line in lines if "{" in line][:3]
    kinds = {e.kind for e in game.log.events}
    assert all(hasattr(game, "_r_" + k.replace("-", "_")) for k in kinds)
