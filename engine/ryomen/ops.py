"""The closed op table of ryomen: one registered function per effect word of the cards.

The vocabulary is the one ``schema/ryomen.cards.schema.json`` defines; each function does what
its description says, with the readings written down in :mod:`engine.ryomen.rules`. ``ctx`` is
the :class:`~engine.ryomen.game.Ctx` of the ability (its owner, card, timing, and whether it is
an 【反転時】 ability, whose flips never trigger). Targets are players: ``self`` is the owner's
battle card of this turn, ``opponent`` another player's (with 3–4 players the owner picks
which opponent, RY-MULTI-1). A stat effect is a tuple ``(kind, stat, value)`` kept in the
target's list (see :func:`~fuda.engine.ryomen.effects.stats`).
"""

from __future__ import annotations

import re
from collections.abc import Generator, Mapping
from typing import TYPE_CHECKING, Any

from fuda.engine.core import Bool, CompiledOp, Decision, Enum, Int, Ops, OpTable, Param, ParamError, Struct
from fuda.engine.ryomen import effects as E
from fuda.engine.ryomen.effects import (
    ADD,
    ALL,
    ANY,
    BRAIN,
    CODE,
    DAY,
    NAMED,
    NIGHT,
    POWER,
    SET,
    SPEED,
    SWAP,
    Asking,
    Ctx,
)

if TYPE_CHECKING:
    from fuda.engine.ryomen.game import Ryomen

TABLE = OpTable("ryomen")
_ID = re.compile(r"[a-z0-9][a-z0-9-]*")

__all__ = ["ADD", "ALL", "ANY", "BRAIN", "CODE", "DAY", "NAMED", "NIGHT", "POWER", "SET", "SPEED", "SWAP", "TABLE"]

STAT = Enum(values=("power", "speed", "brain"))
STAT_REF = Enum(values=("power", "speed", "brain", "all", "named"))
TARGET = Enum(values=("self", "opponent"))
CONDITION = Struct(fields=(("role", Enum(values=("server", "receiver"))),), min_keys=1)


def _amount_not_zero(args) -> str | None:
    return "amount cannot be 0" if args["amount"] == 0 else None


def _two_stats(args) -> str | None:
    stats = args["stats"]
    if not isinstance(stats, (list, tuple)) or len(stats) != 2 or len(set(stats)) != 2:
        return "stats must be two different stats"
    for s in stats:
        if s not in STAT.values:
            return f"stats: expected one of {', '.join(STAT.values)}, got {s!r}"
    return None


def _flip_count(args) -> str | None:
    if (args["target"] == "own-hand") != (args["count"] is not None):
        return "count is required with target own-hand and allowed only there"
    return None


class _Pair(Param):
    """A list of two values (kept as a tuple); checked by the op's cross-check."""

    def convert(self, value, compile_ops):
        if not isinstance(value, (list, tuple)):
            raise ParamError(f"expected a list of two stats, got {value!r}")
        return tuple(value)

    @property
    def expects(self) -> str:
        return "a list of two stats"


class ChipId(Param):
    """The id of a stat chip (an id string; that the manifest lists it is checked by the pool)."""

    def convert(self, value, compile_ops):
        if not isinstance(value, str) or not _ID.fullmatch(value):
            raise ParamError(f"expected {self.expects}, got {value!r}")
        return value

    @property
    def expects(self) -> str:
        return "a chip id (lower-case letters, digits and -)"


def _whom(game: Ryomen, ctx: Ctx, target: str) -> Generator[Decision, tuple[str, ...], int]:
    """The player whose battle card ``target`` means (a generator: may ask with 3–4 players)."""
    if target == "self":
        return ctx.player
    if game.n == 2:
        return 1 - ctx.player
    return (yield from E.choose_opponent(game, ctx))


def _other(game: Ryomen, ctx: Ctx) -> int:
    """The opponent in a 2-player game, else -1 (then ask with :func:`_whom`)."""
    return 1 - ctx.player if game.n == 2 else -1


@TABLE.op("modify-stat", target=TARGET, stat=STAT_REF, amount=Int(min=-8, max=8), check=_amount_not_zero,
          doc="add amount to the target battle card's stat(s) this turn, clamped to 1–9 (RY-STAT-1)")
def modify_stat(game: Ryomen, ctx: Ctx, target: str, stat: str, amount: int) -> Asking:
    q = ctx.player if target == "self" else _other(game, ctx)
    if q < 0:
        q = yield from _whom(game, ctx, target)
    E.stat_effect(game, ctx, q, (ADD, CODE[stat], amount))


@TABLE.op("set-stat", target=TARGET, stat=STAT_REF, value=Int(min=1, max=9),
          doc="the target battle card's stat(s) become value, as a stat effect in resolution order")
def set_stat(game: Ryomen, ctx: Ctx, target: str, stat: str, value: int) -> Asking:
    q = ctx.player if target == "self" else _other(game, ctx)
    if q < 0:
        q = yield from _whom(game, ctx, target)
    E.stat_effect(game, ctx, q, (SET, CODE[stat], value))


@TABLE.op("swap-stats", target=TARGET, stats=_Pair(), check=_two_stats,
          doc="exchange the current values of two stats of the target battle card")
def swap_stats(game: Ryomen, ctx: Ctx, target: str, stats: tuple[str, str]) -> Asking:
    q = ctx.player if target == "self" else _other(game, ctx)
    if q < 0:
        q = yield from _whom(game, ctx, target)
    E.stat_effect(game, ctx, q, (SWAP, CODE[stats[0]], CODE[stats[1]]))


@TABLE.op("copy-stat", stat=Enum(values=("power", "speed", "brain", "named")),
          doc="this card's stat becomes the opponent's current value of it (read once), as a set-stat")
def copy_stat(game: Ryomen, ctx: Ctx, stat: str) -> Asking:
    q = _other(game, ctx)
    if q < 0:
        q = yield from _whom(game, ctx, "opponent")
    code = CODE[stat]
    if game.battle[q] < 0 or (code == NAMED and game.named < 0):
        E.note(game, ctx, "no-effect", op="copy-stat", why="no-card" if game.battle[q] < 0 else "not-named")
        return
    value = E.value(game, q, game.named if code == NAMED else code)
    E.stat_effect(game, ctx, ctx.player, (SET, code, value))


@TABLE.op("flip", target=Enum(values=("self", "opponent", "own-hand", "day-night")),
          count=Int(min=1, max=8).optional(None), optional=Bool().optional(False), check=_flip_count,
          doc="turn a battle card, hand cards of the owner, or the day/night chip over")
def flip(game: Ryomen, ctx: Ctx, target: str, count: int | None, optional: bool) -> Asking:
    if target == "own-hand":
        assert count is not None  # (own-hand takes a count: _flip_count)
        yield from E.flip_own_hand(game, ctx, count, optional)
        return
    q = -1 if target == "day-night" else (yield from _whom(game, ctx, target))
    if optional and not (yield from E.ask_yes(game, ctx, "flip", target)):
        return
    if target == "day-night":
        E.flip_day_night(game, ctx.player, "effect")
    else:
        yield from E.flip_battle(game, q, ctx)


@TABLE.op("forbid-stat", stat=STAT, doc="this turn the owner's opponent cannot name this stat")
def forbid_stat(game: Ryomen, ctx: Ctx, stat: str) -> None:
    E.forbid(game, ctx, CODE[stat])


@TABLE.op("change-named-stat", stat=STAT, doc="the stat that decides this turn becomes this stat")
def change_named_stat(game: Ryomen, ctx: Ctx, stat: str) -> None:
    E.change_named(game, ctx, CODE[stat])


@TABLE.op("put-stat-chip", chip=ChipId(), target=Enum(values=("self", "opponent", "own-hand")),
          doc="put one stat chip of this kind from the supply on the target physical card")
def put_stat_chip(game: Ryomen, ctx: Ctx, chip: str, target: str) -> Asking:
    yield from E.put_chip(game, ctx, chip, target)


@TABLE.op("swap-point-chip", position=Int(min=2, max=9),
          doc="exchange the first point chip in play with the N-th one in play")
def swap_point_chip(game: Ryomen, ctx: Ctx, position: int) -> None:
    E.swap_points(game, ctx, position)


_ELSE: dict[str, Any] = {"else": Ops().optional(())}  # (a keyword Python reserves; Any: ** into TABLE.op)


@TABLE.op("if", condition=CONDITION, then=Ops(), **_ELSE,
          doc="run 'then' when the condition holds for the owner, else 'else'")
def if_(game: Ryomen, ctx: Ctx, condition: Mapping[str, str], then: tuple[CompiledOp, ...],
        else_: tuple[CompiledOp, ...]) -> Asking:
    ops = then if E.holds(game, ctx, condition) else else_
    if not ops:
        E.note(game, ctx, "no-effect", op="if")
        return
    yield from E.run_ops(game, ctx, ops)


