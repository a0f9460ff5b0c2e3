"""The base of every rule engine: a game is a generator of decisions driven by ``choose``.

An engine writes its rules as one generator method, :meth:`Game.flow`, that ``yield``s a
:class:`~engine.core.decision.Decision` whenever a player must decide and receives the picks
(a tuple of option ids) back::

    picks = yield Decision(player, "deploy", options, rule="RR-DEP-1")

Nested procedures are generators too (``yield from self.cast(...)``), so a preempt chain is
plain recursion. The base class keeps the one pending decision, checks answers, logs every
decision, answers *forced* decisions (exactly one possible answer) itself, and ends the game
when the flow raises :class:`GameOver` or returns.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator

from fuda.engine.core.decision import PLAIN, ChoiceError, Decision
from fuda.engine.core.log import DECISION_KEYS as _DECISION
from fuda.engine.core.log import GameLog
from fuda.engine.core.rng import RNG_VERSION, Rng


def forced_picks(decision: Decision, plain=PLAIN) -> tuple[str, ...] | None:
    """The only possible answer to ``decision`` (games answer those themselves), or ``None``
    when its player has a real choice. Plain decisions are tested inline: this runs on every
    decision of every game."""
    if type(decision) in plain:
        options = decision.options
        n = len(options)
        low = decision.min
        if low == decision.max == n:
            return tuple([o.id for o in options])
        if n == 1 and low == 1:
            return (options[0].id,)
        return None
    if decision.forced:
        return decision.ids if decision.min == len(decision.options) else decision.ids[:1]
    return None


class GameOver(Exception):
    """Raised inside a game's flow when the game ends (``winner`` None for a draw)."""

    __slots__ = ("reason", "winner")

    def __init__(self, winner: int | None, reason: str):
        self.args = (reason,)  # what Exception.__init__(reason) sets (no super() call: one per game)
        self.winner = winner
        self.reason = reason


class GameFinished(ChoiceError):
    """A choice was given to a game that has already ended."""


Flow = Generator[Decision, tuple, None]


class Game(ABC):
    """A game in progress: one pending decision, a log, one seeded generator.

    Subclasses set ``RULES`` (the rules id, e.g. ``recast-rift``), ``ENGINE_VERSION`` and
    ``RULES_VERSION``, and implement :meth:`flow`, :meth:`render` and :meth:`describe_state`.
    Call :meth:`start` once the position is set up.
    """

    RULES = ""
    ENGINE_VERSION = "0"
    RULES_VERSION = "0"
    RNG_VERSION = RNG_VERSION

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = Rng(seed)
        self.log = GameLog()
        self.pending: Decision | None = None
        self.finished = False
        self.winner: int | None = None
        self.reason = ""
        self.decisions = 0  # answers given with choose() (forced ones excluded)
        self._flow: Flow | None = None

    # -- to implement -------------------------------------------------------------------
    @abstractmethod
    def flow(self) -> Flow:
        """The rules, as a generator of decisions (see the module docstring)."""

    def render(self, event) -> str:
        """One readable line for a log event."""
        return f"{event.kind} {event.player} {event.data}"

    def describe_state(self) -> str:
        """A multi-line dump of the position (for failing scripts and the CLI)."""
        return repr(self)

    def setup_json(self) -> dict:
        """What a replay needs besides the seed to set this game up again (decks …)."""
        return {}

    def greedy(self, decision: Decision, rng: Rng) -> tuple[str, ...]:
        """The greedy agent's answer; engines override this with their heuristics."""
        return decision.ids[: max(decision.min, 1)] if decision.options else ()

    # -- driving ---------------------------------------------------------------------------
    def start(self) -> Game:
        """Run the flow up to the first real decision (or the end) and return self."""
        if self._flow is not None:
            raise RuntimeError("the game has already started")
        self._flow = self.flow()
        self._advance(None)
        return self

    def choose(self, *picks: str) -> None:
        """Answer the pending decision with option ids (``choose("zone:2")``,
        ``choose("a", "b")`` or ``choose(["a", "b"])``); the game runs to the next decision."""
        decision = self.pending
        if decision is None:
            if self.finished:
                raise GameFinished(f"the game is over ({self.reason}); no decision is pending")
            raise ChoiceError("the game has not started; call start() first")
        if len(picks) == 1 and isinstance(picks[0], (list, tuple)):
            picks = tuple(picks[0])
        picks = decision.check(picks)
        self.decisions += 1
        self.log.push(("decision", decision.player, _DECISION, decision.kind, decision.rule, picks, False))
        self._advance(picks)

    def _advance(self, answer) -> None:
        send = self._flow.send
        push = self.log.push
        try:
            decision = send(answer)
            while True:
                picks = forced_picks(decision)
                if picks is None:
                    break
                push(("decision", decision.player, _DECISION, decision.kind, decision.rule, picks, True))
                decision = send(picks)
        except StopIteration:
            self._end(None, "the game flow ended")
            return
        except GameOver as over:
            self._end(over.winner, over.reason)
            return
        self.pending = decision

    def _end(self, winner: int | None, reason: str) -> None:
        self.pending = None
        self.finished = True
        self.winner = winner
        self.reason = reason
        self.log.push(("game-over", winner, ("reason",), reason))

    def transcript(self) -> list[str]:
        """The readable log, one line per event (forced decisions and internals left out)."""
        lines = []
        for event in self.log.events:
            line = self.render(event)
            if line:
                lines.append(line)
        return lines
