"""The 禁則 line breaker and shrink-to-fit (fuda.faces.kinsoku)."""

from __future__ import annotations

import itertools
import re

import pytest

from fuda.faces.fonts import default_fonts
from fuda.faces.kinsoku import (
    NO_END,
    NO_START,
    PT_PER_MM,
    FittedText,
    TextOverflow,
    break_lines,
    fit_line,
    fit_text,
    tokenize,
)


def mono(token: str) -> float:
    """A monospace measure: full-width characters 1, ASCII 0.5."""
    return sum(0.5 if ord(c) < 128 else 1.0 for c in token)


SAMPLE = ("【キャスト時】相手は手札を１枚伏せ札にする。「ブレイジングスター」は、ちょっと待って！"
          "ほら、キャッ！ちょっと…ねぇ、時々、ラーメン（大盛り）を『二重』に。《攻撃》をＨＰ＋２する？"
          "いすゞ、ちぇっ、ジュース。")


def check_lines(lines, width, measure=mono):
    for line in lines:
        assert measure(line) <= width + 1e-9, f"{line!r} is wider than {width}"
    for i, line in enumerate(lines):
        if i > 0 and line:
            assert line[0] not in NO_START, f"line {i} starts with {line[0]!r}: {lines}"
        if i < len(lines) - 1 and line:
            assert line[-1] not in NO_END, f"line {i} ends with {line[-1]!r}: {lines}"


@pytest.mark.parametrize("width", range(4, 31))
def test_no_prohibited_line_starts_or_ends_at_any_width(width):
    """At every width, no line starts with a NO_START character or ends with a NO_END one, and
    no line is wider than the box."""
    lines = break_lines(SAMPLE, width, mono)
    check_lines(lines, width)
    assert "".join(lines) == SAMPLE


@pytest.mark.parametrize("closer", list("、。，．」』）】》〉〕］｝！？：；・ー…ゝゞヽヾ々"
                                      "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ)]}!?,.:;%％"))
def test_each_line_start_prohibited_character_is_pushed_out(closer):
    """A character that may not start a line takes the previous character to the next line."""
    text = "あいうえお" + closer + "かきくけこ"
    lines = break_lines(text, 5, mono)
    assert lines[0] == "あいうえ"
    assert lines[1].startswith("お" + closer)
    check_lines(lines, 5)


@pytest.mark.parametrize("opener", list("「『（【《〈〔［｛([{"))
def test_each_line_end_prohibited_character_moves_to_the_next_line(opener):
    """An opening bracket that would end a line goes to the start of the next line instead."""
    text = "あいうえ" + opener + "かきくけこ"
    lines = break_lines(text, 5, mono)
    assert lines[0] == "あいうえ"
    assert lines[1].startswith(opener)


def test_push_out_never_hangs_punctuation_past_the_box():
    """A full stop at the edge is not hung outside the box: the line gives a character up."""
    lines = break_lines("あいうえお。かきくけこ", 5, mono)
    assert lines == ["あいうえ", "お。かきく", "けこ"]
    assert all(mono(line) <= 5 for line in lines)


def test_a_run_of_closers_is_pushed_out_together():
    """」。 after the edge pushes the last character before them too."""
    lines = break_lines("あいうえお」。かき", 5, mono)
    assert lines == ["あいうえ", "お」。かき"]


def test_latin_words_and_numbers_are_not_split():
    """Runs of Latin letters and digits (ASCII or full-width) stay whole on one line."""
    lines = break_lines("パワーを1000する。ＨＰ１２３を得るthe quick brown fox", 6, mono)
    joined = " ".join(lines)
    for word in ("1000", "ＨＰ１２３", "quick", "brown"):
        assert any(word in line for line in lines), (word, joined)
    check_lines(lines, 6)


def test_ascii_spaces_vanish_at_line_breaks():
    """A break at an ASCII space drops the space rather than starting a line with it."""
    lines = break_lines("aaaa bbbb cccc", 2.5, mono)
    assert lines == ["aaaa", "bbbb", "cccc"]


def test_a_word_wider_than_the_line_is_split_rather_than_overflowing():
    """A single word too long for any line is broken into characters (text never leaves the box)."""
    lines = break_lines("supercalifragilistic", 3, mono)
    assert all(mono(line) <= 3 for line in lines)
    assert "".join(lines) == "supercalifragilistic"


def test_explicit_newlines_and_empty_lines_are_kept():
    """Explicit line breaks start new lines; an empty line stays an empty line."""
    assert break_lines("あい\nうえ\n\nお", 10, mono) == ["あい", "うえ", "", "お"]


def test_leading_full_width_space_is_kept():
    """A paragraph indent (全角スペース) is kept at the start, unlike Paragraph(wordWrap='CJK')."""
    lines = break_lines("　あいうえおかきくけこ", 5, mono)
    assert lines[0].startswith("\u3000")
    assert "".join(lines) == "　あいうえおかきくけこ"


def test_atoms_are_never_split():
    """Label atoms such as 【キャスト時】 stay on one line."""
    atoms = re.compile("【[^】]*】")
    lines = break_lines("あいう【キャスト時】かきくけこ", 8, mono, atoms)
    assert any("【キャスト時】" in line for line in lines)
    assert tokenize("あ【覚醒中】い", atoms) == ["あ", "【覚醒中】", "い"]


def test_no_legal_break_falls_back_to_breaking_inside_the_box():
    """A line made only of closers still breaks inside the box instead of overflowing."""
    lines = break_lines("」」」」」」」」", 3, mono)
    assert all(mono(line) <= 3 for line in lines)
    assert "".join(lines) == "」」」」」」」」"


# -- shrink-to-fit ---------------------------------------------------------------------------

FONTS = default_fonts()
TEXT = "【キャスト時】相手は手札を１枚伏せ札にする。その後、自分の展開中のカード１枚をリフトする。" * 2


def test_text_that_fits_keeps_the_template_size():
    """Short text is set at the template's size, one line."""
    fitted = fit_text("２ドローする。", width=50, height=20, fonts=FONTS, size=8, min_size=6)
    assert fitted == FittedText(("２ドローする。",), 8.0, 1.0, 8.0 * 1.45)


def test_shrink_to_fit_steps_down_a_quarter_point_to_the_largest_size_that_fits():
    """The chosen size fits; a quarter point larger does not (or is the template size)."""
    fitted = fit_text(TEXT, width=50, height=14, fonts=FONTS, size=9, min_size=6)
    assert 6 <= fitted.size < 9
    assert (fitted.size * 4) == int(fitted.size * 4)
    assert fitted.height <= 14 * PT_PER_MM + 1e-6
    with pytest.raises(TextOverflow):
        fit_text(TEXT, width=50, height=14, fonts=FONTS, size=fitted.size + 0.25, min_size=fitted.size + 0.25)
    for line in fitted.lines:
        assert FONTS.width(line, fitted.size) <= 50 * PT_PER_MM + 1e-6


def test_overflow_at_the_minimum_names_card_and_field():
    """Text that does not fit at the minimum size raises TextOverflow naming card and field."""
    with pytest.raises(TextOverflow) as info:
        fit_text(TEXT * 5, width=50, height=14, fonts=FONTS, size=8, min_size=6, card="reimu-1", field="text")
    assert info.value.card == "reimu-1" and info.value.field == "text"
    assert "reimu-1" in str(info.value) and "6 pt" in str(info.value)


def test_names_squeeze_before_they_shrink():
    """A name slightly too long keeps its size and is squeezed; a much longer one shrinks at 70%."""
    name = "恋符「マスタースパーク」"
    natural = FONTS.width_mm(name, 10, "bold")
    squeezed = fit_line(name, width=natural * 0.85, fonts=FONTS, size=10, min_size=7)
    assert squeezed.size == 10 and 0.7 <= squeezed.h_scale < 1.0
    shrunk = fit_line(name, width=natural * 0.6, fonts=FONTS, size=10, min_size=7)
    assert shrunk.h_scale == 0.7 and shrunk.size < 10
    assert FONTS.width_mm(name, shrunk.size, "bold") * 0.7 <= natural * 0.6 + 1e-6
    with pytest.raises(TextOverflow) as info:
        fit_line(name, width=natural * 0.2, fonts=FONTS, size=10, min_size=7, card="x", field="name")
    assert info.value.field == "name"


# -- signs and stat pairs --------------------------------------------------------------------

SIGNED_TEXT = ("このターン、味方のスピードを＋２し、相手の守備力を－３００する。命中率は±１０まで。"
               "次の手番、対象の攻撃力を＋２／－１する。範囲は-4から+12まで、重さは−５。")


def _split_signs(lines):
    """Line ends where a sign is cut from the number that follows it."""
    bad = []
    for a, b in itertools.pairwise(lines):
        if a and b and a[-1] in "＋－±+-−" and b[0] in "0123456789０１２３４５６７８９":
            bad.append(a[-1] + "|" + b[:3])
    return bad


@pytest.mark.parametrize("width", [x / 2 for x in range(6, 61)])
def test_a_sign_is_never_split_from_its_number(width):
    """At every width, ＋ － ± (and ASCII + - and −) stay on the line of the number after them."""
    lines = break_lines(SIGNED_TEXT, width, mono)
    assert _split_signs(lines) == [], lines
    assert "".join(lines) == SIGNED_TEXT
    check_lines(lines, width)


@pytest.mark.parametrize("width", [x / 2 for x in range(10, 61)])
def test_a_stat_pair_stays_on_one_line_where_it_fits(width):
    """＋２／－１ is never broken across lines when the line is at least as wide as the pair."""
    lines = break_lines(SIGNED_TEXT, width, mono)
    assert any("＋２／－１" in line for line in lines), lines


def test_a_stat_pair_wider_than_the_line_splits_after_the_slash():
    """A pair that cannot fit one line breaks after ／, each signed number still whole."""
    lines = break_lines("＋１０／＋１０", 4, mono)
    assert lines == ["＋１０／", "＋１０"]
    assert tokenize("攻撃力を＋１／＋０する") == ["攻", "撃", "力", "を", "＋１／＋０", "す", "る"]
    assert tokenize("パワーを＋５００する")[4] == "＋５００"


def test_a_katakana_word_wider_than_the_line_still_breaks_by_kinsoku():
    """keep_kana never forces a break against 禁則: a katakana word filling the line is split
    where the ordinary rules allow (ジュー／ス。), never before a 。."""
    lines = break_lines("ジュース。", 4, mono, keep_kana=True)
    assert lines == ["ジュー", "ス。"]
    assert break_lines("ジュース。", 4, mono) == lines
