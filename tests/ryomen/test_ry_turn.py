"""The phases of a ryomen turn, through the decision API with strict scripts."""

from __future__ import annotations

import pytest

from fuda.engine.core import IllegalChoice, InvalidChoice, Termination

from .conftest import act, events, fill, kinds, scenario

R = pytest.mark.rule


@R("RY-RECV-1", "RY-B1-1", "RY-AFT-1", "RY-AFT-3")
def test_a_plain_turn_serve_name_receive_compare_take_the_chip():
    """The server puts a card in and names a stat, the receiver puts one in, the larger named
    stat wins the first point chip, and both cards go to their result zones."""
    game = scenario(dict(hand=["flandre/remilia"]), dict(hand=["koakuma/ran"]), points=(4, 1, 1, 2, 2, 2, 3, 3, 1))
    assert (game.pending.player, game.pending.kind, game.pending.rule) == (0, "serve", "RY-SERVE-1")
    act(game, ("serve", "flandre/remilia"))
    assert (game.pending.kind, game.pending.ids) == ("name", ("power", "speed", "brain"))
    act(game, ("name", "power"))
    assert (game.pending.player, game.pending.kind) == (1, "receive")
    act(game, ("receive", "koakuma/ran"))
    assert events(game, "battle")[0]["values"] == [9, 3]
    assert game.won == [[4], []]
    assert [game.cid(c) for c in game.result[0]] == ["flandre/remilia"]
    assert [game.cid(c) for c in game.result[1]] == ["koakuma/ran"]
    assert game.battle == [-1, -1] and game.points == [1, 1, 2, 2, 2, 3, 3, 1]
    assert kinds(game)[:7] == ["position", "position", "turn", "play", "name", "play", "battle"]


@R("RY-END-1", "RY-END-2")
def test_the_loser_may_flip_one_hand_card_then_the_winner_serves():
    """After a won turn the loser may flip one hand-zone card (or pass); the winner serves next."""
    game = scenario(dict(hand=["koakuma/ran"]), dict(hand=["flandre/remilia", "lily/letty"]))
    act(game, ("serve", "koakuma/ran"), ("name", "power"), ("receive", "flandre/remilia"))
    d = game.pending
    assert (d.player, d.kind, d.rule) == (0, "loser-reverse", "RY-END-1")
    assert d.ids[-1] == "pass" and len(d.ids) == 9  # 8 hand cards and pass
    act(game, ("loser-reverse", "ran/lunasa"))
    assert events(game, "loser-reverse")[0]["now"] == "lunasa/ran"
    assert "lunasa/ran" in [game.cid(c) for c in game.hand[0]]
    assert "ran/lunasa" not in [game.cid(c) for c in game.hand[0]]
    assert (game.pending.player, game.pending.kind) == (1, "serve")
    assert game.server == 1


@R("RY-END-1")
def test_the_loser_may_pass():
    """Passing the loser reverse changes no card."""
    game = scenario(dict(hand=["koakuma/ran"]), dict(hand=["flandre/remilia"]))
    before = list(game.up)
    act(game, ("serve", "koakuma/ran"), ("name", "power"), ("receive", "flandre/remilia"), ("loser-reverse", "pass"))
    assert game.up == before
    assert events(game, "loser-reverse")[0]["card"] is None


@R("RY-B1-2", "RY-REV-2", "RY-AFT-2", "RY-END-3")
def test_a_double_tie_is_a_cancellation():
    """A tie flips both cards and the day/night chip; a second tie cancels the turn: the chip is
    turned face down, nobody reverses, and the server serves again."""
    game = scenario(dict(hand=["ran/koakuma"]), dict(hand=["koakuma/lunasa"]), points=(4, 3, 3, 2, 2, 2, 1, 1, 1))
    act(game, ("serve", "ran/koakuma"), ("name", "brain"), ("receive", "koakuma/lunasa"))
    b1, b2 = events(game, "battle")
    assert (b1["phase"], b1["values"]) == (1, [6, 6])  # 八雲藍 copies 6
    flips = events(game, "flip")
    assert [(f["player"], f["card"], f["why"]) for f in flips] == [(0, "koakuma/ran", "reverse"),
                                                                     (1, "lunasa/koakuma", "reverse")]
    assert game.night is True and events(game, "day-night")[0]["why"] == "reverse"
    assert (b2["phase"], b2["values"], b2["winner"]) == (2, [6, 6], -1)
    assert game.won == [[], []] and game.facedown == [4] and game.points[0] == 3
    assert events(game, "loser-reverse") == [] and events(game, "serve-again")[0]["player"] == 0
    assert (game.pending.player, game.pending.kind) == (0, "serve")


@R("RY-REV-1", "RY-REV-3", "RY-B2-1")
def test_after_the_reverse_phase_the_new_faces_fight():
    """The flipped faces' 【反転時】 resolve and battle phase 2 compares the new faces."""
    game = scenario(dict(hand=["ran/remilia"]), dict(hand=["flandre/cirno"]))
    act(game, ("serve", "ran/remilia"), ("name", "power"), ("receive", "flandre/cirno"))
    assert events(game, "battle")[0]["values"] == [9, 9]
    assert [e["card"] for e in events(game, "ability")] == ["ran", "cirno"]  # 藍 copies 9; チルノ on flip
    stat = events(game, "stat")[-1]
    assert (stat["player"], stat["now"]) == (0, (8, 4, 6))  # speed 7 − 3
    assert events(game, "battle")[1]["values"] == [8, 6]
    assert game.won[0] == [4]


@R("RY-AFT-4", "RY-GAME-1")
def test_the_game_ends_after_turn_nine_and_the_higher_total_wins():
    """Turn 9 plays the last cards without asking, has no end phase, and the totals decide."""
    game = scenario(dict(result=fill(8), hand=["flandre/remilia"], won=(4, 3)),
                    dict(result=fill(8, 1), hand=["koakuma/sakuya"], won=(3, 2, 2, 2, 1)),
                    turn=9, points=(1,), facedown=(1,))
    assert (game.pending.kind, game.pending.player) == ("name", 0)  # the last card goes in by itself
    act(game, ("name", "power"))
    assert game.finished and game.turn == 9
    assert events(game, "score")[0]["totals"] == [8, 10]
    assert game.winner == 1 and events(game, "loser-reverse") == []


@R("RY-GAME-1")
def test_equal_totals_are_a_draw():
    """Equal point totals end the game as a draw (winner None)."""
    game = scenario(dict(result=fill(8), hand=["koakuma/sakuya"], won=(4,)),
                    dict(result=fill(8, 1), hand=["flandre/remilia"], won=(3,)),
                    turn=9, points=(1,), facedown=(1, 1, 2, 2, 2, 3))
    act(game, ("name", "power"))
    assert game.finished and game.winner is None
    assert events(game, "score")[0]["totals"] == [4, 4]
    assert game.outcome.draw and game.outcome.kind is Termination.POINTS
    assert game.outcome.ja == "引き分け（合計 4・4）" and game.outcome.en == "draw on points (totals 4・4)"


@R("RY-SERVE-1")
def test_choices_are_checked_invalid_versus_illegal():
    """An unknown id is an invalid choice; a card of the opponent's is unknown to this decision."""
    game = scenario(dict(hand=["flandre/remilia"]), dict(hand=["koakuma/ran"]))
    with pytest.raises(InvalidChoice):
        game.choose("no-such-card")
    with pytest.raises(InvalidChoice):
        game.choose("flandre/remilia", "ran/lunasa")
    act(game, ("serve", "flandre/remilia"))
    with pytest.raises((InvalidChoice, IllegalChoice)):
        game.choose("charisma")
