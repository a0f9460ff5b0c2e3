"""What a ryomen game starts from: each player's pairing, the table, or an explicit position.

:class:`PlayerSetup` is one pairing (9 double-faced cards) and, optionally, the face each card
shows at setup (otherwise its owner chooses in the ``faces`` decision, RY-SETUP-1).
:class:`Table` holds the players (2–4, seated counter-clockwise: each seat's right-hand
neighbour is the next seat), the first player (None: the manifest setting) and whether 4 players
play a tag match. :class:`Position` places a game mid-way for scenario tests; every card is
named ``up/down`` (the face up first), the ids the decisions use.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerSetup:
    """One player's pairing: 9 (first face, second face) pairs and optional starting faces."""

    pairs: tuple[tuple[str, str], ...]
    faces: tuple[int, ...] | None = None  # per card 0 (first face up) or 1; None: chosen in play
    deck: str = ""
    name: str = ""

    @classmethod
    def from_deck(cls, deck, faces=None) -> PlayerSetup:
        """The setup of a :class:`fuda.database.model.Deck` of ryomen."""
        return cls(tuple(tuple(p) for p in deck["pairs"]), None if faces is None else tuple(faces),
                   deck.id, deck.name)

    @classmethod
    def from_json(cls, doc: dict) -> PlayerSetup:
        """Read the JSON form (replays)."""
        faces = doc.get("faces")
        return cls(tuple(tuple(p) for p in doc["pairs"]), None if faces is None else tuple(faces),
                   doc.get("deck", ""), doc.get("name", ""))

    def as_json(self) -> dict:
        """The JSON form."""
        return {"deck": self.deck, "name": self.name, "pairs": [list(p) for p in self.pairs],
                "faces": None if self.faces is None else list(self.faces)}


@dataclass(frozen=True)
class Table:
    """The players of a game (a sequence of :class:`PlayerSetup`), the first player, tag match.

    ``first`` None follows the manifest's ``first-player``; ``tag`` (4 players) makes seats 1 & 3
    and 2 & 4 partners whose points add up (RY-MULTI-6).
    """

    players: tuple[PlayerSetup, ...]
    first: int | None = None
    tag: bool = False

    def __post_init__(self):
        if not 2 <= len(self.players) <= 4:
            raise ValueError(f"ryomen is played by 2 to 4 players, got {len(self.players)}")
        if self.tag and len(self.players) != 4:
            raise ValueError("a tag match needs 4 players (RY-MULTI-6)")
        if self.first is not None and not 0 <= self.first < len(self.players):
            raise ValueError(f"first player must be a seat 0–{len(self.players) - 1}, got {self.first}")

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self):
        return iter(self.players)

    def __getitem__(self, i):
        return self.players[i]

    @classmethod
    def of(cls, setups, first: int | None = None, tag: bool = False) -> Table:
        """A table from setups (PlayerSetup or their JSON) or an existing table."""
        if isinstance(setups, Table):
            return setups
        players = tuple(s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups)
        return cls(players, first, tag)

    @classmethod
    def from_json(cls, doc: dict) -> Table:
        """Read a replay's ``setup`` document."""
        return cls(tuple(PlayerSetup.from_json(d) for d in doc["players"]), doc.get("first"),
                   bool(doc.get("tag", False)))

    def as_json(self) -> dict:
        """The JSON form (a replay's ``setup``)."""
        return {"players": [p.as_json() for p in self.players], "first": self.first, "tag": self.tag}


@dataclass(frozen=True)
class Seat:
    """One player's side of a position; cards are named ``up/down`` (e.g. ``remilia/flandre``).

    ``hand`` None: every card of the setup not in ``result``, with its setup face up (first face
    unless the setup's ``faces`` says otherwise). ``result`` is listed bottom first (the last is
    the top card, RY-SERVE-3). ``won`` are the point chips taken; ``chips`` the stat chips lying
    on cards: pairs (card, chip id), in the order placed.
    """

    hand: tuple[str, ...] | None = None
    result: tuple[str, ...] = ()
    won: tuple[int, ...] = ()
    chips: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Position:
    """A position at the start of a serve phase: turn, server, day/night, the point zone.

    ``points`` None: the manifest's chips less those won and face down, in manifest order;
    ``night`` None: the manifest's starting side.
    """

    seats: tuple[Seat, ...]
    turn: int = 1
    server: int = 0
    night: bool | None = None
    points: tuple[int, ...] | None = None
    facedown: tuple[int, ...] = ()
