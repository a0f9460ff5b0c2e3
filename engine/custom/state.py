"""The one state value of a custom game, and the card-level rules that read or move it.

Everything play changes is a field of :class:`State` (a ``@dataclass(slots=True)``); what never
changes in a game — card definitions, the compiled ``play:`` section — is the frozen
:class:`~.compile.Static` the state points to. Cards are numbered: ``defs[c]`` is card c's
definition, ``owner[c]`` its owner; a token made during play gets the next number. Zones are
lists of card numbers in ``piles``, one per (zone, owner) — index ``zone * (players + 1) +
owner``, ``owner == players`` for a shared zone; a deck's first card is its top.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fuda.engine.core import Rng
from fuda.engine.core.checkpoint import FLAT, ROWS, SHARED
from fuda.engine.custom.filters import Filter, holds

if TYPE_CHECKING:
    from fuda.engine.custom.defs import AbilityDef, CardDef, Static

GONE = -1  # where[c] of a token that ceased to exist, or a card being played (on no pile)
MOD, GRANT = 0, 1  # kinds of the temporary (until end of turn) entries of State.temp


@dataclass(slots=True)
class State:
    """Every value play changes (see the module docstring); ``static`` is the game's frozen data,
    ``push`` its log's append, ``rng`` its one seeded generator. A checkpoint copies every field
    (:func:`fuda.engine.core.checkpoint.copy_state`) but ``static``, ``push`` and ``rng``: the first
    never changes, the other two are the game's own, which the game that restores a copy sets."""

    static: Static = field(metadata=SHARED)
    push: Callable[[tuple], None] = field(metadata=SHARED)
    rng: Rng = field(metadata=SHARED)
    defs: list[CardDef] = field(metadata=FLAT)
    owner: list[int] = field(metadata=FLAT)
    piles: list[list[int]] = field(metadata=ROWS)
    where: list[int] = field(metadata=FLAT)
    tapped: list[bool] = field(metadata=FLAT)
    entered: list[int] = field(metadata=FLAT)  # the turn number a card last entered the field
    mods: list[dict[str, int] | None]  # permanent changes of integer fields
    kws: list[tuple[str, ...]] = field(metadata=FLAT)  # keywords granted for good
    #: (MOD, card, field, by) / (GRANT, card, keyword, None) until the end of turn
    temp: list[tuple[int, int, str, int | None]] = field(metadata=FLAT)
    counters: list[list[int]] = field(metadata=ROWS)
    decked: list[bool] = field(metadata=FLAT)  # drew from an empty deck
    turn: int = 0  # turns begun so far (the current one is turn - 1 once it began)
    active: int = 0
    first: int = 0
    #: triggered abilities waiting: (ability, source card, controller)
    queue: list[tuple[AbilityDef, int, int]] = field(default_factory=list)
    answering: int = GONE  # the card a response answers
    countered: int = GONE  # the card a `counter` stopped


def pile(st: State, zone: int, owner: int) -> int:
    """The pile index of ``owner``'s ``zone`` (the shared pile for a shared zone)."""
    rules = st.static.rules
    return zone * (rules.players + 1) + (rules.players if rules.shared[zone] else owner)


def zone_of(st: State, c: int) -> int:
    """The zone index card c lies in (-1 when it is on no pile)."""
    w = st.where[c]
    return -1 if w < 0 else w // (st.static.rules.players + 1)


def base(st: State, c: int, field: str) -> Any:
    """Card c's printed value of ``field`` (``kind``, ``name``, ``id``, ``keywords`` included)."""
    d = st.defs[c]
    return d.values.get(field)


def value(st: State, c: int, field: str) -> Any:
    """Card c's current value of ``field``: for an integer field the printed value plus its
    permanent and until-end-of-turn changes and the static abilities on the field."""
    d = st.defs[c]
    v = d.values.get(field)
    if type(v) is not int:
        if field == "keywords":
            return keywords(st, c)
        return v
    m = st.mods[c]
    if m:
        v += m.get(field, 0)
    for kind, x, f, by in st.temp:
        if kind == MOD and x == c and f == field:
            v += by or 0  # (a MOD entry's by is an int)
    rules = st.static.rules
    if rules.static_mods and st.where[c] == pile(st, rules.field, st.owner[c]):
        for src in statics(st):
            for op in st.defs[src].statics:
                if op.name == "modify" and op.args["field"] == field and applies(st, op.args, src, c, current=False):
                    v += op.args["by"]
    return v


def statics(st: State) -> list[int]:
    """The cards on the field (every player's) that have static abilities."""
    rules = st.static.rules
    defs = st.defs
    piles = st.piles
    k = rules.field * (rules.players + 1)
    return [c for p in range(rules.players) for c in piles[k + p] if defs[c].statics]


def keywords(st: State, c: int) -> frozenset[str]:
    """The keywords card c has now (printed, granted for good, granted until end of turn)."""
    out = st.defs[c].keywords
    extra = st.kws[c]
    temp = [kw for kind, x, kw, _ in st.temp if kind == GRANT and x == c]
    if extra or temp:
        out = out | set(extra) | set(temp)
    return out


def has(st: State, c: int, keyword: str) -> bool:
    """Whether card c has ``keyword`` now."""
    if keyword in st.defs[c].keywords or keyword in st.kws[c]:
        return True
    for kind, x, kw, _ in st.temp:  # noqa: SIM110 (a loop, not any(): on every keyword test of a playout)
        if kind == GRANT and x == c and kw == keyword:
            return True
    return False


def matches(st: State, c: int, flt: Filter | None, current: bool = True) -> bool:
    """Whether card c passes the filter ``flt`` (None passes everything); ``current=False``
    reads printed values (static abilities' own filters, so they never depend on each other)."""
    if flt is None:
        return True
    read = value if current else base
    for clause in flt.clauses:
        v = keywords(st, c) if clause.field == "keywords" else read(st, c, clause.field)
        if not holds(clause, v):
            return False
    return True


def applies(st: State, spec: Mapping[str, Any], src: int, c: int, current: bool = True) -> bool:
    """Whether card c is one of the cards the target ``spec`` (owner, filter, other) of an
    ability of card ``src`` describes (its zone aside)."""
    owner = spec.get("owner", "any")
    if owner == "you" and st.owner[c] != st.owner[src]:
        return False
    if owner == "opponent" and st.owner[c] == st.owner[src]:
        return False
    if spec.get("other") and c == src:
        return False
    return matches(st, c, spec.get("filter"), current)


def put(st: State, c: int, target: int, top: bool = False) -> int:
    """Move card c from its pile (if any) to pile ``target`` (at the bottom, or the top); the
    pile it left (or GONE). Triggers are the caller's business (:mod:`.rules`)."""
    was = st.where[c]
    if was >= 0:
        st.piles[was].remove(c)
    if target >= 0:
        if top:
            st.piles[target].insert(0, c)
        else:
            st.piles[target].append(c)
    st.where[c] = target
    return was
