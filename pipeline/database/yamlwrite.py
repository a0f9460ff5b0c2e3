"""Writing card files: the YAML fuda writes when it makes a card file for the designer (from a
Duel Online text, from a spreadsheet).

One style for every writer: two-space mappings, list items indented under their key, multi-line
text as ``|`` blocks, short lists (and the mappings ``flow_mapping`` picks) on one line, and each
top-level entry (a card, a fighter) as a block of its own.
"""

from __future__ import annotations

import io
from collections.abc import Callable


def one_key(value: dict) -> bool:
    """Write a mapping on one line when it has a single key (``{draw: 1}``)."""
    return len(value) == 1


def card_file_text(top: dict, header: str, flow_mapping: Callable[[dict], bool] = one_key) -> str:
    """The YAML text of a card file holding ``top`` (``{"cards": [...], ...}``), after ``header``
    (comment lines, each ending in a newline)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.comments import CommentedMap, CommentedSeq
    from ruamel.yaml.scalarstring import LiteralScalarString

    def plain(value):
        if isinstance(value, list):
            seq = CommentedSeq(plain(v) for v in value)
            if not any(isinstance(v, dict) and len(v) > 1 for v in value):
                seq.fa.set_flow_style()
            return seq
        if isinstance(value, dict):
            m = CommentedMap((k, plain(v)) for k, v in value.items())
            if flow_mapping(value):
                m.fa.set_flow_style()
            return m
        if isinstance(value, str) and "\n" in value:
            return LiteralScalarString(value)
        return value

    doc = CommentedMap((k, plain(v)) for k, v in top.items())
    for key in doc:  # one block entry per card / fighter
        if isinstance(doc[key], CommentedSeq):
            doc[key].fa.set_block_style()
            for item in doc[key]:
                if isinstance(item, CommentedMap):
                    item.fa.set_block_style()
    yaml = YAML()
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    buf = io.StringIO()
    yaml.dump(doc, buf)
    return header + buf.getvalue()
