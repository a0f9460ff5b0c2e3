"""Checks every engine's conformance suite makes of its own rules catalogue.

Each game's ``test_*_meta.py`` calls these with its catalogue and folder, so the meaning of
"every clause is covered" is the same for all four games.
"""

from __future__ import annotations

import re
from pathlib import Path

from fuda.engine.core import coverage, scan_tests
from fuda.engine.core.catalogue import MOST_CLAUSES

#: ``../shared`` beside the checkout (present in a developer's and CI's tree, never needed).
SHARED_RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"


def assert_catalogue_is_the_shared_one(catalogue, shared_ids, rules_file: str) -> None:
    """The catalogue lists exactly ``shared_ids`` in order (and the shared file's ids, when it is
    beside the checkout), each clause written out."""
    assert catalogue.ids == tuple(shared_ids)
    shared = SHARED_RULES / rules_file
    if shared.is_file():
        ids = tuple(re.findall(r"^\s*- id: ([A-Z]+-[A-Z0-9]+-\d+)", shared.read_text(encoding="utf-8"), re.M))
        assert catalogue.ids == ids
    assert all(c.rule for c in catalogue.clauses)


def assert_every_clause_is_tested(catalogue, suite: Path) -> None:
    """Each clause has a ``@pytest.mark.rule`` test (or a waiver); no test cites an unknown id;
    no test cites more than a few clauses; a strength test cites none (and counts for none)."""
    marks = scan_tests([suite], suite.parent)
    report = coverage(catalogue, marks)
    assert report.uncovered == (), f"clauses without a test or waiver: {', '.join(report.uncovered)}"
    assert report.unknown == (), f"tests citing unknown clause ids: {report.unknown}"
    crowded = [(m.test, m.ids) for m in marks if len(m.ids) > MOST_CLAUSES]
    assert not crowded, f"tests citing more than {MOST_CLAUSES} clauses (one proof each, please): {crowded}"
    mixed = [m.test for m in marks if m.strength and m.ids]
    assert not mixed, f"strength/statistics tests citing rule clauses (they prove none): {mixed}"


def assert_waivers_have_reasons(catalogue) -> None:
    """A waived clause says why in a few words; a clause is never silently waived."""
    for clause in catalogue.clauses:
        assert clause.waiver == "" or len(clause.waiver.split()) >= 4, clause.id
