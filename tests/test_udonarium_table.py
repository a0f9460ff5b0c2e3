"""Udonarium tables ready to play: every pile on a zone its mat defines, decks and chips shuffled
with the seed, a counter per seat for the numbers each game tracks; read back from the ZIPs' XML."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
import zipfile

import pytest
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.main import app
from fuda.database.ruleset import ruleset_for
from fuda.online.udonarium import build_zip
from fuda.online.udonarium_format import TABLE_PX_PER_MM, ExportError
from fuda.online.udonarium_plan import zone_origin, zones

from .conftest import GAMES

ALL_GAMES = (*GAMES, "hoshikage")  # the four rule sets and a custom one (rules: custom)


@pytest.fixture(scope="module")
def db():
    """The bundled sample database."""
    return load_database()


def roots(blob: bytes) -> dict:
    """{file name: root element} of the XML files of a ZIP."""
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        return {n: ET.fromstring(zf.read(n)) for n in zf.namelist() if n.endswith(".xml")}


def value(el, name):
    """The text of the first <data name=…> below ``el``."""
    return next(d for d in el.iter("data") if d.get("name") == name).text


def card_ids(stack) -> list[str]:
    """The card ids of a stack, top first (from each card's detail)."""
    return [value(c, "カードID") for c in stack.find("node")]


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_every_pile_chip_and_counter_of_every_deck_lies_on_a_zone_of_the_mat(db, game_id):
    """The rule set's table plan names only zones the game's mat defines, for every deck."""
    game = db.game(game_id)
    known = zones(game)
    assert known
    for deck in game.decks:
        plan = ruleset_for(game.rules).table_plan(game, deck)
        named = [p.zone for p in plan.piles] + list(plan.chips.values()) + [c.zone for c in plan.counters]
        assert set(named) <= set(known), (deck.id, set(named) - set(known))


def test_raise_blaze_room_puts_the_main_deck_on_the_deck_zone(db):
    """RAISE×BLAZE --room: the 40-card main deck on デッキゾーン, the core deck on コアファイター."""
    game = db.game("raise-blaze")
    deck = game.decks[0]
    room = roots(build_zip(game, deck.id, room=True)[0])["data.xml"]
    table = room[0]
    h = int(table.get("height")) * 50
    stacks = [el for el in room if el.tag == "card-stack"]
    spots = {len(s.find("node")): (json.loads(s.get("location.x")), json.loads(s.get("location.y"))) for s in stacks}
    main = sum(e["count"] for e in deck["main"])
    known = zones(game)
    deck_zone, core_zone = zone_origin(game, "deck-zone", known), zone_origin(game, "core-fighter", known)
    assert spots[main] != spots[len(deck["core"])]
    dx = spots[main][0] - spots[len(deck["core"])][0]
    assert abs(dx - (deck_zone[0] - core_zone[0]) * TABLE_PX_PER_MM) < 1  # the zones' distance apart
    assert all(h / 2 <= y for _, y in spots.values())


def test_an_unknown_zone_is_an_error_not_a_fallback(sample_copy):
    """A mat that lacks the zone the plan names stops the export with a one-line error."""
    folder = sample_copy("toho-tcg")
    (folder / "templates").mkdir()
    (folder / "templates" / "mat.yaml").write_text(
        "title: 自作マット\nzones:\n  - {type: card, id: pile, x: 10, y: 10, label: 山札}\n", encoding="utf-8")
    game = load_database([folder.parent]).game("toho-tcg")
    with pytest.raises(ExportError) as caught:
        build_zip(game, game.decks[0].id, room=True)
    assert "'deck'" in str(caught.value) and "pile" in str(caught.value) and "\n" not in str(caught.value)


def test_decks_are_shuffled_by_the_seed(db):
    """The deck is a permutation of the list, fixed by the seed; --no-shuffle keeps file order."""
    game = db.game("toho-tcg")
    deck = game.decks[0]

    def order(**kw):
        (stack,) = [r for r in roots(build_zip(game, deck.id, **kw)[0]).values() if r.tag == "card-stack"]
        return card_ids(stack)

    first, again, other, kept = order(seed=0), order(seed=0), order(seed=7), order(shuffle=False)
    assert kept == list(deck.card_ids())
    assert sorted(first) == sorted(kept) and first == again
    assert first != kept and other != first


def test_ryomen_point_chips_are_shuffled_and_readable(db):
    """ryomen: the face-down point chips arrive shuffled; every chip is at least 60 px wide."""
    game = db.game("ryomen")
    blob = build_zip(game, game.decks[0].id)[0]
    stacks = {value(r, "name"): r for r in roots(blob).values() if r.tag == "card-stack"}
    chips = stacks["ポイントチップ"].find("node")
    values = [int(re.search(r"（(\d+)点）", value(c, "name")).group(1)) for c in chips]
    assert sorted(values) == sorted(game.manifest["chips"]["points"]) and values != list(game.manifest["chips"]["points"])
    chip_sizes = [float(value(c, "size")) for name, s in stacks.items() if name != game.decks[0].name
                  for c in s.find("node")]
    assert chip_sizes and min(chip_sizes) * 50 >= 60


COUNTERS = {"recast-rift": ("ライフ", 6, 6), "ryomen": ("ポイント", 0, 19), "toho-tcg": ("霊力", 0, 10)}


@pytest.mark.parametrize("game_id", sorted(COUNTERS))
def test_each_seat_gets_a_counter_piece(db, game_id):
    """--room: a <character> per seat whose detail holds the number as a numberResource with its
    maximum, each on its player's half of the table; a deck ZIP (add mode): its own player's one
    counter, named after the deck, so two players who each drop a deck get two, not four."""
    game = db.game(game_id)
    name, start, most = COUNTERS[game_id]
    deck = game.decks[0]
    for room in (False, True):
        found = roots(build_zip(game, deck.id, room=room)[0])
        pieces = [el for r in found.values() for el in ([r] if r.tag == "character" else r.iter("character"))]
        expected = [f"{name}（プレイヤー1）", f"{name}（プレイヤー2）"] if room else [f"{name}（{deck.name}）"]
        assert [value(p, "name") for p in pieces] == expected
        for piece in pieces:
            (number,) = [d for d in piece.iter("data") if d.get("type") == "numberResource"]
            assert number.get("name") == name
            assert (json.loads(number.get("currentValue")), json.loads(number.text)) == (start, most)
        if room:
            h = int(found["data.xml"][0].get("height")) * 50
            ys = [json.loads(p.get("location.y")) for p in pieces]
            assert ys[0] >= h / 2 and ys[1] + 75 <= h / 2


def test_recast_rift_chosen_awakening_card_is_marked_without_room(db):
    """Without --room the deck's chosen awakening card says so in its name and detail, and its
    face-down back (the life track) carries the mark, unlike the other fighter's."""
    game = db.game("recast-rift")
    deck = game.deck("reimu-marisa")
    loose = [r for r in roots(build_zip(game, deck.id)[0]).values() if r.tag == "card"]
    by_id = {value(c, "カードID"): c for c in loose}
    chosen = by_id[deck["awakening"]]
    assert "選んだ覚醒札" in value(chosen, "name") and "選んだ覚醒札" in value(chosen, "デッキでの役割")
    (other,) = [c for cid, c in by_id.items() if cid != deck["awakening"]]
    assert value(chosen, "back") != value(other, "back")


def test_cli_seed_and_no_shuffle(tmp_path):
    """fuda export udonarium --seed N / --no-shuffle reach the export."""
    runner = CliRunner()
    outs = {}
    for flag in (["--seed", "3"], ["--seed", "3"], ["--no-shuffle"]):
        out = tmp_path / f"{len(outs)}.zip"
        result = runner.invoke(app, ["export", "udonarium", "toho-tcg", "--deck", "mahou-no-mori", "-o", str(out), *flag])
        assert result.exit_code == 0, result.output
        outs[len(outs)] = out.read_bytes()
    assert outs[0] == outs[1] != outs[2]


@pytest.mark.parametrize("game_id", sorted(COUNTERS))
def test_room_counters_hide_no_card(db, game_id):
    """In --room no counter stands on a card or in front of one: Udonarium stands a counter up,
    so its footprint and the card's length behind it (smaller y) must be free of cards."""
    game = db.game(game_id)
    w_px, h_px = (v * 50 / 31.5 for v in game.card_size)
    for deck in game.decks:
        room = roots(build_zip(game, deck.id, room=True)[0])["data.xml"]
        cards = [(json.loads(o.get("location.x")), json.loads(o.get("location.y")))
                 for o in room if o.tag in ("card", "card-stack")]
        counters = [(json.loads(o.get("location.x")), json.loads(o.get("location.y")), float(value(o, "size")) * 50)
                    for o in room if o.tag == "character"]
        assert counters
        for x, y, side in counters:
            for cx, cy in cards:
                overlaps = x < cx + w_px and cx < x + side and y - h_px < cy + h_px and cy < y + side
                assert not overlaps, (deck.id, (x, y), (cx, cy))


@pytest.mark.parametrize("game_id", sorted(COUNTERS))
def test_room_summary_shows_counter_values_on_hover(db, game_id):
    """--room carries summary.xml, a <summary-setting> whose tags keep Udonarium's defaults and add
    each counter's resource, so hovering a counter shows its value."""
    game = db.game(game_id)
    name = COUNTERS[game_id][0]
    found = roots(build_zip(game, game.decks[0].id, room=True)[0])
    summary = found["summary.xml"]
    assert summary.tag == "summary-setting"
    assert summary.get("dataTag").split() == ["HP", "MP", "敏捷度", "生命力", "精神力", name]
    assert "summary.xml" not in roots(build_zip(game, game.decks[0].id)[0])  # a deck leaves the user's summary alone


def test_awakening_mark_band_hides_nothing_the_back_prints(db):
    """The 【選んだ覚醒札・奥】 band on a Recast Rift awakening card's back leaves every step of its
    life track (and every other printed word) exactly as the unmarked back shows it."""
    from PIL import Image

    from fuda.faces.layout import layout_back
    from fuda.faces.primitives import Ellipse, TextLine
    from fuda.online.udonarium_format import FACE_SCALE, Images
    from fuda.online.udonarium_plan import Renderer

    game = db.game("recast-rift")
    card = next(c for c in game.cards if c.kind == "awakening")
    images = Images()
    r = Renderer(game, images, FACE_SCALE, [])
    plain, marked = (Image.open(io.BytesIO(images.entries[r.back(card, mark)][1])).convert("RGB")
                     for mark in ("", "選んだ覚醒札・奥"))
    assert plain.size == marked.size and plain.tobytes() != marked.tobytes()  # the band is there
    face = layout_back(game, card, bleed=0.0)
    px = plain.width / face.width
    printed = [it for it in face.items if isinstance(it, Ellipse | TextLine)]
    assert [it.text for it in printed if isinstance(it, TextLine)][:7] == ["ライフ", "6", "5", "4", "3", "2", "1"]
    for it in printed:
        if isinstance(it, Ellipse):
            box = (it.x, it.y, it.x + it.w, it.y + it.h)
        else:
            size = it.size * 25.4 / 72
            half = size * len(it.text) / 2
            box = (it.x - half, it.y - 0.9 * size, it.x + half, it.y + 0.2 * size)
        crop = tuple(round(v * px) for v in box)
        assert plain.crop(crop).tobytes() == marked.crop(crop).tobytes(), it
