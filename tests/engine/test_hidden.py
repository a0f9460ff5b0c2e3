"""Typed hidden information: a decision shows its seat only the cards its options name
(:class:`~engine.core.hidden.CardRef`), and a seat's view, its determinized copies and the search's
answer are the same for two games that differ only in the opponent's hidden cards.

The second game is a real one, not a poke at the first: its generator (:class:`SwapRng`, put in place
of the core's) exchanges two of the opponent's cards in the first shuffle that holds both — one that
is in the opponent's hand at the decision, unseen, and one still in its deck — and the same answers
are replayed on it. The pair is kept only when the seat's view was the same at every decision of the
history (the seat cannot tell the two games apart); ryomen, whose hidden information is the other
face of the opponent's cards, exchanges the hidden faces of two cards in the opponent's pairing.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import islice
from typing import ClassVar

import pytest

from fuda import load_database
from fuda.database import FindingsError
from fuda.engine import raise_blaze as rb
from fuda.engine import recast_rift as rr
from fuda.engine import ryomen as ry
from fuda.engine import toho_tcg as tt
from fuda.engine.core import CardRef, ChoiceError, MctsAgent, Pool, RandomAgent, Rng, redeal
from fuda.engine.core import game as core_game
from fuda.engine.core.decision import Decision, option
from fuda.engine.core.hidden import Position, shown_by

GAMES = [(rr, "recast-rift"), (rb, "raise-blaze"), (tt, "toho-tcg"), (ry, "ryomen")]
ALIAS = 10**9  # a game seeded ALIAS + k is game k with the exchange of SwapRng.SWAPS[ALIAS + k]
#: attributes that are bookkeeping, not the position (the log holds the real history by design)
SKIP = {"log", "rng", "seed", "_flow", "push", "choose", "_checkpoint", "_recording", "_resume_at", "_base",
        "decisions", "setups", "_setups_arg", "_args", "table", "_opt_cache", "cache", "targeting"}


class SwapRng(core_game.Rng):
    """The core's generator, except that a seed in :data:`SWAPS` is the game seeded ``ALIAS`` less
    whose first shuffle holding both cards of the pair exchanges them."""

    __slots__ = ("swap",)
    SWAPS: ClassVar[dict] = {}

    def __init__(self, seed: int):
        swap = self.SWAPS.get(seed)
        super().__init__(seed - ALIAS if swap else seed)
        self.swap = swap

    def shuffle(self, items: list) -> list:
        super().shuffle(items)
        if self.swap is not None and self.swap[0] in items and self.swap[1] in items:
            i, j = items.index(self.swap[0]), items.index(self.swap[1])
            items[i], items[j] = items[j], items[i]
            self.swap = None
        return items


def _setups(module, game_id):
    registry = module.build_registry(load_database().game(game_id))
    decks = registry.game.decks
    return registry, [module.setup_from_deck(decks[0]), module.setup_from_deck(decks[-1])]


def _history(game, seat: int, turns: int, seed: int):
    """Play ``game`` at random to the first decision of ``seat`` on or after turn ``turns``; the
    answers given and, before each, the seat's view and (its own decisions) the option ids."""
    agent = RandomAgent(seed)
    answers, seen = [], []
    while game.pending is not None:
        d = game.pending
        if d.player == seat and game.turn >= turns and len(d.options) > 1:
            return answers, seen
        seen.append((game.view(seat), d.ids if d.player == seat else None))
        picks = agent.choose(None, d)
        answers.append(picks)
        game.choose(picks)
    return None


def _replayed(game, answers, seen, seat: int):
    """``game`` started and given ``answers``, if the seat's views and options stay as ``seen``."""
    game.start()
    for picks, (view, ids) in zip(answers, seen, strict=True):
        d = game.pending
        if d is None or game.view(seat) != view or (d.ids if d.player == seat else None) != ids:
            return None
        try:
            game.choose(picks)
        except (ChoiceError, KeyError, ValueError):
            return None
    return game


def _plain(value, depth=0):
    """A comparable form of a state value (objects by their fields; functions by name)."""
    if depth > 6:
        return repr(type(value))
    if isinstance(value, (int, str, float, bool, type(None), bytes)):
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(x, depth + 1) for x in value]
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=repr)
    if isinstance(value, dict):
        return sorted(((repr(k), _plain(v, depth + 1)) for k, v in value.items()), key=lambda kv: kv[0])
    if callable(value) and not hasattr(value, "__dict__") and not hasattr(value, "__slots__"):
        return getattr(value, "__qualname__", repr(type(value)))
    fields = getattr(value, "__dict__", None)
    if fields is None:
        fields = {s: getattr(value, s, None) for c in type(value).__mro__ for s in getattr(c, "__slots__", ())}
    return (type(value).__qualname__, _plain(fields, depth + 1))


def _differences(a, b) -> list[str]:
    """The attributes in which two games differ (shared objects and bookkeeping left out)."""
    out = []
    names = set(vars(a)) | set(vars(b)) | {s for c in type(a).__mro__ for s in getattr(c, "__slots__", ())}
    for name in sorted(names):
        if name in SKIP:
            continue
        x, y = getattr(a, name, None), getattr(b, name, None)
        if x is y:
            continue
        if name == "pending":
            x, y = (None if x is None else (x.player, x.kind, x.ids)), (None if y is None else (y.player, y.kind, y.ids))
        if _plain(x) != _plain(y):
            out.append(name)
    return out


def _card_twins(module, registry, setups, seed: int, seat: int, turns: int):
    """Pairs (a, b): game ``seed`` at a decision of ``seat``, and a game the seat cannot tell from it
    in which one unseen hand card of the opponent is another card (the lowest card numbers first:
    those a count or an index in an option value would pin)."""
    a = module.new_game(registry, setups, seed).start()
    got = _history(a, seat, turns, seed)
    if got is None:
        return
    answers, seen = got
    opp, defs = 1 - seat, a.view(seat).defs
    hand = sorted(c for c in a.hand[opp] if defs[c] is None)
    deck = sorted(c for c in a.deck[opp] if defs[c] is None)
    for h in hand:
        for k in deck:
            if a.defs[h].id == a.defs[k].id:
                continue
            SwapRng.SWAPS[ALIAS + seed] = (h, k)
            b = _replayed(module.new_game(registry, setups, ALIAS + seed), answers, seen, seat)
            if b is not None and k in b.hand[opp] and b.view(seat) == a.view(seat):
                yield a, b
                break


def _face_twins(module, registry, setups, seed: int, seat: int, turns: int):
    """ryomen: game ``seed`` at a decision of ``seat``, and a game in which two of the opponent's
    cards not turned over in the open have each other's hidden face."""
    a = module.new_game(registry, setups, seed).start()
    got = _history(a, seat, turns, seed)
    if got is None:
        return
    answers, seen = got
    opp = 1 - seat
    base, pairs = a.base[opp], list(setups[opp].pairs)
    hidden = [c for c in range(base, base + len(pairs)) if a.flips[c] == 0]
    for i, c in enumerate(hidden):
        for d in hidden[i + 1:]:
            down_c, down_d = a.faces[c][1 - a.up[c]].id, a.faces[d][1 - a.up[d]].id
            if down_c == down_d:
                continue
            other = list(pairs)
            for card, down in ((c, down_d), (d, down_c)):
                up = a.faces[card][a.up[card]].id
                other[card - base] = (up, down) if a.up[card] == 0 else (down, up)
            twin = list(setups)
            twin[opp] = replace(setups[opp], pairs=tuple(other))
            try:
                b = _replayed(module.new_game(registry, twin, seed), answers, seen, seat)
            except (ValueError, FindingsError):  # a pairing the deck rules refuse (RY-DECK-2)
                continue
            if b is not None and b.view(seat) == a.view(seat):
                yield a, b
                return


@pytest.mark.parametrize(("module", "game_id"), GAMES, ids=[g for _, g in GAMES])
def test_hidden_cards_swapped_change_nothing_the_seat_sees_or_does(module, game_id, monkeypatch):
    """Two games that differ only in the opponent's hidden cards: the seat's view, every determinized
    copy (all of its state) and the search's answer are the same (seeded)."""
    monkeypatch.setattr(core_game, "Rng", SwapRng)
    registry, setups = _setups(module, game_id)
    twins = _face_twins if module is ry else _card_twins
    compared = 0
    for seed in range(8):
        seat = seed % 2
        for a, b in islice(twins(module, registry, setups, seed, seat, 2 + seed % 3), 3):
            assert a.view(seat) == b.view(seat)
            assert _differences(a, b), "the twins should differ in what the seat cannot see"
            for r in range(3):
                x, y = a.clone(), b.clone()
                x.determinize(seat, Rng(r))
                y.determinize(seat, Rng(r))
                assert _differences(x, y) == [], (game_id, seed, r)
            answer = MctsAgent(seed, iterations=8).choose(Position(a, seat), a.pending)
            assert MctsAgent(seed, iterations=8).choose(Position(b, seat), b.pending) == answer, (game_id, seed)
            compared += 1
    assert compared >= 4, compared


def test_only_card_references_are_shown():
    """A draw count or an ability number is no card: only CardRef values (alone or in tuples) are shown,
    and only to the deciding seat."""
    counts = Decision(0, "draw", tuple(option(f"draw:{n}", "", n) for n in range(4)), "R")
    assert shown_by(counts, 0) == set()
    acts = Decision(0, "main", (option("activate:x", "", (CardRef(7), 0)), option("play:y", "", CardRef(3)),
                                option("end")), "R")
    assert shown_by(acts, 0) == {7, 3}
    assert shown_by(acts, 1) == set()
    assert all(type(c) is int for c in shown_by(acts, 0))


def test_a_draw_count_no_longer_pins_hidden_cards():
    """toho-tcg's draw decision (draw:0 … draw:n) shows nothing: a determinization deals hidden cards
    numbered 0 … n again like any other (they were pinned to their real places before)."""
    registry, setups = _setups(tt, "toho-tcg")
    checked = 0
    for seed in range(6):
        game = tt.new_game(registry, setups, seed).start()
        agent = RandomAgent(seed)
        while game.pending is not None and checked < 40:
            d = game.pending
            if d.kind == "draw" and len(d.options) > 1:
                assert shown_by(d, d.player) == set()
                checked += 1
            game.choose(agent.choose(None, d))
    assert checked > 5


def test_redeal_deals_card_refs_as_plain_numbers():
    """A card that reached a hidden place through an option value is dealt as a plain number: the type
    of what lies in a re-dealt slot says nothing of where it came from."""
    hand, deck = [CardRef(4), 9], [CardRef(2), 5]
    redeal(Pool.of(hand, deck), Rng(3))
    assert sorted(hand + deck) == [2, 4, 5, 9]
    assert all(type(c) is int for c in hand + deck)


def test_toho_tcg_copies_keep_no_real_zone():
    """In a determinized toho-tcg copy every card's zone is the place it was dealt to."""
    registry, setups = _setups(tt, "toho-tcg")
    checked = 0
    for seed in range(4):
        game = tt.new_game(registry, setups, seed).start()
        agent = RandomAgent(seed)
        for _ in range(60):
            if game.pending is None:
                break
            twin = game.clone()
            twin.determinize(game.pending.player, Rng(checked))
            for p in (0, 1):
                assert all(twin.zone[c] == "hand" for c in twin.hand[p])
                assert all(twin.zone[c] == "deck" for c in twin.deck[p])
            checked += 1
            game.choose(agent.choose(None, game.pending))
    assert checked > 100
