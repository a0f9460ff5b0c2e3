"""FITxxx — text that does not fit its box, found by laying the card out with the print
engine (``pipeline.layout.check_fit``): the same 禁則 line breaking, font metrics and minimum
sizes as the printed sheet, so lint and print never disagree."""

from __future__ import annotations

from fuda.lint.check import CardCheck, RuleInfo

GROUP = "fit"
FROM_LAYOUT = {"P101": "FIT001", "P102": "FIT002", "P104": "FIT004", "P105": "FIT005", "P106": "FIT006",
               "P107": "FIT007"}

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
    RuleInfo("FIT004", "warning", "text inside the 3 mm safe area", GROUP, explain="""Cutting drifts by up to about 1 mm, so print shops ask that text keep 3 mm inside the trim line.
A text line of the laid-out card comes nearer the edge than that (often only at another
--card-size). Move or shrink the element in the template."""),
    RuleInfo("FIT005", "warning", "text overlaps other text", GROUP, explain="""Two text lines of the laid-out card overlap; one is printed over the other. Move the elements
apart in the template or shorten the text."""),
    RuleInfo("FIT006", "error", "art-focus crop box is empty", GROUP, explain="""art-focus as a crop box needs left < right and top < bottom (fractions 0–1 of the image:
left/right of its width, top/bottom of its height). Fix the numbers or use {x, y} instead."""),
    RuleInfo("FIT007", "warning", "art under 300 ppi at print size", GROUP, explain="""The art file has too few pixels for its window on the card: at print size it gets fewer than
300 pixels per inch and prints blurred or blocky. The message names the ppi and the hint the
pixel size needed; use a larger image (or a crop box that shows more of it)."""),
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
    """FIT001 … FIT007."""
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


CARD = (CardCheck(("FIT001", "FIT002", "FIT003", "FIT004", "FIT005", "FIT006", "FIT007"), check, active=lambda ctx: ctx.options.get("fit", True)),)
FIELD = ()
GAME = ()
