"""東方リキャストリフト (Recast Rift): two fighters, an awakening card and nine spells per deck."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

from fuda.database.checks import dangling, deck_rule
from fuda.database.findings import Finding
from fuda.database.model import Deck, Game
from fuda.database.ruleset import CounterSpec, PileSpec, TablePlan, Vocabulary
from fuda.rulesets.base import BuiltinRuleSet, labels
from fuda.rulesets.engine_checks import with_engine

LABELS = labels(
    kinds={"awakening": ("覚醒札", "awakening card"), "spell": ("スペル札", "spell card")},
    fields={"fighter": ("ファイター", "fighter"), "timing": ("タイミング", "timing"), "type": ("種別", "type"),
            "attack": ("攻撃力", "attack"), "recast": ("リキャスト", "recast"), "graze": ("グレイズ", "graze"),
            "preempt": ("先制覚醒", "preemptive awakening")},
    values={"timing": {"normal": ("通常札", "normal"), "preempt": ("先制札", "preemptive"),
                       "full-power": ("全力札", "full power")},
            "type": {"attack": ("攻撃札", "attack"), "action": ("行動札", "action"), "setup": ("設置札", "setup"),
                     "trigger": ("誘発札", "trigger")}},
)

VOCABULARY = Vocabulary(
    labels=MappingProxyType({
        "キャスト時": "on-cast", "展開中": "while-deployed", "回収時": "on-retrieve",
        "覚醒時": "on-awaken", "覚醒中": "while-awakened",
    }),
    limit_phrase="１ターンに１回",
    unlabeled_on=(("type", "action", "on-cast"),),  # an action card's cast effect has no label
    attack_values="attack-type",
    numbers="fuda.lint.rules.facts:RECAST_RIFT",
)


def check(game: Game, context) -> list[Finding]:
    """Every fighter owns its cards (RR-DECK-2); every deck is two fighters, their awakening
    card and nine different spells of theirs (RR-DECK-1/3)."""
    findings = []
    rules = game.manifest["deck-rules"]
    fighter_where, known_ids = context["fighter_where"], context["known_ids"]
    owned: dict[str, Counter] = {f: Counter() for f in game.fighters}
    for card in game.cards:
        fighter = card.get("fighter")
        if fighter not in game.fighters:
            findings.append(Finding(card.where("fighter"), "R001", f"unknown fighter '{fighter}'", card=card.id,
                                    hint=f"declare it under 'fighters:' (known: {', '.join(sorted(game.fighters)) or 'none'})"))
            continue
        owned[fighter][card.kind] += 1
    for fighter, counts in owned.items():
        for kind, want in rules["cards-per-fighter"].items():
            if counts[kind] != want:
                findings.append(Finding(fighter_where.get(fighter, game.source), "F001",
                                        f"fighter '{fighter}' owns {counts[kind]} {kind} card(s), expected exactly {want}",
                                        hint="each fighter owns 1 awakening card and 7 spells (RR-DECK-2)"))
    for deck in game.decks:
        findings += _deck(game, deck, rules, known_ids)
    return findings


def _deck(game: Game, deck: Deck, rules, known_ids) -> list[Finding]:
    findings = []
    fighters = list(deck["fighters"])
    want_fighters = rules["fighters"]
    want_spells = rules["spells"]
    if len(fighters) != want_fighters or len(set(fighters)) != len(fighters):
        findings.append(deck_rule(deck, ("fighters",), f"needs {want_fighters} different fighters, found {fighters}"))
    for i, f in enumerate(fighters):
        if f not in game.fighters:
            findings.append(Finding(deck.where("fighters", i), "R001", f"deck '{deck.id}' names unknown fighter '{f}'",
                                    hint=f"known fighters: {', '.join(sorted(game.fighters))}"))
    refs = [(("awakening",), deck["awakening"])] + [(("spells", i), s) for i, s in enumerate(deck["spells"])]
    for path, cid in refs:
        bad = dangling(deck, path, cid, game, known_ids)
        if bad:
            findings.append(bad)
            continue
        if not game.has_card(cid):
            continue
        card = game.card(cid)
        want_kind = "awakening" if path[0] == "awakening" else "spell"
        if card.kind != want_kind:
            findings.append(deck_rule(deck, path, f"'{cid}' is a {card.kind} card, expected a {want_kind} card"))
        elif card.get("fighter") not in fighters:
            findings.append(deck_rule(deck, path, f"'{cid}' belongs to fighter '{card.get('fighter')}', not to {fighters}",
                                      "a deck takes cards of its two fighters only (RR-DECK-3)"))
    spells = list(deck["spells"])
    if len(spells) != want_spells:
        findings.append(deck_rule(deck, ("spells",), f"needs exactly {want_spells} spells, found {len(spells)}"))
    repeated = [s for s, n in Counter(spells).items() if n > 1]
    if repeated:
        findings.append(deck_rule(deck, ("spells",), f"spell(s) listed twice: {', '.join(repeated)}",
                                  "each spell card exists once; pick 9 different spells"))
    return findings


def table_plan(game: Game, deck: Deck) -> TablePlan:
    """The 9 spells face down as the deck; both fighters' awakening cards as loose face-down
    cards, front the fighter side and back the life track (RR-SETUP, RR-LIFE-1); the deck's
    chosen one is marked (its back too: both lie face down). A life counter per player."""
    piles = [PileSpec(deck.name, tuple(deck["spells"]), "deck", description=True, shuffle=True)]
    chosen = game.card(deck["awakening"])
    others = [c for c in game.cards if c.kind == "awakening" and c.get("fighter") in deck["fighters"]
              and c.get("fighter") != chosen.get("fighter")]
    marks = {"awakening-far": "選んだ覚醒札・奥", "awakening-near": "もう１体・手前"}
    for card, zone in [(chosen, "awakening-far")] + [(c, "awakening-near") for c in others[:1]]:
        piles.append(PileSpec(card.name, (card.id,), zone, loose=True, mark=marks[zone]))
    life = int(game.settings["starting-life"])
    return TablePlan(tuple(piles), counters=(CounterSpec("ライフ", life, life, "awakening-far", (8, 92)),))


RULESET = BuiltinRuleSet(
    id="recast-rift", name="東方リキャストリフト", engine="fuda.engine.recast_rift",
    game_labels=LABELS, words=VOCABULARY, checks=with_engine(check), plan=table_plan,
    holds=lambda data: (data["awakening"], *data["spells"]),  # the awakening card and the 9 spells
)
