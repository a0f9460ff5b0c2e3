"""A coded game's validation includes its engine's: the rule set asks its engine (by path, as
:mod:`fuda.rulesets.custom` does) to compile the cards, so that a card the engine refuses (an
unknown op, a wrong argument, a timing or ability key it does not know) fails ``fuda validate``
and every other command alike — one verdict for a folder (issue #35), not a ``print`` that passes
and a ``play`` that refuses.

The rule sets and the engines are one layer (``tests/test_architecture.py``): neither imports
the other. The engine is found from the rule set's ``engine`` path at run time
(:func:`fuda.database.ruleset.engine_for`).
"""

from __future__ import annotations

from collections.abc import Callable

from fuda.database.findings import Finding, FindingsError
from fuda.database.model import Game


def engine_problems(game: Game) -> list[Finding]:
    """The errors the game's engine finds compiling its cards (``build_registry``), located;
    none when the rules have no engine. The engine's notes about manual abilities are left out:
    validation reports those itself (E001)."""
    from fuda.database.ruleset import engine_for

    module = engine_for(game.rules)
    if module is None:
        return []
    try:
        module.build_registry(game)
    except FindingsError as exc:
        return [f for f in exc.findings if f.severity == "error"]
    return []


def with_engine(checks: Callable) -> Callable:
    """``checks`` (a rule set's ``(game, context) -> findings``) followed by
    :func:`engine_problems`."""
    def check(game: Game, context) -> list[Finding]:
        return list(checks(game, context)) + engine_problems(game)

    check.__doc__ = f"{(checks.__doc__ or '').strip()} Then the engine compiles the cards (engine_problems)."
    check.__name__ = getattr(checks, "__name__", "check")
    return check
