"""Option labels in the user's language: the engines build them in Japanese when a question is
asked (``プレイ: 博麗霊夢（ノーマル）（霊力2）``); a person reading English gets them here, at display
time, so the engines' Japanese labels, their option ids and every replay stay exactly as they were.

Each ``label.*`` key of the catalogue is a pair of templates with the same placeholders: its
Japanese side is read as a pattern (literal text, ``{name}`` = any text), its English side is
what a match becomes. Card names, printed ability text and numbers pass through as printed; a
printed kind or value in brackets (``（ノーマル）``, ``（通常札・攻撃札）``) becomes its English label
from the rule set.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from fuda.i18n import MESSAGES

_FIELD = re.compile(r"\{(\w+)\}")
_BRACKET = re.compile(r"（([^（）]+)）")


@lru_cache(maxsize=1)
def _templates() -> tuple:
    """(compiled Japanese pattern, English template) of every ``label.*`` key, the most literal
    first (``伏せた{card}を発動`` is tried before ``{card}を発動``)."""
    out = []
    for key, text in MESSAGES.items():
        if not key.startswith("label."):
            continue
        parts, pattern = _FIELD.split(text["ja"]), ""
        for i, part in enumerate(parts):
            pattern += re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
        literal = len(_FIELD.sub("", text["ja"]))
        out.append((literal, key, re.compile(pattern + r"\Z", re.DOTALL), text["en"]))
    out.sort(key=lambda row: (-row[0], row[1]))
    return tuple((pattern, en) for _, _, pattern, en in out)


def _words(labels) -> dict[str, str]:
    """Japanese printed kind/value label -> English, of the rule set ``labels``."""
    words = {}
    if labels is None:
        return words
    for label in labels.kinds.values():
        words.setdefault(label.ja, label.en)
    for table in labels.values.values():
        for label in table.values():
            words.setdefault(label.ja, label.en)
    return words


def _brackets(text: str, words: dict[str, str]) -> str:
    """``（ノーマル）`` → `` (normal)``: a bracket of printed kinds/values (and numbers), in English."""

    def one(match):
        parts = match.group(1).split("・")
        if not all(p in words or unicodedata.normalize("NFKC", p).isdigit() for p in parts):
            return match.group(0)
        return " (" + ", ".join(words.get(p, unicodedata.normalize("NFKC", p)) for p in parts) + ")"

    return _BRACKET.sub(one, text)


def _word(value: str, words: dict[str, str]) -> str:
    """A placeholder's value: a printed kind/value word (コアファイター) or a number in English, else as printed."""
    plain = unicodedata.normalize("NFKC", value)
    return plain if plain.isdigit() else words.get(value, value)


def english(label: str, option_id: str, labels=None) -> str:
    """``label`` (an engine's Japanese option label) in English; what has no template stays."""
    words = _words(labels)
    for pattern, en in _templates():
        match = pattern.match(label)
        if match:
            values = {k: _word(_brackets(v, words), words) for k, v in match.groupdict().items()}
            return en.format(**values).replace("、", ", ")
    text = _brackets(label, words)
    if option_id.startswith("activate") and text:  # a printed ability as the whole label
        return MESSAGES["label.activate"]["en"].format(text=text)
    return text.replace("［", "[").replace("］", "]").replace("、", ", ")


def printed(name: str, lang: str | None, labels=None) -> str:
    """A card's shown name (博麗霊夢（ハード）) for ``lang``: the printed difference in brackets in English."""
    return name if lang in (None, "ja") else _brackets(name, _words(labels))


def translate(label: str, option_id: str, lang: str | None, labels=None) -> str:
    """``label`` as a person reading ``lang`` sees it: Japanese labels stay byte for byte."""
    if lang in (None, "ja"):
        return label
    return english(label, option_id, labels)
