"""The entrants of ``fuda simulate toho-tcg``: the sample decks of the database.

Every deck of the game is an entrant, in id order; decks are played against each other (and in
mirror matches) as they are — both sample decks have 30 cards, as TT-SETUP-1 wants equal sizes.
"""

from __future__ import annotations

from fuda.engine.core.tournament import Entrant
from fuda.engine.toho_tcg.setup import PlayerSetup


def entrants(registry) -> list[Entrant]:
    """One entrant per deck of the database, in id order."""
    decks = sorted(registry.game.decks, key=lambda d: d.id)
    return [Entrant(d.id, d.name, PlayerSetup.from_deck(d), f"deck {d.id}") for d in decks]
