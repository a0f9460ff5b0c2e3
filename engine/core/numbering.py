"""Card copies as numbers: every physical card of a game gets an int, and a readable id per player.

Engines keep zones as lists of ints for speed; logs, options and replays name a copy by its
readable id — the card id, then ``<id>#2``, ``<id>#3`` … for further copies of one player.
"""

from __future__ import annotations


class Numbering:
    """Numbers card copies in the order they are added (the order is part of replays)."""

    def __init__(self, players: int = 2):
        self.defs: list = []  # number -> the engine's card definition
        self.owner: list[int] = []  # number -> player
        self.oid: list[str] = []  # number -> readable id, unique per player
        self.by_oid: list[dict[str, int]] = [{} for _ in range(players)]

    def add(self, player: int, card_id: str, definition) -> int:
        """Number one more copy of ``card_id`` owned by ``player``; returns its number."""
        n = len(self.defs)
        self.defs.append(definition)
        self.owner.append(player)
        name, k = card_id, 2
        while name in self.by_oid[player]:
            name, k = f"{card_id}#{k}", k + 1
        self.oid.append(name)
        self.by_oid[player][name] = n
        return n
