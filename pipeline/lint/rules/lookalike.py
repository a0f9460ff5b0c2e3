"""JP1xx — look-alike and invisible characters: text that prints almost right but is wrong.

Hiragana or kanji that look like katakana inside a katakana word (スぺル, パワ一), katakana in
a kanji word (攻撃カ), dashes standing in for the long-vowel mark or the attack bar ー, ー used
as a minus sign, ASCII III for Ⅲ, half-width katakana, zero-width and control characters and
non-breaking spaces. Every one has a safe mechanical fix (``fuda lint --fix``).
"""

from __future__ import annotations

import re
import unicodedata

from fuda.lint.check import TEXT_KINDS, FieldCheck, Hit, RuleInfo

GROUP = "lookalike"
KATA = "ァ-ヺー"  # katakana letters and the long-vowel mark (U+30A1-U+30FA, U+30FC)
KANJI = "\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF々〆"
DIGIT = "0-9０-９"
DASHES = "‐‑‒–—―−－\\-"  # U+2010 2011 2012 2013 2014 2015 2212 FF0D 002D (escaped for classes)

HIRA_FOR_KATA = {"べ": "ベ", "ぺ": "ペ", "り": "リ", "へ": "ヘ"}
KANJI_FOR_KATA = {"一": "ー", "力": "カ", "工": "エ", "口": "ロ", "二": "ニ", "夕": "タ", "卜": "ト", "八": "ハ"}
KATA_FOR_KANJI = {"カ": "力", "ニ": "二", "ロ": "口", "エ": "工", "タ": "夕", "ー": "一"}
ROMAN = "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ"
ROMAN_VALUE = {"I": 1, "V": 5, "X": 10, "Ｉ": 1, "Ｖ": 5, "Ｘ": 10}

RULES = (
    RuleInfo("JP101", "error", "hiragana look-alike inside a katakana word", GROUP, fixable=True, explain="""\
A hiragana that looks like a katakana (べ/ベ, ぺ/ペ, り/リ, へ/ヘ) stands between katakana, e.g.
スぺル (ぺ is hiragana) for スペル. Printed, it looks right; search, sorting and the online
exports treat it as a different word.
  bad:  ス<ぺ>ルカード    good: スペルカード
へ is also a particle (ゾーンへリフト), so a へ is reported only before a small kana, ン or ー
(へッド). Fix: --fix replaces the hiragana with its katakana."""),
    RuleInfo("JP102", "error", "kanji look-alike inside a katakana word", GROUP, fixable=True, explain="""\
A kanji that looks like a katakana stands inside a katakana word: 一 for ー, 力 for カ, 工 for
エ, 口 for ロ, 二 for ニ, 夕 for タ, 卜 for ト, 八 for ハ, e.g. パワ一 (一 is the kanji "one").
Reported between two katakana, before ー, and 一 after a katakana at the end of a word.
  bad:  パワ<一>を＋１する    good: パワーを＋１する
Fix: --fix replaces the kanji with its katakana."""),
    RuleInfo("JP103", "error", "dash in place of the long-vowel mark ー", GROUP, fixable=True, explain="""\
A dash or minus (‐ – — ― − － -) follows a katakana where the long-vowel mark ー belongs, e.g.
パワ－ (U+FF0D) for パワー. A dash followed by a digit is a minus sign and is not reported here.
Fix: --fix writes ー (U+30FC)."""),
    RuleInfo("JP104", "error", "dash in place of the attack bar ー", GROUP, fixable=True, explain="""\
An attack value side that cannot be chosen is printed with the bar ー (U+30FC), e.g. 攻撃力ー／１.
A dash or minus (－ − — ‐ -) in that place looks the same on paper but is a different character
to exports and engines.
  bad:  攻撃力<－>／１    good: 攻撃力ー／１
Fix: --fix writes ー."""),
    RuleInfo("JP105", "error", "ー or a dash used as a minus sign", GROUP, fixable=True, explain="""\
A change of a number is printed with the minus sign of the game's digits (－ U+FF0D with
full-width digits, - with half-width ones). The long-vowel mark ー or a dash (‐ – — ― −) before a
digit is a look-alike, e.g. 攻撃力を<ー>１する.
Fix: --fix writes the game's minus sign."""),
    RuleInfo("JP106", "error", "ASCII letters in place of a Roman numeral", GROUP, fixable=True, explain="""\
Recast times and zones are printed with the Roman numerals Ⅰ Ⅱ Ⅲ (U+2160…). Letters I, V, X
(ASCII or full-width) standing alone, or several numerals in a row (ⅠⅠ), are look-alikes.
  bad:  ［III］に展開する    good: ［Ⅲ］に展開する
Only rules text is checked (names may use Latin letters). Fix: --fix writes the numeral."""),
    RuleInfo("JP107", "error", "half-width katakana", GROUP, fixable=True, explain="""\
Half-width katakana (ｶｰﾄﾞ, U+FF61–U+FF9F) do not belong in printed card text; they are narrow,
break Duel Online's CP932 round trip into different bytes and do not match searches.
Fix: --fix converts them to full-width (NFKC: ｶﾞ becomes ガ)."""),
    RuleInfo("JP108", "error", "zero-width or control character", GROUP, fixable=True, explain="""\
Invisible characters — zero-width space/joiners (U+200B–U+200F, U+2060), the BOM U+FEFF, soft
hyphen U+00AD, bidirectional controls and control characters such as tab — are usually pasted
in by accident. They do not print, but they break line breaking, searches and exports.
Fix: --fix removes them."""),
    RuleInfo("JP109", "error", "non-breaking or typographic space", GROUP, fixable=True, explain="""\
A no-break space (U+00A0, U+202F) or a typographic space (U+2000–U+200A, U+205F) looks like a
space but is a different character to line breaking and exports.
Fix: --fix writes an ordinary space (then JP207 reports it if it doubles another space)."""),
    RuleInfo("JP110", "error", "katakana look-alike inside a kanji word", GROUP, fixable=True, explain="""\
A katakana that looks like a kanji stands alone next to kanji: カ for 力 (攻撃カ), ニ for 二,
ロ for 口, エ for 工, タ for 夕, ー for 一 (ー枚). カ after a digit (３カ月) and the attack bar
(攻撃力ー／１) are not reported.
Fix: --fix writes the kanji."""),
)

_JP101 = re.compile(f"(?<=[{KATA}])[べぺり](?=[{KATA}])|(?<=[{KATA}])へ(?=[ァィゥェォッャュョヮヵヶンー])")
_JP102 = re.compile(
    f"(?<=[{KATA}])[一力工口二夕卜八](?=[{KATA}])"
    f"|[一力工口二夕卜八](?=ー(?![／/]))"
    f"|(?<=[ァ-ヺ])一(?=[をがにはのとでもへや、。」）』】\\n]|\\Z)")
_JP103 = re.compile(f"(?<=[ァ-ヺ])[{DASHES}](?![{DIGIT}{DASHES}])")
_JP104 = re.compile(f"(?<=攻撃力)[{DASHES}](?=[／/])|(?<=[{DIGIT}ー][／/])[{DASHES}](?![{DIGIT}])")
_JP105 = re.compile(f"(?<![ァ-ヺー])ー(?=[{DIGIT}])|[‐‑‒–—―−](?=[{DIGIT}])")
_ROMAN_ASCII = re.compile(
    r"(?<![A-Za-zＡ-Ｚａ-ｚ])(?:[IVX]{2,4}|[ＩＶＸ]{2,4})(?![A-Za-zＡ-Ｚａ-ｚ])"
    r"|(?<=[［\[])[IＩVＶXＸ](?=[］\]])"
    "|Ⅰ{2,3}")
_HALF_KANA = re.compile("[\uFF61-\uFF9F]+")
_INVISIBLE = re.compile(
    "[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]")
_SPACES = re.compile("[\u00A0\u2000-\u200A\u202F\u205F]")
_JP110 = re.compile(
    f"(?<![{KATA}{DIGIT}])[カニロエタ](?![{KATA}])(?:(?<=[{KANJI}].)|(?=[{KANJI}]))"
    f"|(?<![{KATA}／/])ー(?![{KATA}／/])(?:(?<=[{KANJI}].)(?=[{KANJI}])|(?=[枚体回度つ人]))")


def _roman(text: str) -> str | None:
    """The single Roman numeral character for ``III``, ``ＩＶ``, ``ⅠⅠ`` …; None if invalid."""
    if all(c in ROMAN for c in text):
        total = sum(ROMAN.index(c) + 1 for c in text)
    else:
        values = [ROMAN_VALUE[c] for c in text]
        total = 0
        for i, v in enumerate(values):
            total += -v if i + 1 < len(values) and values[i + 1] > v else v
    return ROMAN[total - 1] if 1 <= total <= 12 else None


def scan_kana(ctx, fld):
    """JP101, JP102, JP107."""
    value = fld.value
    for m in _JP101.finditer(value):
        yield Hit("JP101", m.start(), m.end(), f"hiragana '{m.group()}' inside a katakana word",
                  f"write the katakana '{HIRA_FOR_KATA[m.group()]}'", HIRA_FOR_KATA[m.group()])
    for m in _JP102.finditer(value):
        kata = KANJI_FOR_KATA[m.group()]
        yield Hit("JP102", m.start(), m.end(), f"kanji '{m.group()}' inside a katakana word",
                  f"write the katakana '{kata}'", kata)
    for m in _HALF_KANA.finditer(value):
        full = unicodedata.normalize("NFKC", m.group())
        yield Hit("JP107", m.start(), m.end(), f"half-width katakana '{m.group()}'", f"write '{full}'", full)


def scan_dashes(ctx, fld):
    """JP103, JP104, JP105."""
    value = fld.value
    bar = set()
    for m in _JP104.finditer(value):
        bar.add(m.start())
        yield Hit("JP104", m.start(), m.end(), f"'{m.group()}' (U+{ord(m.group()):04X}) in an attack value",
                  "write the bar 'ー' (U+30FC)", "ー")
    for m in _JP103.finditer(value):
        if m.start() not in bar:
            yield Hit("JP103", m.start(), m.end(),
                      f"'{m.group()}' (U+{ord(m.group()):04X}) after a katakana where the long-vowel mark belongs",
                      "write 'ー' (U+30FC)", "ー")
    minus = ctx.settings.minus
    for m in _JP105.finditer(value):
        yield Hit("JP105", m.start(), m.end(), f"'{m.group()}' (U+{ord(m.group()):04X}) used as a minus sign",
                  f"write '{minus}'", minus)


def scan_roman(ctx, fld):
    """JP106."""
    for m in _ROMAN_ASCII.finditer(fld.value):
        numeral = _roman(m.group())
        if numeral and numeral != m.group():
            yield Hit("JP106", m.start(), m.end(), f"'{m.group()}' written for the Roman numeral {numeral}",
                      f"write '{numeral}'", numeral)


def scan_invisible(ctx, fld):
    """JP108, JP109."""
    value = fld.value
    for m in _INVISIBLE.finditer(value):
        name = unicodedata.name(m.group(), "control character")
        yield Hit("JP108", m.start(), m.end(), f"invisible character U+{ord(m.group()):04X} ({name})",
                  "delete it", "")
    for m in _SPACES.finditer(value):
        name = unicodedata.name(m.group(), "space")
        yield Hit("JP109", m.start(), m.end(), f"U+{ord(m.group()):04X} ({name}) instead of a space",
                  "write an ordinary space", " ")


def scan_kanji_context(ctx, fld):
    """JP110."""
    for m in _JP110.finditer(fld.value):
        kanji = KATA_FOR_KANJI[m.group()]
        yield Hit("JP110", m.start(), m.end(), f"katakana '{m.group()}' inside a kanji word",
                  f"write the kanji '{kanji}'", kanji)


# Triggers start with a character class, never a look-behind: re then skips, in C, every
# position whose character cannot start a finding (see pipeline.lint.engine.combine).
FIELD = (
    FieldCheck(("JP101", "JP102", "JP107"), scan_kana,
               trigger=lambda ctx: (f"[べぺりへ一力工口二夕卜八](?:(?<=[{KATA}].)|(?=ー))", "[\uFF61-\uFF9F]")),
    FieldCheck(("JP103", "JP104", "JP105"), scan_dashes,
               trigger=lambda ctx: (f"[{DASHES}](?<=[ァ-ヺ力／/].)(?![{DIGIT}])", f"[ー‐‑‒–—―−](?=[{DIGIT}])")),
    FieldCheck(("JP106",), scan_roman, kinds=TEXT_KINDS, trigger=lambda ctx: ("[IVXＩＶＸ]", "ⅠⅠ")),
    # NUL joins a card's strings for the gate; the runner scans every field when a string has one
    FieldCheck(("JP108", "JP109"), scan_invisible,
               trigger=lambda ctx: (_INVISIBLE.pattern.replace("\u0000", "\u0001"), _SPACES.pattern)),
    FieldCheck(("JP110",), scan_kanji_context,
               trigger=lambda ctx: (f"[カニロエタ](?:(?<=[{KANJI}].)|(?=[{KANJI}]))",
                                    f"ー(?:(?<=[{KANJI}].)(?=[{KANJI}])|(?=[枚体回度つ人]))")),
)
CARD = ()
GAME = ()
