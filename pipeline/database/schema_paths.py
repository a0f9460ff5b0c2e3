"""Paths into a card schema: which fields a card of one kind has, what lies below a field
(``attack.hand``), the Japanese label of each (its description before " — "), and the values a
field lists (enum, const, a oneOf of constants). Used to check the fields a card template names.
"""

from __future__ import annotations

from fuda.database.resources import schema_dir


def field_nodes(branch: dict, parts: list[str]) -> list | None:
    """The subschemas of the (dotted) field ``parts`` in ``branch``, or None when it has none."""
    nodes = [(branch, branch)]
    for part in parts:
        found = []
        for node, root in nodes:
            found += properties(node, root).get(part, [])
        if not found:
            return None
        nodes = found
    return nodes


def listed_values(nodes) -> list | None:
    """Every value the subschemas allow, when they list them (enum, const, a oneOf of them)."""
    out: list = []
    for node, root in nodes:
        values = _listed(node, root, 0)
        if values is None:
            return None
        out += [v for v in values if v not in out]
    return out


def _listed(node, root, depth: int) -> list | None:
    node, root = resolve(node, root)
    if not isinstance(node, dict) or depth > 8:
        return None
    if "const" in node:
        return [node["const"]]
    if "enum" in node:
        return list(node["enum"])
    branches = node.get("anyOf") or node.get("oneOf")
    if branches:
        out: list = []
        for part in branches:
            values = _listed(part, root, depth + 1)
            if values is None:
                return None
            out += values
        return out
    for part in node.get("allOf") or ():
        values = _listed(part, root, depth + 1)
        if values is not None:
            return values
    return None


def find_path(branch: dict, parts: list[str]):
    """None when the path exists in the card schema ``branch``; else (the part that exists,
    {field: label} of the level where the next part is missing)."""
    nodes = [(branch, branch)]
    done: list[str] = []
    for part in parts:
        props: dict[str, list] = {}
        for node, root in nodes:
            for k, subs in properties(node, root).items():
                props.setdefault(k, []).extend(subs)
        if part not in props:
            return ".".join(done), {k: label(v) for k, v in props.items()}
        nodes = props[part]
        done.append(part)
    return None


def resolve(node, root, depth: int = 0):
    """``node`` with its ``$ref`` followed (in ``root``, or in the schema file it names), and the
    document it now lies in."""
    from fuda.database.schemas import schema_contents

    while isinstance(node, dict) and isinstance(node.get("$ref"), str) and depth < 16:
        file, _, pointer = node["$ref"].partition("#")
        if file:
            try:
                root = schema_contents(file, schema_dir())
            except FileNotFoundError:
                return {}, root
        target = root
        for part in [p for p in pointer.split("/") if p]:
            target = target.get(part, {}) if isinstance(target, dict) else {}
        node, depth = target, depth + 1
    return node, root


def properties(node, root, depth: int = 0) -> dict[str, list]:
    """Every property a card (or a field's value) may have under ``node``, with the subschemas
    (and their documents) that describe it."""
    node, root = resolve(node, root)
    out: dict[str, list] = {}
    if not isinstance(node, dict) or depth > 8:
        return out
    for k, v in (node.get("properties") or {}).items():
        if v is not False:
            out.setdefault(k, []).append((v, root))
    parts = [*node.get("allOf", ()), *node.get("anyOf", ()), *node.get("oneOf", ())]
    parts += [node[k] for k in ("then", "else") if isinstance(node.get(k), dict)]
    for part in parts:
        for k, subs in properties(part, root, depth + 1).items():
            out.setdefault(k, []).extend(subs)
    return out


def label(subs) -> str:
    """The Japanese label of a field: the part of its description before " — " (looked for
    through ``allOf`` parts and references)."""
    def find(node, root, depth: int) -> str:
        if not isinstance(node, dict) or depth > 6:
            return ""
        text = node.get("description", "")
        if isinstance(text, str) and " — " in text:
            return text.split(" — ", 1)[0].strip()
        for part in node.get("allOf") or ():
            found = find(part, root, depth + 1)
            if found:
                return found
        if "$ref" in node:
            target, doc = resolve(node, root)
            return find(target, doc, depth + 1)
        return ""

    for node, root in subs:
        found = find(node, root, 0)
        if found:
            return found
    return ""
