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
from typing import TYPE_CHECKING, Any, TypeVar

from fuda.engine.core.hidden import CardRef
from fuda.engine.core.rng import Rng

if TYPE_CHECKING:
    from fuda.engine.core.game import Game
    from fuda.engine.core.log import GameLog

_SHARED = (int, CardRef, str, float, bool, type(None), frozenset, bytes)  # (plain tuples: see copied)
#: The metadata of a state field a checkpoint shares instead of copying: ``field(metadata=SHARED)``.
SHARED = {"checkpoint": "shared"}
S = TypeVar("S")


def copy_state(state: S) -> S:
    """A copy of a dataclass state: every field :func:`copied`, except those marked
    ``field(metadata=SHARED)``, which the copy shares (the fields come from
    :func:`dataclasses.fields`, so a field added to the state is copied without another edit)."""
    twin = object.__new__(type(state))
    for f in fields(state):  # type: ignore[arg-type]  # (S is any dataclass: fields() checks at run time)
        value = getattr(state, f.name)
        object.__setattr__(twin, f.name, value if f.metadata.get("checkpoint") == "shared" else copied(value))
    return twin


def copied(value: Any) -> Any:
    """A copy of a state value deep enough that play on the copy never touches the original:
    lists, dicts and sets are copied all the way down, generators (:class:`Rng`) copied at their
    point, tuples of immutable values, named tuples, frozen dataclasses and other immutable
    values shared, a mutable dataclass copied field by field (:func:`copy_state`), anything else
    deep-copied."""
    t = type(value)
    if t is tuple:  # shared unless it holds something mutable (a pair of sets, say)
        if all(type(x) in _SHARED for x in value):
            return value
        return tuple(copied(x) for x in value)
    if t in _SHARED:
        return value
    if t is list:  # (an empty tuple, a card with nothing underneath, is shared without a call)
        return [x if type(x) in _SHARED or x == () else copied(x) for x in value]
    if t is dict:
        return {k: x if type(x) in _SHARED else copied(x) for k, x in value.items()}
    if t is set:
        return set(value)  # (sets of cards: numbers, ids)
    if t is Rng:
        return value.copy()
    if isinstance(value, tuple):
        return value  # named tuples: values
    params = getattr(t, "__dataclass_params__", None)
    if params is not None:  # frozen dataclasses (a static's source, a card) are values
        return value if params.frozen else copy_state(value)
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
    def of(cls, game: Game, where: object) -> Checkpoint:
        """The checkpoint of ``game`` now (its ``STATE`` attributes copied)."""
        state = {name: copied(getattr(game, name)) for name in game.STATE}
        state["rng"] = game.rng.copy()
        return cls(where, game.decisions, len(game.log._items), state)

    def restore(self, game: Game, log: GameLog) -> None:
        """Put this state into ``game`` (a fresh copy of the same game, not started), ready for
        its flow to start again at ``where``; ``log`` is the log of the game that kept it."""
        for name, value in self.state.items():
            setattr(game, name, copied(value))
        game.log._items[:] = log._items[:self.logged]
        game.decisions = self.answered
        game._resume_at = self.where
