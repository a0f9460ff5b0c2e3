"""What used to be keyed by rules id outside the rule sets is a rule-set member: which cards a deck
holds and its pairs of faces, the AGR006 phrases, the sample game ``fuda new`` copies, where a mat
is looked for; a rule set without them (a plugin written before) gets the defaults."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from fuda import load_database
from fuda.database.ruleset import Defaults, optional, ruleset_for, rulesets
from fuda.lint.rules.facts import FactTable, fact_table

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = ("recast-rift", "toho-tcg", "raise-blaze", "ryomen")
#: Files outside pipeline/rulesets/ that may still spell a bundled rules id, and why.
MAY_NAME = {
    "pipeline/lint/rules/facts.py": "the names its phrase tables are listed under in `fuda lint --explain AGR006`",
    "pipeline/table/boards.py": "board readers keyed by engine package (ryomen's is named like its rules)",
}


def expected_cards(data) -> tuple[str, ...]:
    """The card ids of a bundled deck file, read by its shape (the test's own oracle)."""
    if "spells" in data:
        return (data["awakening"], *data["spells"])
    if "pairs" in data:
        return tuple(cid for pair in data["pairs"] for cid in pair)
    ids = [e["card"] for section in ("cards", "main") for e in data.get(section, ()) for _ in range(e["count"])]
    return (*ids, *data.get("core", ()))


def test_every_bundled_deck_holds_what_its_rule_set_reads():
    """Deck.card_ids() and Deck.pairs come from the deck's rule set: every sample deck, every shape."""
    db = load_database()
    seen = set()
    for game in db.games:
        for deck in game.decks:
            assert deck.card_ids() == expected_cards(deck.data), (game.id, deck.id)
            assert deck.pairs == tuple((a, b) for a, b in deck.data.get("pairs", ())), (game.id, deck.id)
            seen.add(game.rules)
    assert seen >= {*BUNDLED, "custom"}


def test_a_rule_set_without_the_optional_members_gets_the_defaults():
    """A rule set object that defines none of the optional members: a deck is its cards list,
    single-faced, no sample game unless fuda bundles one of its rules, no mat lookup to name."""

    class Bare:
        id = "bare"

    bare = Bare()
    data = {"cards": [{"card": "a", "count": 2}, {"card": "b", "count": 1}]}
    assert optional(bare, "deck_cards")(data) == ("a", "a", "b")
    assert optional(bare, "deck_pairs")(data) == ()
    assert optional(bare, "sample_game")() is None
    assert optional(bare, "mat_lookup")(None) == ()
    with pytest.raises(AttributeError):
        optional(bare, "no_such_member")
    assert set(vars(Defaults)) >= {"deck_cards", "deck_pairs", "sample_game", "mat_lookup"}


def test_each_rule_set_says_how_its_numbers_are_compared():
    """AGR006's phrases are named by each rule set's vocabulary (no table keyed by rules id)."""
    for rules in BUNDLED:
        path = ruleset_for(rules).vocabulary(None).numbers
        assert isinstance(fact_table(path), FactTable) and fact_table(path).name == rules
    assert ruleset_for("custom").vocabulary(None).numbers == "sets"
    with pytest.raises(LookupError):
        fact_table("fuda.lint.rules.facts:FactIndex")


def test_each_bundled_rule_set_names_its_sample_and_mat_lookup():
    """fuda new copies the rule set's sample; a missing mat message names the rule set's lookup."""
    db = load_database()
    for rules, ruleset in rulesets().items():
        sample = optional(ruleset, "sample_game")()
        assert sample is not None and (sample / "game.yaml").is_file(), rules
        game = next(g for g in db.games if g.rules == rules)
        looked = optional(ruleset, "mat_lookup")(game)
        assert looked[0] == Path(game.folder) / "templates" / "mat.yaml", rules
        assert ruleset.mat(game).path in looked, rules


def test_no_bundled_rules_id_outside_the_rule_sets():
    """Outside pipeline/rulesets/ no string in code is a bundled rules id (what a lookup or an
    ``if rules == …`` would hold; prose that mentions a game may), but in the files of MAY_NAME."""
    found = []
    for path in sorted((ROOT / "pipeline").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("pipeline/rulesets/") or rel in MAY_NAME:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [f"{rel}:{node.lineno}: {node.value!r}" for node in ast.walk(tree)
                  if isinstance(node, ast.Constant) and node.value in BUNDLED]
    assert found == []
