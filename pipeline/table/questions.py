"""The question a seat is asked, in the user's language.

The engines word their questions in Japanese (``手札を2枚トラッシュ``) with a count of picks and the
rule clause that asks. A Japanese player reads them as ``P1: 手札を2枚トラッシュ（2個選ぶ・ルール
TT-BAT-4）``, exactly as before; a person reading English gets the sentence a player would say
(``P1: Choose 2 cards from your hand to trash (rule TT-BAT-4)``) from the ``prompt.<kind>.*``
shapes of :data:`fuda.i18n.table_shapes.PROMPTS`, read against that Japanese question at display
time — the engines, option ids and replays are untouched. A question no shape fits reads as what
it is about in words (``P1: Choose hand cards to trash (pick 2; rule TT-BAT-4)``) and
:func:`english` says so, so coverage can be measured.
"""

from __future__ import annotations

from functools import lru_cache

from fuda.i18n import MESSAGES, t
from fuda.i18n.table_shapes import PROMPTS
from fuda.table.labels import compile_shapes, fill
from fuda.table.transcript import kind_label


def count_text(lo: int, hi: int) -> str:
    """How many picks, as the Japanese question says it (``2``, ``0〜5``)."""
    return f"{lo}" if lo == hi else f"{lo}〜{hi}"


def count_words(lo: int, hi: int, lang: str | None = None) -> str:
    """How many picks in ``lang``'s words (``table.ui.count_*``): ``2``; ``0〜5`` / ``up to 5``;
    ``1〜2`` / ``1 to 2`` — as the page's submit button says it."""
    if lo == hi:
        return f"{lo}"
    return t("table.ui.count_upto", lang, hi=hi) if lo == 0 else t("table.ui.count_range", lang, lo=lo, hi=hi)


def japanese(kind: str, prompt: str, lo: int, hi: int, rule: str) -> str:
    """The question after ``P1: `` as a Japanese player reads it: the engine's prompt (or what the
    question is about), the count and the rule clause."""
    what = prompt or f"「{kind_label(kind, 'ja')}」"
    return f"{what}（{count_text(lo, hi)}個選ぶ・ルール {rule}）"


@lru_cache(maxsize=1)
def _shapes() -> dict[str, tuple]:
    """The compiled ``prompt.*`` shapes by the kind of question they word."""
    by_kind: dict[str, list] = {}
    for key, text in PROMPTS.items():
        by_kind.setdefault(key.split(".")[1], []).append((key, text))
    return {kind: compile_shapes(entries) for kind, entries in by_kind.items()}


def english(kind: str, prompt: str, lo: int, hi: int, rule: str) -> tuple[str, str | None]:
    """The question after ``P1: `` in English, and the key that worded it: a ``prompt.*`` shape,
    ``decision.<kind>`` for a question the engine gave no words, None when no shape fits (then
    the question is said by what it is about, as for no words)."""
    said = f"Choose {kind_label(kind, 'en')} (pick {count_words(lo, hi, 'en')}; rule {rule})"
    if not prompt:  # the engine gave no words: what the question is about is all there is to say
        return said, (f"decision.{kind}" if f"decision.{kind}" in MESSAGES else None)
    body = japanese(kind, prompt, lo, hi, rule)
    for key, pattern, en in _shapes().get(kind, ()):
        match = pattern.match(body)
        if match:
            return fill(match, en, {}), key
    return said, None


def question(seat: int, kind: str, prompt: str, lo: int, hi: int, rule: str, lang: str = "ja") -> str:
    """The whole question for ``lang``: ``P1: `` and the question (Japanese byte for byte as the
    engine words it)."""
    if lang == "ja":
        return f"P{seat + 1}: {japanese(kind, prompt, lo, hi, rule)}"
    return f"P{seat + 1}: {english(kind, prompt, lo, hi, rule)[0]}"
