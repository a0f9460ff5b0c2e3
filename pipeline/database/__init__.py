"""The card database: safe YAML reading, schemas, cross-file checks and the immutable values
(:class:`Database`, :class:`Game`, :class:`Card`, :class:`Deck`) everything else reads.

This is the bottom layer: it imports nothing else of fuda's.
"""

from fuda.database.findings import Finding, FindingsError, Location
from fuda.database.load import find_games, load_database, validate
from fuda.database.model import Ability, Card, Database, Deck, Game, Op

__all__ = [
    "Ability", "Card", "Database", "Deck", "Finding", "FindingsError", "Game", "Location", "Op",
    "find_games", "load_database", "validate",
]
