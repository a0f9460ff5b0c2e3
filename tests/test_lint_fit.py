"""FIT rules: text that does not fit its box, found by the print layout (pipeline.layout.check_fit)."""

from __future__ import annotations

from fuda.faces import layout
from fuda.lint import lint
from fuda.lint.synthetic import make_database, make_game

TEXT = "２ドローする。"


def _spell(card_id: str, **extra) -> dict:
    card = {"id": card_id, "name": "夢符「退魔符乱舞」", "kind": "spell", "fighter": "reimu", "timing": "normal",
            "type": "action", "recast": [2, 1], "graze": False, "text": TEXT,
            "abilities": [{"when": "on-cast", "text": TEXT, "effect": [{"draw": 2}]}]}
    card.update(extra)
    return card


def _codes(*cards, fit=True):
    game = make_game("recast-rift", list(cards), {"lint": {"reference-brackets": "《》"}})
    return [(d.card, d.code) for d in lint(make_database(game), fit=fit)]


def test_overflowing_text_is_fit001():
    """A flavor far too long for the text box at the template's minimum size is FIT001."""
    assert _codes(_spell("long", flavor="長い" * 200)) == [("long", "FIT001")]


def test_text_that_fits_is_quiet():
    """A short card fits its box: no FIT diagnostic."""
    assert _codes(_spell("short", flavor="短い。")) == []


def test_missing_glyph_is_fit002():
    """A character the card font lacks is FIT002."""
    assert _codes(_spell("glyph", flavor="桜🌸")) == [("glyph", "FIT002")]


def test_layout_failure_is_fit003(monkeypatch):
    """A layout that raises is reported as FIT003 instead of stopping the run."""
    def broken(game, card):
        raise ValueError("template exploded")

    monkeypatch.setattr(layout, "check_fit", broken)
    found = _codes(_spell("any"))
    assert found == [("any", "FIT003")]


def test_no_fit_skips_the_layout():
    """--no-fit (fit=False) does not lay cards out."""
    assert _codes(_spell("long", flavor="長い" * 200), fit=False) == []


def test_games_without_a_template_are_not_checked(monkeypatch):
    """A game with no card template has no FIT diagnostics (nothing to lay out with)."""
    from fuda.faces import template

    def missing(game):
        raise FileNotFoundError(f"no card template for game {game.id}")

    monkeypatch.setattr(template, "find_template", missing)
    assert _codes(_spell("long", flavor="長い" * 200)) == []
