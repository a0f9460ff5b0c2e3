"""Under ``--lang ja`` no command says an English sentence: every help page, and what every
command prints when it works — for the bundled games and for a game made with ``fuda new``.

(Bad input and played games are scanned by ``test_i18n_cli.py``; findings by ``test_i18n_coverage.py``.)
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from fuda.cli.main import COMMANDS, main

from .test_i18n_cli import english_sentences

SUBCOMMANDS = {"export": ("udonarium", "duel-online", "sheet"), "import": ("duel-online", "sheet")}
HELP_PAGES = [[]] + [[name] for name in COMMANDS] + [[name, sub] for name, subs in SUBCOMMANDS.items() for sub in subs]
# the command path on a usage line is what the user typed, not a sentence
_USAGE = re.compile(r"^(使い方: )fuda(?: [a-z][a-z-]*)*")


def _english(text: str) -> list[str]:
    return english_sentences("\n".join(_USAGE.sub(r"\1", line) for line in text.splitlines()))


def _run(capsys, argv, cwd=None, monkeypatch=None) -> tuple[int, str]:
    if cwd is not None:
        monkeypatch.chdir(cwd)
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ja", *argv])
    out = capsys.readouterr()
    return stop.value.code, out.out + out.err


@pytest.mark.parametrize("argv", HELP_PAGES, ids=lambda a: " ".join(a) or "fuda")
def test_every_help_page_reads_in_japanese(argv):
    """`fuda … --help` under a Japanese locale: fuda's texts and the framework's frame (使い方, オプション, 既定) alike."""
    # (a process of its own: help texts are read when a command's module is first imported)
    env = {**os.environ, "LANG": "ja_JP.UTF-8", "LC_ALL": "", "LC_MESSAGES": "", "COLUMNS": "100"}
    done = subprocess.run([sys.executable, "-m", "fuda", *argv, "--help"], capture_output=True, text=True, env=env,
                          timeout=60)
    assert done.returncode == 0 and "使い方:" in done.stdout, done.stderr
    assert _english(done.stdout + done.stderr) == []


SAMPLE = [
    ["list", "--sample"],
    ["list", "--sample", "--decks"],
    ["validate", "--sample"],
    ["rules", "recast-rift", "--sample"],
    ["rules", "toho-tcg", "--sample"],
    ["rules", "raise-blaze", "--sample"],
    ["rules", "ryomen", "--sample"],
]


@pytest.mark.parametrize("argv", SAMPLE, ids=" ".join)
def test_what_commands_print_for_the_sample_reads_in_japanese(argv, capsys):
    """Listing, validation and the rules of the bundled games under ja hold no English sentence."""
    code, text = _run(capsys, argv)
    assert code == 0, text
    assert _english(text) == []


@pytest.fixture(scope="module")
def own_game(tmp_path_factory) -> Path:
    """A game of one's own, made by `fuda new --rules custom` under ja, outside any checkout."""
    home = tmp_path_factory.mktemp("designer")
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ja", "-q", "new", str(home / "mygame"), "--rules", "custom"])
    assert stop.value.code == 0
    return home / "mygame"


OWN = [
    ["validate"],
    ["list"],
    ["lint"],
    ["build"],
    ["print", "mygame"],
    ["mat", "mygame"],
    ["images", "mygame"],
    ["export", "sheet", "mygame", "-o", "../sheet.xlsx"],
    ["play", "mygame", "--seed", "3"],
    ["test"],
    ["schema"],
    ["rules", "mygame"],
]


@pytest.mark.parametrize("argv", OWN, ids=" ".join)
def test_a_designers_own_game_reads_in_japanese(argv, own_game, capsys, monkeypatch):
    """What each command prints for a `fuda new` game, run in its folder under ja, holds no English sentence."""
    code, text = _run(capsys, argv, cwd=own_game, monkeypatch=monkeypatch)
    assert code == 0, text
    assert _english(text) == []


def _rule_codes() -> list[str]:
    from fuda.lint.rules import REGISTRY

    return sorted(REGISTRY)


@pytest.mark.parametrize("code", _rule_codes())
def test_every_lint_explanation_reads_in_japanese(code, capsys):
    """`fuda lint --explain CODE` under ja: the rule's title, explanation and frame, for every rule."""
    status, text = _run(capsys, ["lint", "--explain", code])
    assert status == 0 and code in text
    assert _english(text) == []
