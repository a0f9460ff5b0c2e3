"""No module of fuda imports another module's private names (``_fail``, ``_run``,
``database.load._load``): what a module shares it names publicly, with a docstring. Read from the
source with ``ast``: ``from fuda.x import _name`` (relative imports too), ``import fuda.x._mod``,
and ``name._attr`` on a name imported from another fuda module (a module or a class)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = {"fuda": ROOT / "pipeline", "fuda.engine": ROOT / "engine"}


def private(name: str) -> bool:
    """A private name: one leading underscore, not a dunder."""
    return name.startswith("_") and not name.startswith("__")


def module_name(prefix: str, folder: Path, path: Path) -> str:
    """The import name of a source file (``pipeline/cli/play.py`` → ``fuda.cli.play``)."""
    parts = list(path.relative_to(folder).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([prefix, *parts])


def private_imports(name: str, source: str, is_package: bool = False) -> list[str]:
    """``line: what`` for each private name of another fuda module that module ``name`` imports or
    reads off an imported name."""
    tree = ast.parse(source)
    found, imported = [], set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = name.split(".") if is_package else name.split(".")[:-1]
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join(anchor + ([base] if base else []))
            if base.split(".")[0] != "fuda" or base == name:
                continue
            if any(private(part) for part in base.split(".")):
                found.append(f"{node.lineno}: from {base} import …")
            for alias in node.names:
                if private(alias.name):
                    found.append(f"{node.lineno}: from {base} import {alias.name}")
                imported.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "fuda":
                    continue
                if any(private(part) for part in alias.name.split(".")):
                    found.append(f"{node.lineno}: import {alias.name}")
                imported.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and private(node.attr) and isinstance(node.value, ast.Name) \
                and node.value.id in imported:
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return found


def violations(prefix: str) -> list[str]:
    """Every private import in the source folder of ``prefix`` (``fuda`` or ``fuda.engine``)."""
    folder = SOURCES[prefix]
    out = []
    for path in sorted(folder.rglob("*.py")):
        name = module_name(prefix, folder, path)
        for hit in private_imports(name, path.read_text(encoding="utf-8"), path.name == "__init__.py"):
            out.append(f"{path.relative_to(ROOT)}:{hit}")
    return out


def test_the_scan_finds_each_kind_of_private_import():
    """A probe module with one of each: all four found; its own names and other packages' are not."""
    probe = "\n".join([
        "from fuda.cli.play import _fail, fail_text",
        "from .export import _run",
        "import fuda.database._hidden",
        "from fuda.database import load",
        "load._load([])",
        "from fuda.cli.table import _mine_is_not_theirs",
        "import os; os._exit",
        "from collections import _private_of_another_package",
    ])
    found = private_imports("fuda.cli.table", probe)
    assert [hit.split(": ", 1)[1] for hit in found] == [
        "from fuda.cli.play import _fail", "from fuda.cli.export import _run", "import fuda.database._hidden",
        "load._load"]


def test_pipeline_imports_no_private_name():
    """No module under pipeline/ imports or reads another fuda module's private name."""
    assert violations("fuda") == []


def test_engine_imports_no_private_name():
    """No module under engine/ imports or reads another fuda module's private name."""
    assert violations("fuda.engine") == []
