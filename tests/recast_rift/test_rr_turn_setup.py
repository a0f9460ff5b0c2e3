"""Recast Rift conformance: cards, decks, setup, the turn and its phases, zones, winning."""

from __future__ import annotations

import pytest

from fuda.engine import recast_rift as rr
from fuda.engine.core import IllegalChoice, RandomAgent, run
from fuda.engine.recast_rift import zones

from .conftest import act, events, names, sample_registry, scenario, zone_ids

R = pytest.mark.rule


def pool():
    return rr.pool_of(sample_registry())


def fresh(deck_a="reimu-marisa", deck_b="sakuya-youmu", seed=0):
    reg = sample_registry()
    setups = [rr.setup_from_deck(reg.game.deck(deck_a)), rr.setup_from_deck(reg.game.deck(deck_b))]
    return rr.new_game(reg, setups, seed)


@R("RR-CARD-1", "RR-CARD-2", "RR-CARD-3")
def test_card_kinds_in_the_pool():
    """Each card is an awakening card (named for a music title, in a slot for the whole game) or a
    spell (cast again and again)."""
    defs = pool().defs.values()
    assert {d.kind for d in defs} == {"awakening", "spell"}
    game = fresh().start()
    run(game, RandomAgent(1))
    cast_ids = [e.data["card"] for e in game.log.of("cast")]
    assert len(cast_ids) > len(set(cast_ids))  # some spell was cast more than once
    assert all(game.defs[game.far[p]].kind == "awakening" for p in (0, 1))


@R("RR-CARD-5")
def test_every_spell_has_one_timing_class():
    """Spells are normal, preempt or full-power."""
    assert {d.timing for d in pool().defs.values() if d.kind == "spell"} == {"normal", "preempt", "full-power"}


@R("RR-DECK-1", "RR-DECK-2", "RR-DECK-3")
def test_sample_decks_are_two_fighters_one_awakening_nine_spells():
    """Every sample deck names two fighters, one of their awakening cards and 9 of their spells."""
    p = pool()
    for deck in sample_registry().game.decks:
        setup = rr.setup_from_deck(deck)
        assert len(setup.fighters) == 2 and len(set(setup.fighters)) == 2
        assert p[setup.awakening].fighter in setup.fighters
        assert len(setup.spells) == 9 and all(p[s].fighter in setup.fighters for s in setup.spells)
    for fighter in sample_registry().game.fighters:
        assert len(p.spells_of[fighter]) == 7 and fighter in p.awakening_of


@R("RR-DECK-4", "RR-DECK-5", "RR-LIFE-1")
def test_setup_slots_shuffled_deck_life_and_empty_hand():
    """The chosen awakening card is in the far slot, the other fighter's in the near slot; 9 spells
    are shuffled into the deck (logged); life 6, empty hands, first player by the seed."""
    game = fresh(seed=4).start()
    assert game.oid[game.far[0]] == "reimu-dream-battle" and game.oid[game.near[0]] == "marisa-love-colored-master-spark"
    assert game.oid[game.far[1]] == "youmu-till-when" and game.oid[game.near[1]] == "sakuya-luna-dial"
    shuffles = [e.data for e in game.log.of("chance") if e.data["what"] == "shuffle"]
    assert len(shuffles) == 2 and sorted(shuffles[0]["result"]) == sorted(rr.setup_from_deck(
        sample_registry().game.deck("reimu-marisa")).spells)
    setup = events(game, "setup")
    assert [s["life"] for s in setup] == [6, 6]
    first = [e.data["result"] for e in game.log.of("chance") if e.data["what"] == "first-player"]
    assert first == [game.active] and [fresh(seed=4).start().active] == first
    assert len(game.hand[game.active]) == 2  # the starting hand is empty; the first turn drew 2
    assert {fresh(seed=s).start().log.of("turn")[0].player for s in range(12)} == {0, 1}


@R("RR-DECK-6")
def test_the_opponent_is_never_shown_the_chosen_awakening_card():
    """No option offered to a player names the opponent's far awakening card before it awakens."""
    game = fresh(seed=7).start()
    seen = []
    while game.pending is not None:
        d = game.pending
        foe = 1 - d.player
        if not game.awakened[foe]:
            seen.extend(o.id for o in d.options if game.oid[game.far[foe]] in o.id + o.label)
        game.choose(*RandomAgent(len(game.log)).choose(None, d))
    assert seen == []


@R("RR-TURN-1", "RR-TURN-2")
def test_turn_phases_in_order_and_players_alternate():
    """Draw 2, lift all, main, refresh, cleanup; then the other player's turn."""
    game = scenario({"awakening": "sakuya-luna-dial", "deck": ["sakuya-killer-doll", "sakuya-luna-clock"],
                         "zones": {1: ["sakuya-private-square"]}},
                    {"awakening": "reimu-dream-battle", "deck": ["reimu-musou-fuuin", "reimu-fuumajin"]},
                    phase="draw", turns=2)
    kinds = [e.kind for e in game.log.events if e.kind in ("turn", "draw", "lift", "end-turn")]
    assert kinds[:4] == ["turn", "draw", "draw", "lift"]
    assert game.pending.kind == "main" and game.active == 0
    act(game, "main end", "cleanup sakuya-private-square", "main end")
    turns = [(e.player, e.data["turn"]) for e in game.log.of("turn")]
    assert turns == [(0, 1), (1, 2)]


@R("RR-TURN-3")
def test_normal_action_excludes_full_power():
    """After a normal action, full-power cards are not offered and choosing one is illegal."""
    game = scenario({"awakening": "reimu-dream-battle", "hand": ["reimu-musou-tensei", "reimu-taima-ranbu"],
                         "deck": ["reimu-youin-gyoku", "reimu-fuumajin"]}, {"awakening": "sakuya-luna-dial"})
    assert "cast:reimu-musou-tensei" in game.pending.ids
    act(game, "main cast:reimu-taima-ranbu", "face-down reimu-youin-gyoku", "deploy zone:2")
    assert "cast:reimu-musou-tensei" not in game.pending.ids
    with pytest.raises(IllegalChoice, match="RR-TURN-5"):
        game.choose("cast:reimu-musou-tensei")


@R("RR-TURN-4")
def test_normal_action_lift_costs_one_hand_card():
    """Put 1 hand card face down to lift 1 deployed card; actions combine in any order."""
    game = scenario({"awakening": "sakuya-luna-dial", "hand": ["sakuya-killer-doll", "sakuya-private-square"],
                         "zones": {2: ["sakuya-luna-clock"]}}, {"awakening": "reimu-dream-battle"})
    act(game, "main lift:sakuya-luna-clock", "lift-cost sakuya-private-square", "main cast:sakuya-killer-doll",
        "deploy zone:2")
    assert names(game, game.facedown[0]) == ["sakuya-private-square"]
    assert zone_ids(game, 0) == {2: ["sakuya-killer-doll"], 1: ["sakuya-luna-clock"]}


@R("RR-TURN-7")
def test_cleanup_down_to_two_cards():
    """After the refresh step, a hand above 2 is put face down to 2, the player choosing."""
    game = scenario({"awakening": "reimu-dream-battle",
                         "hand": ["reimu-musou-fuuin", "reimu-fuumajin", "reimu-youin-gyoku", "reimu-taima-ranbu"]},
                    {"awakening": "sakuya-luna-dial"})
    act(game, "main end")
    assert (game.pending.kind, game.pending.min, game.pending.max) == ("cleanup", 2, 2)
    act(game, "cleanup reimu-fuumajin reimu-taima-ranbu")
    assert names(game, game.hand[0]) == ["reimu-musou-fuuin", "reimu-youin-gyoku"]


@R("RR-ZONE-1")
def test_hidden_hand_is_chosen_by_position():
    """A player who picks cards of a hand that is not theirs sees positions, not faces."""
    game = scenario({"hand": ["reimu-musou-fuuin"]}, {"awakening": "sakuya-luna-dial",
                                                            "hand": ["sakuya-killer-doll", "sakuya-private-square"]})
    ask = zones.choose_hand(game, 1, 0, 1, 1, "face-down", "RR-ZONE-1", "test")
    decision = next(ask)
    assert decision.ids == ("pos:1", "pos:2") and "killer" not in " ".join(o.label for o in decision.options)
    own = next(zones.choose_hand(game, 1, 1, 1, 1, "face-down", "RR-ZONE-1", "test"))
    assert own.ids == ("sakuya-killer-doll", "sakuya-private-square")


@R("RR-WIN-1")
def test_life_zero_ends_the_game_at_once():
    """The player whose life reaches 0 loses immediately (the attacking card is not even deployed)."""
    game = scenario({"awakening": "reimu-dream-battle", "hand": ["reimu-musou-fuuin"]},
                    {"awakening": "sakuya-luna-dial", "life": 2})
    game.choose("cast:reimu-musou-fuuin")
    assert game.finished and game.winner == 0 and game.life[1] == 0
    assert not events(game, "deploy") and game.log.events[-1].kind == "game-over"
