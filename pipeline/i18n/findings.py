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
    "D004": ("デッキのフォルダーとして読めない（フォルダーでない、外へのリンク）", "decks folder cannot be read (not a folder, or a link out)"),
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
    "LNT001": ("抑制の指定に存在しない校正ルール", "suppression names no lint rule"),
    "PRH001": ("prh 辞書: 決められた書き方にする", "prh dictionary: write the expected form"),
    "PRH002": ("prh 辞書が使えない", "prh dictionary cannot be used"),
    "PRH003": ("prh のパターンが長くかかりすぎて打ち切った", "prh pattern cut off: it ran too long"),
    # layout findings (print, validate --strict); lint reports them as FIT001 … FIT007
    "P101": ("文章が枠に収まらない", "text does not fit its box"),
    "P102": ("カードのフォントにない文字", "the card font has no glyph for a character"),
    "P103": ("カードの画像ファイルがない", "art file missing"),
    "P104": ("文字が仕上がり線から 3 mm の安全域に入っている", "text inside the 3 mm safe area"),
    "P105": ("文字がほかの文字と重なっている", "text overlaps other text"),
    "P106": ("art-focus の切り抜き範囲が空", "art-focus crop box is empty"),
    "P107": ("印刷サイズで 300 ppi に満たない画像", "art under 300 ppi at print size"),
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
    "VOC001": ("【】の中の語が用語集にない", "unknown word in 【】"),
    "VOC002": ("キーワードの値がない・多い・正しくない", "keyword parameter missing, extra or invalid"),
    "VOC003": ("能力のラベルが行の途中にある", "ability label in the middle of a line"),
    "VOC004": ("〔〕の中の条件マークが用語集にない", "unknown condition mark in 〔〕"),
})

_V = r"(?P<{}>.+?)"  # a value taken over verbatim


def _p(english: str, japanese: str) -> tuple[re.Pattern, str, str]:
    """One phrase: an English shape with ``{name}`` slots and its Japanese form."""
    pattern = re.escape(english)
    for name in re.findall(r"\\\{(\w+)\\\}", pattern):
        pattern = pattern.replace(r"\{" + name + r"\}", _V.format(name), 1)
    return re.compile(pattern + r"\Z", re.S), japanese, english


# English sentence shape → Japanese. Order matters only where shapes overlap (longest first).
PHRASES: list[tuple[re.Pattern, str, str]] = [
    _p("unknown key '{key}'", "知らないキー「{key}」"),
    _p("missing required key '{key}'", "必須のキー「{key}」がありません"),
    _p("expected one of {options}, found {found}", "{options} のどれかが必要ですが、{found} が書かれています"),
    _p("expected a number {word} {limit}, found {found}", "{limit} {word} の数が必要ですが、{found} です"),
    _p("expected {want}, found {found}", "{want} が必要ですが、{found} が書かれています"),
    _p("{value} does not match the pattern {pattern}", "{value} は決められた書式に合いません"),
    _p("{value} is not allowed here", "{value} はここには書けません"),
    _p("YAML syntax error: {problem}", "YAML の書き方の誤り: {problem}"),
    _p("YAML error: {problem}", "YAML の誤り: {problem}"),
    _p("duplicate key '{key}' (first at line {line})", "キー「{key}」が二度あります（最初は {line} 行目）"),
    _p("cannot read the file: {reason}", "ファイルを読めません: {reason}"),
    _p("not UTF-8 text (byte {pos})", "UTF-8 のテキストではありません（Shift_JIS などで保存されていませんか）"),
    _p("file is {size} bytes, more than the {limit} allowed for a card file",
       "ファイルが {size} バイトあり、カードファイルの上限 {limit} バイトを超えています"),
    _p("unsupported YAML tag {tag}", "使えない YAML タグ {tag}"),
    _p("merge keys (<<) are not supported", "マージキー（<<）は使えません"),
    _p("a mapping key must be a plain string", "キーはふつうの文字列で書いてください"),
    _p("a mapping key must be a string, found {found}", "キーは文字列で書いてください（{found} が書かれています）"),
    _p("the manifest must be a mapping", "game.yaml は「キー: 値」の形で書いてください"),
    _p("deck '{deck}' names unknown card '{card}'", "デッキ「{deck}」に存在しないカード「{card}」があります"),
    _p("deck '{deck}' names unknown fighter '{fighter}'", "デッキ「{deck}」に存在しないファイター「{fighter}」があります"),
    _p("deck '{deck}' has the Hard '{hard}' without its Normal '{normal}'",
       "デッキ「{deck}」にハード「{hard}」がありますが、そのノーマル「{normal}」がありません"),
    _p("deck '{deck}': {rest}", "デッキ「{deck}」: {rest}"),
    _p("name-of names unknown card '{card}'", "name-of に存在しないカード「{card}」が書かれています"),
    _p("unknown fighter '{fighter}'", "存在しないファイター「{fighter}」"),
    _p("unknown type '{type}'", "存在しないタイプ「{type}」"),
    _p("unknown set '{set}'", "存在しないセット「{set}」"),
    _p("unknown stat chip '{chip}'", "存在しない能力値チップ「{chip}」"),
    _p("keyword {name} names unknown type '{type}'", "キーワード {name} に存在しないタイプ「{type}」が書かれています"),
    _p("levels-from names unknown card '{card}'", "levels-from に存在しないカード「{card}」が書かれています"),
    _p("levels-from '{card}' is not a Normal character", "levels-from の「{card}」はノーマルのキャラクターではありません"),
    _p("{what} id '{id}' is already used at {where}", "ID「{id}」はすでに {where} で使われています"),
    _p("game id '{id}' is used by two folders ({a} and {b})", "ゲーム ID「{id}」が二つのフォルダー（{a} と {b}）で使われています"),
    _p("fighter '{fighter}' owns {n} {kind} card(s), expected exactly {want}",
       "ファイター「{fighter}」の {kind} カードが {n} 枚あります（ちょうど {want} 枚必要）"),
    _p("set '{set}' has {n} kinds of card, expected {want}", "セット「{set}」のカードが {n} 種類あります（{want} 種類必要）"),
    _p("ability '{when}' is marked manual: {reason}", "能力「{when}」は手動（manual）です: {reason}"),
    # deck construction (K001, after "deck 'x': ")
    _p("needs {want} different fighters, found {found}", "異なるファイターが {want} 人必要ですが、{found} 人です"),
    _p("'{card}' is a {kind} card, expected a {want} card", "「{card}」は {kind} カードです（{want} カードが必要）"),
    _p("'{card}' belongs to fighter '{fighter}', not to {fighters}",
       "「{card}」はファイター「{fighter}」のカードで、{fighters} のものではありません"),
    _p("needs exactly {want} spells, found {found}", "スペルはちょうど {want} 枚必要ですが、{found} 枚です"),
    _p("spell(s) listed twice: {cards}", "二度書かれたスペル: {cards}"),
    _p("has {total} cards, needs at least {minimum}", "カードが {total} 枚です（{minimum} 枚以上必要）"),
    _p("'{card}' is a {kind} card; {section} takes {kinds} cards", "「{card}」は {kind} カードです（{section} には {kinds} カードだけ）"),
    _p("'{card}' is listed twice (first as entry {n})", "「{card}」が二度書かれています（最初は {n} 番目）"),
    _p("{n} copies of '{card}', at most {max} allowed", "「{card}」が {n} 枚あります（{max} 枚まで）"),
    _p("main deck has {total} cards, needs {range} ({rule})", "メインデッキが {total} 枚です（{range} 枚必要、{rule}）"),
    _p("core deck has {total} cards, needs {range} ({rule})", "コアデッキが {total} 枚です（{range} 枚必要、{rule}）"),
    _p("'{card}' is a {kind} card; the core deck takes core fighters only",
       "「{card}」は {kind} カードです（コアデッキにはコアファイターだけ）"),
    _p("core fighter '{card}' is listed {n} times; each may appear once ({rule})",
       "コアファイター「{card}」が {n} 回書かれています（各 1 回まで、{rule}）"),
    _p("needs exactly {want} pairs, found {found}", "ペアはちょうど {want} 組必要ですが、{found} 組です"),
    _p("'{card}' is not a card of set '{set}'", "「{card}」はセット「{set}」のカードではありません"),
    _p("pair {n} is two copies of '{card}'", "{n} 組目が「{card}」2 枚です"),
    _p("'{card}' is used {n} time(s), expected exactly {want}", "「{card}」が {n} 回使われています（ちょうど {want} 回必要）"),
    # hints
    _p("a Hard can only be played onto its Normal ({rule})", "ハードは対応するノーマルの上にしか出せません（{rule}）"),
    _p("a Hard levels up from a Normal ({rule})", "ハードはノーマルから成長します（{rule}）"),
    _p("each fighter owns 1 awakening card and 7 spells ({rule})", "ファイターごとに覚醒カード 1 枚とスペル 7 枚です（{rule}）"),
    _p("each player's set holds exactly 9 kinds ({rule})", "各プレイヤーのセットはちょうど 9 種類です（{rule}）"),
    _p("declare it under 'fighters:' (known: {names})", "game.yaml の「fighters:」に書いてください（今あるもの: {names}）"),
    _p("did you mean '{word}'?", "「{word}」の間違いではありませんか？"),
    _p("allowed keys: {keys}", "使えるキー: {keys}"),
    _p("remove it", "削除してください"),
    _p("add '{key}:'", "「{key}:」を書き足してください"),
    _p("write a {want}", "{want} を書いてください"),
    _p("use one of: {options}", "次のどれかを使ってください: {options}"),
    _p("remove one of them", "どちらか一方を消してください"),
    _p("save the file as UTF-8", "ファイルを UTF-8 で保存し直してください"),
    _p("check the path", "パスを確かめてください"),
    _p("fix the YAML syntax", "YAML の書き方を直してください"),
    _p("quote it: '{key}'", "引用符で囲んでください: '{key}'"),
    _p("give the id of a card of this game", "このゲームのカードの ID を書いてください"),
    _p("give each {what} of {game} its own id", "{game} の {what} にはそれぞれ別の ID を付けてください"),
    _p("give each game folder its own id", "ゲームフォルダーごとに別の ID を付けてください"),
    _p("known fighters: {names}", "ファイター一覧: {names}"),
    _p("types of {game}: {names}", "{game} のタイプ: {names}"),
    _p("add it to 'types:' in game.yaml or use one of: {names}",
       "game.yaml の「types:」に書き足すか、次のどれかを使ってください: {names}"),
    _p("sets in game.yaml: {names}", "game.yaml のセット: {names}"),
    _p("chips.stat in game.yaml: {names}", "game.yaml の chips.stat: {names}"),
    _p("name the id of the matching Normal character", "対応するノーマルのキャラクターの ID を書いてください"),
    _p("the engines cannot play it until it is written as ops",
       "効果を操作（ops）として書くまで、ルールエンジンはこの能力を使えません"),
    _p("put a PNG or JPEG inside the game folder and give its path relative to the YAML file",
       "PNG か JPEG をゲームフォルダーの中に置き、YAML ファイルからの相対パスを書いてください"),
    _p("start game.yaml with 'id:', 'name:' and 'rules:'", "game.yaml は「id:」「name:」「rules:」から書き始めてください"),
    # schema findings: the dotted path, then a message of its own (last: it matches any "a: b")
    _p("{path}: {rest}", "{path}: {rest}"),
]

_WORDS = {"integer": "整数", "string": "文字列", "number": "数", "boolean": "真偽値（true / false）",
          "array": "リスト", "object": "「キー: 値」の組", "null": "空の値",
          "at least": "以上", "at most": "以下", "greater than": "より大きい", "less than": "より小さい"}


def translate(code: str | None, english: str, lang: str) -> str:
    """``english`` (a finding's message or hint) in ``lang``; values stay as written."""
    if lang == "en" or not english:
        return english
    text = _phrase(english)
    if text is not None:
        return text
    if code in TITLES:
        return f"{TITLES[code][0]}: {english}"
    return english


def _phrase(english: str) -> str | None:
    for pattern, japanese, _ in PHRASES:
        match = pattern.match(english)
        if match is None:
            continue
        values = {k: _WORDS.get(v, v) for k, v in match.groupdict().items()}
        if "rest" in values:  # the tail is a sentence of its own
            rest = _phrase(values["rest"])
            if rest is None and "path" in values:
                continue
            values["rest"] = rest or values["rest"]
        return japanese.format(**values)
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
