"""LNTxxx — lint's own configuration: suppressions and severities that name no rule."""

from __future__ import annotations

from fuda.lint.check import GameCheck, RuleInfo
from fuda.lint.settings import expand

GROUP = "config"

RULES = (
    RuleInfo("LNT001", "warning", "suppression names no lint rule", GROUP),
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
