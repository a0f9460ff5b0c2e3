"""The greedy agent's policy for Recast Rift: a function of a seat's view, never of the game.

One-ply scores, no search: awaken and activate when allowed, cast the strongest attack, keep
valuable cards, take damage where it costs least, deploy as far as possible (shortest recast),
rebuild when it lifts something. Not a strong player; a consistent one, so that simulations
measure the cards rather than the noise of random play.
"""

from __future__ import annotations

from collections.abc import Callable
from math import exp
from typing import cast

from fuda.engine.core import Decision, Option, Rng
from fuda.engine.core.agents import evaluation, policy
from fuda.engine.recast_rift.view import RRView

Picks = tuple[str, ...]

CARD_KINDS = ("guard", "cleanup", "cost", "lift-cost", "face-down", "to-hand", "lift-conflict")


def card_value(view: RRView, card: int) -> float:
    """How much a (seen) card is worth keeping in hand."""
    d = view.defs[card]
    if d is None:
        return 1.0
    value = 1.0
    if d.is_attack:
        value += (d.hand or 0) * 0.5 + (d.life or 0)
    if d.timing == "preempt":
        value += 1.0
    if d.timing == "full-power":
        value += 1.5
    return value


@policy(RRView)
def greedy(view: RRView, decision: Decision, rng: Rng) -> Picks:
    """The greedy answer to ``decision`` from ``view``."""
    kind, options = decision.kind, decision.options
    scorer = SCORERS.get(kind)
    if scorer is not None:
        picked = scorer(view, decision)
        if picked is not None:
            return picked
    if kind in CARD_KINDS:
        return _cards(view, decision)
    n = max(decision.min, 1) if options else 0
    return tuple(o.id for o in rng.sample(options, n))


def _best(decision: Decision, score: Callable[[Option], float]) -> Picks:
    return (max(decision.options, key=score).id,)


def _number(o: Option) -> int:
    """The number an option carries (a card, a zone, an amount of damage)."""
    return cast(int, o.value)


def _main(view: RRView, decision: Decision) -> Picks:
    hand = view.me.hand_size

    def score(o: Option) -> float:
        i = o.id
        if i == "awaken":
            return 10
        if i.startswith("activate:"):
            return 8
        if i == "end":
            return 0
        if i.startswith("lift:"):
            return 1 if hand > view.hand_limit else -1
        d = view.defs[_number(o)]
        assert d is not None  # (a card of the seat's own hand)
        if d.is_attack:
            return 3 + (d.hand or 0) + 1.5 * (d.life or 0) + (2 if d.timing == "full-power" else 0)
        return 2.5 if d.type in ("setup", "trigger") else 2

    return _best(decision, score)


def _preempt(view: RRView, decision: Decision) -> Picks:
    def score(o: Option) -> float:
        if o.id == "pass":
            return 0
        if o.id == "awaken":
            return 3
        if o.id.startswith("activate:"):
            return 1
        d = view.defs[_number(o)]
        assert d is not None  # (a card of the seat's own hand)
        return 2 + (1 if d.is_attack else 0)

    return _best(decision, score)


def _damage(view: RRView, decision: Decision) -> Picks:
    if len(decision.options) == 1:
        return decision.ids
    hand_cost, life_dmg = _number(decision.options[0]), _number(decision.options[1])
    life = view.me.life
    if life_dmg == 0:
        return ("life",)
    if life - life_dmg <= 0 or life <= 3:
        return ("hand",)
    return ("hand",) if hand_cost <= life_dmg * 1.5 else ("life",)


def _deploy(view: RRView, decision: Decision) -> Picks:
    return (min(decision.options, key=_number).id,)


def _nearest(view: RRView, decision: Decision) -> Picks:
    return (min(decision.options, key=lambda o: view.zone_of(_number(o))).id,)


def _refresh(view: RRView, decision: Decision) -> Picks:
    me = view.me
    piles = me.face_down_size + len(me.reserve)
    return ("rebuild",) if piles >= 2 and me.deployed() else ("pass",)


def _lift_zone(view: RRView, decision: Decision) -> Picks:
    zones = view.me.zones
    return (max(decision.options, key=lambda o: (len(zones[_number(o)]), -_number(o))).id,)


def _lift_set(view: RRView, decision: Decision) -> Picks | None:
    """Lifting several cards: the set that brings the most cards nearest to ［０］."""
    if decision.kind != "lift-set":
        return None
    return (min(decision.options, key=lambda o: sum(view.zone_of(c) for c in cast(tuple[int, ...], o.value))).id,)


def _cards(view: RRView, decision: Decision) -> Picks:
    options = decision.options
    if decision.min == 0:  # optional: put everything when that empties the hand, else nothing
        return tuple(o.id for o in options) if len(options) <= 1 else ()
    if options and options[0].id.startswith("pos:"):
        return tuple(o.id for o in options[: decision.min])
    keep_low = decision.kind != "to-hand"
    ranked = sorted(options, key=lambda o: card_value(view, _number(o)), reverse=not keep_low)
    return tuple(o.id for o in ranked[: decision.min])


SCORERS: dict[str, Callable[[RRView, Decision], Picks | None]] = {"main": _main, "preempt": _preempt, "damage": _damage, "deploy": _deploy,
           "recast-up": _nearest, "refresh": _refresh, "lift-zone": _lift_zone, "lift-set": _lift_set}


@evaluation(RRView, horizon=20)  # about two turns (greedy games answer ≈ 10 decisions a turn)
def standing(v: RRView) -> float:
    """The chance that ``v``'s seat wins, from open counts only: life first (RR-WIN-1), then the
    hand that can take damage instead (RR-DMG-3), an awakened card, and the cards deployed. A
    search scores its playouts with it."""
    me, opp = v.me, v.opponent
    margin = 0.8 * (me.life - opp.life) + 0.25 * (me.hand_size - opp.hand_size)
    margin += 0.5 * (me.awakened - opp.awakened) + 0.15 * (len(me.deployed()) - len(opp.deployed()))
    return 1.0 / (1.0 + exp(-margin))
