"""Random playouts of the sample decks: invariants hold in many seeded games; replays reproduce."""

from __future__ import annotations

from itertools import product

import pytest

from engine import raise_blaze as rb
from engine.core import make_agent, record, reproduce, run

from .conftest import sample_registry

R = pytest.mark.rule


def deck_pairs():
    return list(product([d.id for d in sample_registry().game.decks], repeat=2))


def new(seed: int, pair) -> rb.RaiseBlaze:
    reg = sample_registry()
    return rb.new_game(reg, [rb.setup_from_deck(reg.game.deck(d)) for d in pair], seed)


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
    d = game.pending
    if d is not None and (not d.options or len(d.options) < d.min or d.max < d.min):
        out.append(f"decision {d.kind} has no legal answer: {d.describe()}")
    if d is None and not game.finished:
        out.append("no decision pending but the game is not over")
    return out


@R("RB-ZONE-1", "RB-ZONE-2", "RB-SUM-5")
def test_invariants_hold_at_every_decision():
    """Over 160 seeded games (every deck pairing, random and greedy agents) cards are conserved, none
    is in two zones, zones never overflow, every pending decision has a legal answer, games end."""
    pairs = deck_pairs()
    winners = []

    def check(game, decision, picks):
        bad = problems(game)
        assert not bad, f"seed {game.seed}: {bad}"

    for seed in range(160):
        game = new(seed, pairs[seed % len(pairs)])
        agents = ("random", "greedy")[seed % 2], ("random", "greedy")[(seed // 2) % 2]
        run(game, [make_agent(agents[0], seed, 0), make_agent(agents[1], seed, 1)], on_decision=check)
        assert game.finished and not problems(game), f"seed {seed}: {problems(game)}"
        winners.append(game.winner)
    assert winners.count(0) > 40 and winners.count(1) > 40


@R("RB-LOSE-1", "RB-LOSE-2")
def test_random_games_end_by_life_or_deck_out():
    """800 random games all end — by life cards or an empty deck — well before the engine's turn limit."""
    pairs = deck_pairs()
    reasons = {"RB-LOSE-1": 0, "RB-LOSE-2": 0}
    turns = []
    for seed in range(800):
        game = new(50_000 + seed, pairs[seed % len(pairs)])
        run(game, [make_agent("random", seed, 0), make_agent("random", seed, 1)])
        assert game.finished, f"seed {50_000 + seed}"
        rule = game.reason[game.reason.rindex("(") + 1:-1]
        assert rule in reasons, game.reason
        reasons[rule] += 1
        turns.append(game.turn)
    assert min(reasons.values()) > 150  # both ways of losing really happen
    assert max(turns) < 100 < rb.MAX_TURNS


def test_replays_reproduce_exactly():
    """Recorded replays of 30 games play back to the same event log, decision by decision."""
    pairs = deck_pairs()
    reg = sample_registry()

    def again(setup, seed):
        return rb.new_game(reg, rb.setup_from_json(setup), seed)

    for seed in range(30):
        game = new(seed, pairs[seed % len(pairs)])
        run(game, [make_agent("random", seed, 0), make_agent("greedy", seed, 1)])
        replay = record(game, "digest")
        assert reproduce(replay, again).log.digest() == replay.log_digest


def test_same_seed_same_game():
    """The game's one generator: equal seeds and agents give equal logs; another seed differs."""
    a, b, c = new(5, deck_pairs()[1]), new(5, deck_pairs()[1]), new(6, deck_pairs()[1])
    for g in (a, b, c):
        run(g, [make_agent("random", 1, 0), make_agent("random", 1, 1)])
    assert a.log.digest() == b.log.digest() != c.log.digest()


def test_greedy_beats_random():
    """The greedy agent is good enough to make simulations meaningful: it beats random play."""
    wins = 0
    for seed in range(60):
        game = new(seed, deck_pairs()[seed % 4])
        seat = seed % 2
        agents = [make_agent("random", seed, 0), make_agent("random", seed, 1)]
        agents[seat] = make_agent("greedy", seed, seat)
        run(game, agents)
        wins += game.winner == seat
    assert wins >= 40
