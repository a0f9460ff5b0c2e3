"""What one seat of a ryomen game may know (:class:`RyView`, a frozen value).

By the rule page every card has two fronts, paired back to back by its owner (「２枚を自由に
選んで１組とし、裏同士を重ね」) and laid out in the hand zone: a seat sees the face up of every
card on the table, its own cards' both faces, and the other face of an opponent's card only once
that card has been turned over in front of everyone (loser reverse, reverse phase, effects).
Point chips are laid open (「表向きにポイントゾーンに並べます」), the day/night chip, the named
stat and the stat chips are open. So the hidden information of ryomen is the opponents' pairings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from fuda.engine.core import Rng

if TYPE_CHECKING:
    from fuda.engine.ryomen.game import Ryomen


@dataclass(frozen=True)
class Card:
    """One physical card as the seat sees it: its number, the face up (id, printed stats, stats
    with chips) and the face down (``None`` when the seat cannot know it). ``option`` is the id
    the decisions use for it (own hand cards only, ``None`` otherwise)."""

    number: int
    up: str
    up_stats: tuple[int, int, int]
    stats: tuple[int, int, int]  # the face up with its chips (no turn effects)
    down: str | None
    down_stats: tuple[int, int, int] | None
    option: str | None = None


@dataclass(frozen=True)
class Side:
    """One player as the seat sees them."""

    hand: tuple[Card, ...]
    battle: Card | None
    battle_stats: tuple[int, int, int] | None  # with this turn's effects
    result: tuple[Card, ...]
    won: tuple[int, ...]


@dataclass(frozen=True)
class RyView:
    """A seat's knowledge of the game: every side (``sides[seat]`` its own), the turn, the point
    zone and the chips in the open."""

    seat: int
    n: int
    tag: bool
    turn: int
    turns: int
    server: int
    night: bool
    named: int  # -1: not named yet
    forbidden: int  # bits of the stats the server may not name
    points: tuple[int, ...]
    facedown: tuple[int, ...]
    sides: tuple[Side, ...]
    opponents: tuple[int, ...]
    finished: bool

    @property
    def me(self) -> Side:
        """The viewing seat's own side."""
        return self.sides[self.seat]

    def card(self, option_id: str) -> Card:
        """The own hand card a decision option names."""
        for c in self.me.hand:
            if c.option == option_id:
                return c
        raise KeyError(option_id)


def _card(game: Ryomen, c: int, known: bool, option: str | None = None) -> Card:
    a, b = game.faces[c][game.up[c]], game.faces[c][1 - game.up[c]]
    see = known or game.flips[c] > 0  # a card turned over in the open has shown both faces
    return Card(c, a.id, a.stats, game.card_stats(c), b.id if see else None, b.stats if see else None, option)


def view_of(game: Ryomen, seat: int) -> RyView:
    """The view of ``seat`` of a :class:`~.game.Ryomen` (reads the game, never changes it)."""
    sides = []
    for p in range(game.n):
        own = p == seat
        hand = tuple(_card(game, c, own, o.id if own else None) for c, o in zip(game.hand[p], game.hopts[p], strict=True))
        b = game.battle[p]
        sides.append(Side(
            hand=hand, battle=_card(game, b, own) if b >= 0 else None,
            battle_stats=game.stats(p) if b >= 0 else None,
            result=tuple(_card(game, c, own) for c in game.result[p]), won=tuple(game.won[p])))
    return RyView(seat=seat, n=game.n, tag=game.tag, turn=game.turn, turns=game.turns, server=game.server,
                  night=game.night, named=game.named, forbidden=game.forbidden, points=tuple(game.points),
                  facedown=tuple(game.facedown), sides=tuple(sides), opponents=tuple(game.opponents[seat]),
                  finished=game.finished)


def determinize(game: Ryomen, seat: int, rng: Rng) -> None:
    """Deal again what ``seat`` cannot know of a ryomen game (a copy): the other face of each
    opponent card not yet turned over in the open is any of those faces (a pair is never two
    copies of one card, RY-DECK-2: a deal that makes one is dealt again). The opponents' other
    structures (options, the index of option ids) are rebuilt for the new pairs."""
    # every structure is changed in place: the game's flow holds some of them in its locals
    faces, opts, up, flips, index, hopts = game.faces, game.opts, game.up, game.flips, game.index, game.hopts
    first_opts, first_ids, lineups = game.first_opts, game.first_ids, game.lineups
    pool = game.pool
    for p in range(game.n):  # every other player, a tag partner too (its down faces are hidden as well)
        if p == seat:
            continue
        base = game.base[p]
        cards = range(base, base + len(lineups[p].faces))
        unknown = [c for c in cards if flips[c] == 0]
        if len(unknown) < 2:
            continue
        downs = sorted(faces[c][1 - up[c]].id for c in unknown)
        for _ in range(100):
            rng.shuffle(downs)
            if all(faces[c][up[c]].id != d for c, d in zip(unknown, downs, strict=True)):
                break
        else:
            continue  # no deal found: the pairs stay as they are known to be possible
        new_down = dict(zip(unknown, downs, strict=True))
        pairs = []
        for c in cards:
            a, b = faces[c][0].id, faces[c][1].id
            if c in new_down:
                a, b = (a, new_down[c]) if up[c] == 0 else (new_down[c], b)
            pairs.append((a, b))
        lu = lineups[p] = pool.make_lineup(tuple(pairs))
        for k, c in enumerate(cards):
            faces[c], opts[c] = lu.faces[k], lu.options[k]
        index[p] = {i: base + k for k, pair in enumerate(lu.ids) for i in pair}
        hopts[p][:] = [opts[c][up[c]] for c in game.hand[p]]
        first_opts[p] = tuple(opts[c][0] for c in cards)
        first_ids[p] = tuple(o.id for o in first_opts[p])
