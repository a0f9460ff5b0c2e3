"""The one loop that drives games: scripted tests, random playouts and the CLI all use it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import floor
from typing import cast

from fuda.engine.core.agents import Agent, RandomAgent, ScriptedAgent, ScriptError
from fuda.engine.core.decision import PLAIN, Decision
from fuda.engine.core.game import Game, GameOver, forced_picks
from fuda.engine.core.hidden import Position
from fuda.engine.core.log import DECISION_KEYS as _DECISION
from fuda.engine.core.rng import Rng


def view_of(game: Game, seat: int) -> object:
    """What an agent of ``seat`` is given: ``game.view(seat)``, never the game."""
    return game.view(seat)


def ask(agent: Agent, game: Game, decision: Decision) -> tuple[str, ...]:
    """``agent``'s answer to ``decision``, given the view of the deciding seat (or nothing, for an
    agent that needs none); a script that goes wrong gets the position added to its error."""
    view: object
    if getattr(agent, "needs_position", False):
        view = Position(game, decision.player)  # the view, and determinized copies to search
    else:
        view = view_of(game, decision.player) if agent.needs_view else None
    try:
        return agent.choose(view, decision)
    except ScriptError as exc:
        raise ScriptError(f"{exc}\n{game.describe_state()}") from None


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
    Agents are given the deciding seat's view (:func:`ask`), never the game.
    """
    if game._flow is None:
        game.start()
    seats: Sequence[Agent] | None = agents if isinstance(agents, (list, tuple)) else None
    solo = cast(Agent, agents)  # (the one agent of every seat, when seats is None)
    if on_decision is None and _fast(game, seats or (solo,)):
        _run_fast(game, seats, solo, limit)
        return _result(game)
    count = 0
    while game.pending is not None:
        decision = game.pending
        agent = seats[decision.player] if seats is not None else solo
        if isinstance(agent, ScriptedAgent) and agent.done:
            return _result(game)
        picks = ask(agent, game, decision)
        if on_decision is not None:
            on_decision(game, decision, picks)
        game.choose(*picks)
        count += 1
        if count > limit:
            raise GameStalled(f"no end after {limit} decisions (seed {game.seed})")
    for agent in (seats or (solo,)):
        if isinstance(agent, ScriptedAgent):
            agent.check_done(game)
    return _result(game)


def _fast(game: Game, agents: Sequence[Agent]) -> bool:
    """True when the loop may be inlined: the game keeps the base choose/advance and no agent
    is scripted (scripted runs stop early and check their steps).

    The bound methods tell an instance's own ``choose``/``advance`` apart without reading
    ``game.__dict__``: on CPython 3.11 that turns the instance's inline attribute values into a
    dictionary, and every later ``self.x`` of the game then misses its specialised fast path."""
    if (getattr(game.choose, "__func__", None) is not Game.choose
            or getattr(game.advance, "__func__", None) is not Game.advance):
        return False
    for agent in agents:  # noqa: SIM110 (a loop, no generator: once per playout; the type test first: an ABC's isinstance costs a Python call)
        if type(agent) is not RandomAgent and isinstance(agent, ScriptedAgent):
            return False
    return True


def _run_fast(game: Game, seats: Sequence[Agent] | None, agent: Agent, limit: int) -> None:
    """The loop of :func:`run` with ``Game.choose``, ``Game.advance`` and the random agent's
    single pick inlined: the same picks, checks, log entries and draws, fewer calls.

    A plain :class:`fuda.engine.core.decision.Decision` (see ``PLAIN``) asking for one of several options without a
    combination rule is a real choice (never forced) and a random agent's answer needs no check:
    the advance loop answers those itself, as ``RandomAgent.choose`` would. Every other decision
    goes to its agent. For other plain decisions a random agent answers with distinct options in
    a legal count, so of ``Decision.check`` only the repeated-id test can fail: the full check
    runs only then. ``game.decisions`` and ``game.pending`` are written once, when the loop
    stops, and before any agent other than a random one is asked (it may read the game)."""
    push = game.log.push
    assert game._flow is not None, "the game has not started"
    send = game._flow.send
    plain = PLAIN
    rngs: list[Rng | None] | None
    rng: Rng | None
    if seats is not None:  # the random agents' generators (None for other agents), by seat
        rngs = [a.rng if type(a) is RandomAgent else None for a in seats]
        rng = None
    else:
        rngs = None
        rng = agent.rng if type(agent) is RandomAgent else None
    answered = 0
    decision = game.pending
    picks: tuple[str, ...] | None  # (None: no forced answer, the loop below stops)
    try:
        while decision is not None:  # a decision for the agent (the first one, or one not inlined)
            if seats is not None and rngs is not None:
                agent = seats[decision.player]
                rng = rngs[decision.player]
            if rng is not None and type(decision) in plain and decision.combine is None:
                picks = agent.choose(None, decision)  # a random agent: no view
                if len(set(picks)) != len(picks):
                    game.pending = decision  # (an explain() may read it)
                    decision.check(picks)  # raises InvalidChoice (an option id is repeated)
            else:
                game.pending = decision
                picks = ask(agent, game, decision)
                picks = tuple(picks)
                if len(picks) == 1 and isinstance(picks[0], (list, tuple)):
                    picks = tuple(picks[0])
                picks = decision.check(picks)
            answered += 1
            push(("decision", decision.player, _DECISION, decision.kind, decision.rule, picks, False))
            try:  # Game.advance, answering a random agent's single picks on the way
                while True:
                    decision = send(picks)
                    if rngs is not None:
                        rng = rngs[decision.player]
                    if decision.max == 1 and decision.min == 1 and decision.combine is None \
                            and (n := len(options := decision.options)) > 1 and type(decision) in plain:
                        if rng is None or answered > limit:
                            break  # another agent's choice, or the limit (tested below) is passed
                        rng.draws += 1  # RandomAgent.choose's single pick
                        random = rng.random  # (a specialised slot read: the method form rng.random() is not)
                        picks = (options[floor(random() * n)].id,)
                        answered += 1
                        push(("decision", decision.player, _DECISION, decision.kind, decision.rule, picks, False))
                    else:
                        picks = forced_picks(decision, plain)
                        if picks is None:
                            break
                        push(("decision", decision.player, _DECISION, decision.kind, decision.rule, picks, True))
            except StopIteration:
                game._end(None, "the game flow ended")
                decision = None
            except GameOver as over:
                game._end(over.winner, over.reason, over)
                decision = None
            if answered > limit:
                raise GameStalled(f"no end after {limit} decisions (seed {game.seed})")
    finally:
        game.decisions += answered
        if not game.finished:
            game.pending = decision


def _result(game: Game) -> Result:
    result = _new_result(Result)  # Result(...) without the frozen __init__'s five setattr calls
    result.__dict__.update(finished=game.finished, winner=game.winner, reason=game.reason,
                           decisions=game.decisions, events=len(game.log._items))  # (no GameLog.__len__ call)
    return result


_new_result = object.__new__
