"""Play mats (fuda.printing.mat, templates/<game>/mat.yaml): the zones each game's rules name, at
the game's card size, labelled in Japanese; one A3 sheet or A4 tiles; the PNG for online tables."""

from __future__ import annotations

import io

import pikepdf
import pytest
import typer
from PIL import Image as PILImage
from pypdf import PdfReader
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.print import register
from fuda.database.findings import FindingsError
from fuda.faces.mat import layout_mat, length, load_mat, mat_png, mat_size
from fuda.faces.primitives import Ellipse, Rect, TextLine
from fuda.printing.imposition import PAPERS, PT_PER_MM
from fuda.printing.mat import write_mat
from fuda.printing.sheets import with_card_size

GAMES = ("recast-rift", "toho-tcg", "raise-blaze", "ryomen")


@pytest.fixture(scope="module")
def db():
    return load_database()


def zones(game) -> dict:
    """The template's zones by id."""
    return {z["id"]: z for z in load_mat(game).data["zones"] if "id" in z}


def texts(face) -> str:
    return "\n".join(i.text for i in face.items if isinstance(i, TextLine))


def card_places(face, card) -> int:
    """Card places: the filled rounded rectangles exactly the size of a card (upright)."""
    w, h = card
    return sum(1 for i in face.items if isinstance(i, Rect) and i.fill and i.radius == 3.0
               and abs(i.w - w) < 1e-6 and abs(i.h - h) < 1e-6)


def test_length_expressions():
    """Template lengths are mm or expressions of the card width w and height h."""
    card = (63.0, 88.0)
    assert length(12, card) == 12.0
    assert length("2w + 20", card) == 146.0
    assert length("1.5h - 4", card) == 128.0
    assert length("w + h + 1", card) == 152.0
    assert length("-w", card) == -63.0
    with pytest.raises(ValueError):
        length("2x + 1", card)


def test_recast_rift_mat_has_every_zone_near_to_far(db):
    """Recast Rift: Ⅲ ×2, Ⅱ ×2, Ⅰ ×2 and ［０］ from near (bottom) to far (top) (RR-ZONE-2),
    the cast zone, deck, face-down and reserve piles, and the far (awakenable) and near
    awakening slots, all card-sized and labelled in Japanese."""
    game = db.game("recast-rift")
    z = zones(game)
    card = game.card_size
    y = {k: length(v["y"], card) for k, v in z.items()}
    assert y["recast-3a"] == y["recast-3b"] > y["recast-2a"] == y["recast-2b"] > y["recast-1a"] == y["recast-1b"] > y["recast-0"]
    assert y["awakening-far"] < y["awakening-near"]
    for key in ("cast-zone", "deck", "face-down", "reserve"):
        assert z[key]["type"] == "card"
    face = layout_mat(game)
    assert card_places(face, card) == 13
    words = texts(face)
    for label in ("リキャストⅢ", "リキャストⅡ", "リキャストⅠ", "［０］", "キャストゾーン", "山札", "伏せ札", "控え札",
                  "覚醒可能", "覚醒不可", "リキャストゾーン"):
        assert label in words, label


@pytest.mark.parametrize("game_id,labels,places", [
    ("toho-tcg", ["キャラクターゾーン", "アシスターゾーン", "ワールドゾーン", "デッキ", "トラッシュ"], 3 + 3 + 3),
    ("raise-blaze", ["コアフィールド", "ライフゾーン", "ファイターゾーン", "スペルゾーン", "デッキゾーン", "墓地",
                     "コアファイター"], 5 + 5),
    ("ryomen", ["ハンドゾーン", "バトルゾーン", "リザルトゾーン", "ポイントゾーン", "昼／夜", "獲得ポイント"], 9 + 1 + 4),
])
def test_other_games_mats_have_their_rules_zones(db, game_id, labels, places):
    """toho-tcg: 3 character zones, assister zone, world zone, deck, trash; raise-blaze: core
    field, life zone, 5 fighter zones, spell zone, deck, graveyard; ryomen: hand zone of 9,
    battle zone, result zone, point zone (9 chips), day/night chip."""
    game = db.game(game_id)
    face = layout_mat(game)
    words = texts(face)
    for label in labels:
        assert label in words, label
    assert card_places(face, game.card_size) == places
    if game_id == "ryomen":
        chips = [i for i in face.items if isinstance(i, Ellipse) and i.stroke and abs(i.w - 19) < 1e-6]
        assert len(chips) == 9


@pytest.mark.parametrize("game_id", GAMES)
def test_every_mat_fits_one_a3_sheet(db, game_id):
    """Every bundled mat fits one A3 sheet (either way round) with 5 mm to spare."""
    w, h = mat_size(db.game(game_id))
    a3w, a3h = PAPERS["A3"]
    assert (w <= a3w - 10 and h <= a3h - 10) or (w <= a3h - 10 and h <= a3w - 10)


def test_mat_follows_the_card_size(db):
    """A game with 59 × 86 cards gets a smaller mat whose places are 59 × 86."""
    game = db.game("recast-rift")
    small = with_card_size(game, (59, 86))
    assert mat_size(small)[0] < mat_size(game)[0]
    assert card_places(layout_mat(small), (59, 86)) == 13


def test_a3_pdf_is_one_page_with_boxes_and_embedded_fonts(db, tmp_path):
    """`fuda mat` on A3: one A3 page, TrimBox = the mat, fonts embedded subsets."""
    game = db.game("recast-rift")
    out = write_mat(game, paper="A3", out=tmp_path / "mat.pdf")
    reader = PdfReader(str(out))
    assert len(reader.pages) == 1
    page = reader.pages[0]
    sizes = sorted((float(page.mediabox.width), float(page.mediabox.height)))
    assert sizes == pytest.approx(sorted(v * PT_PER_MM for v in PAPERS["A3"]), abs=0.01)
    w, h = mat_size(game)
    assert float(page.trimbox.width) == pytest.approx(w * PT_PER_MM, abs=0.01)
    assert float(page.trimbox.height) == pytest.approx(h * PT_PER_MM, abs=0.01)
    with pikepdf.open(out) as pdf:
        for _, font in pdf.pages[0].obj.Resources.Font.items():
            assert "+" in str(font.BaseFont) and "/FontFile2" in font.FontDescriptor


def test_a4_tiles_cover_the_mat_with_glue_margins(db, tmp_path):
    """A4-tiled: several A4 pages, each labelled with its tile name, showing the glue margin."""
    game = db.game("recast-rift")
    out = write_mat(game, paper="A4-tiled", out=tmp_path / "tiles.pdf")
    reader = PdfReader(str(out))
    assert len(reader.pages) == 4
    assert list(reader.page_labels) == ["mat-A1", "mat-B1", "mat-A2", "mat-B2"]
    for page in reader.pages:
        assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == \
            pytest.approx(sorted(v * PT_PER_MM for v in PAPERS["A4"]), abs=0.01)
    first = reader.pages[0].extract_text()
    assert "のりしろ" in first and "B1" in first and "A2" in first
    assert "切り取り線" in reader.pages[1].extract_text()


def test_small_mat_fits_one_a4_sheet(db, tmp_path):
    """A mat small enough for one A4 sheet (small cards) is printed on that one sheet."""
    game = with_card_size(db.game("raise-blaze"), (40, 56))
    out = write_mat(game, paper="A4-tiled", out=tmp_path / "small.pdf")
    assert len(PdfReader(str(out)).pages) == 1


def test_mat_png_has_the_mats_aspect(db):
    """The PNG for online tables has the mat's aspect ratio at the asked resolution."""
    game = db.game("ryomen")
    w, h = mat_size(game)
    png = mat_png(game, px_per_mm=2)
    with PILImage.open(io.BytesIO(png)) as im:
        assert im.format == "PNG"
        assert abs(im.width - w * 2) <= 1 and abs(im.height - h * 2) <= 1


def test_mat_pdf_is_deterministic(db, tmp_path):
    """The same mat gives byte-identical PDFs."""
    game = db.game("toho-tcg")
    a = write_mat(game, out=tmp_path / "a.pdf").read_bytes()
    b = write_mat(game, out=tmp_path / "b.pdf").read_bytes()
    assert a == b


def test_broken_mat_template_is_a_located_finding(sample_copy):
    """A mistake in a game's own templates/mat.yaml is a finding of validation, with file and line."""
    folder = sample_copy("toho-tcg")
    (folder / "templates").mkdir()
    (folder / "templates" / "mat.yaml").write_text(
        "title: test\nzones:\n  - {type: card, x: 1}\n  - {type: blob, x: 0, y: 0}\n", encoding="utf-8")
    with pytest.raises(FindingsError) as info:
        load_database([folder.parent])
    lines = [str(f) for f in info.value.findings]
    assert any("mat.yaml:3:" in line for line in lines)
    assert any("mat.yaml:4:" in line for line in lines)


def test_game_without_a_mat_is_a_usage_error(sample_copy, tmp_path, monkeypatch):
    """`fuda mat` for a game with no mat template anywhere is a one-line error, exit 2, naming
    where its rule set looked (its own lookup, not paths fuda guesses)."""
    import fuda.rulesets.base as base

    folder = sample_copy("ryomen")
    monkeypatch.setattr(base, "templates_dir", lambda: tmp_path / "none")
    app = typer.Typer()
    register(app)
    result = CliRunner().invoke(app, ["mat", "ryomen", "--path", str(folder.parent),
                                      "-o", str(tmp_path / "m.pdf")])
    assert result.exit_code == 2
    line = result.output.strip()
    assert "\n" not in line and line.startswith("fuda: error: ryomen has no mat template (its rule set ryomen looked for ")
    looked = [folder / "templates" / "mat.yaml", tmp_path / "none" / "ryomen" / "mat.yaml"]
    assert all(str(p) in line for p in looked), line


def test_cli_mat_pdf_and_png(tmp_path):
    """`fuda mat GAME` writes the PDF, `--png` the PNG."""
    app = typer.Typer()
    register(app)
    pdf, png = tmp_path / "m.pdf", tmp_path / "m.png"
    assert CliRunner().invoke(app, ["mat", "raise-blaze", "-o", str(pdf)]).exit_code == 0
    assert CliRunner().invoke(app, ["mat", "raise-blaze", "--png", "--px-per-mm", "2", "-o", str(png)]).exit_code == 0
    assert pdf.read_bytes()[:5] == b"%PDF-" and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_letter_mat_is_tiled_on_letter_and_help_says_so(db, tmp_path):
    """--paper Letter, which --help lists, prints the mat on Letter pages (tiled when it does not fit
    one), the same as Letter-tiled."""
    from fuda.i18n import t

    game = db.game("recast-rift")
    plain = PdfReader(str(write_mat(game, paper="Letter", out=tmp_path / "letter.pdf")))
    tiled = PdfReader(str(write_mat(game, paper="Letter-tiled", out=tmp_path / "letter-tiled.pdf")))
    assert len(plain.pages) == len(tiled.pages) > 1
    for page in plain.pages:
        assert sorted((float(page.mediabox.width), float(page.mediabox.height))) == \
            pytest.approx(sorted(v * PT_PER_MM for v in PAPERS["Letter"]), abs=0.01)
    for lang in ("ja", "en"):
        assert all(name in t("opt.mat.paper", lang) for name in ("A3", "A4", "B5", "Letter"))
