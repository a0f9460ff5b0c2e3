"""The bundled sample database is lint-clean, and each game carries its lint settings."""

from __future__ import annotations

from fuda import load_database
from fuda.lint import lint
from fuda.lint.settings import LintSettings


def test_sample_database_is_lint_clean():
    """Every rule, fit included, finds nothing in the bundled sample cards."""
    found = lint(load_database())
    assert found == [], "\n".join(map(str, found))


def test_each_game_has_lint_settings_and_a_prh_dictionary():
    """Each sample game's manifest has a lint section naming its prh dictionary, which exists."""
    for game in load_database().games:
        settings = LintSettings.from_manifest(game.manifest)
        assert settings.prh == ("lint/prh.yml",), game.id
        assert (game.folder / "lint" / "prh.yml").is_file()
    assert LintSettings.from_manifest(load_database().game("toho-tcg").manifest).cp932


def test_prh_files_are_not_loaded_as_card_files():
    """lint/prh.yml lies outside the folders the loader reads cards from."""
    for game in load_database().games:
        assert all(card.source.file.parent == game.folder for card in game.cards)


def test_manifest_lint_section_is_validated(sample_copy):
    """A lint setting outside schema/lint.schema.json makes the manifest invalid (located finding)."""
    from fuda import validate

    folder = sample_copy("ryomen")
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("  digits: full", "  digits: wide"),
                        encoding="utf-8")
    found = [f for f in validate([folder]) if f.severity == "error"]
    assert found and found[0].location.file == manifest and "digits" in str(found[0])
