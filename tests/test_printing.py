"""print_cards and `fuda print`, read back as a print shop would: page boxes, embedded subset
fonts, CMYK-only colour, duplex alignment of the invisible card ids, ryomen pairs, per-face pages,
determinism, atomic writes and one-line usage errors."""

from __future__ import annotations

import re

import pdfplumber
import pikepdf
import pytest
import typer
from pypdf import PdfReader
from typer.testing import CliRunner

from fuda import load_database
from fuda.build import print_step as build_step
from fuda.cli.print import register
from fuda.printing.imposition import PT_PER_MM, PrintOptionError
from fuda.printing.sheets import print_calibration, print_cards, select_items
from tests.icc_cmyk import cmyk_profile

TOL = 0.05  # pt


@pytest.fixture(scope="module")
def db():
    return load_database()


@pytest.fixture(scope="module")
def rr(db):
    return db.game("recast-rift")


@pytest.fixture(scope="module")
def outdir(tmp_path_factory):
    return tmp_path_factory.mktemp("print")


def markers(path) -> list[list[tuple[str, float, float]]]:
    """Per page: every invisible ``card:<key>:<side>`` marker with its text origin (pt, PDF
    coordinates, read from the glyph's text matrix: exact even for turned text)."""
    pages = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            chars = [c for c in page.chars if c["size"] < 2.5]  # markers are 2 pt, card text larger
            text = "".join(c["text"] for c in chars)
            pages.append([(m[0], chars[m.start()]["matrix"][4], chars[m.start()]["matrix"][5])
                          for m in re.finditer(r"card:[^:]+:(?:front|back)", text)])
    return pages


def misaligned(path, mode: str) -> list[str]:
    """Card keys whose back marker does not land on the front marker after the flip."""
    reader = PdfReader(str(path))
    per_page = markers(path)
    bad = []
    pages = range(0, len(per_page)) if mode == "gutter" else range(0, len(per_page), 2)
    for i in pages:
        w = float(reader.pages[i].mediabox.width)
        h = float(reader.pages[i].mediabox.height)
        fronts = [m for m in per_page[i] if m[0].endswith(":front")]
        backs = per_page[i] if mode == "gutter" else per_page[i + 1]
        backs = [m for m in backs if m[0].endswith(":back")]
        assert len(fronts) == len(backs) > 0
        for text, bx, by in backs:
            if mode == "long-edge":
                fx, fy = w - bx, by
            elif mode == "short-edge":
                fx, fy = bx, h - by
            else:  # gutter, vertical fold at the page centre
                fx, fy = w - bx, by
            key = text.rsplit(":", 1)[0]
            if not any(t.rsplit(":", 1)[0] == key and abs(x - fx) <= TOL and abs(y - fy) <= TOL
                       for t, x, y in fronts):
                bad.append(key)
    return bad


@pytest.mark.parametrize("mode", ["long-edge", "short-edge", "gutter"])
def test_duplex_backs_coincide_with_their_fronts(rr, outdir, mode):
    """Every card's back id lands on its front id after the flip, within 0.05 pt."""
    out = print_cards(rr, backs=mode, out=outdir / f"duplex-{mode}.pdf")
    assert misaligned(out, mode) == []


@pytest.mark.parametrize("mode", ["long-edge", "short-edge", "gutter"])
def test_alignment_check_catches_unmirrored_backs(rr, outdir, mode):
    """With mirroring switched off (test-only flag) the same check reports misaligned cards."""
    ids = [c.id for c in rr.cards[:9]]
    out = print_cards(rr, ids=ids, backs=mode, out=outdir / f"unmirrored-{mode}.pdf", _mirror=False)
    assert len(misaligned(out, mode)) >= 4


def test_back_offset_moves_the_back_markers(rr, outdir):
    """A back offset of (1, 2) mm moves every back id by exactly that (x right, y down)."""
    ids = [rr.cards[0].id]
    plain = markers(print_cards(rr, ids=ids, backs="long-edge", out=outdir / "off0.pdf"))
    moved = markers(print_cards(rr, ids=ids, backs="long-edge", back_offset=(1.0, 2.0),
                                out=outdir / "off1.pdf"))
    (_, x0, y0), (_, x1, y1) = plain[1][0], moved[1][0]
    assert x1 - x0 == pytest.approx(1.0 * PT_PER_MM, abs=TOL)
    assert y0 - y1 == pytest.approx(2.0 * PT_PER_MM, abs=TOL)
    assert plain[0] == moved[0]


def test_ryomen_pairs_coincide_face_a_over_face_b(db, outdir):
    """`--deck <pairing>`: 9 double-faced cards; face A's and face B's ids coincide in duplex,
    and face B is the pair's second card."""
    game = db.game("ryomen")
    deck = next(d for d in game.decks if "pairs" in d.data)
    out = print_cards(game, deck=deck.id, out=outdir / "pairs.pdf")
    assert misaligned(out, "long-edge") == []
    found = markers(out)
    keys = [m[0].rsplit(":", 1)[0][5:] for page in found[::2] for m in page]
    assert keys == [f"{a}+{b}" for a, b in deck["pairs"]]
    with pdfplumber.open(out) as pdf:
        back_text = "".join(pdf.pages[i].extract_text() for i in range(1, len(pdf.pages), 2))
    for _, b in deck["pairs"]:
        assert game.card(b).name.replace(" ", "")[:4] in back_text.replace(" ", "").replace("\n", "")


def test_ryomen_pairs_in_gutter_mode_mirror_about_the_fold(db, outdir):
    """In gutter-fold mode each pair's faces sit mirrored about the fold."""
    game = db.game("ryomen")
    deck = next(d for d in game.decks if "pairs" in d.data)
    out = print_cards(game, deck=deck.id, backs="gutter", out=outdir / "pairs-gutter.pdf")
    assert misaligned(out, "gutter") == []


def test_sheet_boxes_nest(rr, outdir):
    """On sheets TrimBox ⊂ BleedBox ⊂ MediaBox, the bleed 3 mm around the trim."""
    out = print_cards(rr, backs="long-edge", out=outdir / "boxes.pdf")
    for page in PdfReader(str(out)).pages:
        media, bleed, trim = (list(map(float, b)) for b in (page.mediabox, page.bleedbox, page.trimbox))
        assert _inside(trim, bleed) and _inside(bleed, media)
        assert bleed[0] == pytest.approx(trim[0] - 3 * PT_PER_MM, abs=0.01)
        assert _inside(list(map(float, page.artbox)), bleed)


@pytest.mark.parametrize("size,bleed", [("63x88", 3.0), ("59x86", 2.0), ("70x120", 0.0)])
def test_per_face_pages_are_trim_plus_bleed_and_named(rr, outdir, size, bleed):
    """Per-face: one page per distinct face (the common back once, labelled back-common),
    MediaBox = BleedBox = card + 2 × bleed, TrimBox the card, ArtBox the safe area, labelled
    <id>-front / <id>-back."""
    w, h = (float(v) for v in size.split("x"))
    ids = [c.id for c in rr.cards[:3]]
    out = print_cards(rr, ids=ids + ids[:1], card_size=size, bleed=bleed, backs="long-edge",
                      per_face=True, out=outdir / f"faces-{size}.pdf")
    reader = PdfReader(str(out))
    kinds = {c.id: c.kind for c in rr.cards}
    expected = [label for i in ids for label in
                ((f"{i}-front", f"{i}-back") if kinds[i] == "awakening" else (f"{i}-front",))]
    expected.append("back-common")  # one page for the game's common back, shared by the spells
    assert list(reader.page_labels) == expected
    assert len(reader.pages) == len(expected)
    for page in reader.pages:
        media, bleedbox, trim = (list(map(float, b)) for b in (page.mediabox, page.bleedbox, page.trimbox))
        assert media == pytest.approx(bleedbox, abs=0.01)
        assert media[2] - media[0] == pytest.approx((w + 2 * bleed) * PT_PER_MM, abs=0.01)
        assert media[3] - media[1] == pytest.approx((h + 2 * bleed) * PT_PER_MM, abs=0.01)
        assert trim[2] - trim[0] == pytest.approx(w * PT_PER_MM, abs=0.01)
        assert trim[0] == pytest.approx(bleed * PT_PER_MM, abs=0.01)
        art = list(map(float, page.artbox))
        assert art[0] == pytest.approx((bleed + 3) * PT_PER_MM, abs=0.01)
    titles = [o.title for o in reader.outline]
    assert titles[0] == f"{ids[0]} front ×2"


def test_awakening_cards_get_the_life_track_back(rr, outdir):
    """A Recast Rift awakening card's back is its life track (6 … 1); a spell's is not."""
    awakening = next(c for c in rr.cards if c.kind == "awakening")
    spell = next(c for c in rr.cards if c.kind == "spell")
    out = print_cards(rr, ids=[awakening.id, spell.id], backs="long-edge", per_face=True,
                      out=outdir / "life.pdf")
    with pdfplumber.open(out) as pdf:
        life_back, spell_back = pdf.pages[1].extract_text(), pdf.pages[3].extract_text()
    assert all(str(n) in life_back for n in range(1, 7)) and "ライフ" in life_back
    assert "ライフ" not in spell_back


def test_fonts_are_embedded_and_subset(rr, outdir):
    """Every font in a sheet PDF is an embedded subset (no unembedded Helvetica)."""
    out = print_cards(rr, backs="long-edge", out=outdir / "fonts.pdf")
    fonts = _fonts(out)
    assert fonts
    for name, embedded in fonts:
        assert embedded, name
        assert "+" in name, name  # subset prefix ABCDEF+


def test_cmyk_mode_has_no_rgb_operators_and_cmyk_images(rr, outdir):
    """--cmyk: no rg/RG operator in any content stream, art embedded as DeviceCMYK, and a
    warning that colours may shift when no ICC profile is given."""
    deck = next(d.id for d in rr.decks)
    with pytest.warns(UserWarning, match="may shift"):
        out = print_cards(rr, deck=deck, backs="long-edge", cmyk=True, out=outdir / "cmyk.pdf")
    ops, spaces = set(), set()
    with pikepdf.open(out) as pdf:
        for page in pdf.pages:
            for stream in _streams(page):
                ops |= {str(op) for _, op in pikepdf.parse_content_stream(stream)}
            for _, image in _images(page):
                spaces.add(str(image.ColorSpace))
    assert ops & {"rg", "RG", "sc", "scn"} == set()
    assert "k" in ops or "K" in ops
    assert spaces <= {"/DeviceCMYK"}


def test_cmyk_with_an_icc_profile(rr, outdir, tmp_path):
    """With an ICC profile the art goes through ImageCms and is stored as DeviceCMYK JPEG
    without an embedded profile (the OutputIntent names it once)."""
    from PIL import ImageCms

    icc = tmp_path / "cmyk.icc"
    _write_cmyk_profile(icc)
    deck = next(d.id for d in rr.decks)
    out = print_cards(rr, deck=deck, cmyk=True, icc=icc, out=outdir / "cmyk-icc.pdf")
    with pikepdf.open(out) as pdf:
        images = [img for page in pdf.pages for _, img in _images(page)]
        assert images and all(str(i.ColorSpace) == "/DeviceCMYK" for i in images)
        assert all(b"ICC_PROFILE" not in i.read_raw_bytes() for i in images)
    bad = tmp_path / "bad.icc"
    bad.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    with pytest.raises(ValueError, match="not CMYK"):
        print_cards(rr, deck=deck, cmyk=True, icc=bad, out=outdir / "cmyk-bad.pdf")


def _colour_ops(path):
    """Every fill/stroke colour operator in the file: (operator, operands rounded to 4 places)."""
    found = set()
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for stream in _streams(page):
                for operands, op in pikepdf.parse_content_stream(stream):
                    if str(op) in ("k", "K", "rg", "RG", "g", "G", "sc", "scn", "SC", "SCN", "cs", "CS"):
                        found.add((str(op), tuple(round(float(v), 4) for v in operands)))
    return found


def _face_colours(game, cards):
    """Every #rrggbb a card's front or back (and the marks) asks for."""
    from fuda.faces.fonts import game_fonts
    from fuda.faces.layout import layout_back, layout_card

    fonts = game_fonts(game)
    colours = {"#000000", "#808080", "#404040"}
    for card in cards:
        for face in (layout_card(game, card, bleed=3.0, fonts=fonts),
                     layout_back(game, card, bleed=3.0, fonts=fonts)):
            for item in face.items:
                for attr in ("fill", "stroke", "color"):
                    value = getattr(item, attr, None)
                    if isinstance(value, str) and value.startswith("#"):
                        colours.add(value)
    return colours


def test_every_vector_colour_goes_through_the_profile(rr, outdir, tmp_path):
    """--cmyk --icc: every k/K operator is the profile's conversion of a colour the layout asked
    for (no plain formula anywhere) — or, by design, neutral text on the black plate alone and the
    marks in registration colour — and a known RGB colour maps to the profile's CMYK value."""
    from fuda.faces.paint_pdf import REGISTRATION, black_plate
    from fuda.printing.cmyk import ColourProfile

    icc = tmp_path / "cmyk.icc"
    _write_cmyk_profile(icc)
    profile = ColourProfile.from_file(icc)
    # a known colour: sRGB red through the synthetic press (its own numbers, not 0/1/1/0)
    assert profile.cmyk("#ff0000") == (0.0, 0.8941, 0.9725, 0.0353)
    deck = next(d.id for d in rr.decks)
    out = print_cards(rr, deck=deck, backs="long-edge", cmyk=True, icc=icc, out=outdir / "cm.pdf")
    cards = [item.front for item in select_items(rr, deck=deck)]
    colours = _face_colours(rr, cards)
    expected = {profile.cmyk(c) for c in colours} | {black_plate(c) for c in colours if black_plate(c)} | {REGISTRATION}
    ops = _colour_ops(out)
    assert ops and {op for op, _ in ops} <= {"k", "K"}
    stray = {v for _, v in ops} - expected
    assert not stray, f"colours not from the profile: {sorted(stray)[:5]}"
    from fuda.faces.paint_pdf import rgb_to_cmyk

    plain = {tuple(round(v, 4) for v in rgb_to_cmyk(c)) for c in _face_colours(rr, cards)}
    assert {v for _, v in ops} - plain, "the plain formula was used"


def test_pdfx_1a_2001_requirements(rr, outdir, tmp_path):
    """--pdfx: PDF 1.3, GTS_PDFXVersion/Conformance, Trapped, one OutputIntent with the profile,
    CMYK-only colour and images (no embedded ICC, no SMask), no transparency keys, every font
    embedded, TrimBox and BleedBox on every page within the MediaBox, no ArtBox beside them."""
    icc = tmp_path / "cmyk.icc"
    _write_cmyk_profile(icc)
    deck = next(d.id for d in rr.decks)
    out = print_cards(rr, deck=deck, backs="long-edge", icc=icc, pdfx=True, out=outdir / "x1a.pdf")
    with pikepdf.open(out) as pdf:
        assert pdf.pdf_version == "1.3"
        info = pdf.trailer.Info
        assert str(info.GTS_PDFXVersion) == "PDF/X-1:2001"
        assert str(info.GTS_PDFXConformance) == "PDF/X-1a:2001"
        assert str(info.Trapped) in ("/False", "/True") and str(info.Title)
        intents = pdf.Root.OutputIntents
        assert len(intents) == 1
        intent = intents[0]
        assert str(intent.S) == "/GTS_PDFX" and str(intent.OutputConditionIdentifier)
        assert intent.DestOutputProfile.read_bytes() == icc.read_bytes()
        assert int(intent.DestOutputProfile.N) == 4
        for obj in pdf.objects:
            if isinstance(obj, (pikepdf.Dictionary, pikepdf.Stream)):
                assert "/SMask" not in obj and "/CA" not in obj and "/ca" not in obj
                assert obj.get("/Type") != "/ExtGState" or "/BM" not in obj
        for page in pdf.pages:
            media = [float(v) for v in page.MediaBox]
            bleed = [float(v) for v in page.BleedBox]
            trim = [float(v) for v in page.TrimBox]
            assert "/ArtBox" not in page.obj
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
            for _, image in _images(page):
                assert str(image.ColorSpace) == "/DeviceCMYK"
                assert b"ICC_PROFILE" not in image.read_raw_bytes()
                assert "/SMask" not in image
        assert {op for op, _ in _colour_ops(out)} <= {"k", "K"}
    assert _fonts(out) and all(embedded for _, embedded in _fonts(out))


def test_pdfx_needs_a_profile_and_an_rgb_profile_is_refused(rr, tmp_path):
    """--pdfx without --icc, and an RGB profile, are usage errors naming the fix."""
    from PIL import ImageCms

    with pytest.raises(PrintOptionError, match="--icc"):
        print_cards(rr, pdfx=True, out=tmp_path / "x.pdf")
    bad = tmp_path / "rgb.icc"
    bad.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    with pytest.raises(ValueError, match="not CMYK"):
        print_cards(rr, pdfx=True, icc=bad, out=tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_pdfx_output_is_byte_identical_twice(rr, outdir, tmp_path):
    """PDF/X output (profile, converted art, OutputIntent) is deterministic."""
    icc = tmp_path / "cmyk.icc"
    _write_cmyk_profile(icc)
    a = print_cards(rr, ids=[rr.cards[0].id], icc=icc, pdfx=True, out=outdir / "xa.pdf").read_bytes()
    b = print_cards(rr, ids=[rr.cards[0].id], icc=icc, pdfx=True, out=outdir / "xb.pdf").read_bytes()
    assert a == b


def test_output_is_byte_identical_twice(rr, outdir):
    """The same input gives a byte-identical PDF."""
    a = print_cards(rr, backs="short-edge", out=outdir / "same-a.pdf").read_bytes()
    b = print_cards(rr, backs="short-edge", out=outdir / "same-b.pdf").read_bytes()
    assert a == b


def test_cmyk_output_is_byte_identical_twice(rr, outdir):
    """CMYK mode (converted art included) is deterministic too."""
    deck = next(d.id for d in rr.decks)
    with pytest.warns(UserWarning):
        a = print_cards(rr, deck=deck, cmyk=True, out=outdir / "cmyk-a.pdf").read_bytes()
        b = print_cards(rr, deck=deck, cmyk=True, out=outdir / "cmyk-b.pdf").read_bytes()
    assert a == b


def test_failed_run_keeps_the_previous_file_and_leaves_no_temp(rr, tmp_path, monkeypatch):
    """A failure half-way through leaves the previous PDF untouched and no temporary file."""
    import fuda.printing.sheets as printing

    out = tmp_path / "cards.pdf"
    print_cards(rr, out=out)
    before = out.read_bytes()
    calls = {"n": 0}
    real = printing.place_face

    def flaky(*args, **kwargs):
        calls["n"] += 1
        if calls["n"] == 12:
            raise RuntimeError("disk on fire")
        return real(*args, **kwargs)

    monkeypatch.setattr(printing, "place_face", flaky)
    with pytest.raises(RuntimeError):
        print_cards(rr, backs="long-edge", out=out)
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["cards.pdf"]


def test_select_items_decks_ids_copies(rr):
    """Items come from a deck (with its counts), from ids, or the whole game, times copies."""
    deck = rr.decks[0]
    assert [i.key for i in select_items(rr, deck=deck.id)] == list(deck.card_ids())
    assert [i.key for i in select_items(rr, ids=[rr.cards[1].id], copies=2)] == [rr.cards[1].id] * 2
    assert len(select_items(rr)) == len(rr.cards)
    with pytest.raises(PrintOptionError, match="no deck"):
        select_items(rr, deck="nope")
    with pytest.raises(PrintOptionError, match="not both"):
        select_items(rr, deck=deck.id, ids=["a"])


def test_calibration_sheet_has_two_pages(outdir):
    """The calibration sheet is a front and a back page, its fonts embedded."""
    out = print_calibration(paper="A4", backs="short-edge", out=outdir / "cal.pdf")
    reader = PdfReader(str(out))
    assert len(reader.pages) == 2
    assert "+1.5" in reader.pages[1].extract_text()
    assert all(e for _, e in _fonts(out))


def _app():
    app = typer.Typer()
    register(app)
    return app


@pytest.mark.parametrize("args,needle", [
    (["print", "recast-rift", "--deck", "nope"], "has no deck 'nope'"),
    (["print", "recast-rift", "--paper", "A5"], "unknown paper"),
    (["print", "no-such-game"], "no game"),
    (["print", "recast-rift", "--backs", "sideways"], "unknown backs"),
    (["print", "recast-rift", "--marks", "dots"], "unknown marks"),
    (["print", "recast-rift", "--back-offset", "1"], "bad --back-offset"),
    (["print", "recast-rift", "--card-size", "huge"], "bad card size"),
    (["print", "recast-rift", "--icc", "x.icc"], "--icc needs --cmyk"),
    (["print", "--calibration", "--backs", "gutter"], "calibration sheet is for duplex"),
    (["mat", "recast-rift", "--paper", "A9"], "unknown paper"),
])
def test_usage_errors_are_one_line_exit_2(tmp_path, args, needle):
    """Option mistakes give exit 2 and a single `fuda: error:` line."""
    result = CliRunner().invoke(_app(), [*args, "-o", str(tmp_path / "x.pdf")])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("fuda: error: ") and needle in lines[0]
    assert not (tmp_path / "x.pdf").exists()


BAD_NUMBERS = ["nan", "inf", "-inf", "NaN", "1e9", "-1e9", "100000"]
NUMBER_OPTIONS = [
    (["print", "recast-rift", "--bleed"], "{}"),
    (["print", "recast-rift", "--copies"], "{}"),
    (["print", "recast-rift", "--back-offset"], "{},0"),
    (["print", "recast-rift", "--back-offset"], "0,{}"),
    (["print", "--calibration", "--back-offset"], "{},0"),
    (["print", "--calibration", "--back-offset"], "0,{}"),
    (["print", "recast-rift", "--card-size"], "{}x88"),
    (["print", "recast-rift", "--card-size"], "63x{}"),
    (["mat", "recast-rift", "--png", "--px-per-mm"], "{}"),
]


@pytest.mark.parametrize("value", BAD_NUMBERS)
@pytest.mark.parametrize("args,pattern", NUMBER_OPTIONS)
def test_every_number_option_rejects_nan_inf_and_out_of_range(tmp_path, args, pattern, value):
    """NaN, ±inf and absurd values of every number option are usage errors (exit 2), no file."""
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(_app(), [*args, pattern.format(value), "-o", str(out)])
    assert result.exit_code == 2, (args, value, result.output)
    assert "error" in result.output.lower() and "Traceback" not in result.output
    assert not out.exists()


@pytest.mark.parametrize("offset", [(float("nan"), 0.0), (0.0, float("inf")), (21.0, 0.0), ("x", 0)])
def test_library_rejects_bad_back_offsets(rr, tmp_path, offset):
    """print_cards and print_calibration refuse a non-finite or out-of-range back offset."""
    with pytest.raises(PrintOptionError):
        print_cards(rr, back_offset=offset, backs="long-edge", out=tmp_path / "x.pdf")
    with pytest.raises(PrintOptionError):
        print_calibration(back_offset=offset, out=tmp_path / "c.pdf")
    assert not list(tmp_path.iterdir())


def test_cli_print_writes_the_pdf(tmp_path):
    """`fuda print GAME --deck D --backs long-edge -o OUT` writes OUT and prints its path."""
    out = tmp_path / "deck.pdf"
    db = load_database()
    deck = db.game("raise-blaze").decks[0].id
    result = CliRunner().invoke(_app(), ["print", "raise-blaze", "--deck", deck, "--backs", "long-edge",
                                         "--copies", "1", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.is_file() and str(out) in result.output


def test_build_step_writes_sheets_pairs_and_mats(db, tmp_path):
    """The build step writes every game's sheets, each ryomen pairing and every mat (PDF+PNG)."""
    files, said = build_step(db, tmp_path)
    assert said == []  # every bundled rule set has a mat
    names = {p.name for p in files}
    for game in db.games:
        assert {f"{game.id}-cards.pdf", f"{game.id}-mat.pdf", f"{game.id}-mat.png"} <= names
    pairings = [d.id for d in db.game("ryomen").decks if "pairs" in d.data]
    assert {f"ryomen-pairs-{d}.pdf" for d in pairings} <= names
    assert all(p.is_file() and p.stat().st_size > 0 for p in files)


def test_build_step_splits_a_game_too_big_for_one_file(db, tmp_path, monkeypatch):
    """A game of more cards than one print file holds gets its sheets in numbered parts of equal
    size, in card order, and no whole-game file."""
    from fuda.printing import imposition

    game = db.game("toho-tcg")
    total = len(game.cards)
    monkeypatch.setattr(imposition, "MAX_ITEMS", total // 2 - 1)  # three parts
    files = [p for p in build_step(db, tmp_path)[0] if p.parent.name == "toho-tcg"]
    parts = sorted(p for p in files if p.name.startswith("toho-tcg-cards"))
    assert [p.name for p in parts] == ["toho-tcg-cards-1.pdf", "toho-tcg-cards-2.pdf", "toho-tcg-cards-3.pdf"]
    printed = []  # the card ids each part's pages name (every face carries a card:<id>:front tag)
    for part in parts:
        with pdfplumber.open(part) as pdf:
            text = "".join(page.extract_text() or "" for page in pdf.pages)
        printed.append(re.findall(r"card:([^:\s]+):front", text))
    assert [cid for part in printed for cid in part] == [c.id for c in game.cards]
    assert max(map(len, printed)) - min(map(len, printed)) <= 1


def test_split_evenly_makes_equal_consecutive_parts():
    """Items split into the fewest consecutive parts of at most ``most``, sizes differing by one at most."""
    from fuda.build import split_evenly

    assert split_evenly(list(range(5)), 5) == [list(range(5))]
    assert split_evenly(list(range(30000)), 20000) == [list(range(15000)), list(range(15000, 30000))]
    parts = split_evenly(list(range(41)), 20)
    assert [len(p) for p in parts] == [14, 14, 13] and [n for part in parts for n in part] == list(range(41))


# --- helpers -----------------------------------------------------------------------------------

def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - 0.01 and inner[1] >= outer[1] - 0.01
            and inner[2] <= outer[2] + 0.01 and inner[3] <= outer[3] + 0.01)


def _streams(page):
    """The page's content stream and those of its form XObjects."""
    yield page
    resources = page.obj.get("/Resources", {})
    for _, xobj in resources.get("/XObject", {}).items():
        if xobj.get("/Subtype") == "/Form":
            yield xobj


def _images(page):
    resources = page.obj.get("/Resources", {})
    for name, xobj in resources.get("/XObject", {}).items():
        if xobj.get("/Subtype") == "/Image":
            yield name, xobj
        elif xobj.get("/Subtype") == "/Form":
            for n2, x2 in xobj.get("/Resources", {}).get("/XObject", {}).items():
                if x2.get("/Subtype") == "/Image":
                    yield n2, x2


def _fonts(path) -> list[tuple[str, bool]]:
    """(BaseFont, embedded) for every font of every page."""
    out = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            for _, font in page.obj.get("/Resources", {}).get("/Font", {}).items():
                descriptor = font.get("/FontDescriptor")
                if descriptor is None and "/DescendantFonts" in font:
                    descriptor = font.DescendantFonts[0].get("/FontDescriptor")
                embedded = descriptor is not None and any(
                    k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                out.append((str(font.BaseFont), embedded))
    return out


def _write_cmyk_profile(path) -> None:
    """Write a synthetic but valid ICC v2 CMYK output profile (tests/icc_cmyk.py), so the test
    needs no profile installed on the machine."""
    path.write_bytes(cmyk_profile())


def test_validate_strict_warns_about_low_resolution_art(sample_copy):
    """`fuda validate --strict`: the bundled art passes; a 300×400 px image fails with exit 1
    and a warning naming the card, the file and its ppi."""
    from PIL import Image

    from fuda.cli.main import app

    assert CliRunner().invoke(app, ["validate", "--strict"]).exit_code == 0
    folder = sample_copy("toho-tcg")
    Image.new("RGB", (300, 400), (200, 50, 50)).save(folder / "art" / "cirno.png")
    plain = CliRunner().invoke(app, ["validate", str(folder.parent)])
    assert plain.exit_code == 0 and "P107" not in plain.output
    result = CliRunner().invoke(app, ["validate", "--strict", str(folder.parent)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "P107" in line]
    assert lines and all("cirno.png" in line and "144 ppi" in line and "(card " in line for line in lines)


def test_sample_art_is_at_least_300_ppi_in_every_window_and_size(db):
    """Every bundled art file gets ≥ 300 ppi in its game's art window at 63×88 and tarot size."""
    from fuda.faces.layout import lay_out
    from fuda.printing.sheets import with_card_size

    for game in db.games:
        for size in ((63, 88), (70, 120)):
            g = with_card_size(game, size)
            for card in g.cards:
                if card.art is not None:
                    _, findings = lay_out(g, card, text_only=True)
                    assert not [f.message for f in findings if f.code == "P107"], (game.id, card.id, size)


def test_awakening_cards_without_backs_warn_and_with_backs_do_not(rr, tmp_path):
    """`--backs none` with Recast Rift awakening cards warns that their life-track backs are
    missing (naming the cards and the fix); printing them with backs does not."""
    import warnings

    from fuda.i18n import localize
    from fuda.printing.sheets import MissingBacksWarning

    with pytest.warns(MissingBacksWarning, match=r"awakening.*--backs long-edge") as record:
        print_cards(rr, out=tmp_path / "none.pdf")
    assert "ライフトラック" in localize(record[0].message, "ja")
    with warnings.catch_warnings():
        warnings.simplefilter("error", MissingBacksWarning)
        print_cards(rr, backs="long-edge", out=tmp_path / "duplex.pdf")
        spells = [c.id for c in rr.cards if c.kind == "spell"][:2]
        print_cards(rr, ids=spells, out=tmp_path / "spells.pdf")
    result = CliRunner().invoke(_app(), ["print", "recast-rift", "-o", str(tmp_path / "cli.pdf")])
    assert result.exit_code == 0 and "fuda: warning:" in result.output and "life track" in result.output


@pytest.mark.parametrize("backs", ["none", "long-edge", "gutter"])
def test_trim_and_bleed_boxes_cover_only_the_placed_cards(db, tmp_path, backs):
    """Two cards on a nine-card sheet: TrimBox spans those two cards (126 × 88 mm, butted),
    BleedBox the same grown by the bleed — not the empty slots."""
    game = db.game("toho-tcg")
    ids = [c.id for c in game.cards[:2]]
    out = print_cards(game, ids=ids, backs=backs, out=tmp_path / "two.pdf")
    with pikepdf.open(out) as pdf:
        for page in pdf.pages:
            trim = [float(v) / PT_PER_MM for v in page.TrimBox]
            bleed = [float(v) / PT_PER_MM for v in page.BleedBox]
            width, height = trim[2] - trim[0], trim[3] - trim[1]
            if backs == "gutter":  # fronts and their backs either side of the fold
                assert height == pytest.approx(88, abs=0.01) or width == pytest.approx(126, abs=0.01)
                assert width * height < 2 * 126 * 88 + 60 * 88
            else:
                assert (width, height) == (pytest.approx(126, abs=0.01), pytest.approx(88, abs=0.01))
            assert bleed[0] == pytest.approx(trim[0] - 3, abs=0.01)
            assert bleed[3] == pytest.approx(trim[3] + 3, abs=0.01)


def test_per_face_long_edge_writes_one_shared_back(db, tmp_path):
    """--per-face --backs long-edge: one page per distinct front and ONE common back page,
    labelled back-common and bookmarked with the number of cards it backs."""
    game = db.game("toho-tcg")
    deck = game.decks[0]
    out = print_cards(game, deck=deck.id, backs="long-edge", per_face=True, out=tmp_path / "f.pdf")
    reader = PdfReader(str(out))
    labels = list(reader.page_labels)
    distinct = len(dict.fromkeys(deck.card_ids()))
    assert labels.count("back-common") == 1 and len(labels) == distinct + 1
    assert all(label.endswith("-front") for label in labels[:-1])
    titles = [o.title for o in reader.outline]
    assert titles[-1] == f"common back (共通裏面) ×{len(deck.card_ids())}"


def test_mat_png_carries_its_dpi(db, tmp_path):
    """The mat PNG says its resolution (pHYs), so it prints at its real size."""
    from PIL import Image

    from fuda.printing.mat import write_mat_png

    out = write_mat_png(db.game("toho-tcg"), tmp_path / "mat.png", px_per_mm=4.0)
    with Image.open(out) as im:
        dpi = im.info["dpi"]
    assert dpi[0] == pytest.approx(101.6, abs=0.1) and dpi[1] == pytest.approx(101.6, abs=0.1)


def test_pdfs_with_art_are_identical_across_checkout_paths(tmp_path):
    """The same database in two folders gives byte-identical PDFs (images are named by their
    content, not by their absolute path)."""
    import shutil

    from fuda.database.resources import cards_dir

    outs = []
    for name in ("one", "two-longer-path"):
        root = tmp_path / name / "cards"
        shutil.copytree(cards_dir() / "toho-tcg", root / "toho-tcg")
        game = load_database([root]).game("toho-tcg")
        outs.append(print_cards(game, out=tmp_path / f"{name}.pdf").read_bytes())
    assert outs[0] == outs[1]
    assert b"/FormXob." in outs[0]


def _text_fills(path):
    """(fill colour operands, fill overprint on, text) of every text shown, from the content
    streams (q/Q save and restore the colour and the ExtGState's overprint, as in PDF)."""
    shown = []
    with pikepdf.open(path) as pdf:
        for page in pdf.pages:
            states = page.obj.Resources.get("/ExtGState", {})
            fill, over, mode, stack = None, False, 0, []
            for stream in _streams(page):
                for operands, op in pikepdf.parse_content_stream(stream):
                    op = str(op)
                    if op == "q":
                        stack.append((fill, over, mode))
                    elif op == "Q":
                        fill, over, mode = stack.pop()
                    elif op == "k":
                        fill = tuple(round(float(v), 4) for v in operands)
                    elif op == "gs":
                        state = states[operands[0]]
                        over = bool(state.op) if "/op" in state else over
                        mode = int(state.OPM) if "/OPM" in state else mode
                    elif op in ("Tj", "TJ"):
                        shown.append((fill, over and mode == 1, operands))
    return shown


def _stroke_ops(path):
    """The stroke colours (K operands) of every page."""
    return {tuple(round(float(v), 4) for v in operands) for operands, op in
            (item for page in pikepdf.open(path).pages for stream in _streams(page)
             for item in pikepdf.parse_content_stream(stream)) if str(op) == "K"}


def test_black_text_is_k100_and_marks_are_registration(rr, outdir, tmp_path):
    """スミ文字: with a profile, every piece of neutral text (the cards' black body text, the grey
    labels) is drawn on the black plate alone — C, M and Y zero — and near-black text is K100,
    overprinting; the trim marks are in registration colour. Coloured text is not."""
    from fuda.faces.layout import layout_card
    from fuda.faces.paint_pdf import REGISTRATION, black_plate

    icc = tmp_path / "cmyk.icc"
    _write_cmyk_profile(icc)
    deck = next(d.id for d in rr.decks)
    out = print_cards(rr, deck=deck, backs="long-edge", cmyk=True, icc=icc, out=outdir / "k100.pdf")
    shown = _text_fills(out)
    fills = [fill for fill, _, _ in shown]
    assert fills and all(fill is not None for fill in fills)
    # K100 text overprints (スミのせ, OPM 1: the other plates keep what lies below); no other text does
    assert all(over == (fill == (0.0, 0.0, 0.0, 1.0)) for fill, over, _ in shown)
    k_only = [f for f in fills if f[:3] == (0.0, 0.0, 0.0)]
    assert (0.0, 0.0, 0.0, 1.0) in k_only  # the body text
    assert len(k_only) > len(fills) / 2
    text_colours = {item.color for card in (i.front for i in select_items(rr, deck=deck))
                    for item in layout_card(rr, card, bleed=3.0).items if hasattr(item, "text") and hasattr(item, "color")}
    assert {black_plate(c) for c in text_colours if black_plate(c)} <= set(k_only)
    assert REGISTRATION in _stroke_ops(out)
    assert black_plate("#1d1a17") == (0.0, 0.0, 0.0, 1.0) and black_plate("#1f2747") is None
    assert black_plate("#808080") == (0.0, 0.0, 0.0, 0.498)
