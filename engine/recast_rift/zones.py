"""Card movement rules of Recast Rift: draw, rebuild, face-down, reserve, lift, recast-up and
retrieval, as functions over a :class:`~fuda.engine.recast_rift.game.RecastRift` and its state
(:class:`~.state.RRState`; zones are plain lists of card numbers, see :mod:`.state`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from fuda.engine.core import CardRef, Decision
from fuda.engine.core.decision import option
from fuda.engine.recast_rift.abilities import run_ability
from fuda.engine.recast_rift.state import Asks, Ctx, RRGame, zone_of

ROMAN = {0: "［０］", 1: "［Ⅰ］", 2: "［Ⅱ］", 3: "［Ⅲ］"}
ZONE_OPTIONS = {z: option(f"zone:{z}", ROMAN[z], z) for z in ROMAN}


# -- deck ------------------------------------------------------------------------------
def can_rebuild(game: RRGame, p: int) -> bool:
    """RR-REB-4: a face-down or reserve card is needed."""
    st = game.st
    return bool(st.facedown[p] or st.reserve[p])


def rebuild(game: RRGame, p: int, why: str) -> None:
    """RR-REB-2: shuffle face-down pile, reserve pile and deck into a new deck."""
    st = game.st
    deck = st.deck[p]
    deck.extend(st.facedown[p])
    deck.extend(st.reserve[p])
    st.facedown[p].clear()
    st.reserve[p].clear()
    game.rng.shuffle(deck)
    oid = game.oid
    game.log.push(("rebuild", p, ("why", "size"), why, len(deck)))
    game.log.push(("chance", p, ("what", "result"), "shuffle", [oid[c] for c in reversed(deck)]))


def draw_one(game: RRGame, p: int, why: str) -> int | None:
    """Draw one card (RR-REB-1: rebuild an empty deck first; RR-REB-5: else skip). Returns
    the card or None."""
    st = game.st
    deck = st.deck[p]
    if not deck:
        if not (st.facedown[p] or st.reserve[p]):
            game.log.push(("no-draw", p, ("why",), why))
            return None
        rebuild(game, p, "empty-deck")
    card = deck.pop()
    st.hand[p].append(card)
    game.log.push(("draw", p, ("card", "why"), game.oid[card], why))
    return card


# -- hand and piles ------------------------------------------------------------------------
def face_down(game: RRGame, p: int, cards: Sequence[int], why: str) -> None:
    """Move hand cards of p to p's face-down pile."""
    if not cards:
        return
    st = game.st
    hand = st.hand[p]
    for c in cards:
        hand.remove(c)
    st.seen_in_hand[p].difference_update(cards)
    st.facedown[p].extend(cards)
    game.log.push(("face-down", p, ("cards", "why"), [game.oid[c] for c in cards], why))


def choose_hand(game: RRGame, target: int, chooser: int, lo: int, hi: int, kind: str, rule: str,
                prompt: str) -> Asks[list[int]]:
    """Ask ``chooser`` for lo..hi cards of ``target``'s hand (positions when the hand is
    hidden from the chooser); returns the cards."""
    hand = game.st.hand[target]
    if hi <= 0:
        return []
    if lo >= len(hand):
        return list(hand)
    if chooser == target:
        card_opt = game.card_opt
        picks = yield Decision(chooser, kind, tuple(map(card_opt.__getitem__, hand)), rule, prompt, lo, hi)
        by_oid = game.by_oid[target]  # the option ids are the cards' ids
        return [by_oid[x] for x in picks]
    # a hand hidden from the chooser: positions (plain numbers, not cards: the decision shows
    # none), read when answered — a search's copy may have dealt that hand again meanwhile
    options = tuple(option(f"pos:{i + 1}", f"手札の{i + 1}枚目", i) for i in range(len(hand)))
    picks = yield Decision(chooser, kind, options, rule, prompt, lo, hi)
    by_id = {o.id: i for i, o in enumerate(options)}
    return [hand[by_id[x]] for x in picks]


def choose_zone(game: RRGame, p: int, zones: Iterable[int], kind: str, rule: str, prompt: str) -> Asks[int]:
    """Ask p for one of ``zones`` (3, 2, 1); returns the zone number."""
    options = tuple(map(ZONE_OPTIONS.__getitem__, zones))
    picks = yield Decision(p, kind, options, rule, prompt)
    return int(picks[0][5:])


def to_reserve(game: RRGame, card: int, why: str) -> None:
    """Put a card (wherever it is) into its owner's reserve pile."""
    st = game.st
    p = game.owner[card]
    for place in (st.cast_zone, *st.zones[p], st.hand[p]):
        if card in place:
            place.remove(card)
            break
    else:
        return
    st.seen_in_hand[p].discard(card)
    st.reserve[p].append(card)
    game.log.push(("reserve", p, ("card", "why"), game.oid[card], why))


def pile_to_hand(game: RRGame, p: int, pile: str, count: int, source: int) -> Asks[None]:
    """The controller puts ``count`` cards of their face-down or reserve pile into the hand."""
    st = game.st
    cards = st.facedown[p] if pile == "face-down" else st.reserve[p]
    n = min(count, len(cards))
    if n == 0:
        return
    if n == len(cards):
        chosen = list(cards)
    else:
        card_opt = game.card_opt
        options = tuple(map(card_opt.__getitem__, cards))
        picks = yield Decision(p, "to-hand", options, "RR-ZONE-1",
                               f"{game.name_of(source)}: 手札に加えるカード", n, n)
        chosen = [game.by_oid[p][x] for x in picks]
    for c in chosen:
        cards.remove(c)
        st.hand[p].append(c)
    if pile != "face-down":  # the reserve pile is open: the opponent saw which cards these are
        st.seen_in_hand[p].update(chosen)
    game.log.push(("to-hand", p, ("cards", "pile"), [game.oid[c] for c in chosen], pile))


# -- recast zone: lift -------------------------------------------------------------------
def lift_cards(game: RRGame, p: int, chosen: Sequence[int], why: str) -> Asks[None]:
    """Lift ``chosen`` cards of p simultaneously (RR-LIFT-1..3), then retrieve (RR-LIFT-4).

    RR-LIFT-2 reading: places freed by cards moving out count; when more cards would enter
    a zone than it has places, p chooses which move (the others stay)."""
    zones = game.st.zones[p]
    cap = game.cap
    movers = [c for c in zones[1] if c in chosen]  # ［Ⅰ］ always moves: ［０］ has room
    moving = [(c, 1) for c in movers]
    moved_out = len(movers)
    for z in (2, 3):
        movers = [c for c in zones[z] if c in chosen]
        free = cap - (len(zones[z - 1]) - moved_out)
        if len(movers) > free:
            if free <= 0:
                movers = []
            else:
                card_opt = game.card_opt
                options = tuple(map(card_opt.__getitem__, movers))
                picks = yield Decision(p, "lift-conflict", options, "RR-LIFT-2",
                                       f"{ROMAN[z - 1]}に入るカードを{free}枚選ぶ", free, free)
                movers = [game.by_oid[p][x] for x in picks]
        moving += [(c, z) for c in movers]
        moved_out = len(movers)
    if not moving:
        return
    for c, z in moving:
        zones[z].remove(c)
    for c, z in moving:
        zones[z - 1].append(c)
    game.log.push(("lift", p, ("moves", "why"), [(game.oid[c], z, z - 1) for c, z in moving], why))
    if zones[0]:
        yield from retrieve_zero(game, p)


def can_lift_from(game: RRGame, p: int, z: int) -> bool:
    """RR-LIFT-2: a single card of p's recast zone z (1–3) moves only into a zone with a free
    place (［０］ always has one)."""
    return z == 1 or len(game.st.zones[p][z - 1]) < game.cap


def lift_all(game: RRGame, p: int, why: str, zone: int | None = None) -> Asks[None]:
    """Lift every deployed card of p (or every one in ``zone``)."""
    z = game.st.zones[p]
    chosen = z[zone] if zone else z[1] + z[2] + z[3]
    if chosen:
        yield from lift_cards(game, p, list(chosen), why)


def lift_effect(game: RRGame, p: int, count: int | str, zone: int | None) -> Asks[None]:
    """The lift op: ``count`` chosen cards or ``all``, optionally only in ``zone``.

    RR-LIFT-1/2 reading (「複数のカードをリフトする時は、同時に処理します。リフトしようとする時、
    リキャストゾーンに空きがない時はリフトできません。」): the cards move together, so a place
    freed by a card moving on counts. The controller chooses among every set of ``count``
    cards that fits after the simultaneous move (fewer when no such set exists: the most that
    fit); a single possible set is taken without asking."""
    if not isinstance(count, int):  # "all"
        yield from lift_all(game, p, "effect", zone)
        return
    zones = game.st.zones[p]
    pool = list(zones[zone]) if zone else zones[1] + zones[2] + zones[3]
    sets = lift_sets(game, p, pool, count)
    if not sets:
        return
    if len(sets) == 1:
        chosen = list(sets[0])
    else:
        oid, defs = game.oid, game.defs
        options = tuple(option("+".join(oid[c] for c in cards),
                               "、".join(f"{defs[c].name} {ROMAN[zone_of(game, c)]}" for c in cards),
                               tuple(map(CardRef, cards)))
                        for cards in sets)
        picks = yield Decision(p, "lift-set", options, "RR-LIFT-1", "リフトする展開中のカード")
        chosen = list(next(cards for o, cards in zip(options, sets, strict=True) if o.id == picks[0]))
    yield from lift_cards(game, p, chosen, "effect")


def lift_sets(game: RRGame, p: int, pool: Sequence[int], count: int) -> list[tuple[int, ...]]:
    """Every set of ``count`` cards of ``pool`` (in pool order) that fits after moving
    together (RR-LIFT-2), or of the largest size that fits when none of ``count`` does."""
    for size in range(min(count, len(pool)), 0, -1):
        sets = [cards for cards in combinations(pool, size) if _all_fit(game, p, cards)]
        if sets:
            return sets
    return []


def _all_fit(game: RRGame, p: int, cards: tuple[int, ...]) -> bool:
    zones = game.st.zones[p]
    for z in (2, 3):
        dest = zones[z - 1]
        stay = sum(1 for c in dest if c not in cards)
        if stay + sum(1 for c in zones[z] if c in cards) > game.cap:
            return False
    return True


# -- recast zone: retrieval --------------------------------------------------------------
def retrieve_zero(game: RRGame, p: int) -> Asks[None]:
    """RR-LIFT-4/5: each card in p's ［０］, one at a time in p's order: its 【回収時】
    abilities, then to the hand unless they moved it."""
    st = game.st
    zero = st.zones[p][0]
    while zero:
        waiting = [c for c in zero if c not in st.retrieving]
        if not waiting:
            return
        if len(waiting) == 1:
            card = waiting[0]
        else:
            card_opt = game.card_opt
            options = tuple(map(card_opt.__getitem__, waiting))
            picks = yield Decision(p, "retrieve", options, "RR-LIFT-5", "先に回収するカード")
            card = game.by_oid[p][picks[0]]
        st.retrieving.add(card)
        game.log.push(("retrieve", p, ("card",), game.oid[card]))
        try:
            for ability in game.defs[card].on_retrieve:
                yield from run_ability(game, Ctx(p, card), ability)
        finally:
            st.retrieving.discard(card)
        if card in zero:
            zero.remove(card)
            st.hand[p].append(card)
            st.seen_in_hand[p].add(card)  # it came from an open zone
            game.log.push(("to-hand", p, ("cards", "pile"), [game.oid[card]], "retrieve"))


# -- recast zone: recast-up ----------------------------------------------------------------
def recast_up(game: RRGame, controller: int, p: int, count: int | str, amount: int) -> Asks[None]:
    """Raise the recast time of p's deployed cards (not ［０］) by ``amount``; a card past
    ［Ⅲ］ becomes reserve (RR-DEP-3). The controller chooses; chosen cards move together."""
    st = game.st
    zones = st.zones[p]
    pool = zones[1] + zones[2] + zones[3]
    if not isinstance(count, int):  # "all"
        chosen = pool
    else:
        chosen = []
        while len(chosen) < count:
            movable = [c for c in pool if c not in chosen and _fits_up(game, p, c, chosen, amount)]
            if not movable:
                break
            if len(movable) + len(chosen) <= count:
                chosen.extend(movable)
                break
            options = tuple(option(game.oid[c], f"{game.defs[c].name} {ROMAN[zone_of(game, c)]}", CardRef(c))
                            for c in movable)
            picks = yield Decision(controller, "recast-up", options, "RR-DEP-3",
                                   "リキャストタイムを増やすカード")
            chosen.append(game.by_oid[p][picks[0]])
    if not chosen:
        return
    moves = [(c, zone_of(game, c)) for c in chosen]
    for c, z in moves:
        zones[z].remove(c)
    out: list[tuple[str, int, int | str]] = []
    for c, z in moves:
        if z + amount > 3:
            st.reserve[p].append(c)
            out.append((game.oid[c], z, "reserve"))
        else:
            zones[z + amount].append(c)
            out.append((game.oid[c], z, z + amount))
    game.log.push(("recast-up", p, ("moves", "by"), out, controller))


def _fits_up(game: RRGame, p: int, card: int, chosen: list[int], amount: int) -> bool:
    z = zone_of(game, card)
    if z + amount > 3:
        return True
    dest = game.st.zones[p][z + amount]
    leaving = sum(1 for c in dest if c in chosen)
    entering = sum(1 for c in chosen if zone_of(game, c) == z)
    return len(dest) - leaving + entering < game.cap
