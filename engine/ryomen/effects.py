"""Ryomen effects: current stats, abilities, the 【バトル直前】 window, flips, chips — plain
functions over the game (:class:`~fuda.engine.ryomen.game.Ryomen`), which the turn in
:mod:`.game` and the ops of :mod:`.ops` call.

Stats follow the effect model of the card schema: printed stats of the face up, then the stat
chips on the physical card in the order placed, then this turn's stat effects in the order they
resolved, clamping to 1–9 after every step (RY-STAT-1). ``named`` effects are kept symbolic and
read against the stat that decides the turn whenever a value is read.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fuda.engine.core import CompiledOp, Decision, Option

if TYPE_CHECKING:
    from fuda.engine.ryomen.cards import Ability, FaceDef
    from fuda.engine.ryomen.game import Ryomen
    from fuda.engine.ryomen.state import Effect

#: The three stats, by code (and in Japanese).
STATS = ("power", "speed", "brain")
STAT_JA = ("パワー", "スピード", "ブレイン")
#: Stat codes: the three stats, then ``all`` and ``named``.
POWER, SPEED, BRAIN, ALL, NAMED = 0, 1, 2, 3, 4
CODE = {"power": POWER, "speed": SPEED, "brain": BRAIN, "all": ALL, "named": NAMED}
#: Stat effect kinds.
ADD, SET, SWAP = 0, 1, 2
#: An ability's day/night condition (``Ability.cond``).
ANY, DAY, NIGHT = 0, 1, 2
YES = (Option("yes", "する"), Option("no", "しない"))
#: A two-player plain step (see :func:`.two.plain_two`): (function, args), or (None, (own, effect)).
Step = tuple[Callable[..., None] | None, tuple[Any, ...]]
#: What a rule that may ask is: a generator of decisions that gets the picks back.
Asking = Generator[Decision, tuple[str, ...], None]


class Ask(Decision):
    """The :class:`Decision` ryomen asks (a plain subclass: the core answers forced ones and
    checks picks exactly as for a Decision)."""

    __slots__ = ()


class Ctx:
    """The context of an ability: owner, its card (battle or result card), face, timing, and
    whether it is an 【反転時】 ability (whose flips never trigger another)."""

    __slots__ = ("card", "face", "in_flip", "player", "when")

    def __init__(self, player: int, card: int, face: FaceDef, when: str, in_flip: bool):
        self.player = player
        self.card = card
        self.face = face
        self.when = when
        self.in_flip = in_flip


def ctx_of(ab: Ability, p: int, c: int, face: FaceDef, when: str, in_flip: bool) -> Ctx:
    """The Ctx of ability ``ab`` of ``face`` (its owner p, card c): made once, then kept on the
    ability (a Ctx is never changed, and building one costs more than looking it up)."""
    key = (p, c, when, in_flip)
    ctx = ab.ctxs.get(key)
    if ctx is None:
        ctx = ab.ctxs[key] = Ctx(p, c, face, when, in_flip)
    return ctx


def _clamp(v: int) -> int:
    return 1 if v < 1 else 9 if v > 9 else v


# -- stats (RY-CARD-1, RY-STAT-1) -------------------------------------------------------------
def stats(g: Ryomen, p: int) -> tuple[int, int, int]:
    """The current (power, speed, brain) of p's battle card."""
    c = g.battle[p]
    chips = g.chips[c]
    effects = g.effects[p]
    if not chips:
        if not effects:
            return g.faces[c][g.up[c]].stats
        a, b, d = g.faces[c][g.up[c]].stats
    else:
        a, b, d = card_stats(g, c)
    # the steps of RY-STAT-1 on three locals (a, b, d: power, speed, brain), clamped to 1–9
    named = g.named
    for kind, code, x in effects:
        if code == NAMED:
            if named < 0:
                continue  # nothing named yet: a named effect changes nothing
            code = named
        if kind == ADD:
            if code == 0 or code == ALL:
                a += x
                a = 1 if a < 1 else 9 if a > 9 else a
            if code == 1 or code == ALL:
                b += x
                b = 1 if b < 1 else 9 if b > 9 else b
            if code == 2 or code == ALL:
                d += x
                d = 1 if d < 1 else 9 if d > 9 else d
        elif kind == SET:
            if code == ALL:
                a = b = d = x
            elif code == 0:
                a = x
            elif code == 1:
                b = x
            else:
                d = x
        else:  # SWAP: code and x are two stats
            v = [a, b, d]
            v[code], v[x] = v[x], v[code]
            a, b, d = v
    return (a, b, d)


def value(g: Ryomen, p: int, s: int) -> int:
    """The current value of stat s (0–2) of p's battle card."""
    c = g.battle[p]
    if not g.effects[p] and not g.chips[c]:
        return g.faces[c][g.up[c]].stats[s]
    return stats(g, p)[s]


def card_stats(g: Ryomen, c: int) -> tuple[int, int, int]:
    """The stats of card c in any zone: its face up and its chips (no turn effects)."""
    chips = g.chips[c]
    if not chips:
        return g.faces[c][g.up[c]].stats
    v = list(g.faces[c][g.up[c]].stats)
    for code, delta, _chip in chips:
        if code == ALL:
            v = [_clamp(x + delta) for x in v]
        else:
            v[code] = _clamp(v[code] + delta)
    return (v[0], v[1], v[2])


# -- abilities -----------------------------------------------------------------------------
def resolve(g: Ryomen, p: int, c: int, face: FaceDef, abilities: Sequence[Ability], when: str, in_flip: bool) -> Asking:
    """Resolve abilities of one face in printed order; a day/night condition is checked as
    each would resolve (RY-CARD-2)."""
    push = g.log.push
    for ab in abilities:
        if ab.cond and (ab.cond == NIGHT) != g.night:
            continue
        push(("ability", p, ("card", "when", "index"), face.id, when, ab.index))
        ctx = ctx_of(ab, p, c, face, when, in_flip)
        for op in ab.ops:
            if op.gen:
                yield from op.fn(g, ctx, **op.args)
            else:
                op.fn(g, ctx, **op.args)


def run_ops(g: Ryomen, ctx: Ctx, ops: Sequence[CompiledOp]) -> Asking:
    """Run compiled ops in order (the body of ``if``)."""
    for op in ops:
        if op.gen:
            yield from op.fn(g, ctx, **op.args)
        else:
            op.fn(g, ctx, **op.args)


def window(g: Ryomen, number: int, only: Sequence[int] | None = None) -> Asking:
    """A 【バトル直前】 window (RY-RECV-2, RY-REV-3, RY-MULTI-3): each battle card in turn from
    the leader counter-clockwise resolves the abilities of the face up when its turn begins;
    a card flipped during its own turn skips the rest of it. ``only``: the seats whose cards
    take part (the reverse phase's window: the cards it turned over, RY-REV-3)."""
    battle, faces, up, flips, push = g.battle, g.faces, g.up, g.flips, g.log.push
    for p in g.orders[g.server]:
        if only is not None and p not in only:
            continue
        c = battle[p]
        face = faces[c][up[c]]
        if not face.before:
            continue
        start = flips[c]
        for ab in face.before:
            if flips[c] != start:
                break
            if ab.cond and (ab.cond == NIGHT) != g.night:
                continue
            push(("ability", p, ("card", "when", "index", "window"), face.id, "before-battle", ab.index, number))
            ctx = ctx_of(ab, p, c, face, "before-battle", False)
            for op in ab.ops:
                if flips[c] != start:
                    break
                if op.gen:
                    yield from op.fn(g, ctx, **op.args)
                else:
                    op.fn(g, ctx, **op.args)


def holds(g: Ryomen, ctx: Ctx, condition: Mapping[str, str]) -> bool:
    """A card condition seen from the ability's owner (all keys must hold)."""
    role = condition.get("role")
    return role is None or (ctx.player == g.server) == (role == "server")


def note(g: Ryomen, ctx: Ctx, kind: str, **data: object) -> None:
    """Log a rules note (e.g. an op with nothing to act on)."""
    g.log.add(kind, ctx.player, card=ctx.face.id, **data)


# -- stat effects (effect model 1–5) ---------------------------------------------------------
def stat_effect(g: Ryomen, ctx: Ctx, q: int, effect: Effect) -> None:
    """Add a stat effect to q's battle card, or keep it waiting for the card q puts in."""
    if g.battle[q] < 0:
        g.waiting[q].append(effect)
        g.log.push(("waiting", q, ("by", "card", "effect"), ctx.player, ctx.face.id, effect))
        return
    g.effects[q].append(effect)
    g.log.push(("stat", q, ("by", "card", "effect", "now"), ctx.player, ctx.face.id, effect, stats(g, q)))


def forbid(g: Ryomen, ctx: Ctx, code: int) -> None:
    """forbid-stat: the server, if an opponent of the owner, cannot name ``code`` this turn."""
    if ctx.player == g.server or g.named >= 0 or g.server not in g.opponents[ctx.player]:
        note(g, ctx, "no-effect", op="forbid-stat")
        return
    g.forbidden |= 1 << code
    g.log.push(("forbid", ctx.player, ("card", "stat"), ctx.face.id, code))


def change_named(g: Ryomen, ctx: Ctx, code: int) -> None:
    """change-named-stat: the stat deciding this turn becomes ``code`` (once one is named)."""
    if g.named < 0:
        note(g, ctx, "no-effect", op="change-named-stat")
        return
    g.named = code
    g.log.push(("named-changed", ctx.player, ("card", "stat"), ctx.face.id, code))


# -- flips -----------------------------------------------------------------------------------
def flip_battle(g: Ryomen, q: int, ctx: Ctx) -> Asking:
    """Flip q's battle card: its stat effects are cleared, chips stay, and unless an 【反転時】
    ability made the flip the new face's 【反転時】 abilities resolve at once."""
    face = flip_battle_card(g, q, ctx)
    if face is not None and not ctx.in_flip and face.on_flip:
        yield from resolve(g, q, g.battle[q], face, face.on_flip, "on-flip", True)


def flip_battle_card(g: Ryomen, q: int, ctx: Ctx) -> FaceDef | None:
    """The flip of :meth:`flip_battle` without its trigger; the new face (None: no card)."""
    c = g.battle[q]
    if c < 0:
        note(g, ctx, "no-effect", op="flip")
        return None
    g.up[c] ^= 1
    g.flips[c] += 1
    g.effects[q] = []
    g.log.push(("flip", q, ("card", "why", "by", "now"), g.cid(c), "effect", ctx.player, card_stats(g, c)))
    return g.faces[c][g.up[c]]


def flip_day_night(g: Ryomen, p: int | None, why: str) -> None:
    """Turn the day/night chip over (RY-REV-2); it stays so for the following turns."""
    g.night = not g.night
    g.log.push(("day-night", p, ("night", "why"), g.night, why))


def flip_own_hand(g: Ryomen, ctx: Ctx, count: int, optional: bool) -> Asking:
    """The owner flips up to/exactly ``count`` of their hand cards; nothing triggers."""
    p = ctx.player
    hopts = g.hopts[p]
    if not hopts:
        note(g, ctx, "no-effect", op="flip")
        return
    k = min(count, len(hopts))
    picks = yield Ask(p, "flip-hand", tuple(hopts), "RY-CARD-2",
                      f"{ctx.face.name}: ハンドのカードを{k}枚{'まで' if optional else ''}裏返す",
                      0 if optional else k, k)
    if not picks:
        g.log.push(("hand-flip", p, ("card", "now", "by"), None, None, ctx.face.id))
    for pick in picks:
        g.log.push(("hand-flip", p, ("card", "now", "by"),
                       pick, g.turn_hand_card(p, g.index[p][pick]), ctx.face.id))


def ask_yes(g: Ryomen, ctx: Ctx, kind: str, what: str) -> Generator[Decision, tuple[str, ...], bool]:
    """An optional effect (…してもよい): the owner says yes or no."""
    picks = yield Ask(ctx.player, "optional", YES, "RY-CARD-2", f"{ctx.face.name}: {kind} {what}")
    return picks[0] == "yes"


def choose_opponent(g: Ryomen, ctx: Ctx) -> Generator[Decision, tuple[str, ...], int]:
    """With 3–4 players, the owner picks the opponent whose battle card an effect aims at."""
    opponents = g.opponents[ctx.player]
    if len(opponents) == 1:
        return opponents[0]
    options = tuple(Option(f"p{q + 1}", f"P{q + 1}", q) for q in opponents)
    picks = yield Ask(ctx.player, "target", options, "RY-MULTI-1", f"{ctx.face.name}: 対象の相手")
    return int(picks[0][1:]) - 1


# -- chips -----------------------------------------------------------------------------------
def put_chip(g: Ryomen, ctx: Ctx, chip: str, target: str) -> Asking:
    """put-stat-chip: one chip from the supply onto the target physical card."""
    p = ctx.player
    if g.supply[chip] <= 0:
        note(g, ctx, "no-effect", op="put-stat-chip", why="supply")
        return
    if target == "own-hand":
        hopts = g.hopts[p]
        if not hopts:
            note(g, ctx, "no-effect", op="put-stat-chip", why="no-card")
            return
        picks = yield Ask(p, "chip-target", tuple(hopts), "RY-STAT-1",
                          f"{ctx.face.name}: {g.pool.stat_chips[chip][3]}を置くカード")
        c = g.index[p][picks[0]]
    else:
        q = p if target == "g" else (1 - p if g.n == 2 else (yield from choose_opponent(g, ctx)))
        c = g.battle[q]
        if c < 0:
            note(g, ctx, "no-effect", op="put-stat-chip", why="no-card")
            return
    lay_chip(g, c, chip)
    g.log.push(("chip", p, ("card", "chip", "by", "now"), g.cid(c), chip, ctx.face.id, card_stats(g, c)))


def put_chip_on(g: Ryomen, ctx: Ctx, chip: str, q: int) -> None:
    """put-stat-chip on q's battle card (:meth:`put_chip` once the target player is known)."""
    if g.supply[chip] <= 0:
        note(g, ctx, "no-effect", op="put-stat-chip", why="supply")
        return
    c = g.battle[q]
    if c < 0:
        note(g, ctx, "no-effect", op="put-stat-chip", why="no-card")
        return
    lay_chip(g, c, chip)
    g.log.push(("chip", ctx.player, ("card", "chip", "by", "now"), g.cid(c), chip, ctx.face.id,
                   card_stats(g, c)))


def lay_chip(g: Ryomen, c: int, chip: str) -> None:
    code, delta, _count, _name = g.pool.stat_chips[chip]
    if g.supply[chip] <= 0:
        raise ValueError(f"the supply has no {chip} chip left")
    g.supply[chip] -= 1
    g.chips[c] = (g.chips[c] or ()) + ((code, delta, chip),)


def swap_points(g: Ryomen, ctx: Ctx, position: int) -> None:
    """swap-point-chip: the first point chip in play and the N-th in play change places."""
    points = g.points
    if len(points) < position:
        note(g, ctx, "no-effect", op="swap-point-chip")
        return
    points[0], points[position - 1] = points[position - 1], points[0]
    g.log.push(("swap-points", ctx.player, ("card", "position", "points"), ctx.face.id, position, list(points)))




__all__ = ["Ask", "Ctx", "card_stats", "resolve", "stats", "value", "window"]
