"""The safe area and text collisions of a laid-out face.

A cutter drifts up to about 1 mm, so print shops ask that text keep a *safe area*, 3 mm inside
the trim (:data:`SAFE_AREA`); and a layout that works at one card size can make two texts run
into each other at another. :func:`text_problems` measures every :class:`TextLine` of a face
with the font's real advances (ascent and descent of the em box, the squeeze included) and
names each line that enters the safe area and each pair of lines whose boxes overlap.
"""

from __future__ import annotations

from dataclasses import dataclass

from fuda.faces.primitives import Face, TextLine

SAFE_AREA = 3.0  # mm inside the trim
ASCENT, DESCENT = 0.88, 0.12  # of the em (BIZ UD Gothic), as layout_text
MM_PER_PT = 25.4 / 72.0
TOLERANCE = 0.05  # mm: neighbouring runs of one line touch, they do not overlap
#: Pieces of one tightened line (追い込み: half-width punctuation, less letter spacing) sit on one
#: baseline at one size and overlap by the empty half of compressed punctuation and the spacing taken.
TIGHT_EM = 0.56  # half an em, plus at most 0.05 em less letter spacing (fuda.faces.oikomi)


@dataclass(frozen=True)
class TextProblem:
    """One text line in the safe area (``other`` None) or overlapping ``other``."""

    text: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 mm from the trim's top-left
    other: str | None = None
    distance: float = 0.0  # mm from the trim, for a safe-area problem

    def message(self, safe: float = SAFE_AREA) -> str:
        """A one-line description (Japanese first)."""
        if self.other is None:
            return (f"文字「{self.text}」が仕上がり線から {self.distance:.1f} mm しか離れていません（安全領域: "
                    f"仕上がり線から {safe:g} mm 以上内側に収めてください） / "
                    f"text {self.text!r} is {self.distance:.1f} mm from the trim, inside the {safe:g} mm safe area")
        return (f"文字「{self.text}」と「{self.other}」が重なっています / text {self.text!r} overlaps "
                f"{self.other!r}")


def text_box(line: TextLine, fonts) -> tuple[float, float, float, float]:
    """The box a text line's glyphs occupy (mm, face coordinates)."""
    width = fonts.width_mm(line.text, line.size, line.font) * line.h_scale
    x0 = line.x - (width / 2 if line.anchor == "middle" else width if line.anchor == "end" else 0.0)
    s = line.size * MM_PER_PT
    return (x0, line.y - ASCENT * s, x0 + width, line.y + DESCENT * s)


def text_problems(face: Face, fonts, safe: float = SAFE_AREA) -> list[TextProblem]:
    """Every text line of ``face`` within ``safe`` mm of the trim, and every overlapping pair."""
    lines = [(i, text_box(i, fonts)) for i in face.items if type(i) is TextLine and i.text.strip()]
    out: list[TextProblem] = []
    for line, (x0, y0, x1, y1) in lines:
        distance = min(x0, y0, face.width - x1, face.height - y1)
        if distance < safe - 1e-6:
            out.append(TextProblem(line.text, (x0, y0, x1, y1), distance=round(distance, 2)))
    ordered = sorted(lines, key=lambda p: p[1][0])
    for n, (a, (ax0, ay0, ax1, ay1)) in enumerate(ordered):
        for b, (bx0, by0, bx1, by1) in ordered[n + 1:]:
            if bx0 >= ax1 - TOLERANCE:
                break
            overlap = min(ax1, bx1) - max(ax0, bx0)
            one_line = abs(a.y - b.y) < 1e-6 and a.size == b.size and bx0 >= ax0 and bx1 >= ax1
            if one_line and overlap <= TIGHT_EM * a.size * MM_PER_PT + TOLERANCE:
                continue
            if overlap > TOLERANCE and min(ay1, by1) - max(ay0, by0) > TOLERANCE:
                out.append(TextProblem(a.text, (ax0, ay0, ax1, ay1), other=b.text))
    return out
