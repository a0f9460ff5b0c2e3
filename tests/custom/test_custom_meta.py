"""The custom engine's catalogue is covered: every clause has a test here (or a waiver), every
cited id exists, every clause is written in Japanese too."""

from __future__ import annotations

from pathlib import Path

from fuda.engine.custom import CATALOGUE

from ..engine.conformance import assert_every_clause_is_tested, assert_waivers_have_reasons


def test_every_custom_clause_is_tested():
    """Each CU clause is cited by a test of tests/custom (no unknown ids, no crowded citations)."""
    assert_every_clause_is_tested(CATALOGUE, Path(__file__).resolve().parent)
    assert_waivers_have_reasons(CATALOGUE)


def test_every_custom_clause_has_japanese_text():
    """`fuda rules` can show each clause in Japanese first."""
    assert all(clause.ja.strip() for clause in CATALOGUE.clauses)
