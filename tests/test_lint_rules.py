"""Every lint rule fires on a bad card and stays quiet on the corrected one (in-memory cards)."""

from __future__ import annotations

import pytest

from fuda.lint import lint, rule_table
from fuda.lint.synthetic import make_database, make_game


def rr(text, abilities=None, kind="action", **extra):
    """A Recast Rift spell whose single ability prints ``text`` (draw 2 unless told)."""
    card = {"id": extra.pop("id", "c"), "name": extra.pop("name", "夢符「退魔符乱舞」"), "kind": "spell",
            "fighter": "reimu", "timing": "normal", "type": kind, "recast": [2, 1], "graze": False, "text": text}
    if abilities is None:
        abilities = [{"when": "on-cast", "text": text, "effect": [{"draw": 2}]}]
    card["abilities"] = abilities
    if kind == "attack":
        card["attack"] = {"hand": 1, "life": 1}
    card.update(extra)
    return card


def toho(text, keywords=None, abilities=(), **extra):
    """A toho-tcg character."""
    card = {"id": extra.pop("id", "t"), "name": extra.pop("name", "犬走椛"), "kind": "character", "rank": "normal",
            "cost": 1, "attack": 1, "defense": 3, "types": ["妖怪"], "text": text, "abilities": list(abilities)}
    if keywords is not None:
        card["keywords"] = keywords
    card.update(extra)
    return card


def rb(card_id, name, text, abilities):
    """A RAISE×BLAZE fighter."""
    return {"id": card_id, "name": name, "kind": "fighter", "types": ["妖精"], "power": 800, "raise": 0,
            "text": text, "abilities": abilities}


def ry(text, when="before-battle", condition=None, effect=None):
    """A ryomen card with one ability."""
    ability = {"when": when, "text": text,
               "effect": effect or [{"modify-stat": {"target": "self", "stat": "power", "amount": 2}}]}
    if condition:
        ability["condition"] = condition
    return {"id": "y", "name": "紅美鈴", "kind": "card", "set": "scarlet", "power": 6, "speed": 5, "brain": 4,
            "text": text, "abilities": [ability]}


DRAW2 = "【キャスト時】２ドローする。"
ATTACK = dict(kind="attack")
RB_REF = {"lint": {"reference-brackets": "《》"}}
RR_SETTINGS = {"lint": {"reference-brackets": "《》", "terms": ["攻撃"]}}
TOHO_TYPES = {"types": ["人間", "妖怪", "神"]}
CHIRNO = rb("cirno", "チルノ", "", [])
DAIYOUSEI = "【召喚時】デッキから《チルノ》を１枚手札に加えることができる。"


def search(name_of):
    return [{"when": "on-summon", "optional": True, "text": DAIYOUSEI,
             "effect": [{"search-deck": {"filter": {"name-of": name_of}, "count": 1}}]}]


def two(first, second, *, order=(0, 1)):
    abilities = [{"when": "on-cast", "text": first, "effect": [{"draw": 2}]},
                 {"when": "on-retrieve", "text": second, "effect": [{"draw": 1}]}]
    return [abilities[i] for i in order]


CASES = [
    # code, rules, manifest, bad cards, good cards
    ("VOC001", "recast-rift", RR_SETTINGS, [rr("【キャスト字】２ドローする。", **ATTACK)], [rr(DRAW2, **ATTACK)]),
    ("VOC002", "toho-tcg", TOHO_TYPES, [toho("【レジスト】", [{"resist": 1}])], [toho("【レジスト（１）】", [{"resist": 1}])]),
    ("VOC002", "toho-tcg", TOHO_TYPES, [toho("【クリティカル（妖獣）】", [{"critical": "妖獣"}])],
     [toho("【クリティカル（妖怪）】", [{"critical": "妖怪"}])]),
    ("VOC003", "recast-rift", RR_SETTINGS,
     [rr("【キャスト時】２ドローする。【回収時】１ドローする。",
         two("【キャスト時】２ドローする。", "【回収時】１ドローする。"), **ATTACK)],
     [rr("【キャスト時】２ドローする。\n【回収時】１ドローする。",
         two("【キャスト時】２ドローする。", "【回収時】１ドローする。"), **ATTACK)]),
    ("VOC004", "ryomen", {}, [ry("【バトル直前】〔朝〕このカードのパワー＋２。", condition="day")],
     [ry("【バトル直前】〔昼〕このカードのパワー＋２。", condition="day")]),
    ("AGR001", "recast-rift", RR_SETTINGS,
     [rr("【キャスト時】２ドローする。\n【回収時】１ドローする。", two(DRAW2, "x")[:1], **ATTACK)],
     [rr("【キャスト時】２ドローする。\n【回収時】１ドローする。", two(DRAW2, "【回収時】１ドローする。"), **ATTACK)]),
    ("AGR002", "recast-rift", RR_SETTINGS,
     [rr(DRAW2, [{"when": "on-retrieve", "text": DRAW2, "effect": [{"draw": 2}]}], **ATTACK)],
     [rr("【回収時】２ドローする。", [{"when": "on-retrieve", "text": "【回収時】２ドローする。", "effect": [{"draw": 2}]}],
         **ATTACK)]),
    ("AGR003", "recast-rift", RR_SETTINGS, [rr(DRAW2)], [rr("２ドローする。")]),
    ("AGR004", "recast-rift", RR_SETTINGS,
     [rr(DRAW2, [{"when": "on-cast", "text": "【キャスト時】２ドローします。", "effect": [{"draw": 2}]}], **ATTACK)],
     [rr(DRAW2, **ATTACK)]),
    ("AGR005", "recast-rift", RR_SETTINGS,
     [rr("【キャスト時】２ドローする。\n【回収時】１ドローする。", two(DRAW2, "【回収時】１ドローする。", order=(1, 0)),
         **ATTACK)],
     [rr("【キャスト時】２ドローする。\n【回収時】１ドローする。", two(DRAW2, "【回収時】１ドローする。"), **ATTACK)]),
    ("AGR006", "recast-rift", RR_SETTINGS, [rr("２ドローする。", [{"when": "on-cast", "text": "２ドローする。",
                                                             "effect": [{"draw": 1}]}])], [rr("２ドローする。")]),
    ("AGR006", "toho-tcg", TOHO_TYPES,
     [toho("【起動】霊力２：対象のキャラクター１体に２ダメージを与える。", abilities=[
         {"when": "activated", "text": "【起動】霊力２：対象のキャラクター１体に２ダメージを与える。", "cost": {"reiryoku": 1},
          "effect": [{"damage": {"target": "any-character", "amount": 2}}]}])],
     [toho("【起動】霊力１：対象のキャラクター１体に２ダメージを与える。", abilities=[
         {"when": "activated", "text": "【起動】霊力１：対象のキャラクター１体に２ダメージを与える。", "cost": {"reiryoku": 1},
          "effect": [{"damage": {"target": "any-character", "amount": 2}}]}])]),
    ("AGR007", "toho-tcg", TOHO_TYPES, [toho("", ["defender"])], [toho("【ディフェンサー】", ["defender"])]),
    ("AGR007", "toho-tcg", TOHO_TYPES, [toho("【バリア】", [])], [toho("", [])]),
    ("AGR008", "recast-rift", RR_SETTINGS,
     [rr("この《攻撃》の攻撃力を＋１／＋０する。", [{"when": "on-cast", "text": "この《攻撃》の攻撃力を＋１／＋０する。",
                                             "effect": [{"modify-attack": {"target": "own", "hand": 1, "life": 0}}]}])],
     [rr("【キャスト時】この《攻撃》の攻撃力を＋１／＋０する。", [
         {"when": "on-cast", "text": "【キャスト時】この《攻撃》の攻撃力を＋１／＋０する。",
          "effect": [{"modify-attack": {"target": "own", "hand": 1, "life": 0}}]}], **ATTACK)]),
    ("AGR009", "recast-rift", RR_SETTINGS,
     [rr("【覚醒中】２ドローする。この能力は１ターンに１回だけ起動できる。", [
         {"when": "while-awakened", "text": "【覚醒中】２ドローする。この能力は１ターンに１回だけ起動できる。",
          "effect": [{"draw": 2}]}], kind="attack", id="w")],
     [rr("【覚醒中】２ドローする。この能力は１ターンに１回だけ起動できる。", [
         {"when": "while-awakened", "text": "【覚醒中】２ドローする。この能力は１ターンに１回だけ起動できる。",
          "limit": "once-per-turn", "effect": [{"draw": 2}]}], kind="attack", id="w")]),
    ("AGR009", "ryomen", {}, [ry("【バトル直前】このカードのパワー＋２。", condition="night")],
     [ry("【バトル直前】〔夜〕このカードのパワー＋２。", condition="night")]),
    ("AGR010", "recast-rift", RR_SETTINGS,
     [rr("２ドローする。", [{"when": "on-cast", "text": "２ドローする。", "effect": "manual", "reason": "not yet"}])],
     [rr("２ドローする。")]),
    ("JP101", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="スぺルカードの力。")],
     [rr("２ドローする。", flavor="スペルカードの力。")]),
    ("JP102", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="パワ一を上げる。")],
     [rr("２ドローする。", flavor="パワーを上げる。")]),
    ("JP103", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="パワ－を上げる。")],
     [rr("２ドローする。", flavor="パワーを上げる。")]),
    ("JP104", "recast-rift", RR_SETTINGS,
     [rr("【キャスト時】攻撃力－／１の《攻撃》を行う。", [{"when": "on-cast", "text": "【キャスト時】攻撃力－／１の《攻撃》を行う。",
                                                "effect": [{"attack": {"hand": None, "life": 1}}]}], **ATTACK)],
     [rr("【キャスト時】攻撃力ー／１の《攻撃》を行う。", [{"when": "on-cast", "text": "【キャスト時】攻撃力ー／１の《攻撃》を行う。",
                                                "effect": [{"attack": {"hand": None, "life": 1}}]}], **ATTACK)]),
    ("JP105", "recast-rift", RR_SETTINGS,
     [rr("【展開中】相手の《攻撃》の攻撃力をー１／－０する。", [
         {"when": "while-deployed", "text": "【展開中】相手の《攻撃》の攻撃力をー１／－０する。",
          "effect": [{"attack-modifier": {"player": "opponent", "hand": -1, "life": 0}}]}], kind="setup")],
     [rr("【展開中】相手の《攻撃》の攻撃力を－１／－０する。", [
         {"when": "while-deployed", "text": "【展開中】相手の《攻撃》の攻撃力を－１／－０する。",
          "effect": [{"attack-modifier": {"player": "opponent", "hand": -1, "life": 0}}]}], kind="setup")]),
    ("JP106", "recast-rift", RR_SETTINGS,
     [rr("［III］のカードをすべてリフトする。", [{"when": "on-cast", "text": "［III］のカードをすべてリフトする。",
                                          "effect": [{"lift": {"count": "all", "zone": 3}}]}])],
     [rr("［Ⅲ］のカードをすべてリフトする。", [{"when": "on-cast", "text": "［Ⅲ］のカードをすべてリフトする。",
                                        "effect": [{"lift": {"count": "all", "zone": 3}}]}])]),
    ("JP107", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="ｶｰﾄﾞを引く。")],
     [rr("２ドローする。", flavor="カードを引く。")]),
    ("JP108", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="楽園の\u200b巫女。")],
     [rr("２ドローする。", flavor="楽園の巫女。")]),
    ("JP109", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="楽園の\u00a0巫女。")],
     [rr("２ドローする。", flavor="楽園の 巫女。")]),
    ("JP110", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="攻撃カを上げる。")],
     [rr("２ドローする。", flavor="攻撃力を上げる。")]),
    ("JP111", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="リ├ルの鐘。")],
     [rr("２ドローする。", flavor="リトルの鐘。")]),
    ("JP201", "recast-rift", RR_SETTINGS, [rr("2ドローする。")], [rr("２ドローする。")]),
    ("JP201", "recast-rift", {"lint": {"digits": "half", "reference-brackets": "《》"}}, [rr("２ドローする。")],
     [rr("2ドローする。")]),
    ("JP202", "recast-rift", RR_SETTINGS,
     [rr("【展開中】相手の《攻撃》の攻撃力を-１／－０する。", [
         {"when": "while-deployed", "text": "【展開中】相手の《攻撃》の攻撃力を-１／－０する。",
          "effect": [{"attack-modifier": {"player": "opponent", "hand": -1, "life": 0}}]}], kind="setup")],
     [rr("【展開中】相手の《攻撃》の攻撃力を－１／－０する。", [
         {"when": "while-deployed", "text": "【展開中】相手の《攻撃》の攻撃力を－１／－０する。",
          "effect": [{"attack-modifier": {"player": "opponent", "hand": -1, "life": 0}}]}], kind="setup")]),
    ("JP203", "recast-rift", RR_SETTINGS, [rr("２ドローする。", name="少女綺想曲 〜 Dream Battle")],
     [rr("２ドローする。", name="少女綺想曲 ～ Dream Battle")]),
    ("JP204", "recast-rift", RR_SETTINGS, [rr("２ドローする")], [rr("２ドローする。")]),
    ("JP204", "recast-rift", {"lint": {"sentence-end": "none", "reference-brackets": "《》"}}, [rr("２ドローする。")],
     [rr("２ドローする")]),
    ("JP205", "recast-rift", RR_SETTINGS, [rr("２ドローします。")], [rr("２ドローする。")]),
    ("JP205", "recast-rift", {"lint": {"register": "polite", "reference-brackets": "《》"}},
     [rr("山札の再構成を行う。", [{"when": "on-cast", "text": "山札の再構成を行う。", "effect": [{"rebuild": {}}]}])],
     [rr("山札の再構成を行います。", [{"when": "on-cast", "text": "山札の再構成を行います。", "effect": [{"rebuild": {}}]}])]),
    ("JP206", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="「夢想封印、と叫ぶ。")],
     [rr("２ドローする。", flavor="「夢想封印」と叫ぶ。")]),
    ("JP206", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="【夢想封印」")],
     [rr("２ドローする。", flavor="『夢想封印』")]),
    ("JP207", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="楽園の  巫女。")],
     [rr("２ドローする。", flavor="楽園の 巫女。")]),
    ("JP207", "recast-rift", RR_SETTINGS, [rr("２ドローする。 ", [{"when": "on-cast", "text": "２ドローする。",
                                                            "effect": [{"draw": 2}]}])],
     [rr("２ドローする。")]),
    ("JP208", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="　紅白の巫女。")],
     [rr("２ドローする。", flavor="紅白の巫女。")]),
    ("JP209", "recast-rift", RR_SETTINGS, [rr("２ドローする。", flavor="妖精がが笑う。")],
     [rr("２ドローする。", flavor="妖精が笑う。")]),
    ("JP210", "recast-rift", {"lint": {**RR_SETTINGS["lint"], "latin": "full"}}, [rr("SPを払い２ドローする。")],
     [rr("ＳＰを払い２ドローする。")]),
    ("JP210", "recast-rift", {"lint": {**RR_SETTINGS["lint"], "latin": "half"}}, [rr("ＳＰを払い２ドローする。")],
     [rr("SPを払い２ドローする。")]),
    ("REF001", "raise-blaze", RB_REF, [rb("daiyousei", "大妖精", DAIYOUSEI, search("daiyousei"))],
     [rb("daiyousei", "大妖精", DAIYOUSEI, search("cirno")), CHIRNO]),
    ("REF002", "raise-blaze", RB_REF, [rb("daiyousei", "大妖精", DAIYOUSEI, search("daiyousei")), CHIRNO],
     [rb("daiyousei", "大妖精", DAIYOUSEI, search("cirno")), CHIRNO]),
    ("ENC001", "toho-tcg", {**TOHO_TYPES, "lint": {"cp932": True}}, [toho("", flavor="桜🌸の下で。")],
     [toho("", flavor="桜の下で。")]),
    ("ENC001", "toho-tcg", {**TOHO_TYPES, "lint": {"cp932": True}}, [toho("", flavor="〜ね〜")],
     [toho("", flavor="～ね～")]),
    ("LNT001", "recast-rift", RR_SETTINGS, [rr("２ドローする。", **{"lint-ignore": ["JP999"]})],
     [rr("２ドローする。", **{"lint-ignore": ["JP101"]})]),
    ("LNT001", "recast-rift", ({"lint": {"reference-brackets": "《》", "ignore": ["XYZ1"]}},
                               {"lint": {"reference-brackets": "《》", "ignore": ["JP1"]}}),
     [rr("２ドローする。")], [rr("２ドローする。")]),
]


def _codes(rules, manifest, cards):
    game = make_game(rules, cards, manifest)
    return [d.code for d in lint(make_database(game), fit=False)]


def _manifest(manifest, good: bool):
    """A case's manifest: one for both cards, or a (bad, good) pair."""
    return manifest[good] if isinstance(manifest, tuple) else manifest


@pytest.mark.parametrize("code, rules, manifest, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_rule_fires_on_bad_card(code, rules, manifest, bad, good):
    """The rule reports its code on a card that breaks it."""
    assert code in _codes(rules, _manifest(manifest, False), bad)


@pytest.mark.parametrize("code, rules, manifest, bad, good", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_rule_quiet_on_good_card(code, rules, manifest, bad, good):
    """The corrected card is clean: no rule at all reports anything."""
    assert _codes(rules, _manifest(manifest, True), good) == []


def test_every_rule_has_a_case_or_its_own_test():
    """Each rule code appears in the table above or is covered by a dedicated test module."""
    covered = {case[0] for case in CASES} | {"PRH001", "PRH002", "PRH003", "FIT001", "FIT002", "FIT003",
                                              "FIT004", "FIT005", "FIT006", "FIT007", "FIT008",
                                              "JP211"}  # test_lint_register.py: a register needs several cards
    assert set(rule_table()) <= covered


def test_every_rule_explains_itself():
    """Each rule has a severity, a one-line title and a multi-line --explain text."""
    for code, info in rule_table().items():
        assert info.severity in ("error", "warning", "info"), code
        assert info.title and "\n" not in info.title, code
        assert all(len(info.explanation(lang).splitlines()) >= 2 for lang in ("ja", "en")), code


def test_messages_name_the_card_and_the_character():
    """A look-alike diagnostic names the card and the offending character in one line."""
    game = make_game("recast-rift", [rr("２ドローする。", flavor="スぺル")], RR_SETTINGS)
    diagnostic, = lint(make_database(game), fit=False)
    assert diagnostic.card == "c" and "'ぺ'" in diagnostic.message
    assert "\n" not in str(diagnostic) and str(diagnostic).endswith("(card c)")


def test_did_you_mean_suggests_the_closest_label():
    """An unknown 【】 word suggests the game's closest word."""
    game = make_game("recast-rift", [rr("【キャスト字】２ドローする。", **ATTACK)], RR_SETTINGS)
    voc = [d for d in lint(make_database(game), fit=False) if d.code == "VOC001"]
    assert voc and "【キャスト時】" in voc[0].hint


def test_granted_keyword_is_not_a_card_keyword():
    """A keyword inside an ability (…は【バリア】を得る。) agrees with grant-keyword, not keywords."""
    text = "【永続】装備キャラクターは【バリア】を得る。"
    card = {"id": "e", "name": "光学迷彩スーツ", "kind": "equip", "cost": 2, "text": text, "abilities": [
        {"when": "static", "text": text, "effect": [{"grant-keyword": {"target": "equipped", "keyword": "barrier"}}]}]}
    assert _codes("toho-tcg", TOHO_TYPES, [card]) == []
    card["abilities"][0]["effect"] = [{"modify-stat": {"target": "equipped", "attack": 1}}]
    assert "AGR007" in _codes("toho-tcg", TOHO_TYPES, [card])


def test_target_counts_are_compared_and_limits_are_not():
    """ファイター１体を選び is compared with the target's count; (１ターンに１度) is a limit (AGR009)."""
    text = "【起動】（１ターンに１度）相手のファイター１体を選び、ターン終了時までパワーを－５００する。"
    card = rb("sakuya", "十六夜咲夜", text, [{"when": "activated", "limit": "once-per-turn", "text": text, "effect": [
        {"modify-power": {"target": {"pick": "chosen", "side": "opponent", "zone": "fighter", "count": 1},
                          "amount": -500, "until": "end-of-turn"}}]}])
    assert _codes("raise-blaze", RB_REF, [card]) == []
    card["abilities"][0]["effect"][0]["modify-power"]["amount"] = -300
    assert "AGR006" in _codes("raise-blaze", RB_REF, [card])
    card["abilities"][0]["effect"][0]["modify-power"].update(amount=-500, target={
        "pick": "chosen", "side": "opponent", "zone": "fighter", "count": 2})
    assert _codes("raise-blaze", RB_REF, [card]) == ["AGR006"]


def test_card_suppression_silences_only_its_codes():
    """lint-ignore on a card silences the listed codes (and prefixes) for that card only."""
    bad = rr("2ドローします。", id="a")
    other = rr("2ドローします。", id="b")
    bad["lint-ignore"] = ["JP2"]
    game = make_game("recast-rift", [bad, other], RR_SETTINGS)
    found = {(d.card, d.code) for d in lint(make_database(game), fit=False)}
    assert ("a", "JP201") not in found and ("a", "JP205") not in found
    assert ("b", "JP201") in found and ("b", "JP205") in found


def test_game_suppression_and_severity_from_the_manifest():
    """lint.ignore switches a rule off for the game; lint.severity re-grades one."""
    settings = {"lint": {"reference-brackets": "《》", "ignore": ["JP201"], "severity": {"JP205": "error"}}}
    game = make_game("recast-rift", [rr("2ドローします。")], settings)
    found = {d.code: d.severity for d in lint(make_database(game), fit=False)}
    assert "JP201" not in found and found["JP205"] == "error"
