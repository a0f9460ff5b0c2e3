"""The browser table: whole games of each rule set played to the end by clicking in a real
Chromium (Debian's, driven by playwright through executable_path), and forged answers refused."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import pytest

GAMES = {
    "recast-rift": ("reimu-marisa", "sakuya-youmu"),
    "ryomen": ("scarlet-gate", "ghost-spring"),
    "toho-tcg": None,  # the two sample decks, whatever their ids
    "raise-blaze": ("mountain-faith", "scarlet-night"),
}
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def _table(game_id: str):
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.server import Table

    game = load_database().game(game_id)
    ids = GAMES[game_id] or tuple(sorted(d.id for d in game.decks))[:2]
    return Table(game, engine_for(game.rules), registry_for(game), [game.deck(i) for i in ids], frozenset({0}))


class Server:
    """A uvicorn server of one table in a thread, on a free port of 127.0.0.1."""

    def __init__(self, table):
        import uvicorn

        from fuda.table.server import app, free_port

        self.port = free_port()
        self.server = uvicorn.Server(uvicorn.Config(app(table), host="127.0.0.1", port=self.port,
                                                    log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return f"http://127.0.0.1:{self.port}/"
            time.sleep(0.05)
        raise RuntimeError("the table server did not start")

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(10)


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium, headless, driven by playwright (no browser download)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is not installed at {CHROMIUM} (.ci/run installs it with apt-get)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


def play_by_clicking(page, limit: int = 800, shot: Path | None = None) -> str:
    """Answer every question by clicking (the first options, then 決定) until the result shows;
    ``shot``: a screenshot of the table a few moves in."""
    for move in range(limit):
        if shot is not None and move == 8:
            page.screenshot(path=str(shot), full_page=True)
        page.wait_for_selector("#result:not([hidden]), #prompt .choice", timeout=20000)
        if page.is_visible("#result"):
            return page.inner_text("#result")
        question = page.inner_text("#prompt h2")
        choices = page.query_selector_all("#prompt .choice")
        confirm = page.query_selector("#confirm")
        version = page.evaluate("document.body.dataset.version")
        if confirm is None:
            choices[0].click()
        else:
            import re

            wanted = re.search(r"（(\d+)(?:〜\d+)?個選ぶ", question)
            for c in choices[: int(wanted.group(1)) if wanted else 0]:
                c.click()
            confirm.click()
        page.wait_for_function("v => document.body.dataset.version !== v || document.body.dataset.refused",
                               arg=version, timeout=20000)
        assert not page.inner_text("#error"), page.inner_text("#error")
    raise AssertionError("the game did not end within the click limit")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_by_clicking(browser, game_id, tmp_path):
    """A whole game of each rule set is played to its end by clicking, in Japanese, with card faces."""
    with Server(_table(game_id)) as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        page.wait_for_selector("#prompt .choice, #result:not([hidden])")
        assert page.evaluate("document.documentElement.lang") == "ja"
        page.wait_for_function("() => { const i = document.querySelector(\"img[src^='/card/']\");"
                               " return i && i.complete && i.naturalWidth > 100; }", timeout=30000)
        result = play_by_clicking(page, shot=tmp_path / f"{game_id}.png")
        assert result.startswith("ゲーム終了")
        page.close()


def test_a_forged_answer_is_refused():
    """An answer naming a question that is not pending gets HTTP 409 and a clear Japanese message."""
    from starlette.testclient import TestClient

    from fuda.table.server import app

    table = _table("ryomen")
    client = TestClient(app(table), base_url="http://127.0.0.1")
    sid = client.get("/", follow_redirects=False).headers["location"].split("/")[2]
    state = client.get(f"/s/{sid}/state").json()
    forged = client.post(f"/s/{sid}/answer", json={"prompt": "999-999", "picks": []})
    assert forged.status_code == 409 and "この質問はもう答えられません" in forged.json()["error"]
    ok = client.post(f"/s/{sid}/answer", json={"prompt": state["prompt"]["id"], "picks": []})
    assert ok.status_code == 200
    stale = client.post(f"/s/{sid}/answer", json={"prompt": state["prompt"]["id"], "picks": []})
    assert stale.status_code == 409
    assert client.get("/", headers={"host": "evil.example"}).status_code == 400
