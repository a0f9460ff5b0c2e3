"""fuda.engine.core: decisions, the seeded generator, agents, the runner, replays, catalogues."""

from __future__ import annotations

import json
import random

import pytest

from fuda.engine.core import (
    RNG_VERSION,
    Catalogue,
    Clause,
    Decision,
    GameFinished,
    GreedyAgent,
    IllegalChoice,
    InvalidChoice,
    Option,
    RandomAgent,
    Replay,
    Rng,
    ScriptedAgent,
    ScriptError,
    coverage,
    derive,
    record,
    reproduce,
    run,
    scan_tests,
    seat_key,
    verify,
)

from .toy import Race


def test_rng_is_pinned_to_random_random_only():
    """fuda-rng-1 draws are int(random() * n) from random.Random(seed): the same on every Python."""
    rng = Rng(42)
    ref = random.Random(42)
    assert [rng.below(10) for _ in range(20)] == [int(ref.random() * 10) for _ in range(20)]
    assert RNG_VERSION == "fuda-rng-1"


def test_shuffle_is_our_fisher_yates():
    """shuffle is Fisher–Yates from the last index with j = int(random() * (i + 1))."""
    items = list(range(9))
    Rng(7).shuffle(items)
    ref, expect = random.Random(7), list(range(9))
    for i in range(8, 0, -1):
        j = int(ref.random() * (i + 1))
        expect[i], expect[j] = expect[j], expect[i]
    assert items == expect
    assert sorted(items) == list(range(9))


def test_seat_key_packs_seed_label_and_seat_without_collisions():
    """seat_key gives every (seed, label, seat) its own agent seed, negative seeds included."""
    keys = {seat_key(seed, label, seat) for seed in range(-300, 300) for label in ("agent", "greedy")
            for seat in range(4)}
    assert len(keys) == 600 * 2 * 4 and min(keys) >= 0
    with pytest.raises(ValueError):
        seat_key(1, "agent", 256)
    with pytest.raises(ValueError):
        seat_key(1, "nobody", 0)


def test_an_agents_stream_is_the_generator_seeded_with_its_seat_key():
    """A random agent of seat s in game g draws from random.Random(seat_key(g, "agent", s))."""
    agent = RandomAgent.for_seat(12, 1)
    ref = random.Random(seat_key(12, "agent", 1))
    assert [agent.rng.random() for _ in range(5)] == [ref.random() for _ in range(5)]


def test_derive_gives_independent_stable_seeds():
    """derive() is a pure function of its inputs and separates labels."""
    assert derive(1, "agent", 0) == derive(1, "agent", 0)
    assert len({derive(1, "agent", 0), derive(1, "agent", 1), derive(2, "agent", 0)}) == 3


def test_rng_refuses_non_integer_seeds():
    """A seed is an int (a float or string seed is not stable across versions)."""
    with pytest.raises(TypeError):
        Rng("7")


def test_one_pending_decision_with_player_kind_rule_and_ordered_ids():
    """A started game exposes one decision: player, kind, ordered option ids, picks, rule id."""
    game = Race(1).start()
    d = game.pending
    assert (d.player, d.kind, d.ids, d.min, d.max, d.rule) == (0, "add", ("1", "2"), 1, 1, "TOY-1")


def test_unknown_option_is_invalid():
    """An id that means nothing is an InvalidChoice listing the options."""
    game = Race(1).start()
    with pytest.raises(InvalidChoice, match="unknown option 'x'; options: 1, 2"):
        game.choose("x")


def test_wrong_count_is_invalid():
    """Too many picks is an InvalidChoice naming the expected count."""
    game = Race(1).start()
    with pytest.raises(InvalidChoice, match="pick 1 option"):
        game.choose("1", "2")


def test_known_but_forbidden_option_is_illegal():
    """A well-formed answer the rules forbid now is an IllegalChoice with the reason."""
    game = Race(1).start()
    with pytest.raises(IllegalChoice, match="'3' is not allowed now: at most 2 may be added"):
        game.choose("3")


def test_forbidden_combination_is_illegal():
    """Individually valid picks that may not go together are an IllegalChoice."""
    game = Race(0, target=100).start()
    run(game, ScriptedAgent([("add", "1")] * 4))
    assert game.pending.kind == "discard"
    with pytest.raises(IllegalChoice, match="a and c never go together"):
        game.choose("a", "c")
    game.choose(["a", "b"])
    assert game.log.of("discard")[-1].data["tokens"] == ["a", "b"]


def test_choice_after_the_end_is_refused():
    """Once the game is over, choose() raises GameFinished."""
    game = Race(1, target=2).start()
    run(game, RandomAgent(3))
    assert game.finished and game.pending is None
    with pytest.raises(GameFinished):
        game.choose("1")


def test_scripted_agent_fails_on_unexpected_decision_with_dump():
    """A decision of another kind than the script's next step fails with position and options."""
    game = Race(1).start()
    with pytest.raises(ScriptError) as err:
        run(game, ScriptedAgent([("discard", "a", "b")]))
    text = str(err.value)
    assert "expects discard a b" in text and "- 1" in text and "total" in text


def test_scripted_agent_fails_on_unused_steps():
    """Steps left when the game ends fail the run."""
    game = Race(0, target=2).start()
    with pytest.raises(ScriptError, match="step\\(s\\) unused"):
        run(game, ScriptedAgent([("add", "2"), ("add", "2"), ("add", "1")]))


def test_scripted_run_stops_with_the_decision_pending():
    """A script that runs out leaves the next decision pending for the test to inspect."""
    game = Race(0, target=50).start()
    agent = ScriptedAgent([(0, "add", "2"), (1, "add", "1")])
    result = run(game, agent)
    assert not result.finished and game.pending.player == 0 and agent.done


def test_random_agent_has_its_own_stream():
    """Two random agents with the same seed play the same game; the game's stream is separate."""
    a, b = Race(5).start(), Race(5).start()
    run(a, RandomAgent(9))
    run(b, RandomAgent(9))
    assert a.log.digest() == b.log.digest()
    c = Race(5).start()
    run(c, RandomAgent(10))
    assert c.log.events[0] == a.log.events[0]  # same chance outcome whatever the agent


def test_greedy_agent_uses_the_policy_registered_for_the_view():
    """GreedyAgent answers with the policy registered for the view's type (the first options when
    none is), and is given the view of the deciding seat, never the game."""
    from fuda.engine.core import policy
    from fuda.engine.core.agents import POLICIES

    from .toy import RaceView

    game = Race(0).start()
    run(game, GreedyAgent(0))
    assert game.finished and all(e.data["picks"][0] == "1" for e in game.log.decisions() if e.data["kind"] == "add")
    seen = []

    @policy(RaceView)
    def last(view, decision, rng):
        seen.append(view)
        return decision.ids[-decision.min or -1:] if decision.min > 1 else (decision.ids[-1],)

    try:
        game = Race(0).start()
        run(game, GreedyAgent(0))
    finally:
        POLICIES.pop(RaceView)
    assert seen and all(type(v) is RaceView for v in seen) and seen[0].seat == 0
    assert all(e.data["picks"][0] == "2" for e in game.log.decisions() if e.data["kind"] == "add")


def test_a_copy_plays_on_like_the_original_and_a_poked_game_refuses_to_copy():
    """clone()/deepcopy of a game in progress gives the same log and pending decision, and both play
    on alike with equal answers; a game whose state was changed outside the rules is a CloneError."""
    import copy

    from fuda.engine.core import CloneError

    game = Race(7, target=30).start()
    for _ in range(6):
        game.choose(RandomAgent(3).choose(None, game.pending))
    twin = copy.deepcopy(game)
    assert twin is not game and twin.log.digest() == game.log.digest() and twin.pending == game.pending
    run(game, RandomAgent(5))
    run(twin, RandomAgent(5))
    assert twin.log.digest() == game.log.digest() and twin.outcome == game.outcome
    poked = Race(7).start()
    poked.log.add("note", None, what="an event the rules never made")
    with pytest.raises(CloneError):
        poked.clone()


def test_the_outcome_is_typed():
    """A GameOver gives winners, a Termination and both languages; a flow that just returns ends
    as FLOW_END."""
    from fuda.engine.core import Termination

    game = Race(1).start()
    run(game, RandomAgent(2))
    out = game.outcome
    assert out.kind is Termination.POINTS and out.winners == (game.winner,) and out.ja.endswith("に到達")
    assert out.en == game.reason and out.text("en") == game.reason and out.text() == out.ja

    class Short(Race):
        def flow(self):
            yield Decision(0, "add", (Option("1"), Option("2")), "TOY-1")

    short = Short(0).start()
    short.choose("2")
    assert short.finished and short.outcome.kind is Termination.FLOW_END and short.outcome.draw


def test_every_decision_and_chance_outcome_is_logged():
    """The log holds the chance outcome and one decision event per answer."""
    game = Race(3).start()
    run(game, RandomAgent(1))
    assert game.log.events[0].kind == "chance"
    assert len(game.log.decisions()) == game.decisions
    assert game.log.events[-1].kind == "game-over"


def test_replay_reproduces_and_verifies(tmp_path):
    """A replay file (header, seed, decisions) plays the same game; verify finds no difference."""
    game = Race(11).start()
    run(game, RandomAgent(4))
    replay = record(game, "db123")
    path = tmp_path / "r.json"
    path.write_text(replay.dumps(), encoding="utf-8")
    loaded = Replay.load(path)
    assert loaded.seed == 11 and loaded.engine == "t1" and loaded.rng == RNG_VERSION

    def again(setup, seed):
        return Race(seed, **setup)

    assert reproduce(loaded, again).log.digest() == game.log.digest()
    assert verify(loaded, again, "db123") == []


def test_replay_verify_reports_differences():
    """A changed database digest or a tampered decision is reported."""
    game = Race(2).start()
    run(game, RandomAgent(4))
    doc = record(game, "db1").as_json()
    doc["decisions"][0][2] = ["2" if doc["decisions"][0][2] == ["1"] else "1"]
    problems = verify(Replay.from_json(json.loads(json.dumps(doc))), lambda s, seed: Race(seed, **s), "db2")
    assert any("database digest differs" in p for p in problems)
    assert any("differs" in p and "database" not in p for p in problems)


def test_catalogue_coverage_from_rule_marks(tmp_path):
    """scan_tests finds rule marks (function, class, module, parametrize) and coverage matches them."""
    (tmp_path / "test_x.py").write_text(
        "import pytest\n"
        "pytestmark = [pytest.mark.rule('X-1')]\n"
        "@pytest.mark.rule('X-2', 'X-9')\n"
        "def test_a():\n    pass\n"
        "class TestB:\n"
        "    @pytest.mark.parametrize('v', [pytest.param(1, marks=pytest.mark.rule('X-3'))])\n"
        "    def test_b(self, v):\n        pass\n",
        encoding="utf-8")
    cat = Catalogue("x", "test", (Clause("X-1", "a"), Clause("X-2", "b"), Clause("X-3", "c"),
                                  Clause("X-4", "d", waiver="cannot be tested"), Clause("X-5", "e")))
    report = coverage(cat, scan_tests([tmp_path], tmp_path))
    assert report.tests["X-2"] == ["test_x.py::test_a"]
    assert report.tests["X-3"] == ["test_x.py::TestB::test_b"]
    assert report.uncovered == ("X-5",)
    assert report.unknown == (("test_x.py::test_a", "X-9"),)


def test_every_clause_has_japanese_text():
    """Each engine's catalogue gives every clause in Japanese (and every interpretation too), so
    `fuda rules` can show Japanese first."""
    from fuda.engine import raise_blaze, recast_rift, ryomen, toho_tcg

    for module in (recast_rift, ryomen, toho_tcg, raise_blaze):
        for clause in module.CATALOGUE.clauses:
            assert clause.ja.strip(), f"{clause.id} has no Japanese text"
            assert bool(clause.interpretation) == bool(clause.ja_interpretation.strip()), clause.id
