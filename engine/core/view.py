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


def seen_defs(game, seat: int, shown: set) -> tuple:
    """The card definitions ``seat`` may know, by card number: its own cards' (``game.owner``
    says whose) and those in ``shown``; ``None`` for the others. The own part is worked out once
    per game (views are built at every decision of a playout)."""
    own = game._own_defs  # (a class attribute None until set: no __dict__ read, see runner._fast)
    if own is None:
        owner, defs = game.owner, game.defs
        own = game._own_defs = tuple(tuple(d if owner[c] == s else None for c, d in enumerate(defs)) for s in (0, 1))
    out = list(own[seat])
    defs = game.defs
    for c in shown:
        if c >= 0:
            out[c] = defs[c]
    return tuple(out)
