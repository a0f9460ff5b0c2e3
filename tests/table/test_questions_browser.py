"""The browser table asks its questions as English sentences under --lang en (and as the engine words them in
Japanese), in Debian's Chromium; screenshots of the English table go to the test's tmp dir."""

from __future__ import annotations

import re

import pytest

from tests.table.test_browser import Server, _table, answer_once
from tests.table.test_browser import browser as browser  # the shared Chromium fixture
from tests.table.test_questions import _printed, _residue

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("game_id", ["toho-tcg", "recast-rift", "hoshikage"])
def test_the_browser_asks_english_sentences(browser, game_id, tmp_path):
    """Twenty questions by clicking: each heading is an English sentence ending in its rule, each option English but printed names."""
    from fuda import load_database

    names, texts = _printed(load_database().game(game_id))
    asked = []
    with Server(_table(game_id, lang="en")) as url:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(url)
        for move in range(20):
            page.wait_for_selector("#result:not([hidden]), #prompt .choice", timeout=20000)
            if page.is_visible("#result"):
                break
            question = page.inner_text("#prompt h2")
            options = page.eval_on_selector_all("#prompt .choice span", "ss => ss.map(s => s.textContent)")
            asked.append(question)
            assert re.fullmatch(r"P1: [A-Z\u3000-\u9fff].* \(rule [A-Z]+-[A-Z]+-\d+\)", question), question
            assert " chooses '" not in question and "(pick " not in question, question
            for text in [question, *options]:
                assert not JAPANESE.search(_residue(text, names, texts)), text
            if move in (2, 8):
                page.screenshot(path=str(tmp_path / f"{game_id}-en-{move}.png"), full_page=True)
            answer_once(page)
        page.close()
    assert len(asked) >= 5, asked


def test_the_page_state_asks_in_the_tables_language():
    """The state the page reads has the engine's own Japanese question under ja and its English sentence under en."""
    from starlette.testclient import TestClient

    from fuda.table.server import app

    questions = {}
    for lang in ("ja", "en"):
        client = TestClient(app(_table("toho-tcg", lang=lang)), base_url="http://127.0.0.1:8000")
        token = client.get("/", follow_redirects=False).headers["location"].split("/")[2]
        questions[lang] = client.get(f"/t/{token}/state").json()["prompt"]["question"]
    ja = re.fullmatch(r"P1: 手札(\d+)枚で始めるか（1個選ぶ・ルール TT-SETUP-3）", questions["ja"])
    assert ja, questions
    n = ja.group(1)
    assert questions["en"] == f"P1: Start with this hand of {n} cards, or draw again? (rule TT-SETUP-3)", questions
