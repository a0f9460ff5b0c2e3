"""What each finding code means, and its messages and hints in Japanese.

The database layer writes a finding's ``message`` and ``hint`` in English with the values it
found (ids, keys, numbers). Rather than a second set of call sites, the Japanese line is made
here: :data:`PHRASES` turns each English sentence shape into Japanese, keeping the values; a
sentence no phrase knows is shown after the code's Japanese title (:data:`TITLES`), so a
Japanese reader always learns what kind of problem it is. Codes never change.
"""

from __future__ import annotations

import re

# code → (ja, en): what kind of problem a finding with this code is.
TITLES: dict[str, tuple[str, str]] = {
    "Y001": ("YAML の書き方の誤り", "YAML syntax error"),
    "Y002": ("同じキーが二度ある", "duplicate key"),
    "Y003": ("ファイルが大きすぎる", "file too large"),
    "Y004": ("展開すると大きすぎる（エイリアスの入れ子）", "document expands too far"),
    "Y005": ("ファイルが読めない", "file cannot be read"),
    "Y006": ("使えない YAML タグ", "unsupported YAML tag"),
    "Y007": ("使えないキーの書き方", "unsupported mapping key"),
    "Y008": ("カードに使えない数", "number a card cannot use"),
    "Y009": ("入れ子が深すぎる", "nested too deep"),
    "Y010": ("リストの「-」が全角の「ー」になっている", "list dash typed full-width"),
    "S001": ("知らないキー", "unknown key"),
    "S002": ("必須のキーがない", "missing required key"),
    "S003": ("値の種類が違う", "wrong type of value"),
    "S004": ("決められた値のどれでもない", "value not among the allowed ones"),
    "S005": ("数が範囲の外", "number out of range"),
    "S006": ("個数・文字数が範囲の外", "too many or too few items"),
    "S007": ("書式に合わない文字列", "text does not match the format"),
    "S008": ("同じ値が重なっている", "repeated value"),
    "S009": ("スキーマに合わない", "does not match the schema"),
    "R001": ("存在しないものを参照している", "reference to something that does not exist"),
    "R002": ("存在しない種類・タイプを参照している", "reference to an unknown type"),
    "R003": ("参照先の種類が違う", "reference to the wrong kind of card"),
    "R004": ("そのルールセットが入っていない", "no such rule set installed"),
    "D001": ("ID が重複している", "duplicate id"),
    "D002": ("ゲーム ID が重複している", "duplicate game id"),
    "D003": ("読まれないファイル（拡張子が .yaml / .yml でない）", "file not read (not .yaml / .yml)"),
    "D004": ("デッキのフォルダーとして読めない（フォルダーでない、外へのリンク）",
             "decks folder cannot be read (not a folder, or a link out)"),
    "T001": ("目に見えない制御文字がある", "invisible control character"),
    "A001": ("カード画像の問題", "card art problem"),
    "A002": ("フォントの問題", "font problem"),
    "A003": ("フォントにない文字", "font lacks a glyph"),
    "E001": ("エンジンが遊べない能力", "ability the engines cannot play"),
    "F001": ("ファイター構成の誤り", "fighter's cards are wrong"),
    "F002": ("セット構成の誤り", "set composition is wrong"),
    "K001": ("デッキ構築ルール違反", "deck breaks the construction rules"),
    "K002": ("デッキ構築の注意", "deck construction warning"),
}

# The linter's rule codes (fuda lint): what each finds, for the Japanese line.
TITLES.update({
    "AGR001": ("本文にあるラベルの能力がデータにない", "label in the text without an ability"),
    "AGR002": ("能力の文章がラベルで始まっていない", "ability text does not start with its label"),
    "AGR003": ("リキャストリフトのアクションカードに【キャスト時】がある", "Recast Rift action card prints 【キャスト時】"),
    "AGR004": ("能力の文章がカードの本文にない", "ability text is not part of the card text"),
    "AGR005": ("能力の順番が印刷と違う", "abilities out of printed order"),
    "AGR006": ("本文の数がデータと違う", "number in the text differs from the data"),
    "AGR007": ("データと本文のキーワードが違う", "keywords in the data and in the text differ"),
    "AGR008": ("攻撃力の値が別のカードにある", "attack values on the wrong card"),
    "AGR009": ("制限や条件の書き方がデータと違う", "limit or condition wording differs from the data"),
    "AGR010": ("能力が effect: manual のまま", "ability is effect: manual"),
    "ENC001": ("CP932 で書けない文字（デュエルオンライン）", "character not encodable in CP932 (Duel Online)"),
    "FIT001": ("文章が枠に収まらない", "text does not fit its box"),
    "FIT002": ("カードのフォントにない文字", "the card font has no glyph for a character"),
    "FIT003": ("カードを組版できない", "the card cannot be laid out"),
    "FIT004": ("文字が仕上がり線から 3 mm の安全域に入っている", "text inside the 3 mm safe area"),
    "FIT005": ("文字がほかの文字と重なっている", "text overlaps other text"),
    "FIT006": ("art-focus の切り抜き範囲が空", "art-focus crop box is empty"),
    "FIT007": ("印刷サイズで 300 ppi に満たない画像", "art under 300 ppi at print size"),
    "FIT008": ("読める大きさより小さく縮めた文字", "text shrunk below a readable size"),
    "JP101": ("カタカナ語の中にひらがなの似た文字", "hiragana look-alike inside a katakana word"),
    "JP102": ("カタカナ語の中に漢字の似た文字", "kanji look-alike inside a katakana word"),
    "JP103": ("長音「ー」の代わりにダッシュ", "dash in place of the long-vowel mark ー"),
    "JP104": ("攻撃力のバー「ー」の代わりにダッシュ", "dash in place of the attack bar ー"),
    "JP105": ("マイナス記号に「ー」やダッシュ", "ー or a dash used as a minus sign"),
    "JP106": ("ローマ数字の代わりに英字", "ASCII letters in place of a Roman numeral"),
    "JP107": ("半角カタカナ", "half-width katakana"),
    "JP108": ("見えない文字・制御文字", "zero-width or control character"),
    "JP109": ("特殊な空白", "non-breaking or typographic space"),
    "JP110": ("漢字語の中にカタカナの似た文字", "katakana look-alike inside a kanji word"),
    "JP111": ("カタカナ語の中に別の文字体系の似た文字・記号", "letter of another script or a symbol inside a katakana word"),
    "LNT001": ("抑制の指定に存在しない校正ルール", "suppression names no lint rule"),
    "PRH001": ("prh 辞書: 決められた書き方にする", "prh dictionary: write the expected form"),
    "PRH002": ("prh 辞書が使えない", "prh dictionary cannot be used"),
    "PRH003": ("prh のパターンが長くかかりすぎて打ち切った", "prh pattern cut off: it ran too long"),
    # layout findings (print, validate --strict); lint reports them as FIT001 … FIT008
    "P101": ("文章が枠に収まらない", "text does not fit its box"),
    "P102": ("カードのフォントにない文字", "the card font has no glyph for a character"),
    "P103": ("カードの画像ファイルがない", "art file missing"),
    "P104": ("文字が仕上がり線から 3 mm の安全域に入っている", "text inside the 3 mm safe area"),
    "P105": ("文字がほかの文字と重なっている", "text overlaps other text"),
    "P106": ("art-focus の切り抜き範囲が空", "art-focus crop box is empty"),
    "P107": ("印刷サイズで 300 ppi に満たない画像", "art under 300 ppi at print size"),
    "P108": ("読める大きさより小さく縮めた文字", "text shrunk below a readable size"),
    "P200": ("プレイマットを作らない（ルールセットにマットがない）", "no play mat (the rule set has none)"),
    "REF001": ("引用された名前がこのゲームのカードにない", "quoted name is not a card of this game"),
    "REF002": ("name-of のカードを本文が引用していない", "name-of names a card the text does not quote"),
    "JP201": ("数字の全角・半角が混ざっている", "digits of the other width"),
    "JP202": ("数字の隣の記号の全角・半角が違う", "sign or slash of the other width next to a number"),
    "JP203": ("波ダッシュの種類が違う", "the other wave dash"),
    "JP204": ("文末の書き方", "sentence ending"),
    "JP205": ("です・ます調とである調が混ざっている", "mixed です・ます and である style"),
    "JP206": ("括弧の対応がとれていない", "unbalanced brackets"),
    "JP207": ("空白が二重、または行末にある", "double or trailing space"),
    "JP208": ("行頭に空白がある", "space at the start of a line"),
    "JP209": ("助詞が二つ続いている", "doubled particle"),
    "JP210": ("英字の全角・半角がゲームの書き方と違う", "Latin letters of the other width"),
    "JP211": ("フレーバーの文体（です・ます／である）が混ざっている", "flavor in the other style (です・ます / である)"),
    "VOC001": ("【】の中の語が用語集にない", "unknown word in 【】"),
    "VOC002": ("キーワードの値がない・多い・正しくない", "keyword parameter missing, extra or invalid"),
    "VOC003": ("能力のラベルが行の途中にある", "ability label in the middle of a line"),
    "VOC004": ("〔〕の中の条件マークが用語集にない", "unknown condition mark in 〔〕"),
})

# The other layers' codes: custom rule sets, card templates, spreadsheets, online exports, build.
TITLES.update({
    "C001": ("カードにもともとある項目と同じ名前", "field name every card already has"),
    "C002": ("最小値が最大値より大きい", "minimum above maximum"),
    "C003": ("その種類の項目には書けない設定", "setting this field type does not take"),
    "C004": ("選択肢（values）がない", "field without its values"),
    "C005": ("そのカードの種類にない項目", "field the card's kind does not have"),
    "C006": ("cards.schema.json が game.yaml と合っていない", "cards.schema.json out of date with game.yaml"),
    "E200": ("ルールエンジンのないゲーム", "game without a rule engine"),
    "E201": ("ルールエンジンの知らない操作", "op the rule engine does not know"),
    "E202": ("操作の項目や値の誤り", "wrong parameter or value of an op"),
    "E203": ("ルールエンジンが動かせない能力（effect: manual）", "ability the engine cannot play (effect: manual)"),
    "E204": ("ルールエンジンが受け付けない能力", "ability the rule engine does not accept"),
    "E205": ("ゲームのルールで使えない組み合わせ", "use the game's rules forbid"),
    "L002": ("テンプレートの知らない色", "unknown colour in the template"),
    "L003": ("カードの種類に色が定義されていない", "colour not defined for the card's kind"),
    "L004": ("テンプレートにその種類のレイアウトがない", "template lacks a layout for the kind"),
    "L005": ("テンプレートがカードにない項目を使っている", "template names a field the cards do not have"),
    "L006": ("テンプレートにゲームにないカードの種類", "template names a card kind the game does not have"),
    "L007": ("テンプレートの正規表現の誤り", "invalid regular expression in the template"),
    "L009": ("テンプレートの条件にどのカードにもない値", "template condition on a value no card has"),
    "L008": ("テンプレートの正規表現が長くかかりすぎて打ち切った", "template pattern cut off: it ran too long"),
    "SH001": ("表のファイルが読めない", "spreadsheet cannot be read"),
    "SH002": ("表の文字コードが分からない", "spreadsheet encoding unknown"),
    "SH003": ("CSV の書き方の誤り", "CSV syntax error"),
    "SH010": ("表にカードがない", "no cards in the spreadsheet"),
    "SH011": ("知らない見出し", "unknown column heading"),
    "SH012": ("同じ見出しが二つある", "column heading twice"),
    "SH013": ("ID の列がない", "no id column"),
    "SH020": ("セルの値の誤り", "wrong value in a cell"),
    "SH021": ("名前の列の誤り", "name column disagrees"),
    "SH022": ("能力のテキストがない", "ability without text"),
    "SH023": ("能力の種類が分からない", "ability timing unknown"),
    "SH024": ("ID が重複している", "duplicate id"),
    "SH030": ("書式を保って書き換えられないファイル", "file cannot be updated keeping its layout"),
    "SH031": ("新しいカードを足すファイルがない", "no card file for a new card"),
    "SH032": ("--into のファイルがゲームの外", "--into file outside the game"),
    "X101": ("CP932 で書けない文字（デュエルオンライン）", "character not in CP932 (Duel Online)"),
    "X102": ("CP932 だけの文字（Shift_JIS にはない）", "CP932 extension character"),
    "X103": ("名前が重複している（デュエルオンライン）", "duplicate record name (Duel Online)"),
    "X104": ("本文がレコードの区切りと同じ", "text line reads as the record separator"),
    "X105": ("テンプレートに合わない（デュエルオンラインの取り込み）", "file does not match the template"),
    "X201": ("画像が読めない（ユドナリウム）", "image cannot be decoded (Udonarium)"),
    "X202": ("プレイマットが描けない（ユドナリウム）", "mat cannot be drawn (Udonarium)"),
})

# (below TITLES, which they do not need)
from fuda.i18n import phrases as _phrases  # noqa: E402
from fuda.i18n.engine_phrases import ENGINE_PHRASES, expectation  # noqa: E402
from fuda.i18n.phrases import FALLBACK, LINT_PHRASES, WORDS, fill, word  # noqa: E402
from fuda.i18n.phrases import phrase as _p  # noqa: E402

# Suggestions and card templates (L005 … L008): tried first. A slot named ``g_…`` is a key or
# value to write, shown as written in 「」, with its Japanese in brackets when it is a known word
# (「integer」（整数）): the word itself is what the user types, never only its translation.
SUGGESTIONS: list[tuple[re.Pattern, str, str]] = [
    _p("did you mean '{id_word}' ({label})?", "「{id_word}」（{label}）の間違いではありませんか？"),
    _p("did you mean '{g_word}'?", "{g_word}の間違いではありませんか？"),
    _p("{value} is none of the {n} allowed values", "{value} は使える {n} 個の値のどれでもありません"),
    _p("{path}: a '{id_kind}' card has no field '{id_field}'", "{path}: 種類「{id_kind}」のカードに項目「{id_field}」はありません"),
    _p("{path}: no card of kinds {kinds} has a field '{id_field}'",
       "{path}: 種類 {kinds} のどのカードにも項目「{id_field}」はありません"),
    _p("the fields are: {names}", "項目は次のとおりです: {names}"),
    _p("did you mean '{id_word}'? (or define {name} in a palette)",
       "「{id_word}」の間違いではありませんか？（でなければ {name} をパレット（palette）に定義してください）"),
    _p("{path}: no card has {id_field}: {value} (its values: {values})",
       "{path}: {id_field} が {value} のカードはありません（値は {values} のどれか）"),
    _p("'{id_field}' has no fields below it: write {id_field2}", "「{id_field}」の下に項目はありません。{id_field2} と書いてください"),
    _p("write a field of the card schema (see the game's cards.schema.json)",
       "カードのスキーマにある項目を書いてください（ゲームの cards.schema.json を参照）"),
    _p("{path}: the game has no card kind '{id_kind}'", "{path}: このゲームにカードの種類「{id_kind}」はありません"),
    _p("use one of: {options} (or default)", "次のどれか（または default）を使ってください: {options}"),
    _p("labels.pattern: {value} is not a valid regular expression ({x_detail})",
       "labels.pattern: {value} は正規表現として正しくありません（{x_detail}）"),
    _p("fix the pattern; group 1 is the label printed on the chip, e.g. 【([^】]*)】",
       "パターンを直してください（グループ 1 がチップに印刷するラベルです。例: 【([^】]*)】）"),
    _p("labels.pattern: the pattern {value} ran longer than {n} s on a card's text",
       "labels.pattern: パターン {value} がカードの本文で {n} 秒を超えたので打ち切りました"),
    _p("labels.pattern: the pattern {value} took over {n} s on the card texts (stopped at card '{card}')",
       "labels.pattern: パターン {value} がカードの本文全体で {n} 秒を超えました（カード「{card}」で打ち切り）"),
    _p("simplify it: no repeat inside a repeat, such as (a|a)+ or (.+)+",
       "パターンを簡単にしてください（(a|a)+ や (.+)+ のような、繰り返しの中の繰り返しを使わない）"),
]

# Every phrase, in the order they are tried (see :mod:`fuda.i18n.phrases`).
PHRASES: list[tuple[re.Pattern, str, str]] = [*SUGGESTIONS, *_phrases.PHRASES, *LINT_PHRASES, *ENGINE_PHRASES,
                                              *FALLBACK]
_WORDS = WORDS

# A message already written in both languages, "<Japanese> / <English>" (the layout checks).
_KANA = re.compile("[\u3040-\u30ff]")
_SENTENCE = re.compile(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+")
_BOTH = re.compile(r"(?P<ja>.*[\u3040-\u30ff\u4e00-\u9fff].*?)\s*/\s+(?P<en>[a-z]+ .*)\Z", re.S)


def translate(code: str | None, english: str, lang: str) -> str:
    """``english`` (a finding's message or hint) in ``lang``; values stay as written."""
    in_catalogue = getattr(english, "text", None)  # a fuda.i18n.Text: written in both languages
    if callable(in_catalogue):
        return in_catalogue(lang)
    if lang == "en" or not english:
        return english
    text = _phrase(english)
    if text is not None:
        return text
    if code in TITLES:
        return f"{TITLES[code][0]}: {english}"
    return english


#: slots that hold what the user wrote (a key named ``text`` is not the word "text")
_VERBATIM = frozenset({"key", "keys", "card", "cards", "id", "deck", "fighter", "set", "name", "names", "path",
                       "value", "game", "option", "options", "tag"})


def _phrase(english: str) -> str | None:
    both = _BOTH.match(english)
    if both:
        return both["ja"].strip()
    for pattern, japanese, _ in PHRASES:
        match = pattern.match(english)
        if match is None:
            continue
        values = {}
        for name, value in match.groupdict().items():
            if name.startswith("rest"):  # a sentence of its own
                value = _phrase(value)
            elif name.startswith("w_"):  # must be a known word
                value = word(value)
            elif name.startswith("g_"):  # a key or value to write, glossed when it is a known word
                gloss = word(value)
                value = f"「{value}」（{gloss}）" if gloss else f"「{value}」"
            elif name.startswith("expects"):  # what an engine's op parameter expects
                value = expectation(value)
            elif not (name.startswith(("id_", "x_")) or name in _VERBATIM):
                # (op names, ids, keys the user wrote and library details stay as written)
                value = word(value) or value
            if value is None:
                break
            values[name] = value
        else:
            return fill(japanese, values)
    if _KANA.search(english) and not _SENTENCE.search(english):  # written in Japanese already
        return english
    return None


# The command-line parser's (click's) usage errors, in Japanese.
USAGE: list[tuple[re.Pattern, str, str]] = [
    _p("No such option: {option} Did you mean {other}?", "そのようなオプションはありません: {option}（{other} のことですか？）"),
    _p("No such option: {option} (Possible options: {others})", "そのようなオプションはありません: {option}（候補: {others}）"),
    _p("No such option: {option}", "そのようなオプションはありません: {option}"),
    _p("No such command '{command}'.", "そのようなコマンドはありません: {command}"),
    _p("Missing argument '{name}'.", "引数 {name} がありません"),
    _p("Missing option '{name}'.", "オプション {name} がありません"),
    _p("Missing parameter: {name}", "{name} がありません"),
    _p("Option '{option}' requires an argument.", "オプション {option} には値が必要です"),
    _p("Option '{option}' does not take a value.", "オプション {option} には値を書きません"),
    _p("Got unexpected extra argument ({args})", "余分な引数があります（{args}）"),
    _p("Got unexpected extra arguments ({args})", "余分な引数があります（{args}）"),
    _p("Invalid value for '{name}': '{value}' is not one of {choices}.",
       "'{name}' の値 '{value}' は使えません（{choices} のどれか）"),
    _p("Invalid value for '{name}': '{value}' is not a valid integer.", "'{name}' の値 '{value}' は整数ではありません"),
    _p("Invalid value for '{name}': '{value}' is not a valid int range.", "'{name}' の値 '{value}' は整数ではありません"),
    _p("Invalid value for '{name}': '{value}' is not a valid float.", "'{name}' の値 '{value}' は数ではありません"),
    _p("Invalid value for '{name}': '{value}' is not a valid float range.", "'{name}' の値 '{value}' は数ではありません"),
    _p("Invalid value for '{name}': {value} is not in the range {range}.", "'{name}' の値 {value} は範囲（{range}）の外です"),
    _p("Invalid value for '{name}': {detail}", "'{name}' の値が正しくありません: {detail}"),
]


def translate_usage(english: str, lang: str) -> str:
    """A command-line usage error (the parser's English) in ``lang``."""
    if lang == "en":
        return english
    for pattern, japanese, _ in USAGE:
        match = pattern.match(english)
        if match is not None:
            return japanese.format(**match.groupdict())
    return english
