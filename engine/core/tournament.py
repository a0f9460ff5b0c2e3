"""Round-robin simulations: every pairing of a game's entrants, many seeded games each.

Game-neutral: an engine module supplies ``entrants(registry)`` and ``new_game(registry,
setups, seed)``; this module plays the games (optionally in worker processes) and tallies a
win-rate matrix. Game seeds derive from the run's seed and the pairing, so a run is the same
with any number of jobs.
"""

from __future__ import annotations

from dataclasses import dataclass

from fuda.engine.core.agents import make_agent
from fuda.engine.core.rng import derive, derive_further
from fuda.engine.core.runner import run


@dataclass(frozen=True)
class Entrant:
    """One competitor: a key, a readable label, its setup, and where the setup comes from."""

    key: str
    label: str
    setup: object
    source: str = ""


@dataclass(frozen=True)
class PairingResult:
    """The games of entrant ``a`` against entrant ``b``: a's wins, b's wins, draws."""

    a: int
    b: int
    wins_a: int
    wins_b: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins_a + self.wins_b + self.draws


def play_pairing(module, registry, entrants, a: int, b: int, games: int, seed: int,
                 agents=("random", "random"), start: int = 0) -> PairingResult:
    """Play games ``start`` … ``start + games − 1`` of entrant a (seat 1) against entrant b
    (seat 2); game k's seed derives from ``seed``, both keys and k, so chunks add up exactly."""
    wins = [0, 0]
    draws = 0
    setups = (entrants[a].setup, entrants[b].setup)
    pairing = derive(seed, entrants[a].key, entrants[b].key)
    for k in range(start, start + games):
        game_seed = derive_further(pairing, k)  # = derive(seed, key a, key b, k)
        game = module.new_game(registry, setups, game_seed)
        run(game, [make_agent(agents[0], game_seed, 0), make_agent(agents[1], game_seed, 1)])
        if game.winner is None:
            draws += 1
        else:
            wins[game.winner] += 1
    return PairingResult(a, b, wins[0], wins[1], draws)


def merge(results) -> list[PairingResult]:
    """Add up chunks of the same pairing."""
    total: dict = {}
    for r in results:
        w = total.get((r.a, r.b), (0, 0, 0))
        total[(r.a, r.b)] = (w[0] + r.wins_a, w[1] + r.wins_b, w[2] + r.draws)
    return [PairingResult(a, b, *w) for (a, b), w in sorted(total.items())]


def pairings(n: int) -> list[tuple[int, int]]:
    """Every pairing (a, b) with a ≤ b (mirror matches included)."""
    return [(a, b) for a in range(n) for b in range(a, n)]


def win_matrix(n: int, results) -> list[list[float | None]]:
    """rate[i][j]: the share of games entrant i won against j (draws count half)."""
    rate: list[list[float | None]] = [[None] * n for _ in range(n)]
    for r in results:
        if not r.games:
            continue
        rate[r.a][r.b] = (r.wins_a + r.draws / 2) / r.games
        if r.a != r.b:
            rate[r.b][r.a] = (r.wins_b + r.draws / 2) / r.games
    return rate
