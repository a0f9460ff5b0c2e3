"""Landscape cards and named sizes (#33): the bundled layouts' landscape variants, imposition and
duplex backs of 91 × 55 cards read back from the PDF, presets, and a template without a variant."""

from __future__ import annotations

import re
import shutil

import pdfplumber
import pytest

from fuda import load_database
from fuda.faces.layout import layout_back, layout_card
from fuda.faces.primitives import Image, Rect, TextLine
from fuda.printing.imposition import NAMED_SIZES, PrintOptionError, card_size
from fuda.printing.sheets import print_cards, with_card_size

from .test_printing import markers

GAMES = ("toho-tcg", "raise-blaze", "recast-rift", "ryomen", "hoshikage", "kenbu")
PT = 72.0 / 25.4


@pytest.fixture(scope="module")
def db():
    return load_database()


@pytest.mark.parametrize("name, size", [("poker", (63, 88)), ("small", (59, 86)), ("bridge", (57, 89)),
                                        ("tarot", (70, 120)), ("business", (91, 55)),
                                        ("Business-Portrait", (55, 91)), ("91x55", (91, 55))])
def test_named_sizes_are_accepted(name, size):
    """Every shop size is accepted by name (any case) and gives its millimetres."""
    assert card_size(name) == tuple(float(v) for v in size)


def test_an_unknown_size_lists_the_names():
    """A size that is neither a name nor WxH is one line listing every name with its mm."""
    with pytest.raises(PrintOptionError) as err:
        card_size("pokr")
    message = str(err.value)
    assert "\n" not in message
    for name, (w, h) in NAMED_SIZES.items():
        assert f"{name} ({w:g}x{h:g})" in message


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_has_a_landscape_face_that_fits(db, game_id):
    """At 91 × 55 each card is laid out by the landscape variant: the face is wide, the name sits
    along the top, the art on the left and the rules text on the right; the back is wide too."""
    game = with_card_size(db.game(game_id), (91, 55))
    for card in game.cards:
        face = layout_card(game, card)
        assert (face.width, face.height) == (91, 55)
        name = next(i for i in face.items if type(i) is TextLine and i.text == card.name)
        assert name.y < 14, (card.id, name)
        art = [i for i in face.items if type(i) in (Image, Rect) and 25 <= i.w <= 36 and i.h > 30]
        assert art and art[0].x < 20, card.id  # ryomen keeps its stat column left of the art
        if card.text:
            body = [i for i in face.items if type(i) is TextLine and i.y > 20 and i.size <= 7.5 and i.x > 38]
            assert body, card.id
        back = layout_back(game, card)
        assert (back.width, back.height) == (91, 55)


def test_landscape_sheet_grid_and_long_edge_backs(db, tmp_path):
    """A4 holds 91 × 55 cards two across and five down; the long-edge back of each card is at its
    mirrored column (x' = W − x), on the same row, read back from the PDF's markers."""
    out = tmp_path / "wide.pdf"
    print_cards(db.game("toho-tcg"), card_size="business", backs="long-edge", out=out)
    with pdfplumber.open(out) as pdf:
        page_w, page_h = float(pdf.pages[0].width), float(pdf.pages[0].height)
    assert (round(page_w / PT), round(page_h / PT)) == (210, 297)
    pages = markers(out)
    front, back = pages[0], pages[1]
    assert len(front) == 10
    xs = sorted({round(x, 1) for _, x, _ in front})
    ys = sorted({round(y, 1) for _, _, y in front})
    assert len(xs) == 2 and len(ys) == 5
    assert xs[1] - xs[0] >= 91 * PT - 0.5  # the wider box, not rotated
    where = {key.rsplit(":", 1)[0]: (x, y) for key, x, y in back}
    for key, x, y in front:
        bx, by = where[key.rsplit(":", 1)[0]]
        assert bx == pytest.approx(page_w - x, abs=0.05) and by == pytest.approx(y, abs=0.05)


def test_short_edge_backs_of_landscape_cards(db, tmp_path):
    """Short-edge backs of landscape cards: the row is mirrored (y' = H − y), the column kept."""
    out = tmp_path / "short.pdf"
    print_cards(db.game("raise-blaze"), card_size="91x55", backs="short-edge", out=out)
    with pdfplumber.open(out) as pdf:
        page_h = float(pdf.pages[0].height)
    front, back = markers(out)[:2]
    where = {key.rsplit(":", 1)[0]: (x, y) for key, x, y in back}
    for key, x, y in front:
        bx, by = where[key.rsplit(":", 1)[0]]
        assert by == pytest.approx(page_h - y, abs=0.05)
        assert bx == pytest.approx(x, abs=0.05)  # the back's marker (its top-right) turned 180° lands here


def test_landscape_text_is_on_the_right_of_the_printed_card(db, tmp_path):
    """The rules text of a printed landscape card starts right of its art: read back with
    pdfplumber, the words of the text sit in the right part of the card's box."""
    game = db.game("toho-tcg")
    card = next(c for c in game.cards if c.kind == "character" and re.sub(r"【[^】]*】", "", c.text or "").strip())
    out = tmp_path / "one.pdf"
    print_cards(game, ids=[card.id], card_size="business", out=out, marks="none")
    (_mark, mx, _my), = markers(out)[0]
    with pdfplumber.open(out) as pdf:
        page = pdf.pages[0]
        left = mx  # a card's front marker is at its top-left corner (trim)
        first = re.sub(r"【[^】]*】", "", card.text).strip()[0]
        body = [c for c in page.chars if 5 < c["size"] <= 7.6 and c["text"] == first]
    assert body and all(38 * PT < c["x0"] - left < 91 * PT for c in body)


def test_a_template_without_a_landscape_variant_is_refused_clearly(db, tmp_path):
    """A designer's portrait card.yaml without ``landscape:`` refuses 91 × 55 in one line naming
    both sizes, and nothing is written."""
    src = db.game("ryomen")
    folder = tmp_path / "game"
    shutil.copytree(src.folder, folder)
    text = (src.folder.parent.parent / "templates" / "ryomen" / "card.yaml").read_text(encoding="utf-8")
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "card.yaml").write_text(text.split("\nlandscape:")[0] + "\n", encoding="utf-8")
    game = load_database([folder]).game("ryomen")
    with pytest.raises(PrintOptionError, match=r"63 × 88 mm \(portrait\).*91 × 55"):
        print_cards(game, card_size="91x55", out=tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_a_landscape_variant_names_fields_that_validation_checks(db, tmp_path):
    """An unknown field in the landscape variant is a located validation finding (L00x at its
    line), like one in the portrait kinds."""
    src = db.game("ryomen")
    folder = tmp_path / "game"
    shutil.copytree(src.folder, folder)
    text = (src.folder.parent.parent / "templates" / "ryomen" / "card.yaml").read_text(encoding="utf-8")
    broken = text.replace("field: name, x: 15.4, y: 4.8, w: 70.8", "field: nmae, x: 15.4, y: 4.8, w: 70.8")
    assert broken != text
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "card.yaml").write_text(broken, encoding="utf-8")
    from fuda.database.findings import FindingsError

    with pytest.raises(FindingsError) as err:
        load_database([folder])
    found = [f for f in err.value.findings if "nmae" in f.message]
    line = broken[:broken.index("nmae")].count("\n") + 1
    assert found and found[0].code == "L005" and f"card.yaml:{line}:" in str(found[0])
    assert "landscape.kinds.card" in found[0].message


def test_udonarium_export_of_a_landscape_game(db, tmp_path):
    """A game whose cards are 91 × 55 exports Udonarium cards whose size is the width's and whose
    face images are landscape (read back from the ZIP)."""
    import io
    import zipfile

    from PIL import Image as PILImage

    from fuda.online.udonarium import build_zip
    from fuda.online.udonarium_format import CELL, TABLE_PX_PER_MM

    src = db.game("toho-tcg")
    shutil.copytree(src.folder, tmp_path / "toho-tcg")
    manifest = tmp_path / "toho-tcg" / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    wide = text.replace("card-size: {width: 63, height: 88}", "card-size: {width: 91, height: 55}")
    assert wide != text
    manifest.write_text(wide, encoding="utf-8")
    game = load_database([tmp_path / "toho-tcg"]).game("toho-tcg")
    data, _ = build_zip(game, "hakurei-moriya")
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        deck = next(n for n in z.namelist() if n.endswith("deck.xml"))
        xml = z.read(deck).decode()
        sizes = set(re.findall(r'name="size">([^<]*)<', xml))
        shapes = {PILImage.open(io.BytesIO(z.read(n))).size for n in z.namelist()
                  if n.endswith(".png") and n[:-4] in xml}  # the faces the deck's cards show
    assert sizes == {f"{round(91 * TABLE_PX_PER_MM / CELL, 3):g}"}
    assert shapes and all(w > h for w, h in shapes)


def test_per_face_pages_of_landscape_cards(db, tmp_path):
    """--per-face gives each landscape face a page of 91 × 55 mm plus the bleed on every side,
    with the TrimBox at the card."""
    out = tmp_path / "faces.pdf"
    print_cards(db.game("ryomen"), card_size="business", per_face=True, ids=["letty"], out=out, bleed=3)
    from pypdf import PdfReader

    reader = PdfReader(str(out))
    assert len(reader.pages) >= 1
    for page in reader.pages:
        media, trim = (list(map(float, b)) for b in (page.mediabox, page.trimbox))
        assert (round((media[2] - media[0]) / PT, 2), round((media[3] - media[1]) / PT, 2)) == (97.0, 61.0)
        assert (round((trim[2] - trim[0]) / PT, 2), round((trim[3] - trim[1]) / PT, 2)) == (91.0, 55.0)


def test_a_landscape_variant_drawn_standing_up_is_refused_at_its_line(db, tmp_path):
    """A landscape: block whose design-size is not wider than high refuses a landscape size in
    one line naming the file and line of that design-size, and writes nothing."""
    src = db.game("ryomen")
    folder = tmp_path / "game"
    shutil.copytree(src.folder, folder)
    text = (src.folder.parent.parent / "templates" / "ryomen" / "card.yaml").read_text(encoding="utf-8")
    tall = text.replace("  design-size: {width: 91, height: 55}", "  design-size: {width: 55, height: 91}")
    assert tall != text
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "card.yaml").write_text(tall, encoding="utf-8")
    game = load_database([folder]).game("ryomen")
    line = tall[:tall.index("{width: 55, height: 91}")].count("\n") + 1
    with pytest.raises(PrintOptionError, match=rf"card.yaml:{line}:\d+: .*55 × 91 mm, not landscape") as err:
        print_cards(game, card_size="business", out=tmp_path / "x.pdf")
    assert "\n" not in str(err.value)
    assert not (tmp_path / "x.pdf").exists()


def test_a_kind_missing_from_the_landscape_variant_is_located_there(db, tmp_path):
    """A landscape: block without a layout for a card's kind is L004 at landscape.kinds, not at
    the portrait kinds."""
    from fuda.database.findings import FindingsError

    src = db.game("ryomen")
    folder = tmp_path / "game"
    shutil.copytree(src.folder, folder)
    text = (src.folder.parent.parent / "templates" / "ryomen" / "card.yaml").read_text(encoding="utf-8")
    renamed = text.replace("  kinds:\n    card:\n      elements:\n        - {type: rect, full: true, fill: $accent-dark}\n"
                           "        - {type: rect, x: 13.2, y: 2.4, w: 75.4",
                           "  kinds:\n    default:\n      elements:\n        - {type: rect, full: true, fill: $accent-dark}\n"
                           "        - {type: rect, x: 13.2, y: 2.4, w: 75.4")
    assert renamed != text
    (folder / "templates").mkdir(exist_ok=True)
    (folder / "templates" / "card.yaml").write_text(renamed, encoding="utf-8")
    game = with_card_size(load_database([folder]).game("ryomen"), (91, 55))
    layout_card(game, game.cards[0])  # default serves every kind: fine
    broken = renamed.replace("  kinds:\n    default:\n      elements:\n        - {type: rect, full: true, fill: $accent-dark}\n"
                             "        - {type: rect, x: 13.2, y: 2.4, w: 75.4",
                             "  kinds:\n    other:\n      elements:\n        - {type: rect, full: true, fill: $accent-dark}\n"
                             "        - {type: rect, x: 13.2, y: 2.4, w: 75.4")
    (folder / "templates" / "card.yaml").write_text(broken, encoding="utf-8")
    with pytest.raises(FindingsError) as err:
        load_database([folder])
    line = broken[:broken.index("    other:")].count("\n") + 1
    assert any(f"card.yaml:{line}:" in str(f) and "other" in f.message for f in err.value.findings)
