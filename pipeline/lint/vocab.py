"""Each game's printed vocabulary (ability labels, keywords, condition marks) and how numbers
and keywords are printed.

A game's card text may use only its own words in 【】 (and, for ryomen, 〔昼〕/〔夜〕). The words
belong to the game's rule set (``RuleSet.vocabulary``, a :class:`Vocabulary`): they map each
printed word to the data it stands for — a label to the ability ``when`` it prints, a keyword to
its ``keywords`` entry — so the vocabulary and agreement rules can check both ways.
"""

from __future__ import annotations

import re

from fuda.database.ruleset import Vocabulary, ruleset_for

#: Full-width digits, for printing a number the way the game prints it.
_FULL = str.maketrans("0123456789", "０１２３４５６７８９")
_SIGNS = str.maketrans({"＋": "+", "－": "-", "−": "-"})


def to_int(text: str) -> int:
    """An integer written with half- or full-width digits (and an optional ＋/－/+/- sign);
    ``int`` itself reads any Unicode decimal digits."""
    return int(text.translate(_SIGNS))


def digits(value: int, style: str = "full") -> str:
    """``value`` printed with the game's digits (full-width unless ``style`` is ``half``)."""
    text = str(value)
    return text if style == "half" else text.translate(_FULL)


#: 【word】 or 【word（parameter）】; the parameter may use full- or half-width parentheses.
BRACKETED = re.compile(r"【([^【】\n]*)】")
PARAM = re.compile(r"^([^（(）)]+)(?:[（(]([^（(）)]*)[）)])?$")
CONDITION = re.compile(r"〔([^〔〕\n]*)〕")


def vocabulary(game) -> Vocabulary:
    """The vocabulary of a game, from its rule set (a game of your own declares its words)."""
    return ruleset_for(game.rules).vocabulary(game)


def keyword_text(vocab: Vocabulary, entry, digit_style: str = "full") -> str:
    """How a ``keywords`` data entry is printed, e.g. ``{resist: 1}`` -> 【レジスト（１）】."""
    names = vocab.key_keyword
    if isinstance(entry, str):
        return f"【{names.get(entry, entry)}】"
    (key, value), = entry.items()
    shown = digits(value, digit_style) if isinstance(value, int) else str(value)
    return f"【{names.get(key, key)}（{shown}）】"


def split_word(word: str) -> tuple[str, str | None]:
    """``レジスト（１）`` -> (``レジスト``, ``１``); a word without parameter -> (word, None)."""
    m = PARAM.match(word)
    if not m:
        return word, None
    return m.group(1), m.group(2)
