"""Suggestions: the nearest key or value to write, with its label, and the one line for a value
that is none of the allowed ones (the values listed when few, the nearest named).

``keywords: [fast-atack]`` is "expected one of "defender", …, "penetrate", found "fast-atack";
did you mean 'fast-attack' (【ファストアタック】)?" — not the first branch's "expected "defender"".
"""

from __future__ import annotations

import difflib
import json


def suggestion(word, options, labels=None) -> str | None:
    """"did you mean 'x'?" for the option nearest ``word`` (difflib), naming the key or value to
    write, with its label in brackets when ``labels`` (option -> label) gives one; else None."""
    close = difflib.get_close_matches(str(word), [str(o) for o in options], n=1, cutoff=0.6)
    if not close:
        return None
    label = (labels or {}).get(close[0])
    return f"did you mean '{close[0]}' ({label})?" if label and label != close[0] else f"did you mean '{close[0]}'?"


#: At most this many allowed values are listed in a message; beyond, the nearest one is named.
LISTED_VALUES = 8


def one_of_values(error) -> list | None:
    """The values a ``oneOf``/``anyOf`` of constants allows for a plain value (a keyword, a kind
    of text), when every branch that takes the value's type is a constant or an enum; else None
    (a branch that takes it on other terms: explained as before)."""
    inst = error.instance
    if error.validator not in ("oneOf", "anyOf") or not error.context or isinstance(inst, (dict, list)):
        return None
    values: list = []
    for e in error.context:
        if e.relative_path:
            return None
        if e.validator == "const":
            values.append(e.validator_value)
        elif e.validator == "enum":
            values.extend(e.validator_value)
        elif e.validator in ("oneOf", "anyOf"):
            inner = one_of_values(e)
            if inner is None:
                return None
            values.extend(inner)
        elif e.validator != "type":
            return None
    kind = "number" if _type(inst) in ("integer", "number") else _type(inst)
    same = [v for v in values if ("number" if _type(v) in ("integer", "number") else _type(v)) == kind]
    return list(dict.fromkeys(same)) or None


def value_labels(error) -> dict:
    """value -> label for the constants of a ``oneOf`` (their descriptions' Japanese part)."""
    labels = {}
    for branch in error.validator_value if isinstance(error.validator_value, list) else ():
        if isinstance(branch, dict) and "const" in branch and " — " in branch.get("description", ""):
            labels[str(branch["const"])] = branch["description"].split(" — ", 1)[0].strip()
    return labels


def choices(options, inst, labels=None) -> tuple[str, str | None]:
    """(message, hint) for ``inst`` that is none of ``options``: the options listed when there are
    at most :data:`LISTED_VALUES`, the nearest one suggested."""
    hint = suggestion(inst, options, labels)
    if len(options) <= LISTED_VALUES:
        listed = ", ".join(_short(o) for o in options)
        return f"expected one of {listed}, found {_short(inst)}", hint or f"use one of: {listed}"
    return f"{_short(inst)} is none of the {len(options)} allowed values", hint




def _type(value) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return "string" if isinstance(value, str) else type(value).__name__


def _short(value) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
