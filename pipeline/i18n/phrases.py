"""Japanese forms of the English sentences findings are written in.

Each phrase is an English sentence shape with ``{name}`` slots and its Japanese form; the values
(ids, keys, numbers, paths) are taken over as written. A slot named ``rest…`` holds a sentence of
its own and is translated in turn; a slot named ``w_…`` must be one of :data:`WORDS` (or the
phrase does not apply); a slot named ``id_…`` is an id, key or op name kept exactly as written
(never looked up in :data:`WORDS`); a slot named ``expects…`` is what a rule engine's op parameter expects (see
:mod:`fuda.i18n.engine_phrases`); a slot named ``x_…`` is English detail the Japanese form leaves
out on purpose (a library's error text, a raw pattern). :mod:`fuda.i18n.findings` applies them.
"""

from __future__ import annotations

import re

_V = r"(?P<{}>.+?)"  # a value taken over verbatim


def phrase(english: str, japanese: str) -> tuple[re.Pattern, str, str]:
    """One phrase: an English shape with ``{name}`` slots and its Japanese form."""
    pattern = re.escape(english)
    for name in re.findall(r"\\\{(\w+)\\\}", pattern):
        pattern = pattern.replace(r"\{" + name + r"\}", _V.format(name), 1)
    return re.compile(pattern + r"\Z", re.S), japanese, english


_p = phrase

# English sentence shape → Japanese. The first shape that matches wins: specific shapes come
# before general ones ("{path}: {rest}" is last of all).
PHRASES: list[tuple[re.Pattern, str, str]] = [
    # ── wrappers: a sentence of its own inside ({rest}) ──
    _p("{rest} (may follow from the error in {files})", "{rest}（{files} の誤りから起きているかもしれません）"),
    _p("YAML syntax error: {rest} — line {line}: {source}", "YAML の書き方の誤り: {rest}（{line} 行目「{source}」）"),
    _p("YAML syntax error: {rest}", "YAML の書き方の誤り: {rest}"),
    _p("fix {files} first", "先に {files} を直してください"),
    # ── YAML and files (Y…, D…, T…) ──
    _p("a ':' stands where no new 'key: value' can start (wrong indentation, a missing space after '-', or a ':' in unquoted text)",
       "ここに「:」があるのはおかしな位置です（字下げのずれ、「-」のあとの空白忘れ、引用符なしの文の中の「:」など）"),
    _p("a [ ] or { } list is not closed, or an item lacks its ','", "[ ] や {{ }} のかっこが閉じていないか、項目の間の「,」が抜けています"),
    _p("a full-width colon 「：」 follows a key", "キーのあとのコロンが全角の「：」になっています"),
    _p("a full-width space 「　」 is used in the indentation", "字下げに全角スペース「　」が使われています"),
    _p("a line is not in 'key: value' form (a missing ':' or an unclosed quote)",
       "「キー: 値」の形になっていない行があります（「:」の書き忘れか、引用符の閉じ忘れ）"),
    _p("a tab character is used for indentation", "字下げにタブ文字が使われています"),
    _p("this line does not line up with the keys above it", "この行の字下げが上のキーとそろっていません"),
    _p("this line does not line up with the list items above it", "この行の字下げが上のリストの項目とそろっていません"),
    _p("the YAML cannot be read here ({x_detail})", "ここから先が YAML として読めません"),
    _p("「{dash}」 (a full-width dash) is used as a list dash", "リストの「-」が全角の「{dash}」になっています"),
    _p("add the ':' (followed by a space) or close the quote", "「:」（うしろに半角スペース）を書くか、引用符を閉じてください"),
    _p("check the indentation, or put the text in quotes", "字下げを確かめるか、文を引用符で囲んでください"),
    _p("close the bracket and separate the items with ','", "かっこを閉じ、項目の間を「,」で区切ってください"),
    _p("fix the YAML syntax (indentation, quotes, colons)", "YAML の書き方（字下げ・引用符・コロン）を直してください"),
    _p("indent it exactly like the keys beside it", "となりのキーとちょうど同じだけ字下げしてください"),
    _p("replace the tab with spaces (YAML indents with spaces only)", "タブを半角スペースに置き換えてください（"
        "YAML の字下げは半角スペースだけです）"),
    _p("start each list item with '- ' at the same indentation", "リストの項目はどれも同じ字下げで「- 」から書き始めてください"),
    _p("全角の「{dash}」→ 半角の - (write '- ' at the start of each list item)",
       "全角の「{dash}」→ 半角の -（リストの項目は「- 」で書き始めます）"),
    _p("全角コロン「：」→ 半角の : (followed by a space)", "全角コロン「：」→ 半角の :（うしろに半角スペース）"),
    _p("replace the full-width colon with ':' (半角コロン)", "全角の「：」を半角の「:」に直してください"),
    _p("file holds more than the {limit} bytes allowed for a card file",
       "ファイルがカードファイルの上限 {limit} バイトを超えています"),
    _p("split it into several files", "いくつかのファイルに分けてください"),
    _p("the document expands to more than {limit} values (aliases nested too deep?)",
       "展開すると値が {limit} 個を超えます（エイリアスの入れ子が深すぎませんか）"),
    _p("write the data out without nested aliases", "エイリアスを入れ子にせず、データをそのまま書いてください"),
    _p("cannot read the file: No such file or directory", "ファイルを読めません: ファイルがありません"),
    _p("cannot read the file: Permission denied", "ファイルを読めません: 読む許可がありません"),
    _p("cannot read the file: Is a directory", "ファイルを読めません: フォルダーです"),
    _p("{name} is a folder, not a file", "{name} はファイルではなくフォルダーです"),
    _p("{name} is a named pipe (FIFO), not a file", "{name} はふつうのファイルではありません（名前付きパイプ）"),
    _p("{name} is a device or socket, not a file", "{name} はふつうのファイルではありません（デバイスかソケット）"),
    _p("{name} is a link to {target}, outside the game folder", "{name} はゲームフォルダーの外（{target}）へのリンクです"),
    _p("{name} is a link that points nowhere", "{name} はリンク先のないリンクです"),
    _p("copy the file into the game folder instead of linking to it", "リンクではなく、ファイルをゲームフォルダーの中にコピーしてください"),
    _p("remove it or give it another name (only regular files are read)", "消すか名前を変えてください（読むのはふつうのファイルだけです）"),
    _p("save the file as UTF-8 (it looks like Shift_JIS)", "ファイルを UTF-8 で保存し直してください（Shift_JIS で保存されているようです）"),
    _p("the file is not UTF-8 text", "ファイルが UTF-8 のテキストではありません"),
    _p("remove the tag; cards use plain strings, numbers, lists and mappings",
       "タグを消してください（カードに書けるのは文字列・数・リスト・「キー: 値」だけです）"),
    _p("use a plain word as the key", "キーはふつうの語で書いてください"),
    _p("write the keys out in full", "キーを省略せずに全部書いてください"),
    _p("{value} is not a number a card can use", "{value} はカードに書ける数ではありません"),
    _p("write a finite number (NaN and infinity are not allowed)", "ふつうの数を書いてください（NaN や無限大は使えません）"),
    _p("lists and mappings are nested more than {limit} deep", "リストや「キー: 値」の入れ子が {limit} 段より深くなっています"),
    _p("flatten the data; a card never needs this depth", "入れ子を浅くしてください（カードにこの深さは要りません）"),
    _p("{name} is not read: card and deck files end in .yaml or .yml",
       "{name} は読まれません（カードやデッキのファイル名は .yaml か .yml で終わります）"),
    _p("rename it, or move it out of the game folder", "名前を変えるか、ゲームフォルダーの外へ移してください"),
    _p("'decks' is not a folder; decks are read from the folder decks/", "「decks」がフォルダーではありません（"
        "デッキは decks/ フォルダーから読みます）"),
    _p("make decks/ a folder holding one YAML file per deck", "decks/ をフォルダーにして、"
        "デッキ 1 つにつき YAML ファイルを 1 つ置いてください"),
    _p("'decks' is a link to {target}, outside the game folder", "「decks」はゲームフォルダーの外（{target}）へのリンクです"),
    _p("{field} holds the invisible character U+{code} ({name})", "{field} に目に見えない文字 U+{code}（{name}）があります"),
    _p("delete it (retype the text if unsure where it is)", "消してください（どこにあるか分からなければ、その文を打ち直してください）"),
    # ── art and fonts (A…) ──
    _p("art file {path} does not exist", "画像ファイル {path} がありません"),
    _p("art file {path} is not a readable image ({x_detail})", "画像ファイル {path} を画像として読めません（"
        "壊れているか、PNG / JPEG ではありません）"),
    _p("art file {path} cannot be opened: {x_detail}", "画像ファイル {path} を開けません"),
    _p("art path {path} leaves the game folder {folder}", "画像のパス {path} がゲームフォルダー {folder} の外を指しています"),
    _p("font {path}: {rest}", "フォント {path}: {rest}"),
    _p("font {path} is a {kind} image, not a TrueType font", "フォント {path} は {kind} 画像で、TrueType フォントではありません"),
    _p("font {path} is not a TrueType font ({x_detail})", "フォント {path} は TrueType フォントではありません"),
    _p("font {path} does not exist", "フォントファイル {path} がありません"),
    _p("font {path} leaves the game folder {folder}", "フォントのパス {path} がゲームフォルダー {folder} の外を指しています"),
    _p("font {path} has no glyph for {chars} and {n} more", "フォント {path} に {chars} ほか {n} 文字がありません"),
    _p("font {path} has no glyph for {chars}", "フォント {path} に {chars} がありません"),
    _p("put a TrueType (.ttf) file inside the game folder", "TrueType（.ttf）ファイルをゲームフォルダーの中に置いてください"),
    _p("use a TrueType (.ttf, glyf outlines) font, e.g. BIZ UD Gothic", "TrueType（.ttf、glyf 形式）"
        "のフォントを使ってください（例: BIZ UDゴシック）"),
    _p("use a font that covers the card text, or change the text", "カードの文字がすべて入っているフォントを使うか、文を変えてください"),
    # ── schema (S…) ──
    _p("{value} is written with full-width characters (全角数字「{chars}」)", "{value} が全角で書かれています（全角数字「{chars}」）"),
    _p("全角数字「{value}」→ {plain} (write it with half-width digits)", "全角数字「{value}」→ {plain}（半角数字で書いてください）"),
    _p("the number {plain} has a full-width space 「　」 beside it", "数 {plain} の隣に全角スペース「　」があります"),
    _p("missing required key 'kind'; the kinds are {kinds}", "必須のキー「kind」がありません（種類: {kinds}）"),
    _p("unknown card kind {value}; the kinds are {kinds}", "{value} というカードの種類はありません（種類: {kinds}）"),
    _p("add 'kind:' with one of them", "そのどれかを「kind:」に書いてください"),
    _p("write kind: {kind} (「{value}」→ {kind2})", "kind: {kind} と書いてください（「{value}」→ {kind2}）"),
    _p("expected at least {n} items, found {found}", "項目が {n} 個以上必要ですが、{found} 個です"),
    _p("expected at most {n} items, found {found}", "項目は {n} 個までですが、{found} 個あります"),
    _p("expected at least {n} characters, found {found}", "{n} 文字以上必要ですが、{found} 文字です"),
    _p("expected at most {n} characters, found {found}", "{n} 文字までですが、{found} 文字あります"),
    _p("expected at least {n} keys, found {found} ({keys})", "キーが {n} 個以上必要ですが、{found} 個です（{keys}）"),
    _p("expected at most {n} keys, found {found} ({keys})", "キーは {n} 個までですが、{found} 個あります（{keys}）"),
    _p("an effect step names exactly one operation", "効果の 1 ステップには操作を 1 つだけ書きます"),
    _p("items must be unique, found a repeated item", "同じ項目が二度書かれています"),
    _p("remove the repeat", "重なっている方を消してください"),
    _p("False schema does not allow {key}", "{key} はここには書けません"),
    # schema field descriptions, shown as the hint of S007 / S009
    _p("stable key: lower-case ASCII letters, digits and hyphens; unique within its game; decks, exports and the engine refer to",
       "半角の英小文字・数字・ハイフンで書きます（ゲームの中で 1 枚ごとに違うもの。デッキや書き出しはこの ID でカードを指します）"),
    _p("path of a PNG or JPEG image, relative to this YAML file; it must stay inside the game folder.",
       "PNG か JPEG 画像のパスを、この YAML ファイルからの相対パスで書きます（ゲームフォルダーの中に置いてください）"),
    _p("an sRGB colour as #rrggbb.", "色は #rrggbb（16 進数 6 桁）で書きます"),
    _p("#rrggbb or $palette-name", "色は #rrggbb か $パレット名 で書きます"),
    _p("TrueType font file for text, relative to game.yaml (default: the bundled BIZ UD Gothic Regular).",
       "本文用の TrueType フォントファイルを game.yaml からの相対パスで書きます（省略時は付属の BIZ UDゴシック Regular）"),
    _p("TrueType font file for names and labels, relative to game.yaml (default: BIZ UD Gothic Bold).",
       "名前やラベル用の TrueType フォントファイルを game.yaml からの相対パスで書きます（省略時は BIZ UDゴシック Bold）"),
    _p("one fighter type as printed (戦士, 魔法使い, ドラゴン, 妖怪 …).", "ファイターのタイプを印刷どおりに 1 つ書きます（"
        "戦士、魔法使い、ドラゴン、妖怪 …）"),
    _p("a fighter type such as 戦士, 魔法使い, ドラゴン, 妖怪; must be one of the manifest's `types` (checked by the loader).",
       "戦士、魔法使い、ドラゴン、妖怪 などのタイプを書きます（game.yaml の types にあるもの）"),
    _p("攻撃力 — {x_detail}", "攻撃力: 攻撃札には必須、それ以外には書けません。null はバー「ー」（左右の片方だけ）"),
    _p("パワー増減値 — {x_detail}", "パワーの増減は 0 以外の 100 の倍数で書きます（＋５００ / －３００ など）"),
    _p("攻撃力修正 — change to attack (＋N / －N).", "攻撃力の増減を書きます（＋N / －N）"),
    _p("防御力修正 — change to defense (＋N / －N).", "防御力の増減を書きます（＋N / －N）"),
    _p("増減 — the change, printed ＋N / －N; never 0.", "増減を書きます（＋N / －N、0 は不可）"),
    _p("増減 — {x_detail}", "増減を書きます（マイナスは減らす、0 は不可）"),
    _p("{label} — {x_detail}", "「{label}」の書き方が違います"),
    # ── references, duplicates, decks (R…, D…, K…, F…) ──
    _p("check the id in the card files", "カードファイルの ID を確かめてください"),
    _p("rules: no rule set '{rules}' is installed (installed: {names})",
       "rules: ルールセット「{rules}」は入っていません（入っているもの: {names}）"),
    _p("rules: the rule set '{rules}' is installed but cannot be loaded ({error})",
       "rules: ルールセット「{rules}」は入っていますが読み込めません（{error}）"),
    _p("reinstall or update the package that provides it", "そのルールセットのパッケージを入れ直すか更新してください"),
    _p("for a game of your own write 'rules: custom' and declare its kinds (see the README)",
       "自作のゲームなら「rules: custom」と書き、カードの種類を game.yaml に書いてください（README を参照）"),
    _p("a deck takes cards of its two fighters only ({rule})", "デッキに入れられるのは 2 人のファイターのカードだけです（{rule}）"),
    _p("a deck's card count is its life ({rule})", "デッキの枚数がライフになります（{rule}）"),
    _p("use every card of the set exactly twice across the {n} pairs", "セットのカードを {n} 組の中でちょうど 2 回ずつ使ってください"),
    _p("the main deck has {total} cards, needs {range} ({rule})", "メインデッキが {total} 枚です（{range} 枚必要、{rule}）"),
    _p("'{card}' is a {kind} card; the core deck takes core fighters only ({rule})",
       "「{card}」は {kind} カードです（コアデッキにはコアファイターだけ、{rule}）"),
    # ── custom rule sets (C…) ──
    _p("kinds.{kind}.fields: '{key}' is a key every card already has", "kinds.{kind}.fields: 「{key}」はどのカードにもあるキーです"),
    _p("rename the field (reserved: {keys})", "項目の名前を変えてください（使えない名前: {keys}）"),
    _p("{where}: min {low} is above max {high}", "{where}: min の {low} が max の {high} より大きくなっています"),
    _p("deck-rules: min-cards {low} is above max-cards {high}", "deck-rules: min-cards の {low} が"
        " max-cards の {high} より大きくなっています"),
    _p("swap them or fix one", "入れ替えるか、どちらかを直してください"),
    _p("{where}: a {type} field has no min/max", "{where}: {type} の項目に min / max は書けません"),
    _p("min and max are for integer and number fields", "min と max が書けるのは integer と number の項目だけです"),
    _p("{where}: a {type} field needs its values", "{where}: {type} の項目には values が必要です"),
    _p("add values: [..] with at least one value", "values: [..] に値を 1 つ以上書いてください"),
    _p("{where}: a {type} field has no values", "{where}: {type} の項目に values は書けません"),
    _p("values are for enum and list fields", "values が書けるのは enum と list の項目だけです"),
    _p("'{key}' is not a field of kind {kind}", "「{key}」は種類 {kind} の項目ではありません"),
    _p("fields of {kind}: {names}", "{kind} の項目: {names}"),
    _p("write {w_want}", "{w_want} を書いてください"),
    # ── card faces and templates (L…, P…) ──
    _p("unknown colour '{colour}'", "色「{colour}」は定義されていません"),
    _p("define {name} in a palette", "{name} をパレット（palette）に定義してください"),
    _p("colour {colour} is not defined for this card's kind", "色 {colour} がこのカードの種類に定義されていません"),
    _p("add it to the kind's palette", "その種類のパレット（palette）に書き足してください"),
    _p("the template has no layout for card kind '{kind}'", "テンプレートにカードの種類「{kind}」のレイアウトがありません"),
    _p("add kinds.{kind} (kinds: {kinds})", "kinds.{kind} を書き足してください（今ある種類: {kinds}）"),
    _p("the mat text {text} has characters the font lacks: {chars}", "プレイマットの文字 {text} にフォントにない文字があります: {chars}"),
    _p("draw the sign another way", "その記号を別の形で描いてください"),
    _p("{field}: does not fit its box even at the minimum {size} pt ({lines} lines, room for {room})",
       "{field}: 最小の {size} ポイントでも枠に収まりません（{lines} 行、入るのは {room} 行）"),
    _p("shorten the text or lower the template's min-size", "文を短くするか、テンプレートの min-size を小さくしてください"),
    _p("text: set at {size} pt to fit, below the readable {least} pt",
       "本文: 収めるために {size} pt まで縮めています（読める大きさ {least} pt より小さい）"),
    _p("flavor: set at {size} pt to fit, below the readable {least} pt",
       "フレーバー: 収めるために {size} pt まで縮めています（読める大きさ {least} pt より小さい）"),
    _p("shorten the text (or give the box more room in the template)", "文を短くしてください（またはテンプレートで枠を広げてください）"),
    _p("{field}: the font has no glyph for '{char}' (U+{code})", "{field}: フォントに「{char}」（U+{code}）がありません"),
    _p("replace the character or name a font that has it in game.yaml",
       "その文字を置き換えるか、その文字のあるフォントを game.yaml に書いてください"),
    _p("near the edge", "仕上がり線に近すぎます"),
    _p("overlap", "ほかの文字と重なっています"),
    _p("move or shrink the element in the template, or shorten the text", "テンプレートの要素を動かすか小さくするか、文を短くしてください"),
    _p("art-focus: the crop box is empty (left < right and top < bottom are needed)",
       "art-focus: 切り抜き範囲が空です（left < right、top < bottom にしてください）"),
    _p("e.g. art-focus: {id_example}", "例: art-focus: {id_example}"),
    _p("use an image of at least {w} × {h} px", "{w} × {h} ピクセル以上の画像を使ってください"),
    _p("layout failed: {x_detail}", "カードを組版できませんでした（内部のエラー）"),
    _p("the template has no look for this card's value: add {key}", "テンプレートにこのカードの値の見た目があり"
        "ません: {key} を書き足してください"),
    _p("give it {names} (or a default in the kind's palette)", "{names} を書いてください（またはその種類のパレットに既定の色を）"),
    # ── Duel Online, Udonarium (X…) ──
    _p("'{char}' (U+{code}) in {name} cannot be written in CP932", "{name} の「{char}」（U+{code}）は CP932 で書けません"),
    _p("'{char}' (U+{code}) in the template header cannot be written in CP932", "テンプレートの見出しの「{char}」（"
        "U+{code}）は CP932 で書けません"),
    _p("replace the character (Duel Online reads CP932 only)", "その文字を置き換えてください（"
        "デュエルオンラインは CP932 の文字しか読めません）"),
    _p("'{char}' (U+{code}) in {name} is a CP932 extension, not JIS X 0208 Shift_JIS",
       "{name} の「{char}」（U+{code}）は CP932 だけの文字で、JIS X 0208 の Shift_JIS にはありません"),
    _p("older or non-Windows Shift_JIS readers may show it wrongly", "古いソフトや Windows 以外の Shift_"
        "JIS 読み込みでは正しく表示されないことがあります"),
    _p("record name '{name}' is also used by card {card} ({where})", "名前「{name}」はカード {card}（{where}）でも使われています"),
    _p("Duel Online finds cards by name: rename one of them", "デュエルオンラインは名前でカードを探します。どちらかの名前を変えてください"),
    _p("a text line reads as the record separator {sep}", "本文の行がレコードの区切り {sep} と同じになっています"),
    _p("remove the empty line from the text", "本文から空行を消してください"),
    _p("not CP932 text (byte {pos})", "CP932 のテキストではありません"),
    _p("Card.txt is Shift_JIS / CP932", "Card.txt は Shift_JIS（CP932）で保存されているはずです"),
    _p("header line {line} of the template {name} is not in the file", "テンプレート {name} の見出し行 {line} がファイルにありません"),
    _p("record '{name}' does not match the template {template}", "レコード「{name}」がテンプレート {template} に合いません"),
    _p("pass the template the file was written with (--template)", "そのファイルを書き出したときのテンプレート"
        "を --template で指定してください"),
    _p("{name} is not a regular file", "{name} は普通のファイルではありません"),
    _p("give the path of the Card.txt file", "Card.txt ファイルのパスを指定してください"),
    _p("the file holds more than the {n} bytes a Card.txt may have", "ファイルが大きすぎます（Card.txt の上限は {n} バイト）"),
    _p("the file has more than the {n} lines a Card.txt may have", "行が多すぎます（Card.txt の上限は {n} 行）"),
    _p("split it into smaller files and import each", "小さいファイルに分けて、それぞれ取り込んでください"),
    _p("record '{name}': {rest}", "レコード「{name}」: {rest}"),
    _p("the card file made from it would hold at least {size} bytes, more than the {limit} fuda reads from one card file",
       "取り込むとカードファイルが {size} バイト以上になり、fuda が１つのカードファイルから読む上限 {limit} バイトを超えます"),
    _p("the card file made from it would hold {n} values, more than the {limit} fuda reads from one card file",
       "取り込むとカードファイルの値が {n} 個になり、fuda が１つのカードファイルから読む上限 {limit} 個を超えます"),
    _p("split Card.txt into smaller files and import each", "Card.txt を小さいファイルに分けて、それぞれ取り込んでください"),
    _p("card {card}: an image cannot be decoded ({x_detail})", "カード {card}: 画像を読み取れません（壊れている可能性があります）"),
    _p("replace the art file with a readable PNG or JPEG", "画像ファイルを読める PNG か JPEG に置き換えてください"),
    _p("{x_detail}; the table has a plain surface", "プレイマットを描けなかったので、テーブルは無地になります"),
    # ── build ──
    _p("{game}: no engine plays {rules} yet; its registry is not built",
       "{game}: {rules} を遊べるルールエンジンはまだないので、カード一覧（registry）は作りません"),

    # ── shapes written first (database layer, deck construction) ──
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
]

# The linter's messages (fuda lint): look-alikes, style, agreement between text and data, prh.
LINT_PHRASES: list[tuple[re.Pattern, str, str]] = [
    # look-alikes and characters (JP1…, ENC…)
    _p("hiragana '{char}' inside a katakana word", "カタカナ語の中にひらがなの「{char}」があります"),
    _p("kanji '{char}' inside a katakana word", "カタカナ語の中に漢字の「{char}」があります"),
    _p("'{char}' (U+{code} {name}) inside a katakana word",
       "カタカナ語の中にカタカナに似た別の文字「{char}」（U+{code} {name}）があります"),
    _p("write the katakana it stands for", "意図したカタカナを書いてください"),
    _p("katakana '{char}' inside a kanji word", "漢字語の中にカタカナの「{char}」があります"),
    _p("write the katakana '{char}'", "カタカナの「{char}」にしてください"),
    _p("write the kanji '{char}'", "漢字の「{char}」にしてください"),
    _p("'{char}' (U+{code}) after a katakana where the long-vowel mark belongs", "カタカナのあとの「{char}」（"
        "U+{code}）は長音「ー」のはずです"),
    _p("'{char}' (U+{code}) between '{word}' and a digit: the long-vowel mark ー or a minus sign?",
       "「{word}」と数字の間の「{char}」（U+{code}）は長音「ー」ですか、マイナス記号ですか？"),
    _p("'{char}' (U+{code}) between '{word}' and a digit: {term} is a word of this game",
       "「{word}」と数字の間に「{char}」（U+{code}）があります（このゲームには「{term}」という語があります）"),
    _p("write 'ー' if it ends the word, '{minus}' if the number is negative", "語の終わりなら「ー」、負の数なら「{minus}」にしてください"),
    _p("'{char}' (U+{code}) in an attack value", "攻撃力の値に「{char}」（U+{code}）があります"),
    _p("write the bar 'ー' (U+30FC)", "バーは「ー」（U+30FC）で書いてください"),
    _p("'{char}' (U+{code}) used as a minus sign", "「{char}」（U+{code}）がマイナス記号に使われています"),
    _p("write the minus sign '{minus}'", "マイナス記号「{minus}」にしてください"),
    _p("'{text}' written for the Roman numeral {numeral}", "ローマ数字 {numeral} の代わりに英字の「{text}」が書かれています"),
    _p("write the Roman numeral '{numeral}'", "ローマ数字の「{numeral}」にしてください"),
    _p("half-width katakana '{text}'", "半角カタカナ「{text}」"),
    _p("write full-width katakana '{text}'", "全角カタカナの「{text}」にしてください"),
    _p("invisible character U+{code} ({name})", "目に見えない文字 U+{code}（{name}）があります"),
    _p("delete the character", "その文字を消してください"),
    _p("delete it", "消してください"),
    _p("write '{good}' (U+{code})", "「{good}」（U+{code}）にしてください"),
    _p("write 【{name}（…）】 with {w_want}", "【{name}（…）】の（）に{w_want}を書いてください"),
    _p("write e.g. 【{word}】", "【{word}】のように書いてください"),
    _p("write 【{word}】", "【{word}】と書いてください"),
    _p("【{name}】 needs {w_want} in （）", "【{name}】には（）の中に{w_want}が必要です"),
    _p("U+{code} ({name}) instead of a space", "ふつうの空白の代わりに U+{code}（{name}）があります"),
    _p("write an ordinary space", "ふつうの空白にしてください"),
    _p("'{char}' (U+{code} {name}) does not survive CP932", "「{char}」（U+{code} {name}）は CP932 で書けません"),
    _p("rewrite it with a CP932 character", "CP932 で書ける文字に書き換えてください"),
    _p("after a katakana it is the long-vowel mark ー or a minus sign: write the one meant",
       "カタカナの後ろのダッシュは長音「ー」かマイナス記号のどちらかです。意図したほうを書いてください"),
    # style (JP2…)
    _p("'{text}': this game prints full-width digits", "「{text}」: このゲームでは数字を全角で書きます"),
    _p("'{text}': this game prints half-width digits", "「{text}」: このゲームでは数字を半角で書きます"),
    _p("'{text}': this game prints full-width Latin letters", "「{text}」: このゲームでは英字を全角で書きます"),
    _p("'{text}': this game prints half-width Latin letters", "「{text}」: このゲームでは英字を半角で書きます"),
    _p("'{text}' next to a number: this game writes '{good}'", "数字の隣の「{text}」: このゲームでは「{good}」と書きます"),
    _p("'{bad}' (U+{bcode}): this game writes '{good}' (U+{gcode})", "「{bad}」（U+{bcode}）"
        ": このゲームでは「{good}」（U+{gcode}）と書きます"),
    _p("write '{good}'", "「{good}」にしてください"),
    _p("line ends with '{end}': this game writes sentences without a period", "行が「{end}」で終わっています（"
        "このゲームでは文末に句点を付けません）"),
    _p("line ends with no period: this game ends sentences with '{end}'", "行が句点なしで終わっています（"
        "このゲームでは文を「{end}」で終えます）"),
    _p("line ends with {wrong}: this game ends sentences with '{end}'", "行が {wrong} で終わっています（"
        "このゲームでは文を「{end}」で終えます）"),
    _p("delete the period", "句点を消してください"),
    _p("end the sentence with '{end}'", "文を「{end}」で終えてください"),
    _p("plain sentence in です・ます-style text", "です・ます調の文の中に である調（〜する。）の文があります"),
    _p("polite '{ending}' in である-style text", "である調の文の中に です・ます調の「{ending}」があります"),
    _p("plain sentence in です・ます-style flavor", "です・ます調のフレーバーの中に である調（〜する。）の文があります"),
    _p("polite '{ending}' in である-style flavor", "である調のフレーバーの中に です・ます調の「{ending}」があります"),
    _p("write the plain form (〜する。)", "である調（〜する。）で書いてください"),
    _p("write the polite form (〜します。)", "です・ます調（〜します。）で書いてください"),
    _p("'{char}' closes nothing", "「{char}」に対応する開きかっこがありません"),
    _p("'{char}' is never closed", "「{char}」が閉じていません"),
    _p("'{char}' is not closed before '{other}'", "「{char}」が「{other}」の前で閉じていません"),
    _p("add '{char}' before it or delete it", "前に「{char}」を足すか、これを消してください"),
    _p("add '{char}' or delete the '{other}'", "「{char}」を足すか、「{other}」を消してください"),
    _p("close it with '{char}' or delete it", "「{char}」で閉じるか、これを消してください"),
    _p("{n} spaces in a row", "空白が {n} 個続いています"),
    _p("space at the end of a line", "行末に空白があります"),
    _p("space at the start of a line", "行頭に空白があります"),
    _p("keep one space", "空白は 1 つにしてください"),
    _p("delete the space", "空白を消してください"),
    _p("delete the spaces", "空白を消してください"),
    _p("'{text}': the particle '{char}' twice", "「{text}」: 助詞「{char}」が二つ続いています"),
    _p("delete one '{char}'", "「{char}」を一つ消してください"),
    # vocabulary, references (VOC…, REF…, LNT…)
    _p("【{word}】 is not a label or keyword of {game}", "【{word}】は {game} のラベルやキーワードにありません"),
    _p("〔{word}〕 is not a condition mark of {game}", "〔{word}〕は {game} の条件マークにありません"),
    _p("did you mean {word}?", "{word} の間違いではありませんか？"),
    _p("【{name}（{param}）】: '{param2}' is not a type of {game}", "【{name}（{param}）】: 「{param2}」は {game} のタイプにありません"),
    _p("【{name}（{param}）】: the parameter must be a number", "【{name}（{param}）】: （）の中は数にしてください"),
    _p("【{name}】 takes no parameter, found （{param}）", "【{name}】には（）の値を付けません（（{param}）が付いています）"),
    _p("【{name}】 needs a number in （）", "【{name}】には（）の中に数が必要です"),
    _p("【{name}】 needs a type in （）", "【{name}】には（）の中にタイプが必要です"),
    _p("write {word} with a number", "{word} のように数を付けて書いてください"),
    _p("write {word} with a type", "{word} のようにタイプを付けて書いてください"),
    _p("label 【{word}】 in the middle of a line", "ラベル【{word}】が行の途中にあります"),
    _p("start a new line for each ability", "能力ごとに行を改めてください"),
    _p("{quoted} is not a card of {game}", "{quoted} は {game} のカードにありません"),
    _p("closest: {names}", "近い名前: {names}"),
    _p("check the name; list rules terms that are not names in lint.terms",
       "名前を確かめてください（カード名でないルール用語は game.yaml の lint.terms に書きます）"),
    _p("name-of: {card} is {name} but the text quotes {quoted}", "name-of: {card} は {name} ですが、本文は {quoted} を引用しています"),
    _p("make the quoted name and the name-of id agree", "本文の名前と name-of の ID をそろえてください"),
    _p("lint setting names '{code}', which is no lint rule", "校正の設定に書かれた「{code}」という校正ルールはありません"),
    _p("lint-ignore names '{code}', which is no lint rule", "lint-ignore に書かれた「{code}」という校正ルールはありません"),
    _p("fix the code (see fuda lint --explain)", "コードを直してください（一覧は fuda lint --explain）"),
    # agreement between the text and the data (AGR…)
    _p("【{word}】 but no ability with when: {when} prints this line",
       "【{word}】がありますが、この行を印刷する when: {when} の能力がデータにありません"),
    _p("add the ability (when, text, effect) or remove the label", "能力（when、text、effect）を書き足すか、ラベルを消してください"),
    _p("text does not start with 【{word}】 (when: {when})", "能力の文章が【{word}】で始まっていません（when: {when}）"),
    _p("text starts with 【{word}】 but when is {when} (【{want}】)", "能力の文章は【{word}】で始まっていますが、"
        "when は {when}（【{want}】）です"),
    _p("{when} abilities print no label, found 【{word}】", "{when} の能力にはラベルを印刷しませんが、【{word}】があります"),
    _p("start the text with 【{word}】", "文章を【{word}】で始めてください"),
    _p("write 【{word}】 or change when", "【{word}】と書くか、when を変えてください"),
    _p("delete the label", "ラベルを消してください"),
    _p("action card prints 【{word}】", "アクションカードに【{word}】が印刷されています"),
    _p("delete the label: action cards omit it ({rule})", "ラベルを消してください（アクションカードには付けません、{rule}）"),
    _p("ability text is not part of the card text", "能力の文章がカードの本文にありません"),
    _p("copy the printed sentence from `text` exactly", "本文（text）の文をそのまま写してください"),
    _p("ability is listed after one that is printed below it", "能力が、本文でその下に印刷される能力よりあとに書かれています"),
    _p("list the abilities in printed order", "能力を本文の順に並べてください"),
    _p("numbers: the text says {text}, the data has {data}", "数: 本文の数は {text}、データの数は {data} です"),
    _p("{fact}: the text says {text}, the data has {data}", "{fact}: 本文は {text}、データは {data} です"),
    _p("make the text and the ops agree", "本文とデータ（ops）をそろえてください"),
    _p("{shown} is printed but not in {where}", "{shown} が印刷されていますが、{where} にありません"),
    _p("add it to {where} or delete it from the text", "{where} に書き足すか、本文から消してください"),
    _p("{where} has {shown} but the text does not print it", "{where} に {shown} がありますが、本文に印刷されていません"),
    _p("print {shown} or remove it from {where}", "{shown} を印刷するか、{where} から消してください"),
    _p("{target} on a card that does not attack", "攻撃しないカードに {target} があります"),
    _p("only attack cards make an attack of their own", "自分で攻撃するのは攻撃カードだけです"),
    _p("use target: answered, or make it an attack card", "target: answered にするか、攻撃カードにしてください"),
    _p("attack card without attack values", "攻撃カードに攻撃力の値がありません"),
    _p("{kind} card with attack values", "{kind} カードに攻撃力の値があります"),
    _p("only attack cards have attack values; remove attack", "攻撃力の値を持つのは攻撃カードだけです。attack を消してください"),
    _p("{kind} card with {stat}", "{kind} カードに {stat} があります"),
    _p("only characters have {stat}", "{stat} を持つのはキャラクターだけです"),
    _p("'{phrase}' but the ability has no limit", "「{phrase}」とありますが、能力に制限（limit）がありません"),
    _p("limit: once-per-turn but the text does not say '{phrase}'", "limit: once-per-turn ですが、本文に「{phrase}」がありません"),
    _p("text has no mark but condition is {want}", "本文に条件マークがありませんが、condition は {want} です"),
    _p("text has {shown} but condition is {want}", "本文に {shown} がありますが、condition は {want} です"),
    _p("print 〔{mark}〕 after the label", "ラベルのあとに〔{mark}〕を印刷してください"),
    _p("delete the mark or set condition", "マークを消すか、condition を書いてください"),
    _p("ability '{when}' is manual: {reason}", "能力「{when}」は手動（effect: manual）です: {reason}"),
    # prh dictionaries (PRH…)
    _p("'{bad}' → '{good}'", "「{bad}」→「{good}」"),
    _p("write '{good}' (prh rule at {where})", "「{good}」にしてください（prh のルール: {where}）"),
    _p("prh file {path} does not exist", "prh の辞書ファイル {path} がありません"),
    _p("prh dictionary {path} does not exist", "{path} がありません"),
    # a custom game's cards.schema.json (C006)
    _p("{file} was derived from an older game.yaml: editors check the cards against old fields",
       "{file} は前の game.yaml から作ったものです（エディターは古い項目でカードをチェックします）"),
    _p("run `fuda schema {folder}` to rewrite it (fuda build rewrites it too)",
       "`fuda schema {folder}` で書き直してください（fuda build でも書き直します）"),
    _p("{file} does not match the kinds of game.yaml, and fuda did not write it, so fuda leaves it alone",
       "{file} が game.yaml の kinds と合っていません。fuda が書いたファイルではないので、fuda は書き換えません"),
    _p("if it is an old copy, delete it and run `fuda schema {folder}`; a schema you keep by hand stays as it is",
       "古い写しなら消して `fuda schema {folder}` を実行してください。手で書いているスキーマならそのままでかまいません"),
    _p("create it, or delete the `prh:` line of game.yaml", "作成するか、game.yaml の `prh:` の行を消してください"),
    _p("fix the prh file; its rules are not applied until then", "prh の辞書を直してください（直すまでそのルールは使われません）"),
    _p("rule '{name}' spec failed: '{src}' became '{got}', expected '{want}'",
       "ルール「{name}」の例（specs）が合いません: 「{src}」が「{got}」になりました（「{want}」のはず）"),
    _p("rule '{name}': {x_detail} cannot be expressed with Python re", "ルール「{name}」: このパターンは fuda では使えません"),
    _p("rule '{name}': the pattern backtracks without end on a run of '{char}' (nested repetition such as (a+)+ or "
       "(a|aa)+); the rule is not applied",
       "ルール「{name}」: パターンが「{char}」の連続で終わらないほど後戻りします（(a+)+ や (a|aa)+ のような繰り返しの入れ子）。"
       "このルールは使いません"),
    _p("rule '{name}': {rest}", "ルール「{name}」: {rest}"),
    _p("prh rule '{name}' ({where}) ran longer than {sec} s on this text and was stopped; it is not applied to the rest of the game",
       "prh のルール「{name}」（{where}）がこの文で {sec} 秒を超えたので止めました（このゲームの残りには使いません）"),
    _p("prh rule '{name}' ({where}) searched for {sec} s in this run, the most one rule may; it is not applied to the "
       "rest of the run",
       "prh のルール「{name}」（{where}）がこの実行で {sec} 秒（１つのルールの上限）探したので止めました（この実行の残りには使いません）"),
    _p("prh rules searched for {sec} s in this run, the most lint gives them; no prh rule is applied to the rest of the "
       "run (rule '{name}' ({where}) was searching)",
       "prh のルールがこの実行で合わせて {sec} 秒（prh 全体の上限）探したので止めました。この実行の残りには prh のルールを"
       "使いません（そのとき動いていたルール: 「{name}」（{where}））"),
    _p("imported prh file {path} is outside the game folder; copy it into the game folder (e.g. lint/) and import it from there",
       "取り込む prh の辞書 {path} はゲームフォルダーの外にあります。"
       "ゲームフォルダーの中（lint/ など）にコピーして、そこから取り込んでください"),
    _p("prh dictionary {path} is outside the game folder", "prh の辞書 {path} はゲームフォルダーの外にあります"),
    _p("copy it into the game folder and name it relative to game.yaml (e.g. lint/prh.yml)",
       "ゲームフォルダーの中にコピーして、game.yaml からの相対パスで書いてください（例: lint/prh.yml）"),
    _p("rewrite the pattern at {where} without nested repetition ((a+)+, (a|aa)+)",
       "{where} のパターンを、繰り返しを入れ子にしない形に書き直してください（(a+)+ や (a|aa)+ は避ける）"),
    _p("rules must be a list", "rules はリストで書いてください"),
    _p("a rule is a string or a mapping with expected", "ルールは文字列か、expected のある「キー: 値」で書きます"),
    _p("rule without expected (the text prh should find)", "expected（直したあとの書き方）のないルールです"),
    _p("pattern must be a string or a list of strings", "pattern は文字列か文字列のリストで書きます"),
    _p("options may only set wordBoundary", "options に書けるのは wordBoundary だけです"),
    _p("specs must be a list of {x_detail}", "specs は {{from: …, to: …}} のリストで書きます"),
    _p("a spec is {x_detail}", "specs の項目は {{from: …, to: …}} の形で書きます"),
    _p("unknown prh key '{key}' (known: {keys})", "prh の辞書に「{key}」というキーはありません（使えるキー: {keys}）"),
    _p("unknown rule key '{key}' (known: {keys})", "ルールに「{key}」というキーはありません（使えるキー: {keys}）"),
    _p("version must be a number, found {found}", "version は数で書いてください（{found} が書かれています）"),
    _p("version mismatch: {path} has version {a}, this file {b}", "version が合いません: {path} は {a}、このファイルは {b} です"),
    _p("invalid combined pattern: {x_detail}", "パターンを組み合わせられません"),
    _p("combining patterns with different flags", "フラグの違うパターンは組み合わせられません"),
    _p("the pattern cannot be run with a time bound: {x_detail}", "このパターンは時間を区切って動かせません"),
]

# schema findings: the dotted path, then a message of its own (last: it matches any "a: b")
FALLBACK = [_p("{path}: {rest}", "{path}: {rest}")]

# English words found inside values, and their Japanese.
WORDS = {
    # JSON types as the schema check names them
    "integer": "整数", "string": "文字列", "number": "数", "boolean": "真偽値（true / false）",
    "array": "リスト", "object": "「キー: 値」の組", "null": "空の値",
    "a whole number": "整数", "a type": "タイプ", "a number": "数", "a text": "文字列", "true or false": "true か false",
    "a list": "リスト", "a mapping (key: value lines)": "「キー: 値」の組", "nothing": "なし",
    "whole number": "整数", "text": "文字列", "list": "リスト",
    "at least": "以上", "at most": "以下", "greater than": "より大きい", "less than": "より小さい",
    "more than": "より大きい", "a multiple of": "の倍数",
    # reasons fuda itself writes into `manual:`
    "imported from Duel Online; write the effect": "デュエルオンラインから取り込んだ能力です。効果を書いてください",
    # what the linter compares between the text and the data (AGR006)
    "attack change": "攻撃力の増減", "cards flipped": "裏返すカードの枚数", "cards to hand": "手札に加える枚数",
    "chip cards": "チップを置くカード", "chosen fighters": "選ぶファイターの数", "cost detach": "コスト（下敷き）",
    "cost discard": "コスト（手札を捨てる）", "cost face-down": "コスト（伏せ札）", "cost tap": "コスト（タップ）",
    "cost 霊力": "コスト（霊力）", "damage": "ダメージ", "deployed condition": "展開枚数の条件",
    "discard": "手札を捨てる枚数", "draw": "ドロー枚数", "face-down": "伏せ札にする枚数",
    "fighters underneath": "下敷きにするファイターの数", "hand condition": "手札の条件", "hand trash": "手札のトラッシュ枚数",
    "life added": "増やすライフ", "life condition": "ライフの条件", "life damage": "ライフへのダメージ",
    "life destroyed": "破壊するライフ", "lift": "リフトの枚数", "mill": "墓地に送る枚数", "point chip": "ポイントチップ",
    "power change": "パワーの増減", "power limit": "パワーの上限", "raise limit": "レイズの上限",
    "recast-time cards": "リキャストタイムのカード枚数", "recast-time rise": "リキャストタイムの増加",
    "stat change": "能力値の増減", "stat chip": "能力値チップ", "stat set": "能力値の指定", "summons": "召喚する数",
    "targets": "対象の数", "text attack": "本文の《攻撃》", "霊力 made": "生み出す霊力",
}
# the kind of a value the schema check names before the value itself ("a text \"x\"", "nothing null")
TYPE_WORDS = {"a whole number": "整数", "a number": "数", "a text": "文字列", "true or false": "真偽値",
              "a list": "リスト", "a mapping (key: value lines)": "「キー: 値」の組", "nothing": "空の値"}
_TYPES = sorted(TYPE_WORDS, key=len, reverse=True)


def word(value: str) -> str | None:
    """``value`` in Japanese when it is one of :data:`WORDS` (or several joined by "or", or a
    type word followed by the value itself); else ``None``."""
    if value in WORDS:
        return WORDS[value]
    parts = value.split(" or ")
    if len(parts) > 1 and all(p in WORDS for p in parts):
        return "か".join(WORDS[p] for p in parts)
    for start in _TYPES:
        if value.startswith(start + " "):
            return f"{TYPE_WORDS[start]} {value[len(start) + 1:]}"
    return None



_JA = re.compile("[\u3040-\u30ff\u4e00-\u9fff々「」（）【】《》〔〕、。：]")


def fill(japanese: str, values: dict[str, str]) -> str:
    """``japanese`` with its slots filled; the space written beside a slot is dropped where the
    value and the text beside it are both Japanese (「整数を」, not 「整数 を」)."""
    import string

    parts = []  # (text, is_value)
    for literal, name, spec, _ in string.Formatter().parse(japanese):
        if literal:
            parts.append((literal, False))
        if name is not None:
            parts.append((format(values[name], spec or ""), True))
    out = []
    for i, (text, is_value) in enumerate(parts):
        if not is_value and text.strip():
            before = parts[i - 1][0] if i and parts[i - 1][1] else ""
            after = parts[i + 1][0] if i + 1 < len(parts) and parts[i + 1][1] else ""
            if text.startswith(" ") and before and _JA.match(before[-1]) and _JA.match(text[1:2]):
                text = text[1:]
            if text.endswith(" ") and after and _JA.match(after[0]) and _JA.match(text[-2:-1]):
                text = text[:-1]
        out.append(text)
    return "".join(out)
