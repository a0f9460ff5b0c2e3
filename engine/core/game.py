"""The base of every rule engine: a game is a generator of decisions driven by ``choose``.

An engine writes its rules as one generator method, :meth:`Game.flow`, that ``yield``s a
:class:`~engine.core.decision.Decision` whenever a player must decide and receives the picks
(a tuple of option ids) back::

    picks = yield Decision(player, "deploy", options, rule="RR-DEP-1")

Nested procedures are generators too (``yield from self.cast(...)``), so a preempt chain is
plain recursion. The base class keeps the one pending decision, checks answers, logs every
decision, answers *forced* decisions (exactly one possible answer) itself, and ends the game
when the flow raises :class:`GameOver` (with an :class:`~engine.core.outcome.Outcome`) or returns.

What lives elsewhere: what a seat may know is the engine's ``view(seat)`` (a frozen value);
agents answer from a view (:mod:`engine.core.agents`), never from the game; the readable log is
the engine's :class:`~engine.core.narration.Narrator`, for a seat or for everyone.

Copying: a live generator cannot be copied, so :meth:`Game.clone` (and ``copy.deepcopy``)
re-creates the game from its setup and seed (:meth:`Game.fresh`) and replays the answers given so
far; the copy's log is the original's, event for event (checked), and the two then play on
independently. An engine that marks the tops of its turns with :meth:`Game.checkpoint` lets a
copy made for search replay only the answers since (:mod:`engine.core.checkpoint`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator, Sequence
from typing import Any, Self

from fuda.engine.core.checkpoint import Checkpoint
from fuda.engine.core.decision import PLAIN, ChoiceError, Decision
from fuda.engine.core.hidden import redeal, shown_by
from fuda.engine.core.log import DECISION_KEYS as _DECISION
from fuda.engine.core.log import GameLog
from fuda.engine.core.narration import Narrator
from fuda.engine.core.outcome import Outcome, Termination
from fuda.engine.core.rng import RNG_VERSION, Rng, derive


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
    """Raised inside a game's flow when the game ends (``winner`` None for a draw).

    ``reason`` is the English text (logs and replays keep it); ``kind`` the
    :class:`~engine.core.outcome.Termination`, ``ja`` the Japanese text, ``winners`` every
    winning seat when more than one wins (a team)."""

    __slots__ = ("ja", "kind", "reason", "winner", "winners")

    def __init__(self, winner: int | None, reason: str, kind: Termination | None = None, ja: str = "",
                 winners: tuple[int, ...] | None = None):
        self.args = (reason,)  # what Exception.__init__(reason) sets (no super() call: one per game)
        self.winner = winner
        self.reason = reason
        self.kind = kind
        self.ja = ja
        self.winners = winners

    def outcome(self) -> Outcome:
        """The typed outcome this ending carries."""
        winners = self.winners if self.winners is not None else (() if self.winner is None else (self.winner,))
        kind = self.kind or (Termination.RULE if winners else Termination.DRAW)
        outcome = _new_outcome(Outcome)  # Outcome(...) without the frozen __init__'s four setattr calls
        outcome.__dict__.update(winners=tuple(winners), kind=kind, en=self.reason, ja=self.ja)
        return outcome


_new_outcome = object.__new__


class CloneError(RuntimeError):
    """A game could not be copied: replaying its answers did not give the same log (its state
    was changed outside the rules, e.g. by a test poking at it)."""


class GameFinished(ChoiceError):
    """A choice was given to a game that has already ended."""


Flow = Generator[Decision, tuple, None]


class Game(ABC):
    """A game in progress: one pending decision, a log, one seeded generator.

    Subclasses set ``RULES`` (the rules id, e.g. ``recast-rift``), ``ENGINE_VERSION``,
    ``RULES_VERSION`` and ``NARRATOR`` (their :class:`~engine.core.narration.Narrator`), and
    implement :meth:`flow`, :meth:`view` and :meth:`fresh`. Call :meth:`start` once the position
    is set up.
    """

    RULES = ""
    ENGINE_VERSION = "0"
    RULES_VERSION = "0"
    RNG_VERSION = RNG_VERSION
    NARRATOR: type[Narrator] = Narrator
    #: the attributes play changes (besides the log, the generator and the answer count), for
    #: checkpoints; an engine that calls :meth:`checkpoint` lists them all
    STATE: tuple[str, ...] = ()
    _recording = False  # keep checkpoints (a copy made for search)
    _checkpoint: Checkpoint | None = None  # the latest one kept
    _resume_at: object = None  # where a restored flow starts again (None: from the setup)

    def __init__(self, seed: int):
        self.seed = seed
        self.rng = Rng(seed)
        self.log = GameLog()
        self.pending: Decision | None = None
        self.finished = False
        self.winner: int | None = None
        self.reason = ""
        self.outcome: Outcome | None = None
        self.decisions = 0  # answers given with choose() (forced ones excluded)
        self._flow: Flow | None = None

    # -- to implement -------------------------------------------------------------------
    @abstractmethod
    def flow(self) -> Flow:
        """The rules, as a generator of decisions (see the module docstring)."""

    @abstractmethod
    def view(self, seat: int):
        """What ``seat`` may know now, as a frozen value."""

    @abstractmethod
    def fresh(self) -> Game:
        """A new, unstarted game with this one's setup, position and seed (:meth:`clone` needs it)."""

    def hidden(self, seat: int) -> list:
        """The places ``seat`` cannot see into, as :class:`~engine.core.hidden.Pool` values (for
        :meth:`determinize`); engines that support search agents implement it."""
        raise NotImplementedError(f"{self.RULES} does not say what is hidden from a seat")

    def determinize(self, seat: int, rng: Rng) -> None:
        """Turn this game (a copy) into one ``seat`` cannot tell from it: every pool of
        :meth:`hidden` re-dealt at random, and the game's own generator re-seeded from ``rng`` so
        that no chance event to come is the real one. Engines with hidden information of another
        shape (ryomen's pairings) override this."""
        shown = shown_by(self.pending, seat)
        for pool in self.hidden(seat):
            redeal(pool.without(shown) if shown else pool, rng)
        self.rng = Rng(derive(rng.below(1 << 62), "determinized"))

    def narrator(self) -> Narrator:
        """The narrator of this game's log (for a seat or for everyone)."""
        return self.NARRATOR(self)

    def render(self, event, seat: int | None = None) -> str:
        """One readable line for a log event, for ``seat`` (None: everything, as a spectator)."""
        return self.narrator().line(event, seat)

    def describe_state(self, seat: int | None = None) -> str:
        """A multi-line dump of the position (for failing scripts and the CLI); for a seat,
        only what that seat may know."""
        return self.narrator().state(seat)

    def setup_json(self) -> dict:
        """What a replay needs besides the seed to set this game up again (decks …)."""
        return {}

    # -- copying ---------------------------------------------------------------------------
    def checkpoint(self, where) -> None:
        """Called by the flow where its state alone says where play stands (the top of a turn),
        with the token its flow starts again from (:attr:`_resume_at`): a game that records
        checkpoints keeps this one, and its clones start from it."""
        if self._recording:
            self._checkpoint = Checkpoint.of(self, where)

    def recording(self) -> Game:
        """A copy of this game that keeps a checkpoint at each :meth:`checkpoint` of its flow, so
        that its own clones replay only the answers after the latest one (a search's base copy)."""
        twin = self.fresh()
        # a hosted game (a clock, scheduled host events) answers through its own choose, whose
        # bookkeeping a checkpoint does not hold: it is copied by replay only
        twin._recording = "choose" not in twin.__dict__
        return self._replay_on(twin, self.log.answers())

    def clone(self) -> Game:
        """An independent copy of this game at the same point (see the module docstring):
        :meth:`fresh`, started, with every answer given so far replayed — or, when this game
        keeps a checkpoint, the checkpoint restored and the answers since replayed.
        ``CloneError`` when the copy's log differs in length from this one's."""
        twin = self.fresh()
        point = self._checkpoint
        if point is None:
            return self._replay_on(twin, self.log.answers())
        point.restore(twin, self.log)
        twin._flow = twin.flow()
        twin.advance(None)
        return self._replay_on(twin, self.log.answers()[point.answered:], started=True)

    def _replay_on(self, twin: Game, answers, started: bool = False) -> Game:
        if self._flow is None:
            return twin
        if not started:
            twin.start()
        choose = twin.choose
        for picks in answers:
            choose(picks)
        if len(twin.log) != len(self.log) or twin.finished != self.finished:
            raise CloneError(f"replaying the answers of {self.RULES} seed {self.seed} gave another game "
                             "(was its state changed outside the rules?)")
        return twin

    def __deepcopy__(self, memo) -> Game:
        return self.clone()

    # -- driving ---------------------------------------------------------------------------
    def start(self) -> Self:
        """Run the flow up to the first real decision (or the end) and return self."""
        if self._flow is not None:
            raise RuntimeError("the game has already started")
        self._flow = self.flow()
        self.advance(None)
        return self

    def choose(self, *picks: str | Sequence[str]) -> None:
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
        self.advance(picks)

    def advance(self, answer: Any) -> None:
        """Send ``answer`` (None to start the flow, else a player's checked picks) into the flow and
        run it on through every forced decision to the next one a player must make, or the end.
        The runner's inlined loop (:mod:`fuda.engine.core.runner`) is a second copy of this."""
        assert self._flow is not None, "the game has not started"
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
            self._end(over.winner, over.reason, over)
            return
        self.pending = decision

    def _end(self, winner: int | None, reason: str, over: GameOver | None = None) -> None:
        """End the game (``over``: how, for the typed outcome; a host ending a game from outside
        the flow — a concession, a clock — passes one too)."""
        self.pending = None
        self.finished = True
        self.winner = winner
        self.reason = reason
        if over is None:
            self.outcome = Outcome(() if winner is None else (winner,), Termination.FLOW_END, reason,
                                   "ゲームの進行が終わった")
        else:
            self.outcome = over.outcome()
        self.log.push(("game-over", winner, ("reason",), reason))

    def transcript(self, seat: int | None = None) -> list[str]:
        """The readable log, one line per event (forced decisions and internals left out): for
        ``seat``, hidden cards unnamed; for None, everything (replays, spectators)."""
        return self.narrator().lines(self.log.events, seat)
