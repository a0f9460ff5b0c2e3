"""The second custom sample 剣舞の砦 (cards/kenbu), written only in data: it validates and lints
clean, prints and exports, plays whole games with the engine's invariants, its scenarios pass,
and `fuda play` / `fuda simulate` run it from the command line."""

from __future__ import annotations

import json
import zipfile

import pdfplumber
import pytest
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.main import app
from fuda.database.load import validate
from fuda.database.resources import cards_dir
from fuda.engine import custom as cu
from fuda.engine.core import make_agent, run
from fuda.engine.custom.cards import static_of
from fuda.engine.custom.conformance import run_file
from fuda.engine.custom.scenario import scenario_files
from fuda.engine.custom.state import GONE
from fuda.lint import lint

FOLDER = cards_dir() / "kenbu"


@pytest.fixture(scope="module")
def kb():
    database = load_database([FOLDER])
    return database.game("kenbu"), cu.build_registry(database.game("kenbu"))


def test_kenbu_is_data_only_and_validates_with_no_finding():
    """The game folder holds YAML (and the derived cards.schema.json) only, and validation finds nothing."""
    suffixes = {p.suffix for p in FOLDER.rglob("*") if p.is_file()}
    assert suffixes <= {".yaml", ".yml", ".json"}
    assert [str(f) for f in validate([FOLDER])] == []


def test_kenbu_is_a_small_classic_fight_game(kb):
    """About 30 cards of two kinds, a life counter, keywords (haste, guard, flying, an ability
    keyword), triggered abilities, and two decks."""
    game, registry = kb
    kinds = {c.kind for c in game.cards}
    assert kinds == {"unit", "spell"} and 25 <= len(game.cards) <= 35 and len(game.decks) == 2
    play = game.manifest["play"]
    assert "life" in play["counters"] and {"速攻", "守護", "飛行", "突撃"} <= set(play["keywords"])
    whens = {ab.data["when"] for c in game.cards for ab in c.abilities}
    assert {"play", "attacks", "destroyed", "turn-start"} <= whens
    assert registry.game is game


def test_kenbu_lints_clean():
    """`fuda lint` finds nothing in the sample's card text (house style, text against data)."""
    assert [str(d) for d in lint(load_database([FOLDER]))] == []


def test_kenbu_prints_and_exports(tmp_path):
    """`fuda print` writes a PDF whose text holds the cards' names; `fuda export udonarium` a ZIP
    whose deck holds every card of the deck."""
    runner = CliRunner()
    pdf = tmp_path / "kenbu.pdf"
    printed = runner.invoke(app, ["-q", "print", str(FOLDER), "-o", str(pdf)])
    assert printed.exit_code == 0, printed.output
    with pdfplumber.open(pdf) as doc:
        text = "".join(page.extract_text() or "" for page in doc.pages)
    assert all(name in text for name in ("足軽", "天空竜", "火炎弾", "兵士"))
    out = tmp_path / "kurenai.zip"
    exported = runner.invoke(app, ["-q", "export", "udonarium", str(FOLDER), "--deck", "kurenai-no-gunzei",
                                   "-o", str(out)])
    assert exported.exit_code == 0, exported.output
    with zipfile.ZipFile(out) as zf:
        deck = zf.read("01-deck.xml").decode("utf-8")
    assert deck.count("<card ") == 28 and "紅の軍勢" in deck and "火炎竜" in deck


def _cards_conserved(g) -> bool:
    st = g.st
    on_piles = sorted(c for pile in st.piles for c in pile)
    gone = [c for c in range(len(st.defs)) if st.where[c] == GONE]
    return sorted(on_piles + gone) == list(range(len(st.defs))) and all(st.defs[c].token for c in gone)


def test_50_random_games_end_with_cards_conserved(kb):
    """50 random games (both decks on both seats): each ends within the round limit, no card is
    lost or doubled (tokens only vanish), every counter stays within its bounds."""
    game, registry = kb
    decks = sorted(game.decks, key=lambda d: d.id)
    pairs = [(cu.setup_from_deck(a), cu.setup_from_deck(b)) for a in decks for b in decks]
    ends = set()
    for seed in range(50):
        g = cu.new_game(registry, pairs[seed % 4], seed)
        result = run(g, make_agent("random", seed, 0), limit=5_000)
        assert result.finished and g.st.turn <= 24, seed
        assert _cards_conserved(g), seed
        rules = g.static.rules
        assert all(rules.lo[k] <= v <= rules.hi[k] for side in g.st.counters for k, v in enumerate(side)), seed
        ends.add(g.outcome.kind.value)
    assert "points" in ends


def test_every_kenbu_scenario_passes(kb):
    """The sample's own conformance suite (at least 8 scenarios; 28 today) passes."""
    _, registry = kb
    files = scenario_files(FOLDER)
    assert len(files) >= 8
    static = static_of(registry)
    assert {f.name: [p.render("en") for p in r.problems] for f in files
            if not (r := run_file(f, static, registry)).passed} == {}


def test_kenbu_scenarios_name_every_card(kb):
    """Every card of the sample (the token included) is named in some scenario."""
    game, _ = kb
    text = "".join(p.read_text(encoding="utf-8") for p in scenario_files(FOLDER))
    assert [c.id for c in game.cards if c.id not in text] == []


def test_fuda_play_random_against_greedy_ends(monkeypatch):
    """`fuda play kenbu --seat 1=random --seat 2=greedy` plays a whole game and names the result."""
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    result = CliRunner().invoke(app, ["play", "kenbu", "--sample", "--deck", "kurenai-no-gunzei", "--deck",
                                      "aoi-no-mamori", "--seat", "1=random", "--seat", "2=greedy", "--seed", "4"])
    assert result.exit_code == 0, result.output
    assert "結果:" in result.output and "命" in result.output


def test_fuda_simulate_kenbu_gives_sensible_win_rates(tmp_path):
    """`fuda simulate kenbu` (100 games a pairing, greedy) finishes; neither deck wins more than 80 %."""
    result = CliRunner().invoke(app, ["-q", "simulate", "kenbu", "--sample", "-n", "100", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "kenbu-winrates.json").read_text(encoding="utf-8"))
    rates = [cell["rate"] for row in doc["win_rate"] for cell in row if cell is not None]
    assert len(rates) == 2 and all(0.2 <= r <= 0.8 for r in rates), doc["win_rate"]
    assert doc["seatings"] and sum(s["games"] for s in doc["seatings"]) == 300
