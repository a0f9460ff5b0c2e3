"""The card registry: closed op tables, checked parameters, located refusals, manual abilities."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from fuda import FindingsError, Location, load_database
from fuda.build import engine_step as build_step
from fuda.database.model import Op
from fuda.database.ruleset import engine_for, engines
from fuda.engine import recast_rift as rr
from fuda.engine.core import Enum, Int, OpTable, build_registry
from fuda.engine.games import registry_for


@pytest.fixture(scope="module")
def game():
    """The sample recast-rift game."""
    return load_database().game("recast-rift")


def with_effect(game, card_id: str, ops=None, manual: str | None = None):
    """A copy of the game where one card's first ability has other ops (or is manual)."""
    card = game.card(card_id)
    ability = card.abilities[0]
    ability = (dataclasses.replace(ability, effect=None, manual=manual) if manual
               else dataclasses.replace(ability, effect=tuple(ops)))
    new_card = dataclasses.replace(card, abilities=(ability, *card.abilities[1:]))
    cards = tuple(new_card if c.id == card_id else c for c in game.cards)
    return dataclasses.replace(game, cards=cards)


def test_every_sample_card_compiles_and_none_is_manual(game):
    """All sample recast-rift abilities compile to registered ops; no card is manual."""
    registry = rr.build_registry(game)
    assert registry.manual == ()
    used = {op.name for abilities in registry.abilities.values() for a in abilities for op in a.ops}
    assert used <= set(registry.table.names())
    assert {a.when for abilities in registry.abilities.values() for a in abilities} <= set(rr.cards.WHENS)


def test_op_table_covers_the_schema_vocabulary():
    """One registered function per op of the card schema's vocabulary (effect and static)."""
    import json

    from fuda.database.resources import schema_dir

    schema = json.loads((schema_dir() / "recast-rift.cards.schema.json").read_text(encoding="utf-8"))
    vocabulary = set(schema["$defs"]["op"]["properties"]) | set(schema["$defs"]["static-op"]["properties"])
    assert vocabulary == set(rr.ops.TABLE.names())
    kinds = {name: spec.kind for name, spec in rr.ops.TABLE.specs.items()}
    assert {n for n, k in kinds.items() if k == "static"} == set(schema["$defs"]["static-op"]["properties"])


def test_unknown_op_refuses_to_build_naming_card_file_line(game):
    """An op outside the table is an error at the op's file and line, naming the card."""
    where = Location(game.card("reimu-taima-ranbu").source.file, 123, 11)
    broken = with_effect(game, "reimu-taima-ranbu", [Op("explode", 2, where)])
    with pytest.raises(FindingsError) as err:
        rr.build_registry(broken)
    finding = err.value.findings[0]
    assert (finding.code, finding.card, finding.location.line) == ("E201", "reimu-taima-ranbu", 123)
    assert "unknown recast-rift op 'explode'" in finding.message and "draw" in finding.hint


def test_bad_parameter_refuses_to_build(game):
    """A parameter of the wrong type or an unknown parameter is an error naming the op and key."""
    where = Location(game.card("reimu-taima-ranbu").source.file, 7, 3)
    for op, text in ((Op("draw", "two", where), "expected an integer"),
                     (Op("lift", MappingProxyType({"count": 1, "speed": 3}), where), "no parameter 'speed'"),
                     (Op("attack", MappingProxyType({"hand": None, "life": None}), where), "both be ー"),
                     (Op("attack-modifier", MappingProxyType({"player": "self", "hand": 1, "life": 0}), where),
                      "static op")):
        with pytest.raises(FindingsError) as err:
            rr.build_registry(with_effect(game, "reimu-taima-ranbu", [op]))
        assert text in err.value.findings[0].message and err.value.findings[0].code == "E202"


def test_manual_ability_is_listed_and_never_played(game):
    """effect: manual is listed (a warning) and a game with that card refuses to start."""
    registry = rr.build_registry(with_effect(game, "reimu-taima-ranbu", manual="needs a new op"))
    assert [(m.card, m.reason) for m in registry.manual] == [("reimu-taima-ranbu", "needs a new op")]
    assert registry.findings[0].severity == "warning"
    setup = rr.setup_from_deck(game.deck("reimu-marisa"))
    setup = dataclasses.replace(setup, spells=(*setup.spells[:8], "reimu-taima-ranbu"))
    with pytest.raises(FindingsError, match="cannot play this card"):
        rr.new_game(registry, [setup, setup], 0)


def test_generic_table_declarations():
    """A scalar argument fills the first parameter; names and defaults are checked."""
    table = OpTable("toy")

    @table.op("hit", amount=Int(min=1), who=Enum(values=("self", "opponent")).optional("opponent"))
    def hit(game, ctx, amount, who):
        return amount, who

    op = table.compile("hit", 3, lambda *p: Location("x", 1, 1))
    assert dict(op.args) == {"amount": 3, "who": "opponent"} and not op.gen
    assert op.fn(None, None, **op.args) == (3, "opponent")


def test_games_registry_and_build_step(tmp_path):
    """Rule sets name their engines; the build step writes a report and marks games without an
    engine as info."""
    database = load_database()
    assert engine_for("recast-rift").__name__ == "fuda.engine.recast_rift" and "recast-rift" in engines()
    assert registry_for(database.game("recast-rift")) is registry_for(database.game("recast-rift"))
    files = build_step(database, tmp_path)
    text = (tmp_path / "engine" / "registry.txt").read_text(encoding="utf-8")
    assert [f.name for f in files] == ["registry.json", "registry.txt"]
    assert "recast-rift (recast-rift): ok, 32 cards" in text
    for game in database.games:
        if game.rules not in engines():
            assert f"{game.id} ({game.rules}): no engine" in text


def test_build_registry_checks_extra_ability_keys(game):
    """Ability keys outside the game's list (cost, limit, condition, trigger) are refused."""
    card = game.card("marisa-love-colored-master-spark")
    ability = card.abilities[1]
    bad = dataclasses.replace(ability, data=MappingProxyType({**ability.data, "limit": "twice"}))
    new_card = dataclasses.replace(card, abilities=(card.abilities[0], bad))
    broken = dataclasses.replace(game, cards=tuple(new_card if c.id == card.id else c for c in game.cards))
    with pytest.raises(FindingsError, match="ability 'limit'"):
        build_registry(broken, rr.ops.TABLE, extras=rr.ops.ABILITY_KEYS)


def test_coverage_skips_strength_tests_and_the_meta_check_flags_crowded_citations(tmp_path):
    """A test marked strength counts for no clause; the meta check refuses a test citing more than
    a few clauses and a strength test citing any."""
    from fuda.engine.core import Catalogue, Clause, coverage, scan_tests
    from fuda.engine.core.catalogue import MOST_CLAUSES

    from .conformance import assert_every_clause_is_tested

    (tmp_path / "test_x.py").write_text(
        "import pytest\nR = pytest.mark.rule\n\n"
        "@pytest.mark.strength\n@R('TX-A-1')\ndef test_strong():\n    '''x'''\n\n"
        f"@R({', '.join(repr(f'TX-A-{i}') for i in range(1, MOST_CLAUSES + 2))})\ndef test_crowded():\n    '''x'''\n",
        encoding="utf-8")
    catalogue = Catalogue("tx", "test", tuple(Clause(f"TX-A-{i}", "a rule") for i in range(1, MOST_CLAUSES + 2)))
    marks = scan_tests([tmp_path], tmp_path)
    assert [m.strength for m in marks] == [True, False]
    assert coverage(catalogue, marks).tests["TX-A-1"] == ["test_x.py::test_crowded"]
    with pytest.raises(AssertionError, match=f"more than {MOST_CLAUSES} clauses"):
        assert_every_clause_is_tested(catalogue, tmp_path)
