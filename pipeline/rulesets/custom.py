"""``rules: custom``: a game of your own, declared in its ``game.yaml`` alone.

The manifest declares the card kinds and their fields (text, integer, number, enum, list of
enum, boolean), the deck rules and the vocabulary (``schema/custom.game.schema.json``). From it
this rule set derives the JSON Schema of the game's card files (:func:`card_schema`; ``fuda
schema`` writes it beside the cards for editors), its labels and lint vocabulary, and a default
card layout (:mod:`fuda.rulesets.custom_layout`). A game whose manifest has a ``play:`` section
(``schema/custom.play.schema.json``) is played by :mod:`fuda.engine.custom`; its cards may then
carry ``abilities`` (words of that engine's closed vocabulary) and ``keywords``, checked here with
located findings (:func:`play_problems`, :meth:`CustomRuleSet.check`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from fuda.database.checks import dangling, deck_rule
from fuda.database.findings import Finding
from fuda.database.resources import schema_dir, templates_dir
from fuda.database.ruleset import Defaults, Keyword, Label, Labels, Layout, TablePlan, Vocabulary
from fuda.i18n import t
from fuda.i18n.hovers import localized
from fuda.rulesets.base import deck_pile, find_template_file, template_lookup

#: Keys every card has (or may have) whatever its kind: a field may not be named like one.
RESERVED = ("id", "name", "kind", "text", "flavor", "art", "abilities", "keywords", "lint-ignore", "description")

_FIELD_SCHEMAS = {
    "text": lambda f: {"type": "string", "maxLength": 200},
    "integer": lambda f: {"type": "integer", **_bounds(f)},
    "number": lambda f: {"type": "number", **_bounds(f)},
    "enum": lambda f: {"enum": list(f.get("values", ()))},
    "list": lambda f: {"type": "array", "uniqueItems": True, "items": {"enum": list(f.get("values", ()))}},
    "boolean": lambda f: {"type": "boolean"},
}


def _bounds(field: Mapping) -> dict:
    out = {}
    if "min" in field:
        out["minimum"] = field["min"]
    if "max" in field:
        out["maximum"] = field["max"]
    return out


def _plain(value):
    """Plain dict/list copy (the manifest may be frozen)."""
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def card_schema(manifest: Mapping, lang: str = "en") -> dict:
    """The JSON Schema of the game's card files, self-contained (editors can use it on its own):
    ``{cards: [...]}``, each card ``id``, ``name``, ``kind`` (one of the declared kinds),
    ``text``, ``flavor``, ``art`` and the fields its kind declares; with a ``play:`` section
    also ``abilities`` and ``keywords`` (the keywords ``play.keywords`` declares).

    Every description is ``ラベル — explanation``: the label (the printed name, what fuda's code
    reads before `` — ``) is the same in every language, the explanation is in ``lang``. The
    loader validates against the English one (the rule set's :meth:`CustomRuleSet.schema`), as it
    does against the bundled schemas, so findings and labels never depend on the language; the
    file written for editors is :meth:`CustomRuleSet.editor_schema`, in the user's language."""
    play = manifest.get("play")
    keywords = list((play.get("keywords") or {}) if isinstance(play, Mapping) else ()) if play is not None else None
    return json.loads(_card_schema_text(json.dumps(_plain(manifest.get("kinds", {})), sort_keys=False),
                                        str(manifest.get("name", "")), json.dumps(keywords, ensure_ascii=False),
                                        lang))


def _described(label: str, key: str, lang: str, **params) -> str:
    """A description: the label, then the catalogue's explanation ``key`` in ``lang``."""
    return f"{label} — {t(key, lang, **params)}"


def _listed(values, lang: str) -> str:
    """Values a card may hold, as the explanation lists them (quoted in Japanese)."""
    return t("schema.card.list_sep", lang).join(t("schema.card.value", lang, value=v) for v in values)


def _field_explanation(field: Mapping, lang: str) -> str:
    """What a declared field holds, in ``lang``: its type, bounds or values, and whether it may be left out."""
    kind_of = field.get("type")
    if kind_of in ("enum", "list"):
        text = t(f"schema.card.field.{kind_of}", lang, values=_listed(field.get("values", ()), lang))
    elif kind_of == "text":
        text = t("schema.card.field.text", lang, max=_FIELD_SCHEMAS["text"](field)["maxLength"])
    elif kind_of in _FIELD_SCHEMAS:
        text = t(f"schema.card.field.{kind_of}", lang)
    else:
        text = t("schema.card.field.other", lang, type=kind_of)
    if "min" in field and "max" in field:
        text += t("schema.card.bounds", lang, min=field["min"], max=field["max"])
    elif "min" in field:
        text += t("schema.card.bounds_min", lang, min=field["min"])
    elif "max" in field:
        text += t("schema.card.bounds_max", lang, max=field["max"])
    if field.get("optional"):
        text += t("schema.card.optional", lang)
    return text


def _abilities_schema(keywords: list, lang: str) -> dict:
    words = ("draw", "discard", "destroy", "return", "move", "modify", "gain", "lose", "search", "shuffle", "look",
             "token", "grant", "counter", "choose")
    step = {"type": "object", "minProperties": 1, "maxProperties": 1,
            "description": _described("効果の語", "schema.card.step", lang, words=_listed(words, lang),
                                      static=_listed(("modify", "protect"), lang))}
    ability = {"type": "object", "additionalProperties": False, "required": ["when", "effect"], "properties": {
        "when": {"enum": list(_engine().WHENS), "description": _described("時機", "schema.card.when", lang)},
        "text": {"type": "string", "maxLength": 400, "description": _described("文章", "schema.card.ability_text", lang)},
        "effect": {"oneOf": [{"const": "manual"}, {"type": "array", "minItems": 1, "items": step}],
                   "description": _described("効果", "schema.card.effect", lang)},
        "reason": {"type": "string", "maxLength": 200, "description": _described("理由", "schema.card.reason", lang)},
        "if": {"type": "object", "description": _described("条件", "schema.card.if", lang)},
        "zone": {"type": "string", "description": _described("領域", "schema.card.zone", lang)},
        "cost": {"type": "object", "additionalProperties": False, "properties": {
            "pay": {"type": "integer", "minimum": 0, "maximum": 99}, "tap": {"type": "boolean"}},
            "description": _described("コスト", "schema.card.cost", lang)}}}
    return {
        "abilities": {"type": "array", "items": ability, "description": _described("能力", "schema.card.abilities", lang)},
        "keywords": {"type": "array", "uniqueItems": True, "items": {"enum": keywords} if keywords else {"type": "string"},
                     "description": _described("キーワード", "schema.card.keywords", lang)},
    }


#: the shared definitions a card schema copies from ``schema/defs.schema.json``
_DEFS = ("id", "name", "text", "flavor", "art", "lint-ignore")


def _defs(lang: str) -> dict:
    """The shared definitions, their hovers in ``lang`` (:mod:`fuda.i18n.hovers`; in English, the
    bundled file's own words)."""
    defs = json.loads((schema_dir() / "defs.schema.json").read_text(encoding="utf-8"))["$defs"]
    return {key: localized(defs[key], lang) for key in _DEFS}


@cache
def _card_schema_text(kinds_json: str, title: str, keywords_json: str = "null", lang: str = "en") -> str:
    kinds = json.loads(kinds_json)
    keywords = json.loads(keywords_json)
    common = {key: {"$ref": f"#/$defs/{key}"} for key in ("id", "name", "text", "flavor", "art")}
    common["lint-ignore"] = {"$ref": "#/$defs/lint-ignore"}
    sep = t("schema.card.list_sep", lang)
    # Japanese writes the ids in backquotes: the kind-label readers (cardkinds, fields) then find
    # no label in the list, as in English, so both files read the same
    listed = sep.join(t("schema.card.kind_item", lang, id=k, label=spec.get("label", k)) if spec.get("label", k) != k
                      else t("schema.card.kind_bare", lang, id=k) for k, spec in kinds.items())
    common["kind"] = {"enum": list(kinds), "description": _described("種類", "schema.card.kind", lang, kinds=listed)}
    every_field = {}
    branches = []
    for kind, spec in kinds.items():
        fields = spec.get("fields") or {}
        props = {}
        for key, field in fields.items():
            schema = _FIELD_SCHEMAS.get(field.get("type"), lambda f: {})(field)
            schema["description"] = f"{field.get('label', key)} — {_field_explanation(field, lang)}"
            props[key] = schema
            every_field.setdefault(key, {})
        branches.append({
            "if": {"properties": {"kind": {"const": kind}}, "required": ["kind"]},
            "then": {"properties": props,
                     "required": [k for k, f in fields.items() if not f.get("optional")]},
        })
    if keywords is not None:
        common.update(_abilities_schema(keywords, lang))
    card = {"type": "object", "additionalProperties": False, "required": ["id", "name", "kind"],
            "properties": {**common, **every_field}, "allOf": branches}
    schema = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": t("schema.card.title", lang, name=title).strip(),
        "description": _described("カードファイル", "schema.card.about", lang),
        "type": "object", "additionalProperties": False, "required": ["cards"],
        "properties": {"cards": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/card"}}},
        "$defs": {**_defs(lang), "card": card},
    }
    return json.dumps(schema, ensure_ascii=False)


def declaration_problems(manifest: Mapping, doc) -> list[Finding]:
    """What game.yaml declares wrongly beyond its schema, located: a field named like a
    reserved card key, ``min`` above ``max``, ``min``/``max`` or ``values`` on a type that has
    none, a deck-rules ``min-cards`` above ``max-cards``."""
    out = []
    for kind, spec in (manifest.get("kinds") or {}).items():
        for key, field in (spec.get("fields") or {}).items():
            at = ("kinds", kind, "fields", key)
            if key in RESERVED:
                out.append(Finding(doc.where(at, key=True), "C001",
                                   f"kinds.{kind}.fields: '{key}' is a key every card already has",
                                   hint=f"rename the field (reserved: {', '.join(RESERVED)})"))
            kind_of = field.get("type")
            if "min" in field and "max" in field and field["min"] > field["max"]:
                out.append(Finding(doc.where((*at, "min")), "C002",
                                   f"kinds.{kind}.fields.{key}: min {field['min']} is above max {field['max']}",
                                   hint="swap them or fix one"))
            if kind_of not in ("integer", "number") and ("min" in field or "max" in field):
                out.append(Finding(doc.where((*at, "min" if "min" in field else "max"), key=True), "C003",
                                   f"kinds.{kind}.fields.{key}: a {kind_of} field has no min/max",
                                   hint="min and max are for integer and number fields"))
            if kind_of in ("enum", "list") and "values" not in field:
                out.append(Finding(doc.where((*at, "type")), "C004",
                                   f"kinds.{kind}.fields.{key}: a {kind_of} field needs its values",
                                   hint="add values: [..] with at least one value"))
            if kind_of not in ("enum", "list") and "values" in field:
                out.append(Finding(doc.where((*at, "values"), key=True), "C003",
                                   f"kinds.{kind}.fields.{key}: a {kind_of} field has no values",
                                   hint="values are for enum and list fields"))
    rules = manifest.get("deck-rules") or {}
    if "max-cards" in rules and rules["min-cards"] > rules["max-cards"]:
        out.append(Finding(doc.where(("deck-rules", "min-cards")), "C002",
                           f"deck-rules: min-cards {rules['min-cards']} is above max-cards {rules['max-cards']}",
                           hint="swap them or fix one"))
    if "play" in manifest:
        out += play_problems(manifest, doc)
    return out


def play_problems(manifest: Mapping, doc) -> list[Finding]:
    """What the ``play:`` section names wrongly or cannot work (unknown zones, counters, fields,
    effect words with the nearest known one; a turn nobody decides in; no way to end), located
    in game.yaml: the rule set's engine checks the data it plays (``play_problems``)."""
    return _engine().play_problems(manifest, doc)


def _engine():
    """The engine module of this rule set (found by its path, as every engine is)."""
    from fuda.database.ruleset import engine_for

    return engine_for(CustomRuleSet.id)


def deck_problems(game, cards) -> list[tuple[tuple, str, str | None]]:
    """The manifest's deck-rules for one deck, as ``(path, message, hint)``: ``cards`` holds
    ``(card id, copies, path of the entry)``."""
    rules = game.manifest["deck-rules"]
    lo, hi, copies = rules["min-cards"], rules.get("max-cards"), rules.get("max-copies")
    out = []
    total = 0
    for cid, n, path in cards:
        total += n
        if copies and n > copies:
            out.append(((*path, "count"), f"{n} copies of '{cid}', at most {copies} allowed", None))
    if total < lo or (hi is not None and total > hi):
        want = f"{lo}–{hi}" if hi is not None else f"at least {lo}"
        out.append((("cards",), f"has {total} cards, needs {want}", "deck-rules in game.yaml"))
    return out


class CustomRuleSet:
    """The rule set of games declared in their own game.yaml (``rules: custom``)."""

    id = "custom"
    name = "自作ゲーム"
    engine = "fuda.engine.custom"  # plays the games with a play: section (engine/custom/README.md)
    print_backs = "long-edge"
    duel_online = True

    def schema(self, role: str, manifest) -> str | Mapping:
        """The manifest and deck schemas are files; the card schema is derived from ``kinds``."""
        if role == "cards":
            return card_schema(manifest)
        return "game.schema.json" if role == "game" else "custom.deck.schema.json"

    def editor_schema(self, manifest, lang: str) -> Mapping:
        """The card schema as written for editors (``cards.schema.json``), its explanations in ``lang``."""
        return card_schema(manifest, lang)

    def declaration(self, manifest, doc) -> list[Finding]:
        """See :func:`declaration_problems`."""
        return declaration_problems(manifest, doc)

    def check(self, game, context) -> list[Finding]:
        """A card has only its own kind's fields; every deck names cards of the game, each once,
        within the deck rules."""
        known_ids = context["known_ids"]
        findings = []
        kinds = game.manifest["kinds"]
        every = {key for spec in kinds.values() for key in (spec.get("fields") or {})}
        for card in game.cards:
            own = kinds[card.kind].get("fields") or {}
            for key in card.data:
                if key in every and key not in own:
                    findings.append(Finding(card.where(key), "C005", f"'{key}' is not a field of kind {card.kind}",
                                            card=card.id, hint=f"fields of {card.kind}: {', '.join(own) or 'none'}"))
        for deck in game.decks:
            seen: dict[str, int] = {}
            for i, entry in enumerate(deck["cards"]):
                cid = entry["card"]
                bad = dangling(deck, ("cards", i, "card"), cid, game, known_ids)
                if bad:
                    findings.append(bad)
                if cid in seen:
                    findings.append(deck_rule(deck, ("cards", i, "card"),
                                              f"'{cid}' is listed twice (first as entry {seen[cid] + 1})",
                                              "list each card once and give its count"))
                seen.setdefault(cid, i)
            entries = [(e["card"], e["count"], ("cards", i)) for i, e in enumerate(deck["cards"])]
            findings += [deck_rule(deck, path, message, hint) for path, message, hint in deck_problems(game, entries)]
        if "play" in game.manifest:  # the cards' abilities and keywords against the play: section
            findings += _engine().card_problems(game)
        return findings

    def deck_problems(self, game, cards) -> list:
        """See :func:`deck_problems`."""
        return deck_problems(game, cards)

    def labels(self, game) -> Labels:
        """The declared kinds and fields with their labels (fields in declaration order)."""
        if game is None:
            return Labels()
        kinds, fields = {}, {}
        for kind, spec in (game.manifest.get("kinds") or {}).items():
            kinds[kind] = Label(spec.get("label", kind), spec.get("en", kind))
            for key, field in (spec.get("fields") or {}).items():
                fields.setdefault(key, Label(field.get("label", key), field.get("en", key)))
        return Labels(MappingProxyType(kinds), MappingProxyType(fields))

    def vocabulary(self, game) -> Vocabulary:
        """The declared labels and keywords (a label stands for itself: there are no ability data)."""
        words = (game.manifest.get("vocabulary") or {}) if game is not None else {}
        return Vocabulary(labels=MappingProxyType({w: w for w in words.get("labels", ())}),
                          keywords=MappingProxyType({w: Keyword(w) for w in words.get("keywords", ())}),
                          data=False, numbers="sets")

    def card_layout(self, game) -> Layout:
        """The designer's ``templates/card.yaml`` in the game folder (per kind) over the default
        layout made from the declaration."""
        from fuda.rulesets.custom_layout import default_layout

        own = find_template_file(game, "card.yaml", "custom")
        return Layout(path=own, data=default_layout(game), origin="the default layout of rules: custom")

    def sample_game(self):
        """fuda's bundled sample game of your own (``fuda new --rules custom`` copies it)."""
        return Defaults.sample_game(self)

    def mat_lookup(self, game) -> tuple:
        """Where :meth:`mat` looks: the game folder's, then fuda's plain mat."""
        return (*template_lookup(game, "mat.yaml", "custom"), templates_dir() / "custom" / "mat.yaml")

    def mat(self, game) -> Layout | None:
        """The game folder's ``templates/mat.yaml``, else fuda's plain mat (deck, discard, field)."""
        path = find_template_file(game, "mat.yaml", "custom")
        return Layout(path=path or templates_dir() / "custom" / "mat.yaml")

    def table_plan(self, game, deck) -> TablePlan:
        """Every card of the deck face down on the deck zone."""
        return deck_pile(game, deck)

    def duel_online_template(self, game) -> str:
        """The generic record layout (name, kind, fields, text)."""
        return "custom"


RULESET = CustomRuleSet()
