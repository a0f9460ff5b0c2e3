"""RAISE×BLAZE (raise-blaze): a main deck of fighters and spells and a core deck of core fighters."""

from __future__ import annotations

from collections.abc import Iterable
from types import MappingProxyType

from fuda.database.checks import dangling, deck_rule, types_known
from fuda.database.findings import Finding
from fuda.database.model import Deck, Game
from fuda.database.ruleset import PileSpec, TablePlan, Vocabulary, cards_section
from fuda.rulesets.base import BuiltinRuleSet, labels
from fuda.rulesets.engine_checks import with_engine

LABELS = labels(
    kinds={"fighter": ("ファイター", "fighter"), "core-fighter": ("コアファイター", "core fighter"),
           "spell": ("スペル", "spell")},
    fields={"spell-type": ("種別", "spell type"), "types": ("タイプ", "types"), "power": ("パワー", "power"),
            "raise": ("レイズ", "raise")},
    values={"spell-type": {"normal": ("通常", "normal"), "continuous": ("持続性", "continuous"),
                           "equip": ("装着性", "equip")}},
)

VOCABULARY = Vocabulary(
    labels=MappingProxyType({
        "召喚時": "on-summon", "起動": "activated", "永続": "continuous", "破壊時": "on-destroyed",
        "攻撃時": "on-attack", "下敷き中": "while-underneath", "発動": "on-activate",
        "迎撃": "on-opponent-attack", "持続": "while-active", "装着中": "while-equipped",
    }),
    limit_phrase="（１ターンに１度）",
    name_filters=True,
    numbers="fuda.lint.rules.facts:RAISE_BLAZE",
)


def deck_problems(game: Game, main: Iterable[tuple[str, int, tuple]], core: Iterable[tuple[str, tuple]]
                  ) -> list[tuple[tuple, str, str | None]]:
    """RB-DECK-1/2 as ``(path, message, hint)``: the main deck holds ``main-min``–``main-max``
    fighters and spells, at most ``max-copies`` of each; the core deck ``core-min``–``core-max``
    different core fighters. ``main`` holds ``(card id, copies, path)``, ``core`` ``(card id,
    path)``; ids the game lacks are left to the caller. Used by validation and the engine."""
    rules = game.manifest["deck-rules"]
    lo, hi, copies = rules["main-min"], rules["main-max"], rules["max-copies"]
    core_lo, core_hi = rules["core-min"], rules["core-max"]
    out = []
    main, core = list(main), list(core)
    total = sum(n for _, n, _ in main)
    if not lo <= total <= hi:
        out.append((("main",), f"the main deck has {total} cards, needs {lo}–{hi} (RB-DECK-1)", None))
    for cid, n, path in main:
        if not game.has_card(cid):
            continue
        kind = game.card(cid).kind
        if kind not in ("fighter", "spell"):
            out.append(((*path, "card"), f"'{cid}' is a {kind} card; the main deck takes fighters and spells, "
                        "no core fighter (RB-DECK-1)", None))
        elif n > copies:
            out.append(((*path, "count"), f"{n} copies of '{cid}', at most {copies} allowed (RB-DECK-1)", None))
    if not core_lo <= len(core) <= core_hi:
        out.append((("core",), f"the core deck has {len(core)} cards, needs {core_lo}–{core_hi} (RB-DECK-2)", None))
    seen: dict[str, int] = {}
    for cid, path in core:
        seen[cid] = seen.get(cid, 0) + 1
        if game.has_card(cid) and game.card(cid).kind != "core-fighter":
            out.append((path, f"'{cid}' is a {game.card(cid).kind} card; the core deck takes core fighters "
                        "only (RB-DECK-2)", None))
    for cid, n in seen.items():
        if n > 1:
            out.append((("core",), f"core fighter '{cid}' is listed {n} times; each may appear once (RB-DECK-2)", None))
    return out


def check(game: Game, context) -> list[Finding]:
    """Types name the manifest's types; every deck follows :func:`deck_problems`."""
    known_ids = context["known_ids"]
    findings = []
    types = set(game.manifest.get("types", ()))
    for card in game.cards:
        findings += types_known(card, types, game)
    for deck in game.decks:
        seen: dict[str, int] = {}
        for i, entry in enumerate(deck["main"]):
            cid = entry["card"]
            bad = dangling(deck, ("main", i, "card"), cid, game, known_ids)
            if bad:
                findings.append(bad)
            if cid in seen:
                findings.append(deck_rule(deck, ("main", i, "card"), f"'{cid}' is listed twice (first as entry {seen[cid] + 1})",
                                          "list each card once and give its count"))
            seen.setdefault(cid, i)
        for i, cid in enumerate(deck["core"]):
            bad = dangling(deck, ("core", i), cid, game, known_ids)
            if bad:
                findings.append(bad)
        main = [(e["card"], e["count"], ("main", i)) for i, e in enumerate(deck["main"])]
        core = [(cid, ("core", i)) for i, cid in enumerate(deck["core"])]
        findings += [deck_rule(deck, path, message, hint) for path, message, hint in deck_problems(game, main, core)]
    return findings


def table_plan(game: Game, deck: Deck) -> TablePlan:
    """The main deck (shuffled) on the deck zone and the core deck on the core fighter place,
    face down."""
    main = tuple(e["card"] for e in deck["main"] for _ in range(e["count"]))
    return TablePlan((PileSpec(deck.name, main, "deck-zone", description=True, shuffle=True),
                      PileSpec(f"{deck.name}（コアデッキ）", tuple(deck["core"]), "core-fighter")))


RULESET = BuiltinRuleSet(
    id="raise-blaze", name="RAISE×BLAZE", engine="fuda.engine.raise_blaze",
    game_labels=LABELS, words=VOCABULARY, checks=with_engine(check), construction=deck_problems,  plan=table_plan, template="raise-blaze",
    holds=lambda data: (*cards_section(data, "main"), *data["core"]),  # the main deck, then the core deck
)
