"""fuda (札): one YAML card database for a card game, turned into print-ready PDFs, online-play
files, rule engines and a Japanese card-text linter.

The public API (names are loaded on first use, so ``import fuda`` stays cheap)::

    import fuda
    db = fuda.load_database(["cards/"])          # FindingsError lists every problem
    findings = fuda.validate(["cards/my-game"])  # or get the findings back instead
    fuda.installed_rulesets()                    # installed rule sets by rules id
    fuda.ruleset_for(db.game("toho-tcg").rules).labels(db.game("toho-tcg")).kind("world")  # 'ワールド'
"""

from __future__ import annotations

from importlib import import_module

from fuda.version import __version__

_EXPORTS = {
    "Ability": "fuda.database", "Card": "fuda.database", "Database": "fuda.database",
    "Deck": "fuda.database", "Finding": "fuda.database", "FindingsError": "fuda.database",
    "Game": "fuda.database", "Location": "fuda.database", "Op": "fuda.database",
    "find_games": "fuda.database", "load_database": "fuda.database", "validate": "fuda.database",
    "RuleSet": "fuda.database.ruleset", "ruleset_for": "fuda.database.ruleset",
    # the registry's rulesets(); fuda.rulesets is the package of the built-in rule sets
    "installed_rulesets": ("fuda.database.ruleset", "rulesets"),
}

__all__ = [*sorted(_EXPORTS), "__version__"]


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'fuda' has no attribute {name!r}")
    module, attr = module if isinstance(module, tuple) else (module, name)
    value = getattr(import_module(module), attr)
    globals()[name] = value
    return value
