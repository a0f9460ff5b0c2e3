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


def _with_art(tmp_path, size, **extra):
    """A Recast Rift database whose one spell has a PNG of ``size`` pixels as its art."""
    import dataclasses

    from PIL import Image

    art = tmp_path / "art.png"
    Image.new("RGB", size, (200, 80, 60)).save(art)
    game = make_game("recast-rift", [_spell("art", **extra)], {"lint": {"reference-brackets": "《》"}})
    card = dataclasses.replace(game.cards[0], art=art)
    game = dataclasses.replace(game, cards=(card,))
    return [(d.card, d.code, d.severity, d.message) for d in lint(make_database(game))]


def test_low_resolution_art_is_fit007_naming_card_and_ppi(tmp_path):
    """A 300×400 px image in Recast Rift's 53×36 mm art window prints at 144 ppi: FIT007 warning."""
    found = _with_art(tmp_path, (300, 400))
    assert [(c, code, sev) for c, code, sev, _ in found] == [("art", "FIT007", "warning")]
    assert "144 ppi" in found[0][3] and "art.png" in found[0][3]


def test_art_at_print_resolution_is_quiet(tmp_path):
    """An image with ≥ 300 ppi in its window (640×440 px for 53×36 mm) gives no warning."""
    assert _with_art(tmp_path, (640, 440)) == []


def test_a_crop_box_counts_only_the_shown_pixels(tmp_path):
    """Cropping half of a 1300×880 image leaves 650×440 px for the window: still ≥ 300 ppi;
    cropping a quarter drops it under 300 ppi."""
    half = {"left": 0.0, "top": 0.0, "right": 0.5, "bottom": 0.5}
    assert _with_art(tmp_path, (1300, 880), **{"art-focus": half}) == []
    quarter = {"left": 0.0, "top": 0.0, "right": 0.25, "bottom": 0.25}
    assert [code for _, code, _, _ in _with_art(tmp_path, (1300, 880), **{"art-focus": quarter})] == ["FIT007"]


def test_an_empty_crop_box_is_fit006(tmp_path):
    """art-focus {left: 0.6, right: 0.4 …} is an error, not a silent centre crop."""
    bad = {"left": 0.6, "top": 0.0, "right": 0.4, "bottom": 1.0}
    found = _with_art(tmp_path, (1300, 880), **{"art-focus": bad})
    assert [(code, sev) for _, code, sev, _ in found] == [("FIT006", "error")]


def test_safe_area_and_overlap_findings_are_fit004_and_fit005(monkeypatch):
    """The layout's P104/P105 findings reach lint as FIT004/FIT005 warnings."""
    from fuda.database.findings import Finding

    def fake(game, card):
        return [Finding(card.source, "P104", "near the edge", severity="warning", card=card.id),
                Finding(card.source, "P105", "overlap", severity="warning", card=card.id)]

    monkeypatch.setattr(layout, "check_fit", fake)
    game = make_game("recast-rift", [_spell("x")], {"lint": {"reference-brackets": "《》"}})
    found = [(d.code, d.severity) for d in lint(make_database(game))]
    assert found == [("FIT004", "warning"), ("FIT005", "warning")]


def _ryomen_with_new_set(sample_copy, template_edit=None):
    """The sample ryomen game with its set ghost renamed moon (a set the template does not list)."""
    import shutil

    from fuda import load_database
    from fuda.faces.template import templates_dir

    folder = sample_copy("ryomen")
    shutil.rmtree(folder / "decks")  # the sample decks are built per set
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("- id: ghost", "- id: moon", 1), encoding="utf-8")
    cards = folder / "ghost.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("set: ghost", "set: moon"), encoding="utf-8")
    if template_edit:
        (folder / "templates").mkdir()
        source = (templates_dir() / "ryomen" / "card.yaml").read_text(encoding="utf-8")
        (folder / "templates" / "card.yaml").write_text(template_edit(source), encoding="utf-8")
    return load_database([folder])


def test_a_new_ryomen_set_prints_in_the_default_colours(sample_copy):
    """A set the bundled template does not list gets the kind's default palette: no FIT finding."""
    database = _ryomen_with_new_set(sample_copy)
    assert [d for d in lint(database) if d.code.startswith("FIT")] == []


def test_template_without_a_default_gives_a_warning_naming_the_key(sample_copy):
    """Without a default palette, the unknown set is one FIT003 *warning* naming the key to add."""
    def drop_default(source):
        lines = [line for line in source.splitlines() if not line.strip().startswith("palette: {accent")]
        return "\n".join(lines) + "\n"

    database = _ryomen_with_new_set(sample_copy, drop_default)
    found = [d for d in lint(database) if d.code.startswith("FIT")]
    assert len(found) == 1
    assert found[0].severity == "warning" and "kinds.card.palette-by.values.moon" in found[0].message


def test_text_shrunk_below_the_readable_size_is_fit008(tmp_path):
    """A long text that fits only below the layout's readable size (6 pt) is a FIT008 warning
    naming the size reached; the same card with a short text is quiet."""
    import shutil

    from fuda.database import load_database
    from fuda.database.resources import cards_dir
    from fuda.faces.layout import lay_out
    from fuda.faces.primitives import TextLine

    folder = tmp_path / "db" / "hoshikage"
    shutil.copytree(cards_dir() / "hoshikage", folder)
    path = folder / "charms.yaml"
    long = ("このカードが場に出たとき、相手の精霊１体を選び、その精霊を手札に戻す。" * 5)[:150] + "。"
    text = path.read_text(encoding="utf-8")
    first = load_database([folder]).games[0].cards
    charm = next(c for c in first if c.kind == "charm")
    path.write_text(text.replace(charm.text, long, 1), encoding="utf-8")
    game = load_database([folder]).games[0]
    card = game.card(charm.id)
    face, _findings = lay_out(game, card, bleed=0.0)
    smallest = min(i.size for i in face.items if isinstance(i, TextLine))
    assert smallest < 6.0
    found = [d for d in lint(load_database([folder])) if d.code == "FIT008"]
    assert [(d.card, d.severity) for d in found] == [(charm.id, "warning")]
    assert f"set at {smallest:g} pt to fit, below the readable 6 pt" in found[0].message
    assert not [d for d in lint(load_database([cards_dir() / "hoshikage"])) if d.code == "FIT008"]
