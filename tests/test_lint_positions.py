"""Diagnostics point at the offending character: file, line and column, whatever the YAML style."""

from __future__ import annotations

from pathlib import Path

import pytest

from fuda import load_database
from fuda.database.findings import Location
from fuda.database.yamlfile import read_yaml
from fuda.lint import lint
from fuda.lint.source import locate, scalar_map

STYLES = """\
plain: カードをスぺル
single: 'it''s スぺル'
double: "a\\u200bb スぺル"
literal: |-
  一行目
  二行目のスぺル
folded: >-
  一行目
  二行目のスぺル
flow: {x: スぺル, y: 1}
multi: 一行目
  二行目のスぺル
"""


@pytest.mark.parametrize("key, line, col", [
    ("plain", 1, 13), ("single", 2, 17), ("double", 3, 20), ("literal", 6, 8), ("folded", 9, 8),
    ("flow", 10, 12), ("multi", 12, 8),
])
def test_offset_maps_to_the_raw_character(tmp_path, key, line, col):
    """The character ぺ of each value is located at its own line and column in the file."""
    path = tmp_path / "styles.yaml"
    path.write_text(STYLES, encoding="utf-8")
    doc = read_yaml(path)
    value = doc.data[key]["x"] if key == "flow" else doc.data[key]
    loc = doc.values[(key, "x") if key == "flow" else (key,)]
    found = locate(loc, value, value.index("ぺ"))
    assert (found.line, found.col) == (line, col)
    raw = path.read_text(encoding="utf-8").splitlines()[found.line - 1]
    assert raw[found.col - 1] == "ぺ"


def test_a_value_that_does_not_rebuild_falls_back_to_its_start(tmp_path):
    """When the raw text is not the value (edited since loading), the start is reported."""
    path = tmp_path / "x.yaml"
    path.write_text("a: abc\n", encoding="utf-8")
    loc = Location(path, 1, 4)
    assert scalar_map(loc, "xyz") is None
    assert locate(loc, "xyz", 2) == loc


def test_card_diagnostic_points_into_a_block_scalar(sample_copy):
    """A look-alike on the second line of a |- card text is reported at that line and column."""
    folder = sample_copy("recast-rift")
    path = folder / "marisa.yaml"
    text = path.read_text(encoding="utf-8")
    old = "      【キャスト時】自分の手札が０枚なら、この《攻撃》の攻撃力を＋１／＋２する。\n    abilities:"
    assert old in text
    path.write_text(text.replace(old, old.replace("自分の手札", "自分のスぺル手札")), encoding="utf-8")
    # the ability text must change with it, or AGR004 would also be reported
    text = path.read_text(encoding="utf-8")
    ability = "        text: 【キャスト時】自分の手札が０枚なら、この《攻撃》の攻撃力を＋１／＋２する。"
    path.write_text(text.replace(ability, ability.replace("自分の手札", "自分のスぺル手札")), encoding="utf-8")
    found = [d for d in lint(load_database([folder]), fit=False) if d.code == "JP101"]
    assert len(found) == 1
    d = found[0]
    raw = Path(d.location.file).read_text(encoding="utf-8").splitlines()[d.location.line - 1]
    assert raw[d.location.col - 1] == "ぺ" and raw.startswith("      【キャスト時】")
    assert d.card == "marisa-blazing-star"
