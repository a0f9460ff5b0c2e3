"""A lint report as text (one line per diagnostic), JSON or SARIF 2.1.0."""

from __future__ import annotations

import json

from fuda.database.findings import report
from fuda.lint.rules import REGISTRY
from fuda.lint.sarif import dumps
from fuda.version import __version__


def render(diagnostics, fmt: str) -> str:
    """The report in ``fmt`` (text: one line per diagnostic; json; sarif)."""
    if fmt == "sarif":
        return dumps(diagnostics, REGISTRY, __version__)
    if fmt == "json":
        return json.dumps(report(diagnostics), ensure_ascii=False, indent=2) + "\n"
    return "".join(f"{d}\n" for d in diagnostics)
