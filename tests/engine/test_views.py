"""Every engine's seat view gives its player everything they may know and nothing more.

Random games of each engine's sample decks are stopped at every decision; for both seats the
view is checked against the game's state, read here place by place (not through the view code):

* a card face up to the seat — in an open place, or the seat's own card in a place only its
  player looks at (hand, face-down pile, awakening cards, set spells, core deck) — is named by
  the view (``defs[card]`` is the card);
* a card the opponent saw go into its owner's hand is named too (the test remembers the open
  places of the previous decision: a card open then and in the hand now was seen going there,
  unless it was shuffled into its owner's deck in between — it may have been drawn unseen);
* the opponent's cards in hidden places (hand, face-down pile, deck, life, face-down spells, an
  awakening card not awakened) are not named, unless the seat saw them in an open place at a
  decision before, or the engine records that hand card as shown (a graze reveal, or a card
  that was open only between two decisions, as a card trashed for a cost and recovered by the
  same play).

Ryomen has no hidden places, only hidden faces: every card's face up is shown to everyone, the
other face to its owner and, once the card has been turned over in the open, to everyone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from fuda.engine import raise_blaze as rb
from fuda.engine import recast_rift as rr
from fuda.engine import ryomen as ry
from fuda.engine import toho_tcg as tt

from ..raise_blaze.conftest import sample_registry as rb_registry
from ..recast_rift.conftest import sample_registry as rr_registry
from ..ryomen.conftest import sample_registry as ry_registry
from ..toho_tcg.conftest import sample_registry as tt_registry
from . import playouts

GAMES = 40  # random games per engine; every decision of each is checked for both seats


@dataclass(frozen=True)
class Places:
    """A position's cards by who may see them."""

    open: frozenset  # face up to everyone
    private: tuple  # per player: its cards face up to it alone
    hidden: tuple  # per player: its cards the opponent cannot see (face down to the opponent)
    hands: tuple  # per player: its hand (to remember which cards the opponent saw go there)
    revealed: tuple = (frozenset(), frozenset())  # per player: hand cards the engine records as shown


def rr_places(g) -> Places:
    """Recast Rift: the reserve, recast zones and cast zone are open; hand, face-down pile and both
    awakening cards are the owner's (RR-DECK-4); the far card is open once awakened."""
    opened = set(g.cast_zone)
    private, hidden = [], []
    for p in (0, 1):
        opened.update(g.reserve[p], *g.zones[p])
        awakening = {c for c in (g.far[p], g.near[p]) if c >= 0}
        if g.awakened[p]:
            opened.add(g.far[p])
        private.append(set(g.hand[p]) | set(g.facedown[p]) | awakening)
        hidden.append(set(g.hand[p]) | set(g.facedown[p]) | set(g.deck[p])
                      | (set() if g.awakened[p] else awakening))
    return Places(frozenset(opened), tuple(private), tuple(hidden), tuple(map(list, g.hand)),
                  tuple(frozenset(s) for s in g.seen_in_hand))


def tt_places(g) -> Places:
    """toho-tcg: the field, trash, assister zone, world and stack are open; the hand is the owner's."""
    opened = {c for item in g.stack for c in (item.card,) if c >= 0} | set(g.limbo)
    if g.world >= 0:
        opened.add(g.world)
    for p in (0, 1):
        opened.update(g.trash[p], g.assisters[p], g.waiting[p], g.chars[p])
        opened.update(x for c in g.chars[p] for x in (g.under[c], g.equip[c]) if x >= 0)
    return Places(frozenset(opened), tuple(set(g.hand[p]) for p in (0, 1)),
                  tuple(set(g.hand[p]) | set(g.deck[p]) for p in (0, 1)), tuple(map(list, g.hand)),
                  tuple(frozenset(s) for s in g.seen_in_hand))


def rb_places(g) -> Places:
    """RAISE×BLAZE: fighters and the piles under them, face-up spells, the graveyard and power-ups are
    open, and the core fighter once shown (RB-SETUP-6); hand, set spells and core deck are the owner's;
    life cards and the deck are face down to everyone."""
    shown = g.turn > 0 or g.position is not None
    opened, private, hidden = set(), [], []
    for p in (0, 1):
        for f in g.fighters(p):
            opened.add(f)
            opened.update(g.under[f])
        opened.update(g.grave[p], g.ups[p], (c for c in g.spell[p] if g.face_up[c]))
        set_down = {c for c in g.spell[p] if not g.face_up[c]}
        core = {g.core[p]} if g.core[p] >= 0 else set()
        if shown:
            opened.update(core)
        private.append(set(g.hand[p]) | set_down | set(g.core_deck[p]) | core)
        hidden.append(set(g.hand[p]) | set_down | set(g.core_deck[p]) | set(g.deck[p]) | set(g.life[p])
                      | (set() if shown else core))
    return Places(frozenset(opened), tuple(private), tuple(hidden), tuple(map(list, g.hand)),
                  tuple(frozenset(s) for s in g.seen_in_hand))


@dataclass
class Memory:
    """What each seat has seen so far in one game (kept between decisions)."""

    ever_open: set = field(default_factory=set)
    last_open: frozenset = frozenset()
    seen_into_hand: tuple = field(default_factory=lambda: (set(), set()))  # by owner
    logged: int = 0  # log events already looked at

    def update(self, places: Places, game) -> None:
        """A card open at the last decision and in its owner's hand now was seen going there, and a
        card known in a hand stays known while it stays there — unless it was shuffled into its
        owner's deck since (it may have been drawn again unseen)."""
        events = game.log.events
        number = {(game.owner[c], oid): c for c, oid in enumerate(game.oid)}
        shuffled = {number[e.player, oid] for e in events[self.logged:]
                    if e.kind == "chance" and e.data.get("what") == "shuffle" for oid in e.data["result"]}
        self.logged = len(events)
        for p in (0, 1):
            hand = set(places.hands[p])
            self.seen_into_hand[p].intersection_update(hand - shuffled)
            self.seen_into_hand[p].update(hand & self.last_open - shuffled)
        self.ever_open |= places.open
        self.last_open = places.open


def knowledge_problems(g, places: Places, memory: Memory) -> list[str]:
    """Every card a seat's view fails to name though its player may know it, or names though its
    player cannot know it."""
    out = []
    for seat in (0, 1):
        opp = 1 - seat
        defs = g.view(seat).defs
        must = places.open | places.private[seat] | memory.seen_into_hand[opp]
        for c in sorted(must):
            if defs[c] is not g.defs[c]:
                out.append(f"P{seat + 1}'s view does not name {g.oid[c]} of P{g.owner[c] + 1} (it may know it)")
        unseen = places.hidden[opp] - memory.ever_open - memory.seen_into_hand[opp] - places.revealed[opp]
        for c in sorted(unseen):
            if defs[c] is not None:
                out.append(f"P{seat + 1}'s view names {g.oid[c]}, hidden in P{opp + 1}'s places")
    return out


def check_games(module, registry, places_of, extra=None) -> int:
    """Play :data:`GAMES` random games, checking both seats' views at every decision; returns the
    number of positions checked."""
    sample = playouts.Sample(module, registry)
    pairs = sample.pairs()
    checked = 0
    for seed in range(GAMES):
        memory = Memory()

        def check(game, decision, picks, memory=memory, seed=seed):
            nonlocal checked
            places = places_of(game)
            memory.update(places, game)
            bad = knowledge_problems(game, places, memory) + (extra(game) if extra else [])
            assert not bad, f"seed {seed}, turn {game.turn}: {bad[:3]}"
            checked += 1

        playouts.play(sample.new(seed, pairs[seed % len(pairs)]), ("random", "random"), seed, on_decision=check)
    return checked


def rr_structure(g) -> list[str]:
    """The sides show both awakening cards to their owner, the opponent's far one once awakened."""
    out = []
    for seat in (0, 1):
        view = g.view(seat)
        for p, side in enumerate(view.sides):
            own, near = p == seat, g.near[p] if g.near[p] >= 0 else None
            if side.far != (g.far[p] if own or g.awakened[p] else None):
                out.append(f"P{seat + 1} sees P{p + 1}'s far card as {side.far}")
            if side.near != (near if own or g.awakened[p] else None):
                out.append(f"P{seat + 1} sees P{p + 1}'s near card as {side.near}")
    return out


def test_recast_rift_view_names_what_the_seat_knows():
    """Recast Rift: a seat's view names its own hand, face-down pile and both awakening cards (the near
    one too, RR-DECK-4) and every open card; never the opponent's hidden ones."""
    assert check_games(rr, rr_registry, rr_places, rr_structure) > 1000


def test_toho_tcg_view_names_what_the_seat_knows():
    """toho-tcg: a seat's view names its hand, every card on the field, trash and stack, and the
    opponent's hand cards it saw go there; never the rest of the opponent's hand or deck."""
    assert check_games(tt, tt_registry, tt_places) > 1000


def test_raise_blaze_view_names_what_the_seat_knows():
    """RAISE×BLAZE: a seat's view names its hand, set spells, core and core deck and every open card;
    the opponent's hand cards it saw go there (a fighter returned, a card from the graveyard); never the rest
    of the opponent's hand, set spells, life cards, deck or core deck (nor its core before it is shown)."""
    assert check_games(rb, rb_registry, rb_places) > 1000


def ry_problems(g) -> list[str]:
    """Each seat sees every card's face up; the other face of its own cards, and of another player's
    card only once that card was turned over in the open."""
    out = []
    for seat in range(g.n):
        view = g.view(seat)
        for p, side in enumerate(view.sides):
            cards = [*side.hand, *([side.battle] if side.battle is not None else []), *side.result]
            state = [*g.hand[p], *([g.battle[p]] if g.battle[p] >= 0 else []), *g.result[p]]
            if [c.number for c in cards] != state:
                out.append(f"P{seat + 1} sees P{p + 1}'s cards as {[c.number for c in cards]}, not {state}")
            for c in cards:
                up, down = g.faces[c.number][g.up[c.number]], g.faces[c.number][1 - g.up[c.number]]
                if c.up != up.id:
                    out.append(f"P{seat + 1} sees card {c.number} face up as {c.up}, not {up.id}")
                known = p == seat or g.flips[c.number] > 0
                if c.down != (down.id if known else None):
                    out.append(f"P{seat + 1} sees the other face of card {c.number} as {c.down}")
    return out


def test_ryomen_view_names_what_the_seat_knows():
    """ryomen: a seat's view shows every face up, its own cards' other faces, and another player's other
    face only once that card was turned over in the open."""
    sample = playouts.Sample(ry, ry_registry)
    pairs = sample.pairs()
    checked = 0
    for seed in range(GAMES):
        def check(game, decision, picks, seed=seed):
            nonlocal checked
            bad = ry_problems(game)
            assert not bad, f"seed {seed}: {bad[:3]}"
            checked += 1

        playouts.play(sample.new(seed, pairs[seed % len(pairs)]), ("random", "random"), seed, on_decision=check)
    assert checked > 1000


@pytest.mark.parametrize("places_of, registry, module",
                         [(rr_places, rr_registry, rr), (tt_places, tt_registry, tt), (rb_places, rb_registry, rb)])
def test_the_check_fails_on_a_view_that_leaks_or_hides(places_of, registry, module):
    """The check above can fail: a view that names the opponent's deck, or one that hides the seat's own
    hand, is reported."""
    sample = playouts.Sample(module, registry)
    game = playouts.advance(sample.new(1, sample.pairs()[0]), [playouts.make_agent("random", 1, s) for s in (0, 1)], 12)
    places = places_of(game)
    memory = Memory()
    memory.update(places, game)
    assert knowledge_problems(game, places, memory) == []
    real = game.view

    class Leaky:
        def __init__(self, view):
            self.view = view

        @property
        def defs(self):
            return tuple(game.defs)  # names everything

    game.view = lambda seat: Leaky(real(seat))
    assert any("hidden in" in p for p in knowledge_problems(game, places, memory))

    class Blind(Leaky):
        @property
        def defs(self):
            return (None,) * len(game.defs)

    game.view = lambda seat: Blind(real(seat))
    assert any("does not name" in p for p in knowledge_problems(game, places, memory))
