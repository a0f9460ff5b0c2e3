"""Ryomen effects: current stats, abilities, the 【バトル直前】 window, flips, chips (a mixin of
:class:`~engine.ryomen.game.Ryomen`).

Stats follow the effect model of the card schema: printed stats of the face up, then the stat
chips on the physical card in the order placed, then this turn's stat effects in the order they
resolved, clamping to 1–9 after every step (RY-STAT-1). ``named`` effects are kept symbolic and
read against the stat that decides the turn whenever a value is read.
"""

from __future__ import annotations

from fuda.engine.core import Decision, Option
from fuda.engine.ryomen.cards import NIGHT
from fuda.engine.ryomen.ops import ADD, ALL, NAMED, SET, copy_two

YES = (Option("yes", "する"), Option("no", "しない"))


class Ask(Decision):
    """The :class:`Decision` ryomen asks (a plain subclass: the core answers forced ones and
    checks picks exactly as for a Decision)."""

    __slots__ = ()


class Ctx:
    """The context of an ability: owner, its card (battle or result card), face, timing, and
    whether it is an 【反転時】 ability (whose flips never trigger another)."""

    __slots__ = ("card", "face", "in_flip", "player", "when")

    def __init__(self, player: int, card: int, face, when: str, in_flip: bool):
        self.player = player
        self.card = card
        self.face = face
        self.when = when
        self.in_flip = in_flip


def ctx_of(ab, p: int, c: int, face, when: str, in_flip: bool) -> Ctx:
    """The Ctx of ability ``ab`` of ``face`` (its owner p, card c): made once, then kept on the
    ability (a Ctx is never changed, and building one costs more than looking it up)."""
    key = (p, c, when, in_flip)
    ctx = ab.ctxs.get(key)
    if ctx is None:
        ctx = ab.ctxs[key] = Ctx(p, c, face, when, in_flip)
    return ctx


def _clamp(v: int) -> int:
    return 1 if v < 1 else 9 if v > 9 else v


class EffectRules:
    """Abilities and effects; expects the state attributes of Ryomen."""

    # -- stats (RY-CARD-1, RY-STAT-1) -------------------------------------------------------------
    def stats(self, p: int) -> tuple[int, int, int]:
        """The current (power, speed, brain) of p's battle card."""
        c = self.battle[p]
        chips = self.chips[c]
        effects = self.effects[p]
        if not chips:
            if not effects:
                return self.faces[c][self.up[c]].stats
            a, b, d = self.faces[c][self.up[c]].stats
        else:
            a, b, d = self.card_stats(c)
        # the steps of RY-STAT-1 on three locals (a, b, d: power, speed, brain), clamped to 1–9
        named = self.named
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

    def value(self, p: int, s: int) -> int:
        """The current value of stat s (0–2) of p's battle card."""
        c = self.battle[p]
        if not self.effects[p] and not self.chips[c]:
            return self.faces[c][self.up[c]].stats[s]
        return self.stats(p)[s]

    def card_stats(self, c: int) -> tuple[int, int, int]:
        """The stats of card c in any zone: its face up and its chips (no turn effects)."""
        chips = self.chips[c]
        if not chips:
            return self.faces[c][self.up[c]].stats
        v = list(self.faces[c][self.up[c]].stats)
        for code, delta, _chip in chips:
            if code == ALL:
                v = [_clamp(x + delta) for x in v]
            else:
                v[code] = _clamp(v[code] + delta)
        return tuple(v)

    # -- abilities -----------------------------------------------------------------------------
    def resolve(self, p: int, c: int, face, abilities, when: str, in_flip: bool):
        """Resolve abilities of one face in printed order; a day/night condition is checked as
        each would resolve (RY-CARD-2)."""
        push = self.log.push
        for ab in abilities:
            if ab.cond and (ab.cond == NIGHT) != self.night:
                continue
            push(("ability", p, ("card", "when", "index"), face.id, when, ab.index))
            ctx = ctx_of(ab, p, c, face, when, in_flip)
            for op in ab.ops:
                if op.gen:
                    yield from op.fn(self, ctx, **op.args)
                else:
                    op.fn(self, ctx, **op.args)

    def resolve_plain(self, p: int, c: int, face, abilities, when: str, in_flip: bool) -> None:
        """:meth:`resolve` for abilities whose ops all have two-player plain steps (no generators;
        stat effects applied inline, exactly as :meth:`stat_effect`)."""
        push = self.log.push
        for ab in abilities:
            if ab.cond and (ab.cond == NIGHT) != self.night:
                continue
            push(("ability", p, ("card", "when", "index"), face.id, when, ab.index))
            ctx = None
            for fn, args in ab.plain:
                if fn is None:
                    q = p if args[0] else 1 - p
                    effect = args[1]
                    if self.battle[q] < 0:
                        self.waiting[q].append(effect)
                        push(("waiting", q, ("by", "card", "effect"), p, face.id, effect))
                    else:
                        self.effects[q].append(effect)
                        push(("stat", q, ("by", "card", "effect", "now"), p, face.id, effect, self.stats(q)))
                else:
                    if ctx is None:
                        ctx = ctx_of(ab, p, c, face, when, in_flip)
                    fn(self, ctx, *args)

    def run_plain(self, ctx: Ctx, steps) -> None:
        """Run two-player plain steps (the body of a plain ``if``)."""
        for fn, args in steps:
            if fn is None:
                self.stat_effect(ctx, ctx.player if args[0] else 1 - ctx.player, args[1])
            else:
                fn(self, ctx, *args)

    def run_ops(self, ctx: Ctx, ops):
        """Run compiled ops in order (the body of ``if``)."""
        for op in ops:
            if op.gen:
                yield from op.fn(self, ctx, **op.args)
            else:
                op.fn(self, ctx, **op.args)

    def window(self, number: int, only=None):
        """A 【バトル直前】 window (RY-RECV-2, RY-REV-3, RY-MULTI-3): each battle card in turn from
        the leader counter-clockwise resolves the abilities of the face up when its turn begins;
        a card flipped during its own turn skips the rest of it. ``only``: the seats whose cards
        take part (the reverse phase's window: the cards it turned over, RY-REV-3)."""
        battle, faces, up, flips, push = self.battle, self.faces, self.up, self.flips, self.log.push
        for p in self.orders[self.server]:
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
                if ab.cond and (ab.cond == NIGHT) != self.night:
                    continue
                push(("ability", p, ("card", "when", "index", "window"), face.id, "before-battle", ab.index, number))
                ctx = ctx_of(ab, p, c, face, "before-battle", False)
                for op in ab.ops:
                    if flips[c] != start:
                        break
                    if op.gen:
                        yield from op.fn(self, ctx, **op.args)
                    else:
                        op.fn(self, ctx, **op.args)

    def window_plain(self, number: int) -> list:
        """:meth:`window` when every battle card's 【バトル直前】 abilities have plain steps (two
        players): no step flips a battle card, so no card's turn is cut short. Returns each
        seat's current stats as last logged when nothing changed them since (else None), so
        battle phase 1 need not compute them again."""
        battle, faces, up, effects, push = self.battle, self.faces, self.up, self.effects, self.log.push
        known = [None, None]
        for p in self.orders[self.server]:
            c = battle[p]
            face = faces[c][up[c]]
            for ab in face.before:
                if ab.cond and (ab.cond == NIGHT) != self.night:
                    continue
                push(("ability", p, ("card", "when", "index", "window"), face.id, "before-battle", ab.index, number))
                ctx = None
                for fn, args in ab.plain:
                    if fn is None:  # a stat effect: both battle cards are in
                        q = p if args[0] else 1 - p
                        effect = args[1]
                        effects[q].append(effect)
                        now = known[q] = self.stats(q)
                        push(("stat", q, ("by", "card", "effect", "now"), p, face.id, effect, now))
                    elif fn is copy_two and (args[0] != NAMED or self.named >= 0):  # copy-stat, inline
                        code = args[0]
                        effect = (SET, code, self.value(1 - p, self.named if code == NAMED else code))
                        effects[p].append(effect)
                        now = known[p] = self.stats(p)
                        push(("stat", p, ("by", "card", "effect", "now"), p, face.id, effect, now))
                    else:  # another op (the stat named, a chip …) may change either card's stats
                        known[0] = known[1] = None
                        if ctx is None:
                            ctx = ctx_of(ab, p, c, face, "before-battle", False)
                        fn(self, ctx, *args)
        return known

    def holds(self, ctx: Ctx, condition) -> bool:
        """A card condition seen from the ability's owner (all keys must hold)."""
        role = condition.get("role")
        if role is not None and (ctx.player == self.server) != (role == "server"):
            return False
        return True

    def note(self, ctx: Ctx, kind: str, **data) -> None:
        """Log a rules note (e.g. an op with nothing to act on)."""
        self.log.add(kind, ctx.player, card=ctx.face.id, **data)

    # -- stat effects (effect model 1–5) ---------------------------------------------------------
    def stat_effect(self, ctx: Ctx, q: int, effect: tuple) -> None:
        """Add a stat effect to q's battle card, or keep it waiting for the card q puts in."""
        if self.battle[q] < 0:
            self.waiting[q].append(effect)
            self.log.push(("waiting", q, ("by", "card", "effect"), ctx.player, ctx.face.id, effect))
            return
        self.effects[q].append(effect)
        self.log.push(("stat", q, ("by", "card", "effect", "now"), ctx.player, ctx.face.id, effect, self.stats(q)))

    def forbid(self, ctx: Ctx, code: int) -> None:
        """forbid-stat: the server, if an opponent of the owner, cannot name ``code`` this turn."""
        if ctx.player == self.server or self.named >= 0 or self.server not in self.opponents[ctx.player]:
            self.note(ctx, "no-effect", op="forbid-stat")
            return
        self.forbidden |= 1 << code
        self.log.push(("forbid", ctx.player, ("card", "stat"), ctx.face.id, code))

    def change_named(self, ctx: Ctx, code: int) -> None:
        """change-named-stat: the stat deciding this turn becomes ``code`` (once one is named)."""
        if self.named < 0:
            self.note(ctx, "no-effect", op="change-named-stat")
            return
        self.named = code
        self.log.push(("named-changed", ctx.player, ("card", "stat"), ctx.face.id, code))

    # -- flips -----------------------------------------------------------------------------------
    def flip_battle(self, q: int, ctx: Ctx):
        """Flip q's battle card: its stat effects are cleared, chips stay, and unless an 【反転時】
        ability made the flip the new face's 【反転時】 abilities resolve at once."""
        face = self.flip_battle_card(q, ctx)
        if face is not None and not ctx.in_flip and face.on_flip:
            yield from self.resolve(q, self.battle[q], face, face.on_flip, "on-flip", True)

    def flip_battle_card(self, q: int, ctx: Ctx):
        """The flip of :meth:`flip_battle` without its trigger; the new face (None: no card)."""
        c = self.battle[q]
        if c < 0:
            self.note(ctx, "no-effect", op="flip")
            return None
        self.up[c] ^= 1
        self.flips[c] += 1
        self.effects[q] = []
        self.log.push(("flip", q, ("card", "why", "by", "now"), self.cid(c), "effect", ctx.player, self.card_stats(c)))
        return self.faces[c][self.up[c]]

    def flip_day_night(self, p, why: str) -> None:
        """Turn the day/night chip over (RY-REV-2); it stays so for the following turns."""
        self.night = not self.night
        self.log.push(("day-night", p, ("night", "why"), self.night, why))

    def flip_own_hand(self, ctx: Ctx, count: int, optional: bool):
        """The owner flips up to/exactly ``count`` of their hand cards; nothing triggers."""
        p = ctx.player
        hopts = self.hopts[p]
        if not hopts:
            self.note(ctx, "no-effect", op="flip")
            return
        k = min(count, len(hopts))
        picks = yield Ask(p, "flip-hand", tuple(hopts), "RY-CARD-2",
                          f"{ctx.face.name}: ハンドのカードを{k}枚{'まで' if optional else ''}裏返す",
                          0 if optional else k, k)
        if not picks:
            self.log.push(("hand-flip", p, ("card", "now", "by"), None, None, ctx.face.id))
        for pick in picks:
            self.log.push(("hand-flip", p, ("card", "now", "by"),
                           pick, self.turn_hand_card(p, self.index[p][pick]), ctx.face.id))

    def ask_yes(self, ctx: Ctx, kind: str, what: str):
        """An optional effect (…してもよい): the owner says yes or no."""
        picks = yield Ask(ctx.player, "optional", YES, "RY-CARD-2", f"{ctx.face.name}: {kind} {what}")
        return picks[0] == "yes"

    def choose_opponent(self, ctx: Ctx):
        """With 3–4 players, the owner picks the opponent whose battle card an effect aims at."""
        opponents = self.opponents[ctx.player]
        if len(opponents) == 1:
            return opponents[0]
        options = tuple(Option(f"p{q + 1}", f"P{q + 1}", q) for q in opponents)
        picks = yield Ask(ctx.player, "target", options, "RY-MULTI-1", f"{ctx.face.name}: 対象の相手")
        return int(picks[0][1:]) - 1

    # -- chips -----------------------------------------------------------------------------------
    def put_chip(self, ctx: Ctx, chip: str, target: str):
        """put-stat-chip: one chip from the supply onto the target physical card."""
        p = ctx.player
        if self.supply[chip] <= 0:
            self.note(ctx, "no-effect", op="put-stat-chip", why="supply")
            return
        if target == "own-hand":
            hopts = self.hopts[p]
            if not hopts:
                self.note(ctx, "no-effect", op="put-stat-chip", why="no-card")
                return
            picks = yield Ask(p, "chip-target", tuple(hopts), "RY-STAT-1",
                              f"{ctx.face.name}: {self.pool.stat_chips[chip][3]}を置くカード")
            c = self.index[p][picks[0]]
        else:
            q = p if target == "self" else (1 - p if self.n == 2 else (yield from self.choose_opponent(ctx)))
            c = self.battle[q]
            if c < 0:
                self.note(ctx, "no-effect", op="put-stat-chip", why="no-card")
                return
        self._lay_chip(c, chip)
        self.log.push(("chip", p, ("card", "chip", "by", "now"), self.cid(c), chip, ctx.face.id, self.card_stats(c)))

    def put_chip_on(self, ctx: Ctx, chip: str, q: int) -> None:
        """put-stat-chip on q's battle card (:meth:`put_chip` once the target player is known)."""
        if self.supply[chip] <= 0:
            self.note(ctx, "no-effect", op="put-stat-chip", why="supply")
            return
        c = self.battle[q]
        if c < 0:
            self.note(ctx, "no-effect", op="put-stat-chip", why="no-card")
            return
        self._lay_chip(c, chip)
        self.log.push(("chip", ctx.player, ("card", "chip", "by", "now"), self.cid(c), chip, ctx.face.id,
                       self.card_stats(c)))

    def _lay_chip(self, c: int, chip: str) -> None:
        code, delta, _count, _name = self.pool.stat_chips[chip]
        if self.supply[chip] <= 0:
            raise ValueError(f"the supply has no {chip} chip left")
        self.supply[chip] -= 1
        self.chips[c] = (self.chips[c] or ()) + ((code, delta, chip),)

    def swap_points(self, ctx: Ctx, position: int) -> None:
        """swap-point-chip: the first point chip in play and the N-th in play change places."""
        points = self.points
        if len(points) < position:
            self.note(ctx, "no-effect", op="swap-point-chip")
            return
        points[0], points[position - 1] = points[position - 1], points[0]
        self.log.push(("swap-points", ctx.player, ("card", "position", "points"), ctx.face.id, position, list(points)))


__all__ = ["Ask", "Ctx", "EffectRules"]
