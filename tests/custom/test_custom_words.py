"""The custom engine's rules and every effect word, on the stacked test game of :mod:`.kit`."""

from __future__ import annotations

import pytest

from .kit import counter, game, play, registry, zone


@pytest.fixture(scope="module")
def reg(tmp_path_factory):
    return registry(tmp_path_factory.mktemp("kit"))


DECK = ["plain", "plain", "plain", "plain", "plain"]


@pytest.mark.rule("CU-SETUP-1")
def test_setup_deals_hands_from_the_top_and_starts_counters(reg):
    """Seat 1 goes first (first-player: first); hands are the top 3 cards; counters start at start."""
    g = game(reg, ["bolt", "wall", "runner", "plain"], ["drawer", "plain", "plain", "plain"])
    assert zone(g, 0, "hand") == ["bolt", "wall", "runner"] and zone(g, 0, "deck") == ["plain"]
    assert zone(g, 1, "hand") == ["drawer", "plain", "plain"]
    assert (counter(g, 0, "mana"), counter(g, 1, "score")) == (10, 0)
    assert g.pending.player == 0 and g.pending.kind == "main"


@pytest.mark.rule("CU-TURN-1", "CU-MAIN-1", "CU-PLAY-1", "CU-EFFECT-1")
def test_a_scripted_turn_plays_pays_and_draws(reg):
    """Turn 1 skips its draw; turn 2 draws; a unit enters the field, paying its cost; drawer draws."""
    g = game(reg, ["plain", "bolt", "wall", *DECK], ["drawer", "plain", "plain", "runner", "wall"])
    play(g, "main play:plain", "main pass", "main play:drawer", "main pass")
    assert zone(g, 0, "field") == ["plain"] and counter(g, 0, "mana") == 9
    assert zone(g, 1, "field") == ["drawer"]
    assert zone(g, 1, "hand") == ["plain", "plain", "runner", "wall"]  # drew runner (turn), wall (drawer)
    assert g.pending.player == 0 and zone(g, 0, "hand")[-1] == "plain"  # turn 3 drew


@pytest.mark.rule("CU-EFFECT-3", "CU-ABILITY-1")
def test_destroy_targets_by_filter_and_runs_destroyed_abilities(reg):
    """bolt offers only units of power ≤ 2; the destroyed mourner's ability gains a point."""
    g = game(reg, ["wall", "bolt", "plain", *DECK], ["mourner", "wall", "plain", *DECK])
    play(g, "main play:wall", "main pass", "main play:mourner", "main play:wall", "main pass")
    play(g, "main play:bolt")  # walls have power 3: the mourner is the only target (no question)
    assert zone(g, 1, "discard") == ["mourner"] and counter(g, 1, "score") == 1
    assert zone(g, 0, "discard") == ["bolt"]


@pytest.mark.rule("CU-EFFECT-2")
def test_discard_lets_the_chooser_pick_from_the_opponents_hand(reg):
    """rob: the player picks which card of the opponent's hand is discarded."""
    g = game(reg, ["rob", "plain", "plain", *DECK], ["plain", "drawer", "wall", *DECK])
    play(g, "main play:rob")
    assert g.pending.kind == "discard" and g.pending.player == 0
    assert [o.id for o in g.pending.options] == ["plain", "drawer", "wall"]
    play(g, "discard drawer")
    assert zone(g, 1, "discard") == ["drawer"] and zone(g, 1, "hand") == ["plain", "wall"]


@pytest.mark.rule("CU-EFFECT-4", "CU-ZONE-2")
def test_return_sends_a_unit_back_and_it_loses_its_changes(reg):
    """bounce returns the only unit (no question) to its owner's hand, standing and unchanged."""
    g = game(reg, ["plain", "pump", "bounce", *DECK], DECK + DECK)
    play(g, "main play:plain", "main play:pump", "main play:bounce")
    assert zone(g, 0, "hand") == ["plain"] and zone(g, 0, "field") == []
    assert not g.st.temp  # the +3 ended with its card leaving the field


@pytest.mark.rule("CU-EFFECT-5", "CU-ZONE-1")
def test_move_puts_a_card_into_a_shared_named_zone(reg):
    """banish moves the opponent's unit to the shared exile zone."""
    g = game(reg, ["banish", "plain", "plain", *DECK], DECK + DECK)
    play(g, "main pass", "main play:plain", "main pass", "main play:banish")
    assert zone(g, 0, "exile") == ["plain"] == zone(g, 1, "exile") and zone(g, 1, "field") == []


@pytest.mark.rule("CU-EFFECT-6", "CU-STATIC-1", "CU-TURN-3")
def test_modify_until_end_of_turn_and_a_static_bonus(reg):
    """banner gives fire units +1 while on the field; pump adds +3 until the end of the turn."""
    from fuda.engine.custom.state import value

    g = game(reg, ["plain", "banner", "pump", *DECK], DECK + DECK)
    play(g, "main pass", "main pass", "main play:plain", "main play:banner", "main play:pump")
    assert g.pending.kind == "boost" and [o.id for o in g.pending.options] == ["plain", "banner"]
    play(g, "boost plain")
    plain, banner = g.st.piles[2 * 3 + 0]
    assert (value(g.st, plain, "power"), value(g.st, banner, "power")) == (6, 2)
    play(g, "main pass")
    assert value(g.st, plain, "power") == 3


@pytest.mark.rule("CU-EFFECT-7", "CU-COUNTER-1")
def test_gain_and_lose_stay_within_the_counters_bounds(reg):
    """tax: +2 points for the player; the opponent's 0 points cannot go below min 0."""
    g = game(reg, ["tax", "plain", "plain", *DECK], DECK + DECK)
    play(g, "main play:tax")
    assert counter(g, 0, "score") == 2 and counter(g, 1, "score") == 0


@pytest.mark.rule("CU-EFFECT-8", "CU-EFFECT-9")
def test_search_finds_a_filtered_card_then_shuffles(reg):
    """seek finds the only card with 壁 in the deck (no question) and shuffles (a logged chance event)."""
    g = game(reg, ["seek", "mix", "plain", "plain", "wall", "plain"], DECK + DECK)
    play(g, "main play:seek")
    assert "wall" in zone(g, 0, "hand") and "wall" not in zone(g, 0, "deck")
    play(g, "main play:mix")
    shuffles = [e for e in g.log.events if e.kind == "chance" and e.data["what"] == "shuffle"]
    assert len(shuffles) == 2 and sorted(zone(g, 0, "deck")) == ["plain", "plain"]


@pytest.mark.rule("CU-EFFECT-10")
def test_look_puts_the_top_cards_back_in_the_chosen_order(reg):
    """peek shows the top two and the player picks which goes on top."""
    g = game(reg, ["peek", "plain", "plain", "runner", "wall", "plain"], DECK + DECK)
    play(g, "main play:peek")
    assert g.pending.kind == "look" and [o.id for o in g.pending.options] == ["runner", "wall"]
    play(g, "look wall")
    assert zone(g, 0, "deck") == ["wall", "runner", "plain"]


@pytest.mark.rule("CU-EFFECT-11", "CU-ZONE-2")
def test_a_token_enters_and_ceases_to_exist_when_it_leaves(reg):
    """summon makes a plain token on the field; returned to hand, it is gone."""
    g = game(reg, ["summon", "bounce", "plain", *DECK], DECK + DECK)
    play(g, "main play:summon")
    assert zone(g, 0, "field") == ["plain"] and g.st.defs[g.st.piles[6][0]].token
    play(g, "main play:bounce")
    assert zone(g, 0, "field") == [] and zone(g, 0, "hand") == ["plain"]  # the printed one, not the token


@pytest.mark.rule("CU-EFFECT-12", "CU-COMBAT-2", "CU-COMBAT-4")
def test_grant_cannot_block_lets_a_haste_attack_through(reg):
    """A wall may block the runner (haste: attacks at once); after fear it may not, and the point scores."""
    g = game(reg, ["plain", "plain", "plain", "runner", "fear", "plain"], ["wall", *DECK])
    play(g, "main pass", "main play:wall", "main pass", "main play:runner", "main attack:runner")
    assert g.pending.kind == "block" and [o.id for o in g.pending.options] == ["block:wall", "none"]
    g2 = game(reg, ["fear", "plain", "plain", "runner", "plain", "plain"], ["wall", *DECK])
    play(g2, "main pass", "main play:wall", "main pass", "main play:fear", "main play:runner", "main attack:runner")
    assert g2.pending.kind == "main" and counter(g2, 0, "score") == 1


@pytest.mark.rule("CU-COMBAT-1", "CU-COMBAT-3")
def test_a_block_destroys_the_weaker_card(reg):
    """plain (2) attacks a turn after it entered; wall (3) blocks it and survives."""
    g = game(reg, ["plain", *DECK], ["wall", *DECK])
    play(g, "main play:plain", "main pass", "main play:wall", "main pass")
    assert [o.id for o in g.pending.options] == ["play:plain", "attack:plain", "pass"]
    play(g, "main attack:plain", "block block:wall")
    assert zone(g, 0, "discard") == ["plain"] and zone(g, 1, "field") == ["wall"]


@pytest.mark.rule("CU-EFFECT-13", "CU-RESPOND-1")
def test_counter_in_a_response_stops_the_answered_spell(reg):
    """The opponent answers bolt with negate: bolt does nothing and goes to the discard."""
    g = game(reg, ["plain", "bolt", "plain", *DECK], ["negate", "plain", "plain", *DECK])
    play(g, "main play:plain", "respond pass", "main play:bolt")
    assert g.pending.kind == "respond" and g.pending.player == 1
    play(g, "respond play:negate")
    assert zone(g, 0, "discard") == ["bolt"] and zone(g, 0, "field") == ["plain"]
    assert zone(g, 1, "discard") == ["negate"] and counter(g, 1, "mana") == 9


@pytest.mark.rule("CU-EFFECT-14")
def test_choose_does_the_chosen_option(reg):
    """pick: the second option gains a point, the first is not done."""
    g = game(reg, ["pick", "plain", "plain", *DECK], DECK + DECK)
    play(g, "main play:pick", "choose option:2")
    assert counter(g, 0, "score") == 1 and len(zone(g, 0, "hand")) == 2


@pytest.mark.rule("CU-STATIC-2")
def test_protect_keeps_water_units_from_the_opponents_spells(reg):
    """With ward on the field, bolt cannot target the opponent's water units: only plain remains."""
    g = game(reg, ["plain", "bolt", "plain", *DECK], ["ward", "mourner", "plain", *DECK])
    play(g, "main pass", "main play:ward", "main play:mourner", "main play:plain", "main pass",
         "main play:bolt")
    assert zone(g, 1, "discard") == ["plain"] and zone(g, 1, "field") == ["ward", "mourner"]


@pytest.mark.rule("CU-ABILITY-2")
def test_an_if_that_does_not_hold_does_nothing(reg):
    """twin draws only when another twin is on its owner's field: the first does nothing."""
    g = game(reg, ["twin", "twin", "plain", "wall", *DECK], DECK + DECK)
    play(g, "main play:twin", "main play:twin")
    kinds = [e.kind for e in g.log.events]
    assert kinds.count("unmet") == 1 and kinds.count("ability") == 1 and zone(g, 0, "hand") == ["plain", "wall"]


@pytest.mark.rule("CU-END-2")
def test_drawing_from_an_empty_deck_loses(reg):
    """Seat 2 has only its hand: its first draw empties nothing and it loses at once."""
    g = game(reg, ["plain", "plain", "plain", *DECK], ["plain", "plain", "plain"])
    play(g, "main pass")
    assert g.finished and g.winner == 0 and g.outcome.kind.value == "deck-out"


@pytest.mark.rule("CU-END-1", "CU-END-4")
def test_the_round_limit_and_a_points_win_end_the_game(reg):
    """Three rounds of passing end on equal points (a draw); five points win at once."""
    g = game(reg, ["plain"] * 9, ["plain"] * 9)
    play(g, *["main pass"] * 6)
    assert g.finished and g.winner is None and g.outcome.kind.value == "draw"
    g = game(reg, ["tax", "tax", "tax", *DECK], DECK + DECK)
    play(g, "main play:tax", "main play:tax", "main play:tax")
    assert g.finished and g.winner == 0 and counter(g, 0, "score") == 5


@pytest.mark.rule("CU-MAIN-2")
def test_activate_pays_lies_down_and_works_once(reg):
    """well: pay 1 mana, lie down, gain a point; lying down, it cannot be activated again."""
    g = game(reg, ["well", "plain", "plain", *DECK], DECK + DECK)
    play(g, "main play:well", "main activate:well:1")
    assert counter(g, 0, "score") == 1 and counter(g, 0, "mana") == 8
    assert "activate:well:1" not in [o.id for o in g.pending.options]


@pytest.mark.rule("CU-ABILITY-3")
def test_queued_abilities_run_in_the_order_their_cards_were_destroyed(reg):
    """quake destroys mourner and sage; their destroyed abilities run after quake is done, in the
    order the cards were destroyed."""
    g = game(reg, ["plain", "quake", "plain", *DECK], ["mourner", "sage", "plain", *DECK])
    play(g, "main pass", "main play:mourner", "main play:sage", "main pass", "main play:quake")
    events = [(e.kind, e.data.get("card")) for e in g.log.events if e.kind in ("move", "ability")][-5:]
    assert events == [("move", "mourner"), ("move", "sage"), ("move", "quake"), ("ability", "mourner"),
                      ("ability", "sage")]
    assert counter(g, 1, "score") == 1 and len(zone(g, 1, "hand")) == 3


@pytest.mark.rule("CU-ABILITY-1")
def test_turn_start_turn_end_attacks_leaves_and_enters_abilities(reg):
    """herald: turn-end draws, turn-start scores, attacking gains mana, leaving scores; ghost
    entering the discard (discarded by rob) gains mana."""
    g = game(reg, ["herald", "bounce", "plain", "plain", "plain", "plain", *DECK], ["ghost", "plain", "plain", *DECK])
    play(g, "main play:herald", "main pass")
    assert len(zone(g, 0, "hand")) == 3  # 2 left + the turn-end draw
    play(g, "main pass")
    assert counter(g, 0, "score") == 1  # turn 3 began
    play(g, "main attack:herald")
    assert counter(g, 0, "mana") == 11 and counter(g, 0, "score") == 2  # +2 mana; unblocked +1 point
    play(g, "main play:bounce")
    assert counter(g, 0, "score") == 3 and "herald" in zone(g, 0, "hand")
    g = game(reg, ["rob", "plain", "plain", *DECK], ["ghost", "plain", "plain", *DECK])
    play(g, "main play:rob", "discard ghost")
    assert zone(g, 1, "discard") == ["ghost"] and counter(g, 1, "mana") == 11


@pytest.mark.rule("CU-END-4")
def test_an_endless_chain_of_abilities_ends_the_game_as_a_draw(tmp_path):
    """hydra destroys itself as it enters and makes a hydra token when destroyed: the chain of
    abilities would never stop, so the engine ends the game as a draw (never a hang)."""
    from fuda import load_database
    from fuda.engine import custom as cu

    from .kit import CARDS_YAML, make_kit

    cards = CARDS_YAML + """\
  - id: hydra
    name: 多頭
    kind: unit
    cost: 1
    power: 1
    element: 火
    text: 場に出たとき、これを破壊する。破壊されたとき、多頭のトークンを出す。
    abilities:
      - {when: enters, effect: [{destroy: {target: self}}]}
      - {when: destroyed, effect: [{token: {card: hydra}}]}
"""
    reg = cu.build_registry(load_database([make_kit(tmp_path, cards=cards)]).game("kit"))
    g = game(reg, ["hydra", "plain", "plain", *DECK], DECK + DECK)
    play(g, "main play:hydra")
    assert g.finished and g.winner is None and g.outcome.kind.value == "turn-limit" and "連鎖" in g.outcome.ja


@pytest.mark.rule("CU-MAIN-1")
def test_a_main_step_that_never_passes_ends_the_game_as_a_draw(tmp_path):
    """An activate ability without a cost could be used forever: past the action limit of one
    main step the game ends as a draw."""
    from fuda import load_database
    from fuda.engine import custom as cu
    from fuda.engine.custom.rules import MAX_ACTIONS

    from .kit import CARDS_YAML, make_kit

    cards = CARDS_YAML + """\
  - id: spring
    name: 泉
    kind: unit
    cost: 1
    power: 0
    element: 水
    text: 起動：マナを１得る。
    abilities:
      - {when: activate, effect: [{gain: {counter: mana, amount: 1}}]}
"""
    reg = cu.build_registry(load_database([make_kit(tmp_path, cards=cards)]).game("kit"))
    g = game(reg, ["spring", "plain", "plain", *DECK], DECK + DECK)
    play(g, "main play:spring", *["main activate:spring:1"] * (MAX_ACTIONS - 1))
    assert g.finished and g.winner is None and g.outcome.kind.value == "turn-limit"


@pytest.mark.rule("CU-EFFECT-7", "CU-COMBAT-4")
def test_an_amount_may_be_the_cards_own_field(tmp_path):
    """unblocked: gain score equal to the attacker's power (plain: 2); an amount naming a field
    that is not an integer is a located error."""
    from fuda import load_database
    from fuda.engine import custom as cu

    from .kit import GAME_YAML, make_kit

    text = GAME_YAML.replace("      - gain: {counter: score, amount: 1}", "      - gain: {counter: score, amount: power}")
    reg = cu.build_registry(load_database([make_kit(tmp_path / "a", game_yaml=text)]).game("kit"))
    g = game(reg, ["plain", *DECK], DECK + DECK)
    play(g, "main play:plain", "main pass", "main pass", "main attack:plain")
    assert counter(g, 0, "score") == 2
    from typer.testing import CliRunner

    from fuda.cli.main import app

    bad = make_kit(tmp_path / "b", game_yaml=GAME_YAML.replace("amount: 1}", "amount: element}"))
    result = CliRunner().invoke(app, ["--lang", "ja", "validate", str(bad)])
    assert result.exit_code == 1 and "[CU003]" in result.output and "「element」は整数の項目ではない" in result.output


def test_a_manual_ability_is_logged_at_its_timing_never_skipped_silently(tmp_path):
    """A card whose ability is effect: manual says so in the log when it is played, and the
    registry lists it (a warning)."""
    from fuda import load_database
    from fuda.engine import custom as cu

    from .kit import CARDS_YAML, make_kit

    cards = CARDS_YAML + """\
  - id: oracle
    name: 神託
    kind: spell
    cost: 0
    instant: false
    text: 相手は好きな数字を１つ言う。
    abilities:
      - {when: play, effect: manual, reason: 数字を言わせる効果は語彙にない}
"""
    reg = cu.build_registry(load_database([make_kit(tmp_path, cards=cards)]).game("kit"))
    assert [m.card for m in reg.manual] == ["oracle"] and any(f.code == "E203" for f in reg.findings)
    g = game(reg, ["oracle", "plain", "plain", *DECK], DECK + DECK)
    play(g, "main play:oracle")
    assert [e.data["reason"] for e in g.log.events if e.kind == "manual"] == ["数字を言わせる効果は語彙にない"]
    assert any("エンジンが処理しない" in line or "does not play" in line for line in g.transcript())
