"""Recast Rift conformance: awakening and the principles of processing."""

from __future__ import annotations

import pytest

from fuda.engine.core import IllegalChoice

from .conftest import act, events, names, scenario, zone_ids

R = pytest.mark.rule


@R("RR-AWK-1", "RR-AWK-5")
def test_awaken_only_at_three_or_less_once_and_only_the_far_card():
    """Awakening is offered only at life ≤ 3, turns the far card face up, and only once."""
    high = scenario({"awakening": "marisa-love-colored-master-spark", "life": 4, "hand": ["marisa-blazing-star"]},
                    {"awakening": "sakuya-luna-dial"})
    assert "awaken" not in high.pending.ids
    with pytest.raises(IllegalChoice, match="needs life 3 or less"):
        high.choose("awaken")
    game = scenario({"awakening": "marisa-love-colored-master-spark", "life": 3, "hand": ["marisa-blazing-star"]},
                    {"awakening": "sakuya-luna-dial"})
    act(game, "main awaken")
    assert events(game, "awaken") == [{"card": "marisa-love-colored-master-spark", "player": 0}]
    assert game.awakened[0] and "awaken" not in game.pending.ids
    with pytest.raises(IllegalChoice, match="once a game"):
        game.choose("awaken")
    assert game.oid[game.near[0]] == "reimu-dream-battle"  # the near card stays as it was


@R("RR-AWK-2", "RR-ATK-2")
def test_preempt_awakening_answers_an_attack():
    """An awakening card with 先制 may awaken in the preempt timing; its 【覚醒時】 answers that attack.
    A card without 先制 is not offered there."""
    game = scenario({"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll"]},
                    {"awakening": "reimu-dream-battle", "life": 3, "hand": ["reimu-musou-fuuin", "reimu-youin-gyoku"],
                         "deck": ["reimu-nijuu-kekkai", "reimu-taima-ranbu"]})
    game.choose("cast:sakuya-killer-doll")  # 2/1
    assert game.pending.ids == ("awaken", "pass")
    act(game, "preempt awaken")
    assert events(game, "modify-attack")[0]["power"] == "1／0"  # 【覚醒時】 -1/-1 on the answered attack
    assert len(game.hand[1]) == 4  # drew 2
    no = scenario({"awakening": "reimu-dream-battle", "hand": ["reimu-musou-fuuin"]},
                  {"awakening": "sakuya-luna-dial", "life": 2, "hand": ["sakuya-killer-doll"], "deck": ["sakuya-luna-clock"]})
    no.choose("cast:reimu-musou-fuuin")
    assert no.pending is None or no.pending.kind != "preempt"


@R("RR-AWK-3")
def test_on_awaken_abilities_resolve_when_awakening():
    """Luna Dial's 【覚醒時】: the opponent puts a hand card face down, then lift 2 own cards."""
    game = scenario({"awakening": "sakuya-luna-dial", "life": 2, "zones": {2: ["sakuya-killer-doll"], 3: ["sakuya-private-square"]},
                         "hand": ["sakuya-luna-clock"]},
                    {"awakening": "reimu-dream-battle", "hand": ["reimu-musou-fuuin", "reimu-fuumajin"]})
    act(game, "main awaken", "face-down reimu-fuumajin")
    assert names(game, game.facedown[1]) == ["reimu-fuumajin"]
    assert zone_ids(game, 0) == {2: ["sakuya-private-square"], 1: ["sakuya-killer-doll"]}


@R("RR-AWK-4")
def test_while_awakened_cost_and_once_per_turn():
    """A 【覚醒中】 ability is offered after awakening, pays its cost, and once per turn."""
    game = scenario({"awakening": "marisa-love-colored-master-spark", "awakened": True,
                         "hand": ["marisa-blazing-star", "marisa-milky-way", "marisa-event-horizon"]},
                    {"awakening": "sakuya-luna-dial"})
    assert "activate:1" in game.pending.ids
    act(game, "main activate:1", "cost marisa-milky-way marisa-event-horizon")
    assert game.life[1] == 5 and names(game, game.facedown[0]) == ["marisa-milky-way", "marisa-event-horizon"]
    with pytest.raises(IllegalChoice, match="already activated this turn"):
        game.choose("activate:1")
    poor = scenario({"awakening": "marisa-love-colored-master-spark", "awakened": True, "hand": ["marisa-blazing-star"]},
                    {"awakening": "sakuya-luna-dial"})
    with pytest.raises(IllegalChoice, match="the hand holds 1"):
        poor.choose("activate:1")
    youmu = scenario({"awakening": "youmu-till-when", "awakened": True, "deck": ["youmu-meisou-zan", "youmu-gensei-zan"]},
                     {"awakening": "sakuya-luna-dial"})
    act(youmu, "main activate:1")  # condition: hand 0 → draw 2
    assert len(youmu.hand[0]) == 2


@R("RR-PRIN-2")
def test_cannot_beats_can():
    """プライベートスクウェア deployed: the opponent cannot cast preempt cards, not even in the preempt
    timing (awakening is still allowed)."""
    game = scenario({"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll"], "zones": {3: ["sakuya-private-square"]}},
                    {"awakening": "reimu-dream-battle", "life": 3, "hand": ["reimu-fuumajin", "reimu-musou-fuuin"]})
    game.choose("cast:sakuya-killer-doll")
    assert game.pending.ids == ("awaken", "pass")
    with pytest.raises(IllegalChoice, match="forbids casting it"):
        game.choose("cast:reimu-fuumajin")
    own = scenario({"awakening": "reimu-dream-battle", "hand": ["reimu-fuumajin", "reimu-musou-fuuin"]},
                   {"awakening": "sakuya-luna-dial", "zones": {3: ["sakuya-private-square"]}})
    assert "cast:reimu-fuumajin" not in own.pending.ids


@R("RR-PRIN-3")
def test_triggers_wait_for_the_current_text():
    """A trigger raised inside an ability resolves only after that ability's last op."""
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-mirai-eigou-zan"], "fighters": ("youmu", "marisa"),
                         "zones": {3: ["marisa-milky-way"]}, "deck": ["youmu-gensei-zan", "youmu-meisou-zan"]},
                    {"awakening": "sakuya-luna-dial", "deck": ["sakuya-killer-doll", "sakuya-private-square",
                                                             "sakuya-luna-clock"]})
    game.choose("cast:youmu-mirai-eigou-zan")  # text attack ー/1 hits inside the 【キャスト時】
    order = [(e.kind, e.data.get("card")) for e in game.log.events if e.kind in ("hit", "trigger", "ability", "attack")]
    assert order[:6] == [("ability", "youmu-mirai-eigou-zan"), ("attack", "youmu-mirai-eigou-zan"),
                         ("hit", "youmu-mirai-eigou-zan"), ("trigger", "marisa-milky-way"),
                         ("ability", "marisa-milky-way"), ("attack", "youmu-mirai-eigou-zan")]


@R("RR-PRIN-4", "RR-PRIN-5")
def test_turn_player_orders_waiting_triggers_and_undeployed_ones_do_nothing():
    """Two triggers wait: the turn player picks the order; ソウルスカルプチュア pushes 迷津慈航斬 past Ⅲ,
    so that waiting trigger does nothing."""
    game = scenario({"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll"], "zones": {2: ["sakuya-soul-sculpture"]}},
                    {"awakening": "youmu-till-when", "hand": ["youmu-meisou-zan", "youmu-nihyaku-yujun"],
                         "zones": {3: ["youmu-meishin-kakou-zan"]}})
    act(game, "main cast:sakuya-killer-doll", "damage hand")
    assert (game.pending.player, game.pending.kind) == (0, "trigger")
    assert game.pending.ids == ("p2:youmu-meishin-kakou-zan", "p1:sakuya-soul-sculpture")
    act(game, "trigger p1:sakuya-soul-sculpture")
    assert names(game, game.reserve[1]) == ["youmu-meishin-kakou-zan"]
    assert events(game, "fizzle") == [{"card": "youmu-meishin-kakou-zan", "player": 1}]
    assert not events(game, "attack")[1:]  # the text attack never happened
