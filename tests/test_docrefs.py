"""Every Sphinx cross-reference in fuda's docstrings (:mod:, :class:, :func: …) names something
that exists, so a reader following one never lands on a module that was moved or removed."""

from __future__ import annotations

import builtins
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REF = re.compile(r":(mod|class|func|meth|data|attr|exc|obj):`~?([A-Za-z_][A-Za-z0-9_.]*)`")
SOURCES = sorted(p for folder in ("pipeline", "engine") for p in (ROOT / folder).rglob("*.py")
                 if p.name != "__main__.py")


def module_name(path: Path) -> str:
    """The import name of a source file: pipeline/ is the package ``fuda``, engine/ is ``fuda.engine``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["fuda", *parts[1:]] if parts[0] == "pipeline" else ["fuda", *parts])


def _attrs(obj, dotted: str) -> bool:
    for name in dotted.split(".") if dotted else ():
        if not hasattr(obj, name):
            return False
        obj = getattr(obj, name)
    return True


def resolves(target: str, module) -> bool:
    """Whether ``target`` is an importable dotted path (a module, then attributes), a name of
    ``module`` (or of one of its classes, for a bare method or attribute), or a builtin."""
    parts = target.split(".")
    for i in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        return _attrs(found, ".".join(parts[i:]))
    if _attrs(module, target) or hasattr(builtins, parts[0]):
        return True
    return len(parts) == 1 and any(isinstance(v, type) and hasattr(v, target) for v in vars(module).values())


def test_the_check_can_fail():
    """A reference to a module that does not exist, or to a name a module lacks, is caught."""
    module = importlib.import_module("fuda.build")
    assert not resolves("pipeline.layout", module) and not resolves("fuda.faces.nothing_here", module)
    assert resolves("fuda.faces.layout.lay_out", module) and resolves("BuildResult.ok", module)


@pytest.mark.parametrize("path", SOURCES, ids=[str(p.relative_to(ROOT)) for p in SOURCES])
def test_cross_references_resolve(path):
    """Each :role:`target` in the file resolves (absolute, or relative to its own module)."""
    module = importlib.import_module(module_name(path))
    bad = [f"{path.relative_to(ROOT)}:{n}: :{role}:`{target}`"
           for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
           for role, target in REF.findall(line) if not resolves(target, module)]
    assert bad == []
