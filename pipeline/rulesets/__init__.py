"""fuda's own rule sets: one module per game, each registered through the entry-point group
``fuda.rulesets`` exactly as a third-party rule set would be (see
:mod:`fuda.database.ruleset` and ``pyproject.toml``).

``custom`` is the rule set of a game declared in its own ``game.yaml`` (kinds, fields, deck
rules, vocabulary), with no engine.
"""
