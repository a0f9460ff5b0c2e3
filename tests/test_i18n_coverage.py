"""Every finding a user can meet reads in Japanese: no English sentence is left in its message or hint.

Findings are written in English and put into Japanese by :mod:`fuda.i18n.findings`. These tests
render real findings with ``render_finding(f, "ja")`` — from the fuzz mutants, from one broken
input per finding code, and from lint over the sample games — and fail on any English sentence.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from fuda.database.findings import Finding, FindingsError, Location
from fuda.database.load import load_database, validate
from fuda.database.resources import cards_dir
from fuda.i18n import render_finding
from fuda.i18n.findings import TITLES, translate

from .fuzz.mutants import GAMES, edit, mutants

# What is a value, not prose: quoted text, paths and file names, option names, ids and keys with
# hyphens or dots, code points. Removed before looking for English.
_VALUES = re.compile(r"""「[^」]*」|『[^』]*』|'[^'\n]*'|"[^"\n]*"|`[^`]*`|\S*[/\\]\S*|--?[\w-]+"""
                     r"""|\b\w+(?:[-.]\w+)+\b|\S+\.(?:ya?ml|png|jpe?g|ttf|otf|json|zip|txt)\b|U\+[0-9A-F]{4,6}""")
# A word of a sentence: letters, maybe after "(" and before one mark; not ALL CAPS (a code, a
# Unicode character name such as ZERO WIDTH SPACE), which is a value.
_WORD = re.compile(r"\(?([A-Za-z][a-z]*)[.:?!)]?")
_JAPANESE = re.compile("[\u3040-\u30ff\u4e00-\u9fff]")


def english_sentence(text: str) -> str | None:
    """The first run of three or more English words in ``text`` outside its values, or ``None``;
    or, in a text with no Japanese outside its values, its English words when there are two.

    Words run on while they are separated by single spaces; a comma ends a run, so a list of ids
    (``marisa, reimu, youmu``) is not a sentence, while ``allowed keys: header, …`` still is."""
    run: list[str] = []
    rest = _VALUES.sub(" ¤ ", text)
    words = [t for t in rest.split() if _WORD.fullmatch(t.rstrip(",")) and not t.isupper()]
    if len(words) >= 2 and not _JAPANESE.search(rest):
        return " ".join(words)
    for token in rest.split():
        match = _WORD.fullmatch(token.rstrip(","))
        if match and not (len(match[1]) > 1 and match[1].isupper()):
            run.append(token)
            if len(run) >= 3:
                return " ".join(run)
            if token.endswith(","):
                run = []
        else:
            run = []
    return None


def english_in(findings) -> list[str]:
    """Rendered Japanese lines of ``findings`` that still hold an English sentence (deduplicated)."""
    bad = {}
    for f in findings:
        line = render_finding(f, "ja")
        # the message and the hint, each as render_finding shows it (the location and card id are values)
        hit = english_sentence(translate(f.code, f.message, "ja")) or (f.hint and english_sentence(translate(None, f.hint, "ja")))
        if hit:
            bad.setdefault((f.code, hit), f"{line}    <- {hit!r}")
    return sorted(bad.values())


def _lint(folder: Path) -> list[Finding]:
    from fuda.lint.engine import lint

    try:
        database = load_database([folder])
    except FindingsError:
        return []
    return [d.finding() for d in lint(database)]


# ── the detector itself ──────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize("text, english", [
    ("エラー[S003]: 値の種類が違う: cards[0].defense: \"３\" is written with full-width characters", True),
    ("known fighters: marisa, reimu, youmu", True),
    ("使えるキー: header, record, separator, suffix", False),  # a list of keys is values
    ("allowed keys: header, record, separator", True),
    ("ファイター一覧: marisa, reimu, youmu", False),
    ("デッキ「reimu-marisa」に存在しないカード「rr-001」があります", False),
    ("文字「x」が cards/a/b.yaml の誤り（U+200B ZERO WIDTH SPACE）", False),
    ("能力「on-cast」は手動（effect: manual）です: 'not yet done here'", False),
    ("use --template or check the path", True),
    ("fix cards/a.yaml first", True),  # two words around a value, and no Japanese at all
    ("先に cards/a.yaml を直してください", False),
])
def test_english_sentence_detector(text, english):
    """The detector finds a run of English words outside values and lets ids, keys, paths and lists pass."""
    assert (english_sentence(text) is not None) is english


def test_every_title_has_both_languages():
    """Each finding code's title exists in Japanese and English, and the two differ."""
    assert [c for c, (ja, en) in TITLES.items() if not ja.strip() or not en.strip() or ja == en] == []
    assert [c for c, (ja, _) in TITLES.items() if english_sentence(ja)] == []


def test_every_code_made_by_fuda_has_a_title():
    """Every finding code written in the database, rule set, lint, sheet, online, gallery and face code has a title."""
    root = Path(__file__).resolve().parent.parent / "pipeline"
    files = [root / "build.py"] + [p for d in ("database", "rulesets", "lint", "sheets", "online", "gallery", "faces")
                                   for p in (root / d).rglob("*.py")]
    codes = {c for p in files for c in re.findall(r'"([A-Z]{1,3}\d{3})"', p.read_text(encoding="utf-8"))}
    assert len(codes) > 80
    assert sorted(codes - set(TITLES)) == []


# ── (a) the fuzz mutants ─────────────────────────────────────────────────────────────────────


def test_fuzz_mutant_findings_read_in_japanese(tmp_path):
    """Every finding of validate (and of lint, where validate passes) on each mutant kind of each sample game is Japanese."""
    bad, seen = [], 0
    for n, mutant in enumerate(mutants(76)):  # every kind in every game
        folder = mutant.make(tmp_path / str(n))
        findings = validate([folder])
        if not any(f.severity == "error" for f in findings):
            findings = findings + _lint(folder)
        seen += len(findings)
        bad += [f"{mutant.name}: {line}" for line in english_in(findings)]
    assert seen > 100
    assert bad == []


# ── (b) one broken input per finding code ────────────────────────────────────────────────────


def _text(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _card(game: str, key: str, value, index: int = 0, file: str | None = None):
    def change(folder: Path):
        path = folder / (file or _FIRST[game])
        edit(path, lambda data: data["cards"][index].__setitem__(key, value))
    return change


_FIRST = {"recast-rift": "reimu.yaml", "toho-tcg": "characters.yaml", "raise-blaze": "fighters.yaml",
          "ryomen": "scarlet.yaml"}


def _deck(folder: Path) -> Path:
    return sorted((folder / "decks").glob("*.yaml"))[0]


BROKEN = [
    ("Y001", "recast-rift", lambda f: _text(f / "reimu.yaml", "    name: 博麗霊夢", "\tname: 博麗霊夢")),
    ("Y002", "recast-rift", lambda f: _text(f / "reimu.yaml", "    name: 博麗霊夢", "    name: 博麗霊夢\n    name: 霊夢")),
    ("Y003", "recast-rift", lambda f: (f / "big.yaml").write_text("# " + "x" * 2_200_000 + "\n", encoding="utf-8")),
    ("Y004", "recast-rift", lambda f: (f / "bomb.yaml").write_text(
        "a: &a [1,1,1,1,1,1,1,1,1,1]\n" + "".join(f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n"
                                                    for p, c in zip("abcdef", "bcdefg", strict=False)), encoding="utf-8")),
    ("Y005", "recast-rift", lambda f: (f / "reimu.yaml").write_bytes(
        (f / "reimu.yaml").read_text(encoding="utf-8").encode("cp932", "replace"))),
    ("Y006", "recast-rift", lambda f: _text(f / "reimu.yaml", "name: 博麗霊夢", "name: !!python/object 博麗霊夢")),
    ("Y007", "recast-rift", lambda f: _text(f / "reimu.yaml", "    name: 博麗霊夢", "    name: 博麗霊夢\n    [a, b]: x")),
    ("Y008", "toho-tcg", _card("toho-tcg", "cost", float("nan"))),
    ("Y009", "recast-rift", lambda f: (f / "deep.yaml").write_text("a: " + "[" * 80 + "]" * 80 + "\n", encoding="utf-8")),
    ("Y010", "toho-tcg", lambda f: _text(f / "characters.yaml", "  - id:", "  ー id:")),
    ("S001", "toho-tcg", _card("toho-tcg", "atack", 3)),
    ("S002", "toho-tcg", lambda f: edit(f / "characters.yaml", lambda d: d["cards"][0].pop("name"))),
    ("S003", "toho-tcg", _card("toho-tcg", "defense", "３")),
    ("S004", "toho-tcg", _card("toho-tcg", "kind", "クイック")),
    ("S005", "toho-tcg", _card("toho-tcg", "cost", -5)),
    ("S006", "recast-rift", lambda f: edit(_deck(f), lambda d: d["spells"].pop())),
    ("S007", "toho-tcg", _card("toho-tcg", "id", "Reimu Hakurei")),
    ("S008", "ryomen", lambda f: edit(_deck(f), lambda d: d["pairs"].__setitem__(0, [d["pairs"][0][0]] * 2))),
    ("R001", "recast-rift", lambda f: edit(_deck(f), lambda d: d["spells"].__setitem__(0, "marisa-master-spork"))),
    ("R002", "toho-tcg", _card("toho-tcg", "types", ["妖獣"])),
    ("R004", "recast-rift", lambda f: _text(f / "game.yaml", "rules: recast-rift", "rules: my-own-game")),
    ("D001", "recast-rift", lambda f: shutil.copy(f / "reimu.yaml", f / "reimu2.yaml")),
    ("D003", "recast-rift", lambda f: shutil.copy(f / "reimu.yaml", f / "reimu.yaml.bak")),
    ("D004", "recast-rift", lambda f: (shutil.rmtree(f / "decks"), (f / "decks").write_text("x", encoding="utf-8"))),
    ("T001", "toho-tcg", _card("toho-tcg", "name", "博麗\u202e霊夢")),
    ("A001", "toho-tcg", _card("toho-tcg", "art", "art/none.png")),
    ("K001", "toho-tcg", lambda f: edit(_deck(f), lambda d: d["cards"].pop())),
    ("F002", "ryomen", lambda f: edit(f / "scarlet.yaml", lambda d: d["cards"].pop())),
]


@pytest.mark.parametrize("code, game, breaks", BROKEN, ids=[row[0] for row in BROKEN])
def test_broken_input_reads_in_japanese(tmp_path, code, game, breaks):
    """A game broken so that it gives this code: the finding is there, and every finding reads in Japanese."""
    folder = tmp_path / "db" / game
    shutil.copytree(cards_dir() / game, folder)
    breaks(folder)
    findings = validate([folder])
    assert code in {f.code for f in findings}, [str(f) for f in findings]
    assert english_in(findings) == []


# ── (c) lint: the sample games, and one planted mistake per lint code ───────────────────────


@pytest.mark.parametrize("game", GAMES)
def test_lint_over_the_sample_games_reads_in_japanese(game):
    """Lint (every rule) over a sample game: whatever it says reads in Japanese."""
    assert english_in(_lint(cards_dir() / game)) == []


PLANTED = {  # toho-tcg card text → a lint code it gives
    "JP101": "スぺル", "JP102": "パワ一", "JP103": "ドロ－する", "JP107": "ｶｰﾄﾞ", "JP108": "カ\u200bード",
    "JP109": "カード\u00a0を", "JP110": "攻撃カ", "JP111": "リ├ル", "JP201": "2枚", "JP204": "ドローする", "JP206": "「カード",
    "JP207": "カード  を", "JP208": " カード", "JP209": "にに", "VOC001": "【永遠】", "REF001": "「博麗霊無」を引く",
}


def test_planted_lint_mistakes_read_in_japanese(tmp_path):
    """A card text holding one mistake per lint code: each code is found, and each finding reads in Japanese."""
    folder = tmp_path / "db" / "toho-tcg"
    shutil.copytree(cards_dir() / "toho-tcg", folder)
    path = folder / "characters.yaml"

    def plant(data):
        for i, text in enumerate(PLANTED.values()):
            card = data["cards"][i]
            card["text"] = f"{text}。" if not text.endswith("する") else text
            card.pop("abilities", None)
    edit(path, plant)
    findings = _lint(folder)
    assert sorted(set(PLANTED) - {f.code for f in findings}) == []
    assert english_in(findings) == []


def test_a_finding_nobody_translated_is_caught():
    """The check can fail: an English sentence no phrase knows is reported."""
    finding = Finding(Location(Path("cards/x.yaml"), 1, 1), "S003", "something nobody wrote a phrase for")
    assert english_in([finding]) != []



def test_a_key_that_is_also_a_word_is_kept_as_written():
    """A missing key named like a type word (``text``) is named as written, not translated."""
    f = Finding(Location("cards.yaml", 3, 5), "S002", "cards[0].abilities[1]: missing required key 'text'",
                hint="add 'text:'")
    line = render_finding(f, "ja")
    assert "「text」" in line and "「text:」" in line and "文字列" not in line, line
