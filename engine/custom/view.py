"""What a seat of a custom game may know, and the greedy policy that plays from it.

A :class:`CView` holds, for each player, the counters, the public zones' cards (with their
current strength, lying down or not), the number of cards in the zones the seat cannot see and,
for the seat itself, the cards of its own hand. An opponent's hand and every deck are counted,
never named. The card definitions (``cards``) are the database's, public to all.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from math import exp
from typing import NamedTuple

from fuda.engine.core import evaluation, policy
from fuda.engine.core.view import TwoSides
from fuda.engine.custom.state import pile, value


class Seen(NamedTuple):
    """A card a seat sees: its number, id, current strength (on the field; else 0), lying down."""

    card: int
    id: str
    strength: int
    tapped: bool


_seen = tuple.__new__


@dataclass(frozen=True)
class Side:
    """One player as a seat sees them: ``zones`` maps a zone name to its cards (a tuple of
    :class:`Seen` for a zone the seat sees, else the number of cards in it)."""

    counters: tuple[int, ...]
    zones: Mapping

    def seen(self, zone: str) -> tuple:
        """The cards of a zone the seat sees (empty when it only counts them)."""
        z = self.zones.get(zone)
        return z if isinstance(z, tuple) else ()

    def count(self, zone: str) -> int:
        """How many cards the zone holds."""
        z = self.zones.get(zone)
        return len(z) if isinstance(z, tuple) else int(z or 0)


@dataclass(frozen=True)
class CView(TwoSides):
    """A seat's view of a custom game."""

    seat: int
    turn: int
    active: int
    sides: tuple[Side, ...]
    counters: tuple[str, ...]
    cards: Mapping  # card id -> CardDef (public: the database)
    pay: str | None  # the counter costs are paid from


def view_of(game, seat: int) -> CView:
    """The view of ``seat`` (see the module docstring)."""
    st = game.st
    rules = game.static.rules
    strength = rules.strength
    defs, tapped = st.defs, st.tapped
    sides = []
    for p in range(rules.players):
        zones: dict[str, tuple[Seen, ...] | int] = {}
        for z, name in enumerate(rules.zones):
            cards = st.piles[pile(st, z, p)]
            vis = rules.visibility[z]
            if vis == "public" or (vis == "owner" and p == seat):
                if z == rules.field and strength:
                    zones[name] = tuple([_seen(Seen, (c, defs[c].id, value(st, c, strength) or 0, tapped[c]))
                                         for c in cards])
                else:
                    zones[name] = tuple([_seen(Seen, (c, defs[c].id, 0, tapped[c])) for c in cards])
            else:
                zones[name] = len(cards)
        sides.append(Side(tuple(st.counters[p]), zones))
    return CView(seat, st.turn, st.active, tuple(sides), rules.counters, game.static.cards,
                 rules.counters[rules.pay] if rules.pay >= 0 else None)


def _strength_of(view: CView, card: int) -> int:
    for side in view.sides:
        for zone in side.zones.values():
            if isinstance(zone, tuple):
                for s in zone:
                    if s.card == card:
                        return s.strength
    return 0


def _mine(view: CView, card: int) -> bool:
    return any(s.card == card for zone in view.me.zones.values() if isinstance(zone, tuple) for s in zone)


def _answers_only(d) -> bool:
    """Whether a card does nothing but counter (worth playing only as a response)."""
    ops = [op.name for ab in d.abilities.get("play", ()) for op in ab.ops]
    return bool(ops) and all(name == "counter" for name in ops)


@policy(CView)
def greedy(view: CView, decision, rng) -> tuple[str, ...]:
    """A simple policy: play the dearest card it can, attack with what no blocker beats, block
    when the blocker survives or trades up, aim harm at the opponent's strongest card and help
    at its own, discard its cheapest cards, respond to what costs 2 or more."""
    kind = decision.kind
    options = decision.options
    cards = view.cards
    if kind == "main":
        best, score = options[-1], 0.0
        theirs = [s.strength for s in view.opponent.seen("field") if not s.tapped]
        for o in options:
            if o.id.startswith("play:"):
                d = cards[o.id[5:]]
                s = 2.0 + d.cost + (0.5 if d.permanent else 0.0)
                if _answers_only(d):
                    s = -1.0  # a counter with nothing to answer would be wasted
            elif o.id.startswith("attack:"):
                mine = _strength_of(view, o.value)
                s = 1.5 if all(t < mine for t in theirs) else 0.2
            elif o.id.startswith("activate:"):
                s = 1.0
            else:
                s = 0.0
            s += rng.random() * 0.1
            if s > score:
                best, score = o, s
        return (best.id,)
    if kind == "block":
        attacker = next((s.strength for side in view.sides for s in side.seen("field")
                         if s.id == decision.prompt or cards[s.id].name == decision.prompt), 0)
        good = [o for o in options if o.value is not None and _strength_of(view, o.value) > attacker]
        return (good[0].id,) if good else (options[-1].id,)
    if kind == "respond":
        plays = [o for o in options if o.id != "pass"]
        return (plays[0].id,) if plays and rng.random() < 0.7 else ("pass",)
    if kind in ("target", "boost"):
        harm = kind == "target"
        ranked = sorted(options, key=lambda o: (_mine(view, o.value) == harm, -_strength_of(view, o.value)))
        return tuple(o.id for o in ranked[:decision.min or 1])
    if kind == "discard":
        ranked = sorted(options, key=lambda o: cards[o.id.split("#")[0]].cost if o.id.split("#")[0] in cards else 0)
        return tuple(o.id for o in ranked[:decision.min])
    if kind == "search":
        ranked = sorted(options, key=lambda o: -cards[o.id.split("#")[0]].cost)
        return tuple(o.id for o in ranked[:decision.min])
    return tuple(o.id for o in options[:max(decision.min, 1)])


@evaluation(CView, 24)
def chances(view: CView) -> float:
    """The seat's chance to win, guessed from the position (a search scores its playouts with it
    after 24 decisions, about two turns): the lead on the decide-by counter (else the first
    counter), the strength standing on the field, and the cards in hand."""
    me, them = view.me, view.opponent
    lead = me.counters[0] - them.counters[0] if me.counters else 0
    board = sum(s.strength for s in me.seen("field")) - sum(s.strength for s in them.seen("field"))
    hands = me.count("hand") - them.count("hand")
    return 1.0 / (1.0 + exp(-(lead + 0.3 * board + 0.2 * hands) / 2.0))
