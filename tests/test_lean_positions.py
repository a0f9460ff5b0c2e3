"""A card file read lean records a third of its positions and finds the rest again: the same locations as a full read."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuda.database.findings import FindingsError
from fuda.database.load import validated
from fuda.database.resources import cards_dir
from fuda.database.yamlfile import LEAN_DEPTH, parse_yaml, read_yaml

CARD_FILES = sorted(p for p in cards_dir().rglob("*.yaml") if p.parent.name not in ("decks", "lint", "scenarios")
                    and p.name != "game.yaml")

ALIASED = """\
cards:
  - id: a
    name: エー
    abilities: &shared
      - when: on-play
        effect:
          - draw: 1
  - id: b
    name: ビー
    abilities: *shared
"""


def _both(text: str, path: Path):
    return parse_yaml(text, path), parse_yaml(text, path, lean=True)


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_position_of_a_lean_read_is_the_full_reads(path):
    """For every value and key path of a bundled card file, the lean read answers `in` and the location as the full read does."""
    full, lean = _both(path.read_text(encoding="utf-8"), path)
    assert lean.data == full.data
    assert len(lean.values.marks) < len(full.values.marks)  # it did leave positions out
    for table in ("values", "keys"):
        whole, lazy = getattr(full, table), getattr(lean, table)
        for p in whole:
            assert p in lazy and lazy[p] == whole[p], (table, p)
        assert set(lazy) == set(whole)
    for probe in [("cards", 0, "nope"), ("cards", 999), ("cards", 0, "abilities", 0, "effect", 9, "x"), ("nope",)]:
        assert (probe in lean.values) == (probe in full.values)
        assert lean.where(probe) == full.where(probe)


def test_a_lean_read_asks_for_no_parse_until_a_position_it_left_out_is_wanted(tmp_path):
    """Containers, deep values and paths inside an alias are answered from the lean marks; a card's own field parses the file once."""
    path = tmp_path / "aliased.yaml"
    path.write_text(ALIASED, encoding="utf-8")
    full, lean = read_yaml(path), read_yaml(path, lean=True)
    source = lean.values.source
    assert lean.where(("cards", 1)) == full.where(("cards", 1))
    assert lean.where(("cards", 0, "abilities", 0, "effect", 0, "draw")) == full.where(("cards", 0, "abilities", 0, "effect", 0, "draw"))
    assert ("cards", 1, "abilities", 0) not in lean.values  # inside the alias: no parse records it
    assert lean.where(("cards", 1, "abilities", 0, "when")) == full.where(("cards", 1, "abilities", 0, "when"))
    assert not source.parsed  # nothing parsed again so far
    assert len(("cards", 0, "name")) <= LEAN_DEPTH
    assert lean.where(("cards", 0, "name")) == full.where(("cards", 0, "name"))
    assert source.parsed  # parsed once, from the file
    assert lean.where(("cards", 1, "name"), key=True) == full.where(("cards", 1, "name"), key=True)


def test_a_file_changed_since_it_was_read_is_located_by_what_the_lean_read_recorded(tmp_path):
    """When the file on disk is no longer the text read, no position is taken from it: a field falls back to its card."""
    path = tmp_path / "cards.yaml"
    path.write_text(ALIASED, encoding="utf-8")
    lean = read_yaml(path, lean=True)
    path.write_text("\n\n" + ALIASED, encoding="utf-8")  # every line moved down by two
    assert lean.where(("cards", 0, "name")) == lean.where(("cards", 0))
    assert lean.where(("cards", 0)).line == 2


def test_a_duplicate_key_in_a_lean_read_still_names_the_first_line():
    """A duplicate key found by a lean read is reported as a full read reports it, first line included."""
    text = "cards:\n  - id: a\n    name: x\n    name: y\n"
    with pytest.raises(FindingsError) as full:
        parse_yaml(text, Path("dup.yaml"))
    with pytest.raises(FindingsError) as lean:
        parse_yaml(text, Path("dup.yaml"), lean=True)
    assert [str(f) for f in lean.value.findings] == [str(f) for f in full.value.findings]
    assert "first at line 3" in str(lean.value.findings[0])


def test_loading_a_clean_database_parses_no_card_file_twice(tmp_path):
    """Validating the bundled games (and a designer's own) locates every card without parsing a card file again."""
    from typer.testing import CliRunner

    from fuda.cli.main import app

    own = tmp_path / "mine"
    assert CliRunner().invoke(app, ["-q", "new", str(own), "--rules", "custom"]).exit_code == 0
    for paths in ([cards_dir()], [own]):
        database, findings = validated(paths)
        assert not [f for f in findings if f.severity == "error"]
        sources = {id(card.positions.source): card.positions.source for game in database.games for card in game.cards}
        assert sources and all(s is not None and not s.parsed for s in sources.values())


def test_a_finding_in_a_lean_file_is_located_at_its_field(tmp_path):
    """A card's own field that breaks a check is located at that field's line and column (found by parsing again)."""
    own = tmp_path / "g"
    from typer.testing import CliRunner

    from fuda.cli.main import app

    assert CliRunner().invoke(app, ["-q", "new", str(own), "--rules", "custom"]).exit_code == 0
    cards = own / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    first_name = next(line for line in text.splitlines() if line.strip().startswith("name:"))
    cards.write_text(text.replace(first_name, first_name + "\u202e", 1), encoding="utf-8")
    _, findings = validated([own])
    bad = [f for f in findings if f.code == "T001"]
    line = text.splitlines().index(first_name) + 1
    column = first_name.index("name:") + len("name: ") + 1
    assert bad and (bad[0].location.line, bad[0].location.col) == (line, column)
    assert read_yaml(cards).where(("cards", 0, "name")).line == line
