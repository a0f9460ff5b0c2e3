"""A rule-set plugin whose import fails: it must break nothing but its own games."""

import fuda_missing_dependency  # noqa: F401 — the failure this plugin exists to show

RULESET = None
