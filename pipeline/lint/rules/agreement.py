"""AGRxxx — the printed text agrees with the structured data.

A label in the text exists iff the card has an ability with that timing (Recast Rift action
cards omit 【キャスト時】); each ability's text is part of the card text, starts with its label
and comes in printed order; the numbers the text states equal the numbers in the data; keywords
in the data are printed and vice versa; attack cards have attack values and others do not;
"once per turn" and day/night marks match ``limit`` and ``condition``.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from bisect import bisect_right
from collections import Counter
from collections.abc import Mapping

from fuda.lint.check import CardCheck, RuleInfo
from fuda.lint.rules.facts import BUNDLED, FactIndex, fact_table, tokens, walk_ops
from fuda.lint.vocab import BRACKETED, CONDITION, keyword_text, split_word, to_int

GROUP = "agreement"
LEAD = re.compile(r"^((?:【[^【】\n]*】|〔[^〔〕\n]*〕)+)", re.M)

RULES = (
    RuleInfo("AGR001", "error", "label in the text without an ability", GROUP),
    RuleInfo("AGR002", "error", "ability text does not start with its label", GROUP),
    RuleInfo("AGR003", "error", "Recast Rift action card prints 【キャスト時】", GROUP),
    RuleInfo("AGR004", "error", "ability text is not part of the card text", GROUP),
    RuleInfo("AGR005", "warning", "abilities out of printed order", GROUP),
    RuleInfo("AGR006", "error", "number in the text differs from the data", GROUP,
             detail="\n".join(f"  {table.name}: " + "、".join(table.phrases) for table in BUNDLED)),
    RuleInfo("AGR007", "error", "keywords in the data and in the text differ", GROUP),
    RuleInfo("AGR008", "error", "attack values on the wrong card", GROUP),
    RuleInfo("AGR009", "error", "limit or condition wording differs from the data", GROUP),
    RuleInfo("AGR010", "warning", "ability is effect: manual", GROUP),
)


def _spans(card) -> list[int]:
    """Where each ability's text starts in the card text (-1 when it is not there)."""
    text = card.text or ""
    out = []
    pos = 0
    for ability in card.abilities:
        at = text.find(ability.text, pos) if ability.text else -1
        if at < 0 and ability.text:
            at = text.find(ability.text)
        out.append(at)
        if at >= 0:
            pos = at + len(ability.text)
    return out


def _lead_labels(text: str, labels) -> list[tuple[str, int]]:
    """Labels (with offsets) in the run of 【】/〔〕 that starts ``text``."""
    m = LEAD.match(text)
    if not m:
        return []
    return [(b.group(1), b.start()) for b in BRACKETED.finditer(m.group(1)) if b.group(1) in labels]


def _is_action(ctx, card) -> bool:
    """The card prints its ``on-cast`` ability without a label (its rule set says when)."""
    return any(when == "on-cast" and card.get(field) == value for field, value, when in ctx.vocab.unlabeled_on)


def _limit_phrase(ctx):
    """The compiled "once per turn" phrase of the game's rule set, or None."""
    phrase = ctx.vocab.limit_phrase
    return ctx.memo("limit-phrase", lambda: re.compile(re.escape(phrase))) if phrase else None


def check_labels(ctx, card):
    """AGR001 … AGR005."""
    text = card.text or ""
    abilities = card.abilities
    action = _is_action(ctx, card)
    if abilities and text == "\n".join(a.text for a in abilities):
        # the usual card: its text is exactly its abilities, one per line, in order
        for i, ability in enumerate(abilities):
            yield from _label_of(ctx, card, i, ability, action, text_reports=False)
        return
    labels = ctx.vocab.labels
    spans = _spans(card)
    covered = [(at, at + len(a.text)) for at, a in zip(spans, abilities, strict=False) if at >= 0]
    if "【" in text:
        for line in LEAD.finditer(text):
            for b in BRACKETED.finditer(line.group(1)):
                word, at = b.group(1), line.start() + b.start()
                if word not in labels:
                    continue
                if action and labels[word] == "on-cast":
                    yield ctx.at("AGR003", card, ("text",), f"action card prints 【{word}】", offset=at,
                                 hint="delete the label: action cards omit it (RR-CARD-6)", value=text)
                elif not any(s <= at < e for s, e in covered):
                    yield ctx.at("AGR001", card, ("text",),
                                 f"【{word}】 but no ability with when: {labels[word]} prints this line", offset=at,
                                 hint="add the ability (when, text, effect) or remove the label", value=text)
    last = -1
    for i, (ability, at) in enumerate(zip(abilities, spans, strict=False)):
        path = ("abilities", i, "text")
        if at < 0:
            yield ctx.at("AGR004", card, path, "ability text is not part of the card text",
                         hint="copy the printed sentence from `text` exactly", value=ability.text)
        elif at < last:
            yield ctx.at("AGR005", card, path, "ability is listed after one that is printed below it",
                         hint="list the abilities in printed order", value=ability.text)
        if at >= 0:
            last = max(last, at)
        yield from _label_of(ctx, card, i, ability, action, text_reports=at >= 0)


def _label_of(ctx, card, i, ability, action, text_reports):
    """AGR002/AGR003 for one ability: its text starts with the label of its ``when``."""
    vocab = ctx.vocab
    labels = vocab.labels
    atext = ability.text or ""
    path = ("abilities", i, "text")
    unlabeled = ability.when in vocab.unlabeled or (action and ability.when == "on-cast")
    if unlabeled:
        if not atext.startswith(("【", "〔")):
            return
        lead = _lead_labels(atext, labels)
        if not lead:
            return
        word, offset = lead[0]
        if action and labels[word] == "on-cast":
            if not text_reports:
                yield ctx.at("AGR003", card, path, f"action card prints 【{word}】", offset=offset,
                             hint="delete the label: action cards omit it (RR-CARD-6)", value=atext)
        else:
            yield ctx.at("AGR002", card, path, f"{ability.when} abilities print no label, found 【{word}】",
                         offset=offset, hint="delete the label", value=atext)
        return
    want = ctx.memo("when_label", lambda: vocab.when_label).get(ability.when)
    if want is None or atext.startswith(f"【{want}】"):
        return
    lead = _lead_labels(atext, labels)
    if not lead:
        yield ctx.at("AGR002", card, path, f"text does not start with 【{want}】 (when: {ability.when})",
                     hint=f"start the text with 【{want}】", value=atext)
    elif lead[0][0] != want:
        yield ctx.at("AGR002", card, path, f"text starts with 【{lead[0][0]}】 but when is {ability.when} (【{want}】)",
                     offset=lead[0][1], hint=f"write 【{want}】 or change when", value=atext)


def _value_of(value):
    return tuple(value) if isinstance(value, list) else value


def _shown(values) -> str:
    if not values:
        return "nothing"
    return ", ".join(_fmt(v) for v in values)


def _fmt(value) -> str:
    if isinstance(value, tuple):
        return "／".join(_fmt(v) for v in value)
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:+d}" if value < 0 else str(value)
    return str(value)


def check_numbers(ctx, cards):
    """AGR006, for all cards of the game at once: each fact's phrase is searched once in the
    game's ability texts joined by line breaks, then compared ability by ability with the data.
    The rule set's vocabulary says how (``Vocabulary.numbers``): by its phrases, or, for a game
    of your own (no phrases fuda knows), every number as sets."""
    numbers = ctx.vocab.numbers
    if numbers == "sets":
        yield from _sets_of_numbers(ctx, cards)
        return
    if numbers is None:
        return
    index = ctx.memo("facts", lambda: FactIndex(fact_table(numbers).facts))
    game = ctx.game
    items, texts, starts = [], [], []
    pos = 0
    for card in cards:
        for i, ability in enumerate(card.abilities):
            if ability.effect is None or not ability.text:
                continue  # a manual ability has no ops to compare (AGR010 lists it)
            items.append((card, i, ability))
            texts.append(ability.text)
            starts.append(pos)
            pos += len(ability.text) + 1
    joined = "\n".join(texts)  # no fact phrase spans a line; ^ starts each ability (re.M)
    said: list[dict] = [{} for _ in items]
    for n, fact in enumerate(index.facts):
        if fact.anchor and fact.anchor not in joined:
            continue
        for m in index.joined_patterns[n].finditer(joined):
            k = bisect_right(starts, m.start()) - 1
            value = fact.read(m)
            found = said[k].setdefault(n, [])
            at = m.start() - starts[k]
            if value.__class__ is list:
                found.extend((v, at) for v in value)
            else:
                found.append((value, at))
    for (card, i, ability), text_facts in zip(items, said, strict=False):
        ops = walk_ops(ability.effect)
        chosen = index.by_tokens(tokens(ops, ability)) | index.always_data
        for n in text_facts:
            chosen |= 1 << n
        while chosen:
            low = chosen & -chosen
            chosen ^= low
            n = low.bit_length() - 1
            fact = index.facts[n]
            found = text_facts.get(n, ())
            data = fact.data(ops, ability, game)
            values = [v for v, _ in found]
            if values == data:
                continue
            data = [_value_of(v) for v in data]
            if values == data or Counter(values) == Counter(data):
                continue
            extra = Counter(values) - Counter(data)
            offset = next((at for v, at in found if extra.get(v)), found[0][1] if found else 0)
            yield ctx.at("AGR006", card, ("abilities", i, "text"),
                         f"{fact.name}: the text says {_shown(values)}, the data has {_shown(data)}",
                         offset=offset, hint="make the text and the ops agree", value=ability.text)


_DIGITS = re.compile(r"\d+")


def _numbers(value) -> set[int]:
    """Every whole number in ``value``: in its strings (full-width digits too: 力２以下) and as
    numbers, signs dropped (＋３ and by: 3 agree)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {abs(value)}
    if isinstance(value, str):
        return {int(d) for d in _DIGITS.findall(unicodedata.normalize("NFKC", value))}
    if isinstance(value, Mapping):
        return set().union(*map(_numbers, value.values())) if value else set()
    if isinstance(value, list | tuple):
        return set().union(*map(_numbers, value)) if value else set()
    return set()


def _sets_of_numbers(ctx, cards):
    """AGR006 for a game of your own: every number an ability's text prints is one its data has
    (effect words, targets, filters, conditions, costs), and the other way round. 1 is left out
    both ways: the data leaves a count of one unwritten (``count`` defaults to 1) while the text
    prints １体."""
    for card in cards:
        for i, ability in enumerate(card.data.get("abilities") or ()):
            if not isinstance(ability, Mapping) or not isinstance(ability.get("text"), str):
                continue
            text = _numbers(ability["text"]) - {1}
            data = _numbers({k: v for k, v in ability.items() if k != "text"}) - {1}
            if text == data:
                continue
            said, has = sorted(text - data), sorted(data - text)
            digits = unicodedata.normalize("NFKC", ability["text"])
            offset = next((m.start() for m in _DIGITS.finditer(digits) if int(m.group()) in said), 0)
            yield ctx.at("AGR006", card, ("abilities", i, "text"),
                         f"numbers: the text says {_shown(said)}, the data has {_shown(has)}",
                         offset=offset, hint="make the text and the ops agree", value=ability["text"])


def _keyword_key(ctx, word: str):
    name, param = split_word(word)
    kw = ctx.vocab.keywords.get(name)
    if kw is None:
        return None
    if kw.param == "number" and param is not None:
        with contextlib.suppress(ValueError):  # compared as written; VOC002 reports a parameter that is not a number
            param = to_int(param)
    return (kw.key, param if kw.param else None)


def _data_key(entry):
    if isinstance(entry, str):
        return (entry, None)
    (key, value), = entry.items()
    return (key, value)


def check_keywords(ctx, card):
    """AGR007."""
    vocab = ctx.vocab
    if not vocab.keywords:
        return
    text = card.text or ""
    blank = list(text)
    for at, ability in zip(_spans(card), card.abilities, strict=False):
        if at >= 0:
            blank[at:at + len(ability.text)] = " " * len(ability.text)
    outside = "".join(blank)
    printed = [(k, b.start()) for b in BRACKETED.finditer(outside)
               if (k := _keyword_key(ctx, b.group(1))) is not None]
    data = [_data_key(e) for e in card.get("keywords") or ()]
    yield from _compare_keywords(ctx, card, ("text",), text, printed, data, "keywords")
    for i, ability in enumerate(card.abilities):
        atext = ability.text or ""
        printed = [(k, b.start()) for b in BRACKETED.finditer(atext)
                   if b.group(1) not in vocab.labels and (k := _keyword_key(ctx, b.group(1))) is not None]
        granted = [_data_key(args["keyword"]) for name, args in walk_ops(ability.effect)
                   if name == "grant-keyword" and hasattr(args, "get") and "keyword" in args]
        yield from _compare_keywords(ctx, card, ("abilities", i, "text"), atext, printed, granted, "grant-keyword")


def _compare_keywords(ctx, card, path, text, printed, data, where):
    said, have = Counter(k for k, _ in printed), Counter(data)
    if said == have:
        return
    for key, at in printed:
        if said[key] > have.get(key, 0):
            said[key] -= 1
            shown = keyword_text(ctx.vocab, {key[0]: key[1]} if key[1] is not None else key[0], ctx.settings.digits)
            yield ctx.at("AGR007", card, path, f"{shown} is printed but not in {where}", offset=at,
                         hint=f"add it to {where} or delete it from the text", value=text)
    for key in have - Counter(k for k, _ in printed):
        shown = keyword_text(ctx.vocab, {key[0]: key[1]} if key[1] is not None else key[0], ctx.settings.digits)
        yield ctx.at("AGR007", card, path, f"{where} has {shown} but the text does not print it",
                     hint=f"print {shown} or remove it from {where}", value=text)


def check_attack(ctx, card):
    """AGR008."""
    attack_values = ctx.vocab.attack_values
    if attack_values == "attack-type" and "type" in card.data:
        attack_card = card.get("type") == "attack"
        if attack_card and card.get("attack") is None:
            yield ctx.at("AGR008", card, ("type",), "attack card without attack values",
                         hint="add attack: {hand: …, life: …}")
        if not attack_card and "attack" in card.data:
            yield ctx.at("AGR008", card, ("attack",), f"{card.get('type')} card with attack values",
                         hint="only attack cards have attack values; remove attack")
        if not attack_card:
            text = card.text or ""
            at = text.find("この《攻撃》")
            if at >= 0:
                yield ctx.at("AGR008", card, ("text",), "この《攻撃》 on a card that does not attack", offset=at,
                             hint="only attack cards make an attack of their own", value=text)
            for i, ability in enumerate(card.abilities):
                for name, args in walk_ops(ability.effect):
                    if name == "modify-attack" and hasattr(args, "get") and args.get("target") == "own":
                        yield ctx.at("AGR008", card, ("abilities", i, "effect"),
                                     "modify-attack target own on a card that does not attack",
                                     hint="use target: answered, or make it an attack card")
    elif attack_values == "characters":
        character = card.kind == "character"
        for stat in ("attack", "defense"):
            if character and stat not in card.data:
                yield ctx.at("AGR008", card, ("kind",), f"character without {stat}", hint=f"add {stat}")
            if not character and stat in card.data:
                yield ctx.at("AGR008", card, (stat,), f"{card.kind} card with {stat}",
                             hint=f"only characters have {stat}")


def check_limits(ctx, card):
    """AGR009."""
    phrase = _limit_phrase(ctx)
    conditions = ctx.vocab.conditions
    for i, ability in enumerate(card.abilities):
        atext = ability.text or ""
        path = ("abilities", i, "text")
        if phrase is not None:
            m = phrase.search(atext)
            limited = ability.data.get("limit") == "once-per-turn"
            if m and not limited:
                yield ctx.at("AGR009", card, path, f"'{m.group()}' but the ability has no limit", offset=m.start(),
                             hint="add limit: once-per-turn", value=atext)
            elif limited and not m:
                yield ctx.at("AGR009", card, path, f"limit: once-per-turn but the text does not say '{phrase.pattern}'",
                             hint=f"print '{phrase.pattern}'", value=atext)
        if conditions:
            lead = LEAD.match(atext)
            marks = [(c.group(1), c.start()) for c in CONDITION.finditer(lead.group(1))] if lead else []
            printed = [conditions.get(word) for word, _ in marks]
            want = ability.data.get("condition")
            want = want if isinstance(want, str) else None
            if printed[:1] != ([want] if want else []):
                label = {v: k for k, v in conditions.items()}
                shown = f"〔{marks[0][0]}〕" if marks else "no mark"
                yield ctx.at("AGR009", card, path,
                             f"text has {shown} but condition is {want or 'absent'}",
                             offset=marks[0][1] if marks else 0,
                             hint=f"print 〔{label[want]}〕 after the label" if want else "delete the mark or set condition",
                             value=atext)


def check_manual(ctx, card):
    """AGR010."""
    for i, ability in enumerate(card.abilities):
        if ability.is_manual:
            yield ctx.at("AGR010", card, ("abilities", i, "effect"),
                         f"ability '{ability.when}' is manual: {ability.manual}",
                         hint="the engines cannot play it until it is written as ops")


def _quick_labels(ctx, card, heads) -> bool:
    """True when the card is the usual one: its text is its abilities, one per line, each
    starting with its own label (or with none where the timing prints none)."""
    abilities = card.abilities
    if not abilities or card.text != "\n".join(a.text for a in abilities):
        return not abilities and "【" not in (card.text or "")
    action = _is_action(ctx, card)
    unlabeled = ctx.vocab.unlabeled
    for ability in abilities:
        if ability.when in unlabeled or (action and ability.when == "on-cast"):
            if ability.text.startswith(("【", "〔")):
                return False
        elif not ability.text.startswith(heads.get(ability.when, "【")):
            return False
    return True


def check_abilities(ctx, cards):
    """AGR001 … AGR005 and AGR008 … AGR010 for all cards: a quick test per card, and the
    detailed checks above only where it fails (most cards pass it)."""
    heads = ctx.memo("label-heads", lambda: {w: f"【{lab}】" for w, lab in ctx.vocab.when_label.items()})
    phrase = _limit_phrase(ctx)
    needle = phrase.pattern[:5] if phrase is not None else None
    conditions = bool(ctx.vocab.conditions)
    attack = ctx.vocab.attack_values is not None
    enabled = ctx.enabled
    labels_on = not enabled.isdisjoint(("AGR001", "AGR002", "AGR003", "AGR004", "AGR005"))
    for card in cards:
        if labels_on and not _quick_labels(ctx, card, heads):
            yield from check_labels(ctx, card)
        if attack and "AGR008" in enabled:
            yield from check_attack(ctx, card)
        abilities = card.abilities
        if not abilities:
            continue
        if "AGR009" in enabled and (conditions or any(
                (needle in a.text) != ("limit" in a.data) for a in abilities)):
            yield from check_limits(ctx, card)
        if "AGR010" in enabled and any(a.effect is None for a in abilities):
            yield from check_manual(ctx, card)


CARD = (
    CardCheck(("AGR001", "AGR002", "AGR003", "AGR004", "AGR005", "AGR008", "AGR009", "AGR010"),
              check_abilities, batch=True),
    CardCheck(("AGR006",), check_numbers, batch=True),
    CardCheck(("AGR007",), check_keywords, active=lambda ctx: bool(ctx.vocab.keywords)),
)
FIELD = ()
GAME = ()
