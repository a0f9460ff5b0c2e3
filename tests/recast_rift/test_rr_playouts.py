"""Random playouts of the sample decks: invariants hold in thousands of seeded games."""

from __future__ import annotations

import pytest

from fuda.engine import recast_rift as rr

from ..engine import playouts
from .conftest import sample_registry, scenario

R = pytest.mark.rule
SAMPLE = playouts.Sample(rr, sample_registry)


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
    return out + playouts.decision_problems(game)


@R("RR-ZONE-2", "RR-WIN-1")
def test_invariants_hold_at_every_decision():
    """Over 500 seeded games (every deck pairing, random and greedy agents) cards are conserved,
    none is in two zones, recast zones never overflow, every pending decision has a legal answer,
    and every game ends with a winner."""
    seen = [game.winner for game in playouts.checked_playouts(SAMPLE, range(500), problems)]
    assert seen.count(None) == 0, "a game hit the engine's turn limit"
    assert seen.count(0) > 100 and seen.count(1) > 100


@R("RR-TURN-1")
def test_thousands_of_random_games_end():
    """2000 random games of the sample decks all end with a winner, well before the turn limit."""
    turns = []
    for game in playouts.random_playouts(SAMPLE, 2000, 10_000):
        assert game.finished and game.winner is not None, f"seed {game.seed}: {game.reason}"
        turns.append(game.turn)
    assert max(turns) < 150


def test_replays_reproduce_exactly():
    """Recorded replays of 40 games (and of a game from an explicit position) play back to the
    same event log, decision by decision."""
    pairs = SAMPLE.pairs()
    for seed in range(40):
        game = playouts.play(SAMPLE.new(seed, pairs[seed % len(pairs)]), ("random", "greedy"), seed)
        playouts.assert_replay_reproduces(game, SAMPLE.again)
    scripted = scenario({"hand": ["reimu-musou-fuuin", "reimu-fuumajin"]},
                        {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"]}, turns=None)
    replay = playouts.assert_replay_reproduces(playouts.play(scripted, ("random", "random"), 1), SAMPLE.again)
    assert replay.setup["position"]["seats"][0]["hand"] == ["reimu-musou-fuuin", "reimu-fuumajin"]


def test_same_seed_same_game():
    """The game's one generator: equal seeds and agents give equal logs; another seed differs."""
    playouts.assert_same_seed_same_game(SAMPLE, SAMPLE.pairs()[1])
