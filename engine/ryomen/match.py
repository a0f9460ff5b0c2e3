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

from fuda.engine.core import Rng, derive, make_agent, run
from fuda.engine.core.match import MatchResult
from fuda.engine.core.match import play_match as run_match
from fuda.engine.ryomen.setup import PlayerSetup, Table
from fuda.i18n import Text


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
    """Play a 2-player match of ``games`` games (odd: by games won; even: by total points, see
    :mod:`fuda.engine.core.match`).

    ``first`` is the first player of game 1; ``rebuild(player, game_number, previous_setup)``
    (even formats) returns a player's new pairing after every two games.
    """
    from fuda.engine.ryomen.cards import pool_of

    pool = pool_of(registry)
    current = [s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups]
    rng = Rng(derive(seed, "match-rebuild"))
    if rebuild is None:
        def rebuild(p, number, previous):
            return random_pairing(pool, set_of(pool, previous), rng)

    def play(number: int, starter: int, game_seed: int):
        if games % 2 == 0 and number and number % 2 == 0:  # RY-MATCH-2: rebuild every two games
            current[:] = [rebuild(p, number, current[p]) for p in range(2)]
        game = play_game(registry, current, game_seed, agents, first=starter)
        return tuple(s.deck or s.name for s in current), tuple(sum(w) for w in game.won), game.winner

    return run_match(games, len(current), seed, first, play)
