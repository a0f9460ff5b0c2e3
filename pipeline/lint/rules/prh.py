"""PRHxxx — the game's prh dictionaries (manifest ``lint.prh``) applied to rules text and
flavor; a dictionary that cannot be used is a configuration error, as in prh."""

from __future__ import annotations

from fuda.lint.check import FieldCheck, GameCheck, Hit, RuleInfo
from fuda.lint.prh import load

GROUP = "prh"
KINDS = frozenset({"text", "ability", "flavor", "deck"})

RULES = (
    RuleInfo("PRH001", "warning", "prh dictionary: write the expected form", GROUP, explain="""\
A rule of the game's prh dictionary (manifest lint.prh, e.g. cards/<game>/lint/prh.yml) matched:
the text uses a form the dictionary replaces, e.g. ディフォルト where the rule expects デフォルト.
Matches that already read as expected are not reported. The rule's `prh` note, when written, is
shown as the hint. Not fixed automatically: a dictionary rule is a judgement, not a mechanical
fix."""),
    RuleInfo("PRH002", "error", "prh dictionary cannot be used", GROUP, explain="""\
A prh file listed in the manifest has a problem: YAML syntax, an unknown key, a missing import,
an import cycle, a version mismatch between a file and its imports, a pattern Python cannot
express (a variable-width look-behind that is not a plain alternation, an unknown \\p{…}), a bad
regexpMustEmpty, or a failing spec (from did not become to). The message names the rule; prh
itself refuses such a dictionary, and so does fuda: its rules are not applied."""),
)


def _rules(ctx):
    files = [ctx.game.folder / p for p in ctx.settings.prh]
    if not files:
        return (), ()
    rules, errors = load(files)
    if errors:
        return (), errors
    return rules, ()


def check_config(ctx):
    """PRH002."""
    _, errors = ctx.memo("prh", lambda: _rules(ctx))
    for error in errors:
        yield ctx.located("PRH002", error.location, error.message,
                          hint="fix the prh file; its rules are not applied until then")


def scan(ctx, fld):
    """PRH001."""
    rules, _ = ctx.memo("prh", lambda: _rules(ctx))
    value = fld.value
    for rule in rules:
        for start, end, new in rule.matches(value):
            old = value[start:end]
            if new == old:
                continue
            where = f"{rule.location.file.name}:{rule.location.line}"
            hint = rule.note or f"write '{new}' (prh rule at {where})"
            yield Hit("PRH001", start, end, f"'{old}' → '{new}'", hint)


def select(ctx, corpus) -> set[int]:
    """Cards where some rule's pattern occurs (each rule runs once over the whole game)."""
    rules, _ = ctx.memo("prh", lambda: _rules(ctx))
    text = corpus.text
    found: set[int] = set()
    for rule in rules:
        if rule.literal is not None:
            at = text.find(rule.literal)
            while at >= 0:
                found.add(corpus.card_at(at))
                at = text.find(rule.literal, at + 1)
        else:
            found |= corpus.cards_matching(rule.pattern)
    return found


FIELD = (FieldCheck(("PRH001",), scan, kinds=KINDS, select=select, active=lambda ctx: bool(ctx.settings.prh)),)
CARD = ()
GAME = (GameCheck(("PRH002",), check_config),)
