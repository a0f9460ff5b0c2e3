"""What never changes in a game of your own: the compiled ``play:`` rules, the card and ability
definitions, and the :class:`Static` value that holds them, built once per database and shared by
every game (the state, :mod:`fuda.engine.custom.state`, holds indices into it).

These are plain values, so the rules (:mod:`~fuda.engine.custom.rules`), the state and the
compiler all read them without importing one another.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from fuda.engine.core import CompiledOp
from fuda.engine.custom.filters import Filter


@dataclass(frozen=True)
class Step:
    """One step of the turn: ``refresh``, ``main``, ``end`` or ``effect`` (a word, ``op``)."""

    kind: str
    op: CompiledOp | None = None
    skip_first: bool = False


@dataclass(frozen=True)
class End:
    """An end condition: a counter bound (``counter`` ≥ 0) or a deck-out (``counter`` -1)."""

    counter: int
    at_least: int | None
    at_most: int | None
    result: str  # win | lose


@dataclass(frozen=True)
class Cond:
    """An ability's ``if``: a count of cards (``spec``) or a counter (``counter`` ≥ 0) in bounds."""

    counter: int
    who: str
    spec: Mapping | None
    at_least: int | None
    at_most: int | None


@dataclass(frozen=True, slots=True)
class AbilityDef:
    """One compiled ability of a card."""

    card: str
    index: int
    when: str
    zone: int | None
    cond: Cond | None
    pay: int
    tap: bool
    ops: tuple
    text: str
    manual: str = ""  # why the engine cannot play it (effect: manual): logged, never skipped silently


@dataclass(frozen=True, slots=True)
class CardDef:
    """What a card is to the engine: printed values, keywords, cost and compiled abilities."""

    id: str
    name: str
    kind: str
    values: Mapping
    keywords: frozenset
    cost: int
    permanent: bool
    attacker: bool
    responds: bool
    abilities: Mapping  # when -> tuple[AbilityDef, ...]
    statics: tuple
    token: bool = False
    play_id: str = ""  # the id of the option that plays it ("play:<id>")


@dataclass(frozen=True)
class PlayRules:
    """The compiled ``play:`` section (every number and name the engine reads)."""

    players: int
    counters: tuple[str, ...]
    counter_labels: tuple[str, ...]
    start: tuple[int, ...]
    lo: tuple[int, ...]
    hi: tuple[int, ...]
    zones: tuple[str, ...]
    zone_labels: tuple[str, ...]
    visibility: tuple[str, ...]
    shared: tuple[bool, ...]
    permanents: frozenset
    shuffle: bool
    hand_size: int
    first: str
    steps: tuple[Step, ...]
    cost_field: str | None
    pay: int
    windows: frozenset
    respond: Filter | None
    combat: bool
    attackers: Filter | None
    strength: str | None
    unblocked: tuple
    keywords: Mapping
    blockers: tuple[str, ...]
    evasion: tuple[tuple[str, str], ...]
    haste: tuple[str, ...]
    ends: tuple[End, ...]
    rounds: int
    decide_by: tuple[int, ...]
    static_mods: bool = False
    protects: bool = False
    deck: int = 0
    hand: int = 1
    field: int = 2
    discard: int = 3
    counter_names_en: tuple[str, ...] = ()  # the counters' and zones' English names (``en:``, else the id)
    zone_names_en: tuple[str, ...] = ()

    def counter_name(self, i: int, lang: str) -> str:
        """Counter ``i`` as a reader of ``lang`` calls it: its label in Japanese, its ``en:`` (else id) in English."""
        return self.counter_labels[i] if lang == "ja" else (self.counter_names_en or self.counters)[i]

    def zone_name(self, z: int, lang: str) -> str:
        """Zone ``z`` as a reader of ``lang`` calls it."""
        return self.zone_labels[z] if lang == "ja" else (self.zone_names_en or self.zones)[z]

    def end_text(self, hit, won: bool) -> tuple[str, str]:
        """Why an end condition fired, in English and Japanese."""
        p, end = hit
        if end.counter < 0:
            return (f"player {p + 1} had to draw from an empty deck", f"P{p + 1} の山札が尽きた")
        name, label = self.counter_name(end.counter, "en"), self.counter_labels[end.counter]
        bound = f"≥ {end.at_least}" if end.at_least is not None else f"≤ {end.at_most}"
        ja = f"{end.at_least} 以上" if end.at_least is not None else f"{end.at_most} 以下"
        return (f"player {p + 1}'s {name} reached {bound}", f"P{p + 1} の{label}が{ja}になった")


@dataclass(frozen=True)
class Static:
    """What never changes in a game of this database: the rules and the card definitions."""

    rules: PlayRules
    cards: Mapping  # id -> CardDef
    tokens: Mapping  # id -> the CardDef of a token copy
    activates: bool = False  # some card has an activate ability (the main step looks for them)

    def token(self, card_id: str) -> CardDef:
        """The definition of a token copy of ``card_id``."""
        return self.tokens[card_id]
