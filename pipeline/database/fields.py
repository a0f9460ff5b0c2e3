"""The fields of a rule set's cards and their Japanese labels, read from its card schema.

Used for spreadsheet columns (:mod:`fuda.sheets`) and for labels in the gallery.

Every property of ``schema/<rules>.cards.schema.json`` is described as ``"日本語 — English"``;
the Japanese part is the column's label. A :class:`Field` knows its id, its label and the JSON
types the schema allows (so a cell ``3`` becomes the number 3 where the schema wants a number and
stays the text ``"3"`` where it wants text). Abilities are spread over numbered columns
(``abilities.1.text`` labelled 「能力1 テキスト」); recast-rift's file-level ``fighters`` list
becomes a ``fighter-name`` column beside ``fighter``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fuda.database.resources import schema_dir
from fuda.database.ruleset import RuleSetError, ruleset_for
from fuda.database.schemas import json_type

LABEL = re.compile(r"^(.*?)\s+—\s+")
WHEN_LABEL = re.compile(r"([a-z][a-z-]*)\s*:?\s*【([^】]+)】")
#: Header words that always mean the first ability's text and its ops (when no card field uses them).
ABILITY_WORDS = ("ability", "abilities", "能力", "能力テキスト")
EFFECT_WORDS = ("effect", "効果")
WHEN_WORDS = ("when", "種別", "タイミング")


@dataclass(frozen=True)
class Field:
    """One card property: its id (``cost``), Japanese label (``霊力コスト``) and allowed JSON types."""

    key: str
    label: str
    types: frozenset
    item_types: frozenset = frozenset()

    def header(self) -> str:
        """The column's Japanese label (the id when the schema gives none)."""
        return self.label or self.key


@dataclass(frozen=True)
class RuleFields:
    """Every column a rule set's cards can have."""

    rules: str
    card: tuple[Field, ...]
    ability: tuple[Field, ...]
    lists: tuple[tuple[str, str, str], ...]  # (file-level list, card field, label of its name)
    when_labels: tuple[tuple[str, str], ...]  # (when id, printed label 【…】 or "")
    required: frozenset = frozenset()  # card fields every card has (an empty cell is "")
    kinds: tuple[tuple[str, str], ...] = ()  # (kind id, Japanese name)

    def kind_label(self, kind: str) -> str:
        """The Japanese name of a card kind (the id when the schema gives none)."""
        return dict(self.kinds).get(kind) or kind

    def card_field(self, key: str) -> Field | None:
        """The card field with this id, or ``None``."""
        return next((f for f in self.card if f.key == key), None)

    def ability_field(self, key: str) -> Field | None:
        """The ability field with this id, or ``None``."""
        return next((f for f in self.ability if f.key == key), None)


def _resolve(node, schema, depth=0):
    if not isinstance(node, dict) or depth > 12:
        return node if isinstance(node, dict) else {}
    ref = node.get("$ref")
    if ref and depth < 12:
        file, _, pointer = ref.partition("#")
        doc = schema if not file else _schema_file(file)
        target = doc
        for part in pointer.strip("/").split("/") if pointer else []:
            target = target.get(part, {})
        merged = {**_resolve(target, doc, depth + 1), **{k: v for k, v in node.items() if k != "$ref"}}
        return merged
    return node


def _types(node, schema, depth=0) -> set:
    node = _resolve(node, schema, depth)
    found: set = set()
    t = node.get("type")
    if isinstance(t, str):
        found.add(t)
    elif isinstance(t, list):
        found.update(t)
    if "const" in node:
        found.add(json_type(node["const"]))
    for value in node.get("enum", ()):
        found.add(json_type(value))
    for key in ("oneOf", "anyOf", "allOf"):
        for sub in node.get(key, ()):
            if depth < 12:
                found |= _types(sub, schema, depth + 1)
    if "properties" in node and not found:
        found.add("object")
    return found


def _properties(node, schema, out: dict, depth=0) -> None:
    """Collect every property a (possibly conditional) object schema allows, in schema order."""
    node = _resolve(node, schema)
    for key, sub in node.get("properties", {}).items():
        if sub is False:
            continue
        out.setdefault(key, []).append(sub)
    for key in ("allOf", "anyOf", "oneOf"):
        for sub in node.get(key, ()):
            if depth < 8:
                _properties(sub, schema, out, depth + 1)
    for key in ("then", "else"):
        if key in node and depth < 8:
            _properties(node[key], schema, out, depth + 1)


def _fields(node, schema) -> tuple[Field, ...]:
    props: dict = {}
    _properties(node, schema, props)
    fields = []
    for key, subs in props.items():
        label, types, items = "", set(), set()
        for sub in subs:
            if not isinstance(sub, dict):
                continue
            described = sub.get("description") or _resolve(sub, schema).get("description", "")
            m = LABEL.match(described or "")
            label = label or (m.group(1).strip() if m else "")
            types |= _types(sub, schema)
            resolved = _resolve(sub, schema)
            if "items" in resolved:
                items |= _types(resolved["items"], schema)
        fields.append(Field(key, label, frozenset(types), frozenset(items)))
    return tuple(fields)


@cache
def _schema_file(name: str) -> dict:
    return json.loads((schema_dir() / name).read_text(encoding="utf-8"))


def card_schema(rules: str, manifest=None):
    """The card schema of rule set ``rules`` as the rule set gives it: a file name in the schema
    folder, or a schema it derives from the game's manifest. ``FileNotFoundError`` when unknown."""
    try:
        return ruleset_for(rules).schema("cards", manifest or {})
    except RuleSetError as exc:
        raise FileNotFoundError(str(exc)) from None


def has_rules(rules: str) -> bool:
    """True when a rule set ``rules`` is installed."""
    try:
        card_schema(rules)
    except FileNotFoundError:
        return False
    return True


def rule_fields(rules: str, manifest=None) -> RuleFields:
    """The columns of rule set ``rules`` (``FileNotFoundError`` when it has no card schema)."""
    found = card_schema(rules, manifest)
    return _rule_fields(rules, found if isinstance(found, str) else json.dumps(found))  # keeps field order


@cache
def _rule_fields(rules: str, found: str) -> RuleFields:
    if found.startswith("{"):
        schema = json.loads(found)
    else:
        path: Path = schema_dir() / found
        if not path.is_file():
            raise FileNotFoundError(f"no card schema for the rule set {rules!r} ({path.name} is missing)")
        schema = _schema_file(path.name)
    defs = schema.get("$defs", {})
    card_node = schema["properties"]["cards"]["items"]
    card = _fields(card_node, schema)
    ability_node = defs.get("ability") or _abilities_item(card_node, schema)  # custom: inline items
    ability = _fields(ability_node, schema) if ability_node else ()
    lists = []
    card_keys = {f.key for f in card}
    for key, sub in schema.get("properties", {}).items():
        if key == "cards" or not key.endswith("s") or key[:-1] not in card_keys:
            continue
        item = _resolve(sub.get("items", {}), schema)
        if set(item.get("properties", {})) >= {"id", "name"}:
            name_desc = item["properties"]["name"].get("description", "")
            m = LABEL.match(name_desc)
            lists.append((key, key[:-1], m.group(1) if m else f"{key[:-1]}-name"))
    required = frozenset(_resolve(card_node, schema).get("required", ()))
    kind: dict = {}
    _properties(card_node, schema, kind)
    return RuleFields(rules, card, ability, tuple(lists), _when_labels(ability_node, schema), required,
                      _kind_labels(kind.get("kind", []), schema))


def _abilities_item(card_node, schema) -> dict:
    """The item schema of the cards' ``abilities`` list when it is written inline (a custom game's
    derived schema) rather than as ``$defs/ability``."""
    props: dict = {}
    _properties(card_node, schema, props)
    for sub in props.get("abilities", []):
        item = _resolve(_resolve(sub, schema).get("items", {}), schema)
        if item.get("properties"):
            return item
    return {}


def _kind_labels(nodes, schema) -> tuple[tuple[str, str], ...]:
    labels: dict[str, str] = {}
    for node in nodes:
        node = _resolve(node, schema)
        for option in node.get("oneOf", ()):
            m = LABEL.match(option.get("description", ""))
            if "const" in option and m:
                labels.setdefault(option["const"], m.group(1))
        for value in node.get("enum", ()):  # "fighter = ファイターカード" / "awakening 覚醒札"
            m = re.search(rf"(?<![\w-]){re.escape(value)}(?: =)? ([^\s(（,;)]+)", node.get("description", ""))
            if m and not m.group(1).isascii():
                labels.setdefault(value, m.group(1))
    return tuple(labels.items())


def _when_labels(ability_node, schema) -> tuple[tuple[str, str], ...]:
    when = _resolve(ability_node.get("properties", {}).get("when", {}), schema)
    labels: dict[str, str] = {}
    for option in when.get("oneOf", ()):
        if "const" in option:
            found = re.search(r"【[^】]+】", option.get("description", ""))
            labels[option["const"]] = found.group(0) if found else ""
    for value in when.get("enum", ()):
        labels[value] = ""
    for m in WHEN_LABEL.finditer(when.get("description", "")):
        if m.group(1) in labels:
            labels[m.group(1)] = f"【{m.group(2)}】"
    for branch in ability_node.get("allOf", ()):  # ryomen: the label is a text pattern per `when`
        cond = branch.get("if", {}).get("properties", {}).get("when", {})
        pattern = branch.get("then", {}).get("properties", {}).get("text", {}).get("pattern", "")
        label = re.match(r"\^(【[^】]+】)", pattern)
        if "const" in cond and label and not labels.get(cond["const"]):
            labels[cond["const"]] = label.group(1)
    return tuple(labels.items())


def guess_when(fields: RuleFields, text: str) -> str | None:
    """The ``when`` of an ability from its printed label (【起動】 …); ``None`` when unclear."""
    for when, label in fields.when_labels:
        if label and text.startswith(label):
            return when
    unlabelled = [when for when, label in fields.when_labels if not label]
    return unlabelled[0] if len(unlabelled) == 1 else None
