"""toho-tcg conformance: the battle phase — attack step, spell step, damage step, level-up step."""

from __future__ import annotations

import pytest

from fuda.engine import toho_tcg as tt

from .conftest import act, card, events, field, ids, options, scenario

R = pytest.mark.rule
P = tt.Piece


@R("TT-BAT-1", "TT-BAT-6", "TT-BAT-8")
def test_several_attackers_together_destroy_a_tough_character():
    """Attackers on one character are declared together, in order; their damage adds up; the first
    attacker takes the counter damage; survivors on both sides are tapped."""
    game = scenario({"field": ["rumia", "rumia"]}, {"field": ["alice"]}, phase="battle")
    d = game.pending
    assert d.kind == "attack" and d.rule == "TT-BAT-1" and d.ids == ("target:alice", "end")
    act(game, ("attack", "target:alice"))
    d = game.pending
    assert d.kind == "attackers" and d.min == 1 and d.max == 2 and d.rule == "TT-BAT-8"
    act(game, ("attackers", "attacker:rumia#2", "attacker:rumia"))
    assert events(game, "attack")[0]["attackers"] == ["rumia#2", "rumia"]
    dmg = [(e["card"], e["amount"], e["source"]) for e in events(game, "damage")]
    assert dmg == [("alice", 2, "rumia#2"), ("alice", 2, "rumia"), ("rumia#2", 2, "alice")]
    assert field(game, 1) == [] and events(game, "destroy")[0]["by"] == "rumia"  # its damage passed 3
    assert game.tapped[card(game, "rumia")] and game.tapped[card(game, "rumia#2")]
    assert events(game, "wear-off")[0]["cards"] == ["rumia#2"]


@R("TT-BAT-2")
def test_a_tapped_character_attacks_with_zero_but_keeps_its_defense():
    """A tapped character's attack is 0 (no counter damage, no effect raises it); its defense stays and can
    be raised; it cannot use activated abilities; its statics still work."""
    game = scenario({"field": ["rumia"], "hand": ["fuiuchi", "hina", "hina"]},
                    {"field": [P("suwako", tapped=True), P("momiji-hard", under="momiji", tapped=True)],
                         "hand": ["kyodaika", "hina"]}, phase="battle")
    s, m = card(game, "suwako"), card(game, "momiji-hard")
    assert game.stats(s) == (0, 4)  # its own 【永続】 still gives 神 +1 defense
    assert "activate:momiji-hard" not in [o.id for o in game.priority_options(1, "spell-step")]
    assert game.ability_block(1, m, game.defs[m].activated[0]).startswith("a tapped character")
    act(game, ("attack", "target:suwako"), (0, "priority", "pass"), (1, "priority", "play:kyodaika"),
        (1, "target", "target:suwako"), (0, "priority", "pass"), (0, "priority", "pass"))
    assert game.pending.player == 0 and game.pending.rule == "TT-BAT-9"
    assert game.stats(s) == (0, 6)  # +2 attack has no effect while tapped; +2 defense counts
    assert "activate:momiji-hard" not in [o.id for o in game.priority_options(1, "after-damage")]
    assert [e["card"] for e in events(game, "damage")] == ["suwako"]  # no counter damage from a tapped defender


@R("TT-BAT-3")
def test_direct_attack_only_without_untapped_opposing_characters():
    """The player can be attacked directly only when all opposing characters are tapped (or there are
    none); a tapped character may still be attacked."""
    game = scenario({"field": ["rumia"]}, {"field": ["reimu"]}, phase="battle")
    assert options(game) == ["target:reimu", "end"]
    tapped = scenario({"field": ["rumia"]}, {"field": [P("reimu", tapped=True)]}, phase="battle")
    assert options(tapped) == ["target:reimu", "target:player", "end"]
    act(tapped, ("attack", "target:player"))
    assert events(tapped, "player-damage")[0] | {} == {"amount": 2, "source": "rumia", "combat": True, "player": 1}


@R("TT-BAT-4")
def test_damage_to_a_player_is_draw_then_trash():
    """A player taking N damage draws N cards, then trashes N cards of their choice from the hand."""
    game = scenario({"field": ["rumia"]}, {"hand": ["hina", "hina"], "deck": ["reimu", "sanae"]}, phase="battle")
    act(game, ("attack", "target:player"))
    d = game.pending
    assert d.kind == "hand-trash" and d.player == 1 and d.min == d.max == 2 and d.rule == "TT-BAT-4"
    assert set(d.ids) == {"card:hina", "card:hina#2", "card:reimu", "card:sanae"}
    act(game, (1, "hand-trash", "card:hina", "card:hina#2"))
    assert sorted(ids(game, game.hand[1])) == ["reimu", "sanae"] and len(game.deck[1]) == 10


@R("TT-BAT-5")
def test_spell_step_both_players_may_play_quicks():
    """After the attack is declared, both players may play quicks (here the defender grows with 巨大化)."""
    game = scenario({"field": ["rumia", "rumia"]}, {"field": ["alice"], "hand": ["kyodaika", "hina"]}, phase="battle")
    act(game, ("attack", "target:alice"), ("attackers", "attacker:rumia", "attacker:rumia#2"))
    assert game.pending.player == 1 and game.pending.rule == "TT-BAT-5"
    act(game, (1, "priority", "play:kyodaika"), (1, "target", "target:alice"), (1, "pay", "hand:hina"))
    assert field(game, 1) == ["alice"]  # 2 + 2 does not exceed 3 + 2
    assert [e["card"] for e in events(game, "destroy")] == ["rumia"]  # the first attacker: counter 4 > 2


@R("TT-BAT-7")
def test_damage_wears_off_after_each_fight():
    """Damage wears off after the fight: two separate fights never add up."""
    game = scenario({"field": ["rumia", "rumia"]}, {"field": ["alice"]}, phase="battle")
    act(game, ("attack", "target:alice"), ("attackers", "attacker:rumia"))
    a = card(game, "alice")
    assert game.damage[a] == 0 and field(game, 1) == ["alice"]
    act(game, ("attack", "target:alice"))  # only rumia#2 can still attack: no 'attackers' decision
    assert field(game, 1) == ["alice"] and [e["total"] for e in events(game, "damage") if e["card"] == "alice"] == [2, 2]
    outside = scenario({"field": [P("reimu-hard", under="reimu"), P("patchouli")], "hand": ["hina", "hina", "hina"]},
                       {"field": ["yuyuko"]})
    # パチュリー (妖怪) cannot target 博麗霊夢 (【プロテクション（妖怪）】): 幽々子 is its only target
    act(outside, ("priority", "activate:reimu-hard"), ("pay", "hand:hina"), ("priority", "activate:patchouli"))
    assert field(outside, 1) == ["yuyuko"]  # 2 then 2: each wore off, 4 never exceeded 4
    assert [e["total"] for e in events(outside, "damage")] == [2, 2]


# 「キャラクターへのダメージは、そのキャラクターへの攻撃ダメージ、クイックや起動効果のダメージが終了した
# 時点で全回復する。」 (seed 002, ダメージステップ): a character outside the fight heals after each effect.
@R("TT-BAT-7")
def test_effect_damage_outside_the_fight_wears_off_during_a_fight_too():
    """Two 2-damage 【起動】 in the spell step leave a 2/2 not in the fight alive, as they would in the main phase."""
    me = {"field": [P("reimu-hard", under="reimu"), "patchouli", "rumia"], "hand": ["hina", "hina", "hina"]}
    quicks = [("priority", "activate:reimu-hard"), ("target", "target:sanae"), ("pay", "hand:hina"),
              ("priority", "activate:patchouli"), ("target", "target:sanae"), ("pay", "hand:hina#2", "hand:hina#3")]
    main = act(scenario(me, {"field": ["sanae", "momiji"]}), *quicks)
    fight = act(scenario(me, {"field": ["sanae", "momiji"]}, phase="battle"),
                ("attack", "target:momiji"), ("attackers", "attacker:rumia"), *quicks)
    for game in (main, fight):
        assert [(e["card"], e["total"]) for e in events(game, "damage")][:2] == [("sanae", 2), ("sanae", 2)]
        assert "sanae" in field(game, 1)
    assert [e["card"] for e in events(fight, "damage")][2:] == ["momiji", "rumia"]  # the fight itself goes on


@R("TT-BAT-9")
def test_after_damage_window_sees_the_combat_damage():
    """The effect window after combat damage still sees it: 不意打ち there finishes a damaged defender
    that 3 damage alone would not destroy."""
    game = scenario({"field": ["rumia"], "hand": ["fuiuchi", "hina", "hina"]}, {"field": ["alice"]}, phase="battle")
    act(game, ("attack", "target:alice"))
    assert game.pending.rule == "TT-BAT-9" and "play:fuiuchi" in options(game)
    act(game, ("priority", "play:fuiuchi"), ("target", "target:alice"))  # both are tapped now
    assert field(game, 1) == [] and [e["total"] for e in events(game, "damage") if e["card"] == "alice"] == [2, 5]
    alone = scenario({"hand": ["fuiuchi", "hina", "hina"]}, {"field": [P("alice", tapped=True)]})
    act(alone, ("priority", "play:fuiuchi"))
    assert field(alone, 1) == ["alice"]


@R("TT-BAT-10")
def test_level_up_after_destroying_in_combat():
    """A Normal that destroyed an opposing character may become its Hard from the hand for free, staying
    tapped; a defending Normal that destroys the attacker by counter damage may too."""
    game = scenario({"field": ["marisa"], "hand": ["marisa-hard"]}, {"field": ["rumia"]}, phase="battle")
    act(game, ("attack", "target:rumia#11"))
    d = game.pending
    assert d.kind == "level-up" and d.ids == ("level:marisa-hard", "skip") and d.rule == "TT-BAT-10"
    act(game, ("level-up", "level:marisa-hard"))
    h = card(game, "marisa-hard")
    assert field(game, 0) == ["marisa-hard"] and game.tapped[h] and game.under[h] == card(game, "marisa")
    assert not events(game, "reiryoku") and events(game, "level-up")[0]["on"] == "marisa"
    guard = scenario({"field": ["daiyousei"]}, {"field": ["marisa"], "hand": ["marisa-hard"]}, phase="battle")
    act(guard, ("attack", "target:marisa"), (1, "level-up", "level:marisa-hard"))
    assert field(guard, 1) == ["marisa-hard"] and field(guard, 0) == []


@R("TT-BAT-11")
def test_back_to_the_attack_step_while_characters_can_attack():
    """After a fight the turn player may declare another with characters that have not attacked."""
    game = scenario({"field": ["youmu", "rumia"]}, {"field": [P("reimu", tapped=True)]}, phase="battle")
    act(game, ("attack", "target:player"), ("attackers", "attacker:youmu"))
    y = card(game, "youmu")
    assert not game.tapped[y]  # 【トリックスター】 stays untapped, but it has attacked
    assert game.pending.kind == "attack"
    act(game, ("attack", "target:player"))  # only rumia is left to attack: no 'attackers' decision
    assert [e["attackers"] for e in events(game, "attack")] == [["youmu"], ["rumia"]]
    assert game.pending is None or game.pending.kind != "attack"
