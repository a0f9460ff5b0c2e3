"""The one state value of a Recast Rift game, the game its rules read (:class:`RRGame`), and the
values the rules pass around (:class:`Attack`, :class:`Ctx`, :class:`Why`).

Everything play changes is a field of :class:`RRState` (a ``@dataclass(slots=True)``): a
checkpoint copies it field by field (:func:`fuda.engine.core.checkpoint.copy_state`), so a field
added here is copied without another edit. What never changes in a game — the card definitions,
the card numbering, the options naming cards, the settings — is the frozen
:class:`~fuda.engine.recast_rift.defs.Layout` the game holds. Cards are card numbers
(indices into the layout's ``defs``); zones are plain lists of them: ``deck[p]`` (top = last),
``hand[p]``, ``facedown[p]``, ``reserve[p]``, ``zones[p][z]`` for the recast zone z (0 = ［０］,
1 = Ⅰ, 2 = Ⅱ, 3 = Ⅲ) and the shared ``cast_zone`` (a stack, top = last).
"""

from __future__ import annotations

from abc import ABC
from collections.abc import Generator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeVar, overload

from fuda.engine.core import CompiledAbility, Decision, Game, Option
from fuda.engine.recast_rift.defs import CardDef, CardPool, Layout
from fuda.engine.recast_rift.setup import PlayerSetup
from fuda.i18n import Text

R = TypeVar("R")
T = TypeVar("T")
#: A rule that may ask a player: a generator of decisions, sent the picks, returning an R.
Asks = Generator[Decision, tuple[str, ...], R]

@dataclass(slots=True)
class RRState:
    """Every value play changes (see the module docstring)."""

    life: list[int]
    deck: list[list[int]] = field(default_factory=lambda: [[], []])
    hand: list[list[int]] = field(default_factory=lambda: [[], []])
    #: hand cards the opponent has seen go in (revealed by a graze, retrieved from an open zone)
    seen_in_hand: tuple[set[int], set[int]] = field(default_factory=lambda: (set(), set()))
    facedown: list[list[int]] = field(default_factory=lambda: [[], []])
    reserve: list[list[int]] = field(default_factory=lambda: [[], []])
    zones: list[list[list[int]]] = field(default_factory=lambda: [[[], [], [], []], [[], [], [], []]])
    cast_zone: list[int] = field(default_factory=list)
    awakened: list[bool] = field(default_factory=lambda: [False, False])
    active: int = 0
    turn: int = 0
    acted: bool = False  # a normal action was taken in this main phase
    #: (card, ability index) -> turn of the last use (once-per-turn)
    used: dict[tuple[int, int], int] = field(default_factory=dict)
    #: triggered abilities waiting (RR-PRIN-3..5): (controller, card, ability)
    waiting: list[tuple[int, int, CompiledAbility]] = field(default_factory=list)
    text_depth: int = 0  # abilities being resolved, nested
    retrieving: set[int] = field(default_factory=set)  # cards in ［０］ whose retrieval is under way


class StateField(Generic[T]):
    """A field of the game's :class:`RRState`, read (and set) as an attribute of the game itself
    (``game.life`` is ``game.st.life``): the public names of the position."""

    __slots__ = ("name",)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> StateField[T]: ...
    @overload
    def __get__(self, game: RRGame, owner: type) -> T: ...

    def __get__(self, game: RRGame | None, owner: type) -> StateField[T] | T:
        if game is None:
            return self
        value: T = getattr(game.st, self.name)
        return value

    def __set__(self, game: RRGame, value: T) -> None:
        setattr(game.st, self.name, value)


class RRGame(Game, ABC):
    """What the rules of Recast Rift read and change: the game's :class:`RRState` (``st``), the
    frozen :class:`~fuda.engine.recast_rift.defs.Layout` (the parts the rules read most under
    their own names), and the core's log, generator and pending decision. The rules are functions
    of it; :class:`~fuda.engine.recast_rift.game.RecastRift` adds the flow, the views and the
    narration."""

    #: what play changes: the one state value (a checkpoint copies it field by field)
    STATE = ("st",)

    life = StateField[list[int]]()
    deck = StateField[list[list[int]]]()
    hand = StateField[list[list[int]]]()
    seen_in_hand = StateField[tuple[set[int], set[int]]]()
    facedown = StateField[list[list[int]]]()
    reserve = StateField[list[list[int]]]()
    zones = StateField[list[list[list[int]]]]()
    cast_zone = StateField[list[int]]()
    awakened = StateField[list[bool]]()
    active = StateField[int]()
    turn = StateField[int]()
    acted = StateField[bool]()
    used = StateField[dict[tuple[int, int], int]]()
    waiting = StateField[list[tuple[int, int, CompiledAbility]]]()
    text_depth = StateField[int]()
    retrieving = StateField[set[int]]()

    def __init__(self, seed: int, pool: CardPool, layout: Layout):
        super().__init__(seed)
        self.pool = pool
        self.layout = layout
        self.setups: tuple[PlayerSetup, ...] = layout.setups
        self.settings: Mapping[str, Any] = layout.settings
        self.cap, self.hand_limit, self.draws, self.awaken_at = (layout.cap, layout.hand_limit, layout.draws,
                                                                 layout.awaken_at)
        self.defs: tuple[CardDef, ...] = layout.defs
        self.owner: tuple[int, ...] = layout.owner
        self.oid: tuple[str, ...] = layout.oid
        self.by_oid: tuple[dict[str, int], ...] = layout.by_oid
        self.far: tuple[int, ...] = layout.far
        self.near: tuple[int, ...] = layout.near
        self.spells: tuple[tuple[int, ...], ...] = layout.spells
        self.card_opt: tuple[Option, ...] = layout.card_opt
        self.cast_opt: tuple[Option, ...] = layout.cast_opt
        self.lift_opt: tuple[Option, ...] = layout.lift_opt
        self.awaken_opt: tuple[Option, ...] = layout.awaken_opt
        self.activate_opt: tuple[tuple[Option, ...], ...] = layout.activate_opt
        self.forbidders: tuple[bool, ...] = layout.forbidders
        self.st = RRState(life=[layout.settings["starting-life"]] * 2)

    def name_of(self, card: int | None) -> str:
        """The printed name of a card number."""
        return self.defs[card].name if card is not None and card >= 0 else ""


class Why(NamedTuple):
    """Why an action is not allowed now: a message key and its values. The rules return this
    cheap value on every check (the options offered are the actions with no reason against them);
    it becomes a sentence in the user's language (:meth:`text`) only when an answer is refused."""

    key: str
    values: Mapping[str, object] = MappingProxyType({})

    def text(self) -> Text:
        """The reason as a message (:class:`fuda.i18n.Text`)."""
        return Text(self.key, **self.values)


def text_of(why: Why | None) -> Text | None:
    """The message of a reason, or None when there is none."""
    return None if why is None else why.text()


class Attack:
    """One attack: who makes it, from which card, and its current power (None is ー)."""

    __slots__ = ("card", "hand", "life", "player")

    def __init__(self, player: int, card: int, hand: int | None, life: int | None):
        self.player = player
        self.card = card
        self.hand = hand
        self.life = life

    @property
    def power(self) -> str:
        """ｈ／ｌ with ー for the bar."""
        try:
            return _POWERS[self.hand][self.life]
        except KeyError:
            return _power(self.hand, self.life)


def _power(hand: int | None, life: int | None) -> str:
    return f"{'ー' if hand is None else hand}／{'ー' if life is None else life}"


_VALUES = (None, *range(20))
_POWERS = {h: {v: _power(h, v) for v in _VALUES} for h in _VALUES}  # Attack.power without formatting


class Ctx:
    """The context of an ability: controller, card, the attack it makes and the one it answers."""

    __slots__ = ("answered", "card", "own", "player")

    def __init__(self, player: int, card: int, own: Attack | None = None, answered: Attack | None = None):
        self.player = player
        self.card = card
        self.own = own
        self.answered = answered


def zone_of(game: RRGame, card: int) -> int:
    """The recast zone number of a deployed card, or -1."""
    for z, cards in enumerate(game.st.zones[game.owner[card]]):
        if card in cards:
            return z
    return -1


def deployed(game: RRGame, p: int) -> list[int]:
    """p's deployed cards, ［０］ first then Ⅰ, Ⅱ, Ⅲ, each in placing order."""
    z = game.st.zones[p]
    return z[0] + z[1] + z[2] + z[3]
