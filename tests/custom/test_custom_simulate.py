"""fuda simulate on a game of your own: per-card rates (how often a card was played, and how
often its player then won), the same whichever way the games are split."""

from __future__ import annotations

import json

from fuda import load_database
from fuda.engine import custom as cu
from fuda.engine.core.tournament import add_cards
from fuda.simulation import simulate, table, write_outputs


def _sim(jobs: int = 1, chunk: int | None = None):
    game = load_database().game("hoshikage")
    registry = cu.build_registry(game)
    return game, simulate(game, cu, registry, games=40, seed=5, agents=("random", "greedy"), jobs=jobs, chunk=chunk)


def test_card_rates_count_each_card_once_a_seat_game():
    """Every card the games played has a rate; no card is played in more seat-games than there
    were, and the counts match a recount from each game's log."""
    game, sim = _sim()
    rates = sim.card_rates
    seat_games = 2 * sum(t.games for t in sim.tallies)
    assert rates and set(rates) <= {c.id for c in game.cards}
    for rate, share in rates.values():
        assert 0 < rate.games <= seat_games and 0 <= rate.value <= 1 and share == rate.games / seat_games


def test_card_rates_do_not_depend_on_chunks(tmp_path):
    """Chunks of 7 games and of 40 give the same per-card tallies and the same JSON bytes."""
    game, a = _sim(chunk=7)
    _, b = _sim(chunk=40)
    assert [t.cards for t in a.tallies] == [t.cards for t in b.tallies]
    one = write_outputs(tmp_path / "a", game, a, {})
    two = write_outputs(tmp_path / "b", game, b, {})
    assert [p.read_bytes() for p in one if p.suffix == ".json"] == [p.read_bytes() for p in two if p.suffix == ".json"]
    doc = json.loads(next(p for p in one if p.suffix == ".json").read_text(encoding="utf-8"))
    assert {c["card"] for c in doc["cards"]} == set(a.card_rates) and all("ci95" in c for c in doc["cards"])


def test_summary_names_the_cards_in_japanese():
    """The terminal summary lists cards by their printed names, highest win rate first."""
    game, sim = _sim()
    names = {c.id: c.name for c in game.cards}
    lines = table(sim, names)
    at = next(i for i, line in enumerate(lines) if "出した試合の勝率" in line or "per card" in line)
    listed = [line for line in lines[at + 1:] if line.strip() != "…"]
    assert listed and all(any(line.strip().startswith(n + ":") for n in names.values()) for line in listed)


def test_add_cards_merges_by_id():
    """Per-card tallies add up by card id, sorted."""
    assert add_cards((("b", 1, 1, 0),), (("a", 2, 0, 1), ("b", 3, 1, 1))) == (("a", 2, 0, 1), ("b", 4, 2, 1))
