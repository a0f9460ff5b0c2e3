"""Japanese forms of the rule engines' findings (E200–E205).

When a rule engine compiles a game's cards it checks every ability's ops against its closed op
table (``fuda.engine.core.registry``, ``fuda.engine.core.params`` and each game's ``ops.py`` and
``cards.py``) and writes what it cannot take in English: an unknown op, a parameter an op does not
have, a value out of range, a ryomen pairing it refuses. These are their shapes, in the notation
of :mod:`fuda.i18n.phrases`, plus one slot kind of their own: a slot named ``expects…`` holds what a
parameter expects (``an integer ≥ 1 and ≤ 9``, ``one of self, opponent``, ``null or …``) and is
put into Japanese by :func:`expectation`, or the phrase does not apply; a slot named ``id_…`` is an
op name, key, id or list of them, kept as written (``draw`` is an op here, not a word to translate).

They are tried after the linter's phrases: the general shapes here ("'{id_key}': {rest}") would
otherwise take a lint message whose rest holds kana and passes as Japanese already.

Words for a hobbyist: an op is 「操作」, a parameter 「項目」, a mapping 「キー: 値」の組.
"""

from __future__ import annotations

import re

from fuda.i18n.phrases import phrase as _p

# what a parameter expects, when it is one fixed description
EXPECTS = {
    "an integer": "整数",
    "true or false": "true か false",
    "a value": "値",
    "a list of ops": "操作のリスト",
    "a list of two stats": "能力値 2 つのリスト",
    "a list of distinct type names": "重ならないタイプ名のリスト",
    "a character type name": "キャラクターのタイプ名",
    "a keyword": "キーワード",
    "a card id": "カードの ID",
    "a chip id (lower-case letters, digits and -)": "チップの ID（半角の英小文字・数字・-）",
}
_RANGE = re.compile(r"an integer ≥ (?P<lo>-?\d+) and ≤ (?P<hi>-?\d+)\Z")
_LOW = re.compile(r"an integer ≥ (?P<lo>-?\d+)\Z")
_HIGH = re.compile(r"an integer ≤ (?P<hi>-?\d+)\Z")
_LITERAL = re.compile(r"'[^']*'|True|False|None|-?\d+")  # a Const parameter: the value itself


def expectation(text: str) -> str | None:
    """What a parameter expects (its ``expects`` text), in Japanese; ``None`` when unknown.

    ``X or Y`` (a choice of declarations) is split at the first ``or`` whose two sides are both
    known, so ``true or false`` and ``one of a, b or c`` stay whole."""
    if text in EXPECTS:
        return EXPECTS[text]
    if match := _RANGE.match(text):
        return f"{match['lo']} 以上 {match['hi']} 以下の整数"
    if match := _LOW.match(text):
        return f"{match['lo']} 以上の整数"
    if match := _HIGH.match(text):
        return f"{match['hi']} 以下の整数"
    if _LITERAL.fullmatch(text):
        return text
    if text.startswith("null or "):
        inner = expectation(text[len("null or "):])
        return None if inner is None else _either("空の値（null）", inner)
    if text.startswith("one of ") and " or " not in text:
        return f"{text[len('one of '):]} のどれか"
    at = text.find(" or ")
    while at != -1:
        left, right = expectation(text[:at]), expectation(text[at + 4:])
        if left is not None and right is not None:
            return _either(left, right)
        at = text.find(" or ", at + 1)
    return None


def _either(left: str, right: str) -> str:
    """「left か right」, with a space beside か where a side is not Japanese."""
    gap = lambda text: " " if text and text.isascii() else ""  # noqa: E731
    return f"{left}{gap(left[-1])}か{gap(right[0])}{right}"


ENGINE_PHRASES: list[tuple[re.Pattern, str, str]] = [
    # ── compiling one op (E201, E202: fuda.engine.core.registry) ──
    _p("op '{id_op}' has no parameter '{id_key}' (parameters: none)",
       "操作「{id_op}」には項目を書きません（「{id_key}」が書かれています）"),
    _p("op '{id_op}' has no parameter '{id_key}' (parameters: {id_names})",
       "操作「{id_op}」に「{id_key}」という項目はありません（書ける項目: {id_names}）"),
    _p("op '{id_op}' needs '{id_key}' ({expects})", "操作「{id_op}」には「{id_key}」が必要です（{expects}）"),
    _p("op '{id_op}' takes no argument, got {id_got}", "操作「{id_op}」には値を書きません（{id_got} と書かれています）"),
    _p("op '{id_op}' is a static op and cannot be used here (allowed: {id_names})",
       "操作「{id_op}」はずっと効く能力の操作なので、ここでは使えません（使える操作: {id_names}）"),
    _p("op '{id_op}' is a effect op and cannot be used here (allowed: {id_names})",
       "操作「{id_op}」は 1 回きりの効果の操作なので、ここでは使えません（使える操作: {id_names}）"),
    _p("op '{id_op}' is not a static op and cannot be used here (allowed: {id_names})",
       "操作「{id_op}」はずっと効く能力には使えません（使える操作: {id_names}）"),
    _p("op '{id_op}' is not a effect op and cannot be used here (allowed: {id_names})",
       "操作「{id_op}」は 1 回きりの効果には使えません（使える操作: {id_names}）"),
    _p("op '{id_op}' parameter '{id_key}': {rest}", "操作「{id_op}」の「{id_key}」: {rest}"),
    _p("op '{id_op}': {rest}", "操作「{id_op}」: {rest}"),
    _p("each nested op is a one-key mapping, got {id_got}",
       "中に書く操作は 1 つずつ「操作名: 値」の形で書きます（{id_got} と書かれています）"),
    _p("unknown op '{id_op}' (known: {id_names})", "「{id_op}」という操作はありません（使える操作: {id_names}）"),
    # ── one parameter's value (fuda.engine.core.params and the games' own parameters) ──
    _p("expected a mapping with keys {id_keys}, got {id_got}",
       "「キー: 値」の組（キー: {id_keys}）を書いてください（{id_got} と書かれています）"),
    _p("expected at least {id_n} of the keys {id_keys}", "キー {id_keys} のうち {id_n} 個以上を書いてください"),
    _p("unknown key '{id_key}' (keys: {id_keys})", "「{id_key}」というキーはありません（書けるキー: {id_keys}）"),
    _p("missing key '{id_key}'", "キー「{id_key}」がありません"),
    _p("expected a keyword ({id_names} or critical/trash/resist/protection mappings), got {id_got}",
       "キーワード（{id_names}、または critical・trash・resist・protection の「キー: 値」）を書いてください"
       "（{id_got} と書かれています）"),
    _p("expected {expects}, got {id_got}", "{expects} を書いてください（{id_got} と書かれています）"),
    _p("'{id_key}': {rest}", "「{id_key}」: {rest}"),
    # a game's cross-checks of an op's values
    _p("hand and life cannot both be ー (null)", "hand と life の両方をバー「ー」（null）にはできません"),
    _p("hand and life cannot both be 0", "hand と life の両方を 0 にはできません"),
    _p("amount cannot be 0", "amount は 0 にできません"),
    _p("stats must be two different stats", "stats には違う能力値を 2 つ書いてください"),
    _p("count is required with target own-hand and allowed only there",
       "count は target が own-hand のときに必ず書き、それ以外では書けません"),
    _p("give attack and/or defense", "attack か defense（または両方）を書いてください"),
    _p("spell-type and kind fighter cannot both hold", "spell-type と kind: fighter は同時に書けません"),
    _p("types / raise-at-most / power-at-most select fighters, not spells",
       "types・raise-at-most・power-at-most はファイターを選ぶ条件で、スペルには使えません"),
    _p("a '{id_pick}' target needs '{id_key}'", "対象「{id_pick}」には「{id_key}」が必要です"),
    _p("a '{id_pick}' target takes no {id_names}", "対象「{id_pick}」に {id_names} は書けません"),
    _p("a one-shot modify-power needs 'until'", "1 回きりの modify-power には「until」が必要です"),
    _p("unknown stat chip {id_chip}", "能力値チップ {id_chip} は game.yaml にありません"),
    # ── a card's abilities as a whole (E201, E203, E204, E205) ──
    _p("unknown {id_rules} op '{id_op}'", "{id_rules} に「{id_op}」という操作はありません"),
    _p("known ops: {id_names}", "使える操作: {id_names}"),
    _p("ability timing '{id_when}' is not one of {id_names}", "能力のタイミング「{id_when}」は使えません（使えるもの: {id_names}）"),
    _p("ability key '{id_key}' means nothing to the {id_rules} engine",
       "能力のキー「{id_key}」は {id_rules} のルールエンジンでは使えません"),
    _p("known keys: {id_keys}", "書けるキー: {id_keys}"),
    _p("known keys: ", "書けるキーはありません"),
    _p("ability '{id_key}': {rest}", "能力の「{id_key}」: {rest}"),
    _p("ability {id_n} is 'effect: manual' ({reason}); the {id_rules} engine cannot play it",
       "能力 {id_n} は effect: manual（{reason}）なので、{id_rules} のルールエンジンでは動かせません"),
    _p("the {id_rules} engine cannot play this card: ability {id_n} is manual ({reason})",
       "{id_rules} のルールエンジンはこのカードを使えません: 能力 {id_n} が effect: manual（{reason}）です"),
    _p("only an activated (【起動】) ability has a cost", "コストを書けるのは【起動】の能力だけです"),
    _p("an equip spell needs equip-to", "装備スペルには equip-to が必要です"),
    _p("a static (【永続】) ability can only use {id_names}, not '{id_op}'",
       "【永続】の能力に使える操作は {id_names} だけです（「{id_op}」は使えません）"),
    _p("a static ability cannot choose a target ('{id_target}')", "【永続】の能力では対象を選べません（「{id_target}」）"),
    _p("target 'equipped' exists only on an equip", "target: equipped はイクイップのカードにだけ書けます"),
    # ── a ryomen pairing the engine refuses (E205) ──
    _p("a ryomen pairing has {id_count} double-faced cards, got {id_n}",
       "両面表の組み合わせは両面カード {id_count} 枚です（{id_n} 枚あります）"),
    _p("a double-faced card is two faces, got {id_faces}", "両面カードは表と裏の 2 枚の組です（{id_faces} と書かれています）"),
    _p("unknown ryomen card {id_card}", "{id_card} というカードはありません"),
    _p("both faces are {id_card}: a pair may not be two copies of one card ({id_rule})",
       "表と裏がどちらも {id_card} です（同じカード 2 枚で組にはできません、{id_rule}）"),
    # ── fuda build (E200) ──
    _p("{id_game}: no engine plays {id_rules} yet; its registry is not built",
       "{id_game}: {id_rules} を遊べるルールエンジンはまだないので、エンジン用のカード一覧は作りません"),
]
