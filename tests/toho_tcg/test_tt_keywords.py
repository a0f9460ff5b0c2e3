"""toho-tcg conformance: the 11 keywords and their interactions."""

from __future__ import annotations

import pytest

from fuda.engine import toho_tcg as tt

from .conftest import act, card, events, field, ids, options, scenario

R = pytest.mark.rule
P = tt.Piece


@R("TT-KW-1")
def test_defender_takes_over_the_whole_attack():
    """An untapped 【ディフェンサー】 may take an attack declared on another character, with every attacker."""
    game = scenario({"field": ["rumia", "marisa"]}, {"field": ["reimu", "meiling", P("momiji", tapped=True)]},
                    phase="battle")
    act(game, ("attack", "target:reimu"), ("attackers", "attacker:marisa", "attacker:rumia"))
    d = game.pending
    assert d.kind == "defender" and d.player == 1 and d.ids == ("keep", "redirect:meiling") and d.rule == "TT-KW-1"
    act(game, (1, "defender", "redirect:meiling"))
    assert events(game, "redirect")[0] | {} == {"source": None, "old": "reimu", "new": "meiling", "why": "defender",
                                                 "player": 1}
    assert {e["card"] for e in events(game, "damage")} == {"meiling", "marisa"}
    assert field(game, 1) == ["reimu", "momiji"] and field(game, 0) == ["rumia"]  # 3+2 > 3; counter 2 > 1


@R("TT-KW-2")
def test_spell_defender_redirects_spells_and_abilities_it_can_legally_take():
    """【スペルディフェンサー】 may take a spell's or activated ability's target if it is a legal target itself;
    triggered abilities are not redirected."""
    game = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]}, {"field": ["reimu", "shanghai"]})
    act(game, ("priority", "play:master-spark"), ("target", "target:reimu"))
    d = game.pending
    assert d.kind == "spell-defender" and d.player == 1 and d.ids == ("keep", "redirect:shanghai")
    act(game, (1, "spell-defender", "redirect:shanghai"))
    assert field(game, 1) == ["reimu"] and events(game, "redirect")[0]["why"] == "spell-defender"
    youkai = scenario({"hand": ["muso-fuuin", "rumia", "rumia", "rumia"]}, {"field": ["meiling", "shanghai"]})
    act(youkai, ("priority", "play:muso-fuuin"))  # 上海人形 is no 妖怪: no redirection offered
    assert field(youkai, 1) == ["shanghai"]
    trig = scenario({"field": ["cirno-hard"]}, {"field": ["reimu", "shanghai"]}, phase="battle")
    act(trig, ("attack", "target:reimu"), ("target", "target:reimu"))
    assert not events(trig, "redirect") and events(trig, "tap")[0]["card"] == "reimu"


@R("TT-KW-3")
def test_trickster_stays_untapped_after_attacking():
    """【トリックスター】 does not tap after its attack; it can then still make 霊力 or defend."""
    game = scenario({"field": ["youmu"], "hand": ["kyodaika", "kyodaika"]}, {"field": [P("reimu", tapped=True)]},
                    phase="battle")
    act(game, ("attack", "target:reimu"))
    y = card(game, "youmu")
    assert not game.tapped[y] and game.attacked[y] and game.tapped[card(game, "reimu")]
    assert not any(e["card"] == "youmu" for e in events(game, "tap"))


@R("TT-KW-4")
def test_fast_attack_takes_no_damage_when_it_outclasses():
    """【ファストアタック】 takes no combat damage when its attack exceeds the opposing defense — attacking
    (against the defender) or defending (against the first attacker)."""
    game = scenario({"field": ["marisa"]}, {"field": ["rumia"]}, phase="battle")
    act(game, ("attack", "target:rumia#11"))
    assert field(game, 0) == ["marisa"] and field(game, 1) == []
    assert events(game, "prevent")[0]["why"] == "fast-attack"
    even = scenario({"field": ["marisa"]}, {"field": ["alice"]}, phase="battle")
    act(even, ("attack", "target:alice"))
    assert field(even, 0) == [] and not events(even, "prevent")  # 3 does not exceed 3
    guard = scenario({"field": ["rumia"]}, {"field": ["aya"]}, phase="battle")
    act(guard, ("attack", "target:aya"))
    assert field(guard, 1) == ["aya"] and field(guard, 0) == []


@R("TT-KW-5")
def test_critical_destroys_a_damaged_character_of_its_type():
    """【クリティカル（type）】 destroys a character of that type it damaged, at the end of the damage step
    (counter damage too); from an ability, once that effect is over."""
    game = scenario({"field": ["reimu"]}, {"field": ["yuyuko"]}, phase="battle")
    act(game, ("attack", "target:yuyuko"))
    assert field(game, 0) == [] and events(game, "destroy")[0] | {} == {
        "card": "reimu", "cards": ["reimu"], "by": "yuyuko", "player": 0}
    assert [e["total"] for e in events(game, "damage") if e["card"] == "reimu"] == [2]  # not over 2
    abil = scenario({"field": [P("reimu-hard", under="reimu")], "hand": ["rumia"]}, {"field": ["momiji"]})
    act(abil, ("priority", "activate:reimu-hard"))
    assert field(abil, 1) == [] and events(abil, "destroy")[0]["by"] == "reimu-hard"
    granted = scenario({"field": [P("sanae", equip="oharaibou")]}, {"field": ["alice"]}, phase="battle")
    act(granted, ("attack", "target:alice"))
    assert field(granted, 1) == []  # 2 damage, defense 3, but お祓い棒 gives 【クリティカル（妖怪）】


@R("TT-KW-6")
def test_striker_pushes_the_excess_to_the_player():
    """【ストライカー】 deals the excess over the opposing defense to that player, attacking or defending; a
    striker whose blocker is gone deals all its damage to the player."""
    game = scenario({"field": ["cirno"]}, {"field": ["shanghai"], "deck": ["hina"] * 3}, phase="battle")
    act(game, ("attack", "target:shanghai"))
    assert events(game, "player-damage")[0] | {} == {"amount": 1, "source": "cirno", "combat": True, "player": 1}
    guard = scenario({"field": ["shanghai"]}, {"field": ["cirno"]}, phase="battle")
    act(guard, ("attack", "target:cirno"))
    assert events(guard, "player-damage")[0]["player"] == 0 and events(guard, "player-damage")[0]["amount"] == 1
    gone = scenario({"field": ["cirno", "rumia"], "hand": ["master-spark", "hina", "hina", "hina"]},
                    {"field": ["meiling"]}, phase="battle")
    act(gone, ("attack", "target:meiling"), ("attackers", "attacker:cirno", "attacker:rumia"),
        ("priority", "play:master-spark"), ("target", "target:meiling"), ("pay", "hand:hina", "hand:hina#2", "hand:hina#3"))
    assert [(e["player"], e["amount"], e["source"]) for e in events(gone, "player-damage")] == [(1, 2, "cirno")]


@R("TT-KW-7", "TT-SPELL-7")
def test_trash_keyword_costs_and_is_no_destruction():
    """【トラッシュ（０）】 trashes for free; it is not a destruction and uses no stack."""
    game = scenario({"assisters": ["saisenbako"], "hand": ["kyodaika"], "field": ["cirno"]}, {})
    act(game, ("priority", "trash:saisenbako"))
    assert not game.assisters[0] and ids(game, game.trash[0]) == ["saisenbako"] and not game.stack
    assert not events(game, "reiryoku") and not events(game, "destroy")


@R("TT-KW-8")
def test_barrier_cannot_be_targeted_but_global_effects_apply():
    """【バリア】 cannot be chosen by spells or effects (nor take an equip); effects without targets still hit it."""
    game = scenario({"hand": ["master-spark", "icicle-fall", "rumia", "rumia", "rumia"]},
                    {"field": ["patchouli", P("cirno", equip="kougaku-meisai")]})
    assert "play:master-spark" not in options(game)
    act(game, ("priority", "play:icicle-fall"), ("pay", "hand:rumia", "hand:rumia#2"))
    assert [e["card"] for e in events(game, "damage")] == ["patchouli", "cirno"]  # no target: both are hit
    equip = scenario({"hand": ["mini-hakkero", "rumia"], "field": [P("alice", equip="kougaku-meisai")]}, {})
    assert "play:mini-hakkero" not in options(equip)


@R("TT-KW-9")
def test_resist_reduces_each_damage():
    """【レジスト（N）】 reduces each damage dealt to the card by N (to nothing for 1 damage)."""
    game = scenario({"hand": ["icicle-fall", "rumia", "rumia"]}, {"field": ["hina", "kanako"]})
    act(game, ("priority", "play:icicle-fall"))
    assert [e["why"] for e in events(game, "prevent")] == ["resist", "resist"] and not events(game, "damage")
    spark = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]}, {"field": ["kanako"]})
    act(spark, ("priority", "play:master-spark"))
    assert events(spark, "damage")[0]["amount"] == 3


@R("TT-KW-10", "TT-KW-1", "TT-KW-6")
def test_penetrate_cancels_defender_and_striker():
    """【ペネトレイト】: no defender may take its attack, and an opposing striker deals no excess in its fight."""
    game = scenario({"field": [P("youmu-hard", under="youmu")]}, {"field": ["reimu", "meiling"]}, phase="battle")
    act(game, ("attack", "target:reimu"))
    assert not events(game, "redirect") and field(game, 1) == ["meiling"]  # no 'defender' decision
    guard = scenario({"field": [P("youmu-hard", under="youmu")]}, {"field": [P("cirno-hard", under="cirno")]},
                     phase="battle")
    act(guard, ("attack", "target:cirno-hard"))
    assert not events(guard, "player-damage")  # 4 > 3 but the excess is cancelled
    sword = scenario({"field": [P("marisa-hard", under="marisa")]}, {"field": [P("rumia", equip="roukanken")]},
                     phase="battle")
    act(sword, ("attack", "target:rumia#11"))
    assert field(sword, 1) == [] and not events(sword, "player-damage")  # 楼観剣 gives 【ペネトレイト】


@R("TT-KW-11")
def test_protection_prevents_damage_and_targeting_from_a_type():
    """【プロテクション（type）】: no damage from characters of that type, no targeting by their activated
    abilities; spells still may."""
    game = scenario({"field": ["rumia"]}, {"field": ["reimu"]}, phase="battle")
    act(game, ("attack", "target:reimu"))
    assert field(game, 1) == ["reimu"] and events(game, "prevent")[0]["why"] == "protection"
    assert [e["card"] for e in events(game, "damage")] == ["rumia"]  # the counter damage still hits
    abil = scenario({"field": ["patchouli"], "hand": ["rumia", "rumia"]}, {"field": ["reimu"]})
    assert "activate:patchouli" not in options(abil)  # 霊夢 is its only possible target (パチュリー has 【バリア】)
    spell = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]}, {"field": ["reimu"]})
    act(spell, ("priority", "play:master-spark"))
    assert field(spell, 1) == []


@R("TT-KW-4", "TT-KW-6")
def test_fast_attack_striker_takes_nothing_and_pushes_the_excess():
    """霧雨魔理沙（ハード）(5/2, 【ファストアタック】【ストライカー】) destroys ルーミア untouched and deals 3 to
    the player."""
    game = scenario({"field": [P("marisa-hard", under="marisa")]}, {"field": ["rumia"]}, phase="battle")
    act(game, ("attack", "target:rumia#11"))
    assert field(game, 0) == ["marisa-hard"] and field(game, 1) == []
    assert events(game, "player-damage")[0]["amount"] == 3 and events(game, "prevent")[0]["why"] == "fast-attack"


@R("TT-KW-5", "TT-KW-9")
def test_critical_needs_damage_after_resist():
    """【クリティカル】 destroys only when damage is really dealt: 2 − 【レジスト（１）】 = 1 still destroys
    犬走椛（ハード）; fully resisted damage would not."""
    game = scenario({"field": [P("reimu-hard", under="reimu")], "hand": ["hina"]},
                    {"field": [P("momiji-hard", under="momiji")]})
    act(game, ("priority", "activate:reimu-hard"), (1, "priority", "pass"))
    assert events(game, "damage")[0]["amount"] == 1 and field(game, 1) == []
    m = card(game, "momiji-hard")
    assert game.deal_damage(m, 1, card(game, "reimu-hard")) == 0  # in the trash now: nothing is dealt


@R("TT-KW-2", "TT-KW-8")
def test_a_spell_defender_with_barrier_cannot_take_the_target():
    """A 【スペルディフェンサー】 that has 【バリア】 is no legal target, so it cannot take a spell's target."""
    game = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]},
                    {"field": ["reimu", P("shanghai", equip="kougaku-meisai")]})
    act(game, ("priority", "play:master-spark"))  # 霊夢 is the only target; no redirection is offered
    assert field(game, 1) == ["shanghai"] and not events(game, "redirect")


@R("TT-STBY-1")
def test_standby_untaps_every_card_the_turn_player_controls():
    """Standby untaps the turn player's tapped characters and assisters (all its cards)."""
    game = scenario({"field": [P("hina", tapped=True)], "assisters": [P("koakuma", tapped=True), P("saisenbako", tapped=True)]},
                    {}, phase="standby")
    assert not any(game.tapped[c] for c in game.controlled(0))
    assert [e["card"] for e in events(game, "untap")] == ["hina", "koakuma", "saisenbako"]
