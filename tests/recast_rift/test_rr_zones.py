"""Recast Rift conformance: deploy, lift, retrieval and deck rebuild."""

from __future__ import annotations

import pytest

from fuda.engine.core import IllegalChoice

from .conftest import act, events, names, scenario, zone_ids

R = pytest.mark.rule


@R("RR-DEP-1", "RR-CARD-4")
def test_deploy_zones_are_the_recast_time_and_the_turn_player_chooses():
    """The deploy decision offers the card's recast zones with a free place; the turn player
    chooses, even for the opponent's preempt card (the seed: 置く場所はターンプレイヤーの自由)."""
    game = scenario({"hand": ["reimu-musou-fuuin"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"], "deck": ["youmu-meisou-zan"],
                         "zones": {1: ["youmu-nihyaku-yujun"]}})
    act(game, "main cast:reimu-musou-fuuin", "preempt cast:youmu-gensei-zan")
    assert (game.pending.player, game.pending.kind, game.pending.ids) == (0, "deploy", ("zone:2", "zone:1"))
    act(game, "deploy zone:1")
    assert zone_ids(game, 1) == {1: ["youmu-nihyaku-yujun", "youmu-gensei-zan"]}


@R("RR-DEP-2")
def test_statics_work_while_deployed_in_any_zone():
    """A setup card's 【展開中】 changes attacks while it sits in Ⅲ, Ⅱ or Ⅰ, and not from the hand."""
    for zone in (3, 2, 1):
        game = scenario({"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "reimu"),
                             "hand": ["reimu-musou-fuuin"], "zones": {zone: ["marisa-orreries-sun"]}},
                        {"awakening": "sakuya-luna-dial"})
        game.choose("cast:reimu-musou-fuuin")
        assert events(game, "attack")[0]["power"] == "1／3"
    game = scenario({"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "reimu"),
                         "hand": ["reimu-musou-fuuin", "marisa-orreries-sun"]}, {"awakening": "sakuya-luna-dial"})
    game.choose("cast:reimu-musou-fuuin")
    assert events(game, "attack")[0]["power"] == "1／2"


@R("RR-DEP-3")
def test_recast_up_past_three_makes_reserve():
    """A recast-time increase moves a card nearer; past Ⅲ it becomes reserve."""
    game = scenario({"awakening": "sakuya-luna-dial", "hand": ["sakuya-the-world"]},
                    {"awakening": "reimu-dream-battle", "zones": {3: ["reimu-nijuu-kekkai"], 1: ["reimu-musou-fuuin"]}})
    game.choose("cast:sakuya-the-world")
    assert zone_ids(game, 1) == {2: ["reimu-musou-fuuin"]}
    assert names(game, game.reserve[1]) == ["reimu-nijuu-kekkai"]


@R("RR-DEP-4", "RR-PRIN-3")
def test_no_free_place_costs_one_life_and_reserve():
    """A processed card with no free place left: 1 damage to its player's life (no graze check)
    and it becomes reserve — possible when one player cast two cards before processing ended."""
    game = scenario({"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll", "sakuya-luminous-ricochet"],
                         "zones": {1: ["reimu-youin-gyoku"], 2: ["reimu-musou-fuuin", "reimu-fuumajin"]},
                         "fighters": ("sakuya", "reimu"), "deck": ["sakuya-private-square"]},
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"], "deck": ["youmu-meisou-zan"],
                         "zones": {2: ["youmu-nihyaku-yujun"]}})
    # killer-doll (Ⅱ full, one place in Ⅰ) — gensei-zan preempts — ricochet takes the last Ⅰ place
    act(game, "main cast:sakuya-killer-doll", "preempt cast:youmu-gensei-zan", "preempt cast:sakuya-luminous-ricochet",
        "deploy zone:2", "damage life")
    assert events(game, "overflow") == [{"card": "sakuya-killer-doll", "player": 0}]
    assert names(game, game.reserve[0]) == ["sakuya-killer-doll"]
    overflow = [e.kind for e in game.log.events].index("overflow")
    assert game.log.events[overflow + 1].kind == "damage"  # not "hit": no graze check, no HIT
    assert game.log.events[overflow + 1].data["amount"] == 1 and game.life[0] == 4


@R("RR-LIFT-1", "RR-LIFT-3")
def test_lift_lowers_recast_time_and_from_one_to_zero():
    """The lift step moves every deployed card one zone further at once; from Ⅰ to ［０］ and the hand."""
    game = scenario({}, {"awakening": "sakuya-luna-dial", "zones": {3: ["sakuya-private-square"],
                                                                       2: ["sakuya-killer-doll"],
                                                                       1: ["sakuya-luna-clock"]}},
                    active=1, phase="draw")
    lift = events(game, "lift")[0]
    assert lift["moves"] == [("sakuya-luna-clock", 1, 0), ("sakuya-killer-doll", 2, 1), ("sakuya-private-square", 3, 2)]
    assert zone_ids(game, 1) == {2: ["sakuya-private-square"], 1: ["sakuya-killer-doll"]}
    assert names(game, game.hand[1]) == ["sakuya-luna-clock"]


@R("RR-LIFT-2", "RR-ZONE-2")
def test_simultaneous_lift_counts_freed_places_and_conflicts_are_chosen():
    """Lifting all of a full Ⅰ and Ⅱ works (places freed count); when more cards would enter a
    zone than it has places, the lifting player chooses which move; a single lift into a full zone
    is not offered."""
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-nehan-jakujou"], "face_down": ["youmu-meisou-zan"],
                         "zones": {1: ["youmu-gensei-zan"], 2: ["youmu-nihyaku-yujun", "youmu-yuumei-no-kurin"]}},
                    {"awakening": "sakuya-luna-dial"})
    assert "lift:youmu-nihyaku-yujun" in game.pending.ids  # Ⅰ has one free place
    act(game, "main cast:youmu-nehan-jakujou", "lift-zone zone:2")
    assert game.pending.kind == "lift-conflict" and game.pending.min == 1
    act(game, "lift-conflict youmu-yuumei-no-kurin")
    assert zone_ids(game, 0)[1] == ["youmu-gensei-zan", "youmu-yuumei-no-kurin"]
    assert zone_ids(game, 0)[2] == ["youmu-nihyaku-yujun", "youmu-nehan-jakujou"]
    full = scenario({"awakening": "youmu-till-when", "hand": ["youmu-meisou-zan"],
                         "zones": {1: ["youmu-gensei-zan", "youmu-nihyaku-yujun"], 2: ["youmu-yuumei-no-kurin"]}},
                    {"awakening": "sakuya-luna-dial"})
    assert "lift:youmu-yuumei-no-kurin" not in full.pending.ids
    with pytest.raises(IllegalChoice, match="［Ⅰ］ has no free place"):
        full.choose("lift:youmu-yuumei-no-kurin")


@R("RR-LIFT-4", "RR-PRIN-1")
def test_retrieval_resolves_then_hand_unless_reserve():
    """A card reaching ［０］ resolves 【回収時】: 冥想斬 draws then goes to the hand; オーレリーズサン's
    text makes it reserve instead (card text beats the rule)."""
    game = scenario({}, {"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "youmu"),
                                 "zones": {1: ["youmu-meisou-zan"]},
                                 "deck": ["marisa-blazing-star", "marisa-milky-way", "youmu-gensei-zan"]},
                    active=1, phase="draw")
    assert names(game, game.hand[1]) == ["marisa-blazing-star", "marisa-milky-way", "youmu-gensei-zan",
                                         "youmu-meisou-zan"]
    sun = scenario({}, {"awakening": "marisa-love-colored-master-spark", "zones": {1: ["marisa-orreries-sun"]}},
                   active=1, phase="draw")
    assert names(sun, sun.reserve[1]) == ["marisa-orreries-sun"] and sun.hand[1] == []


@R("RR-LIFT-5")
def test_several_retrieved_cards_in_their_players_order():
    """Two cards reaching ［０］ together are retrieved one at a time in the order their player picks."""
    game = scenario({}, {"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "youmu"),
                                 "zones": {1: ["marisa-orreries-sun", "youmu-meisou-zan"]}, "deck": ["marisa-blazing-star"]},
                    active=1, phase="draw")
    assert (game.pending.player, game.pending.kind) == (1, "retrieve")
    act(game, "retrieve youmu-meisou-zan")
    assert [e["card"] for e in events(game, "retrieve")] == ["youmu-meisou-zan", "marisa-orreries-sun"]


@R("RR-LIFT-6")
def test_statics_keep_working_in_zero():
    """A static card waiting in ［０］ still changes attacks."""
    game = scenario({"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "reimu"),
                         "hand": ["reimu-musou-fuuin"], "zones": {1: ["marisa-orreries-sun"]}},
                    {"awakening": "sakuya-luna-dial"})
    sun = game.by_oid[0]["marisa-orreries-sun"]
    game.zones[0][1].remove(sun)
    game.zones[0][0].append(sun)  # waiting in ［０］, its retrieval not yet processed
    game.retrieving.add(sun)
    game.choose("cast:reimu-musou-fuuin")
    assert events(game, "attack")[0]["power"] == "1／3"


@R("RR-REB-1", "RR-REB-2")
def test_drawing_from_an_empty_deck_rebuilds_first():
    """An empty deck with face-down/reserve cards is rebuilt (piles shuffled into the deck), then drawn."""
    game = scenario({}, {"awakening": "sakuya-luna-dial", "face_down": ["sakuya-killer-doll"],
                                 "reserve": ["sakuya-private-square"]}, active=1, phase="draw")
    assert events(game, "rebuild")[0] == {"why": "empty-deck", "size": 2, "player": 1}
    assert sorted(names(game, game.hand[1])) == ["sakuya-killer-doll", "sakuya-private-square"]
    assert game.facedown[1] == [] and game.reserve[1] == []


@R("RR-REB-3", "RR-TURN-6")
def test_refresh_rebuild_is_optional_and_lifts_everything():
    """In the refresh step the turn player may rebuild; then all their deployed cards lift."""
    game = scenario({"awakening": "sakuya-luna-dial", "face_down": ["sakuya-killer-doll"],
                         "zones": {3: ["sakuya-private-square"], 1: ["sakuya-luna-clock"]}},
                    {}, phase="refresh")
    assert game.pending.kind == "refresh" and game.pending.ids == ("rebuild", "pass")
    act(game, "refresh rebuild")
    assert events(game, "lift")[0]["why"] == "refresh"
    assert zone_ids(game, 0) == {2: ["sakuya-private-square"]}
    skip = scenario({"awakening": "sakuya-luna-dial", "face_down": ["sakuya-killer-doll"],
                         "zones": {3: ["sakuya-private-square"]}}, {}, phase="refresh")
    act(skip, "refresh pass")
    assert zone_ids(skip, 0) == {3: ["sakuya-private-square"]} and not events(skip, "rebuild")


@R("RR-REB-4")
def test_no_rebuild_without_face_down_or_reserve_cards():
    """With both piles empty the refresh step offers no rebuild (and the rebuild op does nothing)."""
    game = scenario({"awakening": "marisa-love-colored-master-spark", "hand": ["marisa-event-horizon"],
                         "deck": ["marisa-milky-way"]}, {"awakening": "sakuya-luna-dial"})
    act(game, "main cast:marisa-event-horizon", "deploy zone:3")
    assert not events(game, "rebuild")
    assert names(game, game.hand[0]) == ["marisa-milky-way"]


@R("RR-REB-5")
def test_draw_with_nothing_left_is_skipped():
    """Deck, face-down and reserve all empty: the draw step draws nothing."""
    game = scenario({}, {"awakening": "sakuya-luna-dial"}, active=1, phase="draw")
    assert len(events(game, "no-draw")) == 2 and game.hand[1] == []


@R("RR-LIFT-1", "RR-LIFT-2")
def test_lifting_several_cards_offers_every_set_that_fits_together():
    """「複数のカードをリフトする時は、同時に処理します。リフトしようとする時、リキャストゾーンに空きが
    ない時はリフトできません。」 With ［Ⅰ］ full and a card in ［Ⅱ］, lifting two offers both ［Ⅰ］
    cards, or either ［Ⅰ］ card with the ［Ⅱ］ card moving into the place it frees."""
    game = scenario({"awakening": "reimu-dream-battle", "awakened": True, "life": 3,
                     "hand": ["reimu-musou-fuuin", "reimu-fuumajin"],
                     "zones": {1: ["reimu-youin-gyoku", "reimu-hakurei-genei"], 2: ["reimu-nijuu-kekkai"]}},
                    {"awakening": "sakuya-luna-dial"})
    act(game, "main activate:1", "cost reimu-fuumajin")
    d = game.pending
    assert (d.kind, d.rule) == ("lift-set", "RR-LIFT-1")
    assert set(d.ids) == {"reimu-youin-gyoku+reimu-hakurei-genei", "reimu-youin-gyoku+reimu-nijuu-kekkai",
                          "reimu-hakurei-genei+reimu-nijuu-kekkai"}
    act(game, "lift-set reimu-youin-gyoku+reimu-nijuu-kekkai")
    assert zone_ids(game, 0)[1] == ["reimu-hakurei-genei", "reimu-nijuu-kekkai"]
    assert "reimu-youin-gyoku" in names(game, game.hand[0])
    lift = events(game, "lift")[-1]
    assert lift["moves"] == [("reimu-youin-gyoku", 1, 0), ("reimu-nijuu-kekkai", 2, 1)]


@R("RR-LIFT-2")
def test_a_lift_with_one_fitting_set_takes_it_without_asking():
    """When only one set of cards fits together (two cards, both in ［Ⅰ］, nothing behind), the lift
    happens without a decision; with more cards asked for than fit, the most that fit move."""
    game = scenario({"awakening": "reimu-dream-battle", "awakened": True, "life": 3,
                     "hand": ["reimu-musou-fuuin", "reimu-fuumajin"],
                     "zones": {1: ["reimu-youin-gyoku"], 3: ["reimu-nijuu-kekkai"]}},
                    {"awakening": "sakuya-luna-dial"})
    act(game, "main activate:1", "cost reimu-fuumajin")
    assert game.pending.kind == "main"
    assert zone_ids(game, 0)[2] == ["reimu-nijuu-kekkai"] and "reimu-youin-gyoku" in names(game, game.hand[0])
