"""Udonarium ZIP export: every exported ZIP is opened and checked against the format rules of
../shared/formats/udonarium.md (identifiers, 2 MiB, XML shape, JSON attributes, detail text)."""

from __future__ import annotations

import hashlib
import io
import json
import random
import re
import xml.etree.ElementTree as ET
import zipfile

import pytest
from typer.testing import CliRunner

from fuda import load_database
from fuda.build import online_step as build_step
from fuda.cli.export import register
from fuda.database.findings import FindingsError
from fuda.online.udonarium import build_zip, export_udonarium
from fuda.online.udonarium_format import MAX_IMAGE_BYTES, ExportError, fit_image

from .conftest import rewrite
from .engine.cli import app

HEX = re.compile(r"[0-9a-f]{64}")
TYPED = {"location.x", "location.y", "posZ", "state", "rotate", "zindex", "isShowTotal", "width", "height",
         "gridSize", "selected", "gridType", "roll", "currentValue"}
ROOTS = {"card", "card-stack", "game-table", "room", "character", "summary-setting"}
_DECODE = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'"}


def udon_text(el) -> str:
    """A leaf value as Udonarium reads it: innerHTML (XML-serialised text), entities decoded once."""
    inner = (el.text or "").replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub("&amp;|&lt;|&gt;|&quot;|&apos;", lambda m: _DECODE[m.group()], inner)


def udon_attr(value: str) -> str:
    """An attribute as Udonarium reads it: the parser's decoding, then its own second decoding."""
    return re.sub("&amp;|&lt;|&gt;|&quot;|&apos;", lambda m: _DECODE[m.group()], value)


def child_data(el, name):
    """The direct <data> child of ``el`` named ``name``."""
    for c in el:
        if c.tag == "data" and c.get("name") == name:
            return c
    raise AssertionError(f"<{el.tag}> has no <data name={name!r}>")


def path_data(el, *names):
    """``el``/name/name… by direct children (card/image/front …)."""
    for name in names:
        el = child_data(el, name)
    return el


def open_zip(blob: bytes):
    """(images {identifier: bytes}, [(file name, root element)]) of a ZIP, format rules checked."""
    from PIL import Image

    images, roots = {}, []
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        for info in zf.infolist():
            data = zf.read(info)
            stem, ext = info.filename.rsplit(".", 1)
            if ext == "xml":
                text = data.decode("utf-8")
                assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>')
                assert "CDATA" not in text
                roots.append((info.filename, ET.fromstring(data)))
                continue
            assert ext in ("png", "jpg"), info.filename
            assert stem == hashlib.sha256(data).hexdigest() and HEX.fullmatch(stem), info.filename
            assert len(data) <= MAX_IMAGE_BYTES
            with Image.open(io.BytesIO(data)) as im:
                im.load()
                images[stem] = im.size
    return images, roots


def iter_cards(root):
    """Every <card> element below (or at) ``root``."""
    return [root] if root.tag == "card" else list(root.iter("card"))


def check_rules(blob: bytes):
    """All format rules of one ZIP; returns (images, roots)."""
    images, roots = open_zip(blob)
    assert {r.tag for _, r in roots} <= ROOTS
    for _, root in roots:
        for el in root.iter():
            for key, value in el.attrib.items():
                if key in TYPED:
                    json.loads(value)  # numeric and boolean attributes are JSON
            if el.tag == "data" and el.get("type") == "image" and el.text:
                assert el.text == el.text.strip() and HEX.fullmatch(el.text) and el.text in images
        for table in root.iter("game-table"):
            ident = table.get("imageIdentifier")
            assert ident in images
            w, h = images[ident]
            assert w * int(table.get("height")) == h * int(table.get("width"))  # aspect = grid
            assert table.get("gridSize") == "50" and table.get("selected") == "true"
        for card in iter_cards(root):
            front = path_data(card, "card", "image", "front").text
            back = path_data(card, "card", "image", "back").text
            assert front in images and back in images
            assert path_data(card, "card", "common", "name").text
            assert isinstance(json.loads(path_data(card, "card", "common", "size").text), (int, float))
            assert card.get("owner") == ""
        for stack in root.iter("card-stack"):
            assert path_data(stack, "card-stack", "common", "name").text
            node = [c for c in stack if c.tag == "node" and c.get("name") == "cardRoot"]
            assert len(node) == 1 and len(node[0]) > 0
            sizes = {images[path_data(c, "card", "image", side).text] for c in node[0] for side in ("front", "back")}
            assert len({round(w / h, 2) for w, h in sizes}) == 1  # one aspect ratio per deck
        for piece in root.iter("character"):  # a counter: image, name, a number with a maximum
            assert path_data(piece, "character", "image", "imageIdentifier").text in images
            assert path_data(piece, "character", "common", "name").text
            (number,) = [d for d in piece.iter("data") if d.get("type") == "numberResource"]
            assert 0 <= json.loads(number.get("currentValue")) <= json.loads(number.text)
    return images, roots


def notes(card):
    """{(section, item): value} of a card's detail."""
    out = {}
    for section in path_data(card, "card", "detail"):
        for item in section:
            out[(section.get("name"), item.get("name"))] = udon_text(item)
    return out


@pytest.fixture(scope="module")
def db():
    """The bundled sample database."""
    return load_database()


@pytest.fixture(scope="module")
def built(db, tmp_path_factory):
    """Every file ``build_step`` writes for the sample database."""
    out = tmp_path_factory.mktemp("build")
    files, warnings = build_step(db, out)
    assert warnings == []  # the sample's text is all in the bundled font
    return out, files


def test_build_step_writes_every_deck_and_card_txt(db, built):
    """build_step writes a ZIP per sample deck and Card.txt for toho-tcg and the custom samples."""
    out, files = built
    expected = {out / "udonarium" / g.id / f"{d.id}.zip" for g in db.games for d in g.decks}
    expected |= {out / "duel-online" / g / "Card.txt" for g in ("toho-tcg", "hoshikage", "kenbu")}
    assert set(files) == expected and all(p.is_file() for p in files)


def test_every_exported_zip_follows_the_format(built):
    """Every ZIP: hashed lower-case names, ≤ 2 MiB decodable images, UTF-8 XML, JSON attributes."""
    _, files = built
    for path in files:
        if path.suffix == ".zip":
            check_rules(path.read_bytes())


def test_detail_holds_card_text_and_stats(db, built):
    """Each card's detail note テキスト equals the card text; the id and stats are there too."""
    out, _ = built
    for game in db.games:
        for deck in game.decks:
            _, roots = open_zip((out / "udonarium" / game.id / f"{deck.id}.zip").read_bytes())
            for _, root in roots:
                for card in iter_cards(root):
                    for (section, item), value in notes(card).items():
                        if item == "テキスト":
                            cid = notes(card)[(section, "カードID")]
                            assert value == (game.card(cid).text or "")
                            assert notes(card)[(section, "カード名")] == game.card(cid).name


def _export(built, game, deck):
    images, roots = check_rules((built[0] / "udonarium" / game.id / f"{deck}.zip").read_bytes())
    return images, [r for _, r in roots]


def test_recast_rift_spells_down_and_both_awakening_cards(db, built):
    """Recast Rift: 9 spells face down; both fighters' awakening cards loose, face down, life-track backs."""
    game = db.game("recast-rift")
    deck = game.deck("reimu-marisa")
    _images, roots = _export(built, game, deck.id)
    stacks = [r for r in roots if r.tag == "card-stack"]
    loose = [r for r in roots if r.tag == "card"]
    assert len(stacks) == 1 and path_data(stacks[0], "card-stack", "common", "name").text == deck.name
    cards = stacks[0].find("node")
    assert sorted(notes(c)[("カード", "カードID")] for c in cards) == sorted(deck["spells"])
    assert {c.get("state") for c in cards} == {"1"}
    awakening = {c.id for c in game.cards if c.kind == "awakening" and c["fighter"] in deck["fighters"]}
    assert {notes(c)[("カード", "カードID")] for c in loose} == awakening and len(loose) == 2
    assert {c.get("state") for c in loose} == {"1"}
    life = {path_data(c, "card", "image", "back").text for c in loose}
    spell_back = {path_data(c, "card", "image", "back").text for c in cards}
    assert len(life) == 2 and len(spell_back) == 1 and not life & spell_back  # each life track marked
    chosen = {notes(c)[("カード", "カードID")]: path_data(c, "card", "common", "name").text for c in loose}
    assert "選んだ覚醒札" in chosen[deck["awakening"]]
    assert all("選んだ" not in name for cid, name in chosen.items() if cid != deck["awakening"])


def test_toho_and_raise_blaze_decks_face_down(db, built):
    """toho-tcg: the main deck face down; raise-blaze: main and core decks face down."""
    game = db.game("toho-tcg")
    deck = game.decks[0]
    _, roots = _export(built, game, deck.id)
    (stack,) = [r for r in roots if r.tag == "card-stack"]
    assert sorted(notes(c)[("カード", "カードID")] for c in stack.find("node")) == sorted(deck.card_ids())
    assert {c.get("state") for c in stack.iter("card")} == {"1"}
    game = db.game("raise-blaze")
    deck = game.decks[0]
    _, roots = _export(built, game, deck.id)
    stacks = [r for r in roots if r.tag == "card-stack"]
    assert [len(s.find("node")) for s in stacks] == [sum(e["count"] for e in deck["main"]), len(deck["core"])]
    assert {c.get("state") for s in stacks for c in s.iter("card")} == {"1"}


def test_ryomen_pairs_face_up_with_chips(db, built):
    """ryomen: 9 double-faced cards face up (A front, B back), point chips and the day/night chip."""
    game = db.game("ryomen")
    deck = game.decks[0]
    _images, roots = _export(built, game, deck.id)
    stacks = {path_data(s, "card-stack", "common", "name").text: s for s in roots if s.tag == "card-stack"}
    pairs = stacks[deck.name].find("node")
    assert len(pairs) == 9 and {c.get("state") for c in pairs} == {"0"}
    for card, (a, b) in zip(pairs, deck["pairs"], strict=False):
        n = notes(card)
        assert (n[("表（A面）", "カードID")], n[("裏（B面）", "カードID")]) == (a, b)
        assert n[("表（A面）", "テキスト")] == game.card(a).text and n[("裏（B面）", "テキスト")] == game.card(b).text
    chips = stacks["ポイントチップ"].find("node")
    values = [int(re.search(r"（(\d+)点）", path_data(c, "card", "common", "name").text).group(1)) for c in chips]
    assert sorted(values) == sorted(game.manifest["chips"]["points"]) and {c.get("state") for c in chips} == {"1"}
    (day_night,) = [r for r in roots if r.tag == "card"]
    assert day_night.get("state") == ("0" if game.manifest["chips"]["day-night"]["start"] == "day" else "1")
    for kind in game.manifest["chips"]["stat"]:  # one face-up stack of each stat chip kind, count chips
        chips = stacks[kind["name"]].find("node")
        assert len(chips) == kind["count"] and {c.get("state") for c in chips} == {"0"}
        assert {path_data(c, "card", "common", "name").text for c in chips} == {kind["name"]}


def test_ryomen_stat_chip_stacks_lie_side_by_side_on_their_zone(db):
    """In a room, the stat chip stacks start on the mat's stat-chip zone, each beside the last."""
    from fuda.online.udonarium import room_positions
    from fuda.online.udonarium_format import TABLE_PX_PER_MM
    from fuda.online.udonarium_plan import plan_deck, zone_origin

    game = db.game("ryomen")
    plan = plan_deck(game, game.decks[0], scale=1.0)
    names = [k["name"] for k in game.manifest["chips"]["stat"]]
    spots = {pile.name: (x, y) for x, y, pile in room_positions(game, plan) if pile.name in names}
    zx, zy = zone_origin(game, "stat-chips", plan.zones)
    xs = [spots[n][0] for n in names]
    assert xs == sorted(xs) and len(set(xs)) == len(xs) and len({spots[n][1] for n in names}) == 1
    assert xs[0] > plan.mat_origin[0] + zx * TABLE_PX_PER_MM and spots[names[0]][1] > plan.mat_origin[1] + zy * TABLE_PX_PER_MM


def test_special_characters_survive(sample_copy):
    """Names, deck names and text with &, <, quotes and emoji come back exactly (after Udonarium's decoding)."""
    folder = sample_copy("toho-tcg")
    odd = "A&B <霊夢> \"q\" 'a' &amp; 🌸"
    title = odd[:-2]  # the mat prints the game name, and the font has no emoji
    rewrite(folder / "game.yaml", lambda d: d.update(name=title))
    rewrite(folder / "characters.yaml", lambda d: d["cards"][0].update(name=odd, text=odd + "\n2行目 &lt;"))
    deck_file = folder / "decks" / "hakurei-moriya.yaml"
    rewrite(deck_file, lambda d: d.update(name=odd, description=odd))
    game = load_database([folder.parent]).game("toho-tcg")
    blob, warnings = build_zip(game, "hakurei-moriya", shuffle=False)
    _, roots = check_rules(blob)
    assert any(w.code == "P102" and "🌸" in w.message for w in warnings)  # the font lacks it: a warning
    tables = [r for _, r in roots if r.tag == "game-table"]
    assert udon_attr(tables[0].get("name")) == f"{title} プレイマット"
    (stack,) = [r for _, r in roots if r.tag == "card-stack"]
    assert udon_text(path_data(stack, "card-stack", "common", "name")) == odd
    assert udon_text(path_data(stack, "card-stack", "detail", "デッキ", "説明")) == odd
    first = stack.find("node")[0]
    assert udon_text(path_data(first, "card", "common", "name")) == odd
    assert notes(first)[("カード", "テキスト")] == odd + "\n2行目 &lt;"


def test_exports_are_byte_identical(db, built):
    """The same deck exported twice gives the same bytes (fixed entry order and times)."""
    again = build_zip(db.game("ryomen"), "scarlet-gate")[0]
    assert again == (built[0] / "udonarium" / "ryomen" / "scarlet-gate.zip").read_bytes()
    with zipfile.ZipFile(io.BytesIO(again)) as zf:
        assert {i.date_time for i in zf.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_room_replaces_with_exact_positions(db):
    """--room: one <room> holding the table and every pile, each on its mat zone inside the table."""
    game = db.game("recast-rift")
    _, roots = check_rules(build_zip(game, "reimu-marisa", room=True)[0])
    assert [(n, r.tag) for n, r in roots] == [("data.xml", "room"), ("summary.xml", "summary-setting")]
    room = roots[0][1]
    table = room[0]
    assert table.tag == "game-table"
    w, h = int(table.get("width")) * 50, int(table.get("height")) * 50
    objects = room[1:]
    assert [o.tag for o in objects] == ["card-stack", "card", "card", "character", "character"]
    for o in objects[:3]:
        x, y = json.loads(o.get("location.x")), json.loads(o.get("location.y"))
        assert 0 <= x <= w - 100 and h / 2 <= y <= h - 139  # on the player's (lower) half
    assert json.loads(objects[1].get("location.y")) < json.loads(objects[2].get("location.y"))  # far, near
    mine, theirs = (json.loads(o.get("location.y")) for o in objects[3:])
    assert h / 2 <= mine <= h - 75 and 0 <= theirs <= h / 2 - 75  # a life counter on each player's mat


def _noise_png(size, mode="RGB") -> bytes:
    from PIL import Image

    bands = len(mode)
    im = Image.frombytes(mode, size, random.Random(4).randbytes(size[0] * size[1] * bands))
    buf = io.BytesIO()
    im.save(buf, "PNG", compress_level=1)
    return buf.getvalue()


@pytest.mark.parametrize("size, mode, limit", [((1000, 1000), "RGB", MAX_IMAGE_BYTES), ((600, 400), "RGB", 40_000),
                                               ((300, 500), "RGBA", 60_000)])
def test_oversized_image_is_shrunk_below_the_limit(size, mode, limit):
    """An image over the limit is re-encoded (then shrunk) until it fits, keeping its aspect."""
    from PIL import Image

    original = _noise_png(size, mode)
    assert len(original) > limit
    data, ext, (w, h) = fit_image(original, limit)
    assert len(data) <= limit and abs(w / h - size[0] / size[1]) < 0.01
    with Image.open(io.BytesIO(data)) as back:
        assert back.size == (w, h) and back.format == {"png": "PNG", "jpg": "JPEG"}[ext]
        assert (back.mode in ("RGBA", "P")) == (mode == "RGBA")  # transparency kept


def test_unknown_deck_is_a_usage_error(db, tmp_path):
    """An unknown deck is a one-line error naming the decks; no file is written."""
    out = tmp_path / "x.zip"
    with pytest.raises(ExportError) as exc:
        export_udonarium(db.game("toho-tcg"), "nope", out)
    assert exc.value.usage and "decks:" in str(exc.value) and "\n" not in str(exc.value)
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_undecodable_art_is_located_and_leaves_no_file(sample_copy, tmp_path):
    """Art that cannot be decoded is a located error naming the card; the old ZIP stays untouched."""
    folder = sample_copy("toho-tcg")
    game = load_database([folder.parent]).game("toho-tcg")
    (folder / "art" / "reimu.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really a png")
    out = tmp_path / "out" / "deck.zip"
    out.parent.mkdir()
    out.write_bytes(b"previous")
    with pytest.raises(FindingsError) as exc:
        export_udonarium(game, "hakurei-moriya", out)
    (finding,) = exc.value.findings
    assert finding.code == "X201" and finding.card == "reimu" and "characters.yaml" in str(finding)
    assert out.read_bytes() == b"previous" and [p.name for p in out.parent.iterdir()] == ["deck.zip"]


def test_cli_export_udonarium(tmp_path):
    """The CLI writes the ZIP, says --room replaces the session, and gives exit 2 for an unknown deck."""
    runner = CliRunner()
    out = tmp_path / "d.zip"
    result = runner.invoke(app(register), ["export", "udonarium", "toho-tcg", "--deck", "mahou-no-mori", "-o", str(out)])
    assert result.exit_code == 0 and "adds to the session" in result.stdout and out.is_file()
    result = runner.invoke(app(register), ["export", "udonarium", "ryomen", "--deck", "scarlet-gate", "-o",
                                    str(tmp_path / "r.zip"), "--room"])
    assert result.exit_code == 0 and "REPLACES" in result.stderr and "replaces the session" in result.stdout
    result = runner.invoke(app(register), ["export", "udonarium", "toho-tcg", "--deck", "nope", "-o", str(tmp_path / "n.zip")])
    assert result.exit_code == 2 and result.stderr.count("\n") == 1 and result.stderr.startswith("fuda: error:")
    assert not (tmp_path / "n.zip").exists()


def test_room_without_mat_zones_keeps_piles_on_the_table(sample_copy):
    """A game whose own mat names no zones still gets every pile on the table, along the near edge."""
    folder = sample_copy("toho-tcg")
    (folder / "templates").mkdir()
    (folder / "templates" / "mat.yaml").write_text(
        "title: 自作マット\nzones:\n  - {type: card, x: 10, y: 10, label: 山札}\n", encoding="utf-8")
    game = load_database([folder.parent]).game("toho-tcg")
    _, roots = check_rules(build_zip(game, "mahou-no-mori", room=True)[0])
    room = roots[0][1]
    w, h = int(room[0].get("width")) * 50, int(room[0].get("height")) * 50
    for o in room[1:]:
        x, y = json.loads(o.get("location.x")), json.loads(o.get("location.y"))
        side = 75 if o.tag == "character" else 100
        assert 0 <= x <= w - side and 0 <= y <= h - side * 1.39


def test_build_reports_export_warnings(sample_copy):
    """fuda build's findings carry an export's warnings (a glyph the font lacks), located at the card."""
    from fuda.build import build

    folder = sample_copy("ryomen")

    def add_star(doc):
        doc["cards"][0]["name"] += "🌟"

    rewrite(folder / "scarlet.yaml", add_star)
    result = build([folder.parent], folder.parent.parent / "out")
    online = [f for f in result.findings if f.severity == "warning" and f.code == "P102"]
    assert online and all("🌟" in str(f) and f.card and f.location.line > 0 for f in online)
    assert [name for name, _ in result.failures] == ["print"]  # print failed on the glyph
    assert result.outputs == () and not (folder.parent.parent / "out").exists()  # all or nothing
