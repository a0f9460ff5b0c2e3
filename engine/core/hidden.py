"""Hidden information, re-dealt: how a search agent samples a position its seat cannot tell
from the real one (a *determinization*).

An engine says which places a seat cannot see into with :meth:`fuda.engine.core.game.Game.hidden`, as
:class:`Pool` values: every card of a pool may, for all that seat knows, be any other card of
the same pool (its opponent's hand and deck together; its own deck, whose order nobody knows).
:func:`redeal` puts the pool's cards back in a random order. It sorts them first, so the
result depends only on *which* cards the pool holds, never on where they really were: a
determinization reads nothing the seat could not work out from its view and the deck lists.

The deck lists themselves are taken as known — fuda's simulations pit known decks against
each other, as an open-deck-list tournament does — so the pool of an opponent's unseen cards
is its deck list less the cards the seat has seen.

What a pending decision shows its seat is typed: an option value that names a card holds a
:class:`CardRef` (a card number that says it is one), alone or inside a tuple; any other number in
a value (a draw count, an ability's index, a zone) is not a card and pins nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from fuda.engine.core.rng import Rng


class Searchable(Protocol):
    """What :class:`Position` needs of a game (:class:`fuda.engine.core.game.Game`): a seat's view,
    copies of it (by replay or from its latest checkpoint) and a re-deal of what a seat cannot see."""

    @property
    def STATE(self) -> tuple[str, ...]: ...

    def view(self, seat: int) -> Any: ...
    def recording(self) -> Searchable: ...
    def clone(self) -> Searchable: ...
    def determinize(self, seat: int, rng: Rng) -> None: ...


class CardRef(int):
    """A card number in an option's value: the decision shows its seat that card (see
    :func:`shown_by`). It is an ``int`` in every other respect (an index, a dict key, JSON, ``repr``),
    so rules and policies read it as the number it is; option ids, logs and replays do not change."""

    __slots__ = ()


_REFS: dict[int, tuple[CardRef, ...]] = {}


def card_refs(n: int) -> tuple[CardRef, ...]:
    """``CardRef(0) … CardRef(n - 1)``, made once per ``n`` and shared (engines index it on hot paths)."""
    refs = _REFS.get(n)
    if refs is None:
        refs = _REFS[n] = tuple(CardRef(i) for i in range(n))
    return refs


@dataclass(frozen=True)
class Pool:
    """Places a seat cannot see into, whose cards may be exchanged with each other.

    ``slots`` are ``(list, index)`` pairs naming one card each; ``fits`` (optional, aligned
    with ``slots``) holds for a slot a test ``fits(card)`` a card must pass to lie there (a face-
    down spell zone takes only spells), ``None`` where any card fits."""

    slots: tuple[tuple[list, int], ...]
    fits: tuple[Callable[[object], bool] | None, ...] = ()

    @classmethod
    def of(cls, *places: list, fits: Callable | None = None) -> Pool:
        """A pool of every card in ``places`` (whole lists), all under one test (or none)."""
        slots = tuple((place, i) for place in places for i in range(len(place)))
        return cls(slots, (fits,) * len(slots) if fits is not None else ())

    def __add__(self, other: Pool) -> Pool:
        own = self.fits or (None,) * len(self.slots)
        theirs = other.fits or (None,) * len(other.slots)
        fits = own + theirs
        return Pool(self.slots + other.slots, fits if any(f is not None for f in fits) else ())


    def without(self, cards: set) -> Pool:
        """The pool less the slots holding one of ``cards`` (cards the seat is being shown)."""
        keep = [k for k, (place, i) in enumerate(self.slots) if place[i] not in cards]
        if len(keep) == len(self.slots):
            return self
        return Pool(tuple(self.slots[k] for k in keep), tuple(self.fits[k] for k in keep) if self.fits else ())


def shown_by(decision, seat: int) -> set:
    """The cards a pending decision of ``seat`` shows it: the :class:`CardRef` values of its
    options, alone or inside tuple values (a deck search shows the cards it offers). Plain numbers
    are counts, indices or zones, not cards."""
    if decision is None or decision.player != seat:
        return set()
    out = set()
    for o in decision.options:
        v = o.value
        t = type(v)
        if t is CardRef:
            out.add(int(v))
        elif t is tuple:
            out.update(int(x) for x in v if type(x) is CardRef)
    return out


def redeal(pool: Pool, rng: Rng, key=None) -> None:
    """Deal the pool's cards back into its slots at random (slots with a test first, each from
    the cards that pass it); ``key`` orders the cards before the shuffle (default: the cards).

    A restricted slot no remaining card fits keeps nothing better than its own card: the pool
    is dealt so that every slot still holds a card that fits it, and the cards only move."""
    slots = pool.slots
    if len(slots) < 2:
        return
    # a card that reached its place through an option value is a CardRef: dealt as a plain number,
    # so that not even its type tells where it was
    cards = sorted((int(c) if type(c) is CardRef else c for c in (place[i] for place, i in slots)), key=key)
    rng.shuffle(cards)
    if not pool.fits:
        for (place, i), card in zip(slots, cards, strict=True):
            place[i] = card
        return
    order = sorted(range(len(slots)), key=lambda k: pool.fits[k] is None)  # restricted slots first
    dealt: list = [None] * len(slots)
    for k in order:
        test = pool.fits[k]
        for j, card in enumerate(cards):
            if test is None or test(card):
                dealt[k] = cards.pop(j)
                break
        else:  # cannot happen when every restricted slot's own card fits it
            raise ValueError("a hidden card fits no place of its pool")
    for (place, i), card in zip(slots, dealt, strict=True):
        place[i] = card


class Position:
    """What a searching agent is given: the seat's ``view`` and determinized copies of the game.

    The game itself is kept private to :meth:`sample`; an agent reads the view."""

    __slots__ = ("_base", "_game", "seat", "view")

    def __init__(self, game: Searchable, seat: int):
        self._game = game
        self._base: Searchable | None = None
        self.seat = seat
        self.view = game.view(seat)

    def sample(self, rng: Rng):
        """A copy of the game, at this decision, with everything ``seat`` cannot see dealt again
        from ``rng``. The copies are cloned from one copy that keeps the game's latest checkpoint
        (:meth:`fuda.engine.core.game.Game.recording`), so each replays only the answers since the turn began."""
        if self._base is None:  # (an engine without checkpoints is copied by replay: no base needed)
            self._base = self._game.recording() if self._game.STATE else self._game
        twin = self._base.clone()
        twin.determinize(self.seat, rng)
        return twin
