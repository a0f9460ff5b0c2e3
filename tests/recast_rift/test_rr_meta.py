"""The conformance suite covers the catalogue: every clause has a test (or a waiver), every cited
id exists, and the catalogue carries exactly the shared clause ids."""

from __future__ import annotations

from pathlib import Path

from fuda.engine.recast_rift import CATALOGUE

from ..engine.conformance import (
    assert_catalogue_is_the_shared_one,
    assert_every_clause_is_tested,
    assert_waivers_have_reasons,
)

HERE = Path(__file__).resolve().parent

#: The clause ids of ../shared/rules/recast-rift.yaml when this suite was written (the package
#: must not read shared/ at run time; the test below also compares with the file when present).
SHARED_IDS = (
    "RR-CARD-1", "RR-CARD-2", "RR-CARD-3", "RR-CARD-4", "RR-CARD-5", "RR-CARD-6", "RR-CARD-7", "RR-CARD-8",
    "RR-CARD-9", "RR-DECK-1", "RR-DECK-2", "RR-DECK-3", "RR-DECK-4", "RR-DECK-5", "RR-DECK-6", "RR-LIFE-1",
    "RR-TURN-1", "RR-TURN-2", "RR-TURN-3", "RR-TURN-4", "RR-TURN-5", "RR-TURN-6", "RR-TURN-7", "RR-ZONE-1",
    "RR-ZONE-2", "RR-PRIN-1", "RR-PRIN-2", "RR-PRIN-3", "RR-PRIN-4", "RR-PRIN-5", "RR-CAST-1", "RR-CAST-2",
    "RR-CAST-3", "RR-CAST-4", "RR-CAST-5", "RR-ATK-1", "RR-ATK-2", "RR-ATK-3", "RR-ATK-4", "RR-ATK-5",
    "RR-ATK-6", "RR-DMG-1", "RR-DMG-2", "RR-DMG-3", "RR-DMG-4", "RR-DMG-5", "RR-DMG-6", "RR-DEP-1",
    "RR-DEP-2", "RR-DEP-3", "RR-DEP-4", "RR-LIFT-1", "RR-LIFT-2", "RR-LIFT-3", "RR-LIFT-4", "RR-LIFT-5",
    "RR-LIFT-6", "RR-REB-1", "RR-REB-2", "RR-REB-3", "RR-REB-4", "RR-REB-5", "RR-AWK-1", "RR-AWK-2",
    "RR-AWK-3", "RR-AWK-4", "RR-AWK-5", "RR-WIN-1",
)


def test_catalogue_has_the_shared_clause_ids():
    """The package catalogue lists exactly the shared clause ids, in order, each in our own words."""
    assert_catalogue_is_the_shared_one(CATALOGUE, SHARED_IDS, "recast-rift.yaml")


def test_every_clause_is_tested_and_every_cited_id_exists():
    """Each clause has a test marked @pytest.mark.rule (or a waiver); no test cites an unknown id."""
    assert_every_clause_is_tested(CATALOGUE, HERE)


def test_waivers_have_reasons():
    """A waived clause says why; a clause is never silently waived."""
    assert_waivers_have_reasons(CATALOGUE)
