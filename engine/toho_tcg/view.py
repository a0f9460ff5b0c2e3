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
from fuda.engine.core.view import TwoSides, seen_defs


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
    targeting: object  # the op whose target is being chosen (the deciding player's own play), or None
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


def view_of(game, seat: int) -> TTView:
    """The view of ``seat`` of a :class:`~.game.TohoTCG` (reads the game, never changes it)."""
    sides, shown = [], set()
    for p in (0, 1):
        own = p == seat
        chars = []
        for c in game.chars[p]:
            atk, dfn = game.stats(c)
            chars.append(Char(c, atk, dfn, game.damage[c], game.tapped[c], game.attacked[c],
                              tuple(sorted(game.keywords(c).items(), key=lambda kv: kv[0])),
                              game.under[c], game.equip[c]))
            shown.update(x for x in (c, game.under[c], game.equip[c]) if x >= 0)
        shown.update(game.trash[p], game.assisters[p], game.waiting[p])
        seen = game.seen_in_hand[p]
        known = tuple(c for c in game.hand[p] if own or c in seen)
        shown.update(known)
        sides.append(Side(hand=tuple(game.hand[p]) if own else None, hand_size=len(game.hand[p]),
                          deck_size=len(game.deck[p]), trash=tuple(game.trash[p]), chars=tuple(chars),
                          assisters=tuple(game.assisters[p]), waiting=tuple(game.waiting[p]),
                          reiryoku=game.rei[p], qa_used=game.qa_used(p), qa_limited=game.qa_limited(p),
                          known_hand=known))
    stack = tuple(StackEntry(i.player, i.kind, i.card) for i in game.stack)
    shown.update(e.card for e in stack)
    shown.update(game.limbo)
    if game.world >= 0:
        shown.add(game.world)
    defs = seen_defs(game, seat, shown)
    return TTView(seat=seat, turn=game.turn, active=game.active, phase=game.phase, window=game.window_name,
                  sides=tuple(sides), world=game.world, stack=stack,
                  targeting=game.targeting if game.pending is not None and game.pending.player == seat else None,
                  defs=defs, qa_limit=game.qa_limit, finished=game.finished)


def hidden_from(game, seat: int) -> list[Pool]:
    """What ``seat`` cannot see into (for a search agent's determinizations): the opponent's hand
    cards it did not see go there, and deck, whose cards may be any of each other; and the order
    of its own deck."""
    opp = 1 - seat
    hand, seen = game.hand[opp], game.seen_in_hand[opp]
    unknown = Pool(tuple((hand, i) for i, c in enumerate(hand) if c not in seen))
    return [unknown + Pool.of(game.deck[opp]), Pool.of(game.deck[seat])]
