"""Japanese line breaking (禁則処理, after JLREQ) and shrink-to-fit, with the real font's widths.

Rules (JLREQ §3.1.7, strict set): a line never starts with a closing bracket, a comma or full
stop, a small kana, a prolonged sound mark, an iteration mark, ！？：；・… (``NO_START``) and
never ends with an opening bracket (``NO_END``). A break that would violate this is moved
earlier — the offending character is *pushed out* to the next line (追い出し) — never hung past
the box (ぶら下げ), so text never leaves its frame. Runs of Latin letters and digits are words
and are not split; a sign (＋－±) stays with the number after it, and a stat pair such as
＋１／＋０ stays on one line where it fits; ASCII spaces are break opportunities and vanish at a line edge; an explicit
newline is kept; a leading full-width space (字下げ) is an ordinary character and is kept.

``fit_text`` tries the template's size and steps down 0.25 pt until the lines fit the box, to the
template's minimum; ``fit_line`` squeezes a one-line name horizontally before it shrinks. Text
that does not fit at the minimum raises :class:`TextOverflow`, which names card and field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from fuda.faces.oikomi import finish, kana_inside

PT_PER_MM = 72.0 / 25.4

#: Characters that must not start a line (JLREQ cl-02 closing brackets, cl-03 hyphens, cl-04
#: dividing punctuation, cl-05 middle dots, cl-06/07 full stops and commas, cl-08 inseparable,
#: cl-09 iteration marks, cl-10 prolonged sound mark, cl-11 small kana), plus ASCII closers.
NO_START = frozenset(
    "、。，．,.）〕］｝〉》」』】〙〗〟’”｠»)]}"
    "‐゠–〜～"
    "！？‼⁇⁈⁉!?"
    "・：；:;"
    "…‥"
    "ゝゞヽヾ々〻"
    "ー"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    "％%"
)
#: Characters that must not end a line (JLREQ cl-01 opening brackets), plus ASCII openers.
NO_END = frozenset("（〔［｛〈《「『【〘〖〝‘“｟«([{")

_WORD = r"[0-9A-Za-z０-９Ａ-Ｚａ-ｚ][0-9A-Za-z０-９Ａ-Ｚａ-ｚ.,'’+\-/#&_]*(?<![.,])"
#: Signs that belong to the number after them: 「パワーを＋５００」 never breaks after ＋.
SIGNS = "＋－±∓+\\-−"
_NUMBER = r"[0-9０-９]+(?:[.．][0-9０-９]+)?"
_SIGNED = rf"[{SIGNS}]{_NUMBER}[0-9A-Za-z０-９Ａ-Ｚａ-ｚ]*"
#: A stat pair or fraction such as ＋１／＋０ or ３／３, kept on one line where it fits.
_PAIR = rf"[{SIGNS}]?{_NUMBER}(?:[／/][{SIGNS}]?{_NUMBER})+"
_STAT_PAIR = re.compile(_PAIR)
_PAIR_PART = re.compile(rf"[{SIGNS}]?{_NUMBER}[／/]?")
_TOKEN = re.compile(rf"{_PAIR}|{_SIGNED}|{_WORD}| +|.", re.S)


class TextOverflow(ValueError):
    """Text that does not fit its box even at the template's minimum size."""

    def __init__(self, card: str | None, field: str, message: str, *, size: float = 0.0,
                 lines: int = 0, max_lines: int = 0):
        self.card = card
        self.field = field
        self.size = size
        self.lines = lines
        self.max_lines = max_lines
        who = f"card {card}: " if card else ""
        super().__init__(f"{who}{field}: {message}")


@dataclass(frozen=True)
class FittedText:
    """Text broken into lines at a font size (pt), with the horizontal scale and line pitch (pt)."""

    lines: tuple[str, ...]
    size: float
    h_scale: float = 1.0
    leading: float = 0.0  # baseline-to-baseline distance, points
    tight: tuple[float, ...] = ()  # per line, em taken out by 追い込み (empty: none)

    def tightened(self, i: int) -> float:
        """Em line ``i`` is set tighter than natural (0 for most lines)."""
        return self.tight[i] if i < len(self.tight) else 0.0

    @property
    def height(self) -> float:
        """Height in points from the first line's top (size) to the last line's baseline."""
        return self.size + max(0, len(self.lines) - 1) * self.leading if self.lines else 0.0


def tokenize(paragraph: str, atoms: re.Pattern | None = None) -> list[str]:
    """Split one paragraph into unbreakable tokens: atoms (e.g. 【labels】), Latin words,
    runs of ASCII spaces, and single characters."""
    if atoms is None:
        return _TOKEN.findall(paragraph)
    out: list[str] = []
    pos = 0
    for m in atoms.finditer(paragraph):
        out.extend(_TOKEN.findall(paragraph[pos:m.start()]))
        out.append(m.group(0))
        pos = m.end()
    out.extend(_TOKEN.findall(paragraph[pos:]))
    return out


def _breakable(before: str, after: str, keep_kana: bool = False) -> bool:
    """May a line end after token ``before`` and the next start with token ``after``? With
    ``keep_kana`` not inside a katakana word either (リフ／ト)."""
    if before[-1] == " " or after[0] == " ":
        return True
    if keep_kana and kana_inside(before, after):
        return False
    return after[0] not in NO_START and before[-1] not in NO_END


def break_paragraph(tokens: list[str], widths: list[float], max_width: float, *, keep_kana: bool = False,
                    room: list[float] | None = None, track: float = 0.0) -> list[list[str]]:
    """Greedy line breaking of one paragraph's tokens (with their widths) into lines no wider
    than ``max_width``, moving breaks earlier (push-out) to honour the 禁則 rules (and, with
    ``keep_kana``, katakana words). ``room`` (per token) and ``track`` (between tokens) are
    what a line may be tightened by (追い込み, :mod:`fuda.faces.oikomi`), in width units."""
    lines: list[list[str]] = []
    n = len(tokens)
    start = 0
    while start < n:
        while start < n and tokens[start][0] == " " and lines:  # spaces vanish at a line start
            start += 1
        if start >= n:
            break
        total = 0.0
        i = start
        while i < n:
            w = widths[i] - (room[i] if room else 0.0) - (track if i > start else 0.0)
            if total + w > max_width + 1e-9:
                break
            total += w
            i += 1
        if i >= n:
            lines.append(tokens[start:n])
            break
        if i == start:  # one token wider than the line: it gets a line of its own
            lines.append([tokens[start]])
            start += 1
            continue
        b = i
        while b > start + 1 and not _breakable(tokens[b - 1], tokens[b], keep_kana):
            b -= 1
        if keep_kana and not _breakable(tokens[b - 1], tokens[b], True):
            b = i  # a katakana word as wide as the line: split it, 禁則 still holds
            while b > start + 1 and not _breakable(tokens[b - 1], tokens[b]):
                b -= 1
        if not _breakable(tokens[b - 1], tokens[b]):
            b = i  # no legal break in the whole line: break where it overflows, never hang
        line = tokens[start:b]
        while line and line[-1][0] == " ":
            line.pop()
        lines.append(line)
        start = b
    return lines


def split_oversized(tokens: list[str], width_of: Callable[[str], float], max_width: float) -> list[str]:
    """Tokens wider than a whole line (a very long word or label) are split into characters;
    a stat pair (＋１／＋０) too wide for a line is split after its slashes, each signed number
    kept whole."""
    out: list[str] = []
    for tok in tokens:
        if len(tok) > 1 and width_of(tok) > max_width:
            if _STAT_PAIR.fullmatch(tok):
                out.extend(split_oversized(_PAIR_PART.findall(tok), width_of, max_width))
            else:
                out.extend(tok)
        else:
            out.append(tok)
    return out


def break_lines(text: str, max_width: float, width_of: Callable[[str], float],
                atoms: re.Pattern | None = None, *, keep_kana: bool = False,
                oikomi: bool = False) -> list[str]:
    """Break ``text`` into lines no wider than ``max_width`` (units of ``width_of``); explicit
    newlines are kept, an empty paragraph gives an empty line. ``keep_kana`` keeps katakana
    words whole where it can; ``oikomi`` finishes short last lines (see :func:`set_paragraph`)."""
    result: list[str] = []
    for paragraph in text.split("\n"):
        if not paragraph:
            result.append("")
            continue
        lines, _ = set_paragraph(tokenize(paragraph, atoms), width_of, max_width, keep_kana=keep_kana, oikomi=oikomi)
        result.extend(lines)
    return result


def set_paragraph(tokens: list[str], width_of: Callable[[str], float], max_width: float, *,
                  keep_kana: bool = True, oikomi: bool = True) -> tuple[list[str], list[float]]:
    """One paragraph's tokens broken into lines, with the em each line is tightened by: 禁則,
    katakana words kept whole (``keep_kana``) and a short last line finished (``oikomi``,
    :func:`fuda.faces.oikomi.finish`)."""
    tokens = split_oversized(tokens, width_of, max_width)
    widths = [width_of(t) for t in tokens]
    breaker = partial(break_paragraph, keep_kana=keep_kana)
    lines = breaker(tokens, widths, max_width)
    tight = [0.0] * len(lines)
    if oikomi:
        lines, tight = finish(tokens, widths, lines, max_width, breaker,
                              partial(_breakable, keep_kana=keep_kana))
    return ["".join(x) for x in lines], tight


def _sizes(size: float, min_size: float, step: float):
    """``size``, then ``step`` smaller, …, and ``min_size`` itself last (a scaled design's
    minimum need not lie on the step grid)."""
    k = 0
    last = None
    while True:
        s = round(size - k * step, 4)
        if s < min_size - 1e-9:
            break
        yield s
        last = s
        k += 1
    if last is None or last > min_size + 1e-9:
        yield round(min_size, 4)


def fit_text(text: str, *, width: float, height: float, fonts, role: str = "regular",
             size: float, min_size: float, leading: float = 1.45, step: float = 0.25,
             atoms: re.Pattern | None = None, atom_width: Callable[[str, float], float] | None = None,
             card: str | None = None, field: str = "text") -> FittedText:
    """Break and shrink ``text`` to fit a ``width`` × ``height`` mm box: the largest size from
    ``size`` down to ``min_size`` in ``step`` pt steps whose lines fit; ``leading`` is the line
    pitch as a multiple of the size. ``atom_width(token, size)`` (pt) measures atom tokens.
    Raises :class:`TextOverflow` naming ``card`` and ``field`` when even ``min_size`` is too big."""
    width_pt, height_pt = width * PT_PER_MM, height * PT_PER_MM
    paragraphs = text.rstrip("\n").split("\n")
    tokenized = [tokenize(p, atoms) for p in paragraphs]
    unit: dict[str, float] = {}

    def unit_width(tok: str) -> float:
        w = unit.get(tok)
        if w is None:
            if atoms is not None and atom_width is not None and atoms.fullmatch(tok):
                w = atom_width(tok, 1.0)
            else:
                w = fonts.width(tok, 1.0, role)
            unit[tok] = w
        return w

    last = None
    for s in _sizes(size, min_size, step):
        max_w = width_pt / s
        for keep in (True, False):  # a katakana word is kept whole only where that costs no size
            lines: list[str] = []
            tight: list[float] = []
            for p, toks in zip(paragraphs, tokenized, strict=False):
                if not p:
                    lines.append("")
                    tight.append(0.0)
                    continue
                got, em = set_paragraph(toks, unit_width, max_w, keep_kana=keep)
                lines.extend(got)
                tight.extend(em)
            need = s + (len(lines) - 1) * s * leading
            if need <= height_pt + 1e-6:
                return FittedText(tuple(lines), s, 1.0, s * leading, tuple(tight) if any(tight) else ())
        last = (s, len(lines))
    s, n = last if last else (min_size, 0)
    fit_lines = int((height_pt - s) // (s * leading)) + 1 if height_pt >= s else 0
    raise TextOverflow(card, field, f"does not fit its box even at the minimum {min_size:g} pt "
                       f"({n} lines, room for {fit_lines})", size=s, lines=n, max_lines=fit_lines)


def fit_line(text: str, *, width: float, fonts, role: str = "bold", size: float, min_size: float,
             min_scale: float = 0.7, step: float = 0.25, card: str | None = None,
             field: str = "name") -> FittedText:
    """Fit one line (a name) into ``width`` mm: squeeze horizontally down to ``min_scale`` at
    ``size``, then shrink the size (at ``min_scale``) down to ``min_size``; else TextOverflow."""
    width_pt = width * PT_PER_MM
    natural = fonts.width(text, 1.0, role)
    if natural * size <= width_pt:
        return FittedText((text,), size, 1.0, size)
    if natural * size * min_scale <= width_pt:
        scale = max(min_scale, width_pt / (natural * size))
        return FittedText((text,), size, round(scale - 0.0005, 3), size)
    for s in _sizes(size, min_size, step):
        if natural * s * min_scale <= width_pt:
            return FittedText((text,), s, min_scale, s)
    raise TextOverflow(card, field, f"{text!r} is too long for one line even at {min_size:g} pt "
                       f"squeezed to {min_scale:.0%}", size=min_size, lines=1, max_lines=1)
