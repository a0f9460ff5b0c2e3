"""The decisions a ryomen turn asks, made once: the pass of a loser reverse, the prompts, and the
naming decisions by seat and forbidden stats (a decision is never changed once made)."""

from __future__ import annotations

from fuda.engine.core import Option
from fuda.engine.ryomen.effects import STAT_JA, STATS, Ask

PASS = Option("pass", "裏返さない")
SERVE_PROMPT, RECEIVE_PROMPT = "サーブするカード", "レシーブするカード"
LOSER_PROMPT = "ルーザーリバース: ハンドのカードを1枚裏返してよい"
STAT_OPTIONS = tuple(Option(s, j, i) for i, (s, j) in enumerate(zip(STATS, STAT_JA, strict=True)))
STAT_CODE = {s: i for i, s in enumerate(STATS)}


def _name_decision(player: int, forbidden: int) -> Ask:
    """The naming decision (RY-SERVE-1): the stats not forbidden, or all when every one is."""
    options = tuple(o for o in STAT_OPTIONS if not forbidden >> o.value & 1) or STAT_OPTIONS
    return Ask(player, "name", options, "RY-SERVE-1", "勝負する能力を指定")


#: The naming decisions by seat and forbidden-stat bits (decisions are never changed once made).
NAME_DECISIONS = tuple(tuple(_name_decision(p, bits) for bits in range(8)) for p in range(4))
