"""Matches of several games between two players, as ryomen (RY-MATCH-1/2) and games of your own
(``rules: custom``) play them.

An odd number of games is a best-of (「３戦２本先取」: the first to win a majority wins, and play
stops there); an even number plays every game and the players' point totals decide. The first
player alternates, game 1's being ``first``; game ``k``'s seed derives from the match seed and
``k``. What one game is — its engine, its setups, what its points are — the caller says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fuda.engine.core.rng import derive
from fuda.i18n import Text

#: The most games a match may have (a bound, not a rule: nothing runs without end).
MAX_GAMES = 99


def format_name(games: int) -> str:
    """``single``, ``best-of-N`` (odd N) or ``N-game`` (even N, decided by points)."""
    if games == 1:
        return "single"
    return f"best-of-{games}" if games % 2 else f"{games}-game"


@dataclass(frozen=True)
class GameRecord:
    """One game of a match: its seed, first player, decks used, point totals and winner."""

    seed: int
    first: int
    decks: tuple[str, ...]
    totals: tuple[int, ...]
    winner: int | None


@dataclass(frozen=True)
class MatchResult:
    """A finished match: its games, games won, point totals, and the winner (None: a draw)."""

    format: str
    games: tuple[GameRecord, ...]
    wins: tuple[int, ...]
    points: tuple[int, ...]
    winner: int | None

    @property
    def by_points(self) -> bool:
        """True for the even formats, decided by total points."""
        return self.format.endswith("-game")

    def as_json(self) -> dict:
        """A JSON-ready form."""
        return {"format": self.format, "wins": list(self.wins), "points": list(self.points), "winner": self.winner,
                "games": [{"seed": g.seed, "first": g.first, "decks": list(g.decks), "totals": list(g.totals),
                           "winner": g.winner} for g in self.games]}


#: One game of a match: ``play(number, first player, seed)`` → (decks, point totals, winner).
PlayOne = Callable[[int, int, int], tuple[tuple[str, ...], tuple[int, ...], "int | None"]]


def play_match(games: int, players: int, seed: int, first: int, play: PlayOne) -> MatchResult:
    """Play a 2-player match of ``games`` games, each by ``play``; ``ValueError`` (one line) for a
    number of games or players a match cannot have."""
    if not 1 <= games <= MAX_GAMES:
        raise ValueError(Text("err.ryomen.games", max=MAX_GAMES, games=games))
    if players != 2:
        raise ValueError(Text("err.ryomen.players"))
    wins, points, records = [0, 0], [0, 0], []
    need = games // 2 + 1
    for number in range(games):
        starter = first if number % 2 == 0 else 1 - first  # the first player swaps after every game
        game_seed = derive(seed, "match-game", number)
        decks, totals, winner = play(number, starter, game_seed)
        for p in range(2):
            points[p] += totals[p]
        if winner is not None:
            wins[winner] += 1
        records.append(GameRecord(game_seed, starter, decks, totals, winner))
        if games % 2 == 1 and max(wins) >= need:
            break
    by = wins if games % 2 == 1 else points
    winner = None if by[0] == by[1] else (0 if by[0] > by[1] else 1)
    return MatchResult(format_name(games), tuple(records), tuple(wins), tuple(points), winner)
