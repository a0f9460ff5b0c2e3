"""Replay files edited by hand or cut short, for every engine: ``fuda play --replay`` answers with
one located line (file:line:col), exit 1, never a traceback."""

from __future__ import annotations

import json
import re

import pytest

from fuda import load_database

from . import cli

GAMES = ("recast-rift", "ryomen", "raise-blaze", "toho-tcg")
LOCATED = re.compile(r"^fuda: error: (?P<path>.+?):(?P<line>\d+):(?P<col>\d+): (?P<what>.+)$")


@pytest.fixture(scope="module")
def decks():
    """Two sample deck ids per game (the first deck twice)."""
    db = load_database()
    return {g: (db.game(g).decks[0].id,) * 2 for g in GAMES}


@pytest.fixture(scope="module")
def card_ids():
    """The card ids of each game."""
    db = load_database()
    return {g: {c.id for c in db.game(g).cards} for g in GAMES}


def _one_located_line(game: str, path) -> tuple[int, str]:
    result = cli.invoke("play", game, "--replay", str(path), "-q")
    text = result.output.strip()
    assert result.exit_code == 1, text
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    m = LOCATED.match(text)
    assert m and m["path"] == str(path), text
    return int(m["line"]), m["what"]


@pytest.mark.parametrize("game", GAMES)
def test_a_hand_edited_or_cut_replay_is_one_located_line(game, decks, card_ids, tmp_path):
    """A replay cut in half, one with a decision's pick edited, and one with an unknown card in its
    setup each fail with exit 1 and one line naming the file, the line of the fault and what is
    wrong."""
    log = tmp_path / "game.json"
    cli.play_and_verify(game, decks[game], log)
    text = log.read_text(encoding="utf-8")
    doc = json.loads(text)

    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2], encoding="utf-8")
    line, what = _one_located_line(game, cut)
    assert "not JSON" in what and 1 < line <= text[: len(text) // 2].count("\n") + 1

    k = len(doc["decisions"]) // 2
    doc["decisions"][k][2] = ["no-such-option"]
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    line, what = _one_located_line(game, edited)
    assert what.startswith(f"decision {k + 1} no longer fits the game")
    lines = edited.read_text(encoding="utf-8").splitlines()
    assert lines[line - 1].strip() == "[" and "no-such-option" in "".join(lines[line - 1: line + 6])

    doc = json.loads(text)
    setup = json.dumps(doc["setup"], ensure_ascii=False)
    first_card = next(m for m in re.findall(r'"([^"]+)"', setup) if m in card_ids[game])
    doc["setup"] = json.loads(setup.replace(f'"{first_card}"', '"no-such-card"', 1))
    bad_setup = tmp_path / "setup.json"
    bad_setup.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    line, what = _one_located_line(game, bad_setup)
    assert "setup" in what or "decision" in what
    assert line > 1
