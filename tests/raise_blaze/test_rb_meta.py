"""The conformance suite covers the catalogue: every clause has a test (or a waiver), every cited
id exists, and the catalogue carries exactly the shared clause ids."""

from __future__ import annotations

from pathlib import Path

from fuda.engine.raise_blaze import CATALOGUE

from ..engine.conformance import (
    assert_catalogue_is_the_shared_one,
    assert_every_clause_is_tested,
    assert_waivers_have_reasons,
)

HERE = Path(__file__).resolve().parent

#: The clause ids of ../shared/rules/raise-blaze.yaml when this suite was written (the package
#: must not read shared/ at run time; the test below also compares with the file when present).
SHARED_IDS = [
    "RB-DECK-1", "RB-DECK-2", "RB-CARD-1", "RB-CARD-2", "RB-CARD-3", "RB-ZONE-1", "RB-ZONE-2", "RB-SETUP-1",
    "RB-SETUP-2", "RB-SETUP-3", "RB-SETUP-4", "RB-SETUP-5", "RB-SETUP-6", "RB-TURN-1", "RB-LIFE-1",
    "RB-BAT-1", "RB-BAT-2", "RB-BAT-3", "RB-BAT-4", "RB-BAT-5", "RB-BAT-6", "RB-BAT-7", "RB-BAT-8",
    "RB-SUM-1", "RB-SUM-2", "RB-SUM-3", "RB-SUM-4", "RB-SUM-5", "RB-SPL-1", "RB-SPL-2", "RB-SPL-3",
    "RB-SPL-4", "RB-LOSE-1", "RB-LOSE-2", "RB-LOSE-3", "RB-LOSE-4", "RB-LOSE-5",
]


def test_catalogue_has_the_shared_clause_ids():
    """The package catalogue lists exactly the shared clause ids, in order, each in our own words."""
    assert_catalogue_is_the_shared_one(CATALOGUE, SHARED_IDS, "raise-blaze.yaml")


def test_every_clause_is_tested_and_every_cited_id_exists():
    """Each clause has a test marked @pytest.mark.rule (or a waiver); no test cites an unknown id."""
    assert_every_clause_is_tested(CATALOGUE, HERE)


def test_waivers_have_reasons():
    """A waived clause says why; a clause is never silently waived."""
    assert_waivers_have_reasons(CATALOGUE)



def test_the_package_reads_nothing_of_shared_at_run_time():
    """No module of the engine package refers to the shared folder (the catalogue is its own)."""
    package = HERE.parents[1] / "engine" / "raise_blaze"
    for path in package.glob("*.py"):
        assert "shared/" not in path.read_text(encoding="utf-8"), path.name
