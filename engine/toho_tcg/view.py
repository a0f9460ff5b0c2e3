"""What one seat of a toho-tcg game may know (:class:`TTView`, a frozen value).

By the rule page the field is open (characters with their stats, damage and tap state, equips,
assisters, the quicks waiting in the assister zone, the world), the trash is open, and so is
every play (a played card is shown when it goes on the stack); the hands and the decks' order
are hidden — the deck's size is each player's life (「枚数はそのままプレイヤーのライフになる」),
so it is open. A seat sees its own hand, and of the opponent the hand's size and the hand cards
it saw go there from an open place (a character returned to the hand, a card recovered from the
trash). ``defs`` names every card of the seat's own deck (it built it, not its order) and the
opponent's cards it has seen; ``None`` for the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from fuda.engine.core.hidden import Pool
from fuda.engine.core.registry import CompiledOp
from fuda.engine.core.view import TwoSides, seen_defs
from fuda.engine.toho_tcg.field import keywords, stats
from fuda.engine.toho_tcg.state import TTGame
from fuda.engine.toho_tcg.windows import qa_limited, qa_used


@dataclass(frozen=True)
class Char:
    """A character on the field as anyone sees it (effective stats and keywords)."""

    card: int
    attack: int
    defense: int
    damage: int
    tapped: bool
    attacked: bool
    keywords: tuple  # (name, value) pairs, sorted
    under: int  # the Normal under a Hard, or -1
    equip: int  # its equip, or -1

    def kw(self) -> dict:
        """The keywords as a dict (name → value)."""
        return dict(self.keywords)


@dataclass(frozen=True)
class Side:
    """One player's side as the viewing seat sees it (``hand`` None: hidden from that seat)."""

    hand: tuple[int, ...] | None
    hand_size: int
    deck_size: int
    trash: tuple[int, ...]
    chars: tuple[Char, ...]
    assisters: tuple[int, ...]
    waiting: tuple[int, ...]
    reiryoku: int
    qa_used: int  # quicks and assisters counted against the limit this turn (TT-SPELL-5/6)
    qa_limited: bool = True  # whether that limit holds for this player now (own turn, or the variant)
    known_hand: tuple[int, ...] = ()  # the hand cards the viewing seat knows (all of its own hand)


@dataclass(frozen=True)
class StackEntry:
    """A play on the stack (open): who played what kind from which card."""

    player: int
    kind: str
    card: int


@dataclass(frozen=True)
class TTView(TwoSides):
    """A seat's knowledge of the game: both sides (``sides[seat]`` is its own), the turn, phase
    and window, the stack, the world, and the op whose target its player is choosing."""

    seat: int
    turn: int
    active: int
    phase: str
    window: str
    sides: tuple[Side, Side]
    world: int
    stack: tuple[StackEntry, ...]
    targeting: CompiledOp | None  # the op whose target is being chosen (the deciding player's own play), or None
    defs: tuple  # CardDef by card number, None for a card this seat has not seen
    qa_limit: int
    finished: bool

    def char(self, card: int) -> Char | None:
        """The character ``card`` on either field, or None."""
        for side in self.sides:
            for c in side.chars:
                if c.card == card:
                    return c
        return None

    def controller(self, card: int) -> int:
        """The side whose field holds ``card`` (character, equip or assister), or -1."""
        for p, side in enumerate(self.sides):
            if card in side.assisters or any(c.card == card or c.equip == card for c in side.chars):
                return p
        return -1


def view_of(game: TTGame, seat: int) -> TTView:
    """The view of ``seat`` of a :class:`~.game.TohoTCG` (reads the game, never changes it)."""
    s = game.state
    sides: list[Side] = []
    shown: set[int] = set()
    for p in (0, 1):
        own = p == seat
        chars = []
        for c in s.chars[p]:
            atk, dfn = stats(game, c)
            chars.append(Char(c, atk, dfn, s.damage[c], s.tapped[c], s.attacked[c],
                              tuple(sorted(keywords(game, c).items(), key=lambda kv: kv[0])),
                              s.under[c], s.equip[c]))
            shown.update(x for x in (c, s.under[c], s.equip[c]) if x >= 0)
        shown.update(s.trash[p], s.assisters[p], s.waiting[p])
        seen = s.seen_in_hand[p]
        known = tuple(c for c in s.hand[p] if own or c in seen)
        shown.update(known)
        sides.append(Side(hand=tuple(s.hand[p]) if own else None, hand_size=len(s.hand[p]),
                          deck_size=len(s.deck[p]), trash=tuple(s.trash[p]), chars=tuple(chars),
                          assisters=tuple(s.assisters[p]), waiting=tuple(s.waiting[p]),
                          reiryoku=s.rei[p], qa_used=qa_used(game, p), qa_limited=qa_limited(game, p),
                          known_hand=known))
    stack = tuple(StackEntry(i.player, i.kind, i.card) for i in s.stack)
    shown.update(e.card for e in stack)
    shown.update(s.limbo)
    if s.world >= 0:
        shown.add(s.world)
    defs = seen_defs(game, seat, shown)
    return TTView(seat=seat, turn=s.turn, active=s.active, phase=s.phase, window=s.window_name,
                  sides=(sides[0], sides[1]), world=s.world, stack=stack,
                  targeting=s.targeting if game.pending is not None and game.pending.player == seat else None,
                  defs=defs, qa_limit=game.static.qa_limit, finished=game.finished)


def hidden_from(game: TTGame, seat: int) -> list[Pool]:
    """What ``seat`` cannot see into (for a search agent's determinizations): the opponent's hand
    cards it did not see go there, and deck, whose cards may be any of each other; and the order
    of its own deck."""
    s = game.state
    opp = 1 - seat
    hand, seen = s.hand[opp], s.seen_in_hand[opp]
    unknown = Pool(tuple((hand, i) for i, c in enumerate(hand) if c not in seen))
    return [unknown + Pool.of(s.deck[opp]), Pool.of(s.deck[seat])]
