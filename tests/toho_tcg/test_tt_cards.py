"""toho-tcg conformance: one scenario per sample card, exercising its abilities.

Each test names the cards it exercises with ``@cards(...)``; the last test checks that every card
of the sample database is named by at least one scenario.
"""

from __future__ import annotations

import pytest

from fuda.engine import toho_tcg as tt

from .conftest import act, card, events, field, ids, options, sample_registry, scenario

R = pytest.mark.rule
P = tt.Piece
COVERED: set[str] = set()


def cards(*ids_):
    """Record the sample cards a scenario exercises."""
    COVERED.update(ids_)
    return lambda fn: fn


# -- characters -------------------------------------------------------------------------------------
@R("TT-KW-11")
@cards("reimu", "rumia")
def test_reimu_protection_from_youkai():
    """博麗霊夢 takes no damage from ルーミア (妖怪) and counters it for 2."""
    game = scenario({"field": ["rumia"]}, {"field": ["reimu"]}, phase="battle")
    act(game, ("attack", "target:reimu"))
    assert field(game, 1) == ["reimu"] and [e["card"] for e in events(game, "damage")] == ["rumia"]


@R("TT-KW-5", "TT-KW-11")
@cards("reimu-hard")
def test_reimu_hard_ability_and_critical():
    """博麗霊夢（ハード）: タップ、霊力１ deals 2 to an opposing character; 【クリティカル（妖怪）】 destroys a 妖怪 it hurt."""
    game = scenario({"field": [P("reimu-hard", under="reimu")], "hand": ["hina"]}, {"field": ["meiling", "sanae"]})
    act(game, ("priority", "activate:reimu-hard"), ("target", "target:meiling"))
    assert field(game, 1) == ["sanae"] and events(game, "activate")[0]["targets"] == ["target:meiling"]


@R("TT-KW-4")
@cards("marisa")
def test_marisa_fast_attack():
    """霧雨魔理沙 (3/1) destroys ルーミア (2/2) without taking its counter damage."""
    game = scenario({"field": ["marisa"]}, {"field": ["rumia"]}, phase="battle")
    act(game, ("attack", "target:rumia#11"))
    assert field(game, 0) == ["marisa"] and field(game, 1) == []


@cards("marisa-hard")
def test_marisa_hard_recovers_a_spell_after_hitting_the_player():
    """霧雨魔理沙（ハード）: combat damage to the player returns a spell card from the trash to the hand."""
    game = scenario({"field": [P("marisa-hard", under="marisa")], "trash": ["master-spark", "kyodaika", "rumia"]},
                    {"field": [P("reimu", tapped=True)]}, phase="battle")
    act(game, ("attack", "target:player"))
    d = game.pending
    assert d.kind == "recover" and d.ids == ("card:master-spark", "card:kyodaika") and d.min == d.max == 1
    act(game, ("recover", "card:master-spark"))
    assert events(game, "player-damage")[0]["amount"] == 5 and events(game, "trigger")[0]["card"] == "marisa-hard"
    assert "master-spark" in ids(game, game.hand[0])


@R("TT-KW-1")
@cards("momiji", "meiling")
def test_momiji_and_meiling_defend():
    """犬走椛 and 紅美鈴 (【ディフェンサー】) may each take an attack aimed at another character."""
    game = scenario({"field": ["rumia"]}, {"field": ["reimu", "momiji", "meiling"]}, phase="battle")
    act(game, ("attack", "target:reimu"))
    assert options(game) == ["keep", "redirect:momiji", "redirect:meiling"]
    act(game, (1, "defender", "redirect:momiji"))
    assert [e["card"] for e in events(game, "damage")] == ["momiji", "rumia"]


@R("TT-KW-9")
@cards("momiji-hard")
def test_momiji_hard_raises_its_defense():
    """犬走椛（ハード）: 霊力１ gives +2 defense until end of turn; 【レジスト（１）】 softens each hit."""
    game = scenario({"hand": ["master-spark"] + ["rumia"] * 3},
                    {"field": [P("momiji-hard", under="momiji")], "hand": ["hina", "hina"]})
    act(game, ("priority", "play:master-spark"), (1, "priority", "activate:momiji-hard"), (1, "pay", "hand:hina"),
        (1, "priority", "pass"), (1, "priority", "pass"))
    m = card(game, "momiji-hard")
    assert field(game, 1) == ["momiji-hard"] and events(game, "damage")[0]["amount"] == 3  # 4 − 1 ≤ 4 + 2
    assert events(game, "modify")[0]["defense"] == 2 and game.stats(m)[1] == 6


@R("TT-KW-6")
@cards("cirno")
def test_cirno_striker():
    """チルノ (【ストライカー】, 2) pushes 1 damage through 上海人形 (defense 1) to the player."""
    game = scenario({"field": ["cirno"]}, {"field": ["shanghai"]}, phase="battle")
    act(game, ("attack", "target:shanghai"))
    assert events(game, "player-damage")[0]["amount"] == 1


@cards("cirno-hard")
def test_cirno_hard_taps_a_character_when_attacking():
    """チルノ（ハード）: when it attacks, an opposing character is tapped (its counter damage becomes 0)."""
    game = scenario({"field": [P("cirno-hard", under="cirno")]}, {"field": ["kanako", "reimu"]}, phase="battle")
    act(game, ("attack", "target:kanako"), ("target", "target:kanako"))
    assert events(game, "trigger")[0]["targets"] == ["target:kanako"]
    assert field(game, 0) == ["cirno-hard"] and [e["card"] for e in events(game, "damage")] == ["kanako"]


@R("TT-KW-3")
@cards("youmu")
def test_youmu_trickster():
    """魂魄妖夢 (【トリックスター】) stays untapped after attacking."""
    game = scenario({"field": ["youmu"]}, {}, phase="battle")
    act(game, ("attack", "target:player"))
    assert not game.tapped[card(game, "youmu")]


@R("TT-KW-10")
@cards("youmu-hard")
def test_youmu_hard_penetrates_a_defender():
    """魂魄妖夢（ハード）: 【ペネトレイト】 — 紅美鈴 cannot take its attack; it stays untapped."""
    game = scenario({"field": [P("youmu-hard", under="youmu")]}, {"field": ["alice", "meiling"]}, phase="battle")
    act(game, ("attack", "target:alice"))
    assert field(game, 1) == ["meiling"] and not game.tapped[card(game, "youmu-hard")]


@R("TT-KW-5")
@cards("yuyuko")
def test_yuyuko_critical_human():
    """西行寺幽々子: 【クリティカル（人間）】 — its counter damage destroys the 人間 that attacked it."""
    game = scenario({"field": ["sanae"]}, {"field": ["yuyuko"]}, phase="battle")
    act(game, ("attack", "target:yuyuko"))
    assert field(game, 0) == [] and field(game, 1) == ["yuyuko"]


@R("TT-BAT-10")
@cards("yuyuko-hard")
def test_yuyuko_hard_recovers_a_character_after_a_kill():
    """西行寺幽々子（ハード）: destroying a character in combat returns a character card from the trash."""
    game = scenario({"field": [P("yuyuko-hard", under="yuyuko")], "trash": ["rumia", "kyodaika"]},
                    {"field": ["reimu"]}, phase="battle")
    act(game, ("attack", "target:reimu"))  # one character card in the trash: it is taken (no choice)
    assert field(game, 1) == [] and ids(game, game.hand[0]) == ["rumia"]
    assert events(game, "trigger")[0]["card"] == "yuyuko-hard"


@cards("sanae")
def test_sanae_draws_on_entering():
    """東風谷早苗: when it enters, its player draws a card."""
    game = scenario({"hand": ["sanae", "rumia", "rumia", "kyodaika"], "deck": ["hina"]}, {"hand": ["kyodaika", "hina"]})
    act(game, ("priority", "play:sanae"), ("pay", "hand:rumia", "hand:rumia#2"))
    assert events(game, "trigger")[0]["card"] == "sanae"
    assert [i.kind for i in game.stack] == ["triggered"]
    act(game, ("priority", "pass"), (1, "priority", "pass"))  # both pass: the trigger resolves
    assert "hina" in ids(game, game.hand[0]) and events(game, "draw")[0]["why"] == "effect"


@R("TT-KW-2")
@cards("sanae-hard")
def test_sanae_hard_damages_all_opposing_characters():
    """東風谷早苗（ハード）: タップ、霊力２ deals 1 to every opposing character; it is a 【スペルディフェンサー】."""
    game = scenario({"field": [P("sanae-hard", under="sanae")], "hand": ["rumia", "rumia"]},
                    {"field": ["shanghai", "reimu"]})
    act(game, ("priority", "activate:sanae-hard"))
    assert [e["card"] for e in events(game, "damage")] == ["shanghai", "reimu"]
    assert "spell-defender" in game.keywords(card(game, "sanae-hard"))


@R("TT-KW-10", "TT-KW-9")
@cards("kanako")
def test_kanako_penetrate_and_resist():
    """八坂神奈子: 【ペネトレイト】 against a defender, 【レジスト（１）】 against its counter damage."""
    game = scenario({"field": ["kanako"]}, {"field": ["alice", "meiling"]}, phase="battle")
    act(game, ("attack", "target:alice"))
    assert field(game, 1) == ["meiling"] and events(game, "damage")[-1] | {} == {
        "card": "kanako", "amount": 1, "total": 1, "source": "alice", "combat": True, "player": 0}


@cards("suwako")
def test_suwako_raises_its_gods_defense():
    """洩矢諏訪子: every 神 character of its player (itself too) gets +1 defense."""
    game = scenario({"field": ["suwako", "hina", "rumia"]}, {"field": ["kanako"]})
    assert [game.stats(c)[1] for c in game.chars[0]] == [4, 5, 2] and game.stats(game.chars[1][0])[1] == 5


@R("TT-KW-9")
@cards("hina")
def test_hina_lowers_an_attack():
    """鍵山雛: タップ lowers an opposing character's attack by 1 until end of turn."""
    game = scenario({"field": ["hina"], "hand": ["kyodaika", "rumia"]}, {"field": ["marisa"]})
    act(game, ("priority", "activate:hina"), ("priority", "pass"))
    m = card(game, "marisa")
    assert game.stats(m)[0] == 2 and events(game, "modify")[0]["attack"] == -1


@cards("kogasa")
def test_kogasa_lowers_an_attack_when_attacking():
    """多々良小傘: when it attacks, an opposing character gets −1 attack (the defender's counter drops)."""
    game = scenario({"field": ["kogasa"]}, {"field": ["cirno"]}, phase="battle")
    act(game, ("attack", "target:cirno"))
    assert field(game, 0) == ["kogasa"] and events(game, "modify")[0]["card"] == "cirno"


@R("TT-KW-2")
@cards("shanghai")
def test_shanghai_takes_a_spell():
    """上海人形 (【スペルディフェンサー】) takes the opponent's スキマ送り aimed at 霊夢, its own side's character."""
    game = scenario({"hand": ["sukima-okuri", "rumia", "rumia", "rumia"]}, {"field": ["reimu", "shanghai"]})
    act(game, ("priority", "play:sukima-okuri"), ("target", "target:reimu"), (1, "spell-defender", "redirect:shanghai"))
    assert ids(game, game.hand[1]) == ["shanghai"] and field(game, 1) == ["reimu"]


@cards("alice", "ningyou-no-ito")
def test_alice_and_the_doll_strings_power_up_dolls():
    """アリス: 霊力１ gives an own 物質 +2 attack; 人形の糸 gives every own 物質 +1 attack."""
    game = scenario({"field": ["alice", "shanghai"], "assisters": ["ningyou-no-ito"], "hand": ["hina", "kyodaika"]},
                    {"field": ["reimu"]})
    s = card(game, "shanghai")
    assert game.stats(s)[0] == 2 and game.stats(card(game, "alice"))[0] == 2
    act(game, ("priority", "activate:alice"), ("pay", "hand:hina"), ("priority", "pass"))
    assert game.stats(s)[0] == 4


@R("TT-KW-8")
@cards("patchouli")
def test_patchouli_barrier_and_ability():
    """パチュリー: 【バリア】, and タップ、霊力２ deals 2 to a character."""
    game = scenario({"field": ["patchouli"], "hand": ["rumia", "rumia"]}, {"field": ["cirno"]})
    act(game, ("priority", "activate:patchouli"))
    assert field(game, 1) == [] and "barrier" in game.keywords(card(game, "patchouli"))


@cards("daiyousei")
def test_daiyousei_searches_a_fairy_when_destroyed():
    """大妖精: when destroyed, its player takes a 妖精 character card from the deck and shuffles."""
    game = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]},
                    {"field": ["daiyousei"], "deck": ["hina", "cirno", "rumia"]})
    act(game, ("priority", "play:master-spark"))  # the one 妖精 of the deck is taken (no choice)
    assert ids(game, game.hand[1]) == ["cirno"] and events(game, "search")[0]["cards"] == ["cirno"]
    assert [e["player"] for e in events(game, "chance")] == [1]


@cards("aya")
def test_aya_makes_the_opponent_trash_a_card():
    """射命丸文: combat damage to the player makes that player trash a hand card."""
    game = scenario({"field": ["aya"]}, {"hand": ["hina"]}, phase="battle")
    act(game, ("attack", "target:player"), (1, "hand-trash", "card:hina", "card:rumia#11", "card:rumia#12"))
    assert events(game, "trigger")[0]["card"] == "aya" and not game.hand[1]
    assert [e["cards"] for e in events(game, "to-trash")] == [["hina", "rumia#11", "rumia#12"], ["rumia#13"]]


# -- quicks -----------------------------------------------------------------------------------------
@cards("master-spark")
def test_master_spark_deals_four():
    """恋符「マスタースパーク」: 4 damage to a character."""
    game = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]}, {"field": ["alice"]})
    act(game, ("priority", "play:master-spark"))
    assert field(game, 1) == [] and events(game, "damage")[0]["amount"] == 4


@cards("icicle-fall")
def test_icicle_fall_hits_every_opposing_character():
    """氷符「アイシクルフォール」: 1 damage to each opposing character."""
    game = scenario({"hand": ["icicle-fall", "rumia", "rumia"], "field": ["cirno"]}, {"field": ["shanghai", "alice"]})
    act(game, ("priority", "play:icicle-fall"), ("pay", "hand:rumia", "hand:rumia#2"), (1, "priority", "pass"))
    assert [e["card"] for e in events(game, "damage")] == ["shanghai", "alice"] and field(game, 1) == ["shanghai", "alice"]


@cards("stardust-reverie")
def test_stardust_reverie_damages_the_opponent():
    """魔符「スターダストレヴァリエ」: 2 damage to the opponent (draw 2, trash 2)."""
    game = scenario({"hand": ["stardust-reverie", "rumia", "rumia"]}, {"hand": ["hina"]})
    act(game, ("priority", "play:stardust-reverie"), (1, "hand-trash", "card:hina", "card:rumia#13"))
    assert len(game.deck[1]) == 8 and ids(game, game.hand[1]) == ["rumia#14"]


@cards("muso-fuuin")
def test_muso_fuuin_destroys_a_youkai():
    """霊符「夢想封印」: destroy a 妖怪 character (only 妖怪 can be chosen)."""
    game = scenario({"hand": ["muso-fuuin", "hina", "hina", "hina"]}, {"field": ["reimu", "kogasa"]})
    act(game, ("priority", "play:muso-fuuin"))
    assert field(game, 1) == ["reimu"]


@cards("kami-no-kaze")
def test_kami_no_kaze_two_damage_with_a_god():
    """奇跡「神の風」: 1 damage to each opposing character, 2 instead when its player controls a 神."""
    game = scenario({"hand": ["kami-no-kaze", "rumia", "rumia"]}, {"field": ["reimu"]})
    act(game, ("priority", "play:kami-no-kaze"))
    assert events(game, "damage")[0]["amount"] == 1
    god = scenario({"hand": ["kami-no-kaze", "rumia", "rumia"], "field": ["hina"]}, {"field": ["reimu"]})
    act(god, ("priority", "play:kami-no-kaze"), ("pay", "hand:rumia", "hand:rumia#2"), ("priority", "pass"))
    assert events(god, "damage")[0]["amount"] == 2


@cards("fuiuchi")
def test_fuiuchi_hits_a_tapped_character():
    """不意打ち: 3 damage to a tapped character only."""
    game = scenario({"hand": ["fuiuchi", "hina", "hina"]}, {"field": [P("rumia", tapped=True), "alice"]})
    act(game, ("priority", "play:fuiuchi"))  # only the tapped ルーミア can be chosen
    assert field(game, 1) == ["alice"]


@cards("starbow-break")
def test_starbow_break_destroys_any_card():
    """禁弾「スターボウブレイク」: destroy one card on the field — here an equip."""
    game = scenario({"hand": ["starbow-break", "hina", "hina", "hina", "hina"]},
                    {"field": [P("rumia", equip="roukanken")]})
    act(game, ("priority", "play:starbow-break"), ("target", "target:roukanken"))
    assert field(game, 1) == ["rumia#11"] and "roukanken" in ids(game, game.trash[1])


@cards("sukima-okuri")
def test_sukima_okuri_returns_a_character():
    """スキマ送り: a character returns to its owner's hand."""
    game = scenario({"hand": ["sukima-okuri", "hina", "hina", "hina"]}, {"field": ["kanako"]})
    act(game, ("priority", "play:sukima-okuri"))
    assert ids(game, game.hand[1]) == ["kanako"]


@cards("kyodaika")
def test_kyodaika_grows_a_character_until_end_of_turn():
    """巨大化: +2 attack and +2 defense until end of turn."""
    game = scenario({"hand": ["kyodaika", "hina", "fujin-issen"], "field": ["rumia"]}, {"hand": ["kyodaika", "hina"]})
    act(game, ("priority", "play:kyodaika"), ("pay", "hand:hina"))
    r = card(game, "rumia")
    assert game.pending.player == 1 and game.stats(r) == (2, 2)  # not yet resolved
    act(game, (1, "priority", "pass"), (0, "priority", "pass"))  # both passed in succession: it resolves
    assert game.stats(r) == (4, 4) and game.pending.player == 0


@cards("fujin-issen")
def test_fujin_issen_grants_trickster():
    """風神一扇: an own character gains 【トリックスター】 until end of turn."""
    game = scenario({"hand": ["fujin-issen", "hina"], "field": ["rumia"]}, {}, phase="battle")
    assert game.pending.kind == "attack"
    main = scenario({"hand": ["fujin-issen", "hina", "kyodaika"], "field": ["rumia"]}, {})
    act(main, ("priority", "play:fujin-issen"), ("pay", "hand:hina"), ("priority", "pass"))
    assert "trickster" in main.keywords(card(main, "rumia"))


@cards("hayaoki")
def test_hayaoki_untaps():
    """早起き: untap an own character."""
    game = scenario({"hand": ["hayaoki", "hina"], "field": [P("rumia", tapped=True)]}, {})
    act(game, ("priority", "play:hayaoki"))
    assert not game.tapped[card(game, "rumia")]


@cards("parupparu")
def test_parupparu_destroys_an_assister():
    """ぱるぱる: destroy an assister."""
    game = scenario({"hand": ["parupparu", "hina"]}, {"assisters": ["koakuma"]})
    act(game, ("priority", "play:parupparu"))
    assert not game.assisters[1] and ids(game, game.trash[1]) == ["koakuma"]


@cards("mudan-shakuyou")
def test_mudan_shakuyou_destroys_an_equip():
    """無断借用: destroy an equip."""
    game = scenario({"hand": ["mudan-shakuyou", "hina"]}, {"field": [P("rumia", equip="mini-hakkero")]})
    act(game, ("priority", "play:mudan-shakuyou"))
    assert game.equip[card(game, "rumia#11")] < 0 and ids(game, game.trash[1]) == ["mini-hakkero"]


@cards("tengu-shinbun")
def test_tengu_shinbun_draws_two_from_a_small_hand():
    """天狗の新聞: draw 1, or 2 when the hand holds 2 cards or fewer."""
    game = scenario({"hand": ["tengu-shinbun", "hina", "hina", "hina", "hina"]}, {})
    act(game, ("priority", "play:tengu-shinbun"), ("pay", "hand:hina"))
    assert events(game, "draw")[0]["cards"] == ["rumia"]
    small = scenario({"hand": ["tengu-shinbun", "hina", "hina"]}, {})
    act(small, ("priority", "play:tengu-shinbun"), ("pay", "hand:hina"))
    assert len(events(small, "draw")[0]["cards"]) == 2


# 反魂 「自分のトラッシュからキャラクターカード１枚を手札に加える。」: no 「できる」, no 「まで」 — the card must
# be taken when there is one (the seed's cards say 「できる」 where a player may decline, e.g. 【トラッシュ】).
@cards("hangon")
def test_hangon_recovers_a_character():
    """反魂: a character card returns from the trash to the hand; taking one is not optional."""
    game = scenario({"hand": ["hangon", "kyodaika", "kyodaika"], "trash": ["reimu", "rumia", "kyodaika"]}, {})
    act(game, ("priority", "play:hangon"))
    d = game.pending
    assert d.kind == "recover" and d.ids == ("card:reimu", "card:rumia") and d.min == d.max == 1
    act(game, ("recover", "card:reimu"))
    assert "reimu" in ids(game, game.hand[0])
    game = scenario({"hand": ["hangon", "kyodaika", "kyodaika"], "trash": ["reimu", "kyodaika"]}, {})
    act(game, ("priority", "play:hangon"))  # one character card: taken, nothing to decide
    assert "reimu" in ids(game, game.hand[0]) and events(game, "recover")[0]["cards"] == ["reimu"]


@cards("shijuu-kekkai")
def test_shijuu_kekkai_counters_an_equip():
    """境符「四重結界」: counter a spell — an equip being played goes to the trash."""
    game = scenario({"hand": ["mini-hakkero", "rumia"], "field": ["cirno"]}, {"hand": ["shijuu-kekkai", "hina", "hina"]})
    act(game, ("priority", "play:mini-hakkero"), ("pay", "hand:rumia"), (1, "priority", "play:shijuu-kekkai"))
    assert game.equip[card(game, "cirno")] < 0 and "mini-hakkero" in ids(game, game.trash[0])


@cards("itazura")
def test_itazura_counters_a_quick():
    """三妖精のいたずら: counter a quick."""
    game = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]}, {"field": ["alice"], "hand": ["itazura", "hina"]})
    act(game, ("priority", "play:master-spark"), (1, "priority", "play:itazura"), (1, "pay", "hand:hina"))
    assert field(game, 1) == ["alice"] and events(game, "counter")[0]["target"] == "master-spark"


@cards("fuumajin")
def test_fuumajin_counters_an_activated_ability():
    """封魔陣: counter an activated ability (here 陰陽玉's)."""
    game = scenario({"assisters": ["inyoudama"], "hand": ["rumia"]}, {"field": ["shanghai"], "hand": ["fuumajin", "hina"]})
    act(game, ("priority", "activate:inyoudama"), (1, "priority", "play:fuumajin"), (1, "pay", "hand:hina"))
    assert field(game, 1) == ["shanghai"] and events(game, "counter")[0]["kind"] == "activated"


# -- assisters --------------------------------------------------------------------------------------
@cards("saisenbako")
def test_saisenbako_makes_reiryoku():
    """賽銭箱: タップ makes 1 霊力 (an activated ability on the stack)."""
    game = scenario({"assisters": ["saisenbako"], "hand": ["kyodaika"], "field": ["rumia"]}, {})
    act(game, ("priority", "activate:saisenbako"), ("priority", "pass"))
    assert game.rei[0] == 1 and events(game, "reiryoku")[0]["sources"] == ["effect:saisenbako"]


@cards("inyoudama")
def test_inyoudama_deals_one():
    """陰陽玉: タップ、霊力１ deals 1 to an opposing character."""
    game = scenario({"assisters": ["inyoudama"], "hand": ["rumia"]}, {"field": ["shanghai"]})
    act(game, ("priority", "activate:inyoudama"))
    assert events(game, "damage")[0]["card"] == "shanghai"


@cards("koakuma")
def test_koakuma_recovers_a_spell():
    """小悪魔: タップ、霊力１ returns a spell card from the trash."""
    game = scenario({"assisters": ["koakuma"], "hand": ["rumia"], "trash": ["kyodaika", "hina"]}, {})
    act(game, ("priority", "activate:koakuma"))  # the one spell card of the trash is taken
    assert ids(game, game.hand[0]) == ["kyodaika"]


@R("TT-STBY-1")
@cards("hanrei")
def test_hanrei_powers_ghosts_at_standby():
    """半霊: at the start of its player's standby phase, own 幽霊 characters get +1 attack."""
    game = scenario({"assisters": ["hanrei"], "field": ["youmu", "rumia"], "hand": ["kyodaika"]}, {}, phase="standby")
    assert game.stats(card(game, "youmu"))[0] == 3  # the trigger waits on the stack
    act(game, ("priority", "pass"))
    assert game.stats(card(game, "youmu"))[0] == 4 and game.stats(card(game, "rumia"))[0] == 2


@R("TT-END-1")
@cards("maid-yousei")
def test_maid_yousei_untaps_at_end_phase():
    """紅魔館のメイド妖精: at the start of its player's end phase, untap an own character."""
    game = scenario({"assisters": ["maid-yousei"], "field": [P("rumia", tapped=True), P("hina", tapped=True)]}, {},
                    phase="end")
    act(game, ("target", "target:hina"))
    assert not game.tapped[card(game, "hina")] and game.tapped[card(game, "rumia")]


# -- equips -----------------------------------------------------------------------------------------
@cards("mini-hakkero")
def test_mini_hakkero_adds_two_attack():
    """ミニ八卦炉: the equipped character gets +2 attack."""
    game = scenario({"field": [P("rumia", equip="mini-hakkero")]}, {})
    assert game.stats(card(game, "rumia")) == (4, 2)


@cards("roukanken")
def test_roukanken_attack_and_penetrate():
    """楼観剣: +1 attack and 【ペネトレイト】."""
    game = scenario({"field": [P("youmu", equip="roukanken")]}, {})
    y = card(game, "youmu")
    assert game.stats(y)[0] == 4 and "penetrate" in game.keywords(y)


@cards("oharaibou")
def test_oharaibou_grants_critical_youkai():
    """お祓い棒: the equipped character gains 【クリティカル（妖怪）】."""
    game = scenario({"field": [P("rumia", equip="oharaibou")]}, {"field": ["meiling"]}, phase="battle")
    act(game, ("attack", "target:meiling"))
    assert field(game, 1) == []


@cards("kougaku-meisai")
def test_kougaku_meisai_grants_barrier():
    """光学迷彩スーツ: the equipped character gains 【バリア】 (no spell can choose it)."""
    game = scenario({"hand": ["master-spark", "hina", "hina", "hina"]}, {"field": [P("rumia", equip="kougaku-meisai")]})
    assert "play:master-spark" not in options(game)


@cards("yaku")
def test_yaku_curses_an_opposing_character():
    """厄: attached to an opposing character, −2 attack."""
    game = scenario({"hand": ["yaku", "hina"]}, {"field": ["marisa"]})
    act(game, ("priority", "play:yaku"))
    m = card(game, "marisa")
    assert game.stats(m)[0] == 1 and game.ctrl[card(game, "yaku")] == 0


# -- worlds -----------------------------------------------------------------------------------------
@cards("hakurei-jinja")
def test_hakurei_jinja_shrine_maidens_defense():
    """博麗神社: every 巫女 gets +1 defense, on both sides."""
    game = scenario({"field": ["reimu"]}, {"field": ["sanae", "rumia"]}, world=(0, "hakurei-jinja"))
    assert [game.stats(c)[1] for c in game.chars[0] + game.chars[1]] == [3, 3, 2]


@cards("youkai-no-yama")
def test_youkai_no_yama_youkai_attack():
    """妖怪の山: every 妖怪 gets +1 attack."""
    game = scenario({"field": ["rumia"]}, {"field": ["reimu"]}, world=(1, "youkai-no-yama"))
    assert game.stats(card(game, "rumia"))[0] == 3 and game.stats(card(game, "reimu"))[0] == 2


@cards("kouma-ihen")
def test_kouma_ihen_humans_lose_attack():
    """紅霧異変: every 人間 gets −1 attack."""
    game = scenario({"field": ["marisa"]}, {"field": ["rumia"]}, world=(0, "kouma-ihen"))
    assert game.stats(card(game, "marisa"))[0] == 2 and game.stats(card(game, "rumia#11"))[0] == 2


@cards("kiri-no-mizuumi")
def test_kiri_no_mizuumi_fairies_grow():
    """霧の湖: every 妖精 gets +1 attack and +1 defense."""
    game = scenario({"field": ["cirno"]}, {"field": ["daiyousei"]}, world=(1, "kiri-no-mizuumi"))
    assert game.stats(card(game, "cirno")) == (3, 2) and game.stats(card(game, "daiyousei")) == (2, 3)


def test_every_sample_card_has_a_scenario():
    """Every card of the sample database is exercised by a scenario of this module."""
    all_ids = {c.id for c in sample_registry().game.cards}
    assert all_ids - COVERED == set() and COVERED - all_ids == set()
    assert not sample_registry().manual  # every ability is implemented, none is manual
