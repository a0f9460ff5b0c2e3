"""The game's one state value: play changes nothing outside ``game.st`` (an :class:`RRState`), and a
checkpoint's copy of it shares no mutable value with the game it was taken from."""

from __future__ import annotations

import copy
from dataclasses import fields

from fuda.engine import recast_rift as rr
from fuda.engine.core import RandomAgent, run
from fuda.engine.core.checkpoint import copied

from .conftest import sample_registry

#: the core's bookkeeping of every game (the log, the generator, the pending decision, the result)
#: and the per-game cache of the seat's own card definitions (engine.core.view.seen_defs)
BOOKKEEPING = {"log", "rng", "pending", "finished", "winner", "reason", "outcome", "decisions", "_flow",
               "_own_defs", "_checkpoint", "_recording", "_resume_at"}


def _game(seed: int) -> rr.RecastRift:
    registry = sample_registry()
    decks = registry.game.decks
    pair = (rr.setup_from_deck(decks[seed % len(decks)]), rr.setup_from_deck(decks[-1 - seed % len(decks)]))
    return rr.new_game(registry, pair, seed)


def test_play_changes_only_the_state():
    """Over whole random games, every attribute of the game but ``st`` and the core's bookkeeping
    is the same object at the end as before the first decision, and its lists, dicts, sets and
    tuples (copied before) hold the same values."""
    for seed in range(6):
        game = _game(seed)
        before = {k: (v, copied(v) if isinstance(v, (list, dict, set, tuple)) else v)
                  for k, v in vars(game).items() if k not in BOOKKEEPING | {"st"}}
        state = game.st
        run(game, RandomAgent(seed))
        assert game.finished and game.st is state
        after = {k: v for k, v in vars(game).items() if k not in BOOKKEEPING | {"st"}}
        assert after.keys() == before.keys()
        for name, (obj, value) in before.items():
            assert after[name] is obj and after[name] == value, (seed, name)


def test_the_games_names_of_the_position_are_the_states_fields():
    """``game.life``, ``game.zones`` … are the state's own values (read and set through it)."""
    game = _game(1).start()
    for f in fields(rr.RRState):
        assert getattr(game, f.name) is getattr(game.st, f.name), f.name
    game.turn = 7
    assert game.st.turn == 7


def test_a_copied_state_shares_no_mutable_value():
    """The checkpoint copy of a state in play is equal field by field, and changing any list, set or
    dict of the copy leaves the original as it was."""
    game = _game(2).start()
    agent = RandomAgent(2)
    for _ in range(40):
        game.choose(agent.choose(None, game.pending))
    twin = copied(game.st)
    assert type(twin) is rr.RRState and twin == game.st and twin is not game.st
    original = copy.deepcopy(game.st)

    def mutate(value: object) -> None:
        if isinstance(value, list):
            for x in value:
                mutate(x)
            value.append(-1)
        elif isinstance(value, set):
            value.add(-1)
        elif isinstance(value, dict):
            value[(-1, -1)] = -1
        elif isinstance(value, tuple):
            for x in value:
                mutate(x)

    for f in fields(rr.RRState):
        mutate(getattr(twin, f.name))
    assert game.st == original
