"""Findings that only follow from a card file that failed to load (issue 14).

When a card file cannot be read or fails its schema, its cards are missing from the game, so a
deck naming them, a fighter or set "with 0 cards", or a card levelling from one of them is
reported only as a consequence: after the real cause, marked, and without a "did you mean"
guessed from the cards that did load.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fuda.database.findings import Finding, display_path

#: Finding codes whose cause can be a card that did not load: references and per-owner counts.
FOLLOWING = frozenset({"R001", "R003", "F001", "F002", "K001", "K002"})


def mark(findings: list[Finding], failed: list[Path], game=None, missing: dict | None = None) -> list[Finding]:
    """``findings`` with those that may follow from the ``failed`` card files marked as such.

    With ``game`` and ``missing`` (the id of each card left out with a file that failed its
    schema -> that file), a finding about a deck is marked only when the deck names a card that
    is missing because of a failed file — one of ``missing``, or any card the game lacks while a
    file could not be read at all — and names those files; otherwise it stands on its own."""
    decks = {d.source.file: d for d in game.decks if d.source is not None} if game is not None else {}
    missing = missing or {}
    unread = [p for p in failed if p not in set(missing.values())]  # files whose card ids are unknown
    out = []
    for finding in findings:
        if finding.code in FOLLOWING:
            deck = decks.get(finding.location.file)
            causes = _causes(deck, game, missing, unread) if deck is not None else failed
            if causes:
                cause = ", ".join(display_path(p) for p in causes)
                finding = replace(finding, message=f"{finding.message} (may follow from the error in {cause})",
                                  hint=f"fix {cause} first", extra=(*finding.extra, ("consequence-of", cause)))
        out.append(finding)
    return out


def _causes(deck, game, missing: dict, unread: list[Path]) -> list[Path]:
    """The failed files that hold a card ``deck`` names and the game lacks."""
    causes: list[Path] = []
    try:
        named = deck.card_ids()
    except (KeyError, TypeError):  # a deck shape card_ids does not know: every failed file may matter
        return list(dict.fromkeys([*missing.values(), *unread]))
    for card_id in dict.fromkeys(named):
        if game.has_card(card_id):
            continue
        found = [missing[card_id]] if card_id in missing else unread
        causes.extend(p for p in found if p not in causes)
    return causes


def is_consequence(finding: Finding) -> bool:
    """Whether ``finding`` was marked by :func:`mark`."""
    return any(key == "consequence-of" for key, _ in finding.extra)
