"""Lint on a game of your own: the numbers an ability's text prints agree with its data (AGR006),
so a card whose text and effect drifted apart is caught before it is printed."""

from __future__ import annotations

import shutil

import pytest

from fuda import load_database
from fuda.database.resources import cards_dir
from fuda.lint import lint


def _codes(folder, code="AGR006"):
    return [d for d in lint(load_database([folder]), fit=False) if d.code == code]


@pytest.mark.parametrize("game", ["hoshikage", "kenbu"])
def test_bundled_custom_games_agree(game):
    """Every ability of the bundled custom games prints the numbers its data has."""
    assert _codes(cards_dir() / game) == []


@pytest.mark.parametrize("wrong, right, said", [
    ("カードを３枚引き、その後、手札を１枚捨てる。", "カードを２枚引き、その後、手札を１枚捨てる。", "the text says 3, the data has 2"),
    ("あなたの精霊１体の力を、この手番の間＋４する。", "あなたの精霊１体の力を、この手番の間＋３する。", "the text says 4, the data has 3"),
    ("力が３以下の精霊１体を捨て札に置く。", "力が２以下の精霊１体を捨て札に置く。", "the text says 3, the data has 2"),
])
def test_a_number_that_drifted_is_agr006(tmp_path, wrong, right, said):
    """The ability text planted with another number than its data is reported at that number."""
    folder = tmp_path / "db" / "hoshikage"
    shutil.copytree(cards_dir() / "hoshikage", folder)
    path = folder / "charms.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count(right) == 2  # the card text and its ability's text
    head, _, tail = text.rpartition(right)
    path.write_text(head + wrong + tail, encoding="utf-8")  # the ability's text only
    found = _codes(folder)
    assert len(found) == 1 and said in found[0].message
    line = path.read_text(encoding="utf-8").splitlines()[found[0].location.line - 1]
    assert line[found[0].location.col - 1] in "３４"
