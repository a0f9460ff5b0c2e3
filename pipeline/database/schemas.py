"""JSON Schema validation of YAML documents, with every error located and explained.

Schemas live in ``schema/`` and refer to each other by bare file name
(``"$ref": "defs.schema.json#/$defs/id"``), which also works for YAML editors reading the
``# yaml-language-server: $schema=…`` line of a card file.
"""

from __future__ import annotations

import difflib
import json
import re
from functools import cache
from pathlib import Path

from fuda.database.cardkinds import CardKinds, card_kinds
from fuda.database.findings import Finding
from fuda.database.resources import schema_dir
from fuda.database.suggest import choices, one_of_values, suggestion, value_labels
from fuda.database.yamlfile import Document
from fuda.i18n.hovers import Explanation


@cache
def _registry(folder: Path):
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    resources = []
    for path in sorted(folder.glob("*.schema.json")):
        contents = json.loads(path.read_text(encoding="utf-8"))
        resources.append((path.name, Resource.from_contents(contents, default_specification=DRAFT202012)))
    return Registry().with_resources(resources)


@cache
def validator(name: str, folder: Path | None = None):
    """A reusable Draft 2020-12 validator for ``schema/<name>`` (e.g. ``game.schema.json``)."""
    from jsonschema import Draft202012Validator

    folder = folder or schema_dir()
    return Draft202012Validator(schema_contents(name, folder), registry=_registry(folder))


def schema_name(rules: str, role: str) -> str:
    """File name of a game's schema: ``role`` is ``cards``, ``deck`` or ``game``."""
    return f"{rules}.{role}.schema.json"


def validate_document(doc: Document, name, card_of=None) -> list[Finding]:
    """Validate ``doc`` against schema ``name`` (a file of the schema folder, or a schema made
    by a rule set); one located finding per error.

    ``card_of(path)`` names the card a data path belongs to, for the ``(card id)`` suffix.
    A document the compiled validator accepts costs one pass of that validator and nothing else;
    only a failing document is explained, and a card file's cards are explained one by one
    against the branch their ``kind`` selects (see :mod:`fuda.database.cardkinds`), an unknown
    or missing kind being one finding that lists the kinds with their Japanese labels.
    """
    folder = schema_dir()
    if not isinstance(name, str):  # a rule set's own schema (rules: custom): checked as written
        text = json.dumps(name, sort_keys=True)
        if _fast_schema(text).is_valid(doc.data):
            return []
        return _explain_all(_schema_validator(text), doc.data, doc, card_of)
    if fast_validator(name, folder).is_valid(doc.data):
        return []
    kinds = _card_kinds(name, folder)
    if kinds is None:
        return _explain_all(validator(name, folder), doc.data, doc, card_of)
    return _explain_card_file(kinds, doc, card_of)


@cache
def _card_kinds(name: str, folder: Path) -> CardKinds | None:
    return card_kinds(schema_contents(name, folder), name, folder)


@cache
def _validators(kinds: CardKinds, kind: str | None):
    """(fast, detailed) validators of one kind's branch, or of the file skeleton for ``None``."""
    schema = kinds.skeleton if kind is None else kinds.branches[kind]
    return compile_fast(schema, kinds.name, kinds.folder), detailed_validator(schema, kinds.folder)


def _explain_card_file(kinds: CardKinds, doc: Document, card_of) -> list[Finding]:
    """Located findings for a card file that failed validation: the file's own shape first,
    then each card against its kind's branch (one line for a missing or unknown kind)."""
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
            findings.append(_unknown_kind(kinds, doc, ("cards", i), card, card_of))
            continue
        fast, detailed = _validators(kinds, kind)
        if not fast.is_valid(card):
            findings += _explain_all(detailed, card, doc, card_of, ("cards", i))
    return findings


def _unknown_kind(kinds: CardKinds, doc: Document, path: tuple, card: dict, card_of) -> Finding:
    """One line for a card whose ``kind`` is missing or none of the game's kinds, listing the
    kinds with their Japanese labels (its other keys cannot be checked without one)."""
    import unicodedata

    listed = ", ".join(f"{k} ({label})" if label else k for k, label in kinds.labels)
    card_id = card_of(path) if card_of else None
    if "kind" not in card:
        return Finding(doc.where(path), "S002", f"{dotted(path)}: missing required key 'kind'; the kinds are {listed}",
                       card=card_id, hint="add 'kind:' with one of them")
    value = card["kind"]
    path += ("kind",)
    text = unicodedata.normalize("NFKC", str(value))
    match = [k for k, label in kinds.labels if label and (text == label or text in label.split("・"))]
    match = match or [k for k, label in kinds.labels if label and text and (text in label or label in text)]
    match = match or difflib.get_close_matches(text, kinds.kinds, n=1, cutoff=0.6)
    hint = f"write kind: {match[0]} (「{value}」→ {match[0]})" if match else f"use one of: {', '.join(kinds.kinds)}"
    return Finding(doc.where(path), "S004", f"{dotted(path)}: unknown card kind {_short(value)}; the kinds are {listed}",
                   card=card_id, hint=hint)


def _explain_all(check, data, doc: Document, card_of, prefix: tuple = ()) -> list[Finding]:
    """Every error of ``data`` (found at ``prefix`` in ``doc``) under the validator ``check``."""
    errors = list(check.iter_errors(data))
    findings = []
    for error in errors:
        if error.validator == "unevaluatedProperties":
            error = _without_branch_keys(error, errors)
            if error is None:
                continue
        findings.extend(_explain(error, doc, card_of, prefix))
    return findings


@cache
def fast_validator(name: str, folder: Path | None = None):
    """A compiled validator (jsonschema-rs) for ``schema/<name>``, built once; ``is_valid`` is all
    it is asked: the located explanations of a failing document come from jsonschema."""
    folder = folder or schema_dir()
    return compile_fast(schema_contents(name, folder), name, folder)


def compile_fast(schema: dict, name: str, folder: Path):
    """Compile ``schema`` (written as if it were the file ``name`` in ``folder``) with jsonschema-rs."""
    import jsonschema_rs

    return jsonschema_rs.validator_for(schema, registry=_fast_registry(folder), base_uri=_BASE + name)


_BASE = "file:///fuda-schema/"  # where the schema files appear to live, for their bare-name $refs


@cache
def _fast_registry(folder: Path):
    import jsonschema_rs

    return jsonschema_rs.Registry([(_BASE + p.name, json.loads(p.read_text(encoding="utf-8")))
                                   for p in sorted(folder.glob("*.schema.json"))])


@cache
def schema_contents(name: str, folder: Path) -> dict:
    """The parsed schema file ``name`` in ``folder`` (shared; do not modify)."""
    path = folder / name
    if not path.is_file():
        raise FileNotFoundError(f"schema {name} is missing from {folder}")
    return json.loads(path.read_text(encoding="utf-8"))


def detailed_validator(schema: dict, folder: Path):
    """A jsonschema validator for a derived ``schema`` whose bare-name $refs resolve in ``folder``."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(schema, registry=_registry(folder))


@cache
def _schema_validator(text: str):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(text), registry=_registry(schema_dir()))


@cache
def _fast_schema(text: str):
    return compile_fast(json.loads(text), "ruleset.schema.json", schema_dir())


def validate_template(doc: Document, schema_path: Path) -> list[Finding]:
    """Validate a template file (layout, mat, Duel Online record) against a self-contained schema
    beside it, with the same located explanations as card files get."""
    return [f for error in _template_validator(schema_path).iter_errors(doc.data)
            for f in _explain(error, doc, None)]


@cache
def _template_validator(schema_path: Path):
    from jsonschema import Draft202012Validator

    return Draft202012Validator(json.loads(Path(schema_path).read_text(encoding="utf-8")))


def _without_branch_keys(error, errors):
    """Drop keys that an if/then branch declares but could not "evaluate" because that branch
    failed for another reason (reported separately): in draft 2020-12 a failing branch hides its
    annotations, so its valid keys would otherwise look unknown."""
    path = tuple(error.absolute_path)
    others = [e for e in errors if e is not error and tuple(e.absolute_path)[: len(path)] == path]
    if not others:
        return error
    declared = set()
    for branch in error.schema.get("allOf", []):
        target = branch.get("then", {}).get("$ref")
        if target:
            declared |= set(_registry(schema_dir()).contents(target).get("properties", {}))
    extras = re.findall(r"'([^']*)'", error.message.split("(")[-1])
    keep = [k for k in extras if k not in declared]
    if not keep:
        return None
    error.message = "Unevaluated properties are not allowed (" + ", ".join(f"'{k}'" for k in keep) + " were unexpected)"
    return error


def _leaf_errors(error):
    """Descend into ``oneOf``/``anyOf`` to the errors of the branch that came closest: the
    branch whose first error lies deepest inside the value (its shape matched, something inside
    it did not — an op list with a full-width digit is not explained as "expected manual"), and
    among equals jsonschema's ``best_match``."""
    if error.validator in ("oneOf", "anyOf") and error.context:
        from jsonschema.exceptions import best_match

        if one_of_values(error):
            return [error]  # a value that is none of the constants: one line listing them

        branches: dict = {}
        for e in error.context:
            branches.setdefault(e.relative_schema_path[0] if e.relative_schema_path else None, []).append(e)
        # a branch for another type of value says less than one that takes this value's type
        # ("#fffff" is explained by the colour pattern, not as "expected a mapping")
        typed = {k: errs for k, errs in branches.items()
                 if not all(e.validator == "type" and not e.relative_path for e in errs)}
        branches = typed or branches
        reach = {k: min(len(e.relative_path) for e in errs) for k, errs in branches.items()}
        furthest = max(reach.values())
        candidates = [e for k, errs in branches.items() if reach[k] == furthest for e in errs]
        best = best_match(candidates)
        if best is not None and best.context:
            return _leaf_errors(best)
        return [best] if best is not None else [error]
    return [error]


def _explain(error, doc: Document, card_of, prefix: tuple = ()) -> list[Finding]:
    out = []
    for leaf in _leaf_errors(error):
        path = prefix + tuple(leaf.absolute_path)
        card = card_of(path) if card_of else None
        for key_path, message, hint in _describe(leaf, path):
            at_key = key_path is not None
            loc = doc.where(key_path if at_key else path, key=at_key)
            code = "S004" if one_of_values(leaf) else _CODES.get(leaf.validator, "S009")
            out.append(Finding(loc, code, f"{dotted(path)}: {message}", card=card, hint=hint))
    return out


_CODES = {
    "additionalProperties": "S001", "unevaluatedProperties": "S001",
    "required": "S002", "type": "S003", "enum": "S004", "const": "S004",
    "minimum": "S005", "maximum": "S005", "exclusiveMinimum": "S005", "exclusiveMaximum": "S005",
    "multipleOf": "S005", "minItems": "S006", "maxItems": "S006", "minLength": "S006",
    "maxLength": "S006", "minProperties": "S006", "maxProperties": "S006", "pattern": "S007",
    "uniqueItems": "S008",
}


def dotted(path) -> str:
    """A data path as a user reads it: ``cards[3].abilities[0].text``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "(top level)"


_TYPE_WORDS = {"integer": "a whole number", "number": "a number", "string": "a text", "boolean": "true or false",
               "array": "a list", "object": "a mapping (key: value lines)", "null": "nothing"}


def fullwidth_number(value) -> tuple[str, str] | None:
    """(message, fix) when ``value`` is a text that is a number written with full-width digits,
    signs or spaces — what a Japanese IME types (``defense: ３`` is read as the text "３")."""
    import unicodedata

    if not isinstance(value, str):
        return None
    plain = unicodedata.normalize("NFKC", value).strip().replace("−", "-")
    if not re.fullmatch(r"[-+]?\d+(\.\d+)?", plain) or not plain.isascii():
        return None
    odd = [ch for ch in value if not ch.isascii()]
    if all(ch == "\u3000" for ch in odd):
        return f"the number {plain} has a full-width space 「　」 beside it", f"全角スペースを削除 → {plain}"
    shown = "".join(dict.fromkeys(ch for ch in odd if ch != "\u3000"))
    return (f"{_short(value)} is written with full-width characters (全角数字「{shown}」)",
            f"全角数字「{value.strip()}」→ {plain} (write it with half-width digits)")


def json_type(value) -> str:
    """The JSON Schema type name of a value read from YAML (``array``, ``object``, …)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


def _suggest(word: str, options, labels=None) -> str | None:
    return suggestion(word, options, labels)


def _allowed_keys(schema) -> list[str]:
    return list(_key_labels(schema))


def _key_labels(schema) -> dict[str, str]:
    """The keys ``schema`` allows, each with its label (the description's part before " — ")."""
    keys: dict[str, str] = {}

    def add(part):
        for key, sub in part.get("properties", {}).items():
            text = sub.get("description", "") if isinstance(sub, dict) else ""
            if isinstance(sub, dict) and not text and isinstance(sub.get("allOf"), list) and sub["allOf"]:
                first = sub["allOf"][0]
                text = first.get("description", "") if isinstance(first, dict) else ""
            label = text.split(" — ", 1)[0].strip() if " — " in text else ""
            if key not in keys or (label and not keys[key]):
                keys[key] = label

    add(schema)
    for branch in schema.get("allOf", []) + schema.get("oneOf", []) + schema.get("anyOf", []):
        for part in (branch, branch.get("then", {}), branch.get("else", {})):
            if "$ref" in part and "#" not in part["$ref"]:
                part = _registry(schema_dir()).contents(part["$ref"])
            add(part)
    return keys


def _describe(error, path):
    """Yield ``(key_path or None, message, hint)`` for one schema error."""
    v = error.validator
    inst = error.instance
    if v in ("additionalProperties", "unevaluatedProperties"):
        extras = re.findall(r"'([^']*)'", error.message.split("(")[-1]) or ["?"]
        labels = _key_labels(error.schema)
        allowed = [k for k in labels if k not in extras]
        for key in extras:
            hint = _suggest(key, allowed, labels) or (
                f"allowed keys: {', '.join(allowed)}" if allowed else "remove it")
            yield (*path, key), f"unknown key '{key}'", hint
        return
    if v == "required":
        missing = re.match(r"'([^']*)'", error.message)
        key = missing.group(1) if missing else error.message
        yield None, f"missing required key '{key}'", f"add '{key}:'"
        return
    if v == "type":
        want = error.validator_value
        wants = want if isinstance(want, list) else [want]
        slip = fullwidth_number(inst) if {"integer", "number"} & set(wants) else None
        if slip:
            yield None, slip[0], slip[1]
            return
        want = " or ".join(_TYPE_WORDS.get(w, w) for w in wants)
        found = _TYPE_WORDS.get(json_type(inst), json_type(inst))
        yield None, f"expected {want}, found {found} {_short(inst)}", f"write {want}"
        return
    if v == "enum":
        message, hint = choices(error.validator_value, inst)
        yield None, message, hint
        return
    if v in ("oneOf", "anyOf") and one_of_values(error):
        message, hint = choices(one_of_values(error), inst, value_labels(error))
        yield None, message, hint
        return
    if v == "const":
        yield None, f"expected {_short(error.validator_value)}, found {_short(inst)}", None
        return
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"):
        words = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                 "exclusiveMaximum": "less than", "multipleOf": "a multiple of"}
        yield None, f"expected a number {words[v]} {error.validator_value}, found {_short(inst)}", None
        return
    if v in ("minItems", "maxItems"):
        word = "at least" if v == "minItems" else "at most"
        yield None, f"expected {word} {error.validator_value} items, found {len(inst)}", None
        return
    if v in ("minLength", "maxLength"):
        word = "at least" if v == "minLength" else "at most"
        yield None, f"expected {word} {error.validator_value} characters, found {len(inst)}", None
        return
    if v in ("minProperties", "maxProperties"):
        word = "at least" if v == "minProperties" else "at most"
        keys = ", ".join(inst) if isinstance(inst, dict) else ""
        yield None, f"expected {word} {error.validator_value} keys, found {len(inst)} ({keys})", \
            "an effect step names exactly one operation" if v == "maxProperties" else None
        return
    if v == "pattern":
        desc = error.schema.get("description", "")
        yield None, f"{_short(inst)} does not match the pattern {error.validator_value}", \
            Explanation(desc.split(" — ", 1)[-1]) if desc else None
        return
    if v == "uniqueItems":
        yield None, "items must be unique, found a repeated item", "remove the repeat"
        return
    if v == "not":
        desc = error.schema.get("description")
        yield None, f"{_short(inst)} is not allowed here", Explanation(desc, limit=400) if desc else None
        return
    yield None, " ".join(error.message.split())[:200], None
