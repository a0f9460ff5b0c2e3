"""Rules catalogues and their coverage by conformance tests.

Each engine package carries its catalogue: every clause id of the game's rules, stated in the
project's own words, with the interpretation the engine takes where the source is silent, and,
for a clause no test can prove, a written waiver. The catalogue is data, ``rules.yaml`` beside the
engine's ``__init__.py``, read by :func:`load_catalogue` so a rules writer edits prose, not
Python; a mistake in it is a located finding. Tests cite clauses with the pytest marker
``@pytest.mark.rule("RR-DMG-4")`` (several ids allowed); :func:`scan_tests` finds those marks by
reading the test files' syntax trees (no import, no pytest run), so ``fuda rules`` and the
meta-test agree on what covers what.
"""

from __future__ import annotations

import ast
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, fields
from difflib import get_close_matches
from functools import cache
from importlib.util import find_spec
from pathlib import Path


@dataclass(frozen=True)
class Clause:
    """One rule clause: id, the rule in our words, the interpretation taken, a waiver reason, and
    the rule and interpretation in Japanese (``ja``, ``ja_interpretation``: what users read first)."""

    id: str
    rule: str
    interpretation: str = ""
    waiver: str = ""
    ja: str = ""
    ja_interpretation: str = ""


@dataclass(frozen=True)
class Catalogue:
    """The clauses of one game's rules, in the order of the shared catalogue."""

    game: str
    source: str
    clauses: tuple[Clause, ...]

    def __post_init__(self):
        ids = [c.id for c in self.clauses]
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        if dupes:
            raise ValueError(f"{self.game} catalogue repeats clause ids: {', '.join(dupes)}")

    @property
    def ids(self) -> tuple[str, ...]:
        """Every clause id, in order."""
        return tuple(c.id for c in self.clauses)

    def clause(self, clause_id: str) -> Clause:
        """The clause with this id (``KeyError`` when unknown)."""
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise KeyError(f"{self.game} has no rule clause {clause_id!r}")


#: The file of an engine package that holds its catalogue.
CATALOGUE_FILE = "rules.yaml"
_CLAUSE_KEYS = tuple(f.name for f in fields(Clause))
_REQUIRED = ("id", "rule")
_TOP_KEYS = ("game", "source", "clauses")


def catalogue_path(package: str) -> Path:
    """Where the catalogue of an engine package (``fuda.engine.toho_tcg``) is: its ``rules.yaml``."""
    module = sys.modules.get(package)  # (a package being imported is in sys.modules, spec and all)
    spec = module.__spec__ if module is not None and module.__spec__ is not None else find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ModuleNotFoundError(f"{package} is not a package", name=package)
    return Path(next(iter(spec.submodule_search_locations))) / CATALOGUE_FILE


@cache
def load_catalogue(package: str) -> Catalogue:
    """The catalogue in ``rules.yaml`` of an engine package (``load_catalogue(__package__)``).

    The file is read safely (:func:`fuda.database.yamlfile.read_yaml`: libyaml events, no tags,
    duplicate keys refused); its shape is checked: ``game`` and ``source`` (text) and ``clauses``, a
    list of mappings with ``id`` and ``rule`` and optionally ``interpretation``, ``waiver``, ``ja``,
    ``ja_interpretation``, every value one text, every id once. Anything else raises
    :class:`~fuda.database.findings.FindingsError` naming ``file:line:col`` of each mistake.
    Read once per process (cached by package name)."""
    return read_catalogue(catalogue_path(package))


def read_catalogue(path: Path) -> Catalogue:
    """The catalogue in the YAML file ``path`` (see :func:`load_catalogue`); a located
    :class:`~fuda.database.findings.FindingsError` when its shape is wrong."""
    from fuda.database.findings import FindingsError, Location
    from fuda.database.yamlfile import read_yaml

    doc = read_yaml(path)
    problems: list = []
    data = doc.data
    if not isinstance(data, dict):
        raise FindingsError([_problem(doc, (), "S003", f"expected a mapping (key: value lines), found {_kind(data)}",
                                      "write a mapping (key: value lines)")])
    _keys(doc, (), data, _TOP_KEYS, _TOP_KEYS, problems)
    for key in ("game", "source"):
        if key in data:
            _text(doc, (key,), data[key], problems)
    raw = data.get("clauses", [])
    if "clauses" in data and (not isinstance(raw, list) or not raw):
        problems.append(_problem(doc, ("clauses",), "S003", f"expected a list, found {_kind(raw)}",
                                 "write a list"))
        raw = []
    clauses: list[Clause] = []
    first: dict[str, Location] = {}  # clause id -> where it is first
    for i, item in enumerate(raw):
        where = ("clauses", i)
        if not isinstance(item, dict):
            problems.append(_problem(doc, where, "S003", f"expected a mapping (key: value lines), found {_kind(item)}",
                                     "write a mapping (key: value lines)"))
            continue
        before = len(problems)
        _keys(doc, where, item, _CLAUSE_KEYS, _REQUIRED, problems)
        for key in _CLAUSE_KEYS:
            if key in item:
                _text(doc, (*where, key), item[key], problems)
        cid = item.get("id")
        if isinstance(cid, str) and cid in first:
            problems.append(_problem(doc, (*where, "id"), "D001", f"clause id '{cid}' is already used at {first[cid]}",
                                     f"give each clause of {data.get('game')} its own id"))
        elif isinstance(cid, str):
            first[cid] = doc.where((*where, "id"))
        if len(problems) == before:
            clauses.append(Clause(**item))
    if problems:
        raise FindingsError(problems)
    return Catalogue(data["game"], data["source"], tuple(clauses))


def _keys(doc, where: tuple, mapping: dict, allowed: tuple, required: tuple, problems: list) -> None:
    for key in mapping:
        if key not in allowed:
            near = get_close_matches(str(key), allowed, n=1)
            hint = f"did you mean '{near[0]}'?" if near else f"use one of: {', '.join(allowed)}"
            problems.append(_problem(doc, (*where, key), "S001", f"unknown key '{key}'", hint, key=True))
    problems.extend(_problem(doc, where, "S002", f"missing required key '{key}'", f"add '{key}:'")
                    for key in required if key not in mapping)


def _text(doc, where: tuple, value, problems: list) -> None:
    if not isinstance(value, str) or not value.strip():
        problems.append(_problem(doc, where, "S003", f"expected a text, found {_kind(value)}", "write a text"))


def _kind(value) -> str:
    """The kind of a value and the value, in the words of the schema check (``a list ["a"]``;
    translated by :mod:`fuda.i18n`); a blank text counts as nothing."""
    kinds = ((bool, "true or false"), (int, "a whole number"), (float, "a number"), (str, "a text"),
             (list, "a list"), (dict, "a mapping (key: value lines)"))
    if value is None or (isinstance(value, str) and not value.strip()):
        word = "nothing"
    else:
        word = next((word for kind, word in kinds if isinstance(value, kind)), type(value).__name__)
    shown = json.dumps(value, ensure_ascii=False, default=str)
    return f"{word} {shown if len(shown) <= 40 else shown[:37] + '...'}"


def _problem(doc, where: tuple, code: str, message: str, hint: str, key: bool = False):
    from fuda.database.findings import Finding

    return Finding(doc.where(where, key=key), code, message, hint=hint)


#: More clause ids than this on one test is a citation list, not a proof: the meta-tests flag it.
MOST_CLAUSES = 4


@dataclass(frozen=True)
class RuleMark:
    """A test that cites clause ids: ``path::name`` and the ids it names; ``strength`` when the
    test also carries ``@pytest.mark.strength`` (agents' strength, statistics: never coverage)."""

    test: str
    ids: tuple[str, ...]
    line: int
    strength: bool = False


def _is_rule_marker(func: ast.expr, aliases=()) -> bool:
    """``pytest.mark.rule`` / ``mark.rule``, or a module-level alias of it (``R = pytest.mark.rule``)."""
    if isinstance(func, ast.Name):
        return func.id in aliases
    if not (isinstance(func, ast.Attribute) and func.attr == "rule"):
        return False
    base = func.value
    return (isinstance(base, ast.Attribute) and base.attr == "mark") or (isinstance(base, ast.Name) and base.id == "mark")


def _mark_ids(node: ast.expr, aliases=()) -> tuple[str, ...] | None:
    """The string arguments of a rule mark call, else None."""
    if not isinstance(node, ast.Call) or not _is_rule_marker(node.func, aliases):
        return None
    return tuple(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))


def _is_strength(dec: ast.expr) -> bool:
    """``@pytest.mark.strength`` / ``@mark.strength`` (with or without a call)."""
    if isinstance(dec, ast.Call):
        dec = dec.func
    return isinstance(dec, ast.Attribute) and dec.attr == "strength"


def _marks_in(expr: ast.expr, aliases=()) -> list[str]:
    ids = _mark_ids(expr, aliases)
    if ids is not None:
        return list(ids)
    found = []
    if isinstance(expr, (ast.List, ast.Tuple)):
        for item in expr.elts:
            found.extend(_marks_in(item, aliases))
    return found


def scan_file(path: Path, root: Path | None = None) -> list[RuleMark]:
    """Every test function or class in ``path`` that carries rule marks (module ``pytestmark``
    marks apply to each test of the module; parametrize cases with ``marks=`` count too)."""
    tree = ast.parse(Path(path).read_text(encoding="utf-8"), filename=str(path))
    shown = str(Path(path).relative_to(root)) if root else str(path)
    aliases = tuple(t.id for node in tree.body if isinstance(node, ast.Assign) and _is_rule_marker(node.value)
                    for t in node.targets if isinstance(t, ast.Name))
    module_ids: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            module_ids.extend(_marks_in(node.value, aliases))
    out: list[RuleMark] = []

    def visit(body, prefix: str, inherited: list[str]):
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                ids = list(inherited)
                for dec in node.decorator_list:
                    ids.extend(_marks_in(dec, aliases))
                    if isinstance(dec, ast.Call):  # parametrize(..., [pytest.param(..., marks=...)])
                        for sub in ast.walk(dec):
                            if isinstance(sub, ast.keyword) and sub.arg == "marks":
                                ids.extend(_marks_in(sub.value, aliases))
                name = f"{prefix}{node.name}"
                strength = any(_is_strength(dec) for dec in node.decorator_list)
                if isinstance(node, ast.ClassDef):
                    visit(node.body, name + "::", ids)
                elif node.name.startswith("test") and (ids or strength):
                    out.append(RuleMark(f"{shown}::{name}", tuple(dict.fromkeys(ids)), node.lineno, strength))

    visit(tree.body, "", module_ids)
    return out


def scan_tests(paths: Iterable[Path], root: Path | None = None) -> list[RuleMark]:
    """Rule marks of every ``test_*.py`` file under ``paths`` (files or folders), sorted."""
    files: list[Path] = []
    for p in paths:
        p = Path(p)
        files.extend(sorted(p.rglob("test_*.py")) if p.is_dir() else [p])
    marks: list[RuleMark] = []
    for f in files:
        marks.extend(scan_file(f, root))
    return marks


@dataclass(frozen=True)
class Coverage:
    """Which tests cite each clause, which clauses are waived, uncovered, or cited but unknown."""

    catalogue: Catalogue
    tests: dict  # clause id -> list of test names
    unknown: tuple[tuple[str, str], ...]  # (test, id) citing an id not in the catalogue

    @property
    def uncovered(self) -> tuple[str, ...]:
        """Clause ids with neither a test nor a waiver."""
        return tuple(c.id for c in self.catalogue.clauses if not self.tests.get(c.id) and not c.waiver)

    def rows(self) -> list[tuple[str, str, int, str]]:
        """(clause id, status, number of tests, first test or the waiver) per clause."""
        rows = []
        for c in self.catalogue.clauses:
            tests = self.tests.get(c.id, [])
            if tests:
                rows.append((c.id, "tested", len(tests), tests[0]))
            elif c.waiver:
                rows.append((c.id, "waived", 0, c.waiver))
            else:
                rows.append((c.id, "MISSING", 0, ""))
        return rows


def coverage(catalogue: Catalogue, marks: Iterable[RuleMark]) -> Coverage:
    """Match rule marks against a catalogue."""
    known = set(catalogue.ids)
    tests: dict[str, list[str]] = {i: [] for i in catalogue.ids}
    unknown = []
    for mark in marks:
        if mark.strength:  # a strength or statistics test proves no clause
            continue
        for cid in mark.ids:
            if cid in known:
                tests[cid].append(mark.test)
            elif cid.split("-")[0] == catalogue.ids[0].split("-")[0]:
                unknown.append((mark.test, cid))
    return Coverage(catalogue, tests, tuple(unknown))
