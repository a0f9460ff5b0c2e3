"""REFxxx — card names quoted in text (「…」 or 《…》, as the game writes them) name real cards,
and an ability's ``name-of`` filter names the card its text quotes."""

from __future__ import annotations

import difflib
import re

from fuda.lint.check import TEXT_KINDS, CardCheck, FieldCheck, Hit, RuleInfo

GROUP = "references"

RULES = (
    RuleInfo("REF001", "warning", "quoted name is not a card of this game", GROUP),
    RuleInfo("REF002", "error", "name-of names a card the text does not quote", GROUP),
)


def _pattern(ctx) -> re.Pattern:
    opener, closer = ctx.settings.reference_brackets[0], ctx.settings.reference_brackets[1]
    o, c = re.escape(opener), re.escape(closer)
    return re.compile(f"{o}((?:[^{o}{c}\n\0]|{o}[^{o}{c}\n\0]*{c})+){c}")


def _known(ctx) -> set[str]:
    """Names a reference may use: full card names and the quoted part of each name."""
    names = set(ctx.names)
    for name in ctx.names:
        for m in re.finditer("[「『《]([^「」『』《》]+)[」』》]", name):
            names.add(m.group(1))
    return names


def scan(ctx, fld):
    """REF001."""
    brackets = ctx.settings.reference_brackets
    if brackets[0] not in fld.value:
        return
    pattern = ctx.memo("ref-pattern", lambda: _pattern(ctx))
    known = ctx.memo("ref-known", lambda: _known(ctx))
    terms = ctx.settings.terms
    for m in pattern.finditer(fld.value):
        name = m.group(1)
        if name in known or name in terms:
            continue
        close = difflib.get_close_matches(name, sorted(ctx.names), n=3, cutoff=0.5)
        hint = ("closest: " + ", ".join(f"{brackets[0]}{c}{brackets[1]}" for c in close)) if close \
            else "check the name; list rules terms that are not names in lint.terms"
        yield Hit("REF001", m.start(), m.end(), f"{brackets[0]}{name}{brackets[1]} is not a card of {ctx.game.id}", hint)


def _name_ofs(node, out):
    if hasattr(node, "items"):
        for key, value in node.items():
            if key == "name-of" and isinstance(value, str):
                out.append(value)
            else:
                _name_ofs(value, out)
    elif isinstance(node, tuple):
        for value in node:
            _name_ofs(value, out)


def check_name_of(ctx, card):
    """REF002."""
    pattern = None
    for i, ability in enumerate(card.abilities):
        ids: list[str] = []
        _name_ofs(ability.data.get("effect"), ids)
        if not ids:
            continue
        pattern = pattern or ctx.memo("ref-pattern", lambda: _pattern(ctx))
        quoted = [m.group(1) for m in pattern.finditer(ability.text or "")]
        for card_id in ids:
            if not ctx.game.has_card(card_id):
                continue  # validation reports an unknown id (R001)
            name = ctx.game.card(card_id).name
            if name not in quoted:
                b = ctx.settings.reference_brackets
                shown = ", ".join(f"{b[0]}{q}{b[1]}" for q in quoted) or "no name"
                yield ctx.at("REF002", card, ("abilities", i, "text"),
                             f"name-of: {card_id} is {b[0]}{name}{b[1]} but the text quotes {shown}",
                             hint="make the quoted name and the name-of id agree", value=ability.text)


def select(ctx, corpus) -> set[int]:
    """Cards quoting a name that is no known card name or term."""
    if ctx.settings.reference_brackets[0] not in corpus.text:
        return set()
    pattern = ctx.memo("ref-pattern", lambda: _pattern(ctx))
    known = ctx.memo("ref-known", lambda: _known(ctx))
    terms = ctx.settings.terms
    return corpus.cards_at(m.start() for m in pattern.finditer(corpus.text)
                           if m.group(1) not in known and m.group(1) not in terms)


FIELD = (FieldCheck(("REF001",), scan, kinds=TEXT_KINDS, select=select),)
CARD = (CardCheck(("REF002",), check_name_of, active=lambda ctx: ctx.vocab.name_filters),)
GAME = ()
