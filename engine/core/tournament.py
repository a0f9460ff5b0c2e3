"""Round-robin simulations: every pairing of a game's entrants, many seeded games each.

Game-neutral: an engine module supplies ``entrants(registry)`` and ``new_game(registry,
setups, seed)``; this module plays the games and tallies them. A pairing is played in every
*seating*: each entrant in seat 1 in turn (so the first seat's advantage is measured apart from
the decks), and, when two different agents play, each agent on each entrant. Game seeds derive
from the run's seed, the seating and the game's index, so any split of the games into chunks —
over processes or machines — adds up to exactly the same result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fuda.engine.core.agents import make_agent
from fuda.engine.core.rng import derive, derive_further
from fuda.engine.core.runner import run


@dataclass(frozen=True)
class Entrant:
    """One competitor: a key, a readable label, its setup, and where the setup comes from."""

    key: str
    label: str
    setup: object
    source: str = ""
    kind: str = "deck"  # what an entrant is in this game: "deck" or "fighters" (a fighter pair)


@dataclass(frozen=True)
class Seating:
    """Who sits where: entrant ``first`` with agent ``agent_first`` in seat 1, entrant ``second``
    with agent ``agent_second`` in seat 2."""

    first: int
    second: int
    agent_first: str
    agent_second: str


@dataclass(frozen=True)
class Tally:
    """Games of one seating: seat 1's wins, seat 2's wins, draws, and how many of the decided
    games the player who went first won (``first_known``: games whose first player was logged)."""

    seating: Seating
    wins_1: int = 0
    wins_2: int = 0
    draws: int = 0
    first_won: int = 0
    first_known: int = 0
    #: per card, sorted by id: (card id, seat-games it was played in, of those won, of those drawn),
    #: for engines that say which cards a game played (``module.cards_played``)
    cards: tuple[tuple[str, int, int, int], ...] = ()

    @property
    def games(self) -> int:
        return self.wins_1 + self.wins_2 + self.draws

    def __add__(self, other: Tally) -> Tally:
        assert other.seating == self.seating
        return Tally(self.seating, self.wins_1 + other.wins_1, self.wins_2 + other.wins_2,
                     self.draws + other.draws, self.first_won + other.first_won,
                     self.first_known + other.first_known, add_cards(self.cards, other.cards))


def add_cards(a, b) -> tuple[tuple[str, int, int, int], ...]:
    """Two per-card tallies added up (sorted by card id)."""
    total: dict[str, list[int]] = {}
    for card, *counts in (*a, *b):
        row = total.setdefault(card, [0, 0, 0])
        for i, n in enumerate(counts):
            row[i] += n
    return tuple((card, total[card][0], total[card][1], total[card][2]) for card in sorted(total))


def seatings(n: int, agents: tuple[str, str]) -> list[Seating]:
    """Every seating of ``n`` entrants: each ordered pair (mirrors once), and with two different
    agents each agent on each side."""
    a, b = agents
    out = []
    for i in range(n):
        for j in range(n):
            if i == j:
                out.append(Seating(i, i, a, b))
                if a != b:
                    out.append(Seating(i, i, b, a))
                continue
            out.append(Seating(i, j, a, b))
            if a != b:
                out.append(Seating(i, j, b, a))
    return out


def first_player(game) -> int | None:
    """The seat that went first, from the game's log (None when the engine does not log it)."""
    event = game.log.first("chance", what="first-player")
    return None if event is None else event.data.get("result")


def play_chunk(module, registry, entrants, seating: Seating, start: int, count: int, seed: int) -> Tally:
    """Play games ``start`` … ``start + count − 1`` of one seating; game k's seed derives from
    ``seed``, the seating and k, so chunks add up exactly."""
    wins = [0, 0]
    draws = first_won = first_known = 0
    played_by = getattr(module, "cards_played", None)
    cards: dict[str, list[int]] = {}
    setups = (entrants[seating.first].setup, entrants[seating.second].setup)
    prefix = derive(seed, entrants[seating.first].key, entrants[seating.second].key,
                    seating.agent_first, seating.agent_second)
    for k in range(start, start + count):
        game_seed = derive_further(prefix, k)
        game = module.new_game(registry, setups, game_seed)
        run(game, [make_agent(seating.agent_first, game_seed, 0), make_agent(seating.agent_second, game_seed, 1)])
        if played_by is not None:
            for seat, card in set(played_by(game)):  # a card counts once a seat-game, however often played
                row = cards.setdefault(card, [0, 0, 0])
                row[0] += 1
                row[1] += game.winner == seat
                row[2] += game.winner is None
        if game.winner is None:
            draws += 1
            continue
        wins[game.winner] += 1
        first = first_player(game)
        if first is not None:
            first_known += 1
            first_won += first == game.winner
    return Tally(seating, wins[0], wins[1], draws, first_won, first_known,
                 tuple((card, cards[card][0], cards[card][1], cards[card][2]) for card in sorted(cards)))


def merge(tallies) -> list[Tally]:
    """Add up chunks of the same seating (in seating order)."""
    total: dict[Seating, Tally] = {}
    for t in tallies:
        total[t.seating] = total[t.seating] + t if t.seating in total else t
    return [total[s] for s in sorted(total, key=lambda s: (s.first, s.second, s.agent_first, s.agent_second))]


@dataclass(frozen=True)
class Rate:
    """A share of games with its 95 % Wilson score interval (draws count half a win)."""

    score: float
    games: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.score / self.games if self.games else math.nan


def wilson(score: float, games: int, z: float = 1.959964) -> Rate:
    """The Wilson score interval of ``score`` successes in ``games`` trials."""
    if games == 0:
        return Rate(0.0, 0, math.nan, math.nan)
    p = score / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return Rate(score, games, max(0.0, centre - half), min(1.0, centre + half))


def win_matrix(n: int, tallies) -> list[list[Rate | None]]:
    """rate[i][j]: entrant i's share of the games against entrant j over every seating (None on
    the diagonal)."""
    score = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for t in tallies:
        i, j = t.seating.first, t.seating.second
        score[i][j] += t.wins_1 + t.draws / 2
        games[i][j] += t.games
        score[j][i] += t.wins_2 + t.draws / 2
        games[j][i] += t.games
    # a mirror match scores 50 % by definition once both seats are counted: its information is
    # the seat advantage, reported by seat_rates, so the diagonal stays empty
    return [[wilson(score[i][j], games[i][j]) if games[i][j] and i != j else None for j in range(n)]
            for i in range(n)]


def seat_rates(tallies) -> dict[str, Rate]:
    """Seat 1's share of all games, and the first player's share of the games whose first player
    is known (draws count half in the first, are left out of the second)."""
    games = sum(t.games for t in tallies)
    seat1 = sum(t.wins_1 + t.draws / 2 for t in tallies)
    known = sum(t.first_known for t in tallies)
    return {"seat-1": wilson(seat1, games), "first-player": wilson(sum(t.first_won for t in tallies), known)}


def card_rates(tallies) -> dict[str, tuple[Rate, float]]:
    """Per card (by id): the share of the seat-games it was played in that its player won (draws
    count half), and how often it was played — those seat-games over all seat-games."""
    total = add_cards((), tuple(row for t in tallies for row in t.cards))
    seat_games = 2 * sum(t.games for t in tallies)
    return {card: (wilson(won + drawn / 2, games), games / seat_games if seat_games else math.nan)
            for card, games, won, drawn in total}


def agent_rates(tallies) -> dict[str, Rate]:
    """Each agent's share of the games it played against the other agent (draws count half)."""
    score: dict[str, float] = {}
    games: dict[str, int] = {}
    for t in tallies:
        s = t.seating
        if s.agent_first == s.agent_second:
            continue
        for agent, won in ((s.agent_first, t.wins_1), (s.agent_second, t.wins_2)):
            score[agent] = score.get(agent, 0.0) + won + t.draws / 2
            games[agent] = games.get(agent, 0) + t.games
    return {a: wilson(score[a], games[a]) for a in sorted(score)}
