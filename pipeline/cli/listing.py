"""Rows for ``fuda list``: one line per card with the numbers a player looks at first.

What a card's fields are called comes from its rule set (:meth:`~fuda.database.ruleset.RuleSet.labels`: kinds, fields
and their values in Japanese and English), so the listing speaks the user's language for every
game, a designer's own included, with no game named here.
"""

from __future__ import annotations

from collections.abc import Mapping

from fuda.database.ruleset import Labels, ruleset_for
from fuda.i18n import language, t


def _label(label, lang: str) -> str:
    return label.ja if lang == "ja" else label.en


def _value(labels: Labels, name: str, value, lang: str) -> str | None:
    """One field's value as shown, or None when there is nothing to show (false, empty)."""
    if value is None or value is False or value == () or value == [] or value == {}:
        return None
    if isinstance(value, str):
        label = labels.values.get(name, {}).get(value)
        return _label(label, lang) if label else value
    if isinstance(value, bool):
        return ""  # a flag that is on: its field's name says it
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, Mapping):  # e.g. an attack against hand and life: 1-ー
        parts = [_value(labels, name, v, lang) for v in value.values()]
        return "-".join(p if p else t("list.none", lang) for p in parts)
    if isinstance(value, list | tuple) and all(isinstance(v, str | int | float) for v in value):
        return t("list.joiner", lang).join(_value(labels, name, v, lang) or "" for v in value)
    return None  # abilities, keywords: the text column of a card file says them


def stats(card, labels: Labels, lang: str | None = None) -> str:
    """A short summary of a card's fields, in its rule set's field order and names."""
    lang = lang or language()
    parts = []
    for name, label in labels.fields.items():
        shown = _value(labels, name, card.data.get(name), lang)
        if shown is None:
            continue
        parts.append(f"{_label(label, lang)} {shown}".strip())
    return t("list.stats_sep", lang).join(parts)


def kind(card, labels: Labels, lang: str | None = None) -> str:
    """The card's kind as its rule set names it in ``lang`` (the id when it has no label)."""
    label = labels.kinds.get(card.kind)
    return _label(label, lang or language()) if label else card.kind


def card_rows(games, lang: str | None = None) -> list[dict]:
    """Every card of ``games`` as a plain dict: game, id, kind (its id), kind label, name, stats."""
    rows = []
    for g in games:
        labels = ruleset_for(g.rules).labels(g)
        rows += [{"game": g.id, "id": c.id, "kind": c.kind, "kind_label": kind(c, labels, lang), "name": c.name,
                  "stats": stats(c, labels, lang)} for c in g.cards]
    return rows


def deck_rows(games) -> list[dict]:
    """Every deck of ``games`` as a plain dict: game, id, name, cards (card entries, one per copy)."""
    return [{"game": g.id, "id": d.id, "name": d.name, "cards": len(d.card_ids())} for g in games for d in g.decks]
