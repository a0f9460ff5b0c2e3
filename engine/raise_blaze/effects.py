"""What abilities and their ops do to the game: rules over the state of :mod:`.state`.

Resolving an ability (:func:`run_ability`, :func:`run_triggers`, 【破壊時】 in
:func:`destroyed_triggers`), targets on the field (:func:`resolve_target`), choices of cards in
hidden zones, destruction, returning to the hand, discarding, searching — what the op functions
of :mod:`.ops` call. Option ids: a field card is ``own:<oid>`` / ``opp:<oid>`` (from the
chooser's side; fighters put underneath in a raise summon are plain oids), a card of a hand,
deck or graveyard is its card id when one card is picked (copies are alike) and its oid when
several are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from fuda.engine.core import CardRef, Decision, Option
from fuda.engine.core.decision import option
from fuda.engine.raise_blaze import field
from fuda.engine.raise_blaze.state import Asks, Attack, Ctx, RBGame

if TYPE_CHECKING:
    from fuda.engine.raise_blaze.cards import Ability
    from fuda.engine.raise_blaze.params import Filter, Target

YES_NO = (Option("yes", "使う"), Option("no", "使わない"))


# -- abilities -------------------------------------------------------------------------------
def run_ability(g: RBGame, ctx: Ctx, ability: Ability) -> Asks[None]:
    """Resolve one ability's ops in order (each on the state the previous one left)."""
    if ability.once and ability.when != "activated":
        key = (ctx.card, ability.index)
        if g.used.get(key) == g.turn:
            g.push(("limit", ctx.player, ("card",), g.oid[ctx.card]))
            return
        g.used[key] = g.turn
    if ability.triggered:
        g.push(("ability", ctx.player, ("card", "index"), g.label_of(ctx.card), ability.index))
    foreign = ctx.player != g.active
    if foreign:
        g.foreign += 1
    try:
        for op in ability.ops:
            if op.gen:
                yield from op.fn(g, ctx, *op.pos)
            else:
                op.fn(g, ctx, *op.pos)
    finally:
        if foreign:
            g.foreign -= 1


def run_triggers(g: RBGame, p: int, card: int, abilities: Sequence[Ability],
                 attack: Attack | None = None) -> Asks[None]:
    """Resolve triggered abilities of ``card`` (controller p): condition, then 〜できる."""
    for ability in abilities:
        if not field.holds(g, p, ability.condition, attack or g.attack):
            continue
        ctx = Ctx(p, card, attack or g.attack)
        if ability.optional:
            if not possible(g, ctx, ability):
                g.push(("nothing", p, ("card", "op"), g.oid[card], "optional"))
                continue
            picks = yield Decision(p, "optional", YES_NO, "RB-TURN-1", f"{g.defs[card].name}: {ability.text}")
            if picks[0] == "no":
                g.push(("decline", p, ("card",), g.oid[card]))
                continue
        yield from run_ability(g, ctx, ability)


def destroyed_triggers(g: RBGame, dead: list[int]) -> Asks[None]:
    """【破壊時】 of destroyed fighters: the turn player's first, then in destruction order."""
    todo = [c for c in dead if g.defs[c].on_destroyed]
    if len(todo) > 1:
        todo.sort(key=lambda c: g.owner[c] != g.active)
    for card in todo:
        yield from run_triggers(g, g.owner[card], card, g.defs[card].on_destroyed)


def possible(g: RBGame, ctx: Ctx, ability: Ability) -> bool:
    """Could an optional (〜できる) ability do anything now? (No question is asked if not.)"""
    p = ctx.player
    for op in ability.ops:
        args = op.args
        if op.name == "effect-summon":
            room = len(field.fighters(g, p)) >= args["raise_"] if args["raise_"] else -1 in g.slots[p]
            if not room or not summonable(g, p, args["from_"], args["filter"]):
                return False
        elif op.name == "search-deck":
            names = g.pool.names
            if not any(args["filter"].matches(g.defs[c], names) for c in g.deck[p]):
                return False
    return True


def summonable(g: RBGame, p: int, source: str, filt: Filter | None) -> list[int]:
    """p's fighters in hand / graveyard / deck matching ``filt``."""
    cards = g.hand[p] if source == "hand" else g.grave[p] if source == "graveyard" else g.deck[p]
    names = g.pool.names
    defs = g.defs
    return [c for c in cards if defs[c].kind == "fighter" and (filt is None or filt.matches(defs[c], names))]


# -- choices ---------------------------------------------------------------------------------
def choose_field(g: RBGame, p: int, cards: list[int], n: int, kind: str, rule: str, prompt: str,
                 own_only: bool = False) -> Asks[list[int]]:
    """p picks ``n`` of the field cards ``cards`` (all of them when there are no more)."""
    if n <= 0 or not cards:
        return []
    n = min(n, len(cards))
    oid, defs, refs = g.oid, g.defs, g.refs
    if own_only:
        options = tuple([option(oid[c], defs[c].name, refs[c]) for c in cards])
    else:
        owner = g.owner
        options = tuple([option(("own:" if owner[c] == p else "opp:") + oid[c], defs[c].name, refs[c])
                         for c in cards])
    if n == len(options):
        return list(cards)  # forced: nothing to decide
    picks = yield Decision(p, kind, options, rule, prompt, min=n, max=n)
    return cards_of(options, picks)


def cards_of(options: tuple[Option, ...], picks: tuple[str, ...]) -> list[int]:
    """The card numbers the picked options name (each option's value is its card's CardRef)."""
    by_id = {o.id: cast(CardRef, o.value) for o in options}
    return [int(by_id[i]) for i in picks]


def choose_cards(g: RBGame, p: int, cards: Sequence[int], n: int, kind: str, rule: str,
                 prompt: str) -> Asks[list[int]]:
    """p picks ``n`` cards of a hand / deck / graveyard / pile (as many as there are)."""
    n = min(n, len(cards))
    if n <= 0:
        return []
    defs, refs = g.defs, g.refs
    if n == 1:
        seen: dict[str, int] = {}
        for c in cards:
            seen.setdefault(defs[c].id, c)
        options = tuple([option(cid, defs[c].name, refs[c]) for cid, c in seen.items()])
    else:
        oid = g.oid
        options = tuple([option(oid[c], defs[c].name, refs[c]) for c in cards])
    if n == len(options):
        return [int(cast(CardRef, o.value)) for o in options]  # forced: nothing to decide
    picks = yield Decision(p, kind, options, rule, prompt, min=n, max=n)
    return cards_of(options, picks)


# -- targets ---------------------------------------------------------------------------------
def resolve_target(g: RBGame, ctx: Ctx, target: Target, purpose: str) -> Asks[list[int]]:
    """The field cards an op acts on (a choice for ``chosen``); removal never hits a core."""
    pick = target.pick
    p = ctx.player
    if pick == "chosen" or pick == "all":
        sides = (p,) if target.side == "own" else (1 - p,) if target.side == "opponent" else (p, 1 - p)
        zone = target.zone
        cands = []
        for q in sides:
            if zone == "fighter":
                pool = [c for c in g.slots[q] if c >= 0]
            elif zone == "core":
                pool = [g.core[q]]
            else:  # the top card of the zone, not counting spells that are resolving now
                pool = [c for c in g.spell[q] if c not in g.resolving][-1:]
            for c in pool:
                if field.matches(g, c, target, p, ctx.card):
                    cands.append(c)
        if pick == "all":
            return cands
        if not cands:
            g.push(("nothing", p, ("card", "op"), g.label_of(ctx.card), purpose))
            return []
        name = g.defs[ctx.card].name
        return (yield from choose_field(g, p, cands, target.count, "target", "RB-TURN-1", f"{name}の対象"))
    if pick == "self":
        card = ctx.card
    elif pick == "host":
        card = g.host_of[ctx.card]
    elif pick == "attacker":
        card = ctx.attack.attacker if ctx.attack is not None else -1
    elif pick == "attack-target":
        card = ctx.attack.target if ctx.attack is not None else -1
    elif pick == "own-core":
        card = g.core[p]
    else:
        card = g.core[1 - p]
    if card < 0 or not field.on_field(g, card):
        return []
    if purpose != "power" and field.is_core(g, card):
        return []  # a core fighter only ever loses life cards (RB-BAT-5)
    return [card]


# -- removal ---------------------------------------------------------------------------------
def destroy_cards(g: RBGame, cards: list[int], why: str, by: int = -1) -> Asks[None]:
    """Destroy fighters (with their piles) and spells at once, then 【破壊時】."""
    dead = []
    for card in cards:
        if g.slot_of[card] >= 0:
            field.leave_field(g, card)
            dead.append(card)
        elif card in g.spell[g.owner[card]]:
            field.spell_leaves(g, card)
        else:
            continue
        field.to_grave(g, card)
        g.push(("destroyed", g.owner[card], ("card", "why"), g.oid[card], why))
    if dead:
        yield from destroyed_triggers(g, dead)


def return_to_hand(g: RBGame, card: int) -> None:
    """return-to-hand: to the owner's hand; the pile underneath goes to the graveyard. A card
    that was open (a fighter, a face-up spell) is known in that hand to both players."""
    p = g.owner[card]
    if g.slot_of[card] >= 0:
        field.leave_field(g, card)
        g.seen_in_hand[p].add(card)
    elif card in g.spell[p]:
        if g.face_up[card]:
            g.seen_in_hand[p].add(card)
        field.spell_leaves(g, card)
    else:
        return
    g.hand[p].append(card)
    g.push(("returned", g.owner[card], ("card",), g.oid[card]))


# -- hands, decks, graveyards ----------------------------------------------------------------
def discard(g: RBGame, p: int, count: int, random: bool, by: int) -> Asks[None]:
    """discard: at random (the game's generator) or chosen by the hand's owner."""
    hand = g.hand[p]
    n = min(count, len(hand))
    if n == 0:
        g.push(("nothing", p, ("card", "op"), g.oid[by], "discard"))
        return
    if random:
        cards = [hand[g.rng.below(len(hand))]]
        for _ in range(n - 1):
            rest = [c for c in hand if c not in cards]
            cards.append(rest[g.rng.below(len(rest))])
        g.push(("chance", p, ("what", "result"), "discard", [g.oid[c] for c in cards]))
    else:
        cards = yield from choose_cards(g, p, hand, n, "discard", "RB-TURN-1", "捨てる手札")
    discard_cards(g, p, cards, "effect")


def discard_cards(g: RBGame, p: int, cards: list[int], why: str) -> None:
    """Hand cards of p go to the graveyard (a discard effect or a cost)."""
    seen = g.seen_in_hand[p]
    for c in cards:
        g.hand[p].remove(c)
        seen.discard(c)
        g.grave[p].append(c)
    g.push(("discard", p, ("cards", "why"), [g.oid[c] for c in cards], why))


def take_matching(g: RBGame, ctx: Ctx, zone: str, filt: Filter, count: int) -> Asks[None]:
    """search-deck / graveyard-to-hand: up to ``count`` matching cards to the hand."""
    p = ctx.player
    source = g.deck[p] if zone == "deck" else g.grave[p]
    names = g.pool.names
    cards = [c for c in source if filt.matches(g.defs[c], names)]
    if not cards:
        g.push(("nothing", p, ("card", "op"), g.oid[ctx.card], zone))
    else:
        prompt = "デッキから手札に加えるカード" if zone == "deck" else "墓地から手札に加えるカード"
        picked = yield from choose_cards(g, p, cards, count, "take", "RB-TURN-1", prompt)
        for c in picked:
            source.remove(c)
            g.hand[p].append(c)
        if zone != "deck":  # taken from the open graveyard: known in the hand
            g.seen_in_hand[p].update(picked)
        g.push(("to-hand", p, ("cards", "source"), [g.oid[c] for c in picked], zone))
    if zone == "deck":
        shuffle_deck(g, p)


def shuffle_deck(g: RBGame, p: int) -> None:
    """Shuffle p's deck with the game's generator; the order is a logged chance outcome."""
    g.rng.shuffle(g.deck[p])
    g.push(("chance", p, ("what", "result"), "shuffle", [g.oid[c] for c in reversed(g.deck[p])]))
