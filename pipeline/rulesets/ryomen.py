"""東方両面表（仮） (ryomen): nine double-faced cards per player, made from a set of nine kinds."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from fuda.database.checks import dangling, deck_rule, walk_ops
from fuda.database.findings import Finding
from fuda.database.model import Deck, Game
from fuda.database.ruleset import CounterSpec, PileSpec, TablePlan, Vocabulary
from fuda.rulesets.base import BuiltinRuleSet, labels
from fuda.rulesets.engine_checks import with_engine

LABELS = labels(
    kinds={"card": ("カード", "card")},
    fields={"set": ("セット", "set"), "power": ("パワー", "power"), "speed": ("スピード", "speed"),
            "brain": ("ブレイン", "brain")},
)

VOCABULARY = Vocabulary(
    labels=MappingProxyType({
        "登場時": "on-play", "バトル直前": "before-battle", "反転時": "on-flip", "リザルト": "from-result",
    }),
    conditions=MappingProxyType({"昼": "day", "夜": "night"}),
    limit_phrase="１ターンに１回",
    numbers="fuda.lint.rules.facts:RYOMEN",
)

#: Where the manifest's chips lie on the mat.
CHIP_ZONES = MappingProxyType({"points": "point-zone", "day-night": "day-night", "stat": "stat-chips"})


def pairing_problems(game: Game, set_id: str, pairs) -> list[tuple[tuple, str, str | None]]:
    """The construction rules of one pairing (RY-DECK-1/2): exactly ``pairs`` pairs of two
    different cards of its set, every card of the set used exactly ``copies`` times; ``(path,
    message, hint)`` for each broken rule. Validation and the engine's set-up both call this.
    Ids that name no card are left to the caller (validation reports them with a did-you-mean)."""
    rules = game.manifest["deck-rules"]
    copies, want_pairs = rules["copies"], rules["pairs"]
    pairs = [list(p) for p in pairs]
    out = []
    if len(pairs) != want_pairs:
        out.append((("pairs",), f"needs exactly {want_pairs} pairs, found {len(pairs)}", None))
    used = Counter()
    for i, pair in enumerate(pairs):
        for j, cid in enumerate(pair):
            if game.has_card(cid) and game.card(cid).get("set") != set_id:
                out.append((("pairs", i, j), f"'{cid}' is not a card of set '{set_id}'", None))
            used[cid] += 1
        if len(pair) == 2 and pair[0] == pair[1]:
            out.append((("pairs", i), f"pair {i + 1} is two copies of '{pair[0]}'",
                        "a double-faced card pairs two different cards (RY-DECK-2)"))
    for cid in (c.id for c in game.cards if c.get("set") == set_id):
        if used[cid] != copies:
            out.append((("pairs",), f"'{cid}' is used {used[cid]} time(s), expected exactly {copies}",
                        "use every card of the set exactly twice across the 9 pairs"))
    return out


def check(game: Game, context) -> list[Finding]:
    """Cards name the manifest's sets and chips; each set holds 9 kinds and each pairing uses
    every card of its set exactly twice in 9 pairs of different faces (RY-DECK-1/2)."""
    known_ids = context["known_ids"]
    findings = []
    sets = {s["id"] for s in game.manifest.get("sets", ())}
    kinds = game.manifest["deck-rules"]["kinds"]
    for card in game.cards:
        if card.get("set") not in sets:
            findings.append(Finding(card.where("set"), "R001", f"unknown set '{card.get('set')}'", card=card.id,
                                    hint=f"sets in game.yaml: {', '.join(sorted(sets))}"))
    chips = {c["id"] for c in (game.manifest.get("chips") or {}).get("stat", ())}
    for card in game.cards:
        for ability in card.abilities:
            for op in walk_ops(ability.effect or ()):
                if op.name == "put-stat-chip" and op.args.get("chip") not in chips:
                    findings.append(Finding(op.where("put-stat-chip", "chip"), "R001",
                                            f"unknown stat chip '{op.args.get('chip')}'", card=card.id,
                                            hint=f"chips.stat in game.yaml: {', '.join(sorted(chips)) or 'none'}"))
    members = {s: [c.id for c in game.cards if c.get("set") == s] for s in sets}
    for s, ids in sorted(members.items()):
        if len(ids) != kinds:
            findings.append(Finding(game.source, "F002", f"set '{s}' has {len(ids)} kinds of card, expected {kinds}",
                                    hint="each player's set holds exactly 9 kinds (RY-DECK-1)"))
    for deck in game.decks:
        for i, pair in enumerate(deck["pairs"]):
            for j, cid in enumerate(pair):
                bad = dangling(deck, ("pairs", i, j), cid, game, known_ids)
                if bad:
                    findings.append(bad)
        findings += [deck_rule(deck, path, message, hint)
                     for path, message, hint in pairing_problems(game, deck["set"], deck["pairs"])]
    return findings


def table_plan(game: Game, deck: Deck) -> TablePlan:
    """The player's 9 double-faced cards face up (front face A, back face B) and the manifest's
    chips: point chips, stat chips and the day/night chip."""
    pairs = tuple((a, b) for a, b in deck["pairs"])
    total = sum((game.manifest.get("chips") or {}).get("points", ()))
    return TablePlan((PileSpec(deck.name, pairs, "hand-zone", face_down=False, description=True),), CHIP_ZONES,
                     counters=(CounterSpec("ポイント", 0, total, "won-points", (95, 8)),))


RULESET = BuiltinRuleSet(
    id="ryomen", name="東方両面表（仮）", engine="fuda.engine.ryomen",
    game_labels=LABELS, words=VOCABULARY, checks=with_engine(check), construction=pairing_problems, plan=table_plan, print_backs="none",
    holds=lambda data: tuple(cid for pair in data["pairs"] for cid in pair),  # both faces of every pair
    pairing=lambda data: tuple((a, b) for a, b in data["pairs"]),
)
