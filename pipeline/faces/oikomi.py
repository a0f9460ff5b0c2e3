"""Line finishing for Japanese rules text: 追い込み (pulling a short last line back) and whole
katakana words.

A paragraph whose last line would hold only one or two characters (「…す／る。」) is finished
in this order, the first that works winning:

1. **追い込み** — the lines are broken again from the last one backwards (the penultimate line,
   then the two before it, …) with each line allowed to be set tighter than the box, until the
   paragraph has one line fewer. A line is tightened first by the JIS X 4051 punctuation
   compression — the half-em space of 、，, of a closing bracket after its glyph, of an opening
   bracket before it, and the quarter-em spaces either side of ・：； go (set as half-width
   forms) — and only then by letter spacing, at most :data:`TRACK_MAX` em between tokens.
   The 句点 。 keeps its space (JLREQ does not compress it when tightening).
2. **追い出し** — else characters are pushed from the penultimate line onto the last one until
   it holds :data:`MIN_LAST` characters (a legal 禁則 break; the line count is unchanged).

The breaks always honour the 禁則 rules of :mod:`fuda.faces.kinsoku`; a line never gets wider than its
box (tightening only ever removes space). How much each line was tightened is returned in em, and
:func:`spacing` turns it back into per-token offsets when the line is drawn, so the breaker and
the painter agree.

Katakana words (カタカナ and ー runs) are kept whole where a line can end before them: see
:func:`kana_inside` and ``keep_kana`` of :func:`fuda.faces.kinsoku.break_paragraph`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

#: A last line with at most this many characters is "short" (「る。」) …
SHORT = 2
#: … and after 追い出し the last line holds at least this many.
MIN_LAST = SHORT + 1
#: The most letter spacing taken away between two tokens of a tightened line, in em.
TRACK_MAX = 0.05

#: Punctuation whose space may be compressed (JIS X 4051 約物の詰め): character → (em of space
#: that can go, where the space sits: "after" the glyph, "before" it, or "both" sides evenly).
COMPRESSIBLE: dict[str, tuple[float, str]] = {
    **{c: (0.5, "after") for c in "、，）〕］｝〉》」』】〙〗"},
    **{c: (0.5, "before") for c in "（〔［｛〈《「『【〘〖"},
    **{c: (0.5, "both") for c in "・：；"},
}

KATAKANA = frozenset(chr(c) for c in range(0x30A1, 0x30FB)) | {"ー", "ヽ", "ヾ"}


def kana_inside(before: str, after: str) -> bool:
    """True when a break between tokens ``before`` and ``after`` would split a katakana word."""
    return before[-1] in KATAKANA and after[0] in KATAKANA


def room(token: str) -> float:
    """Em of space JIS punctuation compression can take out of ``token`` (0 for most)."""
    return COMPRESSIBLE.get(token, (0.0, ""))[0] if len(token) == 1 else 0.0


def chars(line: Sequence[str]) -> int:
    """Visible characters of a line (tokens joined, spaces not counted)."""
    return len("".join(line).replace(" ", ""))


def finish(tokens: list[str], widths: list[float], lines: list[list[str]], max_width: float,
           breaker: Callable[..., list[list[str]]],
           can_break: Callable[[str, str], bool]) -> tuple[list[list[str]], list[float]]:
    """Finish one paragraph broken into ``lines`` (lists of ``tokens``, whose ``widths`` are in
    the units of ``max_width``): returns the lines and, per line, the em to tighten it by.
    ``breaker(tokens, widths, max_width, room=…, track=…)`` is the 禁則 line breaker and
    ``can_break(before, after)`` its rule for one break."""
    plain = [0.0] * len(lines)
    if len(lines) < 2 or chars(lines[-1]) > SHORT:
        return lines, plain
    starts = _starts(tokens, lines)
    rooms = [room(t) for t in tokens]
    width = dict(zip(tokens, widths, strict=False))  # a token's width depends on the token alone
    for k in range(len(lines) - 2, -1, -1):  # fewest lines touched first
        s = starts[k]
        again = breaker(tokens[s:], widths[s:], max_width, room=rooms[s:], track=TRACK_MAX)
        if len(again) < len(lines) - k:
            out = lines[:k] + again
            tight = plain[:k] + [max(0.0, _width(line, width) - max_width) for line in again]
            return out, [round(t, 6) for t in tight]
    return _push_out(lines, width, max_width, can_break), plain


def _starts(tokens: list[str], lines: list[list[str]]) -> list[int]:
    """Index in ``tokens`` of each line's first token (spaces dropped at line edges skipped)."""
    starts, pos = [], 0
    for line in lines:
        if line:
            while tokens[pos] != line[0] or tokens[pos:pos + len(line)] != line:
                pos += 1
        starts.append(pos)
        pos += len(line)
    return starts


def _width(line: Sequence[str], width: dict[str, float]) -> float:
    return sum(width[t] for t in line)


def _push_out(lines: list[list[str]], width: dict[str, float], max_width: float,
              can_break: Callable[[str, str], bool]) -> list[list[str]]:
    """追い出し: move tokens from the penultimate line down until the last holds MIN_LAST
    characters, at a legal break and with the last line still inside the box."""
    prev, last = list(lines[-2]), list(lines[-1])
    while len(prev) > 1 and chars(last) < MIN_LAST + 4:  # a few characters at most, never a line
        last.insert(0, prev.pop())
        while prev and prev[-1][0] == " ":
            prev.pop()
        if chars(last) >= MIN_LAST and _width(last, width) > max_width + 1e-9:
            break
        if prev and chars(last) >= MIN_LAST and can_break(prev[-1], last[0]):
            return [*lines[:-2], prev, last]
    return lines


def spacing(units: Sequence[str], tight: float) -> list[tuple[float, float]]:
    """How to set a line of ``units`` (tokens) tightened by ``tight`` em: per unit, (shift of
    its glyph to the left, em taken from its advance), both in em. Punctuation space goes first
    (evenly over every compressible unit), letter spacing between units takes the rest."""
    if tight <= 0 or not units:
        return [(0.0, 0.0)] * len(units)
    total = sum(room(u) for u in units)
    punct = min(tight, total)
    ratio = punct / total if total else 0.0
    gaps = max(1, len(units) - 1)
    track = (tight - punct) / gaps
    result = []
    for i, u in enumerate(units):
        r = room(u) * ratio
        side = COMPRESSIBLE.get(u, (0.0, "after"))[1] if len(u) == 1 else "after"
        shift = r if side == "before" else r / 2 if side == "both" else 0.0
        result.append((shift, r + (track if i < len(units) - 1 else 0.0)))
    return result
