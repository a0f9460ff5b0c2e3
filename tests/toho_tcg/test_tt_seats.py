"""Seats, copies and outcomes of toho-tcg: what a seat may know, agents that see only that,
narration for a seat, positions that copy, the typed outcome, the runner's fast loop."""

from __future__ import annotations

import copy

import pytest

from fuda.engine import toho_tcg as tt
from fuda.engine.core import GreedyAgent, Outcome, Termination, ask

from ..engine import playouts
from .conftest import act, fresh, sample_registry, scenario

SAMPLE = playouts.Sample(tt, sample_registry)
P = tt.Piece


def _pair(hand_b: list[str], deck_b: list[str]):
    """Two positions alike in everything P1 may see; P2's hand and deck order differ."""
    p1 = {"hand": ["master-spark", "rumia", "hina"], "field": ["cirno", P("reimu", tapped=True)], "deck": ["aya"]}
    p2 = {"hand": hand_b, "deck": deck_b, "field": ["alice"], "trash": ["youmu"], "filler": False,
          "extra": ["rumia"] * 10}
    return scenario(p1, p2, turns=None)


def test_a_seat_sees_the_same_view_whatever_the_opponent_hides():
    """Games differing only in P2's hand and deck order give P1 equal views (and P1's greedy
    agent the same answer); P2's own view tells them apart."""
    a = _pair(["itazura", "kyodaika"], ["sanae", "kanako", "marisa"])
    b = _pair(["kanako", "hangon"], ["itazura", "marisa", "kyodaika"])
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert a.pending.player == 0 and a.pending == b.pending
    for seed in range(5):
        assert ask(GreedyAgent(seed), a, a.pending) == ask(GreedyAgent(seed), b, b.pending)
    view = a.view(0)
    assert view.opponent.hand is None and view.opponent.hand_size == 2 and view.opponent.deck_size == 13
    assert view.me.hand == tuple(a.hand[0]) and view.opponent.trash == tuple(a.trash[1])
    assert all(view.defs[c] is None for c in a.hand[1] + a.deck[1])
    alice = view.char(a.by_oid["alice"])
    assert (alice.attack, alice.defense, alice.tapped) == (2, 3, False) and view.controller(alice.card) == 1


def test_reading_a_view_changes_nothing():
    """Views, seat dumps and seat transcripts of games in progress leave their logs and state untouched."""
    for seed in range(4):
        game = playouts.advance(SAMPLE.new(seed, SAMPLE.pairs()[seed % len(SAMPLE.pairs())]),
                                [GreedyAgent(1), GreedyAgent(2)], 40)
        before, dump = game.log.digest(), game.describe_state()
        for seat in (0, 1):
            game.view(seat), game.describe_state(seat), game.transcript(seat)
        assert game.log.digest() == before and game.describe_state() == dump


def test_a_seats_transcript_does_not_name_the_opponents_hidden_cards(japanese):
    """P1's transcript and dump count P2's hand and searched card without naming them; the
    spectator's and P2's name them."""
    game = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]},
                    {"field": ["daiyousei"], "deck": ["hina", "cirno", "rumia"], "hand": ["kanako"]})
    act(game, ("priority", "play:master-spark"))  # 大妖精 is destroyed: P2 takes チルノ from the deck
    hidden = [game.defs[game.by_oid[c]].name for c in ("cirno", "kanako")]
    spectator, mine, theirs = ("\n".join(game.transcript(s)) for s in (None, 0, 1))
    assert all(name in spectator and name in theirs for name in hidden)
    assert not any(name in mine for name in hidden)
    assert "デッキから手札へ: 1枚" in mine and "局面指定: 手札1枚" in mine
    assert "kanako" not in game.describe_state(0) and "kanako" in game.describe_state(1)


def test_a_copy_plays_on_like_the_original():
    """Mid-game copies (copy.deepcopy and clone) of 40 seeded games, played on with the same
    answers as the original, give the same log, winner and outcome."""
    playouts.assert_copy_plays_on(SAMPLE, range(20))
    playouts.assert_copy_plays_on(SAMPLE, range(20, 40), copy=lambda g: g.clone())


def test_a_copy_of_a_scenario_position_keeps_the_position():
    """A game set up from an explicit position copies to the same position and pending decision."""
    game = scenario({"hand": ["rumia", "hina"]}, {"field": ["alice"]}, turns=None)
    twin = copy.deepcopy(game)
    assert twin.describe_state() == game.describe_state() and twin.pending == game.pending
    act(twin, ("priority", "play:rumia"))
    assert [twin.oid[c] for c in twin.chars[0]] == ["rumia"] and game.chars[0] == []


def test_the_outcome_is_typed(japanese):
    """A deck reaching 0 ends with Termination.DECK_OUT, the winner, and both languages; a
    scenario that runs out of turns ends as SCENARIO with no winner."""
    game = playouts.play(fresh(seed=2), ("greedy", "random"), 2)
    out = game.outcome
    assert isinstance(out, Outcome) and out.kind is Termination.DECK_OUT and out.winners == (game.winner,)
    assert out.ja == f"P{2 - game.winner}のデッキが0枚になった" and "TT-WIN-1" in out.en
    assert game.transcript()[-1].endswith(f"（{out.ja}）")
    ended = scenario({"field": ["rumia"]}, {}, phase="end")
    assert ended.outcome.kind is Termination.SCENARIO and ended.outcome.draw


@pytest.mark.parametrize("first", [0, 250])
def test_the_runners_fast_loop_plays_like_the_plain_loop(first):
    """250 + 250 seeded random games give the same full log through the runner's inlined fast
    loop as through its plain loop (the fast loop re-implements choose and the random agent)."""
    playouts.assert_fast_loop_agrees(SAMPLE, 250, first)


def test_a_card_seen_going_into_the_hand_stays_named():
    """A character returned to its owner's hand (スキマ送り) is still named in the opponent's view and is
    no card of the opponent's unknown hand; the owner's other hand cards stay unnamed."""
    game = scenario({"hand": ["sukima-okuri", "rumia", "rumia", "rumia"], "field": ["cirno"]},
                    {"hand": ["kyodaika"], "field": ["reimu"]})
    act(game, ("priority", "play:sukima-okuri"), ("target", "target:reimu"),
        ("pay", "hand:rumia", "hand:rumia#2", "hand:rumia#3"), (1, "priority", "pass"))
    reimu, kyodaika = game.by_oid["reimu"], game.by_oid["kyodaika"]
    assert game.zone[reimu] == "hand" and game.owner[reimu] == 1
    view = game.view(0)
    assert view.defs[reimu] is game.defs[reimu] and view.defs[kyodaika] is None
    assert view.opponent.known_hand == (reimu,) and view.opponent.hand is None
    unknown = [place[i] for place, i in game.hidden(0)[0].slots]
    assert reimu not in unknown and kyodaika in unknown
