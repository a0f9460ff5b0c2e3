"""FITxxx — text that does not fit its box, found by laying the card out with the print
engine (``pipeline.layout.check_fit``): the same 禁則 line breaking, font metrics and minimum
sizes as the printed sheet, so lint and print never disagree."""

from __future__ import annotations

from fuda.lint.check import CardCheck, RuleInfo

GROUP = "fit"
FROM_LAYOUT = {"P101": "FIT001", "P102": "FIT002"}

RULES = (
    RuleInfo("FIT001", "error", "text does not fit its box", GROUP, explain="""\
The card is laid out with its game's template (templates/<game>/card.yaml) exactly as for
printing: the text is broken into lines with Japanese line-breaking rules and shrunk step by step
down to the element's min-size. If it still overflows its box, the printed card would cut it off.
Fix: shorten the text (or lower the template's min-size). Games without a card template are not
checked."""),
    RuleInfo("FIT002", "error", "the card font has no glyph for a character", GROUP, explain="""\
A character of the card's printed fields is missing from the game's font (BIZ UD Gothic unless
game.yaml names another); it would print as an empty box. Replace the character or use a font
that has it."""),
    RuleInfo("FIT003", "error", "the card cannot be laid out", GROUP, explain="""\
Laying the card out with its template failed for another reason (a template error, missing art
the template needs); the message says what the layout reported."""),
)


def _checker(ctx):
    """``pipeline.layout.check_fit`` when this game has a card template, else None (the print
    engine is imported only when fit is checked: it loads fonts)."""
    from fuda.faces import layout
    from fuda.faces.template import find_template

    try:
        find_template(ctx.game)
    except FileNotFoundError:
        return None
    return lambda game, card: layout.check_fit(game, card)


def check(ctx, card):
    """FIT001 … FIT003."""
    checker = ctx.memo("fit", lambda: _checker(ctx))
    if checker is None:
        return
    try:
        findings = checker(ctx.game, card)
    except Exception as exc:  # a broken template must not stop the other rules
        yield ctx.located("FIT003", card.source, f"layout failed: {type(exc).__name__}: {exc}", card=card.id)
        return
    for finding in findings:
        code = FROM_LAYOUT.get(finding.code, "FIT003")
        message = finding.message if code != "FIT003" else f"{finding.code}: {finding.message}"
        yield ctx.located(code, finding.location, message, hint=finding.hint, card=card.id)


CARD = (CardCheck(("FIT001", "FIT002", "FIT003"), check, active=lambda ctx: ctx.options.get("fit", True)),)
FIELD = ()
GAME = ()
