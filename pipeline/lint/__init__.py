"""``fuda lint``: a card-text linter for Japanese card text.

It checks a loaded :class:`~fuda.database.Database` the way an experienced editor of each
game would: the game's own vocabulary, text against structured data, look-alike characters,
house style, card-name references, fit in the printed box, CP932 safety for Duel Online, and the
prh dictionaries writers already keep. See :mod:`fuda.lint.engine` for the runner and
``fuda lint --explain CODE`` for every rule.
"""

from fuda.lint.check import Diagnostic, RuleInfo
from fuda.lint.engine import fails, lint, lint_game

__all__ = ["Diagnostic", "RuleInfo", "fails", "lint", "lint_game", "rule_table"]


def rule_table() -> dict:
    """Rule code -> :class:`RuleInfo` for every rule."""
    from fuda.lint.rules import REGISTRY

    return dict(REGISTRY)
