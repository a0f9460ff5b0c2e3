"""The card database as immutable values: :class:`Database` → :class:`Game` → :class:`Card`.

Nothing here reads files; :mod:`fuda.database.load` builds these values once, after validation, and
everything downstream (print, export, lint, engines) reads them instead of YAML.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from fuda.database.findings import Location
from fuda.database.ruleset import cards_section
from fuda.i18n import Text

_LEAVES = frozenset((str, int, float, bool, type(None)))


def freeze(value):
    """Deeply immutable copy of plain data: dicts become read-only mappings, lists tuples."""
    if type(value) in _LEAVES:
        return value
    if isinstance(value, dict):  # leaves inline: most values are leaves, and a call each cost 15 %
        return MappingProxyType({k: v if type(v) in _LEAVES else freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple([v if type(v) in _LEAVES else freeze(v) for v in value])
    return value


def thaw(value):
    """Plain ``dict``/``list`` copy of frozen data (for JSON output and exports)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value


class Located:
    """Mixin for values read from a YAML file: where each field below them was written."""

    source: Location
    positions: Mapping

    def where(self, *path) -> Location:
        """Where the field at ``path`` (keys and indices below this value) was written."""
        path = tuple(path)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.source


class Fields:
    """Mixin for values that keep their fields as written (``value["key"]``, ``value.get``)."""

    data: Mapping

    def __getitem__(self, key: str):
        return self.data[key]

    def get(self, key: str, default=None):
        """A field as written in the file, or ``default`` when it is absent."""
        return self.data.get(key, default)


@dataclass(frozen=True)
class Op(Located):
    """One effect word of an ability, e.g. ``draw`` with argument ``2``."""

    name: str
    args: object
    source: Location
    positions: Mapping = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Ability(Located, Fields):
    """A structured ability: when it works, its printed text, and its ops (or a manual reason)."""

    when: str
    text: str
    effect: tuple[Op, ...] | None  # None when the ability is ``effect: manual``
    manual: str | None
    data: Mapping
    source: Location
    positions: Mapping = field(default_factory=dict, repr=False, compare=False)

    @property
    def is_manual(self) -> bool:
        """True when no engine can execute this ability yet (``effect: manual``)."""
        return self.effect is None


@dataclass(frozen=True)
class Card(Located, Fields):
    """One card of one game. Game-specific fields are read with ``card[key]`` or ``card.get``."""

    game: str
    id: str
    name: str
    kind: str
    text: str
    flavor: str | None
    art: Path | None
    abilities: tuple[Ability, ...]
    data: Mapping
    source: Location
    positions: Mapping = field(default_factory=dict, repr=False, compare=False)


@dataclass(frozen=True)
class Deck(Located, Fields):
    """A deck list (or a pairing of double-faced cards) exactly as its file gives it, with the
    cards it holds as its rule set reads them (``deck_cards``, ``deck_pairs``: see
    :class:`fuda.database.ruleset.Defaults`)."""

    game: str
    id: str
    name: str
    data: Mapping
    source: Location
    positions: Mapping = field(default_factory=dict, repr=False, compare=False)
    ids: tuple[str, ...] | None = None  # every card id, one per copy (None: the ``cards`` list's)
    pairs: tuple[tuple[str, str], ...] = ()  # (face A, face B) of each double-faced card; () for a deck list

    def card_ids(self) -> tuple[str, ...]:
        """Every card id of the deck, one entry per copy, in file order."""
        return self.ids if self.ids is not None else cards_section(self.data, "cards")


@dataclass(frozen=True)
class Game:
    """One game folder: its manifest, cards and decks."""

    id: str
    name: str
    rules: str
    folder: Path
    manifest: Mapping
    cards: tuple[Card, ...]
    decks: tuple[Deck, ...]
    fighters: Mapping = field(default_factory=lambda: MappingProxyType({}))  # recast-rift: id -> name
    source: Location | None = None
    _index: Mapping = field(default_factory=lambda: MappingProxyType({}), init=False, repr=False, compare=False)
    _decks: Mapping = field(default_factory=lambda: MappingProxyType({}), init=False, repr=False, compare=False)
    _derived: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self):
        # Lookup tables derived once from the cards and decks (frozen: set through object).
        object.__setattr__(self, "_index", MappingProxyType({c.id: c for c in self.cards}))
        object.__setattr__(self, "_decks", MappingProxyType({d.id: d for d in self.decks}))

    def derived(self, key: str, make):
        """A value derived from this game, made once by ``make()`` and kept with the game (the
        checked card template: asked for by every face of every card)."""
        if key not in self._derived:
            self._derived[key] = make()
        return self._derived[key]

    def card(self, card_id: str) -> Card:
        """The card with this id; ``KeyError`` naming the game when there is none."""
        try:
            return self._index[card_id]
        except KeyError:
            raise KeyError(Text("err.no_card", game=self.id, card=card_id)) from None

    def deck(self, deck_id: str) -> Deck:
        """The deck with this id; ``KeyError`` listing the decks when there is none."""
        try:
            return self._decks[deck_id]
        except KeyError:
            known = ", ".join(sorted(self._decks)) or "none"
            raise KeyError(Text("err.no_deck", game=self.id, deck=deck_id, known=known)) from None

    def has_card(self, card_id: str) -> bool:
        """True when a card with this id exists in the game."""
        return card_id in self._index

    @property
    def card_size(self) -> tuple[float, float]:
        """Trimmed card size (width, height) in mm; 63 × 88 unless the manifest says otherwise."""
        size = self.manifest.get("card-size") or {}
        return (float(size.get("width", 63)), float(size.get("height", 88)))

    @property
    def settings(self) -> Mapping:
        """Rule settings from the manifest (starting life, hand limits …)."""
        return self.manifest.get("settings", MappingProxyType({}))


@dataclass(frozen=True)
class Database:
    """Every game loaded from one or more database folders, validated and immutable."""

    games: tuple[Game, ...]
    digest: str = ""

    def game(self, game_id: str) -> Game:
        """The game with this id; ``KeyError`` listing the games when there is none."""
        for g in self.games:
            if g.id == game_id:
                return g
        known = ", ".join(g.id for g in self.games) or "none"
        raise KeyError(Text("err.no_game", game=game_id, known=known))

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards of all games, game by game, in file order."""
        return tuple(c for g in self.games for c in g.cards)


def digest_of(games) -> str:
    """A SHA-256 over every game's manifest, cards and decks: the database hash of replays."""
    h = hashlib.sha256()
    for g in games:
        blob = {"manifest": g.manifest, "cards": [c.data for c in g.cards], "decks": [d.data for d in g.decks]}
        # json writes tuples as lists and asks ``default`` for each read-only mapping: the same
        # text as dumping thawed copies, without making them
        h.update(json.dumps(blob, ensure_ascii=False, sort_keys=True, default=dict).encode())
    return h.hexdigest()
