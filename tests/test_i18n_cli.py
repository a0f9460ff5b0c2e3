"""With ``--lang ja`` nothing the ``fuda`` command prints for bad options or inputs, and no
transcript of a played game, holds an English sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fuda.cli.main import main

# Values the user typed or the program names stay as they are: quoted text, paths, option
# names, ids with digits or hyphens. What is left may not hold three English words in a row,
# nor one common English word standing alone (``hand 7 card(s)``): a short fragment is English too.
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|「[^」]*」")
_TOKEN = re.compile(r"(?:(?<!\S)--?[\w-]+=?|\S*[/\\]\S*|\S+\.(?:ya?ml|txt|csv|tsv|xlsx|pdf|png|zip|json|icc)\b|tcp://\S+)")
_RUN = re.compile(r"\b[A-Za-z][a-z']*(?: +[A-Za-z][a-z']*){2,}\b")
# a bare lower-case word (card names and metavars like A are capitalised): ASCII letters (a plural
# "(s)" allowed) not glued to an id's hyphen, colon, digit, # or >
_WORD = re.compile(r"(?<![\w:#>.-])([A-Za-z]+)(?:\(s\))?(?![\w:#>-]|\.\w)")
STOP_WORDS = frozenset([
    "a", "an", "the", "of", "to", "is", "are", "was", "be", "not", "no", "must", "can", "cannot", "may",
    "and", "or", "but", "with", "from", "by", "for", "in", "on", "at", "as", "it", "its", "this", "that",
    "than", "then", "there", "has", "have", "had", "only", "one", "two", "all", "any", "each", "every",
    "more", "less", "yes", "hand", "hands", "card", "cards", "turn", "turns", "player", "players", "deck",
    "decks", "life", "damage", "zone", "zones", "field", "face", "down", "up", "left", "right", "seen",
    "count", "counts", "total", "point", "points", "chip", "chips", "win", "wins", "won", "lose", "lost",
    "draw", "drawn", "attack", "attacks", "power", "speed", "block", "discard", "trash", "stack", "spell",
    "spells", "character", "characters", "fighter", "fighters", "pile", "piles", "top", "bottom", "set",
    "sets", "round", "rounds", "game", "games", "seat", "score", "shield", "hidden", "unknown", "opponent",
    "phase", "main", "battle", "end", "pass", "choose", "chosen", "pick", "picks", "option", "options",
    "result", "results"
])


def english_words(text: str) -> list[str]:
    """Common English words standing alone in ``text``, outside quoted values, paths, options and ids."""
    found = []
    for line in text.splitlines():
        bare = _TOKEN.sub(" ", _QUOTED.sub(" ", line))
        found += [f"{m.group(1)!r} in {line.strip()!r}" for m in _WORD.finditer(bare) if m.group(1) in STOP_WORDS]
    return found


def english_sentences(text: str) -> list[str]:
    """Runs of three or more English words, or a common English word alone, in ``text`` (outside
    quoted values, paths and options)."""
    found = []
    for line in text.splitlines():
        bare = _TOKEN.sub(" ", _QUOTED.sub(" ", line))
        found += [f"{m.group(0)!r} in {line.strip()!r}" for m in _RUN.finditer(bare)]
    return found + english_words(text)


def test_the_detector_tells_english_from_japanese():
    """The English detector flags an English sentence and passes Japanese lines with ids, paths and options."""
    assert english_sentences("fuda: error: unknown paper 'A9' (use one of A4, B5)")
    assert english_sentences("P1: 5 copies of 3 cards is more than 20000 in one file")
    assert not english_sentences("fuda: エラー: 用紙「A9」はありません（A4、B5、A3、Letter のどれか）")
    assert not english_sentences("fuda: エラー: --pdfx には --cmyk --icc プロファイル が要ります: /tmp/a b/c.icc")
    assert not english_sentences("結果: プレイヤー 1（hakurei-moriya、greedy） — 'no such deck here'")
    assert english_sentences("P1: hand 7 card(s)") and english_sentences("P2 ライフ 5、deck 12")
    assert english_sentences("the 霊力")
    assert not english_sentences("P1: 手札 7 枚 — rr-001、cast:reimu-musou-tensei、attack:chen>core、zone:2")
    assert not english_sentences("デッキ hakurei-moriya（greedy）: --deck、--seat 1=human、card.yaml、RY-DECK-1")


def _run(capsys, argv) -> tuple[int, str]:
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ja", *argv])
    out = capsys.readouterr()
    return stop.value.code, out.out + out.err


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """Files a bad command line points at: a broken replay, a non-CP932 Card.txt, a bad sheet."""
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "broken.json").write_text("{not json", encoding="utf-8")
    (folder / "card.txt").write_bytes(b"\x81\xff\xfe broken")
    (folder / "cards.csv").write_text("id,name\nx,y\n", encoding="utf-8")
    return folder


TT = ["toho-tcg", "--sample"]
RR = ["recast-rift", "--sample"]
RY = ["ryomen", "--sample"]
TT_DECKS = ["--deck", "hakurei-moriya", "--deck", "mahou-no-mori"]
BAD = {
    "print-paper": ["print", *TT, "--paper", "A9"],
    "print-card-size": ["print", *TT, "--card-size", "abc"],
    "print-card-size-range": ["print", *TT, "--card-size", "5x5"],
    "print-card-size-name": ["print", *RR, "--card-size", "pokr"],  # 91x55 now has a landscape layout (#33)
    "print-bleed": ["print", *TT, "--bleed", "9"],
    "print-marks": ["print", *TT, "--marks", "crop"],
    "print-backs": ["print", *TT, "--backs", "sideways"],
    "print-offset": ["print", *TT, "--back-offset", "50,0"],
    "print-offset-shape": ["print", *TT, "--back-offset", "1,2,3"],
    "print-copies": ["print", *TT, "--copies", "0"],
    "print-copies-many": ["print", *TT, "--copies", "900"],
    "print-deck": ["print", *TT, "--deck", "nodeck"],
    "print-ids": ["print", *TT, "--ids", "nobody"],
    "print-deck-and-ids": ["print", *TT, "--deck", "hakurei-moriya", "--ids", "reimu"],
    "print-pdfx": ["print", *TT, "--pdfx"],
    "print-icc": ["print", *TT, "--cmyk", "--icc", "/nonexistent/profile.icc"],
    "print-calibration": ["print", "--calibration", "--backs", "none"],
    "print-game": ["print", "mahjong", "--sample"],
    "mat-paper": ["mat", *TT, "--paper", "B4"],
    "mat-px": ["mat", *TT, "--png", "--px-per-mm", "0"],
    "export-deck": ["export", "udonarium", *TT, "--deck", "nodeck"],
    "export-no-deck": ["export", "udonarium", *TT],
    "export-template": ["export", "duel-online", *TT, "--template", "nope"],
    "export-sheet-format": ["export", "sheet", *TT, "-o", "{tmp}/cards.pdf"],
    "import-missing": ["import", "duel-online", "{tmp}/missing.txt", "--game", "toho-tcg", "-o", "{tmp}/x.yaml"],
    "import-game": ["import", "duel-online", "{inputs}/card.txt", "--game", "nogame", "-o", "{tmp}/x.yaml"],
    "import-bytes": ["import", "duel-online", "{inputs}/card.txt", "--game", "toho-tcg", "-o", "{tmp}/x.yaml"],
    "import-sheet-game": ["import", "sheet", "{inputs}/cards.csv", "--game", "nogame", "-o", "{tmp}/x.yaml"],
    "build-path": ["build", "{tmp}/nowhere"],
    "play-deck": ["play", *TT, "--deck", "nodeck", "--deck", "mahou-no-mori"],
    "play-one-deck": ["play", *TT, "--deck", "hakurei-moriya"],
    "play-agents": ["play", *TT, *TT_DECKS, "--agents", "smart"],
    "play-agents-count": ["play", *TT, *TT_DECKS, "--agents", "greedy,greedy,greedy"],
    "play-seat": ["play", *TT, *TT_DECKS, "--seat", "3=human"],
    "play-tag": ["play", *TT, *TT_DECKS, "--tag"],
    "play-verify": ["play", *TT, "--verify"],
    "play-replay-missing": ["play", *TT, "--replay", "{tmp}/missing.json"],
    "play-replay-broken": ["play", *TT, "--replay", "{inputs}/broken.json"],
    "match-no-formats": ["match", *TT, *TT_DECKS],
    "match-decks": ["match", *RY, "--deck", "ghost-spring"],
    "match-games": ["match", *RY, "--deck", "ghost-spring", "--deck", "scarlet-gate", "--games", "0"],
    "match-deck": ["match", *RY, "--deck", "ghost-spring", "--deck", "nodeck"],
    "simulate-agents": ["simulate", *TT, "--agents", "smart"],
    "simulate-games": ["simulate", *TT, "--games", "0"],
    "table-decks": ["table", *TT, "--deck", "hakurei-moriya"],
    "table-seat": ["table", *TT, *TT_DECKS, "--seat", "1=robot"],
    "table-deck": ["table", *TT, "--deck", "nodeck", "--deck", "mahou-no-mori"],
    "images-format": ["images", *TT, "--format", "gif"],
    "images-dpi": ["images", *TT, "--dpi", "5"],
    "images-deck-and-ids": ["images", *TT, "--deck", "hakurei-moriya", "--ids", "reimu"],
    "rules-format": ["rules", "toho-tcg", "--format", "xml"],
    "rules-game": ["rules", "mahjong", "--sample"],
    "new-rules": ["new", "{tmp}/mine", "--rules", "mahjong"],
    "lint-select": ["lint", "--sample", "--select", "ZZ999"],
    "lint-ignore": ["lint", "--sample", "--ignore", "JP1,QQ1"],
    "lint-game": ["lint", "--sample", "--game", "nogame"],
    "unknown-option": ["print", *TT, "--colour"],
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_options_are_reported_in_japanese(case, capsys, tmp_path, inputs, monkeypatch):
    """A bad option or input gives a non-zero exit and no English sentence under --lang ja."""
    monkeypatch.chdir(tmp_path)
    argv = [a.format(tmp=tmp_path, inputs=inputs) for a in BAD[case]]
    code, output = _run(capsys, argv)
    assert code not in (0, None), output
    assert output.strip(), case
    assert english_sentences(output) == [], output


@pytest.mark.parametrize("argv", [
    ["play", *TT, *TT_DECKS, "--seed", "3"],
    ["play", "raise-blaze", "--sample", "--deck", "mountain-faith", "--deck", "scarlet-night", "--seed", "1"],
    ["play", *RR, "--deck", "marisa-sakuya", "--deck", "reimu-marisa", "--seed", "2"],
    ["play", *RY, "--deck", "ghost-spring", "--deck", "scarlet-gate", "--agents", "random"],
    ["match", *RY, "--deck", "ghost-spring", "--deck", "scarlet-gate", "--games", "3"],
], ids=["toho-tcg", "raise-blaze", "recast-rift", "ryomen", "ryomen-match"])
def test_a_played_game_reads_in_japanese(argv, capsys, tmp_path, monkeypatch):
    """The Japanese transcript of a played game (and of a match) holds no English sentence."""
    monkeypatch.chdir(tmp_path)
    code, output = _run(capsys, argv)
    assert code == 0, output
    assert len(output.splitlines()) > 3
    assert english_sentences(output) == []


@pytest.fixture
def no_templates(monkeypatch):
    """The toho-tcg rule set finds neither a card template nor a mat template."""
    from fuda.database.ruleset import Layout, ruleset_for

    rules = type(ruleset_for("toho-tcg"))
    monkeypatch.setattr(rules, "card_layout", lambda self, game: Layout(path=None, origin="templates/toho-tcg/card.yaml"))
    monkeypatch.setattr(rules, "mat", lambda self, game: None)


@pytest.mark.parametrize("argv", [["print", *TT], ["mat", *TT], ["export", "udonarium", *TT, "--deck", "hakurei-moriya"]],
                         ids=["print", "mat", "export"])
def test_a_missing_template_is_reported_in_japanese(argv, no_templates, capsys, tmp_path, monkeypatch):
    """A game without a card or mat template gets a Japanese error naming where fuda looked."""
    monkeypatch.chdir(tmp_path)
    code, output = _run(capsys, argv)
    assert code not in (0, None), output
    assert "templates" in output and "テンプレートがありません" in output, output
    assert english_sentences(output) == [], output


def test_a_failed_build_step_says_why_in_japanese(no_templates, capsys, tmp_path, monkeypatch):
    """``fuda build`` names the failed step and its own error in Japanese (not its English text)."""
    monkeypatch.chdir(tmp_path)
    code, output = _run(capsys, ["build", "--sample", "-o", str(tmp_path / "out")])
    assert code == 1, output
    failed = [line for line in output.splitlines() if "手順が失敗しました" in line]
    assert failed and all("テンプレートがありません" in line or "問題が" in line for line in failed), output
    assert english_sentences("\n".join(failed)) == [], failed


def test_a_ryomen_set_of_the_wrong_size_is_explained_in_japanese():
    """Drawing a random pairing from a set without 9 kinds fails with a message in both languages."""
    from types import SimpleNamespace

    from fuda.engine.ryomen.match import random_pairing
    from fuda.i18n import localize

    cards = [SimpleNamespace(id=f"c{i}", get=lambda key, default=None: "moon") for i in range(8)]
    game = SimpleNamespace(manifest={"deck-rules": {"kinds": 9, "copies": 2}}, cards=cards)
    with pytest.raises(ValueError) as exc:
        random_pairing(SimpleNamespace(game=game), "moon", rng=None)
    assert "8 kinds of card, not 9" in str(exc.value)
    assert localize(exc.value, "ja") == "セット「moon」のカードが 8 種類あります（9 種類必要です。RY-DECK-1）"


@pytest.mark.parametrize("game,decks", [("recast-rift", ("marisa-sakuya", "reimu-marisa")),
                                        ("ryomen", ("ghost-spring", "scarlet-gate"))])
def test_forced_steps_read_as_narration_in_both_languages(game, decks):
    """A human seat's forced steps show what was decided in words (no raw kind or option id), in ja and en."""
    from fuda import load_database
    from fuda.engine.core import make_agent
    from fuda.engine.core.runner import ask
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.session import TableSession

    g = load_database().game(game)
    module, registry = engine_for(g.rules), registry_for(g)
    lines = {"ja": [], "en": []}
    for seed in range(3):
        for lang in lines:
            session = TableSession.open(module, registry, [g.deck(d) for d in decks], {0, 1}, "greedy", seed, True)
            bot = make_agent("random", seed, 0)
            while session.prompt() is not None:
                lines[lang] += session.forced_since(lang)
                session.game.choose(ask(bot, session.game, session.game.pending))
            lines[lang] += session.forced_since(lang)
    assert lines["ja"] and len(lines["ja"]) == len(lines["en"])
    assert all(line.startswith("（選択肢が1つ）P") for line in lines["ja"]), lines["ja"]
    assert english_sentences("\n".join(lines["ja"])) == []
    assert not [line for line in lines["ja"] if re.search(r"P\d (damage|main|chip-target): ", line)], lines["ja"]
    assert all(line.startswith("(one option) P") for line in lines["en"]), lines["en"]
    assert not [line for line in lines["en"] if re.search(r"P\d (damage|main|chip-target): ", line)], lines["en"]


REFUSING = {"toho-tcg": ("hakurei-moriya", "mahou-no-mori"), "raise-blaze": ("mountain-faith", "scarlet-night"),
            "recast-rift": ("marisa-sakuya", "reimu-marisa")}


@pytest.mark.parametrize("game", sorted(REFUSING))
def test_refused_answers_are_explained_in_japanese(game):
    """An answer the rules forbid now is refused at the table with the engine's reason in Japanese (ja) and English (en)."""
    from fuda import load_database
    from fuda.engine.core import make_agent
    from fuda.engine.core.runner import ask
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.session import TableError, TableSession

    g = load_database().game(game)
    module, registry = engine_for(g.rules), registry_for(g)
    refusals: dict[str, str] = {}
    for seed in range(2):
        session = TableSession.open(module, registry, [g.deck(d) for d in REFUSING[game]], {0, 1}, "greedy", seed, True)
        bot, seen = make_agent("random", seed, 0), {}
        while (prompt := session.prompt()) is not None:
            pending = session.game.pending
            ids = seen.setdefault(pending.kind, {})
            if pending.explain is not None and pending.min <= 1 <= pending.max:
                for other in [i for i in ids if i not in pending.ids][:12]:
                    try:
                        session.answer(prompt.id, [other])
                    except TableError as exc:
                        refusals.setdefault(exc.text("en"), exc.text("ja"))
            ids.update(dict.fromkeys(pending.ids))
            session.game.choose(ask(bot, session.game, pending))
    illegal = {en: ja for en, ja in refusals.items() if "not legal" in en}
    assert len(illegal) >= 3, refusals
    for en, ja in illegal.items():
        assert english_sentences(ja) == [], (en, ja)
        assert english_sentences(en), en


SEATED = {"toho-tcg": ("hakurei-moriya", "mahou-no-mori"), "raise-blaze": ("mountain-faith", "scarlet-night"),
          "recast-rift": ("marisa-sakuya", "reimu-marisa"), "ryomen": ("ghost-spring", "scarlet-gate")}


def _seat_texts(game: str, lang: str, seeds: int = 2) -> str:
    """What the players of ``game`` read in ``lang`` over a few random games: each seat's view of the
    position every few steps, and each seat's (and a spectator's) transcript."""
    from fuda import load_database
    from fuda.engine.core import make_agent
    from fuda.engine.core.runner import ask
    from fuda.engine.games import engine_for, registry_for
    from fuda.i18n import set_language

    g = load_database().game(game)
    module, registry = engine_for(g.rules), registry_for(g)
    texts = []
    set_language(lang)
    try:
        for seed in range(seeds):
            played = module.new_game(registry, [module.setup_from_deck(g.deck(d)) for d in SEATED[game]], seed).start()
            bots = [make_agent("random", seed, 0), make_agent("random", seed, 1)]
            step = 0
            while played.pending is not None:
                if step % 5 == 0:
                    texts += [played.describe_state(seat) for seat in (0, 1)]
                played.choose(ask(bots[played.pending.player], played, played.pending))
                step += 1
            texts += ["\n".join(played.transcript(seat)) for seat in (0, 1, None)]
    finally:
        set_language(None)
    return "\n".join(texts)


@pytest.mark.parametrize("game", sorted(SEATED))
def test_seat_views_and_transcripts_hold_no_english_under_ja(game):
    """Each seat's view of the position and each transcript hold no English word under ja (and do under en)."""
    assert english_sentences(_seat_texts(game, "ja")) == []
    assert english_sentences(_seat_texts(game, "en", seeds=1))  # the detector sees the English dumps


@pytest.mark.parametrize("game", sorted(SEATED))
def test_a_human_seat_at_the_terminal_reads_japanese(game):
    """`yes 1 | fuda --lang ja play GAME --seat 1=human`: views, questions, options, forced steps and refusals hold no English."""
    from typer.testing import CliRunner

    from fuda.cli.main import app

    a, b = SEATED[game]
    result = CliRunner().invoke(app, ["--lang", "ja", "play", game, "--sample", "--deck", a, "--deck", b,
                                      "--seat", "1=human", "--seed", "1"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "ゲーム終了" in result.output
    assert english_sentences(result.output) == []
