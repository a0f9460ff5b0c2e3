"""50 new correct cards per game, written in each game's style (tests/lint_fixtures/, not the
sample's own cards): every one is valid for its schema and lint, with every rule on, finds
nothing in it — no noise on correct text."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from fuda import load_database
from fuda.database.load import _build_cards
from fuda.database.schemas import schema_name, validate_document
from fuda.database.yamlfile import read_yaml
from fuda.lint import lint
from fuda.lint.rules import REGISTRY

FIXTURES = Path(__file__).parent / "lint_fixtures"
GAMES = ("recast-rift", "toho-tcg", "raise-blaze", "ryomen")


@pytest.fixture(scope="module")
def sample():
    return load_database()


@pytest.mark.parametrize("game_id", GAMES)
def test_fifty_new_correct_cards_give_no_finding(sample, game_id):
    """The game's 50 fixture cards pass the card schema and lint (all rules, fit included) is silent."""
    game = next(g for g in sample.games if g.id == game_id)
    doc = read_yaml(FIXTURES / f"{game_id}.yaml")
    assert validate_document(doc, schema_name(game.rules, "cards")) == []
    cards = _build_cards(doc, game.id, game.folder)
    assert len(cards) == 50 and not {c.id for c in cards} & {c.id for c in game.cards}
    database = replace(sample, games=(replace(game, cards=game.cards + tuple(cards)),))
    found = lint(database, select=sorted(REGISTRY))
    assert [str(d) for d in found] == []
    # the fixture cards are really linted: one look-alike planted in the last of them is found
    planted = replace(cards[-1], flavor="パワ一の差。")
    database = replace(sample, games=(replace(game, cards=game.cards + tuple(cards[:-1]) + (planted,)),))
    assert [(d.card, d.code) for d in lint(database, fit=False)] == [(planted.id, "JP102")]
