"""Commands run in a game folder need no option the folder already answers: the game, its one deck."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.database.resources import cards_dir

runner = CliRunner()
JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}


@pytest.fixture(scope="module")
def own_game(tmp_path_factory) -> Path:
    """A `fuda new --rules custom` game (one deck), outside the checkout."""
    folder = tmp_path_factory.mktemp("defaults") / "mygame"
    assert runner.invoke(app, ["--lang", "ja", "-q", "new", str(folder), "--rules", "custom"]).exit_code == 0
    return folder


def test_export_udonarium_without_deck_exports_the_games_one_deck(own_game, tmp_path, monkeypatch):
    """`fuda export udonarium` in a one-deck game writes the ZIP `--deck <that deck>` writes, and says which deck it chose."""
    monkeypatch.chdir(own_game)
    deck = next((own_game / "decks").glob("*.yaml")).stem
    result = runner.invoke(app, ["export", "udonarium", "-o", str(tmp_path / "d.zip")], env=JA)
    assert result.exit_code == 0, result.output
    assert f"ただ一つのデッキ {deck} を書き出します" in result.output
    named = runner.invoke(app, ["export", "udonarium", "--deck", deck, "-o", str(tmp_path / "named.zip")], env=JA)
    assert named.exit_code == 0, named.output
    assert (tmp_path / "d.zip").read_bytes() == (tmp_path / "named.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "d.zip") as archive:
        assert any(name.endswith(".xml") and b"<card-stack" in archive.read(name) for name in archive.namelist())


def test_export_udonarium_without_deck_names_the_decks_to_choose_from(tmp_path):
    """A game of several decks asks for --deck in one line naming them (usage error, exit 2), writing nothing."""
    result = runner.invoke(app, ["export", "udonarium", str(cards_dir() / "toho-tcg"), "-o", str(tmp_path / "x.zip")],
                           env=JA)
    assert result.exit_code == 2
    assert "--deck で指定してください（toho-tcg のデッキ: hakurei-moriya, mahou-no-mori）" in result.output
    assert not (tmp_path / "x.zip").exists()


def test_import_sheet_update_without_game_updates_the_folder_it_runs_in(own_game, tmp_path, monkeypatch):
    """`fuda import sheet FILE --update` in a game folder reads that game: its own exported sheet changes nothing."""
    monkeypatch.chdir(own_game)
    sheet = tmp_path / "cards.xlsx"
    assert runner.invoke(app, ["export", "sheet", "-o", str(sheet)], env=JA).exit_code == 0
    before = {p: p.read_bytes() for p in own_game.rglob("*.yaml")}
    result = runner.invoke(app, ["import", "sheet", str(sheet), "--update"], env=JA)
    assert result.exit_code == 0, result.output
    assert "変更はありません" in result.output
    assert {p: p.read_bytes() for p in own_game.rglob("*.yaml")} == before


def test_match_without_decks_plays_the_games_one_deck_mirrored(own_game, monkeypatch):
    """`fuda match` in a one-deck game plays that deck against itself and says so."""
    monkeypatch.chdir(own_game)
    deck = next((own_game / "decks").glob("*.yaml")).stem
    result = runner.invoke(app, ["match", "--games", "3", "--seed", "1"], env=JA)
    assert result.exit_code == 0, result.output
    assert f"{deck} 対 {deck}" in result.output
