"""The conformance suite covers the catalogue, and the op table covers the card vocabulary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fuda import FindingsError
from fuda.database.load import validated
from fuda.database.resources import schema_dir
from fuda.engine.toho_tcg import CATALOGUE, build_registry
from fuda.engine.toho_tcg.cards import walk_ops
from fuda.engine.toho_tcg.ops import TABLE

from ..engine.conformance import (
    assert_catalogue_is_the_shared_one,
    assert_every_clause_is_tested,
    assert_waivers_have_reasons,
)
from .conftest import sample_registry

HERE = Path(__file__).resolve().parent

#: The clause ids of ../shared/rules/toho-tcg.yaml when this suite was written (the package must
#: not read shared/ at run time; the test below also compares with the file when present).
SHARED_IDS = (
    "TT-TERM-1", "TT-TERM-2", "TT-TERM-3", "TT-COST-1", "TT-COST-2", "TT-COST-3", "TT-CARD-1", "TT-CHAR-1",
    "TT-CHAR-2", "TT-CHAR-3", "TT-CHAR-4", "TT-CHAR-5", "TT-CHAR-6", "TT-CHAR-7", "TT-CHAR-8", "TT-CHAR-9",
    "TT-SPELL-1", "TT-SPELL-2", "TT-SPELL-3", "TT-SPELL-4", "TT-SPELL-5", "TT-SPELL-6", "TT-SPELL-7",
    "TT-WORLD-1", "TT-WORLD-2", "TT-WORLD-3", "TT-SETUP-1", "TT-SETUP-2", "TT-SETUP-3", "TT-SETUP-4",
    "TT-DRAW-1", "TT-STBY-1", "TT-MAIN-1", "TT-BAT-1", "TT-BAT-2", "TT-BAT-3", "TT-BAT-4", "TT-BAT-5",
    "TT-BAT-6", "TT-BAT-7", "TT-BAT-8", "TT-BAT-9", "TT-BAT-10", "TT-BAT-11", "TT-END-1", "TT-DISC-1",
    "TT-WIN-1", "TT-KW-1", "TT-KW-2", "TT-KW-3", "TT-KW-4", "TT-KW-5", "TT-KW-6", "TT-KW-7", "TT-KW-8",
    "TT-KW-9", "TT-KW-10", "TT-KW-11",
)


def test_catalogue_has_the_shared_clause_ids():
    """The package catalogue lists exactly the shared clause ids, in order, each in our own words."""
    assert_catalogue_is_the_shared_one(CATALOGUE, SHARED_IDS, "toho-tcg.yaml")


def test_every_clause_is_tested_and_every_cited_id_exists():
    """Each clause has a test marked @pytest.mark.rule (or a waiver); no test cites an unknown id."""
    assert_every_clause_is_tested(CATALOGUE, HERE)


def test_waivers_have_reasons():
    """A waived clause says why; a clause is never silently waived."""
    assert_waivers_have_reasons(CATALOGUE)



def test_op_table_is_the_schema_vocabulary():
    """One registered function per op of the card schema, no more, no less; every sample op is used."""
    schema = json.loads((schema_dir() / "toho-tcg.cards.schema.json").read_text(encoding="utf-8"))
    assert set(TABLE.names()) == set(schema["$defs"]["op"]["properties"])
    used = {op.name for abilities in sample_registry().abilities.values() for a in abilities
            for op in walk_ops(a.ops or ())}
    assert used == set(TABLE.names())
    assert all(spec.doc for spec in TABLE.specs.values())


def _break(folder: Path, card_id: str, old: str, new: str) -> None:
    path = next(p for p in folder.glob("*.yaml") if f"id: {card_id}\n" in p.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("card_id, old, new, code", [
    ("suwako", "target: all-own-characters, filter: {type: 神}, defense: 1",
     "target: own-character, filter: {type: 神}, defense: 1", "E205"),
    ("hina", "modify-stat: {target: opponent-character, attack: -1}", "modify-stat: {target: equipped, attack: -1}",
     "E205"),
    ("ningyou-no-ito", "modify-stat: {target: all-own-characters", "draw: 1\n          - modify-stat: {target: all-own-characters",
     "E205"),
])
def test_a_bad_op_use_refuses_to_build_with_its_location(sample_copy, card_id, old, new, code):
    """An op the schema accepts but the engine cannot use here (a chosen target in a static ability,
    'equipped' off an equip, a one-shot op in a static) refuses to build, naming file, line and card."""
    folder = sample_copy("toho-tcg")
    _break(folder, card_id, old, new)
    database, found = validated([folder.parent])  # validation includes the engine's check (#35)
    assert [f for f in found if f.code == code and f.card == card_id and f.severity == "error"]
    with pytest.raises(FindingsError) as info:
        build_registry(database.game("toho-tcg"))
    finding = info.value.findings[0]
    assert finding.code == code and finding.card == card_id and finding.location.line > 0
    assert str(finding.location.file).endswith(".yaml")
