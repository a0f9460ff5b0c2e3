"""One scenario per sample Recast Rift card, exercising its printed abilities through the engine.

The test is parametrised over the cards of the bundled database, so a new card without a
scenario here fails (add one with ``@scenario_for("card-id")``).
"""

from __future__ import annotations

import pytest

from .conftest import act, events, names, sample_registry, scenario, zone_ids

SCENARIOS = {}


def scenario_for(card_id: str):
    """Register the scenario function of one card."""

    def register(fn):
        SCENARIOS[card_id] = fn
        return fn

    return register


@pytest.mark.parametrize("card_id", [c.id for c in sample_registry().game.cards])
def test_every_sample_card_has_a_playing_scenario(card_id):
    """Each sample card is played in an explicit position and its abilities do what they print."""
    assert card_id in SCENARIOS, f"no scenario for card {card_id}: add one to tests/recast_rift/test_rr_cards.py"
    SCENARIOS[card_id]()


SAKUYA = {"awakening": "sakuya-luna-dial"}
REIMU = {"awakening": "reimu-dream-battle"}


# -- marisa ------------------------------------------------------------------------------------
@scenario_for("marisa-love-colored-master-spark")
def _love_colored():
    game = scenario({"awakening": "marisa-love-colored-master-spark", "life": 3, "zones": {2: ["marisa-milky-way"]},
                         "hand": ["marisa-blazing-star", "marisa-event-horizon", "marisa-stardust-reverie"]}, SAKUYA)
    act(game, "main awaken", "main activate:1", "cost marisa-blazing-star marisa-event-horizon")
    assert zone_ids(game, 0) == {1: ["marisa-milky-way"]}  # 【覚醒時】 lift all
    assert game.life[1] == 5  # 【覚醒中】 1 damage


@scenario_for("marisa-blazing-star")
def _blazing_star():
    game = scenario({"awakening": "marisa-love-colored-master-spark", "hand": ["marisa-blazing-star", "marisa-milky-way"]},
                    SAKUYA)
    act(game, "main cast:marisa-blazing-star", "face-down", "deploy zone:2")  # keep the hand: no bonus
    assert events(game, "attack")[0]["power"] == "1／1"


@scenario_for("marisa-master-spark")
def _master_spark():
    for awakened, power in ((False, "ー／3"), (True, "ー／5")):
        game = scenario({"awakening": "marisa-love-colored-master-spark", "awakened": awakened,
                             "hand": ["marisa-master-spark"]}, dict(SAKUYA, life=6))
        game.choose("cast:marisa-master-spark")
        assert events(game, "attack")[0]["power"] == power


@scenario_for("marisa-stardust-reverie")
def _stardust():
    game = scenario({"awakening": "marisa-love-colored-master-spark", "hand": ["marisa-stardust-reverie"],
                         "zones": {3: ["marisa-milky-way", "marisa-orreries-sun"], 2: ["marisa-event-horizon"]}}, SAKUYA)
    game.choose("cast:marisa-stardust-reverie")
    assert events(game, "attack")[0]["power"] == "2／2"  # +1/+0 (3 deployed) and オーレリーズサン +0/+1
    graze = scenario({"hand": ["reimu-musou-fuuin"]}, {"awakening": "marisa-love-colored-master-spark",
                                                            "deck": ["marisa-stardust-reverie", "marisa-milky-way"]})
    graze.choose("cast:reimu-musou-fuuin")
    assert events(graze, "graze")[0]["cards"] == ["marisa-stardust-reverie"]


@scenario_for("marisa-earthlight-ray")
def _earthlight():
    game = scenario({"hand": ["reimu-musou-fuuin"]},
                    {"awakening": "marisa-love-colored-master-spark", "hand": ["marisa-earthlight-ray", "marisa-milky-way"]})
    act(game, "main cast:reimu-musou-fuuin", "preempt cast:marisa-earthlight-ray")
    assert events(game, "attack")[1]["power"] == "1／ー" and zone_ids(game, 1) == {2: ["marisa-earthlight-ray"]}


@scenario_for("marisa-milky-way")
def _milky_way():
    game = scenario({"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "reimu"),
                         "hand": ["reimu-musou-fuuin"], "zones": {3: ["marisa-milky-way"]}, "deck": ["marisa-blazing-star"]},
                    SAKUYA)
    game.choose("cast:reimu-musou-fuuin")  # hits → 【展開中】 draw 1
    assert events(game, "trigger")[0]["event"] == "attack-hit"
    assert [e["why"] for e in events(game, "draw")] == ["effect"]


@scenario_for("marisa-event-horizon")
def _event_horizon():
    game = scenario({"awakening": "marisa-love-colored-master-spark", "hand": ["marisa-event-horizon"],
                         "face_down": ["marisa-milky-way"], "reserve": ["marisa-blazing-star"]}, SAKUYA)
    act(game, "main cast:marisa-event-horizon", "deploy zone:3")
    assert events(game, "rebuild")[0]["why"] == "effect" and len(game.hand[0]) == 2


@scenario_for("marisa-orreries-sun")
def _orreries():
    game = scenario({"awakening": "marisa-love-colored-master-spark", "fighters": ("marisa", "reimu"),
                         "hand": ["reimu-musou-fuuin"], "zones": {1: ["marisa-orreries-sun"]}}, SAKUYA)
    game.choose("cast:reimu-musou-fuuin")
    assert events(game, "attack")[0]["power"] == "1／3"
    back = scenario(SAKUYA, {"awakening": "marisa-love-colored-master-spark", "zones": {1: ["marisa-orreries-sun"]}},
                    active=1, phase="draw")
    assert names(back, back.reserve[1]) == ["marisa-orreries-sun"]


# -- reimu -------------------------------------------------------------------------------------
@scenario_for("reimu-dream-battle")
def _dream_battle():
    game = scenario(dict(REIMU, awakened=True, hand=["reimu-musou-fuuin"],
                         zones={3: ["reimu-nijuu-kekkai"], 2: ["reimu-fuumajin"]}), SAKUYA)
    act(game, "main activate:1")  # cost: the only hand card; lift 2: both deployed cards
    assert zone_ids(game, 0) == {2: ["reimu-nijuu-kekkai"], 1: ["reimu-fuumajin"]}


@scenario_for("reimu-musou-fuuin")
def _musou_fuuin():
    game = scenario(dict(REIMU, hand=["reimu-musou-fuuin"]), SAKUYA)
    act(game, "main cast:reimu-musou-fuuin", "deploy zone:1")
    assert game.life[1] == 4 and zone_ids(game, 0) == {1: ["reimu-musou-fuuin"]}


@scenario_for("reimu-fuumajin")
def _fuumajin():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]), dict(REIMU, hand=["reimu-fuumajin"]))
    act(game, "main cast:sakuya-killer-doll", "preempt cast:reimu-fuumajin", "deploy zone:3")
    assert events(game, "modify-attack")[0]["power"] == "2／0"
    assert events(game, "attack")[1]["power"] == "ー／1"


@scenario_for("reimu-youin-gyoku")
def _youin_gyoku():
    game = scenario(dict(REIMU, hand=["reimu-youin-gyoku"]), dict(SAKUYA, hand=["sakuya-killer-doll"]))
    game.choose("cast:reimu-youin-gyoku")
    assert names(game, game.facedown[1]) == ["sakuya-killer-doll"] and zone_ids(game, 0) == {1: ["reimu-youin-gyoku"]}


@scenario_for("reimu-nijuu-kekkai")
def _nijuu_kekkai():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]), dict(REIMU, zones={3: ["reimu-nijuu-kekkai"]}))
    game.choose("cast:sakuya-killer-doll")
    assert events(game, "attack")[0]["power"] == "1／1"


@scenario_for("reimu-hakurei-genei")
def _hakurei_genei():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]),
                    dict(REIMU, deck=["reimu-hakurei-genei"], zones={2: ["reimu-musou-fuuin"], 3: ["reimu-fuumajin"]},
                         extra=[]))
    # 博麗幻影 in the deck grazes; a second copy cannot exist, so its trigger is shown deployed below
    game.choose("cast:sakuya-killer-doll")
    assert events(game, "graze")[0]["cards"] == ["reimu-hakurei-genei"]
    deployed = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]),
                        dict(REIMU, deck=["reimu-fuumajin"], zones={2: ["reimu-hakurei-genei"], 3: ["reimu-musou-fuuin"]}))
    act(deployed, "main cast:sakuya-killer-doll", "lift-set reimu-hakurei-genei", "deploy zone:2")
    assert events(deployed, "trigger")[0]["event"] == "self-grazed"
    assert zone_ids(deployed, 1) == {3: ["reimu-musou-fuuin"], 1: ["reimu-hakurei-genei"]}


@scenario_for("reimu-musou-tensei")
def _musou_tensei():
    for life, power in ((6, "2／2"), (3, "3／3")):
        game = scenario(dict(REIMU, life=life, hand=["reimu-musou-tensei"]), dict(SAKUYA, life=6))
        game.choose("cast:reimu-musou-tensei")
        assert events(game, "attack")[0]["power"] == power and events(game, "full-power")


@scenario_for("reimu-taima-ranbu")
def _taima_ranbu():
    game = scenario(dict(REIMU, hand=["reimu-taima-ranbu"], deck=["reimu-fuumajin", "reimu-youin-gyoku"]), SAKUYA)
    act(game, "main cast:reimu-taima-ranbu", "face-down reimu-youin-gyoku", "deploy zone:2")
    assert names(game, game.hand[0]) == ["reimu-fuumajin"] and names(game, game.facedown[0]) == ["reimu-youin-gyoku"]


# -- sakuya ------------------------------------------------------------------------------------
@scenario_for("sakuya-luna-dial")
def _luna_dial():
    game = scenario(dict(SAKUYA, awakened=True, hand=["sakuya-killer-doll"]),
                    dict(REIMU, zones={2: ["reimu-musou-fuuin"], 1: ["reimu-youin-gyoku"]}))
    act(game, "main activate:1", "recast-up reimu-youin-gyoku")
    assert zone_ids(game, 1) == {2: ["reimu-musou-fuuin", "reimu-youin-gyoku"]}


@scenario_for("sakuya-killer-doll")
def _killer_doll():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]), dict(REIMU, hand=["reimu-musou-fuuin", "reimu-fuumajin"]))
    act(game, "main cast:sakuya-killer-doll", "preempt pass", "damage hand", "deploy zone:1")
    assert len(game.facedown[1]) == 2 and events(game, "attack")[0]["power"] == "2／1"


@scenario_for("sakuya-misdirection")
def _misdirection():
    game = scenario(dict(REIMU, hand=["reimu-musou-fuuin"]), dict(SAKUYA, hand=["sakuya-misdirection"]))
    act(game, "main cast:reimu-musou-fuuin", "preempt cast:sakuya-misdirection", "deploy zone:2", "damage hand")
    assert events(game, "modify-attack")[0]["power"] == "0／1" and game.life[1] == 6


@scenario_for("sakuya-private-square")
def _private_square():
    game = scenario(dict(SAKUYA, hand=["sakuya-private-square", "sakuya-killer-doll"]),
                    dict(REIMU, hand=["reimu-fuumajin"]))
    act(game, "main cast:sakuya-private-square", "deploy zone:3", "main cast:sakuya-killer-doll")
    assert not [e for e in events(game, "cast") if e["player"] == 1]  # no preempt timing was offered


@scenario_for("sakuya-luminous-ricochet")
def _ricochet():
    game = scenario(dict(REIMU, hand=["reimu-musou-fuuin"]), dict(SAKUYA, hand=["sakuya-luminous-ricochet"]))
    act(game, "main cast:reimu-musou-fuuin", "preempt cast:sakuya-luminous-ricochet")
    assert events(game, "attack")[1]["power"] == "1／1" and zone_ids(game, 1) == {1: ["sakuya-luminous-ricochet"]}


@scenario_for("sakuya-luna-clock")
def _luna_clock():
    game = scenario(dict(SAKUYA, hand=["sakuya-luna-clock"], zones={2: ["sakuya-killer-doll"], 3: ["sakuya-the-world"]}),
                    REIMU)
    act(game, "main cast:sakuya-luna-clock", "lift-set sakuya-killer-doll", "deploy zone:1")
    assert zone_ids(game, 0) == {3: ["sakuya-the-world"], 1: ["sakuya-killer-doll", "sakuya-luna-clock"]}


@scenario_for("sakuya-soul-sculpture")
def _soul_sculpture():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"], zones={1: ["sakuya-soul-sculpture"]}),
                    dict(REIMU, hand=["reimu-musou-fuuin", "reimu-youin-gyoku"], zones={2: ["reimu-nijuu-kekkai"]}))
    act(game, "main cast:sakuya-killer-doll", "damage hand", "guard reimu-youin-gyoku", "deploy zone:2")
    assert events(game, "recast-up")[0]["moves"] == [("reimu-nijuu-kekkai", 2, 3)]


@scenario_for("sakuya-the-world")
def _the_world():
    game = scenario(dict(SAKUYA, hand=["sakuya-the-world"], zones={2: ["sakuya-killer-doll"]}),
                    dict(REIMU, zones={1: ["reimu-youin-gyoku"]}))
    game.choose("cast:sakuya-the-world")
    assert zone_ids(game, 1) == {2: ["reimu-youin-gyoku"]}
    assert zone_ids(game, 0) == {3: ["sakuya-the-world"], 1: ["sakuya-killer-doll"]}


# -- youmu -------------------------------------------------------------------------------------
@scenario_for("youmu-till-when")
def _till_when():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]), {"awakening": "youmu-till-when", "life": 3})
    act(game, "main cast:sakuya-killer-doll", "preempt awaken", "preempt pass")
    assert [e["power"] for e in events(game, "attack")] == ["2／1", "1／2"]
    assert game.life[0] == 4 and game.life[1] == 2


@scenario_for("youmu-gensei-zan")
def _gensei_zan():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]), {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan"]})
    act(game, "main cast:sakuya-killer-doll", "preempt cast:youmu-gensei-zan", "deploy zone:2")
    assert events(game, "modify-attack")[0]["power"] == "1／1"


@scenario_for("youmu-meisou-zan")
def _meisou_zan():
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-meisou-zan"]}, SAKUYA)
    act(game, "main cast:youmu-meisou-zan", "deploy zone:2")
    assert events(game, "attack")[0]["power"] == "3／2" and game.life[1] == 4
    back = scenario(SAKUYA, {"awakening": "youmu-till-when", "zones": {1: ["youmu-meisou-zan"]},
                                 "deck": ["youmu-gensei-zan", "youmu-nihyaku-yujun", "youmu-yuumei-no-kurin"]},
                    active=1, phase="draw")
    assert names(back, back.hand[1])[-2:] == ["youmu-yuumei-no-kurin", "youmu-meisou-zan"]


@scenario_for("youmu-nihyaku-yujun")
def _nihyaku():
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-nihyaku-yujun"]}, dict(SAKUYA, hand=["sakuya-killer-doll"]))
    game.choose("cast:youmu-nihyaku-yujun")
    assert game.life[1] == 5 and zone_ids(game, 0) == {1: ["youmu-nihyaku-yujun"]}


@scenario_for("youmu-mirai-eigou-zan")
def _mirai():
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-mirai-eigou-zan"]}, SAKUYA)
    game.choose("cast:youmu-mirai-eigou-zan")
    assert [e["power"] for e in events(game, "attack")] == ["ー／1", "2／2"] and game.life[1] == 3


@scenario_for("youmu-yuumei-no-kurin")
def _yuumei():
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-meisou-zan"], "zones": {3: ["youmu-yuumei-no-kurin"]}},
                    SAKUYA)
    game.choose("cast:youmu-meisou-zan")
    assert events(game, "attack")[0]["power"] == "4／2"


@scenario_for("youmu-meishin-kakou-zan")
def _meishin():
    game = scenario(dict(SAKUYA, hand=["sakuya-killer-doll"]),
                    {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan", "youmu-meisou-zan"],
                         "zones": {2: ["youmu-meishin-kakou-zan"]}})
    act(game, "main cast:sakuya-killer-doll", "preempt pass", "damage hand")
    assert [e["power"] for e in events(game, "attack")] == ["2／1", "ー／1"] and game.life[0] == 5


@scenario_for("youmu-nehan-jakujou")
def _nehan():
    game = scenario({"awakening": "youmu-till-when", "hand": ["youmu-nehan-jakujou"], "face_down": ["youmu-meisou-zan"],
                         "zones": {3: ["youmu-yuumei-no-kurin"], 2: ["youmu-gensei-zan"]}}, SAKUYA)
    act(game, "main cast:youmu-nehan-jakujou", "lift-zone zone:2", "deploy zone:2")
    assert names(game, game.hand[0]) == ["youmu-meisou-zan"]
    assert zone_ids(game, 0) == {3: ["youmu-yuumei-no-kurin"], 2: ["youmu-nehan-jakujou"], 1: ["youmu-gensei-zan"]}
