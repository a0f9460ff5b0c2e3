"""The Recast Rift game: one :class:`~.state.RRState` that play changes, the frozen
:class:`~.cards.Layout` that it does not, and the flow of turns.

The rules are functions over the game in modules a rules writer would name — :mod:`.turn`,
:mod:`.combat` (casting and attacks), :mod:`.zones` (card movement), :mod:`.awakening`,
:mod:`.abilities` — and :mod:`.ops`, one function per effect word of the cards. A card number
indexes the layout's ``defs`` (its :class:`~.cards.CardDef`), ``owner`` and ``oid`` (its
readable id, the card id). :meth:`RecastRift.flow` is the one generator of decisions in the style
of :class:`fuda.engine.core.Game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Generic, TypeVar, overload

from fuda.engine.core import CompiledAbility, Game, GameOver, Termination
from fuda.engine.core.decision import Option
from fuda.engine.core.game import Flow
from fuda.engine.core.hidden import Pool
from fuda.engine.recast_rift import combat, turn
from fuda.engine.recast_rift import greedy as _greedy  # noqa: F401 (registers the greedy policy of RRView)
from fuda.engine.recast_rift.cards import CardDef, CardPool, Layout
from fuda.engine.recast_rift.render import RRNarrator
from fuda.engine.recast_rift.setup import PlayerSetup, Position, position_json
from fuda.engine.recast_rift.state import RRState
from fuda.engine.recast_rift.view import RRView, hidden_from, view_of

ENGINE_VERSION = "1.1"
RULES_VERSION = "recast-rift-2"
#: Not a rule: a safety net so that no playout runs forever; such a game is a draw.
MAX_TURNS = 200

T = TypeVar("T")


class StateField(Generic[T]):
    """A field of the game's :class:`~.state.RRState`, read (and set) as an attribute of the
    game itself (``game.life`` is ``game.st.life``): the public names of the position."""

    __slots__ = ("name",)

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, game: None, owner: type) -> StateField[T]: ...
    @overload
    def __get__(self, game: RecastRift, owner: type) -> T: ...

    def __get__(self, game: RecastRift | None, owner: type) -> StateField[T] | T:
        if game is None:
            return self
        value: T = getattr(game.st, self.name)
        return value

    def __set__(self, game: RecastRift, value: T) -> None:
        setattr(game.st, self.name, value)


class RecastRift(Game):
    """One game of 東方リキャストリフト between two setups (the rules; its view is
    :class:`~.view.RRView`, its narration :class:`~.render.RRNarrator`, its greedy policy
    :mod:`.greedy`)."""

    _own_defs: tuple[tuple[CardDef | None, ...], ...] | None = None  # (engine.core.view.seen_defs)

    RULES = "recast-rift"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = RRNarrator

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

    def __init__(self, pool: CardPool, setups: Sequence[PlayerSetup | Mapping[str, Any]], seed: int,
                 position: Position | None = None):
        super().__init__(seed)
        self.pool = pool
        self._setups_arg = setups
        layout = pool.layout(setups)  # card numbers, ids, options and settings (cached per setups)
        self.layout: Layout = layout
        self.setups: tuple[PlayerSetup, ...] = layout.setups
        self.position = position
        # the layout's parts the rules read most, by name
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

    def view(self, seat: int) -> RRView:
        """What ``seat`` may know now (see :mod:`.view`)."""
        return view_of(self, seat)

    def hidden(self, seat: int) -> list[Pool]:
        """What ``seat`` cannot see into (see :mod:`.view`)."""
        return hidden_from(self, seat)

    def fresh(self) -> RecastRift:
        """The same game, not started (same setups, position and seed)."""
        return RecastRift(self.pool, self._setups_arg, self.seed, self.position)

    def setup_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"players": [s.as_json() for s in self.setups]}
        if self.position is not None:
            doc["position"] = position_json(self.position)
        return doc

    def name_of(self, card: int | None) -> str:
        """The printed name of a card number."""
        return self.defs[card].name if card is not None and card >= 0 else ""

    def explain_main(self, pick: str) -> str | None:
        """Why a known main-phase action is not allowed now (:func:`.turn.explain_main`)."""
        return turn.explain_main(self, pick)

    def explain_preempt(self, pick: str) -> str | None:
        """Why a known preempt-timing action is not allowed now (:func:`.combat.explain_preempt`)."""
        return combat.explain_preempt(self, pick)

    # -- flow ------------------------------------------------------------------------------------
    def flow(self) -> Flow:
        st = self.st
        phase = "draw"
        if self._resume_at is not None:  # a copy restored from a checkpoint (engine.core.checkpoint)
            phase = str(self._resume_at)
        elif self.position is None:
            turn.set_up(self)
        else:
            phase = turn.place(self, self.position)
        stop = self.position.turns if self.position is not None else None
        played = 0
        while True:
            if phase == "draw":
                if stop is None:  # (a scenario counts its turns in a local: no checkpoints there)
                    self.checkpoint("draw")  # the state alone says where play stands: a turn begins
                st.turn += 1
                if st.turn > MAX_TURNS:
                    raise GameOver(None, f"no winner after {MAX_TURNS} turns (engine limit, not a rule)",
                                   Termination.TURN_LIMIT, f"{MAX_TURNS}ターンで決着がつかない（エンジンの上限、ルールではない）")
            yield from turn.take_turn(self, phase)
            played += 1
            if stop is not None and played >= stop:
                raise GameOver(None, f"scenario ended after {played} turn(s)", Termination.SCENARIO,
                               f"局面指定のゲームが{played}ターンで終わった")
            phase = "draw"
            st.active = 1 - st.active
