"""The default card layout of a ``rules: custom`` game, made from its declaration.

Every kind gets the same frame, coloured by kind: the name bar, the kind's label, the art
window, the declared fields two to a row (label and value; a list field as chips, a boolean as
あり/なし; an ``optional`` field is placed after the others and drawn only when the card has a
value, so an absent one leaves no empty labelled cell), and the text box (text and flavour) below. Coordinates are mm on a 63 × 88 card;
other card sizes scale the boxes. A designer's own ``templates/card.yaml`` in the game folder
replaces this layout kind by kind (see :meth:`CustomRuleSet.card_layout`).
"""

from __future__ import annotations

from itertools import product

#: Accent colours given to the kinds in declaration order (then again from the start).
ACCENTS = (("#8c2f39", "#3f1218", "#f4e1e3"), ("#2f5d8c", "#12263f", "#dfe9f4"),
           ("#3a7a4a", "#163a20", "#e0f0e4"), ("#8a6a2a", "#3e2e0e", "#f3ead6"),
           ("#6a4a9a", "#2c1d44", "#e8e1f3"), ("#2f7a7a", "#103838", "#ddf0f0"))

ROW = 5.2  # mm per row of fields
TOP = 54.0  # where the fields start
FOOT = 84.4  # the bottom of the text box
MAX_SHIFTED = 4  # an optional field after more optional ones than this keeps its own cell (2**n variants)


def default_layout(game) -> dict:
    """The layout data (``card.yaml`` form) for every declared kind of ``game``."""
    kinds = {}
    for i, (kind, spec) in enumerate((game.manifest.get("kinds") or {}).items()):
        accent, dark, light = ACCENTS[i % len(ACCENTS)]
        kinds[kind] = {"palette": {"accent": accent, "accent-dark": dark, "accent-light": light},
                       "elements": _elements(kind, spec)}
    return {
        "design-size": {"width": 63, "height": 88},
        "palette": {"ink": "#1c1b22", "paper": "#fbf8f1", "muted": "#6a6470", "faint": "#d2cbc0",
                    "gold": "#c9a34a", "back": "#2b2f4a", "accent-dark": "#2b2f4a"},
        "labels": {"pattern": "【([^】]*)】", "fill": "$accent-dark", "color": "#ffffff"},
        "kinds": kinds,
        "backs": {"default": {"elements": [
            {"type": "rect", "full": True, "fill": "$back"},
            {"type": "rect", "x": 3, "y": 3, "w": 57, "h": 82, "radius": 2.5, "stroke": "$gold", "stroke-width": 0.6},
            {"type": "ellipse", "x": 16.5, "y": 24, "w": 30, "h": 30, "stroke": "$gold", "stroke-width": 0.5},
            {"type": "text", "field": "back-text", "x": 5, "y": 62, "w": 53, "h": 8, "size": 11, "min-size": 7,
             "color": "$gold"},
        ]}},
    }


def _cell(n: int, key: str, field, guard: dict) -> list[dict]:
    """The labelled cell of field ``key`` at grid position ``n`` (two to a row), drawn under ``guard``."""
    x = 5 + (n % 2) * 27
    y = TOP + (n // 2) * ROW
    out = [{"type": "rect", "x": x, "y": y, "w": 26, "h": ROW - 0.8, "radius": 0.6, "fill": "$accent-light", **guard},
           {"type": "text", "text": field.get("label", key), "x": x, "y": y, "w": 12, "h": ROW - 0.8,
            "align": "start", "pad": 0.8, "size": 6, "min-size": 5, "color": "$accent-dark", **guard}]
    value = {"x": x + 12, "y": y, "w": 14, "h": ROW - 0.8, "align": "end", "size": 7.5, "min-size": 5,
             "color": "$ink", "field": key, **guard}
    if field.get("type") == "list":
        value.update(type="chips", size=6, pad=0.8, gap=0.5, fill="$paper", stroke="$accent")
    else:
        value.update(type="text", pad=0.8)
        if field.get("type") == "boolean":
            value["map"] = {"true": "あり", "false": "なし"}
    return out + [value]


def _elements(kind: str, spec) -> list[dict]:
    declared = list((spec.get("fields") or {}).items())
    # optional fields last: a card without them loses cells at the end of the grid, not in the middle
    fields = [f for f in declared if not f[1].get("optional")] + [f for f in declared if f[1].get("optional")]
    rows = (len(fields) + 1) // 2
    text_top = TOP + rows * ROW + (1.0 if rows else 0.0)
    out = [
        {"type": "rect", "full": True, "fill": "$accent-dark"},
        {"type": "rect", "x": 2.4, "y": 2.4, "w": 58.2, "h": 83.2, "radius": 2.6, "fill": "$accent"},
        {"type": "rect", "x": 3.6, "y": 3.6, "w": 55.8, "h": 80.8, "radius": 2, "fill": "$paper"},
        {"type": "rect", "x": 5, "y": 5, "w": 53, "h": 8.6, "radius": 1, "fill": "$accent-light"},
        {"type": "text", "field": "name", "x": 5, "y": 5, "w": 53, "h": 8.6, "pad": 1.5, "align": "start",
         "size": 10.5, "min-size": 7, "color": "$ink"},
        {"type": "art", "x": 5, "y": 15, "w": 53, "h": 32, "fill": "$accent-light", "emblem": "$paper",
         "stroke": "$accent-dark", "stroke-width": 0.25},
        {"type": "text", "text": spec.get("label", kind), "x": 5, "y": 48.2, "w": 30, "h": 4.8, "fit": "content",
         "align": "start", "pad": 1.6, "radius": 0.8, "fill": "$accent", "color": "#ffffff", "size": 7},
    ]
    required = sum(1 for _, f in fields if not f.get("optional"))
    for n, (key, field) in enumerate(fields):
        if not field.get("optional"):
            out += _cell(n, key, field, {})
            continue
        # an optional field moves up by one cell for each optional field before it the card lacks
        before = [k for k, _ in fields[required:n]]
        if len(before) > MAX_SHIFTED:
            out += _cell(n, key, field, {"when": {key: "*"}})
            continue
        for present in product(("*", "-"), repeat=len(before)):
            when = {key: "*", **dict(zip(before, present))}
            out += _cell(required + present.count("*"), key, field, {"when": when})
    out.append({"type": "rule", "x1": 5, "y1": text_top - 0.6, "x2": 58, "y2": text_top - 0.6,
                "stroke": "$accent-light", "stroke-width": 0.3})
    out.append({"type": "textbox", "x": 5.6, "y": text_top, "w": 51.8, "h": round(FOOT - text_top, 2),
                "size": 7.5, "min-size": 5.5, "color": "$ink",
                "flavor": {"size": 6.5, "min-size": 5.5, "color": "$muted", "rule-color": "$faint", "max-share": 0.4}})
    return out
