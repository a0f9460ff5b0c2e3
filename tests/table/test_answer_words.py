"""One wording for an answer: the log says a person's answer with the label the menu showed (both languages), English
answers read as capitalised button labels, and a count of picks reads ``up to 5`` / ``1 to 2`` in English
(``0〜5`` / ``1〜2`` in Japanese), on the terminal and on the page's submit button."""

from __future__ import annotations

import re

import pytest

from tests.table.test_browser import Server, _table
from tests.table.test_browser import browser as browser  # the shared Chromium fixture
from tests.table.test_questions import GAMES, _game_for
from tests.table.test_questions import new_custom as new_custom  # the `fuda new --rules custom` game


def _play_all_human(game, seed: int):
    """A seeded game with a person on every seat, each answered by an agent through the session (so the log has
    every seat's answers): (session, seat, kind, picks, {lang: prompt}) per answer."""
    import itertools

    from fuda.database.ruleset import engine_for
    from fuda.engine.core import make_agent
    from fuda.engine.core.runner import ask
    from fuda.engine.games import registry_for
    from fuda.table.session import TableSession

    pairs = list(itertools.product([d.id for d in game.decks], repeat=2))
    decks = pairs[seed % len(pairs)]
    session = TableSession.open(engine_for(game.rules), registry_for(game), [game.deck(d) for d in decks],
                                set(range(len(decks))), seed=seed, auto_forced=True)
    agents = [make_agent(("random", "greedy")[(seed + s) % 2], seed, s) for s in range(len(decks))]
    for _ in range(2000):
        d = session.game.pending
        if d is None:
            break
        prompts = {lang: session.prompt(lang=lang) for lang in ("ja", "en")}
        picks = tuple(ask(agents[d.player], session.game, d))
        yield session, d.player, d.kind, picks, prompts
        session.answer(prompts["ja"].id, picks)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_log_says_each_answer_as_the_menu_showed_it(game_id, new_custom):
    """Each of a seat's answers in its log is `P1 <what>: <the picked options' menu labels>`, in English and in Japanese,
    and what was asked is said in words (no engine's kind id such as `boost` in a Japanese log)."""
    from fuda.i18n import MESSAGES, t
    from fuda.table.transcript import kind_label

    game = _game_for(game_id, new_custom)
    checked, worded, asked = 0, 0, set()
    for seed in range(3):
        expected: dict[tuple[int, str], list[str]] = {}
        session = None
        for now, seat, kind, picks, prompts in _play_all_human(game, seed):
            session = now
            asked.add(kind)
            for lang, prompt in prompts.items():
                labels = {c.id: c.label for c in prompt.choices}
                said = ("、" if lang == "ja" else ", ").join(labels[p] for p in picks)
                expected.setdefault((seat, lang), []).append(
                    t("table.log.answer", lang, seat=seat + 1, what=kind_label(kind, lang), picks=said or t("table.log.no_pick", lang)))
            worded += any(c.label.startswith(("Play ", "Attack with ", "Cast ")) for c in prompts["en"].choices
                          if c.id in picks)
        assert session is not None
        for (seat, lang), lines in expected.items():
            log = [e["text"] for e in session.entries(seat, lang)]
            at = 0
            for line in lines:  # every answer, in order, in the menu's words
                assert line in log[at:], (game_id, seed, lang, line, log[at:at + 5])
                at = log.index(line, at) + 1
                checked += 1
    assert checked > 100, checked
    assert not [k for k in asked if f"decision.{k}" not in MESSAGES], asked  # the log names what was asked in words
    if game_id in ("hoshikage", "kenbu", "new-custom", "recast-rift"):
        assert worded > 5, worded  # bare card names the menu words by what the option does were among the answers


def test_a_custom_games_play_and_attack_say_what_they_do(new_custom):
    """A custom game's main-phase answers say what they do in both languages (プレイ: X / Xで攻撃, Play X / Attack with X),
    in the menu and in the log alike: a card's name alone could be either."""
    names = {c.name for c in new_custom.cards}
    said, session = [], None
    for now, seat, _kind, picks, prompts in _play_all_human(new_custom, 1):
        session = now
        ja, en = ({c.id: c.label for c in prompts[lang].choices} for lang in ("ja", "en"))
        if len(picks) == 1 and picks[0].startswith(("play:", "attack:")):
            said.append((seat, picks[0].split(":")[0], ja[picks[0]], en[picks[0]]))
    assert session is not None and len(said) > 3, said
    for seat, what, ja_label, en_label in said:
        name = ja_label.removeprefix("プレイ: ") if what == "play" else ja_label.removesuffix("で攻撃")
        assert name in names and ja_label != name, ja_label
        assert en_label == (f"Play {name}" if what == "play" else f"Attack with {name}"), en_label
        for lang, label in (("ja", ja_label), ("en", en_label)):
            assert any(e["text"].endswith(label) for e in session.entries(seat, lang)), (lang, label)


@pytest.mark.parametrize("game_id", GAMES)
def test_english_answers_are_capitalised_like_buttons(game_id, new_custom):
    """No English option label, nor an answer in the log (an empty one reads `None`), starts with a lower-case letter."""
    from fuda.i18n import MESSAGES, t
    from fuda.table.transcript import kind_label

    game = _game_for(game_id, new_custom)
    lower, answers = set(), []
    for seed in (0, 1):  # seed 1: toho-tcg and recast-rift answer a question with nothing (None)
        kinds, session = set(), None
        for now, _seat, kind, _picks, prompts in _play_all_human(game, seed):
            session = now
            kinds.add(kind)
            lower |= {(c.id, c.label) for c in prompts["en"].choices if re.match(r"[a-z]", c.label)}
        assert session is not None
        heads = tuple(t("table.log.answer", "en", seat=1, what=kind_label(k, "en"), picks="") for k in kinds)
        answers += [e["text"] for e in session.entries(0, "en") if e["text"].startswith(heads) and e["rule"]]
    assert not lower, sorted(lower)[:20]
    assert answers and not [a for a in answers if re.match(r"P1 [^:]+: [a-z]", a)], answers[:20]
    if game_id in ("toho-tcg", "recast-rift"):
        assert any(a.endswith(": None") for a in answers), answers
    picks = {k: v["en"] for k, v in MESSAGES.items() if k.startswith("pick.")}
    assert picks and all(v[0].isupper() for v in picks.values()), picks


def test_every_kind_of_question_has_words_in_both_languages():
    """Each kind of question the engines ask (the kinds of the prompt.* shapes) has its decision.* words in both languages."""
    from fuda.i18n import MESSAGES
    from fuda.i18n.table_shapes import PROMPTS

    kinds = {key.split(".")[1] for key in PROMPTS}
    assert {"boost", "choose", "look", "search", "lift-zone"} <= kinds
    missing = sorted(k for k in kinds if not (MESSAGES.get(f"decision.{k}") or {}).get("ja") or
                     not MESSAGES[f"decision.{k}"].get("en"))
    assert not missing, missing


def test_the_pages_buttons_are_capitalised_in_english():
    """Every button of the page (Undo, Submit, the sandbox's Draw … Move to <zone>) reads as a capitalised label in English."""
    from fuda.i18n import MESSAGES

    buttons = ("undo", "submit", "draw", "shuffle", "flip", "tap", "move_to", "save", "load", "look", "look_done")
    said = {key: MESSAGES[f"table.ui.{key}"]["en"] for key in buttons}
    assert all(text[0].isupper() for text in said.values()), said
    assert said["move_to"].format(zone="field") == "Move to field"


def test_counts_of_picks_read_as_words():
    """`up to 5` and `1 to 2` in English; `0〜5` and `1〜2` in Japanese; one number when the count is exact."""
    from fuda.table.questions import count_words, english

    assert [count_words(0, 5, "en"), count_words(1, 2, "en"), count_words(2, 2, "en")] == ["up to 5", "1 to 2", "2"]
    assert [count_words(0, 5, "ja"), count_words(1, 2, "ja"), count_words(2, 2, "ja")] == ["0〜5", "1〜2", "2"]
    said, key = english("no-such-kind", "", 0, 3, "XX-1")
    assert said == "Choose no-such-kind (pick up to 3; rule XX-1)" and key is None


def test_the_terminal_asks_for_a_count_in_words():
    """The terminal refuses too many numbers with `pick up to 9` in English and `0〜9 個選んでください` in Japanese."""
    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.session import TableSession
    from fuda.table.terminal import play

    game = load_database().game("ryomen")
    said = {}
    for lang in ("ja", "en"):
        session = TableSession.open(engine_for(game.rules), registry_for(game),
                                    [game.deck("scarlet-gate"), game.deck("ghost-spring")], {0}, seed=0, auto_forced=True)
        out: list[str] = []
        play(session, iter(["1 1", "quit"]), out.append, lang)
        said[lang] = out
    assert "pick up to 9" in said["en"] and not any("〜" in line for line in said["en"]), said["en"][-5:]
    assert "0〜9 個選んでください" in said["ja"], said["ja"][-5:]


def test_the_submit_button_counts_in_words(browser):
    """The page's submit button reads `Submit (up to 9)` in English and `決定（0〜9枚／個）` in Japanese, and so does the hint."""
    shown = {}
    for lang in ("en", "ja"):
        with Server(_table("ryomen", lang=lang)) as url:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.goto(url)
            page.wait_for_selector("#prompt #confirm", timeout=20000)
            shown[lang] = page.inner_text("#confirm")
            page.close()
    assert shown == {"en": "Submit (up to 9)", "ja": "決定（0〜9枚／個）"}, shown


def test_a_cards_details_read_in_the_tables_language():
    """A zoomed card's line names its printing and kind in the table's language: `犬走椛 (normal) [character]` in English."""
    from starlette.testclient import TestClient

    from fuda import load_database
    from fuda.engine.games import engine_for, registry_for
    from fuda.table.server import app
    from fuda.table.session import TableSession

    game = load_database().game("toho-tcg")
    session = TableSession.open(engine_for(game.rules), registry_for(game),
                                [game.deck("hakurei-moriya"), game.deck("mahou-no-mori")], {0}, seed=0, auto_forced=True)
    assert session.card_text("momiji", "en").startswith("犬走椛 (normal) [character] cost: 1  attack: 1  defense: 3\n")
    assert session.card_text("momiji", "ja").startswith("犬走椛（ノーマル）［キャラクター］ コスト: 1  攻撃力: 1  防御力: 3\n")
    for lang in ("en", "ja"):
        client = TestClient(app(_table("toho-tcg", lang=lang)), base_url="http://127.0.0.1:8000")
        token = client.get("/", follow_redirects=False).headers["location"].split("/")[2]
        cards = client.get(f"/t/{token}/state").json()["cards"]
        twins = [c for c in cards.values() if "（" in c["name"] or " (" in c["name"]]
        assert twins, cards
        if lang == "en":
            assert not any("（" in c["name"] or "（" in c["text"].split("\n")[0] or "［" in c["text"] for c in cards.values()), twins
        else:
            assert all(" (" not in c["name"] for c in cards.values()), twins
