"""Reading YAML safely: syntax errors, duplicate keys, size and alias bombs, positions."""

from __future__ import annotations

import pytest

from fuda.database.findings import FindingsError
from fuda.database.yamlfile import MAX_FILE_BYTES, MAX_NODES, read_yaml


def _error(path):
    with pytest.raises(FindingsError) as info:
        read_yaml(path)
    (finding,) = info.value.findings
    return finding


def test_positions_of_values_and_keys(tmp_path):
    """Every value and key is located at its 1-based line and column."""
    path = tmp_path / "a.yaml"
    path.write_text("cards:\n  - id: x\n    name: 名前\n", encoding="utf-8")
    doc = read_yaml(path)
    assert doc.data == {"cards": [{"id": "x", "name": "名前"}]}
    assert (doc.where(("cards", 0, "name")).line, doc.where(("cards", 0, "name")).col) == (3, 11)
    assert (doc.where(("cards", 0, "name"), key=True).line, doc.where(("cards", 0, "name"), key=True).col) == (3, 5)


def test_syntax_error_is_located(tmp_path):
    """A YAML syntax error is one Y001 finding with the line and column of the problem."""
    path = tmp_path / "bad.yaml"
    path.write_text("cards:\n  - id: x\n    name: [unclosed\n", encoding="utf-8")
    finding = _error(path)
    assert finding.code == "Y001"
    assert finding.location.line >= 3
    assert "bad.yaml:" in str(finding)


def test_duplicate_key_is_an_error(tmp_path):
    """A key repeated in one mapping is refused at the second occurrence, naming the first."""
    path = tmp_path / "dup.yaml"
    path.write_text("id: a\nname: x\nid: b\n", encoding="utf-8")
    finding = _error(path)
    assert finding.code == "Y002"
    assert (finding.location.line, finding.location.col) == (3, 1)
    assert "line 1" in finding.message


def test_billion_laughs_is_refused(tmp_path):
    """Nested aliases that would expand to billions of values are refused at the node bound."""
    lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for i in range(1, 10):
        prev = f"*a{i-1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 9)}]")
    path = tmp_path / "bomb.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    finding = _error(path)
    assert finding.code == "Y004"
    assert f"{MAX_NODES:,}" in finding.message


def test_huge_file_is_refused_while_reading(tmp_path, monkeypatch):
    """A file over the size bound (here 50 MB, sparse) is refused after reading at most the bound
    and one chunk: the size is counted while reading, not trusted from a stat before."""
    import os

    path = tmp_path / "huge.yaml"
    with open(path, "wb") as fh:
        fh.truncate(50 * 1024 * 1024)
    read = []
    real_read = os.read

    def counting_read(fd, n):
        chunk = real_read(fd, n)
        read.append(len(chunk))
        return chunk

    monkeypatch.setattr(os, "read", counting_read)
    finding = _error(path)
    assert finding.code == "Y003"
    assert f"{MAX_FILE_BYTES:,}" in finding.message
    assert sum(read) <= MAX_FILE_BYTES + (1 << 20)


def test_not_utf8_is_an_error(tmp_path):
    """A Shift_JIS file is refused with a hint to save it as UTF-8."""
    path = tmp_path / "sjis.yaml"
    path.write_bytes("name: 霊夢\n".encode("cp932"))
    finding = _error(path)
    assert finding.code == "Y005" and "UTF-8" in str(finding)


def test_custom_tags_are_refused(tmp_path):
    """Python-object tags and other custom tags never construct anything."""
    path = tmp_path / "tag.yaml"
    path.write_text("x: !!python/object:os.system 'echo hi'\n", encoding="utf-8")
    assert _error(path).code == "Y006"


def test_yaml_12_scalars(tmp_path):
    """YAML 1.2 rules: 'yes' stays a string, dates stay text, integers and nulls parse."""
    path = tmp_path / "s.yaml"
    path.write_text("a: yes\nb: 2020-01-01\nc: 0x10\nd: ~\ne: 1.5\n", encoding="utf-8")
    assert read_yaml(path).data == {"a": "yes", "b": "2020-01-01", "c": 16, "d": None, "e": 1.5}


def test_keys_and_short_words_are_one_string_for_every_card(tmp_path):
    """A key, and a short plain value, repeated from card to card is one string in memory (the
    parser makes a new one each time: 10,000 cards repeat a few hundred words); a long text is
    not interned, and the values read are the same either way."""
    long = "自分の展開中のカードをすべてリフトする。" * 2
    path = tmp_path / "cards.yaml"
    path.write_text("cards:\n" + "".join(f"- {{id: c{n}, kind: spell, when: on-cast, text: {long}}}\n"
                                         for n in range(3)), encoding="utf-8")
    cards = read_yaml(path).data["cards"]
    assert [c["kind"] for c in cards] == ["spell"] * 3 and cards[0]["text"] == long
    first, second = cards[0], cards[1]
    assert all(a is b for a, b in zip(first, second, strict=True))  # the keys
    assert first["kind"] is second["kind"] and first["when"] is second["when"]
    assert first["text"] is not second["text"]
