"""Seats, copies and outcomes of RAISE×BLAZE: what a seat may know, agents that see only that,
narration for a seat, positions that copy, the typed outcome, the runner's fast loop."""

from __future__ import annotations

import copy

import pytest

from fuda.engine import raise_blaze as rb
from fuda.engine.core import GreedyAgent, Outcome, Termination, ask

from ..engine import playouts
from .conftest import act, sample_registry, sample_setups, scenario

SAMPLE = playouts.Sample(rb, sample_registry)


def _pair(hand_b: list[str], deck_b: list[str], set_b: str):
    """Two positions alike in everything P1 may see; P2's hand, deck order and set spell differ."""
    p1 = dict(core="core-marisa", fighters=["sakuya", "rumia"], hand=["master-spark", "aya"], deck=["hina"])
    p2 = dict(fighters=["fairy-maid"], hand=hand_b, deck=deck_b, spells=[(set_b, "set")], grave=["chen"])
    return scenario(p1, p2, phase="battle")


def test_a_seat_sees_the_same_view_whatever_the_opponent_hides():
    """Games differing only in P2's hand, deck order and set spell give P1 equal views (and P1's
    greedy agent the same answer); P2's own view tells them apart."""
    a = _pair(["musou-fuuin", "grimoire"], ["kanako", "hina", "nitori"], "danmaku-kekkai")
    b = _pair(["ran", "tengu-gougai"], ["nitori", "kanako", "hina"], "master-spark")
    assert a.view(0) == b.view(0)
    assert a.view(1) != b.view(1)
    assert a.pending.player == 0 and a.pending == b.pending
    for seed in range(5):
        assert ask(GreedyAgent(seed), a, a.pending) == ask(GreedyAgent(seed), b, b.pending)
    view = a.view(0)
    assert view.opponent.hand is None and view.opponent.hand_size == 2 and view.opponent.spell == (None,)
    assert view.me.hand == tuple(a.hand[0]) and view.opponent.grave == tuple(a.grave[1])
    assert all(view.defs[c] is None for c in a.hand[1] + a.deck[1] + a.spell[1])
    assert view.power(a.by_oid[0]["sakuya"]) == 2000 and view.is_core(a.core[1])


def test_the_opponents_core_is_hidden_until_it_is_turned_face_up():
    """RB-SETUP-1/6: between the two core choices P2 does not see which core P1 put face down."""
    game = rb.new_game(sample_registry(), sample_setups(), 1).start()
    act(game, ("core", "core-suika"))
    assert game.pending.player == 1
    view = game.view(1)
    assert view.opponent.core is None and view.opponent.core_power is None and view.defs[game.core[0]] is None
    assert game.view(0).me.core == game.core[0]
    act(game, (1, "core", "core-marisa"))
    assert game.view(1).opponent.core == game.core[0]  # turned face up: the game has started
    assert "core-suika" not in "\n".join(game.transcript(1)[:4])


def test_reading_a_view_changes_nothing():
    """Views, seat dumps and seat transcripts of games in progress leave their logs and state untouched."""
    for seed in range(4):
        game = playouts.advance(SAMPLE.new(seed, SAMPLE.pairs()[seed % 4]), [GreedyAgent(1), GreedyAgent(2)], 40)
        before, dump = game.log.digest(), game.describe_state()
        for seat in (0, 1):
            game.view(seat), game.describe_state(seat), game.transcript(seat)
        assert game.log.digest() == before and game.describe_state() == dump


def test_a_seats_transcript_does_not_name_the_opponents_hidden_cards(japanese):
    """P1's transcript counts P2's draws, set spell and opening hand without naming them; the
    spectator's and P2's own transcripts name them."""
    game = scenario(dict(core="core-suika"), dict(hand=["danmaku-kekkai"], deck=["kanako"]), active=1, phase="draw")
    act(game, (1, "main", "set:danmaku-kekkai"))
    hidden = [game.defs[game.by_oid[1][c]].name for c in ("danmaku-kekkai", "kanako")]
    spectator, mine, theirs = ("\n".join(game.transcript(s)) for s in (None, 0, 1))
    assert all(name in spectator and name in theirs for name in hidden)
    assert not any(name in mine for name in hidden)
    assert "P2 ドロー\n" in mine and "P2 スペルを伏せる" in mine and "set:danmaku-kekkai" not in mine
    assert "局面指定: ライフ5 手札1枚" in mine
    assert "danmaku-kekkai" not in game.describe_state(0) and "（伏せ）" in game.describe_state(0)


def test_a_copy_plays_on_like_the_original():
    """Mid-game copies (copy.deepcopy and clone) of 60 seeded games, played on with the same
    answers as the original, give the same log, winner and outcome."""
    playouts.assert_copy_plays_on(SAMPLE, range(30))
    playouts.assert_copy_plays_on(SAMPLE, range(30, 60), copy=lambda g: g.clone())


def test_a_copy_of_a_scenario_position_keeps_the_position():
    """A game set up from an explicit position copies to the same position and pending decision."""
    game = scenario(dict(hand=["rumia", "grimoire"]), dict(fighters=["aya"]))
    twin = copy.deepcopy(game)
    assert twin.describe_state() == game.describe_state() and twin.pending == game.pending
    act(twin, ("main", "summon:rumia"))
    assert "rumia" not in [game.oid[c] for c in game.fighters(0)] and twin.pending.kind == "main"


def test_a_copy_of_a_conceded_game_is_conceded():
    """A host's concession is part of the copy (it is scheduled again by decision count)."""
    game = scenario(dict(hand=["rumia"]), dict())
    act(game, ("main", "summon:rumia"))
    game.concede(0)
    twin = game.clone()
    assert twin.finished and twin.outcome == game.outcome and twin.log.digest() == game.log.digest()


def test_the_outcome_is_typed(japanese):
    """Life, deck-out, both last life cards at once and a concession end with their Termination
    kinds, the winner, and the text in Japanese and English."""
    won = act(scenario(dict(core="core-marisa", fighters=["rumia"]), dict(life=1), phase="battle"),
              ("battle", "attack:rumia>core"))
    assert isinstance(won.outcome, Outcome) and won.outcome.kind is Termination.LIFE
    assert won.outcome.winners == (0,) and won.outcome.ja == "P2のライフカードが尽きた" and "RB-LOSE-1" in won.outcome.en
    assert won.transcript()[-1].endswith("（P2のライフカードが尽きた）")
    drawn = act(scenario(dict(core="core-marisa", life=1), dict(life=1), phase="battle"), ("battle", "attack:core>core"))
    assert drawn.outcome.kind is Termination.DRAW and drawn.outcome.draw
    empty = scenario(dict(extra=()), dict(), phase="draw")
    assert empty.outcome.kind is Termination.DECK_OUT and empty.outcome.winners == (1,)
    conceded = scenario(dict(), dict())
    conceded.concede(1)
    assert conceded.outcome.kind is Termination.RULE and conceded.outcome.winners == (0,)


@pytest.mark.parametrize("first", [0, 250])
def test_the_runners_fast_loop_plays_like_the_plain_loop(first):
    """250 + 250 seeded random games give the same full log through the runner's inlined fast
    loop as through its plain loop (the fast loop re-implements choose and the random agent)."""
    playouts.assert_fast_loop_agrees(SAMPLE, 250, first)
