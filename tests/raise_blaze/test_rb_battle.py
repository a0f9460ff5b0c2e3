"""The battle (RB-BAT-1..8), life cards (RB-LIFE-1) and losing on life (RB-LOSE-1)."""

from __future__ import annotations

import pytest

from fuda.engine.core import IllegalChoice

from .conftest import act, card, events, field, ids, power, scenario

R = pytest.mark.rule


def battle(p1: dict, p2: dict, **kw):
    """A game in the battle phase of player 1, whose core (霧雨魔理沙 unless given) has no 【起動】
    it could use with an empty hand: no spell window (RB-SPL-1) comes between the steps here."""
    return scenario({"core": "core-marisa"} | p1, p2, phase="battle", **kw)


@R("RB-BAT-1")
def test_fighters_and_the_core_attack_once_per_turn():
    """Every fighter and the core fighter may attack a fighter or the core, once a turn."""
    g = battle(dict(fighters=["rumia", "aya"]), dict(fighters=["fairy-maid"]))
    assert g.pending.ids == ("attack:rumia>fairy-maid", "attack:rumia>core", "attack:aya>fairy-maid", "attack:aya>core",
                             "attack:core>fairy-maid", "attack:core>core", "end")
    act(g, ("battle", "attack:rumia>fairy-maid"))
    assert not any(i.startswith("attack:rumia") for i in g.pending.ids)
    with pytest.raises(IllegalChoice, match="already attacked"):
        g.choose("attack:rumia>core")
    act(g, ("battle", "attack:core>core"), ("life", "hand"), (1, "life", "hand"), ("battle", "attack:aya>core"),
        ("window", "pass"), (1, "life", "power-up"))  # (the life card in hand made 魔理沙's 【起動】 usable)
    assert g.pending.ids == ("activate:core", "end")  # nothing left to attack with


@R("RB-BAT-1")
def test_a_fighter_summoned_this_turn_may_attack_and_cannot_attack_stops_it():
    """No summoning sickness; a static 攻撃できない (呪いの人形, 伊吹萃香) removes the attacker."""
    g = scenario(dict(hand=["rumia"]), dict())
    act(g, ("main", "summon:rumia"), ("main", "battle"))
    assert "attack:rumia>core" in g.pending.ids
    g = battle(dict(core="core-suika", fighters=[("rumia", ["noroi-ningyou"]), "aya"]), dict())
    assert g.pending.ids == ("attack:aya>core", "end")  # neither 萃香 nor the cursed ルーミア
    assert not g.can_attack(g.core[0]) and not g.can_attack(card(g, 0, "rumia"))


@R("RB-BAT-2")
def test_higher_power_destroys_the_defending_fighter():
    """An attacker with higher power destroys the defending fighter; it goes to the graveyard."""
    g = battle(dict(fighters=["rumia"]), dict(fighters=["fairy-maid"]))
    act(g, ("battle", "attack:rumia>fairy-maid"))
    assert field(g, 1) == [] and ids(g, g.grave[1]) == ["fairy-maid"] and field(g, 0) == ["rumia"]
    assert events(g, "battle")[0] | {} == {"attacker": "rumia", "power": 1200, "target": "fairy-maid", "against": 500,
                                          "player": 0}


@R("RB-BAT-3")
def test_lower_power_destroys_the_attacker():
    """An attacker with lower power is destroyed and goes to the graveyard."""
    g = battle(dict(fighters=["fairy-maid"]), dict(fighters=["rumia"]))
    act(g, ("battle", "attack:fairy-maid>rumia"))
    assert field(g, 0) == [] and ids(g, g.grave[0]) == ["fairy-maid"] and field(g, 1) == ["rumia"]


@R("RB-BAT-4")
def test_equal_power_destroys_both():
    """Equal power destroys both fighters."""
    g = battle(dict(fighters=["rumia"]), dict(fighters=["rumia"]))
    act(g, ("battle", "attack:rumia>rumia"))
    assert field(g, 0) == field(g, 1) == [] and ids(g, g.grave[0]) == ids(g, g.grave[1]) == ["rumia"]


@R("RB-BAT-5")
def test_a_core_fighter_loses_a_life_card_instead_of_being_destroyed():
    """A core fighter that loses a battle stays; its owner loses one life card (attacking or defending)."""
    g = battle(dict(fighters=[]), dict(fighters=["sakuya"]))
    act(g, ("battle", "attack:core>sakuya"), ("life", "hand"))
    assert len(g.life[0]) == 4 and g.core[0] >= 0 and field(g, 1) == ["sakuya"]
    g = battle(dict(core="core-suika"), dict(core="core-suika"))  # suika cannot attack: nothing to do
    g = battle(dict(), dict())
    act(g, ("battle", "attack:core>core"), ("life", "hand"), (1, "life", "hand"))
    assert len(g.life[0]) == len(g.life[1]) == 4  # equal cores: each loses one


@R("RB-BAT-6")
def test_attacks_on_the_core():
    """Power ≥ the core's destroys one life card; lower: the attacker is destroyed; equal: both."""
    g = battle(dict(fighters=["rumia"]), dict())
    act(g, ("battle", "attack:rumia>core"), (1, "life", "hand"))
    assert len(g.life[1]) == 4 and field(g, 0) == ["rumia"]
    g = battle(dict(fighters=["fairy-maid"]), dict())
    act(g, ("battle", "attack:fairy-maid>core"))
    assert len(g.life[1]) == 5 and field(g, 0) == []
    g = battle(dict(fighters=["cirno"]), dict())  # 1000 against 1000
    act(g, ("battle", "attack:cirno>core"), (1, "life", "hand"))
    assert len(g.life[1]) == 4 and field(g, 0) == [] and ids(g, g.grave[0]) == ["cirno"]


@R("RB-BAT-7")
def test_fighters_may_block_an_attack_on_the_core_or_let_it_through():
    """The defender blocks with any fighter (the battle becomes fighter against fighter) or lets it through."""
    g = battle(dict(fighters=["rumia", "aya"]), dict(fighters=["sakuya", "fairy-maid"]))
    act(g, ("battle", "attack:rumia>core"))
    assert g.pending.player == 1 and g.pending.kind == "block"
    assert g.pending.ids == ("block:sakuya", "block:fairy-maid", "through")
    act(g, (1, "block", "block:sakuya"))
    assert field(g, 0) == ["aya"] and len(g.life[1]) == 5 and events(g, "block")[0]["card"] == "sakuya"
    act(g, ("battle", "attack:aya>core"), (1, "block", "through"), (1, "life", "hand"))
    assert len(g.life[1]) == 4 and field(g, 1) == ["sakuya", "fairy-maid"]


@R("RB-BAT-7")
def test_no_block_question_without_fighters():
    """With no fighter to block, the attack on the core goes straight to the battle."""
    g = battle(dict(fighters=["rumia"]), dict())
    act(g, ("battle", "attack:rumia>core"))
    assert g.pending.kind == "life" and events(g, "through") == []


@R("RB-BAT-8")
def test_the_core_never_blocks_for_a_fighter():
    """An attack on a fighter has no block step: the core fighter cannot cover it."""
    g = battle(dict(fighters=["sakuya"]), dict(core="core-suika", fighters=["rumia", "aya"]))
    act(g, ("battle", "attack:sakuya>rumia"), ("window", "pass"))  # 咲夜's 【起動】 not used
    assert events(g, "block") == [] and field(g, 1) == ["aya"] and len(g.life[1]) == 5
    assert g.pending.kind == "battle" and g.pending.player == 0


@R("RB-LIFE-1")
def test_a_destroyed_life_card_goes_to_the_hand_or_powers_the_core_up():
    """The owner chooses: hand, or on top of the core: +1000 for the first, +500 for each later one."""
    g = battle(dict(fighters=["sakuya", "youmu", "rumia"]), dict(life=["aya", "hina", "chen", "ran", "nitori"]))
    act(g, ("battle", "attack:sakuya>core"), ("window", "pass"))
    assert g.pending.kind == "life" and g.pending.player == 1 and g.pending.ids == ("hand", "power-up")
    act(g, (1, "life", "power-up"))
    assert power(g, 1, "core") == 2000 and ids(g, g.ups[1]) == ["nitori"]
    act(g, ("battle", "attack:youmu>core"), ("window", "pass"))  # 1300 < 2000: youmu is destroyed
    assert field(g, 0) == ["sakuya", "rumia"] and len(g.life[1]) == 4
    g.ups[1].append(g.life[1].pop())  # a second power-up card
    assert power(g, 1, "core") == 2500
    g = battle(dict(fighters=["rumia"]), dict(life=["aya", "hina"]))
    act(g, ("battle", "attack:rumia>core"), (1, "life", "hand"))
    assert ids(g, g.hand[1]) == ["hina"] and len(g.life[1]) == 1


@R("RB-LOSE-1")
def test_losing_the_last_life_card_loses_the_game():
    """A player whose last life card is destroyed loses at once."""
    g = battle(dict(fighters=["rumia"]), dict(life=1))
    act(g, ("battle", "attack:rumia>core"))
    assert g.finished and g.winner == 0 and "RB-LOSE-1" in g.reason and g.life[1] == []
    g = battle(dict(life=1), dict(life=1))
    act(g, ("battle", "attack:core>core"))
    assert g.finished and g.winner is None  # both at once: a draw (interpretation)


@R("RB-BAT-1", "RB-BAT-7")
def test_on_attack_abilities_resolve_after_the_block():
    """【攻撃時】 resolves after the block: 霊夢's core-attack bonus does not apply against a blocker."""
    g = battle(dict(fighters=["reimu"]), dict(fighters=["sakuya"]))
    act(g, ("battle", "attack:reimu>core"), (1, "block", "block:sakuya"))
    assert field(g, 0) == field(g, 1) == []  # 2000 against 2000, no +500
    g = battle(dict(fighters=["reimu"]), dict(fighters=["sakuya"]))
    act(g, ("battle", "attack:reimu>core"), (1, "block", "through"), (1, "life", "hand"))
    assert events(g, "battle")[0]["power"] == 2500 and power(g, 0, "reimu") == 2500
