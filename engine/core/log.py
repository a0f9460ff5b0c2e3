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
#: The data keys of a ``decision`` event (for ``push`` in the game and the runner).
DECISION_KEYS = ("kind", "rule", "picks", "forced")


class GameLog:
    """An append-only list of events.

    Engines' hot paths append with ``push``, the fast form of :meth:`add` (nothing returned,
    no keyword packing): ``push((kind, player, data))`` with a data dict or, cheaper still,
    ``push((kind, player, keys, *values))`` with a tuple of the data keys followed by their
    values (the dict is built only when the event is read). :attr:`events` turns entries into
    :class:`Event` values when it is read, once each.
    """

    __slots__ = ("_events", "_items", "push")

    def __init__(self):
        self._items: list[tuple] = []  # Event, (kind, player, data) or (kind, player, keys, *values)
        self._events: list[Event] = []  # the Event view of _items[:len(_events)]
        self.push = self._items.append

    def add(self, kind: str, player: int | None = None, /, **data) -> Event:
        """Append and return an event (``data`` may itself hold a key named ``kind``)."""
        event = _new(Event, (kind, player, data))
        self._items.append(event)
        return event

    @property
    def events(self) -> list[Event]:
        """Every event, in order (a list of :class:`Event`)."""
        items, events = self._items, self._events
        if len(events) != len(items):
            if len(events) > len(items):
                events.clear()
            events.extend([_event(e) for e in items[len(events):]])
        return events

    @events.setter
    def events(self, value) -> None:
        self._items[:] = value
        self._events.clear()

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self):
        return iter(self.events)

    def first(self, kind: str, **data) -> Event | None:
        """The first event of ``kind`` whose data holds every item of ``data``; reads only as
        far as it must (a simulation asks who went first without converting the whole log)."""
        for item in self._items:
            if item[0] != kind:
                continue
            event = _event(item)
            if all(event.data.get(k) == v for k, v in data.items()):
                return event
        return None

    def of(self, kind: str) -> list[Event]:
        """Every event of one kind, in order."""
        return [e for e in self.events if e.kind == kind]

    def decisions(self, include_forced: bool = False) -> list[Event]:
        """The decision events (by default only those a player really chose)."""
        return [e for e in self.events if e.kind == "decision" and (include_forced or not e.data["forced"])]

    def answers(self) -> list[tuple[str, ...]]:
        """The picks of every decision a player really chose (not forced ones), in order: what
        :meth:`~engine.core.game.Game.clone` replays."""
        out = []
        for e in self._items:
            if e[0] == "decision":
                data = e[2]
                if type(data) is tuple:
                    if not e[6]:
                        out.append(e[5])
                elif not data["forced"]:
                    out.append(tuple(data["picks"]))
        return out

    def as_json(self) -> list[dict]:
        """Every event as a JSON-ready dict."""
        out = []
        for e in self._items:
            doc = {"kind": e[0], "player": e[1]}
            data = e[2]
            doc.update(zip(data, e[3:], strict=False) if type(data) is tuple else data)
            out.append(doc)
        return out

    def digest(self) -> str:
        """A SHA-256 over the events: two runs that agree event by event have the same digest."""
        blob = json.dumps(self.as_json(), ensure_ascii=False, sort_keys=True, default=list)
        return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _event(entry) -> Event:
    if type(entry) is Event:
        return entry
    data = entry[2]
    if type(data) is tuple:
        return _new(Event, (entry[0], entry[1], dict(zip(data, entry[3:], strict=False))))
    return _new(Event, entry)
