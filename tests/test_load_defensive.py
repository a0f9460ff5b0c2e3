"""Bad game folders refused in one located line (issue 18) with errors that point the right way
(issue 14): file kinds, sizes, depth, NaN, ignored files, fonts, invisible characters, kinds,
full-width slips, syntax errors, consequences and the order of findings."""

from __future__ import annotations

import os
import struct

import pytest

from fuda import validate

from .conftest import card_files, rewrite


def _errors(folder):
    return [f for f in validate([folder]) if f.severity == "error"]


def _one(findings, code):
    hits = [f for f in findings if f.code == code]
    assert len(hits) == 1, [str(f) for f in findings]
    return hits[0]


def test_fifo_named_like_a_card_file_is_a_finding_not_a_hang(sample_copy):
    """A named pipe called extra.yaml is a located Y005 finding; validate does not block on it."""
    folder = sample_copy("toho-tcg")
    os.mkfifo(folder / "extra.yaml")
    finding = _one(_errors(folder), "Y005")
    assert finding.location.file.name == "extra.yaml" and "named pipe" in finding.message


def test_folder_named_like_a_card_file_is_a_finding(sample_copy):
    """A directory called extra.yaml beside game.yaml is a located finding, not IsADirectoryError."""
    folder = sample_copy("toho-tcg")
    (folder / "extra.yaml").mkdir()
    assert "a folder" in _one(_errors(folder), "Y005").message


def test_deck_linked_to_dev_zero_is_refused_unread(sample_copy):
    """A deck file that is a link to /dev/zero (outside the game folder) is refused unread."""
    folder = sample_copy("toho-tcg")
    (folder / "decks" / "zero.yaml").symlink_to("/dev/zero")
    finding = _one(_errors(folder), "Y005")
    assert "outside the game folder" in finding.message


def test_deep_nesting_is_a_located_finding(sample_copy):
    """A 1,000-deep nested list is a located Y009, never a RecursionError."""
    folder = sample_copy("toho-tcg")
    (folder / "deep.yaml").write_text("cards:\n  - " + "[" * 1000 + "]" * 1000 + "\n", encoding="utf-8")
    finding = _one(_errors(folder), "Y009")
    assert finding.location.line == 2 and finding.location.col > 1


@pytest.mark.parametrize("value", [".nan", ".inf", "-.Inf", ".NaN"])
def test_nan_and_infinity_are_refused(sample_copy, value):
    """NaN and infinities are refused in any number field (here the card size), located."""
    folder = sample_copy("toho-tcg")
    manifest = folder / "game.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "width: 63" in text
    manifest.write_text(text.replace("width: 63", f"width: {value}"), encoding="utf-8")
    finding = _one(_errors(folder), "Y008")
    assert value in finding.message and finding.location.line > 0


def test_yml_files_are_read_and_lookalikes_named(sample_copy):
    """A .yml card file is read (its bad card reported); x.yaml.bak is named in a warning."""
    folder = sample_copy("toho-tcg")
    first = card_files(folder)[0]
    (folder / "extra.yml").write_text("cards: []\n", encoding="utf-8")
    (folder / (first.name + ".bak")).write_text(first.read_text(encoding="utf-8"), encoding="utf-8")
    findings = validate([folder])
    assert any(f.location.file.name == "extra.yml" and f.code == "S006" for f in findings)
    ignored = _one(findings, "D003")
    assert ignored.severity == "warning" and ignored.location.file.name == first.name + ".bak"


@pytest.mark.parametrize("cards", ["cards:\n", "cards: 3\n", "cards: {a: 1}\n"])
def test_cards_null_or_not_a_list(sample_copy, cards):
    """`cards:` left empty or not a list is a located schema finding (no traceback)."""
    folder = sample_copy("toho-tcg")
    (folder / "extra.yaml").write_text(cards, encoding="utf-8")
    finding = _one(_errors(folder), "S003")
    assert finding.location.file.name == "extra.yaml" and "expected a list" in finding.message


def test_decks_that_is_a_file_is_an_error(tmp_path, sample_copy):
    """A `decks` file where the decks folder belongs is a located D004."""
    folder = sample_copy("toho-tcg")
    for deck in (folder / "decks").iterdir():
        deck.unlink()
    (folder / "decks").rmdir()
    (folder / "decks").write_text("not a folder\n", encoding="utf-8")
    assert "not a folder" in _one(_errors(folder), "D004").message


def _with_font(folder, path: str):
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    (folder / "game.yaml").write_text(text + f"font:\n  regular: {path}\n", encoding="utf-8")


def test_font_outside_the_game_folder_is_refused(sample_copy):
    """A font path leaving the game folder (../../etc/passwd.ttf) is a located A002."""
    folder = sample_copy("toho-tcg")
    _with_font(folder, "../../../../etc/passwd.ttf")
    finding = _one(_errors(folder), "A002")
    assert finding.location.file.name == "game.yaml" and finding.location.line > 0


def test_png_renamed_ttf_is_refused_at_validation(sample_copy):
    """A PNG renamed .ttf is found by validate, named as a PNG image."""
    folder = sample_copy("toho-tcg")
    (folder / "fake.ttf").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    _with_font(folder, "fake.ttf")
    assert "a PNG image" in _one(_errors(folder), "A002").message


def _tiny_truetype(points) -> bytes:
    """A minimal sfnt with glyf and a format-4 cmap covering ``points`` (one segment each)."""
    segs = [(p, p) for p in sorted(points)] + [(0xFFFF, 0xFFFF)]
    n = len(segs)
    sub = struct.pack(">HHHHHHH", 4, 16 + 8 * n, 0, 2 * n, 0, 0, 0)
    sub += struct.pack(f">{n}H", *[e for _, e in segs]) + b"\0\0" + struct.pack(f">{n}H", *[s for s, _ in segs])
    sub += struct.pack(f">{n}H", *[0] * n) * 2  # idDelta, idRangeOffset
    cmap = struct.pack(">HHHHI", 0, 1, 3, 1, 12) + sub
    tables = {b"cmap": cmap, b"glyf": b"\0" * 4}
    offset = 12 + 16 * len(tables)
    head, body = struct.pack(">IHHHH", 0x00010000, len(tables), 0, 0, 0), b""
    for tag, data in tables.items():
        head += struct.pack(">4sIII", tag, 0, offset + len(body), len(data))
        body += data + b"\0" * (-len(data) % 4)
    return head + body


def test_font_lacking_glyphs_of_the_card_text_is_an_error(sample_copy):
    """A TrueType font whose cmap lacks characters of the card text is A003, naming them."""
    folder = sample_copy("toho-tcg")
    (folder / "tiny.ttf").write_bytes(_tiny_truetype(range(0x20, 0x7F)))
    _with_font(folder, "tiny.ttf")
    finding = _one(_errors(folder), "A003")
    assert "U+" in finding.message and finding.card


def test_bidi_override_in_a_name_is_named_with_its_code_point(sample_copy):
    """A right-to-left override in a card name is T001 naming U+202E."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    rewrite(path, lambda d: d["cards"][0].__setitem__("name", "霊夢\u202eabc"))
    finding = _one(_errors(folder), "T001")
    assert "U+202E" in finding.message and finding.card


def test_unknown_kind_lists_the_kinds_with_japanese_labels(sample_copy):
    """`kind: クイック` is one finding listing the kinds with labels and pointing at quick."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    rewrite(path, lambda d: d["cards"][0].__setitem__("kind", "クイック"))
    findings = [f for f in _errors(folder) if f.location.file == path]
    assert len(findings) == 1, [str(f) for f in findings]
    text = str(findings[0])
    assert "quick (クイックスペル)" in text and "「クイック」→ quick" in text


def test_fullwidth_digit_gives_one_finding_naming_it(sample_copy):
    """`defense: ３` is ONE finding naming the full-width digit with the fix, not unknown keys."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    text = path.read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("defense:"))
    path.write_text(text.replace(line, line.split(":")[0] + ": ３", 1), encoding="utf-8")
    findings = [f for f in _errors(folder) if f.location.file == path]
    assert len(findings) == 1, [str(f) for f in findings]
    assert "全角数字「３」→ 3" in str(findings[0])


def test_fullwidth_dash_as_list_item_is_named(sample_copy):
    """`ー id: …` (an IME's dash for a list item) is named as such, with the fix."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("  - id:", "  ー id:", 1), encoding="utf-8")
    finding = next(f for f in _errors(folder) if f.location.file == path)
    assert finding.code in ("Y001", "Y010") and "ー" in str(finding) and "-" in finding.hint


def test_tab_indented_file_gives_its_syntax_error_first_and_decks_as_consequences(sample_copy):
    """A tab-indented card file: its plain-words syntax error (line shown, caret) comes first;
    deck errors about its cards are marked as consequences, last, with no did-you-mean."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    i = next(k for k, ln in enumerate(lines) if ln.startswith("    name:"))
    lines[i] = "\t" + lines[i].lstrip()
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    findings = _errors(folder)
    first = findings[0]
    assert first.code == "Y001" and first.location.file == path and first.location.line == i + 1
    assert "tab" in first.message and dict(first.extra)["caret"].endswith("^")
    later = [f for f in findings[1:] if f.code in ("R001", "K001", "R003")]
    assert later and all("may follow from the error in" in f.message for f in later)
    assert not any("did you mean" in str(f) for f in later)


def test_findings_are_ordered_syntax_schema_then_cross_file(sample_copy):
    """Syntax findings come before schema findings, which come before cross-file ones."""
    folder = sample_copy("toho-tcg")
    files = card_files(folder)
    (folder / "zz-broken.yaml").write_text("cards: [\n", encoding="utf-8")
    rewrite(files[0], lambda d: d["cards"][0].__setitem__("cost", "x"))
    stages = [{"Y": 0, "S": 1}.get(f.code[0], 2) for f in _errors(folder)]
    assert stages == sorted(stages) and stages[0] == 0 and 1 in stages
