"""Every lint rule, grouped by concern: one module per group.

``REGISTRY`` maps each code to its :class:`~fuda.lint.check.RuleInfo`; ``FIELD``, ``CARD``
and ``GAME`` list the checks the runner schedules (see :mod:`fuda.lint.engine`).
"""

from __future__ import annotations

from fuda.lint.rules import (
    agreement,
    cp932,
    fit,
    lookalike,
    meta,
    prh,
    references,
    style,
    vocabulary,
)

MODULES = (vocabulary, agreement, lookalike, style, references, fit, cp932, prh, meta)

REGISTRY = {info.code: info for module in MODULES for info in module.RULES}
FIELD = tuple(check for module in MODULES for check in module.FIELD)
CARD = tuple(check for module in MODULES for check in module.CARD)
GAME = tuple(check for module in MODULES for check in module.GAME)
