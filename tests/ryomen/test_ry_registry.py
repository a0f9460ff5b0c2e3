"""The ryomen registry: the closed op table matches the schema's vocabulary; bad cards refuse."""

from __future__ import annotations

import json

import pytest

from fuda import FindingsError, load_database
from fuda.database.resources import schema_dir
from fuda.engine import ryomen as ry
from fuda.engine.ryomen.ops import TABLE
from tests.conftest import rewrite

from .conftest import sample_registry

R = pytest.mark.rule


def _first_ability(data, mutate):
    for card in data["cards"]:
        if card["id"] == "cirno":
            mutate(card["abilities"][0])


@R("RY-CARD-2")
def test_the_op_table_is_the_schemas_vocabulary():
    """Every op the card schema defines is registered (one function each), and no other."""
    schema = json.loads((schema_dir() / "ryomen.cards.schema.json").read_text(encoding="utf-8"))
    assert set(TABLE.names()) == set(schema["$defs"]["op"]["properties"])
    for name in TABLE.names():
        assert TABLE.specs[name].doc


@R("RY-CARD-2")
def test_every_sample_card_compiles_and_none_is_manual():
    """All 18 sample cards compile to ops; no ability is 'manual'."""
    reg = sample_registry()
    assert reg.manual == () and len(reg.abilities) == 18
    pool = ry.pool_of(reg)
    assert all(a.ops for face in pool.defs.values() for a in face.abilities)


@R("RY-CARD-2")
def test_an_unknown_op_refuses_to_build_naming_card_file_and_line(sample_copy):
    """A card using an op outside the table is a located error (E201) and no registry is built."""
    folder = sample_copy("ryomen")
    rewrite(folder / "scarlet.yaml", lambda d: _first_ability(d, lambda a: a.update(effect=[{"freeze": 3}])))
    game = _load_unvalidated(folder)
    with pytest.raises(FindingsError) as err:
        ry.build_registry(game)
    text = str(err.value.findings[0])
    assert "E201" in text and "scarlet.yaml:" in text and "cirno" in text


@R("RY-CARD-2")
def test_a_bad_parameter_refuses_to_build(sample_copy):
    """A parameter outside its declaration (an amount of 0) is a located error (E202)."""
    folder = sample_copy("ryomen")
    rewrite(folder / "scarlet.yaml", lambda d: _first_ability(d, lambda a: a.update(
        effect=[{"modify-stat": {"target": "opponent", "stat": "speed", "amount": 0}}])))
    game = _load_unvalidated(folder)
    with pytest.raises(FindingsError) as err:
        ry.build_registry(game)
    assert "E202" in str(err.value.findings[0]) and "amount" in str(err.value.findings[0])


@R("RY-CARD-2")
def test_a_manual_ability_is_listed_and_its_card_cannot_be_played(sample_copy):
    """An 'effect: manual' ability is listed in the registry, never ignored: a pairing holding it
    refuses to start."""
    folder = sample_copy("ryomen")
    rewrite(folder / "scarlet.yaml", lambda d: _first_ability(d, lambda a: a.update(effect="manual", reason="test")))
    game = load_database([folder.parent]).game("ryomen")
    reg = ry.build_registry(game)
    assert [m.card for m in reg.manual] == ["cirno"]
    setups = [ry.setup_from_deck(game.deck("scarlet-gate")), ry.setup_from_deck(game.deck("ghost-spring"))]
    with pytest.raises(FindingsError, match="E203"):
        ry.new_game(reg, setups, 1)


def _load_unvalidated(folder):
    """The game with scarlet.yaml read past the schema (which would already reject the edit), so
    the registry's own check is what refuses it."""
    import dataclasses

    from fuda.database.load import _build_cards, _read

    sample = load_database().game("ryomen")
    doc = _read(folder / "scarlet.yaml", [])
    edited = _build_cards(doc, "ryomen", folder)
    others = [c for c in sample.cards if c.get("set") != "scarlet"]
    return dataclasses.replace(sample, folder=folder, cards=tuple(others + edited))
