"""``fuda match`` for custom games: a match of several games between two decks.

Odd numbers of games are a best-of (the first to win a majority); even numbers play every game
and the totals of the game's first ``decide-by`` counter decide. The first player alternates,
game 1's first player is ``first``; each game's seed derives from the match seed.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuda.engine.core import derive, make_agent, run
from fuda.engine.ryomen.match import MAX_GAMES, GameRecord, MatchResult, format_name
from fuda.i18n import Text


def play_match(registry, setups, games: int, seed: int, agents: Sequence[str] = ("random", "random"),
               first: int = 0) -> MatchResult:
    """Play a 2-player match of ``games`` games between ``setups`` (see the module docstring)."""
    from fuda.engine.custom.game import PlayerSetup, new_game

    if not 1 <= games <= MAX_GAMES:
        raise ValueError(Text("err.ryomen.games", max=MAX_GAMES, games=games))
    if len(setups) != 2:
        raise ValueError(Text("err.ryomen.players"))
    current = [s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups]
    wins, points, records = [0, 0], [0, 0], []
    need = games // 2 + 1
    for number in range(games):
        starter = first if number % 2 == 0 else 1 - first
        game_seed = derive(seed, "match-game", number)
        game = new_game(registry, current, game_seed, first=starter)
        run(game, [make_agent(agents[p] if p < len(agents) else agents[-1], game_seed, p) for p in range(2)])
        rules = game.static.rules
        k = rules.decide_by[0] if rules.decide_by else -1
        totals = tuple(game.st.counters[p][k] for p in range(2)) if k >= 0 else (0, 0)
        for p in range(2):
            points[p] += totals[p]
        if game.winner is not None:
            wins[game.winner] += 1
        records.append(GameRecord(game_seed, starter, tuple(s.deck for s in current), totals, game.winner))
        if games % 2 == 1 and max(wins) >= need:
            break
    if games % 2 == 1:
        winner = None if wins[0] == wins[1] else (0 if wins[0] > wins[1] else 1)
    else:
        winner = None if points[0] == points[1] else (0 if points[0] > points[1] else 1)
    return MatchResult(format_name(games), tuple(records), tuple(wins), tuple(points), winner)
