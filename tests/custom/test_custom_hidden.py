"""The custom engine's decisions name cards as cards (CardRef): a seat's search keeps the cards
a decision shows it where they are, and re-deals only what it cannot know."""

from __future__ import annotations

from fuda import load_database
from fuda.engine import custom as cu
from fuda.engine.core import RandomAgent
from fuda.engine.core.hidden import CardRef, shown_by


def test_card_options_are_card_refs_and_shown():
    """Over random games of hoshikage, every option that names a card (play, attack, block,
    activate, a target) carries a CardRef, which shown_by counts; pass options carry none."""
    registry = cu.build_registry(load_database().game("hoshikage"))
    decks = registry.game.decks
    seen_kinds = set()
    for seed in range(6):
        game = cu.new_game(registry, [cu.setup_from_deck(decks[0]), cu.setup_from_deck(decks[1 % len(decks)])], seed).start()
        agent = RandomAgent(seed)
        for _ in range(400):
            decision = game.pending
            if decision is None:
                break
            cards = [o for o in decision.options if ":" in o.id and not o.id.startswith("option:")]
            for o in cards:
                assert type(o.value) is CardRef, (decision.kind, o.id, o.value)
                seen_kinds.add(o.id.split(":")[0])
            assert shown_by(decision, decision.player) >= {int(o.value) for o in cards}
            game.choose(agent.choose(game.view(decision.player), decision))
    assert {"play", "attack"} <= seen_kinds
