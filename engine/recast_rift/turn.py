"""The turn of Recast Rift: setting up, the draw & lift step, the main phase, refresh and
cleanup (RR-TURN-1..7), as functions over a :class:`~fuda.engine.recast_rift.game.RecastRift`."""

from __future__ import annotations

from functools import partial

from fuda.engine.core import Decision
from fuda.engine.core.decision import Option, option
from fuda.engine.recast_rift.awakening import activate, activate_block, activate_options, awaken, awaken_block
from fuda.engine.recast_rift.combat import cast, cast_block
from fuda.engine.recast_rift.setup import PHASES, Position
from fuda.engine.recast_rift.state import Asks, RRGame, text_of, zone_of
from fuda.engine.recast_rift.zones import (
    ROMAN,
    can_lift_from,
    can_rebuild,
    choose_hand,
    draw_one,
    face_down,
    lift_all,
    lift_cards,
    rebuild,
)
from fuda.i18n import Text

END = option("end", "メインフェイズを終える")
REFRESH = (option("rebuild", "山札を再構成してリフト"), option("pass", "しない"))


def set_up(game: RRGame) -> None:
    """RR-DECK-4/5, RR-LIFE-1: slots, shuffled decks, first player, starting hands."""
    st, push = game.st, game.log.push
    for p, setup in enumerate(game.setups):
        push(("setup", p, ("deck", "fighters", "life"), setup.deck, list(setup.fighters), st.life[p]))
        st.deck[p] = list(game.spells[p])
        game.rng.shuffle(st.deck[p])
        push(("chance", p, ("what", "result"), "shuffle", [game.oid[c] for c in reversed(st.deck[p])]))
    first = game.settings["first-player"]
    st.active = game.rng.below(2) if first == "random" else (0 if first == "player-1" else 1)
    push(("chance", st.active, ("what", "result"), "first-player", st.active))
    for p in (st.active, 1 - st.active):
        for _ in range(game.settings["starting-hand"]):
            draw_one(game, p, "starting-hand")


def place(game: RRGame, pos: Position) -> str:
    """Set an explicit position up (scenario tests); returns the phase to start in."""
    if pos.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {pos.phase!r}")
    st, defs = game.st, game.defs
    for p, seat in enumerate(pos.seats):
        ids = game.by_oid[p]
        placed: list[int] = []

        def take(cid: str, _p: int = p, _ids: dict[str, int] = ids, _placed: list[int] = placed) -> int:
            if cid not in _ids or defs[_ids[cid]].kind != "spell":
                raise ValueError(f"player {_p + 1} has no spell {cid!r} in their setup")
            card = _ids[cid]
            if card in _placed:
                raise ValueError(f"player {_p + 1}: {cid!r} is placed twice")
            _placed.append(card)
            return card

        hand = [take(c) for c in seat.hand]
        facedown = [take(c) for c in seat.face_down]
        reserve = [take(c) for c in seat.reserve]
        zones: list[list[int]] = [[], [], [], []]
        for z, cards in seat.zones.items():
            if z not in (1, 2, 3) or len(cards) > game.cap:
                raise ValueError(f"player {p + 1}: bad recast zone {z!r} or too many cards")
            zones[z] = [take(c) for c in cards]
        top = [take(c) for c in seat.deck]
        rest = [c for c in game.spells[p] if c not in placed]
        st.deck[p] = list(reversed(top + rest))
        st.hand[p], st.facedown[p], st.reserve[p], st.zones[p] = hand, facedown, reserve, zones
        st.awakened[p] = seat.awakened
        if seat.life is not None:
            st.life[p] = seat.life
        game.log.push(("position", p, ("life", "hand", "deck"),
                       st.life[p], list(seat.hand), [game.oid[c] for c in reversed(st.deck[p])]))
    st.active = pos.active
    st.turn = pos.turn - 1 if pos.phase == "draw" else pos.turn  # the draw phase starts the turn
    for p, n in pos.used:
        ability = defs[game.far[p]].while_awakened[n - 1]
        st.used[(game.far[p], ability.index)] = st.turn
    return pos.phase


def take_turn(game: RRGame, phase: str) -> Asks[None]:
    """RR-TURN-1: Draw & Lift, Main, Refresh & Cleanup."""
    st = game.st
    t = st.active
    start = PHASES.index(phase)
    if start == 0:
        game.log.push(("turn", t, ("turn", "life"), st.turn, list(st.life)))
        for _ in range(game.draws):  # RR-TURN-2
            draw_one(game, t, "draw-step")
        yield from lift_all(game, t, "lift-step")
    if start <= 1:
        yield from main_phase(game, t)
    if start <= 2 and can_rebuild(game, t):  # RR-TURN-6
        picks = yield Decision(t, "refresh", REFRESH, "RR-TURN-6", "リフレッシュステップ")
        if picks[0] == "rebuild":
            rebuild(game, t, "refresh")
            yield from lift_all(game, t, "refresh")
    excess = len(st.hand[t]) - game.hand_limit  # RR-TURN-7
    if excess > 0:
        cards = yield from choose_hand(game, t, t, excess, excess, "cleanup", "RR-TURN-7",
                                       f"手札を{game.hand_limit}枚にする")
        face_down(game, t, cards, "cleanup")
    game.log.push(("end-turn", t, ("turn",), st.turn))


# -- main phase ----------------------------------------------------------------------------
def main_options(game: RRGame, t: int) -> tuple[Option, ...]:
    """The turn player's choices now (RR-TURN-3..5)."""
    st = game.st
    hand = st.hand[t]
    cast_opt, lift_opt = game.cast_opt, game.lift_opt
    options = [cast_opt[card] for card in hand if cast_block(game, t, card, "main") is None]
    if hand:  # a lift costs a hand card (RR-TURN-4)
        zones = st.zones[t]
        for z in (1, 2, 3):
            if zones[z] and can_lift_from(game, t, z):
                options.extend(map(lift_opt.__getitem__, zones[z]))
    if awaken_block(game, t) is None:
        options.append(game.awaken_opt[t])
    options.extend(activate_options(game, t))  # (none before awakening)
    options.append(END)
    return tuple(options)


def main_phase(game: RRGame, t: int) -> Asks[None]:
    """Normal actions in any order, or one full-power cast (RR-TURN-3..5)."""
    st = game.st
    st.acted = False
    while True:
        picks = yield Decision(t, "main", main_options(game, t), "RR-TURN-3", "メインフェイズ",
                               explain=partial(explain_main, game))
        pick = picks[0]
        if pick == "end":
            return
        if pick.startswith("cast:"):
            card = game.by_oid[t][pick[5:]]
            if game.defs[card].timing == "full-power":
                game.log.push(("full-power", t, ("card",), pick[5:]))
                yield from cast(game, t, card)
                return
            st.acted = True
            yield from cast(game, t, card)
        elif pick.startswith("lift:"):
            st.acted = True
            card = game.by_oid[t][pick[5:]]
            cost = yield from choose_hand(game, t, t, 1, 1, "lift-cost", "RR-TURN-4", "伏せ札にする手札1枚")
            face_down(game, t, cost, "lift-cost")
            yield from lift_cards(game, t, [card], "normal-action")
        elif pick == "awaken":
            st.acted = True
            yield from awaken(game, t)
        else:
            st.acted = True
            yield from activate(game, t, int(pick[9:]))


def explain_main(game: RRGame, pick: str) -> str | None:
    """Why a known main-phase action is not allowed now."""
    st = game.st
    t = st.active
    if pick.startswith("cast:") and pick[5:] in game.by_oid[t]:
        card = game.by_oid[t][pick[5:]]
        if card not in st.hand[t]:
            return Text("why.not_in_hand", name=game.defs[card].name)
        return text_of(cast_block(game, t, card, "main"))
    if pick.startswith("lift:") and pick[5:] in game.by_oid[t]:
        card = game.by_oid[t][pick[5:]]
        z = zone_of(game, card)
        if z < 1:
            return Text("why.rr.not_deployed", name=game.defs[card].name)
        if not st.hand[t]:
            return Text("why.rr.lift_empty_hand")
        if not can_lift_from(game, t, z):
            return Text("why.rr.lift_full", zone=ROMAN[z - 1])
        return None
    if pick == "awaken":
        return text_of(awaken_block(game, t))
    if pick.startswith("activate:"):
        return text_of(activate_block(game, t, pick[9:], preempt=False))
    return None

