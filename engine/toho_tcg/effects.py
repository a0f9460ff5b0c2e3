"""Resolving the stack and the game actions ops ask for: rules over a game's :class:`~.state.TTState`.

The top item resolves: a quick does its effect and waits in its player's assister zone until
the end phase (TT-SPELL-2); an assister enters the assister zone (TT-SPELL-3); an equip is
attached (TT-SPELL-4); an ability does its effect. An effect whose every chosen target has become
illegal does nothing (a fizzled equip goes to the trash). After each resolution the game checks
lethal damage and criticals, and outside a fight damage wears off (TT-BAT-7).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fuda.engine.core import Decision, GameOver, Option, Termination
from fuda.engine.core.registry import CompiledOp
from fuda.engine.toho_tcg.field import (
    Filter,
    draw,
    fire,
    matches,
    settle,
    shuffle_deck,
    to_trash,
    trash_cards,
)
from fuda.engine.toho_tcg.stack import Ctx, attach_targets, legal, slots
from fuda.engine.toho_tcg.state import Item, Steps, TTGame
from fuda.engine.toho_tcg.vocabulary import CHOSEN

KIND_MATCH = {
    "any": None, "character": ("character",), "spell": ("quick", "assister", "equip"),
    "quick": ("quick",), "assister": ("assister",), "equip": ("equip",), "world": ("world",),
}


def resolve_top(g: TTGame) -> Steps[None]:
    """Resolve the top of the stack (last in, first out)."""
    s = g.state
    oid = g.static.oid
    item = s.stack.pop()
    p, c, kind = item.player, item.card, item.kind
    ctx = Ctx(p, c, kind, item.targets, item)
    g.log.add("resolve", p, card=oid[c], kind=kind, sid=item.sid)
    if kind == "equip":
        h = item.targets.get("attach", -1)
        if isinstance(h, int) and h >= 0 and h in attach_targets(g, p, c):
            s.zone[c], s.ctrl[c] = "equip", p
            s.equip[h], s.host[c] = c, h
            s.dirty = True
            g.log.add("attach", p, card=oid[c], to=oid[h])
            fire(g, "on-enter", c, p)
        else:
            g.log.add("fizzle", p, card=oid[c], sid=item.sid)
            to_trash(g, c, "fizzle")
    else:
        chosen = slots(g, item.ability)
        if chosen and not any(legal(g, p, c, kind, op, t) for op in chosen
                              if (t := item.targets.get(id(op))) is not None):
            g.log.add("fizzle", p, card=oid[c], sid=item.sid)
        elif item.ability is not None:
            spell = kind in ("quick", "assister")
            if spell:
                s.limbo.append(c)  # resolving: off the stack, not yet in its zone
            yield from run_ops(g, ctx, item.ability.ops or ())  # a game that ends here leaves it in limbo
            if spell:
                s.limbo.remove(c)
        if kind == "quick":
            s.zone[c], s.ctrl[c] = "waiting", p
            s.waiting[p].append(c)
        elif kind == "assister":
            s.zone[c], s.ctrl[c] = "assister", p
            s.assisters[p].append(c)
            if p == s.active:
                s.new_assisters.append(c)
            s.dirty = True
            fire(g, "on-enter", c, p)
    settle(g)


def run_ops(g: TTGame, ctx: Ctx, ops: Sequence[CompiledOp]) -> Steps[None]:
    """Run compiled ops in order (each op is a function of :mod:`.ops`)."""
    for op in ops:
        ctx.op = op
        if op.gen:
            yield from op.fn(g, ctx, **op.args)
        else:
            op.fn(g, ctx, **op.args)


def op_targets(g: TTGame, ctx: Ctx, target: str, filt: Filter) -> list[int]:
    """The cards an op acts on: its chosen target if still legal, or every match."""
    s = g.state
    if target in CHOSEN:
        op = ctx.op
        c = ctx.targets.get(id(op))
        if c is None or op is None or not legal(g, ctx.player, ctx.card, ctx.kind, op, c):
            return []
        assert isinstance(c, int)  # a chosen card (a stack entry is a counter's, never an op target)
        return [c]
    if target == "this":
        return [ctx.card] if s.zone[ctx.card] == "char" else []
    if target == "equipped":
        h = s.host[ctx.card]
        return [h] if h >= 0 else []
    p = ctx.player
    pool = s.chars[p] if target == "all-own-characters" else s.chars[1 - p] \
        if target == "all-opponent-characters" else s.chars[0] + s.chars[1]
    return [c for c in pool if matches(g, c, filt)]


def counter(g: TTGame, ctx: Ctx, item: Item) -> None:
    """Counter a spell or ability still on the stack: a spell goes to its owner's trash
    (its cost stays paid and it still counts toward the limit)."""
    s = g.state
    if item not in s.stack:
        return
    s.stack.remove(item)
    oid = g.static.oid
    g.log.add("counter", ctx.player, card=oid[ctx.card], target=oid[item.card], kind=item.kind, sid=item.sid)
    if item.kind in ("quick", "assister", "equip"):
        to_trash(g, item.card, "countered")


def holds(g: TTGame, p: int, condition: Mapping[str, Any]) -> bool:
    """A card condition, seen from p (every key must hold)."""
    s = g.state
    t = condition.get("controls-type")
    defs = g.static.defs
    if t is not None and not any(t in defs[c].types for c in s.chars[p]):
        return False
    n = condition.get("hand-at-most")
    return n is None or len(s.hand[p]) <= n


def kind_ok(g: TTGame, c: int, kind: str, ctype: str | None) -> bool:
    """Whether card c matches a recover/search kind and type."""
    d = g.static.defs[c]
    want = KIND_MATCH[kind]
    if want is not None and d.kind not in want:
        return False
    return ctype is None or ctype in d.types


def pick_cards(g: TTGame, p: int, cards: list[int], lo: int, hi: int, kind: str, rule: str,
               prompt: str) -> Steps[list[int]]:
    """Let p pick between lo and hi of ``cards`` (options ``card:<oid>``); returns card numbers."""
    if hi <= 0 or not cards:
        return []
    if lo >= len(cards):
        return list(cards)
    refs, oid, defs = g.static.refs, g.static.oid, g.static.defs
    options = tuple(Option(f"card:{oid[c]}", defs[c].name, refs[c]) for c in cards)
    picks = yield Decision(p, kind, options, rule, prompt, min=lo, max=min(hi, len(cards)))
    by = {o.id: o.value for o in options}
    out = [by[x] for x in picks]
    return [c for c in out if isinstance(c, int)]


def trash_from_hand(g: TTGame, p: int, count: int, why: str, rule: str) -> Steps[None]:
    """p chooses ``count`` hand cards (all if fewer) and trashes them."""
    hand = g.state.hand[p]
    n = min(count, len(hand))
    cards = yield from pick_cards(g, p, hand, n, n, "hand-trash", rule, f"手札を{n}枚トラッシュ")
    trash_cards(g, p, cards, why)


def damage_player(g: TTGame, p: int, amount: int, source: int, combat: bool) -> Steps[None]:
    """Damage to a player: draw that many, then trash that many from the hand (TT-BAT-4)."""
    g.log.add("player-damage", p, amount=amount, source=g.static.oid[source] if source >= 0 else None,
              combat=combat)
    draw(g, p, amount, "damage")
    yield from trash_from_hand(g, p, amount, "damage", "TT-BAT-4")


def recover(g: TTGame, p: int, kind: str, ctype: str | None, count: int, source: int) -> Steps[None]:
    """Take ``count`` matching cards of p's trash into the hand, all there are when fewer (op
    recover): the text 「…手札に加える。」 has no 「できる」 or 「まで」, so it is not optional."""
    s = g.state
    defs = g.static.defs
    seen: list[str] = []
    cards: list[int] = []
    for c in s.trash[p]:  # copies are alike: one option per card id when taking one
        if kind_ok(g, c, kind, ctype) and (count > 1 or defs[c].id not in seen):
            seen.append(defs[c].id)
            cards.append(c)
    n = min(count, len(cards))
    got = yield from pick_cards(g, p, cards, n, n, "recover", "TT-TERM-1", "トラッシュから手札に加える")
    for c in got:
        s.trash[p].remove(c)
        s.zone[c] = "hand"
        s.hand[p].append(c)
        s.seen_in_hand[p].add(c)  # taken from the open trash
    oid = g.static.oid
    g.log.add("recover", p, cards=[oid[c] for c in got], source=oid[source])


def search(g: TTGame, p: int, kind: str, ctype: str | None, count: int, source: int) -> Steps[None]:
    """Take ``count`` matching cards of p's deck into the hand, all there are when fewer (not
    optional, as recover), then shuffle (op search); a deck that reaches 0 cards loses (TT-WIN-1)."""
    s = g.state
    defs = g.static.defs
    seen: list[str] = []
    cards: list[int] = []
    for c in reversed(s.deck[p]):
        if kind_ok(g, c, kind, ctype) and (count > 1 or defs[c].id not in seen):
            seen.append(defs[c].id)
            cards.append(c)
    n = min(count, len(cards))
    got = yield from pick_cards(g, p, cards, n, n, "search", "TT-TERM-1", "デッキから手札に加える")
    for c in got:
        s.deck[p].remove(c)
        s.zone[c] = "hand"
        s.hand[p].append(c)
    oid = g.static.oid
    g.log.add("search", p, cards=[oid[c] for c in got], source=oid[source])
    shuffle_deck(g, p)
    if not s.deck[p]:
        raise GameOver(1 - p, f"P{p + 1}'s deck reached 0 cards (TT-WIN-1)", Termination.DECK_OUT,
                       f"P{p + 1}のデッキが0枚になった")
