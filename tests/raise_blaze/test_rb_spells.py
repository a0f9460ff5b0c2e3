"""The spell zone and spell timing (RB-SPL-1..4)."""

from __future__ import annotations

import pytest

from fuda.engine.core import IllegalChoice

from .conftest import act, card, events, field, ids, pile, power, scenario

R = pytest.mark.rule


def spell_zone(g, p):
    return [(g.oid[c], g.face_up[c]) for c in g.spell[p]]


@R("RB-SPL-1")
def test_own_turn_spells_from_hand_in_both_main_phases_and_set_ones():
    """In one's own turn a spell is played from the hand (main phase 1 or 2), or a set one is opened."""
    g = scenario(dict(hand=["grimoire", "tengu-gougai"], deck=["aya", "hina"]), dict(hand=["rumia"]))
    act(g, ("main", "set:tengu-gougai"))
    assert "open:tengu-gougai" in g.pending.ids and "spell:grimoire" in g.pending.ids
    act(g, ("main", "battle"), ("battle", "end"), ("main", "open:tengu-gougai"))
    assert g.hand[1] == [] and spell_zone(g, 0) == [] and "tengu-gougai" in ids(g, g.grave[0])
    act(g, ("main", "spell:grimoire"))
    assert ids(g, g.hand[0]) == ["aya", "hina"]


@R("RB-SPL-1")
def test_opponent_turn_only_set_spells_and_intercept_at_the_declaration():
    """In the opponent's turn only a set spell is offered (never one in hand); 【迎撃】 when they declare an attack."""
    g = scenario(dict(fighters=["rumia"]), dict(spells=[("danmaku-kekkai", "set")], hand=["musou-fuuin"]),
                 phase="battle")
    act(g, ("battle", "attack:rumia>core"))
    assert g.pending.player == 1 and g.pending.kind == "intercept"
    assert g.pending.ids == ("open:danmaku-kekkai", "pass")  # the hand spell is never offered
    act(g, (1, "intercept", "open:danmaku-kekkai"))
    assert len(g.life[1]) == 5 and events(g, "negated") and field(g, 0) == ["rumia"]
    assert g.attacked_on[card(g, 0, "rumia")] == g.turn and "danmaku-kekkai" in ids(g, g.grave[1])


@R("RB-SPL-1")
def test_intercept_window_respects_conditions_and_any_activate_spell():
    """殺人ドール needs a fighter attacker; a set 【発動】 spell (マスタースパーク) may be opened there too."""
    g = scenario(dict(core="core-marisa"), dict(spells=[("killing-doll", "set")]), phase="battle")
    act(g, ("battle", "attack:core>core"), ("life", "hand"), (1, "life", "hand"))  # no window for a core attacker
    assert events(g, "spell") == []
    g = scenario(dict(fighters=["sakuya"]), dict(fighters=["rumia"], spells=[("master-spark", "set")]), phase="battle")
    act(g, ("battle", "attack:sakuya>core"), (1, "intercept", "open:master-spark"), (1, "block", "block:rumia"),
        ("window", "pass"))  # 咲夜's −500 is not used
    assert field(g, 0) == [] and field(g, 1) == ["rumia"]  # 2200 blocks 2000
    g = scenario(dict(fighters=["sakuya"]), dict(spells=[("life-lantern", "set")]), phase="battle")
    act(g, ("battle", "attack:sakuya>core"), ("window", "pass"), (1, "life", "hand"))  # life 5 > 2: not usable
    assert events(g, "spell") == []


@R("RB-SPL-2")
def test_a_spell_played_on_a_set_spell_blocks_it_until_it_leaves():
    """A spell may be played on top of a set spell; the set one is usable again once the top has left."""
    g = scenario(dict(hand=["master-spark", "moriya-shrine"], fighters=["rumia"], spells=[("grimoire", "set")],
                      deck=["aya", "hina"]), dict())
    act(g, ("main", "spell:master-spark"))
    assert spell_zone(g, 0) == [("grimoire", False)] and "open:grimoire" in g.pending.ids
    act(g, ("main", "spell:moriya-shrine"))  # continuous: it stays on top
    assert spell_zone(g, 0) == [("grimoire", False), ("moriya-shrine", True)]
    assert "open:grimoire" not in g.pending.ids
    with pytest.raises(IllegalChoice, match="RB-SPL-2"):
        g.choose("open:grimoire")


@R("RB-SPL-2")
def test_a_covered_set_spell_has_no_intercept_window():
    """A set 【迎撃】 spell under a continuous spell cannot be opened in the opponent's turn."""
    g = scenario(dict(core="core-marisa", fighters=["rumia"]), dict(spells=[("danmaku-kekkai", "set"), "koumu-ihen"]),
                 phase="battle")
    act(g, ("battle", "attack:rumia>core"), (1, "life", "hand"))
    assert events(g, "spell") == [] and len(g.life[1]) == 4


@R("RB-SPL-3")
def test_a_continuous_spell_stays_and_keeps_working():
    """紅霧異変 stays in the zone and the opposing fighters keep −200."""
    g = scenario(dict(hand=["koumu-ihen", "grimoire", "moriya-shrine"], deck=["aya", "hina"]), dict(fighters=["rumia"]))
    act(g, ("main", "spell:koumu-ihen"))
    assert spell_zone(g, 0) == [("koumu-ihen", True)] and power(g, 1, "rumia") == 1000
    assert "set:grimoire" not in g.pending.ids and "spell:moriya-shrine" not in g.pending.ids
    with pytest.raises(IllegalChoice, match="RB-SPL-3"):
        g.choose("spell:moriya-shrine")
    act(g, ("main", "end"), (1, "main", "end"))
    assert power(g, 1, "rumia") == 1000  # still working in later turns


@R("RB-SPL-3")
def test_a_covered_continuous_spell_has_no_effect():
    """A normal spell played on a continuous one covers it while resolving: 守矢神社's +300 is off then."""
    g = scenario(dict(hand=["master-spark"], fighters=["minoriko"], spells=["moriya-shrine"]), dict())
    assert power(g, 0, "minoriko") == 1100
    act(g, ("main", "spell:master-spark"))
    assert events(g, "boost")[0]["power"] == 1800  # 800 + 1000, 守矢神社 covered
    assert power(g, 0, "minoriko") == 2100 and spell_zone(g, 0) == [("moriya-shrine", True)]


@R("RB-SPL-4")
def test_equip_spells_go_underneath_their_fighter():
    """An equip spell names a fighter per its equip-to and works from underneath it; any number stack."""
    g = scenario(dict(hand=["mini-hakkero", "mini-hakkero", "roukanken", "noroi-ningyou"], fighters=["rumia", "youmu"]),
                 dict(fighters=["aya"]))
    act(g, ("main", "spell:mini-hakkero"))
    assert g.pending.kind == "equip" and g.pending.ids == ("own:rumia", "own:youmu")
    act(g, ("equip", "own:rumia"), ("main", "spell:mini-hakkero"), ("equip", "own:rumia"))
    assert pile(g, 0, "rumia") == ["mini-hakkero", "mini-hakkero#2"] and power(g, 0, "rumia") == 2200
    act(g, ("main", "spell:roukanken"))  # only the 戦士 youmu fits: no question
    assert pile(g, 0, "youmu") == ["roukanken"] and spell_zone(g, 0) == []
    act(g, ("main", "spell:noroi-ningyou"))  # only an opposing fighter fits
    assert pile(g, 1, "aya") == ["noroi-ningyou"] and power(g, 1, "aya") == 600 and not g.can_attack(card(g, 1, "aya"))


@R("RB-SPL-4")
def test_equip_needs_a_fighter_and_goes_to_the_graveyard_with_it():
    """No legal fighter: the equip spell cannot be played; when the fighter leaves, it goes to the graveyard."""
    g = scenario(dict(hand=["roukanken", "mini-hakkero"], fighters=["rumia"]), dict())
    assert "spell:roukanken" not in g.pending.ids and "spell:mini-hakkero" in g.pending.ids
    g = scenario(dict(hand=["kamikakushi"], fighters=[("rumia", ["mini-hakkero"])]), dict(fighters=["aya"]))
    act(g, ("main", "spell:kamikakushi"), ("target", "own:rumia"))
    assert ids(g, g.hand[0]) == ["rumia"] and ids(g, g.grave[0]) == ["mini-hakkero", "kamikakushi"]


# 「特定の条件を指定されていない場合、自分のターン中であればいつでも、相手ターン中でも伏せていればいつでも
# 発動できます。」 (seed 003, ⑧ スペルカードについて・使用するタイミング)
@R("RB-SPL-1")
def test_own_battle_phase_offers_spells_set_spells_and_activated_abilities():
    """「自分のターン中であればいつでも」: the battle phase offers spells from the hand, the set spell and 【起動】."""
    g = scenario(dict(hand=["master-spark", "aya"], fighters=["rumia"], spells=[("grimoire", "set")],
                      deck=["hina", "chen"]), dict(), phase="battle")
    assert g.pending.kind == "battle"
    assert g.pending.ids == ("attack:rumia>core", "attack:core>core", "spell:master-spark", "open:grimoire",
                             "activate:core", "end")
    with pytest.raises(IllegalChoice, match="main phases"):
        g.choose("summon:aya")  # summons and setting stay in the main phases
    act(g, ("battle", "spell:master-spark"), ("battle", "open:grimoire"))
    assert power(g, 0, "rumia") == 2200 and ids(g, g.hand[0]) == ["aya", "hina", "chen"]
    assert g.pending.kind == "battle" and "spell:master-spark" not in g.pending.ids


@R("RB-SPL-1")
def test_the_attacker_may_play_a_spell_after_the_block_before_the_comparison():
    """「いつでも」 includes the step after a block: マスタースパーク on the attacker turns 1200 v 2000 into 2200 v 2000."""
    g = scenario(dict(core="core-suika", hand=["master-spark"], fighters=["rumia"]), dict(fighters=["sakuya"]),
                 phase="battle")
    act(g, ("battle", "attack:rumia>core"), (1, "block", "block:sakuya"))
    assert g.pending.kind == "window" and g.pending.player == 0
    assert g.pending.ids == ("spell:master-spark", "pass")
    act(g, ("window", "spell:master-spark"))
    assert field(g, 0) == ["rumia"] and field(g, 1) == [] and events(g, "battle")[0]["power"] == 2200


@R("RB-SPL-1")
def test_the_defender_opens_a_set_spell_before_the_comparison_and_the_attacker_answers():
    """「相手ターン中でも伏せていればいつでも」: after the block the defender opens マスタースパーク; the attacker may answer."""
    g = scenario(dict(core="core-marisa", fighters=["sakuya"]),
                 dict(fighters=["rumia"], spells=[("master-spark", "set")]), phase="battle")
    act(g, ("battle", "attack:sakuya>core"), (1, "intercept", "pass"), (1, "block", "block:rumia"),
        ("window", "pass"))
    assert g.pending.kind == "respond" and g.pending.player == 1
    assert g.pending.ids == ("open:master-spark", "pass")
    act(g, (1, "respond", "open:master-spark"))
    assert power(g, 1, "rumia") == 2200 and g.pending.kind == "window" and g.pending.player == 0
    act(g, ("window", "activate:sakuya"))  # 咲夜's 【起動】: −500 → 1700 against 2000
    assert field(g, 0) == ["sakuya"] and field(g, 1) == [] and events(g, "battle")[0]["against"] == 1700


@R("RB-SPL-1")
def test_the_opponent_may_open_a_set_spell_at_every_phase_change_and_after_each_action():
    """The non-turn player's windows: draw→main, after each action, main→battle, in and after an attack, battle→main 2, end."""
    g = scenario(dict(core="core-suika", deck=["aya"], hand=["rumia", "grimoire"]),
                 dict(spells=[("grimoire", "set")], deck=["hina", "chen", "ran"]), phase="draw")
    steps = [(1, "respond", "pass"),  # draw → main phase 1
             ("main", "summon:rumia"), (1, "respond", "pass"),  # after the summon
             ("main", "battle"), (1, "respond", "pass"),  # main phase 1 → battle
             ("battle", "attack:rumia>core"), (1, "intercept", "pass"),  # the attack's declaration
             ("window", "pass"), (1, "respond", "pass"),  # before the comparison: the attacker, then the defender
             (1, "life", "hand"), (1, "respond", "pass"),  # after the attack
             ("battle", "end"), (1, "respond", "pass"),  # battle → main phase 2
             ("main", "end")]
    act(g, *steps)
    assert g.pending.kind == "respond" and g.pending.player == 1 and g.active == 0  # the end of the turn
    act(g, (1, "respond", "open:grimoire"))
    assert g.active == 1 and ids(g, g.hand[1])[1:] == ["hina", "chen", "ran"]  # グリモワール's 2, then the draw step
    assert [e["player"] for e in events(g, "spell")] == [1] and "grimoire" in ids(g, g.grave[1])


@R("RB-SPL-1")
def test_a_window_is_not_offered_twice_with_nothing_in_between():
    """Playouts stay finite and short: after a pass, the same position asks no second time (battle → main 2 here)."""
    g = scenario(dict(core="core-suika", hand=["rumia"]), dict(spells=[("grimoire", "set")]), phase="main")
    act(g, ("main", "summon:rumia"), (1, "respond", "pass"), ("main", "battle"), (1, "respond", "pass"),
        ("battle", "attack:rumia>core"), (1, "intercept", "pass"), (1, "respond", "pass"), (1, "life", "hand"),
        (1, "respond", "pass"))  # after the attack; then no attacker and nothing to play: the turn runs out
    assert g.active == 1 and g.pending.player == 1 and g.pending.kind == "main"


@R("RB-SPL-1")
def test_an_intercept_only_set_spell_is_offered_only_at_an_attack_declaration():
    """A set 【迎撃】-only spell (弾幕結界) has no window at phase changes or after actions: only the declaration's."""
    g = scenario(dict(core="core-suika", deck=["aya"], hand=["rumia"]),
                 dict(spells=[("danmaku-kekkai", "set")]), phase="draw")
    act(g, ("main", "summon:rumia"), ("main", "battle"), ("battle", "attack:rumia>core"), (1, "intercept", "pass"),
        (1, "life", "hand"))  # (main phase 2 has nothing to offer: the turn ends)
    assert g.active == 1 and g.pending.kind == "main" and events(g, "spell") == []
