"""One scenario per sample card: each of the 48 sample cards plays its printed abilities.

Every test is named ``test_card_<card id>`` (``-`` as ``_``); the last test checks that no sample
card is missing.
"""

from __future__ import annotations

import pytest

from .conftest import (
    act,
    card,
    events,
    field,
    ids,
    pile,
    power,
    sample_registry,
    scenario,
)

R = pytest.mark.rule


def battle(p1, p2, **kw):
    """Player 1's battle phase; their core (霧雨魔理沙 unless given) has no 【起動】 usable with an
    empty hand, so no spell window (RB-SPL-1) comes between the steps unless a card brings one."""
    return scenario({"core": "core-marisa"} | p1, p2, phase="battle", **kw)


# -- fighters, raise 0 ---------------------------------------------------------------------------
def test_card_fairy_maid():
    """妖精メイド 【召喚時】: draw 1 card."""
    g = act(scenario(dict(hand=["fairy-maid"], deck=["aya"]), dict()), ("main", "summon:fairy-maid"))
    assert ids(g, g.hand[0]) == ["aya"] and events(g, "draw")[0]["why"] == "effect"


def test_card_cirno():
    """チルノ 【攻撃時】: against a fighter, that fighter −300 until the end of the turn; not against the core."""
    g = act(battle(dict(fighters=["cirno"]), dict(fighters=["hong-meiling"])), ("battle", "attack:cirno>hong-meiling"))
    assert field(g, 1) == [] and events(g, "boost")[0]["power"] == 1000  # 1300 − 300 = 1000: both destroyed
    assert field(g, 0) == []
    g = act(battle(dict(fighters=["cirno"]), dict(fighters=["rumia"])), ("battle", "attack:cirno>core"),
            (1, "block", "through"), (1, "life", "hand"))
    assert events(g, "boost") == []


def test_card_daiyousei():
    """大妖精 【召喚時】 (optional): take a 《チルノ》 from the deck, then shuffle."""
    g = act(scenario(dict(hand=["daiyousei"], deck=["aya", "cirno"]), dict()), ("main", "summon:daiyousei"),
            ("optional", "yes"))
    assert ids(g, g.hand[0]) == ["cirno"] and events(g, "chance")[-1]["what"] == "shuffle"
    g = act(scenario(dict(hand=["daiyousei"], deck=["aya", "cirno"]), dict()), ("main", "summon:daiyousei"),
            ("optional", "no"))
    assert g.hand[0] == [] and events(g, "decline")
    g = act(scenario(dict(hand=["daiyousei"], deck=["aya"]), dict()), ("main", "summon:daiyousei"))
    assert g.pending.kind == "main"  # no チルノ in the deck: no question


def test_card_hong_meiling():
    """紅美鈴 【破壊時】: draw 1 card (battle or effect)."""
    g = act(battle(dict(fighters=["sakuya"]), dict(fighters=["hong-meiling"], deck=["aya"])),
            ("battle", "attack:sakuya>hong-meiling"), ("window", "pass"))  # 咲夜's 【起動】 not used
    assert ids(g, g.hand[1]) == ["aya"]


def test_card_koakuma():
    """小悪魔 【召喚時】 (optional): take a 魔法使い fighter from the deck."""
    g = act(scenario(dict(hand=["koakuma"], deck=["patchouli", "marisa", "aya"]), dict()), ("main", "summon:koakuma"),
            ("optional", "yes"), ("take", "marisa"))
    assert ids(g, g.hand[0]) == ["marisa"] and len(g.deck[0]) == 7


def test_card_rumia():
    """ルーミア: a vanilla 1200 fighter (no ability)."""
    g = act(scenario(dict(hand=["rumia"]), dict()), ("main", "summon:rumia"))
    assert power(g, 0, "rumia") == 1200 and events(g, "ability") == []


def test_card_marisa():
    """霧雨魔理沙 【攻撃時】: +500 until the end of the turn."""
    g = act(battle(dict(fighters=["marisa"]), dict(fighters=["rumia"])), ("battle", "attack:marisa>rumia"))
    assert field(g, 1) == [] and power(g, 0, "marisa") == 1500


def test_card_aya():
    """射命丸文 【召喚時】: draw 1, then discard 1 (chosen by the owner)."""
    g = act(scenario(dict(hand=["aya", "hina"], deck=["chen"]), dict()), ("main", "summon:aya"), ("discard", "hina"))
    assert ids(g, g.hand[0]) == ["chen"] and ids(g, g.grave[0]) == ["hina"]


def test_card_momiji():
    """犬走椛 【永続】: the other own 天狗 fighters +200 (not itself, not the opponent's)."""
    g = scenario(dict(fighters=["momiji", "aya", "hatate"]), dict(fighters=["aya"]))
    assert [power(g, 0, f) for f in ("momiji", "aya", "hatate")] == [1000, 1300, 1100] and power(g, 1, "aya") == 1100


def test_card_hatate():
    """姫海棠はたて 【召喚時】: the top 2 cards of the opponent's deck go to their graveyard."""
    g = act(scenario(dict(hand=["hatate"]), dict(deck=["aya", "hina", "chen"])), ("main", "summon:hatate"))
    assert ids(g, g.grave[1]) == ["aya", "hina"] and g.oid[g.deck[1][-1]] == "chen"


def test_card_nitori():
    """河城にとり 【召喚時】: a spell of one's graveyard to the hand."""
    g = act(scenario(dict(hand=["nitori"], grave=["aya", "grimoire", "musou-fuuin"]), dict()),
            ("main", "summon:nitori"), ("take", "musou-fuuin"))
    assert ids(g, g.hand[0]) == ["musou-fuuin"] and ids(g, g.grave[0]) == ["aya", "grimoire"]


def test_card_hina():
    """鍵山雛 【破壊時】: the opponent discards a random hand card (the game's generator, logged)."""
    g = act(battle(dict(fighters=["sakuya"], hand=["aya", "chen", "ran"]), dict(fighters=["hina"])),
            ("battle", "attack:sakuya>hina"), ("window", "pass"))
    (chance,) = [e for e in events(g, "chance") if e["what"] == "discard"]
    assert len(g.hand[0]) == 2 and ids(g, g.grave[0]) == chance["result"]


def test_card_minoriko():
    """秋穣子 【召喚時】: with 2 or fewer life cards, one more life card from the deck."""
    g = act(scenario(dict(hand=["minoriko"], life=2, deck=["aya"]), dict()), ("main", "summon:minoriko"))
    assert len(g.life[0]) == 3 and g.oid[g.life[0][-1]] == "aya"
    g = act(scenario(dict(hand=["minoriko"], life=3), dict()), ("main", "summon:minoriko"))
    assert len(g.life[0]) == 3 and events(g, "ability") == []


def test_card_kogasa():
    """多々良小傘 【下敷き中】: the fighter it is underneath gets +500; on the field it does nothing."""
    g = act(scenario(dict(hand=["sakuya"], fighters=["kogasa"]), dict()), ("main", "raise:sakuya"))
    assert power(g, 0, "sakuya") == 2500 and pile(g, 0, "sakuya") == ["kogasa"]


def test_card_youmu():
    """魂魄妖夢 【攻撃時】: against a fighter, +200 until the end of the turn."""
    g = act(battle(dict(fighters=["youmu"]), dict(fighters=["hong-meiling"])), ("battle", "attack:youmu>hong-meiling"))
    assert field(g, 1) == [] and field(g, 0) == ["youmu"] and power(g, 0, "youmu") == 1500


def test_card_chen():
    """橙 【召喚時】 (optional): take a 《八雲藍》 from the deck."""
    g = act(scenario(dict(hand=["chen"], deck=["ran"]), dict()), ("main", "summon:chen"), ("optional", "yes"))
    assert ids(g, g.hand[0]) == ["ran"]


# -- fighters, raise 1+ ------------------------------------------------------------------------------
def test_card_patchouli():
    """パチュリー 【召喚時】 (optional): take a spell from the deck."""
    g = act(scenario(dict(hand=["patchouli"], fighters=["aya"], deck=["grimoire", "rumia"]), dict()),
            ("main", "raise:patchouli"), ("optional", "yes"))
    assert ids(g, g.hand[0]) == ["grimoire"]


def test_card_sakuya():
    """十六夜咲夜 【起動】 once a turn: an opposing fighter −500 until the end of the turn."""
    g = act(scenario(dict(fighters=["sakuya"]), dict(fighters=["rumia", "aya"])), ("main", "activate:sakuya"),
            ("target", "opp:aya"))
    assert power(g, 1, "aya") == 600 and "activate:sakuya" not in g.pending.ids
    act(g, ("main", "end"), (1, "main", "end"))
    assert power(g, 1, "aya") == 1100 and "activate:sakuya" in g.pending.ids


def test_card_ran():
    """八雲藍 【召喚時】 (optional): effect-summon a 《橙》 from one's graveyard."""
    g = act(scenario(dict(hand=["ran"], fighters=["aya"], grave=["chen"], deck=["rumia"]), dict()),
            ("main", "raise:ran"), ("optional", "yes"))  # no 八雲藍 in the deck: 橙's search asks nothing
    assert field(g, 0) == ["ran", "chen"] and events(g, "summon")[-1]["how"] == "effect"


def test_card_reimu():
    """博麗霊夢 【攻撃時】: against the core fighter, +500 until the end of the turn."""
    g = act(battle(dict(fighters=["reimu"]), dict(ups=["aya"])), ("battle", "attack:reimu>core"), (1, "life", "hand"))
    assert events(g, "battle")[0]["power"] == 2500 and events(g, "battle")[0]["against"] == 2000


def test_card_sanae():
    """東風谷早苗 【召喚時】 (optional): effect-summon a raise-0 神 fighter from the deck."""
    g = act(scenario(dict(hand=["sanae"], fighters=["aya"], deck=["hina", "kanako", "minoriko"]), dict()),
            ("main", "raise:sanae"), ("optional", "yes"), ("effect-summon", "minoriko"))
    assert field(g, 0) == ["sanae", "minoriko"]  # 八坂神奈子 (raise 2) is no candidate


def test_card_yuugi():
    """星熊勇儀 【破壊時】: destroy an opposing fighter."""
    g = act(battle(dict(fighters=["ryujin", "rumia"]), dict(fighters=["yuugi", "aya"])),
            ("battle", "attack:ryujin>yuugi"), (1, "target", "opp:ryujin"))
    assert field(g, 0) == ["rumia"] and field(g, 1) == ["aya"]


def test_card_flandre():
    """フランドール 【召喚時】: destroy an opposing fighter."""
    g = act(scenario(dict(hand=["flandre"], fighters=["aya", "hina"]), dict(fighters=["sakuya", "rumia"])),
            ("main", "raise:flandre"), ("target", "opp:sakuya"))
    assert field(g, 1) == ["rumia"] and field(g, 0) == ["flandre"]


def test_card_kanako():
    """八坂神奈子 【永続】: the other own 神 fighters +300."""
    g = scenario(dict(fighters=["kanako", "hina", "ryujin"]), dict(fighters=["hina"]))
    assert [power(g, 0, f) for f in ("kanako", "hina", "ryujin")] == [2800, 1200, 3800] and power(g, 1, "hina") == 900


def test_card_suwako():
    """洩矢諏訪子 【破壊時】 (optional): effect-summon a 神 fighter of raise ≤ 1 from the graveyard."""
    g = act(battle(dict(fighters=["ryujin"]), dict(fighters=["suwako"], grave=["hina", "kanako"])),
            ("battle", "attack:ryujin>suwako"), (1, "optional", "yes"))
    assert field(g, 1) == ["hina"]  # 神奈子 is raise 2; 諏訪子 itself is raise 2


def test_card_yuyuko():
    """西行寺幽々子 【起動】 once a turn, detaching 1 card from underneath: destroy an opposing fighter."""
    g = act(scenario(dict(fighters=[("yuyuko", ["aya", "kogasa"])]), dict(fighters=["sakuya", "rumia"])),
            ("main", "activate:yuyuko"), ("cost", "kogasa"), ("target", "opp:sakuya"))
    assert field(g, 1) == ["rumia"] and pile(g, 0, "yuyuko") == ["aya"] and "kogasa" in ids(g, g.grave[0])
    assert "activate:yuyuko" not in g.pending.ids
    g = scenario(dict(fighters=["yuyuko"]), dict(fighters=["rumia"]))
    assert "activate:yuyuko" not in g.pending.ids  # nothing underneath: the cost cannot be paid


def test_card_remilia():
    """レミリア 【召喚時】: destroy a life card of the opponent (they choose hand or power-up)."""
    g = act(scenario(dict(hand=["remilia"], fighters=["aya", "hina", "chen"]), dict()), ("main", "raise:remilia"),
            (1, "life", "power-up"))
    assert len(g.life[1]) == 4 and power(g, 1, "core") == 2000


def test_card_ryujin():
    """龍神 【召喚時】: destroy every opposing fighter with power 1500 or less."""
    g = act(scenario(dict(hand=["ryujin"], fighters=["aya", "hina", "chen"]),
                     dict(fighters=["sakuya", "rumia", "hong-meiling"], deck=["aya"])),
            ("main", "raise:ryujin"))  # exactly 3 fighters to put underneath: no question
    assert field(g, 1) == ["sakuya"] and ids(g, g.hand[1]) == ["aya"]  # 紅美鈴's 【破壊時】 drew


# -- core fighters ------------------------------------------------------------------------------------
def test_card_core_reimu():
    """コア博麗霊夢 【起動】 once a turn: an own fighter +300 until the end of the turn."""
    g = act(scenario(dict(core="core-reimu", fighters=["rumia", "aya"]), dict()), ("main", "activate:core"),
            ("target", "own:aya"))
    assert power(g, 0, "aya") == 1400 and "activate:core" not in g.pending.ids


def test_card_core_marisa():
    """コア霧雨魔理沙 【起動】 once a turn, discarding 1: draw 1."""
    g = act(scenario(dict(core="core-marisa", hand=["aya", "hina"], deck=["chen"]), dict()), ("main", "activate:core"),
            ("cost", "hina"))
    assert ids(g, g.hand[0]) == ["aya", "chen"] and ids(g, g.grave[0]) == ["hina"]
    g = scenario(dict(core="core-marisa"), dict())
    assert "activate:core" not in g.pending.ids  # an empty hand cannot pay


def test_card_core_remilia():
    """コアレミリア 【永続】: own 妖精 fighters +200."""
    g = scenario(dict(core="core-remilia", fighters=["cirno", "rumia"]), dict(fighters=["cirno"]))
    assert power(g, 0, "cirno") == 1200 and power(g, 0, "rumia") == 1200 and power(g, 1, "cirno") == 1000


def test_card_core_suika():
    """コア伊吹萃香: power 1500; 【永続】 it cannot attack."""
    g = battle(dict(core="core-suika", fighters=["rumia"]), dict())
    assert power(g, 0, "core") == 1500 and g.pending.ids == ("attack:rumia>core", "end")


# -- spells ------------------------------------------------------------------------------------------
def test_card_musou_fuuin():
    """霊符「夢想封印」: destroy an opposing fighter."""
    g = act(scenario(dict(hand=["musou-fuuin"]), dict(fighters=["rumia", "aya"])), ("main", "spell:musou-fuuin"),
            ("target", "opp:rumia"))
    assert field(g, 1) == ["aya"]


def test_card_master_spark():
    """恋符「マスタースパーク」: an own fighter +1000 until the end of the turn."""
    g = act(scenario(dict(hand=["master-spark"], fighters=["rumia", "aya"]), dict()), ("main", "spell:master-spark"),
            ("target", "own:aya"))
    assert power(g, 0, "aya") == 2100


def test_card_grimoire():
    """魔導書の山: draw 2 cards."""
    g = act(scenario(dict(hand=["grimoire"], deck=["aya", "hina"]), dict()), ("main", "spell:grimoire"))
    assert ids(g, g.hand[0]) == ["aya", "hina"]


def test_card_hangonchou():
    """反魂蝶: effect-summon a fighter of raise ≤ 1 from one's graveyard."""
    g = act(scenario(dict(hand=["hangonchou"], grave=["sakuya", "flandre", "rumia"]), dict()),
            ("main", "spell:hangonchou"), ("effect-summon", "sakuya"))
    assert field(g, 0) == ["sakuya"] and ids(g, g.grave[0]) == ["flandre", "rumia", "hangonchou"]


def test_card_kami_no_kaze():
    """奇跡「神の風」: put an own fighter underneath and effect-raise-summon a raise ≤ 2 fighter from the hand."""
    g = act(scenario(dict(hand=["kami-no-kaze", "kanako"], fighters=["hina", "aya"]), dict(), summoned=True),
            ("main", "spell:kami-no-kaze"), ("underneath", "aya"))
    assert field(g, 0) == ["hina", "kanako"] and pile(g, 0, "kanako") == ["aya"] and power(g, 0, "hina") == 1200


def test_card_kamikakushi():
    """神隠し: a fighter of either side returns to its owner's hand (not destroyed)."""
    g = act(scenario(dict(hand=["kamikakushi"], fighters=["aya"]), dict(fighters=["hong-meiling"])),
            ("main", "spell:kamikakushi"), ("target", "opp:hong-meiling"))
    assert ids(g, g.hand[1]) == ["hong-meiling"] and events(g, "destroyed") == []  # no 【破壊時】 draw


def test_card_life_lantern():
    """生命の灯: only with 2 or fewer life cards; 2 more life cards."""
    g = scenario(dict(hand=["life-lantern"], life=3), dict())
    assert "spell:life-lantern" not in g.pending.ids
    g = act(scenario(dict(hand=["life-lantern"], life=2), dict()), ("main", "spell:life-lantern"))
    assert len(g.life[0]) == 4


def test_card_tengu_gougai():
    """天狗の号外: the opponent discards a random hand card."""
    g = act(scenario(dict(hand=["tengu-gougai"]), dict(hand=["aya", "hina"])), ("main", "spell:tengu-gougai"))
    assert len(g.hand[1]) == 1 and len(g.grave[1]) == 1


def test_card_danmaku_kekkai():
    """弾幕結界 【迎撃】: the attack is negated (no battle, the attacker has attacked)."""
    g = act(battle(dict(fighters=["sakuya"]), dict(fighters=["rumia"], spells=[("danmaku-kekkai", "set")])),
            ("battle", "attack:sakuya>rumia"), (1, "intercept", "open:danmaku-kekkai"))
    assert field(g, 1) == ["rumia"] and events(g, "battle") == [] and g.pending.ids == (
        "attack:core>rumia", "attack:core>core", "activate:sakuya", "end")  # 【起動】 in the battle phase too


def test_card_killing_doll():
    """幻符「殺人ドール」 【迎撃】: destroy the attacking fighter."""
    g = act(battle(dict(fighters=["sakuya"]), dict(spells=[("killing-doll", "set")])), ("battle", "attack:sakuya>core"),
            (1, "intercept", "open:killing-doll"))
    assert field(g, 0) == [] and len(g.life[1]) == 5 and events(g, "attack-ends")


def test_card_koumu_ihen():
    """紅霧異変 【持続】: the opposing fighters −200."""
    g = act(scenario(dict(hand=["koumu-ihen"], fighters=["rumia"]), dict(fighters=["rumia"])),
            ("main", "spell:koumu-ihen"))
    assert power(g, 1, "rumia") == 1000 and power(g, 0, "rumia") == 1200


def test_card_moriya_shrine():
    """守矢神社 【持続】: own 神 fighters +300."""
    g = act(scenario(dict(hand=["moriya-shrine"], fighters=["hina", "aya"]), dict(fighters=["hina"])),
            ("main", "spell:moriya-shrine"))
    assert (power(g, 0, "hina"), power(g, 0, "aya"), power(g, 1, "hina")) == (1200, 1100, 900)


def test_card_hakurei_shrine():
    """博麗神社 【発動】: draw 1; 【持続】: own 巫女 fighters +200."""
    g = act(scenario(dict(hand=["hakurei-shrine"], fighters=["reimu", "aya"], deck=["hina"]), dict()),
            ("main", "spell:hakurei-shrine"))
    assert ids(g, g.hand[0]) == ["hina"] and power(g, 0, "reimu") == 2200 and power(g, 0, "aya") == 1100


def test_card_mini_hakkero():
    """ミニ八卦炉 (equip, own fighter) 【装着中】: +500."""
    g = act(scenario(dict(hand=["mini-hakkero"], fighters=["rumia"]), dict()), ("main", "spell:mini-hakkero"))
    assert power(g, 0, "rumia") == 1700 and pile(g, 0, "rumia") == ["mini-hakkero"]


def test_card_roukanken():
    """楼観剣 (equip, own 戦士) 【装着中】: not destroyed by battle; the other side is treated as usual."""
    g = act(battle(dict(fighters=[("youmu", ["roukanken"])]), dict(fighters=["sakuya"])),
            ("battle", "attack:youmu>sakuya"))
    assert field(g, 0) == ["youmu"] and events(g, "immune")[0]["card"] == "youmu" and field(g, 1) == ["sakuya"]
    g = act(battle(dict(fighters=["sakuya"]), dict(hand=["roukanken"], fighters=[("hong-meiling", ["roukanken"])])),
            ("battle", "attack:sakuya>hong-meiling"))
    assert field(g, 1) == ["hong-meiling"]


def test_card_noroi_ningyou():
    """呪いの人形 (equip, opposing fighter) 【装着中】: −500 and it cannot attack (it can still block)."""
    g = act(scenario(dict(hand=["noroi-ningyou"]), dict(fighters=["sakuya"])), ("main", "spell:noroi-ningyou"))
    assert power(g, 1, "sakuya") == 1500 and not g.can_attack(card(g, 1, "sakuya"))
    assert "noroi-ningyou" in pile(g, 1, "sakuya") and g.owner[card(g, 0, "noroi-ningyou")] == 0
    assert g.attackers(1) == [g.core[1]]  # only P2's core fighter could attack


def test_every_sample_card_has_a_scenario():
    """Each of the sample cards has a test_card_<id> in this module."""
    names = {n for n in globals() if n.startswith("test_card_")}
    missing = [c.id for c in sample_registry().game.cards if f"test_card_{c.id.replace('-', '_')}" not in names]
    assert missing == []
