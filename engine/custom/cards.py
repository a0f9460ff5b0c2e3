"""The static game of a custom engine: every card compiled once into a frozen value.

:func:`compile_game` reads a :class:`fuda.Game` (``rules: custom`` with a ``play:`` section) and
returns the :class:`Static` value its games share — the compiled ``play:`` rules and one
:class:`~.compile.CardDef` per card — and every finding. :func:`build_registry` is the engine
module's entry point: it raises a located FindingsError on any error and returns an
:class:`engine.core.Registry` (what ``fuda build`` reports) with the static game attached.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING

from fuda.database import Finding, FindingsError
from fuda.engine.core import CompiledAbility, ManualAbility, Registry
from fuda.engine.custom.compile import (
    ABILITY_KEYS,
    BAD_ABILITY,
    UNKNOWN_NAME,
    WHENS,
    Compiler,
    known_names,
    near,
)
from fuda.engine.custom.defs import AbilityDef, CardDef, Cond, PlayRules, Static
from fuda.engine.custom.effects import TABLE
from fuda.engine.custom.filters import holds
from fuda.engine.custom.play import never_fires, play_rules

if TYPE_CHECKING:
    from fuda.database.yamlfile import Document

NO_PLAY = "E200"  # (the code fuda build gives a game no engine plays)


def printed(card, fields) -> dict:
    """A card's printed values a filter reads: kind, name, id and its declared fields."""
    values = {"kind": card.kind, "name": card.name, "id": card.id}
    for key in fields:
        if key in card.data:
            values[key] = card.data[key]
    return values


def _passes(flt, values, kws) -> bool:
    return flt is None or all(holds(c, kws if c.field == "keywords" else values.get(c.field)) for c in flt.clauses)


def compile_game(game, play_findings: bool | str = True) -> tuple[Static | None, list[Finding], tuple]:
    """(the static game or None, findings, manual abilities) of a custom game; with
    ``play_findings`` False the findings about the ``play:`` section itself are left out, with
    ``"warnings"`` only its warnings are kept (validation reports its errors with the manifest)."""
    manifest = game.manifest
    where = _manifest_where(game)
    if "play" not in manifest:
        return None, [Finding(game.source, NO_PLAY, "game.yaml に play: がないので、エンジンはまだ遊べない（登録表は作らない） / "
                              f"no play: section in the game.yaml of {game.id}, so no engine plays it yet; its "
                              "registry is not built", severity="info")], ()
    known = known_names(manifest, [c.id for c in game.cards])
    prints = tuple((printed(c, known.fields), frozenset(c.data.get("keywords", ()))) for c in game.cards)
    rules, findings, cc = play_rules(manifest, known, where, prints)
    if play_findings == "warnings":  # (the errors were reported with the manifest)
        cc.findings = findings = [f for f in findings if f.severity != "error"]
    skip = 0 if play_findings else len(findings)
    if rules is None:
        return None, findings[skip:], ()
    kw_abilities = {}
    for kw, spec in rules.keywords.items():
        kw_abilities[kw] = tuple(_ability(cc, rules, kw, i, raw, lambda *p, _kw=kw, _i=i: where(
            ("play", "keywords", _kw, "abilities", _i, *p))) for i, raw in enumerate(spec.get("abilities") or ()))
    defs, manual, everywhere = {}, [], [s.op for s in rules.steps if s.op is not None] + list(rules.unblocked)
    for card in game.cards:
        cc.card = card.id
        values = printed(card, known.fields)
        kws = tuple(card.data.get("keywords", ()))
        for k, kw in enumerate(kws):
            cc.name(kw, tuple(rules.keywords), "キーワード", "keyword", partial(card.where, "keywords", k))
        abilities = []
        for i, ab in enumerate(card.abilities):
            if ab.effect is None:
                manual.append(ManualAbility(card.id, i, ab.manual or "manual", card.where("abilities", i, "effect")))
                if ab.when in WHENS and ab.when != "static":  # at its timing the game says so (never silent)
                    abilities.append(AbilityDef(card.id, i, ab.when, None, None, 0, False, (), ab.text,
                                                ab.manual or "manual"))
                continue
            for key in ab.data:
                if key not in ABILITY_KEYS:
                    cc.error(card.where("abilities", i, key), BAD_ABILITY, f"能力のキー「{key}」は使えない",
                             f"ability key '{key}' means nothing here (keys: {', '.join(ABILITY_KEYS)})")
            compiled = _ability(cc, rules, card.id, i, ab.data, lambda *p, _i=i, _card=card: _card.where("abilities", _i, *p))
            if compiled is not None:
                abilities.append(compiled)
        for kw in kws:
            abilities.extend(a for a in kw_abilities.get(kw, ()) if a is not None)
        for a in abilities:
            everywhere.extend(_flat(a.ops))
        by_when: dict[str, list[AbilityDef]] = {}
        for a in abilities:
            by_when.setdefault(a.when, []).append(a)
        statics = tuple(op for a in by_when.get("static", ()) for op in a.ops)
        cost = values.get(rules.cost_field, 0) if rules.cost_field else 0
        permanent = card.kind in rules.permanents
        defs[card.id] = CardDef(card.id, card.name, card.kind, MappingProxyType(values), frozenset(kws),
                                cost if isinstance(cost, int) else 0, permanent,
                                permanent and rules.combat and _passes(rules.attackers, values, frozenset(kws)),
                                rules.respond is not None and _passes(rules.respond, values, frozenset(kws)),
                                MappingProxyType({w: tuple(v) for w, v in by_when.items()}), statics,
                                play_id="play:" + card.id)
    cc.card = None
    never_fires(rules, everywhere, lambda *p: where(("play", *p)), cc)
    findings = cc.findings[skip:]
    if any(f.severity == "error" for f in findings):
        return None, findings, tuple(manual)
    rules = replace(rules, static_mods=any(op.name == "modify" for d in defs.values() for op in d.statics),
                    protects=any(op.name == "protect" for d in defs.values() for op in d.statics))
    tokens = {cid: replace(d, token=True) for cid, d in defs.items()}
    activates = any("activate" in d.abilities for d in defs.values())
    return Static(rules, MappingProxyType(defs), MappingProxyType(tokens), activates), findings, tuple(manual)


def _flat(ops):
    for op in ops:
        yield op
        if op.name == "choose":
            for _, branch in op.args["options"]:
                yield from _flat(branch)


def _manifest_where(game):
    """``where(path)`` in the game's game.yaml (read again only when a finding needs a place)."""
    doc: list[Document | None] = []  # (read once: a finding may never need it)

    def where(path):
        if game.source is None:
            return game.source
        if not doc:
            from fuda.database.yamlfile import read_yaml

            try:
                doc.append(read_yaml(game.source.file))
            except Exception:
                doc.append(None)
        return doc[0].where(path) if doc[0] is not None else game.source

    return where


def _ability(cc: Compiler, rules: PlayRules, card: str, i: int, data: Mapping, where) -> AbilityDef | None:
    when = data.get("when")
    if when not in WHENS:
        ja, en = near(when, WHENS)
        cc.error(where("when"), BAD_ABILITY, f"能力の when「{when}」は使えない{ja}",
                 f"unknown ability timing '{when}'{en} (timings: {', '.join(WHENS)})")
        return None
    zone = None
    if when == "enters":
        name = data.get("zone", "field")
        if cc.name(name, rules.zones, "領域", "zone", partial(where, "zone")):
            zone = rules.zones.index(name)
    cond = _cond(cc, rules, data.get("if"), lambda *p: where("if", *p)) if "if" in data else None
    cost = data.get("cost") or {}
    if cost and when != "activate":
        cc.error(where("cost"), BAD_ABILITY, "cost は when: activate の能力にだけ書ける",
                 "only an activate ability has a cost")
    ops = cc.words(data.get("effect"), lambda *p: where("effect", *p), static=when == "static")
    return AbilityDef(card, i, when, zone, cond, int(cost.get("pay", 0)), bool(cost.get("tap", False)), ops,
                      str(data.get("text", "")))


def _cond(cc: Compiler, rules: PlayRules, raw, where) -> Cond | None:
    if not isinstance(raw, Mapping) or not ({"count", "counter"} & set(raw)):
        cc.error(where(), BAD_ABILITY, "if は {count: …} か {counter: …} に at-least / at-most を添える",
                 "an if is {count: {...}} or {counter: NAME} with at-least and/or at-most")
        return None
    lo, hi = raw.get("at-least"), raw.get("at-most")
    if "counter" in raw:
        if not cc.name(raw["counter"], rules.counters, "カウンター", "counter", partial(where, "counter")):
            return None
        return Cond(rules.counters.index(raw["counter"]), raw.get("who", "you"), None, lo, hi)
    spec = dict(raw["count"])
    zone = spec.get("zone", "field")
    if not cc.name(zone, rules.zones, "領域", "zone", partial(where, "count", "zone")):
        return None
    flt = cc.filter(spec["filter"], where("count", "filter")) if "filter" in spec else None
    return Cond(-1, "you", MappingProxyType({"zone": rules.zones.index(zone), "owner": spec.get("owner", "you"),
                                             "filter": flt, "other": bool(spec.get("other"))}), lo, hi)


def build_registry(game) -> Registry:
    """The engine registry of a custom game (FindingsError, located, on any error)."""
    static, findings, manual = compile_game(game)
    errors = [f for f in findings if f.severity == "error"]
    if errors or static is None:
        raise FindingsError(errors or findings)
    abilities = {}
    for card in game.cards:
        d = static.cards[card.id]
        out = [CompiledAbility(card.id, a.index, a.when, a.text, a.ops, None, MappingProxyType({}),
                               card.where("abilities", a.index)) for w in d.abilities.values() for a in w
               if a.card == card.id and not a.manual]
        out.extend(CompiledAbility(card.id, m.index, card.abilities[m.index].when, "", None, m.reason,
                                   MappingProxyType({}), m.location) for m in manual if m.card == card.id)
        abilities[card.id] = tuple(sorted(out, key=lambda a: a.index))
    notes = [f for f in findings if f.severity != "error"]
    notes += [Finding(m.location, "E203", f"ability {m.index + 1} is 'effect: manual' ({m.reason}); the custom "
                      "engine cannot play it", severity="warning", card=m.card) for m in manual]
    registry = Registry(game, TABLE, MappingProxyType(abilities), manual, tuple(notes))
    _STATIC[id(registry)] = (registry, static)
    return registry


_STATIC: dict = {}


def static_of(registry) -> Static:
    """The static game compiled with ``registry``."""
    kept = _STATIC.get(id(registry))
    if kept is None or kept[0] is not registry:
        static, findings, _ = compile_game(registry.game)
        if static is None:
            raise FindingsError([f for f in findings if f.severity == "error"])
        _STATIC[id(registry)] = kept = (registry, static)
    return kept[1]


__all__ = ["NO_PLAY", "UNKNOWN_NAME", "Static", "build_registry", "compile_game", "static_of"]
