"""The table server without a browser: seat tokens, what each seat may read, foreign Origin and
Host refused, the cap on open games and their expiry, and an undo that reveals nothing."""

from __future__ import annotations

import random

import pytest

DECKS = {
    "recast-rift": ("reimu-marisa", "sakuya-youmu"),
    "ryomen": ("scarlet-gate", "ghost-spring"),
    "toho-tcg": ("hakurei-moriya", "mahou-no-mori"),
    "raise-blaze": ("mountain-faith", "scarlet-night"),
}


def _table(game_id: str, humans=(0,), **kw):
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.server import Table

    game = load_database().game(game_id)
    return Table(game, engine_for(game.rules), registry_for(game), [game.deck(i) for i in DECKS[game_id]],
                 frozenset(humans), **kw)


def _client(table):
    from starlette.testclient import TestClient

    from fuda.table.server import app

    return TestClient(app(table), base_url="http://127.0.0.1:8000")


def _hand_ids(state: dict, seat: int) -> list:
    side = next(s for s in state["board"]["sides"] if s["seat"] == seat)
    return [c["id"] for z in side["zones"] if z["id"] == "hand" for c in z["cards"]]


def test_each_seat_reads_only_its_own_hand():
    """Two human seats get two tokens; each state shows its own hand by id and the other's as backs only."""
    table = _table("toho-tcg", humans=(0, 1), lang="en")
    room = table.open_room()
    client = _client(table)
    one, two = (client.get(f"/t/{room.tokens[s]}/state").json() for s in (0, 1))
    assert one["seat"] == 1 and two["seat"] == 2
    assert all(_hand_ids(one, 1)) and _hand_ids(one, 2) and not any(_hand_ids(one, 2))
    assert all(_hand_ids(two, 2)) and not any(_hand_ids(two, 1))
    hidden = set(_hand_ids(two, 2)) - set(_hand_ids(one, 1))
    assert hidden and not hidden & set(one["cards"])  # seat 1's page names none of seat 2's own cards
    assert len(room.tokens[0]) >= 24 and room.tokens[0] != room.tokens[1]
    asked = one if one["prompt"] else two
    other = two if asked is one else one
    assert other["prompt"] is None and other["waiting"] == asked["seat"]
    token = room.tokens[other["seat"] - 1]
    refused = client.post(f"/t/{token}/answer", json={"prompt": asked["prompt"]["id"], "picks": ["keep"]})
    assert refused.status_code == 409 and refused.json()["error"] == "it is not your seat's turn to answer"
    assert client.get("/t/not-a-token/state").status_code == 404
    assert client.get("/", follow_redirects=False).status_code == 403  # two people: only the printed URLs


def test_foreign_origin_and_host_are_refused():
    """A cross-site POST (Origin or Sec-Fetch-Site), a form post and a DNS-rebound Host are refused in words."""
    table = _table("ryomen", lang="ja")
    client = _client(table)
    token = client.get("/", follow_redirects=False).headers["location"].split("/")[2]
    state = client.get(f"/t/{token}/state").json()
    body = {"prompt": state["prompt"]["id"], "picks": []}
    evil = client.post(f"/t/{token}/answer", json=body, headers={"Origin": "http://evil.example"})
    assert evil.status_code == 403 and "別のサイトからの要求" in evil.json()["error"]
    site = client.post(f"/t/{token}/undo", json={}, headers={"Sec-Fetch-Site": "cross-site"})
    assert site.status_code == 403
    form = client.post(f"/t/{token}/answer", data={"prompt": body["prompt"]},
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415
    rebound = client.get(f"/t/{token}/state", headers={"Host": "rebind.example:8000"})
    assert rebound.status_code == 400 and "rebind.example:8000 という名前" in rebound.json()["error"]
    assert client.get(f"/t/{token}/state", headers={"Host": "192.168.1.20:8000"}).status_code == 200
    same = client.post(f"/t/{token}/answer", json=body, headers={"Origin": "http://127.0.0.1:8000"})
    assert same.status_code == 200 and same.json()["prompt"]["id"] != body["prompt"]
    stale = client.post(f"/t/{token}/answer", json=body)
    assert stale.status_code == 409 and "この質問はもう答えられません" in stale.json()["error"]


def test_open_games_are_capped_and_idle_ones_expire():
    """GET / opens at most `cap` games; past the cap it says why (503); an idle game closes and frees its place."""
    now = [1000.0]
    table = _table("ryomen", cap=2, idle=60.0, clock=lambda: now[0], lang="en")
    client = _client(table)
    first, second = (client.get("/", follow_redirects=False) for _ in range(2))
    assert first.status_code == second.status_code == 303
    full = client.get("/", follow_redirects=False)
    assert full.status_code == 503 and full.text.startswith("too many open games (limit 2)")
    now[0] += 30
    kept = second.headers["location"]
    assert client.get(kept + "state").status_code == 200  # used: stays open
    now[0] += 45  # the first is idle 75 s, the second 45 s
    assert client.get(first.headers["location"] + "state").status_code == 404
    assert client.get("/", follow_redirects=False).status_code == 303
    assert len(table.rooms) == 2


def test_lan_table_opens_no_game_without_a_token():
    """With --host 0.0.0.0 GET / opens nothing (403); the seat URLs with tokens still work."""
    table = _table("ryomen", host="0.0.0.0", lang="en")
    room = table.open_room()
    client = _client(table)
    assert client.get("/", follow_redirects=False).status_code == 403
    assert client.get(f"/t/{room.tokens[0]}/state").status_code == 200
    assert client.get(f"/t/{room.tokens[0]}/back.png").headers["content-type"] == "image/png"


@pytest.mark.parametrize("game_id", sorted(DECKS))
def test_undo_never_shows_the_future(game_id):
    """Undo is refused once a step showed a seat a card it had not seen (a draw, a reveal); when it is allowed the
    views are back as they were, and no card became known in between."""
    from fuda.table.boards import board, known_cards
    from fuda.table.session import TableError, TableSession

    table = _table(game_id, humans=(0, 1))
    session = TableSession.open(table.module, table.registry, table.decks, {0, 1}, seed=5, auto_forced=True)
    rng = random.Random(5)
    allowed = refused = 0
    for _ in range(60):
        prompt = session.prompt()
        if prompt is None:
            break
        before = {h: (board(session.game, h, "en"), known_cards(session.game, h)) for h in (0, 1)}
        pending = session.game.pending
        picks = _legal(pending, rng)
        session.answer(prompt.id, picks)
        after = {h: known_cards(session.game, h) for h in (0, 1)}
        try:
            session.undo()
        except TableError as exc:
            refused += 1
            assert "P" in exc.text("en") and "\n" not in exc.text("ja")
            assert any(after[h] - before[h][1] for h in (0, 1)) or any(
                e.kind == "chance" for e in session.game.log.events)
            continue
        allowed += 1
        assert not any(after[h] - before[h][1] for h in (0, 1))
        assert {h: board(session.game, h, "en") for h in (0, 1)} == {h: before[h][0] for h in (0, 1)}
        assert session.prompt().id == prompt.id
        session.answer(prompt.id, picks)
    assert refused, "no answer in 60 revealed anything"
    if game_id != "ryomen":  # every ryomen turn turns cards over in the open
        assert allowed, "undo was never allowed"


def _legal(pending, rng) -> list:
    """A random legal answer (tries subsets until the decision's own check accepts one)."""
    from fuda.engine.core.decision import ChoiceError

    ids = list(pending.ids)
    for _ in range(200):
        k = rng.randint(pending.min, min(pending.max, len(ids)))
        picks = rng.sample(ids, k)
        try:
            pending.check(tuple(picks))
            return picks
        except ChoiceError:
            continue
    raise AssertionError(f"no legal answer found for {pending.kind}")


def test_undo_after_a_draw_is_refused_against_the_view():
    """toho-tcg: after an answer that draws a card for the undoing seat, undo says why and the drawn card stays drawn."""
    from fuda.table.boards import known_cards
    from fuda.table.session import TableError, TableSession

    table = _table("toho-tcg", humans=(0, 1))
    session = TableSession.open(table.module, table.registry, table.decks, {0, 1}, seed=2, auto_forced=True)
    rng = random.Random(2)
    for _ in range(200):
        prompt = session.prompt()
        seat = prompt.seat
        hand_before = len(session.game.view(seat).sides[seat].hand)
        known = known_cards(session.game, seat)
        session.answer(prompt.id, _legal(session.game.pending, rng))
        drew = [e for e in session.game.log.events[-40:] if e.kind == "draw" and e.player == seat and e.data["cards"]]
        if drew and known_cards(session.game, seat) - known:
            hand = session.game.view(seat).sides[seat].hand
            with pytest.raises(TableError) as info:
                session.undo()
            assert info.value.text("ja").startswith("戻せません")
            assert session.game.view(seat).sides[seat].hand == hand  # nothing was taken back
            assert hand_before >= 0
            return
    raise AssertionError("no draw in 200 answers")


def test_a_huge_post_is_refused_unread():
    """A POST over 5 MB is refused with 413 before it is parsed."""
    table = _table("ryomen", lang="en")
    room = table.open_room()
    client = _client(table)
    big = client.post(f"/t/{room.tokens[0]}/answer", content=b"[" + b"1," * 3_000_000 + b"1]",
                      headers={"Content-Type": "application/json"})
    assert big.status_code == 413 and big.json()["error"] == "request too large (at most 5 MB)"


@pytest.mark.parametrize("game_id", sorted(DECKS))
def test_the_end_says_who_won_and_why_once(game_id):
    """The result names the winner (or a draw) and the reason exactly once, in both languages."""
    from fuda.engine.core import make_agent
    from fuda.engine.core.runner import ask
    from fuda.table.session import TableSession

    table = _table(game_id, humans=(0,))
    session = TableSession.open(table.module, table.registry, table.decks, {0}, seed=1, auto_forced=True)
    bot = make_agent("greedy", 1, 0)
    while session.prompt() is not None:
        session.game.choose(ask(bot, session.game, session.game.pending))
    ja, en = session.outcome_text("ja"), session.outcome_text("en")
    if session.game.outcome.winners:
        assert ja.count("の勝ち") == 1 and en.count(" wins ") == 1 and "（" in ja and "(" in en, (ja, en)
    else:
        assert "引き分け" in ja and en.lower().startswith("draw"), (ja, en)
