"""A card schema split by card kind: each kind's closed subschema, chosen by the card's ``kind``.

A game's card schema is one object with ``allOf: [{if: {kind: K}, then: …}, …]`` closed by
``unevaluatedProperties: false``. Validated as written, every card re-runs every branch to learn
which keys were "evaluated", and a broken card is explained against whichever branch came
closest (``defense: ３`` on a character gave "unknown key 'attack'" for the valid keys). Here
each kind gets its own closed schema — the shared properties merged with its branch, closed by
``additionalProperties: false`` — so a card is checked and explained against the branch its
``kind`` selects, and an unknown kind is one finding listing the kinds with their Japanese labels.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, eq=False)  # hashed by identity: one per schema file (cached)
class CardKinds:
    """The kinds of one card schema, their labels and their closed subschemas."""

    name: str  # the schema file, e.g. toho-tcg.cards.schema.json
    folder: Path
    labels: tuple[tuple[str, str], ...]  # (kind, Japanese label or "")
    branches: dict  # kind -> closed schema (a full document: it carries the file's $defs)
    skeleton: dict  # the file schema with each card accepted as any mapping

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.labels)


def card_kinds(schema: dict, name: str, folder: Path) -> CardKinds | None:
    """The kinds of the card schema ``schema`` (the file ``name`` in ``folder``), or ``None`` for
    a schema that is not a card file's."""
    card = schema.get("$defs", {}).get("card")
    cards = schema.get("properties", {}).get("cards")
    if not isinstance(card, dict) or not isinstance(cards, dict) or "kind" not in card.get("properties", {}):
        return None
    labels = _labels(card["properties"]["kind"])
    shell = {k: v for k, v in schema.items() if k in ("$schema", "$defs")}
    branches = {kind: {**shell, **_closed_branch(card, kind)} for kind, _ in labels}
    skeleton = dict(schema, properties=dict(schema["properties"], cards=dict(cards, items={"type": "object"})))
    return CardKinds(name, folder, labels, branches, skeleton)


def _labels(kind_schema: dict) -> tuple[tuple[str, str], ...]:
    """Each kind value with its Japanese label, read from the schema's descriptions."""
    if "oneOf" in kind_schema:
        return tuple((b["const"], b.get("description", "").split(" — ")[0]) for b in kind_schema["oneOf"])
    values = kind_schema.get("enum") or [kind_schema.get("const")]
    text = kind_schema.get("description", "")
    out = []
    for value in values:
        found = re.search(rf"(?<![\w-]){re.escape(value)}(?![\w-])\s*=?\s*([^\x00-\x7f][^\s(,]*)", text)
        out.append((value, found.group(1) if found else ""))
    return tuple(out)


def _selected_kind(condition) -> str | None:
    """The kind an ``if`` selects (``{properties: {kind: {const: K}}, required: [kind]}``)."""
    if not isinstance(condition, dict) or set(condition) - {"properties", "required"}:
        return None
    props = condition.get("properties", {})
    if list(props) != ["kind"] or not isinstance(props["kind"], dict) or "const" not in props["kind"]:
        return None
    return props["kind"]["const"]


def _closed_branch(card: dict, kind: str) -> dict:
    """The card schema as it applies to cards of ``kind``, closed against unknown keys."""
    closed = card.get("unevaluatedProperties") is False or card.get("additionalProperties") is False
    out = {k: v for k, v in card.items() if k not in ("allOf", "unevaluatedProperties", "additionalProperties")}
    props = dict(card.get("properties", {}))
    required = list(card.get("required", []))
    others = []
    for branch in card.get("allOf", []):
        selected = _selected_kind(branch.get("if"))
        if selected is None:
            others.append(branch)  # a condition on something else: kept as written
            continue
        if selected != kind:
            continue
        then = branch.get("then", {})
        for key, sub in then.get("properties", {}).items():
            if sub is False:
                props.pop(key, None)  # forbidden for this kind: now an unknown key
            elif key in props:
                props[key] = {"allOf": [props[key], sub]}
            else:
                props[key] = sub
        required += [r for r in then.get("required", []) if r not in required]
        rest = {k: v for k, v in then.items() if k not in ("properties", "required")}
        if rest:
            others.append(rest)
    out.update(properties=props, required=required)
    if others:
        out["allOf"] = others
    if closed:
        out["additionalProperties"] = False
    return out
