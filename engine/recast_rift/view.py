"""What one seat of a Recast Rift game may know (:class:`RRView`, a frozen value).

By the rule page: fighters are shown to the opponent; the awakening card lies face down
(「覚醒札は…伏せて置き」) until it awakens; the opponent's spells are unknown until cast
(「相手がどんなスペルカードを使うか戦うまで分かりません」); face-down cards are hidden from the
opponent (「相手に情報を隠して置くので、裏向きで置かれます」); the deck's order is hidden from
everyone. The recast zones, the cast zone and the reserve pile are open. So a seat sees its own
hand, face-down pile and both its awakening cards (it laid the far and the near one face down
itself, RR-DECK-4), and of the opponent only the open zones and the sizes of the hidden ones.
Once the opponent's far card has awakened, its near card is known too: the fighters were shown
(RR-DECK-1) and each has one awakening card, so the near one is the other fighter's. Cards are
card numbers; ``defs`` names every card the seat may know (its own spells and awakening cards,
the opponent's cards in open places or seen going into the hand), ``None`` elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from fuda.engine.core.hidden import Pool
from fuda.engine.core.view import TwoSides, seen_defs
from fuda.engine.recast_rift.defs import CardDef
from fuda.engine.recast_rift.state import RRGame


@dataclass(frozen=True)
class Side:
    """One player's side as the viewing seat sees it (``None``: hidden from that seat)."""

    life: int
    awakened: bool
    far: int | None  # the awakening card (the opponent's only once it has awakened)
    near: int | None  # the near awakening card (never awakens; the opponent's once the far one has)
    hand: tuple[int, ...] | None
    hand_size: int
    deck_size: int
    face_down: tuple[int, ...] | None
    face_down_size: int
    reserve: tuple[int, ...]
    zones: tuple[tuple[int, ...], ...]  # ［０］, Ⅰ, Ⅱ, Ⅲ, each in placing order
    known_hand: tuple[int, ...] = ()  # the hand cards the viewing seat knows (all of its own hand;
    # of the opponent's, those it saw revealed by a graze or retrieved from an open zone)

    def deployed(self) -> tuple[int, ...]:
        """Deployed cards, ［０］ first then Ⅰ, Ⅱ, Ⅲ."""
        z = self.zones
        return z[0] + z[1] + z[2] + z[3]

    def zone_of(self, card: int) -> int:
        """The recast zone of a deployed card, or -1."""
        for z, cards in enumerate(self.zones):
            if card in cards:
                return z
        return -1


@dataclass(frozen=True)
class RRView(TwoSides):
    """A seat's knowledge of the game: both sides (``sides[seat]`` is its own), the turn, the
    open cast zone and the rules settings."""

    seat: int
    turn: int
    active: int
    acted: bool  # the turn player took a normal action this main phase
    sides: tuple[Side, Side]
    cast_zone: tuple[int, ...]
    defs: tuple[CardDef | None, ...]  # by card number, None for a card this seat has not seen
    cap: int
    hand_limit: int
    awaken_at: int
    finished: bool

    def zone_of(self, card: int) -> int:
        """The recast zone of a deployed card of either side, or -1."""
        for side in self.sides:
            z = side.zone_of(card)
            if z >= 0:
                return z
        return -1


def view_of(game: RRGame, seat: int) -> RRView:
    """The view of ``seat`` of a :class:`~.game.RecastRift` (reads the game, never changes it)."""
    st = game.st
    sides = []
    shown: set[int] = set()
    for p in (0, 1):
        own = p == seat
        zones = tuple(tuple(z) for z in st.zones[p])
        far = game.far[p] if own or st.awakened[p] else None
        near = game.near[p] if (own or st.awakened[p]) and game.near[p] >= 0 else None
        reserve = tuple(st.reserve[p])
        side = Side(
            life=st.life[p], awakened=st.awakened[p], far=far, near=near,
            hand=tuple(st.hand[p]) if own else None, hand_size=len(st.hand[p]),
            deck_size=len(st.deck[p]),
            face_down=tuple(st.facedown[p]) if own else None, face_down_size=len(st.facedown[p]),
            reserve=reserve, zones=zones,
            known_hand=tuple(c for c in st.hand[p] if own or c in st.seen_in_hand[p]),
        )
        sides.append(side)
        shown.update(reserve)
        shown.update(side.known_hand)
        for z in zones:
            shown.update(z)
        shown.update(c for c in (far, near) if c is not None)
    shown.update(st.cast_zone)
    defs = seen_defs(game, seat, shown, game.spells)  # its own spells, and what it has seen
    return RRView(seat=seat, turn=st.turn, active=st.active, acted=st.acted, sides=(sides[0], sides[1]),
                  cast_zone=tuple(st.cast_zone), defs=defs, cap=game.cap, hand_limit=game.hand_limit,
                  awaken_at=game.awaken_at, finished=game.finished)


def hidden_from(game: RRGame, seat: int) -> list[Pool]:
    """What ``seat`` cannot see into (for a search agent's determinizations): the opponent's
    unrevealed hand cards, face-down pile and deck, whose cards may be any of each other; and the
    order of its own deck."""
    st = game.st
    opp = 1 - seat
    hand, seen = st.hand[opp], st.seen_in_hand[opp]
    unknown = Pool(tuple((hand, i) for i, c in enumerate(hand) if c not in seen))
    return [unknown + Pool.of(st.facedown[opp], st.deck[opp]), Pool.of(st.deck[seat])]
