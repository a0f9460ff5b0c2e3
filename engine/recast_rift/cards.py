"""Recast Rift cards compiled for the engine: :func:`build_registry` checks and compiles the
database's cards against the op table (:mod:`fuda.engine.recast_rift.ops`); the pool of card
definitions built from a registry is :class:`~fuda.engine.recast_rift.defs.CardPool`.
"""

from __future__ import annotations

from fuda.database import Ability, Game
from fuda.engine.core import Registry
from fuda.engine.core import build_registry as core_build
from fuda.engine.recast_rift.defs import WHENS, CardDef, CardPool, Layout
from fuda.engine.recast_rift.ops import ABILITY_KEYS, TABLE

__all__ = ["CardDef", "CardPool", "Layout", "build_registry"]  # (the pool and its values live in .defs)


def _op_kind(ability: Ability) -> str:
    if ability.when == "while-deployed" and "trigger" not in ability.data:
        return "static"
    return "effect"


def build_registry(game: Game) -> Registry:
    """Compile every card of a recast-rift game; FindingsError (located) on any bad op."""
    return core_build(game, TABLE, whens=WHENS, op_kind=_op_kind, extras=ABILITY_KEYS)
