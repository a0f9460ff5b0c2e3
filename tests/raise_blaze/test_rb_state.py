"""The one typed state of RAISE×BLAZE (#37): checkpoints copy exactly the fields of RBState, and a
copy restored from one holds, field by field, what a copy replayed from the setup holds."""

from __future__ import annotations

import dataclasses

from fuda.engine import raise_blaze as rb
from fuda.engine.core import RandomAgent
from fuda.engine.raise_blaze.state import STATE_FIELDS, RBState

from .conftest import sample_registry, sample_setups


def _state(game) -> dict:
    """Every field of the game's RBState, by name."""
    return {f.name: getattr(game, f.name) for f in dataclasses.fields(RBState)}


def _mutables(value, path: str):
    """(path, object) of every list, dict and set inside a state value."""
    if isinstance(value, (list, dict, set)):
        yield path, value
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, (list, tuple)) else ()
    for key, inner in items:
        yield from _mutables(inner, f"{path}[{key!r}]")


def test_checkpoints_copy_the_fields_of_the_state():
    """The names a checkpoint copies are RBState's fields, derived (no list kept by hand), and the
    game is an RBState."""
    assert rb.RaiseBlaze.STATE == STATE_FIELDS == tuple(f.name for f in dataclasses.fields(RBState))
    game = rb.new_game(sample_registry(), sample_setups(), 1)
    assert isinstance(game, RBState)
    assert {"hand", "deck", "slots", "turn", "attack", "used", "host_events", "_fx"} <= set(STATE_FIELDS)


def test_restored_copies_hold_the_same_state_as_replayed_copies():
    """At many points of random games, a clone from the latest checkpoint and a clone replayed
    from the setup agree on every field of the state."""
    checked = 0
    for seed in range(3):
        game = rb.new_game(sample_registry(), sample_setups(), seed).start()
        agent = RandomAgent(seed)
        k = 0
        while game.pending is not None:
            if k % 7 == 3 and game.turn > 0:
                base = game.recording()
                assert base._checkpoint is not None
                restored, replayed = base.clone(), game.clone()
                assert _state(restored) == _state(replayed) == _state(game), (seed, k)
                checked += 1
            game.choose(agent.choose(None, game.pending))
            k += 1
    assert checked > 20


def test_restored_copies_share_no_mutable_part_of_the_state():
    """No list, dict or set of a restored copy's state is the base game's own object."""
    game = rb.new_game(sample_registry(), sample_setups(), 4).start()
    agent = RandomAgent(4)
    for _ in range(80):
        game.choose(agent.choose(None, game.pending))
    base = game.recording()
    twin = base.clone()
    theirs = {id(obj) for name, value in _state(base).items() for _, obj in _mutables(value, name)}
    shared = [path for name, value in _state(twin).items() for path, obj in _mutables(value, name) if id(obj) in theirs]
    assert shared == []
