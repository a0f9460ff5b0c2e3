"""The default card layout of a ``rules: custom`` game, made from its declaration.

Every kind gets the same frame, coloured by kind: the name bar, the kind's label, the art
window, the declared fields two to a row (label and value; a list field as chips, a boolean as
あり/なし; an ``optional`` field is placed after the others and drawn only when the card has a
value, so an absent one leaves no empty labelled cell), and the text box (text and flavour) below. Coordinates are mm on a 63 × 88 card;
other card sizes scale the boxes; a landscape card (91 × 55) gets the ``landscape:`` variant, art
on the left and label, fields and text on the right. A designer's own ``templates/card.yaml`` in the game folder
replaces this layout kind by kind (see :meth:`fuda.rulesets.custom.CustomRuleSet.card_layout`).
"""

from __future__ import annotations

from dataclasses import dataclass
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
    kinds, wide = {}, {}
    for i, (kind, spec) in enumerate((game.manifest.get("kinds") or {}).items()):
        accent, dark, light = ACCENTS[i % len(ACCENTS)]
        kinds[kind] = {"palette": {"accent": accent, "accent-dark": dark, "accent-light": light},
                       "elements": _elements(kind, spec)}
        wide[kind] = {"elements": _elements(kind, spec, LANDSCAPE)}
    return {
        "design-size": {"width": 63, "height": 88},
        "palette": {"ink": "#1c1b22", "paper": "#fbf8f1", "muted": "#6a6470", "faint": "#d2cbc0",
                    "gold": "#c9a34a", "back": "#2b2f4a", "accent-dark": "#2b2f4a"},
        "labels": {"pattern": "【([^】]*)】", "fill": "$accent-dark", "color": "#ffffff"},
        "kinds": kinds,
        "landscape": {"design-size": {"width": 91, "height": 55}, "kinds": wide, "backs": {"default": {"elements": [
            {"type": "rect", "full": True, "fill": "$back"},
            {"type": "rect", "x": 3, "y": 3, "w": 85, "h": 49, "radius": 2.5, "stroke": "$gold", "stroke-width": 0.6},
            {"type": "ellipse", "x": 10, "y": 12.5, "w": 30, "h": 30, "stroke": "$gold", "stroke-width": 0.5},
            {"type": "text", "field": "back-text", "x": 44, "y": 23.5, "w": 42, "h": 8, "size": 11, "min-size": 7,
             "color": "$gold"},
        ]}}},
        "backs": {"default": {"elements": [
            {"type": "rect", "full": True, "fill": "$back"},
            {"type": "rect", "x": 3, "y": 3, "w": 57, "h": 82, "radius": 2.5, "stroke": "$gold", "stroke-width": 0.6},
            {"type": "ellipse", "x": 16.5, "y": 24, "w": 30, "h": 30, "stroke": "$gold", "stroke-width": 0.5},
            {"type": "text", "field": "back-text", "x": 5, "y": 62, "w": 53, "h": 8, "size": 11, "min-size": 7,
             "color": "$gold"},
        ]}},
    }


@dataclass(frozen=True)
class Frame:
    """Where the parts of the derived layout go on one card shape (mm at its design size)."""

    width: float
    height: float
    art: tuple[float, float, float, float]
    label_at: tuple[float, float]  # the kind's label
    grid: tuple[float, float, float]  # x and y of the first field cell, cell width
    text_x: float
    text_w: float


PORTRAIT = Frame(63, 88, (5, 15, 53, 32), (5, 48.2), (5, TOP, 26), 5.6, 51.8)
#: The landscape variant (--card-size business): art on the left, label, fields and text on the right.
LANDSCAPE = Frame(91, 55, (5, 15, 33, 35), (40, 15), (40, 20.6, 22.5), 40.6, 45.4)


def _cell(frame: Frame, n: int, key: str, field, guard: dict) -> list[dict]:
    """The labelled cell of field ``key`` at grid position ``n`` (two to a row), drawn under ``guard``."""
    gx, gy, cw = frame.grid
    x = round(gx + (n % 2) * (cw + 1), 2)
    y = round(gy + (n // 2) * ROW, 2)
    lw = round(cw * 0.46, 2)
    out = [{"type": "rect", "x": x, "y": y, "w": cw, "h": ROW - 0.8, "radius": 0.6, "fill": "$accent-light", **guard},
           {"type": "text", "text": field.get("label", key), "x": x, "y": y, "w": lw, "h": ROW - 0.8,
            "align": "start", "pad": 0.8, "size": 6, "min-size": 5, "color": "$accent-dark", **guard}]
    value = {"x": round(x + lw, 2), "y": y, "w": round(cw - lw, 2), "h": ROW - 0.8, "align": "end", "size": 7.5,
             "min-size": 5, "color": "$ink", "field": key, **guard}
    if field.get("type") == "list":
        value.update(type="chips", size=6, pad=0.8, gap=0.5, fill="$paper", stroke="$accent")
    else:
        value.update(type="text", pad=0.8)
        if field.get("type") == "boolean":
            value["map"] = {"true": "あり", "false": "なし"}
    return [*out, value]


def _elements(kind: str, spec, frame: Frame = PORTRAIT) -> list[dict]:
    declared = list((spec.get("fields") or {}).items())
    # optional fields last: a card without them loses cells at the end of the grid, not in the middle
    fields = [f for f in declared if not f[1].get("optional")] + [f for f in declared if f[1].get("optional")]
    rows = (len(fields) + 1) // 2
    text_top = round(frame.grid[1] + rows * ROW + (1.0 if rows else 0.0), 2)
    foot = frame.height - (88 - FOOT)
    W, H = frame.width, frame.height
    ax, ay, aw, ah = frame.art
    out = [
        {"type": "rect", "full": True, "fill": "$accent-dark"},
        {"type": "rect", "x": 2.4, "y": 2.4, "w": W - 4.8, "h": H - 4.8, "radius": 2.6, "fill": "$accent"},
        {"type": "rect", "x": 3.6, "y": 3.6, "w": W - 7.2, "h": H - 7.2, "radius": 2, "fill": "$paper"},
        {"type": "rect", "x": 5, "y": 5, "w": W - 10, "h": 8.6, "radius": 1, "fill": "$accent-light"},
        {"type": "text", "field": "name", "x": 5, "y": 5, "w": W - 10, "h": 8.6, "pad": 1.5, "align": "start",
         "size": 10.5, "min-size": 7, "color": "$ink"},
        {"type": "art", "x": ax, "y": ay, "w": aw, "h": ah, "fill": "$accent-light", "emblem": "$paper",
         "stroke": "$accent-dark", "stroke-width": 0.25},
        {"type": "text", "text": spec.get("label", kind), "x": frame.label_at[0], "y": frame.label_at[1], "w": 30,
         "h": 4.8, "fit": "content", "align": "start", "pad": 1.6, "radius": 0.8, "fill": "$accent",
         "color": "#ffffff", "size": 7},
    ]
    required = sum(1 for _, f in fields if not f.get("optional"))
    for n, (key, field) in enumerate(fields):
        if not field.get("optional"):
            out += _cell(frame, n, key, field, {})
            continue
        # an optional field moves up by one cell for each optional field before it the card lacks
        before = [k for k, _ in fields[required:n]]
        if len(before) > MAX_SHIFTED:
            out += _cell(frame, n, key, field, {"when": {key: "*"}})
            continue
        for present in product(("*", "-"), repeat=len(before)):
            when = {key: "*", **dict(zip(before, present, strict=False))}
            out += _cell(frame, required + present.count("*"), key, field, {"when": when})
    out.append({"type": "rule", "x1": frame.text_x - 0.6, "y1": round(text_top - 0.6, 2), "x2": W - 5,
                "y2": round(text_top - 0.6, 2), "stroke": "$accent-light", "stroke-width": 0.3})
    out.append({"type": "textbox", "x": frame.text_x, "y": text_top, "w": frame.text_w, "h": round(foot - text_top, 2),
                "size": 7.5, "min-size": 5.5, "color": "$ink",
                "flavor": {"size": 6.5, "min-size": 5.5, "color": "$muted", "rule-color": "$faint", "max-share": 0.4}})
    return out
