"""The entrants of ``fuda simulate raise-blaze``: the sample decks of the database.

Every deck of the game folder is an entrant, in id order; its core fighter is chosen by the
playing agent at the start of each game (RB-SETUP-1), like any other decision.
"""

from __future__ import annotations

from fuda.engine.core.tournament import Entrant
from fuda.engine.raise_blaze.setup import PlayerSetup


def entrants(registry) -> list[Entrant]:
    """One entrant per deck of the game, in id order."""
    out = []
    for deck in sorted(registry.game.decks, key=lambda d: d.id):
        out.append(Entrant(deck.id, deck.name, PlayerSetup.from_deck(deck), f"deck {deck.id}"))
    return out
