"""Decks, cards, zones and the game setup (RB-DECK, RB-CARD, RB-ZONE, RB-SETUP)."""

from __future__ import annotations

import dataclasses
from types import MappingProxyType

import pytest

from fuda.engine import raise_blaze as rb
from fuda.engine.core import RandomAgent, run

from .conftest import act, events, sample_registry, sample_setups, scenario

R = pytest.mark.rule


def pool():
    return rb.pool_of(sample_registry())


@R("RB-DECK-1")
def test_main_deck_size_and_copies():
    """The main deck is 40–100 fighters and spells with at most 3 copies of a card."""
    legal = sample_setups()[0]
    assert rb.deck_problems(pool(), legal) == []
    short = dataclasses.replace(legal, main=legal.main[:39])
    assert any("40–100" in p for p in rb.deck_problems(pool(), short))
    four = dataclasses.replace(legal, main=(*legal.main, "aya"))
    assert any("4 copies of 'aya'" in p for p in rb.deck_problems(pool(), four))
    huge = dataclasses.replace(legal, main=tuple(c for c in pool().defs if pool()[c].kind != "core-fighter") * 3)
    assert len(huge.main) > 100 and any("40–100" in p for p in rb.deck_problems(pool(), huge))
    cored = dataclasses.replace(legal, main=(*legal.main[:-1], "core-suika"))
    assert any("core fighter" in p for p in rb.deck_problems(pool(), cored))
    with pytest.raises(ValueError, match="RB-DECK-1"):
        rb.new_game(sample_registry(), [short, legal], 1)


@R("RB-DECK-2")
def test_core_deck_is_one_to_ten_distinct_core_fighters():
    """The core deck holds 1–10 core fighters, all different."""
    legal = sample_setups()[1]
    assert rb.deck_problems(pool(), legal) == []
    for core in [(), ("core-reimu", "core-reimu"), ("core-reimu", "aya")]:
        problems = rb.deck_problems(pool(), dataclasses.replace(legal, core=core))
        assert problems and all("RB-DECK-2" in p for p in problems), core
    with pytest.raises(ValueError, match="RB-DECK-2"):
        rb.new_game(sample_registry(), [legal, dataclasses.replace(legal, core=())], 1)


@R("RB-CARD-1")
def test_a_fighter_has_name_types_power_effect_and_raise():
    """A fighter card carries its printed name, types, power, abilities and raise value."""
    d = pool()["sakuya"]
    assert (d.name, d.type_list, d.power, d.raise_, d.kind) == ("十六夜咲夜", ("人間", "従者"), 2000, 1, "fighter")
    assert [a.when for a in d.activated] == ["activated"] and d.label == "十六夜咲夜（レイズ1・2000）"
    assert pool()["rumia"].on_summon == () and pool()["remilia"].raise_ == 3


@R("RB-CARD-2")
def test_core_fighter_power_is_1000_unless_printed():
    """Core fighters start on the core field with power 1000 (settings.core-power) unless printed."""
    assert pool()["core-reimu"].power == 1000 and pool()["core-suika"].power == 1500
    game = sample_registry().game
    card = game.card("core-marisa")
    bare = dataclasses.replace(card, data=MappingProxyType({k: v for k, v in card.data.items() if k != "power"}))
    changed = dataclasses.replace(game, cards=tuple(bare if c.id == card.id else c for c in game.cards))
    assert rb.CardPool(rb.build_registry(changed))["core-marisa"].power == 1000
    g = scenario(dict(core="core-suika"), dict(core="core-marisa"))
    assert g.power(g.core[0]) == 1500 and g.power(g.core[1]) == 1000


@R("RB-CARD-3")
def test_spell_kinds():
    """Spells are normal, continuous or equip; a 【迎撃】-only spell can be set but not played."""
    kinds = {cid: d.spell_type for cid, d in pool().defs.items() if d.kind == "spell"}
    assert set(kinds.values()) == {"normal", "continuous", "equip"}
    assert kinds["koumu-ihen"] == "continuous" and kinds["mini-hakkero"] == "equip"
    g = scenario(dict(hand=["danmaku-kekkai", "grimoire"]), dict())
    ids = g.pending.ids
    assert "set:danmaku-kekkai" in ids and "spell:danmaku-kekkai" not in ids and "spell:grimoire" in ids
    with pytest.raises(Exception, match="迎撃"):
        g.choose("spell:danmaku-kekkai")


@R("RB-ZONE-1")
def test_five_fighter_zones():
    """No normal or effect summon into a full field of 5; a raise summon frees zones and may."""
    g = scenario(dict(hand=["rumia", "sakuya"], fighters=["aya", "momiji", "hina", "nitori", "chen"]), dict())
    assert "summon:rumia" not in g.pending.ids and "raise:sakuya" in g.pending.ids
    with pytest.raises(Exception, match="5 fighter zones"):
        g.choose("summon:rumia")
    act(g, ("main", "raise:sakuya"), ("underneath", "chen"))
    assert len(g.fighters(0)) == 5 and g.defs[g.slots[0][4]].id == "sakuya"
    g = scenario(dict(hand=["hangonchou"], grave=["aya"], fighters=["aya", "momiji", "hina", "nitori", "chen"]), dict())
    act(g, ("main", "spell:hangonchou"))
    assert len(g.fighters(0)) == 5 and events(g, "nothing")


@R("RB-ZONE-2")
def test_one_spell_zone():
    """Each player has one spell zone: a spell is set only into an empty one."""
    g = scenario(dict(hand=["grimoire", "master-spark"], deck=["aya", "aya"]), dict())
    act(g, ("main", "set:grimoire"))
    assert [g.oid[c] for c in g.spell[0]] == ["grimoire"] and not g.face_up[g.spell[0][0]]
    assert "set:master-spark" not in g.pending.ids
    with pytest.raises(Exception, match="not empty"):
        g.choose("set:master-spark")
    assert len(g.spell) == 2 and g.spell[1] == []


def start_sample(seed=1):
    return rb.new_game(sample_registry(), sample_setups(), seed).start()


@R("RB-SETUP-1")
def test_each_player_chooses_a_core_fighter_face_down_first():
    """Before anything else each player picks one core fighter of their core deck; the rest stay there."""
    g = start_sample()
    assert g.pending.kind == "core" and g.pending.player == 0 and g.pending.ids == ("core-reimu", "core-suika")
    assert g.log.of("chance") == []  # nothing shuffled yet
    act(g, ("core", "core-suika"), ("core", "core-marisa"))
    assert g.oid[g.core[0]] == "core-suika" and g.oid[g.core[1]] == "core-marisa"
    assert [g.oid[c] for c in g.core_deck[0]] == ["core-reimu"]
    assert [g.oid[c] for c in g.core_deck[1]] == ["core-remilia"]


# 「コアデッキからコアファイターを一枚選び、コアフィールドに伏せて出します。」…「互いにコアファイターを表に
# 向け、ゲーム開始です。」 (seed 003, ③ 1 and 6): the second core's 【永続】 applies from the start, whatever
# was read while the first one lay alone on the field.
@R("RB-SETUP-1")
def test_reading_the_board_between_the_core_choices_changes_nothing():
    """A state dump, power() and can_attack() between the two choices keep 伊吹萃香's 【永続】 (it cannot attack)."""
    digests = []
    for read in (False, True):
        g = rb.new_game(sample_registry(), sample_setups()[::-1], 5).start()  # 萃香 is player 2's
        act(g, ("core", "core-marisa"))
        if read:
            g.describe_state()
            assert [g.power(c) for c in (g.core[0],)] == [1000] and g.can_attack(g.core[0])
        act(g, (1, "core", "core-suika"))
        assert not g.can_attack(g.core[1]) and g.core[1] not in g.attackers(1)
        run(g, [RandomAgent.for_seat(5, 0), RandomAgent.for_seat(5, 1)])
        assert not any(e["attacker"] == "core" for e in events(g, "attack") if e["player"] == 1)
        digests.append(g.log.digest())
    assert digests[0] == digests[1]


@R("RB-SETUP-2", "RB-SETUP-3", "RB-SETUP-4")
def test_shuffle_opening_hand_and_life():
    """Decks are shuffled (a logged chance outcome); 5 cards to the hand, the next 5 face down as life."""
    g = act(start_sample(2), ("core", "core-reimu"), ("core", "core-remilia"))
    shuffles = [e for e in events(g, "chance") if e["what"] == "shuffle"]
    assert [e["player"] for e in shuffles] == [0, 1] and len(shuffles[0]["result"]) == 40
    for p, shuffle in enumerate(shuffles):
        order = shuffle["result"]  # top first
        opening = events(g, "opening")[p]
        assert opening["hand"] == order[:5] and opening["life"] == 5
        assert [g.oid[c] for c in g.life[p]] == order[5:10]  # the first laid is the bottom one
    first = g.active
    assert len(g.hand[first]) == 6 and len(g.hand[1 - first]) == 5  # the first player has drawn
    assert len(g.deck[first]) == 29 and len(g.deck[1 - first]) == 30
    assert start_sample(2).seed == 2 and events(act(start_sample(3), ("core", "core-reimu"), ("core", "core-remilia")),
                                                 "opening")[0]["hand"] != events(g, "opening")[0]["hand"]


@R("RB-SETUP-5")
def test_first_player_by_the_seeded_generator_or_the_manifest():
    """settings.first-player random decides with the game's generator (logged); player-2 fixes it."""
    firsts = set()
    for seed in range(12):
        g = act(start_sample(seed), ("core", "core-reimu"), ("core", "core-remilia"))
        (chance,) = [e for e in events(g, "chance") if e["what"] == "first-player"]
        assert chance["result"] == g.active == g.pending.player
        firsts.add(g.active)
    assert firsts == {0, 1}
    fixed = rb.CardPool(sample_registry())
    fixed.settings["first-player"] = "player-2"
    g = rb.RaiseBlaze(fixed, sample_setups(), 0).start()
    act(g, ("core", "core-reimu"), ("core", "core-remilia"))
    assert g.active == 1


@R("RB-SETUP-6")
def test_cores_are_revealed_and_the_game_starts():
    """Both core fighters are turned face up (logged with their power), then turn 1 begins."""
    g = act(start_sample(4), ("core", "core-suika"), ("core", "core-remilia"))
    kinds = [e.kind for e in g.log.events]
    assert kinds.index("reveal-core") > kinds.index("opening") and kinds.index("turn") > kinds.index("reveal-core")
    assert [(e["card"], e["power"]) for e in events(g, "reveal-core")] == [("core-suika", 1500), ("core-remilia", 1000)]
    assert events(g, "turn")[0]["turn"] == 1 and g.pending.kind == "main"
