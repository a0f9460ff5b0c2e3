"""The optional host turn clocks of RB-LOSE-3/4 (off in simulations and tests unless enabled).

A turn player loses when they play no card for ``idle_limit`` seconds (120) or do not end their
turn within ``turn_limit`` seconds (300); time spent while the opponent decides or while the
opponent's card effects resolve is not counted. The game tells its :class:`Clock` when a turn
starts, when the turn player plays a card, and whether the pending decision counts; the clock
reads time only through ``now`` (``time.monotonic`` by default, a fake in tests), so nothing
here depends on the wall clock of a test machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    """The two turn clocks of one game, driven by the game and read through ``now``."""

    def __init__(self, idle_limit: float = 120.0, turn_limit: float = 300.0,
                 now: Callable[[], float] = time.monotonic):
        self.idle_limit = idle_limit
        self.turn_limit = turn_limit
        self.now = now
        self.player: int | None = None
        self.turn_used = 0.0  # counted time of the current turn (RB-LOSE-4)
        self.idle = 0.0  # counted time since the turn player last played a card (RB-LOSE-3)
        self.counting = False
        self.last = now()

    @classmethod
    def from_settings(cls, settings, now: Callable[[], float] = time.monotonic) -> Clock:
        """A clock with the manifest's turn-clock-seconds / turn-limit-seconds."""
        return cls(float(settings.get("turn-clock-seconds", 120)), float(settings.get("turn-limit-seconds", 300)), now)

    def update(self) -> None:
        """Add the time since the last reading, if the pending decision counts."""
        t = self.now()
        if self.counting:
            d = t - self.last
            self.turn_used += d
            self.idle += d
        self.last = t

    def start_turn(self, player: int) -> None:
        """A turn starts: both clocks start from zero."""
        self.update()
        self.player = player
        self.turn_used = 0.0
        self.idle = 0.0
        self.counting = True

    def set_counting(self, counting: bool) -> None:
        """From now on, time counts (the turn player decides) or not (the opponent decides, or
        the opponent's card effect resolves)."""
        self.update()
        self.counting = counting

    def played(self) -> None:
        """The turn player played a card: the 120-second clock starts again."""
        self.update()
        self.idle = 0.0

    def expired(self) -> tuple[str, str] | None:
        """``(rule id, reason)`` when the turn player has run out of time, else None."""
        self.update()
        if self.player is None:
            return None
        if self.idle >= self.idle_limit:
            return "RB-LOSE-3", (f"P{self.player + 1} played no card for {self.idle_limit:g} seconds "
                                 f"in their turn (RB-LOSE-3)")
        if self.turn_used >= self.turn_limit:
            return "RB-LOSE-4", (f"P{self.player + 1} did not end their turn within {self.turn_limit:g} seconds "
                                 f"(RB-LOSE-4)")
        return None
