"""What a toho-tcg game starts from: each player's deck, or an explicit position.

:class:`PlayerSetup` is a deck (a list of card ids, one per copy); replays store it as JSON.
:class:`Table` is both players' setups with the rule variants the game plays (:mod:`.variants`),
what a replay's setup document reads back as.
:class:`Seat` describes one player's side of an explicit position for scenario tests (stacked
deck, hand, trash, characters with their Normal, tap state and equip, assisters, quicks waiting
in the assister zone, 霊力). Cards of the setup that a seat does not place go to the bottom of
its deck in setup order, so cards are always conserved.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerSetup:
    """One player's deck: card ids, one per copy (its size is the player's life)."""

    cards: tuple[str, ...]
    deck: str = ""
    name: str = ""

    @classmethod
    def from_deck(cls, deck) -> PlayerSetup:
        """The setup of a :class:`fuda.database.model.Deck` of toho-tcg."""
        return cls(tuple(deck.card_ids()), deck.id, deck.name)

    @classmethod
    def of(cls, *card_ids: str, name: str = "") -> PlayerSetup:
        """A setup listing these cards (scenario tests)."""
        return cls(tuple(card_ids), "", name)

    @classmethod
    def from_json(cls, doc: dict) -> PlayerSetup:
        """Read the JSON form (replays)."""
        return cls(tuple(doc["cards"]), doc.get("deck", ""), doc.get("name", ""))

    def as_json(self) -> dict:
        """The JSON form."""
        return {"deck": self.deck, "name": self.name, "cards": list(self.cards)}


@dataclass(frozen=True)
class Table:
    """Both players' setups and the game's rule variants (names, sorted); a sequence of the setups."""

    players: tuple[PlayerSetup, ...]
    variants: tuple[str, ...] = ()

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self):
        return iter(self.players)

    def __getitem__(self, i):
        return self.players[i]

    @classmethod
    def from_json(cls, doc: dict) -> Table:
        """Read a replay's setup document (``players``, and ``variants`` when the game had any)."""
        return cls(tuple(PlayerSetup.from_json(d) for d in doc["players"]), tuple(doc.get("variants", ())))


@dataclass(frozen=True)
class Piece:
    """A card on the field in a position: a character (with the Normal ``under`` a Hard and an
    ``equip``) or an assister; ``tapped`` for either. The equip is the seat's own card unless
    ``equip_owner`` names the other player (a curse such as 厄)."""

    card: str
    under: str | None = None
    tapped: bool = False
    equip: str | None = None
    equip_owner: int | None = None


@dataclass(frozen=True)
class Seat:
    """One player's side of an explicit position (card ids; ``deck`` is listed top first)."""

    deck: tuple[str, ...] = ()
    hand: tuple[str, ...] = ()
    trash: tuple[str, ...] = ()
    field: tuple = ()  # Piece or card id, in play order
    assisters: tuple = ()  # Piece or card id
    waiting: tuple[str, ...] = ()  # quicks already played this turn, in the assister zone
    pool: int = 0  # 霊力 already made in this phase


@dataclass(frozen=True)
class Position:
    """An explicit position: both seats, whose turn, which turn, and the phase to start in.

    ``phase`` is ``draw``, ``standby``, ``main``, ``battle`` or ``end``. ``world`` is
    ``(player, card id)`` or None. ``played`` counts the quicks and assisters the turn player
    already played this turn (TT-SPELL-5). With ``turns`` set, the game stops (as a draw, reason
    "scenario ended") after that many turns.
    """

    seats: tuple[Seat, Seat]
    active: int = 0
    turn: int = 2
    phase: str = "main"
    world: tuple[int, str] | None = None
    played: int = 0
    attacked: tuple[str, ...] = ()  # characters that already attacked this turn
    turns: int | None = None


PHASES = ("draw", "standby", "main", "battle", "end")
