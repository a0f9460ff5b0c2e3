"""A rule set written outside fuda, as a third party would: cards with a name, a kind and a power,
decks of 4 to 12 cards, no engine and no play mat. Registered by its own entry point
(fuda_toy-0.1.dist-info/entry_points.txt); it uses only fuda's public rule-set values."""

from pathlib import Path

from fuda.database.findings import Finding
from fuda.database.ruleset import Label, Labels, Layout, PileSpec, TablePlan, Vocabulary

HERE = Path(__file__).parent
ID = {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"}
CARD = {"type": "object", "additionalProperties": False, "required": ["id", "name", "kind", "power"],
        "properties": {"id": ID, "name": {"type": "string"}, "kind": {"enum": ["hero", "spell"]},
                       "power": {"type": "integer", "minimum": 0, "maximum": 9}, "text": {"type": "string"}}}
SCHEMAS = {
    "game": "game.schema.json",  # fuda's own manifest schema: id, name, rules, card-size, back
    "cards": {"type": "object", "required": ["cards"], "properties": {"cards": {"type": "array", "items": CARD}}},
    "deck": {"type": "object", "additionalProperties": False, "required": ["id", "name", "cards"],
             "properties": {"id": ID, "name": {"type": "string"}, "cards": {"type": "array", "items": {
                 "type": "object", "required": ["card", "count"], "additionalProperties": False,
                 "properties": {"card": ID, "count": {"type": "integer", "minimum": 1, "maximum": 4}}}}}},
}
TEXT = {"type": "text", "size": 9, "min-size": 6, "color": "#222222"}
LAYOUT = {"design-size": {"width": 63, "height": 88}, "palette": {"ink": "#222222"}, "kinds": {"default": {"elements": [
    {"type": "rect", "full": True, "fill": "#f4efe4"},
    {**TEXT, "field": "name", "x": 5, "y": 5, "w": 53, "h": 8, "size": 11},
    {**TEXT, "field": "power", "x": 5, "y": 15, "w": 20, "h": 6},
    {**TEXT, "field": "text", "x": 5, "y": 50, "w": 53, "h": 30}]}},
    "backs": {"default": {"elements": [{"type": "rect", "full": True, "fill": "#334455"}]}}}


class ToyRuleSet:
    """The rule set ``toy`` (see the module docstring)."""

    id, name, engine, print_backs, duel_online = "toy", "おもちゃ", None, "long-edge", False

    def schema(self, role, manifest):
        return SCHEMAS[role]

    def declaration(self, manifest, doc):
        return []

    def check(self, game, context):
        """A deck holds 4 to 12 cards (TOY001)."""
        return [Finding(deck.where("cards"), "TOY001", f"deck {deck.id} has {n} cards; a toy deck has 4 to 12",
                        hint="add or remove cards") for deck in game.decks if not 4 <= (n := len(deck.card_ids())) <= 12]

    def labels(self, game):
        return Labels({"hero": Label("勇者", "hero"), "spell": Label("呪文", "spell")}, {"power": Label("力", "power")})

    def vocabulary(self, game):
        return Vocabulary(labels={"登場時": "enters"}, data=False)

    def card_layout(self, game):
        return Layout(data=LAYOUT, origin="fuda_toy")

    def mat(self, game):
        return None  # the toy has no play mat

    def table_plan(self, game, deck):
        return TablePlan((PileSpec(deck.name, deck.card_ids(), "deck", description=True, shuffle=True),))

    def duel_online_template(self, game):
        return "default"

    def sample_game(self):
        return HERE / "sample"  # what `fuda new --rules toy` copies


RULESET = ToyRuleSet()
