"""toho-tcg conformance: setup, mulligans, the phases of a turn, the discard phase, winning."""

from __future__ import annotations

import pytest

from fuda.engine import toho_tcg as tt
from fuda.engine.core import IllegalChoice, RandomAgent, Termination, run

from .conftest import act, card, events, fresh, ids, options, sample_registry, scenario

R = pytest.mark.rule


@R("TT-SETUP-1")
def test_decks_must_have_30_cards_and_equal_sizes():
    """Both decks hold at least 30 cards and the same number: a deck's size is its player's life."""
    reg = sample_registry()
    decks = [tt.setup_from_deck(d) for d in reg.game.decks]
    assert [len(d.cards) for d in decks] == [30, 30]
    short = tt.PlayerSetup(decks[0].cards[:29])
    with pytest.raises(ValueError, match="at least 30"):
        tt.new_game(reg, [short, tt.PlayerSetup(decks[1].cards[:29])], 0)
    with pytest.raises(ValueError, match="same number"):
        tt.new_game(reg, [decks[0], tt.PlayerSetup((*decks[1].cards, "rumia"))], 0)
    game = fresh().start()
    assert [e["size"] for e in events(game, "setup")] == [30, 30]


@R("TT-SETUP-2")
def test_each_deck_is_shuffled_by_the_seeded_generator():
    """Each deck is shuffled with the game's generator; the order is logged and repeats with the seed."""
    a, b, c = fresh(seed=5).start(), fresh(seed=5).start(), fresh(seed=6).start()
    shuffles = [e for e in events(a, "chance") if e["what"] == "shuffle"]
    assert [s["player"] for s in shuffles[:2]] == [0, 1]
    setup = tt.setup_from_deck(sample_registry().game.deck("hakurei-moriya"))
    assert sorted(x.split("#")[0] for x in shuffles[0]["result"]) == sorted(setup.cards)
    assert events(a, "chance") == events(b, "chance")
    assert events(a, "chance")[0]["result"] != events(c, "chance")[0]["result"]


@R("TT-SETUP-3")
def test_opening_hand_and_repeatable_mulligan_one_fewer_each_time():
    """Both draw 7; a mulligan shuffles the hand back and draws one fewer, as often as wished."""
    game = fresh(seed=2).start()
    first = game.first
    assert [len(game.hand[p]) for p in (0, 1)] == [7, 7]
    assert game.pending.kind == "mulligan" and game.pending.player == first
    act(game, (first, "mulligan", "mulligan"), (first, "mulligan", "mulligan"), (first, "mulligan", "keep"),
        (1 - first, "mulligan", "keep"))
    assert len(game.hand[first]) == 5 and len(game.hand[1 - first]) == 7
    assert len(game.deck[first]) == 25  # the hand went back each time: 30 − 5
    assert [e["size"] for e in events(game, "mulligan")] == [6, 5]
    assert sum(1 for e in events(game, "chance") if e["what"] == "shuffle" and e["player"] == first) == 3
    low = fresh(seed=2).start()
    act(low, *[(first, "mulligan", "mulligan")] * 6)  # 7 → 1: no further redraw is offered
    assert len(low.hand[first]) == 1 and low.pending.player == 1 - first and low.pending.kind == "mulligan"


@R("TT-SETUP-4")
def test_first_player_by_the_generator_and_no_attack_in_turn_one():
    """The seed picks the first player; in turn 1 that player declares no attack but may play spells."""
    assert {fresh(seed=s).start().first for s in range(10)} == {0, 1}
    game = scenario({"hand": ["stardust-reverie", "rumia", "rumia"], "field": ["cirno"]}, {"deck": ["rumia"] * 3},
                    turn=1, phase="main")
    act(game, ("priority", "play:stardust-reverie"), ("pay", "hand:rumia", "hand:rumia#2"))
    assert events(game, "player-damage")[0]["amount"] == 2 and events(game, "player-damage")[0]["player"] == 1
    assert events(game, "no-attack")[0]["why"] == "first-turn"
    assert not events(game, "attack") and game.outcome.kind is Termination.SCENARIO


@R("TT-DRAW-1")
def test_draw_phase_any_number_up_to_seven():
    """At the start of the turn the player may draw 0 up to a hand of 7 (and no more than the deck)."""
    game = scenario({"hand": ["rumia"] * 3}, {}, phase="draw")
    assert options(game) == [f"draw:{n}" for n in range(5)] and game.pending.rule == "TT-DRAW-1"
    act(game, ("draw", "draw:2"))
    assert len(game.hand[0]) == 5 and len(game.deck[0]) == 8
    small = scenario({"deck": ["rumia"] * 2, "filler": False}, {}, phase="draw")
    assert options(small) == ["draw:0", "draw:1", "draw:2"]
    act(small, ("draw", "draw:0"))
    assert len(small.hand[0]) == 0 and len(small.deck[0]) == 2


@R("TT-STBY-1")
def test_standby_untaps_the_turn_players_cards_then_quick_window():
    """Standby untaps the turn player's characters and assisters (not the opponent's), then both may
    play quicks and activated abilities but no character."""
    game = scenario({"field": [tt.Piece("cirno", tapped=True)], "assisters": [tt.Piece("saisenbako", tapped=True)],
                         "hand": ["kyodaika", "rumia", "rumia"]},
                    {"field": [tt.Piece("reimu", tapped=True)], "hand": ["hayaoki", "rumia"]}, phase="standby")
    c, s, r = card(game, "cirno"), card(game, "saisenbako"), card(game, "reimu")
    assert not game.tapped[c] and not game.tapped[s] and game.tapped[r]
    assert game.pending.rule == "TT-STBY-1" and "play:kyodaika" in options(game)
    assert "play:rumia" not in options(game)
    with pytest.raises(IllegalChoice, match="main phase"):
        game.choose("play:rumia")
    act(game, (0, "priority", "pass"))
    assert game.pending.player == 1 and "play:hayaoki" in options(game)


@R("TT-MAIN-1")
def test_main_phase_all_kinds_for_the_turn_player_quicks_only_for_the_opponent():
    """In the main phase the turn player may play characters, assisters, equips and worlds; the
    opponent only quicks and activated abilities."""
    game = scenario({"hand": ["rumia", "saisenbako", "mini-hakkero", "kiri-no-mizuumi", "kyodaika", "cirno"],
                         "field": ["cirno"]},
                    {"hand": ["reimu", "hakurei-jinja", "hayaoki", "momiji"], "field": ["momiji"]})
    assert {"play:rumia", "play:saisenbako", "play:mini-hakkero", "play:kiri-no-mizuumi", "play:kyodaika"} <= set(options(game))
    act(game, (0, "priority", "pass"))
    assert game.pending.player == 1 and options(game) == ["pass", "play:hayaoki"]
    with pytest.raises(IllegalChoice, match="own main phase"):
        game.choose("play:reimu")


@R("TT-END-1")
def test_end_phase_window_then_quicks_in_both_assister_zones_are_trashed():
    """End phase: both may play quicks; then the quicks waiting in both assister zones are trashed
    (assisters stay)."""
    game = scenario({"waiting": ["kyodaika"], "assisters": ["saisenbako"], "field": ["cirno"]},
                    {"waiting": ["hayaoki"], "hand": ["fujin-issen"], "field": ["reimu"]}, phase="end")
    assert game.pending.player == 0 and game.pending.rule == "TT-END-1"
    act(game, (0, "priority", "pass"), (1, "priority", "play:fujin-issen"), (0, "priority", "pass"),
        (0, "priority", "pass"))
    assert {e["why"] for e in events(game, "to-trash")} >= {"end-phase"}
    assert sorted(ids(game, game.trash[0])) == ["kyodaika"]
    assert sorted(ids(game, game.trash[1])) == ["fujin-issen", "hayaoki"]
    assert ids(game, game.assisters[0]) == ["saisenbako"] and not game.waiting[0] and not game.waiting[1]


@R("TT-DISC-1")
def test_discard_phase_is_the_opponents_down_to_seven_or_more():
    """After the turn, the opponent (not the turn player) trashes down to 7 cards and may trash more."""
    game = scenario({"hand": ["hina"] * 9}, {"hand": ["rumia"] * 9}, phase="end")
    d = game.pending
    assert d.kind == "discard" and d.player == 1 and d.min == 2 and d.max == 9 and d.rule == "TT-DISC-1"
    act(game, (1, "discard", "card:rumia#11", "card:rumia#12", "card:rumia#13"))
    assert len(game.hand[1]) == 6 and len(game.hand[0]) == 9
    assert events(game, "to-trash")[-1]["why"] == "discard"


@R("TT-WIN-1")
def test_a_player_whose_deck_reaches_zero_loses():
    """Drawing the last card of the deck loses at once, in the draw phase or by damage."""
    game = scenario({"deck": ["rumia", "rumia"], "filler": False}, {}, phase="draw", turns=None)
    act(game, ("draw", "draw:2"))
    assert game.finished and game.winner == 1 and game.outcome.kind is Termination.DECK_OUT
    assert game.outcome.ja == "P1のデッキが0枚になった" and "TT-WIN-1" in game.outcome.en
    hit = scenario({"hand": ["stardust-reverie", "rumia", "rumia"]}, {"deck": ["rumia"], "filler": False})
    act(hit, ("priority", "play:stardust-reverie"))  # two hand cards pay exactly: no decision
    assert hit.finished and hit.winner == 0


@R("TT-WIN-1", "TT-SETUP-1")
def test_random_games_end_by_deck_out():
    """Random playouts of the sample decks end with a winner, by a deck reaching 0."""
    for seed in range(20):
        game = fresh(seed=seed)
        run(game, [RandomAgent.for_seat(seed, 0), RandomAgent.for_seat(seed, 1)])
        assert game.finished and game.winner is not None and game.outcome.kind is Termination.DECK_OUT
        assert not game.deck[1 - game.winner]


@R("TT-SETUP-4")  # (the refused max-worlds is a manifest check, no proof of TT-WORLD-2)
def test_manifest_settings_first_seat_and_supported_values(sample_copy):
    """The manifest may fix the first player (first-seat); settings the engine cannot model (two worlds)
    are refused with a clear error rather than ignored."""
    from fuda import load_database

    folder = sample_copy("toho-tcg")
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("first-player: random", "first-player: first-seat"), encoding="utf-8")
    game_data = load_database([folder.parent]).game("toho-tcg")
    reg = tt.build_registry(game_data)
    setups = [tt.setup_from_deck(d) for d in game_data.decks]
    assert {tt.new_game(reg, setups, s).start().first for s in range(6)} == {0}
    manifest.write_text(text.replace("max-worlds: 1", "max-worlds: 2"), encoding="utf-8")
    game_data = load_database([folder.parent]).game("toho-tcg")
    with pytest.raises(ValueError, match="max-worlds"):
        tt.new_game(tt.build_registry(game_data), setups, 0)
