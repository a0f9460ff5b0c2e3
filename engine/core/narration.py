"""Narration: the game log and the position as text, for one seat or for everyone.

The log itself is omniscient (replays need every chance outcome). A :class:`Narrator` turns it
into lines for a reader: ``seat=None`` is a spectator or a replay (every card named); a seat
reads only what it may know (a card drawn by the opponent, or put into a hidden pile, is counted,
not named). Engines subclass it (``Game.NARRATOR``); it reads the game and never changes it.
"""

from __future__ import annotations


class Narrator:
    """Readable lines and state dumps of one game.

    The base renders every event generically; an engine whose game class still overrides
    ``render``/``describe_state`` (the older mixin style) is narrated through those, for
    spectators only."""

    def __init__(self, game):
        self.game = game

    def line(self, event, seat: int | None = None) -> str:
        """One readable line for ``event`` as ``seat`` may read it ('' to leave it out)."""
        game = self.game
        legacy = _override(game, "render")
        if legacy is not None:
            self._spectator_only(seat)
            return legacy(game, event)
        return f"{event.kind} {event.player} {event.data}"

    def lines(self, events, seat: int | None = None) -> list[str]:
        """The readable transcript of ``events`` for ``seat`` (empty lines left out)."""
        line = self.line
        return [text for text in (line(e, seat) for e in events) if text]

    def state(self, seat: int | None = None) -> str:
        """A multi-line dump of the position (for ``seat``: its view only)."""
        game = self.game
        legacy = _override(game, "describe_state")
        if legacy is not None:
            self._spectator_only(seat)
            return legacy(game)
        if seat is not None:
            return repr(game.view(seat))
        return repr(game)

    def _spectator_only(self, seat) -> None:
        if seat is not None:
            raise NotImplementedError(f"{self.game.RULES} narrates for spectators only (no seat narration yet)")


def _override(game, name: str):
    """The game class's own ``name`` method when it overrides the base Game's (which carry a
    ``narrated`` mark), else None."""
    method = getattr(type(game), name)
    return None if getattr(method, "narrated", False) else method
