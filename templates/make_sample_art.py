"""Draw the sample card art (cards/<game>/art/*.png) with Pillow: original abstract pictures.

Run from the repository root: ``python templates/make_sample_art.py``. Each image is made in
the aspect of its game's art window (templates/<game>/card.yaml, ``type: art``) at 400 ppi of
the 63 × 88 mm design, so it stays above 300 ppi up to tarot size (70 × 120 mm, scale 1.11).
The motifs are colour and shape themes named after the sample cards (a shrine-red sun disc,
a star burst, ice crystals …), not drawings of anyone's characters. Output is deterministic:
every random choice comes from a seed made of the file name, and the images are quantised to
a small palette so the PNGs stay small.
"""

from __future__ import annotations

import hashlib
import math
import random
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

ROOT = Path(__file__).resolve().parent.parent
PPI = 400
SS = 2  # supersampling for smooth edges

#: name → (background top, background bottom, motif colours, motif)
THEMES = {
    "reimu": ("#f7e9e4", "#d8453d", ("#ffffff", "#b3231d", "#2b1a1a"), "disc"),
    "marisa": ("#1f1a2e", "#4b3b70", ("#ffd54a", "#fff4c2", "#f08a24"), "stars"),
    "youmu": ("#e7f2e4", "#5f8f6a", ("#ffffff", "#2f5a3c", "#c9e7c2"), "crescent"),
    "cirno": ("#e6f4ff", "#5aa7e0", ("#ffffff", "#2c6fb0", "#bfe4ff"), "crystals"),
    "remilia": ("#2a0d14", "#7a1628", ("#e23a4f", "#f7c5cc", "#120407"), "moon"),
    "flandre": ("#fbeef0", "#c2304a", ("#ff5a5a", "#ffb347", "#6ad1ff", "#b57bff", "#7be07b"), "prisms"),
    "patchouli": ("#efe6f7", "#6a4a93", ("#ffffff", "#3e2463", "#f2c94c", "#4fb3a9", "#e0603c"), "circles"),
}


def window(game: str) -> tuple[float, float]:
    """The largest art window (w, h) mm of ``game``'s template."""
    import re

    text = (ROOT / "templates" / game / "card.yaml").read_text(encoding="utf-8")
    sizes = [(float(w), float(h)) for w, h in re.findall(r"type: art,[^}]*?w: ([\d.]+), h: ([\d.]+)", text)]
    return max(sizes, key=lambda s: s[0] * s[1])


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _gradient(size, top, bottom) -> Image.Image:
    w, h = size
    a, b = _rgb(top), _rgb(bottom)
    column = Image.new("RGB", (1, h))
    for y in range(h):
        t = y / max(1, h - 1)
        column.putpixel((0, y), tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3)))
    return column.resize((w, h))


def _star(cx, cy, r_out, r_in, points=5, turn=-math.pi / 2):
    pts = []
    for k in range(points * 2):
        r = r_out if k % 2 == 0 else r_in
        a = turn + k * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw(name: str, size: tuple[int, int]) -> Image.Image:
    """The picture for ``name`` at ``size`` pixels."""
    top, bottom, colours, motif = THEMES[name]
    rng = random.Random(int(hashlib.sha256(name.encode()).hexdigest()[:12], 16))
    w, h = size[0] * SS, size[1] * SS
    im = _gradient((w, h), top, bottom)
    d = ImageDraw.Draw(im)
    cx, cy, r = w / 2, h / 2, min(w, h) * 0.36
    # soft rays or rings behind every motif
    for k in range(24):
        a = k * math.pi / 12 + rng.uniform(-0.05, 0.05)
        d.polygon([(cx, cy), (cx + 2 * w * math.cos(a), cy + 2 * w * math.sin(a)),
                   (cx + 2 * w * math.cos(a + 0.12), cy + 2 * w * math.sin(a + 0.12))],
                  fill=_rgb(colours[-1]) if k % 2 else None)
    im = Image.blend(_gradient((w, h), top, bottom), im, 0.25)
    d = ImageDraw.Draw(im)
    if motif == "disc":  # a shrine-red sun disc between paper streamers
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=_rgb(colours[1]), outline=_rgb(colours[2]), width=6 * SS)
        d.ellipse([cx - r * 0.55, cy - r * 0.55, cx + r * 0.55, cy + r * 0.55], fill=_rgb(colours[0]))
        for k in range(7):
            x = w * (0.06 + 0.14 * k)
            d.polygon([(x, 0), (x + w * 0.05, 0), (x + w * 0.03, h * 0.22), (x + w * 0.06, h * 0.32),
                       (x + w * 0.01, h * 0.26)], fill=_rgb(colours[0]), outline=_rgb(colours[2]))
    elif motif == "stars":  # a star burst with a trail of small stars
        for _ in range(18):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            s = rng.uniform(0.02, 0.06) * h
            d.polygon(_star(x, y, s, s * 0.45), fill=_rgb(colours[1]))
        d.polygon(_star(cx, cy, r * 1.2, r * 0.5), fill=_rgb(colours[0]), outline=_rgb(colours[2]))
        d.polygon(_star(cx, cy, r * 0.55, r * 0.24, turn=-math.pi / 2 + math.pi / 5), fill=_rgb(colours[1]))
    elif motif == "crescent":  # a half moon and falling petals
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=_rgb(colours[0]))
        d.ellipse([cx - r * 0.55, cy - r * 1.05, cx + r * 1.45, cy + r * 0.95], fill=_rgb(bottom))
        for _ in range(26):
            x, y, s = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.015, 0.035) * h
            d.ellipse([x - s, y - s * 0.6, x + s, y + s * 0.6], fill=_rgb(colours[2]), outline=_rgb(colours[1]))
    elif motif == "crystals":  # six-armed ice crystals
        for k in range(9):
            x, y = (cx, cy) if k == 0 else (rng.uniform(0, w), rng.uniform(0, h))
            s = r if k == 0 else rng.uniform(0.08, 0.18) * h
            for arm in range(6):
                a = arm * math.pi / 3
                ex, ey = x + s * math.cos(a), y + s * math.sin(a)
                d.line([(x, y), (ex, ey)], fill=_rgb(colours[1 if k == 0 else 0]), width=max(2, int(s / 14)))
                for t in (0.45, 0.7):
                    bx, by = x + s * t * math.cos(a), y + s * t * math.sin(a)
                    for da in (-0.6, 0.6):
                        d.line([(bx, by), (bx + s * 0.22 * math.cos(a + da), by + s * 0.22 * math.sin(a + da))],
                               fill=_rgb(colours[0]), width=max(2, int(s / 20)))
    elif motif == "moon":  # a crimson full moon with wing-like shards
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=_rgb(colours[0]))
        for side in (-1, 1):
            for k in range(4):
                y0 = cy - r * 0.5 + k * r * 0.3
                d.polygon([(cx + side * r * 0.7, y0), (cx + side * (r * 1.9 - k * r * 0.2), y0 - r * 0.4),
                           (cx + side * (r * 1.6 - k * r * 0.2), y0 + r * 0.15)], fill=_rgb(colours[2]))
        d.ellipse([cx - r * 0.3, cy - r * 0.3, cx + r * 0.3, cy + r * 0.3], fill=_rgb(colours[1]))
    elif motif == "prisms":  # coloured crystals hanging from a branch
        d.line([(w * 0.05, cy - r * 0.6), (w * 0.95, cy - r * 0.4)], fill=(60, 30, 40), width=5 * SS)
        for k in range(8):
            x = w * (0.12 + 0.1 * k)
            y = cy - r * 0.55 + k * r * 0.025
            c = colours[k % 5]
            d.polygon([(x, y), (x + w * 0.035, y + r * 0.5), (x, y + r * 1.1), (x - w * 0.035, y + r * 0.5)],
                      fill=_rgb(c), outline=(60, 30, 40))
    elif motif == "circles":  # five elemental circles around a book-like square
        for k in range(5):
            a = -math.pi / 2 + k * 2 * math.pi / 5
            x, y = cx + r * 1.05 * math.cos(a), cy + r * 1.05 * math.sin(a)
            s = r * 0.32
            d.ellipse([x - s, y - s, x + s, y + s], fill=_rgb(colours[k % 5]), outline=_rgb(colours[1]), width=3 * SS)
        d.rectangle([cx - r * 0.45, cy - r * 0.55, cx + r * 0.45, cy + r * 0.55], fill=_rgb(colours[1]))
        d.rectangle([cx - r * 0.35, cy - r * 0.45, cx + r * 0.35, cy + r * 0.45], outline=_rgb(colours[3]), width=3 * SS)
    im = im.filter(ImageFilter.SMOOTH).resize(size, Image.LANCZOS)
    return im.quantize(colors=96, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).convert("RGB")


def main() -> None:
    """Write every sample art file referenced under cards/."""
    for art_dir in sorted((ROOT / "cards").glob("*/art")):
        game = art_dir.parent.name
        ww, wh = window(game)
        size = (round(ww / 25.4 * PPI), round(wh / 25.4 * PPI))
        for path in sorted(art_dir.glob("*.png")):
            image = draw(path.stem, size)
            image.quantize(colors=96, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(
                path, optimize=True, dpi=(PPI, PPI))
            print(f"{path.relative_to(ROOT)}: {size[0]} × {size[1]} px")


if __name__ == "__main__":
    main()
