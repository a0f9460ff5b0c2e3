"""Pairings, the faces chosen at setup, the first player and the point chips."""

from __future__ import annotations

from collections import Counter

import pytest

from fuda import FindingsError
from fuda.engine import ryomen as ry
from fuda.engine.core import ScriptedAgent, run

from .conftest import act, events, sample_registry

R = pytest.mark.rule


def deck_setup(deck_id: str, faces=None) -> ry.PlayerSetup:
    return ry.PlayerSetup.from_deck(sample_registry().game.deck(deck_id), faces)


@R("RY-DECK-1", "RY-DECK-2")
def test_sample_pairings_use_each_of_the_18_cards_once():
    """Every sample pairing is 9 double-faced cards of one set's 9 kinds × 2, no pair of one card."""
    reg = sample_registry()
    for deck in reg.game.decks:
        setup = ry.setup_from_deck(deck)
        faces = Counter(f for pair in setup.pairs for f in pair)
        kinds = [c.id for c in reg.game.cards if c.get("set") == deck["set"]]
        assert len(setup.pairs) == 9 and sorted(faces) == sorted(kinds) and set(faces.values()) == {2}
        assert all(a != b for a, b in setup.pairs)


@R("RY-DECK-2")
def test_the_engine_refuses_a_pair_of_one_card_and_a_short_pairing():
    """A double-faced card of two copies of one card, or fewer than 9 cards, cannot be played."""
    reg = sample_registry()
    good = deck_setup("scarlet-gate")
    bad = ry.PlayerSetup((("remilia", "remilia"), *good.pairs[1:]))
    with pytest.raises(FindingsError, match="RY-DECK-2"):
        ry.new_game(reg, [bad, good], 1)
    with pytest.raises(FindingsError, match="9 double-faced cards"):
        ry.new_game(reg, [ry.PlayerSetup(good.pairs[:8]), good], 1)
    with pytest.raises(FindingsError, match="unknown ryomen card"):
        ry.new_game(reg, [ry.PlayerSetup((("reimu", "remilia"), *good.pairs[1:])), good], 1)


@R("RY-SETUP-1", "RY-CARD-1")
def test_each_owner_chooses_the_faces_up_at_setup():
    """At setup each player picks which cards show their second face; the rest show the first.
    A card plays with the three stats of the face up."""
    reg = sample_registry()
    game = ry.new_game(reg, ry.Table((deck_setup("scarlet-night"), deck_setup("ghost-spring")), 0), 3).start()
    d = game.pending
    assert (d.player, d.kind, d.rule, d.min, d.max) == (0, "faces", "RY-SETUP-1", 0, 9)
    assert d.ids[0] == "patchouli/remilia"
    act(game, ("faces", "patchouli/remilia", "sakuya/meiling"), ("faces",))
    layout = events(game, "layout")
    assert layout[0]["cards"][:3] == ["remilia/patchouli", "remilia/sakuya", "meiling/sakuya"]
    assert layout[1]["cards"][0] == "lily/youmu"
    assert game.pending.kind == "serve" and game.pending.ids[0] == "remilia/patchouli"
    assert game.card_stats(game.hand[0][0]) == (8, 7, 6)


@R("RY-SETUP-1")
def test_a_setup_may_fix_the_faces():
    """A setup that fixes the faces asks nothing at setup."""
    reg = sample_registry()
    one = deck_setup("scarlet-night", (1,) + (0,) * 8)
    game = ry.new_game(reg, ry.Table((one, deck_setup("ghost-spring", (0,) * 9)), 1), 3).start()
    assert (game.pending.kind, game.pending.player) == ("serve", 1)
    assert events(game, "layout")[0]["cards"][0] == "remilia/patchouli"


@R("RY-SETUP-2")
def test_the_first_player_is_random_by_the_seed_or_fixed():
    """first-player random: a logged chance outcome of the game's seed; a table may fix it."""
    reg = sample_registry()
    setups = [deck_setup("scarlet-gate", (0,) * 9), deck_setup("ghost-spring", (0,) * 9)]
    firsts = set()
    for seed in range(20):
        game = ry.new_game(reg, setups, seed).start()
        chance = next(e for e in events(game, "chance") if e["what"] == "first-player")
        assert game.server == chance["result"] == game.pending.player
        assert ry.new_game(reg, setups, seed).start().server == game.server  # same seed, same outcome
        firsts.add(game.server)
    assert firsts == {0, 1}
    fixed = ry.new_game(reg, ry.Table(tuple(setups), 1), 5).start()
    assert fixed.server == 1 and not [e for e in events(fixed, "chance") if e["what"] == "first-player"]


@R("RY-SETUP-3")
def test_point_chips_are_shuffled_by_the_seed_and_laid_open():
    """The point chips are shuffled by the game's generator (a chance event) and laid open in
    that order; the first is the one turn 1's winner takes."""
    reg = sample_registry()
    setups = [deck_setup("scarlet-gate", (0,) * 9), deck_setup("ghost-spring", (0,) * 9)]
    orders = set()
    for seed in range(10):
        game = ry.new_game(reg, ry.Table(tuple(setups), 0), seed).start()
        chance = next(e for e in events(game, "chance") if e["what"] == "point-chips")
        assert sorted(chance["result"]) == [1, 1, 1, 2, 2, 2, 3, 3, 4] and game.points == chance["result"]
        orders.add(tuple(chance["result"]))
    assert len(orders) > 5
    game = ry.new_game(reg, ry.Table(tuple(setups), 0), 4).start()
    first = game.points[0]
    agent = ScriptedAgent([("serve", "flandre/patchouli"), ("name", "power"), ("receive", "letty/chen")])
    run(game, agent)
    assert game.won[0] == [first]


@pytest.mark.rule("RY-DECK-1")
def test_new_game_refuses_a_pairing_the_deck_rules_forbid():
    """「プレイヤー毎に９種類２枚ずつ、計１８枚のカードを持ち」: nine copies of one card are refused by the engine
    with the same check validation uses (the rule set's one implementation)."""
    from fuda.engine import ryomen as ry

    registry = sample_registry()
    legal = ry.setup_from_deck(registry.game.decks[0])
    first = legal.pairs[0][0]
    other = next(c for pair in legal.pairs for c in pair if c != first)
    illegal = ry.PlayerSetup(tuple((first, other) for _ in range(9)))
    with pytest.raises(ValueError) as info:
        ry.new_game(registry, (illegal, legal), 0)
    assert "player 1" in str(info.value) and f"'{first}' is used 9 time(s), expected exactly 2" in str(info.value)
    ry.new_game(registry, (legal, legal), 0)  # a legal pairing still seats
