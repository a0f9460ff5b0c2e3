"""Issue 19: the defects an editor catches that lint used to miss, each found by the rule meant
for it — on new words, not the sample cards' own — and ``--fix`` over every planted kind changes
only the intended characters."""

from __future__ import annotations

import pytest

from fuda import load_database
from fuda.lint import lint
from fuda.lint.fix import fix
from fuda.lint.rules import REGISTRY
from fuda.lint.synthetic import make_database, make_game

TOHO = {"types": ["人間", "妖怪"], "lint": {"latin": "full"}}
DRAW = "カードを１枚ドローする。"


def _toho(flavor=None, text=DRAW, effect=None, card_id="q"):
    card = {"id": card_id, "name": "試験札", "kind": "quick", "cost": 1, "text": text,
            "abilities": [{"when": "on-play", "text": text, "effect": effect or [{"draw": 1}]}]}
    if flavor is not None:
        card["flavor"] = flavor
    return card


def _found(card, manifest=TOHO):
    return [(d.code, d.message) for d in lint(make_database(make_game("toho-tcg", [card], manifest)), fit=False)]


MISSES = [
    # look-alike kanji wherever they sit in a katakana word
    ("JP102", "工メラルドの瞳。", "'工'"),  # エ at the start
    ("JP102", "ノ工ルの鐘。", "'工'"),  # エ in the middle
    ("JP102", "アロ工の葉。", "'工'"),  # エ at the end
    ("JP102", "夕ワーの上。", "'夕'"),  # タ at the start
    ("JP102", "闇夕ーンの夜。", "'夕'"),  # タ at the start after a kanji, before ー
    ("JP102", "二ンジャの影。", "'二'"),  # ニ at the start before ン
    ("JP102", "の二ュース。", "'二'"),  # ニ at the start before a small kana
    ("JP102", "テ二スの球。", "'二'"),  # ニ in the middle
    ("JP102", "ク口スの刃。", "'口'"),  # ロ in the middle
    ("JP102", "口ケットの火。", "'口'"),  # ロ at the start
    ("JP102", "ス力ートの裾。", "'力'"),  # カ in the middle
    ("JP102", "の力メラ。", "'力'"),  # カ at the start
    ("JP102", "ポス卜に入れる。", "'卜'"),  # ト at the end
    ("JP102", "卜マトの色。", "'卜'"),  # ト at the start
    ("JP102", "八ートの形。", "'八'"),  # ハ before ー
    ("JP102", "チャ八ンの皿。", "'八'"),  # ハ in the middle
    ("JP102", "ブル一の空。", "'一'"),  # ー at the end before a particle
    ("JP102", "カバ一する。", "'一'"),  # ー before する
    ("JP102", "ブロ一した。", "'一'"),  # ー before した
    # katakana look-alikes of kanji
    ("JP110", "ニ度目の春。", "'ニ'"),
    ("JP110", "ニつの影。", "'ニ'"),
    ("JP110", "ハ雲の空。", "'ハ'"),
    # letters of other scripts and symbols passing for katakana
    ("JP111", "リ├ルの鐘。", "'├'"),  # box drawing for ト
    ("JP111", "クПスの刃。", "'П'"),  # Cyrillic for ロ
    ("JP111", "カϮイフの刃。", "'Ϯ'"),  # Coptic for ナ
    ("JP111", "ス⼒ートの裾。", "'⼒'"),  # a Kangxi radical for カ
    ("JP111", "ブル─の空。", "'─'"),  # box drawing for ー
    # new rules
    ("JP208", " 桜の季節。", "start of a line"),
    ("JP208", "春の風。\n　桜の季節。", "start of a line"),
    ("JP209", "花をを摘む。", "'をを'"),
    ("JP209", "雪のの結晶。", "'のの'"),
    ("JP209", "風がが吹く。", "'がが'"),
    ("JP209", "空にに舞う。", "'にに'"),
    # a dash between katakana and a digit is never "fixed" to a minus
    ("JP103", "プレイヤ―２人目。", "プレイヤー is a word"),
    ("JP103", "スピード―２の風。", "or a minus sign?"),
]


@pytest.mark.parametrize("code, flavor, says", MISSES, ids=[f"{c}-{f}" for c, f, _ in MISSES])
def test_miss_is_found_by_its_rule(code, flavor, says):
    """Each planted defect is reported by the rule meant for it, naming the character."""
    found = _found(_toho(flavor))
    assert any(c == code and says in m for c, m in found), found


QUIET = ["ミニ八卦炉の火。", "攻撃力アップの札。", "一ターンだけ。", "カード二つ。", "「ののか」の札。", "『にに』と鳴く。",
         "ののしる声。", "のののの。", "スピード－２の風。", "八雲の空。", "二度目の春。", "工房の口上。",
         "ライズ×ブレイズの札。", "カード×２枚。", "□の中にカードを置く。", "αとΩのカード。"]


@pytest.mark.parametrize("flavor", QUIET)
def test_correct_text_near_a_miss_is_quiet(flavor):
    """Correct text that looks like a planted defect gives no finding at all."""
    assert _found(_toho(flavor)) == []


def test_half_width_latin_follows_the_house_style():
    """latin: full reports HP in rules text; half reports ＨＰ; any reports neither."""
    text = "ＨＰカードを１枚ドローする。"
    half = text.replace("ＨＰ", "HP")
    assert {c for c, _ in _found(_toho(text=half))} == {"JP210"}
    assert _found(_toho(text=text)) == []
    assert {c for c, _ in _found(_toho(text=text), {**TOHO, "lint": {"latin": "half"}})} == {"JP210"}
    assert _found(_toho(text=half), {**TOHO, "lint": {"latin": "any"}}) == []


def test_target_count_disagreeing_with_the_data_is_agr006():
    """対象の相手のキャラクター２体 with a single-target tap is AGR006 (a count phrase now understood)."""
    text = "対象の相手のキャラクター２体をタップする。"
    found = _found(_toho(text=text, effect=[{"tap": {"target": "opponent-character"}}]))
    assert [c for c, _ in found] == ["AGR006"]
    good = text.replace("２体", "１体")
    assert _found(_toho(text=good, effect=[{"tap": {"target": "opponent-character"}}])) == []


#: (planted flavor, what --fix must make of it); None: reported but left alone (no certain fix)
PLANTED = [
    ("スぺシャルな日。", "スペシャルな日。"),  # JP101
    ("ク口スする刃。", "クロスする刃。"),  # JP102 middle
    ("工メラルドの瞳。", "エメラルドの瞳。"),  # JP102 start
    ("アロ工の葉。", "アロエの葉。"),  # JP102 end
    ("カバ一する盾。", "カバーする盾。"),  # JP102 before する
    ("二ュースの朝。", "ニュースの朝。"),  # JP102 before a small kana
    ("メモリ－の欠片。", "メモリーの欠片。"),  # JP103
    ("プレイヤ―２人目。", "プレイヤー２人目。"),  # JP103 before a digit, decided by the game's words
    ("スピード―２の風。", None),  # JP103 before a digit, undecided: left alone
    ("気温は―３度。", "気温は－３度。"),  # JP105
    ("ｶﾒﾗの音。", "カメラの音。"),  # JP107
    ('"星の\\u200b光。"', '"星の光。"'),  # JP108 (written as a YAML escape)
    ('"星の\\u00a0光。"', '"星の 光。"'),  # JP109
    ("ニ度目の春。", "二度目の春。"),  # JP110
    ("ハ雲の空。", "八雲の空。"),  # JP110
    ("リ├ルの鐘。", "リトルの鐘。"),  # JP111
    ("ス⼒ートの裾。", "スカートの裾。"),  # JP111 (a Kangxi radical)
    ("残り3日。", "残り３日。"),  # JP201
    ("空の  色。", "空の 色。"),  # JP207
    ("'　桜の季節。'", "'桜の季節。'"),  # JP208
    ("雪のの結晶。", None),  # JP209: no fix (a word may be missing)
]


def _plant(folder):
    lines = ["cards:"]
    for n, (flavor, _) in enumerate(PLANTED):
        lines += [f"  - id: plant-{n}", "    name: 試験札", "    kind: quick", "    cost: 1",
                  f"    text: {DRAW}", f"    flavor: {flavor}", "    abilities:", "      - when: on-play",
                  f"        text: {DRAW}", "        effect:", "          - draw: 1"]
    lines += ["  - id: plant-latin", "    name: 試験札", "    kind: quick", "    cost: 1",
              "    text: EXカードを１枚ドローする。", "    abilities:", "      - when: on-play",
              "        text: EXカードを１枚ドローする。", "        effect:", "          - draw: 1"]
    text = "\n".join(lines) + "\n"
    (folder / "planted.yaml").write_text(text, encoding="utf-8")
    return text


def test_fix_over_every_planted_kind_changes_only_the_intended_characters(sample_copy):
    """--fix over every planted kind makes exactly the intended edits, line by line, and leaves the
    defects without a certain fix (a dash that may be a minus, a doubled particle) reported."""
    folder = sample_copy("toho-tcg")
    before = _plant(folder)
    result = fix(load_database([folder]), set(REGISTRY))
    assert not result.failed
    after = (folder / "planted.yaml").read_text(encoding="utf-8")
    expected = before.replace("EXカード", "ＥＸカード")
    for wrong, right in PLANTED:
        if right is not None:
            expected = expected.replace(f"flavor: {wrong}\n", f"flavor: {right}\n")
    assert after.splitlines() == expected.splitlines()
    left = {(d.code, d.card) for d in lint(load_database([folder]), fit=False)}
    assert left == {("JP103", f"plant-{8}"), ("JP209", f"plant-{len(PLANTED) - 1}")}
