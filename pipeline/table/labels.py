"""Option labels in the user's language: the engines build them in Japanese when a question is
asked (``プレイ: 博麗霊夢（ノーマル）（霊力2）``); a person reading English gets them here, at display
time, so the engines' Japanese labels, their option ids and every replay stay exactly as they were.

Each ``label.*`` key of the catalogue (and of :data:`fuda.i18n.table_shapes.LABELS`) is a pair of
templates with the same placeholders: its Japanese side is read as a pattern (literal text,
``{name}`` = any text, the same text where a name comes twice), its English side is what a match
becomes. Card names, printed ability text and numbers pass through as printed; a printed kind or
value in brackets (``（ノーマル）``, ``（通常札・攻撃札）``) becomes its English label from the rule set.
An option whose whole label is its card's name is worded by what its id does
(:data:`~fuda.i18n.table_shapes.BY_ID`: ``play:…`` → ``Play …``). The questions themselves are
:mod:`fuda.table.questions`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping
from functools import lru_cache

from fuda.i18n import MESSAGES
from fuda.i18n.table_shapes import BY_ID, LABELS

_FIELD = re.compile(r"\{(\w+)\}")
_BRACKET = re.compile(r"（([^（）]+)）")
_NUMBERS = re.compile(r"[0-9０-９／/ー]+")  # a number, or numbers with a slash (《攻撃》1／ー)
_RANGE = re.compile(r"([0-9０-９]+)〜([0-9０-９]+)")


def compile_shapes(entries: Iterable[tuple[str, Mapping[str, str]]]) -> tuple:
    """(key, compiled Japanese pattern, English template) of each ``(key, {"ja", "en"})``, the most
    literal first (``伏せた{card}を発動`` is tried before ``{card}を発動``), then by key."""
    out = []
    for key, text in entries:
        parts, pattern, seen = _FIELD.split(text["ja"]), "", set()
        for i, part in enumerate(parts):
            if i % 2 == 0:
                pattern += re.escape(part)
            elif part in seen:
                pattern += f"(?P={part})"
            else:
                seen.add(part)
                pattern += f"(?P<{part}>.+?)"
        literal = len(_FIELD.sub("", text["ja"]))
        out.append((-literal, key, re.compile(pattern + r"\Z", re.DOTALL), text["en"]))
    out.sort(key=lambda row: (row[0], row[1]))
    return tuple((key, pattern, en) for _, key, pattern, en in out)


@lru_cache(maxsize=1)
def _templates() -> tuple:
    catalogue = [(k, v) for k, v in MESSAGES.items() if k.startswith("label.")]
    return compile_shapes(catalogue + list(LABELS.items()))


@lru_cache(maxsize=1)
def _by_id() -> dict:
    return {prefix: compile_shapes([(prefix, text)])[0] for prefix, text in BY_ID.items()}


def words_of(labels) -> dict[str, str]:
    """Japanese printed kind/value label -> English, of the rule set ``labels``."""
    words: dict[str, str] = {}
    if labels is None:
        return words
    for label in labels.kinds.values():
        words.setdefault(label.ja, label.en)
    for table in labels.values.values():
        for label in table.values():
            words.setdefault(label.ja, label.en)
    return words


def _brackets(text: str, words: dict[str, str]) -> str:
    """``（ノーマル）`` → `` (normal)``: a bracket of printed kinds/values (and numbers, or words
    already in English), in English."""

    def one(match):
        inner = match.group(1)
        if inner.isascii():
            return f" ({inner})"
        parts = inner.split("・")
        if not all(p in words or unicodedata.normalize("NFKC", p).isdigit() for p in parts):
            return match.group(0)
        return " (" + ", ".join(words.get(p, unicodedata.normalize("NFKC", p)) for p in parts) + ")"

    return _BRACKET.sub(one, text)


def value(name: str, text: str, words: dict[str, str]) -> str:
    """A slot's value in English: printed text (``{text}``) as printed; a count range (``0〜5``)
    as ``up to 5`` / ``1 to 2``; a number in half-width; a printed kind/value word (コアファイター)
    in English; else (a card name) as printed, its printed difference in English."""
    if name == "text":
        return text
    span = _RANGE.fullmatch(text)
    if span:
        lo, hi = (unicodedata.normalize("NFKC", g) for g in span.groups())
        return f"up to {hi}" if lo == "0" else f"{lo} to {hi}"
    if _NUMBERS.fullmatch(text):
        return unicodedata.normalize("NFKC", text).replace("ー", "–")
    shown = _brackets(text, words)
    return words.get(shown, shown).replace("、", ", ")


def fill(match: re.Match, en: str, words: dict[str, str]) -> str:
    """The English template ``en`` with the slots ``match`` took from a Japanese text."""
    return en.format(**{k: value(k, v, words) for k, v in match.groupdict().items()})


def matched(label: str, option_id: str, labels=None, name: str | None = None) -> str | None:
    """``label`` in English by a template (None when none fits). ``name`` is the shown name of
    the card the option is about: a label that is only that name is worded by the id's prefix."""
    words = words_of(labels)
    for _key, pattern, en in _templates():
        match = pattern.match(label)
        if match:
            return fill(match, en, words)
    prefix = option_id.split(":", 1)[0]
    if name and prefix in _by_id() and (label == name or label.startswith(name + "（")):
        _key, pattern, en = _by_id()[prefix]
        match = pattern.match(label)
        if match:
            return fill(match, en, words)
    return None


def english(label: str, option_id: str, labels=None, name: str | None = None) -> str:
    """``label`` (an engine's Japanese option label) in English; what no template fits stays as
    printed (a card's name, ``［Ⅰ］`` zones; printed ability text and a card's own words for a
    choice quoted)."""
    found = matched(label, option_id, labels, name)
    if found is not None:
        return found
    text = _brackets(label, words_of(labels))
    if option_id.startswith("activate") and text:  # a printed ability as the whole label
        return MESSAGES["label.activate"]["en"].format(text=label)
    if option_id.startswith("option:") and text:  # a card's own words for one of its choices (rules: custom)
        return f"\"{label}\""
    return text.replace("［", "[").replace("］", "]").replace("、", ", ")


def printed(name: str, lang: str | None, labels=None) -> str:
    """A card's shown name (博麗霊夢（ハード）) for ``lang``: the printed difference in brackets in English."""
    return name if lang in (None, "ja") else _brackets(name, words_of(labels))


def translate(label: str, option_id: str, lang: str | None, labels=None, name: str | None = None) -> str:
    """``label`` as a person reading ``lang`` sees it: Japanese labels stay byte for byte."""
    if lang in (None, "ja"):
        return label
    return english(label, option_id, labels, name)
