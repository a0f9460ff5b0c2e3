"""東方カードゲーム（仮） (toho-tcg): a deck of 30 or more cards that is also its player's life."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from fuda.database.checks import counted_list, deck_rule, types_known
from fuda.database.findings import Finding
from fuda.database.model import Game
from fuda.database.ruleset import CounterSpec, Keyword, TablePlan, Vocabulary
from fuda.rulesets.base import BuiltinRuleSet, deck_pile, labels
from fuda.rulesets.engine_checks import with_engine

LABELS = labels(
    kinds={"character": ("キャラクター", "character"), "quick": ("クイック", "quick"),
           "assister": ("アシスター", "assister"), "equip": ("イクイップ", "equip"), "world": ("ワールド", "world")},
    fields={"rank": ("ランク", "rank"), "cost": ("コスト", "cost"), "types": ("タイプ", "types"),
            "attack": ("攻撃力", "attack"), "defense": ("防御力", "defense")},
    values={"rank": {"normal": ("ノーマル", "normal"), "hard": ("ハード", "hard")}},
)

VOCABULARY = Vocabulary(
    labels=MappingProxyType({"起動": "activated", "永続": "static", "誘発": "triggered"}),
    keywords=MappingProxyType({
        "ディフェンサー": Keyword("defender"),
        "スペルディフェンサー": Keyword("spell-defender"),
        "トリックスター": Keyword("trickster"),
        "ファストアタック": Keyword("fast-attack"),
        "クリティカル": Keyword("critical", "type"),
        "ストライカー": Keyword("striker"),
        "トラッシュ": Keyword("trash", "number"),
        "バリア": Keyword("barrier"),
        "レジスト": Keyword("resist", "number"),
        "ペネトレイト": Keyword("penetrate"),
        "プロテクション": Keyword("protection", "type"),
    }),
    unlabeled=frozenset({"on-play"}),
    types=("人間", "幽霊", "妖怪", "妖精", "魔法使い", "巫女", "神", "物質"),
    limit_phrase="１ターンに１回",
    attack_values="characters",
    numbers="fuda.lint.rules.facts:TOHO_TCG",
)


def deck_problems(game: Game, cards: Iterable[tuple[str, int, tuple]]) -> list[tuple[tuple, str, str | None]]:
    """TT-SETUP-1 for one deck, as ``(path, message, hint)``: at least ``min-cards`` cards and at
    most ``max-copies`` of one card (when the manifest sets it). ``cards`` holds
    ``(card id, copies, path of the entry)``. Used by validation and by the engine's setup."""
    rules = game.manifest["deck-rules"]
    minimum, max_copies = rules["min-cards"], rules.get("max-copies")  # max-copies: absent or null = no limit
    out = []
    total = 0
    for cid, n, path in cards:
        total += n
        if max_copies and n > max_copies:
            out.append(((*path, "count"), f"{n} copies of '{cid}', at most {max_copies} allowed", None))
    if total < minimum:
        out.append((("cards",), f"has {total} cards, needs at least {minimum}",
                    "a deck's card count is its life (TT-SETUP-1)"))
    return out


def check(game: Game, context) -> list[Finding]:
    """Types and keywords name the manifest's types; a Hard levels up from a Normal (TT-CHAR-2);
    every deck follows :func:`deck_problems`."""
    known_ids = context["known_ids"]
    findings = []
    types = set(game.manifest.get("types", ()))
    for card in game.cards:
        findings += types_known(card, types, game)
        for k, kw in enumerate(card.get("keywords", ())):
            if isinstance(kw, Mapping):  # as read (validate) or frozen (load): one verdict
                (name, value), = kw.items()
                if name in ("critical", "protection") and value not in types:
                    findings.append(Finding(card.where("keywords", k, name), "R002",
                                            f"keyword {name} names unknown type '{value}'", card=card.id,
                                            hint=f"types of {game.id}: {', '.join(sorted(types))}"))
        if card.get("rank") == "hard":
            base = card.get("levels-from")
            if not game.has_card(base):
                if base not in known_ids:
                    findings.append(Finding(card.where("levels-from"), "R001",
                                            f"levels-from names unknown card '{base}'", card=card.id,
                                            hint="name the id of the matching Normal character"))
            elif game.card(base).kind != "character" or game.card(base).get("rank") != "normal":
                findings.append(Finding(card.where("levels-from"), "R003",
                                        f"levels-from '{base}' is not a Normal character", card=card.id,
                                        hint="a Hard levels up from a Normal (TT-CHAR-2)"))
    for deck in game.decks:
        findings += counted_list(game, deck, "cards", known_ids, None)
        listed = {e["card"] for e in deck["cards"]}
        for i, entry in enumerate(deck["cards"]):
            card = game.card(entry["card"]) if game.has_card(entry["card"]) else None
            if card is not None and card.get("levels-from") and card["levels-from"] not in listed:
                findings.append(Finding(deck.where("cards", i, "card"), "K002",
                                        f"deck '{deck.id}' has the Hard '{card.id}' without its Normal '{card['levels-from']}'",
                                        severity="warning", hint="a Hard can only be played onto its Normal (TT-CHAR-2)"))
        entries = [(e["card"], e["count"], ("cards", i)) for i, e in enumerate(deck["cards"])]
        findings += [deck_rule(deck, path, message, hint) for path, message, hint in deck_problems(game, entries)]
    return findings


def table_plan(game: Game, deck) -> TablePlan:
    """The deck, shuffled (its count is the life, TT-SETUP-1), and a 霊力 counter per player:
    at most a full hand trashed and every character tapped in one phase (TT-COST-1)."""
    s = game.settings
    most = int(s["hand-limit"]) * int(s["reiryoku-per-hand-trash"]) + int(s["max-characters"]) * int(s["reiryoku-per-tap"])
    return TablePlan(deck_pile(game, deck).piles, counters=(CounterSpec("霊力", 0, most, "world-zone", (8, -58)),))


RULESET = BuiltinRuleSet(
    id="toho-tcg", name="東方カードゲーム（仮）", engine="fuda.engine.toho_tcg",
    game_labels=LABELS, words=VOCABULARY, checks=with_engine(check), construction=deck_problems, plan=table_plan,
    duel_online=True, template="toho-tcg",
)
