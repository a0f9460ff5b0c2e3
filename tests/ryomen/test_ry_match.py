"""Match formats: best of 3 / 5 by games won, 2 / 4 games by total points with rebuilds."""

from __future__ import annotations

from collections import Counter

import pytest

from fuda.engine import ryomen as ry
from fuda.engine.core import Rng
from fuda.engine.ryomen.match import play_match, random_pairing

from .conftest import sample_registry

R = pytest.mark.rule


def setups():
    game = sample_registry().game
    return [ry.setup_from_deck(game.deck("scarlet-night")), ry.setup_from_deck(game.deck("ghost-spring"))]


@R("RY-MATCH-1")
def test_best_of_three_stops_at_two_wins_and_swaps_the_first_player():
    """A best-of-3 ends as soon as a player has 2 wins; the first player swaps every game."""
    reg = sample_registry()
    for seed in range(6):
        result = play_match(reg, setups(), 3, seed, first=1)
        firsts = [g.first for g in result.games]
        assert firsts == [1, 0, 1][: len(firsts)]
        wins = Counter(g.winner for g in result.games if g.winner is not None)
        assert tuple(wins.get(p, 0) for p in (0, 1)) == result.wins
        if max(result.wins) == 2:
            assert result.winner == result.wins.index(2)
            assert sum(result.wins) == len([g for g in result.games if g.winner is not None])
            assert result.games[-1].winner == result.winner  # stopped at the deciding win
        else:
            assert len(result.games) == 3


@R("RY-MATCH-1")
def test_best_of_five_needs_three_wins():
    """A best-of-5 is won by the first to 3 games (or after 5 games by more wins)."""
    result = play_match(sample_registry(), setups(), 5, 42, agents=("greedy", "random"))
    assert result.format == "best-of-5" and 3 <= len(result.games) <= 5
    assert result.winner is None or result.wins[result.winner] > result.wins[1 - result.winner]


@R("RY-MATCH-2")
def test_four_game_match_by_points_with_side_swaps_and_rebuilds():
    """A 4-game match plays all 4 games, swaps the first player each game, rebuilds both pairings
    after games 2 (via the callback), and the point totals decide."""
    reg = sample_registry()
    calls = []

    def rebuild(p, number, previous):
        calls.append((p, number))
        return ry.setup_from_deck(reg.game.deck("scarlet-gate" if p == 0 else "ghost-hakugyokurou"))

    result = play_match(reg, setups(), 4, 7, first=0, rebuild=rebuild)
    assert [g.first for g in result.games] == [0, 1, 0, 1]
    assert calls == [(0, 2), (1, 2)]
    assert [g.decks for g in result.games] == [("scarlet-night", "ghost-spring")] * 2 + \
        [("scarlet-gate", "ghost-hakugyokurou")] * 2
    points = tuple(sum(g.totals[p] for g in result.games) for p in (0, 1))
    assert result.points == points
    assert result.winner == (None if points[0] == points[1] else (0 if points[0] > points[1] else 1))


@R("RY-MATCH-2", "RY-DECK-2")
def test_default_rebuild_draws_a_legal_pairing_of_the_same_set():
    """Without a callback each player rebuilds a random legal pairing of their set (each card
    twice, no pair of one card), from the match's seeded stream."""
    reg = sample_registry()
    pool = ry.pool_of(reg)
    pairing = random_pairing(pool, "ghost", Rng(3))
    faces = Counter(f for pair in pairing.pairs for f in pair)
    assert set(faces.values()) == {2} and len(faces) == 9 and all(a != b for a, b in pairing.pairs)
    result = play_match(reg, setups(), 2, 9)
    assert len(result.games) == 2 and result.format == "2-game"
    again = play_match(reg, setups(), 4, 9)
    assert again.as_json() == play_match(reg, setups(), 4, 9).as_json()  # reproducible
    assert again.games[1].decks == ("scarlet-night", "ghost-spring")
    assert again.games[2].decks == again.games[3].decks == ("scarlet-random", "ghost-random")


@R("RY-MATCH-1", "RY-MATCH-2")
def test_any_odd_best_of_and_any_even_game_count_by_points():
    """「３戦２本先取、５戦３本先取など（奇数回戦中の勝った回数で競う）」「２回戦、４回戦マッチの場合
    （偶数回戦の合計ポイントで競う）」 — the formats are examples: a best-of-7 needs 4 wins, a 6-game
    match plays all 6 games and the points decide; no games or an absurd count is refused."""
    reg = sample_registry()
    seven = play_match(reg, setups(), 7, 3, agents=("greedy", "random"))
    assert seven.format == "best-of-7" and not seven.by_points and 4 <= len(seven.games) <= 7
    assert seven.winner is None or seven.wins[seven.winner] == 4 or len(seven.games) == 7
    six = play_match(reg, setups(), 6, 3)
    assert six.format == "6-game" and six.by_points and len(six.games) == 6
    assert [g.first for g in six.games] == [0, 1, 0, 1, 0, 1]
    assert six.points == tuple(sum(g.totals[p] for g in six.games) for p in (0, 1))
    for bad in (0, -1, 100):
        with pytest.raises(ValueError, match="1–99 games"):
            play_match(reg, setups(), bad, 3)
