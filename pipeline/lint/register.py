"""Which register (文体) a game writes its rules text and its flavor in: declared in the
manifest (``lint.register``, ``lint.flavor-register``) or, where it says ``infer`` or nothing,
taken from the majority of the game's own sentences.

A sentence is *polite* when it ends in です・ます (〜します。, 〜でした。 …) and *plain* when it
ends in a plain predicate (〜する。, 〜した。, 〜だ。, 〜ない。, 〜い。 …); a sentence ending in a
noun (体言止め, 夜の庭。) is neither and counts for no side. Text inside 「」『』 is dialogue: a
character may speak in any register, so quoted sentences are left out of both the count and
the check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

#: 覚ます, 冷ます, 澄ます, 目をさます … end in ます and are plain verbs, not polite endings.
POLITE_END = re.compile("(?:です|(?<![覚醒冷済澄励悩濁さす])ます|ました|ません|でした|ましょう|ください|でしょう)$")
PLAIN_END = re.compile("(?:[うくすつぬむぶぐるたいだ]|ない|なかった|だろう|である)$")
_SENTENCE = re.compile("[^。！？!?\n]+[。！？!?]*")
_QUOTED = re.compile("「[^「」]*」|『[^『』]*』")
#: What closes a sentence without being part of its predicate.
_TRAIL = "。．！？!?」』）)…‥ー〜～ 　"


def sentences(text: str) -> Iterator[tuple[int, int, str]]:
    """(start, end, predicate) of each sentence of ``text`` outside quotes: ``end`` is the
    offset just past its last letter, ``predicate`` the sentence without its closing marks."""
    blanked = _QUOTED.sub(lambda m: "\0" * len(m.group()), text)  # offsets stay; quotes drop out
    for m in _SENTENCE.finditer(blanked):
        core = m.group().rstrip(_TRAIL).replace("\0", "")
        if core.strip():
            end = m.start() + len(m.group().rstrip(_TRAIL))
            yield m.start(), end, core


def style_of(predicate: str) -> str | None:
    """``polite``, ``plain`` or None (a noun, a name: no register) for one sentence."""
    if POLITE_END.search(predicate):
        return "polite"
    if PLAIN_END.search(predicate):
        return "plain"
    return None


def majority(texts: Iterable[str]) -> str | None:
    """The register most of the sentences of ``texts`` are in; None when fewer than three
    sentences have one, or both registers are equally common."""
    counts = {"plain": 0, "polite": 0}
    for text in texts:
        for _, _, predicate in sentences(text or ""):
            style = style_of(predicate)
            if style:
                counts[style] += 1
    if counts["plain"] + counts["polite"] < 3 or counts["plain"] == counts["polite"]:
        return None
    return max(counts, key=counts.__getitem__)


def text_register(ctx) -> str:
    """The register of the game's rules text: declared, else the majority of its card texts,
    else plain (the usual card style)."""
    declared = ctx.settings.register
    if declared in ("plain", "polite"):
        return declared
    return ctx.memo("register:text", lambda: majority(c.text for c in ctx.game.cards) or "plain")


def flavor_register(ctx) -> str | None:
    """The register of the game's flavor text: declared, else the majority of its flavors;
    None (not checked) when the flavors have no clear majority or the manifest says ``any``."""
    declared = ctx.settings.flavor_register
    if declared in ("plain", "polite"):
        return declared
    if declared == "any":
        return None
    return ctx.memo("register:flavor", lambda: majority(c.flavor for c in ctx.game.cards if c.flavor))
