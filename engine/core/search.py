"""``mcts``: an agent that thinks by information-set Monte Carlo tree search, for every game.

The method is single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 2012). For each decision it runs a number of *iterations*:

1. **Determinize.** Take a copy of the position in which what the seat cannot see is dealt
   again at random (:meth:`Position.sample`, the engine's :meth:`Game.determinize`): the
   opponent's hand and deck, the order of the seat's own deck, the chance events to come.
2. **Select.** From the root, while every answer the copy allows has been tried at this node,
   take the answer with the best UCB1 score, counting an answer's *availability* (the
   iterations in which it was legal) in place of the parent's visits, since an opponent's
   answers differ from one determinization to the next.
3. **Expand** one untried answer, then **play out** the copy: by default with the game's greedy
   policy for every seat (each seat's own view of the copy), or at random. A game that registers
   a position evaluation (``@evaluation(ViewType, horizon)``, two players) stops the playout
   after ``horizon`` decisions and scores the copy from the searching seat's view; otherwise
   the playout goes to the end of the game.
4. **Back up** the result: every node on the path counts a visit, and a win (½ for a draw; the
   evaluation's chance for a scored playout) for the player who chose the answer leading to it.

The game's greedy answer is the first the root tries, and the answer played is the root's most
visited — on a tie the better mean result, then the greedy answer, then option order; the search
stops early once no other answer can catch up. So an answer the search never visited is never
played over the greedy one, and a budget smaller than the answers (each tried once) plays the
greedy answer unless another won its playout where greedy's lost (before, such a tie went to the
first option in order, whatever the playouts said). Nodes are answers in sequence from the root, for whichever player decides; a decision
with many possible answers (several cards among many) is left to the greedy policy at the root
and answered at random below it.

Budget: ``mcts`` is 50 iterations with greedy playouts; ``mcts:200`` 200 iterations;
``mcts:200:random`` random playouts (cheaper, weaker); ``mcts:0.5s`` searches for half a second
of process time per decision. An iteration budget is deterministic for a given game seed and
seat; a time budget is not (the iterations done depend on the machine).

Why greedy playouts: measured on the sample decks (20 games, seats alternating), 50 iterations
with random playouts won 1 of 20 toho-tcg games against ``greedy`` — random play is too poor a
judge of a position there — and 60 with greedy playouts 15 of 20.

Why a horizon where a game has one: Recast Rift and RAISE×BLAZE games are long (11 and 35
turns between greedy players), so a playout to the end cost most of an iteration and its
result said little about the answer at the root; stopping after about two (Recast Rift) or four
(RAISE×BLAZE) turns and scoring life and board halved the cost of a game and turned RAISE×BLAZE
games that dragged on to a deck-out into wins on life. Copies are cheap there too: those engines
mark the top of each turn as a checkpoint (:mod:`engine.core.checkpoint`), so a copy replays
only the answers of the current turn.

What the agent may hold: a :class:`Position`, the seat's view and a way to draw determinized
copies. It never reads the real game's hidden cards: a copy's hidden cards are the sorted pool
re-dealt by the agent's own generator (see :mod:`engine.core.hidden`).
"""

from __future__ import annotations

import contextlib
import time
from itertools import combinations
from math import log, sqrt

from fuda.engine.core.agents import (
    AGENTS,
    EVALUATIONS,
    POLICIES,
    Agent,
    GreedyAgent,
    RandomAgent,
    first_options,
)
from fuda.engine.core.decision import Decision
from fuda.engine.core.game import Game
from fuda.engine.core.hidden import Position
from fuda.engine.core.rng import Rng, derive, seat_key
from fuda.engine.core.runner import GameStalled, run

#: the iterations of ``mcts`` with no budget given
DEFAULT_ITERATIONS = 50
#: the exploration constant of UCB1 (results are in [0, 1])
EXPLORATION = 0.7
#: decisions with more possible answers than this are not searched (greedy at the root, random below)
MAX_ANSWERS = 24
#: a playout longer than this many answers counts as a draw
PLAYOUT_LIMIT = 20_000


def answers(decision: Decision, limit: int = MAX_ANSWERS) -> list[tuple[str, ...]] | None:
    """Every legal answer to ``decision`` (sorted picks), or ``None`` when there are more than
    ``limit`` of them."""
    ids = [o.id for o in decision.options]
    hi = min(decision.max, len(ids))
    out: list[tuple[str, ...]]
    if decision.min <= 1 and hi == 1 and decision.combine is None:
        out = [(i,) for i in ids]
        if decision.min == 0:
            out.insert(0, ())
        return out if len(out) <= limit else None
    out = []
    for k in range(decision.min, hi + 1):
        for picks in combinations(ids, k):
            if decision.combine is None or decision.combine(picks) is None:
                out.append(picks)
                if len(out) > limit:
                    return None
    return out


class _Node:
    __slots__ = ("avail", "children", "player", "score", "visits")

    def __init__(self, player: int):
        self.player = player  # who chose the answer leading here
        self.children: dict[tuple[str, ...], _Node] = {}
        self.visits = 0
        self.score = 0.0
        self.avail = 0


def _settled(root: _Node, left: int) -> bool:
    """True when the most visited answer stays the most visited whatever the ``left``
    iterations to come do (they can add at most ``left`` visits to another answer)."""
    first = second = 0
    for child in root.children.values():
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


class MctsAgent(Agent):
    """Information-set Monte Carlo tree search (see the module docstring)."""

    name = "mcts"
    needs_position = True

    def __init__(self, seed: int = 0, iterations: int | None = DEFAULT_ITERATIONS, seconds: float | None = None,
                 playout: str = "greedy"):
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.playout = playout
        self.rng = Rng(seed)
        self.fallback = Rng(derive(seed, "greedy"))  # the greedy policy's tie-breaks (its own stream)
        self.iterations = iterations
        self.seconds = seconds
        self.decided = 0  # decisions searched (for the benchmark's rates)

    @classmethod
    def for_seat(cls, game_seed: int, seat: int, budget: str = "") -> MctsAgent:
        """An agent with a stream derived from the game's seed and the seat; ``budget`` is
        ``"200"`` (iterations) or ``"0.5s"`` (seconds of process time per decision), optionally
        followed by ``:greedy`` or ``:random`` (the playouts)."""
        seed = seat_key(game_seed, "mcts", seat)
        count, _, playout = budget.partition(":")
        playout = playout or "greedy"
        if playout in ("random", "greedy"):
            if not count:
                return cls(seed, playout=playout)
            with contextlib.suppress(ValueError):  # not a number: refused below
                if count.endswith("s"):
                    seconds = float(count[:-1])
                    if 0 < seconds < 3600:  # (NaN and infinity fail this too: a search must end)
                        return cls(seed, None, seconds, playout)
                elif int(count) > 0:
                    return cls(seed, int(count), None, playout)
        raise ValueError(f"mcts budget {budget!r}: give iterations (mcts:200) or seconds (mcts:0.5s)")

    def choose(self, position: Position, decision: Decision) -> tuple[str, ...]:
        legal = answers(decision)
        if legal is None:  # too many answers to search: the game's greedy policy
            fn = POLICIES.get(type(position.view), first_options)
            return tuple(fn(position.view, decision, self.rng))
        self.decided += 1
        scoring = EVALUATIONS.get(type(position.view))  # (evaluation, horizon) or None
        root = _Node(decision.player)
        rng = self.rng
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        done = 0
        iterations = self.iterations if self.iterations is not None else 0  # (None: a time budget, deadline set)
        first = self.greedy(position, decision, legal)  # tried first at the root; wins ties
        while (done < iterations) if deadline is None else (done == 0 or time.process_time() < deadline):
            self._iterate(root, position.sample(rng), rng, scoring, first)
            done += 1
            if deadline is None and _settled(root, iterations - done):
                break
        return self._answer(root, legal, first)

    @staticmethod
    def _answer(root: _Node, legal: list[tuple[str, ...]], first: tuple[str, ...] | None) -> tuple[str, ...]:
        """The root's most visited answer; a tie goes to the better mean result, then to ``first``
        (the greedy answer), then to option order; never an answer the search did not visit while
        one it did is there."""
        best, most = first if first is not None else legal[0], (0, 0.0, False)
        for picks in legal:
            child = root.children.get(picks)
            if child is not None:
                key = (child.visits, child.score / child.visits, picks == first)
                if key > most:
                    best, most = picks, key
        return best

    def greedy(self, position: Position, decision: Decision, legal: list[tuple[str, ...]]) -> tuple[str, ...] | None:
        """The game's greedy answer to ``decision`` as one of ``legal`` (picks in option order), or
        ``None`` when the policy's answer is not one of them."""
        fn = POLICIES.get(type(position.view), first_options)
        order = {o.id: k for k, o in enumerate(decision.options)}
        picks = tuple(fn(position.view, decision, self.fallback))
        if not all(p in order for p in picks):
            return None
        picks = tuple(sorted(picks, key=order.__getitem__))
        return picks if picks in legal else None

    def _iterate(self, root: _Node, game: Game, rng: Rng, scoring, first: tuple[str, ...] | None = None) -> None:
        node, path = root, []
        while game.pending is not None:
            decision = game.pending
            legal = answers(decision)
            if legal is None:  # not searched: a random answer, no node
                game.choose(RandomAgent(rng.below(1 << 62)).choose(None, decision))
                continue
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                picks = first if node is root and first is not None and first in untried else \
                    untried[rng.below(len(untried))]
                child = children[picks] = _Node(decision.player)
                child.avail = 1
                game.choose(picks)
                path.append(child)
                break
            best, value = legal[0], -1.0  # (every score is ≥ 0: the loop sets best)
            for a in legal:
                child = children[a]
                score = child.score / child.visits + EXPLORATION * sqrt(log(child.avail) / child.visits)
                if score > value:
                    best, value = a, score
            node = children[best]
            game.choose(best)
            path.append(node)
        if game.pending is not None:
            key = rng.below(1 << 62)
            agents = RandomAgent(key) if self.playout == "random" else \
                [GreedyAgent(derive(key, seat)) for seat in range(getattr(game, "n", 2))]
            # a playout that does not end counts as a draw, or is scored at the game's horizon
            with contextlib.suppress(GameStalled):
                run(game, agents, limit=PLAYOUT_LIMIT if scoring is None else scoring[1])
        if not game.finished and scoring is not None:
            seat = root.player  # the searching seat
            value = scoring[0](game.view(seat))  # the chance that ``seat`` wins (two players)
            for n in path:
                n.visits += 1
                n.score += value if n.player == seat else 1.0 - value
            return
        winners = game.outcome.winners if game.finished and game.outcome is not None else ()
        for n in path:
            n.visits += 1
            if n.player in winners:
                n.score += 1.0
            elif not winners:
                n.score += 0.5


AGENTS["mcts"] = MctsAgent
