"""Random playouts of the sample pairings: invariants at every step, and replays reproduce."""

from __future__ import annotations

import pytest

from fuda.engine import ryomen as ry

from ..engine import playouts
from .conftest import sample_registry

R = pytest.mark.rule
SAMPLE = playouts.Sample(ry, sample_registry)
POINTS = [1, 1, 1, 2, 2, 2, 3, 3, 4]
NOW_EVENTS = ("stat", "flip", "chip", "waiting-applied")


def problems(game) -> list[str]:
    """Every broken invariant of the position (empty when all hold)."""
    out = []
    for p in range(game.n):
        mine = list(range(game.base[p], game.base[p] + 9))
        places = [*game.hand[p], *game.result[p], *([game.battle[p]] if game.battle[p] >= 0 else [])]
        if sorted(places) != mine:
            out.append(f"P{p + 1}: cards not conserved or in two zones: {sorted(places)}")
        if [o.id for o in game.hopts[p]] != [game.cid(c) for c in game.hand[p]]:
            out.append(f"P{p + 1}: hand options out of step with the hand")
        if game.battle[p] >= 0 and not all(1 <= v <= 9 for v in game.stats(p)):
            out.append(f"P{p + 1}: battle stats {game.stats(p)}")
    if not all(1 <= v <= 9 for c in range(len(game.faces)) for v in game.card_stats(c)):
        out.append("a card's stats left 1–9")
    chips = sorted([*game.points, *game.facedown, *[v for w in game.won for v in w]])
    if chips != POINTS:
        out.append(f"point chips not conserved: {chips}")
    placed = sum(len(c) for c in game.chips if c)
    if placed + sum(game.supply.values()) != 12:
        out.append("stat chips not conserved")
    return out + playouts.decision_problems(game)


@R("RY-STAT-1", "RY-AFT-4")
def test_invariants_hold_at_every_decision():
    """Over 600 seeded games (every pairing, random and greedy agents): cards are conserved and in
    one zone each, every stat stays within 1–9 at every step, point and stat chips are conserved,
    every decision has a legal answer, and every game lasts exactly 9 turns."""
    outcomes = []
    for game in playouts.checked_playouts(SAMPLE, range(600), problems):
        turns = [e for e in game.log.events if e.kind == "turn"]
        assert [e.data["turn"] for e in turns] == list(range(1, 10)) and game.turn == 9
        assert all(len(r) == 9 for r in game.result) and game.points == []
        for e in game.log.events:
            if e.kind in NOW_EVENTS:
                assert all(1 <= v <= 9 for v in e.data["now"]), f"seed {game.seed}: {e}"
        outcomes.append(game.winner)
    assert outcomes.count(0) > 150 and outcomes.count(1) > 150


@R("RY-GAME-1", "RY-END-2", "RY-END-3")
def test_thousands_of_random_games_finish_with_consistent_results():
    """1500 random games: the winner has the higher total (draws equal), winners serve next and a
    cancelled turn is served again by the same player."""
    for game in playouts.random_playouts(SAMPLE, 1500, 50_000):
        totals = [sum(w) for w in game.won]
        assert game.winner == (None if totals[0] == totals[1] else totals.index(max(totals)))
        serves = [e.player for e in game.log.events if e.kind == "turn"]
        results = [e for e in game.log.events if e.kind in ("point", "cancellation")]
        for t in range(8):
            after = results[t]
            assert serves[t + 1] == (after.player if after.kind == "point" else serves[t])


def test_replays_reproduce_exactly():
    """A recorded game (seed, table, decisions) replays to the same log, also through its JSON."""
    pairs = SAMPLE.pairs()
    for seed in range(30):
        agents = ("greedy", "random") if seed % 2 else ("random", "random")
        game = playouts.play(SAMPLE.new(seed, pairs[seed % len(pairs)]), agents, seed)
        playouts.assert_replay_reproduces(game, SAMPLE.again, "db")


@pytest.mark.strength
def test_greedy_beats_random():
    """The greedy heuristic wins clearly more than half of its games against random play."""
    assert playouts.greedy_wins(SAMPLE, range(200), SAMPLE.pairs()) > 130


def test_every_logged_event_reads_as_japanese_text(japanese):
    """Every event kind of many games renders to a line (no raw fallback) with printed names."""
    pairs = SAMPLE.pairs()
    seen = set()
    for seed in range(300):
        game = playouts.play(SAMPLE.new(seed, pairs[seed % len(pairs)]), ("random", "random"), seed)
        for event in game.log.events:
            line = game.render(event)
            assert "{" not in line and "None" not in line, (event, line)
            seen.add(event.kind)
        text = "\n".join(game.transcript())
        assert "ターン9" in text and "合計" in text
    assert {"turn", "play", "name", "battle", "point", "ability", "stat", "flip", "loser-reverse"} <= seen
