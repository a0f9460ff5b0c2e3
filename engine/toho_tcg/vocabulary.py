"""The words of the toho-tcg card vocabulary that the rules and the op table share: target kinds
(which are chosen when an effect is played), triggers, and the keywords — their printed names
and labels, and how a card's keywords add up (types accumulate, resist adds).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fuda.engine.core import Int, Param, ParamError

CHAR_TARGETS = ("this", "equipped", "own-character", "opponent-character", "any-character",
                "all-own-characters", "all-opponent-characters", "all-characters")
CARD_TARGETS = (*CHAR_TARGETS, "any-card", "any-assister", "any-equip")
DAMAGE_TARGETS = (*CHAR_TARGETS, "opponent", "self")
#: Targets chosen when the effect is played (対象の…); the others are not targeted.
CHOSEN = ("own-character", "opponent-character", "any-character", "any-card", "any-assister", "any-equip")
STATIC_OPS = ("modify-stat", "grant-keyword")
PLAIN_KEYWORDS = ("defender", "spell-defender", "trickster", "fast-attack", "striker", "barrier", "penetrate")
TRIGGERS = ("on-enter", "on-destroyed", "on-attack", "on-battle-destroy", "on-damage-player",
            "standby-phase", "end-phase")
KINDS = ("any", "character", "spell", "quick", "assister", "equip", "world")

ZEN = str.maketrans("0123456789", "０１２３４５６７８９")
KEYWORD_JA = {
    "defender": "ディフェンサー", "spell-defender": "スペルディフェンサー", "trickster": "トリックスター",
    "fast-attack": "ファストアタック", "critical": "クリティカル", "striker": "ストライカー",
    "trash": "トラッシュ", "barrier": "バリア", "resist": "レジスト", "penetrate": "ペネトレイト",
    "protection": "プロテクション",
}
#: the keywords' English names, for logs in English (the rules catalogue's terms)
KEYWORD_EN = {
    "defender": "Defender", "spell-defender": "Spell Defender", "trickster": "Trickster",
    "fast-attack": "Fast Attack", "critical": "Critical", "striker": "Striker",
    "trash": "Trash", "barrier": "Barrier", "resist": "Resist", "penetrate": "Penetrate",
    "protection": "Protection",
}


def keyword_name(name: str, lang: str = "ja") -> str:
    """A keyword's name in ``lang``: the printed ディフェンサー, or Defender in English."""
    return (KEYWORD_EN if lang == "en" else KEYWORD_JA)[name]


def keyword_label(name: str, value: Any, lang: str = "ja") -> str:
    """The printed label of a keyword, e.g. 【クリティカル（妖怪）】; in English [Critical "妖怪"]
    (a printed type stays as printed, quoted)."""
    if lang == "en":
        en = KEYWORD_EN[name]
        if value is True:
            return f"[{en}]"
        if isinstance(value, tuple):
            return "".join(f'[{en} "{v}"]' for v in value)
        return f"[{en} ({value})]"
    ja = KEYWORD_JA[name]
    if value is True:
        return f"【{ja}】"
    if isinstance(value, tuple):
        return "".join(f"【{ja}（{v}）】" for v in value)
    return f"【{ja}（{str(value).translate(ZEN)}）】"


def add_keyword(keywords: dict[str, Any], name: str, value: Any) -> None:
    """Add one keyword to a keyword dict: types accumulate (critical, protection), resist adds."""
    if name in ("critical", "protection"):
        have = keywords.get(name, ())
        if value not in have:
            keywords[name] = (*have, value)
    elif name == "resist":
        keywords[name] = keywords.get(name, 0) + value
    else:
        keywords[name] = value


@dataclass(frozen=True)
class TypeName(Param):
    """A character type name (the loader checks it against the manifest's ``types``)."""

    def convert(self, value, compile_ops):
        if not isinstance(value, str) or not value.strip():
            raise ParamError(f"expected {self.expects}, got {value!r}")
        return value

    @property
    def expects(self) -> str:
        return "a character type name"


def norm_keyword(raw: object) -> tuple[str, Any]:
    """``'striker'`` → ``('striker', True)``; ``{critical: 妖怪}`` → ``('critical', '妖怪')``."""
    if isinstance(raw, str):
        if raw not in PLAIN_KEYWORDS:
            raise ParamError(f"expected a keyword ({', '.join(PLAIN_KEYWORDS)} or critical/trash/resist/"
                             f"protection mappings), got {raw!r}")
        return raw, True
    if isinstance(raw, Mapping) and len(raw) == 1:
        (name, value), = raw.items()
        if name in ("critical", "protection"):
            return name, TypeName().convert(value, None)
        if name in ("trash", "resist"):
            return name, Int(min=0 if name == "trash" else 1, max=20).convert(value, None)
    raise ParamError(f"expected a keyword, got {raw!r}")
