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
from functools import cache
from pathlib import Path

from fuda.database.findings import Finding
from fuda.database.yamlfile import Document


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


@cache
def card_kinds(name: str, folder: Path) -> CardKinds | None:
    """The kinds of the card schema ``name``, or ``None`` for a schema that is not a card file's."""
    from fuda.database.schemas import schema_contents

    schema = schema_contents(name, folder)
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


@cache
def _validators(kinds: CardKinds, kind: str | None):
    """(fast, detailed) validators of one kind's branch, or of the file skeleton for ``None``."""
    from fuda.database.schemas import compile_fast, detailed_validator

    schema = kinds.skeleton if kind is None else kinds.branches[kind]
    return compile_fast(schema, kinds.name, kinds.folder), detailed_validator(schema, kinds.folder)


def explain_card_file(kinds: CardKinds, doc: Document, card_of) -> list[Finding]:
    """Located findings for a card file that failed validation: the file's own shape first,
    then each card against its kind's branch (one line for a missing or unknown kind)."""
    from fuda.database.schemas import _explain_all

    fast, detailed = _validators(kinds, None)
    findings = [] if fast.is_valid(doc.data) else _explain_all(detailed, doc.data, doc, card_of)
    cards = doc.data.get("cards") if isinstance(doc.data, dict) else None
    if not isinstance(cards, list):
        return findings
    for i, card in enumerate(cards):
        if not isinstance(card, dict):
            continue  # the skeleton already said a card is a mapping
        kind = card.get("kind")
        if kind not in kinds.branches:
            findings.append(unknown_kind(kinds, doc, ("cards", i), card, card_of))
            continue
        fast, detailed = _validators(kinds, kind)
        if not fast.is_valid(card):
            findings += _explain_all(detailed, card, doc, card_of, ("cards", i))
    return findings


def unknown_kind(kinds: CardKinds, doc: Document, path: tuple, card: dict, card_of) -> Finding:
    """One line for a card whose ``kind`` is missing or none of the game's kinds, listing the
    kinds with their Japanese labels (its other keys cannot be checked without one)."""
    import difflib
    import unicodedata

    from fuda.database.schemas import _dotted, _short

    listed = ", ".join(f"{k} ({label})" if label else k for k, label in kinds.labels)
    card_id = card_of(path) if card_of else None
    if "kind" not in card:
        return Finding(doc.where(path), "S002", f"{_dotted(path)}: missing required key 'kind'; the kinds are {listed}",
                       card=card_id, hint="add 'kind:' with one of them")
    value = card["kind"]
    path += ("kind",)
    text = unicodedata.normalize("NFKC", str(value))
    match = [k for k, label in kinds.labels if label and (text == label or text in label.split("・"))]
    match = match or [k for k, label in kinds.labels if label and text and (text in label or label in text)]
    match = match or difflib.get_close_matches(text, kinds.kinds, n=1, cutoff=0.6)
    hint = f"write kind: {match[0]} (「{value}」→ {match[0]})" if match else f"use one of: {', '.join(kinds.kinds)}"
    return Finding(doc.where(path), "S004", f"{_dotted(path)}: unknown card kind {_short(value)}; the kinds are {listed}",
                   card=card_id, hint=hint)
