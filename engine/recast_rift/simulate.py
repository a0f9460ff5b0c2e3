"""The entrants of ``fuda simulate recast-rift``: one deck per pair of sample fighters.

Every unordered pair of distinct fighters is an entrant. Its deck is the sample deck of the
database that uses exactly those two fighters (the first by id), or else a generated one: the
awakening card of the pair's first fighter (by id) and the first 9 spells taking the two
fighters' spells alternately in file order. The CSV says which.
"""

from __future__ import annotations

from itertools import combinations

from fuda.engine.core import Registry
from fuda.engine.core.tournament import Entrant
from fuda.engine.recast_rift.setup import PlayerSetup


def entrants(registry: Registry) -> list[Entrant]:
    """One entrant per fighter pair, in id order."""
    game = registry.game
    spells: dict[str, list[str]] = {}
    awakening: dict[str, str] = {}
    for card in game.cards:
        fighter = card.get("fighter")
        if card.kind == "awakening":
            awakening[fighter] = card.id
        else:
            spells.setdefault(fighter, []).append(card.id)
    out = []
    for a, b in combinations(sorted(game.fighters), 2):
        if a not in awakening or b not in awakening:
            continue
        label = f"{game.fighters[a]}・{game.fighters[b]}"
        decks = sorted((d for d in game.decks if set(d["fighters"]) == {a, b}), key=lambda d: d.id)
        if decks:
            setup, source = PlayerSetup.from_deck(decks[0]), f"deck {decks[0].id}"
        else:
            mixed = [s for pair in zip(spells[a], spells[b], strict=False) for s in pair]  # (the rest follows)
            mixed += spells[a][len(spells[b]):] + spells[b][len(spells[a]):]
            setup = PlayerSetup((a, b), awakening[a], tuple(mixed[: game.manifest["deck-rules"]["spells"]]),
                                "", f"{a}+{b}")
            source = "generated"
        out.append(Entrant(f"{a}+{b}", label, setup, source, kind="fighters"))
    return out
