"""The one state of a RAISE×BLAZE game: every value play changes, as one typed dataclass.

:class:`RBState` lists them all — the zones, the per-card marks, the turn's bookkeeping, the
pending attack, the host's events and the field's derived caches — so a checkpoint copies
exactly its :func:`dataclasses.fields` (:data:`STATE_FIELDS`) and no list of names is kept by
hand. What never changes in a game (card definitions, numbering, prebuilt options, settings)
is the frozen :class:`~.cards.Layout` the game is built from. The rules are functions over the
game (:mod:`.field`, :mod:`.effects`, :mod:`.actions`, :mod:`.battle`, :mod:`.game`), which is a
:class:`RBState` with the static values and the engine core's log and generator beside it.

Cards are numbers: a card number indexes ``defs`` (its CardDef), ``owner`` and ``oid`` (its
readable id: the card id, ``#2`` … for further copies of one player). Per player: ``deck`` (top
= last), ``hand``, ``life`` (top = last), ``lost_life`` (destroyed, waiting for the owner's
choice), ``grave``, ``ups`` (power-up cards on the core), ``core`` (the chosen core fighter, -1
before), ``core_deck``, ``slots`` (the fighter zones, -1 = empty) and ``spell`` (the spell zone,
bottom to top). Per card: ``under`` (the pile underneath a fighter, bottom to top; an empty
tuple until a card lies there), ``slot_of``, ``host_of``, ``face_up``, ``attacked_on`` (the turn
it last attacked) and the two one-shot power changes ``eot`` (until the end of the turn) and
``stay`` (while on the field).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Generator
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from fuda.engine.core import CardRef, Decision, Game, Option

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.cards import CardDef, CardPool, MenuRow, Static
    from fuda.engine.raise_blaze.clock import Clock
    from fuda.engine.raise_blaze.setup import PlayerSetup, Position

T = TypeVar("T")
#: a rule that may ask questions: it yields decisions, is sent the picks, and returns a T
Asks = Generator[Decision, tuple[str, ...], T]
#: a host event as recorded: decisions answered before it, kind, player, rule id, reason
HostEvent = list


@dataclass(slots=True)
class Attack:
    """The attack in progress: who attacks what, whether it was blocked or negated."""

    player: int
    attacker: int
    target: int
    by_core: bool
    blocked: bool = False
    negated: bool = False


@dataclass(slots=True)
class Ctx:
    """The context of an ability: controller, card, and the attack it belongs to or answers
    (``equip``: the fighter an equip spell goes underneath, -1 for none)."""

    player: int
    card: int
    attack: Attack | None = None
    equip: int = -1


class Source(NamedTuple):
    """A static ability applying now: its card, controller, the fighter it is underneath
    (``host``, -1 for none) and the static op."""

    card: int
    ctrl: int
    host: int
    static: Static


@dataclass(slots=True)
class RBState:
    """Everything play changes in one game (see the module docstring)."""

    under: list[list[int] | tuple[()]]
    slot_of: list[int]
    host_of: list[int]
    face_up: list[bool]
    eot: list[int]
    stay: list[int]
    attacked_on: list[int]
    deck: list[list[int]]
    hand: list[list[int]]
    life: list[list[int]]
    #: hand cards both players saw go there (returned from the field, taken from the graveyard)
    seen_in_hand: tuple[set[int], set[int]]
    lost_life: list[list[int]]
    grave: list[list[int]]
    ups: list[list[int]]
    spell: list[list[int]]
    core: list[int]
    core_deck: list[list[int]]
    slots: list[list[int]]
    boosted: list[int]  # cards with an end-of-turn power change
    resolving: list[int]  # spells resolving now (never their own targets)
    used: dict[tuple[int, int], int]  # (card, ability index) -> the turn a once-per-turn ability was used
    active: int
    turn: int
    summoned: bool
    phase: str
    attack: Attack | None
    foreign: int  # abilities of the non-turn player resolving now (the clocks pause)
    passed: int  # the log's length when the non-turn player last let a window pass (RB-SPL-1)
    host_events: list[HostEvent]  # recorded so far
    scheduled: list[tuple]  # host events still to apply (a replay's)
    # the field's derived caches (rebuilt on demand by field.sources; copied as they stand)
    _fx: list[Source] | None
    _by_kind: dict[str, list[Source]]
    _flags: dict[str, set[int]] | None
    _no_attack: bool
    _immune: bool
    _live_flags: bool


#: the names a checkpoint copies: the fields of :class:`RBState`, derived, never listed by hand
STATE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(RBState))


class RBGame(Game, RBState):
    """A game of RAISE×BLAZE as its rules see it: the engine core's :class:`~engine.core.Game`
    (log, generator, pending decision) with the state of :class:`RBState` and what never changes
    in the game — the pool, the card layout of the two setups (shared by every game of them,
    see :class:`~.cards.Layout`) and the settings read from it. The rules are functions over it;
    :class:`~.game.RaiseBlaze` sets it up and runs the turn loop."""

    pool: CardPool
    setups: tuple[PlayerSetup, ...]
    defs: list[CardDef]
    owner: list[int]
    oid: list[str]
    by_oid: list[dict[str, int]]
    mains: tuple[tuple[int, ...], ...]
    menus: list[MenuRow]
    acts: list[tuple]
    klass: list[int]
    cache: dict[int, Option]
    refs: tuple[CardRef, ...]  # the option value of each card (engine.core.hidden.CardRef)
    settings: dict
    draws: int
    up_first: int
    up_next: int
    position: Position | None
    offer_concede: bool
    clock: Clock | None
    push: Callable[[tuple], None]  # the log's push, looked up once (the log is never replaced)

    @abstractmethod
    def explain_main(self, pick: str) -> str | None:
        """Why a main-phase option id is refused now (:func:`.actions.explain_main`)."""

    @abstractmethod
    def explain_battle(self, pick: str) -> str | None:
        """The same in the battle phase and its windows (:func:`.battle.explain_battle`)."""

    def label_of(self, card: int) -> str:
        """The readable id of a card in events: its oid, or ``core`` for a core fighter."""
        return "core" if self.core[self.owner[card]] == card else self.oid[card]

    def played(self) -> None:
        """The turn player played a card (the 120-second clock restarts)."""
        if self.clock is not None:
            self.clock.played()
