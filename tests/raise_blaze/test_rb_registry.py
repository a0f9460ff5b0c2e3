"""The raise-blaze registry: the closed op vocabulary, checked parameters, located refusals,
manual abilities listed and never played."""

from __future__ import annotations

import dataclasses
import json
from types import MappingProxyType

import pytest

from fuda import FindingsError, Location
from fuda.database.model import Op
from fuda.database.resources import schema_dir
from fuda.engine import raise_blaze as rb
from fuda.engine.raise_blaze import ops as rb_ops

from .conftest import sample_registry

R = pytest.mark.rule


@pytest.fixture(scope="module")
def game():
    """The sample raise-blaze game."""
    return sample_registry().game


def with_effect(game, card_id: str, ops=None, manual: str | None = None, index: int = 0, **data):
    """A copy of the game where one card's ability has other ops (or is manual, or other keys)."""
    card = game.card(card_id)
    ability = card.abilities[index]
    if manual:
        ability = dataclasses.replace(ability, effect=None, manual=manual)
    elif ops is not None:
        ability = dataclasses.replace(ability, effect=tuple(ops))
    if data:
        ability = dataclasses.replace(ability, data=MappingProxyType({**ability.data, **data}))
    abilities = list(card.abilities)
    abilities[index] = ability
    new_card = dataclasses.replace(card, abilities=tuple(abilities))
    return dataclasses.replace(game, cards=tuple(new_card if c.id == card_id else c for c in game.cards))


def op(name, args, line=7):
    return Op(name, MappingProxyType(args) if isinstance(args, dict) else args, Location("cards.yaml", line, 11))


def test_every_sample_card_compiles_and_none_is_manual(game):
    """All 48 sample abilities compile to registered ops; no card is manual."""
    registry = rb.build_registry(game)
    assert registry.manual == () and len(registry.abilities) == len(game.cards) == 48
    used = {o.name for abilities in registry.abilities.values() for a in abilities for o in a.ops}
    assert used <= set(registry.table.names())


def test_op_table_covers_the_schema_vocabulary():
    """One registered function per op of the schema: every one-shot op and every static op."""
    schema = json.loads((schema_dir() / "raise-blaze.cards.schema.json").read_text(encoding="utf-8"))
    assert set(schema["$defs"]["op"]["properties"]) == set(rb_ops.EFFECTS.names())
    assert set(schema["$defs"]["static-op"]["properties"]) == set(rb_ops.STATICS.names())
    assert all(spec.kind == "static" for spec in rb_ops.STATICS.specs.values())
    assert set(rb.TABLE.names()) == set(rb_ops.EFFECTS.names()) | set(rb_ops.STATICS.names())


def test_unknown_op_refuses_to_build_naming_card_file_line(game):
    """An op outside the table is an error at the op's file and line, naming the card."""
    bad = with_effect(game, "grimoire", [op("teleport", 2, line=41)])
    with pytest.raises(FindingsError) as exc:
        rb.build_registry(bad)
    text = str(exc.value.findings[0])
    assert "cards.yaml:41:11" in text and "teleport" in text and "grimoire" in text


def test_bad_parameters_refuse_to_build(game):
    """Parameters are checked: range, words, target combinations, filter kinds."""
    cases = [
        [op("draw", 9)],
        [op("discard", {"player": "everyone", "count": 1})],
        [op("destroy", {"target": {"pick": "chosen", "side": "opponent", "zone": "fighter"}})],  # no count
        [op("destroy", {"target": {"pick": "self", "side": "own"}})],  # side on a fixed pick
        [op("destroy", {"target": {"pick": "own-core"}})],  # removal never hits a core
        [op("search-deck", {"filter": {"kind": "spell", "types": ["神"]}, "count": 1})],
        [op("effect-summon", {"from": "sky"})],
        [op("modify-power", {"target": {"pick": "self"}, "amount": 500})],  # one-shot needs until
    ]
    for ops in cases:
        with pytest.raises(FindingsError) as exc:
            rb.build_registry(with_effect(game, "grimoire", ops))
        assert exc.value.findings[0].code in ("E202", "E204"), ops


def test_static_and_one_shot_ops_stay_in_their_places(game):
    """A static op in a 【発動】 ability, or a one-shot op in a 【永続】 one, refuses to build."""
    with pytest.raises(FindingsError) as exc:
        rb.build_registry(with_effect(game, "grimoire", [op("battle-immune", {"target": {"pick": "self"}})]))
    assert "cannot be used here" in str(exc.value.findings[0])
    with pytest.raises(FindingsError):
        rb.build_registry(with_effect(game, "momiji", [op("draw", 1)]))


def test_modify_power_is_both_a_one_shot_and_a_static_op(game):
    """modify-power compiles with `until` in a one-shot ability and without it in a static one."""
    registry = rb.build_registry(game)
    (spark,) = registry.of("master-spark")
    (momiji,) = registry.of("momiji")
    assert spark.ops[0].args["until"] == "end-of-turn" and spark.ops[0].fn is rb_ops.modify_power
    assert momiji.ops[0].fn is rb_ops.modify_power_static and "until" not in momiji.ops[0].args


def test_manual_abilities_are_listed_and_never_played(game):
    """An `effect: manual` ability is listed with its reason; a deck holding the card cannot be played."""
    manual = with_effect(game, "grimoire", manual="not expressible yet")
    registry = rb.build_registry(manual)
    assert [(m.card, m.reason) for m in registry.manual] == [("grimoire", "not expressible yet")]
    deck = rb.PlayerSetup(("grimoire",) + ("rumia",) * 39, ("core-reimu",))
    with pytest.raises(FindingsError) as exc:
        rb.new_game(registry, [deck, deck], 1)
    assert "manual" in str(exc.value.findings[0])


def test_compiled_values_are_flat(game):
    """Targets, filters, conditions and costs compile to frozen values the engine reads directly."""
    pool = rb.pool_of(sample_registry())
    sakuya = pool["sakuya"].activated[0]
    target = sakuya.ops[0].args["target"]
    assert isinstance(target, rb_ops.Target) and (target.pick, target.side, target.count) == ("chosen", "opponent", 1)
    assert sakuya.once and sakuya.cost is None
    assert pool["yuyuko"].activated[0].cost == rb_ops.Cost(detach=1)
    assert pool["core-marisa"].activated[0].cost == rb_ops.Cost(discard=1)
    assert pool["minoriko"].on_summon[0].condition == rb_ops.Condition(own_life_at_most=2)
    f = pool["sanae"].on_summon[0].ops[0].args["filter"]
    assert isinstance(f, rb_ops.Filter) and f.types == frozenset({"神"}) and f.raise_at_most == 0
    assert pool["daiyousei"].on_summon[0].optional and not pool["fairy-maid"].on_summon[0].optional
