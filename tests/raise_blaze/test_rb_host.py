"""The host's turn clocks (RB-LOSE-3/4, a fake clock) and concession (RB-LOSE-5); both replay."""

from __future__ import annotations

import pytest

from fuda.engine import raise_blaze as rb
from fuda.engine.core import GameFinished, ask, make_agent, record, reproduce, run

from .conftest import act, events, sample_registry, sample_setups, scenario

R = pytest.mark.rule


class FakeTime:
    """A settable ``now`` for the clock."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> None:
        self.t += seconds


def clocked(p1: dict, p2: dict, **kw):
    now = FakeTime()
    clock = rb.Clock(120, 300, now)
    return scenario(p1, p2, phase="draw", clock=clock, **kw), now


@R("RB-LOSE-3")
def test_120_seconds_without_playing_a_card_loses():
    """The turn player loses after 120 s in their turn without playing a card; playing restarts it."""
    g, now = clocked(dict(hand=["rumia", "aya"], deck=["hina"]), dict())
    now.advance(119)
    g.choose("summon:rumia")  # in time; playing a card restarts the 120 s
    now.advance(119)
    g.choose("battle")
    assert not g.finished
    now.advance(1)
    g.choose("end")  # 120 s since the last card: too late
    assert g.finished and g.winner == 1 and "RB-LOSE-3" in g.reason and events(g, "clock")[0]["rule"] == "RB-LOSE-3"
    with pytest.raises(GameFinished):
        g.choose("end")


@R("RB-LOSE-3")
def test_the_opponents_time_does_not_count_and_the_host_may_check():
    """Time while the opponent decides (block, 【迎撃】) is not counted; check_clock() ends a stalled turn."""
    g, now = clocked(dict(fighters=["sakuya"], deck=["hina"]), dict(fighters=["rumia"]))
    g.choose("battle")
    now.advance(100)
    g.choose("attack:sakuya>core")
    now.advance(500)  # the opponent thinks about blocking
    g.choose("through")
    g.choose("pass")  # no 【起動】 before the comparison (RB-SPL-1 window), at once
    now.advance(10)
    g.choose("hand")  # the opponent's life card
    assert not g.finished and g.clock.idle == 0.0 and g.clock.turn_used == 100
    assert not g.check_clock()
    now.advance(120)
    assert g.check_clock() and g.finished and g.winner == 1 and "RB-LOSE-3" in g.reason


@R("RB-LOSE-4")
def test_a_turn_must_end_within_300_seconds():
    """Playing a card every 100 s is not enough: the turn itself ends within 300 s, or its player loses."""
    g, now = clocked(dict(hand=["rumia", "grimoire", "tengu-gougai"], deck=["hina", "aya", "chen"]), dict(hand=["aya"]))
    for pick, seconds in (("summon:rumia", 100), ("spell:grimoire", 100), ("spell:tengu-gougai", 90)):
        now.advance(seconds)
        g.choose(pick)
    assert not g.finished and g.clock.turn_used == 290 and g.clock.idle == 0
    now.advance(10)
    g.choose("end")
    assert g.finished and g.winner == 1 and "RB-LOSE-4" in g.reason


@R("RB-LOSE-4")
def test_each_turn_has_its_own_clock():
    """A new turn starts both clocks from zero for the new turn player."""
    g, now = clocked(dict(deck=["hina"]), dict(deck=["aya"]))
    now.advance(100)
    g.choose("end")
    assert g.active == 1 and g.clock.player == 1 and g.clock.turn_used == 0
    now.advance(100)
    g.choose("end")
    assert not g.finished and g.active == 0


@R("RB-LOSE-5")
def test_concede_ends_the_game_for_the_other_player():
    """A host may end the game by concession at any time (fouls are the host's to judge)."""
    g = scenario(dict(fighters=["rumia"]), dict(), phase="battle")
    g.choose("attack:rumia>core")  # P2 is deciding what to do with the life card
    g.concede(1)
    assert g.finished and g.winner == 0 and "RB-LOSE-5" in g.reason and events(g, "concede")[0]["player"] == 1
    g = scenario(dict(hand=["rumia"]), dict(), offer_concede=True)
    assert g.pending.ids[-1] == "concede"
    act(g, ("main", "concede"))
    assert g.winner == 1 and "conceded" in g.reason


@R("RB-LOSE-3", "RB-LOSE-5")
def test_host_events_replay_exactly():
    """A replay carries the concession or clock loss with the decision count it came at."""
    reg = sample_registry()

    def again(setup, seed):
        return rb.new_game(reg, rb.setup_from_json(setup), seed)

    game = rb.new_game(reg, sample_setups(), 7).start()
    agents = [make_agent("random", 7, 0), make_agent("random", 7, 1)]
    for _ in range(25):
        game.choose(*ask(agents[game.pending.player], game, game.pending))
    game.concede(game.pending.player)
    replay = record(game, "digest")
    assert replay.setup["host"][0][:3] == [25, "concede", game.winner ^ 1]
    again_game = reproduce(replay, again)
    assert again_game.finished and again_game.winner == game.winner and again_game.log.digest() == replay.log_digest

    now = FakeTime()
    game = rb.new_game(reg, sample_setups(), 8, clock=rb.Clock(120, 300, now)).start()
    for _ in range(10):
        now.advance(20)
        game.choose(*ask(agents[game.pending.player], game, game.pending))
    now.advance(400)
    game.check_clock() or game.choose(*ask(agents[game.pending.player], game, game.pending))
    assert game.finished and "RB-LOSE" in game.reason
    replay = record(game, "digest")
    assert reproduce(replay, again).log.digest() == replay.log_digest


def test_simulations_run_without_a_clock():
    """By default no clock runs: a random game takes no notice of time."""
    game = rb.new_game(sample_registry(), sample_setups(), 3)
    run(game, [make_agent("random", 3, 0), make_agent("random", 3, 1)])
    assert game.clock is None and game.finished and game.host_events == []
