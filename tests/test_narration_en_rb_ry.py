"""RAISE×BLAZE and ryomen narrate in the user's language (#29, #31).

Seeded games of both engines are read under ``set_language("en")`` by each seat and by a
spectator: every transcript line and every seat's board dump must hold no kana, kanji or
Japanese punctuation once the printed names (cards, decks) and printed ability texts are taken
out. The same games read under ``ja`` are Japanese (the detector can fail), and both languages
narrate the same events (no line dropped in English).
"""

from __future__ import annotations

import re

import pytest

from fuda.engine import raise_blaze as rb
from fuda.engine import ryomen as ry
from fuda.engine.core import make_agent, run
from fuda.i18n import set_language

from .engine import playouts
from .raise_blaze.conftest import act as rb_act
from .raise_blaze.conftest import sample_registry as rb_registry
from .raise_blaze.conftest import scenario as rb_scenario
from .ryomen.conftest import sample_registry as ry_registry

#: kana, kanji, CJK punctuation and full-width forms
JAPANESE = re.compile(r"[\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]")
SEEDS = range(12)


def _printed(registry, pool=None) -> list[str]:
    """The printed words a log may quote: card names, deck names and (ryomen) ability texts,
    longest first so a name holding a shorter one goes whole."""
    game = registry.game
    words = {c.name for c in game.cards} | {d.name for d in game.decks if d.name}
    if pool is not None:
        for face in pool.defs.values():
            words.add(face.name)
            words.update(a.text for a in face.abilities if a.text)
    return sorted(words, key=len, reverse=True)


def _leftover(text: str, printed: list[str]) -> list[str]:
    """The lines of ``text`` that still hold Japanese once the printed words are taken out."""
    bad = []
    for line in text.splitlines():
        stripped = line
        for word in printed:
            stripped = stripped.replace(word, "")
        if JAPANESE.search(stripped):
            bad.append(line)
    return bad


def _rb_games():
    sample = playouts.Sample(rb, rb_registry)
    pairs = sample.pairs()
    for seed in SEEDS:
        yield seed, 2, sample.new(seed, pairs[seed % len(pairs)]), playouts.mixed_agents(seed)


def _ry_games():
    sample = playouts.Sample(ry, ry_registry)
    pairs = sample.pairs()
    for seed in SEEDS:
        yield seed, 2, sample.new(seed, pairs[seed % len(pairs)]), playouts.mixed_agents(seed)
    reg = ry_registry()
    decks = [ry.setup_from_deck(d) for d in reg.game.decks]
    for seed in range(4):  # 3 and 4 players, a tag match among them (team scores)
        n = 3 + seed % 2
        table = ry.Table(tuple(decks[(seed + k) % 4] for k in range(n)), None, n == 4 and seed % 4 == 1)
        yield seed, n, ry.new_game(reg, table, seed), ("random",) * n


def _read(lang: str, games) -> tuple[list[tuple[str, str]], set[str]]:
    """(where, text) of every seat's and the spectator's transcript and board dumps (every few
    decisions and at the end) of ``games`` played in ``lang``, and the event kinds logged."""
    set_language(lang)
    texts, kinds = [], set()
    try:
        for seed, n, game, agents in games:
            seats = (*range(n), None)

            def look(g, *_, seed=seed, seats=seats):
                if len(g.log.events) % 5 == 0:
                    texts.extend((f"seed {seed} board {s}", g.describe_state(s)) for s in seats)

            run(game, [make_agent(agents[p], seed, p) for p in range(n)], on_decision=look)
            texts.extend((f"seed {seed} transcript {s}", "\n".join(game.transcript(s))) for s in seats)
            texts.extend((f"seed {seed} end board {s}", game.describe_state(s)) for s in seats)
            kinds.update(e.kind for e in game.log.events)
    finally:
        set_language(None)
    return texts, kinds


def _pool():
    return ry.new_game(ry_registry(), [ry.setup_from_deck(d) for d in ry_registry().game.decks[:2]], 0).pool


@pytest.mark.parametrize("engine", ["raise-blaze", "ryomen"])
def test_english_logs_and_boards_hold_no_japanese_but_printed_names(engine):
    """Under en, each seat's and the spectator's transcript and board of seeded games hold no
    Japanese outside card names, deck names and printed ability texts."""
    games, printed = ((_rb_games, _printed(rb_registry())) if engine == "raise-blaze"
                      else (_ry_games, _printed(ry_registry(), _pool())))
    texts, kinds = _read("en", games())
    bad = [(where, line) for where, text in texts for line in _leftover(text, printed)]
    assert not bad, bad[:10]
    common = {"turn", "game-over", "setup"} | ({"summon", "attack", "battle", "destroyed", "draw"} if engine ==
                                               "raise-blaze" else {"play", "name", "battle", "point", "ability"})
    assert common <= kinds


@pytest.mark.parametrize("engine", ["raise-blaze", "ryomen"])
def test_both_languages_narrate_the_same_events(engine):
    """The same seeded games read in ja and en give transcripts of the same length line by line,
    the Japanese ones Japanese beyond the printed names (so the check above can fail)."""
    games = _rb_games if engine == "raise-blaze" else _ry_games
    printed = _printed(rb_registry()) if engine == "raise-blaze" else _printed(ry_registry(), _pool())
    ja, _ = _read("ja", games())
    en, _ = _read("en", games())
    assert [w for w, _ in ja] == [w for w, _ in en]
    for (where, jtext), (_, etext) in zip(ja, en, strict=True):
        if "transcript" in where:
            assert len(jtext.splitlines()) == len(etext.splitlines()), where
    assert any(_leftover(text, printed) for where, text in ja if "transcript" in where)
    assert sum(bool(_leftover(text, printed)) for where, text in ja if "board 0" in where) > 0


def test_raise_blaze_scenario_lines_read_in_english():
    """A set-up position, a set spell, a hidden draw and a concession read in English for the
    seat that cannot see them, and in Japanese under ja."""
    printed = _printed(rb_registry())
    set_language("en")
    try:
        game = rb_scenario({"core": "core-suika"}, {"hand": ["danmaku-kekkai"], "deck": ["kanako"]}, active=1,
                           phase="draw")
        rb_act(game, (1, "main", "set:danmaku-kekkai"))
        game.concede(0)
        mine = game.transcript(0)
        assert "P2 set-up position: life cards 5, hand 1 card(s)" in mine
        assert "  P2 draws a card" in mine and "  P2 sets a spell face down" in mine
        assert "    P2 chose (action): set" in mine and "  P1 concedes" in mine
        assert mine[-1].startswith("== Game over: P2 wins (") and "RB-LOSE-5" in mine[-1]
        assert not _leftover("\n".join([*mine, game.describe_state(0)]), printed)
    finally:
        set_language(None)
    set_language("ja")
    try:
        assert "  P2 スペルを伏せる" in game.transcript(0) and "  P1 投了" in game.transcript(0)
    finally:
        set_language(None)
