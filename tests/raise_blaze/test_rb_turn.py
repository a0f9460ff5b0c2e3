"""The turn and the summons (RB-TURN-1, RB-SUM-1..5, RB-LOSE-2)."""

from __future__ import annotations

import pytest

from fuda.engine.core import IllegalChoice

from .conftest import act, card, events, field, ids, pile, power, scenario

R = pytest.mark.rule


@R("RB-TURN-1")
def test_turn_is_draw_main_battle_main2_end():
    """Draw 1, main phase 1 (to battle or end), battle phase, main phase 2, end; then the opponent."""
    g = scenario(dict(deck=["aya"], fighters=["rumia"]), dict(deck=["hina"]), phase="draw")
    assert [(e["player"], e["card"]) for e in events(g, "draw")] == [(0, "aya")]
    assert g.pending.kind == "main" and {"battle", "end", "summon:aya"} <= set(g.pending.ids)
    act(g, ("main", "battle"))
    assert g.pending.kind == "battle" and g.pending.ids == ("attack:rumia>core", "attack:core>core", "activate:core",
                                                          "end")  # 霊夢's 【起動】 too (RB-SPL-1 reading)
    act(g, ("battle", "end"))
    assert g.pending.kind == "main" and "battle" not in g.pending.ids and "summon:aya" in g.pending.ids
    act(g, ("main", "summon:aya"), ("main", "end"))
    assert g.active == 1 and events(g, "draw")[-1] == {"card": "hina", "why": "draw-step", "player": 1}
    assert [e["turn"] for e in events(g, "turn")] == [3, 4]


@R("RB-TURN-1")
def test_the_first_player_draws_in_the_first_turn():
    """Interpretation: the first player draws in their first turn too."""
    g = scenario(dict(deck=["aya"]), dict(), phase="draw", turn=1)
    assert events(g, "draw") == [{"card": "aya", "why": "draw-step", "player": 0}] and events(g, "turn")[0]["turn"] == 1


@R("RB-TURN-1")
def test_main_phase_1_may_end_the_turn_without_battle():
    """`end` in main phase 1 ends the turn: no battle phase, no main phase 2."""
    g = scenario(dict(fighters=["rumia"]), dict(deck=["hina"]))
    act(g, ("main", "end"))
    assert g.active == 1 and g.attacked_on[card(g, 0, "rumia")] == 0


@R("RB-TURN-1")
def test_end_of_turn_changes_expire():
    """ターン終了時まで changes end when the turn ends."""
    g = scenario(dict(hand=["master-spark"], fighters=["rumia"]), dict(deck=["hina"]))
    act(g, ("main", "spell:master-spark"))
    assert power(g, 0, "rumia") == 2200
    act(g, ("main", "end"))
    assert power(g, 0, "rumia") == 1200


@R("RB-LOSE-2")
def test_a_player_who_cannot_draw_loses():
    """Drawing from an empty deck in the draw step loses at once."""
    g = scenario(dict(extra=()), dict(), phase="draw", **{})
    assert g.finished and g.winner == 1 and "RB-LOSE-2" in g.reason and events(g, "no-draw")


@R("RB-LOSE-2")
def test_an_effect_draw_from_an_empty_deck_loses_but_milling_does_not():
    """A draw effect that finds the deck empty loses; milling an empty deck does not."""
    g = scenario(dict(hand=["grimoire"], deck=["aya"], extra=(), life=[]), dict())
    act(g, ("main", "spell:grimoire"))
    assert g.finished and g.winner == 1 and "RB-LOSE-2" in g.reason
    g = scenario(dict(hand=["hatate"]), dict(extra=(), life=[], deck=["aya"]))
    act(g, ("main", "summon:hatate"))
    assert not g.finished and ids(g, g.grave[1]) == ["aya"] and g.deck[1] == []


@R("RB-SUM-1")
def test_normal_summon_of_a_raise_0_fighter():
    """A raise-0 fighter is normal-summoned from the hand into a free zone; raise 1+ cannot be."""
    g = scenario(dict(hand=["rumia", "sakuya"]), dict())
    assert "summon:rumia" in g.pending.ids and "summon:sakuya" not in g.pending.ids
    with pytest.raises(IllegalChoice):
        g.choose("raise:sakuya")  # no fighter to put underneath
    act(g, ("main", "summon:rumia"))
    assert field(g, 0) == ["rumia"] and events(g, "summon")[0]["how"] == "normal" and g.summoned


@R("RB-SUM-2")
def test_raise_summon_puts_own_fighters_underneath():
    """A raise summon puts `raise` own fighters underneath, chosen by the player; it takes their zone."""
    g = scenario(dict(hand=["flandre"], fighters=["aya", "momiji", "hina"]), dict(fighters=["rumia"]))
    assert "raise:flandre" in g.pending.ids
    act(g, ("main", "raise:flandre"), ("underneath", "momiji", "hina"))
    assert field(g, 0) == ["aya", "flandre"] and g.slot_of[card(g, 0, "flandre")] == 1
    assert pile(g, 0, "flandre") == ["momiji", "hina"]
    assert events(g, "summon")[0] == {"card": "flandre", "how": "raise", "zone": 2, "under": ["momiji", "hina"],
                                      "source": "hand", "player": 0}
    assert field(g, 1) == []  # 【召喚時】 destroyed the only opposing fighter (forced target)


@R("RB-SUM-2")
def test_raise_summon_needs_enough_fighters_and_an_exact_count():
    """Raise 2 needs 2 own fighters; picking the wrong number is refused."""
    g = scenario(dict(hand=["flandre"], fighters=["aya"]), dict())
    assert "raise:flandre" not in g.pending.ids
    g = scenario(dict(hand=["flandre"], fighters=["aya", "momiji", "hina"]), dict())
    act(g, ("main", "raise:flandre"))
    with pytest.raises(Exception, match="pick 2"):
        g.choose("aya")


@R("RB-SUM-3")
def test_one_normal_or_raise_summon_per_turn():
    """After a normal or raise summon neither is offered again this turn; effect summons still work."""
    g = scenario(dict(hand=["rumia", "aya", "sakuya", "hangonchou"], fighters=["hina"], grave=["chen"]), dict())
    act(g, ("main", "raise:sakuya"))
    assert not any(i.startswith(("summon:", "raise:")) for i in g.pending.ids)
    with pytest.raises(IllegalChoice, match="RB-SUM-3"):
        g.choose("summon:rumia")
    act(g, ("main", "spell:hangonchou"))
    assert "chen" in field(g, 0)  # the only match in the graveyard: nothing to choose


@R("RB-SUM-3")
def test_the_summon_right_returns_next_turn():
    """The limit is per turn: the next own turn offers normal summons again."""
    g = scenario(dict(hand=["rumia", "aya"], deck=["hina"]), dict(deck=["chen"]), summoned=True)
    assert "summon:rumia" not in g.pending.ids
    act(g, ("main", "end"), (1, "main", "end"))
    assert "summon:rumia" in g.pending.ids and g.active == 0


@R("RB-SUM-4")
def test_effect_summons_are_unlimited_and_trigger_on_summon():
    """Effect summons (from deck, graveyard, hand) do not use the turn's summon; 【召喚時】 triggers."""
    g = scenario(dict(hand=["sanae", "hangonchou"], fighters=["aya"], deck=["minoriko", "hina"], grave=["fairy-maid"]),
                 dict())
    act(g, ("main", "raise:sanae"), ("optional", "yes"), ("effect-summon", "hina"))
    assert field(g, 0) == ["sanae", "hina"] and [e["how"] for e in events(g, "summon")] == ["raise", "effect"]
    assert [e["what"] for e in events(g, "chance")] == ["shuffle"]  # the deck is shuffled after
    act(g, ("main", "spell:hangonchou"))  # fairy-maid is the only raise ≤ 1 fighter in the graveyard
    assert field(g, 0) == ["sanae", "hina", "fairy-maid"] and len(g.hand[0]) == 1  # fairy-maid drew a card
    assert events(g, "summon")[-1]["how"] == "effect" and events(g, "summon")[-1]["source"] == "graveyard"


@R("RB-SUM-4")
def test_effect_raise_summon():
    """An effect raise summon (奇跡「神の風」) puts own fighters underneath, outside the summon limit."""
    g = scenario(dict(hand=["kami-no-kaze", "flandre", "sakuya", "ryujin"], fighters=["aya", "momiji"]),
                 dict(fighters=["cirno"]), summoned=True)
    act(g, ("main", "spell:kami-no-kaze"), ("effect-summon", "flandre"), ("underneath", "momiji"))
    assert field(g, 0) == ["aya", "flandre"] and pile(g, 0, "flandre") == ["momiji"]
    assert events(g, "summon")[0]["how"] == "effect-raise" and field(g, 1) == []


@R("RB-SUM-5")
def test_fighters_underneath_lose_stats_and_effects():
    """Underneath, a fighter is no fighter: 【永続】 stops (椛); 【下敷き中】 works on the host (小傘)."""
    g = scenario(dict(hand=["sakuya"], fighters=["momiji", "aya"]), dict())
    assert power(g, 0, "aya") == 1300  # 椛: other 天狗 +200
    act(g, ("main", "raise:sakuya"), ("underneath", "momiji"))
    assert power(g, 0, "aya") == 1100 and g.slot_of[card(g, 0, "momiji")] == -1
    g = scenario(dict(fighters=[("sakuya", ["kogasa"])]), dict())
    assert power(g, 0, "sakuya") == 2500


@R("RB-SUM-5")
def test_the_pile_goes_to_the_graveyard_when_the_top_leaves():
    """When the fighter on top leaves the field its pile (fighters and equip spells) goes to the graveyard."""
    g = scenario(dict(hand=["musou-fuuin"]), dict(fighters=[("sakuya", ["kogasa", "mini-hakkero"])]))
    act(g, ("main", "spell:musou-fuuin"))
    assert field(g, 1) == [] and ids(g, g.grave[1]) == ["kogasa", "mini-hakkero", "sakuya"]


@R("RB-SUM-5")
def test_going_underneath_ends_changes_and_drops_equips():
    """A fighter put underneath loses its one-shot changes; equip spells on it go to the graveyard."""
    g = scenario(dict(hand=["master-spark", "sakuya"], fighters=[("aya", ["mini-hakkero"])]), dict())
    act(g, ("main", "spell:master-spark"))
    assert power(g, 0, "aya") == 2600
    act(g, ("main", "raise:sakuya"))
    a = card(g, 0, "aya")
    assert g.eot[a] == 0 and pile(g, 0, "sakuya") == ["aya"] and "mini-hakkero" in ids(g, g.grave[0])
