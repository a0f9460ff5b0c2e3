"""A game of a custom (data-defined) card game on :mod:`engine.core`.

:class:`CustomGame` holds one :class:`~.state.State` and the frozen :class:`~.cards.Static`;
its flow is the set-up and then turns until an end condition, the round limit or the engine's
safety limit ends it (every game ends). Views, narration and the greedy policy live in
:mod:`.view` and :mod:`.render`.
"""

from __future__ import annotations

from dataclasses import dataclass

from fuda.engine.core import Game, Pool
from fuda.engine.custom import turn as T
from fuda.engine.custom.cards import static_of
from fuda.engine.custom.defs import Static
from fuda.engine.custom.render import CustomNarrator
from fuda.engine.custom.rules import check_end
from fuda.engine.custom.state import State, pile
from fuda.engine.custom.view import CView, view_of

ENGINE_VERSION = "0.1"
RULES_VERSION = "custom-1"


@dataclass(frozen=True)
class PlayerSetup:
    """One player's deck: its id, name and card ids (one entry per copy, in file order)."""

    deck: str
    name: str
    cards: tuple[str, ...]

    @classmethod
    def from_deck(cls, deck) -> PlayerSetup:
        """From a database deck."""
        return cls(deck.id, deck.name, tuple(deck.card_ids()))

    def as_json(self) -> dict:
        """The replay form."""
        return {"deck": self.deck, "name": self.name, "cards": list(self.cards)}

    @classmethod
    def from_json(cls, doc) -> PlayerSetup:
        """From the replay form."""
        return cls(str(doc["deck"]), str(doc.get("name", "")), tuple(doc["cards"]))


class CustomGame(Game):
    """One game of a ``rules: custom`` game with a ``play:`` section."""

    RULES = "custom"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = CustomNarrator
    #: what play changes, for checkpoints at the top of each turn (a search's copies replay one turn)
    STATE = ("st",)

    def __init__(self, static: Static, setups, seed: int, registry=None, first: int | None = None):
        super().__init__(seed)
        self.first_seat = first  # who goes first (None: as play.setup says)
        self.static = static
        self.registry = registry
        self.setups = tuple(setups)
        rules = static.rules
        if len(self.setups) != rules.players:
            raise ValueError(f"a custom game seats {rules.players} players, got {len(self.setups)} decks")
        defs, owner = [], []
        for p, setup in enumerate(self.setups):
            for cid in setup.cards:
                defs.append(static.cards[cid])
                owner.append(p)
        n = len(defs)
        piles: list[list[int]] = [[] for _ in range(len(rules.zones) * (rules.players + 1))]
        st = self.st = State(static, self.log.push, self.rng, defs, owner, piles, [-1] * n, [False] * n, [0] * n,
                             [None] * n, [()] * n, [], [list(rules.start) for _ in range(rules.players)],
                             [False] * rules.players, queue=[])
        for c in range(n):
            k = pile(st, rules.deck, owner[c])
            piles[k].append(c)
            st.where[c] = k

    def setup_json(self) -> dict:
        doc: dict[str, object] = {"players": [s.as_json() for s in self.setups]}
        if self.first_seat is not None:
            doc["first"] = self.first_seat
        return doc

    def fresh(self) -> CustomGame:
        return CustomGame(self.static, self.setups, self.seed, self.registry, self.first_seat)

    def view(self, seat: int) -> CView:
        """What ``seat`` may know (see :mod:`.view`)."""
        return view_of(self, seat)

    def flow(self):
        st = self.st
        if self._resume_at is None:
            for p, setup in enumerate(self.setups):
                st.push(("setup", p, ("deck", "name"), setup.deck, setup.name))
            yield from T.setup(st, self.first_seat)
            check_end(st)
        else:  # restored from a checkpoint at the top of a turn: this game's log and generator
            st.push, st.rng = self.log.push, self.rng
        while True:
            self.checkpoint("turn")
            yield from T.play_turn(st)

    # -- search agents ---------------------------------------------------------------------------
    def hidden(self, seat: int) -> list:
        """The opponent's cards in zones ``seat`` cannot see (one pool: any of them may be any
        other), ``seat``'s own cards in hidden zones (its deck's order), and each shared hidden
        zone."""
        st, rules = self.st, self.static.rules
        theirs, mine, shared = [], [], []
        for z, vis in enumerate(rules.visibility):
            if vis == "public":
                continue
            if rules.shared[z]:  # a shared pile nobody (hidden) or everybody (owner: no owner) sees
                if vis == "hidden":
                    shared.append(Pool.of(st.piles[pile(st, z, 0)]))
                continue
            for p in range(rules.players):
                if p != seat:
                    theirs.append(st.piles[pile(st, z, p)])
                elif vis == "hidden":
                    mine.append(st.piles[pile(st, z, p)])
        return [Pool.of(*theirs), Pool.of(*mine), *shared]

    def determinize(self, seat: int, rng) -> None:
        """Deal the hidden pools again, re-seed, and put every card's place right."""
        super().determinize(seat, rng)
        st = self.st
        st.rng = self.rng
        for k, cards in enumerate(st.piles):
            for c in cards:
                st.where[c] = k


def new_game(registry, setups, seed: int, position=None, first: int | None = None) -> CustomGame:
    """A new, unstarted game of the registry's database between ``setups`` (one per player, or
    a replay's setup document read by ``setup_from_json``: a :class:`Table`)."""
    if isinstance(setups, Table):
        return CustomGame(static_of(registry), setups.players, seed, registry, setups.first)
    return CustomGame(static_of(registry), setups, seed, registry, first)


@dataclass(frozen=True)
class Table:
    """A replay's setup: the players and, when it was fixed, the first player."""

    players: tuple[PlayerSetup, ...]
    first: int | None = None

    @classmethod
    def from_json(cls, doc) -> Table:
        """From a replay's setup document."""
        return cls(tuple(PlayerSetup.from_json(p) for p in doc["players"]), doc.get("first"))


__all__ = ["ENGINE_VERSION", "RULES_VERSION", "CustomGame", "PlayerSetup", "Table", "new_game"]
