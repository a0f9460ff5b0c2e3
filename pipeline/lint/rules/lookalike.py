"""JP1xx — look-alike and invisible characters: text that prints almost right but is wrong.

Hiragana or kanji that look like katakana inside a katakana word (スぺル, パワ一), katakana in
a kanji word (攻撃カ), dashes standing in for the long-vowel mark or the attack bar ー, ー used
as a minus sign, ASCII III for Ⅲ, letters of other scripts and symbols in a katakana word
(Cyrillic П, box-drawing ├), half-width katakana, zero-width and control characters and
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
KATA_FOR_KANJI = {"カ": "力", "ニ": "二", "ロ": "口", "エ": "工", "タ": "夕", "ハ": "八", "ー": "一"}
LOOKALIKE = "一力工口二夕卜八"
NUMERALS = "一二八"
#: No katakana word starts with these: a look-alike kanji before one is a katakana.
NO_START = "ァィゥェォッャュョヮヵヶンー"
#: What may follow the end of a katakana word: particles, punctuation, the end of the line.
WORD_END = "をがにはのとでもへや、。」）』】》〉］！？ \u3000\n"
#: Katakana words every card game prints, added to each game's own words (JP102, JP103).
CARD_WORDS = ("カード", "ターン", "タイプ", "フェイズ", "フェーズ", "エンド", "ドロー", "パワー", "デッキ",
              "ゲーム", "プレイヤー", "ダメージ", "ライフ", "コスト", "スペル", "キャラクター", "エフェクト",
              "アタック", "ブロック", "ゾーン", "トラッシュ", "レベル", "ポイント", "チップ", "バトル", "ハンド")
ROMAN = "ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ"
ROMAN_VALUE = {"I": 1, "V": 5, "X": 10, "Ｉ": 1, "Ｖ": 5, "Ｘ": 10}

RULES = (
    RuleInfo("JP101", "error", "hiragana look-alike inside a katakana word", GROUP, fixable=True),
    RuleInfo("JP102", "error", "kanji look-alike inside a katakana word", GROUP, fixable=True),
    RuleInfo("JP103", "error", "dash in place of the long-vowel mark ー", GROUP, fixable=True),
    RuleInfo("JP104", "error", "dash in place of the attack bar ー", GROUP, fixable=True),
    RuleInfo("JP105", "error", "ー or a dash used as a minus sign", GROUP, fixable=True),
    RuleInfo("JP106", "error", "ASCII letters in place of a Roman numeral", GROUP, fixable=True),
    RuleInfo("JP107", "error", "half-width katakana", GROUP, fixable=True),
    RuleInfo("JP108", "error", "zero-width or control character", GROUP, fixable=True),
    RuleInfo("JP109", "error", "non-breaking or typographic space", GROUP, fixable=True),
    RuleInfo("JP111", "error", "letter of another script or a symbol inside a katakana word", GROUP, fixable=True),
    RuleInfo("JP110", "error", "katakana look-alike inside a kanji word", GROUP, fixable=True),
)

#: Letters of other scripts and symbols that pass for katakana (JP111) → the katakana meant.
#: Kangxi radicals (⼒ ⼯ ⼝ …) are looked up by their NFKC kanji (力 → カ).
FOREIGN_FOR_KATA = {
    "├": "ト", "┣": "ト", "┝": "ト", "─": "ー", "━": "ー",
    "П": "ロ", "Ϯ": "ナ", "□": "ロ", "ㄱ": "フ",
}
#: Scripts and blocks whose letters have no place inside a katakana word.
FOREIGN = (
    "\u0370-\u03FF"  # Greek and Coptic
    "\u0400-\u04FF"  # Cyrillic
    "\u2500-\u259F"  # box drawing, block elements
    "\u25A0-\u25FF"  # geometric shapes
    "\u2F00-\u2FDF"  # Kangxi radicals
    "\u2E80-\u2EFF"  # CJK radicals supplement
    "\u3130-\u318F"  # Hangul compatibility jamo (not ×: ライズ×ブレイズ is a title)
)
_JP111 = re.compile(f"(?<=[ァ-ヺ])[{FOREIGN}](?=[{KATA}])|(?<=[ァ-ヺ])[{FOREIGN}](?=[{WORD_END}]|$)"
                    f"|[{FOREIGN}](?=[ァ-ヺ][{KATA}])")

_JP101 = re.compile(f"(?<=[{KATA}])[べぺり](?=[{KATA}])|(?<=[{KATA}])へ(?=[ァィゥェォッャュョヮヵヶンー])")
_LOOKALIKE = re.compile(f"[{LOOKALIKE}]")
_KATA_WORD = re.compile(f"[ァ-ヺ][{KATA}]+")
_JP103 = re.compile(f"(?<=[ァ-ヺ])[{DASHES}](?![{DIGIT}{DASHES}])")
#: A dash between a katakana and a digit: the long-vowel mark or a minus sign (JP103 decides).
_KATA_DASH_DIGIT = re.compile(f"(?<=[ァ-ヺ])[{DASHES}](?=[{DIGIT}])")
_JP104 = re.compile(f"(?<=攻撃力)[{DASHES}](?=[／/])|(?<=[{DIGIT}ー][／/])[{DASHES}](?![{DIGIT}])")
_JP105 = re.compile(f"(?<![ァ-ヺー])ー(?=[{DIGIT}])|(?<![ァ-ヺ])[‐‑‒–—―−](?=[{DIGIT}])")
_ROMAN_ASCII = re.compile(
    r"(?<![A-Za-zＡ-Ｚａ-ｚ])(?:[IVX]{2,4}|[ＩＶＸ]{2,4})(?![A-Za-zＡ-Ｚａ-ｚ])"
    r"|(?<=[［\[])[IＩVＶXＸ](?=[］\]])"
    "|Ⅰ{2,3}")
_HALF_KANA = re.compile("[\uFF61-\uFF9F]+")
_INVISIBLE = re.compile(
    "[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]")
_SPACES = re.compile("[\u00A0\u2000-\u200A\u202F\u205F]")
_JP110 = re.compile(
    f"(?<![{KATA}{DIGIT}])[カニロエタハ](?![{KATA}])(?:(?<=[{KANJI}].)|(?=[{KANJI}]))"
    f"|(?<![{KATA}])[ニハ](?=つ)"
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


def game_words(ctx) -> frozenset:
    """The katakana words of the game: its printed vocabulary, creature types, card names, the
    katakana words of its card texts, and :data:`CARD_WORDS` (computed once per game)."""
    def build():
        words = set(CARD_WORDS)
        strings = [*ctx.vocab.words, *ctx.types]
        for card in ctx.game.cards:
            strings.append(card.name)
            strings.append(card.text or "")
        for text in strings:
            words.update(_KATA_WORD.findall(text))
        return frozenset(words)
    return ctx.memo("katakana-words", build)


def _starts_known(ctx, word: str) -> bool:
    """True when ``word`` starts with one of the game's katakana words of three letters or more
    (タイプ in タイプ, カード in カードゾーン)."""
    words = game_words(ctx)
    return any(word[:n] in words for n in range(len(word), 2, -1))


def _ends_known(ctx, word: str) -> bool:
    """True when ``word`` is one of the game's katakana words or begins one (ミニ in ミニスカート)."""
    words = game_words(ctx)
    return word in words or any(w.startswith(word) for w in words)


def _is_kata(ch: str) -> bool:
    return "ァ" <= ch <= "ヺ" or ch == "ー"


def _is_kanji(ch: str) -> bool:
    return bool(ch) and ("\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or ch in "々〆")


def _runs(value: str):
    """(start, end) of each run of katakana and look-alike kanji holding a look-alike; found by
    stepping out from each look-alike (linear: no pattern to backtrack)."""
    end = 0
    for m in _LOOKALIKE.finditer(value):
        if m.start() < end:
            continue
        start = m.start()
        while start > 0 and (_is_kata(value[start - 1]) or value[start - 1] in LOOKALIKE):
            start -= 1
        end = m.end()
        while end < len(value) and (_is_kata(value[end]) or value[end] in LOOKALIKE):
            end += 1
        yield start, end


def lookalike_kanji(ctx, value: str, start: int, end: int) -> list[int]:
    """Offsets of the look-alike kanji in ``value[start:end]`` that stand for katakana (JP102).

    Decided right to left, so a look-alike knows what the next character turned out to be:
    ミ二八卦炉 — 八 comes before the kanji 卦 and stays; 二 then ends the one-letter word ミ.
    """
    kata = [_is_kata(ch) for ch in value[start:end]]
    if not any(ch != "ー" and ok for ch, ok in zip(value[start:end], kata, strict=False)):
        return []
    found = []
    for i in range(end - 1, start - 1, -1):
        ch = value[i]
        if ch not in LOOKALIKE:
            continue
        prev = value[i - 1] if i > 0 else ""
        nxt = value[i + 1] if i + 1 < len(value) else ""
        after_kata = i > start and kata[i - 1 - start]
        before_kata = i + 1 < end and kata[i + 1 - start]
        repl = KANJI_FOR_KATA[ch]
        if after_kata and before_kata:
            typo = not (nxt == "ー" and value[i + 2:i + 3] in ("／", "/"))  # 攻撃力ー／１: the bar
        elif nxt == "ー" and value[i + 2:i + 3] not in ("／", "/"):
            typo = True
        elif after_kata:
            typo = _word_end(ctx, value, start, i, ch, repl, nxt)
        elif before_kata:
            typo = _word_start(ctx, value, i, end, ch, repl, prev, nxt)
        else:
            typo = False
        kata[i - start] = typo
        if typo:
            found.append(i)
    return found[::-1]


def _word_end(ctx, value, start, i, ch, repl, nxt) -> bool:
    """A look-alike after katakana that ends the run: is it the word's last letter?"""
    k = i - 1
    letters = 0
    while k >= start and _is_kata(value[k]):
        letters += 1
        k -= 1
    if ch == "一":  # ー ends many words; 一 after katakana is a numeral only before a counter
        return not nxt or nxt in WORD_END or value.startswith(("する", "した", "して", "され", "でき"), i + 1)
    if _is_kanji(nxt) or nxt in LOOKALIKE or nxt.isdigit():
        return letters == 1 or _ends_known(ctx, value[k + 1:i] + repl)
    return not (ch in NUMERALS and nxt == "つ")


def _word_start(ctx, value, i, end, ch, repl, prev, nxt) -> bool:
    """A look-alike before katakana that starts the run: is it the word's first letter?"""
    if nxt in NO_START:
        return True
    j = i + 1
    while j < len(value) and _is_kata(value[j]):
        j += 1
    if _starts_known(ctx, repl + value[i + 1:j]):
        return True
    # not after a kanji word (攻撃力アップ) or a numeral (一ターン): there a katakana word starts
    return not (_is_kanji(prev) or ch in NUMERALS)


def scan_kana(ctx, fld):
    """JP101, JP102, JP107."""
    value = fld.value
    for m in _JP101.finditer(value):
        yield Hit("JP101", m.start(), m.end(), f"hiragana '{m.group()}' inside a katakana word",
                  f"write the katakana '{HIRA_FOR_KATA[m.group()]}'", HIRA_FOR_KATA[m.group()])
    for start, end in _runs(value):
        for i in lookalike_kanji(ctx, value, start, end):
            kata = KANJI_FOR_KATA[value[i]]
            yield Hit("JP102", i, i + 1, f"kanji '{value[i]}' inside a katakana word",
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
    for m in _KATA_DASH_DIGIT.finditer(value):
        yield from _dash_before_digit(ctx, value, m, minus)
    for m in _JP105.finditer(value):
        yield Hit("JP105", m.start(), m.end(), f"'{m.group()}' (U+{ord(m.group()):04X}) used as a minus sign",
                  f"write '{minus}'", minus)


def _dash_before_digit(ctx, value, m, minus):
    """JP103 for キャラクタ―１体: a long-vowel mark or a minus? The game's words decide."""
    dash = m.group()
    k = m.start()
    while k > 0 and _is_kata(value[k - 1]):
        k -= 1
    word = value[k:m.start()]
    long_word = _known_exactly(ctx, word + "ー")
    plain_word = _known_exactly(ctx, word)
    where = f"'{dash}' (U+{ord(dash):04X}) between '{word}' and a digit"
    if long_word and not plain_word:
        yield Hit("JP103", m.start(), m.end(), f"{where}: {word}ー is a word of this game",
                  "write 'ー' (U+30FC)", "ー")
    elif dash != minus:
        yield Hit("JP103", m.start(), m.end(), f"{where}: the long-vowel mark ー or a minus sign?",
                  f"write 'ー' if it ends the word, '{minus}' if the number is negative")


def _known_exactly(ctx, word: str) -> bool:
    """True when ``word`` is one of the game's katakana words, alone or ending a longer one."""
    words = game_words(ctx)
    return word in words or any(w.endswith(word) and len(word) >= 2 for w in words)


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


def _meant(ch: str) -> str | None:
    """The katakana a foreign look-alike stands for, if it is known."""
    # (a kanji radical: ⼒ → 力 → カ)
    meant = FOREIGN_FOR_KATA[ch] if ch in FOREIGN_FOR_KATA else KANJI_FOR_KATA.get(unicodedata.normalize("NFKC", ch))
    return meant if meant and all(_is_kata(c) for c in meant) else None


def scan_foreign(ctx, fld):
    """JP111."""
    value = fld.value
    for m in _JP111.finditer(value):
        ch = m.group()
        name = unicodedata.name(ch, "unnamed")
        meant = _meant(ch)
        if meant:
            yield Hit("JP111", m.start(), m.end(), f"'{ch}' (U+{ord(ch):04X} {name}) inside a katakana word",
                      f"write the katakana '{meant}'", meant)
        else:
            yield Hit("JP111", m.start(), m.end(), f"'{ch}' (U+{ord(ch):04X} {name}) inside a katakana word",
                      "write the katakana it stands for")


def scan_kanji_context(ctx, fld):
    """JP110."""
    value = fld.value
    for m in _JP110.finditer(value):
        around = value[max(m.start() - 1, 0):m.start()] + value[m.end():m.end() + 1]
        if around and all(ch in LOOKALIKE or not _is_kanji(ch) for ch in around) and m.group() != "ー" \
                and not value.startswith("つ", m.end()):
            continue  # カ一ド: the "kanji" beside it is itself a look-alike (JP102 reports it)
        kanji = KATA_FOR_KANJI[m.group()]
        yield Hit("JP110", m.start(), m.end(), f"katakana '{m.group()}' inside a kanji word",
                  f"write the kanji '{kanji}'", kanji)


# Triggers start with a character class, never a look-behind: re then skips, in C, every
# position whose character cannot start a finding (see pipeline.lint.engine.combine).
FIELD = (
    FieldCheck(("JP101", "JP102", "JP107"), scan_kana,
               trigger=lambda ctx: (f"[べぺりへ{LOOKALIKE}](?:(?<=[{KATA}].)|(?=[{KATA}]))", "[\uFF61-\uFF9F]")),
    FieldCheck(("JP103", "JP104", "JP105"), scan_dashes,
               trigger=lambda ctx: (f"[{DASHES}](?<=[ァ-ヺ力／/].)(?![{DIGIT}])", f"[{DASHES}](?<=[ァ-ヺ].)(?=[{DIGIT}])",
                                    f"[ー‐‑‒–—―−](?=[{DIGIT}])")),
    FieldCheck(("JP106",), scan_roman, kinds=TEXT_KINDS, trigger=lambda ctx: ("[IVXＩＶＸ]", "ⅠⅠ")),
    # NUL joins a card's strings for the gate; the runner scans every field when a string has one
    FieldCheck(("JP108", "JP109"), scan_invisible,
               trigger=lambda ctx: (_INVISIBLE.pattern.replace("\u0000", "\u0001"), _SPACES.pattern)),
    FieldCheck(("JP111",), scan_foreign, trigger=lambda ctx: (f"[{FOREIGN}]",)),
    FieldCheck(("JP110",), scan_kanji_context,
               trigger=lambda ctx: (f"[カニロエタハ](?:(?<=[{KANJI}].)|(?=[{KANJI}]|つ))",
                                    f"ー(?:(?<=[{KANJI}].)(?=[{KANJI}])|(?=[枚体回度つ人]))")),
)
CARD = ()
GAME = ()
