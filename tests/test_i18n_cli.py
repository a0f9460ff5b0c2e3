"""With ``--lang ja`` nothing the ``fuda`` command prints for bad options or inputs, and no
transcript of a played game, holds an English sentence."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fuda.cli.main import main

# Values the user typed or the program names stay as they are: quoted text, paths, option
# names, ids with digits or hyphens. What is left may not hold three English words in a row.
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|「[^」]*」")
_TOKEN = re.compile(r"(?:(?<!\S)--?[\w-]+=?|\S*[/\\]\S*|\S+\.(?:ya?ml|txt|csv|tsv|xlsx|pdf|png|zip|json|icc)\b|tcp://\S+)")
_RUN = re.compile(r"\b[A-Za-z][a-z']*(?: +[A-Za-z][a-z']*){2,}\b")


def english_sentences(text: str) -> list[str]:
    """Runs of three or more English words in ``text``, outside quoted values, paths and options."""
    found = []
    for line in text.splitlines():
        bare = _TOKEN.sub(" ", _QUOTED.sub(" ", line))
        found += [f"{m.group(0)!r} in {line.strip()!r}" for m in _RUN.finditer(bare)]
    return found


def test_the_detector_tells_english_from_japanese():
    """The English detector flags an English sentence and passes Japanese lines with ids, paths and options."""
    assert english_sentences("fuda: error: unknown paper 'A9' (use one of A4, B5)")
    assert english_sentences("P1: 5 copies of 3 cards is more than 20000 in one file")
    assert not english_sentences("fuda: エラー: 用紙「A9」はありません（A4、B5、A3、Letter のどれか）")
    assert not english_sentences("fuda: エラー: --pdfx には --cmyk --icc プロファイル が要ります: /tmp/a b/c.icc")
    assert not english_sentences("結果: プレイヤー 1（hakurei-moriya、greedy） — 'no such deck here'")


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
    "print-card-size-refused": ["print", *RR, "--card-size", "91x55"],
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
