"""The toho-tcg registry: every card's abilities compiled against the op table (:mod:`.ops`).

:func:`build_registry` adds the checks the table alone cannot make: a static ability may only use
the continuous ops ``modify-stat``/``grant-keyword`` on targets that are not chosen, and
``equipped`` exists only on equips.
"""

from __future__ import annotations

from fuda.database import Finding, FindingsError
from fuda.database.model import Game
from fuda.engine.core import Registry
from fuda.engine.core import build_registry as core_build
from fuda.engine.toho_tcg.cards import WHENS, walk_ops
from fuda.engine.toho_tcg.ops import ABILITY_KEYS, TABLE
from fuda.engine.toho_tcg.vocabulary import CHOSEN, STATIC_OPS


def build_registry(game: Game) -> Registry:
    """Compile every card of a toho-tcg game; FindingsError (located) on any bad op or use."""
    registry = core_build(game, TABLE, whens=WHENS, extras=ABILITY_KEYS)
    errors = []
    for card in game.cards:
        for ability in registry.of(card.id):
            if ability.ops is None:
                continue
            for op in walk_ops(ability.ops):
                target = op.args.get("target")
                if ability.when == "static":
                    if op.name not in STATIC_OPS:
                        errors.append(Finding(op.source, "E205", f"a static (【永続】) ability can only use "
                                              f"{', '.join(STATIC_OPS)}, not '{op.name}'", card=card.id))
                    elif target in CHOSEN:
                        errors.append(Finding(op.source, "E205", f"a static ability cannot choose a target "
                                              f"('{target}')", card=card.id))
                if target == "equipped" and card.kind != "equip":
                    errors.append(Finding(op.source, "E205", "target 'equipped' exists only on an equip",
                                          card=card.id))
    if errors:
        raise FindingsError(errors)
    return registry
