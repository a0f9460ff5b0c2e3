"""The greedy policy for RAISE×BLAZE: a function of a seat's :class:`~.view.RBView` only.

One-ply scores, no search: summon the biggest fighter it can (raise summons first), use spells
and 【起動】 when they have something to hit, attack only where the power comparison wins (never
core against core at equal power on its last life card: that loses or draws), block when the
blocker survives or life is short, take life cards into the hand while the hand is small. Not a
strong player; a consistent one, so that simulations measure the cards rather than the noise of
random play. It reads what its seat may know and nothing else (the decision's own options name
only its seat's cards).
"""

from __future__ import annotations

from math import exp

from fuda.engine.core.agents import evaluation, policy
from fuda.engine.raise_blaze.view import RBView


@policy(RBView)
def greedy(view: RBView, decision, rng) -> tuple[str, ...]:
    """The greedy answer to ``decision`` from what ``view`` shows."""
    scorer = SCORERS.get(decision.kind)
    options = decision.options
    if scorer is not None and options:
        n = max(decision.min, 1)
        p = decision.player
        ranked = sorted(options, key=lambda o: -scorer(view, o, p))
        return tuple(o.id for o in ranked[:n])
    n = max(decision.min, 1) if options else 0
    return tuple(o.id for o in rng.sample(options, n))


def _fighters(v: RBView, p: int) -> tuple[int, ...]:
    return v.sides[p].fighter_cards()


def spell_value(v: RBView, card: int, p: int) -> float:
    d = v.defs[card]
    if d.spell_type == "equip":
        return 3.0 if d.equip_side != "opponent" or _fighters(v, 1 - p) else -1.0
    if d.spell_type == "continuous":
        return 3.5
    value = 2.5
    for ability in d.on_activate:
        for op in ability.ops:
            target = op.args.get("target")
            if op.name in ("destroy", "return-to-hand") and target is not None:
                value = 4.5 if _fighters(v, 1 - p) else -1.0
            elif op.name == "modify-power":
                value = 2.0 if _fighters(v, p) and v.phase == "main" else -1.0
            elif op.name == "effect-summon":
                value = 3.0 if v.sides[p].free_zones else -1.0
    return value


def _main(v: RBView, o, p) -> float:
    verb = o.value[0] if o.value is not None else o.id
    card = o.value[1] if o.value is not None else -1
    if verb == "raise":
        return 6 + v.defs[card].power / 1000
    if verb == "summon":
        return 4 + v.defs[card].power / 1000
    if verb in ("spell", "open"):
        return spell_value(v, card, p)
    if verb == "set":
        return 2.2 if v.defs[card].on_intercept else 0.5
    if verb == "activate":
        cost = v.defs[card].activated[o.value[2]].cost
        if cost is not None and cost.discard:
            return 1.5 if v.sides[p].hand_size > 3 else -1
        return 3.0
    if verb == "battle":
        return 1.0
    if verb == "concede":
        return -100
    return 0.0


def _battle(v: RBView, o, p) -> float:
    if o.id == "end":
        return 0.0
    if o.id == "concede":
        return -100
    if type(o.value[0]) is str:  # a spell or 【起動】 between attacks (RB-SPL-1)
        return _main(v, o, p)
    a, target = o.value
    pa, pt = v.power(a), v.power(target)
    if v.is_core(target):
        if pa < pt:
            return -2.0
        if pa == pt and v.is_core(a) and v.sides[p].life <= 1:
            return -5.0  # core against core, equal: both lose a life card: the last one loses or draws
        blockers = [f for f in v.sides[1 - p].fighters if f.power >= pa]
        return 3.0 if not blockers else 0.5
    if pa > pt:
        return 4 + pt / 1000
    if pa == pt and not v.is_core(a):
        return 0.8 if v.defs[target].raise_ > v.defs[a].raise_ else -0.5
    return -2.0


def _block(v: RBView, o, p) -> float:
    if o.id == "through":
        return 0.0
    atk = v.attack
    pa = v.power(atk.attacker) if atk is not None else 0
    pb = v.power(o.value)
    if pb > pa:
        return 5.0
    if pb == pa:
        return 2.0
    return 1.0 if v.sides[p].life <= 2 else -1.0


def _life(v: RBView, o, p) -> float:
    if o.id == "hand":
        return 1.0 if v.sides[p].hand_size <= 3 else 0.0
    return 0.5


def _boost(v: RBView, card: int, n: int | None) -> int:
    """How much a spell (n None) or a 【起動】 (its index n) of ``card`` shifts a battle in its
    controller's favour: + for its own side, − given to the other side counts as +."""
    d = v.defs[card]
    abilities = d.on_activate if n is None else (d.activated[n],)
    total = 0
    for ability in abilities:
        for op in ability.ops:
            if op.name == "modify-power":
                side = op.args["target"].side
                total += op.args["amount"] * (-1 if side == "opponent" else 1)
    return total


def _battle_swing(v: RBView, o, p) -> float:
    """The value of a spell / 【起動】 in the middle of an attack: worth it only when a power
    change turns the comparison for p's card; otherwise keep it."""
    atk = v.attack
    if o.id == "pass" or atk is None:
        return 0.0
    verb, card = o.value[0], o.value[1]
    boost = _boost(v, card, o.value[2] if verb == "activate" else None)
    if boost <= 0:
        return -1.0
    mine, theirs = (atk.attacker, atk.target) if atk.player == p else (atk.target, atk.attacker)
    gap = v.power(theirs) - v.power(mine)
    return 2.0 if 0 <= gap < boost else -1.0


def _respond(v: RBView, o, p) -> float:
    if o.id == "pass":
        return 0.0
    if v.attack is not None and _boost(v, o.value[1], None) > 0:
        return _battle_swing(v, o, p)
    return spell_value(v, o.value[1], p) - 2.9


def _target(v: RBView, o, p) -> float:
    card = o.value
    return (2 if v.owner[card] != p else 0) + v.power(card) / 10000


def _take(v: RBView, o, p) -> float:
    d = v.defs[o.value]
    return d.power / 1000 + d.raise_ if d.kind == "fighter" else 1.5


def _discard(v: RBView, o, p) -> float:
    return -_take(v, o, p)


SCORERS = {
    "main": _main, "battle": _battle, "block": _block, "life": _life,
    "intercept": lambda v, o, p: 1.0 if o.id != "pass" else 0.0,
    "optional": lambda v, o, p: 1.0 if o.id == "yes" else 0.0,
    "window": _battle_swing, "respond": _respond, "target": _target,
    "equip": lambda v, o, p: v.power(o.value) / 10000,
    "underneath": lambda v, o, p: -v.power(o.value) / 1000 - v.defs[o.value].raise_,
    "effect-summon": lambda v, o, p: v.defs[o.value].power / 1000,
    "take": _take, "discard": _discard, "cost": _discard,
    "core": lambda v, o, p: v.defs[o.value].power / 1000,
}


@evaluation(RBView, horizon=16)  # about four turns (greedy games answer ≈ 4.2 decisions a turn)
def standing(v: RBView) -> float:
    """The chance that ``v``'s seat wins, from open counts only: life cards first (RB-LOSE-1),
    then the power on the field and the cards in hand; as the decks run low, more and more the
    cards left to draw (RB-LOSE-2: the shorter deck runs out first; of two equal ones, that of
    the player who draws next). A search scores its playouts with it."""
    me, opp = v.me, v.opponent
    margin = float(me.life - opp.life)
    field = sum(f.power for f in me.fighters) - sum(f.power for f in opp.fighters)
    core = (me.core_power or 0) - (opp.core_power or 0)
    margin += 0.4 * field / 1000 + 0.3 * core / 1000 + 0.2 * (me.hand_size - opp.hand_size)
    margin += 0.15 * (me.deck_size - opp.deck_size)  # a card drawn early is one fewer at the end
    low = min(me.deck_size, opp.deck_size)
    if low < DECK_END:
        # measured: against random, every game lost was lost to a deck-out while ahead on life
        lead = me.deck_size - opp.deck_size + (0.5 if v.active == v.seat else -0.5)
        weight = 1.0 - low / DECK_END
        margin = (1.0 - weight) * margin + weight * 2.0 * max(-3.0, min(3.0, lead))
    return 1.0 / (1.0 + exp(-margin))


#: cards left in the shorter deck from which the decks start to weigh in :func:`standing`
DECK_END = 12
