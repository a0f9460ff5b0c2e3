"""Right suggestions (issue 28): a value that is none of the allowed constants lists them (when
few) and names the nearest; a misspelt key or value suggests what to write, with its label in
brackets; a deck finding says it "may follow" from a broken card file only when a card the deck
names is missing because of it."""

from __future__ import annotations

from pathlib import Path

from fuda.database.load import validate
from fuda.scaffold import new_game
from tests.conftest import card_files, deck_files, rewrite


def _only(findings, code: str):
    found = [f for f in findings if f.code == code]
    assert len(found) == 1, [str(f) for f in findings]
    return found[0]


def test_keyword_typo_lists_the_keywords_and_names_the_nearest(sample_copy):
    """`keywords: [fast-atack]` lists the seven plain keywords and suggests fast-attack with its
    printed label — not 「"defender" が必要です」."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    rewrite(path, lambda d: d["cards"][0].__setitem__("keywords", ["fast-atack"]))
    finding = _only(validate([folder]), "S004")
    card = finding.card
    listed = '"defender", "spell-defender", "trickster", "fast-attack", "striker", "barrier", "penetrate"'
    assert finding.render("en") == (
        f"{finding.location}: error[S004]: cards[0].keywords[0]: expected one of {listed}, found \"fast-atack\"; "
        f"did you mean 'fast-attack' (【ファストアタック】)? (card {card})")
    assert finding.render("ja") == (
        f"{finding.location}: エラー[S004]: cards[0].keywords[0]: {listed} のどれかが必要ですが、\"fast-atack\" が"
        f"書かれています。「fast-attack」（【ファストアタック】）の間違いではありませんか？（カード {card}）")


def test_many_allowed_values_are_counted_not_listed(tmp_path):
    """Past eight allowed values the message counts them and names the nearest (a template's
    element type)."""
    from fuda.database.findings import FindingsError
    from fuda.faces.template import load_template_file

    path = tmp_path / "card.yaml"
    path.write_text("kinds:\n  default:\n    elements:\n      - {type: stats, x: 1, y: 1, w: 2, h: 2}\n",
                    encoding="utf-8")
    try:
        load_template_file(path)
    except FindingsError as exc:
        finding = _only(exc.findings, "S004")
    else:
        raise AssertionError("the template was accepted")
    assert finding.render("en") == (f"{finding.location}: error[S004]: kinds.default.elements[0].type: \"stats\" is "
                                    "none of the 11 allowed values; did you mean 'stat'?")
    assert finding.render("ja") == (f"{finding.location}: エラー[S004]: kinds.default.elements[0].type: \"stats\" は"
                                    "使える 11 個の値のどれでもありません。「stat」の間違いではありませんか？")


def test_misspelt_card_key_suggests_the_key_with_its_label(sample_copy):
    """`atack:` on a toho-tcg character suggests the key attack with its label 攻撃力."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    rewrite(path, lambda d: d["cards"][0].__setitem__("atack", d["cards"][0].pop("attack")))
    finding = _only(validate([folder]), "S001")
    assert finding.render("en") == (f"{finding.location}: error[S001]: cards[0]: unknown key 'atack'; "
                                    f"did you mean 'attack' (攻撃力)? (card {finding.card})")
    assert finding.render("ja") == (f"{finding.location}: エラー[S001]: cards[0]: 知らないキー「atack」。"
                                    f"「attack」（攻撃力）の間違いではありませんか？（カード {finding.card}）")


def test_misspelt_text_key_names_text_not_only_its_translation(tmp_path):
    """`txet:` in a custom game suggests 「text」 — the key to write — with 文字列 in brackets."""
    folder = tmp_path / "g"
    new_game(folder, "custom")
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("  text: ", "  txet: ", 1), encoding="utf-8")
    finding = _only(validate([folder]), "S001")
    assert finding.render("en") == (f"{finding.location}: error[S001]: cards[0]: unknown key 'txet'; "
                                    f"did you mean 'text'? (card {finding.card})")
    assert finding.render("ja") == (f"{finding.location}: エラー[S001]: cards[0]: 知らないキー「txet」。"
                                    f"「text」（文字列）の間違いではありませんか？（カード {finding.card}）")


def test_misspelt_field_type_suggests_integer_with_its_label(tmp_path):
    """`type: intger` for a declared field suggests 「integer」（整数）, not 「整数」 alone."""
    folder = tmp_path / "g"
    new_game(folder, "custom")
    manifest = folder / "game.yaml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace("type: integer", "type: intger", 1),
                        encoding="utf-8")
    finding = _only(validate([folder]), "S004")
    path = finding.message.split(":")[0]
    listed = '"text", "integer", "number", "enum", "list", "boolean"'
    assert finding.render("en") == (f"{finding.location}: error[S004]: {path}: expected one of {listed}, "
                                    "found \"intger\"; did you mean 'integer'?")
    assert finding.render("ja") == (f"{finding.location}: エラー[S004]: {path}: {listed} のどれかが必要ですが、"
                                    "\"intger\" が書かれています。「integer」（整数）の間違いではありませんか？")


_BROKEN = """cards:
  - id: lonely
    name: ひとり
    kind: character
    rank: normal
    cost: 1
    attack: x
    defense: 1
    types: [人間]
    text: ひとり。
"""


def _short_deck(folder: Path, extra_entry: str | None = None) -> Path:
    """A deck one card short of its minimum, optionally naming one more card."""
    deck = next(p for p in deck_files(folder) if p.stem == "hakurei-moriya")
    text = deck.read_text(encoding="utf-8").replace("{card: reimu, count: 3}", "{card: reimu, count: 1}", 1)
    if extra_entry:
        text = text.replace("  - {card: reimu, count: 1}\n", f"  - {{card: reimu, count: 1}}\n  - {extra_entry}\n", 1)
    deck.write_text(text, encoding="utf-8")
    return deck


def test_deck_count_stands_alone_when_no_named_card_is_missing(sample_copy, monkeypatch):
    """A broken card file whose cards the deck does not name: the deck's count error is its own,
    without "may follow from the error in …"."""
    folder = sample_copy("toho-tcg")
    monkeypatch.chdir(folder)
    (folder / "extra.yaml").write_text(_BROKEN, encoding="utf-8")
    deck = _short_deck(folder)
    findings = validate([folder])
    assert any(f.code == "S003" and f.location.file.name == "extra.yaml" for f in findings)
    count = _only([f for f in findings if f.location.file == deck], "K001")
    assert count.render("en") == (f"{count.location}: error[K001]: deck 'hakurei-moriya': has 28 cards, needs at "
                                  "least 30; a deck's card count is its life (TT-SETUP-1)")
    assert "may follow" not in count.message and "誤りから" not in count.render("ja")


def test_deck_count_follows_when_the_deck_names_a_card_of_the_broken_file(sample_copy, monkeypatch):
    """The same deck naming a card of the broken file: marked as a consequence naming that file."""
    folder = sample_copy("toho-tcg")
    monkeypatch.chdir(folder)
    (folder / "extra.yaml").write_text(_BROKEN, encoding="utf-8")
    deck = _short_deck(folder, "{card: lonely, count: 1}")
    count = _only([f for f in validate([folder]) if f.location.file == deck], "K001")
    assert count.render("en") == (f"{count.location}: error[K001]: deck 'hakurei-moriya': has 29 cards, needs at "
                                  "least 30 (may follow from the error in extra.yaml); fix extra.yaml first")
    assert count.render("ja") == (f"{count.location}: エラー[K001]: デッキ「hakurei-moriya」: カードが 29 枚です"
                                  "（30 枚以上必要）（extra.yaml の誤りから起きているかもしれません）。"
                                  "先に extra.yaml を直してください")
