"""How a game ended, as a value: who won, what kind of ending it was, and the text in both
languages. Tests and tools read :class:`Outcome` instead of grepping the free-text reason."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Termination(str, Enum):  # noqa: UP042 (not StrEnum: str() of a member stays Termination.X)
    """The kind of ending (the value is a stable string: replays and JSON carry it)."""

    LIFE = "life"  # a player's life reached 0
    POINTS = "points"  # points decided it (a target reached, or the most points at the end)
    DECK_OUT = "deck-out"  # a player had to draw from an empty deck
    RULE = "rule"  # another rule of the game (the text says which)
    CONCEDE = "concede"  # a player conceded
    TIME = "time"  # a player's clock ran out
    DRAW = "draw"  # the rules declare a draw
    TURN_LIMIT = "turn-limit"  # the engine's safety limit, not a rule: a draw
    SCENARIO = "scenario"  # a scenario position ran the turns it was given
    FLOW_END = "flow-end"  # the rules' flow returned without naming an outcome


@dataclass(frozen=True)
class Outcome:
    """The end of a game: ``winners`` (empty for a draw; two seats for a team), the kind, and
    the reason in Japanese (``ja``, what users read) and English (``en``, logs and replays)."""

    winners: tuple[int, ...]
    kind: Termination
    en: str
    ja: str = ""

    @property
    def winner(self) -> int | None:
        """The one winning seat (the first of a team), or None for a draw."""
        return self.winners[0] if self.winners else None

    @property
    def draw(self) -> bool:
        """True when nobody won."""
        return not self.winners

    def text(self, lang: str = "ja") -> str:
        """The reason in ``lang`` (``ja`` falls back to English when no Japanese is given)."""
        return (self.ja or self.en) if lang == "ja" else self.en

    def as_json(self) -> dict:
        """A JSON-ready form."""
        return {"winners": list(self.winners), "kind": self.kind.value, "en": self.en, "ja": self.ja}
