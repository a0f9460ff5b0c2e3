"""The rules of a custom game as plain functions over :class:`~.state.State`.

Zone moves and their triggers, drawing, counters, running an ability's words, and the turn:
its steps, the main phase's actions (play a card, attack, activate, pass), one-deep responses,
blocks, the end conditions and the round limit. Functions that may ask a player are generators
(``yield`` a :class:`~fuda.engine.core.Decision`, get the picks back); the rest are plain.
Rule ids (``CU-…``) name the clauses of :data:`.catalogue.CATALOGUE`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from fuda.engine.core import Decision, GameOver, Option, Termination
from fuda.engine.core.decision import one_of, option
from fuda.engine.core.hidden import CardRef
from fuda.engine.custom.state import GONE, applies, matches, pile, put, statics, zone_of

if TYPE_CHECKING:
    from fuda.engine.custom.defs import End

#: turns a game without a round limit may last (every game ends: a draw at the limit)
SAFETY_TURNS = 200
#: triggered abilities one chain may run, and actions one main step may take (a draw past them)
MAX_CHAIN = 500
MAX_ACTIONS = 300


class Ctx:
    """A running ability: its card (``src``, -1 for a turn step), its controller, and the card a
    response answers."""

    __slots__ = ("answering", "me", "src")

    def __init__(self, src: int, me: int, answering: int = GONE):
        self.src, self.me, self.answering = src, me, answering


def card_id(st, c: int) -> str:
    """The database id of card c ('' for no card)."""
    return st.defs[c].id if c >= 0 else ""


def options_of(st, prefix: str, cards, label: str = "{card}") -> tuple[Option, ...]:
    """One option per card: id ``prefix + card id`` (``#n`` added when an id repeats), ``label``
    with the card's name as its label and its number as value."""
    seen: dict[str, int] = {}
    for c in cards:
        cid = st.defs[c].id
        seen[cid] = seen.get(cid, 0) + 1
    out = []
    count: dict[str, int] = {}
    for c in cards:
        d = st.defs[c]
        k = count[d.id] = count.get(d.id, 0) + 1
        oid = prefix + d.id if seen[d.id] == 1 else f"{prefix}{d.id}#{k}"
        out.append(option(oid, label.format(card=d.name), CardRef(c)))  # a card the decision shows (engine.core.hidden)
    return tuple(out)


def pick_cards(st, who: int, kind: str, cards, rule: str, count: int, src: int = GONE):
    """Ask ``who`` to pick ``count`` of ``cards`` (a generator returning the card numbers)."""
    options = options_of(st, "", cards)
    prompt = st.defs[src].name if src >= 0 else ""
    if count == 1:
        picks = yield one_of(Decision, who, kind, options, rule, prompt)
    else:
        picks = yield Decision(who, kind, options, rule, prompt, count, count)
    by_id = {o.id: o.value for o in options}
    return [int(by_id[p]) for p in picks]


# -- zones ---------------------------------------------------------------------------------------
def move(st, c: int, zone: int, how: str = "move", top: bool = False) -> None:
    """Card c goes to its owner's ``zone``; leaving the field resets it (stands, loses its
    changes) and queues its ``leaves`` abilities, a token leaving the field ceases to exist,
    entering a zone queues ``enters`` abilities of that zone (CU-ZONE-2)."""
    rules = st.static.rules
    owner = st.owner[c]
    was = zone_of(st, c)
    put(st, c, pile(st, zone, owner), top)
    st.push(("move", owner, ("card", "from", "to", "how"), card_id(st, c), was, zone, how))
    d = st.defs[c]
    if was == rules.field:
        st.tapped[c] = False
        st.mods[c] = None
        st.kws[c] = ()
        if st.temp:
            st.temp[:] = [t for t in st.temp if t[1] != c]
        for ab in d.abilities.get("leaves", ()):
            st.queue.append((ab, c, owner))
        if d.token:
            put(st, c, GONE)
            st.push(("vanish", owner, ("card",), d.id))
            return
    if zone == rules.field:
        st.entered[c] = st.turn
    for ab in d.abilities.get("enters", ()):
        if ab.zone == zone:
            st.queue.append((ab, c, owner))


def destroy(st, c: int) -> None:
    """Card c goes from the field to its owner's discard; its ``destroyed`` abilities are queued."""
    for ab in st.defs[c].abilities.get("destroyed", ()):
        st.queue.append((ab, c, st.owner[c]))
    move(st, c, st.static.rules.discard, how="destroy")


def draw(st, p: int) -> None:
    """p draws the top card of their deck; an empty deck marks p as decked (CU-END-2)."""
    rules = st.static.rules
    deck = st.piles[pile(st, rules.deck, p)]
    if not deck:
        st.decked[p] = True
        st.push(("deck-out", p, ()))
        return
    c = deck[0]
    put(st, c, pile(st, rules.hand, p))
    st.push(("draw", p, ("card",), st.defs[c].id))


def shuffle(st, p: int) -> None:
    """Shuffle p's deck (the order is logged as a chance outcome)."""
    deck = st.piles[pile(st, st.static.rules.deck, p)]
    st.rng.shuffle(deck)
    st.push(("chance", p, ("what", "result"), "shuffle", [st.defs[c].id for c in deck]))


def add(st, p: int, counter: int, amount: int) -> None:
    """Add ``amount`` (may be negative) to p's counter, kept within its bounds (CU-COUNTER-1)."""
    rules = st.static.rules
    old = st.counters[p][counter]
    new = min(max(old + amount, rules.lo[counter]), rules.hi[counter])
    st.counters[p][counter] = new
    st.push(("counter", p, ("counter", "by", "value"), rules.counters[counter], new - old, new))


def make_token(st, p: int, card: str, zone: int) -> int:
    """A new card (a token) of p, a copy of database card ``card``, put into p's ``zone``."""
    d = st.static.token(card)
    c = len(st.defs)
    st.defs.append(d)
    st.owner.append(p)
    st.where.append(GONE)
    st.tapped.append(False)
    st.entered.append(st.turn)
    st.mods.append(None)
    st.kws.append(())
    st.push(("token", p, ("card",), d.id))
    move(st, c, zone, how="token")
    return c


def protected(st, c: int, src: int) -> bool:
    """Whether card c may not be targeted by card ``src`` (a static ``protect`` on the field
    whose controller is not src's controller, CU-STATIC-2)."""
    if not st.static.rules.protects:
        return False
    for s in statics(st):
        for op in st.defs[s].statics:
            if op.name == "protect" and st.owner[s] != st.owner[src] and applies(st, op.args, s, c, current=False) \
                    and matches(st, src, op.args.get("from_"), current=False):
                return True
    return False


# -- abilities -----------------------------------------------------------------------------------
def holds(st, cond, ctx) -> bool:
    """Whether an ability's ``if`` holds for its controller (CU-ABILITY-2)."""
    if cond is None:
        return True
    if cond.counter >= 0:
        n = st.counters[ctx.me if cond.who == "you" else 1 - ctx.me][cond.counter]
    else:
        spec = cond.spec
        seats = (ctx.me,) if spec["owner"] == "you" else (1 - ctx.me,) if spec["owner"] == "opponent" else (0, 1)
        n = 0
        for q in seats:
            for c in st.piles[pile(st, spec["zone"], q)]:
                if not (spec["other"] and c == ctx.src) and matches(st, c, spec["filter"]):
                    n += 1
    return (cond.at_least is None or n >= cond.at_least) and (cond.at_most is None or n <= cond.at_most)


def run_ops(st, ctx, ops):
    """Do the words of an effect in order (a generator)."""
    for op in ops:
        if op.gen:
            yield from op.fn(st, ctx, **op.args)
        else:
            op.fn(st, ctx, **op.args)


def run_ability(st, ab, src: int, me: int, answering: int = GONE):
    """One ability of card ``src`` for its controller ``me``, if its condition holds."""
    if ab.manual:  # the engine cannot play it: the log says so, for the players to settle
        st.push(("manual", me, ("card", "ability", "reason"), card_id(st, src), ab.index, ab.manual))
        return
    ctx = Ctx(src, me, answering)
    if not holds(st, ab.cond, ctx):
        st.push(("unmet", me, ("card", "ability"), card_id(st, src), ab.index))
        return
    st.push(("ability", me, ("card", "ability", "when"), card_id(st, src), ab.index, ab.when))
    yield from run_ops(st, ctx, ab.ops)


def drain(st):
    """Run the queued triggered abilities, oldest first, and those they queue (CU-ABILITY-3).
    Abilities that keep queueing each other end the game as a draw after :data:`MAX_CHAIN`."""
    queue = st.queue
    ran = 0
    while queue:
        ab, src, me = queue.pop(0)
        yield from run_ability(st, ab, src, me)
        ran += 1
        if ran > MAX_CHAIN:
            raise GameOver(None, f"draw: abilities triggered each other more than {MAX_CHAIN} times in a row",
                           Termination.TURN_LIMIT, f"引き分け：能力が {MAX_CHAIN} 回を超えて続けて働いた（終わらない連鎖）")


def check_end(st) -> None:
    """Raise GameOver when an end condition holds (CU-END-1..3): every player it makes win or
    lose, checked for the active player first; both losing (or both winning) is a draw."""
    rules = st.static.rules
    won: list[tuple[int, End]] = []
    lost: list[tuple[int, End]] = []
    for p in (st.active, 1 - st.active):
        for end in rules.ends:
            if end.counter >= 0:
                v = st.counters[p][end.counter]
                if (end.at_least is not None and v >= end.at_least) or (end.at_most is not None and v <= end.at_most):
                    (won if end.result == "win" else lost).append((p, end))
            elif st.decked[p]:
                (won if end.result == "win" else lost).append((p, end))
    if not won and not lost:
        return
    winners = {p for p, _ in won} | {1 - p for p, _ in lost}
    why_en, why_ja = rules.end_text(won[0] if won else lost[0], won=bool(won))
    if len(winners) != 1:
        raise GameOver(None, f"draw: {why_en}", Termination.DRAW, f"引き分け：{why_ja}")
    w = winners.pop()
    kind = Termination.DECK_OUT if (won or lost)[0][1].counter < 0 else Termination.POINTS
    raise GameOver(w, f"player {w + 1} wins: {why_en}", kind, f"P{w + 1} の勝ち：{why_ja}")


def check_limit(st) -> None:
    """After a turn: the round limit decides by the counters in order (CU-END-4); without one,
    the engine's safety limit ends the game as a draw."""
    rules = st.static.rules
    if rules.rounds and st.turn >= rules.rounds * rules.players:
        a, b = st.counters[0], st.counters[1]
        for k in rules.decide_by:
            if a[k] != b[k]:
                w = 0 if a[k] > b[k] else 1
                name, label = rules.counter_name(k, "en"), rules.counter_labels[k]
                raise GameOver(w, f"player {w + 1} wins on {name} after {rules.rounds} rounds ({a[k]}–{b[k]})",
                               Termination.POINTS, f"P{w + 1} の勝ち：{rules.rounds} 巡して{label}が多い（{a[k]}–{b[k]}）")
        raise GameOver(None, f"draw after {rules.rounds} rounds", Termination.DRAW,
                       f"引き分け：{rules.rounds} 巡して差がつかない")
    if st.turn >= SAFETY_TURNS:
        raise GameOver(None, f"draw: the game reached the engine's limit of {SAFETY_TURNS} turns",
                       Termination.TURN_LIMIT, f"引き分け：エンジンの上限 {SAFETY_TURNS} 手番に達した")
