"""Decisions: the one question a game is waiting for, and the two ways an answer can be wrong.

A game exposes one pending :class:`Decision` at a time: who decides, what kind of question it
is, the options (each with a stable, readable id such as ``cast:master-spark`` or ``zone:2``) in a
deterministic order, how many to pick, and the rule clause that asks. ``Decision.check(picks)``
tells an *invalid* answer (an id that is no option of any kind, or the wrong number of picks:
:class:`InvalidChoice`) from an *illegal* one (a well-formed answer the rules forbid right now,
e.g. casting a spell whose recast zones are full: :class:`IllegalChoice`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from fuda.i18n import MESSAGES, Text


class ChoiceError(ValueError):
    """A choice the pending decision cannot accept."""


class InvalidChoice(ChoiceError):
    """A malformed answer: unknown option id, a repeated id, or the wrong number of picks."""


class IllegalChoice(ChoiceError):
    """A well-formed answer the rules forbid in the current position (the message says why)."""


class Option(NamedTuple):
    """One answer to a decision: a stable id, a readable label, and an optional value.

    Hot paths may build one with ``option(id, label, value)`` (same value, half the cost)."""

    id: str
    label: str = ""
    value: Any = None  # (the engine's own: a card number, a CardRef, a count …)


_new = tuple.__new__


def option(id: str, label: str = "", value=None) -> Option:
    """A fast :class:`Option` constructor for engines' hot paths."""
    return _new(Option, (id, label, value))


#: The Decision classes that keep the base ``forced``, ``ids`` and ``check``: the game and the
#: runner may inline those for them (a subclass overriding any of the three is always asked).
PLAIN: set[type] = set()
_INLINED = ("forced", "ids", "check")


@dataclass(slots=True)
class Decision:
    """The pending question of a game (treat it as immutable; it is not frozen only because
    frozen dataclasses are four times slower to create, and games create one per step).

    ``explain(option_id)`` (optional) says why a known but unavailable option is illegal now
    (``None`` when the id means nothing here); ``combine(picks)`` (optional) says why a set of
    individually legal picks is illegal together. Both run only when an answer is rejected.
    """

    player: int
    kind: str
    options: tuple[Option, ...]
    rule: str
    prompt: str = ""
    min: int = 1
    max: int = 1
    explain: Callable[[str], str | None] | None = field(default=None, compare=False)
    combine: Callable[[tuple[str, ...]], str | None] | None = field(default=None, compare=False)

    def __init_subclass__(cls, **kwargs):
        super(Decision, cls).__init_subclass__(**kwargs)  # (slots=True remade the class: no zero-arg super)
        if all(getattr(cls, name) is getattr(Decision, name) for name in _INLINED):
            PLAIN.add(cls)
        else:
            PLAIN.discard(cls)

    @property
    def ids(self) -> tuple[str, ...]:
        """The option ids, in order."""
        return tuple(o.id for o in self.options)

    @property
    def forced(self) -> bool:
        """True when there is exactly one possible answer (games answer these themselves)."""
        n = len(self.options)
        return (self.min == self.max == n) or (n == 1 and self.min == 1)

    def option(self, option_id: str) -> Option:
        """The option with this id (``KeyError`` when there is none)."""
        for o in self.options:
            if o.id == option_id:
                return o
        raise KeyError(option_id)

    def check(self, picks) -> tuple[str, ...]:
        """``picks`` as a tuple after checking it, or raise Invalid/IllegalChoice."""
        if isinstance(picks, str):
            picks = (picks,)
        picks = tuple(picks)
        if len(picks) == 1 and self.min <= 1 <= self.max and self.combine is None:
            pick = picks[0]
            for o in self.options:  # fast path: one known pick
                if o.id == pick:
                    return picks
        known = self.ids
        for pick in picks:
            if pick not in known:
                reason = self.explain(pick) if self.explain is not None else None
                if reason:
                    raise IllegalChoice(Text("choice.not_now", head=self._head(), pick=pick, reason=reason))
                raise InvalidChoice(Text("choice.unknown", head=self._head(), pick=pick, options=self._listing()))
        if len(set(picks)) != len(picks):
            raise InvalidChoice(Text("choice.twice", head=self._head(), picks=list(picks)))
        if not self.min <= len(picks) <= self.max:
            want = str(self.min) if self.min == self.max else f"{self.min}–{self.max}"
            raise InvalidChoice(Text("choice.count", head=self._head(), want=want, count=len(picks), picks=list(picks)))
        if self.combine is not None:
            reason = self.combine(picks)
            if reason:
                raise IllegalChoice(Text("choice.combination", head=self._head(), picks=list(picks), reason=reason))
        return picks

    def _head(self) -> Text:
        label = f"decision.{self.kind}"  # what the question is about, in words, when the table names it
        return Text("choice.head", player=self.player + 1, kind=Text(label) if label in MESSAGES else self.kind,
                    rule=self.rule)

    def _listing(self):
        return ", ".join(self.ids) or Text("choice.none")

    def describe(self) -> str:
        """A multi-line dump of the question and its options, for errors and the CLI."""
        want = str(self.min) if self.min == self.max else f"{self.min}–{self.max}"
        lines = [f"decision: player {self.player + 1}, {self.kind} ({self.rule}), pick {want}"]
        if self.prompt:
            lines.append(f"  {self.prompt}")
        for o in self.options:
            lines.append(f"  - {o.id}" + (f"  {o.label}" if o.label and o.label != o.id else ""))
        return "\n".join(lines)


PLAIN.add(Decision)
_alloc = object.__new__


def one_of(cls: type[Decision], player: int, kind: str, options: tuple[Option, ...], rule: str,
           prompt: str = "") -> Decision:
    """A fast ``cls(player, kind, options, rule, prompt)`` (``cls`` Decision or a subclass): pick
    exactly one of ``options``, for engines' hot paths. Calling the class runs its ``__init__``
    from C in a fresh interpreter frame, a fifth of what a decision costs the runner."""
    d = _alloc(cls)
    d.player = player
    d.kind = kind
    d.options = options
    d.rule = rule
    d.prompt = prompt
    d.min = d.max = 1
    d.explain = d.combine = None
    return d
