"""toho-tcg conformance: the quick/assister limit counts in the player's own turn (TT-SPELL-5/6), and the
optional rule variant quick-limit-both-turns counts in the opponent's turn too; replays carry the variant.

The sentences (seed 002, スペルについて補足): 「クイックとアシスターを合わせて、自分のターンで最大３枚までプレイ
することができる。」 and 「もしそこでアシスターを置いてしまってアシスターが３つになると、次のターンではまったく
クイックをプレイできなくなる。」
"""

from __future__ import annotations

import pytest

from fuda.engine import toho_tcg as tt
from fuda.engine.core import IllegalChoice, Replay, record, reproduce, run, verify
from fuda.engine.core.agents import make_agent

from .conftest import act, card, events, fresh, options, sample_registry, scenario

R = pytest.mark.rule
BOTH = tt.QUICK_LIMIT_BOTH_TURNS
LEAST = ("pass", "end", "keep", "draw:0")  # the answers that do nothing


def play_kyodaika(game, p: int, target: str) -> None:
    """p (who has priority) plays a 巨大化 from the hand on ``target``, paying with a ルーミア."""
    assert game.pending.player == p and game.pending.kind == "priority", game.pending.describe()
    play = next(o for o in options(game) if o.startswith("play:kyodaika"))
    game.choose(play)
    if game.pending.kind == "target":  # (a single legal target is chosen by the engine)
        game.choose(f"target:{target}")
    game.choose(next(o for o in options(game) if o.startswith("hand:rumia")))


def pass_until(game, wanted) -> None:
    """Answer every decision with the least action (pass, keep, draw nothing, no attack, the fewest
    cards) until ``wanted(game)`` holds at a pending decision."""
    for _ in range(200):
        d = game.pending
        assert d is not None, f"the game ended first: {game.reason}"
        if wanted(game):
            return
        least = next((o for o in LEAST if o in d.ids), None)
        game.choose(least if least is not None else list(d.ids[: d.min]))
    raise AssertionError("never reached")


@R("TT-SPELL-5")
def test_three_quicks_per_own_turn_and_equips_unlimited():
    """At most 3 quicks and assisters per own turn; equips are not limited; the count is the player's own."""
    game = scenario({"hand": ["kyodaika", "rumia", "rumia"], "field": ["cirno"]}, {}, played=3)
    assert "play:kyodaika" not in options(game)
    with pytest.raises(IllegalChoice, match="limited to 3 in one's own turn"):
        game.choose("play:kyodaika")
    equip = scenario({"hand": ["mini-hakkero", "rumia"], "field": ["cirno"]}, {}, played=3)
    assert "play:mini-hakkero" in options(equip)
    theirs = scenario({"field": ["cirno"]}, {"hand": ["kyodaika", "hina"], "field": ["reimu"]}, played=3)
    assert theirs.pending.player == 1 and "play:kyodaika" in options(theirs)  # P1's 3 plays are P1's


@R("TT-SPELL-5")
def test_no_limit_on_quicks_in_the_opponents_turn():
    """In the opponent's turn a player plays a fourth quick: 「自分のターンで最大３枚」 caps only the own turn."""
    game = scenario({"field": ["cirno"]}, {"hand": ["kyodaika"] * 4 + ["rumia"] * 4, "field": ["reimu"]})
    for _ in range(4):
        play_kyodaika(game, 1, "reimu")
    assert game.active == 0 and game.qa_used(1) == 4 and not game.qa_limited(1)
    assert [e["card"] for e in events(game, "play") if e["player"] == 1] == ["kyodaika", "kyodaika#2",
                                                                              "kyodaika#3", "kyodaika#4"]
    assert game.view(1).me.qa_limited is False and game.view(0).me.qa_limited is True


@R("TT-SPELL-6")
def test_three_assisters_stop_quicks_in_the_players_own_next_turn():
    """The third assister ends the turn's plays; in the opponent's turn that follows, quicks are still
    free; in the player's own next turn the three assisters leave none (「次のターン」 is one's own)."""
    game = scenario({"hand": ["saisenbako", "kyodaika", "kyodaika"] + ["rumia"] * 4, "field": ["cirno"],
                     "assisters": ["koakuma", "inyoudama"]},
                    {"field": ["reimu"], "hand": ["rumia"] * 3}, turns=3)
    assert game.qa_used(0) == 2 and "play:saisenbako" in options(game)
    act(game, ("priority", "play:saisenbako"), ("pay", "hand:rumia"))
    pass_until(game, lambda g: not g.stack and g.pending.player == 0 and g.pending.kind == "priority")
    assert len(game.assisters[0]) == 3 and game.qa_used(0) == 3 and "play:kyodaika" not in options(game)
    pass_until(game, lambda g: g.active == 1 and g.phase == "main" and g.pending.player == 0)
    assert "play:kyodaika" in options(game)  # the opponent's turn: not counted
    play_kyodaika(game, 0, "cirno")
    assert events(game, "play")[-1] | {"player": 0} == events(game, "play")[-1] and game.turn == 3
    pass_until(game, lambda g: g.active == 0 and g.phase == "standby" and g.pending.player == 0)
    assert game.turn == 4 and game.qa_used(0) == 3
    assert not any(o.startswith("play:kyodaika") for o in options(game))
    with pytest.raises(IllegalChoice, match="limited to 3 in one's own turn"):
        game.choose(next(f"play:{game.oid[c]}" for c in game.hand[0] if game.defs[c].id == "kyodaika"))


@R("TT-SPELL-6")
def test_variant_counts_in_the_opponents_turn_too():
    """quick-limit-both-turns: with 3 assisters out no quick in the opponent's turn; with 2, one there, then none."""
    three = scenario({"field": ["cirno"]},
                     {"hand": ["kyodaika", "hina"], "field": ["reimu"],
                      "assisters": ["saisenbako", "koakuma", "inyoudama"]}, played=3, variants=(BOTH,))
    assert three.variants == (BOTH,) and three.qa_limited(1)
    assert three.pending.player == 1 and "play:kyodaika" not in options(three)
    with pytest.raises(IllegalChoice, match="in the opponent's turn too"):
        three.choose("play:kyodaika")
    default = scenario({"field": ["cirno"]},
                       {"hand": ["kyodaika", "hina"], "field": ["reimu"],
                        "assisters": ["saisenbako", "koakuma", "inyoudama"]}, played=3)
    assert default.variants == () and "play:kyodaika" in options(default)
    two = scenario({"field": ["cirno"]},
                   {"hand": ["kyodaika", "kyodaika", "rumia", "rumia"], "field": ["reimu"],
                    "assisters": ["saisenbako", "koakuma"]}, played=3, variants=(BOTH,))
    play_kyodaika(two, 1, "reimu")
    assert two.qa_used(1) == 3 and "opponent's turn too" in two.play_block(1, card(two, "kyodaika#2"), "main")


@R("TT-SPELL-5")
def test_variant_fourth_quick_in_the_opponents_turn_is_refused():
    """quick-limit-both-turns: a player with no assister plays 3 quicks in the opponent's turn, not a fourth."""
    game = scenario({"field": ["cirno"]}, {"hand": ["kyodaika"] * 4 + ["rumia"] * 4, "field": ["reimu"]},
                    variants=(BOTH,))
    for _ in range(3):
        play_kyodaika(game, 1, "reimu")
    assert game.qa_used(1) == 3 and not any(o.startswith("play:kyodaika") for o in options(game))


def test_unknown_variant_is_refused():
    """A variant name the engine does not have is a ValueError naming the known ones."""
    with pytest.raises(ValueError, match="quick-limit-both-turns"):
        scenario({"field": ["cirno"]}, {}, variants=("quick-limit-never",))


@R("TT-SPELL-6")
def test_replays_carry_the_variant_and_verify():
    """A game with the variant records it in the replay's setup and its log; the replay reproduces and
    verifies; the same replay with the variant taken out of its setup no longer verifies."""
    reg = sample_registry()
    digest = "test"
    new_game = lambda doc, seed: tt.new_game(reg, tt.setup_from_json(doc), seed)  # noqa: E731
    for seed in range(4):
        game = fresh(seed=seed)
        game = tt.new_game(reg, game.setups, seed, variants=(BOTH,))
        run(game, [make_agent("random", seed, 0), make_agent("random", seed, 1)])
        replay = Replay.from_json(record(game, digest).as_json())
        assert replay.setup["variants"] == [BOTH]
        again = reproduce(replay, new_game)
        assert again.variants == (BOTH,) and again.log.digest() == game.log.digest()
        assert verify(replay, new_game, digest) == []
        assert events(game, "variants") == [{"names": [BOTH], "player": None}] and not events(fresh(seed=seed), "variants")
        doc = replay.as_json()
        del doc["setup"]["variants"]
        assert verify(Replay.from_json(doc), new_game, digest) != []
        plain = tt.new_game(reg, game.setups, seed)
        assert "variants" not in plain.setup_json() and plain.fresh().variants == ()
        assert game.fresh().variants == (BOTH,) and game.clone().variants == (BOTH,)
