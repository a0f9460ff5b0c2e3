"""The checks of a card template: its schema and colours, its label pattern, the card kinds and
fields it names, and its pattern run over the game's card texts within a time budget.

Each returns located findings (file:line:col of the value written). A field name is checked
against the game's card schema kind by kind — the fields of ``kinds.character`` against a
character card's, those of ``kinds.default`` against every kind it draws — with the nearest
field suggested (``field: atack`` → did you mean 'attack' (攻撃力)?).
"""

from __future__ import annotations

import json
from functools import lru_cache

from fuda.database.findings import Finding
from fuda.database.resources import schema_dir, templates_dir
from fuda.database.schema_paths import field_nodes, find_path, listed_values
from fuda.database.yamlfile import Document

SCHEMA = "layout.schema.json"
#: Names a template may use that are not card fields: the layout supplies them.
SUPPLIED = frozenset({"fighter-name", "game-name", "back-text", "kind"})
_LISTED = 8  # at most this many field names are listed in a hint


def check_document(doc: Document) -> list[Finding]:
    """The template file on its own: its schema, then (when its shape is right) its colours and
    its label pattern."""
    from fuda.database.schemas import validate_template

    findings = validate_template(doc, templates_dir() / SCHEMA)
    if not findings:
        findings += _check_colours(doc)
        findings += _check_pattern(doc)
    return findings


def _check_colours(doc: Document) -> list[Finding]:
    """Every ``$name`` colour must be defined in the template palette or a kind's palette."""
    from fuda.database.suggest import suggestion

    data = doc.data
    names = set(data.get("palette", {}))
    for spec in data.get("kinds", {}).values():
        names.update(spec.get("palette", {}))
        for values in (spec.get("palette-by") or {}).get("values", {}).values():
            names.update(values)
    names.update({"back", "back-ink"})  # supplied from the manifest's back
    findings = []

    def walk(node, path):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, (*path, k))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, (*path, i))
        elif isinstance(node, str) and node.startswith("$") and node[1:] not in names:
            near = suggestion(node, sorted(f"${n}" for n in names))
            hint = f"{near} (or define {node[1:]} in a palette)" if near else f"define {node[1:]} in a palette"
            findings.append(Finding(doc.where(path), "L002", f"unknown colour '{node}'", hint=hint))

    walk(data, ())
    return findings


DEFAULT_LABEL_PATTERN = "【([^】]*)】"


def atoms_source(labels) -> str:
    """The pattern the text box runs: the label pattern or an icon token (``labels.icons``)."""
    import regex

    source = labels.get("pattern") or DEFAULT_LABEL_PATTERN
    icons = sorted(labels.get("icons") or {}, key=len, reverse=True)
    return "|".join([f"(?:{source})"] + [regex.escape(str(k)) for k in icons])


def compile_pattern(source: str):
    """``source`` compiled with the ``regex`` module, as a designer's pattern is run (raises
    ``regex.error``)."""
    import regex

    return regex.compile(source, regex.VERSION0)


def _check_pattern(doc: Document) -> list[Finding]:
    """``labels.pattern`` must compile (with the ``regex`` module, as it is run)."""
    import regex

    labels = doc.data.get("labels") or {}
    source = labels.get("pattern")
    if not isinstance(source, str):
        return []
    try:
        compile_pattern(source)
        compile_pattern(atoms_source(labels))  # as it is run: beside the icon tokens
    except regex.error as exc:
        detail = " ".join(str(exc).split())
        return [Finding(doc.where(("labels", "pattern")), "L007",
                        f"labels.pattern: {_short(source)} is not a valid regular expression ({detail})",
                        hint="fix the pattern; group 1 is the label printed on the chip, e.g. 【([^】]*)】")]
    except (ValueError, OverflowError, RecursionError) as exc:  # a pattern too large to compile
        return [Finding(doc.where(("labels", "pattern")), "L007",
                        f"labels.pattern: {_short(source)} is not a valid regular expression ({type(exc).__name__})",
                        hint="fix the pattern; group 1 is the label printed on the chip, e.g. 【([^】]*)】")]
    return []


# -- the card kinds and fields a template names -------------------------------------------------

def schema_key(schema) -> str:
    """A hashable key for a game's card schema: its file name, or the JSON of one a rule set made."""
    return schema if isinstance(schema, str) else "{}" + json.dumps(schema, sort_keys=True, ensure_ascii=False)


@lru_cache(maxsize=16)
def _kinds(key: str):
    """kind -> {field: label} (top level) and kind -> closed branch, for the card schema ``key``."""
    from fuda.database.cardkinds import card_kinds
    from fuda.database.schemas import schema_contents

    folder = schema_dir()
    if key.startswith("{}"):
        kinds = card_kinds(json.loads(key[2:]), "ruleset.schema.json", folder)
    else:
        try:
            kinds = card_kinds(schema_contents(key, folder), key, folder)
        except FileNotFoundError:
            return None
    return None if kinds is None else dict(kinds.branches)


def check_fields(doc: Document, key: str) -> list[Finding]:
    """Every card kind and card field the template names, checked against the card schema."""
    branches = _kinds(key)
    data = doc.data
    if not branches or not isinstance(data, dict):
        return []
    findings = []
    shared: dict[int, tuple[tuple, dict, list]] = {}  # one element list (a YAML alias) -> every kind drawing it
    blocks: list[tuple[tuple, dict]] = [((), data)]
    if isinstance(data.get("landscape"), dict):  # the landscape variant names kinds and fields too
        blocks.append((("landscape",), data["landscape"]))
    for (prefix, block), section in ((b, s) for b in blocks for s in ("kinds", "backs")):
        layouts = block.get(section) or {}
        if not isinstance(layouts, dict):
            continue  # the schema says what is wrong
        listed = [k for k in layouts if k != "default"]
        for name, spec in layouts.items():
            if name == "default":
                drawn = [k for k in branches if section == "backs" or k not in listed] or list(branches)
            elif name in branches:
                drawn = [name]
            else:
                findings.append(_unknown_kind(doc, (*prefix, section, name), name, list(branches)))
                continue
            spec = spec if isinstance(spec, dict) else {}
            kinds = {k: branches[k] for k in drawn}
            by = spec.get("palette-by")
            if isinstance(by, dict) and isinstance(by.get("field"), str):
                findings += _field(doc, (*prefix, section, name, "palette-by", "field"), by["field"], kinds, supplied=False)
            elements = spec.get("elements")
            if isinstance(elements, list):
                entry = shared.setdefault(id(elements), ((*prefix, section, name), {}, elements))
                entry[1].update(kinds)
    for where, kinds, elements in shared.values():
        findings += _element_fields(doc, where, elements, kinds)
    return findings


def _unknown_kind(doc: Document, path: tuple, name: str, kinds: list[str]) -> Finding:
    from fuda.database.suggest import suggestion

    hint = suggestion(name, kinds) or f"use one of: {', '.join(kinds)} (or default)"
    return Finding(doc.where(path, key=True), "L006", f"{_dotted(path)}: the game has no card kind '{name}'", hint=hint)


def _element_fields(doc: Document, where: tuple, elements: list, drawn: dict) -> list[Finding]:
    """The fields of one element list, against the kinds that draw it (an element guarded by
    ``when: {kind: …}`` against those kinds only)."""
    out = []
    for i, element in enumerate(elements):
        if not isinstance(element, dict):
            continue
        at = (*where, "elements", i)
        when: dict = element["when"] if isinstance(element.get("when"), dict) else {}
        kinds = drawn
        if "kind" in when:
            wanted = when["kind"] if isinstance(when["kind"], list) else [when["kind"]]
            kinds = {k: v for k, v in drawn.items() if k in [str(w) for w in wanted]}
            if not kinds:
                continue  # drawn for no kind here: nothing to check it against
        if isinstance(element.get("field"), str):
            out += _field(doc, (*at, "field"), element["field"], kinds)
        for name, want in when.items():
            unknown = _field(doc, (*at, "when", name), str(name), kinds, key=True, supplied=False)
            out += unknown or _when_values(doc, (*at, "when", name), str(name), want, kinds)
        for attr, value in element.items():
            if isinstance(value, dict) and isinstance(value.get("by"), str) and "map" in value:
                out += _field(doc, (*at, attr, "by"), value["by"], kinds)
    return out


def _field(doc: Document, path: tuple, name: str, drawn: dict, *, key: bool = False,
           supplied: bool = True) -> list[Finding]:
    """A finding when no kind of ``drawn`` has the (dotted) field ``name``."""
    if supplied and name in SUPPLIED:
        return []
    options: dict[str, str] = {}
    failed_at = ""
    for branch in drawn.values():
        step = find_path(branch, name.split("."))
        if step is None:
            return []  # this kind has it
        at, names = step
        if len(at) >= len(failed_at):
            if len(at) > len(failed_at):
                options = {}
            failed_at = at
            options.update({k: v for k, v in names.items() if k not in options})
    if not supplied:
        options.pop("fighter-name", None)
    elif not failed_at:
        options.update({k: "" for k in sorted(SUPPLIED) if k not in options})
    return [_unknown_field(doc, path, name, failed_at, options, list(drawn), key)]


def _unknown_field(doc, path, name, failed_at, options: dict, kinds: list, key: bool) -> Finding:
    from fuda.database.suggest import suggestion

    missing = name.split(".")[len(failed_at.split(".")) if failed_at else 0]
    inside = f"{failed_at}." if failed_at else ""
    full = {inside + k: label for k, label in options.items()}  # suggested as written: attack.hand
    hint = suggestion(inside + missing, list(full), full)
    if hint is None and failed_at and not options:
        hint = f"'{failed_at}' has no fields below it: write {failed_at}"
    elif hint is None:
        shown = sorted(options)
        hint = (f"the fields are: {', '.join(inside + k for k in shown)}" if len(shown) <= _LISTED
                else "write a field of the card schema (see the game's cards.schema.json)")
    if len(kinds) == 1:
        message = f"{_dotted(path)}: a '{kinds[0]}' card has no field '{inside}{missing}'"
    else:
        message = f"{_dotted(path)}: no card of kinds {', '.join(kinds)} has a field '{inside}{missing}'"
    return Finding(doc.where(path, key=key), "L005", message, hint=hint)


def _when_values(doc: Document, path: tuple, name: str, want, kinds: dict) -> list[Finding]:
    """A finding for each value of a ``when`` condition that no card of ``kinds`` can have
    (``when: {rank: hrad}`` would leave the element off every card)."""
    from fuda.database.suggest import suggestion

    if want in ("*", "-"):
        return []
    allowed: list = []
    for branch in kinds.values():
        nodes = field_nodes(branch, name.split("."))
        if nodes is None:
            continue  # this kind lacks the field: another kind has it
        values = listed_values(nodes)
        if values is None:
            return []  # a field whose values the schema does not list: any may match
        allowed += [v for v in values if v not in allowed]
    if not allowed:
        return []
    keys = {_key(v) for v in allowed}
    wants = list(enumerate(want)) if isinstance(want, list) else [(None, want)]
    out = []
    shown = ", ".join(_key(v) for v in allowed)
    for i, value in wants:
        if _key(value) in keys:
            continue
        hint = suggestion(_key(value), [_key(v) for v in allowed]) or f"use one of: {shown}"
        where = (*path, i) if i is not None else path
        out.append(Finding(doc.where(where), "L009", f"{_dotted(where)}: no card has {name}: {_key(value)} "
                                                     f"(its values: {shown})", hint=hint))
    return out


def _key(value) -> str:
    """A value as a template map key writes it (booleans as true/false)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "null" if value is None else str(value)


def _dotted(path) -> str:
    from fuda.database.schemas import dotted

    return dotted(path)


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."

