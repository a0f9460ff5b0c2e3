"""Vector outlines for badges and icons the fonts lack (print-notes pitfall 5), in mm.

Each function returns the points of a closed polygon inside the box ``x, y, w, h`` (y downwards),
ready for :class:`~fuda.faces.primitives.Polygon`. Curves are flattened into short segments, which
both painters draw identically.
"""

from __future__ import annotations

import math
from functools import lru_cache

SHAPES = ("rect", "circle", "hexagon", "diamond", "shield", "pentagon", "banner", "chevron",
          "star", "octagon", "sun", "moon", "arch", "parallelogram")


def _ellipse(cx, cy, rx, ry, a0=0.0, a1=2 * math.pi, n=48):
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / n), cy + ry * math.sin(a0 + (a1 - a0) * i / n))
            for i in range(n + 1)]


@lru_cache(maxsize=4096)  # a template draws the same shapes at the same places on every card
def outline(shape: str, x: float, y: float, w: float, h: float, rise: float = 0.0) -> tuple:
    """The polygon of ``shape`` fitted to the box; ``rise`` is the arch height for ``arch``."""
    r, b, cx, cy = x + w, y + h, x + w / 2, y + h / 2
    if shape == "rect":
        pts = [(x, y), (r, y), (r, b), (x, b)]
    elif shape == "circle":
        pts = _ellipse(cx, cy, w / 2, h / 2, n=32)[:-1]
    elif shape == "hexagon":  # flat top and bottom
        d = w * 0.22
        pts = [(x + d, y), (r - d, y), (r, cy), (r - d, b), (x + d, b), (x, cy)]
    elif shape == "octagon":
        d = min(w, h) * 0.29
        pts = [(x + d, y), (r - d, y), (r, y + d), (r, b - d), (r - d, b), (x + d, b), (x, b - d), (x, y + d)]
    elif shape == "diamond":
        pts = [(cx, y), (r, cy), (cx, b), (x, cy)]
    elif shape == "shield":
        pts = [(x, y), (r, y), (r, y + h * 0.55)] + \
              [(cx + (w / 2) * math.cos(t), y + h * 0.55 + h * 0.45 * math.sin(t))
               for t in (math.pi * i / 16 for i in range(1, 16))] + [(x, y + h * 0.55)]
    elif shape == "pentagon":  # a home-plate pointing down
        pts = [(x, y), (r, y), (r, y + h * 0.7), (cx, b), (x, y + h * 0.7)]
    elif shape == "banner":  # swallow-tail on the right
        pts = [(x, y), (r, y), (r - h * 0.3, cy), (r, b), (x, b)]
    elif shape == "chevron":  # pointing right
        pts = [(x, y), (r - h * 0.35, y), (r, cy), (r - h * 0.35, b), (x, b)]
    elif shape == "parallelogram":
        d = h * 0.3
        pts = [(x + d, y), (r, y), (r - d, b), (x, b)]
    elif shape in ("star", "sun"):
        n, inner = (5, 0.45) if shape == "star" else (10, 0.62)
        pts = []
        for i in range(2 * n):
            a = -math.pi / 2 + math.pi * i / n
            k = 1.0 if i % 2 == 0 else inner
            pts.append((cx + w / 2 * k * math.cos(a), cy + h / 2 * k * math.sin(a)))
    elif shape == "moon":  # a crescent opening to the right
        outer = _ellipse(cx, cy, w / 2, h / 2, math.pi * 0.3, math.pi * 1.7, 40)
        inner = _ellipse(cx + w * 0.28, cy - h * 0.05, w * 0.38, h * 0.4, math.pi * 1.45, math.pi * 0.55, 40)
        pts = outer + inner
    elif shape == "arch":  # a rectangle whose top is an elliptic arc of height ``rise``
        rise = rise or min(w, h) * 0.12
        arc = _ellipse(cx, y + rise, w / 2, rise, math.pi, 2 * math.pi, 32)
        pts = [*arc, (r, b), (x, b)]
    else:
        raise ValueError(f"unknown shape {shape!r}; use one of {', '.join(SHAPES)}")
    return tuple((round(px, 4), round(py, 4)) for px, py in pts)
