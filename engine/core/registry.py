"""The card registry: every card's structured abilities compiled against a closed op table.

Each game has one :class:`OpTable`: a fixed set of effect words (``draw``, ``lift`` …), each
registered with one Python function and declared parameters. :func:`build_registry` compiles
every ability of every card of a :class:`fuda.database.model.Game` into :class:`CompiledOp` calls with
checked arguments. There is no ``eval`` and no string expression anywhere: an op is a name,
its arguments are plain values checked against the declaration. An unknown op or a bad argument
is a located :class:`~fuda.database.findings.Finding` (file, line, card) and the registry refuses to build.
An ability written ``effect: manual`` is listed in :attr:`Registry.manual`, never ignored.

Declaring an op::

    table = OpTable("recast-rift")

    @table.op("draw", count=Int(min=1), doc="draw cards")
    def draw(game, ctx, count): ...

A scalar argument (``- draw: 2``) fills the first declared parameter; a mapping argument
(``- lift: {count: 1, whose: self}``) names them. A function that needs decisions is a
generator function (the engine runs it with ``yield from``); ``CompiledOp.gen`` says which.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from fuda.database import Card, Finding, FindingsError, Game, Location
from fuda.engine.core.params import (
    Bool,
    Const,
    Either,
    Enum,
    Int,
    Nullable,
    Ops,
    Param,
    ParamError,
    Struct,
)

__all__ = [
    "Bool", "CompiledAbility", "CompiledOp", "Const", "Either", "Enum", "Int", "ManualAbility", "Nullable",
    "OpSpec", "OpTable", "Ops", "Param", "ParamError", "Registry", "Struct", "build_registry", "pyname",
    "runnable",
]

UNKNOWN_OP = "E201"
BAD_ARGUMENT = "E202"
MANUAL = "E203"
BAD_ABILITY = "E204"


def pyname(key: str) -> str:
    """The Python keyword argument for a YAML parameter name: ``up-to`` → ``up_to``,
    ``from`` → ``from_``, ``else`` → ``else_``."""
    name = key.replace("-", "_")
    return name + "_" if keyword.iskeyword(name) else name


@dataclass(frozen=True, slots=True)
class CompiledOp:
    """One op ready to run: ``fn(game, ctx, **args)`` (``yield from`` it when ``gen``); the
    argument names are the Python forms of the declared names (see :func:`pyname`)."""

    name: str
    fn: Callable
    args: Mapping
    gen: bool
    source: Location


def runnable(ops):
    """The same compiled ops with plain-dict arguments (nested op lists too), for an engine's
    card pool: ``fn(game, ctx, **args)`` costs a quarter with a dict than with the registry's
    read-only mapping. The pool owns the copies and never mutates them."""
    if ops is None:
        return None
    return tuple(CompiledOp(op.name, op.fn, {k: _runnable_arg(v) for k, v in op.args.items()}, op.gen, op.source)
                 for op in ops)


def _runnable_arg(value):
    if isinstance(value, tuple) and value and all(isinstance(v, CompiledOp) for v in value):
        return runnable(value)
    return value


@dataclass(frozen=True)
class OpSpec:
    """A registered op: its function, parameters in order, meaning, kind and a cross-check.

    ``kind`` groups ops by where they may appear (e.g. ``effect`` for one-shot ops and
    ``static`` for continuous ones); ``check(args)`` returns a reason when a combination of
    otherwise valid arguments is wrong (e.g. both attack values ー).
    """

    name: str
    fn: Callable
    params: tuple[tuple[str, Param], ...]
    doc: str
    gen: bool
    kind: str = "effect"
    check: Callable | None = None


class OpTable:
    """The closed vocabulary of one game's effects."""

    def __init__(self, rules: str):
        self.rules = rules
        self.specs: dict[str, OpSpec] = {}
        self._kind: str | None = None

    def op(self, name: str, doc: str = "", kind: str = "effect", check: Callable | None = None,
           **params: Param):
        """Decorator registering ``fn`` as the op ``name`` with declared ``params``."""

        def register(fn):
            if name in self.specs:
                raise ValueError(f"op {name!r} is registered twice in {self.rules}")
            self.specs[name] = OpSpec(name, fn, tuple(params.items()), doc or (fn.__doc__ or "").strip(),
                                      inspect.isgeneratorfunction(fn), kind, check)
            return fn

        return register

    def names(self) -> tuple[str, ...]:
        """The op names, sorted."""
        return tuple(sorted(self.specs))

    def compile(self, name: str, args, where: Callable[..., Location], kind: str | None = None) -> CompiledOp:
        """Compile one op; raise :class:`ParamError` (``path`` relative to the op) on a bad one,
        ``KeyError`` for an unknown op. ``kind`` (optional) is the op kind the place allows."""
        spec = self.specs.get(name)
        if spec is None:
            raise KeyError(name)
        if kind is not None and spec.kind != kind:
            allowed = ", ".join(n for n in self.names() if self.specs[n].kind == kind)
            raise ParamError(f"op '{name}' is a {spec.kind} op and cannot be used here (allowed: {allowed})")
        self._kind = kind
        values = self._bind(spec, args)
        out = {}
        for key, param in spec.params:
            if key not in values:
                if param.required:
                    raise ParamError(f"op '{name}' needs '{key}' ({param.expects})")
                out[pyname(key)] = param.default
                continue

            def nested(items, _key=key):
                return tuple(self._compile_nested(items, lambda *p: where(_key, *p)))

            try:
                out[pyname(key)] = param.convert(values[key], nested)
            except ParamError as exc:
                raise ParamError(f"op '{name}' parameter '{key}': {exc}", (key, *exc.path)) from None
        if spec.check is not None:
            reason = spec.check(out)
            if reason:
                raise ParamError(f"op '{name}': {reason}")
        return CompiledOp(name, spec.fn, MappingProxyType(out), spec.gen, where())

    def _bind(self, spec: OpSpec, args) -> dict:
        if isinstance(args, Mapping):
            names = [k for k, _ in spec.params]
            for key in args:
                if key not in names:
                    raise ParamError(f"op '{spec.name}' has no parameter '{key}' (parameters: "
                                     f"{', '.join(names) or 'none'})", (key,))
            return dict(args)
        if args is None or (args is True and not spec.params):
            return {}
        if not spec.params:
            raise ParamError(f"op '{spec.name}' takes no argument, got {args!r}")
        return {spec.params[0][0]: args}

    def _compile_nested(self, items, where):
        for k, item in enumerate(items):
            if not isinstance(item, Mapping) or len(item) != 1:
                raise ParamError(f"each nested op is a one-key mapping, got {item!r}", (k,))
            (name, args), = item.items()
            if name not in self.specs:
                raise ParamError(f"unknown op '{name}' (known: {', '.join(self.names())})", (k, name))
            try:
                yield self.compile(name, args, lambda *p, _k=k, _n=name: where(_k, _n, *p), self._kind)
            except ParamError as exc:
                raise ParamError(str(exc), (k, name, *exc.path)) from None


@dataclass(frozen=True)
class CompiledAbility:
    """One ability of a card: ``when``, its ops (None when manual), checked extra keys."""

    card: str
    index: int
    when: str
    text: str
    ops: tuple[CompiledOp, ...] | None
    manual: str | None
    extras: Mapping  # checked values of the game's extra ability keys (cost, limit …)
    source: Location


@dataclass(frozen=True)
class ManualAbility:
    """An ability no engine executes yet (``effect: manual``): where it is and why."""

    card: str
    index: int
    reason: str
    location: Location


def unplayable(rules: str, manual) -> list[Finding]:
    """One E203 finding per manual ability of a card an engine was asked to play (an engine
    never skips an ability silently): located at the ability, naming the card."""
    return [Finding(m.location, "E203", f"the {rules} engine cannot play this card: ability {m.index + 1} "
                    f"is manual ({m.reason})", card=m.card) for m in manual]


@dataclass(frozen=True)
class Registry:
    """Every card of one game with compiled abilities; ``manual`` lists what is not executable."""

    game: Game
    table: OpTable
    abilities: Mapping  # card id -> tuple[CompiledAbility, ...]
    manual: tuple[ManualAbility, ...] = ()
    findings: tuple[Finding, ...] = field(default=())
    #: what :func:`per_registry` made from this registry, by factory (kept with it, freed with it)
    _made: dict[Callable[..., Any], Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def card(self, card_id: str) -> Card:
        """The database card with this id."""
        return self.game.card(card_id)

    def of(self, card_id: str) -> tuple[CompiledAbility, ...]:
        """The compiled abilities of a card, in printed order."""
        return self.abilities[card_id]

    def manual_of(self, card_id: str) -> tuple[ManualAbility, ...]:
        """The manual abilities of one card (empty when the engine can play all of it)."""
        return tuple(m for m in self.manual if m.card == card_id)


_ABILITY_CORE = ("when", "text", "effect", "reason")


def build_registry(game, table: OpTable, *, whens: tuple[str, ...] | None = None,
                   op_kind: Callable | None = None, extras: Mapping | None = None) -> Registry:
    """Compile every card of ``game`` against ``table``; raise FindingsError on any error.

    ``whens`` (optional) is the game's closed list of ability timings; ``op_kind(ability)``
    (optional) names the op kind an ability's effect may use; ``extras`` maps the game's extra
    ability keys (``cost``, ``limit`` …) to their :class:`Param`. Manual abilities become
    warnings in :attr:`Registry.findings` and entries of :attr:`Registry.manual`.
    """
    errors: list[Finding] = []
    notes: list[Finding] = []
    manual: list[ManualAbility] = []
    compiled: dict[str, tuple[CompiledAbility, ...]] = {}
    extras = extras or {}
    for card in game.cards:
        out = []
        for i, ability in enumerate(card.abilities):
            if whens is not None and ability.when not in whens:
                errors.append(Finding(card.where("abilities", i, "when"), BAD_ABILITY,
                                      f"ability timing '{ability.when}' is not one of {', '.join(whens)}",
                                      card=card.id))
            checked = {}
            for key, value in ability.data.items():
                if key in _ABILITY_CORE:
                    continue
                if key not in extras:
                    errors.append(Finding(card.where("abilities", i, key), BAD_ABILITY,
                                          f"ability key '{key}' means nothing to the {game.rules} engine",
                                          card=card.id, hint=f"known keys: {', '.join(sorted(extras))}"))
                    continue
                try:
                    checked[key] = extras[key].convert(value, None)
                except ParamError as exc:
                    errors.append(Finding(card.where("abilities", i, key, *exc.path), BAD_ABILITY,
                                          f"ability '{key}': {exc}", card=card.id))
            if ability.effect is None:
                loc = card.where("abilities", i, "effect")
                manual.append(ManualAbility(card.id, i, ability.manual or "manual", loc))
                notes.append(Finding(loc, MANUAL, f"ability {i + 1} is 'effect: manual' "
                                     f"({ability.manual}); the {game.rules} engine cannot play it",
                                     severity="warning", card=card.id))
                out.append(CompiledAbility(card.id, i, ability.when, ability.text, None, ability.manual,
                                           MappingProxyType(checked), ability.source))
                continue
            kind = op_kind(ability) if op_kind is not None else None
            ops = []
            for op in ability.effect:
                try:
                    ops.append(table.compile(op.name, op.args, lambda *p, _op=op: _op.where(_op.name, *p), kind))
                except KeyError:
                    errors.append(Finding(op.source, UNKNOWN_OP,
                                          f"unknown {game.rules} op '{op.name}'",
                                          card=card.id, hint=f"known ops: {', '.join(table.names())}"))
                except ParamError as exc:
                    errors.append(Finding(op.where(op.name, *exc.path), BAD_ARGUMENT, str(exc), card=card.id))
            out.append(CompiledAbility(card.id, i, ability.when, ability.text, tuple(ops), None,
                                       MappingProxyType(checked), ability.source))
        compiled[card.id] = tuple(out)
    if errors:
        raise FindingsError(errors)
    return Registry(game, table, MappingProxyType(compiled), tuple(manual), tuple(notes))


T = TypeVar("T")


def per_registry(factory: Callable[[Registry], T]) -> Callable[[Registry], T]:
    """``of(registry)``: ``factory(registry)`` made once per registry and kept with it (an
    engine's card pool, which precomputes every card's definition from the registry). Not keyed
    by ``id()`` (a freed registry's id is reused) nor in a module-level WeakKeyDictionary (a
    pool refers to its registry, so such an entry would never be freed): the registry holds it."""

    def of(registry: Registry) -> T:
        made = registry._made
        found = made.get(factory)
        if found is None:
            found = made[factory] = factory(registry)
        return found

    of.__doc__ = f"The (cached) {factory.__name__} of a registry."
    return of
