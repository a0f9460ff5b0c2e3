"""Random playouts of the sample decks: invariants hold in thousands of seeded games."""

from __future__ import annotations

from itertools import product

import pytest

from engine import recast_rift as rr
from engine.core import make_agent, record, reproduce, run

from .conftest import sample_registry, scenario

R = pytest.mark.rule


def deck_pairs():
    game = sample_registry().game
    return list(product([d.id for d in game.decks], repeat=2))


def new(seed: int, pair) -> rr.RecastRift:
    reg = sample_registry()
    return rr.new_game(reg, [rr.setup_from_deck(reg.game.deck(d)) for d in pair], seed)


def problems(game) -> list[str]:
    """Every broken invariant of the position (empty when all hold)."""
    out = []
    for p in (0, 1):
        places = [*game.deck[p], *game.hand[p], *game.facedown[p], *game.reserve[p],
                  *[c for z in game.zones[p] for c in z], *[c for c in game.cast_zone if game.owner[c] == p]]
        if sorted(places) != sorted(game.spells[p]):
            out.append(f"P{p + 1}: cards not conserved or in two zones: {sorted(places)} vs {sorted(game.spells[p])}")
        if any(len(game.zones[p][z]) > game.cap for z in (1, 2, 3)):
            out.append(f"P{p + 1}: a recast zone holds more than {game.cap} cards")
        if not 0 <= game.life[p] <= 6:
            out.append(f"P{p + 1}: life {game.life[p]}")
    d = game.pending
    if d is not None and (len(d.options) < d.min or not d.options or d.max < d.min):
        out.append(f"decision {d.kind} has no legal answer: {d.describe()}")
    if d is None and not game.finished:
        out.append("no decision pending but the game is not over")
    return out


@R("RR-ZONE-2", "RR-WIN-1")
def test_invariants_hold_at_every_decision():
    """Over 500 seeded games (every deck pairing, random and greedy agents) cards are conserved,
    none is in two zones, recast zones never overflow, every pending decision has a legal answer,
    and every game ends with a winner."""
    pairs = deck_pairs()
    seen = []

    def check(game, decision, picks):
        bad = problems(game)
        assert not bad, f"seed {game.seed}: {bad}"

    for seed in range(500):
        game = new(seed, pairs[seed % len(pairs)])
        agents = ("random", "greedy")[seed % 2], ("random", "greedy")[(seed // 2) % 2]
        run(game, [make_agent(agents[0], seed, 0), make_agent(agents[1], seed, 1)], on_decision=check)
        assert game.finished and not problems(game)
        seen.append(game.winner)
    assert seen.count(None) == 0, "a game hit the engine's turn limit"
    assert seen.count(0) > 100 and seen.count(1) > 100


@R("RR-TURN-1")
def test_thousands_of_random_games_end():
    """2000 random games of the sample decks all end with a winner, well before the turn limit."""
    pairs = deck_pairs()
    turns = []
    for seed in range(2000):
        game = new(10_000 + seed, pairs[seed % len(pairs)])
        run(game, [make_agent("random", seed, 0), make_agent("random", seed, 1)])
        assert game.finished and game.winner is not None, f"seed {10_000 + seed}: {game.reason}"
        turns.append(game.turn)
    assert max(turns) < 150


def test_replays_reproduce_exactly():
    """Recorded replays of 40 games (and of a game from an explicit position) play back to the
    same event log, decision by decision."""
    pairs = deck_pairs()
    reg = sample_registry()

    def again(setup, seed):
        return rr.new_game(reg, rr.setup_from_json(setup), seed)

    for seed in range(40):
        game = new(seed, pairs[seed % len(pairs)])
        run(game, [make_agent("random", seed, 0), make_agent("greedy", seed, 1)])
        replay = record(game, "digest")
        assert reproduce(replay, again).log.digest() == replay.log_digest
    scripted = scenario({"hand": ["reimu-musou-fuuin", "reimu-fuumajin"]},
                        {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"]}, turns=None)
    run(scripted, [make_agent("random", 1, 0), make_agent("random", 1, 1)])
    replay = record(scripted, "digest")
    assert replay.setup["position"]["seats"][0]["hand"] == ["reimu-musou-fuuin", "reimu-fuumajin"]
    assert reproduce(replay, again).log.digest() == replay.log_digest


def test_same_seed_same_game():
    """The game's one generator: equal seeds and agents give equal logs; another seed differs."""
    a, b, c = new(5, deck_pairs()[1]), new(5, deck_pairs()[1]), new(6, deck_pairs()[1])
    for g in (a, b, c):
        run(g, [make_agent("random", 1, 0), make_agent("random", 1, 1)])
    assert a.log.digest() == b.log.digest() != c.log.digest()
