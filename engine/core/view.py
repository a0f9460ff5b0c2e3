"""What every two-player view shares: the viewing seat's own side and the other one.

An engine's view is a frozen dataclass with fields ``seat`` and ``sides`` (one value per player,
as that seat sees it); :class:`TwoSides` adds the two names agents and narrators read most.
"""

from __future__ import annotations


class TwoSides:
    """``me`` and ``opponent`` of a two-player view with ``seat`` and ``sides``."""

    __slots__ = ()

    @property
    def me(self):
        """The viewing seat's own side."""
        return self.sides[self.seat]

    @property
    def opponent(self):
        """The other side."""
        return self.sides[1 - self.seat]
