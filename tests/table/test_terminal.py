"""A person at the terminal: whole games driven through stdin, illegal answers, ?N, undo."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from fuda.cli.main import app

GAMES = {
    "recast-rift": ("reimu-marisa", "sakuya-youmu"),
    "ryomen": ("scarlet-gate", "ghost-spring"),
}

runner = CliRunner()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_yes_one_finishes_a_game(game, tmp_path):
    """`yes 1 | fuda play GAME --seat 1=human` plays to the end, prints the outcome, and its replay verifies."""
    a, b = GAMES[game]
    log = tmp_path / "game.json"
    # the questions follow the user's language (global --lang; default: the locale)
    result = runner.invoke(app, ["--lang", "ja", "play", game, "--deck", a, "--deck", b, "--seat", "1=human",
                                 "--log", str(log)], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "ゲーム終了" in result.output and "投了しました" not in result.output
    verified = runner.invoke(app, ["play", game, "--replay", str(log), "--verify", "-q"])
    assert verified.exit_code == 0 and "verified" in verified.output


def test_illegal_answer_card_text_and_undo():
    """An out-of-range number is explained and asked again; ?1 shows the card; undo takes back the last answer."""
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.session import TableSession
    from fuda.table.terminal import play

    game = load_database().game("recast-rift")
    module, registry = engine_for(game.rules), registry_for(game)
    session = TableSession.open(module, registry, [game.deck("reimu-marisa"), game.deck("sakuya-youmu")], {0},
                                seed=3, auto_forced=True)
    first = session.prompt()
    answers_before = len(session.game.log.answers())
    out: list[str] = []
    script = iter(["99", "?1", "1", "undo", "quit"])
    play(session, script, out.append)
    text = "\n".join(out)
    assert "番号は 1〜" in text  # the illegal answer, explained in one line
    card = first.choices[0].card
    assert card and session.cards[card].name in text  # ?1 showed the card
    assert "最後の答えを取り消しました" in text
    assert len(session.game.log.answers()) == answers_before  # undo went back to the first question
    assert session.prompt().id == first.id


def test_stale_or_forged_answers_are_refused():
    """An answer naming a question that is not pending is refused with one line."""
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.session import TableError, TableSession

    game = load_database().game("ryomen")
    module, registry = engine_for(game.rules), registry_for(game)
    session = TableSession.open(module, registry, [game.deck("scarlet-gate"), game.deck("ghost-spring")], {0}, seed=1)
    prompt = session.prompt()
    with pytest.raises(TableError) as info:
        session.answer("0-0", [prompt.choices[0].id])
    assert "\n" not in info.value.text("ja")
    session.answer(prompt.id, [c.id for c in prompt.choices[: prompt.min]] if prompt.min else [])
    with pytest.raises(TableError):
        session.answer(prompt.id, [])  # the same question again: stale


def test_human_seat_usage_errors():
    """A bad --seat is a one-line usage error, exit 2."""
    result = runner.invoke(app, ["play", "ryomen", "--deck", "scarlet-gate", "--deck", "ghost-spring", "--seat", "3=human"])
    assert result.exit_code == 2 and "--seat" in result.output


def test_the_terminal_tells_what_happened_since_and_speaks_english():
    """Before each question the terminal lists the events since the last answer (numbered, with rule ids), and ?N
    names a card's fields in the user's language."""
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.session import TableSession
    from fuda.table.terminal import play

    game = load_database().game("toho-tcg")
    module, registry = engine_for(game.rules), registry_for(game)
    texts = {}
    for lang in ("ja", "en"):
        session = TableSession.open(module, registry, [game.deck("hakurei-moriya"), game.deck("mahou-no-mori")], {0},
                                    seed=0, auto_forced=True)
        out: list[str] = []
        play(session, iter(["1", "?2", "quit"]), out.append, lang)
        texts[lang] = "\n".join(out)
    ja, en = texts["ja"], texts["en"]
    assert ja.count("— 前の答えから —") == 2 and "[TT-SETUP-3]" in ja
    assert "P2 プレイ: 魔符「スターダストレヴァリエ」（クイック）" in ja.split("— 前の答えから —")[2]
    assert "  9. P1 引き直し: この手札で始める  [TT-SETUP-3]" in ja
    assert en.count("— since your last answer —") == 2 and "P1 mulligan: Keep this hand" in en
    assert "1. Keep this hand" in en and " [quick] cost: 2" in en and "［クイック］ コスト: 2" in ja
