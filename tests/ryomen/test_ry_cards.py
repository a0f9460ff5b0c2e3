"""One scenario per sample card: each card's abilities, played through the decision API."""

from __future__ import annotations

import pytest

from .conftest import act, events, scenario

R = pytest.mark.rule
CARD = pytest.mark.rule("RY-CARD-2")


def abilities(game) -> list[tuple[int, str, str]]:
    """(player, card, timing) of every ability that resolved."""
    return [(e["player"], e["card"], e["when"]) for e in events(game, "ability")]


@CARD
@R("RY-RECV-2")
def test_rumia_gains_two_on_every_stat_only_at_night():
    """ルーミア: 【バトル直前】〔夜〕 all stats +2; by day nothing happens."""
    night = act(scenario(dict(hand=["rumia/koakuma"]), dict(hand=["koakuma/rumia"]), night=True),
                ("serve", "rumia/koakuma"), ("name", "power"), ("receive", "koakuma/rumia"))
    assert abilities(night) == [(0, "rumia", "before-battle")]
    assert events(night, "stat")[0]["now"] == (6, 5, 5)
    assert events(night, "battle")[0]["values"] == [6, 3]
    day = act(scenario(dict(hand=["rumia/koakuma"]), dict(hand=["koakuma/rumia"])),
              ("serve", "rumia/koakuma"), ("name", "power"), ("receive", "koakuma/rumia"))
    assert abilities(day) == [] and events(day, "battle")[0]["values"] == [4, 3]


@CARD
@R("RY-SERVE-3")
def test_daiyousei_from_the_result_zone_lets_its_owner_flip_a_hand_card():
    """大妖精: 【リザルト】 its owner may flip one hand-zone card, in the next turn's serve phase."""
    game = scenario(dict(hand=["koakuma/ran", "sakuya/meiling"], result=["daiyousei/cirno"]),
                    dict(hand=["flandre/remilia"], result=["lunasa/yukari"]), server=1)
    act(game, ("serve", "flandre/remilia"))
    d = game.pending
    assert (d.player, d.kind, d.min, d.max) == (0, "flip-hand", 0, 1)
    act(game, ("flip-hand", "sakuya/meiling"))
    assert events(game, "hand-flip")[0]["now"] == "meiling/sakuya"
    assert game.pending.kind == "name" and game.pending.player == 1


@CARD
@R("RY-SERVE-3")
def test_daiyousei_flip_may_be_declined():
    """大妖精's flip is optional: picking nothing flips nothing."""
    game = scenario(dict(hand=["koakuma/ran"], result=["daiyousei/cirno"]), dict(hand=["flandre/remilia"],
                    result=["lunasa/yukari"]))
    before = list(game.up)
    act(game, ("serve", "koakuma/ran"), ("flip-hand",))
    assert game.up == before and events(game, "hand-flip")[0]["card"] is None


@CARD
@R("RY-REV-3")
def test_cirno_on_flip_lowers_the_opponents_speed():
    """チルノ: 【反転時】 the opponent's battle card's speed −3."""
    game = scenario(dict(hand=["ran/koakuma"]), dict(hand=["koakuma/cirno"]))
    act(game, ("serve", "ran/koakuma"), ("name", "speed"), ("receive", "koakuma/cirno"))
    assert abilities(game) == [(0, "ran", "before-battle"), (1, "cirno", "on-flip")]
    stat = events(game, "stat")[-1]
    assert (stat["player"], stat["now"]) == (0, (3, 1, 6))  # 小悪魔 speed 4 − 3
    assert events(game, "battle")[1]["values"] == [1, 5] and game.won[1] == [4]


@CARD
def test_meiling_gains_power_only_when_receiving():
    """紅美鈴: 【バトル直前】 if its owner received, power +2; as the server nothing happens."""
    recv = act(scenario(dict(hand=["koakuma/ran"]), dict(hand=["meiling/cirno"])),
               ("serve", "koakuma/ran"), ("name", "power"), ("receive", "meiling/cirno"))
    assert events(recv, "stat")[0]["now"] == (8, 5, 4) and events(recv, "battle")[0]["values"] == [3, 8]
    serve = act(scenario(dict(hand=["meiling/cirno"]), dict(hand=["koakuma/ran"])),
                ("serve", "meiling/cirno"), ("name", "power"), ("receive", "koakuma/ran"))
    assert events(serve, "stat") == [] and events(serve, "battle")[0]["values"] == [6, 3]
    assert abilities(serve) == [(0, "meiling", "before-battle")]


@CARD
@R("RY-SERVE-3")
def test_koakuma_swaps_the_first_two_point_chips():
    """小悪魔: 【リザルト】 the first and second point chips in play change places."""
    game = scenario(dict(hand=["flandre/remilia"], result=["koakuma/ran"]), dict(hand=["lily/letty"],
                    result=["letty/ran"]), points=(1, 4, 3, 3, 2, 2, 2, 1), facedown=(1,))
    act(game, ("serve", "flandre/remilia"))
    assert game.points[:2] == [4, 1] and events(game, "swap-points")[0]["points"][:2] == [4, 1]
    act(game, ("name", "power"), ("receive", "lily/letty"))
    assert game.won[0] == [4]


@CARD
@R("RY-SERVE-2", "RY-REV-2")
def test_patchouli_turns_the_day_night_chip_before_the_stat_is_named():
    """パチュリー: 【登場時】 the day/night chip turns over, before the server names a stat; it stays."""
    game = scenario(dict(hand=["patchouli/remilia"]), dict(hand=["rumia/koakuma"]))
    act(game, ("serve", "patchouli/remilia"))
    assert game.night is True and game.pending.kind == "name"
    act(game, ("name", "brain"), ("receive", "rumia/koakuma"))
    assert abilities(game) == [(0, "patchouli", "on-play"), (1, "rumia", "before-battle")]
    assert events(game, "battle")[0]["values"] == [9, 5]
    assert game.night is True  # stays for the following turns


@CARD
@R("RY-REV-3")
def test_sakuya_on_flip_turns_the_opponent_back_without_a_chain():
    """十六夜咲夜: 【反転時】 flip the opponent's battle card; that flip triggers no 【反転時】, and the
    opponent's face turned up by the reverse phase no longer resolves its own."""
    game = scenario(dict(hand=["ran/sakuya"]), dict(hand=["koakuma/cirno"]))
    act(game, ("serve", "ran/sakuya"), ("name", "brain"), ("receive", "koakuma/cirno"))
    assert abilities(game) == [(0, "ran", "before-battle"), (0, "sakuya", "on-flip")]
    flips = [(f["player"], f["card"], f["why"]) for f in events(game, "flip")]
    assert flips == [(0, "sakuya/ran", "reverse"), (1, "cirno/koakuma", "reverse"), (1, "koakuma/cirno", "effect")]
    assert events(game, "battle")[1]["values"] == [4, 6] and game.won[1] == [4]


@CARD
def test_remilia_loses_three_on_every_stat_by_day():
    """レミリア: 【バトル直前】〔昼〕 all stats −3; at night she keeps 8/7/6."""
    day = act(scenario(dict(hand=["remilia/flandre"]), dict(hand=["meiling/cirno"])),
              ("serve", "remilia/flandre"), ("name", "power"), ("receive", "meiling/cirno"))
    assert events(day, "stat")[0]["now"] == (5, 4, 3)
    assert events(day, "battle")[0]["values"] == [5, 8]
    night = act(scenario(dict(hand=["remilia/flandre"]), dict(hand=["koakuma/ran"]), night=True),
                ("serve", "remilia/flandre"), ("name", "power"), ("receive", "koakuma/ran"))
    assert events(night, "battle")[0]["values"] == [8, 3]


@CARD
def test_flandre_sets_the_opponents_named_stat_to_one_at_night():
    """フランドール: 【バトル直前】〔夜〕 the opponent's named stat becomes 1."""
    game = scenario(dict(hand=["koakuma/ran"]), dict(hand=["flandre/remilia"]), night=True)
    act(game, ("serve", "koakuma/ran"), ("name", "brain"), ("receive", "flandre/remilia"))
    assert events(game, "stat")[0]["now"] == (3, 4, 1)
    assert events(game, "battle")[0]["values"] == [1, 1]  # a tie: both flip


@CARD
def test_letty_slows_the_opponent():
    """レティ: 【バトル直前】 the opponent's battle card's speed −2."""
    game = scenario(dict(hand=["sakuya/meiling"]), dict(hand=["letty/youmu"]))
    act(game, ("serve", "sakuya/meiling"), ("name", "speed"), ("receive", "letty/youmu"))
    stat = events(game, "stat")[0]
    assert (stat["player"], stat["by"], stat["now"]) == (0, 1, (3, 7, 4))
    assert events(game, "battle")[0]["values"] == [7, 2]


@CARD
@R("RY-REV-3")
def test_chen_swaps_power_and_speed_when_turned_up():
    """橙: 【反転時】 this card's power and speed change places."""
    game = scenario(dict(hand=["ran/chen"]), dict(hand=["koakuma/lunasa"]))
    act(game, ("serve", "ran/chen"), ("name", "power"), ("receive", "koakuma/lunasa"))
    assert abilities(game) == [(0, "ran", "before-battle"), (0, "chen", "on-flip")]
    assert events(game, "stat")[-1]["now"] == (7, 3, 2)
    assert events(game, "battle")[1]["values"] == [7, 2]


@CARD
@R("RY-STAT-1")
def test_alice_puts_a_power_chip_on_a_hand_card_that_keeps_it():
    """アリス: 【登場時】 a パワー＋１チップ on one of its owner's hand cards, from the supply; the
    chip changes that card whichever face is up when it is played later."""
    game = scenario(dict(hand=["alice/lily", "sakuya/remilia"]), dict(hand=["yuyuko/letty", "koakuma/ran"]))
    act(game, ("serve", "alice/lily"))
    d = game.pending
    assert (d.player, d.kind) == (0, "chip-target") and "sakuya/remilia" in d.ids and "alice/lily" not in d.ids
    act(game, ("chip-target", "sakuya/remilia"), ("name", "brain"), ("receive", "yuyuko/letty"))
    assert game.supply["power-up"] == 3
    assert events(game, "chip")[0]["now"] == (4, 9, 4)  # 咲夜 3 + 1
    act(game, ("loser-reverse", "sakuya/remilia"), ("serve", "koakuma/ran"), ("name", "power"),
        ("receive", "remilia/sakuya"))
    assert events(game, "stat")[-1]["now"] == (6, 4, 3)  # レミリア 8 + 1 = 9, −3 by day
    assert events(game, "battle")[-1]["values"] == [6, 3]


@CARD
def test_lily_gains_two_on_every_stat_by_day():
    """リリーホワイト: 【バトル直前】〔昼〕 all stats +2."""
    game = scenario(dict(hand=["koakuma/ran"]), dict(hand=["lily/letty"]))
    act(game, ("serve", "koakuma/ran"), ("name", "speed"), ("receive", "lily/letty"))
    assert events(game, "stat")[0]["now"] == (5, 7, 5)
    night = act(scenario(dict(hand=["koakuma/ran"]), dict(hand=["lily/letty"]), night=True),
                ("serve", "koakuma/ran"), ("name", "speed"), ("receive", "lily/letty"))
    assert events(night, "stat") == []


@CARD
@R("RY-SERVE-1", "RY-SERVE-3")
def test_lunasa_forbids_the_opponent_to_name_power():
    """ルナサ: 【リザルト】 this turn the opponent (the server) cannot name power."""
    game = scenario(dict(hand=["flandre/remilia"], result=["koakuma/ran"]),
                    dict(hand=["lily/letty"], result=["lunasa/yukari"]), points=(2, 4, 3, 3, 2, 2, 1, 1), facedown=(1,))
    act(game, ("serve", "flandre/remilia"))
    assert game.pending.ids == ("speed", "brain")
    assert events(game, "forbid")[0]["player"] == 1
    act(game, ("name", "speed"), ("receive", "lily/letty"))
    own = scenario(dict(hand=["flandre/remilia"], result=["lunasa/yukari"]), dict(hand=["lily/letty"],
                   result=["ran/koakuma"]))
    act(own, ("serve", "flandre/remilia"))
    assert own.pending.ids == ("power", "speed", "brain")  # its owner serves: no effect
    assert events(own, "no-effect")[0]["op"] == "forbid-stat"


@CARD
@R("RY-RECV-2")
def test_youmu_turns_itself_over_at_night_and_its_new_face_triggers():
    """魂魄妖夢: 【バトル直前】〔夜〕 flip this card — the new face's 【反転時】 resolves at once and the
    rest of its turn is skipped; 【反転時】 of 妖夢 herself: speed +1."""
    game = scenario(dict(hand=["youmu/chen"]), dict(hand=["koakuma/ran"]), night=True)
    act(game, ("serve", "youmu/chen"), ("name", "power"), ("receive", "koakuma/ran"))
    assert abilities(game) == [(0, "youmu", "before-battle"), (0, "chen", "on-flip")]
    assert events(game, "stat")[0]["now"] == (7, 3, 2)  # 橙 swapped
    assert events(game, "battle")[0]["values"] == [7, 3]
    back = scenario(dict(hand=["ran/youmu"]), dict(hand=["koakuma/lunasa"]))
    act(back, ("serve", "ran/youmu"), ("name", "brain"), ("receive", "koakuma/lunasa"))
    # reverse: 妖夢 turns up (speed +1), night falls, her 【バトル直前】〔夜〕 flips her back to 藍
    assert abilities(back) == [(0, "ran", "before-battle"), (0, "youmu", "on-flip"), (0, "youmu", "before-battle")]
    assert [f["card"] for f in events(back, "flip") if f["player"] == 0] == ["youmu/ran", "ran/youmu"]


@CARD
def test_yuyuko_lowers_the_opponents_named_stat_at_night():
    """西行寺幽々子: 【バトル直前】〔夜〕 the opponent's named stat −3."""
    game = scenario(dict(hand=["sakuya/meiling"]), dict(hand=["yuyuko/letty"]), night=True)
    act(game, ("serve", "sakuya/meiling"), ("name", "speed"), ("receive", "yuyuko/letty"))
    assert events(game, "stat")[0]["now"] == (3, 6, 4)
    assert events(game, "battle")[0]["values"] == [6, 2]


@CARD
@R("RY-RECV-2")
def test_ran_copies_the_opponents_named_value_in_window_order():
    """八雲藍: 【バトル直前】 its named stat becomes the opponent's current value — read when it
    resolves, so a later effect of the receiver still counts."""
    game = scenario(dict(hand=["ran/koakuma"]), dict(hand=["remilia/flandre"]))
    act(game, ("serve", "ran/koakuma"), ("name", "power"), ("receive", "remilia/flandre"))
    assert [e["now"] for e in events(game, "stat")] == [(8, 5, 5), (5, 4, 3)]
    assert events(game, "battle")[0]["values"] == [8, 5]


@CARD
def test_yukari_changes_the_named_stat_to_brain():
    """八雲紫: 【バトル直前】 the stat deciding the turn becomes brain."""
    game = scenario(dict(hand=["flandre/remilia"]), dict(hand=["yukari/yuyuko"]))
    act(game, ("serve", "flandre/remilia"), ("name", "power"), ("receive", "yukari/yuyuko"))
    assert events(game, "named-changed")[0]["stat"] == 2
    b = events(game, "battle")[0]
    assert (b["stat"], b["values"]) == ("brain", [1, 7]) and game.won[1] == [4]
