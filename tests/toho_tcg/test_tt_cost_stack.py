"""toho-tcg conformance: 霊力 and costs, playing, targets, the stack and priority, counters, limits."""

from __future__ import annotations

import pytest

from fuda.engine import toho_tcg as tt
from fuda.engine.core import IllegalChoice, InvalidChoice

from .conftest import act, card, events, field, ids, options, scenario

R = pytest.mark.rule
P = tt.Piece


@R("TT-COST-1", "TT-CHAR-3", "TT-COST-3")
def test_cost_paid_by_trashing_hand_cards_or_tapping_characters():
    """A cost is paid in 霊力: each hand card trashed or character tapped makes 1 (decision 'pay')."""
    game = scenario({"hand": ["master-spark", "rumia", "hina"], "field": ["cirno", "marisa"]},
                    {"field": ["kanako"], "hand": ["kyodaika", "hina"]})
    act(game, ("priority", "play:master-spark"), ("target", "target:kanako"))
    d = game.pending
    assert d.kind == "pay" and d.min == d.max == 3 and d.rule == "TT-COST-1"
    assert set(d.ids) == {"hand:rumia", "hand:hina", "tap:cirno", "tap:marisa"}
    act(game, ("pay", "hand:rumia", "tap:cirno", "tap:marisa"))
    assert ids(game, game.trash[0]) == ["rumia"] and game.tapped[card(game, "cirno")]
    assert events(game, "reiryoku")[0]["sources"] == ["hand:rumia", "tap:cirno", "tap:marisa"]
    assert game.rei[0] == 0 and [x.card for x in game.stack] == [card(game, "master-spark")]


@R("TT-COST-3")
def test_a_card_that_cannot_be_paid_is_not_offered():
    """The cost printed on the card must be payable: an unaffordable card is an illegal choice."""
    game = scenario({"hand": ["kanako", "rumia", "rumia"], "field": ["cirno"]}, {})
    assert "play:kanako" not in options(game)
    with pytest.raises(IllegalChoice, match="cost is 5"):
        game.choose("play:kanako")
    with pytest.raises(InvalidChoice):
        game.choose("play:no-such-card")


@R("TT-COST-1", "TT-COST-2")
def test_making_reiryoku_ahead_keeps_priority_and_is_lost_at_phase_end():
    """Making 霊力 ahead does not use the stack (the player keeps priority); unspent 霊力 is lost when the
    phase ends. It is offered only where it can matter: before 天狗の新聞, which counts the hand."""
    game = scenario({"hand": ["tengu-shinbun", "rumia", "rumia", "rumia"]}, {"hand": ["shijuu-kekkai", "hina"]})
    assert "reiryoku" in options(game)
    act(game, ("priority", "reiryoku"), ("reiryoku", "hand:rumia"))
    assert game.pending.player == 0 and game.pending.kind == "priority" and not game.stack
    assert game.rei[0] == 1 and ids(game, game.trash[0]) == ["rumia"]
    assert "reiryoku" not in options(game)  # the pool already covers 天狗の新聞 (cost 1)
    act(game, ("priority", "pass"))  # P2 has nothing to play; the main phase ends, the battle has no attacker
    assert game.phase == "end" and game.rei == [0, 0]
    plain = scenario({"hand": ["kyodaika", "rumia"], "field": ["cirno"]}, {})
    assert "reiryoku" not in options(plain)
    with pytest.raises(IllegalChoice, match="counts the hand"):
        plain.choose("reiryoku")


@R("TT-COST-2", "TT-SPELL-2")
def test_a_counter_cannot_answer_making_reiryoku():
    """Making 霊力 puts nothing on the stack, so a counter-spell has nothing to target."""
    game = scenario({"hand": ["tengu-shinbun", "rumia", "rumia", "rumia"]},
                    {"hand": ["shijuu-kekkai", "hina", "hina"]})
    act(game, ("priority", "reiryoku"), ("reiryoku", "hand:rumia"))
    assert not game.stack and game.pending.player == 0
    assert [o.id for o in game.priority_options(1, "main")] == ["pass"]  # 四重結界 has no target


@R("TT-TERM-1")
def test_targets_are_chosen_when_played_and_an_illegal_target_fizzles():
    """Targets are chosen on play; a play without a legal target is not offered; an effect whose target
    left the field does nothing."""
    none = scenario({"hand": ["fuiuchi", "rumia", "rumia"]}, {"field": ["reimu"]})
    assert "play:fuiuchi" not in options(none)  # no tapped character to target
    with pytest.raises(IllegalChoice, match="no legal target"):
        none.choose("play:fuiuchi")
    game = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]},
                    {"field": ["reimu"], "hand": ["sukima-okuri", "hina", "hina", "hina"]})
    act(game, ("priority", "play:master-spark"), (1, "priority", "play:sukima-okuri"), (1, "pay", "hand:hina",
        "hand:hina#2", "hand:hina#3"))
    assert ids(game, game.hand[1]) == ["reimu"]
    assert events(game, "fizzle")[0]["card"] == "master-spark" and not events(game, "damage")
    assert {"cards": ["master-spark"], "why": "end-phase", "player": 0} in events(game, "to-trash")


@R("TT-TERM-2")
def test_tap_and_untap():
    """Tapping turns a card sideways (it acted); 早起き untaps a character of its player."""
    game = scenario({"hand": ["hayaoki", "rumia"], "field": [P("cirno", tapped=True)]}, {})
    c = card(game, "cirno")
    assert game.tapped[c] and game.stats(c)[0] == 0
    act(game, ("priority", "play:hayaoki"))
    assert game.pending.kind == "attack" and not game.tapped[c] and game.stats(c)[0] == 2
    assert events(game, "untap")[0]["card"] == "cirno"


@R("TT-TERM-3")
def test_a_curse_equip_stays_under_its_players_control_and_goes_to_its_owners_trash():
    """厄 on an opposing character stays controlled (and owned) by the player who played it; when the
    character leaves, each card goes to its owner's trash."""
    game = scenario({"field": [P("cirno", equip="yaku", equip_owner=1)], "hand": []},
                    {"hand": ["master-spark", "rumia", "rumia", "rumia"]}, active=1)
    c, y = card(game, "cirno"), card(game, "yaku")
    assert game.owner[y] == 1 and game.ctrl[y] == 1 and game.stats(c)[0] == 0
    act(game, (1, "priority", "play:master-spark"))
    assert ids(game, game.trash[0]) == ["cirno"] and "yaku" in ids(game, game.trash[1])
    assert {"cards": ["yaku"], "why": "equip-host-left", "player": 1} in events(game, "to-trash")


@R("TT-CARD-1")
def test_destroy_target_card_reaches_every_card_on_the_field():
    """'Destroy 1 target card' may choose a character, an assister, an equip or the world — not a quick
    waiting in an assister zone."""
    game = scenario({"hand": ["starbow-break", "rumia", "rumia", "rumia", "rumia"]},
                    {"field": [P("reimu", equip="oharaibou")], "assisters": ["saisenbako"], "waiting": ["kyodaika"]},
                    world=(1, "hakurei-jinja"))
    act(game, ("priority", "play:starbow-break"))
    assert set(options(game)) == {"target:reimu", "target:oharaibou", "target:saisenbako", "target:hakurei-jinja"}
    act(game, ("target", "target:hakurei-jinja"), (1, "priority", "pass"))
    assert game.world < 0 and ids(game, game.trash[1]) == ["hakurei-jinja"]
    assert events(game, "destroy")[0]["card"] == "hakurei-jinja"


@R("TT-CHAR-1", "TT-SPELL-3", "TT-SPELL-4")
def test_characters_assisters_equips_only_in_the_own_main_phase():
    """The opponent cannot play characters, assisters or equips in the turn player's main phase."""
    game = scenario({"field": ["cirno"]}, {"hand": ["daiyousei", "saisenbako", "mini-hakkero", "kyodaika", "hina"],
                                                "field": ["reimu"]})
    assert game.pending.player == 1 and options(game) == ["pass", "play:kyodaika"]
    for pick, why in (("play:daiyousei", "character"), ("play:saisenbako", "assister"), ("play:mini-hakkero", "equip")):
        with pytest.raises(IllegalChoice, match=why):
            game.choose(pick)


@R("TT-CHAR-2", "TT-CHAR-5")
def test_a_hard_goes_on_its_own_normal_and_keeps_its_state():
    """A Hard is played only on its matching Normal; it takes the Normal's place, tap state and equip,
    and does not count as another character (3 characters at most)."""
    game = scenario({"hand": ["reimu-hard", "marisa-hard", "rumia"] + ["hina"] * 4,
                         "field": [P("reimu", tapped=True, equip="oharaibou"), "cirno", "momiji"]}, {})
    assert "play:marisa-hard" not in options(game) and "play:rumia" not in options(game)
    with pytest.raises(IllegalChoice, match="at most 3"):
        game.choose("play:rumia")
    with pytest.raises(IllegalChoice, match="matching Normal"):
        game.choose("play:marisa-hard")
    act(game, ("priority", "play:reimu-hard"), ("pay", "hand:hina", "hand:hina#2", "hand:hina#3", "hand:hina#4"))
    h = card(game, "reimu-hard")
    assert field(game, 0) == ["reimu-hard", "cirno", "momiji"] and game.under[h] == card(game, "reimu")
    assert game.tapped[h] and game.equip[h] == card(game, "oharaibou") and game.zone[card(game, "reimu")] == "under"
    assert events(game, "play")[0]["on"] == "reimu"


@R("TT-CHAR-4")
def test_destroyed_only_when_damage_exceeds_defense():
    """Damage equal to the defense leaves a character alive; more destroys it (and trashes it)."""
    game = scenario({"field": [P("reimu-hard", under="reimu")], "hand": ["rumia"]},
                    {"field": ["daiyousei", "rumia"]})
    act(game, ("priority", "activate:reimu-hard"), ("target", "target:daiyousei"))
    assert field(game, 1) == ["daiyousei", "rumia#12"] and events(game, "damage")[0]["amount"] == 2
    game2 = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]}, {"field": ["kanako"]})
    act(game2, ("priority", "play:master-spark"))
    assert field(game2, 1) == ["kanako"]  # 4 − resist 1 = 3, defense 5
    game3 = scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]}, {"field": ["meiling"]})
    act(game3, ("priority", "play:master-spark"))
    assert field(game3, 1) == [] and ids(game3, game3.trash[1]) == ["meiling"]


@R("TT-CHAR-6")
def test_no_summoning_sickness():
    """A character played this main phase can attack in the same turn."""
    game = scenario({"hand": ["cirno", "rumia"]}, {})
    act(game, ("priority", "play:cirno"))
    assert game.pending.kind == "attack" and "target:player" in options(game)
    act(game, ("attack", "target:player"))
    assert events(game, "attack")[0]["attackers"] == ["cirno"]


@R("TT-CHAR-7")
def test_a_character_cannot_be_countered():
    """Playing a character uses no stack: the opponent's counter-spell has nothing to target."""
    game = scenario({"hand": ["cirno", "rumia", "kyodaika", "rumia"]}, {"hand": ["shijuu-kekkai", "hina", "hina"]})
    act(game, ("priority", "play:cirno"), ("pay", "hand:rumia"))
    assert not game.stack and field(game, 0) == ["cirno"] and game.pending.player == 0  # P1 keeps priority
    assert [o.id for o in game.priority_options(1, "main")] == ["pass"]


@R("TT-CHAR-8")
def test_bounce_returns_hard_and_normal_and_trashes_the_equip():
    """スキマ送り returns the Hard and the Normal under it to the owner's hand; the equip is trashed."""
    game = scenario({"hand": ["sukima-okuri", "rumia", "rumia", "rumia"]},
                    {"field": [P("marisa-hard", under="marisa", equip="mini-hakkero")]})
    act(game, ("priority", "play:sukima-okuri"))
    assert sorted(ids(game, game.hand[1])) == ["marisa", "marisa-hard"]
    assert ids(game, game.trash[1]) == ["mini-hakkero"] and not game.chars[1]
    assert events(game, "return")[0]["cards"] == ["marisa-hard", "marisa"]


@R("TT-CHAR-9")
def test_character_types_come_from_the_manifest():
    """Characters have one or more types among the manifest's list."""
    reg = tt.pool_of(__import__("tests.toho_tcg.conftest", fromlist=["x"]).sample_registry())
    types = set(reg.game.manifest["types"])
    chars = [d for d in reg.defs.values() if d.kind == "character"]
    assert all(d.types and set(d.types) <= types for d in chars)
    assert set(types) == {"人間", "幽霊", "妖怪", "妖精", "魔法使い", "巫女", "神", "物質"}


@R("TT-SPELL-1")
def test_spell_kinds():
    """Spells are quicks, assisters and equips (worlds and characters are not spells)."""
    pool = tt.pool_of(__import__("tests.toho_tcg.conftest", fromlist=["x"]).sample_registry())
    kinds = {d.kind for d in pool.defs.values()}
    assert kinds == {"character", "quick", "assister", "equip", "world"}
    assert {d.kind for d in pool.defs.values() if d.is_spell} == {"quick", "assister", "equip"}


@R("TT-SPELL-2", "TT-TERM-1")
def test_stack_resolves_last_in_first_out_and_priority_passes():
    """A stack play hands priority to the opponent; both passing in succession resolves the top; the
    last played resolves first; quicks then wait in the assister zone."""
    game = scenario({"hand": ["kyodaika", "rumia", "rumia"], "field": ["cirno"]},
                    {"hand": ["master-spark", "hina", "hina", "hina"], "field": ["reimu"]})
    act(game, ("priority", "play:kyodaika"), ("target", "target:cirno"), ("pay", "hand:rumia"))
    assert game.pending.player == 1
    act(game, (1, "priority", "play:master-spark"), (1, "target", "target:cirno"),
        (1, "pay", "hand:hina", "hand:hina#2", "hand:hina#3"))
    # neither player can add anything: both pass, マスタースパーク (last in) resolves first
    assert [e["card"] for e in events(game, "resolve")] == ["master-spark", "kyodaika"]
    assert events(game, "fizzle")[0]["card"] == "kyodaika" and field(game, 0) == []
    trashed = [e for e in events(game, "to-trash") if e["why"] == "end-phase"]  # they waited until the end phase
    assert [(e["player"], e["cards"]) for e in trashed] == [(0, ["kyodaika"]), (1, ["master-spark"])]
    assert [e["sid"] for e in events(game, "play")] == [1, 2]


@R("TT-SPELL-2")
def test_quicks_in_the_opponents_turn():
    """The non-turn player may play quicks in the turn player's standby, main, battle and end windows."""
    game = scenario({"field": ["cirno"]}, {"hand": ["stardust-reverie", "hina", "hina"]}, phase="standby")
    assert game.pending.player == 1 and game.pending.rule == "TT-STBY-1"
    act(game, (1, "priority", "play:stardust-reverie"))
    assert events(game, "player-damage")[0]["player"] == 0


@R("TT-SPELL-3", "TT-SPELL-7")
def test_assister_stays_and_its_trash_keyword():
    """An assister stays in the assister zone; its controller may pay its 【トラッシュ】 to trash it."""
    game = scenario({"hand": ["inyoudama", "rumia", "rumia", "rumia"]}, {"assisters": ["koakuma"]})
    act(game, ("priority", "play:inyoudama"), ("pay", "hand:rumia", "hand:rumia#2"), ("priority", "pass"))
    assert ids(game, game.assisters[0]) == ["inyoudama"]
    assert "trash:inyoudama" in options(game) and "trash:koakuma" not in options(game)
    with pytest.raises(IllegalChoice, match="only its controller"):
        game.choose("trash:koakuma")
    act(game, ("priority", "trash:inyoudama"))
    assert not game.assisters[0] and ids(game, game.trash[0])[-1] == "inyoudama"
    assert events(game, "trash-keyword")[0]["cost"] == 1 and not events(game, "destroy")


@R("TT-SPELL-4")
def test_equip_one_per_character_and_trashed_with_it():
    """An equip attaches to a character without one; it goes to the trash with its character."""
    game = scenario({"hand": ["mini-hakkero", "roukanken", "rumia", "rumia", "rumia"],
                         "field": [P("cirno", equip="oharaibou"), "marisa"]},
                    {"hand": ["master-spark", "hina", "hina", "hina"]})
    act(game, ("priority", "play:mini-hakkero"))  # only 霧雨魔理沙 can take it
    act(game, ("pay", "hand:rumia"), ("priority", "pass"))
    m = card(game, "marisa")
    assert game.equip[m] == card(game, "mini-hakkero") and game.stats(m)[0] == 5
    assert "play:roukanken" not in options(game)
    act(game, ("priority", "pass"), (1, "priority", "play:master-spark"), (1, "target", "target:marisa"))
    assert sorted(ids(game, game.trash[0])) == ["marisa", "mini-hakkero", "rumia"]


@R("TT-SPELL-6")
def test_assisters_out_reduce_the_limit_and_countered_spells_count():
    """Two assisters out leave room for one quick; a countered quick still counts."""
    game = scenario({"hand": ["kyodaika", "kyodaika", "rumia", "rumia"], "field": ["cirno"],
                         "assisters": ["saisenbako", "koakuma"]},
                    {"hand": ["itazura", "hina"]})
    act(game, ("priority", "play:kyodaika"), ("pay", "hand:rumia"), (1, "priority", "play:itazura"),
        (0, "priority", "pass"))
    assert events(game, "counter")[0]["target"] == "kyodaika"
    assert game.qa_used(0) == 3 and "play:kyodaika#2" not in options(game)
    fresh_turn = scenario({"hand": ["kyodaika", "rumia"], "field": ["cirno"], "assisters": ["saisenbako", "koakuma", "inyoudama"]},
                          {})
    assert "play:kyodaika" not in options(fresh_turn)


@R("TT-SPELL-2", "TT-SPELL-3")
def test_counters_spell_quick_and_activated():
    """四重結界 counters any spell (an assister too), 三妖精のいたずら only a quick, 封魔陣 an activated
    ability; a countered spell goes to its owner's trash with its cost paid."""
    game = scenario({"hand": ["saisenbako", "rumia"]}, {"hand": ["shijuu-kekkai", "itazura", "hina", "hina", "hina"]})
    act(game, ("priority", "play:saisenbako"))
    assert game.pending.player == 1 and "play:itazura" not in options(game)
    act(game, (1, "priority", "play:shijuu-kekkai"), (1, "pay", "hand:hina", "hand:hina#2"), (1, "priority", "pass"))
    assert not game.assisters[0] and "saisenbako" in ids(game, game.trash[0])
    assert events(game, "counter")[0] | {"player": 1} == {"card": "shijuu-kekkai", "target": "saisenbako",
                                                          "kind": "assister", "sid": 1, "player": 1}
    abil = scenario({"field": [P("reimu-hard", under="reimu")], "hand": ["rumia"]},
                    {"field": ["rumia"], "hand": ["fuumajin", "hina"]})
    act(abil, ("priority", "activate:reimu-hard"), (1, "priority", "play:fuumajin"), (1, "pay", "hand:hina"))
    assert events(abil, "counter")[0]["kind"] == "activated" and not events(abil, "damage")


@R("TT-WORLD-1", "TT-WORLD-2")
def test_one_world_affects_both_players_and_a_new_one_replaces_it():
    """A world's static applies to both players' characters; a new world trashes the old one."""
    game = scenario({"field": ["reimu"], "hand": ["kiri-no-mizuumi", "rumia"]}, {"field": ["sanae", "cirno"]},
                    world=(1, "hakurei-jinja"))
    r, s, c = card(game, "reimu"), card(game, "sanae"), card(game, "cirno")
    assert game.stats(r)[1] == 3 and game.stats(s)[1] == 3 and game.ctrl[game.world] == 1
    act(game, ("priority", "play:kiri-no-mizuumi"), ("pay", "hand:rumia"))
    assert game.oid[game.world] == "kiri-no-mizuumi" and ids(game, game.trash[1]) == ["hakurei-jinja"]
    assert game.stats(r)[1] == 2 and game.stats(c) == (3, 2)
    assert events(game, "play")[0]["replaces"] == "hakurei-jinja"


@R("TT-WORLD-3", "TT-KW-7")
def test_any_player_may_pay_a_worlds_trash():
    """The opponent may pay the world's 【トラッシュ（N）】 to trash it (not a destruction)."""
    game = scenario({"field": ["cirno"]}, {"hand": ["hina", "hina"]}, world=(0, "youkai-no-yama"))
    assert game.pending.player == 1 and "trash:youkai-no-yama" in options(game)
    act(game, (1, "priority", "trash:youkai-no-yama"))
    assert game.world < 0 and ids(game, game.trash[0]) == ["youkai-no-yama"]
    assert len(game.trash[1]) == 2 and not events(game, "destroy")
