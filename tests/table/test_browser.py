"""The browser table in a real Chromium (Debian's, driven by playwright through executable_path):
whole games of each rule set played to the end by clicking, two people in two browser contexts
each seeing only their own hand, the page in either language, a submit button that is enabled
only for a legal selection, and a 409 from a stale tab shown in words. Screenshots go to the
test's tmp dir."""

from __future__ import annotations

import re
import shutil
import threading
import time
from pathlib import Path

import pytest

GAMES = {
    "recast-rift": ("reimu-marisa", "sakuya-youmu"),
    "ryomen": ("scarlet-gate", "ghost-spring"),
    "toho-tcg": ("hakurei-moriya", "mahou-no-mori"),
    "raise-blaze": ("mountain-faith", "scarlet-night"),
    "hoshikage": ("hana-to-hi", "tsuki-to-mizu"),  # rules: custom, played by the engine its game.yaml declares
}
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def _table(game_id: str, humans=(0,), lang: str = "ja"):
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.server import Table

    game = load_database().game(game_id)
    return Table(game, engine_for(game.rules), registry_for(game), [game.deck(i) for i in GAMES[game_id]],
                 frozenset(humans), lang=lang)


class Server:
    """A uvicorn server of one table in a thread, on a free port of 127.0.0.1."""

    def __init__(self, table):
        import uvicorn

        from fuda.table.server import app, free_port

        self.table = table
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

    def seat_url(self, room, seat: int) -> str:
        return f"http://127.0.0.1:{self.port}/t/{room.tokens[seat]}/"

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


def answer_once(page) -> None:
    """Answer the pending question by clicking: a single pick by its first option; several by
    clicking options until the submit button says the selection is legal, then submitting."""
    version = page.evaluate("document.body.dataset.version")
    choices = page.query_selector_all("#prompt .choice")
    confirm = page.query_selector("#confirm")
    if confirm is None:
        choices[0].click()
    else:
        page.wait_for_selector("#confirm:not([data-legal='pending'])", timeout=20000)
        for choice in choices:
            if page.get_attribute("#confirm", "data-legal") == "yes":
                break
            choice.click()
            page.wait_for_selector("#confirm:not([data-legal='pending'])", timeout=20000)
        assert page.get_attribute("#confirm", "data-legal") == "yes", page.inner_text("#why")
        assert page.is_enabled("#confirm")
        page.click("#confirm")
    page.wait_for_function("v => document.body.dataset.version !== v || document.body.dataset.refused",
                           arg=version, timeout=20000)
    assert not page.inner_text("#error"), page.inner_text("#error")


def play_by_clicking(page, limit: int = 900, shot: Path | None = None) -> str:
    """Answer every question by clicking until the result shows; ``shot``: screenshots a few
    moves in and at the end."""
    for move in range(limit):
        if shot is not None and move == 12:
            page.screenshot(path=str(shot.with_suffix(".play.png")), full_page=True)
        page.wait_for_selector("#result:not([hidden]), #prompt .choice", timeout=20000)
        assert not re.search(r"[a-z0-9]#\d", page.inner_text("#prompt")), page.inner_text("#prompt")  # no copy suffix
        if page.is_visible("#result"):
            if shot is not None:
                page.screenshot(path=str(shot.with_suffix(".end.png")), full_page=True)
            return page.inner_text("#result")
        answer_once(page)
    raise AssertionError("the game did not end within the click limit")


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_whole_game_by_clicking(browser, game_id, tmp_path):
    """A whole game of each rule set is played to its end by clicking, in Japanese, on a board of mat zones with card
    faces; the log numbers every line in full and the result says who won and why."""
    with Server(_table(game_id)) as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        page.wait_for_selector("#prompt .choice, #result:not([hidden])")
        assert page.evaluate("document.documentElement.lang") == "ja"
        assert page.inner_text("#undo") == "一手戻す" and page.inner_text("#log-title") == "記録"
        page.wait_for_function("() => { const i = document.querySelector(\"img[src*='/card/']\");"
                               " return i && i.complete && i.naturalWidth > 100; }", timeout=30000)
        zones = page.eval_on_selector_all(".side.you .zone", "zs => zs.map(z => z.dataset.zone)")
        assert "hand" in zones or "hand-zone" in zones
        assert page.query_selector_all(".side.opponent .zone img")  # the other side is drawn too
        result = play_by_clicking(page, shot=tmp_path / game_id)
        assert result.startswith("ゲーム終了: ") and (result.count("の勝ち") == 1 or "引き分け" in result), result
        numbers = page.eval_on_selector_all("#log .n", "ns => ns.map(n => Number(n.textContent))")
        assert numbers == list(range(numbers[0], numbers[0] + len(numbers))) and numbers[-1] > 9
        assert not page.eval_on_selector_all("#log .text, .zone-label, #zoom", "es => es.filter(e => /#\\d/.test(e.textContent)).length")
        page.close()


@pytest.mark.slow
def test_two_people_in_two_browsers(browser, tmp_path):
    """Two human seats play toho-tcg in two browser contexts: each sees its own hand's faces and only backs of the
    other's; the seat not asked waits and follows the other's moves."""
    table = _table("toho-tcg", humans=(0, 1))
    with Server(table) as base:
        room = table.open_room()
        pages = []
        for seat in (0, 1):
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            page = context.new_page()
            page.goto(f"{base}t/{room.tokens[seat]}/")
            pages.append(page)
        for page in pages:
            page.wait_for_selector("#prompt .choice, #waiting")
        hands = []
        for page in pages:
            own = page.eval_on_selector_all(".side.you .zone.hand img", "is => is.map(i => i.getAttribute('src'))")
            other = page.eval_on_selector_all(".side.opponent .zone.hand img", "is => is.map(i => i.getAttribute('src'))")
            assert own and all("/card/" in s for s in own)
            assert other and all(s.endswith("/back.png") for s in other)
            hands.append({s.rsplit("/", 1)[1] for s in own})
        for _move in range(16):
            for _ in range(100):  # the seat not asked polls every 1.5 s
                asked = [p for p in pages if p.query_selector("#prompt .choice")]
                if asked:
                    break
                time.sleep(0.2)
            assert asked, "neither seat was asked"
            waiting = [p for p in pages if p not in asked]
            assert len(asked) == 1 and waiting[0].query_selector("#waiting")
            answer_once(asked[0])
            time.sleep(0.2)
        for seat, page in enumerate(pages):
            page.wait_for_timeout(1700)  # the waiting page polls every 1.5 s
            page.screenshot(path=str(tmp_path / f"seat{seat + 1}.png"), full_page=True)
            other = page.eval_on_selector_all(".side.opponent .zone.hand img", "is => is.map(i => i.getAttribute('src'))")
            assert all(s.endswith("/back.png") for s in other)
            assert not {s.rsplit("/", 1)[1] for s in page.eval_on_selector_all(
                "img", "is => is.map(i => i.getAttribute('src'))")} & (hands[1 - seat] - hands[seat])


def test_the_page_speaks_the_tables_language(browser, tmp_path):
    """--lang en: chrome, question and zone names are English; the same table in ja is Japanese."""
    texts = {}
    for lang in ("en", "ja"):
        with Server(_table("raise-blaze", lang=lang)) as url:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url)
            page.wait_for_selector("#prompt .choice")
            texts[lang] = {"lang": page.evaluate("document.documentElement.lang"), "undo": page.inner_text("#undo"),
                           "log": page.inner_text("#log-title"), "seat": page.inner_text("#seat"),
                           "zones": page.inner_text(".side.you"), "question": page.inner_text("#prompt h2")}
            page.screenshot(path=str(tmp_path / f"{lang}.png"), full_page=True)
            page.close()
    en, ja = texts["en"], texts["ja"]
    assert en["lang"] == "en" and en["undo"] == "Undo" and en["log"] == "Log" and en["seat"] == "you are P1"
    assert "graveyard" in en["zones"] and "墓地" not in en["zones"] and "rule" in en["question"]
    assert ja["lang"] == "ja" and ja["undo"] == "一手戻す" and ja["log"] == "記録" and ja["seat"] == "あなたは P1"
    assert "墓地" in ja["zones"] and "ルール" in ja["question"]


def test_submit_waits_for_a_legal_selection_and_a_stale_tab_says_why(browser, tmp_path):
    """Submit is disabled until the selection is legal in count; cards are picked by clicking them on the board; an
    answer from a stale tab gets the 409's reason."""
    table = _table("toho-tcg")
    with Server(table) as base:
        room = table.open_room()
        url = f"{base}t/{room.tokens[0]}/"
        first, second = (browser.new_page(viewport={"width": 1400, "height": 1000}) for _ in range(2))
        for page in (first, second):
            page.goto(url)
            page.wait_for_selector("#prompt .choice")
        answer_once(first)  # the mulligan question: `second` still shows it
        second.query_selector_all("#prompt .choice")[0].click()
        second.wait_for_function("() => document.body.dataset.refused", timeout=20000)
        assert "送信が重なりました" in second.inner_text("#error") and "この質問はもう答えられません" in second.inner_text("#error")
        for _ in range(60):  # on to a question with several picks
            first.wait_for_selector("#prompt .choice, #result:not([hidden])")
            if first.query_selector("#confirm") and int(first.get_attribute("#prompt", "data-min")) >= 1:
                break
            answer_once(first)
        else:
            raise AssertionError("no question with several picks came up")
        first.wait_for_selector("#confirm[data-legal='no']")
        assert not first.is_enabled("#confirm") and first.inner_text("#why")
        want = int(first.get_attribute("#prompt", "data-min"))
        on_board = first.query_selector_all(".side.you .card.choosable")
        assert len(on_board) >= want  # the cards the question is about are picked on the board too
        for card in on_board[:want]:
            card.click()
        assert len(first.query_selector_all("#prompt .choice[aria-pressed='true']")) == want
        first.wait_for_selector("#confirm:not([data-legal='pending'])")
        assert first.is_enabled("#confirm") == (first.get_attribute("#confirm", "data-legal") == "yes")
        first.screenshot(path=str(tmp_path / "several.png"), full_page=True)
