"""Zones, card moves, power and static abilities: rules over the state of :mod:`.state`.

Every function takes the game (a :class:`~.state.RBState` with its static values) first. The
static abilities applying now are cached in the state (``_fx``, by kind in ``_by_kind``; who
cannot attack or is battle-immune in ``_flags``) until the field changes (:func:`changed`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fuda.engine.core import Decision, GameOver, Option, Termination
from fuda.engine.raise_blaze.state import Asks, Attack, RBGame, Source

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.cards import Static
    from fuda.engine.raise_blaze.params import Condition, Target

_new = tuple.__new__  # Source(...) without the NamedTuple's Python-level __new__
LIFE_OPTIONS = (Option("hand", "手札に加える"), Option("power-up", "コアファイターに上乗せしてパワーアップ"))


# -- where cards are -------------------------------------------------------------------------
def fighters(g: RBGame, p: int) -> list[int]:
    """p's fighters in their fighter zones, in zone order (RB-ZONE-1)."""
    return [c for c in g.slots[p] if c >= 0]


def on_field(g: RBGame, card: int) -> bool:
    """A fighter in a fighter zone or a core fighter on the core field."""
    return g.slot_of[card] >= 0 or g.core[g.owner[card]] == card


def is_core(g: RBGame, card: int) -> bool:
    """Is ``card`` its owner's core fighter?"""
    return g.core[g.owner[card]] == card


def spell_top(g: RBGame, p: int) -> int:
    """The top card of p's spell zone (-1 when empty)."""
    zone = g.spell[p]
    return zone[-1] if zone else -1


# -- static abilities ------------------------------------------------------------------------
def sources(g: RBGame) -> list[Source]:
    """Every static ability applying now (cached until the field changes)."""
    fx = g._fx
    if fx is not None:
        return fx
    fx = []
    add = fx.append
    defs, owner, under = g.defs, g.owner, g.under
    for p in (0, 1):
        for f in g.slots[p]:
            if f >= 0:
                for st in defs[f].field_fx:
                    add(_new(Source, (f, p, -1, st)))
                for u in under[f]:
                    for st in defs[u].pile_fx:
                        add(_new(Source, (u, owner[u], f, st)))
        c = g.core[p]
        if c >= 0:
            for st in defs[c].field_fx:
                add(_new(Source, (c, p, -1, st)))
        zone = g.spell[p]
        if zone and g.face_up[zone[-1]]:  # RB-SPL-3: only the top, face up, works
            for st in defs[zone[-1]].active_fx:
                add(_new(Source, (zone[-1], p, -1, st)))
    g._fx = fx
    power: list[Source] = []
    immune: list[Source] = []
    no_attack: list[Source] = []
    g._by_kind = {"power": power, "immune": immune, "no-attack": no_attack}
    live = False  # a flag that depends on the attack in progress is never cached
    for src in fx:
        st = src.static
        kind = st.kind
        if kind == "power":
            power.append(src)
        else:
            (immune if kind == "immune" else no_attack).append(src)
            if st.live:
                live = True
    g._no_attack = bool(no_attack)
    g._immune = bool(immune)
    g._live_flags = live
    g._flags = None
    return fx


def changed(g: RBGame, *cards: int) -> None:
    """Cards moved on or off the field or its piles: the list of applying static abilities is
    rebuilt on the next query if one of them has any; who cannot attack or is battle-immune is
    always worked out again. Without cards (the spell zone changed): rebuild everything."""
    g._flags = None
    if not cards:
        g._fx = None
        return
    defs = g.defs
    for c in cards:
        if defs[c].has_fx:
            g._fx = None
            return


def flag_set(g: RBGame, kind: str) -> set[int]:
    """The cards on the field a static ability of ``kind`` (no-attack / immune) applies to."""
    flags = g._flags
    if flags is None:
        flags = g._flags = {}
    found = flags.get(kind)
    if found is None:
        found = set()
        field: list[int] | None = None
        for src in g._by_kind[kind]:
            st = src.static
            if st.condition is not None and not holds(g, src.ctrl, st.condition, g.attack):
                continue
            pick = st.target.pick
            cands: tuple[int, ...] | list[int]
            if pick == "self":
                cands = (src.card,)
            elif pick == "host":
                cands = (src.host,)
            elif pick == "own-core":
                cands = (g.core[src.ctrl],)
            elif pick == "opponent-core":
                cands = (g.core[1 - src.ctrl],)
            else:
                if field is None:
                    field = [c for c in (*g.slots[0], *g.slots[1], *g.core) if c >= 0]
                cands = field
            for c in cands:
                if c >= 0 and c not in found and st.fn(g, src, c, *st.pos):
                    found.add(c)
        if not g._live_flags:
            flags[kind] = found
    return found


def static_match(g: RBGame, source: Source, card: int, target: Target) -> bool:
    """Does a static ability's target cover ``card`` now?"""
    pick = target.pick
    if pick == "self":
        return card == source.card
    if pick == "host":
        return card == source.host
    if pick == "own-core":
        return card == g.core[source.ctrl]
    if pick == "opponent-core":
        return card == g.core[1 - source.ctrl]
    return matches(g, card, target, source.ctrl, source.card, static=True)


def matches(g: RBGame, card: int, target: Target, ctrl: int, src: int, static: bool = False) -> bool:
    """Does a field card fit a chosen / all target of ``ctrl``'s card ``src``?"""
    zone = target.zone
    p = g.owner[card]
    if zone == "fighter":
        if g.slot_of[card] < 0:
            return False
    elif zone == "core":
        if g.core[p] != card:
            return False
    elif card not in g.spell[p] or card in g.resolving:
        return False
    side = target.side
    if (side == "own" and p != ctrl) or (side == "opponent" and p == ctrl):
        return False
    d = g.defs[card]
    if target.types and not target.types.intersection(d.types):
        return False
    if target.name_of and d.name != g.pool.names[target.name_of]:
        return False
    if target.exclude_self and card == src:
        return False
    if target.power_at_most is not None:
        # statics compare printed power (a current-power test would depend on itself)
        value = d.power if static else power(g, card)
        if value > target.power_at_most:
            return False
    return True


def holds(g: RBGame, p: int, cond: Condition | None, attack: Attack | None = None) -> bool:
    """An ability condition seen from its controller p (every set key must hold)."""
    if cond is None:
        return True
    if cond.own_life_at_most is not None and len(g.life[p]) > cond.own_life_at_most:
        return False
    if cond.attack_target and (
            attack is None or ("core" if is_core(g, attack.target) else "fighter") != cond.attack_target):
        return False
    return not cond.attacker or (attack is not None and ("core" if attack.by_core else "fighter") == cond.attacker)


def power(g: RBGame, card: int) -> int:
    """Current power: printed (+ power-ups for a core) + one-shot changes + statics, ≥ 0."""
    d = g.defs[card]
    value = d.power + g.eot[card] + g.stay[card]
    if d.kind == "core-fighter":
        n = len(g.ups[g.owner[card]])
        if n:  # RB-LIFE-1: +1000 for the first power-up card, +500 for each later one
            value += g.up_first + (n - 1) * g.up_next
    if g._fx is None:
        sources(g)
    for src in g._by_kind["power"]:  # what each applying static op gives the card
        st: Static = src.static
        target = st.target
        pick = target.pick
        # cheap refusals (the op function decides everything else): not the host / not itself /
        # a sweep of fighters that does not cover this card's zone or side
        if pick == "host":
            if card != src.host:
                continue
        elif pick == "self":
            if card != src.card:
                continue
        elif pick == "all" and target.zone == "fighter" and (
                g.slot_of[card] < 0 or ((target.side == "own") != (g.owner[card] == src.ctrl)
                and target.side != "any")):
            continue
        if st.condition is not None and not holds(g, src.ctrl, st.condition, g.attack):
            continue
        value += st.fn(g, src, card, *st.pos)
    return value if value > 0 else 0


def battle_immune(g: RBGame, card: int) -> bool:
    """Not destroyed by battle (楼観剣)."""
    if g._fx is None:
        sources(g)
    return g._immune and card in flag_set(g, "immune")


def can_attack(g: RBGame, card: int) -> bool:
    """Not forbidden to attack by a static ability (RB-BAT-1)."""
    if g._fx is None:
        sources(g)
    return not g._no_attack or card not in flag_set(g, "no-attack")


# -- moves -----------------------------------------------------------------------------------
def draw(g: RBGame, p: int, why: str) -> None:
    """Draw the top card; a player who cannot draw loses (RB-LOSE-2)."""
    deck = g.deck[p]
    if not deck:
        g.push(("no-draw", p, ("why",), why))
        raise GameOver(1 - p, f"P{p + 1} cannot draw from an empty deck (RB-LOSE-2)", Termination.DECK_OUT,
                       f"P{p + 1}のデッキが空で引けない")
    card = deck.pop()
    g.hand[p].append(card)
    g.push(("draw", p, ("card", "why"), g.oid[card], why))


def mill(g: RBGame, p: int, count: int) -> None:
    """The top cards of p's deck go to the graveyard."""
    deck = g.deck[p]
    cards = [deck.pop() for _ in range(min(count, len(deck)))]
    g.grave[p].extend(cards)
    g.push(("mill", p, ("cards",), [g.oid[c] for c in cards]))


def add_life(g: RBGame, p: int, count: int) -> None:
    """The top cards of p's deck go face down into the life zone."""
    deck = g.deck[p]
    n = min(count, len(deck))
    for _ in range(n):
        g.life[p].append(deck.pop())
    g._flags = None  # a condition may count life cards
    g.push(("add-life", p, ("count", "life"), n, len(g.life[p])))


def to_grave(g: RBGame, card: int) -> None:
    """Put a card (already taken from its zone) into its owner's graveyard."""
    g.grave[g.owner[card]].append(card)


def leave_field(g: RBGame, card: int) -> list[int] | tuple[()]:
    """Take a fighter out of its zone; the pile underneath goes to the graveyard (RB-SUM-5,
    RB-SPL-4). Returns that pile."""
    p = g.owner[card]
    g.slots[p][g.slot_of[card]] = -1
    g.slot_of[card] = -1
    g.eot[card] = g.stay[card] = 0
    pile = g.under[card]
    g.under[card] = ()
    for u in pile:
        g.host_of[u] = -1
        to_grave(g, u)
    changed(g, card, *pile)
    return pile


def spell_leaves(g: RBGame, card: int) -> None:
    """Take a card out of its owner's spell zone."""
    g.spell[g.owner[card]].remove(card)
    g.face_up[card] = False
    changed(g)


def place(g: RBGame, p: int, card: int, under: list[int]) -> int:
    """Put a fighter into a zone, with ``under`` (own fighters) going underneath it; returns
    the zone. Equip spells on a fighter that goes underneath go to the graveyard, its pile
    of fighters stays in the new pile (interpretation, RB-SUM-5)."""
    slots, defs = g.slots[p], g.defs
    if under:
        zone = min(g.slot_of[u] for u in under)
        pile = []
        for u in under:
            slots[g.slot_of[u]] = -1
            g.slot_of[u] = -1
            g.eot[u] = g.stay[u] = 0
            for x in g.under[u]:
                if defs[x].kind == "fighter":
                    pile.append(x)
                    g.host_of[x] = card
                else:
                    g.host_of[x] = -1
                    to_grave(g, x)
                    changed(g, x)
            g.under[u] = ()
            pile.append(u)
            g.host_of[u] = card
        g.under[card] = pile
    else:
        zone = slots.index(-1)
    slots[zone] = card
    g.slot_of[card] = zone
    changed(g, card, *g.under[card])
    return zone


def boost(g: RBGame, card: int, amount: int, until: str) -> None:
    """A one-shot power change (modify-power) on a card on the field."""
    if until == "end-of-turn":
        if not g.eot[card]:
            g.boosted.append(card)
        g.eot[card] += amount
    else:
        g.stay[card] += amount
    g.push(("boost", g.owner[card], ("card", "amount", "until", "power"),
            g.oid[card], amount, until, power(g, card)))


def end_of_turn_boosts(g: RBGame) -> None:
    """ターン終了時まで: the end-of-turn changes end."""
    for card in g.boosted:
        g.eot[card] = 0
    g.boosted.clear()


# -- life ------------------------------------------------------------------------------------
def destroy_life(g: RBGame, players: list[int], by: int = -1) -> Asks[None]:
    """Destroy one life card of each player in ``players`` at once (RB-BAT-5/6); a player
    left with none loses (RB-LOSE-1, both: a draw); each survivor chooses hand or power-up
    for the destroyed card (RB-LIFE-1)."""
    lost = []
    for p in players:
        life = g.life[p]
        if not life:
            continue
        card = life.pop()
        g._flags = None  # a condition may count life cards
        g.lost_life[p].append(card)  # destroyed, waiting for its owner's choice
        g.push(("life-lost", p, ("card", "left"), g.oid[card], len(life)))
        lost.append((p, card))
    out = [p for p, _ in lost if not g.life[p]]
    if out:
        for p, card in lost:
            if not g.life[p]:
                g.lost_life[p].remove(card)
                g.grave[p].append(card)
        if len(out) == 2:
            raise GameOver(None, "both players lost their last life card at once (RB-LOSE-1)", Termination.DRAW,
                           "両者が同時に最後のライフカードを失った")
        raise GameOver(1 - out[0], f"P{out[0] + 1} has no life cards left (RB-LOSE-1)", Termination.LIFE,
                       f"P{out[0] + 1}のライフカードが尽きた")
    for p, card in sorted(lost, key=lambda x: x[0] != g.active):
        picks = yield Decision(p, "life", LIFE_OPTIONS, "RB-LIFE-1",
                               f"破壊されたライフカード（{g.defs[card].name}）の使い道")
        g.lost_life[p].remove(card)
        if picks[0] == "hand":
            g.hand[p].append(card)
            g.push(("life-to-hand", p, ("card",), g.oid[card]))
        else:
            g.ups[p].append(card)
            g.push(("power-up", p, ("card", "power"), g.oid[card], power(g, g.core[p])))
