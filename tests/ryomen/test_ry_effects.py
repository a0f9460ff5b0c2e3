"""The effect model: stat order and clamping, waiting effects, 'named', flips, chips, and the op
variants no sample card uses (a laboratory set of test cards, see lab.py)."""

from __future__ import annotations

import pytest

from .conftest import act, events, scenario
from .lab import lab_registry

R = pytest.mark.rule


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """The registry of the sample cards plus the lab set."""
    return lab_registry(tmp_path_factory.mktemp("lab"))


@R("RY-STAT-1")
def test_stats_clamp_after_every_step():
    """A chip lifting 9 to 10 counts as 9 before the next effect: 9 + 1 − 3 = 6, not 7; a value
    pushed below 1 counts as 1."""
    game = scenario(dict(hand=["flandre/cirno"], chips=[("flandre/cirno", "power-up")]),
                    dict(hand=["yuyuko/letty"]), night=True)
    act(game, ("serve", "flandre/cirno"), ("name", "power"), ("receive", "yuyuko/letty"))
    flandre, yuyuko = events(game, "stat")
    assert (flandre["player"], flandre["now"]) == (1, (1, 2, 8))  # フランドール: named → 1
    assert (yuyuko["player"], yuyuko["now"]) == (0, (6, 3, 1))
    assert events(game, "battle")[0]["values"] == [6, 1]


@R("RY-STAT-1")
def test_low_values_clamp_to_one():
    """An effect taking a stat to 0 or less leaves 1."""
    game = scenario(dict(hand=["sakuya/meiling"]), dict(hand=["yuyuko/letty"]), night=True)
    act(game, ("serve", "sakuya/meiling"), ("name", "power"), ("receive", "yuyuko/letty"))
    assert events(game, "stat")[0]["now"] == (1, 9, 4)  # 咲夜 power 3 − 3 → 1


@R("RY-STAT-1", "RY-CARD-1")
def test_chips_come_before_effects_and_set_then_modify_in_order(lab):
    """Printed stats, then chips, then effects in resolution order: a card with a power chip
    (7 + 1) set to 2 on all stats and then given power +3 is 5/2/2."""
    game = scenario(dict(hand=["lab-setall/lab-copy"], chips=[("lab-setall/lab-copy", "power-up")]),
                    dict(hand=["koakuma/ran"]), registry=lab)
    act(game, ("serve", "lab-setall/lab-copy"), ("name", "power"), ("receive", "koakuma/ran"))
    assert [e["now"] for e in events(game, "stat")] == [(2, 2, 2), (5, 2, 2)]
    assert events(game, "battle")[0]["values"] == [5, 3]


@R("RY-REV-1", "RY-STAT-1")
def test_a_flip_clears_stat_effects_but_chips_stay():
    """When a battle card flips, its stat effects end (the new face starts from its printed stats)
    while the stat chips on the physical card keep counting."""
    game = scenario(dict(hand=["rumia/ran"], chips=[("rumia/ran", "power-up")]), dict(hand=["ran/meiling"]))
    act(game, ("serve", "rumia/ran"), ("name", "power"), ("receive", "ran/meiling"))
    assert events(game, "battle")[0]["values"] == [5, 5]  # 藍 copied 4 + 1
    flips = events(game, "flip")
    assert [(f["player"], f["card"], f["now"]) for f in flips] == [(0, "ran/rumia", (6, 5, 5)),
                                                                   (1, "meiling/ran", (6, 5, 4))]
    assert events(game, "battle")[1]["values"] == [6, 8]  # window 2: 藍 copies 6, 紅美鈴 receives: 8
    assert game.won == [[], [4]]


@R("RY-SERVE-2")
def test_an_effect_on_a_card_not_yet_played_waits_for_it(lab):
    """The server's 【登場時】 aimed at the receiver's battle card waits and applies, first, to the
    card the receiver puts in."""
    game = scenario(dict(hand=["lab-drain/lab-copy"]), dict(hand=["sakuya/meiling"]), registry=lab)
    act(game, ("serve", "lab-drain/lab-copy"))
    assert events(game, "waiting")[0]["player"] == 1 and game.waiting[1] == [(0, 1, -2)]
    act(game, ("name", "speed"), ("receive", "sakuya/meiling"))
    assert events(game, "waiting-applied")[0]["now"] == (3, 7, 4)
    assert events(game, "battle")[0]["values"] == [5, 7]


@R("RY-SERVE-3")
def test_a_result_ability_on_self_waits_for_the_receivers_card(lab):
    """'self' in a 【リザルト】 ability is its owner's battle card of this turn: for the receiver it
    waits until the receiver puts a card in."""
    game = scenario(dict(hand=["koakuma/ran"], result=["letty/ran"]), dict(hand=["koakuma/sakuya"],
                    result=["lab-drain/lab-copy"]), registry=lab)
    act(game, ("serve", "koakuma/ran"), ("name", "brain"), ("receive", "koakuma/sakuya"))
    assert events(game, "waiting-applied")[0]["now"] == (3, 4, 7)
    assert events(game, "battle")[0]["values"] == [6, 7]


@R("RY-STAT-1", "RY-SERVE-2")
def test_named_effects_follow_the_named_stat_and_change_nothing_before(lab):
    """A 'named' effect made before the stat is named waits symbolically and hits the stat named;
    change-named-stat before a stat is named has no effect."""
    game = scenario(dict(hand=["lab-named/lab-copy"]), dict(hand=["koakuma/ran"]), registry=lab)
    act(game, ("serve", "lab-named/lab-copy"))
    assert events(game, "no-effect")[0]["op"] == "change-named-stat"
    act(game, ("name", "brain"), ("receive", "koakuma/ran"))
    assert events(game, "waiting-applied")[0]["now"] == (3, 4, 4)
    assert events(game, "battle")[0]["values"] == [5, 4]


@R("RY-CARD-2")
def test_swap_stats_on_the_opponent(lab):
    """swap-stats exchanges the current values of two stats of the target card."""
    game = scenario(dict(hand=["sakuya/meiling"]), dict(hand=["lab-swap/lab-copy"]), registry=lab)
    act(game, ("serve", "sakuya/meiling"), ("name", "speed"), ("receive", "lab-swap/lab-copy"))
    assert events(game, "stat")[0]["now"] == (3, 4, 9)
    assert events(game, "battle")[0]["values"] == [4, 6]


@R("RY-CARD-2")
def test_copy_stat_reads_the_opponents_value(lab):
    """copy-stat power: this card's power becomes the opponent's current power."""
    game = scenario(dict(hand=["flandre/remilia"]), dict(hand=["lab-copy/lab-swap"]), registry=lab)
    act(game, ("serve", "flandre/remilia"), ("name", "power"), ("receive", "lab-copy/lab-swap"))
    assert events(game, "stat")[0]["now"] == (9, 1, 1)
    assert events(game, "battle")[0]["values"] == [9, 9]


@R("RY-CARD-2", "RY-REV-3")
def test_an_optional_flip_of_the_opponent_triggers_its_new_face(lab):
    """flip opponent (optional): the owner may flip the opponent's battle card; the new face's
    【反転時】 resolves at once because a 【登場時】 made the flip."""
    game = scenario(dict(hand=["sakuya/cirno"]), dict(hand=["lab-mirror/lab-copy"]), registry=lab)
    act(game, ("serve", "sakuya/cirno"), ("name", "speed"), ("receive", "lab-mirror/lab-copy"))
    assert (game.pending.kind, game.pending.player, game.pending.ids) == ("optional", 1, ("yes", "no"))
    act(game, ("optional", "yes"))
    resolved = [(e["card"], e["when"]) for e in events(game, "ability")]
    assert resolved == [("lab-mirror", "on-play"), ("cirno", "on-flip")]
    assert events(game, "stat")[0]["now"] == (5, 2, 5)
    assert events(game, "battle")[0]["values"] == [5, 2]
    declined = scenario(dict(hand=["sakuya/cirno"]), dict(hand=["lab-mirror/lab-copy"]), registry=lab)
    act(declined, ("serve", "sakuya/cirno"), ("name", "speed"), ("receive", "lab-mirror/lab-copy"), ("optional", "no"))
    assert events(declined, "flip") == [] and events(declined, "battle")[0]["values"] == [9, 5]


@R("RY-STAT-1")
def test_chips_on_self_and_on_a_missing_opponent_card(lab):
    """put-stat-chip on this card takes a chip from the supply; on an opponent with no battle card
    yet it has no effect."""
    game = scenario(dict(hand=["lab-chip/lab-copy"]), dict(hand=["koakuma/ran"]), registry=lab)
    act(game, ("serve", "lab-chip/lab-copy"), ("name", "power"), ("receive", "koakuma/ran"))
    assert events(game, "chip")[0]["now"] == (4, 3, 3)
    assert events(game, "no-effect")[0]["op"] == "put-stat-chip"
    assert game.supply == {"power-up": 3, "speed-up": 4, "brain-up": 4}
    recv = scenario(dict(hand=["koakuma/ran"]), dict(hand=["lab-chip/lab-copy"]), registry=lab)
    act(recv, ("serve", "koakuma/ran"), ("name", "speed"), ("receive", "lab-chip/lab-copy"))
    assert [e["now"] for e in events(recv, "chip")] == [(4, 3, 3), (3, 5, 6)]
    assert events(recv, "battle")[0]["values"] == [5, 3]


@R("RY-STAT-1")
def test_an_empty_chip_supply_has_no_effect(lab):
    """When every chip of a kind is in use, put-stat-chip does nothing."""
    chips = [("koakuma/ran", "power-up")] * 4
    game = scenario(dict(hand=["lab-chip/lab-copy", "koakuma/ran"], chips=chips), dict(hand=["sakuya/meiling"]),
                    registry=lab)
    assert game.supply["power-up"] == 0
    act(game, ("serve", "lab-chip/lab-copy"))
    assert [e["why"] for e in events(game, "no-effect")] == ["supply", "no-card"]


@R("RY-CARD-2")
def test_if_role_server_or_else(lab):
    """if role server: power +1 when its owner served, otherwise (else) brain +1."""
    served = scenario(dict(hand=["lab-role/lab-copy"]), dict(hand=["koakuma/ran"]), registry=lab)
    act(served, ("serve", "lab-role/lab-copy"), ("name", "power"), ("receive", "koakuma/ran"))
    assert events(served, "stat")[0]["now"] == (6, 5, 5)
    received = scenario(dict(hand=["koakuma/ran"]), dict(hand=["lab-role/lab-copy"]), registry=lab)
    act(received, ("serve", "koakuma/ran"), ("name", "brain"), ("receive", "lab-role/lab-copy"))
    assert events(received, "stat")[0]["now"] == (5, 5, 6)


@R("RY-SERVE-3")
def test_a_forced_hand_flip_of_two_cards(lab):
    """flip own-hand count 2 (not optional): the owner must pick exactly two hand cards."""
    game = scenario(dict(hand=["koakuma/ran", "sakuya/meiling", "cirno/rumia"], result=["lab-twoflip/lab-copy"]),
                    dict(hand=["flandre/remilia"], result=["letty/ran"]), server=1, registry=lab)
    act(game, ("serve", "flandre/remilia"))
    d = game.pending
    assert (d.player, d.kind, d.min, d.max) == (0, "flip-hand", 2, 2)
    act(game, ("flip-hand", "sakuya/meiling", "cirno/rumia"))
    assert [e["now"] for e in events(game, "hand-flip")] == ["meiling/sakuya", "rumia/cirno"]


@R("RY-REV-2", "RY-CARD-2")
def test_a_day_condition_is_checked_after_the_reverse_phase_turned_night(lab):
    """The reverse phase flips the day/night chip before 【反転時】 resolve: a 〔昼〕 on-flip turned up
    by a daytime tie does not resolve (it is night by then)."""
    game = scenario(dict(hand=["ran/lab-setall"]), dict(hand=["koakuma/lunasa"]), registry=lab)
    act(game, ("serve", "ran/lab-setall"), ("name", "brain"), ("receive", "koakuma/lunasa"))
    assert [e["card"] for e in events(game, "ability")] == ["ran", "lab-setall"]  # 【バトル直前】 only
    assert [e["why"] for e in events(game, "day-night")] == ["reverse"] and game.night is True


@R("RY-STAT-1")
def test_the_log_line_of_a_played_card_shows_its_stats_with_chips(japanese):
    """「チップ（下に詳細を記載）やカード効果により、カードの能力値が増減することがあります。」 A card
    with a power chip is logged as played with the chip counted (チルノ パワー6 → 7)."""
    game = scenario(dict(hand=["cirno/flandre"], chips=[("cirno/flandre", "power-up")]), dict(hand=["letty/youmu"]))
    act(game, ("serve", "cirno/flandre"))
    line = next(ln for ln in game.transcript() if ln.startswith("  P1 サーブ"))
    assert line.endswith("パワー7 スピード5 ブレイン1") and events(game, "play")[0]["now"] == (7, 5, 1)
