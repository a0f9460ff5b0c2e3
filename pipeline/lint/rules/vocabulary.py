"""VOCxxx — the game's own words: every 【】 word is one of its labels or keywords, keyword
parameters are well formed, labels start a line, 〔〕 marks are the game's."""

from __future__ import annotations

import difflib

from fuda.lint.check import TEXT_KINDS, FieldCheck, Hit, RuleInfo
from fuda.lint.vocab import BRACKETED, CONDITION, split_word, to_int

GROUP = "vocabulary"

RULES = (
    RuleInfo("VOC001", "error", "unknown word in 【】", GROUP),
    RuleInfo("VOC002", "error", "keyword parameter missing, extra or invalid", GROUP),
    RuleInfo("VOC003", "warning", "ability label in the middle of a line", GROUP),
    RuleInfo("VOC004", "error", "unknown condition mark in 〔〕", GROUP),
)


def _suggest(word: str, choices) -> str | None:
    close = difflib.get_close_matches(word, list(choices), n=3, cutoff=0.4)
    return "did you mean " + " or ".join(f"【{c}】" for c in close) + "?" if close else None


def scan(ctx, fld):
    """VOC001 … VOC004 on one rules-text field."""
    value = fld.value
    if "【" not in value and "〔" not in value:
        return
    vocab = ctx.vocab
    labels, keywords = vocab.labels, vocab.keywords
    if "【" in value:
        for m in BRACKETED.finditer(value):
            word = m.group(1)
            if word in labels:
                start = m.start()
                mention = value.startswith(("能力", "効果", "を持"), m.end())
                if start and value[start - 1] != "\n" and not mention and not _after_label(value, start, labels):
                    yield Hit("VOC003", start, m.end(), f"label 【{word}】 in the middle of a line",
                              "start a new line for each ability")
                continue
            name, param = split_word(word)
            kw = keywords.get(name)
            if kw is None:
                hint = _suggest(name, vocab.words) or f"this game's words: {', '.join(vocab.words)}"
                yield Hit("VOC001", m.start(), m.end(), f"【{word}】 is not a label or keyword of {ctx.game.rules}", hint)
                continue
            problem = _param_problem(ctx, name, kw.param, param)
            if problem:
                yield Hit("VOC002", m.start(), m.end(), problem[0], problem[1])
    if "〔" in value:
        for m in CONDITION.finditer(value):
            if m.group(1) not in vocab.conditions:
                known = "".join(f"〔{c}〕" for c in vocab.conditions) or "none"
                yield Hit("VOC004", m.start(), m.end(), f"〔{m.group(1)}〕 is not a condition mark of {ctx.game.rules}",
                          f"this game's marks: {known}")


def _after_label(value: str, start: int, labels) -> bool:
    """True when only labels/conditions stand between the line start and ``start``."""
    line_start = value.rfind("\n", 0, start) + 1
    head = value[line_start:start]
    rest = BRACKETED.sub(lambda m: "" if m.group(1) in labels else m.group(0), head)
    rest = CONDITION.sub("", rest)
    return not rest


def _param_problem(ctx, name: str, kind: str | None, param: str | None):
    if kind is None:
        if param is not None:
            return f"【{name}】 takes no parameter, found （{param}）", f"write 【{name}】"
        return None
    if param is None or not param.strip():
        want = "a number" if kind == "number" else "a type"
        return f"【{name}】 needs {want} in （）", f"write 【{name}（…）】 with {want}"
    if kind == "number":
        try:
            to_int(param)
        except ValueError:
            return f"【{name}（{param}）】: the parameter must be a number", f"write e.g. 【{name}（１）】"
        return None
    if param not in ctx.types:
        close = difflib.get_close_matches(param, list(ctx.types), n=2, cutoff=0.3)
        hint = ("did you mean " + " or ".join(close) + "?") if close else f"types: {', '.join(ctx.types)}"
        return f"【{name}（{param}）】: '{param}' is not a type of {ctx.game.id}", hint
    return None


def select(ctx, corpus) -> set[int]:
    """Cards with a 【】 word that is not a plain known word at its place, or an unknown 〔〕."""
    vocab = ctx.vocab
    labels = vocab.labels
    plain = {name for name, kw in vocab.keywords.items() if kw.param is None}
    text = corpus.text
    odd = []
    for m in BRACKETED.finditer(text):
        word = m.group(1)
        if word in labels:
            before = text[m.start() - 1] if m.start() else "\n"
            if before not in "\n\0" and not text.startswith(("能力", "効果", "を持"), m.end()):
                odd.append(m.start())
        elif word not in plain:
            odd.append(m.start())
    odd.extend(m.start() for m in CONDITION.finditer(text) if m.group(1) not in vocab.conditions)
    return corpus.cards_at(odd)


FIELD = (FieldCheck(("VOC001", "VOC002", "VOC003", "VOC004"), scan, kinds=TEXT_KINDS, select=select),)
CARD = ()
GAME = ()
