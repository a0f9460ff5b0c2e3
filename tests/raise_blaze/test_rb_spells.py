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
def test_opponent_turn_only_set_spells_at_the_intercept_window():
    """In the opponent's turn, a set spell may be opened when they declare an attack (【迎撃】 window)."""
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
    g = scenario(dict(), dict(spells=[("killing-doll", "set")]), phase="battle")
    act(g, ("battle", "attack:core>core"), ("life", "hand"), (1, "life", "hand"))  # no window for a core attacker
    assert events(g, "spell") == []
    g = scenario(dict(fighters=["sakuya"]), dict(fighters=["rumia"], spells=[("master-spark", "set")]), phase="battle")
    act(g, ("battle", "attack:sakuya>core"), (1, "intercept", "open:master-spark"), (1, "block", "block:rumia"))
    assert field(g, 0) == [] and field(g, 1) == ["rumia"]  # 2200 blocks 2000
    g = scenario(dict(fighters=["sakuya"]), dict(spells=[("life-lantern", "set")]), phase="battle")
    act(g, ("battle", "attack:sakuya>core"), (1, "life", "hand"))  # life 5 > 2: not usable, no window
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
    g = scenario(dict(fighters=["rumia"]), dict(spells=[("danmaku-kekkai", "set"), "koumu-ihen"]), phase="battle")
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
