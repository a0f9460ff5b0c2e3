"""``fuda build``: every output for a whole database, in one run.

A build is a list of steps; each step takes the loaded :class:`Database` and the output folder
and returns the files it wrote, or ``(files, findings)`` when it has warnings to report (an
export's missing glyph): those join the build's findings. Validation always runs first and its
report is always written; when the database has errors, no other step runs (their outputs would
be wrong).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .atomic import write_atomic
from .database import Database
from .findings import Finding

Step = Callable[[Database, Path], list[Path] | tuple[list[Path], list[Finding]]]


@dataclass(frozen=True)
class BuildResult:
    """What a build did: findings, the files written per step, and steps that failed."""

    findings: tuple[Finding, ...]
    outputs: tuple[tuple[str, tuple[Path, ...]], ...] = ()
    failures: tuple[tuple[str, str], ...] = field(default=())

    @property
    def ok(self) -> bool:
        """True when validation found no error and every step succeeded."""
        return not self.failures and not any(f.severity == "error" for f in self.findings)


def steps() -> list[tuple[str, Step]]:
    """The build steps after validation, in order."""
    from engine.games import build_step as engine_step

    from .export_commands import build_step as online_step
    from .lint.commands import build_step as lint_step
    from .print_commands import build_step as print_step

    return [
        ("lint", lint_step),
        ("print", print_step),
        ("online", online_step),
        ("engine", engine_step),
    ]


def write_report(findings, out: Path) -> list[Path]:
    """Write the validation report as text and JSON into ``out``."""
    text = "".join(f"{f}\n" for f in findings)
    errors = sum(f.severity == "error" for f in findings)
    warnings = sum(f.severity == "warning" for f in findings)
    text += f"{errors} error(s), {warnings} warning(s)\n"
    payload = {"errors": errors, "warnings": warnings, "findings": [f.as_dict() for f in findings]}
    return [
        write_atomic(out / "validation.txt", text),
        write_atomic(out / "validation.json", json.dumps(payload, ensure_ascii=False, indent=2) + "\n"),
    ]


def build(paths=None, out: Path = Path("out"), progress=None) -> BuildResult:
    """Validate the database at ``paths`` and write every output into ``out``.

    ``progress(step_name)`` is called before each step (the CLI drives a progress bar with it).
    """
    from .load import _load

    out = Path(out)
    database, findings = _load(paths)
    outputs = [("validation", tuple(write_report(findings, out)))]
    if any(f.severity == "error" for f in findings):
        return BuildResult(tuple(findings), tuple(outputs))
    failures = []
    findings = list(findings)
    for name, step in steps():
        if progress:
            progress(name)
        try:
            written = step(database, out)
        except Exception as exc:  # a failed step is reported; the other steps still run
            failures.append((name, f"{type(exc).__name__}: {exc}"))
            continue
        if isinstance(written, tuple):  # (files, findings)
            written, reported = written
            findings.extend(reported)
        outputs.append((name, tuple(written)))
    return BuildResult(tuple(findings), tuple(outputs), tuple(failures))
