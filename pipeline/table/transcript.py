"""The log of a table as a seat reads it: numbered lines, each answer with the rule clause that
asked it, in the table's language (a custom game's narrator speaks it; for the coded engines,
whose narration is Japanese only, an English line is the event's own words)."""

from __future__ import annotations

import re

from fuda.i18n import MESSAGES, t
from fuda.table.labels import matched, translate


def kind_label(kind: str, lang: str | None = None) -> str:
    """What a question of the engines is about (``damage`` → ダメージの受け方), in ``lang``."""
    key = f"decision.{kind}"
    return t(key, lang) if key in MESSAGES else kind


def pick_label(kind: str, pick: str, lang: str | None = None) -> str:
    """A common answer in words (``damage``/``life`` → ライフで受ける); other ids as they are."""
    key = f"pick.{kind}.{pick}"
    return t(key, lang) if key in MESSAGES else pick


def option_label(session, kind: str, option_id: str, label: str, lang: str | None) -> str:
    """An option's label as the menu shows it in ``lang`` — and so as the log shows the answer:
    ``label`` is the Japanese menu's (the engine's, printings told apart), kept byte for byte in
    Japanese; in English a shape of it (a bare card name worded by the id: ``Play ひだまり猫``), else a
    common answer's words (``pick.<kind>.<id>``: ``Pass``), else the label itself in English."""
    if lang in (None, "ja"):
        return label
    card = session._card_of(option_id)
    shown = session.display_name(card) if card is not None else None
    said = matched(label, option_id, session.labels, shown)
    if said is None and f"pick.{kind}.{option_id}" in MESSAGES:
        said = pick_label(kind, option_id, lang)
    return said if said is not None else translate(label, option_id, lang, session.labels, shown)


def said_ok(said: tuple, picks) -> bool:
    """The noted labels belong to this answer (the same number of picks)."""
    return len(said) == len(tuple(picks))


def entries(session, seat: int, lang: str, start: int = 0) -> list[dict]:
    """The transcript from event ``start`` as ``seat`` may read it: {"n", "text", "rule"} per
    line, numbered from 1 over the whole game. Each answer is a line with the rule clause that
    asked it; of another seat's answer only what was asked is shown, never the picks (they
    can name hidden cards)."""
    narrator = session._narrator(lang)
    out = []
    n = answered = 0
    for index, event in enumerate(session.game.log.events):
        if event.kind == "decision":
            if event.data.get("forced"):
                continue
            answered += 1
            kind = event.data.get("kind", "")
            what = kind_label(kind, lang)
            if event.player == seat:
                given = tuple(event.data.get("picks", ()))
                said = session._said.get(answered - 1)
                said = said if said is not None and said_ok(said, given) else None
                picks = ("、" if lang == "ja" else ", ").join(
                    option_label(session, kind, p, said[i], lang) if said is not None  # the words the menu showed
                    else pick_label(kind, p, lang) if f"pick.{kind}.{p}" in MESSAGES
                    else session._named(p) for i, p in enumerate(given))
                text = t("table.log.answer", lang, seat=event.player + 1, what=what, picks=picks or t("table.log.no_pick", lang))
            else:
                text = t("table.log.asked", lang, seat=(event.player or 0) + 1, what=what)
            rule = event.data.get("rule", "")
        else:
            text = session._named(narrator.line(event, seat)).strip()
            if text and lang != "ja" and not hasattr(narrator, "lang"):
                text = english(session, event, text)
            rule = event.data.get("rule", "") if isinstance(event.data, dict) else ""
        if not text:
            continue
        n += 1
        if index >= start:
            out.append({"n": n, "text": text, "rule": rule})
    return out


def english(session, event, shown: str) -> str:
    """An event in plain English words for an engine whose narration is Japanese only: its
    kind and data, a card named only when the seat's own (Japanese) line names it — so no
    card the seat may not see is named — and the other cards counted."""
    def value(v):
        if isinstance(v, (bool, dict)):
            return None
        if isinstance(v, (int, float)):
            return str(v)
        if isinstance(v, str):
            parts = [p for p in re.split(r"[:/]", v) if p]
            cards = [p.split("#", 1)[0] for p in parts if p.split("#", 1)[0] in session.cards]
            if not cards:
                return v
            named = [session.display_name(c) for c in cards if session.cards[c].name in shown]
            return "/".join(named) or None
        if isinstance(v, (list, tuple)):
            items = [value(x) for x in v]
            if any(x is None for x in items):
                return t("table.ui.cards", "en", n=len(v))
            return "・".join(items) if items else None
        return None

    who = f"P{event.player + 1} " if isinstance(event.player, int) else ""
    details = []
    for key, v in (event.data.items() if isinstance(event.data, dict) else ()):
        if key in ("index", "sid"):
            continue
        shown_value = value(v)
        if shown_value:
            details.append(f"{key} {shown_value}")
    return f"{who}{event.kind.replace('-', ' ')}" + (f": {', '.join(details)}" if details else "")
