"""The custom engine on the bundled sample ほしかげの庭: views, narration, replays, agents, the
command line, invariants over many random games, and located findings for bad data."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.main import app
from fuda.engine import custom as cu
from fuda.engine.core import make_agent, record, run, verify
from fuda.engine.custom.state import GONE

from .kit import CARDS_YAML, GAME_YAML, make_kit


@pytest.fixture(scope="module")
def hk():
    database = load_database()
    return database, cu.build_registry(database.game("hoshikage"))


def _setups(reg):
    a, b = sorted(reg.game.decks, key=lambda d: d.id)
    return [cu.setup_from_deck(a), cu.setup_from_deck(b)]


def test_every_hoshikage_card_has_its_printed_text_as_data(hk):
    """Each card with printed text has abilities or keywords, and each ability's text is part of
    the card's printed text (the sample plays every card as printed)."""
    _, reg = hk
    for card in reg.game.cards:
        if not card.text:
            continue
        assert card.abilities or card.get("keywords"), card.id
        for ab in card.abilities:
            assert ab.text in card.text, card.id
        for kw in card.get("keywords", ()):
            assert f"【{kw}】" in card.text, card.id


@pytest.mark.rule("CU-SETUP-1")
def test_hoshikage_setup_deals_five_and_the_first_player_gains_one(hk):
    """Both hands hold 5; the first player skipped the draw, gained 1 星明かり and is asked first."""
    _, reg = hk
    g = cu.new_game(reg, _setups(reg), 11).start()
    first = g.log.first("chance", what="first-player").data["result"]
    assert g.pending.player == first and g.pending.kind == "main"
    view = g.view(first)
    assert view.me.count("hand") == view.opponent.count("hand") == 5
    assert view.me.counters == (1,) and view.opponent.counters == (0,)


def test_views_and_narration_hide_the_opponents_hand(hk):
    """A seat's view counts the opponent's hand and deck; the seat's log never names a card the
    opponent drew, the spectator's does."""
    _, reg = hk
    g = cu.new_game(reg, _setups(reg), 5)
    run(g, [make_agent("random", 5, 0), make_agent("random", 5, 1)])
    for seat in (0, 1):
        view = g.view(seat)
        assert isinstance(view.opponent.zones["hand"], int) and isinstance(view.me.zones["hand"], tuple)
        assert isinstance(view.me.zones["deck"], int)
    drawn = [g.static.cards[e.data["card"]].name for e in g.log.events if e.kind == "draw" and e.player == 1]
    seat0 = "\n".join(g.transcript(0))
    spectator = "\n".join(g.transcript(None))
    assert drawn and all(f"がカードを引いた: {n}" in spectator or f"draws {n}" in spectator for n in drawn)
    assert not re.search(r"P2 がカードを引いた: |player 2 draws [^a]", seat0)


def test_a_replay_verifies_and_a_changed_one_does_not(hk):
    """record → verify reproduces the game exactly; a replay with another seed's log differs."""
    database, reg = hk
    g = cu.new_game(reg, _setups(reg), 8)
    run(g, [make_agent("greedy", 8, 0), make_agent("random", 8, 1)])
    replay = record(g, database.digest)

    def new_game(setup, seed):
        return cu.new_game(reg, cu.setup_from_json(setup), seed)

    assert verify(replay, new_game, database.digest) == []
    other = record(run_game(reg, 9), database.digest)
    forged = type(replay)(**{**replay.__dict__, "log_digest": other.log_digest})
    assert verify(forged, new_game, database.digest)


def run_game(reg, seed):
    g = cu.new_game(reg, _setups(reg), seed)
    run(g, make_agent("random", seed, 0))
    return g


def _cards_conserved(g) -> bool:
    st = g.st
    on_piles = sorted(c for p in st.piles for c in p)
    gone = [c for c in range(len(st.defs)) if st.where[c] == GONE]
    return sorted(on_piles + gone) == list(range(len(st.defs))) and all(st.defs[c].token for c in gone)


def test_2000_random_games_end_with_cards_conserved_and_counters_in_bounds(hk):
    """2,000 random games (every deck pairing, seeds 0–1999): each ends (a winner, a draw on
    points or the round limit), no card is lost or doubled, every counter is within its bounds."""
    _, reg = hk
    decks = sorted(reg.game.decks, key=lambda d: d.id)
    pairs = [(cu.setup_from_deck(a), cu.setup_from_deck(b)) for a in decks for b in decks]
    ends = set()
    for seed in range(2000):
        g = cu.new_game(reg, pairs[seed % len(pairs)], seed)
        result = run(g, make_agent("random", seed, 0), limit=5_000)
        assert result.finished and g.st.turn <= 16, seed
        assert _cards_conserved(g), seed
        rules = g.static.rules
        assert all(rules.lo[k] <= v <= rules.hi[k] for side in g.st.counters for k, v in enumerate(side)), seed
        ends.add(g.outcome.kind.value)
    assert "points" in ends and "draw" in ends


@pytest.mark.parametrize("agent", ["greedy", "mcts:8"])
def test_greedy_and_mcts_play_hoshikage_unchanged(hk, agent):
    """The core's greedy and search agents play a full game against random."""
    _, reg = hk
    g = cu.new_game(reg, _setups(reg), 2)
    run(g, [make_agent(agent, 2, 0), make_agent("random", 2, 1)])
    assert g.finished and _cards_conserved(g)


def test_fuda_play_simulate_and_match_run_hoshikage(tmp_path, monkeypatch):
    """`fuda play` prints a Japanese log and the result; simulate and match run from the command line."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    runner = CliRunner()
    played = runner.invoke(app, ["play", "hoshikage", "--sample", "--deck", "tsuki-to-mizu", "--deck", "hana-to-hi",
                                 "--seed", "3", "--log", str(tmp_path / "r.json")])
    assert played.exit_code == 0, played.output
    assert "── 第 1 手番" in played.output and "結果:" in played.output and "星明かり" in played.output
    verified = runner.invoke(app, ["play", "hoshikage", "--sample", "--replay", str(tmp_path / "r.json"), "--verify",
                                   "-q"])
    assert verified.exit_code == 0, verified.output
    sim = runner.invoke(app, ["simulate", "hoshikage", "--sample", "-n", "8", "--agents", "random",
                              "--out", str(tmp_path / "sim")])
    assert sim.exit_code == 0, sim.output
    assert (tmp_path / "sim").is_dir() and any((tmp_path / "sim").iterdir())
    match = runner.invoke(app, ["match", "hoshikage", "--sample", "--deck", "tsuki-to-mizu", "--deck", "hana-to-hi",
                                "-n", "3", "--agents", "random"])
    assert match.exit_code == 0, match.output


def _validate(folder, lang="ja"):
    result = CliRunner().invoke(app, ["--lang", lang, "validate", str(folder)])
    return result.exit_code, [line for line in result.output.splitlines() if "[CU0" in line]


def test_an_unknown_effect_word_is_located_and_suggests_the_nearest(tmp_path):
    """`drow` is refused at its line and column, naming `draw`, in Japanese."""
    folder = make_kit(tmp_path, cards=CARDS_YAML.replace("- {when: play, effect: [{draw: 1}]}",
                                                         "- {when: play, effect: [{drow: 1}]}"))
    code, lines = _validate(folder)
    assert code == 1 and len(lines) == 1
    assert re.search(r"cards\.yaml:\d+:\d+: エラー\[CU001\]: 効果の語「drow」は語彙にない（「draw」のことですか？）", lines[0])


def test_a_filter_naming_an_unknown_field_is_an_error(tmp_path):
    """`powr <= 2` is refused at the filter, with the column and the nearest field."""
    folder = make_kit(tmp_path, cards=CARDS_YAML.replace('"kind == unit and power <= 2"', '"kind == unit and powr <= 2"'))
    code, lines = _validate(folder)
    assert code == 1 and len(lines) == 1
    assert re.search(r"cards\.yaml:\d+:\d+: エラー\[CU003\]: 絞り込みの条件に知らない項目がある（「power」のことですか？）"
                     r"（18 文字目）", lines[0])


def test_play_section_findings_no_main_step_and_a_win_that_cannot_fire(tmp_path):
    """A turn without main and an end condition on a counter nothing raises are warnings located
    in game.yaml; an unknown counter in a turn step is an error suggesting the declared one."""
    text = GAME_YAML.replace("    - main\n", "").replace(
        "    score: {label: 点, start: 0, max: 5}\n", "    score: {label: 点, start: 0, max: 5}\n    stars: {label: 星}\n"
    ).replace("{counter: score, at-least: 5, result: win}", "{counter: stars, at-least: 3, result: win}")
    code, lines = _validate(make_kit(tmp_path / "a", game_yaml=text))
    assert code == 0 and len(lines) == 2 and all("game.yaml:" in line and "警告" in line for line in lines)
    assert any("CU004" in line for line in lines) and any("CU005" in line and "stars" in line for line in lines)
    text = GAME_YAML.replace("{deck-out: lose}", "{counter: mana, at-most: -1, result: lose}")
    code, lines = _validate(make_kit(tmp_path / "c", game_yaml=text))
    assert code == 0 and len(lines) == 1 and "[CU005]" in lines[0] and "0〜20 の外にならない" in lines[0]
    text = GAME_YAML.replace("    - refresh\n", "    - refresh\n    - gain: {counter: scor}\n")
    code, lines = _validate(make_kit(tmp_path / "b", game_yaml=text))
    assert code == 1 and "「score」のことですか" in lines[0] and re.match(r".*game\.yaml:\d+:\d+: エラー\[CU003\]", lines[0])


def test_a_custom_game_without_play_is_refused_in_one_line(tmp_path):
    """Without a play: section, fuda play says so in one line (exit 2)."""
    from tests.test_ruleset import make_game

    folder = make_game(tmp_path)
    result = CliRunner().invoke(app, ["--lang", "ja", "-q", "play", "my-game", "--path", str(folder.parent), "--deck",
                                      "starter", "--deck", "starter"])
    assert result.exit_code == 2 and "play:" in result.output and len(result.output.strip().splitlines()) == 1


def test_checkpoint_copies_play_on_like_replayed_copies(hk):
    """A search's copy restored from the top of the turn shows the same position as a copy
    replayed from the setup, and both play on to the same game; the base is never touched."""
    from fuda.engine.core import RandomAgent

    _, reg = hk
    checked = 0
    for seed in range(3):
        game = cu.new_game(reg, _setups(reg), seed).start()
        agent = RandomAgent(seed)
        k = 0
        while game.pending is not None:
            if k % 4 == 0:
                base = game.recording()
                before = base.describe_state(None)
                restored, replayed = base.clone(), game.clone()
                assert restored.describe_state(None) == replayed.describe_state(None), (seed, k)
                assert restored.view(0) == replayed.view(0) and restored.view(1) == replayed.view(1)
                run(restored, RandomAgent(k))
                run(replayed, RandomAgent(k))
                assert restored.log.answers() == replayed.log.answers() and restored.outcome == replayed.outcome
                assert base.describe_state(None) == before
                checked += 1
            game.choose(agent.choose(None, game.pending))
            k += 1
    assert checked > 20


def test_a_filter_no_card_of_the_game_passes_is_a_warning(tmp_path):
    """An effect whose filter no card can pass (kind == ghost) warns that it has no target."""
    folder = make_kit(tmp_path, cards=CARDS_YAML.replace('{return: {filter: "kind == unit"}}',
                                                         '{return: {filter: "kind == ghost"}}'))
    code, lines = _validate(folder)
    assert code == 0 and len(lines) == 1 and "警告[CU007]" in lines[0] and "kind == ghost" in lines[0]
