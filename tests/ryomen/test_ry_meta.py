"""The conformance suite covers the catalogue: every clause has a test (or a waiver), every cited
id exists, and the catalogue carries exactly the shared clause ids."""

from __future__ import annotations

from pathlib import Path

from fuda.engine.ryomen import CATALOGUE

from ..engine.conformance import (
    assert_catalogue_is_the_shared_one,
    assert_every_clause_is_tested,
    assert_waivers_have_reasons,
)

HERE = Path(__file__).resolve().parent

#: The clause ids of ../shared/rules/ryomen.yaml when this suite was written (the package must
#: not read shared/ at run time; the test below also compares with the file when present).
SHARED_IDS = [
    "RY-CARD-1", "RY-CARD-2", "RY-STAT-1", "RY-DECK-1", "RY-DECK-2", "RY-SETUP-1", "RY-SETUP-2", "RY-SETUP-3",
    "RY-SERVE-1", "RY-SERVE-2", "RY-SERVE-3", "RY-RECV-1", "RY-RECV-2", "RY-B1-1", "RY-B1-2", "RY-REV-1",
    "RY-REV-2", "RY-REV-3", "RY-B2-1", "RY-AFT-1", "RY-AFT-2", "RY-AFT-3", "RY-AFT-4", "RY-END-1", "RY-END-2",
    "RY-END-3", "RY-GAME-1", "RY-MATCH-1", "RY-MATCH-2", "RY-MULTI-1", "RY-MULTI-2", "RY-MULTI-3", "RY-MULTI-4",
    "RY-MULTI-5", "RY-MULTI-6",
]


def test_catalogue_has_the_shared_clause_ids():
    """The package catalogue lists exactly the shared clause ids, in order, each in our own words."""
    assert_catalogue_is_the_shared_one(CATALOGUE, SHARED_IDS, "ryomen.yaml")


def test_every_clause_is_tested_and_every_cited_id_exists():
    """Each clause has a test marked @pytest.mark.rule (or a waiver); no test cites an unknown id."""
    assert_every_clause_is_tested(CATALOGUE, HERE)


def test_waivers_have_reasons():
    """A waived clause says why; a clause is never silently waived."""
    assert_waivers_have_reasons(CATALOGUE)



def test_every_sample_card_has_a_scenario():
    """tests/ryomen/test_ry_cards.py has a scenario naming each of the 18 sample cards."""
    from .conftest import sample_registry

    text = (HERE / "test_ry_cards.py").read_text(encoding="utf-8")
    for card in sample_registry().game.cards:
        assert f"def test_{card.id}_" in text, card.id
