"""Each rule set's printed vocabulary: ability labels, keywords and condition marks.

A game's card text may use only its own words in 【】 (and, for ryomen, 〔昼〕/〔夜〕). The tables
map each printed word to the data it stands for — a label to the ability ``when`` it prints, a
keyword to its ``keywords`` entry — so the vocabulary and agreement rules can check both ways.
The words come from the card schemas (``schema/<rules>.cards.schema.json``) and the seeds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

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


@dataclass(frozen=True)
class Keyword:
    """A keyword ability: the data key it is written with and its parameter (None, ``number``
    or ``type``)."""

    key: str
    param: str | None = None


@dataclass(frozen=True)
class Vocabulary:
    """The printed words of one rule set."""

    labels: Mapping[str, str]  # printed label (without 【】) -> ability ``when``
    keywords: Mapping[str, Keyword] = field(default_factory=lambda: MappingProxyType({}))
    unlabeled: frozenset = frozenset()  # ``when`` values printed without a label
    conditions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))  # 〔昼〕 -> day
    types: tuple[str, ...] = ()  # default creature types, when the manifest lists none

    @property
    def when_label(self) -> dict[str, str]:
        """Ability ``when`` -> its printed label."""
        return {when: label for label, when in self.labels.items()}

    @property
    def key_keyword(self) -> dict[str, str]:
        """Keyword data key -> its printed name."""
        return {kw.key: name for name, kw in self.keywords.items()}

    @property
    def words(self) -> tuple[str, ...]:
        """Every word this game may print in 【】 (for "did you mean" suggestions)."""
        return tuple(self.labels) + tuple(self.keywords)


RECAST_RIFT = Vocabulary(
    labels=MappingProxyType({
        "キャスト時": "on-cast", "展開中": "while-deployed", "回収時": "on-retrieve",
        "覚醒時": "on-awaken", "覚醒中": "while-awakened",
    }),
)

TOHO_TCG = Vocabulary(
    labels=MappingProxyType({"起動": "activated", "永続": "static", "誘発": "triggered"}),
    keywords=MappingProxyType({
        "ディフェンサー": Keyword("defender"),
        "スペルディフェンサー": Keyword("spell-defender"),
        "トリックスター": Keyword("trickster"),
        "ファストアタック": Keyword("fast-attack"),
        "クリティカル": Keyword("critical", "type"),
        "ストライカー": Keyword("striker"),
        "トラッシュ": Keyword("trash", "number"),
        "バリア": Keyword("barrier"),
        "レジスト": Keyword("resist", "number"),
        "ペネトレイト": Keyword("penetrate"),
        "プロテクション": Keyword("protection", "type"),
    }),
    unlabeled=frozenset({"on-play"}),
    types=("人間", "幽霊", "妖怪", "妖精", "魔法使い", "巫女", "神", "物質"),
)

RAISE_BLAZE = Vocabulary(
    labels=MappingProxyType({
        "召喚時": "on-summon", "起動": "activated", "永続": "continuous", "破壊時": "on-destroyed",
        "攻撃時": "on-attack", "下敷き中": "while-underneath", "発動": "on-activate",
        "迎撃": "on-opponent-attack", "持続": "while-active", "装着中": "while-equipped",
    }),
)

RYOMEN = Vocabulary(
    labels=MappingProxyType({
        "登場時": "on-play", "バトル直前": "before-battle", "反転時": "on-flip", "リザルト": "from-result",
    }),
    conditions=MappingProxyType({"昼": "day", "夜": "night"}),
)

VOCABULARIES = MappingProxyType({
    "recast-rift": RECAST_RIFT, "toho-tcg": TOHO_TCG, "raise-blaze": RAISE_BLAZE, "ryomen": RYOMEN,
})

#: 【word】 or 【word（parameter）】; the parameter may use full- or half-width parentheses.
BRACKETED = re.compile(r"【([^【】\n]*)】")
PARAM = re.compile(r"^([^（(）)]+)(?:[（(]([^（(）)]*)[）)])?$")
CONDITION = re.compile(r"〔([^〔〕\n]*)〕")


def vocabulary(rules: str) -> Vocabulary:
    """The vocabulary of a rule set (``game.rules``)."""
    return VOCABULARIES[rules]


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
