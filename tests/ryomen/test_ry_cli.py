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


@R("RY-MULTI-6")
def test_play_tag_seats_two_teams_and_replays(tmp_path):
    """--tag with four decks plays seats 1 & 3 against 2 & 4; the result names the team; it replays."""
    log = tmp_path / "tag.json"
    args = [a for d in DECKS for a in ("--deck", d)]
    result = invoke("play", "ryomen", *args, "--tag", "--seed", "3", "--agents", "random", "--log", str(log), "-q")
    assert result.exit_code == 0, result.output
    doc = json.loads(log.read_text(encoding="utf-8"))
    assert doc["setup"]["tag"] is True
    line = next(x for x in result.output.splitlines() if x.startswith("result:"))
    assert line.startswith(("result: team 1 (players 1 & 3: scarlet-night, scarlet-gate)",
                            "result: team 2 (players 2 & 4: ghost-spring, ghost-hakugyokurou)", "result: draw"))
    verified = invoke("play", "ryomen", "--replay", str(log), "--verify", "-q")
    assert verified.exit_code == 0 and "verified" in verified.output


def test_play_tag_needs_four_decks_and_a_game_with_teams():
    """--tag with two decks, or for a game without tag matches, is a one-line usage error."""
    two = invoke("play", "ryomen", "--deck", DECKS[0], "--deck", DECKS[1], "--tag")
    assert two.exit_code == 2 and "--tag needs four decks" in two.output
    rr = invoke("play", "recast-rift", "--deck", "reimu-marisa", "--deck", "sakuya-youmu", "--tag")
    assert rr.exit_code == 2 and "has no tag matches" in rr.output


@R("RY-MATCH-1", "RY-MATCH-2")
@pytest.mark.parametrize("games", [3, 4])
def test_match_prints_every_game_and_writes_the_same_result_as_json(games, tmp_path):
    """fuda match plays the format's games and prints a line per game and the match result, the same as its JSON."""
    out = tmp_path / "match.json"
    args = ("match", "ryomen", "--deck", DECKS[0], "--deck", DECKS[1], "--games", str(games), "--seed", "5",
            "--agents", "random", "--json", str(out))
    result = invoke(*args)
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    lines = result.output.splitlines()
    assert len([x for x in lines if x.startswith("game ")]) == len(doc["games"])
    assert doc["format"] == ("best-of-3" if games == 3 else "4-game")
    if games == 4:
        assert len(doc["games"]) == 4 and [g["first"] for g in doc["games"]] == [0, 1, 0, 1]
    winner = "draw" if doc["winner"] is None else f"player {doc['winner'] + 1} ({DECKS[doc['winner']]})"
    summary = next(x for x in lines if x.startswith("match ("))
    assert f": {winner} — " in summary and "–".join(map(str, doc["points"])) + " in points" in summary
    assert invoke(*args).output == result.output  # the seed fixes the match


def test_match_refuses_a_game_without_match_formats_and_unknown_formats():
    """A game without match formats, or no games at all, is a one-line usage error."""
    rr = invoke("match", "recast-rift", "--deck", "reimu-marisa", "--deck", "sakuya-youmu")
    assert rr.exit_code == 2 and "has no match formats" in rr.output
    for bad in ("0", "100"):
        refused = invoke("match", "ryomen", "--deck", DECKS[0], "--deck", DECKS[1], "--games", bad)
        assert refused.exit_code == 2 and "1–99 games" in refused.output
