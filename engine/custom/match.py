"""``fuda match`` for custom games: a match of several games between two decks.

Odd numbers of games are a best-of (the first to win a majority); even numbers play every game
and the totals of the game's first ``decide-by`` counter decide. The first player alternates,
game 1's first player is ``first``; each game's seed derives from the match seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuda.engine.core import make_agent, run
from fuda.engine.core.match import MatchResult
from fuda.engine.core.match import play_match as run_match


def play_match(registry, setups, games: int, seed: int, agents: Sequence[str] = ("random", "random"),
               first: int = 0) -> MatchResult:
    """Play a 2-player match of ``games`` games between ``setups`` (see the module docstring)."""
    from fuda.engine.custom.game import PlayerSetup, new_game

    current = [s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups]

    def play(number: int, starter: int, game_seed: int):
        game = new_game(registry, current, game_seed, first=starter)
        run(game, [make_agent(agents[p] if p < len(agents) else agents[-1], game_seed, p) for p in range(2)])
        rules = game.static.rules
        k = rules.decide_by[0] if rules.decide_by else -1
        totals = tuple(game.st.counters[p][k] for p in range(2)) if k >= 0 else (0, 0)
        return tuple(s.deck for s in current), totals, game.winner

    return run_match(games, len(current), seed, first, play)
