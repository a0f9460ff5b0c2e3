"""Card images, contact sheets and the HTML gallery, read back with Pillow and an HTML parser."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.main import app
from fuda.database.resources import cards_dir
from fuda.gallery import gallery_step, make_images
from fuda.gallery.images import ImageOptionError

from .conftest import GAMES

ALL_GAMES = (*GAMES, "hoshikage")  # the four rule sets and a custom one (rules: custom)

runner = CliRunner()


class Page(HTMLParser):
    """The parts of the gallery a test checks: articles, image sources, links, kind options."""

    def __init__(self):
        super().__init__()
        self.articles, self.srcs, self.links, self.options = [], [], [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "article":
            self.articles.append(a)
        elif tag == "img":
            self.srcs.append(a["src"])
        elif tag == "a":
            self.links.append(a["href"])
        elif tag == "option":
            self.options.append(a["value"])


def parse(path: Path) -> Page:
    """The gallery page at ``path``, parsed."""
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_every_card_has_an_image_of_its_size_and_a_gallery_entry(tmp_path, game_id):
    """Each card gets <id>.png at the card's size for the DPI (recorded in the file); the gallery
    lists every card once and every link and image source resolves."""
    game = load_database().game(game_id)
    dpi = 72
    result = make_images(game, tmp_path, dpi=dpi, html=True)
    w_mm, h_mm = game.card_size
    for card in game.cards:
        with Image.open(tmp_path / f"{card.id}.png") as im:
            assert im.size == (round(w_mm * dpi / 25.4), round(h_mm * dpi / 25.4))
            assert tuple(round(v) for v in im.info["dpi"]) == (dpi, dpi)
    page = parse(result.page)
    assert sorted(a["id"] for a in page.articles) == sorted(c.id for c in game.cards)
    assert set(page.options) == {""} | {c.kind for c in game.cards}
    for ref in page.srcs + page.links:
        assert (tmp_path / ref).is_file(), ref
    own_backs = [w for w in result.faces if w.entry.side == "back" and w.entry.card is not None]
    if game_id == "recast-rift":
        assert {w.path.name for w in own_backs} == {f"{c.id}-back.png" for c in game.cards if c.kind == "awakening"}


def test_jpg_and_webp_record_their_dpi(tmp_path):
    """--format jpg and webp write files whose resolution reads back as the DPI asked for."""
    game = load_database().game("toho-tcg")
    make_images(game, tmp_path / "j", ids=["reimu"], dpi=120, fmt="jpg")
    make_images(game, tmp_path / "w", ids=["reimu"], dpi=120, fmt="webp")
    with Image.open(tmp_path / "j" / "reimu.jpg") as im:
        assert im.format == "JPEG" and tuple(round(v) for v in im.info["dpi"]) == (120, 120)
    with Image.open(tmp_path / "w" / "reimu.webp") as im:
        exif = im.getexif()
        assert im.format == "WEBP" and (float(exif[282]), float(exif[283]), exif[296]) == (120.0, 120.0, 2)


def test_ryomen_pairing_writes_face_a_and_b(tmp_path):
    """A ryomen pairing deck gives <a>-a.png and <a>-b.png for each of its 9 pairs."""
    game = load_database().game("ryomen")
    deck = game.decks[0]
    result = make_images(game, tmp_path, deck=deck.id, dpi=60)
    names = {w.path.name for w in result.faces}
    assert names == {f"{a}-{s}.png" for a, _ in deck["pairs"] for s in "ab"}


def test_contact_sheets_are_1600_px_wide(tmp_path):
    """--sheet writes contact sheets 1600 px wide holding every card (30 a page)."""
    game = load_database().game("toho-tcg")
    result = make_images(game, tmp_path, dpi=60, sheet=True)
    assert len(result.sheets) == -(-len(game.cards) // 30)
    for path in result.sheets:
        with Image.open(path) as im:
            assert im.width == 1600 and im.height > 400


def test_a_contact_sheet_drawn_row_by_row_is_the_sheet_drawn_whole(tmp_path, monkeypatch):
    """A sheet is drawn and deflated a row of cards at a time: its file is byte for byte the sheet
    drawn as one image (outlines, names and a last row left part empty included)."""
    from fuda.gallery.contact import ContactSheets

    game = load_database().game("toho-tcg")
    ids = [c.id for c in game.cards[:14]]  # three rows, the last of two cards
    banded = make_images(game, tmp_path / "rows", ids=ids, dpi=60, sheet=True).sheets
    band = ContactSheets._band

    def whole(self, top, bottom):  # one band from the top to the bottom: the sheet drawn whole
        if self.sheet is None:
            band(self, 0, self.height)

    monkeypatch.setattr(ContactSheets, "_band", whole)
    drawn = make_images(game, tmp_path / "whole", ids=ids, dpi=60, sheet=True).sheets
    assert [p.name for p in banded] == [p.name for p in drawn] == ["sheet.png"]
    assert banded[0].read_bytes() == drawn[0].read_bytes()


def test_images_are_byte_identical_run_to_run(tmp_path):
    """The same card and options give the same bytes."""
    game = load_database().game("raise-blaze")
    a = make_images(game, tmp_path / "a", ids=[game.cards[0].id], dpi=90, html=True)
    b = make_images(game, tmp_path / "b", ids=[game.cards[0].id], dpi=90, html=True)
    assert [w.path.read_bytes() for w in a.faces] == [w.path.read_bytes() for w in b.faces]
    assert a.page.read_bytes() == b.page.read_bytes()


def test_bad_options_are_refused(tmp_path):
    """An unknown id, --deck with --ids, or a silly DPI is an option error; nothing is written."""
    game = load_database().game("toho-tcg")
    for kwargs in ({"ids": ["nope"]}, {"deck": game.decks[0].id, "ids": ["reimu"]}, {"dpi": 5}):
        with pytest.raises(ImageOptionError):
            make_images(game, tmp_path / "x", **kwargs)
    assert not (tmp_path / "x").exists()


def test_build_step_writes_a_gallery_per_game(tmp_path):
    """fuda build's gallery step: index.html, images and contact sheets under gallery/<game>/."""
    database = load_database([cards_dir() / "ryomen"])
    files, _ = gallery_step(database, tmp_path)
    folder = tmp_path / "gallery" / "ryomen"
    assert folder / "index.html" in files and (folder / "sheet.png").is_file()
    assert len(parse(folder / "index.html").articles) == len(database.game("ryomen").cards)


def test_cli_images_writes_and_exits_2_on_unknown_deck(tmp_path):
    """fuda images writes the files; an unknown deck is a usage error (exit 2)."""
    ok = runner.invoke(app, ["images", "ryomen", "--ids", "cirno,alice", "--dpi", "60", "-o", str(tmp_path / "o")])
    assert ok.exit_code == 0, ok.output
    assert sorted(p.name for p in (tmp_path / "o").iterdir()) == [".fuda-outputs.json", "alice.png", "cirno.png"]
    assert '"alice.png"' in (tmp_path / "o" / ".fuda-outputs.json").read_text(encoding="utf-8")  # fuda's record
    bad = runner.invoke(app, ["images", "ryomen", "--deck", "nope", "-o", str(tmp_path / "p")])
    assert bad.exit_code == 2


def test_contact_sheet_names_sort_in_page_order_past_99(tmp_path):
    """From 100 sheets on the numbers get three digits, so sheet-100 sorts after sheet-099."""
    from PIL import Image

    from fuda.faces.fonts import default_fonts
    from fuda.gallery.contact import ContactSheets

    sheets = ContactSheets("t", 101, default_fonts(), tmp_path, columns=1, rows=1, width=400)
    card = Image.new("RGB", (20, 28), (200, 10, 10))
    for k in range(101):
        sheets.add(f"c{k}", card)
    names = [p.name for p in sheets.close()]
    assert names[0] == "sheet-001.png" and names[-1] == "sheet-101.png"
    assert sorted(names) == names


def test_a_big_game_painted_by_two_processes_gives_the_same_files(tmp_path, monkeypatch):
    """The gallery of a game past the pool's threshold (lowered here) is byte for byte the one
    a single process writes: faces, own backs, contact sheets across parts, page, warnings."""
    from fuda.gallery import parallel

    game = load_database().game("recast-rift")  # own backs between the cards: parts are not even
    monkeypatch.setattr(parallel, "MIN_FACES", 10**9)
    one = make_images(game, tmp_path / "one", dpi=40, sheet=True, html=True, check=False)
    monkeypatch.setattr(parallel, "MIN_FACES", 1)
    assert parallel.workers(len(one.faces)) == 2
    counts: list = []
    two = make_images(game, tmp_path / "two", dpi=40, sheet=True, html=True,
                      progress=lambda done, total: counts.append((done, total)))
    assert len(two.sheets) == len(one.sheets) >= 2
    assert read(tmp_path / "two") == read(tmp_path / "one")
    assert [w.entry for w in two.faces] == [w.entry for w in one.faces] and two.warnings == one.warnings
    assert counts[-1] == (len(one.faces), len(one.faces)) and counts == sorted(counts)


def test_parts_are_one_contact_sheet_each_with_their_own_backs():
    """parallel.parts: a part per `per` shown cards; an own back stays with the part of its card."""
    from fuda.gallery.images import Entry
    from fuda.gallery.parallel import parts

    chosen = [Entry("a", None, "front"), Entry("a-back", None, "back"), Entry("b", None, "front"),
              Entry("c", None, "front"), Entry("c-back", None, "back"), Entry("back", None, "back")]
    assert parts(chosen, 2) == [range(3), range(3, 6)]
    assert parts(chosen, 1) == [range(2), range(2, 3), range(3, 6)]
    assert parts([], 30) == []


def test_a_face_that_does_not_fit_stops_both_ways_after_the_same_files(tmp_path, monkeypatch):
    """Without the check pass, a card whose text does not fit stops the run with its located
    finding, after the files one process writes, byte for byte (two processes may also have
    written the part after it, which the other process had started)."""
    from fuda.database.findings import FindingsError
    from fuda.gallery import parallel
    from fuda.lint.synthetic import make_game

    text = "２ドローする。"
    cards = [{"id": f"s{n:02d}", "name": f"符{n}", "kind": "spell", "fighter": "reimu", "timing": "normal",
              "type": "action", "recast": [2, 1], "graze": False, "text": text,
              "abilities": [{"when": "on-cast", "text": text, "effect": [{"draw": 2}]}]} for n in range(70)]
    cards[45]["flavor"] = "長い" * 200
    game = make_game("recast-rift", cards)
    stops = {}
    for name, least in (("one", 10**9), ("two", 1)):
        monkeypatch.setattr(parallel, "MIN_FACES", least)
        with pytest.raises(FindingsError) as caught:
            make_images(game, tmp_path / name, dpi=40, sheet=True, html=True, check=False)
        stops[name] = [(f.code, f.card) for f in caught.value.findings]
    assert stops["one"] == stops["two"] and ("P101", "s45") in stops["one"]
    one, two = read(tmp_path / "one"), read(tmp_path / "two")
    assert {name: two[name] for name in one} == one and "s45.png" not in two
    assert all(re.fullmatch(r"s6\d\.png|sheet-03\.png|back\.png", name) for name in set(two) - set(one))  # the part after
    assert "s44.png" in read(tmp_path / "one") and "s45.png" not in read(tmp_path / "one")


def read(folder):
    """Every file of ``folder`` by name, as bytes."""
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_build_paints_its_big_galleries_ahead_and_writes_the_same_files(tmp_path, monkeypatch):
    """``fuda build`` forks the gallery's worker after its print step (it paints while lint and
    the steps after run): every file of the build is byte for byte that of a build painted by
    one process."""
    from fuda import build as building
    from fuda import gallery
    from fuda.gallery import parallel

    seen = []
    for name in ("print_step", "lint_step"):
        step = getattr(building, name)
        monkeypatch.setattr(building, name, lambda db, out, step=step, name=name:
                            seen.append((name, gallery._AHEAD[0])) or step(db, out))
    outputs = {}
    for name, least in (("one", 10**9), ("two", 1)):
        monkeypatch.setattr(parallel, "MIN_FACES", least)
        assert building.build([cards_dir()], tmp_path / name).ok
        outputs[name] = {p.relative_to(tmp_path / name): p.read_bytes() for p in sorted((tmp_path / name).rglob("*"))
                         if p.is_file()}
    assert [name for name, _ in seen] == ["print_step", "lint_step"] * 2
    assert [ahead is None for _, ahead in seen] == [True, True, True, False]  # painting from lint on
    assert len(seen[3][1][1].jobs) == len(load_database().games)
    assert outputs["two"] == outputs["one"] and any(p.parts[0] == "gallery" for p in outputs["one"])
