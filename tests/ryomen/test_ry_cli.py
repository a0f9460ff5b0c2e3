"""``fuda play ryomen`` seats two, three or four players, and its games replay exactly."""

from __future__ import annotations

import json

import pytest

from ..engine.cli import invoke

R = pytest.mark.rule
DECKS = ("scarlet-night", "ghost-spring", "scarlet-gate", "ghost-hakugyokurou")


@R("RY-MULTI-1")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_seats_two_to_four_players_and_replays(players, tmp_path):
    """One --deck per player plays a whole game for 2–4 players; its replay verifies."""
    log = tmp_path / "game.json"
    args = [a for d in DECKS[:players] for a in ("--deck", d)]
    result = invoke("play", "ryomen", *args, "--seed", "9", "--agents", "random", "--log", str(log), "-q")
    assert result.exit_code == 0, result.output
    doc = json.loads(log.read_text(encoding="utf-8"))
    assert [p["deck"] for p in doc["setup"]["players"]] == list(DECKS[:players])
    verified = invoke("play", "ryomen", "--replay", str(log), "--verify", "-q")
    assert verified.exit_code == 0 and "verified" in verified.output


def test_play_with_five_decks_is_a_usage_error():
    """Five decks are more seats than the game has: one line, exit 2."""
    args = [a for d in (*DECKS, DECKS[0]) for a in ("--deck", d)]
    result = invoke("play", "ryomen", *args)
    assert result.exit_code == 2
    assert "give 2, 3 or 4 decks" in result.output


def test_two_player_games_refuse_a_third_deck():
    """Recast Rift seats two players only: a third --deck is a usage error."""
    result = invoke("play", "recast-rift", "--deck", "reimu-marisa", "--deck", "sakuya-youmu",
                    "--deck", "marisa-sakuya")
    assert result.exit_code == 2 and "give 2 decks" in result.output
