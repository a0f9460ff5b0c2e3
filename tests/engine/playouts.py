"""Seeded playouts every engine's ``test_*_playouts.py`` runs over its sample decks.

A :class:`Sample` deals games of one engine from its sample registry; the functions play many of
them with the core's agents and runner, so "invariants hold at every decision", "a replay
reproduces" and "a seed fixes the game" mean the same for all four games. Each game keeps its
own ``problems(game)`` (its invariants) and its own thresholds. :func:`act` plays the scripted
line of a conformance test.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import product
from types import ModuleType

from fuda.engine.core import (
    Replay,
    ScriptedAgent,
    make_agent,
    record,
    reproduce,
    run,
    verify,
)


@dataclass(frozen=True)
class Sample:
    """The sample decks of one engine (``module``: new_game, setup_from_deck, setup_from_json)."""

    module: ModuleType
    registry: Callable[[], object]  # the suite's cached ``sample_registry``

    def pairs(self) -> list[tuple[str, str]]:
        """Every ordered pairing of the sample decks (mirror matches included)."""
        return list(product([d.id for d in self.registry().game.decks], repeat=2))

    def new(self, seed: int, pair):
        """A new game of the decks ``pair`` with ``seed``."""
        reg = self.registry()
        return self.module.new_game(reg, [self.module.setup_from_deck(reg.game.deck(d)) for d in pair], seed)

    def again(self, setup_doc, seed: int):
        """A new game from a replay's recorded setup (for reproduce / verify)."""
        return self.module.new_game(self.registry(), self.module.setup_from_json(setup_doc), seed)


def play(game, agents: tuple[str, str], seed: int, on_decision=None):
    """Run ``game`` to its end with the named agents seeded by ``seed``; returns the game."""
    run(game, [make_agent(agents[0], seed, 0), make_agent(agents[1], seed, 1)], on_decision=on_decision)
    return game


def act(game, *steps):
    """Answer decisions with a strict scripted agent (every step must be used); returns game."""
    agent = ScriptedAgent(steps)
    run(game, agent)
    agent.check_done(game)
    return game


def mixed_agents(seed: int) -> tuple[str, str]:
    """random/greedy in all four seatings as the seed goes on."""
    return ("random", "greedy")[seed % 2], ("random", "greedy")[(seed // 2) % 2]


def decision_problems(game) -> list[str]:
    """The pending decision has a legal answer, and one is pending until the game is over."""
    d = game.pending
    if d is not None and (not d.options or len(d.options) < d.min or d.max < d.min):
        return [f"decision {d.kind} has no legal answer: {d.describe()}"]
    if d is None and not game.finished:
        return ["no decision pending but the game is not over"]
    return []


def checked_playouts(sample: Sample, seeds: Iterable[int], problems: Callable[[object], list[str]]) -> Iterator:
    """Play a game per seed (pairings in turn, :func:`mixed_agents`), asserting ``problems(game)``
    is empty at every decision and at the end, and that the game finished; yields each game."""
    pairs = sample.pairs()

    def check(game, decision, picks):
        bad = problems(game)
        assert not bad, f"seed {game.seed}: {bad}"

    for seed in seeds:
        game = play(sample.new(seed, pairs[seed % len(pairs)]), mixed_agents(seed), seed, on_decision=check)
        assert game.finished and not problems(game), f"seed {seed}: {problems(game)}"
        yield game


def random_playouts(sample: Sample, count: int, first_seed: int) -> Iterator:
    """``count`` random-vs-random games seeded ``first_seed``, ``first_seed + 1``, ... (pairings in
    turn); yields each finished game."""
    pairs = sample.pairs()
    for k in range(count):
        yield play(sample.new(first_seed + k, pairs[k % len(pairs)]), ("random", "random"), k)


def assert_replay_reproduces(game, again, digest: str = "d" * 64) -> Replay:
    """The game's replay, through JSON, plays back to the same log and winner and verifies."""
    replay = Replay.from_json(json.loads(record(game, digest).dumps()))
    back = reproduce(replay, again)
    assert back.log.digest() == replay.log_digest == game.log.digest() and back.winner == game.winner
    assert verify(replay, again, digest) == []
    return replay


def assert_same_seed_same_game(sample: Sample, pair) -> None:
    """Equal seeds and agents give equal logs; another seed gives another."""
    a, b, c = (play(sample.new(seed, pair), ("random", "random"), 1) for seed in (5, 5, 6))
    assert a.log.digest() == b.log.digest() != c.log.digest()


def greedy_wins(sample: Sample, seeds: Iterable[int], pairs) -> int:
    """Games the greedy agent wins against random play, seated at ``seed % 2``."""
    wins = 0
    for seed in seeds:
        seat = seed % 2
        agents = ["random", "random"]
        agents[seat] = "greedy"
        game = play(sample.new(seed, pairs[seed % len(pairs)]), tuple(agents), seed)
        wins += game.winner == seat
    return wins


def advance(game, agents, steps: int):
    """Answer ``steps`` decisions of ``game`` (started if needed) with ``agents`` (one per seat),
    each given its seat's view, and return the game (it may end earlier)."""
    from fuda.engine.core import ask

    if game._flow is None:
        game.start()
    for _ in range(steps):
        if game.pending is None:
            break
        game.choose(*ask(agents[game.pending.player], game, game.pending))
    return game


def assert_copy_plays_on(sample: Sample, seeds: Iterable[int], cut: int = 25, copy=None) -> None:
    """For each seed: a game played ``cut`` decisions in, copied (``copy.deepcopy`` unless
    ``copy`` is given), then both played on by equally seeded agents → the same log, winner and
    decision count; the copy's log up to the cut is the original's."""
    import copy as copying

    copy = copy or copying.deepcopy
    pairs = sample.pairs()
    for seed in seeds:
        kinds = mixed_agents(seed)
        game = advance(sample.new(seed, pairs[seed % len(pairs)]), [make_agent(k, seed, p) for p, k in enumerate(kinds)],
                       cut + seed % 7)
        twin = copy(game)
        assert twin is not game and twin.log.digest() == game.log.digest() and twin.pending == game.pending
        for g in (game, twin):
            run(g, [make_agent(k, seed + 1, p) for p, k in enumerate(kinds)])
        assert twin.log.digest() == game.log.digest(), f"seed {seed}: the copy played on differently"
        assert (twin.winner, twin.decisions, twin.outcome) == (game.winner, game.decisions, game.outcome)


def assert_fast_loop_agrees(sample: Sample, count: int, first_seed: int = 0) -> None:
    """``count`` random games run through the runner's inlined fast loop and through its plain
    loop (an ``on_decision`` hook turns the fast loop off) give the same full log, game by game."""
    pairs = sample.pairs()
    for k in range(count):
        seed = first_seed + k
        fast = play(sample.new(seed, pairs[k % len(pairs)]), ("random", "random"), seed)
        slow = play(sample.new(seed, pairs[k % len(pairs)]), ("random", "random"), seed,
                    on_decision=lambda game, decision, picks: None)
        assert fast.log.as_json() == slow.log.as_json(), f"seed {seed}: the fast loop and the plain loop differ"


def assert_reading_changes_nothing(sample: Sample, seeds: Iterable[int], cut: int = 20) -> None:
    """For each seed: a game whose every seat's view, seat dump and seat transcript (and the full
    dump) are read ``cut`` decisions in, then played on, logs exactly what the same game never
    read logs — reading state never changes a game."""
    from fuda.engine.core import GreedyAgent

    pairs = sample.pairs()
    for seed in seeds:
        games = []
        for read in (True, False):
            game = sample.new(seed, pairs[seed % len(pairs)])
            seats = len(getattr(game, "hand", ())) or 2
            advance(game, [GreedyAgent(seed + p) for p in range(seats)], cut)
            if read:
                before, dump = game.log.digest(), game.describe_state()
                for seat in range(seats):
                    game.view(seat), game.describe_state(seat), game.transcript(seat)
                game.transcript()
                assert game.log.digest() == before and game.describe_state() == dump
            run(game, [GreedyAgent(seed + p) for p in range(seats)])
            games.append(game)
        assert games[0].log.digest() == games[1].log.digest(), f"seed {seed}: reading changed the game"
