"""The entrants of ``fuda simulate ryomen``: one per sample pairing (decks/ of the database).

Each pairing plays with the faces its player chooses at setup (the ``faces`` decision, so a
random agent lays a random side of each card up); win rates are per pairing versus pairing.
"""

from __future__ import annotations

from fuda.engine.core.tournament import Entrant
from fuda.engine.ryomen.setup import PlayerSetup


def entrants(registry) -> list[Entrant]:
    """One entrant per pairing of the database, in id order."""
    game = registry.game
    out = []
    for deck in sorted(game.decks, key=lambda d: d.id):
        out.append(Entrant(deck.id, deck.name, PlayerSetup.from_deck(deck), f"deck {deck.id}"))
    return out
