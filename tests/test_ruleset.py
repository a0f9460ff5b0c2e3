"""Rule sets: the registry and its contract, and ``rules: custom`` (a game of your own)."""

from __future__ import annotations

import inspect
import io
import json
import re
import zipfile
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.database import load_database, validate
from fuda.database.resources import cards_dir, schema_dir
from fuda.database.ruleset import Labels, Layout, RuleSet, TablePlan, Vocabulary, ruleset_for, rulesets
from fuda.rulesets.custom import card_schema

GAME_YAML = """\
id: my-game
name: わたしのゲーム
rules: custom
kinds:
  character:
    label: キャラクター
    fields:
      cost:    {type: integer, min: 0, max: 10, label: コスト}
      attack:  {type: integer, min: 0, label: 攻撃力}
      element: {type: enum, values: [火, 水, 風], label: 属性}
  event:
    label: イベント
    fields:
      cost: {type: integer, min: 0, label: コスト}
deck-rules: {min-cards: 10, max-cards: 40, max-copies: 3}
vocabulary: {labels: [登場時, 攻撃時], keywords: [速攻]}
"""

CARDS_YAML = """\
cards:
  - {id: hinoko, name: 火の子, kind: character, cost: 1, attack: 2, element: 火, text: 【速攻】}
  - {id: mizuchi, name: みずち, kind: character, cost: 3, attack: 3, element: 水, text: 【登場時】カードを１枚引く。}
  - {id: kazekiri, name: 風切り, kind: character, cost: 2, attack: 1, element: 風, text: 【攻撃時】相手の手札を１枚見る。}
  - {id: yuudachi, name: 夕立, kind: event, cost: 2, text: キャラクター１体を手札に戻す。}
  - {id: kagaribi, name: かがり火, kind: event, cost: 0, text: カードを１枚引く。}
"""

DECK_YAML = """\
id: starter
name: はじめてのデッキ
cards:
  - {card: hinoko, count: 3}
  - {card: mizuchi, count: 3}
  - {card: kazekiri, count: 2}
  - {card: yuudachi, count: 2}
  - {card: kagaribi, count: 2}
"""


def make_game(root: Path, game_yaml: str = GAME_YAML, cards: str = CARDS_YAML) -> Path:
    """A custom game folder written from scratch under ``root``."""
    folder = root / "my-game"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(game_yaml, encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    (folder / "decks" / "starter.yaml").write_text(DECK_YAML, encoding="utf-8")
    return folder


def errors(folder: Path) -> list[str]:
    """The error findings of a folder, as their one-line form."""
    return [str(f) for f in validate([folder]) if f.severity == "error"]


def test_every_registered_rule_set_keeps_the_contract():
    """Every rule set of the entry-point group has the protocol's members with its signatures,
    and answers them for a sample game of its rules with values of the promised types."""
    members = [n for n in dir(RuleSet) if not n.startswith("_")]
    attributes = set(RuleSet.__annotations__)
    database = load_database()
    assert {"recast-rift", "toho-tcg", "raise-blaze", "ryomen", "custom"} <= set(rulesets())
    for rules, ruleset in rulesets().items():
        assert isinstance(ruleset, RuleSet) and ruleset.id == rules
        for name in members:
            if name in attributes:
                continue
            want = list(inspect.signature(getattr(RuleSet, name)).parameters)[1:]
            assert list(inspect.signature(getattr(ruleset, name)).parameters) == want, (rules, name)
        assert ruleset.print_backs in ("long-edge", "none") and isinstance(ruleset.duel_online, bool)
        assert ruleset.engine is None or ruleset.engine.startswith("fuda.engine.")
        games = [g for g in database.games if g.rules == rules]
        assert games, f"no sample game plays {rules}"
        for game in games:
            for role in ("game", "cards", "deck"):
                schema = ruleset.schema(role, game.manifest)
                assert (schema_dir() / schema).is_file() if isinstance(schema, str) else schema["type"] == "object"
            assert isinstance(ruleset.labels(game), Labels) and isinstance(ruleset.vocabulary(game), Vocabulary)
            assert isinstance(ruleset.card_layout(game), Layout)
            assert isinstance(ruleset.mat(game), Layout)
            assert all(isinstance(ruleset.table_plan(game, d), TablePlan) for d in game.decks)
            assert isinstance(ruleset.duel_online_template(game), str)
            assert set(ruleset.labels(game).kinds) >= {c.kind for c in game.cards}


def test_unknown_rules_is_a_located_error_naming_the_rule_sets(tmp_path):
    """rules: my-own-game (no rule set provides it) is one located error naming the installed
    rule sets and custom, not a schema enum refusal."""
    folder = make_game(tmp_path, GAME_YAML.replace("rules: custom", "rules: my-own-game"))
    found = errors(folder)
    assert len(found) == 1
    assert re.match(rf"{re.escape(str(folder / 'game.yaml'))}:3:8: error\[R004\]", found[0])
    assert all(name in found[0] for name in ("toho-tcg", "ryomen", "custom"))


def test_a_custom_game_made_from_scratch_goes_through_every_output(tmp_path):
    """The issue's example game with 5 cards and a deck validates, prints, exports to
    Udonarium and Duel Online, lints clean, and fuda play refuses it in one line."""
    from fuda.lint.engine import lint
    from fuda.online.duel_online import export_text
    from fuda.online.udonarium import build_zip
    from fuda.printing.sheets import print_cards

    folder = make_game(tmp_path)
    assert errors(folder) == []
    game = load_database([folder]).game("my-game")
    pdf = print_cards(game, out=tmp_path / "cards.pdf")
    with pdfplumber.open(pdf) as doc:
        text = "".join(page.extract_text() or "" for page in doc.pages)
    for printed in ("火の子", "キャラクター", "イベント", "コスト", "攻撃力", "属性", "カードを１枚引く"):
        assert printed in text
    blob, warnings = build_zip(game, "starter")
    assert warnings == []
    with zipfile.ZipFile(io.BytesIO(blob)) as zf:
        xml = zf.read("01-deck.xml").decode("utf-8")
    assert xml.count("<card ") == 12
    assert '<data name="コスト">3</data>' in xml and '<data name="属性">水</data>' in xml
    card_txt = export_text(game)[0].decode("cp932")
    assert "火の子\r\nキャラクター\r\nコスト1／攻撃力2／属性：火\r\n【速攻】" in card_txt
    assert [d for d in lint(load_database([folder])) if d.severity == "error"] == []
    result = CliRunner().invoke(app, ["--lang", "en", "-q", "play", "my-game", "--path", str(folder)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "no engine" in lines[0] and "custom" in lines[0]


def test_custom_lint_knows_the_declared_words(tmp_path):
    """A 【word】 the game did not declare is reported (VOC001); declared ones are not."""
    from fuda.lint.engine import lint

    folder = make_game(tmp_path, cards=CARDS_YAML.replace("text: 【速攻】", "text: 【溜め】"))
    found = [(d.code, d.card) for d in lint(load_database([folder])) if d.severity == "error"]
    assert found == [("VOC001", "hinoko")]


def test_custom_card_errors_are_located_like_built_in_ones(tmp_path):
    """The derived schema gives located findings naming the card; a field of another kind and
    a deck over the copy limit are located too."""
    cards = (CARDS_YAML.replace("cost: 1, attack: 2, element: 火", "cost: 11, attack: 2, element: 土")
             .replace("kind: event, cost: 0,", "kind: event, cost: 0, attack: 1,"))
    folder = make_game(tmp_path, cards=cards)
    found = errors(folder)
    where = str(folder / "cards.yaml")
    assert f"{where}:2:52: error[S005]: cards[0].cost: expected a number at most 10, found 11 (card hinoko)" in found
    assert any(f.startswith(f"{where}:2:76: error[S004]: cards[0].element") and "火" in f for f in found)
    (folder / "cards.yaml").write_text(CARDS_YAML.replace("kind: event, cost: 0,", "kind: event, cost: 0, attack: 1,"),
                                       encoding="utf-8")
    (folder / "decks" / "starter.yaml").write_text(DECK_YAML.replace("hinoko, count: 3", "hinoko, count: 4"),
                                                   encoding="utf-8")
    found = errors(folder)
    assert any(f.startswith(f"{where}:6:62: error[C005]: 'attack' is not a field of kind event") for f in found)
    assert any(":4:27: error[K001]: deck 'starter': 4 copies of 'hinoko', at most 3" in f for f in found)


@pytest.mark.parametrize(("change", "expected"), [
    ("cost:    {type: integer, min: 0, max: 10, label: コスト}", None),
    ("cost:    {type: integer, min: 11, max: 10, label: コスト}", ":8:37: error[C002]"),
    ("cost:    {type: colour, label: コスト}", ":8:23: error[S004]"),
    ("cost:    {type: enum, values: [], label: コスト}", ":8:37: error[S006]"),
    ("cost:    {type: integer, min: 0, max: 10, label: コスト}\n      text: {type: text}", ":9:7: error[C001]"),
    ("cost:    {type: enum, label: コスト}", ":8:23: error[C004]"),
])
def test_declaration_errors_are_located_in_game_yaml(tmp_path, change, expected):
    """Unknown field type, enum without values, min above max and a reserved field name are
    each one located error in game.yaml; the example itself has none."""
    folder = make_game(tmp_path, GAME_YAML.replace("cost:    {type: integer, min: 0, max: 10, label: コスト}", change))
    found = errors(folder)
    if expected is None:
        assert found == []
    else:
        assert len(found) == 1 and found[0].startswith(str(folder / "game.yaml") + expected), found


def test_a_designers_card_yaml_wins_kind_by_kind(tmp_path):
    """templates/card.yaml in the game folder replaces the default layout of the kinds it
    names; the other kinds keep the default made from the declaration."""
    from fuda.faces.template import load_template

    folder = make_game(tmp_path)
    (folder / "templates").mkdir()
    (folder / "templates" / "card.yaml").write_text(
        "kinds:\n  event:\n    elements:\n      - {type: text, field: name, x: 5, y: 5, w: 53, h: 9}\n",
        encoding="utf-8")
    template = load_template(load_database([folder]).game("my-game"))
    assert len(template.kind("event")["elements"]) == 1
    assert any(el.get("text") == "攻撃力" for el in template.kind("character")["elements"])


def test_the_bundled_card_schema_is_current():
    """cards/hoshikage/cards.schema.json (for editors) is what fuda schema writes from game.yaml."""
    game = load_database([cards_dir() / "hoshikage"]).game("hoshikage")
    from fuda.database.cardschema import MARKER, derive

    text = (game.folder / "cards.schema.json").read_text(encoding="utf-8")
    assert text == derive("custom", game.manifest)
    written = json.loads(text)
    assert written.pop("$comment") == MARKER
    assert written == card_schema(game.manifest)
    assert ruleset_for("custom").schema("cards", game.manifest) == written
