"""Rows for ``fuda list``: one line per card with the stats a player looks at first."""

from __future__ import annotations

_ROMAN = {3: "Ⅲ", 2: "Ⅱ", 1: "Ⅰ"}


def _bar(value) -> str:
    return "ー" if value is None else str(value)


def stats(card) -> str:
    """A short summary of a card's numbers, in the game's own notation."""
    d = card.data
    parts: list[str] = []
    if "recast" in d:
        parts.append("".join(_ROMAN[r] for r in d["recast"]))
    for key in ("timing", "type", "spell-type", "rank"):
        if key in d:
            parts.append(str(d[key]))
    if "attack" in d and isinstance(d["attack"], dict):
        parts.append(f"{_bar(d['attack'].get('hand'))}-{_bar(d['attack'].get('life'))}")
    if d.get("graze"):
        parts.append("graze")
    for key in ("cost", "attack", "defense", "power", "raise", "speed", "brain"):
        if key in d and not isinstance(d[key], dict):
            parts.append(f"{key} {d[key]}")
    if d.get("preempt"):
        parts.append("preempt")
    return " ".join(parts)


def card_rows(games) -> list[dict]:
    """Every card of ``games`` as a plain dict: game, id, kind, name, stats."""
    return [
        {"game": g.id, "id": c.id, "kind": c.kind, "name": c.name, "stats": stats(c)}
        for g in games for c in g.cards
    ]


def deck_rows(games) -> list[dict]:
    """Every deck of ``games`` as a plain dict: game, id, name, cards (card entries, one per copy)."""
    return [{"game": g.id, "id": d.id, "name": d.name, "cards": len(d.card_ids())} for g in games for d in g.decks]
