"""Seats, copies and outcomes of Recast Rift: what a seat may know, agents that see only that,
narration for a seat, positions that copy, the typed outcome, the runner's fast loop."""

from __future__ import annotations

import copy

import pytest

from fuda.engine import recast_rift as rr
from fuda.engine.core import GreedyAgent, Outcome, Termination, ask

from ..engine import playouts
from .conftest import act, sample_registry, scenario

SAMPLE = playouts.Sample(rr, sample_registry)
REIMU = ["reimu-musou-fuuin", "reimu-fuumajin", "reimu-youin-gyoku", "reimu-hakurei-genei", "reimu-musou-tensei"]


def _pair(hand_b: list[str], deck_b: list[str], down_b: list[str]):
    """Two positions alike in everything P1 may see; P2's hand, deck order and face-down pile
    differ as given."""
    p1 = {"hand": ["youmu-gensei-zan", "youmu-meisou-zan"], "awakening": "youmu-till-when",
          "deck": ["youmu-nihyaku-yujun"], "zones": {2: ["youmu-yuumei-no-kurin"]},
          "face_down": ["youmu-meishin-kakou-zan"]}
    p2 = {"hand": hand_b, "deck": deck_b, "face_down": down_b, "zones": {3: ["reimu-nijuu-kekkai"]}}
    return scenario(p1, p2, turns=None), p2


def test_a_seat_sees_the_same_view_whatever_the_opponent_hides():
    """Two games differing only in P2's hand, deck order and face-down cards give P1 equal views
    (and P1's greedy agent the same answer); P2's own view tells them apart."""
    ids = REIMU
    a, _ = _pair(ids[0:2], ids[2:4], ids[4:5])
    b, _ = _pair(ids[3:5], ids[1:3][::-1], ids[0:1])
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert a.pending.player == 0 and a.pending == b.pending
    for seed in range(5):
        assert ask(GreedyAgent(seed), a, a.pending) == ask(GreedyAgent(seed), b, b.pending)
    view = a.view(0)
    assert view.opponent.hand is None and view.opponent.hand_size == 2 and view.opponent.face_down is None
    assert view.opponent.far is None and view.me.far is not None
    assert all(view.defs[c] is None for c in a.hand[1] + a.deck[1] + a.facedown[1])


def test_reading_a_view_changes_nothing():
    """Every seat's view, seat dump and seat transcript read mid-game leave the game as it was:
    10 seeded games played on after reading log exactly what they log unread."""
    playouts.assert_reading_changes_nothing(SAMPLE, range(10), cut=30)


def test_a_seats_transcript_does_not_name_the_opponents_hidden_cards(japanese):
    """P1's transcript counts P2's draws and face-down cards without naming them; the
    spectator's transcript names them."""
    game = scenario({"hand": ["reimu-musou-fuuin"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan", "youmu-meisou-zan"],
                     "deck": ["youmu-nihyaku-yujun", "youmu-yuumei-no-kurin", "youmu-meishin-kakou-zan"]},
                    turns=2)
    act(game, "main end", (1, "main", "end"), (1, "cleanup", "youmu-nihyaku-yujun", "youmu-gensei-zan"))
    hidden = [game.defs[game.by_oid[1][c]].name for c in ("youmu-nihyaku-yujun", "youmu-yuumei-no-kurin",
                                                           "youmu-gensei-zan")]
    spectator, mine, theirs = ("\n".join(game.transcript(s)) for s in (None, 0, 1))
    assert all(name in spectator and name in theirs for name in hidden)
    assert not any(name in mine for name in hidden)
    assert "P2 ドロー（ドローステップ）\n" in mine and "P2 伏せ札（クリンナップ）: 2枚" in mine
    assert "局面指定: ライフ" in mine and "手札2枚" in mine


def test_a_copy_plays_on_like_the_original():
    """Mid-game copies (copy.deepcopy and clone) of 60 seeded games, played on with the same
    answers as the original, give the same log, winner and outcome."""
    playouts.assert_copy_plays_on(SAMPLE, range(30))
    playouts.assert_copy_plays_on(SAMPLE, range(30, 60), copy=lambda g: g.clone())


def test_a_copy_of_a_scenario_position_keeps_the_position():
    """A game set up from an explicit position copies to the same position and pending decision."""
    game = scenario({"hand": ["reimu-musou-fuuin", "reimu-fuumajin"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"]}, turns=None)
    twin = copy.deepcopy(game)
    assert twin.describe_state() == game.describe_state() and twin.pending == game.pending
    act(twin, "main end")
    assert (game.active, game.pending.kind) == (0, "main") and twin.active == 1


def test_the_outcome_is_typed(japanese):
    """A game won on life ends with Termination.LIFE, the winner, and both languages; a scenario
    that runs out of turns ends as SCENARIO with no winner."""
    game = playouts.play(SAMPLE.new(1, SAMPLE.pairs()[1]), ("greedy", "random"), 1)
    out = game.outcome
    assert isinstance(out, Outcome) and out.kind is Termination.LIFE
    assert out.winners == (game.winner,) and out.ja == f"P{2 - game.winner}のライフが0" and "life" in out.en
    assert game.transcript()[-1].endswith(f"（{out.ja}）")
    ended = scenario({"hand": ["reimu-musou-fuuin"]}, {"awakening": "youmu-till-when"}, turns=1)
    act(ended, "main end")
    assert ended.outcome.kind is Termination.SCENARIO and ended.outcome.draw


@pytest.mark.parametrize("first", [0, 250])
def test_the_runners_fast_loop_plays_like_the_plain_loop(first):
    """250 + 250 seeded random games give the same full log through the runner's inlined fast
    loop as through its plain loop (the fast loop re-implements choose and the random agent)."""
    playouts.assert_fast_loop_agrees(SAMPLE, 250, first)


@pytest.mark.rule("RR-DMG-4")
def test_a_grazed_card_is_known_to_the_opponent_while_it_stays_in_the_hand():
    """「このドローしたカードが「グレイズ」を持つカードだったなら、公開しましょう。…公開したカードは手札に加え」:
    the attacker's view names the revealed card among the opponent's hand cards (and no other),
    until it leaves the hand."""
    from .conftest import scenario

    game = scenario({"hand": ["reimu-musou-fuuin"]}, {"awakening": "marisa-love-colored-master-spark",
                                                        "deck": ["marisa-stardust-reverie", "marisa-milky-way"]})
    game.choose("cast:reimu-musou-fuuin")
    view = game.view(0)
    known = [game.oid[c] for c in view.opponent.known_hand]
    assert known == ["marisa-stardust-reverie"]
    assert view.opponent.hand is None and view.opponent.hand_size >= 1
    assert view.defs[view.opponent.known_hand[0]] is not None


@pytest.mark.rule("RR-DECK-4")
def test_a_seat_sees_both_its_awakening_cards_face_down():
    """A seat's own view names its far and its near awakening card (it laid both face down itself); the
    opponent's view names neither until the far one awakens, then both (the fighters were shown)."""
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"]},
                    {"awakening": "reimu-dream-battle", "hand": ["reimu-musou-fuuin"]}, turns=None)
    far, near = game.far[0], game.near[0]
    assert near >= 0 and game.defs[near].id != "youmu-till-when"
    mine, theirs = game.view(0), game.view(1)
    assert (mine.me.far, mine.me.near) == (far, near)
    assert mine.defs[far] is game.defs[far] and mine.defs[near] is game.defs[near]
    assert (theirs.opponent.far, theirs.opponent.near) == (None, None)
    assert theirs.defs[far] is None and theirs.defs[near] is None
    first = [next(line for line in game.describe_state(s).splitlines() if line.startswith("P1:")) for s in (0, 1)]
    assert game.oid[near] in first[0] and game.oid[near] not in first[1]
    awake = scenario({"awakening": "youmu-till-when", "awakened": True}, {"awakening": "reimu-dream-battle"},
                     turns=None)
    seen = awake.view(1)
    assert (seen.opponent.far, seen.opponent.near) == (awake.far[0], awake.near[0])
    assert seen.defs[awake.near[0]] is awake.defs[awake.near[0]]
