"""3–4 players: orders counter-clockwise, only tied cards flip, cancellations drop out, tag matches.

Seats are numbered counter-clockwise: seat p's right-hand neighbour is seat p + 1.
"""

from __future__ import annotations

import pytest

from fuda.engine import ryomen as ry
from fuda.engine.core import make_agent, run

from .conftest import act, events, sample_registry, scenario

R = pytest.mark.rule


@R("RY-MULTI-1", "RY-MULTI-2")
def test_receivers_go_counter_clockwise_from_the_leaders_right():
    """With 3 players the flow is the same; after the server names a stat, the player on the
    server's right receives first, then the next counter-clockwise."""
    game = scenario(dict(hand=["koakuma/ran"]), dict(hand=["sakuya/meiling"]), dict(hand=["lunasa/ran"]), server=1)
    act(game, ("serve", "sakuya/meiling"), ("name", "power"))
    assert (game.pending.player, game.pending.kind, game.pending.rule) == (2, "receive", "RY-MULTI-2")
    act(game, ("receive", "lunasa/ran"))
    assert (game.pending.player, game.pending.kind) == (0, "receive")
    assert [e["player"] for e in events(game, "play")] == [1, 2]


@R("RY-MULTI-3")
def test_before_battle_effects_resolve_from_the_leader_counter_clockwise():
    """【バトル直前】 abilities resolve from the leader, then counter-clockwise."""
    game = scenario(dict(hand=["meiling/koakuma"]), dict(hand=["lily/letty"]), dict(hand=["remilia/flandre"]),
                    server=1)
    act(game, ("serve", "lily/letty"), ("name", "power"), ("receive", "remilia/flandre"),
        ("receive", "meiling/koakuma"))
    assert [(e["player"], e["card"]) for e in events(game, "ability")] == [(1, "lily"), (2, "remilia"), (0, "meiling")]


@R("RY-MULTI-5")
def test_only_tied_cards_flip_and_one_card_left_wins_whatever_its_value():
    """Battle 1 ties at the top: only those cards flip. Battle 2 ties them again: both are
    cancelled and the one card left wins although its value is the lowest."""
    game = scenario(dict(hand=["meiling/koakuma"]), dict(hand=["cirno/lunasa"]), dict(hand=["patchouli/remilia"]))
    act(game, ("serve", "meiling/koakuma"), ("name", "speed"), ("receive", "cirno/lunasa"),
        ("receive", "patchouli/remilia"))
    b1, b2 = events(game, "battle")
    assert b1["values"] == [5, 5, 2]
    assert [f["player"] for f in events(game, "flip")] == [0, 1]
    assert (b2["values"], b2["cancelled"], b2["winner"]) == ([4, 4, 2], [0, 1], 2)
    assert game.won == [[], [], [4]]


@R("RY-MULTI-5")
def test_a_unique_highest_value_wins_even_when_lower_cards_tie():
    """A tie below the highest value does not matter: the highest card wins battle 1."""
    game = scenario(dict(hand=["meiling/koakuma"]), dict(hand=["cirno/lunasa"]), dict(hand=["flandre/remilia"]))
    act(game, ("serve", "meiling/koakuma"), ("name", "power"), ("receive", "cirno/lunasa"),
        ("receive", "flandre/remilia"))
    assert events(game, "battle")[0]["values"] == [6, 6, 9] and len(events(game, "battle")) == 1
    assert game.won[2] == [4] and events(game, "flip") == []


@R("RY-MULTI-5")
def test_two_cards_left_decide_between_themselves():
    """With 4 players, when two cards are cancelled the other two decide the turn."""
    game = scenario(dict(hand=["daiyousei/koakuma"]), dict(hand=["meiling/lunasa"]), dict(hand=["chen/ran"]),
                    dict(hand=["cirno/ran"]))
    act(game, ("serve", "daiyousei/koakuma"), ("name", "brain"), ("receive", "meiling/lunasa"),
        ("receive", "chen/ran"), ("receive", "cirno/ran"))
    b1, b2 = events(game, "battle")
    assert b1["values"] == [4, 4, 2, 1] and [f["player"] for f in events(game, "flip")] == [0, 1]
    assert (b2["values"], b2["cancelled"], b2["winner"]) == ([6, 6, 2, 1], [0, 1], 2)


@R("RY-MULTI-5", "RY-B2-1")
def test_when_every_card_is_cancelled_nobody_wins():
    """If the two cards left tie as well, every card is cancelled and the turn has no winner."""
    game = scenario(dict(hand=["daiyousei/koakuma"]), dict(hand=["meiling/lunasa"]), dict(hand=["chen/ran"]),
                    dict(hand=["chen/lunasa"]))
    act(game, ("serve", "daiyousei/koakuma"), ("name", "brain"), ("receive", "meiling/lunasa"),
        ("receive", "chen/ran"), ("receive", "chen/lunasa"))
    b2 = events(game, "battle")[1]
    assert (b2["values"], b2["cancelled"], b2["winner"]) == ([6, 6, 2, 2], [0, 1, 2, 3], -1)
    assert game.facedown == [4] and game.won == [[], [], [], []]
    assert events(game, "serve-again")[0]["player"] == 0


@R("RY-MULTI-4")
def test_loser_reverse_goes_from_the_winners_right():
    """Every loser may flip a hand card, from the winner's right-hand neighbour counter-clockwise."""
    game = scenario(dict(hand=["meiling/koakuma", "ran/lunasa"]), dict(hand=["cirno/lunasa", "ran/lunasa"]),
                    dict(hand=["flandre/remilia", "ran/lunasa"]))
    act(game, ("serve", "meiling/koakuma"), ("name", "power"), ("receive", "cirno/lunasa"),
        ("receive", "flandre/remilia"))
    assert (game.pending.player, game.pending.kind, game.pending.rule) == (0, "loser-reverse", "RY-MULTI-4")
    act(game, ("loser-reverse", "pass"))
    assert (game.pending.player, game.pending.kind) == (1, "loser-reverse")
    act(game, ("loser-reverse", "ran/lunasa"))
    assert (game.pending.player, game.pending.kind) == (2, "serve")


@R("RY-MULTI-1")
def test_an_opponent_effect_asks_which_opponent():
    """With 3 players, 'the opponent's battle card' is one opponent's, chosen by the owner."""
    game = scenario(dict(hand=["sakuya/meiling"]), dict(hand=["letty/youmu"]), dict(hand=["lily/letty"]))
    act(game, ("serve", "sakuya/meiling"), ("name", "speed"), ("receive", "letty/youmu"), ("receive", "lily/letty"))
    d = game.pending
    assert (d.player, d.kind, d.ids) == (1, "target", ("p3", "p1"))
    act(game, ("target", "p3"))
    assert [(e["player"], e["now"]) for e in events(game, "stat")] == [(2, (3, 3, 3)), (2, (5, 5, 5))]
    assert events(game, "battle")[0]["values"] == [9, 2, 5]


@R("RY-MULTI-6", "RY-MULTI-1")
def test_tag_match_adds_partners_points_and_opponents_are_the_other_team():
    """In a tag match seats 1 & 3 and 2 & 4 are partners: their points add up, and an opponent
    effect aims only at the other team."""
    reg = sample_registry()
    decks = [ry.setup_from_deck(reg.game.deck(d)) for d in ("scarlet-night", "ghost-spring", "scarlet-gate",
                                                             "ghost-hakugyokurou")]
    game = ry.new_game(reg, ry.Table(tuple(decks), 0, True), 11)
    assert game.opponents == ((1, 3), (2, 0), (3, 1), (0, 2))
    assert game.supply["power-up"] == 8  # two boxes
    run(game, [make_agent("random", 11, p) for p in range(4)])
    score = events(game, "score")[0]
    totals = score["totals"]
    assert score["sides"] == [totals[0] + totals[2], totals[1] + totals[3]]
    assert sum(totals) + sum(game.facedown) == 19
    want = None if score["sides"][0] == score["sides"][1] else (0 if score["sides"][0] > score["sides"][1] else 1)
    assert game.winner == want


@R("RY-MULTI-6")
def test_forbid_stat_does_not_bind_a_tag_partner():
    """forbid-stat binds the server only when the server is the owner's opponent (not a partner)."""
    game = scenario(dict(hand=["flandre/remilia"], result=["koakuma/ran"]), dict(hand=["koakuma/ran"],
                    result=["ran/yukari"]), dict(hand=["koakuma/ran"], result=["lunasa/yukari"]),
                    dict(hand=["koakuma/ran"], result=["letty/ran"]), tag=True, points=(4, 3, 3, 2, 2, 2, 1, 1),
                    facedown=(1,))
    act(game, ("serve", "flandre/remilia"))
    assert game.pending.ids == ("power", "speed", "brain")
    assert events(game, "no-effect")[0]["op"] == "forbid-stat"


@R("RY-MULTI-1", "RY-AFT-4")
def test_random_four_player_games_run_nine_turns():
    """Random 3- and 4-player games (free-for-all and tag) play 9 turns and conserve point chips."""
    reg = sample_registry()
    decks = [ry.setup_from_deck(d) for d in reg.game.decks]
    for seed in range(60):
        n = 3 + seed % 2
        table = ry.Table(tuple(decks[(seed + k) % 4] for k in range(n)), None, n == 4 and seed % 4 == 1)
        game = ry.new_game(reg, table, seed)
        run(game, [make_agent("random", seed, p) for p in range(n)])
        assert game.finished and game.turn == 9
        assert sorted([v for w in game.won for v in w] + game.facedown) == [1, 1, 1, 2, 2, 2, 3, 3, 4]
        assert all(len(r) == 9 for r in game.result) and all(not h for h in game.hand)


@R("RY-MULTI-5")
def test_a_card_that_never_tied_is_not_cancelled():
    """「リバースフェイズで裏返すのは、数字が同じだったカードのみです。キャンセレーション（バトルフェイズ２
    での引き分け）のカードは勝敗判定に含めないので、残ったカードが１枚の場合は、数値に関わらずそのカード
    が勝ちとなります。」 Brain: P1 6 and P2 6 tie, P3 4 does not; turned over, P1 shows 4 and P2 2.
    P1's 4 equals P3's 4, but only P1 tied: P1 drops out, and P3 (4) beats P2 (2)."""
    game = scenario(dict(hand=["lunasa/meiling"]), dict(hand=["koakuma/chen"]), dict(hand=["sakuya/daiyousei"]))
    act(game, ("serve", "lunasa/meiling"), ("name", "brain"), ("receive", "koakuma/chen"),
        ("receive", "sakuya/daiyousei"))
    b1, b2 = events(game, "battle")
    assert b1["values"] == [6, 6, 4] and [f["player"] for f in events(game, "flip")] == [0, 1]
    assert (b2["values"], b2["cancelled"], b2["winner"]) == ([4, 2, 4], [0], 2)
    assert game.won == [[], [], [4]]


@R("RY-REV-3", "RY-MULTI-3")
def test_a_card_that_did_not_tie_gets_its_before_battle_effect_once():
    """「カードが裏返る時に発動する効果やバトル直前の効果があれば発動した後、「５：バトルフェイズ２」を
    行います。」 — the reverse phase's 【バトル直前】 are those of the turned cards. 紅美鈴 received
    (パワー6 → 8) and did not tie on speed: the reverse phase (sakuya 9 = sakuya 9) does not give it
    +2 again."""
    game = scenario(dict(hand=["sakuya/koakuma"]), dict(hand=["meiling/lunasa"]), dict(hand=["sakuya/daiyousei"]))
    act(game, ("serve", "sakuya/koakuma"), ("name", "speed"), ("receive", "meiling/lunasa"),
        ("receive", "sakuya/daiyousei"))
    before = [e for e in events(game, "ability") if e["when"] == "before-battle"]
    assert [(e["player"], e["window"]) for e in before] == [(1, 1)]
    assert [e["now"][0] for e in events(game, "stat") if e["player"] == 1] == [8]
    b1, b2 = events(game, "battle")
    assert b1["values"] == [9, 5, 9] and (b2["values"], b2["winner"]) == ([4, 5, 6], 2)
