"""What a Recast Rift game starts from: each player's deck, or an explicit position.

:class:`PlayerSetup` is a deck (fighters, the awakening card, the spells); replays store it as
JSON. :class:`Seat` describes one player's side of an explicit position for scenario tests
(stacked deck, hand, piles, recast zones, life, awakened); spells of the setup that a seat does
not place go to the bottom of its deck in setup order, so cards are always conserved.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fuda.database import Deck


@dataclass(frozen=True)
class PlayerSetup:
    """One player's deck: two fighters, the awakening card (far slot), the spells."""

    fighters: tuple[str, ...]
    awakening: str
    spells: tuple[str, ...]
    deck: str = ""
    name: str = ""

    @classmethod
    def from_deck(cls, deck: Deck) -> PlayerSetup:
        """The setup of a :class:`fuda.database.model.Deck` of recast-rift."""
        return cls(tuple(deck["fighters"]), deck["awakening"], tuple(deck["spells"]), deck.id, deck.name)

    @classmethod
    def from_json(cls, doc: Mapping[str, Any]) -> PlayerSetup:
        """Read the JSON form (replays)."""
        return cls(tuple(doc["fighters"]), doc["awakening"], tuple(doc["spells"]),
                   doc.get("deck", ""), doc.get("name", ""))

    def as_json(self) -> dict[str, Any]:
        """The JSON form."""
        return {"deck": self.deck, "name": self.name, "fighters": list(self.fighters),
                "awakening": self.awakening, "spells": list(self.spells)}


@dataclass(frozen=True)
class Seat:
    """One player's side of an explicit position (card ids; ``deck`` is listed top first)."""

    life: int | None = None  # None: the starting life of the settings
    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    face_down: tuple[str, ...] = ()
    reserve: tuple[str, ...] = ()
    zones: dict[int, tuple[str, ...]] = field(default_factory=dict)  # {3: (ids), 2: (ids), 1: (ids)}
    awakened: bool = False


@dataclass(frozen=True)
class Position:
    """An explicit position: both seats, whose turn, which turn, and the phase to start in.

    ``phase`` is ``draw`` (the start of a turn), ``main``, ``refresh`` or ``cleanup``. With
    ``turns`` set, the game stops (as a draw, reason "scenario ended") after that many turns.
    """

    seats: tuple[Seat, ...]  # two
    active: int = 0
    turn: int = 1
    phase: str = "main"
    used: tuple[tuple[int, int], ...] = ()  # (player, awakening ability number) already activated this turn
    turns: int | None = None


PHASES = ("draw", "main", "refresh", "cleanup")


def position_json(pos: Position) -> dict[str, Any]:
    """The JSON form of a position (replays of scenario games)."""
    seats = []
    for seat in pos.seats:
        seats.append({"life": seat.life, "deck": list(seat.deck), "hand": list(seat.hand),
                      "face_down": list(seat.face_down), "reserve": list(seat.reserve),
                      "zones": {str(z): list(ids) for z, ids in seat.zones.items()}, "awakened": seat.awakened})
    return {"seats": seats, "active": pos.active, "turn": pos.turn, "phase": pos.phase,
            "used": [list(u) for u in pos.used], "turns": pos.turns}


def position_from_json(doc: Mapping[str, Any]) -> Position:
    """Read the JSON form of a position."""
    seats = tuple(Seat(life=s["life"], deck=tuple(s["deck"]), hand=tuple(s["hand"]), face_down=tuple(s["face_down"]),
                       reserve=tuple(s["reserve"]), zones={int(z): tuple(v) for z, v in s["zones"].items()},
                       awakened=s["awakened"]) for s in doc["seats"])
    return Position(seats, doc["active"], doc["turn"], doc["phase"], tuple(tuple(u) for u in doc["used"]),
                    doc.get("turns"))
