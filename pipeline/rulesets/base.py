"""What the built-in rule sets share: the template lookup, the default table plan, the value
holding one game's labels, vocabulary and checks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from fuda.database.resources import templates_dir
from fuda.database.ruleset import Defaults, Label, Labels, Layout, PileSpec, TablePlan, Vocabulary, cards_section


def labels(kinds: dict, fields: dict, values: dict | None = None) -> Labels:
    """A :class:`Labels` from ``{key: (ja, en)}`` tables (``values``: field -> such a table)."""
    def table(d):
        return MappingProxyType({k: Label(*v) for k, v in d.items()})

    return Labels(table(kinds), table(fields),
                  MappingProxyType({f: table(v) for f, v in (values or {}).items()}))


def template_lookup(game, name: str, rules: str) -> tuple[Path, ...]:
    """Where a built-in rule set looks for a template ``name``, first found wins:
    ``<game folder>/templates/<name>``, ``templates/<game id>/<name>``, ``templates/<rules>/<name>``."""
    return (Path(game.folder) / "templates" / name, templates_dir() / game.id / name, templates_dir() / rules / name)


def find_template_file(game, name: str, rules: str) -> Path | None:
    """The first path of :func:`template_lookup` that exists, else None."""
    return next((path for path in template_lookup(game, name, rules) if path.is_file()), None)


def deck_pile(game, deck) -> TablePlan:
    """Every card of the deck face down and shuffled as one pile on the ``deck`` zone."""
    return TablePlan((PileSpec(deck.name, deck.card_ids(), "deck", description=True, shuffle=True),))


@dataclass(frozen=True)
class BuiltinRuleSet:
    """A rule set written in Python with its schemas in fuda's schema folder and its layouts in
    fuda's templates folder (``templates/<id>/card.yaml`` and ``mat.yaml``)."""

    id: str
    name: str
    engine: str | None
    game_labels: Labels
    words: Vocabulary
    checks: Callable  # (game, context) -> list[Finding]
    plan: Callable = deck_pile  # (game, deck) -> TablePlan
    print_backs: str = "long-edge"
    duel_online: bool = False
    template: str = "default"
    construction: Callable | None = None  # the deck-construction rules, for validation and the engine
    holds: Callable | None = None  # (deck data) -> every card id, one per copy; None: the ``cards`` list
    pairing: Callable | None = None  # (deck data) -> (face A, face B) pairs; None: single-faced cards

    def deck_cards(self, data) -> tuple[str, ...]:
        """Every card id a deck file holds, one per copy, in file order."""
        return self.holds(data) if self.holds else cards_section(data, "cards")

    def deck_pairs(self, data) -> tuple[tuple[str, str], ...]:
        """The double-faced cards a deck is made of (face A, face B); empty for a deck list."""
        return self.pairing(data) if self.pairing else ()

    def sample_game(self) -> Path | None:
        """fuda's bundled sample game of these rules (``fuda new`` copies it)."""
        return Defaults.sample_game(self)

    def mat_lookup(self, game) -> tuple[Path, ...]:
        """Where :meth:`mat` looks (see :func:`template_lookup`)."""
        return template_lookup(game, "mat.yaml", self.id)

    def deck_problems(self, game, *decks) -> list:
        """The deck-construction rules of the rule set (one implementation, used by validation
        and by the engine's setup): ``(path, message, hint)`` for each rule a deck breaks. The
        arguments are the rule set's deck sections (see its ``deck_problems``)."""
        return self.construction(game, *decks) if self.construction else []

    def schema(self, role: str, manifest) -> str:
        """``game.schema.json`` for the manifest, ``<id>.<role>.schema.json`` otherwise."""
        return "game.schema.json" if role == "game" else f"{self.id}.{role}.schema.json"

    def declaration(self, manifest, doc) -> list:
        """Nothing beyond the schema: a built-in game declares no kinds of its own."""
        return []

    def check(self, game, context) -> list:
        """The game's own checks (references, deck construction)."""
        return self.checks(game, context)

    def labels(self, game) -> Labels:
        """The fixed labels of the rule set."""
        return self.game_labels

    def vocabulary(self, game) -> Vocabulary:
        """The fixed vocabulary of the rule set."""
        return self.words

    def card_layout(self, game) -> Layout:
        """The game folder's ``templates/card.yaml``, else fuda's for the game id or the rules."""
        return Layout(path=find_template_file(game, "card.yaml", self.id), origin=f"templates/{self.id}/card.yaml")

    def mat(self, game) -> Layout | None:
        """The ``mat.yaml`` found like the card layout, or None."""
        path = find_template_file(game, "mat.yaml", self.id)
        return Layout(path=path) if path else None

    def table_plan(self, game, deck) -> TablePlan:
        """What an Udonarium export of ``deck`` puts on the table."""
        return self.plan(game, deck)

    def duel_online_template(self, game) -> str:
        """The bundled Duel Online template of the rule set."""
        return self.template
