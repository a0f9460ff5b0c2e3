"""FITxxx — text that does not fit its box, found by laying the card out with the print
engine (``pipeline.layout.check_fit``): the same 禁則 line breaking, font metrics and minimum
sizes as the printed sheet, so lint and print never disagree."""

from __future__ import annotations

from dataclasses import replace

from fuda.database.findings import Location
from fuda.lint.check import CardCheck, RuleInfo

GROUP = "fit"
FROM_LAYOUT = {"P101": "FIT001", "P102": "FIT002", "P104": "FIT004", "P105": "FIT005", "P106": "FIT006",
               "P107": "FIT007", "P108": "FIT008"}

RULES = (
    RuleInfo("FIT001", "error", "text does not fit its box", GROUP),
    RuleInfo("FIT002", "error", "the card font has no glyph for a character", GROUP),
    RuleInfo("FIT003", "error", "the card cannot be laid out", GROUP),
    RuleInfo("FIT004", "warning", "text inside the 3 mm safe area", GROUP),
    RuleInfo("FIT005", "warning", "text overlaps other text", GROUP),
    RuleInfo("FIT006", "error", "art-focus crop box is empty", GROUP),
    RuleInfo("FIT007", "warning", "art under 300 ppi at print size", GROUP),
    RuleInfo("FIT008", "warning", "text shrunk below a readable size", GROUP),
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


def _template(ctx):
    from fuda.database.findings import FindingsError
    from fuda.faces.template import load_template

    try:
        return load_template(ctx.game)
    except (FileNotFoundError, FindingsError):
        return None  # no template (not checked) or a broken one (the layout reports it)


def unknown_values(template, card) -> list[tuple[str, list[str]]]:
    """(template key to add, colour names it must give) for each card value the template has no
    look for: a ``palette-by`` value without colours, or a ``{by, map}`` colour without default."""
    from fuda.faces.template import field_value, key_of

    kinds = template.data.get("kinds", {})
    kind = card.kind if card.kind in kinds else "default"
    spec = kinds.get(kind) or {}
    have = set(template.data.get("palette", {})) | set(spec.get("palette", {}))
    out = []
    by = spec.get("palette-by")
    if by:
        value = key_of(field_value(card, by["field"]))
        if value not in by["values"]:
            needed = sorted({name for colours in by["values"].values() for name in colours} - have)
            if needed:
                out.append((f"kinds.{kind}.palette-by.values.{value}", needed))
    for i, element in enumerate(spec.get("elements", ())):
        for key, colour in element.items():
            if hasattr(colour, "get") and "by" in colour and "map" in colour and "default" not in colour:
                value = key_of(field_value(card, colour["by"]))
                if value not in colour["map"]:
                    out.append((f"kinds.{kind}.elements[{i}].{key}.map.{value} (or .default)", [key]))
    return out


def check(ctx, card):
    """FIT001 … FIT008."""
    checker = ctx.memo("fit", lambda: _checker(ctx))
    if checker is None:
        return
    template = ctx.memo("fit-template", lambda: _template(ctx))
    unknown = unknown_values(template, card) if template is not None else []
    told = ctx.memo("fit-unknown", set)  # once per game and key, not once per card
    for key, names in unknown:
        if key in told:
            continue
        told.add(key)
        d = ctx.located("FIT003", Location(template.path), f"the template has no look for this card's value: add {key}",
                        hint=f"give it {', '.join(names)} (or a default in the kind's palette)", card=card.id)
        yield replace(d, severity=ctx.settings.severity.get("FIT003", "warning"))
    try:
        findings = checker(ctx.game, card)
    except Exception as exc:  # a broken template must not stop the other rules
        yield ctx.located("FIT003", card.source, f"layout failed: {type(exc).__name__}: {exc}", card=card.id)
        return
    for finding in findings:
        if unknown and finding.code == "L003":
            continue  # the colour missing because of the unknown value: reported above
        code = FROM_LAYOUT.get(finding.code, "FIT003")
        message = finding.message if code != "FIT003" else f"{finding.code}: {finding.message}"
        yield ctx.located(code, finding.location, message, hint=finding.hint, card=card.id)


CARD = (CardCheck(("FIT001", "FIT002", "FIT003", "FIT004", "FIT005", "FIT006", "FIT007", "FIT008"), check,
                  active=lambda ctx: ctx.options.get("fit", True)),)
FIELD = ()
GAME = ()
