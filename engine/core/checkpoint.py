"""Checkpoints: copies of a game's state where its flow can start again, so that a copy of the
game replays only the answers given since, not every answer from the setup.

A game's flow is a generator, and a live generator cannot be copied: :meth:`fuda.engine.core.game.Game.clone`
replays the answers on a fresh game. For a search that copies the same position fifty times a
decision, the replay is most of the cost, and it grows with the game's length. An engine whose
flow can start again at a point its state alone describes — the top of a turn, where no
generator holds anything the game's attributes do not — calls :meth:`fuda.engine.core.game.Game.checkpoint` there, and
lists in ``STATE`` the attributes play changes. The shape to write new engines in is one
``@dataclass(slots=True)`` state held in one attribute (``STATE = ("state",)``): it is copied field
by field from :func:`dataclasses.fields` (:func:`copy_state`), so no list of names is kept by hand;
a field marked ``field(metadata=SHARED)`` (the game's frozen data, the log's ``push``) is shared,
not copied. While a game *records* checkpoints (a copy made
for search does; played games do not, so they pay nothing), each call keeps a :class:`Checkpoint`;
a clone then restores the latest one on a fresh game and replays only the answers after it.

Engines that do not call :meth:`fuda.engine.core.game.Game.checkpoint` are copied by replay, as before.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, fields
from typing import Any, Protocol, TypeVar

from fuda.engine.core.hidden import CardRef
from fuda.engine.core.log import GameLog
from fuda.engine.core.rng import Rng


class Resumable(Protocol):
    """What a checkpoint reads and restores of a game (:class:`fuda.engine.core.game.Game`): its
    ``STATE`` attributes, generator, answer count, log and the token its flow resumes at."""

    @property
    def STATE(self) -> tuple[str, ...]: ...

    rng: Rng
    decisions: int
    log: GameLog
    _resume_at: object

_SHARED = (int, CardRef, str, float, bool, type(None), frozenset, bytes)  # (plain tuples: see copied)
#: The metadata of a state field a checkpoint shares instead of copying: ``field(metadata=SHARED)``.
SHARED = {"checkpoint": "shared"}
#: A field that is a list of immutable values (card numbers, flags, frozen card definitions):
#: copied with ``list()``, at C speed (``field(metadata=FLAT)``).
FLAT = {"checkpoint": "flat"}
#: A field that is a list of such lists (zones by pile, counters by seat): ``field(metadata=ROWS)``.
ROWS = {"checkpoint": "rows"}
_SHARE, _DEEP, _FLAT, _ROWS = 0, 1, 2, 3
_HOW = {"shared": _SHARE, "flat": _FLAT, "rows": _ROWS}
S = TypeVar("S")
#: the types whose values a copy shares: the immutable ones above, and each frozen dataclass and
#: named tuple the first time one is met (so a list of cards is copied without a call per card)
_VALUES: set[type] = set(_SHARED)
#: per state class, its fields as (name, how to copy) from dataclasses.fields (worked out once)
_PLANS: dict[type, tuple[tuple[str, int], ...]] = {}


def copy_state(state: S) -> S:
    """A copy of a dataclass state: every field :func:`copied`, except those marked
    ``field(metadata=SHARED)``, which the copy shares, and those marked ``FLAT`` or ``ROWS``
    (lists of immutable values, and lists of such lists), copied with ``list()``. The fields come
    from :func:`dataclasses.fields`, so a field added to the state is copied without another edit
    (deeply, until it is marked)."""
    t = type(state)
    plan = _PLANS.get(t)
    if plan is None:
        plan = _PLANS[t] = tuple((f.name, _HOW.get(f.metadata.get("checkpoint", ""), _DEEP))
                                 for f in fields(state))  # type: ignore[arg-type]  # (any dataclass: checked at run time)
    twin = object.__new__(t)
    setter = object.__setattr__
    for name, how in plan:
        value = getattr(state, name)
        if how == _FLAT:
            value = list(value)
        elif how == _ROWS:
            value = [list(row) for row in value]
        elif how == _DEEP:
            value = copied(value)
        setter(twin, name, value)
    return twin


def copied(value: Any) -> Any:
    """A copy of a state value deep enough that play on the copy never touches the original:
    lists, dicts and sets are copied all the way down, generators (:class:`Rng`) copied at their
    point, tuples of immutable values, named tuples, frozen dataclasses and other immutable
    values shared, a mutable dataclass copied field by field (:func:`copy_state`), anything else
    deep-copied."""
    t = type(value)
    values = _VALUES
    if t in values:
        return value
    if t is tuple:  # shared unless it holds something mutable (a pair of sets, say)
        if all(type(x) in values for x in value):
            return value
        return tuple(copied(x) for x in value)
    if t is list:  # (an empty tuple, a card with nothing underneath, is shared without a call)
        return [x if type(x) in values or x == () else copied(x) for x in value]
    if t is dict:
        return {k: x if type(x) in values else copied(x) for k, x in value.items()}
    if t is set:
        return set(value)  # (sets of cards: numbers, ids)
    if t is Rng:
        return value.copy()
    if isinstance(value, tuple):  # named tuples: values
        values.add(t)
        return value
    params = getattr(t, "__dataclass_params__", None)
    if params is not None:  # frozen dataclasses (a static's source, a card) are values
        if not params.frozen:
            return copy_state(value)
        values.add(t)
        return value
    return copy.deepcopy(value)


@dataclass(frozen=True)
class Checkpoint:
    """A game's state where its flow can start again: ``where`` (the flow's own token, e.g. the
    phase), how many answers had been given, the log's length then and the ``STATE`` attributes.

    The log itself is not copied: the game that keeps the checkpoint only ever grows its log, so
    its first ``logged`` events are the log at the checkpoint."""

    where: object
    answered: int
    logged: int
    state: dict[str, Any]

    @classmethod
    def of(cls, game: Resumable, where: object) -> Checkpoint:
        """The checkpoint of ``game`` now (its ``STATE`` attributes copied)."""
        state = {name: copied(getattr(game, name)) for name in game.STATE}
        state["rng"] = game.rng.copy()
        return cls(where, game.decisions, len(game.log._items), state)

    def restore(self, game: Resumable, log: GameLog) -> None:
        """Put this state into ``game`` (a fresh copy of the same game, not started), ready for
        its flow to start again at ``where``; ``log`` is the log of the game that kept it."""
        for name, value in self.state.items():
            setattr(game, name, copied(value))
        game.log._items[:] = log._items[:self.logged]
        game.decisions = self.answered
        game._resume_at = self.where
