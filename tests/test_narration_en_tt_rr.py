"""The toho-tcg and Recast Rift narrators speak the user's language (issues #29, #31).

Seeded games of both engines are narrated in English for each seat and for a spectator, with
the seat's and the spectator's board dumps along the way; set-up positions (seen by the owner
and by the opponent) and a rule variant are narrated too. Once the card names, deck names,
fighter names, the printed creature types and the quoted printed ability texts are taken out,
no line may hold kana, kanji or Japanese punctuation. Japanese narration itself is unchanged
(the conformance suites assert its lines).
"""

from __future__ import annotations

import re
from itertools import product

import pytest

from fuda.database.load import load_database
from fuda.engine import recast_rift as rr
from fuda.engine import toho_tcg as tt
from fuda.engine.core import make_agent, run
from fuda.i18n import set_language

from .recast_rift.conftest import scenario as rr_scenario
from .toho_tcg.conftest import act as tt_act
from .toho_tcg.conftest import scenario as tt_scenario

#: kana, kanji, the prolonged sound mark and Japanese (full-width) punctuation and digits
JAPANESE = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff60]")
QUOTED = re.compile(r'"[^"\n]*"')
SEEDS = range(12)


@pytest.fixture
def english():
    """Narration in English for one test (the language set back to the locale's after)."""
    set_language("en")
    yield
    set_language(None)


def _printed(game) -> list[str]:
    """Every printed name of ``game`` (cards, decks, fighters, types), longest first."""
    from fuda.database.ruleset import ruleset_for

    names = {c.name for c in game.cards} | {d.name for d in game.decks if d.name}
    names |= set(getattr(game, "fighters", {}).values() or ())
    names |= set(ruleset_for(game.rules).vocabulary(game).types or ())
    return sorted(names, key=len, reverse=True)


def _leftovers(text: str, printed: list[str]) -> list[str]:
    """The lines of ``text`` that still hold Japanese once the printed words are taken out."""
    bad = []
    for line in text.splitlines():
        plain = QUOTED.sub("", line)
        for name in printed:
            plain = plain.replace(name, "")
        if JAPANESE.search(plain):
            bad.append(line)
    return bad


def _games(module, gid: str):
    """Seeded games of the sample decks (every pairing in turn, random and greedy agents), each
    with the board dumps of every seat and a spectator taken every 9 decisions."""
    reg = module.build_registry(load_database().game(gid))
    pairs = list(product([d.id for d in reg.game.decks], repeat=2))
    for seed in SEEDS:
        game = module.new_game(reg, [module.setup_from_deck(reg.game.deck(d)) for d in pairs[seed % len(pairs)]],
                               seed)
        dumps, count = [], [0]

        def on_decision(g, d, picks, dumps=dumps, count=count):
            count[0] += 1
            if count[0] % 9 == 0:
                dumps.extend(g.describe_state(s) for s in (None, 0, 1))

        agents = [make_agent(("random", "greedy")[seed % 2], seed, 0),
                  make_agent(("random", "greedy")[(seed // 2) % 2], seed, 1)]
        run(game, agents, on_decision=on_decision)
        yield reg.game, game, dumps


def _transcripts(game) -> str:
    return "\n".join("\n".join(game.transcript(s)) + "\n" + game.describe_state(s) for s in (None, 0, 1))


@pytest.mark.parametrize(("module", "gid"), [(tt, "toho-tcg"), (rr, "recast-rift")])
def test_seeded_games_are_narrated_in_english(english, module, gid):
    """12 seeded games of each engine, read by each seat and a spectator (logs and board dumps):
    no Japanese but printed names and quoted printed text, and the English sentences are there."""
    seen = []
    for db_game, game, dumps in _games(module, gid):
        text = _transcripts(game) + "\n" + "\n".join(dumps)
        assert _leftovers(text, _printed(db_game)) == [], gid
        seen.append(text)
    text = "\n".join(seen)
    assert "── Turn 1 " in text and "== game over: " in text and "goes first (random)" in text
    assert "board seen by P1" in text and "board seen by P2" in text
    if gid == "toho-tcg":
        assert "[Main phase]" in text and "reiryoku" in text and "霊力" not in QUOTED.sub("", text)
    else:
        assert "attacks with power" in text and "face down (" in text and "ライフ" not in QUOTED.sub("", text)


def test_toho_positions_variants_and_hidden_cards_in_english(english):
    """A toho-tcg set-up position with the rule variant, a destroyed character and a search the
    opponent cannot see: each seat's log and board in English, the hidden card unnamed."""
    game = tt_scenario({"hand": ["master-spark", "rumia", "rumia", "rumia"]},
                       {"field": ["daiyousei"], "deck": ["hina", "cirno", "rumia"], "hand": ["kanako"]},
                       variants=("quick-limit-both-turns",))
    tt_act(game, ("priority", "play:master-spark"))
    mine, theirs = ("\n".join(game.transcript(s)) for s in (0, 1))
    assert "rule variants: quick-limit-both-turns (TT-SPELL-5, TT-SPELL-6)" in mine
    assert "P2 set-up position: hand 1 card(s)" in mine and "deck to hand: 1 card(s)" in mine
    assert "P2 set-up position: hand " in theirs and "deck to hand: チルノ" in theirs
    assert "P2 大妖精 destroyed\n" in mine and "P2 trigger: 大妖精 \"【誘発】" in mine
    assert _leftovers(_transcripts(game), _printed(game.cards.game)) == []


def test_recast_rift_positions_and_hidden_cards_in_english(english):
    """A Recast Rift set-up position played through a cleanup: the opponent's draws and face-down
    cards counted in English for P1, named for the spectator; the boards in English."""
    game = rr_scenario({"hand": ["reimu-musou-fuuin"]},
                       {"awakening": "youmu-till-when", "hand": ["youmu-gensei-zan", "youmu-meisou-zan"],
                        "deck": ["youmu-nihyaku-yujun", "youmu-yuumei-no-kurin", "youmu-meishin-kakou-zan"]},
                       turns=2)
    tt_act(game, "main end", (1, "main", "end"), (1, "cleanup", "youmu-nihyaku-yujun", "youmu-gensei-zan"))
    mine = "\n".join(game.transcript(0))
    assert "P2 draws (draw step)\n" in mine and "P2 face down (cleanup): 2 card(s)" in mine
    assert "P2 set-up position: life " in mine and "hand 2 card(s)" in mine
    assert "P1 ends the main phase" in mine
    board = game.describe_state(0)
    assert "board seen by P1" in board and "far slot" in board and "(face down)" in board
    assert _leftovers(_transcripts(game), _printed(game.pool.game)) == []


def test_japanese_narration_is_unchanged_by_the_catalogue():
    """In Japanese the same lines as the conformance suites read: turn, phase, 霊力 and the board."""
    set_language("ja")
    try:
        _, game, dumps = next(_games(tt, "toho-tcg"))
        text = "\n".join(game.transcript(0)) + "\n".join(dumps)
    finally:
        set_language(None)
    assert "── ターン1 " in text and "【ドローフェイズ】" in text and "デッキ「" in text
    assert "（P1 から見た盤面）" in text and "\n  アシスター " in text
    assert "霊力" in text and "Turn" not in text


@pytest.mark.parametrize(("module", "gid"), [(tt, "toho-tcg"), (rr, "recast-rift")])
def test_a_narrator_speaks_the_language_it_is_given(module, gid):
    """The table sets ``narrator.lang`` per page: in a Japanese process, a narrator told "en" writes
    the same English lines and board as an English process does."""
    set_language("en")
    try:
        db_game, game, _ = next(_games(module, gid))
        english = game.transcript(0), game.describe_state(1)
        set_language("ja")
        narrator = game.narrator()
        narrator.lang = "en"
        told = narrator.lines(game.log.events, 0), narrator.state(1)
        japanese = game.transcript(0)
    finally:
        set_language(None)
    assert told == english and japanese != english[0]
    assert _leftovers("\n".join(told[0]) + "\n" + told[1], _printed(db_game)) == []
