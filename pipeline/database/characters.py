"""Invisible characters in names and texts: control characters and bidirectional overrides.

A right-to-left override (U+202E) in a card name reorders what is printed and exported without a
visible trace; a control character cannot be printed at all. Each is one located finding naming
the code point, found by ``validate`` before ``print`` or ``export`` meet it (issue 18).
"""

from __future__ import annotations

import unicodedata
from functools import partial

from fuda.database.findings import Finding

#: Bidirectional embedding, override and isolate controls, and the directional marks.
BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Allowed control characters: the line break of multi-line text.
ALLOWED = frozenset("\n")


def bad_characters(text: str) -> list[str]:
    """The control and bidirectional-control characters of ``text``, in order, once each."""
    out = []
    for ch in text:
        if (ch in BIDI or (unicodedata.category(ch) == "Cc" and ch not in ALLOWED)) and ch not in out:
            out.append(ch)
    return out


def describe(ch: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``."""
    return f"U+{ord(ch):04X} ({unicodedata.name(ch, 'control character')})"


def check_characters(game) -> list[Finding]:
    """A finding for each name or text of ``game`` (cards, abilities, decks, fighters) holding
    a control or bidirectional-control character."""
    findings = []

    def check(value, where, what, card=None):
        # (``where`` locates the value, asked only for a finding: see fuda.database.yamlfile.Positions)
        if isinstance(value, str) and not value.isprintable():
            bad = bad_characters(value)
            if bad:
                findings.append(Finding(where(), "T001", f"{what} holds the invisible character "
                                        + ", ".join(describe(ch) for ch in bad),
                                        card=card, hint="delete it (retype the text if unsure where it is)"))

    for card in game.cards:
        for field in ("name", "text", "flavor"):
            check(card.get(field), partial(card.where, field), field, card.id)
        for j, ability in enumerate(card.abilities):
            check(ability.text, partial(card.where, "abilities", j, "text"), f"abilities[{j}].text", card.id)
    for deck in game.decks:
        check(deck.get("name"), partial(deck.where, "name"), f"deck '{deck.id}' name")
    for fighter, name in game.fighters.items():
        check(name, lambda: game.source, f"fighter '{fighter}' name")
    return findings
