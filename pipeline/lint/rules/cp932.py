"""ENC001 — characters Duel Online cannot show: its card text file is CP932 (Shift_JIS as
Windows writes it). Checked for games whose manifest says ``lint: {cp932: true}``."""

from __future__ import annotations

import unicodedata

from fuda.lint.check import CARD_KINDS, FieldCheck, Hit, RuleInfo

GROUP = "encoding"

#: Characters whose CP932 twin is a different code point (the classic Shift_JIS mapping split):
#: replacing them keeps the printed glyph, so --fix may do it.
CP932_TWINS = {
    "〜": "～",  # U+301C WAVE DASH -> U+FF5E FULLWIDTH TILDE
    "−": "－",  # U+2212 MINUS SIGN -> U+FF0D FULLWIDTH HYPHEN-MINUS
    "‖": "∥",  # U+2016 DOUBLE VERTICAL LINE -> U+2225 PARALLEL TO
    "—": "―",  # U+2014 EM DASH -> U+2015 HORIZONTAL BAR
    "¢": "￠", "£": "￡", "¬": "￢",
}

#: Dashes whose twin is no fix after a katakana, where they stand for ー or a minus sign.
AMBIGUOUS_DASHES = "—−"

RULES = (
    RuleInfo("ENC001", "error", "character not encodable in CP932 (Duel Online)", GROUP, fixable=True),
)


def scan(ctx, fld):
    """ENC001."""
    value = fld.value
    if not _unencodable(ctx, value):
        return
    for i, ch in enumerate(value):
        if not _round_trips(ch):
            twin = CP932_TWINS.get(ch)
            name = unicodedata.name(ch, "unnamed")
            hint = f"write '{twin}' (U+{ord(twin):04X})" if twin else "rewrite it with a CP932 character"
            if ch in AMBIGUOUS_DASHES and i > 0 and "ァ" <= value[i - 1] <= "ヺ":
                # after a katakana a dash stands for the long-vowel mark or a minus (JP103): its
                # CP932 twin would only fix the encoding of what is probably the wrong character
                twin, hint = None, "after a katakana it is the long-vowel mark ー or a minus sign: write the one meant"
            yield Hit("ENC001", i, i + 1, f"'{ch}' (U+{ord(ch):04X} {name}) does not survive CP932", hint, twin)


def _round_trips(text: str) -> bool:
    """True when ``text`` is written to CP932 and read back unchanged (Python's encoder also
    accepts 〜 or −, but they come back as ～ and －)."""
    try:
        return text.encode("cp932").decode("cp932") == text
    except UnicodeError:
        return False


def _unencodable(ctx, blob: str) -> bool:
    return not blob.isascii() and not _round_trips(blob)


def select(ctx, corpus) -> set[int]:
    """Cards with a string that does not survive CP932 (one encode for the whole game first)."""
    if not _unencodable(ctx, corpus.text):
        return set()
    return {n for n, s in corpus.strings() if _unencodable(ctx, s)}


# (cards only: Duel Online's file holds cards, not deck files)
FIELD = (FieldCheck(("ENC001",), scan, kinds=CARD_KINDS, select=select, active=lambda ctx: ctx.settings.cp932),)
CARD = ()
GAME = ()
