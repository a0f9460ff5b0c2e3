"""SARIF 2.1.0 output, for code-scanning tools (GitHub code scanning, VS Code SARIF viewer).

One run, tool ``fuda lint`` with every rule as a ``reportingDescriptor`` (id, name, short and
full description, help text, default level); one result per diagnostic with a physical location
(file relative to the working directory under ``%SRCROOT%``, 1-based line and column counted in
Unicode code points: ``columnKind`` says so) and the card as a logical location. Output is
deterministic: no timestamps, stable fingerprints.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from fuda.lint.check import Diagnostic

VERSION = "2.1.0"
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def _uri(path) -> tuple[str, str | None]:
    """(uri, uriBaseId): relative to the working directory when below it, else a file URI."""
    path = Path(path)
    try:
        rel = Path(os.path.relpath(path.resolve(), Path.cwd().resolve()))
    except ValueError:
        rel = None
    if rel is not None and not rel.as_posix().startswith(".."):
        return rel.as_posix(), "%SRCROOT%"
    return path.resolve().as_uri(), None


def _name(title: str) -> str:
    words = "".join(c if c.isalnum() else " " for c in title).split()
    return "".join(w[:1].upper() + w[1:] for w in words) or "Rule"


def _fingerprint(d: Diagnostic) -> str:
    key = "\x1f".join([d.code, Path(d.location.file).name, d.game or "", d.card or "",
                       "/".join(map(str, d.path)), d.message])
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]


def sarif(diagnostics, registry: dict, version: str = "0") -> dict:
    """The SARIF log (a JSON-ready dict) for ``diagnostics``."""
    codes = sorted(registry)
    index = {code: i for i, code in enumerate(codes)}
    rules = []
    for code in codes:
        info = registry[code]
        explained = info.explanation()
        first = explained.split("\n\n")[0].replace("\n", " ")
        rules.append({
            "id": code,
            "name": _name(info.title),
            "shortDescription": {"text": info.title},
            "fullDescription": {"text": first},
            "help": {"text": explained},
            "defaultConfiguration": {"level": LEVEL[info.severity]},
            "properties": {"tags": ["fuda-lint", info.group], "fixable": info.fixable},
        })
    results = []
    for d in diagnostics:
        uri, base = _uri(d.location.file)
        artifact = {"uri": uri}
        if base:
            artifact["uriBaseId"] = base
        physical = {"artifactLocation": artifact}
        if d.location.line:
            physical["region"] = {"startLine": d.location.line, "startColumn": max(1, d.location.col)}
        location = {"physicalLocation": physical}
        if d.card:
            location["logicalLocations"] = [{
                "name": d.card, "fullyQualifiedName": f"{d.game}/{d.card}" if d.game else d.card,
                "kind": "object",
            }]
        text = d.message + (f"; {d.hint}" if d.hint else "")
        result = {
            "ruleId": d.code,
            "level": LEVEL[d.severity],
            "message": {"text": text},
            "locations": [location],
            "partialFingerprints": {"fudaLint/v1": _fingerprint(d)},
        }
        if d.code in index:
            result["ruleIndex"] = index[d.code]
        results.append(result)
    return {
        "$schema": SCHEMA,
        "version": VERSION,
        "runs": [{
            "tool": {"driver": {
                "name": "fuda lint",
                "semanticVersion": version,
                "rules": rules,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"description": {"text": "the folder fuda lint ran in"}}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }


def dumps(diagnostics, registry: dict, version: str = "0") -> str:
    """The SARIF log as JSON text."""
    return json.dumps(sarif(diagnostics, registry, version), ensure_ascii=False, indent=2) + "\n"
