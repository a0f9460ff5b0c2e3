"""The toho-tcg game's one typed state (issue #37): what play changes lives in ``TTState``, the
search's re-dealt copies keep nothing of a hidden card's real place in any per-card field of it,
and the options a player is offered and the explanations of the ones refused come from one check.
"""

from __future__ import annotations

from dataclasses import fields

from fuda.engine import toho_tcg as tt
from fuda.engine.core import RandomAgent, Rng, run
from fuda.engine.toho_tcg.state import TTState
from fuda.engine.toho_tcg.windows import explain_priority, play_block

from .conftest import sample_registry, scenario

#: what a game object holds besides its state and static value: the core's bookkeeping and a cache
BOOKKEEPING = {"seed", "rng", "log", "pending", "finished", "winner", "reason", "outcome", "decisions", "_flow",
               "static", "state", "_opt_cache", "_own_defs"}


def _games(seeds):
    registry = sample_registry()
    decks = registry.game.decks
    setups = [tt.setup_from_deck(decks[0]), tt.setup_from_deck(decks[-1])]
    for seed in seeds:
        yield tt.new_game(registry, setups, seed).start(), RandomAgent(seed)


def test_play_changes_only_the_state():
    """After whole random games the game object holds nothing but its state, its static value, the
    core's bookkeeping and the option cache: no rule keeps a field of its own on the game."""
    for game, agent in _games(range(6)):
        while game.pending is not None:
            game.choose(agent.choose(None, game.pending))
        assert set(vars(game)) <= BOOKKEEPING, set(vars(game)) - BOOKKEEPING


def test_redealt_copies_keep_nothing_of_a_hidden_cards_place():
    """In a determinized copy, every card of a re-dealt pool (the opponent's unseen hand and deck, the
    seat's own deck) has, in every per-card field of the state, the value of a card never played:
    its zone is the place it was dealt to, and nothing else says where it really was."""
    checked = 0
    for game, agent in _games(range(4)):
        for _ in range(80):
            d = game.pending
            if d is None:
                break
            twin = game.clone()
            twin.determinize(d.player, Rng(checked))
            s = twin.state
            fresh = TTState.start(twin.static.owner)
            n = len(twin.static.defs)
            per_card = [f.name for f in fields(TTState) if isinstance(getattr(s, f.name), list)
                        and len(getattr(s, f.name)) == n and f.name != "zone"]
            assert {"ctrl", "tapped", "damage", "under", "equip", "host", "attacked", "atk", "dfn", "kw"} <= set(per_card)
            for pool in twin.hidden(d.player):
                for place, i in pool.slots:
                    c = place[i]
                    where = "hand" if any(c in s.hand[p] for p in (0, 1)) else "deck"
                    assert s.zone[c] == where
                    for name in per_card:
                        assert getattr(s, name)[c] == getattr(fresh, name)[c], (name, c)
                    checked += 1
            game.choose(agent.choose(None, d))
    assert checked > 2000, checked


def test_offered_plays_and_their_explanations_agree():
    """At every priority decision of random games, a hand card's play is offered exactly when its
    explanation finds nothing against it (a second copy of an offered card: one option per card)."""
    checked = 0
    for game, agent in _games(range(12)):
        while game.pending is not None:
            d = game.pending
            if d.kind == "priority":
                p, k = d.player, game.static
                offered = set(d.ids)
                ids = {k.defs[c].id for c in game.state.hand[p] if f"play:{k.oid[c]}" in offered}
                for c in game.state.hand[p]:
                    pick = f"play:{k.oid[c]}"
                    why = play_block(game, p, c, game.state.window_name)
                    if pick in offered:
                        assert why is None, (pick, why)
                    else:
                        assert why is not None or k.defs[c].id in ids, pick
                        assert explain_priority(game, pick) is not None
                    checked += 1
            game.choose(agent.choose(None, d))
    assert checked > 1000, checked


def test_checkpoint_copies_play_on_like_replayed_copies():
    """A search's copy restored from the top of the turn (the state copied field by field) shows
    everyone the same position as a copy replayed from the setup, and both play on to the same end."""
    checked = 0
    for game, agent in _games(range(4)):
        k = 0
        while game.pending is not None:
            if k % 6 == 0:
                base = game.recording()
                point = base._checkpoint  # none yet while the hands are being kept or redrawn
                assert (point is None) == (game.pending.kind == "mulligan")
                assert point is None or point.where[0] == "draw"
                restored, replayed = base.clone(), game.clone()
                assert restored.describe_state(None) == replayed.describe_state(None)
                assert restored.view(0) == replayed.view(0) and restored.view(1) == replayed.view(1)
                run(restored, RandomAgent(k))
                run(replayed, RandomAgent(k))
                assert restored.log.answers() == replayed.log.answers()
                assert restored.transcript() == replayed.transcript() and restored.outcome == replayed.outcome
                checked += 1
            game.choose(agent.choose(None, game.pending))
            k += 1
    assert checked > 40, checked


def test_copies_of_a_checkpoint_share_no_state():
    """Playing on one copy restored from a checkpoint changes neither the base nor another copy."""
    (game, agent), = _games([2])
    for _ in range(60):
        game.choose(agent.choose(None, game.pending))
    base = game.recording()
    before = base.describe_state(None)
    first, second = base.clone(), base.clone()
    run(first, RandomAgent(9))
    assert first.finished and base.describe_state(None) == before and second.describe_state(None) == before


def test_a_position_resumes_from_its_checkpoint_where_it_started():
    """A set-up position started in the main phase and stopped after three turns: a copy restored from
    its checkpoints (the first at the position's own phase) plays on like a replayed copy and stops
    after the same turn."""
    checked = 0
    for seed in range(3):
        game = scenario({"hand": ["cirno", "rumia", "master-spark"], "field": ["reimu"]},
                        {"hand": ["rumia"], "field": ["cirno"]}, phase="main", seed=seed, turns=3)
        agent = RandomAgent(seed)
        while game.pending is not None:
            base = game.recording()
            assert base._checkpoint is not None
            restored, replayed = base.clone(), game.clone()
            assert restored.view(0) == replayed.view(0) and restored.view(1) == replayed.view(1)
            run(restored, RandomAgent(checked))
            run(replayed, RandomAgent(checked))
            assert restored.transcript() == replayed.transcript() and restored.outcome == replayed.outcome
            assert restored.outcome is not None and restored.outcome.kind.name in ("SCENARIO", "DECK_OUT")
            checked += 1
            game.choose(agent.choose(None, game.pending))
    assert checked > 20, checked
