"""The closed op table of 東方カードゲーム（仮）: one registered function per effect word.

The vocabulary is the one ``schema/toho-tcg.cards.schema.json`` defines; each function does
what that description says, with the readings written down in :mod:`engine.toho_tcg.rules`.
Ops of an effect run in list order. ``ctx`` is the :class:`~engine.toho_tcg.stack.Ctx` of the
effect: its controller, its source card, its kind (spell, activated, triggered) and the targets
chosen when it was played. ``modify-stat`` and ``grant-keyword`` are also the two continuous
ops of static abilities; the game reads their arguments directly (see ``Field.refresh``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from fuda.engine.core import (
    Bool,
    Const,
    Enum,
    Int,
    Ops,
    OpTable,
    Param,
    ParamError,
    Struct,
)

TABLE = OpTable("toho-tcg")

CHAR_TARGETS = ("this", "equipped", "own-character", "opponent-character", "any-character",
                "all-own-characters", "all-opponent-characters", "all-characters")
CARD_TARGETS = CHAR_TARGETS + ("any-card", "any-assister", "any-equip")
DAMAGE_TARGETS = CHAR_TARGETS + ("opponent", "self")
#: Targets chosen when the effect is played (対象の…); the others are not targeted.
CHOSEN = ("own-character", "opponent-character", "any-character", "any-card", "any-assister", "any-equip")
STATIC_OPS = ("modify-stat", "grant-keyword")
PLAIN_KEYWORDS = ("defender", "spell-defender", "trickster", "fast-attack", "striker", "barrier", "penetrate")
TRIGGERS = ("on-enter", "on-destroyed", "on-attack", "on-battle-destroy", "on-damage-player",
            "standby-phase", "end-phase")
KINDS = ("any", "character", "spell", "quick", "assister", "equip", "world")


@dataclass(frozen=True)
class TypeName(Param):
    """A character type name (the loader checks it against the manifest's ``types``)."""

    def convert(self, value, compile_ops):
        if not isinstance(value, str) or not value.strip():
            raise ParamError(f"expected {self.expects}, got {value!r}")
        return value

    @property
    def expects(self) -> str:
        return "a character type name"


def norm_keyword(raw) -> tuple[str, object]:
    """``'striker'`` → ``('striker', True)``; ``{critical: 妖怪}`` → ``('critical', '妖怪')``."""
    if isinstance(raw, str):
        if raw not in PLAIN_KEYWORDS:
            raise ParamError(f"expected a keyword ({', '.join(PLAIN_KEYWORDS)} or critical/trash/resist/"
                             f"protection mappings), got {raw!r}")
        return raw, True
    if isinstance(raw, Mapping) and len(raw) == 1:
        (name, value), = raw.items()
        if name in ("critical", "protection"):
            return name, TypeName().convert(value, None)
        if name in ("trash", "resist"):
            return name, Int(min=0 if name == "trash" else 1, max=20).convert(value, None)
    raise ParamError(f"expected a keyword, got {raw!r}")


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


def whom(ctx, who: str) -> int:
    """The player meant by ``self``/``opponent`` seen from the effect's controller."""
    return ctx.player if who == "self" else 1 - ctx.player


def _stat_check(args) -> str | None:
    if args["attack"] is None and args["defense"] is None:
        return "give attack and/or defense"
    return None


@TABLE.op("damage", target=Enum(values=DAMAGE_TARGETS), amount=Int(min=1, max=20), filter=FILTER,
          doc="deal damage to characters (destroyed when over defense) or to a player (draw N, trash N)")
def damage(game, ctx, target, amount, filter):
    if target in ("opponent", "self"):
        yield from game.damage_player(whom(ctx, target), amount, ctx.card, combat=False)
        return
    for card in game.op_targets(ctx, target, filter):
        game.deal_damage(card, amount, ctx.card)


@TABLE.op("destroy", target=Enum(values=CARD_TARGETS), filter=FILTER,
          doc="destroy cards on the field: a character with its stack and equip")
def destroy(game, ctx, target, filter):
    for card in game.op_targets(ctx, target, filter):
        game.destroy(card, by=ctx.card)


@TABLE.op("modify-stat", target=Enum(values=CHAR_TARGETS), attack=Int(min=-20, max=20).optional(None),
          defense=Int(min=-20, max=20).optional(None), filter=FILTER, check=_stat_check,
          doc="change attack/defense until end of turn (static: while the source is on the field)")
def modify_stat(game, ctx, target, attack, defense, filter):
    for card in game.op_targets(ctx, target, filter):
        game.add_eot(card, attack or 0, defense or 0, None, ctx.card)


@TABLE.op("tap", target=Enum(values=CHAR_TARGETS), filter=FILTER, doc="tap characters")
def tap(game, ctx, target, filter):
    for card in game.op_targets(ctx, target, filter):
        game.set_tapped(card, True, "effect")


@TABLE.op("untap", target=Enum(values=CHAR_TARGETS), filter=FILTER, doc="untap characters")
def untap(game, ctx, target, filter):
    for card in game.op_targets(ctx, target, filter):
        game.set_tapped(card, False, "effect")


@TABLE.op("draw", count=Int(min=1, max=10), doc="the controller draws cards (deck 0 loses)")
def draw(game, ctx, count):
    game.draw(ctx.player, count, "effect")


@TABLE.op("trash-from-hand", player=WHOM, count=Int(min=1, max=10),
          doc="the player picks cards of their own hand and trashes them")
def trash_from_hand(game, ctx, player, count):
    yield from game.trash_from_hand(whom(ctx, player), count, "effect", "TT-TERM-1")


@TABLE.op("return-to-hand", target=Enum(values=CHAR_TARGETS), filter=FILTER,
          doc="return characters (Hard with its Normal) to their owners' hands; the equip is trashed")
def return_to_hand(game, ctx, target, filter):
    for card in game.op_targets(ctx, target, filter):
        game.return_to_hand(card)


@TABLE.op("counter", target=Enum(values=("spell", "quick", "activated")),
          doc="counter the chosen spell or activated ability on the stack")
def counter(game, ctx, target):
    item = ctx.targets.get(id(ctx.op))
    if item is not None:
        game.counter(ctx, item)


@TABLE.op("grant-keyword", target=Enum(values=CHAR_TARGETS), keyword=Keyword(), filter=FILTER,
          doc="characters gain a keyword until end of turn (static: while the source is on the field)")
def grant_keyword(game, ctx, target, keyword, filter):
    for card in game.op_targets(ctx, target, filter):
        game.add_eot(card, 0, 0, keyword, ctx.card)


@TABLE.op("reiryoku", count=Int(min=1, max=10), doc="the controller makes 霊力 (lost at the end of the phase)")
def reiryoku(game, ctx, count):
    game.make_reiryoku(ctx.player, count, "effect", ctx.card)


@TABLE.op("recover", kind_=Enum(values=KINDS), type=TypeName().optional(None), count=Int(min=1, max=10),
          doc="the controller takes N matching cards of their trash into the hand (all there are when fewer)")
def recover(game, ctx, kind, type, count):
    yield from game.recover(ctx.player, kind, type, count, ctx.card)


@TABLE.op("search", kind_=Enum(values=KINDS), type=TypeName().optional(None), count=Int(min=1, max=10),
          doc="the controller takes N matching cards of their deck into the hand (all there are when fewer), then shuffles")
def search(game, ctx, kind, type, count):
    yield from game.search(ctx.player, kind, type, count, ctx.card)


def _rename_kind(name: str) -> None:
    """``OpTable.op`` takes ``kind`` as its own keyword (the op kind), so the card parameter
    ``kind`` of recover/search is declared as ``kind_`` and renamed here."""
    spec = TABLE.specs[name]
    params = tuple(("kind" if k == "kind_" else k, v) for k, v in spec.params)
    TABLE.specs[name] = replace(spec, params=params)


_rename_kind("recover")
_rename_kind("search")


@TABLE.op("if", condition=CONDITION, then=Ops(), **{"else": Ops().optional(())},
          doc="check the condition when the op resolves and do 'then' or 'else'")
def if_(game, ctx, condition, then, else_):
    ops = then if game.holds(ctx.player, condition) else else_
    yield from game.run_ops(ctx, ops)
