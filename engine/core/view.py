"""What every two-player view shares: the viewing seat's own side and the other one.

An engine's view is a frozen dataclass with fields ``seat`` and ``sides`` (one value per player,
as that seat sees it); :class:`TwoSides` adds the two names agents and narrators read most.
"""

from __future__ import annotations

from typing import Any


class TwoSides:
    """``me`` and ``opponent`` of a two-player view with ``seat`` and ``sides``."""

    __slots__ = ()
    seat: int  # (the view's own fields: declared for the type checker only)
    sides: tuple[Any, ...]

    @property
    def me(self) -> Any:
        """The viewing seat's own side."""
        return self.sides[self.seat]

    @property
    def opponent(self) -> Any:
        """The other side."""
        return self.sides[1 - self.seat]


def seen_defs(game, seat: int, shown: set, own_cards=None) -> tuple:
    """The card definitions ``seat`` may know, by card number: its own cards' (``own_cards[s]``,
    default: what ``game.owner`` says is s's) and those in ``shown``; ``None`` for the others.
    The own part is worked out once per game (views are built at every decision of a playout)."""
    own = game._own_defs  # (a class attribute None until set: no __dict__ read, see runner._fast)
    if own is None:
        defs = game.defs
        if own_cards is None:
            owner = game.owner
            own = tuple(tuple(d if owner[c] == s else None for c, d in enumerate(defs)) for s in (0, 1))
        else:
            own = tuple(tuple(d if c in mine else None for c, d in enumerate(defs))
                        for mine in (frozenset(own_cards[0]), frozenset(own_cards[1])))
        game._own_defs = own
    out = list(own[seat])
    defs = game.defs
    for c in shown:
        if c >= 0:
            out[c] = defs[c]
    return tuple(out)
