"""``fuda lint --fix``: safe fixes edit the YAML in place, keep everything else, and are idempotent."""

from __future__ import annotations

from pathlib import Path

from fuda import load_database
from fuda.lint import lint
from fuda.lint.fix import Edit, apply, fix
from fuda.lint.rules import REGISTRY

ODD = """\
# yaml-language-server: $schema=../../schema/toho-tcg.cards.schema.json
# Test cards: comments, odd quoting and every scalar style must survive --fix.
cards:
  # ---- single and double quotes ----
  - id: test-quick   # an inline comment
    name: 'テスト''クイック'
    kind: quick
    cost: 1
    text: "カードを1枚ドローする。"
    flavor: 'スぺルの力。 '
    abilities:
      - when: on-play
        text: "カードを1枚ドローする。"   # the same sentence as the card text
        effect:
          - draw: 1

  # ---- block scalars and a flow mapping ----
  - id: test-quick-2
    name: テスト二
    kind: quick
    cost: 1
    text: |-
      カードを1枚ドローする。
    flavor: >-
      パワ一の
      かたまり。
    abilities:
      - {when: on-play, text: "カードを\\u0031枚ドローする。", effect: [{draw: 1}]}
"""

#: What --fix writes for each wrong string of ODD (every one of them, and nothing else).
FIXES = {
    "カードを1枚ドローする。": "カードを１枚ドローする。",  # JP201: full-width digit (three times)
    "'スぺルの力。 '": "'スペルの力。'",  # look-alike kana and a trailing space
    "パワ一の": "パワーの",  # look-alike kanji for the long vowel mark
    "カードを\\u0031枚ドローする。": "カードを１枚ドローする。",  # an escaped digit
}


def _fixed(text: str) -> str:
    for wrong, right in FIXES.items():
        assert wrong in text, wrong
        text = text.replace(wrong, right)
    return text


FIXED = _fixed(ODD)


def _game(sample_copy) -> Path:
    folder = sample_copy("toho-tcg")
    (folder / "tests.yaml").write_text(ODD, encoding="utf-8")
    return folder


def test_fix_keeps_comments_quoting_and_layout(sample_copy):
    """--fix changes only the wrong characters: comments, quote styles, block and flow layout stay."""
    folder = _game(sample_copy)
    result = fix(load_database([folder]), set(REGISTRY))
    assert not result.failed
    assert (folder / "tests.yaml").read_text(encoding="utf-8") == FIXED
    assert result.changed == {folder / "tests.yaml": 6}  # three strings in each card


def test_fix_is_idempotent(sample_copy):
    """A second --fix finds nothing to change and leaves the file byte for byte."""
    folder = _game(sample_copy)
    fix(load_database([folder]), set(REGISTRY))
    before = (folder / "tests.yaml").read_bytes()
    second = fix(load_database([folder]), set(REGISTRY))
    assert second.changed == {} and not second.failed
    assert (folder / "tests.yaml").read_bytes() == before


def test_fixed_file_has_no_fixable_diagnostic(sample_copy):
    """After --fix, lint reports nothing fixable in the file."""
    folder = _game(sample_copy)
    fix(load_database([folder]), set(REGISTRY))
    left = [d for d in lint(load_database([folder]), fit=False) if d.fixable]
    assert left == []


def test_fix_only_selected_codes(sample_copy):
    """Only the enabled codes are fixed (here: widths, not the look-alikes)."""
    folder = _game(sample_copy)
    fix(load_database([folder]), {"JP201"})
    text = (folder / "tests.yaml").read_text(encoding="utf-8")
    assert "カードを１枚ドローする。" in text and "スぺル" in text and "パワ一" in text


def test_fix_respects_card_suppression(sample_copy):
    """A card's lint-ignore keeps --fix away from that card."""
    folder = _game(sample_copy)
    path = folder / "tests.yaml"
    path.write_text(ODD.replace("    kind: quick\n    cost: 1\n    text: \"カード",
                                "    kind: quick\n    lint-ignore: [JP1, JP2]\n    cost: 1\n    text: \"カード", 1),
                    encoding="utf-8")
    fix(load_database([folder]), set(REGISTRY))
    text = path.read_text(encoding="utf-8")
    assert "'スぺルの力。 '" in text  # the suppressed card is untouched
    assert "パワーの" in text  # the other card is fixed


def test_fix_refuses_an_edit_that_would_change_other_data(sample_copy):
    """An edit whose result would parse differently is not written and is reported."""
    folder = _game(sample_copy)
    path = folder / "tests.yaml"
    before = path.read_bytes()
    edit = Edit(path, "test-quick-2", ("name",), "テスト二", "テスト: 二")  # ': ' in a plain scalar
    result = apply([edit])
    assert result.failed and result.failed[0][0] == edit
    assert path.read_bytes() == before


def test_fix_keeps_a_byte_order_mark(sample_copy):
    """A file that starts with a UTF-8 BOM keeps it."""
    folder = _game(sample_copy)
    path = folder / "tests.yaml"
    path.write_bytes(b"\xef\xbb\xbf" + ODD.encode("utf-8"))
    fix(load_database([folder]), set(REGISTRY))
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") and data[3:].decode("utf-8") == FIXED


def test_deck_files_are_linted_and_fixed_in_place(sample_copy):
    """A deck's name and description are read by the writing rules (not by card-text rules) and
    --fix mends them in the deck file, comments kept."""
    folder = sample_copy("toho-tcg")
    deck = folder / "decks" / "hakurei-moriya.yaml"
    text = deck.read_text(encoding="utf-8")
    assert "霊夢と早苗を軸に" in text and "description: " in text
    wrong = text.replace("霊夢と早苗を軸に", "霊夢と早苗を軸にパワ一で", 1)  # 一 (kanji) for ー
    deck.write_text(wrong + "# the end\n", encoding="utf-8")
    found = [d for d in lint(load_database([folder]), fit=False) if Path(d.location.file) == deck]
    assert [d.code for d in found] == ["JP102"] and found[0].card is None
    assert found[0].message.startswith("deck hakurei-moriya: ") and found[0].location.line == 4
    result = fix(load_database([folder]), set(REGISTRY))
    assert result.changed == {deck: 1} and not result.failed
    assert deck.read_text(encoding="utf-8") == text.replace("霊夢と早苗を軸に", "霊夢と早苗を軸にパワーで", 1) + "# the end\n"


def test_fix_leaves_a_dash_between_katakana_and_digit(sample_copy):
    """キャラクタ—１体 (an em dash where ー or a minus was meant): --fix changes nothing there —
    ENC001's CP932 twin (―) would only re-encode the wrong character — and both rules still
    report it, without a fix."""
    folder = sample_copy("toho-tcg")
    card = ODD.split("  # ---- block scalars")[0].replace("カードを1枚ドローする。", "キャラクタ—１体をタップする。")
    (folder / "tests.yaml").write_text(card, encoding="utf-8")
    fix(load_database([folder]), set(REGISTRY))
    text = (folder / "tests.yaml").read_text(encoding="utf-8")
    assert text.count("キャラクタ—１体") == 2 and "―" not in text
    found = {d.code: d for d in lint(load_database([folder]), fit=False) if "—" in d.message or "U+2014" in d.message}
    assert {"ENC001", "JP103"} <= set(found)
    assert not found["ENC001"].fixable and not found["JP103"].fixable
