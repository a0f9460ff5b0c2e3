"""The ``play:`` section of a custom game.yaml, compiled into :class:`~.compile.PlayRules`.

Its shape is checked by ``schema/custom.play.schema.json`` first; here the names it uses (zones,
counters, fields, keywords, effect words) are checked against the declarations, and what can be
seen from the data alone is reported: a turn in which nobody ever decides (no ``main`` step), an
end condition nothing in the game can ever make true, a game that only the engine's safety limit
ends.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from fuda.database import Location
from fuda.engine.custom.compile import (
    NEVER,
    REQUIRED_ZONES,
    TURN,
    UNKNOWN_NAME,
    Compiler,
    Known,
)
from fuda.engine.custom.defs import End, PlayRules, Step


def play_rules(manifest: Mapping, known: Known, where: Callable[[tuple], Location],
               printed=()) -> tuple[PlayRules | None, list, Compiler]:
    """Compile ``manifest['play']``; (rules or None on an error, findings, the compiler — which
    card compilation reuses). ``where(path)`` locates a path below ``play``; ``printed`` holds
    every card's printed (values, keywords), for the no-target check."""
    play = manifest["play"]
    cc = Compiler(known, printed=printed)

    def at(*path):
        return where(("play", *path))

    zones = tuple(play["zones"])
    missing = [z for z in REQUIRED_ZONES if z not in zones]
    for z in missing:
        cc.error(at("zones"), UNKNOWN_NAME, f"領域「{z}」がない（deck・hand・field・discard は必須）",
                 f"zone '{z}' is missing (deck, hand, field and discard are required)")
    counters = play.get("counters") or {}
    names = tuple(counters)
    for name, spec in counters.items():
        lo, hi, start = spec.get("min", 0), spec.get("max", 99), spec.get("start", 0)
        if not lo <= start <= hi:
            cc.error(at("counters", name), UNKNOWN_NAME, f"カウンター「{name}」の start {start} が min〜max の外",
                     f"counter '{name}': start {start} is outside min {lo} … max {hi}")
    for kind in play.get("permanents") or ():
        cc.name(kind, known.kinds, "カードの種類", "kind", at("permanents"))
    steps = []
    for k, raw in enumerate(play["turn"]):
        if isinstance(raw, str):
            steps.append(Step(raw))
            continue
        raw = dict(raw)
        skip = bool(raw.pop("except-first-turn", False))
        ops = cc.words([raw], lambda *p, _k=k: at("turn", _k, *p[1:]))
        if ops:
            steps.append(Step("effect", ops[0], skip))
    kinds = [s.kind for s in steps]
    if "main" not in kinds:
        cc.error(at("turn"), TURN, "手番に main の段階がない：だれも何も選ばないまま手番が進む",
                 "the turn has no main step: nobody ever decides anything", "warning")
    pay_spec = play.get("play-card") or {}
    cost_field = pay_spec.get("cost")
    if cost_field is not None:
        cc._int_field(cost_field, at("play-card", "cost"))
    pay = -1
    if "counter" in pay_spec and cc.name(pay_spec["counter"], names, "カウンター", "counter", at("play-card", "counter")):
        pay = names.index(pay_spec["counter"])
    respond = play.get("respond") or {}
    respond_filter = cc.filter(respond["cards"], at("respond", "cards")) if respond else None
    combat = play.get("combat")
    attackers = strength = None
    unblocked = ()
    if combat:
        attackers = cc.filter(combat["attackers"], at("combat", "attackers"))
        strength = combat.get("strength")
        if strength is not None:
            cc._int_field(strength, at("combat", "strength"))
        unblocked = cc.words(combat.get("unblocked") or [], lambda *p: at("combat", "unblocked", *p))
    keywords = play.get("keywords") or {}
    for kw, spec in keywords.items():
        if "evasion" in spec:
            cc.name(spec["evasion"], tuple(keywords), "キーワード", "keyword", at("keywords", kw, "evasion"))
    ends = []
    for k, end in enumerate(play.get("end") or ()):
        if "deck-out" in end:
            ends.append(End(-1, None, None, end["deck-out"]))
        elif cc.name(end["counter"], names, "カウンター", "counter", at("end", k, "counter")):
            ends.append(End(names.index(end["counter"]), end.get("at-least"), end.get("at-most"), end["result"]))
    limit = play.get("limit") or {}
    decide = []
    for k, name in enumerate(limit.get("decide-by") or ()):
        if cc.name(name, names, "カウンター", "counter", at("limit", "decide-by", k)):
            decide.append(names.index(name))
    if not ends and not limit:
        cc.error(at(), NEVER, "終わりの条件も limit もない：エンジンの上限（200 手番）で引き分けになる",
                 "no end condition and no limit: every game is a draw at the engine's limit of 200 turns", "warning")
    if any(f.severity == "error" for f in cc.findings):
        return None, cc.findings, cc
    vis = tuple((spec or {}).get("visibility", "public") for spec in play["zones"].values())
    rules = PlayRules(
        players=play.get("players", 2), counters=names,
        counter_labels=tuple(spec.get("label", n) for n, spec in counters.items()),
        counter_names_en=tuple(spec.get("en", n) for n, spec in counters.items()),
        start=tuple(spec.get("start", 0) for spec in counters.values()),
        lo=tuple(spec.get("min", 0) for spec in counters.values()),
        hi=tuple(spec.get("max", 99) for spec in counters.values()),
        zones=zones, zone_labels=tuple((spec or {}).get("label", z) for z, spec in play["zones"].items()),
        zone_names_en=tuple((spec or {}).get("en", z) for z, spec in play["zones"].items()),
        visibility=vis, shared=tuple(bool((spec or {}).get("shared")) for spec in play["zones"].values()),
        permanents=frozenset(play.get("permanents") or ()),
        shuffle=(play.get("setup") or {}).get("shuffle", True), hand_size=(play.get("setup") or {}).get("hand", 0),
        first=(play.get("setup") or {}).get("first-player", "random"), steps=tuple(steps),
        cost_field=cost_field, pay=pay, windows=frozenset(respond.get("windows") or ()), respond=respond_filter,
        combat=bool(combat), attackers=attackers, strength=strength, unblocked=unblocked,
        keywords=keywords, blockers=tuple(k for k, s in keywords.items() if s.get("blocker")),
        evasion=tuple((k, s["evasion"]) for k, s in keywords.items() if "evasion" in s),
        haste=tuple(k for k, s in keywords.items() if s.get("haste")), ends=tuple(ends),
        rounds=limit.get("rounds", 0), decide_by=tuple(decide),
        deck=zones.index("deck"), hand=zones.index("hand"), field=zones.index("field"),
        discard=zones.index("discard"))
    return rules, cc.findings, cc


def never_fires(rules: PlayRules, ops_everywhere, at: Callable[..., Location], cc: Compiler) -> None:
    """CU005: an end condition nothing can make true — a counter bound no word, step, combat
    result or cost payment moves the counter towards, a deck-out with no draw anywhere."""
    raised, lowered, draws = set(), set(), False
    if rules.pay >= 0:
        lowered.add(rules.pay)
    for op in ops_everywhere:
        if op.name == "gain":
            raised.add(op.args["counter"])
        elif op.name == "lose":
            lowered.add(op.args["counter"])
        elif op.name == "draw" or (op.name == "search"):
            draws = True
    for k, end in enumerate(rules.ends):
        if end.counter < 0:
            if not draws:
                cc.error(at("end", k), NEVER, "カードを引く手段がないので、山札切れは起こらない",
                         "nothing ever draws a card: the deck-out condition can never fire", "warning")
            continue
        c = end.counter
        start = rules.start[c]
        if (end.at_least is not None and end.at_least > rules.hi[c]) or \
                (end.at_most is not None and end.at_most < rules.lo[c]):
            cc.error(at("end", k), NEVER, f"「{rules.counters[c]}」は {rules.lo[c]}〜{rules.hi[c]} の外にならないので、"
                     "この条件は成り立たない",
                     f"counter '{rules.counters[c]}' stays within {rules.lo[c]} … {rules.hi[c]}: this end condition can never "
                     "fire", "warning")
            continue
        if end.at_least is not None and start < end.at_least and c not in raised:
            cc.error(at("end", k), NEVER, f"「{rules.counters[c]}」を増やすものがないので、この条件は成り立たない",
                     f"nothing raises '{rules.counters[c]}': this end condition can never fire", "warning")
        if end.at_most is not None and start > end.at_most and c not in lowered:
            cc.error(at("end", k), NEVER, f"「{rules.counters[c]}」を減らすものがないので、この条件は成り立たない",
                     f"nothing lowers '{rules.counters[c]}': this end condition can never fire", "warning")
