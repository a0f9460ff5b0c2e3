"""The free table (fuda table --sandbox): zones from the game, hidden information held per seat,
an undo that refuses after a reveal, a save file that loads back (and a wrong one refused), the
server's seat rules for it, and a session in Chromium: draw, move, flip, counter, save, reload."""

from __future__ import annotations

import json

import pytest


def _sandbox(game_id: str, seed: int = 0):
    from fuda import load_database
    from fuda.table.sandbox import Sandbox

    game = load_database().game(game_id)
    ids = sorted(d.id for d in game.decks)[:2]
    return Sandbox.deal(game, [game.deck(i) for i in ids], seed)


def _zone(board: dict, seat: int, zone: str) -> list:
    side = next(s for s in board["sides"] if s["seat"] == seat)
    return next(z for z in side["zones"] if z["id"] == zone)["cards"]


def test_the_zones_come_from_the_game():
    """A custom game's play: zones (with their visibility) and counters; a coded game's mat zones plus deck and hand."""
    from fuda import load_database
    from fuda.table.sandbox import counter_defs, zone_defs

    db = load_database()
    hoshikage = {z.id: z.visibility for z in zone_defs(db.game("hoshikage"))}
    assert hoshikage == {"deck": "hidden", "hand": "owner", "field": "public", "discard": "public"}
    assert counter_defs(db.game("hoshikage")) == (("hoshi", "星明かり", 0),)
    toho = [z.id for z in zone_defs(db.game("toho-tcg"))]
    assert toho[0] == "deck" and {"character-zone", "trash", "hand"} <= set(toho)
    recast = [z.id for z in zone_defs(db.game("recast-rift"))]
    assert "recast-zone" not in recast and "recast-1a" in recast  # the area around the places is not a zone


def test_a_hand_is_its_owners_and_a_deck_nobodys():
    """After a draw the owner sees the cards by id, the other seat only backs without ids; a deck shows no ids at all."""
    table = _sandbox("hoshikage", seed=3)
    table.act(0, {"do": "draw", "count": 4})
    mine, theirs = table.board(0, "ja"), table.board(1, "ja")
    hand = _zone(mine, 1, "hand")
    assert len(hand) == 4 and all(c["id"] and c["uid"] for c in hand)
    assert [c["id"] for c in _zone(theirs, 1, "hand")] == [None] * 4
    assert all("uid" not in c for c in _zone(theirs, 1, "hand"))
    assert all(c["id"] is None and "uid" not in c for c in _zone(mine, 1, "deck"))
    table.act(0, {"do": "move", "uid": hand[0]["uid"], "to": "field", "face_down": True})
    assert _zone(table.board(1, "ja"), 1, "field")[0]["id"] is None  # face down: a back to the other seat
    assert _zone(table.board(0, "ja"), 1, "field")[0]["id"] == hand[0]["id"]  # its owner may peek
    from fuda.table.sandbox import SandboxError

    with pytest.raises(SandboxError):  # the other seat cannot flip what it cannot see
        table.act(1, {"do": "flip", "uid": hand[0]["uid"]})
    log = [e["text"] for e in table.log("ja")]
    assert log[-1] == "P1 カード1枚を手札から場へ" and hand[0]["id"] not in " ".join(log)


def test_undo_refuses_after_a_reveal_and_takes_back_the_rest():
    """A draw cannot be undone (it showed the next card); a tap or a counter can, and only by the seat that did it."""
    from fuda.table.sandbox import SandboxError

    table = _sandbox("hoshikage", seed=1)
    table.act(0, {"do": "draw", "count": 1})
    with pytest.raises(SandboxError) as info:
        table.undo(0)
    assert info.value.text("ja").startswith("戻せません")
    uid = _zone(table.board(0, "ja"), 1, "hand")[0]["uid"]
    table.act(0, {"do": "move", "uid": uid, "to": "field"})
    before = table.board(0, "ja"), table.board(1, "ja")
    table.act(0, {"do": "tap", "uid": uid})
    table.act(0, {"do": "counter", "key": "hoshi", "delta": 2})
    with pytest.raises(SandboxError):
        table.undo(1)  # not P2's action
    table.undo(0)
    table.undo(0)
    assert (table.board(0, "ja"), table.board(1, "ja")) == before
    assert table.log("en")[-1]["text"] == "P1 undid the last action"


def test_double_faced_cards_flip_between_their_faces():
    """A ryomen pair is one card: flipping it on the table shows the other face; the face underneath is its owner's."""
    table = _sandbox("ryomen", seed=2)
    table.act(0, {"do": "draw", "count": 1})
    card = _zone(table.board(0, "ja"), 1, "hand")[0]
    assert card["other"] and card["other"] != card["id"]
    table.act(0, {"do": "move", "uid": card["uid"], "to": "battle-zone"})
    table.act(0, {"do": "flip", "uid": card["uid"]})
    mine = _zone(table.board(0, "ja"), 1, "battle-zone")[0]
    assert (mine["id"], mine["other"]) == (card["other"], card["id"])
    seen = _zone(table.board(1, "ja"), 1, "battle-zone")[0]
    assert seen["id"] == card["other"] and "other" not in seen  # the other seat sees the face up only


def test_a_saved_table_loads_back_and_a_wrong_file_is_refused():
    """dumps/load give the same table; another game's file or a forged card is refused in one line."""
    from fuda.table.sandbox import SandboxError

    table = _sandbox("hoshikage", seed=4)
    table.act(0, {"do": "draw", "count": 3})
    table.act(1, {"do": "counter", "key": "hoshi", "delta": 5})
    saved = table.dumps()
    fresh = _sandbox("hoshikage", seed=9)
    fresh.load(saved)
    assert fresh.board(0, "ja") == table.board(0, "ja") and fresh.board(1, "ja") == table.board(1, "ja")
    assert fresh.log("ja")[-1]["text"] == "保存したテーブルを読み込みました"
    other = _sandbox("ryomen").dumps()
    for bad in (other, "{", json.dumps({**json.loads(saved), "cards": {"c1": {"faces": ["no-such-card"]}}})):
        with pytest.raises(SandboxError) as info:
            fresh.load(bad)
        assert "\n" not in info.value.text("ja") and info.value.text("ja").startswith("このゲームのテーブル")
    assert fresh.board(0, "ja") == table.board(0, "ja")  # a refused file changes nothing


def test_the_server_saves_for_the_first_seat_only():
    """Over HTTP: each seat acts on its own side; only P1 may save or load (the file holds every hand)."""
    from starlette.testclient import TestClient

    from fuda import load_database
    from fuda.table.server import Table, app

    game = load_database().game("hoshikage")
    table = Table(game, None, None, [game.deck("hana-to-hi"), game.deck("tsuki-to-mizu")], frozenset({0, 1}),
                  lang="en", sandbox=True)
    room = table.open_room()
    client = TestClient(app(table), base_url="http://127.0.0.1:8000")
    one, two = (f"/t/{room.tokens[s]}" for s in (0, 1))
    drawn = client.post(f"{two}/act", json={"do": "draw", "count": 2}).json()
    assert drawn["sandbox"] and len([c for c in _zone(drawn["board"], 2, "hand") if c["id"]]) == 2
    assert not any(c["id"] for c in _zone(client.get(f"{one}/state").json()["board"], 2, "hand"))
    assert client.get(f"{two}/save").status_code == 403
    saved = client.get(f"{one}/save")
    assert saved.status_code == 200 and "attachment" in saved.headers["content-disposition"]
    bad = client.post(f"{one}/act", json={"do": "explode"})
    assert bad.status_code == 409 and bad.json()["error"] == "no such action: explode"
    assert client.post(f"{one}/load", content=saved.content, headers={"Content-Type": "application/json"}).status_code == 200
    assert client.get("/", follow_redirects=False).status_code == 403


def test_a_sandbox_session_in_the_browser(tmp_path):
    """In Chromium: draw, move a card to the field, flip it, count, save the file, reload the page and load it back,
    look through the deck; the other seat sees backs only."""
    from playwright.sync_api import sync_playwright

    from fuda import load_database
    from fuda.table.server import Table
    from tests.table.test_browser import CHROMIUM, Server

    game = load_database().game("hoshikage")
    table = Table(game, None, None, [game.deck("hana-to-hi"), game.deck("tsuki-to-mizu")], frozenset({0, 1}),
                  lang="ja", sandbox=True)
    with Server(table) as base, sync_playwright() as p:
        room = table.open_room()
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        page = browser.new_page(viewport={"width": 1360, "height": 900}, accept_downloads=True)
        page.goto(f"{base}t/{room.tokens[0]}/")
        page.wait_for_selector("#draw")

        def step(action):
            version = page.evaluate("document.body.dataset.version")
            action()
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version)

        for _ in range(3):
            step(lambda: page.click("#draw"))
        assert len(page.query_selector_all(".side.you .zone.hand img[src*='/card/']")) == 3
        page.click(".side.you .zone.hand .card")
        step(lambda: page.click(".act[data-to='field']"))
        page.click(".side.you .zone.field .card")
        step(lambda: page.click(".act[data-do='flip']"))
        assert page.query_selector(".side.you .zone.field .badge")  # face down: its owner sees it marked
        step(lambda: page.click(".side.you [data-counter='hoshi'] [data-step='1']"))
        assert page.inner_text(".side.you [data-counter='hoshi'] b") == "1"
        with page.expect_download() as download:
            page.click("#save")
        saved = tmp_path / "table.json"
        download.value.save_as(saved)
        assert json.loads(saved.read_text(encoding="utf-8"))["counters"][0]["hoshi"] == 1
        page.screenshot(path=str(tmp_path / "sandbox.png"))
        step(lambda: page.click(".side.you [data-counter='hoshi'] [data-step='1']"))
        page.reload()
        page.wait_for_selector("#draw")
        assert page.inner_text(".side.you [data-counter='hoshi'] b") == "2"
        step(lambda: page.set_input_files("#load", str(saved)))
        assert page.inner_text(".side.you [data-counter='hoshi'] b") == "1"
        assert "保存したテーブルを読み込みました" in page.inner_text("#log")
        page.click(".side.you .zone.deck .card")
        step(lambda: page.click(".act[data-do='look']"))
        assert len(page.query_selector_all(".side.you .zone.deck img[src*='/card/']")) > 5
        step(lambda: page.click("#look-done"))
        assert not page.query_selector(".side.you .zone.deck img[src*='/card/']")
        other = browser.new_page(viewport={"width": 1360, "height": 900})
        other.goto(f"{base}t/{room.tokens[1]}/")
        other.wait_for_selector("#draw")
        assert not other.query_selector(".side.opponent .zone.hand img[src*='/card/']")
        assert other.query_selector(".side.opponent .zone.field img[src$='/back.png']")  # face down to P2
        assert not other.query_selector("#save")
        other.screenshot(path=str(tmp_path / "sandbox-p2.png"))
        browser.close()


def test_looking_through_ones_deck_shows_it_to_that_seat_only():
    """A search: the seat looking sees its deck's cards and may take one out; the other seat sees nothing; it cannot
    be undone; stopping hides the deck again."""
    from fuda.table.sandbox import SandboxError

    table = _sandbox("hoshikage", seed=6)
    table.act(0, {"do": "look", "zone": "deck"})
    deck = _zone(table.board(0, "en"), 1, "deck")
    assert deck and all(c["id"] and c["uid"] for c in deck)
    assert all(c["id"] is None and "uid" not in c for c in _zone(table.board(1, "en"), 1, "deck"))
    with pytest.raises(SandboxError):
        table.undo(0)
    table.act(0, {"do": "move", "uid": deck[0]["uid"], "to": "hand"})
    table.act(0, {"do": "look", "zone": None})
    assert all(c["id"] is None for c in _zone(table.board(0, "en"), 1, "deck"))
    assert _zone(table.board(0, "en"), 1, "hand")[0]["id"] == deck[0]["id"]
    assert [e["text"] for e in table.log("en")][-3:] == [
        "P1 looks through deck", "P1 moves a card from deck to hand", "P1 stops looking through deck"]
    with pytest.raises(SandboxError):
        table.act(1, {"do": "look", "zone": "field"})  # only a hidden pile is looked through
