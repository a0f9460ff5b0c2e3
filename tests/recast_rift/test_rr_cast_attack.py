"""Recast Rift conformance: casting, attacks, the preempt timing and damage resolution."""

from __future__ import annotations

import pytest

from fuda.engine.core import IllegalChoice

from .conftest import act, events, names, scenario, zone_ids

R = pytest.mark.rule


def trace(game, kinds=("cast", "attack", "modify-attack", "hit", "graze", "guarded", "deploy", "ability")):
    """(kind, player, card) of the chosen event kinds, in order."""
    return [(e.kind, e.player, e.data.get("card")) for e in game.log.events if e.kind in kinds]


@R("RR-CAST-3", "RR-ATK-2", "RR-ATK-3", "RR-DMG-1")
def test_cast_order_with_a_preempt():
    """A cast runs cast abilities, attack, the opponent's preempt (processed whole, from its own
    step 1), then the opponent's damage resolution with the changed values, then deploy."""
    game = scenario({"awakening": "reimu-dream-battle", "hand": ["reimu-musou-fuuin"], "deck": ["reimu-youin-gyoku"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"]})
    act(game, "main cast:reimu-musou-fuuin", "preempt cast:youmu-gensei-zan", "deploy zone:1",
        "damage hand", "deploy zone:2")
    assert trace(game) == [
        ("cast", 0, "reimu-musou-fuuin"), ("attack", 0, "reimu-musou-fuuin"),
        ("cast", 1, "youmu-gensei-zan"), ("ability", 1, "youmu-gensei-zan"), ("modify-attack", 1, "youmu-gensei-zan"),
        ("attack", 1, "youmu-gensei-zan"), ("hit", 0, "youmu-gensei-zan"), ("deploy", 1, "youmu-gensei-zan"),
        ("guarded", 1, None), ("deploy", 0, "reimu-musou-fuuin"),
    ]
    assert events(game, "attack")[0]["power"] == "1／2"
    assert events(game, "modify-attack")[0]["power"] == "0／2"  # answered -1/-0 before P2 resolves
    assert game.life == [5, 6]
    assert zone_ids(game, 0) == {2: ["reimu-musou-fuuin"]} and zone_ids(game, 1) == {1: ["youmu-gensei-zan"]}


@R("RR-CAST-1")
def test_cast_needs_a_free_place_in_its_recast_zones():
    """A spell whose recast zones are all full is not offered; choosing it is an illegal choice."""
    game = scenario({"hand": ["reimu-youin-gyoku", "reimu-musou-fuuin"],
                         "zones": {1: ["marisa-stardust-reverie", "sakuya-killer-doll"]},
                         "fighters": ("reimu", "marisa")},
                    {"awakening": "sakuya-luna-dial"})
    assert "cast:reimu-youin-gyoku" not in game.pending.ids  # recast Ⅰ only, Ⅰ full
    assert "cast:reimu-musou-fuuin" in game.pending.ids  # Ⅱ still free
    with pytest.raises(IllegalChoice, match="no free place in ［Ⅰ］"):
        game.choose("cast:reimu-youin-gyoku")


@R("RR-CAST-2", "RR-CARD-9")
def test_two_cast_abilities_resolve_in_order():
    """Blazing Star: the first 【キャスト時】 (face down any cards) completes before the second reads the hand."""
    game = scenario({"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "reimu"),
                         "hand": ["marisa-blazing-star", "reimu-fuumajin"]},
                    {"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll"], "deck": ["sakuya-soul-sculpture"]})
    act(game, "main cast:marisa-blazing-star", "face-down reimu-fuumajin", "deploy zone:3")
    assert events(game, "modify-attack")[0]["power"] == "2／3"  # 1/1 +1/+2 because the hand became empty
    assert game.life[1] == 3


@R("RR-CAST-4", "RR-CARD-6")
def test_non_attack_cards_go_straight_to_deploy():
    """An action card resolves its text and deploys; no attack and no preempt timing follow."""
    game = scenario({"hand": ["reimu-taima-ranbu"], "deck": ["reimu-musou-fuuin", "reimu-fuumajin"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"]})
    act(game, "main cast:reimu-taima-ranbu", "face-down reimu-fuumajin", "deploy zone:1")
    assert not events(game, "attack")
    assert names(game, game.hand[0]) == ["reimu-musou-fuuin"]
    assert names(game, game.facedown[0]) == ["reimu-fuumajin"]


@R("RR-CAST-5", "RR-ATK-1")
def test_text_attack_follows_the_same_steps():
    """A text attack (未来永劫斬's ー/1) gets the opponent's preempt timing and damage resolution
    before the card's own attack 2/2."""
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-mirai-eigou-zan"]},
                    {"awakening": "reimu-dream-battle", "hand": ["reimu-fuumajin", "reimu-musou-fuuin"],
                         "deck": ["reimu-nijuu-kekkai", "reimu-youin-gyoku", "reimu-taima-ranbu"]})
    act(game, "main cast:youmu-mirai-eigou-zan", "preempt cast:reimu-fuumajin", "deploy zone:2")
    powers = [e["power"] for e in events(game, "attack")]
    assert powers == ["ー／1", "ー／1", "2／2"]  # text attack, 封魔陣's attack, the card's own attack
    assert events(game, "modify-attack")[0]["power"] == "ー／0"  # 封魔陣 answered the text attack
    assert game.life == [5, 4]


@R("RR-ATK-4")
def test_preempts_chain():
    """A preempt attack can itself be preempted by the first attacker."""
    game = scenario({"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll", "sakuya-luminous-ricochet"],
                         "deck": ["sakuya-private-square"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"], "deck": ["youmu-meisou-zan"]})
    act(game, "main cast:sakuya-killer-doll", "preempt cast:youmu-gensei-zan", "preempt cast:sakuya-luminous-ricochet",
        "deploy zone:2")
    casts = [(e["player"], e["card"], e["answering"]) for e in events(game, "cast")]
    assert casts == [(0, "sakuya-killer-doll", False), (1, "youmu-gensei-zan", True),
                     (0, "sakuya-luminous-ricochet", True)]
    assert game.life == [5, 5] and game.pending.kind == "damage" and game.pending.player == 1


@R("RR-ATK-5")
def test_timing_classes():
    """In the preempt timing only 先制札 are offered; in the main phase normal and preempt cards."""
    game = scenario({"hand": ["reimu-musou-fuuin"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan", "youmu-meisou-zan"]})
    game.choose("cast:reimu-musou-fuuin")
    assert game.pending.kind == "preempt"
    assert game.pending.ids == ("cast:youmu-gensei-zan", "pass")
    with pytest.raises(IllegalChoice, match="only 先制札"):
        game.choose("cast:youmu-meisou-zan")


@R("RR-ATK-6", "RR-TURN-5")
def test_full_power_player_may_preempt_a_preempt():
    """During the full-power action, the turn player may still preempt the opponent's preempt attack;
    after the full-power cast the main phase ends."""
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-mirai-eigou-zan", "youmu-gensei-zan"],
                         "deck": ["youmu-meisou-zan"] * 1},
                    {"awakening": "sakuya-luna-dial", "hand": ["sakuya-luminous-ricochet"],
                         "deck": ["sakuya-killer-doll", "sakuya-private-square", "sakuya-luna-clock"]})
    game.choose("cast:youmu-mirai-eigou-zan")
    act(game, "preempt cast:sakuya-luminous-ricochet")
    assert game.pending.kind == "preempt" and game.pending.player == 0
    assert "cast:youmu-gensei-zan" in game.pending.ids
    act(game, "preempt pass", "damage life")
    assert events(game, "full-power") and game.life == [5, 3]
    mains = [e for e in game.log.decisions(include_forced=True) if e.data["kind"] == "main"]
    assert len(mains) == 1 and game.log.of("end-turn")  # no normal action after the full-power cast


@R("RR-DMG-2")
def test_bar_side_cannot_be_chosen():
    """With life ー the damage must go to the hand; with hand ー it must go to life."""
    game = scenario({"hand": ["reimu-youin-gyoku"]}, {"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll"]})
    game.choose("cast:reimu-youin-gyoku")  # 1/ー
    damage = [e.data for e in game.log.decisions(include_forced=True) if e.data["kind"] == "damage"]
    assert damage == [{"kind": "damage", "rule": "RR-DMG-2", "picks": ("hand",), "forced": True}]
    game2 = scenario({"hand": ["reimu-fuumajin"], "deck": []}, {"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll"],
                                                                "deck": ["sakuya-private-square"]})
    game2.choose("cast:reimu-fuumajin")  # ー/1: forced onto life
    assert events(game2, "hit")[0]["amount"] == 1


@R("RR-DMG-2")
def test_bar_life_and_too_small_hand_puts_the_whole_hand_down():
    """Reading: life ー and a hand smaller than the hand damage — the whole hand goes face down."""
    game = scenario({"awakening": "youmu-till-when", "fighters": ("youmu", "sakuya"), "hand": ["sakuya-luna-clock"],
                         "zones": {3: ["youmu-yuumei-no-kurin"]}},
                    {"awakening": "reimu-dream-battle", "hand": ["reimu-musou-fuuin"]})
    act(game, "main cast:sakuya-luna-clock", "deploy zone:1")  # 1/ー +1/+0 (幽明の苦輪) = 2/ー
    assert events(game, "attack")[0]["power"] == "2／ー"
    assert events(game, "face-down")[0] == {"cards": ["reimu-musou-fuuin"], "why": "guard", "player": 1}
    assert game.life[1] == 6


@R("RR-DMG-3")
def test_taking_on_hand_puts_chosen_cards_face_down():
    """On hand, the attacked player picks that many hand cards to put face down; too small a hand
    cannot take it on hand."""
    game = scenario({"hand": ["sakuya-killer-doll"], "awakening": "sakuya-luna-dial"},
                    {"hand": ["reimu-musou-fuuin", "reimu-fuumajin", "reimu-youin-gyoku"],
                         "deck": ["reimu-taima-ranbu"]})
    game.choose("cast:sakuya-killer-doll")  # 2/1
    act(game, "preempt pass", "damage hand", "guard reimu-musou-fuuin reimu-youin-gyoku")
    assert names(game, game.facedown[1]) == ["reimu-musou-fuuin", "reimu-youin-gyoku"]
    assert game.life[1] == 6
    small = scenario({"hand": ["sakuya-killer-doll"], "awakening": "sakuya-luna-dial"},
                     {"hand": ["reimu-musou-fuuin"], "deck": ["reimu-taima-ranbu"]})
    small.choose("cast:sakuya-killer-doll")
    assert small.life[1] == 5  # only life was possible: the decision was forced


@R("RR-DMG-4", "RR-CARD-8")
def test_graze_check_draws_then_reveals_and_misses():
    """On life, draw as many cards as the damage; a graze card among them: no HIT at all, and
    every drawn card stays in the hand."""
    game = scenario({"hand": ["sakuya-killer-doll"], "awakening": "sakuya-luna-dial"},
                    {"deck": ["reimu-taima-ranbu", "reimu-fuumajin", "reimu-musou-fuuin"]})
    game.choose("cast:sakuya-killer-doll")  # 2/1: life 1 → draws 1
    assert game.log.of("draw")[-1].data == {"card": "reimu-taima-ranbu", "why": "graze-check"}
    assert game.life[1] == 5
    graze = scenario({"hand": ["youmu-meisou-zan"], "awakening": "youmu-till-when"},
                     {"hand": [], "deck": ["reimu-taima-ranbu", "reimu-fuumajin", "reimu-musou-fuuin"]})
    graze.choose("cast:youmu-meisou-zan")  # 3/2, empty hand: life, draws 2, 封魔陣 grazes
    assert graze.life[1] == 6
    assert events(graze, "graze")[0]["cards"] == ["reimu-fuumajin"]
    assert names(graze, graze.hand[1]) == ["reimu-taima-ranbu", "reimu-fuumajin"]


@R("RR-DMG-5")
def test_hit_lowers_life_by_the_damage_and_zero_is_no_hit():
    """Without graze the attack hits for its life value; a life value of 0 is no HIT."""
    game = scenario({"hand": ["reimu-musou-fuuin"]},
                    {"awakening": "sakuya-luna-dial", "deck": ["sakuya-killer-doll", "sakuya-private-square"]})
    game.choose("cast:reimu-musou-fuuin")  # 1/2 with an empty hand: life
    assert events(game, "hit") == [{"amount": 2, "life": 4, "card": "reimu-musou-fuuin", "player": 1}]
    zero = scenario({"hand": ["reimu-musou-fuuin"]},
                    {"awakening": "sakuya-luna-dial", "hand": ["sakuya-misdirection", "sakuya-killer-doll"],
                         "deck": ["sakuya-private-square"]})
    zero.choose("cast:reimu-musou-fuuin")
    act(zero, "preempt cast:sakuya-misdirection", "deploy zone:2", "damage life")  # 1/2 -1/-1 = 0/1
    assert zero.life[1] == 5


@R("RR-DMG-6", "RR-REB-5")
def test_no_graze_check_with_nothing_to_draw():
    """With deck, face-down pile and reserve pile empty there is no graze check: the attack hits."""
    game = scenario({"hand": ["reimu-musou-fuuin"]}, {"awakening": "sakuya-luna-dial"})
    game.choose("cast:reimu-musou-fuuin")
    assert game.log.of("no-graze-check") and game.life[1] == 4


@R("RR-CARD-7")
def test_attack_power_never_below_zero_and_bar_stays():
    """Changes clamp at 0 when applied; ー stays ー."""
    game = scenario({"hand": ["reimu-youin-gyoku"], "fighters": ("reimu", "sakuya")},
                    {"awakening": "sakuya-luna-dial", "hand": ["sakuya-misdirection", "sakuya-killer-doll"],
                         "zones": {2: ["reimu-nijuu-kekkai"]}, "fighters": ("sakuya", "reimu")})
    game.choose("cast:reimu-youin-gyoku")  # 1/ー, opponent's 二重結界 -1/-0 → 0/ー
    assert events(game, "attack")[0]["power"] == "0／ー"
    act(game, "preempt cast:sakuya-misdirection", "deploy zone:3")
    assert events(game, "modify-attack")[-1]["power"] == "0／ー"
