"""Checkpoints: a copy restored from the top of a turn is the same game as a copy replayed from
the setup, now and for the rest of the game."""

from __future__ import annotations

import pytest

from fuda import load_database
from fuda.engine import raise_blaze as rb
from fuda.engine import recast_rift as rr
from fuda.engine.core import RandomAgent, Rng, run
from fuda.engine.core.checkpoint import copied

ENGINES = [(rb, "raise-blaze"), (rr, "recast-rift")]


def _game(seed, module=rb, game_id="raise-blaze"):
    registry = module.build_registry(load_database().game(game_id))
    decks = registry.game.decks
    return module.new_game(registry, (module.setup_from_deck(decks[0]), module.setup_from_deck(decks[-1])), seed)


@pytest.mark.parametrize(("module", "game_id"), ENGINES, ids=[g for _, g in ENGINES])
def test_checkpoint_copies_play_on_like_replayed_copies(module, game_id):
    """At many points of random games, a clone from the latest checkpoint shows everyone the
    same position as a replayed clone, and both play on to the same log."""
    checked = 0
    for seed in range(4):
        game = _game(seed, module, game_id).start()
        agent = RandomAgent(seed)
        k = 0
        while game.pending is not None:
            if k % 5 == 0:
                base = game.recording()
                assert (base._checkpoint is None) == (game.turn == 0), (seed, k)
                restored, replayed = base.clone(), game.clone()
                assert restored.describe_state(None) == replayed.describe_state(None), (seed, k)
                assert restored.view(0) == replayed.view(0) and restored.view(1) == replayed.view(1)
                run(restored, RandomAgent(k))
                run(replayed, RandomAgent(k))
                assert restored.log.answers() == replayed.log.answers(), (seed, k)
                assert len(restored.log) == len(replayed.log) and restored.outcome == replayed.outcome
                checked += 1
            game.choose(agent.choose(None, game.pending))
            k += 1
    assert checked > 40


def test_copies_of_a_checkpoint_do_not_share_state():
    """Playing on one copy from a checkpoint changes neither the base nor another copy."""
    game = _game(2).start()
    agent = RandomAgent(2)
    for _ in range(60):
        game.choose(agent.choose(None, game.pending))
    base = game.recording()
    before = base.describe_state(None)
    first, second = base.clone(), base.clone()
    run(first, RandomAgent(9))
    assert base.describe_state(None) == before
    assert second.describe_state(None) == before
    assert base.clone().describe_state(None) == before


def test_played_games_keep_no_checkpoints():
    """A game played normally records nothing (only a search's base copy does)."""
    game = _game(1)
    run(game, RandomAgent(1))
    assert game._checkpoint is None


def test_copied_values_and_streams_are_independent():
    """copied() copies nested lists, dicts and sets and the generator's point; it shares tuples."""
    inner = (1, 2)
    value = {"a": [[1, 2], [3]], "b": {4, 5}, "c": inner, "d": (set(), {7})}
    twin = copied(value)
    twin["a"][0].append(9)
    twin["b"].add(6)
    twin["d"][0].add(8)
    assert value == {"a": [[1, 2], [3]], "b": {4, 5}, "c": (1, 2), "d": (set(), {7})}
    assert twin["c"] is inner
    rng = Rng(5)
    rng.below(10)
    other = copied(rng)
    assert [rng.below(100) for _ in range(5)] == [other.below(100) for _ in range(5)]
    assert rng.draws == other.draws


@pytest.mark.parametrize(("module", "game_id"), ENGINES, ids=[g for _, g in ENGINES])
def test_search_plays_the_same_game_with_or_without_checkpoints(module, game_id, monkeypatch):
    """mcts makes the same answers whether its copies come from checkpoints or from replays."""
    from fuda.engine.core import make_agent

    def play():
        game = _game(21, module, game_id)
        run(game, [make_agent("mcts:6", 21, 0), make_agent("greedy", 21, 1)])
        return game.log.answers()

    with_checkpoints = play()
    game_class = type(_game(21, module, game_id))
    monkeypatch.setattr(game_class, "STATE", ())  # no checkpoints: every copy replays from the start
    monkeypatch.setattr(game_class, "checkpoint", lambda self, where: None)
    assert play() == with_checkpoints


def test_a_dataclass_state_is_copied_field_by_field():
    """copy_state reads the fields from the dataclass: SHARED fields are shared, FLAT and ROWS
    lists and unmarked fields are copied, so play on the copy never touches the original."""
    from dataclasses import dataclass, field

    from fuda.engine.core.checkpoint import FLAT, ROWS, SHARED

    @dataclass(slots=True)
    class State:
        static: tuple = field(metadata=SHARED)
        hand: list = field(metadata=FLAT)
        piles: list = field(metadata=ROWS)
        mods: list  # unmarked: copied all the way down
        rng: Rng
        turn: int = 0

    stream = Rng(5)
    state = State(("rules",), [1, 2], [[3], [4, 5]], [{"power": 1}, None], stream, 3)
    twin = copied(state)
    assert type(twin) is State and twin.static is state.static
    assert (twin.hand, twin.piles, twin.mods, twin.turn) == (state.hand, state.piles, state.mods, state.turn)
    twin.hand.append(9)
    twin.piles[1].pop()
    twin.mods[0]["power"] = 7
    twin.turn = 4
    assert twin.rng.random() == stream.copy().random() and twin.rng is not stream
    assert state == State(("rules",), [1, 2], [[3], [4, 5]], [{"power": 1}, None], stream, 3)
