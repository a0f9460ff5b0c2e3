"""A game's strings joined into one text, so that most of the lint work runs in C.

Most card texts are clean. Rather than run each rule over each string of each card (Python
overhead per call dominates for short strings), the runner joins the strings of all cards of a
game with NUL, runs each gate pattern once over that corpus, and visits only the cards where a
pattern matched (``Corpus.cards_at`` maps an offset back to its card by bisection). Gate
patterns are shaped for ``re``'s fast path: see :func:`combine`.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable

SEP = "\0"


class Corpus:
    """The strings of the given field kinds of ``cards`` (ability texts that also stand in the
    card text are left out), joined by NUL, with offsets back to card indices."""

    def __init__(self, cards, kinds: frozenset):
        parts: list[str] = []
        starts: list[int] = []
        owners: list[int] = []
        pos = 0
        want_name, want_text = "name" in kinds, "text" in kinds
        want_ability, want_flavor = "ability" in kinds, "flavor" in kinds
        for n, card in enumerate(cards):
            text = card.text or ""
            strings = []
            if want_name:
                strings.append(card.name)
            if want_text:
                strings.append(text)
            if want_flavor and card.flavor:
                strings.append(card.flavor)
            if want_ability:
                strings.extend(a.text for a in card.abilities if a.text and a.text not in text)
            for s in strings:
                parts.append(s)
                starts.append(pos)
                owners.append(n)
                pos += len(s) + 1
        self.text = SEP.join(parts)
        self.starts = starts
        self.owners = owners
        self.count = len(cards)
        # a string holding NUL itself would shift every later offset: then gates cannot be trusted
        self.exact = self.text.count(SEP) == max(len(parts) - 1, 0)

    def card_at(self, offset: int) -> int:
        """Index of the card whose string covers ``offset``."""
        return self.owners[bisect_right(self.starts, offset) - 1]

    def cards_at(self, offsets: Iterable[int]) -> set[int]:
        """Indices of the cards covering any of ``offsets``."""
        starts, owners = self.starts, self.owners
        return {owners[bisect_right(starts, o) - 1] for o in offsets}

    def cards_matching(self, pattern: re.Pattern) -> set[int]:
        """Indices of the cards where ``pattern`` matches."""
        return self.cards_at(m.start() for m in pattern.finditer(self.text))

    def strings(self) -> list[tuple[int, str]]:
        """(card index, string) for every joined string."""
        return list(zip(self.owners, self.text.split(SEP), strict=False))


_LEAD = re.compile(r"(\[(?!\^)(?:\\.|[^\]\\])*\]|[^\\\[\](){}|.*+?^$])(.*)", re.S)


def _class_body(first: str) -> str:
    body = first[1:-1] if first.startswith("[") else re.escape(first)
    if body.startswith("-"):
        body = "\\" + body
    if body.endswith("-") and not body.endswith("\\-"):
        body = body[:-1] + "\\-"
    return body


def combine(triggers: Iterable[str]) -> re.Pattern | None:
    """One pattern for many triggers, shaped so that ``re`` skips in C every position whose
    character starts no trigger: ``[all first characters](?:(?<=first1)rest1|…)``. Each trigger
    must start with a character class or a plain character; one that does not stays a separate
    alternative (and makes the pattern slower)."""
    firsts, pure, rests, others = [], [], [], []
    for alt in triggers:
        m = _LEAD.fullmatch(alt)
        if m is None:
            others.append(f"(?:{alt})")
            continue
        first, rest = m.groups()
        body = _class_body(first)
        firsts.append(body)
        if rest:
            rests.append(f"(?<=[{body}]){rest}")
        else:
            pure.append(body)
    parts = []
    if firsts:
        conditions = ([f"(?<=[{''.join(pure)}])"] if pure else []) + rests
        parts.append(f"[{''.join(firsts)}](?:{'|'.join(conditions)})")
    parts += others
    return re.compile("|".join(parts)) if parts else None
