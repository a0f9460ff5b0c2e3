"""The one loop that drives games: scripted tests, random playouts and the CLI all use it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .agents import Agent, ScriptedAgent
from .game import Game


class GameStalled(RuntimeError):
    """A game took more decisions than the runner's limit (a rules loop, or a limit too low)."""


@dataclass(frozen=True)
class Result:
    """How a run ended: the winner (None for a draw or an unfinished game), why, and counts."""

    finished: bool
    winner: int | None
    reason: str
    decisions: int
    events: int


def run(game: Game, agents: Agent | Sequence[Agent], *, limit: int = 100_000,
        on_decision: Callable | None = None) -> Result:
    """Start ``game`` if needed and let ``agents`` answer until it ends.

    ``agents`` is one agent for every seat or one per seat. A :class:`ScriptedAgent` that has
    used all its steps stops the run with the decision still pending, so a test can inspect
    the position; a game that ends with scripted steps left over fails (strict scripts).
    ``on_decision(game, decision, picks)`` is called before each answer (the CLI prints with it).
    """
    if game._flow is None:
        game.start()
    seats = agents if isinstance(agents, (list, tuple)) else None
    count = 0
    while game.pending is not None:
        decision = game.pending
        agent = seats[decision.player] if seats is not None else agents
        if isinstance(agent, ScriptedAgent) and agent.done:
            return _result(game)
        picks = agent.choose(game, decision)
        if on_decision is not None:
            on_decision(game, decision, picks)
        game.choose(*picks)
        count += 1
        if count > limit:
            raise GameStalled(f"no end after {limit} decisions (seed {game.seed})")
    for agent in (seats or (agents,)):
        if isinstance(agent, ScriptedAgent):
            agent.check_done(game)
    return _result(game)


def _result(game: Game) -> Result:
    return Result(game.finished, game.winner, game.reason, game.decisions, len(game.log))
