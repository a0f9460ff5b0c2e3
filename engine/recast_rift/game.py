"""The Recast Rift game: the flow of turns over an :class:`~.state.RRGame` — one
:class:`~.state.RRState` that play changes, the frozen :class:`~.defs.Layout` that it does not.

The rules are functions over the game in modules a rules writer would name — :mod:`.turn`,
:mod:`.combat` (casting and attacks), :mod:`.zones` (card movement), :mod:`.awakening`,
:mod:`.abilities` — and :mod:`.ops`, one function per effect word of the cards. A card number
indexes the layout's ``defs`` (its :class:`~.defs.CardDef`), ``owner`` and ``oid`` (its
readable id, the card id). :meth:`RecastRift.flow` is the one generator of decisions in the style
of :class:`fuda.engine.core.Game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fuda.engine.core import GameOver, Termination
from fuda.engine.core.game import Flow
from fuda.engine.core.hidden import Pool
from fuda.engine.recast_rift import greedy as _greedy  # noqa: F401 (registers the greedy policy of RRView)
from fuda.engine.recast_rift import turn
from fuda.engine.recast_rift.defs import CardDef, CardPool
from fuda.engine.recast_rift.render import RRNarrator
from fuda.engine.recast_rift.setup import PlayerSetup, Position, position_json
from fuda.engine.recast_rift.state import RRGame
from fuda.engine.recast_rift.view import RRView, hidden_from, view_of

ENGINE_VERSION = "1.1"
RULES_VERSION = "recast-rift-2"
#: Not a rule: a safety net so that no playout runs forever; such a game is a draw.
MAX_TURNS = 200


class RecastRift(RRGame):
    """One game of 東方リキャストリフト between two setups (the rules; its view is
    :class:`~.view.RRView`, its narration :class:`~.render.RRNarrator`, its greedy policy
    :mod:`.greedy`)."""

    _own_defs: tuple[tuple[CardDef | None, ...], ...] | None = None  # (engine.core.view.seen_defs)

    RULES = "recast-rift"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = RRNarrator

    def __init__(self, pool: CardPool, setups: Sequence[PlayerSetup | Mapping[str, Any]], seed: int,
                 position: Position | None = None):
        super().__init__(seed, pool, pool.layout(setups))  # card numbers, ids, options, settings (cached per setups)
        self._setups_arg = setups
        self.position = position

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
