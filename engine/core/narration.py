"""Narration: the game log and the position as text, for one seat or for everyone.

The log itself is omniscient (replays need every chance outcome). A :class:`Narrator` turns it
into lines for a reader: ``seat=None`` is a spectator or a replay (every card named); a seat
reads only what it may know (a card drawn by the opponent, or put into a hidden pile, is counted,
not named). Engines subclass it (``Game.NARRATOR``); it reads the game and never changes it.
"""

from __future__ import annotations


class Narrator:
    """Readable lines and state dumps of one game. The base renders every event generically;
    engines subclass it (``Game.NARRATOR``)."""

    def __init__(self, game):
        self.game = game

    def line(self, event, seat: int | None = None) -> str:
        """One readable line for ``event`` as ``seat`` may read it ('' to leave it out)."""
        return f"{event.kind} {event.player} {event.data}"

    def lines(self, events, seat: int | None = None) -> list[str]:
        """The readable transcript of ``events`` for ``seat`` (empty lines left out)."""
        line = self.line
        return [text for text in (line(e, seat) for e in events) if text]

    def state(self, seat: int | None = None) -> str:
        """A multi-line dump of the position (for ``seat``: its view only)."""
        if seat is not None:
            return repr(self.game.view(seat))
        return repr(self.game)
