"""Findings that only follow from a card file that failed to load (issue 14).

When a card file cannot be read or fails its schema, its cards are missing from the game, so a
deck naming them, a fighter or set "with 0 cards", or a card levelling from one of them is
reported only as a consequence: after the real cause, marked, and without a "did you mean"
guessed from the cards that did load.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from fuda.database.findings import Finding, display_path

#: Finding codes whose cause can be a card that did not load: references and per-owner counts.
FOLLOWING = frozenset({"R001", "R003", "F001", "F002", "K001", "K002"})


def mark(findings: list[Finding], failed: list[Path]) -> list[Finding]:
    """``findings`` with those that may follow from the ``failed`` card files marked as such."""
    cause = ", ".join(display_path(p) for p in failed)
    out = []
    for finding in findings:
        if finding.code in FOLLOWING:
            finding = replace(finding, message=f"{finding.message} (may follow from the error in {cause})",
                              hint=f"fix {cause} first", extra=finding.extra + (("consequence-of", cause),))
        out.append(finding)
    return out


def is_consequence(finding: Finding) -> bool:
    """Whether ``finding`` was marked by :func:`mark`."""
    return any(key == "consequence-of" for key, _ in finding.extra)
