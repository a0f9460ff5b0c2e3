"""The rules catalogues are data: each engine's ``rules.yaml`` loads, ships, and is read with located errors."""

from __future__ import annotations

import tomllib
from importlib import import_module
from pathlib import Path

import pytest

from fuda.database.findings import FindingsError
from fuda.engine.core.catalogue import (
    CATALOGUE_FILE,
    Catalogue,
    Clause,
    catalogue_path,
    load_catalogue,
    read_catalogue,
    scan_tests,
)

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ("recast_rift", "toho_tcg", "raise_blaze", "ryomen", "custom")

GOOD = """\
game: toy
source: a toy rule page
clauses:
  # --- a section ---
  - id: TY-A-1
    rule: "Players take turns: one action each."
    ja: 手番は交互に行い、１回に１つ行動する。
    interpretation: A pass is an action.
  - id: TY-A-2
    rule: The player with no cards left loses.
    waiver: no card game ends this way in the samples
"""


def _catalogues() -> dict[str, Catalogue]:
    return {pkg: load_catalogue(f"fuda.engine.{pkg}") for pkg in ENGINES}


@pytest.mark.parametrize("pkg", ENGINES)
def test_each_rules_yaml_is_the_engine_catalogue(pkg):
    """Each engine's rules.yaml loads into the catalogue the engine exposes (the same object, read once)."""
    path = catalogue_path(f"fuda.engine.{pkg}")  # the checkout's file, or its installed copy (CI installs fuda)
    assert path.name == CATALOGUE_FILE and path.read_bytes() == (ROOT / "engine" / pkg / CATALOGUE_FILE).read_bytes()
    catalogue = load_catalogue(f"fuda.engine.{pkg}")
    assert catalogue is import_module(f"fuda.engine.{pkg}").CATALOGUE
    assert catalogue == read_catalogue(path)  # a second, uncached read builds an equal value
    assert catalogue.clauses and all(isinstance(c, Clause) and c.rule and c.ja for c in catalogue.clauses)
    assert catalogue.game == import_module(f"fuda.engine.{pkg}").RULES


def test_every_cited_clause_exists():
    """Every clause id a test anywhere under tests/ cites is a clause of some engine's catalogue."""
    known = {cid for catalogue in _catalogues().values() for cid in catalogue.ids}
    marks = scan_tests([ROOT / "tests"], ROOT)
    assert len(marks) > 300  # the scan found the conformance suites
    unknown = sorted({(m.test, cid) for m in marks for cid in m.ids if cid not in known})
    assert not unknown, f"tests cite clause ids no rules.yaml has: {unknown}"


def test_the_rules_yaml_files_ship():
    """pyproject's package data lists rules.yaml for every engine package (or an installed fuda has no rules)."""
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    missing = [pkg for pkg in ENGINES if CATALOGUE_FILE not in data.get(f"fuda.engine.{pkg}", [])]
    assert not missing, f"add {CATALOGUE_FILE} to [tool.setuptools.package-data] of: {missing}"


def test_a_well_formed_file_reads(tmp_path):
    """A file in the documented shape reads into clauses in file order; optional fields default to ''."""
    path = tmp_path / "rules.yaml"
    path.write_text(GOOD, encoding="utf-8")
    catalogue = read_catalogue(path)
    assert catalogue == Catalogue("toy", "a toy rule page", (
        Clause("TY-A-1", "Players take turns: one action each.", "A pass is an action.", ja="手番は交互に行い、１回に１つ行動する。"),
        Clause("TY-A-2", "The player with no cards left loses.", waiver="no card game ends this way in the samples"),
    ))


@pytest.mark.parametrize(("old", "new", "code", "line", "english", "japanese"), [
    ("    interpretation: A pass", "    interpretaton: A pass", "S001", 8,
     "unknown key 'interpretaton'; did you mean 'interpretation'?", "知らないキー「interpretaton」"),
    ("    rule: The player with no cards left loses.\n", "", "S002", 9, "missing required key 'rule'", "必須のキー「rule」がありません"),
    ("  - id: TY-A-2", "  - id: TY-A-1", "D001", 9, "clause id 'TY-A-1' is already used at rules.yaml:5:9", "ID「TY-A-1」はすでに"),
    ("    waiver: no card game ends this way in the samples", "    waiver:", "S003", 11,
     "expected a text, found nothing null", "文字列が必要ですが、空の値 null が書かれています"),
    ("    rule: The player with no cards left loses.", "    rule: [a, list]", "S003", 10,
     'expected a text, found a list ["a", "list"]', "文字列が必要ですが、リスト"),
    ("game: toy\n", "", "S002", 1, "missing required key 'game'", "必須のキー「game」がありません"),
    ("    ja: 手番", "    ja: 手番\n    ja: 二度目", "Y002", 8, "duplicate key 'ja' (first at line 7)", "キー「ja」が二度あります"),
    ("  - id: TY-A-1\n", "  - id: TY-A-1\n   bad indent: x\n", "Y001", 0, "", "YAML"),
])
def test_a_broken_file_is_a_located_finding(tmp_path, monkeypatch, old, new, code, line, english, japanese):
    """A rules writer's mistake is one finding naming rules.yaml:line, what was expected and found, in Japanese and English."""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "rules.yaml"
    assert old in GOOD
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(FindingsError) as caught:
        read_catalogue(path)
    first = caught.value.findings[0]
    assert first.code == code and first.location.file == path
    if line:
        assert first.location.line == line, first.render("en")
    en, ja = first.render("en"), first.render("ja")
    assert en.startswith(f"rules.yaml:{first.location.line}:") and english in en
    assert ja.startswith("rules.yaml:") and japanese in ja and "\n" not in ja


def test_every_mistake_of_a_file_is_reported_at_once(tmp_path):
    """Two mistakes in two clauses are two findings, each at its own line (the writer fixes both in one go)."""
    path = tmp_path / "rules.yaml"
    path.write_text(GOOD.replace("    interpretation:", "    interpretaton:").replace("  - id: TY-A-2", "  - id: TY-A-1"),
                    encoding="utf-8")
    with pytest.raises(FindingsError) as caught:
        read_catalogue(path)
    assert [(f.code, f.location.line) for f in caught.value.findings] == [("S001", 8), ("D001", 9)]


@pytest.mark.parametrize("text", ["", "- just a list\n", "game: toy\nsource: s\nclauses: []\n", "game: 3\nsource: s\nclauses: [x]\n"])
def test_a_file_of_the_wrong_shape_is_refused(tmp_path, text):
    """An empty file, a list, no clauses, or clauses that are not mappings: refused with a finding, never a bare exception."""
    path = tmp_path / "rules.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(FindingsError) as caught:
        read_catalogue(path)
    assert caught.value.findings and all(f.code.startswith("S") for f in caught.value.findings)
