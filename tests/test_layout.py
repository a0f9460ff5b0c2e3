"""Card layout (fuda.faces.layout), templates (fuda.faces.template) and fonts (fuda.faces.fonts)."""

from __future__ import annotations

import dataclasses
import shutil
from types import MappingProxyType

import pytest

from fuda import FindingsError, load_database
from fuda.faces.fonts import (
    BUNDLED,
    FontError,
    bundled_fonts_dir,
    default_fonts,
    game_fonts,
    load_face,
)
from fuda.faces.layout import check_fit, lay_out, layout_back, layout_card
from fuda.faces.primitives import Image, Marker, Polygon, Rect, TextLine
from fuda.faces.template import load_template, load_template_file

GAMES = ("recast-rift", "toho-tcg", "raise-blaze", "ryomen")


@pytest.fixture(scope="module")
def db():
    return load_database()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_sample_card_lays_out_and_fits(db, game_id):
    """Every sample card of the game fits its template: no overflow, no missing glyph."""
    game = db.game(game_id)
    assert game.cards, f"{game_id} has no sample cards"
    problems = [str(f) for c in game.cards for f in check_fit(game, c) if f.severity == "error"]
    assert problems == []


@pytest.mark.parametrize("game_id", GAMES)
def test_sample_faces_are_readable_and_inside_the_card(db, game_id):
    """Every text line is at least 6 pt and starts inside the trim box."""
    game = db.game(game_id)
    for card in game.cards:
        face = layout_card(game, card)
        for item in face.items:
            if isinstance(item, TextLine):
                assert item.size >= 6, (card.id, item)
                assert 0 <= item.x <= face.width and 0 <= item.y <= face.height, (card.id, item)


def test_face_geometry_marker_and_bleed(db):
    """A face has the game's card size, its background reaches the bleed, and it carries an
    invisible marker card:<id>:front at the centre of the trim box."""
    game = db.game("recast-rift")
    card = game.cards[1]
    face = layout_card(game, card, bleed=3.0)
    assert (face.width, face.height, face.bleed) == (63.0, 88.0, 3.0)
    background = face.items[0]
    assert isinstance(background, Rect) and (background.x, background.y) == (-3.0, -3.0)
    assert (background.w, background.h) == (69.0, 94.0)
    markers = [i for i in face.items if isinstance(i, Marker)]
    assert markers == [Marker(31.5, 44.0, f"card:{card.id}:front")]
    assert face.name == f"{card.id}/front"
    assert layout_card(game, card, side="b").items[-1].text == f"card:{card.id}:b"


def test_art_is_placed_in_the_art_box(db):
    """A card with art gets an Image of its art file; a card without gets a placeholder."""
    game = db.game("toho-tcg")
    with_art = next(c for c in game.cards if c.art)
    images = [i for i in layout_card(game, with_art).items if isinstance(i, Image)]
    assert len(images) == 1 and images[0].path == with_art.art
    without = next(c for c in game.cards if not c.art)
    assert not [i for i in layout_card(game, without).items if isinstance(i, Image)]


def test_recast_rift_spell_shows_recast_marks_timing_and_attack(db):
    """A Recast Rift attack spell prints Ⅲ Ⅱ Ⅰ, its timing class, type and hand／life with ー."""
    game = db.game("recast-rift")
    card = next(c for c in game.cards if c.kind == "spell" and c.get("type") == "attack"
                and None in (c["attack"]["hand"], c["attack"]["life"]))
    texts = [i.text for i in layout_card(game, card).items if isinstance(i, TextLine)]
    for mark in ("Ⅲ", "Ⅱ", "Ⅰ", "攻撃札", "ー", "手札", "ライフ"):
        assert mark in texts, mark
    assert {"normal": "通常札", "preempt": "先制札", "full-power": "全力札"}[card["timing"]] in texts


def test_awakening_card_has_the_mark_and_a_life_track_back(db):
    """An awakening card shows 覚醒; its back is the life track from starting-life down to 1."""
    game = db.game("recast-rift")
    card = next(c for c in game.cards if c.kind == "awakening")
    assert "覚醒" in [i.text for i in layout_card(game, card).items if isinstance(i, TextLine)]
    back = layout_back(game, card)
    numbers = [i.text for i in back.items if isinstance(i, TextLine) and i.text.isdigit()]
    start = int(game.settings["starting-life"])
    assert numbers == [str(n) for n in range(start, 0, -1)]
    assert back.items[-1] == Marker(31.5, 44.0, f"card:{card.id}:back")
    spell = next(c for c in game.cards if c.kind == "spell")
    assert not [i for i in layout_back(game, spell).items if isinstance(i, TextLine) and i.text.isdigit()]


@pytest.mark.parametrize("game_id", GAMES)
def test_common_back_uses_the_manifest_colour_and_text(db, game_id):
    """The common back is filled with the manifest's back colour and prints its text."""
    game = db.game(game_id)
    back = layout_back(game, None)
    assert back.items[0].fill.lower() == game.manifest["back"]["color"].lower()
    assert game.manifest["back"]["text"] in [i.text for i in back.items if isinstance(i, TextLine)]
    assert back.items[-1].text == "card:-:back"


def test_ryomen_day_and_night_are_vector_icons(db):
    """〔昼〕/〔夜〕 in ryomen text are drawn as sun / moon polygons, not as text."""
    game = db.game("ryomen")
    card = next(c for c in game.cards if "〔" in c.text)
    face = layout_card(game, card)
    assert not any("〔" in i.text for i in face.items if isinstance(i, TextLine))
    assert any(isinstance(i, Polygon) for i in face.items)


def test_missing_glyph_is_an_error_naming_card_character_and_field(db):
    """A character the font lacks is a located P102 error naming the card and the character."""
    game = db.game("toho-tcg")
    card = dataclasses.replace(game.cards[0], text="【起動】相手に✔を与える。")
    with pytest.raises(FindingsError) as info:
        layout_card(game, card)
    finding = info.value.findings[0]
    assert finding.code == "P102" and finding.card == card.id and "✔" in finding.message
    assert finding.location.line > 0 and finding.location.file == card.source.file
    assert [f.code for f in check_fit(game, card)] == ["P102"]


def test_text_overflow_is_an_error_naming_card_and_location(db):
    """Text too long for its box at the minimum size is a P101 error at the card's text field."""
    game = db.game("raise-blaze")
    card = dataclasses.replace(game.cards[0], text="【召喚時】カードを１枚引く。" * 40)
    findings = check_fit(game, card)
    assert [f.code for f in findings] == ["P101"]
    assert findings[0].card == card.id and "minimum 6 pt" in findings[0].message
    assert findings[0].location == card.where("text")
    with pytest.raises(FindingsError):
        layout_card(game, card)
    face, found = lay_out(game, card)  # the non-raising form still returns a face
    assert found and face.items


def test_template_errors_are_located(tmp_path):
    """A designer's mistake in a template is a finding with file, line and column."""
    bad = tmp_path / "card.yaml"
    bad.write_text("kinds:\n  spell:\n    elements:\n      - {type: rect, x: 1, y: 1, w: 2, h: 2, fill: $nope}\n"
                   "      - {type: txt, x: 1}\n", encoding="utf-8")
    with pytest.raises(FindingsError) as info:
        load_template_file(bad)
    text = str(info.value)
    assert "card.yaml:5:" in text and "txt" in text


def test_unknown_palette_colour_is_located(tmp_path):
    """A $colour that no palette defines is reported where it is written."""
    bad = tmp_path / "card.yaml"
    bad.write_text("kinds:\n  spell:\n    elements:\n      - {type: rect, x: 1, y: 1, w: 2, h: 2, fill: $nope}\n",
                   encoding="utf-8")
    with pytest.raises(FindingsError) as info:
        load_template_file(bad)
    assert info.value.findings[0].code == "L002" and info.value.findings[0].location.line == 4


@pytest.mark.parametrize("game_id", GAMES)
def test_bundled_templates_validate(db, game_id):
    """Each game's bundled template passes its schema."""
    assert load_template(db.game(game_id)).data["kinds"]


# -- fonts -----------------------------------------------------------------------------------

def test_bundled_fonts_and_licence_ship_with_the_package():
    """BIZ UD Gothic Regular and Bold and OFL.txt are in templates/fonts."""
    folder = bundled_fonts_dir()
    for name in BUNDLED.values():
        assert (folder / name).stat().st_size > 1_000_000
    licence = (folder / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Copyright 2022 The BIZ UDGothic" in licence


def test_regular_and_bold_are_registered_under_unique_names():
    """Regular and bold never alias: distinct registered names and files (pitfall 1)."""
    fonts = default_fonts()
    assert fonts.font_name("regular") != fonts.font_name("bold")
    assert fonts.path("regular") != fonts.path("bold")
    assert fonts.width("霊符", 10, "regular") == pytest.approx(20.0)


def test_missing_glyphs_reports_each_character_once():
    """missing_glyphs lists the characters absent from the cmap, once each, in order."""
    assert default_fonts().missing_glyphs("Ⅲ【】ー～①✔⚔✔\n") == ["✔", "⚔"]


def test_cff_font_is_refused_with_a_clear_message(tmp_path):
    """A CFF-based .otf is refused with a one-line error saying it must be TrueType."""
    otf = tmp_path / "Fake-CFF.otf"
    otf.write_bytes(b"OTTO" + bytes(64))
    with pytest.raises(FontError) as info:
        load_face(otf, "regular")
    message = str(info.value)
    assert "CFF" in message and "TrueType" in message and "\n" not in message


def test_a_new_font_is_registered_without_searching_reportlabs_standard_fonts(tmp_path, monkeypatch):
    """Loading a font fuda has not registered yet reads that file only: reportlab's search of its
    106 AFM files for a standard font of the name (~0.6 s a process) is never made."""
    from reportlab.pdfbase import pdfmetrics

    monkeypatch.setattr(pdfmetrics, "parseAFMFile", lambda *a, **k: pytest.fail("searched the AFM files"))
    shutil.copy(bundled_fonts_dir() / BUNDLED["regular"], tmp_path / "Fresh.ttf")
    face = load_face(tmp_path / "Fresh.ttf", "regular")
    assert face.name in pdfmetrics.getRegisteredFontNames()
    assert load_face.__wrapped__(tmp_path / "Fresh.ttf", "regular").name == face.name  # found registered


def test_manifest_font_overrides_the_bundled_one(tmp_path, db):
    """A game naming font: {regular, bold} in its manifest gets those files."""
    shutil.copy(bundled_fonts_dir() / BUNDLED["bold"], tmp_path / "MyBold.ttf")
    game = db.game("ryomen")
    manifest = dict(game.manifest)
    manifest["font"] = MappingProxyType({"regular": "MyBold.ttf"})
    custom = dataclasses.replace(game, folder=tmp_path, manifest=MappingProxyType(manifest))
    fonts = game_fonts(custom)
    assert fonts.path("regular") == (tmp_path / "MyBold.ttf").resolve()
    assert fonts.path("bold") == fonts.path("regular")
    assert fonts.font_name("regular") != default_fonts().font_name("bold")
    assert game_fonts(game) is default_fonts()


def test_layout_is_deterministic(db):
    """Laying out the same card twice gives equal faces."""
    game = db.game("toho-tcg")
    assert layout_card(game, game.cards[3]) == layout_card(game, game.cards[3])


def test_other_card_sizes_scale_the_boxes(db):
    """A game with a different card size gets faces of that size, the text still fitting."""
    game = db.game("raise-blaze")
    manifest = dict(game.manifest)
    manifest["card-size"] = MappingProxyType({"width": 59, "height": 86})
    small = dataclasses.replace(game, manifest=MappingProxyType(manifest))
    face = layout_card(small, game.cards[0])
    assert (face.width, face.height) == (59.0, 86.0)
    assert face.items[-1] == Marker(29.5, 43.0, f"card:{game.cards[0].id}:front")


def test_manifest_back_image_covers_the_back_and_bleed(tmp_path, db):
    """A manifest back image is drawn over the whole back including the bleed."""
    from PIL import Image as PILImage

    PILImage.new("RGB", (60, 90), (10, 20, 30)).save(tmp_path / "back.png")
    game = db.game("toho-tcg")
    manifest = dict(game.manifest)
    manifest["back"] = MappingProxyType({"color": "#112233", "image": "back.png"})
    custom = dataclasses.replace(game, folder=tmp_path, manifest=MappingProxyType(manifest))
    back = layout_back(custom, None, bleed=2.0)
    images = [i for i in back.items if isinstance(i, Image)]
    assert images == [Image(-2.0, -2.0, 67.0, 92.0, tmp_path / "back.png")]
    assert back.items[0].fill == "#112233"


# -- other card sizes: uniform scaling, safe area, collisions ---------------------------------

GAMES = ["toho-tcg", "raise-blaze", "recast-rift", "ryomen"]


def _sized(game, size):
    from fuda.printing.sheets import with_card_size

    return with_card_size(game, size)


@pytest.mark.parametrize("size", [(63, 88), (59, 86), (70, 120)])
@pytest.mark.parametrize("game_id", GAMES)
def test_four_games_are_clean_at_every_portrait_size(db, game_id, size):
    """At 63×88, 59×86 (mini) and 70×120 (tarot) every front and back lays out without error,
    no text enters the 3 mm safe area and no two texts overlap."""
    from fuda.faces.fonts import game_fonts
    from fuda.faces.safe_area import text_problems

    game = _sized(db.game(game_id), size)
    fonts = game_fonts(game)
    for card in game.cards:
        for face in (layout_card(game, card, fonts=fonts), layout_back(game, card, fonts=fonts)):
            assert (face.width, face.height) == size
            problems = [p.message() for p in text_problems(face, fonts)]
            assert problems == [], (card.id, problems[:3])


@pytest.mark.parametrize("game_id", GAMES)
def test_a_landscape_size_uses_the_landscape_variant(db, game_id):
    """91×55 is laid out by the bundled template's landscape variant (its own design size, so
    scale 1 and no letterbox), not a stretched or refused portrait card (#33; a template without
    a variant is refused: tests/test_landscape.py)."""
    template = load_template(db.game(game_id))
    wide = template.for_size((91, 55))
    assert wide is not template and wide.design_size == (91, 55)
    assert wide.placement((91, 55)) == (1.0, 0.0, 0.0)
    assert template.for_size((63, 88)) is template


def test_scaling_is_uniform_and_letterboxed(db):
    """At 59×86 the toho-tcg cost circle stays a circle, and the design is centred: the
    scale is min(59/63, 86/88) and the spare height split above and below."""
    game = _sized(db.game("toho-tcg"), (59, 86))
    card = next(c for c in game.cards if c.kind == "character")
    face = layout_card(game, card)
    circles = [i for i in face.items if type(i).__name__ == "Ellipse"]
    assert circles and all(abs(e.w - e.h) < 1e-9 for e in circles)
    s = 59 / 63
    cost = circles[0]
    assert abs(cost.w - 10.6 * s) < 1e-9
    assert abs(cost.y - (4.4 * s + (86 - 88 * s) / 2)) < 1e-9
    assert abs(cost.x - 4.6 * s) < 1e-9


def test_text_problems_name_safe_area_and_overlap():
    """A line 1 mm from the trim and two overlapping lines are each reported, with the text."""
    from fuda.faces.fonts import default_fonts
    from fuda.faces.primitives import Face
    from fuda.faces.safe_area import text_problems

    fonts = default_fonts()
    face = Face(63, 88, (TextLine(1.0, 20.0, "端の文字", 8), TextLine(10.0, 40.0, "重なる", 8),
                         TextLine(12.0, 40.5, "文字", 8), TextLine(10.0, 60.0, "離れた", 8)))
    problems = text_problems(face, fonts)
    assert [(p.text, p.other) for p in problems] == [("端の文字", None), ("重なる", "文字")]
    assert problems[0].distance == 1.0 and "安全領域" in problems[0].message()


def test_lint_fit_warns_when_a_size_pushes_text_into_the_safe_area(db):
    """Laid out at 50×88 the ryomen stat labels come within 3 mm of the trim: P104 warnings
    naming the card, not errors."""
    game = _sized(db.game("ryomen"), (50, 88))
    card = game.cards[0]
    _, findings = lay_out(game, card, safe_area=True)
    assert not [f for f in lay_out(game, card)[1] if f.code == "P104"]  # printing does not pay for it
    p104 = [f for f in findings if f.code == "P104"]
    assert p104 and all(f.severity == "warning" and f.card == card.id for f in p104)


def test_an_empty_optional_field_is_left_out_of_the_face(db, tmp_path):
    """hoshikage's optional 特徴 and 肩書 (#33): a card without them prints no labelled cell for
    them (read back from the PDF); a card with 肩書 but no 特徴 gets its 肩書 in 特徴's cell."""
    import pdfplumber

    from fuda.printing.sheets import print_cards

    game = db.game("hoshikage")
    cards = {c.id: c for c in game.cards}
    assert cards["tsukikage-no-miko"].get("title") and not cards["tsukikage-no-miko"].get("traits")
    assert not cards["hidamari-neko"].get("title") and not cards["hidamari-neko"].get("traits")

    def words(card_id):
        out = tmp_path / f"{card_id}.pdf"
        print_cards(game, ids=[card_id], out=out, marks="none", per_face=True, bleed=0)
        with pdfplumber.open(out) as pdf:
            return {w["text"]: (w["x0"], w["top"]) for w in pdf.pages[0].extract_words()}

    bare = words("hidamari-neko")
    assert "特徴" not in bare and "肩書" not in bare and "属性" in bare
    titled = words("tsukikage-no-miko")
    assert "特徴" not in titled and "肩書" in titled
    full = words("tsuki-no-bannin")  # has both: 特徴 beside 属性, 肩書 on the row below
    assert titled["肩書"] == pytest.approx(full["特徴"], abs=0.01)
    assert full["肩書"][1] > full["特徴"][1] + 5
