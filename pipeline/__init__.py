"""fuda's data pipeline: load and validate a card database, then print, export and lint it."""

from .database import Ability, Card, Database, Deck, Game, Op
from .findings import Finding, FindingsError, Location
from .load import find_games, load_database, validate

__all__ = [
    "Ability", "Card", "Database", "Deck", "Finding", "FindingsError", "Game", "Location", "Op",
    "find_games", "load_database", "validate",
]

__version__ = "0.1.0"
