"""Ops of the vocabulary that no sample card uses yet, each played through a changed card."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from fuda.engine import raise_blaze as rb

from .conftest import _seat, act, events, field, ids, pile, power, sample_registry
from .test_rb_registry import op, with_effect

R = pytest.mark.rule


def game_with(card_id: str, ops, p1: dict, p2: dict, *, index: int = 0, condition=None, **kw):
    """A started scenario where ``card_id``'s ability ``index`` has ``ops`` (and a condition)."""
    data = {"condition": MappingProxyType(condition)} if condition else {}
    changed = with_effect(sample_registry().game, card_id, [op(name, args) for name, args in ops], index=index,
                          **data)
    registry = rb.build_registry(changed)
    (s1, seat1), (s2, seat2) = _seat(p1), _seat(p2)
    position = rb.Position((seat1, seat2), active=kw.pop("active", 0), turn=3, phase=kw.pop("phase", "main"))
    return rb.new_game(registry, [s1, s2], 0, position, **kw).start()


def chosen(side, zone, count=1, **more):
    return {"target": {"pick": "chosen", "side": side, "zone": zone, "count": count, **more}}


@R("RB-SPL-3")
def test_destroying_a_continuous_spell_uncovers_the_set_one():
    """destroy (zone spell): the top card of a spell zone goes; a set spell under it is usable again."""
    g = game_with("grimoire", [("destroy", chosen("opponent", "spell"))], dict(hand=["grimoire"]),
                  dict(spells=[("danmaku-kekkai", "set"), "koumu-ihen"], fighters=["rumia"]))
    act(g, ("main", "spell:grimoire"))
    assert ids(g, g.spell[1]) == ["danmaku-kekkai"] and "koumu-ihen" in ids(g, g.grave[1])


def test_a_spell_never_targets_itself():
    """A spell-zone target skips the spell that is resolving: the set spell under it is the target."""
    g = game_with("grimoire", [("return-to-hand", chosen("own", "spell"))],
                  dict(hand=["grimoire"], spells=[("tengu-gougai", "set")]), dict())
    act(g, ("main", "spell:grimoire"))
    assert ids(g, g.hand[0]) == ["tengu-gougai"] and ids(g, g.grave[0]) == ["grimoire"]


def test_return_a_set_spell_and_mill_and_discard_several():
    """return-to-hand (own spell), mill (self), discard 2 chosen by the owner (oids for several)."""
    g = game_with("sakuya", [("return-to-hand", chosen("own", "spell")), ("mill", {"player": "self", "count": 2}),
                             ("discard", {"player": "self", "count": 2})],
                  dict(hand=["aya", "aya", "hina"], fighters=["sakuya"], spells=[("tengu-gougai", "set")],
                       deck=["chen", "ran"]), dict())
    act(g, ("main", "activate:sakuya"))
    assert g.pending.kind == "discard" and g.pending.min == 2 and "aya#2" in g.pending.ids
    act(g, ("discard", "aya", "aya#2"))
    assert ids(g, g.hand[0]) == ["hina", "tengu-gougai"] and ids(g, g.grave[0])[:2] == ["chen", "ran"]


def test_power_changes_that_last_while_on_the_field_and_on_cores():
    """modify-power until leaves-field survives the end of the turn; own-core targets the core."""
    g = game_with("grimoire", [("modify-power", {"target": {"pick": "chosen", "side": "own", "zone": "fighter",
                                                            "count": 1}, "amount": 700, "until": "leaves-field"}),
                               ("modify-power", {"target": {"pick": "own-core"}, "amount": 500,
                                                 "until": "end-of-turn"})],
                  dict(hand=["grimoire"], fighters=["rumia"], deck=["aya"]), dict(deck=["aya"]))
    act(g, ("main", "spell:grimoire"))
    assert power(g, 0, "rumia") == 1900 and power(g, 0, "core") == 1500
    act(g, ("main", "end"))
    assert power(g, 0, "rumia") == 1900 and power(g, 0, "core") == 1000


@R("RB-SUM-4")
def test_effect_summon_of_two_from_the_hand():
    """effect-summon count 2 from the hand, one after another, each with its own 【召喚時】."""
    g = game_with("grimoire", [("effect-summon", {"from": "hand", "count": 2})],
                  dict(hand=["grimoire", "fairy-maid", "rumia"], deck=["aya", "hina"]), dict())
    act(g, ("main", "spell:grimoire"), ("effect-summon", "fairy-maid"), ("effect-summon", "rumia"))
    assert field(g, 0) == ["fairy-maid", "rumia"] and ids(g, g.hand[0]) == ["aya"]  # 妖精メイド drew


@R("RB-LOSE-1")
def test_destroy_life_of_oneself_can_lose():
    """destroy-life (self): the last life card destroyed by an effect loses at once."""
    g = game_with("grimoire", [("destroy-life", {"player": "self", "count": 1})], dict(hand=["grimoire"], life=1),
                  dict())
    act(g, ("main", "spell:grimoire"))
    assert g.finished and g.winner == 1


@R("RB-BAT-1")
def test_static_sweeps_and_conditions():
    """A static cannot-attack over all opposing fighters; a static with a life condition applies only then."""
    g = game_with("momiji", [("cannot-attack", {"target": {"pick": "all", "side": "opponent", "zone": "fighter"}})],
                  dict(fighters=["momiji"]), dict(fighters=["rumia", "aya"], deck=["hina"]), active=1)
    assert g.attackers(1) == [g.core[1]]
    g = game_with("momiji", [("modify-power", {"target": {"pick": "self"}, "amount": 1000})],
                  dict(fighters=["momiji"], life=3), dict(), condition={"own-life-at-most": 2})
    assert power(g, 0, "momiji") == 1000
    g.life[0].pop()
    assert power(g, 0, "momiji") == 2000
    assert events(g, "position") and pile(g, 0, "momiji") == []
