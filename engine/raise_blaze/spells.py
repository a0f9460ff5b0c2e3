"""Spells, RB-SPL-1..4: rules over the game of :mod:`.state`.

The single spell zone: a spell is played face up from the hand (on top of a set spell or a
continuous spell) or set face down and opened later; a normal spell goes to the graveyard once
resolved, a continuous one stays (RB-SPL-3), an equip spell goes underneath its fighter
(RB-SPL-4). The non-turn player may open the set spell on top of their zone at every phase change
and after each action of the turn player (:func:`respond`); 【迎撃】 spells answer an attack's
declaration (:mod:`.battle`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fuda.engine.core import Decision, Option
from fuda.engine.raise_blaze import field
from fuda.engine.raise_blaze.effects import choose_field, run_ability
from fuda.engine.raise_blaze.state import Asks, Attack, Ctx, RBGame
from fuda.i18n import Text

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.cards import Ability

PASS = Option("pass", "何もしない")


def spell_block(g: RBGame, p: int, card: int, from_hand: bool, atk: Attack | None = None,
                intercept: bool = False) -> str | None:
    """Why p cannot activate ``card`` now (from the hand, or opened from face down), or None.
    ``atk``: the attack in progress; ``intercept``: this is the 【迎撃】 window of its declaration."""
    d = g.defs[card]
    if not d.playable and (not intercept or not d.on_intercept):
        return Text("why.rb.intercept_only", name=d.name)
    if from_hand and d.spell_type == "continuous":
        top = field.spell_top(g, p)
        if top >= 0 and g.face_up[top]:
            return Text("why.rb.continuous")
    if intercept and d.on_intercept:
        if any(field.holds(g, p, a.condition, atk) for a in d.on_intercept):
            return None
        if not d.playable:
            return Text("why.rb.intercept_condition", name=d.name)
    for a in d.on_activate:
        if not field.holds(g, p, a.condition, atk):
            return Text("why.rb.condition_of", name=d.name)
    if d.spell_type == "equip" and not equip_hosts(g, p, card):
        return Text("why.rb.no_equip", name=d.name)
    return None


def can_open(g: RBGame, p: int, card: int, atk: Attack | None, intercept: bool = False) -> bool:
    """Can p open their face-down top spell now (``intercept``: in the 【迎撃】 window of ``atk``)?"""
    return spell_block(g, p, card, False, atk, intercept) is None


def equip_hosts(g: RBGame, p: int, card: int) -> list[int]:
    """The fighters an equip spell of p may go underneath (its equip-to)."""
    d = g.defs[card]
    side, types = d.equip_side, d.equip_types
    out = []
    for q in ((p,) if side == "own" else (1 - p,) if side == "opponent" else (p, 1 - p)):
        for f in g.slots[q]:
            if f >= 0 and (not types or types.intersection(g.defs[f].types)):
                out.append(f)
    return out


def play_spell(g: RBGame, p: int, card: int, atk: Attack | None = None) -> Asks[None]:
    """Play a spell face up from the hand on top of the spell zone (RB-SPL-1..3)."""
    g.hand[p].remove(card)
    g.seen_in_hand[p].discard(card)
    g.spell[p].append(card)
    g.face_up[card] = True
    field.changed(g)
    g.push(("spell", p, ("card", "source"), g.oid[card], "hand"))
    yield from resolve_spell(g, p, card, atk)


def open_set_spell(g: RBGame, p: int, card: int, atk: Attack | None, intercept: bool = False) -> Asks[None]:
    """Turn the face-down top spell face up and resolve it (RB-SPL-1)."""
    g.face_up[card] = True
    field.changed(g)
    g.push(("spell", p, ("card", "source"), g.oid[card], "set"))
    yield from resolve_spell(g, p, card, atk, intercept)


def resolve_spell(g: RBGame, p: int, card: int, atk: Attack | None, intercept: bool = False) -> Asks[None]:
    """Resolve a spell on top of p's spell zone, then: normal → graveyard, continuous → stays
    (RB-SPL-3), equip → underneath its fighter (RB-SPL-4)."""
    d = g.defs[card]
    host = -1
    if d.spell_type == "equip":  # the fighter is chosen first
        (host,) = yield from choose_field(g, p, equip_hosts(g, p, card), 1, "equip", "RB-SPL-4",
                                          f"{d.name}を装着するファイター")
    ctx = Ctx(p, card, atk, host)
    abilities: Sequence[Ability] = d.on_activate
    if intercept and d.on_intercept:
        abilities = [a for a in d.on_intercept if field.holds(g, p, a.condition, atk)]
    g.resolving.append(card)
    try:
        for ability in abilities:
            yield from run_ability(g, ctx, ability)
    finally:
        g.resolving.remove(card)
    if card not in g.spell[p]:
        return  # it left the zone while resolving
    if d.spell_type == "continuous":
        return
    field.spell_leaves(g, card)
    if d.spell_type == "equip" and host >= 0 and g.slot_of[host] >= 0:
        pile = g.under[host]
        if not isinstance(pile, list):
            pile = g.under[host] = []
        pile.append(card)
        g.host_of[card] = host
        field.changed(g, card)
        g.push(("equip", p, ("card", "host", "side"), g.oid[card], g.oid[host], g.owner[host]))
    else:
        field.to_grave(g, card)


def respond(g: RBGame, q: int, atk: Attack | None = None) -> Asks[bool]:
    """The non-turn player's window (RB-SPL-1 「相手ターン中でも伏せていればいつでも」): they may
    open the face-down top spell of their zone if it could be activated now (【迎撃】 only in
    the attack's declaration window). Offered at every phase change and after each action of
    the turn player, but not again when nothing at all has happened since they last passed (the
    same position: a second question would be the same question); returns True when they
    opened it."""
    zone = g.spell[q]
    if not zone:
        return False
    card = zone[-1]
    if g.face_up[card] or spell_block(g, q, card, False, atk) is not None:
        return False
    if g.passed == len(g.log._items):
        return False
    picks = yield Decision(q, "respond", (g.menus[card][7], PASS), "RB-SPL-1", "相手ターン中の発動")
    if picks[0] == "pass":
        g.passed = len(g.log._items)  # (the answer is logged already)
        return False
    yield from open_set_spell(g, q, card, atk)
    return True
