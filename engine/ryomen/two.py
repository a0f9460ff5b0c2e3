"""The two-player fast path of ryomen: the turn with its seat loops unrolled (:func:`play_two`)
and abilities whose ops can never ask run as plain calls (:func:`plain_two`, :func:`resolve_plain`,
:func:`window_plain`).

It is a second, hand-inlined copy of the rules of :meth:`~.game.Ryomen._play` and
:func:`~.effects.resolve` / :func:`~.effects.window`, kept (issue #37) because the speed goal
needs it: without it a random two-player playout costs 1,056,127 instructions against 831,517
with it (``python tests/bench/instructions.py ryomen``), 0.79× the games per second, under the
0.8× floor and the benchmark's 3,000 games/s. Every simulation plays two players, so every
playout takes this path. ``tests/ryomen/test_ry_seats.py`` checks that both paths give the same
full log over 500 seeded two-player games (random, greedy and mixed agents, every pairing).

With two players most ops can never ask a question (the opponent is the other seat), so the
generator machinery (one generator per op, one more per ``yield from`` level) is pure cost.
:func:`plain_two` compiles such an op list into (function, args) steps run with plain calls
(``fn(game, ctx, *args)``; a stat effect is the step ``(None, (own, effect))``, which the engine
applies inline to the owner's battle card when ``own``, else the opponent's); it returns None when
any op may ask or trigger (own-hand flips and chips, optional or battle flips, ``if``), and the
engine then takes the general path. Each step does exactly what its op does in a two-player game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from fuda.engine.core import CompiledOp, one_of
from fuda.engine.ryomen import effects as E
from fuda.engine.ryomen.decisions import LOSER_PROMPT, NAME_DECISIONS, PASS, RECEIVE_PROMPT, SERVE_PROMPT, STAT_CODE
from fuda.engine.ryomen.effects import (
    ADD,
    CODE,
    NAMED,
    NIGHT,
    SET,
    STATS,
    SWAP,
    Ask,
    Asking,
    Ctx,
    Step,
    card_stats,
    ctx_of,
    note,
    resolve,
    stat_effect,
    stats,
    value,
    window,
)

if TYPE_CHECKING:
    from fuda.engine.ryomen.cards import Ability, FaceDef
    from fuda.engine.ryomen.game import Ryomen


def play_two(g: Ryomen) -> Asking:
    """:meth:`fuda.engine.ryomen.game.Ryomen._play` for two players, the case every simulation plays: the same phases with
    the seat loops unrolled (the receiver is the server's opponent, the loser the winner's)."""
    if g.position is None:
        yield from g._set_up()
    else:
        g._place(g.position)
    faces, up, battle, push = g.faces, g.up, g.battle, g.log.push
    hand, hopts_all, index, waiting = g.hand, g.hopts, g.index, g.waiting
    result, flips, effects, chips = g.result, g.flips, g.effects, g.chips
    points, won, facedown, orders = g.points, g.won, g.facedown, g.orders
    turns, opts = g.turns, g.opts
    keep0, keep1 = result[0].append, result[1].append  # (the result zones are never replaced)
    tops_act: bool | tuple[Ability, ...] = True  # a top result card may have 【リザルト時】 abilities (False: known that neither has)
    for turn in range(g.turn + 1, turns + 1):
        g.turn = turn
        s = g.server
        o = 1 - s
        order = orders[s]
        push(("turn", s, ("turn", "night", "points"), turn, g.night, list(points)))
        # 1: serve phase (RY-SERVE-1)
        hopts = hopts_all[s]
        if len(hopts) == 1:
            i = 0
        else:
            picks = yield one_of(Ask, s, "serve", tuple(hopts), "RY-SERVE-1", SERVE_PROMPT)
            i = hand[s].index(index[s][picks[0]])
        if waiting[s]:
            c = g.put_card(s, i, "serve")
        else:  # put_card without waiting effects
            c = battle[s] = hand[s].pop(i)
            if chips[c] is None:
                push(("play", s, ("card", "role"), hopts.pop(i).id, "serve"))
            else:  # with chips: the stats as the card lies (the log line shows them)
                push(("play", s, ("card", "role", "now"), hopts.pop(i).id, "serve", card_stats(g, c)))
        face = faces[c][up[c]]
        if face.on_play:  # RY-SERVE-2: before the stat is named
            if face.on_play2:
                resolve_plain(g, s, c, face, face.on_play, "on-play", False)
            else:
                yield from resolve(g, s, c, face, face.on_play, "on-play", False)
        if tops_act:
            for p in order:  # RY-SERVE-3: the top result cards, the server's first
                if result[p]:
                    top = result[p][-1]
                    face = faces[top][up[top]]
                    if face.from_result:
                        if face.from_result2:
                            resolve_plain(g, p, top, face, face.from_result, "from-result", False)
                        else:
                            yield from resolve(g, p, top, face, face.from_result, "from-result", False)
        picks = yield NAME_DECISIONS[s][g.forbidden]
        stat = picks[0]
        g.named = STAT_CODE[stat]
        push(("name", s, ("stat",), stat))
        # 2: receive phase (RY-RECV-1)
        hopts = hopts_all[o]
        if len(hopts) == 1:
            i = 0
        else:
            picks = yield one_of(Ask, o, "receive", tuple(hopts), "RY-RECV-1", RECEIVE_PROMPT)
            i = hand[o].index(index[o][picks[0]])
        if waiting[o]:
            c = g.put_card(o, i, "receive")
        else:
            c = battle[o] = hand[o].pop(i)
            if chips[c] is None:
                push(("play", o, ("card", "role"), hopts.pop(i).id, "receive"))
            else:
                push(("play", o, ("card", "role", "now"), hopts.pop(i).id, "receive", card_stats(g, c)))
        face = faces[c][up[c]]
        if face.on_play:
            if face.on_play2:
                resolve_plain(g, o, c, face, face.on_play, "on-play", False)
            else:
                yield from resolve(g, o, c, face, face.on_play, "on-play", False)
        # RY-RECV-2: a window when a battle card has 【バトル直前】
        c0, c1 = battle
        f0, f1 = faces[c0][up[c0]], faces[c1][up[c1]]
        k0 = k1 = None  # the stats window_plain knows (None: not known)
        if f0.window2 or f1.window2:
            if f0.window2 < 2 and f1.window2 < 2:  # (flips no battle card: f0 and f1 stay the faces up)
                k0, k1 = window_plain(g, 1)
            else:
                yield from window(g, 1)
                f0, f1 = faces[c0][up[c0]], faces[c1][up[c1]]
        # 3: battle phase 1 (RY-B1-1/2)
        named = g.named  # (a window may have changed the stat)
        a = k0[named] if k0 is not None else stats(g, 0)[named] if effects[0] or chips[c0] else f0.stats[named]
        b = k1[named] if k1 is not None else stats(g, 1)[named] if effects[1] or chips[c1] else f1.stats[named]
        push(("battle", None, ("phase", "stat", "values"), 1, STATS[named], [a, b]))
        if a != b:
            winner = 0 if a > b else 1
        else:
            # 4: reverse phase (RY-REV-1..3)
            marks = g._reverse_flips(order)
            for p in order:
                c = battle[p]
                if flips[c] == marks[p]:  # still the face the reverse phase turned up
                    face = faces[c][up[c]]
                    if face.on_flip:
                        if face.on_flip2:
                            resolve_plain(g, p, c, face, face.on_flip, "on-flip", True)
                        else:
                            yield from resolve(g, p, c, face, face.on_flip, "on-flip", True)
            f0, f1 = faces[c0][up[c0]], faces[c1][up[c1]]
            if f0.window2 or f1.window2:  # RY-REV-3
                if f0.window2 < 2 and f1.window2 < 2:
                    window_plain(g, 2)
                else:
                    yield from window(g, 2)
                    f0, f1 = faces[c0][up[c0]], faces[c1][up[c1]]
            # 5: battle phase 2 (RY-B2-1): a tie cancels both cards
            named = g.named  # (value(), inline)
            a = stats(g, 0)[named] if effects[0] or chips[c0] else f0.stats[named]
            b = stats(g, 1)[named] if effects[1] or chips[c1] else f1.stats[named]
            if a == b:
                winner = -1
                push(("battle", None, ("phase", "stat", "values", "cancelled", "winner"),
                      2, STATS[named], [a, b], list(orders[g.server]), -1))
            else:
                winner = 0 if a > b else 1
                push(("battle", None, ("phase", "stat", "values", "cancelled", "winner"),
                      2, STATS[named], [a, b], [], winner))
        # 6: after phase (RY-AFT-1..3): the point chip, then the battle cards to the result zones
        chip = points.pop(0)
        if winner >= 0:
            won[winner].append(chip)
            push(("point", winner, ("chip",), chip))
        else:
            facedown.append(chip)
            push(("cancellation", None, ("chip",), chip))
        keep0(c0)
        keep1(c1)
        tops_act = f0.from_result or f1.from_result  # (f0, f1: the faces up now; a result card never flips)
        battle[0] = battle[1] = -1
        if effects[0]:
            effects[0] = []
        if effects[1]:
            effects[1] = []
        # (no waiting effects to clear: only the receiver's can be waiting, and its put_card took them)
        g.named = -1
        g.forbidden = 0
        if turn < turns:  # 7: end phase (RY-AFT-4)
            if winner >= 0:
                p = 1 - winner  # RY-END-1: the loser may flip one hand card
                hopts = hopts_all[p]
                if hopts:
                    picks = yield one_of(Ask, p, "loser-reverse", (*hopts, PASS), "RY-END-1", LOSER_PROMPT)
                    pick = picks[0]
                    if pick == "pass":
                        push(("loser-reverse", p, ("card", "now"), None, None))
                    else:  # turn_hand_card, inline
                        c = index[p][pick]
                        u = up[c] = up[c] ^ 1
                        flips[c] += 1
                        option = hopts[hand[p].index(c)] = opts[c][u]
                        push(("loser-reverse", p, ("card", "now"), pick, option.id))
                g.server = winner  # RY-END-2
            else:
                push(("serve-again", s, ()))  # RY-END-3
    g._finish()


def resolve_plain(g: Ryomen, p: int, c: int, face: FaceDef, abilities: Sequence[Ability], when: str,
                  in_flip: bool) -> None:
    """:meth:`resolve` for abilities whose ops all have two-player plain steps (no generators;
    stat effects applied inline, exactly as :meth:`stat_effect`)."""
    push = g.log.push
    for ab in abilities:
        if ab.cond and (ab.cond == NIGHT) != g.night:
            continue
        push(("ability", p, ("card", "when", "index"), face.id, when, ab.index))
        ctx = None
        assert ab.plain is not None  # (called only when every ability of this timing has plain steps)
        for fn, args in ab.plain:
            if fn is None:
                q = p if args[0] else 1 - p
                effect = args[1]
                if g.battle[q] < 0:
                    g.waiting[q].append(effect)
                    push(("waiting", q, ("by", "card", "effect"), p, face.id, effect))
                else:
                    g.effects[q].append(effect)
                    push(("stat", q, ("by", "card", "effect", "now"), p, face.id, effect, stats(g, q)))
            else:
                if ctx is None:
                    ctx = ctx_of(ab, p, c, face, when, in_flip)
                fn(g, ctx, *args)


def run_plain(g: Ryomen, ctx: Ctx, steps: Sequence[Step]) -> None:
    """Run two-player plain steps (the body of a plain ``if``)."""
    for fn, args in steps:
        if fn is None:
            stat_effect(g, ctx, ctx.player if args[0] else 1 - ctx.player, args[1])
        else:
            fn(g, ctx, *args)


def window_plain(g: Ryomen, number: int) -> list[tuple[int, int, int] | None]:
    """:meth:`window` when every battle card's 【バトル直前】 abilities have plain steps (two
    players): no step flips a battle card, so no card's turn is cut short. Returns each
    seat's current stats as last logged when nothing changed them since (else None), so
    battle phase 1 need not compute them again."""
    battle, faces, up, effects, push = g.battle, g.faces, g.up, g.effects, g.log.push
    known: list[tuple[int, int, int] | None] = [None, None]
    for p in g.orders[g.server]:
        c = battle[p]
        face = faces[c][up[c]]
        for ab in face.before:
            if ab.cond and (ab.cond == NIGHT) != g.night:
                continue
            push(("ability", p, ("card", "when", "index", "window"), face.id, "before-battle", ab.index, number))
            ctx = None
            assert ab.plain is not None  # (window2 == 1: every 【バトル直前】 ability has plain steps)
            for fn, args in ab.plain:
                if fn is None:  # a stat effect: both battle cards are in
                    q = p if args[0] else 1 - p
                    effect = args[1]
                    effects[q].append(effect)
                    now = known[q] = stats(g, q)
                    push(("stat", q, ("by", "card", "effect", "now"), p, face.id, effect, now))
                elif fn is copy_two and (args[0] != NAMED or g.named >= 0):  # copy-stat, inline
                    code = args[0]
                    effect = (SET, code, value(g, 1 - p, g.named if code == NAMED else code))
                    effects[p].append(effect)
                    now = known[p] = stats(g, p)
                    push(("stat", p, ("by", "card", "effect", "now"), p, face.id, effect, now))
                else:  # another op (the stat named, a chip …) may change either card's stats
                    known[0] = known[1] = None
                    if ctx is None:
                        ctx = ctx_of(ab, p, c, face, "before-battle", False)
                    fn(g, ctx, *args)
    return known


def copy_two(g: Ryomen, ctx: Ctx, code: int) -> None:
    """copy-stat in a two-player game (a plain step of :func:`plain_two`; :func:`window_plain`
    runs it inline)."""
    q = 1 - ctx.player
    if g.battle[q] < 0 or (code == NAMED and g.named < 0):
        note(g, ctx, "no-effect", op="copy-stat", why="no-card" if g.battle[q] < 0 else "not-named")
        return
    v = value(g, q, g.named if code == NAMED else code)
    stat_effect(g, ctx, ctx.player, (SET, code, v))


# -- plain steps --------------------------------------------------------------------------------
def _day_night_two(game: Ryomen, ctx: Ctx) -> None:
    E.flip_day_night(game, ctx.player, "effect")


def _chip_two(game: Ryomen, ctx: Ctx, chip: str, own: bool) -> None:
    E.put_chip_on(game, ctx, chip, ctx.player if own else 1 - ctx.player)


def _flip_two(game: Ryomen, ctx: Ctx, own: bool) -> None:
    E.flip_battle_card(game, 1 - ctx.player if not own else ctx.player, ctx)  # in an 【反転時】 ability: no chain


def _if_two(game: Ryomen, ctx: Ctx, condition: Mapping[str, str], then: tuple[Step, ...], else_: tuple[Step, ...]) -> None:
    steps = then if E.holds(game, ctx, condition) else else_
    if not steps:
        E.note(game, ctx, "no-effect", op="if")
        return
    run_plain(game, ctx, steps)


def _plain_step(op: CompiledOp, when: str) -> Step | None:
    name, a = op.name, op.args
    if name == "modify-stat":
        return None, (a["target"] == "self", (ADD, CODE[a["stat"]], a["amount"]))
    if name == "set-stat":
        return None, (a["target"] == "self", (SET, CODE[a["stat"]], a["value"]))
    if name == "swap-stats":
        return None, (a["target"] == "self", (SWAP, CODE[a["stats"][0]], CODE[a["stats"][1]]))
    if name == "copy-stat":
        return copy_two, (CODE[a["stat"]],)
    if name == "flip" and a["target"] == "day-night" and not a["optional"]:
        return _day_night_two, ()
    if name == "flip" and a["target"] in ("self", "opponent") and not a["optional"] and when == "on-flip":
        return _flip_two, (a["target"] == "self",)
    if name == "if":
        then, else_ = plain_two(a["then"], when), plain_two(a["else_"], when)
        if then is None or else_ is None:
            return None
        return _if_two, (a["condition"], then, else_)
    if name == "put-stat-chip" and a["target"] != "own-hand":
        return _chip_two, (a["chip"], a["target"] == "self")
    if name == "forbid-stat":
        return E.forbid, (CODE[a["stat"]],)
    if name == "change-named-stat":
        return E.change_named, (CODE[a["stat"]],)
    if name == "swap-point-chip":
        return E.swap_points, (a["position"],)
    return None


def plain_two(ops: Sequence[CompiledOp], when: str) -> tuple[Step, ...] | None:
    """The two-player plain steps of ``ops`` of an ability of timing ``when`` (see above), or
    None when any op may ask or trigger."""
    steps = []
    for op in ops:
        step = _plain_step(op, when)
        if step is None:
            return None
        steps.append(step)
    return tuple(steps)
