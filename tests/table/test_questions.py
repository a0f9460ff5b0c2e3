"""The table's questions and option labels in English: every shape the engines ask, worded as a player would say it."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

import pytest

GAMES = ("toho-tcg", "recast-rift", "raise-blaze", "ryomen", "hoshikage", "kenbu", "new-custom")
GAMES_PER_ENGINE = 8
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")  # kana and kanji
QUOTED = re.compile(r"\"([^\"]*)\"")


@cache
def _game(game_id: str, folder: str | None = None):
    from fuda import load_database

    return load_database([folder] if folder else None).game(game_id)


@pytest.fixture(scope="module")
def new_custom(tmp_path_factory):
    """A game made as `fuda new --rules custom` makes it (its one deck plays both seats)."""
    from fuda.scaffold import new_game

    folder = tmp_path_factory.mktemp("new-custom") / "mygame"
    new_game(folder, "custom")
    return _game("mygame", str(folder))


def _strings(data, keys=None):
    """Every string of a game's data (only those under ``keys``, when given)."""
    if isinstance(data, dict):
        for k, v in data.items():
            if isinstance(v, str) and (keys is None or k in keys):
                yield v
            elif not isinstance(v, str):
                yield from _strings(v, keys)
    elif isinstance(data, (list, tuple)):
        for v in data:
            yield from _strings(v, keys)
    elif isinstance(data, str) and keys is None:
        yield data


def _printed(game):
    """(names, texts): what passes through as printed — names of cards, faces, decks and the game's pieces
    (chips, fighters) — and the printed text (card text, ability text, a card's words for its choices)."""
    names = {c.name for c in game.cards} | {d.name for d in game.decks} | set(game.fighters.values())
    names |= set(_strings(game.manifest, {"name"})) | {n for c in game.cards for n in _strings(c.data, {"name"})}
    texts = {c.text for c in game.cards if c.text} | {s for c in game.cards for s in _strings(c.data) if len(s) > 1}
    return sorted(names, key=len, reverse=True), texts


def _residue(text: str, names, texts) -> str:
    """``text`` without printed names and quoted printed text; quoted text that is not printed stays."""
    def quoted(match):
        inner = match.group(1)
        return "" if any(inner in t for t in texts) else inner

    text = QUOTED.sub(quoted, text)
    for name in names:
        text = text.replace(name, "")
    return text


def _play(game, seeds, langs=("ja", "en")):
    """Every question of seeded games, every seat answered by random or greedy agents through the
    table's session: (session, decision, {lang: prompt}) per question."""
    import itertools

    from fuda.database.ruleset import engine_for
    from fuda.engine.core import make_agent
    from fuda.engine.core.runner import ask
    from fuda.engine.games import registry_for
    from fuda.table.session import TableSession

    module, registry = engine_for(game.rules), registry_for(game)
    pairs = list(itertools.product([d.id for d in game.decks], repeat=2))
    for seed in seeds:
        decks = pairs[seed % len(pairs)]
        if seed % 4 == 3 and max(getattr(module, "PLAYERS", (2,))) > 2:  # ryomen: three seats now and then
            decks = (*decks, game.decks[seed % len(game.decks)].id)
        session = TableSession.open(module, registry, [game.deck(d) for d in decks], set(range(len(decks))),
                                    seed=seed, auto_forced=True)
        agents = [make_agent(("random", "greedy")[(seed + s) % 2], seed, s) for s in range(len(decks))]
        for _ in range(2000):
            decision = session.game.pending
            if decision is None:
                break
            prompts = {lang: session.prompt(lang=lang) for lang in langs}
            yield session, decision, prompts
            session.answer(prompts[langs[0]].id, ask(agents[decision.player], session.game, decision))


def _game_for(game_id, new_custom):
    return new_custom if game_id == "new-custom" else _game(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_question_and_label_reads_in_english(game_id, new_custom):
    """In English no question or label shown has kana/kanji but printed names and quoted printed text; each question has a shape."""
    from fuda.table.questions import english

    game = _game_for(game_id, new_custom)
    names, texts = _printed(game)
    questions, labels, shapes, misses = 0, 0, Counter(), Counter()
    for _session, d, prompts in _play(game, range(GAMES_PER_ENGINE)):
        en = prompts["en"]
        text, key = english(d.kind, d.prompt, d.min, d.max, d.rule)
        assert en.question("en") == f"P{d.player + 1}: {text}"
        questions += 1
        shapes[key] += 1
        if key is None or JAPANESE.search(_residue(text, names, texts)):
            misses[f"question {d.kind}: {prompts['ja'].question('ja')} -> {text}"] += 1
        for ja_choice, choice in zip(prompts["ja"].choices, en.choices, strict=True):
            labels += 1
            if JAPANESE.search(_residue(choice.label, names, texts)):
                misses[f"label {d.kind}: {ja_choice.label} -> {choice.label}"] += 1
    assert questions > 100 and labels > questions, (questions, labels)
    assert not misses, f"{game_id}: {sum(misses.values())} of {questions + labels} shown texts missed:\n" + "\n".join(
        f"{n:5d} × {what}" for what, n in misses.most_common())
    assert None not in shapes and len(shapes) >= 4, shapes


@pytest.mark.parametrize("game_id", GAMES)
def test_japanese_questions_and_labels_are_the_engines_own(game_id, new_custom):
    """In Japanese the question is the engine's prompt, count and rule, each label the engine's; option ids agree across languages."""
    from fuda.table.transcript import kind_label

    game = _game_for(game_id, new_custom)
    changed = 0
    for session, d, prompts in _play(game, range(3)):
        ja, en = prompts["ja"], prompts["en"]
        count = f"{d.min}" if d.min == d.max else f"{d.min}〜{d.max}"
        what = d.prompt or f"「{kind_label(d.kind, 'ja')}」"
        assert ja.question("ja") == f"P{d.player + 1}: {what}（{count}個選ぶ・ルール {d.rule}）"
        assert [c.id for c in ja.choices] == [c.id for c in en.choices] == [o.id for o in d.options]
        for option, choice in zip(d.options, ja.choices, strict=True):
            engine = session._named(option.label or option.id)
            if choice.card and choice.label != engine:  # the only change: 博麗霊夢 → 博麗霊夢（ハード）
                name, shown = session.cards[choice.card].name, session.display_name(choice.card)
                assert choice.label.replace(shown, name, 1) == engine
                continue
            assert choice.label == engine
            changed += choice.label != (en.choices[choice.number - 1].label)
    assert changed > 50  # English did change what Japanese shows as the engine's words


def test_every_question_shape_is_reached_and_reads_in_english():
    """Each prompt.* shape, filled with sample values, words its question, in English with no kana/kanji but the sample names."""
    from fuda.i18n import catalogue_problems
    from fuda.i18n.table_shapes import BY_ID, LABELS, PROMPTS
    from fuda.table.questions import english

    assert catalogue_problems(PROMPTS) == catalogue_problems(LABELS) == catalogue_problems(BY_ID) == []
    sample = {"card": "博麗霊夢", "n": "2", "count": "0〜3", "zone": "Ⅱ", "attack": "1／ー", "what": "both-ways",
              "chip": "パワー＋１チップ", "text": "【起動】カードを１枚引く。", "rule": "XX-TEST-1"}
    for key, text in PROMPTS.items():
        shape = re.fullmatch(r"(.*)（(.+?)個選ぶ・ルール (.+)）", text["ja"], re.DOTALL)
        assert shape, key
        prompt, count, rule = (re.sub(r"\{(\w+)\}", lambda m: sample[m.group(1)], part) for part in shape.groups())
        lo, _, hi = count.partition("〜")
        said, found = english(key.split(".")[1], prompt, int(lo), int(hi or lo), rule)
        assert found == key, (key, found, said)
        left = QUOTED.sub("", said).replace("博麗霊夢", "")
        assert not JAPANESE.search(left) and rule in said and "{" not in said, (key, said)


def test_option_labels_keep_printed_words_and_word_bare_names():
    """Printed ability text keeps its punctuation; a bare card name says what the option does; a custom card's choice is quoted."""
    from fuda.database.ruleset import ruleset_for
    from fuda.table.labels import translate

    toho = ruleset_for("toho-tcg").labels(None)
    rift = ruleset_for("recast-rift").labels(None)
    ability = "【起動】タップ、霊力２：相手のキャラクターすべてに１ダメージを与える。"
    assert translate(f"起動: {ability}", "activate:x", "en", toho) == f"Activate: \"{ability}\""
    assert translate("天狗の新聞（quick）", "stack:4", "en", toho) == "天狗の新聞 (quick)"
    cast = "彗星「ブレイジングスター」（通常札・攻撃札）"
    assert translate(cast, "cast:blazing", "en", rift, "彗星「ブレイジングスター」") == "Cast 彗星「ブレイジングスター」 (normal, attack)"
    assert translate("ひだまり猫", "play:neko", "en", None, "ひだまり猫") == "Play ひだまり猫"
    assert translate("ひだまり猫", "attack:neko#2", "en", None, "ひだまり猫") == "Attack with ひだまり猫"
    assert translate("ひだまり猫", "play:neko", "en", None) == "ひだまり猫"  # not known to be the card's name: as printed
    assert translate("命を２増やす", "option:2", "en") == "\"命を２増やす\""
    assert translate("ターンを終える", "end", "en") == "End the turn"
    assert translate("ターンを終える", "end", "ja") == "ターンを終える"


def test_the_terminal_asks_in_english_sentences():
    """`fuda play --seat 1=human --lang en` asks whole English sentences (the mulligan, then the main phase), not the kind of question."""
    from fuda.database.ruleset import engine_for
    from fuda.engine.games import registry_for
    from fuda.table.session import TableSession
    from fuda.table.terminal import play

    game = _game("toho-tcg")
    session = TableSession.open(engine_for(game.rules), registry_for(game),
                                [game.deck("hakurei-moriya"), game.deck("mahou-no-mori")], {0}, seed=4, auto_forced=True)
    out: list[str] = []
    play(session, iter(["1"] * 30 + ["quit"]), out.append, "en")
    asked = [line for line in out if re.match(r"P1: [A-Z]", line)]
    assert any(line.startswith("P1: Start with this hand of ") and line.endswith("(rule TT-SETUP-3)") for line in asked), asked
    assert any(line.startswith("P1: Main phase: play a card") for line in asked), asked
    assert not any(" chooses '" in line for line in out)
