"""The optional rule variants of the toho-tcg engine: other readings of a clause, off by default.

A variant is a name a game is started with (``fuda play toho-tcg --variant NAME``, ``fuda simulate
… --variant NAME``). The game records its variants in its setup document, so a replay carries
them and plays (and verifies) the same way; a game without variants records nothing, as before
variants existed. ``fuda rules toho-tcg`` lists them after the clauses.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    """One optional reading: its name, the clauses it reads otherwise, and what it does (en, ja)."""

    name: str
    clauses: tuple[str, ...]
    rule: str
    ja: str


#: Quicks and assisters are limited in the opponent's turn too (the engine's default 1.1 reading).
QUICK_LIMIT_BOTH_TURNS = "quick-limit-both-turns"

VARIANTS = {v.name: v for v in (
    Variant(
        QUICK_LIMIT_BOTH_TURNS, ("TT-SPELL-5", "TT-SPELL-6"),
        "The quick/assister limit (3 minus the assisters placed before this turn, TT-SPELL-6) holds in "
        "the opponent's turn as well as in one's own: 「次のターンではまったくクイックをプレイできなくなる」 "
        "is read as the opponent's turn that follows the main phase in which the third assister was "
        "placed. Off by default: the only sentence that states the limit scopes it to one's own turn "
        "(「クイックとアシスターを合わせて、自分のターンで最大３枚までプレイすることができる。」).",
        ja="クイックとアシスターの上限（３から、このターンより前に置いたアシスターの数を引いた数。TT-SPELL-6）を、"
           "自分のターンだけでなく相手のターンにも当てはめます。"
           "「次のターンではまったくクイックをプレイできなくなる」の「次のターン」を、"
           "３つめのアシスターを置いたメインフェイズのすぐ後の相手のターンと読む解釈です。"
           "上限を述べている唯一の文"
           "（「クイックとアシスターを合わせて、自分のターンで最大３枚までプレイすることができる。」）"
           "が自分のターンに限っているので、ふだんは使いません。"),
)}


def checked(names) -> tuple[str, ...]:
    """The variant names sorted and without repeats; ``ValueError`` naming an unknown one."""
    out = tuple(sorted(set(names)))
    for name in out:
        if name not in VARIANTS:
            raise ValueError(f"toho-tcg has no rule variant {name!r} (variants: {', '.join(VARIANTS)})")
    return out
