"""The greedy policy for toho-tcg: a function of a seat's :class:`~.view.TTView` only.

One-ply rules of thumb, no search: keep the opening hand, draw up to 7, develop characters,
then equips, assisters and worlds in the own main phase; play damaging quicks at the opponent's
characters; attack the player when it can, else the weakest character the attack can destroy;
pay costs with the least useful hand cards, not with characters that could still attack; never
make 霊力 ahead. Not a strong player — a consistent one, so that simulations measure the cards
rather than the noise of random play. Which opposing characters an effect could hit is judged
from the open field (【バリア】, 【プロテクション】 against a character's 【起動】, the effect's
target kind), the way a player at the table would.
"""

from __future__ import annotations

from fuda.engine.core.agents import policy
from fuda.engine.toho_tcg.view import Char, TTView

HARMFUL = ("damage", "destroy", "tap", "return-to-hand", "counter")


@policy(TTView)
def greedy(view: TTView, decision, rng) -> tuple[str, ...]:
    """The greedy answer to ``decision`` from what ``view`` shows."""
    scorer = SCORERS.get(decision.kind)
    if scorer is not None:
        picked = scorer(view, decision, decision.player)
        if picked is not None:
            return picked
    n = decision.min if decision.options else 0
    return tuple(o.id for o in rng.sample(decision.options, n)) if n else ()


def card_value(v: TTView, c: int) -> float:
    """How much a hand card is worth keeping (higher: keep)."""
    d = v.defs[c]
    if d.kind == "character":
        return 2.0 + d.attack + d.defense * 0.5 + (1 if d.rank == "hard" else 0)
    return 1.5 + d.cost * 0.5


def _char(v: TTView, card: int) -> Char:
    """The character on the field an attack or defense option names."""
    c = v.char(card)
    assert c is not None, card
    return c


def _draw(v: TTView, decision, p):
    k = len(decision.options) - 1
    deck = v.sides[p].deck_size
    return (f"draw:{k if deck > k else max(0, deck - 1)}",)


def _priority(v: TTView, decision, p):
    best, score = "pass", 0.0
    for o in decision.options:
        s = _score_play(v, o, p)
        if s > score:
            best, score = o.id, s
    return (best,)


def _hittable(v: TTView, src: int, kind: str, target: str, p: int) -> list:
    """The opposing characters an effect of ``src`` with this target kind could choose or hit."""
    if target in ("opponent-character", "any-character", "all-opponent-characters", "all-characters"):
        pool = v.sides[1 - p].chars
    else:
        return []
    if target.startswith("all-"):
        return list(pool)
    sd = v.defs[src]
    out = []
    for c in pool:
        k = c.kw()
        if "barrier" in k:
            continue
        if kind == "activated" and "protection" in k and sd.kind == "character" \
                and any(t in k["protection"] for t in sd.types):
            continue
        out.append(c)
    return out


def _kill_value(v: TTView, p: int, src: int, kind: str, ops) -> float:
    """How good a harmful effect is now: the best opposing victim's value, 0 when useless."""
    best = 0.0
    for op in ops:
        name = op.name
        if name == "if":
            best = max(best, _kill_value(v, p, src, kind, op.args["then"]))
            continue
        if name == "damage" and op.args["target"] in ("opponent",):
            best = max(best, 1.0)
        elif name == "damage":
            amount = op.args["amount"]
            for c in _hittable(v, src, kind, op.args["target"], p):
                if amount - c.kw().get("resist", 0) > c.defense - c.damage:
                    best = max(best, 3.0 + c.attack + v.defs[c.card].cost)
        elif name in ("destroy", "return-to-hand") and op.args["target"] not in ("this", "equipped"):
            for c in _hittable(v, src, kind, op.args["target"], p):
                best = max(best, 3.0 + v.defs[c.card].cost)
        elif name == "counter" and v.stack and v.stack[-1].player != p:
            best = max(best, 6.0)
    return best


def _score_play(v: TTView, o, p) -> float:
    kind = o.id.partition(":")[0]
    own_main = v.window == "main" and p == v.active
    hand = v.sides[p].hand_size
    if kind == "play":
        d = v.defs[o.value]
        if d.kind == "character":
            return 6 + d.attack
        if d.kind in ("equip", "assister", "world"):
            return 4 if own_main and hand > d.cost + 1 else 0
        ops = d.on_play.ops if d.on_play else ()
        value = _kill_value(v, p, o.value, "quick", ops)
        if value and hand > d.cost:
            return value
        names = [op.name for op in ops]
        if ("draw" in names or "recover" in names) and hand > d.cost + 1 and own_main:
            return 2
        return 0
    if kind == "activate":
        src, n = o.value
        ability = v.defs[src].activated[n]
        value = _kill_value(v, p, src, "activated", ability.ops)
        if value:
            return value
        names = [op.name for op in ability.ops]
        if own_main and "recover" in names and hand < 5:
            return 1
        return 0
    return 0


def _pay(v: TTView, decision, p):
    hand = sorted((o for o in decision.options if o.id.startswith("hand:")), key=lambda o: card_value(v, o.value))
    taps = [o for o in decision.options if o.id.startswith("tap:")]
    own_turn = p == v.active and v.phase in ("standby", "main")
    ordered = hand + taps if own_turn else taps + hand  # in the own turn, keep attackers untapped
    return tuple(o.id for o in ordered[: decision.min])


def _target(v: TTView, decision, p):
    op = v.targeting
    harmful = op is not None and (op.name in HARMFUL or (
        op.name == "modify-stat" and (op.args["attack"] or 0) + (op.args["defense"] or 0) < 0))

    def score(o):
        x = o.value
        if not isinstance(x, int):
            return 1 if x.player != p else -1
        mine = v.controller(x) == p
        c = v.char(x)
        atk, dfn = (c.attack, c.defense) if c is not None else (0, v.defs[x].cost)
        return (100 if mine != harmful else 0) + atk + dfn

    return (max(decision.options, key=score).id,)


def _attack(v: TTView, decision, p):
    if "target:player" in decision.ids:
        return ("target:player",)
    ready = [c for c in v.sides[p].chars if not c.tapped and not c.attacked]
    power = sum(c.attack for c in ready)
    best, score = "end", 0.0
    for o in decision.options:
        if not isinstance(o.value, int):
            continue
        c = _char(v, o.value)
        if power > c.defense:  # it can be destroyed
            s = 10.0 + c.attack + v.defs[c.card].cost - c.defense * 0.1
        elif c.tapped and any(r.attack and "striker" in r.kw() for r in ready):
            s = 2.0  # strikers push damage through a tapped blocker
        else:
            continue
        if s > score:
            best, score = o.id, s
    return (best,)


def _attackers(v: TTView, decision, p):
    return tuple(o.id for o in sorted(decision.options, key=lambda o: -_char(v, o.value).defense))


def _discard(v: TTView, decision, p):
    cards = sorted(decision.options, key=lambda o: card_value(v, o.value))
    return tuple(o.id for o in cards[: decision.min])


def _recover(v: TTView, decision, p):
    cards = sorted(decision.options, key=lambda o: -card_value(v, o.value))
    return tuple(o.id for o in cards[: decision.max])


def _defender(v: TTView, decision, p):
    best = max(decision.options, key=lambda o: _char(v, o.value).defense if o.value is not None else -1)
    return (best.id,)


SCORERS = {
    "mulligan": lambda v, d, p: ("keep",), "draw": _draw, "priority": _priority, "pay": _pay, "reiryoku": _pay,
    "target": _target, "attack": _attack, "attackers": _attackers,
    "level-up": lambda v, d, p: (d.options[0].id,), "discard": _discard, "hand-trash": _discard,
    "recover": _recover, "search": _recover, "defender": _defender,
    "spell-defender": lambda v, d, p: (d.options[-1].id,),
}
