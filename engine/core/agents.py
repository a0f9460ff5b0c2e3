"""Agents: whoever answers decisions. Each implements one method, ``choose(view, decision)``:
``view`` is what the deciding seat may know (the engine's ``game.view(seat)``, a frozen value),
never the game itself. Agents that need no view (``needs_view = False``) get ``None``.

* :class:`ScriptedAgent` — plays a fixed list of steps and is strict: a decision that does not
  match the next step, or steps left over at the end, fail with the options
  (:class:`ScriptError`; the runner adds a dump of the position). Conformance tests use it.
* :class:`RandomAgent` — uniform random legal answers from its own seeded stream.
* :class:`GreedyAgent` — the engine's heuristic policy for the view's type (registered with
  :func:`policy`), with its own stream for tie-breaks; good enough to make simulations meaningful.
* ``MctsAgent`` (:mod:`engine.core.search`) — searches before it answers; it sets
  ``needs_position`` and is given a :class:`~engine.core.hidden.Position` (the view, and copies
  of the game with what the seat cannot see dealt again) in place of the bare view.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import floor
from typing import Any

from fuda.engine.core.decision import ChoiceError, Decision
from fuda.engine.core.rng import Rng, seat_key


class Agent(ABC):
    """Answers decisions: return a tuple of option ids for ``decision``."""

    name = "agent"
    #: False for agents that answer from the decision alone (the runner then skips the view)
    needs_view = True

    @abstractmethod
    def choose(self, view, decision: Decision) -> tuple[str, ...]:
        """The picks for ``decision`` (option ids), knowing only ``view``."""


class ScriptError(AssertionError):
    """A scripted game went off its script; the message holds the position and the options."""


@dataclass(frozen=True)
class Step:
    """One scripted answer: the decision kind expected, the picks, optionally the player."""

    kind: str
    picks: tuple[str, ...]
    player: int | None = None

    @classmethod
    def parse(cls, raw) -> Step:
        """``("deploy", "zone:2")``, ``(1, "damage", "life")``, ``("cleanup", "a", "b")``
        or ``"main end"`` (kind, a space, the picks separated by spaces)."""
        if isinstance(raw, Step):
            return raw
        if isinstance(raw, str):
            raw = tuple(raw.split())
        raw = tuple(raw)
        player = None
        if raw and isinstance(raw[0], int):
            player, raw = raw[0], raw[1:]
        if not raw or not isinstance(raw[0], str):
            raise ValueError(f"a script step is (kind, *picks), got {raw!r}")
        picks: list[str] = []
        for item in raw[1:]:
            picks.extend(item if isinstance(item, (list, tuple)) else [item])
        return cls(raw[0], tuple(picks), player)

    def __str__(self) -> str:
        who = f"player {self.player + 1} " if self.player is not None else ""
        return f"{who}{self.kind} {' '.join(self.picks) or '(nothing)'}"


class ScriptedAgent(Agent):
    """Plays ``steps`` in order, for whichever player is asked; strict about mismatches."""

    name = "scripted"
    needs_view = False

    def __init__(self, steps: Iterable = ()):
        self.steps = [Step.parse(s) for s in steps]
        self.used = 0

    def extend(self, steps: Iterable) -> ScriptedAgent:
        """Append more steps (a test may script a game in several parts)."""
        self.steps.extend(Step.parse(s) for s in steps)
        return self

    @property
    def done(self) -> bool:
        """True when every step was used."""
        return self.used >= len(self.steps)

    def choose(self, view, decision: Decision) -> tuple[str, ...]:
        if self.done:
            self.fail(None, decision, "the script has no step left for this decision")
        step = self.steps[self.used]
        if step.kind != decision.kind or (step.player is not None and step.player != decision.player):
            self.fail(None, decision, f"step {self.used + 1} expects {step}")
        try:
            decision.check(step.picks)
        except ChoiceError as exc:
            self.fail(None, decision, f"step {self.used + 1} ({step}) is refused: {exc}")
        self.used += 1
        return step.picks

    def check_done(self, game=None) -> None:
        """Fail when steps are left over (call at the end of a scripted test)."""
        if not self.done:
            left = "; ".join(str(s) for s in self.steps[self.used:])
            self.fail(game, getattr(game, "pending", None), f"{len(self.steps) - self.used} step(s) unused: {left}")

    @staticmethod
    def fail(game, decision, why: str):
        """Raise :class:`ScriptError` with the pending options (and the position, given a game:
        tests are omniscient; the runner adds it when an agent's step fails)."""
        parts = [f"script mismatch: {why}"]
        if decision is not None:
            parts.append(decision.describe())
        if game is not None:
            parts.append(game.describe_state())
        raise ScriptError("\n".join(parts))


class RandomAgent(Agent):
    """Uniformly random answers (a random legal count, then distinct random options)."""

    name = "random"
    needs_view = False

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    @classmethod
    def for_seat(cls, game_seed: int, seat: int) -> RandomAgent:
        """An agent with a stream derived from the game's seed and the seat, independent of it."""
        return cls(seat_key(game_seed, "agent", seat))

    def choose(self, view, decision: Decision) -> tuple[str, ...]:
        options = decision.options
        if decision.min == 1 and decision.combine is None and (decision.max == 1 or len(options) == 1):
            # the common single pick: the count needs no draw, so this is the one below() below
            rng = self.rng
            rng.draws += 1
            return (options[floor(rng.random() * len(options))].id,)
        hi = min(decision.max, len(options))
        for _ in range(1000):  # a decision with a combination rule may refuse some draws
            count = decision.min if hi <= decision.min else decision.min + self.rng.below(hi - decision.min + 1)
            picks = (options[self.rng.below(len(options))].id,) if count == 1 else \
                tuple([o.id for o in self.rng.sample(options, count)])
            if decision.combine is None or decision.combine(picks) is None:
                return picks
        raise RuntimeError(f"no legal combination found for {decision.kind} ({decision.rule})")


#: The greedy policies by view type: ``fn(view, decision, rng) -> picks``.
#: a greedy policy: ``fn(view, decision, rng)`` → option ids
Policy = Callable[[Any, Decision, Rng], Sequence[str]]
POLICIES: dict[type, Policy] = {}


def policy(view_type: type):
    """Register ``fn(view, decision, rng)`` as the greedy policy for views of ``view_type``."""

    def register(fn):
        POLICIES[view_type] = fn
        return fn

    return register


#: Position evaluations by view type: ``(fn, horizon)``; ``fn(view) -> float`` is the chance, 0 to
#: 1, that the view's seat wins from here, and ``horizon`` how many decisions a search plays out
#: before it scores the position with ``fn`` (two-player games only).
EVALUATIONS: dict[type, tuple[object, int]] = {}


def evaluation(view_type: type, horizon: int):
    """Register ``fn(view)`` as the position evaluation for views of ``view_type``: a search's
    playouts stop after ``horizon`` decisions and score the position with it."""

    def register(fn):
        EVALUATIONS[view_type] = (fn, horizon)
        return fn

    return register


def first_options(view, decision: Decision, rng) -> tuple[str, ...]:
    """The policy of a view type nobody registered one for: the first options, as many as needed."""
    return decision.ids[: max(decision.min, 1)] if decision.options else ()


class GreedyAgent(Agent):
    """Plays the heuristic registered for the view's type (see :func:`policy`)."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self.rng = Rng(seed)

    @classmethod
    def for_seat(cls, game_seed: int, seat: int) -> GreedyAgent:
        """An agent with a stream derived from the game's seed and the seat."""
        return cls(seat_key(game_seed, "greedy", seat))

    def choose(self, view, decision: Decision) -> tuple[str, ...]:
        fn = POLICIES.get(type(view), first_options)
        return tuple(fn(view, decision, self.rng))


#: agent classes by name, each with ``for_seat(game_seed, seat)`` (mcts: ``for_seat(game_seed, seat, budget)``)
AGENTS: dict[str, Any] = {"random": RandomAgent, "greedy": GreedyAgent}


def make_agent(name: str, game_seed: int, seat: int) -> Agent:
    """An agent by name (``random``, ``greedy``, ``mcts`` or ``mcts:BUDGET``) with a stream
    derived from the game's seed."""
    base, colon, budget = name.partition(":")
    kind = AGENTS.get(base)
    if kind is None:
        raise ValueError(f"unknown agent {name!r} (agents: {', '.join(AGENTS)})")
    if colon:
        if base != "mcts":
            raise ValueError(f"agent {base!r} takes no budget (only mcts does: mcts:200, mcts:0.5s)")
        return kind.for_seat(game_seed, seat, budget)
    return kind.for_seat(game_seed, seat)
