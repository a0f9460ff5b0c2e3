"""LNTxxx — lint's own configuration: suppressions and severities that name no rule."""

from __future__ import annotations

from fuda.lint.check import GameCheck, RuleInfo
from fuda.lint.settings import expand

GROUP = "config"

RULES = (
    RuleInfo("LNT001", "warning", "suppression names no lint rule", GROUP, explain="""\
A card's lint-ignore list, or the manifest's lint.ignore / lint.severity, names a code that is no
lint rule (a typo such as JP11 for JP110, or a retired code). Such an entry silences nothing.
Entries may be full codes (JP101) or prefixes of codes (JP1, AGR); `fuda lint --explain CODE`
describes a rule."""),
)


def check(ctx):
    """LNT001."""
    codes = ctx.registry
    settings = ctx.settings
    for entry in list(settings.ignore) + list(settings.severity):
        if not expand(entry, codes):
            yield ctx.located("LNT001", ctx.game.source or ctx.game.folder / "game.yaml",
                              f"lint setting names '{entry}', which is no lint rule",
                              hint="fix the code (see fuda lint --explain)")
    for card in ctx.game.cards:
        for i, entry in enumerate(card.data.get("lint-ignore") or ()):
            if not expand(entry, codes):
                yield ctx.at("LNT001", card, ("lint-ignore", i), f"lint-ignore names '{entry}', which is no lint rule",
                             hint="fix the code (see fuda lint --explain)")


FIELD = ()
CARD = ()
GAME = (GameCheck(("LNT001",), check),)
