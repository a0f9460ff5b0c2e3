"""The closed op table of 東方カードゲーム（仮）: one registered function per effect word.

The vocabulary is the one ``schema/toho-tcg.cards.schema.json`` defines; each function does
what that description says, with the readings written down in :mod:`engine.toho_tcg.rules`.
Ops of an effect run in list order. ``ctx`` is the :class:`~engine.toho_tcg.stack.Ctx` of the
effect: its controller, its source card, its kind (spell, activated, triggered) and the targets
chosen when it was played. ``modify-stat`` and ``grant-keyword`` are also the two continuous
ops of static abilities; the game reads their arguments directly (see :func:`.field.refresh`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from fuda.engine.core import (
    Bool,
    Const,
    Enum,
    Int,
    Ops,
    OpTable,
    Param,
    Struct,
)
from fuda.engine.core.registry import CompiledOp
from fuda.engine.toho_tcg import effects, field, stack
from fuda.engine.toho_tcg.field import Filter
from fuda.engine.toho_tcg.stack import Ctx
from fuda.engine.toho_tcg.state import Item, Steps, TTGame
from fuda.engine.toho_tcg.vocabulary import (
    CARD_TARGETS,
    CHAR_TARGETS,
    DAMAGE_TARGETS,
    KINDS,
    TRIGGERS,
    TypeName,
    norm_keyword,
)

TABLE = OpTable("toho-tcg")


@dataclass(frozen=True)
class Keyword(Param):
    """A keyword as written on cards, converted to ``(name, value)``."""

    def convert(self, value, compile_ops):
        return norm_keyword(value)

    @property
    def expects(self) -> str:
        return "a keyword"


FILTER = Struct(fields=(("type", TypeName()), ("tapped", Bool())), min_keys=1).optional(None)
CONDITION = Struct(fields=(("controls-type", TypeName()), ("hand-at-most", Int(min=0, max=20))), min_keys=1)
WHOM = Enum(values=("opponent", "self"))

#: The extra keys an ability may carry, checked when the registry is built.
ABILITY_KEYS = {
    "cost": Struct(fields=(("tap", Const(value=True)), ("reiryoku", Int(min=1, max=20))), min_keys=1),
    "trigger": Enum(values=TRIGGERS),
}


def whom(ctx: Ctx, who: str) -> int:
    """The player meant by ``self``/``opponent`` seen from the effect's controller."""
    return ctx.player if who == "self" else 1 - ctx.player


def _stat_check(args) -> str | None:
    if args["attack"] is None and args["defense"] is None:
        return "give attack and/or defense"
    return None


@TABLE.op("damage", target=Enum(values=DAMAGE_TARGETS), amount=Int(min=1, max=20), filter=FILTER,
          doc="deal damage to characters (destroyed when over defense) or to a player (draw N, trash N)")
def damage(game: TTGame, ctx: Ctx, target: str, amount: int, filter: Filter) -> Steps[None]:
    if target in ("opponent", "self"):
        yield from effects.damage_player(game, whom(ctx, target), amount, ctx.card, combat=False)
        return
    for card in effects.op_targets(game, ctx, target, filter):
        field.deal_damage(game, card, amount, ctx.card)


@TABLE.op("destroy", target=Enum(values=CARD_TARGETS), filter=FILTER,
          doc="destroy cards on the field: a character with its stack and equip")
def destroy(game: TTGame, ctx: Ctx, target: str, filter: Filter) -> None:
    for card in effects.op_targets(game, ctx, target, filter):
        field.destroy(game, card, by=ctx.card)


@TABLE.op("modify-stat", target=Enum(values=CHAR_TARGETS), attack=Int(min=-20, max=20).optional(None),
          defense=Int(min=-20, max=20).optional(None), filter=FILTER, check=_stat_check,
          doc="change attack/defense until end of turn (static: while the source is on the field)")
def modify_stat(game: TTGame, ctx: Ctx, target: str, attack: int | None, defense: int | None, filter: Filter) -> None:
    for card in effects.op_targets(game, ctx, target, filter):
        field.add_eot(game, card, attack or 0, defense or 0, None, ctx.card)


@TABLE.op("tap", target=Enum(values=CHAR_TARGETS), filter=FILTER, doc="tap characters")
def tap(game: TTGame, ctx: Ctx, target: str, filter: Filter) -> None:
    for card in effects.op_targets(game, ctx, target, filter):
        field.set_tapped(game, card, True, "effect")


@TABLE.op("untap", target=Enum(values=CHAR_TARGETS), filter=FILTER, doc="untap characters")
def untap(game: TTGame, ctx: Ctx, target: str, filter: Filter) -> None:
    for card in effects.op_targets(game, ctx, target, filter):
        field.set_tapped(game, card, False, "effect")


@TABLE.op("draw", count=Int(min=1, max=10), doc="the controller draws cards (deck 0 loses)")
def draw(game: TTGame, ctx: Ctx, count: int) -> None:
    field.draw(game, ctx.player, count, "effect")


@TABLE.op("trash-from-hand", player=WHOM, count=Int(min=1, max=10),
          doc="the player picks cards of their own hand and trashes them")
def trash_from_hand(game: TTGame, ctx: Ctx, player: str, count: int) -> Steps[None]:
    yield from effects.trash_from_hand(game, whom(ctx, player), count, "effect", "TT-TERM-1")


@TABLE.op("return-to-hand", target=Enum(values=CHAR_TARGETS), filter=FILTER,
          doc="return characters (Hard with its Normal) to their owners' hands; the equip is trashed")
def return_to_hand(game: TTGame, ctx: Ctx, target: str, filter: Filter) -> None:
    for card in effects.op_targets(game, ctx, target, filter):
        field.return_to_hand(game, card)


@TABLE.op("counter", target=Enum(values=("spell", "quick", "activated")),
          doc="counter the chosen spell or activated ability on the stack")
def counter(game: TTGame, ctx: Ctx, target: str) -> None:
    item = ctx.targets.get(id(ctx.op))
    if isinstance(item, Item):
        effects.counter(game, ctx, item)


@TABLE.op("grant-keyword", target=Enum(values=CHAR_TARGETS), keyword=Keyword(), filter=FILTER,
          doc="characters gain a keyword until end of turn (static: while the source is on the field)")
def grant_keyword(game: TTGame, ctx: Ctx, target: str, keyword: tuple[str, Any], filter: Filter) -> None:
    for card in effects.op_targets(game, ctx, target, filter):
        field.add_eot(game, card, 0, 0, keyword, ctx.card)


@TABLE.op("reiryoku", count=Int(min=1, max=10), doc="the controller makes 霊力 (lost at the end of the phase)")
def reiryoku(game: TTGame, ctx: Ctx, count: int) -> None:
    stack.make_reiryoku(game, ctx.player, count, "effect", ctx.card)


@TABLE.op("recover", kind_=Enum(values=KINDS), type=TypeName().optional(None), count=Int(min=1, max=10),
          doc="the controller takes N matching cards of their trash into the hand (all there are when fewer)")
def recover(game: TTGame, ctx: Ctx, kind: str, type: str | None, count: int) -> Steps[None]:
    yield from effects.recover(game, ctx.player, kind, type, count, ctx.card)


@TABLE.op("search", kind_=Enum(values=KINDS), type=TypeName().optional(None), count=Int(min=1, max=10),
          doc="the controller takes N matching cards of their deck into the hand (all there are when fewer), then shuffles")
def search(game: TTGame, ctx: Ctx, kind: str, type: str | None, count: int) -> Steps[None]:
    yield from effects.search(game, ctx.player, kind, type, count, ctx.card)


def _rename_kind(name: str) -> None:
    """``OpTable.op`` takes ``kind`` as its own keyword (the op kind), so the card parameter
    ``kind`` of recover/search is declared as ``kind_`` and renamed here."""
    spec = TABLE.specs[name]
    params = tuple(("kind" if k == "kind_" else k, v) for k, v in spec.params)
    TABLE.specs[name] = replace(spec, params=params)


_rename_kind("recover")
_rename_kind("search")


#: the branch taken otherwise: ``else`` is a Python keyword, so it is passed by name from a dict
_ELSE: dict[str, Any] = {"else": Ops().optional(())}


@TABLE.op("if", condition=CONDITION, then=Ops(), **_ELSE,
          doc="check the condition when the op resolves and do 'then' or 'else'")
def if_(game: TTGame, ctx: Ctx, condition: Mapping[str, Any], then: tuple[CompiledOp, ...],
        else_: tuple[CompiledOp, ...]) -> Steps[None]:
    ops = then if effects.holds(game, ctx.player, condition) else else_
    yield from effects.run_ops(game, ctx, ops)
