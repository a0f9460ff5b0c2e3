"""The game log: every decision, every chance outcome and every rules event, in order.

Events are small named tuples ``(kind, player, data)`` so logging stays cheap in random
playouts; a game turns them into readable lines (with card names) only when asked.
Two event kinds are common to every game:

* ``decision`` — ``{"kind", "rule", "picks", "forced"}``: an answer given to a decision (forced
  ones, which had a single possible answer, are logged too but not stored in replays);
* ``chance`` — ``{"what", "result"}``: an outcome of the game's generator (a shuffle's order, the
  first player …).
"""

from __future__ import annotations

import hashlib
import json
from typing import NamedTuple


class Event(NamedTuple):
    """One log entry: what happened (``kind``), to or by whom (``player`` or None), details."""

    kind: str
    player: int | None
    data: dict

    def as_dict(self) -> dict:
        """A JSON-ready form."""
        return {"kind": self.kind, "player": self.player, **self.data}


_new = tuple.__new__


class GameLog:
    """An append-only list of events."""

    __slots__ = ("events",)

    def __init__(self):
        self.events: list[Event] = []

    def add(self, kind: str, player: int | None = None, /, **data) -> Event:
        """Append and return an event (``data`` may itself hold a key named ``kind``)."""
        event = _new(Event, (kind, player, data))
        self.events.append(event)
        return event

    def __len__(self) -> int:
        return len(self.events)

    def __iter__(self):
        return iter(self.events)

    def of(self, kind: str) -> list[Event]:
        """Every event of one kind, in order."""
        return [e for e in self.events if e.kind == kind]

    def decisions(self, include_forced: bool = False) -> list[Event]:
        """The decision events (by default only those a player really chose)."""
        return [e for e in self.events if e.kind == "decision" and (include_forced or not e.data["forced"])]

    def as_json(self) -> list[dict]:
        """Every event as a JSON-ready dict."""
        return [e.as_dict() for e in self.events]

    def digest(self) -> str:
        """A SHA-256 over the events: two runs that agree event by event have the same digest."""
        blob = json.dumps(self.as_json(), ensure_ascii=False, sort_keys=True, default=list)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()
