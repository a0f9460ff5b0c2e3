"""Ryomen matches (RY-MATCH-1/2) and single games for the CLI, as library functions.

* Best of any odd number of games (「３戦２本先取、５戦３本先取など」: 3, 5, 7 …): the first to win
  a majority of the games wins; the first player swaps after every game (RY-MATCH-1).
* Any even number of games (2, 4, 6 …): every game is played and the point totals of all games
  decide; the first player swaps after every game and both players rebuild their pairings after
  every two games (RY-MATCH-2) — by default a fresh random legal pairing of the same set, drawn
  from the match's own seeded stream.

A game of a match is a normal :class:`~.game.Ryomen` game (same engine, same agents, same
runner); its seed derives from the match seed and the game number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fuda.engine.core import Rng, derive, make_agent, run
from fuda.engine.ryomen.setup import PlayerSetup, Table
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
    """One game of a match: its seed, first player, pairings used, totals and winner."""

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
        """True for the even formats, decided by total points (RY-MATCH-2)."""
        return self.format.endswith("-game")

    def as_json(self) -> dict:
        """A JSON-ready form."""
        return {"format": self.format, "wins": list(self.wins), "points": list(self.points), "winner": self.winner,
                "games": [{"seed": g.seed, "first": g.first, "decks": list(g.decks), "totals": list(g.totals),
                           "winner": g.winner} for g in self.games]}


def random_pairing(pool, set_id: str, rng: Rng, name: str = "") -> PlayerSetup:
    """A random legal pairing of one set (RY-DECK-1/2): every card twice, no card paired with
    itself; drawn by shuffling the 18 cards and pairing neighbours until no pair repeats a card."""
    rules = pool.game.manifest["deck-rules"]
    kinds = [c.id for c in pool.game.cards if c.get("set") == set_id]
    if len(kinds) != rules["kinds"]:
        raise ValueError(Text("err.ryomen.set_kinds", set=set_id, count=len(kinds), want=rules["kinds"]))
    cards = [k for k in kinds for _ in range(rules["copies"])]
    while True:
        rng.shuffle(cards)
        pairs = tuple((cards[i], cards[i + 1]) for i in range(0, len(cards), 2))
        if all(a != b for a, b in pairs):
            return PlayerSetup(pairs, None, "", name or f"{set_id}-random")


def set_of(pool, setup: PlayerSetup) -> str:
    """The set a pairing's cards belong to."""
    return pool.game.card(setup.pairs[0][0]).get("set")


def play_game(registry, setups, seed: int, agents: Sequence[str] = ("random", "random"),
              first: int | None = None, tag: bool = False):
    """Play one game (2–4 players; ``tag`` for a 4-player tag match) with named agents; returns
    the finished :class:`~.game.Ryomen`."""
    from fuda.engine.ryomen.game import new_game

    table = setups if isinstance(setups, Table) else Table.of(setups, first, tag)
    game = new_game(registry, table, seed)
    names = list(agents) + [agents[-1]] * (len(table) - len(agents))
    run(game, [make_agent(names[p], seed, p) for p in range(len(table))])
    return game


def play_match(registry, setups, games: int, seed: int, agents: Sequence[str] = ("random", "random"),
               first: int = 0, rebuild: Callable | None = None) -> MatchResult:
    """Play a 2-player match of ``games`` games (odd: by games won; even: by total points).

    ``first`` is the first player of game 1; ``rebuild(player, game_number, previous_setup)``
    (even formats) returns a player's new pairing after every two games.
    """
    from fuda.engine.ryomen.cards import pool_of

    if not 1 <= games <= MAX_GAMES:
        raise ValueError(Text("err.ryomen.games", max=MAX_GAMES, games=games))
    if len(setups) != 2:
        raise ValueError(Text("err.ryomen.players"))
    pool = pool_of(registry)
    current = [s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups]
    rng = Rng(derive(seed, "match-rebuild"))
    if rebuild is None:
        def rebuild(p, number, previous):
            return random_pairing(pool, set_of(pool, previous), rng)
    wins, points, records = [0, 0], [0, 0], []
    need = games // 2 + 1
    for number in range(games):
        if games % 2 == 0 and number and number % 2 == 0:  # RY-MATCH-2: rebuild every two games
            current = [rebuild(p, number, current[p]) for p in range(2)]
        starter = first if number % 2 == 0 else 1 - first  # swap after every game
        game_seed = derive(seed, "match-game", number)
        game = play_game(registry, current, game_seed, agents, first=starter)
        totals = tuple(sum(w) for w in game.won)
        for p in range(2):
            points[p] += totals[p]
        if game.winner is not None:
            wins[game.winner] += 1
        records.append(GameRecord(game_seed, starter, tuple(s.deck or s.name for s in current), totals, game.winner))
        if games % 2 == 1 and max(wins) >= need:
            break
    if games % 2 == 1:
        winner = None if wins[0] == wins[1] else (0 if wins[0] > wins[1] else 1)
    else:
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    return MatchResult(format_name(games), tuple(records), tuple(wins), tuple(points), winner)
