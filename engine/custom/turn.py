"""Setup and the turn of a custom game: its steps, the main phase's actions, responses, combat.

All generators over :class:`~.state.State` (they ``yield`` decisions); the words the steps and
abilities use are :mod:`.effects`, the card-level rules :mod:`.rules`.
"""

from __future__ import annotations

from fuda.engine.core import Decision, GameOver, Option, Termination
from fuda.engine.core.decision import one_of, option
from fuda.engine.core.hidden import CardRef
from fuda.engine.custom import rules as R
from fuda.engine.custom.state import GONE, has, pile, put, value

PASS = Option("pass", "終える")
NO_RESPONSE = Option("pass", "対応しない")
NO_BLOCK = Option("none", "ブロックしない")
# the main phase's labels say what an option does: a card's name alone could be a play or an attack
PLAY, ATTACK, ACTIVATE = "プレイ: {card}", "{card}で攻撃", "{card}の能力を起動"


def setup(st, first: int | None = None):
    """CU-SETUP-1: the first player (``first``, when a match fixes it), shuffled decks, opening
    hands; counters start at their start values (the state is made with them)."""
    rules = st.static.rules
    if first is not None:
        st.first = first
        st.push(("first", first, ()))
    elif rules.first == "random":
        st.first = st.rng.below(rules.players)
        st.push(("chance", st.first, ("what", "result"), "first-player", st.first))
    else:
        st.first = 0
        st.push(("first", 0, ()))
    for p in range(rules.players):
        if rules.shuffle:
            R.shuffle(st, p)
        for _ in range(rules.hand_size):
            R.draw(st, p)
    st.active = st.first
    return
    yield  # (a generator, like every step)


def play_turn(st):
    """CU-TURN-1: one turn of the active player: its turn-start abilities, then the declared
    steps in order; the end conditions are checked after every step and action."""
    rules = st.static.rules
    p = st.active
    st.turn += 1
    st.push(("turn", p, ("number",), st.turn))
    for c in list(st.piles[pile(st, rules.field, p)]):
        for ab in st.defs[c].abilities.get("turn-start", ()):
            st.queue.append((ab, c, p))
    yield from R.drain(st)
    R.check_end(st)
    for step in rules.steps:
        kind = step.kind
        if kind == "refresh":
            for c in st.piles[pile(st, rules.field, p)]:
                st.tapped[c] = False
        elif kind == "main":
            yield from main(st, p)
        elif kind == "end":
            yield from end_step(st, p)
        elif not (step.skip_first and st.turn == 1):
            yield from R.run_ops(st, R.Ctx(GONE, p), (step.op,))
            yield from R.drain(st)
        R.check_end(st)
    st.active = (p + 1) % rules.players
    R.check_limit(st)


def end_step(st, p: int):
    """CU-TURN-3: turn-end abilities of p's field, then every until-end-of-turn change ends."""
    rules = st.static.rules
    for c in list(st.piles[pile(st, rules.field, p)]):
        for ab in st.defs[c].abilities.get("turn-end", ()):
            st.queue.append((ab, c, p))
    yield from R.drain(st)
    st.temp.clear()


def affordable(st, p: int, c: int) -> bool:
    """Whether p can pay card c's cost (CU-PLAY-1)."""
    rules = st.static.rules
    return rules.pay < 0 or st.defs[c].cost <= st.counters[p][rules.pay]


def can_attack(st, p: int, c: int) -> bool:
    """CU-COMBAT-1: a standing attacker of p that did not enter this turn (or has haste) and
    is not barred from attacking."""
    rules = st.static.rules
    d = st.defs[c]
    if not d.attacker or st.tapped[c] or has(st, c, "cannot-attack"):
        return False
    return st.entered[c] < st.turn or any(has(st, c, k) for k in rules.haste)


def main(st, p: int):
    """CU-MAIN-1: p plays cards, attacks and activates until they pass (copies of a card in hand
    are one choice)."""
    rules = st.static.rules
    hand_pile = st.piles[pile(st, rules.hand, p)]
    field_pile = st.piles[pile(st, rules.field, p)]
    defs, counters, pay = st.defs, st.counters[p], rules.pay
    activates = st.static.activates
    for _ in range(R.MAX_ACTIONS):
        options = []
        budget = counters[pay] if pay >= 0 else 1 << 30
        seen = set()
        for c in hand_pile:
            d = defs[c]
            if d.cost <= budget and d.id not in seen:
                seen.add(d.id)
                options.append(option(d.play_id, PLAY.format(card=d.name), CardRef(c)))
        if rules.combat:
            attackers = [c for c in field_pile if can_attack(st, p, c)]
            if attackers:
                options.extend(R.options_of(st, "attack:", attackers, ATTACK))
        if activates:
            for c in field_pile:
                for ab in defs[c].abilities.get("activate", ()):
                    if (not ab.tap or not st.tapped[c]) and ab.pay <= budget:
                        options.append(option(f"activate:{defs[c].id}:{ab.index + 1}", ACTIVATE.format(card=defs[c].name),
                                              CardRef(c)))
        options.append(PASS)
        pick = yield one_of(Decision, p, "main", tuple(options), "CU-MAIN-1", "行動を選ぶ")
        chosen = pick[0]
        if chosen == "pass":
            return
        c = int(next(o.value for o in options if o.id == chosen))
        if chosen.startswith("play:"):
            yield from play_card(st, p, c, respond=True)
        elif chosen.startswith("attack:"):
            yield from attack(st, p, c)
        else:
            yield from activate(st, p, c, int(chosen.rsplit(":", 1)[1]) - 1)
        R.check_end(st)
    raise GameOver(None, f"draw: player {p + 1} took more than {R.MAX_ACTIONS} actions in one main step",
                   Termination.TURN_LIMIT, f"引き分け：P{p + 1} が１回の main で {R.MAX_ACTIONS} 回を超えて行動した")


def play_card(st, p: int, c: int, respond: bool, answering: int = GONE):
    """CU-PLAY-1..3: pay, take the card from the hand; the opponent may respond (once, not to a
    response); unless countered, a permanent enters the field and its ``play`` abilities run, any
    other card's ``play`` abilities run and it goes to the discard."""
    rules = st.static.rules
    d = st.defs[c]
    if rules.pay >= 0 and d.cost:
        R.add(st, p, rules.pay, -d.cost)
    put(st, c, GONE)
    st.push(("play", p, ("card",), d.id))
    if respond and "play" in rules.windows:
        yield from respond_to(st, 1 - p, c)
    if st.countered == c:
        st.countered = GONE
        R.move(st, c, rules.discard, how="countered")
        yield from R.drain(st)
        return
    if d.permanent:
        R.move(st, c, rules.field, how="play")
        st.entered[c] = st.turn
        for ab in d.abilities.get("play", ()):
            yield from R.run_ability(st, ab, c, p, answering)
    else:
        for ab in d.abilities.get("play", ()):
            yield from R.run_ability(st, ab, c, p, answering)
        R.move(st, c, rules.discard, how="resolve")
    yield from R.drain(st)


def respond_to(st, q: int, answering: int):
    """CU-RESPOND-1: q may play one card the ``respond`` filter allows (paying it) before the
    answered card or attack goes on; no decision when q has none it can pay for."""
    rules = st.static.rules
    cards = [c for c in st.piles[pile(st, rules.hand, q)] if st.defs[c].responds and affordable(st, q, c)]
    if not cards:
        return
    seen = set()
    options = []
    for c in cards:
        d = st.defs[c]
        if d.id not in seen:
            seen.add(d.id)
            options.append(option(d.play_id, PLAY.format(card=d.name), CardRef(c)))
    options.append(NO_RESPONSE)
    pick = yield one_of(Decision, q, "respond", tuple(options), "CU-RESPOND-1", "対応する札を選ぶ")
    if pick[0] == "pass":
        return
    c = int(next(o.value for o in options if o.id == pick[0]))
    yield from play_card(st, q, c, respond=False, answering=answering)



def activate(st, p: int, c: int, index: int):
    """CU-MAIN-2: pay an ``activate`` ability's cost (counter, lying down) and run it."""
    rules = st.static.rules
    ab = next(a for a in st.defs[c].abilities["activate"] if a.index == index)
    if ab.pay and rules.pay >= 0:
        R.add(st, p, rules.pay, -ab.pay)
    if ab.tap:
        st.tapped[c] = True
    yield from R.run_ability(st, ab, c, p)
    yield from R.drain(st)


def can_block(st, b: int, a: int) -> bool:
    """CU-COMBAT-2: a standing card that may attack may block, if it has a blocker keyword (when
    the game declares any), every evasion keyword of the attacker asks for, and no cannot-block."""
    rules = st.static.rules
    if not st.defs[b].attacker or st.tapped[b] or has(st, b, "cannot-block"):
        return False
    if rules.blockers and not any(has(st, b, k) for k in rules.blockers):
        return False
    for kw, needs in rules.evasion:  # noqa: SIM110 (a loop, not all(): on every block test of a playout)
        if has(st, a, kw) and not has(st, b, needs):
            return False
    return True


def attack(st, p: int, a: int):
    """CU-COMBAT-1..4: the attacker lies down and its ``attacks`` abilities run; the defender may
    respond, then block with one card; a block compares strength (lower destroyed, equal both),
    an unblocked attack does the game's ``unblocked`` words for the attacker's controller."""
    rules = st.static.rules
    q = 1 - p
    st.tapped[a] = True
    st.push(("attack", p, ("card",), st.defs[a].id))
    for ab in st.defs[a].abilities.get("attacks", ()):
        yield from R.run_ability(st, ab, a, p)
    yield from R.drain(st)
    if "attack" in rules.windows:
        yield from respond_to(st, q, GONE)
    field = rules.field
    if st.where[a] != pile(st, field, p):
        return  # the attacker left the field: the attack ends
    blockers = [b for b in st.piles[pile(st, field, q)] if can_block(st, b, a)]
    b = GONE
    if blockers:
        options = (*R.options_of(st, "block:", blockers), NO_BLOCK)
        pick = yield one_of(Decision, q, "block", options, "CU-COMBAT-2", st.defs[a].name)
        if pick[0] != "none":
            b = int(next(o.value for o in options if o.id == pick[0]))
    if b == GONE:
        st.push(("unblocked", p, ("card",), st.defs[a].id))
        yield from R.run_ops(st, R.Ctx(a, p), rules.unblocked)
        yield from R.drain(st)
        return
    sa, sb = value(st, a, rules.strength) or 0, value(st, b, rules.strength) or 0
    st.push(("block", q, ("card", "attacker", "strength", "against"), st.defs[b].id, st.defs[a].id, sb, sa))
    if sa >= sb:
        R.destroy(st, b)
    if sb >= sa:
        R.destroy(st, a)
    yield from R.drain(st)


__all__ = ["attack", "main", "play_card", "play_turn", "setup"]
