"""The search agent (``mcts``): determinizations a seat cannot tell from the game, and a search
that is reproducible, legal and stronger than chance."""

from __future__ import annotations

import pytest

from fuda import load_database
from fuda.engine import raise_blaze as rb
from fuda.engine import recast_rift as rr
from fuda.engine import ryomen as ry
from fuda.engine import toho_tcg as tt
from fuda.engine.core import MctsAgent, Pool, RandomAgent, Rng, make_agent, redeal, run
from fuda.engine.core.decision import Decision, option
from fuda.engine.core.search import answers

GAMES = [(rr, "recast-rift"), (ry, "ryomen"), (rb, "raise-blaze"), (tt, "toho-tcg")]
IDS = [g for _, g in GAMES]


def _setups(module, game_id):
    registry = module.build_registry(load_database().game(game_id))
    decks = registry.game.decks
    return registry, (module.setup_from_deck(decks[0]), module.setup_from_deck(decks[-1]))


def _positions(module, game_id, seeds=range(4), every=3):
    """Positions along random games (every ``every``-th decision), as live games."""
    registry, setups = _setups(module, game_id)
    for seed in seeds:
        game = module.new_game(registry, setups, seed).start()
        agent = RandomAgent(seed)
        k = 0
        while game.pending is not None:
            if k % every == 0:
                yield game
            game.choose(agent.choose(None, game.pending))
            k += 1


def _state(game) -> tuple:
    """Everything a game holds that matters for play, as seen by every seat and by nobody."""
    return (game.describe_state(None), *(game.view(s) for s in range(getattr(game, "n", 2))))


@pytest.mark.parametrize(("module", "game_id"), GAMES, ids=IDS)
def test_determinize_keeps_the_seat_view(module, game_id):
    """A determinized copy shows the seat exactly the view the real game shows it."""
    checked = 0
    for game in _positions(module, game_id):
        for seat in (0, 1):
            twin = game.clone()
            twin.determinize(seat, Rng(checked))
            assert twin.view(seat) == game.view(seat), (game_id, game.seed, len(game.log))
            checked += 1
    assert checked > 40


@pytest.mark.parametrize(("module", "game_id"), GAMES, ids=IDS)
def test_determinize_deals_hidden_cards_again(module, game_id):
    """Determinized copies differ from the real game in what the seat cannot see (often)."""
    differ = total = 0
    for game in _positions(module, game_id):
        seat = 0
        twin = game.clone()
        twin.determinize(seat, Rng(total))
        total += 1
        differ += twin.describe_state(None) != game.describe_state(None)
    assert differ > total // 3, (differ, total)


@pytest.mark.parametrize(("module", "game_id"), GAMES, ids=IDS)
def test_determinize_ignores_where_hidden_cards_really_are(module, game_id):
    """Two games that differ only in hidden cards give the same determinization from the same
    generator: a sample reads the seat's knowledge, never the real arrangement."""
    compared = 0
    for game in _positions(module, game_id, seeds=range(2), every=5):
        seat = 1
        real = game.clone()
        other = game.clone()
        other.determinize(seat, Rng(99))  # another arrangement of what seat 1 cannot see
        assert other.view(seat) == real.view(seat)
        real.determinize(seat, Rng(7))
        other.determinize(seat, Rng(7))
        assert _state(real) == _state(other), (game_id, game.seed, len(game.log))
        compared += 1
    assert compared > 5


def test_redeal_puts_restricted_cards_only_where_they_fit():
    """A slot with a test (a face-down spell zone) is dealt only a card passing it."""
    hand, spells = ["f1", "f2", "s1"], ["s2"]
    pool = Pool.of(hand) + Pool(((spells, 0),), (lambda c: c.startswith("s"),))
    for seed in range(30):
        redeal(pool, Rng(seed))
        assert spells[0].startswith("s")
        assert sorted(hand + spells) == ["f1", "f2", "s1", "s2"]


def test_answers_lists_every_legal_pick_or_none_when_too_many():
    """Single picks, optional picks and combinations are listed; a large choice is not."""
    opts = tuple(option(f"o{i}") for i in range(4))
    assert answers(Decision(0, "k", opts, "R")) == [("o0",), ("o1",), ("o2",), ("o3",)]
    assert answers(Decision(0, "k", opts, "R", min=0, max=1))[0] == ()
    pairs = answers(Decision(0, "k", opts, "R", min=2, max=2))
    assert len(pairs) == 6 and ("o0", "o3") in pairs
    no_o0 = Decision(0, "k", opts, "R", min=2, max=2, combine=lambda p: "no" if "o0" in p else None)
    assert len(answers(no_o0)) == 3
    many = tuple(option(f"o{i}") for i in range(12))
    assert answers(Decision(0, "k", many, "R", min=3, max=3)) is None


def test_agent_names_and_budgets():
    """``mcts``, ``mcts:N``, ``mcts:Xs`` and ``mcts:N:greedy`` make agents; bad budgets are refused."""
    assert isinstance(make_agent("mcts", 1, 0), MctsAgent)
    agent = make_agent("mcts:12", 1, 0)
    assert agent.iterations == 12 and agent.seconds is None
    agent = make_agent("mcts:0.25s", 1, 1)
    assert agent.seconds == 0.25 and agent.iterations is None
    assert make_agent("mcts:8:greedy", 1, 0).playout == "greedy"
    for bad in ("mcts:0", "mcts:-3", "mcts:x", "mcts:0s", "mcts:infs", "mcts:nans", "mcts:5:clever", "mcts::x",
                "greedy:5"):
        with pytest.raises(ValueError):
            make_agent(bad, 1, 0)


@pytest.mark.parametrize(("module", "game_id"), GAMES, ids=IDS)
def test_mcts_plays_whole_games_reproducibly(module, game_id):
    """Two runs of the same seeded game with mcts give the same log, event for event."""
    registry, setups = _setups(module, game_id)
    logs = []
    for _ in range(2):
        game = module.new_game(registry, setups, 11)
        run(game, [make_agent("mcts:6", 11, 0), make_agent("greedy", 11, 1)])
        assert game.finished
        logs.append(game.log.answers())
    assert logs[0] == logs[1]


@pytest.mark.slow
def test_mcts_beats_random_at_ryomen():
    """Even a small search wins most games against random answers (seats alternate)."""
    registry, setups = _setups(ry, "ryomen")
    wins = 0
    for k in range(10):
        seat = k % 2
        game = ry.new_game(registry, setups, 500 + k)
        names = ["random", "random"]
        names[seat] = "mcts:30"
        run(game, [make_agent(n, 500 + k, i) for i, n in enumerate(names)])
        wins += seat in game.outcome.winners
    assert wins >= 8, wins


def test_ryomen_determinize_hides_every_other_player_at_a_table_of_four():
    """At a four-player ryomen table every other player's unseen pairings are dealt again and
    each seat's view is kept; mcts finishes such a game."""
    registry = ry.build_registry(load_database().game("ryomen"))
    decks = registry.game.decks
    setups = [ry.setup_from_deck(decks[k % len(decks)]) for k in range(4)]
    game = ry.new_game(registry, setups, 3).start()
    agent = RandomAgent(3)
    checked = 0
    while game.pending is not None:
        for seat in range(4):
            twin = game.clone()
            twin.determinize(seat, Rng(checked))
            assert twin.view(seat) == game.view(seat)
            checked += 1
        game.choose(agent.choose(None, game.pending))
    assert checked > 20
    game = ry.new_game(registry, setups, 4)
    run(game, [make_agent("mcts:5", 4, 0)] + [make_agent("greedy", 4, s) for s in (1, 2, 3)])
    assert game.finished


@pytest.mark.slow
def test_simulation_with_mcts_is_the_same_on_one_or_two_processes():
    """A seeded simulation with mcts gives identical tallies with --jobs 1 and --jobs 2."""
    from fuda.engine.games import engine_for, registry_for
    from fuda.simulation import simulate

    game = load_database().game("ryomen")
    module, registry = engine_for(game.rules), registry_for(game)
    runs = [simulate(game, module, registry, games=1, seed=5, agents=("mcts:4", "greedy"), jobs=jobs)
            for jobs in (1, 2)]
    assert runs[0].tallies == runs[1].tallies
    assert sum(t.games for t in runs[0].tallies) >= 16
    assert "mcts:4" in runs[0].agent_rates


SCORED = [(rr, "recast-rift"), (rb, "raise-blaze")]


@pytest.mark.parametrize(("module", "game_id"), SCORED, ids=[g for _, g in SCORED])
def test_evaluations_are_chances_that_the_two_seats_share(module, game_id):
    """A registered position evaluation gives each seat a chance in (0, 1), and once the game has
    begun the two seats' chances add up to 1 (it reads only open counts both views share)."""
    from fuda.engine.core.agents import EVALUATIONS

    checked = 0
    for game in _positions(module, game_id, seeds=range(2)):
        fn, horizon = EVALUATIONS[type(game.view(0))]
        assert horizon > 0
        if game.turn < 1:
            continue
        a, b = fn(game.view(0)), fn(game.view(1))
        assert 0 < a < 1 and 0 < b < 1
        assert a + b == pytest.approx(1.0), (game_id, game.seed, len(game.log))
        checked += 1
    assert checked > 10


def test_raise_blaze_evaluation_prefers_a_life_lead():
    """Of two RAISE×BLAZE positions that differ in life cards only, the seat with more life
    cards is judged likelier to win."""
    from fuda.engine.raise_blaze.greedy import standing

    for game in _positions(rb, "raise-blaze", seeds=(5,), every=7):
        if game.turn < 2 or len(game.life[0]) < 2:
            continue
        before = standing(game.view(0))
        game.life[0].pop()  # (a test's poke: this position is not played on)
        assert standing(game.view(0)) < before
        return
    raise AssertionError("no position with two life cards")


def test_search_scores_playouts_at_the_horizon(monkeypatch):
    """Where the game registers an evaluation, every playout stops at its horizon: a search of
    the first decision plays no more than the horizon's decisions past the tree."""
    from fuda.engine.core import search
    from fuda.engine.core.agents import EVALUATIONS

    registry, setups = _setups(rb, "raise-blaze")
    game = rb.new_game(registry, setups, 3).start()
    _, horizon = EVALUATIONS[type(game.view(0))]
    played = []
    real_run = search.run

    def counting_run(copy, agents, limit):
        before = copy.decisions
        try:
            return real_run(copy, agents, limit=limit)
        finally:
            played.append((copy.decisions - before, limit))

    monkeypatch.setattr(search, "run", counting_run)
    agent = make_agent("mcts:20", 3, game.pending.player)
    agent.choose(search.Position(game, game.pending.player), game.pending)
    assert played and all(limit == horizon and n <= horizon + 1 for n, limit in played), played


@pytest.mark.parametrize(("module", "game_id"), [(rb, "raise-blaze"), (tt, "toho-tcg"), (rr, "recast-rift")],
                         ids=["raise-blaze", "toho-tcg", "recast-rift"])
def test_answers_the_search_never_visited_fall_back_to_greedy(module, game_id):
    """The greedy answer is the first the search tries and an answer it never visited is never played over
    it: with one iteration mcts plays the greedy policy's answer, not the option it happened to try
    (checked where greedy's answer is not the first option)."""
    from fuda.engine.core.agents import POLICIES
    from fuda.engine.core.search import Position

    checked = away_from_first = 0
    for game in _positions(module, game_id, seeds=range(3), every=4):
        decision = game.pending
        legal = answers(decision)
        if legal is None or len(legal) < 3:
            continue
        view = game.view(decision.player)
        policy = POLICIES[type(view)]
        greedy = {tuple(sorted(policy(view, decision, Rng(s)), key=decision.ids.index)) for s in range(3)}
        if len(greedy) != 1:  # a tie the policy breaks at random: no single greedy answer
            continue
        agent = MctsAgent(7, iterations=1)
        assert agent.choose(Position(game, decision.player), decision) == next(iter(greedy)), (game_id, game.seed)
        checked += 1
        away_from_first += next(iter(greedy)) != legal[0]
    assert checked > 10 and away_from_first > 3, (checked, away_from_first)


def test_ties_at_the_root_go_to_the_better_result_then_to_greedy():
    """Answers tried once each: one that won its playout beats greedy's that lost; among equal results
    greedy's answer wins, and more visits beat both."""
    from fuda.engine.core.search import _Node

    def root(**results):
        node = _Node(0)
        for name, (visits, score) in results.items():
            child = node.children[(name,)] = _Node(0)
            child.visits, child.score, child.avail = visits, score, visits
        return node

    legal = [("a",), ("b",), ("g",)]
    assert MctsAgent._answer(root(a=(1, 0.0), b=(1, 0.0), g=(1, 0.0)), legal, ("g",)) == ("g",)
    assert MctsAgent._answer(root(a=(1, 0.0), b=(1, 1.0), g=(1, 0.0)), legal, ("g",)) == ("b",)
    assert MctsAgent._answer(root(a=(3, 1.0), g=(2, 2.0)), legal, ("g",)) == ("a",)
    assert MctsAgent._answer(root(a=(1, 0.0)), legal, ("g",)) == ("a",)  # greedy's answer never tried: a visited one
    assert MctsAgent._answer(root(), legal, ("g",)) == ("g",)
    assert MctsAgent._answer(root(a=(1, 0.0), b=(1, 0.0)), legal, None) == ("a",)
