"""Card layout templates: ``templates/<game>/card.yaml``, read, validated and ready to lay out.

A template is what a designer edits without touching code: per card kind, a list of elements
(frames, name bar, stat badges, text box, art window …) in millimetres from the top-left of the
trim box, at the template's ``design-size``; another card size scales the whole design
uniformly (boxes and type) and centres it (letterboxed), see :meth:`Template.placement`.
It is read and checked once, when the database loads (:mod:`fuda.database.templates`: schema,
colours, card kinds and fields, the label pattern); a mistake is a located finding of
validation (``card.yaml:12:7: error[L005] …``), and laying out uses that checked template.
The game's rule set says which template a game uses (``RuleSet.card_layout``); the built-in
ones take the first of
``<game folder>/templates/card.yaml``, ``templates/<game id>/card.yaml``,
``templates/<rules>/card.yaml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from fuda.database.findings import FindingsError
from fuda.database.resources import templates_dir
from fuda.database.ruleset import ruleset_for
from fuda.database.templates import (
    FILE,
    BoundedPattern,
    CardSizeError,
    PatternTimeout,
    Template,
    field_value,
    game_template,
    key_of,
    template_file,
)
from fuda.i18n import Text

SCHEMA = "layout.schema.json"
__all__ = ["FILE", "SCHEMA", "BoundedPattern", "CardSizeError", "PatternTimeout", "Template", "field_value",
           "find_template", "has_field", "key_of", "load_template", "load_template_file", "matches", "templates_dir"]

_MISSING = object()


def has_field(card, path: str) -> bool:
    """True when the dotted path exists in the card (its value may be null)."""
    return field_value(card, path, _MISSING) is not _MISSING


def matches(card, when: Mapping | None) -> bool:
    """Whether an element's ``when`` holds: every key a field whose value is (one of) the given
    value(s); ``"*"`` means present and not null, ``"-"`` absent or null."""
    if not when:
        return True
    for path, want in when.items():
        value = field_value(card, path)
        if want == "*":
            ok = value is not None and value != "" and value != ()
        elif want == "-":
            ok = value is None or value == "" or value == ()
        elif isinstance(want, (list, tuple)):
            ok = key_of(value) in [key_of(w) for w in want]
        else:
            ok = key_of(value) == key_of(want)
        if not ok:
            return False
    return True


def find_template(game) -> Path:
    """The card.yaml used for ``game``: its rule set decides (see the module docstring). For a
    rule set that makes its layout from data, the game folder's own file, else its game.yaml."""
    layout = ruleset_for(game.rules).card_layout(game)
    if layout.path is None:
        if layout.data is not None:
            return (Path(game.folder) / "game.yaml").resolve()
        raise FileNotFoundError(Text("err.no_card_template", game=game.id, local=Path(game.folder) / "templates" / FILE,
                                     origin=layout.origin or game.rules))
    return Path(layout.path).resolve()


def load_template(game) -> Template:
    """The checked template of ``game`` — the one validation made, not read again (see
    :func:`fuda.database.templates.game_template`); raises FindingsError with its located
    findings, FileNotFoundError (one line) when the game has none. A rule set's own layout data
    (``rules: custom``) is overridden kind by kind by the game folder's ``templates/card.yaml``."""
    template, findings = game_template(game)
    if template is None and not findings:
        find_template(game)  # raises the one-line "no card template"
    errors = [f for f in findings if f.severity == "error"]
    if errors or template is None:
        raise FindingsError(errors or list(findings))
    return template


def load_template_file(path: Path) -> Template:
    """Read and check one template file on its own (for tests and editors): schema, colours and
    label pattern; its card fields need a game (see :func:`load_template`)."""
    return template_file(path)
