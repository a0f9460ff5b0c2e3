"""Findings: located, one-line diagnostics shared by validation, lint and the engines.

Every problem fuda reports about a card database is a :class:`Finding` that names the file,
line and column, the card (where there is one), what was expected and what was found, and how
to fix it. ``str(finding)`` is the one-line form ``path:line:col: error[CODE]: message (card id)``,
in the user's language (:mod:`fuda.i18n`); ``message`` and ``hint`` stay English, codes never change.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from fuda.i18n import render_finding

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True, order=True)
class Location:
    """A place in a source file; ``line`` and ``col`` count from 1 (0 means unknown)."""

    file: Path
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        shown = display_path(self.file)
        if self.line:
            return f"{shown}:{self.line}:{self.col or 1}"
        return shown


@dataclass(frozen=True)
class Finding:
    """One diagnostic: where, how bad, which rule (``code``), and a one-line message."""

    location: Location
    code: str
    message: str
    severity: str = "error"
    card: str | None = None
    hint: str | None = None
    extra: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        return render_finding(self)

    def render(self, lang: str | None = None) -> str:
        """The one-line form in ``lang`` (``ja`` or ``en``; default: the user's language)."""
        return render_finding(self, lang)

    def excerpt(self) -> list[str]:
        """The source line and a caret under the column, for a finding that carries them (YAML
        syntax errors); printed under the one-line form on a terminal."""
        extra = dict(self.extra)
        if "source" not in extra:
            return []
        return [f"    | {extra['source']}", f"    | {extra.get('caret', '')}"]

    def as_dict(self) -> dict:
        """A JSON-ready form, for ``--format json``."""
        return {
            "file": display_path(self.location.file),
            "line": self.location.line,
            "col": self.location.col,
            "severity": self.severity,
            "code": self.code,
            "message": self.message,
            "hint": self.hint,
            "card": self.card,
        }


def report(findings) -> dict:
    """The one JSON shape of a list of findings, shared by ``validate``, ``lint`` and ``build``
    (``--format json``, ``validation.json``): counts per severity, then ``findings``, each item
    :meth:`Finding.as_dict` (file, line, col, severity, code, message, hint, card; lint adds game
    and fixable)."""
    items = list(findings)
    counts = {s: sum(f.severity == s for f in items) for s in SEVERITIES}
    return {"errors": counts["error"], "warnings": counts["warning"], "infos": counts["info"],
            "findings": [f.as_dict() for f in items]}


class FindingsError(Exception):
    """Raised when loading cannot produce a result; carries every finding of the run."""

    def __init__(self, findings: list[Finding] | tuple[Finding, ...]):
        self.findings = tuple(sorted_findings(findings))
        first = str(self.findings[0]) if self.findings else "no findings"
        more = len(self.findings) - 1
        super().__init__(first + (f" (and {more} more)" if more > 0 else ""))


def sorted_findings(findings) -> list[Finding]:
    """Findings in a stable reading order: YAML syntax first, then schema, then everything else,
    then the consequences of a file that failed (issue 14); within each by file, line, column, code.
    A finding made twice (two schema branches that ask the same of a card) is listed once."""
    unique = {(f.location, f.code, f.message, f.severity, repr(f.card), f.hint): f for f in findings}  # (a card id
    # may be any value a broken file holds, a list included: the key does not hash it)
    return sorted(
        unique.values(),
        key=lambda f: (_stage(f), str(f.location.file), f.location.line, f.location.col, f.code, f.message),
    )


def _stage(finding: Finding) -> int:
    if any(key == "consequence-of" for key, _ in finding.extra):
        return 3
    return {"Y": 0, "S": 1}.get(finding.code[:1], 2)


def display_path(path: Path) -> str:
    """A path relative to the working directory when it lies below it, else absolute."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return str(path)
    return str(path) if rel.startswith("..") else rel
