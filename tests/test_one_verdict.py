"""One verdict for every command (issue #35): a broken folder is refused by every command that
reads the database, with the same located findings, or accepted by all; a folder with warnings is
accepted by all (exit 0), each showing every warning once on stderr, ``-q`` or not.

Each defect is planted in a copy of a bundled game (the four coded games and both custom ones)
and the copy is run through validate, lint, build, print, export udonarium, export duel-online,
images, play, simulate and list (``fuda --lang ja -q …``).
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.database.load import validate, validated
from fuda.database.resources import cards_dir

runner = CliRunner()

# ``path:line:col: エラー[CODE]: …`` / ``警告[CODE]`` — the located line of one finding
FINDING = re.compile(r"^\S.*?:\d+:\d+: (エラー|警告)\[[A-Z]+[0-9]+\]")


@dataclass(frozen=True)
class Defect:
    """One mistake planted in a copy of a bundled game: ``old`` becomes ``new`` in ``file``."""

    name: str
    game: str
    file: str
    old: str
    new: str
    code: str  # the finding every command must show
    line: int  # where (the line of the finding in ``file``)
    decks: tuple[str, str]  # two decks of the game, for export and play

    @property
    def severity(self) -> str:
        return "warning" if self.code in WARNINGS else "error"


WARNINGS = {"K002", "E001"}
TOHO = ("hakurei-moriya", "mahou-no-mori")
RB = ("scarlet-night", "mountain-faith")
RR = ("marisa-sakuya", "reimu-marisa")
RY = ("scarlet-night", "ghost-spring")
KENBU = ("aoi-no-mamori", "kurenai-no-gunzei")
HOSHI = ("hana-to-hi", "tsuki-to-mizu")

DEFECTS = [
    # toho-tcg: the protection keyword names a type the manifest lacks (validate alone saw it)
    Defect("toho-protection-type", "toho-tcg", "characters.yaml", "protection: 妖怪", "protection: 宇宙人",
           "R002", 14, TOHO),
    Defect("toho-unknown-type", "toho-tcg", "characters.yaml", "types: [人間, 巫女]", "types: [人間, 天人]",
           "R002", 12, TOHO),
    Defect("toho-missing-art", "toho-tcg", "characters.yaml", "art: art/reimu.png", "art: art/reimu-lost.png",
           "A001", 17, TOHO),
    Defect("toho-unknown-keyword", "toho-tcg", "characters.yaml", "protection: 妖怪", "protektion: 妖怪",
           "S004", 14, TOHO),
    # an error only the engine finds (a static ability with a one-shot op): play refused, print did not
    Defect("toho-static-draw", "toho-tcg", "characters.yaml",
           "- modify-stat: {target: all-own-characters, filter: {type: 神}, defense: 1}", "- draw: 1",
           "E205", 273, TOHO),
    # raise-blaze: name-of an unknown card inside an effect list (every command but validate saw it)
    Defect("rb-name-of-unknown", "raise-blaze", "fighters.yaml", "name-of: cirno", "name-of: chirno",
           "R001", 46, RB),
    Defect("rb-deck-count", "raise-blaze", "decks/scarlet-night.yaml",
           "  - {card: fairy-maid, count: 3}\n  - {card: cirno, count: 3}\n  - {card: daiyousei, count: 3}\n", "",
           "K001", 8, RB),
    Defect("rr-unknown-op", "recast-rift", "marisa.yaml", "- lift: {count: all}", "- lyft: {count: all}",
           "S001", 22, RR),
    Defect("rr-yaml-syntax", "recast-rift", "marisa.yaml", "- lift: {count: all}", "- lift: {count: all",
           "Y001", 23, RR),
    Defect("ry-stats-twice", "ryomen", "ghost.yaml", "stats: [power, speed]", "stats: [power, power]",
           "S008", 32, RY),
    # custom: an unknown card in a deck, an effect word and a counter the play: section lacks
    Defect("kenbu-deck-unknown-card", "kenbu", "decks/aoi-no-mamori.yaml", "{card: kaihei, count: 2}",
           "{card: kaiheii, count: 2}", "R001", 7, KENBU),
    Defect("kenbu-unknown-word", "kenbu", "spells.yaml", "- lose: {counter: life, amount: 3, who: opponent}",
           "- loose: {counter: life, amount: 3, who: opponent}", "CU001", 15, KENBU),
    Defect("kenbu-unknown-counter", "kenbu", "spells.yaml", "- lose: {counter: life, amount: 3, who: opponent}",
           "- lose: {counter: lives, amount: 3, who: opponent}", "CU003", 15, KENBU),
    Defect("hoshikage-unknown-keyword", "hoshikage", "spirits.yaml", "keywords: [飛翔]", "keywords: [飛翔する]",
           "S004", 26, HOSHI),
    # warnings: accepted by every command, shown by every command
    Defect("toho-hard-without-normal", "toho-tcg", "decks/hakurei-moriya.yaml", "{card: reimu, count: 3}",
           "{card: cirno, count: 3}", "K002", 7, TOHO),
    Defect("toho-manual-ability", "toho-tcg", "characters.yaml",
           "ターン終了時まで－１する。\n        effect:\n          - modify-stat: {target: opponent-character, attack: -1}",
           "ターン終了時まで－１する。\n        effect: manual\n        reason: 攻撃時の誘発はまだ書いていない",
           "E001", 309, TOHO),
]

COMMANDS = {
    "validate": lambda f, d, out: ["validate", f],
    "lint": lambda f, d, out: ["lint", f],
    "build": lambda f, d, out: ["build", f, "-o", str(out / "build")],
    "print": lambda f, d, out: ["print", f, "-o", str(out / "cards.pdf")],
    "export udonarium": lambda f, d, out: ["export", "udonarium", f, "--deck", d[0], "-o", str(out / "room.zip")],
    "export duel-online": lambda f, d, out: ["export", "duel-online", f, "-o", str(out / "Card.txt")],
    "images": lambda f, d, out: ["images", f, "-o", str(out / "images")],
    "play": lambda f, d, out: ["play", f, "--deck", d[0], "--deck", d[1], "--agents", "random", "--seed", "1"],
    "simulate": lambda f, d, out: ["simulate", f, "--games", "1", "-o", str(out / "sim")],
    "list": lambda f, d, out: ["list", f],
}


def planted(defect: Defect, root: Path) -> Path:
    """A copy of the defect's bundled game with the defect written into it."""
    folder = root / defect.name
    shutil.copytree(cards_dir() / defect.game, folder)
    path = folder / defect.file
    text = path.read_text(encoding="utf-8")
    assert defect.old in text, f"{defect.name}: the sample changed, {defect.old!r} is gone"
    path.write_text(text.replace(defect.old, defect.new, 1), encoding="utf-8")
    return folder


def finding_lines(text: str) -> list[str]:
    """The located finding lines of a command's output."""
    return [line for line in text.splitlines() if FINDING.match(line)]


def run(command: str, folder: Path, defect: Defect, out: Path):
    """``fuda --lang ja -q <command> …`` on ``folder``, in this process."""
    return runner.invoke(app, ["--lang", "ja", "-q", *COMMANDS[command](str(folder), defect.decks, out)])


@pytest.mark.parametrize("defect", DEFECTS, ids=[d.name for d in DEFECTS])
def test_every_command_gives_the_one_verdict(defect, tmp_path, monkeypatch):
    """Every command refuses the folder with validate's findings (exit 1, nothing written) or accepts it, each warning shown once."""
    import fuda.database.load as load

    folder = planted(defect, tmp_path)
    monkeypatch.chdir(tmp_path)
    findings = validate([folder])
    expected = [f for f in findings if f.code == defect.code and f.location.line == defect.line
                and f.location.file == folder / defect.file]
    assert expected and all(f.severity == defect.severity for f in expected), [str(f) for f in findings]
    errors = [f for f in findings if f.severity == "error"]
    assert bool(errors) == (defect.severity == "error"), [str(f) for f in errors]

    calls = []
    real = load._load
    monkeypatch.setattr(load, "_load", lambda *a, **k: calls.append(a) or real(*a, **k))
    verdicts = {}
    for command in COMMANDS:
        calls.clear()
        out = tmp_path / "out" / command.replace(" ", "-")
        result = run(command, folder, defect, out)
        shown = finding_lines(result.stdout if command == "validate" else result.stderr)
        written = sorted(p.name for p in out.rglob("*") if p.is_file()) if out.exists() else []
        verdicts[command] = (result.exit_code, shown, len(calls), written)
    reference = set(verdicts["validate"][1])
    assert expected[0].render("ja") in reference
    for command, (code, shown, loads, written) in verdicts.items():
        assert loads == 1, f"{command}: the database was validated {loads} times"
        if defect.severity == "error":
            assert code == 1, f"{command} exited {code}"
            assert set(shown) == reference, f"{command}: {sorted(set(shown) ^ reference)}"
            assert written == [], f"{command} wrote {written[:5]} for a refused folder"
        else:
            assert code == 0, f"{command} exited {code}: {shown}"
            for line in reference:
                assert shown.count(line) == 1, f"{command} shows {line!r} {shown.count(line)} times"
    if defect.severity == "warning":  # accepted: the outputs are whole
        import zipfile

        from pypdf import PdfReader

        out = tmp_path / "out"
        assert len(PdfReader(out / "print" / "cards.pdf").pages) > 0
        assert any(n.endswith(".xml") for n in zipfile.ZipFile(out / "export-udonarium" / "room.zip").namelist())
        assert (out / "export-duel-online" / "Card.txt").read_bytes().count(b"\n") > 10
        report = json.loads((out / "build" / "build" / "validation.json").read_text(encoding="utf-8"))
        assert report["errors"] == 0 and defect.code in {f["code"] for f in report["findings"]}


@pytest.mark.parametrize("defect", DEFECTS, ids=[d.name for d in DEFECTS])
def test_validate_and_load_find_the_same(defect, tmp_path):
    """The findings are the same on the cards' data as read (validate) and frozen (every other command)."""
    folder = planted(defect, tmp_path)
    _, as_read = validated([folder], keep=False)
    _, frozen = validated([folder])
    assert as_read == frozen
    assert any(f.code == defect.code for f in frozen)


def test_warnings_do_not_change_the_exit_code_but_strict_does(tmp_path, monkeypatch):
    """validate exits 0 with a warning and 1 with --strict; the warning is its located line."""
    defect = next(d for d in DEFECTS if d.code == "K002")
    folder = planted(defect, tmp_path)
    monkeypatch.chdir(tmp_path)
    plain = runner.invoke(app, ["--lang", "ja", "validate", str(folder)])
    strict = runner.invoke(app, ["--lang", "ja", "validate", "--strict", str(folder)])
    assert plain.exit_code == 0 and strict.exit_code == 1
    assert finding_lines(plain.stdout) == finding_lines(strict.stdout)
    assert any("警告[K002]" in line for line in finding_lines(plain.stdout))


def test_fuzz_mutants_find_the_same_as_read_and_frozen(tmp_path):
    """Over 48 seeded fuzz mutants (every kind of mistake, four games), validate and load find the same."""
    from .fuzz.mutants import mutants

    differ = []
    for mutant in mutants(48):
        folder = mutant.make(tmp_path / mutant.name)
        _, as_read = validated([folder], keep=False)
        _, frozen = validated([folder])
        if as_read != frozen:
            differ.append(f"{mutant.name}: {sorted(set(map(str, as_read)) ^ set(map(str, frozen)))[:3]}")
    assert differ == []
