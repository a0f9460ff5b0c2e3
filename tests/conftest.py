"""Shared fixtures: copies of the bundled sample games that a test may break, and an English start."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fuda.database.resources import cards_dir
from fuda.database.yamlfile import read_yaml
from fuda.i18n import set_language

GAMES = ("recast-rift", "toho-tcg", "raise-blaze", "ryomen")


@pytest.fixture
def english_start(monkeypatch):
    """The test starts in English whatever the developer's locale (a module that wants this for
    every test says ``pytestmark = pytest.mark.usefixtures("english_start")``)."""
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    set_language(None)
    yield
    set_language(None)


@pytest.fixture
def sample_copy(tmp_path):
    """Return a function copying one bundled game folder into tmp_path (a database root)."""

    def copy(game: str) -> Path:
        target = tmp_path / "db" / game
        shutil.copytree(cards_dir() / game, target)
        return target

    return copy


def rewrite(path: Path, mutate) -> None:
    """Load ``path`` as plain data, let ``mutate(data)`` change it, and write it back as YAML."""
    from ruamel.yaml import YAML

    data = read_yaml(path).data
    mutate(data)
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    with open(path, "w", encoding="utf-8") as fh:
        yaml.dump(data, fh)


def card_files(folder: Path) -> list[Path]:
    """The card files of a game folder."""
    return sorted(p for p in folder.glob("*.yaml") if p.name != "game.yaml")


def deck_files(folder: Path) -> list[Path]:
    """The deck files of a game folder."""
    return sorted((folder / "decks").glob("*.yaml"))
