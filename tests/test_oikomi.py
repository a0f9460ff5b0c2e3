"""Line finishing (#33): 追い込み of a short last line, 追い出し when that cannot work, katakana
words kept whole, and the tightened lines as drawn (fuda.faces.oikomi)."""

from __future__ import annotations

import itertools
import re

import pytest

from fuda import load_database
from fuda.faces import layout_text
from fuda.faces.fonts import default_fonts
from fuda.faces.kinsoku import NO_END, NO_START, PT_PER_MM, break_lines, fit_text, set_paragraph, tokenize
from fuda.faces.layout import lay_out
from fuda.faces.oikomi import SHORT, TRACK_MAX, room, spacing
from fuda.faces.primitives import TextLine

from .test_kinsoku import SAMPLE, mono

KATA = re.compile(r"[\u30a1-\u30fa\u30fc]")
PARAGRAPH = "捨て札から精霊を１枚選び、手札に加える。"  # 20 em, one 、


def test_a_short_last_line_is_pulled_back_by_tightening():
    """At 19 em the paragraph would end on 「る。」; it is set on one line tightened by 1 em (the
    、 compressed to half-width, the rest as letter spacing within the bound)."""
    assert break_lines(PARAGRAPH, 19, mono) == ["捨て札から精霊を１枚選び、手札に加え", "る。"]
    lines, tight = set_paragraph(tokenize(PARAGRAPH), mono, 19)
    assert lines == [PARAGRAPH] and tight == [pytest.approx(1.0)]
    assert room("、") + TRACK_MAX * (len(PARAGRAPH) - 1) >= 1.0


def test_when_tightening_is_not_enough_characters_are_pushed_out():
    """At 18 em pulling back would need 2 em, more than the bound: the last line takes a
    character more instead (「える。」), at a legal break, on the same number of lines."""
    assert break_lines(PARAGRAPH, 18, mono) == ["捨て札から精霊を１枚選び、手札に加え", "る。"]
    lines, tight = set_paragraph(tokenize(PARAGRAPH), mono, 18)
    assert lines == ["捨て札から精霊を１枚選び、手札に加", "える。"] and tight == [0.0, 0.0]


@pytest.mark.parametrize("width", range(4, 31))
def test_finishing_never_breaks_kinsoku_nor_the_box(width):
    """At every width, with finishing on: no prohibited line start or end, and every line fits
    its box once tightened by no more than its punctuation room and the letter-spacing bound."""
    for paragraph in SAMPLE.split("。"):
        if not paragraph:
            continue
        lines, tight = set_paragraph(tokenize(paragraph + "。"), mono, width)
        for i, (line, t) in enumerate(zip(lines, tight, strict=False)):
            units = tokenize(line)
            assert mono(line) - t <= width + 1e-9
            assert t <= sum(room(u) for u in units) + TRACK_MAX * (len(units) - 1) + 1e-9
            if i:
                assert line[0] not in NO_START, lines
            if i < len(lines) - 1:
                assert line[-1] not in NO_END, lines


def test_katakana_words_are_not_split_where_a_line_can_end_before_them():
    """「リフト」 goes to the next line whole instead of リ／フト."""
    text = "カードを１枚リフトする。"
    assert break_lines(text, 7, mono) == ["カードを１枚リ", "フトする。"]
    assert break_lines(text, 7, mono, keep_kana=True) == ["カードを１枚", "リフトする。"]


def test_keeping_a_katakana_word_never_costs_a_size():
    """When the box has room for two lines and keeping リフト whole needs three, the word is split
    at the template's size rather than the text shrunk."""
    fonts = default_fonts()
    size = 8.0
    text = "ああああああリフトあああああ"
    width = fonts.width("あああああああ", size, "regular") / PT_PER_MM + 0.01  # 7 em
    height = (size + size * 1.45) / PT_PER_MM + 0.01  # two lines
    ft = fit_text(text, width=width, height=height, fonts=fonts, size=size, min_size=6)
    assert ft.size == size and ft.lines == ("ああああああリ", "フトあああああ")
    roomy = fit_text(text, width=width, height=height * 2, fonts=fonts, size=size, min_size=6)
    assert roomy.size == size and all(not (a[-1] == "リ" and b[0] == "フ") for a, b in zip(roomy.lines, roomy.lines[1:], strict=False))


def test_spacing_compresses_punctuation_before_letter_spacing():
    """Half an em of 、 and of 「 go first (「 moves left into its empty half); letter spacing takes
    only what is left, and the parts add up to the tightening."""
    units = tokenize("あ、「い」う")
    plan = spacing(units, 1.0)
    assert sum(less for _, less in plan) == pytest.approx(1.0)
    assert plan[2][0] > 0 and plan[1][0] == 0  # the opening bracket shifts, the comma does not
    assert spacing(units, 0.0) == [(0.0, 0.0)] * len(units)
    loose = spacing(tokenize("あいう"), 0.1)
    assert [round(less, 3) for _, less in loose] == [0.05, 0.05, 0.0]


@pytest.fixture(scope="module")
def finished():
    """Every rules text box of every bundled face, as fit_text set it."""
    seen = []
    original = layout_text.fit_text

    def spy(text, **kw):
        ft = original(text, **kw)
        if kw.get("field") == "text":
            seen.append((kw.get("card"), text.strip("\n"), ft))
        return ft

    layout_text.fit_text = spy
    try:
        db = load_database()
        for game in db.games:
            for card in game.cards:
                lay_out(game, card)
    finally:
        layout_text.fit_text = original
    return seen


def _paragraphs(text, lines):
    out, i = [], 0
    for p in text.split("\n"):
        if not p:
            i += 1
            continue
        target, got, group = p.replace(" ", ""), "", []
        while i < len(lines) and len(got) < len(target):
            got += lines[i].replace(" ", "")
            group.append(lines[i])
            i += 1
        out.append(group)
    return out


def test_no_bundled_paragraph_ends_on_a_short_line(finished):
    """Over every face of the bundled games (24 rules-text paragraphs ended on 「る。」-like lines before #33),
    no paragraph of two lines or more ends on a line of ≤ 2 characters."""
    short = [(cid, g[-2:]) for cid, text, ft in finished for g in _paragraphs(text, ft.lines)
             if len(g) >= 2 and len(g[-1].strip()) <= SHORT]
    assert len(finished) > 150 and short == []


def test_bundled_katakana_words_are_split_only_where_keeping_costs_a_size(finished):
    """Of the 34 katakana words split across lines before #33, only those whose box would need a
    smaller size to keep them whole remain (each checked: one line more does not fit)."""
    splits = [(cid, a, b) for cid, text, ft in finished for g in _paragraphs(text, ft.lines)
              for a, b in itertools.pairwise(g) if a and b and KATA.match(a[-1]) and KATA.match(b[0])]
    assert len(splits) <= 1, splits


def test_a_tightened_line_is_drawn_inside_its_box():
    """hanafubuki's text ended on 「る。」; drawn now, no text-box baseline holds ≤ 2 characters,
    and the tightened line's last glyph ends inside the box."""
    db = load_database()
    game = db.game("hoshikage")
    card = next(c for c in game.cards if c.id == "hanafubuki")
    face, _ = lay_out(game, card)
    from fuda.faces.fonts import game_fonts

    fonts = game_fonts(game)
    body = [i for i in face.items if type(i) is TextLine and i.size <= 7.5 and i.y > 66.4]  # under the fields
    rows: dict[float, list[TextLine]] = {}
    for item in body:
        rows.setdefault(round(item.y, 3), []).append(item)
    assert rows and all(len("".join(i.text for i in row).strip()) > SHORT for row in rows.values())
    tight = [row for row in rows.values() if len(row) > 3]  # drawn token by token
    assert tight
    right = 5.6 + 51.8 + 0.01  # the derived layout's text box
    for row in tight:
        last = max(row, key=lambda i: i.x)
        ink = fonts.width_mm(last.text, last.size, last.font) * (0.5 if last.text in "。、」" else 1.0)
        assert last.x + ink <= right
