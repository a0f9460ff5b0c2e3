"""Random playouts of the sample decks: invariants hold in many seeded games; replays reproduce."""

from __future__ import annotations

import pytest

from fuda.engine import raise_blaze as rb
from fuda.engine.core import GreedyAgent, ask

from ..engine import playouts
from .conftest import sample_registry, scenario

SAMPLE = playouts.Sample(rb, sample_registry)


def problems(game) -> list[str]:
    """Every broken invariant of the position (empty when all hold)."""
    out = []
    seen: dict[int, str] = {}
    for p in (0, 1):
        for name, cards in game.zones(p).items():
            for c in cards:
                if c in seen:
                    out.append(f"card {game.oid[c]} of P{game.owner[c] + 1} is in {seen[c]} and {name}")
                seen[c] = name
                if game.owner[c] != p:
                    out.append(f"{game.oid[c]} lies in a zone of P{p + 1} but belongs to P{game.owner[c] + 1}")
    if sorted(seen) != list(range(len(game.defs))):
        out.append(f"cards are not conserved: {len(seen)} placed of {len(game.defs)}")
    for p in (0, 1):
        fighters = game.fighters(p)
        if len(game.slots[p]) != 5:
            out.append("the number of fighter zones changed")
        for f in fighters:
            if game.defs[f].kind != "fighter" or game.slot_of[f] < 0 or game.power(f) < 0:
                out.append(f"bad fighter {game.oid[f]}")
            for u in game.under[f]:
                if game.host_of[u] != f or game.slot_of[u] >= 0:
                    out.append(f"{game.oid[u]} underneath {game.oid[f]} is not marked so")
        zone = game.spell[p]
        # at most: a set spell, a continuous spell on it, and a spell resolving on top (RB-SPL-2/3)
        if len(zone) > 3 or any(not game.face_up[c] for c in zone[1:]):
            out.append(f"P{p + 1}'s spell zone is out of shape: {[game.oid[c] for c in zone]}")
        if any(game.defs[c].spell_type != "continuous" for c in zone[1:-1]):
            out.append("only a continuous spell stays under another face-up spell")
        if game.turn == 0:
            continue  # still setting up (RB-SETUP-1..6)
        if game.core[p] < 0 or game.defs[game.core[p]].kind != "core-fighter":
            out.append(f"P{p + 1} has no core fighter")
        if not game.finished and not game.life[p]:
            out.append(f"P{p + 1} has no life card but the game goes on")
    return out + playouts.decision_problems(game)


@pytest.mark.strength  # statistics over playouts: the clauses are proved by the scenario tests
def test_invariants_hold_at_every_decision():
    """Over 160 seeded games (every deck pairing, random and greedy agents) cards are conserved, none
    is in two zones, zones never overflow, every pending decision has a legal answer, games end."""
    winners = [game.winner for game in playouts.checked_playouts(SAMPLE, range(160), problems)]
    assert winners.count(0) > 40 and winners.count(1) > 40


@pytest.mark.strength
def test_random_games_end_by_life_or_deck_out():
    """800 random games all end — by life cards or an empty deck — well before the engine's turn limit."""
    reasons = {"RB-LOSE-1": 0, "RB-LOSE-2": 0}
    turns = []
    for game in playouts.random_playouts(SAMPLE, 800, 50_000):
        assert game.finished, f"seed {game.seed}"
        rule = game.reason[game.reason.rindex("(") + 1:-1]
        assert rule in reasons, game.reason
        reasons[rule] += 1
        turns.append(game.turn)
    assert min(reasons.values()) > 150  # both ways of losing really happen
    assert max(turns) < 100 < rb.MAX_TURNS


def test_replays_reproduce_exactly():
    """Recorded replays of 30 games play back to the same event log, decision by decision."""
    pairs = SAMPLE.pairs()
    for seed in range(30):
        game = playouts.play(SAMPLE.new(seed, pairs[seed % len(pairs)]), ("random", "greedy"), seed)
        playouts.assert_replay_reproduces(game, SAMPLE.again)


def test_same_seed_same_game():
    """The game's one generator: equal seeds and agents give equal logs; another seed differs."""
    playouts.assert_same_seed_same_game(SAMPLE, SAMPLE.pairs()[1])


@pytest.mark.strength
def test_greedy_beats_random():
    """The greedy agent is good enough to make simulations meaningful: it beats random play."""
    assert playouts.greedy_wins(SAMPLE, range(60), SAMPLE.pairs()) >= 40


def test_greedy_does_not_trade_its_last_life_card_core_against_core():
    """The greedy agent never attacks the core with its core at equal power on its last life card (a loss or a draw)."""
    g = scenario(dict(life=1, core="core-marisa"), dict(life=1), phase="battle")
    assert "attack:core>core" in g.pending.ids
    assert ask(GreedyAgent(0), g, g.pending) == ("end",)
    g = scenario(dict(life=2, core="core-marisa"), dict(life=1), phase="battle")
    assert ask(GreedyAgent(0), g, g.pending) == ("attack:core>core",)  # it wins outright


@pytest.mark.strength
def test_greedy_against_greedy_ends_without_draws():
    """Issue #17: 200 greedy-against-greedy games (every pairing) end with a winner (82 draws in 500 before)."""
    pairs = SAMPLE.pairs()
    draws = [seed for seed in range(200)
             if playouts.play(SAMPLE.new(seed, pairs[seed % len(pairs)]), ("greedy", "greedy"), seed).winner is None]
    assert draws == []
