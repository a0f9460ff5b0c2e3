"""One language at the table: English option labels and questions, and seat boards without copy suffixes."""

from __future__ import annotations

import random
import re

import pytest

DECKS = {"toho-tcg": ("hakurei-moriya", "mahou-no-mori"), "recast-rift": ("reimu-marisa", "sakuya-youmu"),
         "raise-blaze": ("mountain-faith", "scarlet-night"), "ryomen": ("scarlet-gate", "ghost-spring")}
JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff01-\uff5e]")  # kana, kanji, CJK and full-width marks
QUOTED = re.compile(r"\"[^\"]*\"")


def _session(game_id: str, seed: int):
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.session import TableSession

    game = load_database().game(game_id)
    a, b = DECKS[game_id]
    return game, TableSession.open(engine_for(game.rules), registry_for(game), [game.deck(a), game.deck(b)],
                                   {0, 1}, seed=seed, auto_forced=True)


def _games(game_id: str, lang: str, seeds=range(3)):
    """Every question of a few seeded games answered at random: (game, session, prompt) triples."""
    from fuda.table.session import TableError

    for seed in seeds:
        game, session = _session(game_id, seed)
        rng = random.Random(seed)
        for _ in range(300):
            prompt = session.prompt(lang=lang)
            if prompt is None:
                break
            yield game, session, prompt
            k = rng.randint(max(prompt.min, 1), prompt.max) if prompt.max else 0
            picks = tuple(c.id for c in rng.sample(prompt.choices, min(k, len(prompt.choices))))
            try:
                session.answer(prompt.id, picks)
            except TableError:  # a random pick the rules refuse: take the first legal-sized answer
                session.answer(prompt.id, tuple(c.id for c in prompt.choices[:max(prompt.min, 1)]))


def _residue(text: str, names: list[str]) -> str:
    """``text`` without card names, deck names and printed text in quotes."""
    text = QUOTED.sub("", text)
    for name in names:
        text = text.replace(name, "")
    return text


@pytest.mark.parametrize("game_id", sorted(DECKS))
def test_english_labels_and_questions_have_no_japanese(game_id):
    """Under English every option label and question reads in English but for card and deck names and quoted printed text."""
    seen = 0
    names = None
    for game, _, prompt in _games(game_id, "en"):
        if names is None:
            names = sorted({c.name for c in game.cards} | {d.name for d in game.decks}, key=len, reverse=True)
        for text in [prompt.question("en")] + [c.label for c in prompt.choices]:
            seen += 1
            left = _residue(text, names)
            assert not JAPANESE.search(left), f"{game_id}: {text!r} leaves {left!r}"
    assert seen > 100


@pytest.mark.parametrize("game_id", sorted(DECKS))
def test_japanese_labels_are_the_engines_own(game_id):
    """Under Japanese the labels are the engine's words (Japanese), and under English the option ids are the same."""
    ja = [(p.id, [(c.id, c.label) for c in p.choices]) for _g, _s, p in _games(game_id, "ja", seeds=[1])]
    en = [(p.id, [(c.id, c.label) for c in p.choices]) for _g, _s, p in _games(game_id, "en", seeds=[1])]
    assert [(q, [i for i, _ in cs]) for q, cs in ja] == [(q, [i for i, _ in cs]) for q, cs in en]
    assert any(JAPANESE.search(label) and label != en_label
               for (_q, cs), (_q2, ecs) in zip(ja, en, strict=True) for (_i, label), (_j, en_label) in zip(cs, ecs, strict=True))


def test_translate_keeps_japanese_and_reads_english():
    """translate() leaves a Japanese label byte for byte; in English a card name and its printed kind stay readable."""
    from fuda.database.ruleset import ruleset_for
    from fuda.table.labels import translate

    labels = ruleset_for("toho-tcg").labels(None)
    label = "プレイ: 境符「四重結界」（クイック）（霊力2）"
    assert translate(label, "play:x", "ja", labels) == label
    assert translate(label, "play:x", "en", labels) == "Play 境符「四重結界」 (quick) (reiryoku 2)"
    assert translate("【トラッシュ（１）】: 人形の糸", "trash:x", "en", labels) == "[Trash 1]: 人形の糸"


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("game_id", sorted(DECKS))
def test_seat_boards_never_show_copy_suffixes(game_id, lang):
    """The board a terminal seat is shown (every position of a few games) never has a copy suffix like #2."""
    from fuda.table.terminal import board_lines

    lines = 0
    for _game, session, prompt in _games(game_id, lang, seeds=[0, 1]):
        for line in board_lines(session, prompt.seat, lang):
            lines += 1
            assert not re.search(r"#\d", line), line
    assert lines > 50


def test_terminal_prints_the_board_in_the_users_language():
    """`fuda play --seat 1=human` shows the table's board in Japanese too, with no copy suffix and no English zone words."""
    from fuda.table.terminal import play

    _game, session = _session("toho-tcg", 4)
    out: list[str] = []
    play(session, iter(["1"] * 40 + ["quit"]), out.append, "ja")
    text = "\n".join(out)
    assert "手札 (" in text and "デッキ (" in text
    assert not re.search(r"#\d", text) and "card(s)" not in text and "turn player" not in text


def test_terminal_board_and_log_in_english():
    """Under English the terminal board tells printings apart in English (博麗霊夢 (normal)) and the log repeats answers in English."""
    from fuda.table.terminal import play

    game, session = _session("toho-tcg", 4)
    names = sorted({c.name for c in game.cards}, key=len, reverse=True)
    out: list[str] = []
    play(session, iter(["1"] * 40 + ["quit"]), out.append, "en")
    board = [line for line in out if line.startswith("    ") and "(" in line and ":" in line]
    assert board and any("(normal)" in line for line in board)
    for line in board:
        assert not JAPANESE.search(_residue(line.split(" — ")[0], names)), line
    answers = [line for line in out if re.match(r"\s+\d+\. P1 .*\[TT-", line)]  # the log of P1's own answers
    assert answers
    for line in answers:
        assert not JAPANESE.search(_residue(line, names)), line
