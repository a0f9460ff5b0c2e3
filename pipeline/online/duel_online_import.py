"""Duel Online ``Card.txt`` → fuda cards: the reverse of :mod:`pipeline.duel_online`.

The same record template that wrote a file reads it back: records are split on the template's
separator, the lines before and after the multi-line {text} are matched against the template's
record lines (each kind's stats line tried in turn, most literal text first), numbers and lists
converted, the name suffix (（ハード）) stripped back into its field, and keywords read from the
text's first line. :func:`import_cards` gives the cards ids (an existing card of the same record
name keeps its id, others get ``do-001`` …) and :func:`cards_yaml` writes them as a card file.
"""

from __future__ import annotations

import re
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location
from fuda.database.ruleset import rulesets
from fuda.i18n import Text
from fuda.online.duel_online import (
    ENCODING,
    FIELD,
    MULTILINE,
    RecordTemplate,
    load_template,
    record_name,
)


def _regex(fmt: str, numbers) -> re.Pattern:
    parts, pos = [], 0
    for m in FIELD.finditer(fmt):
        parts.append(re.escape(fmt[pos:m.start()]))
        key = m.group(1)
        group = key.replace("-", "_")
        parts.append(f"(?P<{group}>ー|\\d+)" if key in numbers else f"(?P<{group}>.*?)")
        pos = m.end()
    parts.append(re.escape(fmt[pos:]))
    return re.compile("".join(parts))


def _convert(key: str, value: str, template: RecordTemplate):
    if key in template.numbers:
        return None if value == "ー" else int(value)
    if key in template.lists:
        return [v for v in value.split(template.join) if v]
    return value


def parse_keywords(text: str, template: RecordTemplate) -> list:
    """Keywords read back from the text's first line when it holds only keyword labels."""
    first = text.split("\n", 1)[0]
    labels = re.findall(r"【[^】]*】", first)
    if not labels or "".join(labels) != first:
        return []
    pats = [(key, re.compile(re.escape(fmt).replace(r"\{\}", "(.+)"))) for key, fmt in template.keywords.items()]
    found = []
    for label in labels:
        for key, pat in pats:
            m = pat.fullmatch(label)
            if m:
                if m.groups():
                    arg = m.group(1)
                    found.append({key: int(arg) if arg.isdecimal() else arg})
                else:
                    found.append(key)
                break
        else:
            return []
    return found


def _line_match(fmt: str, line: str, template: RecordTemplate) -> tuple[dict, str | None] | None:
    """Fields read from one record line; tries each kind's stats line for {stats}."""
    if "{stats}" in fmt:  # each kind's stats line, as export writes it; most literal text first
        lines = {kind: template.stats.get(kind, "{kind}") for kind in (*template.stats, *template.kinds)}
        kinds = sorted(lines.items(), key=lambda kv: -len(FIELD.sub("", kv[1])))
        for kind, stats in kinds:
            stats = stats.replace("{kind}", template.kinds.get(kind, kind))
            m = _regex(fmt.replace("{stats}", stats), template.numbers).fullmatch(line)
            if m:
                return m.groupdict(), kind
        if lines:
            return None
        fmt = fmt.replace("{stats}", "{kind}")
    m = _regex(fmt, template.numbers).fullmatch(line)
    return (m.groupdict(), None) if m else None


def parse_card_txt(data: bytes, template: RecordTemplate, source: Path = Path("Card.txt")) -> list[dict]:
    """Cards (plain dicts: name, kind, text and the stats fields) read from Card.txt bytes;
    raises FindingsError (X105, located) for text that is not CP932 or records that do not fit."""
    try:
        text = data.decode(ENCODING)
    except UnicodeDecodeError as exc:
        raise FindingsError([Finding(Location(source), "X105", f"not CP932 text (byte {exc.start})",
                                     hint="Card.txt is Shift_JIS / CP932")]) from None
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    start = len(template.header)
    for n, fmt in enumerate(template.header):
        if n >= len(lines) or not _regex(fmt, ()).fullmatch(lines[n]):
            raise FindingsError([Finding(Location(source, n + 1, 1), "X105", f"header line {fmt!r} of the template "
                                         f"{template.path.name} is not in the file",
                                         hint="pass the template the file was written with (--template)")])
    records, current, first = [], [], start
    sep = list(template.separator)
    i = start
    while i < len(lines):
        if sep and lines[i:i + len(sep)] == sep:
            if current:
                records.append((first, current))
            current, i = [], i + len(sep)
            first = i
            continue
        current.append(lines[i])
        i += 1
    if current:
        records.append((first, current))
    reverse = {v: k for k, v in template.kinds.items()}
    cards, findings = [], []
    for first, rec in records:
        card = _parse_record(rec, template, reverse)
        if card is None:
            findings.append(Finding(Location(source, first + 1, 1), "X105",
                                    f"record '{rec[0]}' does not match the template {template.path.name}",
                                    hint="pass the template the file was written with (--template)"))
            continue
        cards.append(card)
    if findings:
        raise FindingsError(findings)
    return cards


def _parse_record(rec: list[str], template: RecordTemplate, reverse: dict) -> dict | None:
    fmts, multi = list(template.record), template.multiline_index
    head = fmts if multi is None else fmts[:multi]
    tail = [] if multi is None else fmts[multi + 1:]
    if len(rec) < len(head) + len(tail) or (multi is None and len(rec) != len(head)):
        return None
    values: dict = {}
    kind = None
    pairs = list(zip(head, rec)) + list(zip(tail, rec[len(rec) - len(tail):] if tail else []))
    for fmt, line in pairs:
        got = _line_match(fmt, line, template)
        if got is None:
            return None
        fields, k = got
        kind = kind or k
        values.update({key.replace("_", "-"): v for key, v in fields.items()})
    if multi is not None:
        block = rec[len(head):len(rec) - len(tail)]
        values[fmts[multi].strip()[1:-1]] = "\n".join(block)
    if kind is None:
        if template.kinds and values.get("kind") not in reverse:
            return None
        kind = reverse.get(values.get("kind", ""), values.get("kind"))
    card: dict = {"name": values.get("record-name") or values.get("name", ""), "kind": kind}
    s = template.suffix
    if "record-name" in values and s:
        if not s.get("kinds") or kind in s["kinds"]:
            value = s.get("default")
            for field_value, suffix in s["values"].items():
                if card["name"].endswith(suffix):
                    card["name"], value = card["name"][:-len(suffix)], field_value
                    break
            if value is not None:
                card[s["field"]] = value
    for key, value in values.items():
        if key not in ("name", "record-name", "kind", "stats", "keywords", "id", "game-name", "game-id"):
            card[key] = value if key in MULTILINE else _convert(key, value, template)
    card.setdefault("text", "")
    keywords = parse_keywords(card["text"], template) if template.keywords else []
    if keywords:
        card["keywords"] = keywords
    return card


_ORDER = ("id", "name", "kind", "rank", "levels-from")


def import_cards(data: bytes, game_id: str, *, template: str | Path | None = None, database=None,
                 source: Path = Path("Card.txt")) -> tuple[str, list[dict], list[str]]:
    """Cards for ``game_id`` read from Card.txt bytes: (rules, card dicts with ids, warnings).

    ``game_id`` is a game of ``database`` (its template; a record whose name matches one of its
    cards keeps that card's id) or an installed rule set (recast-rift, toho-tcg …). New
    cards get ids ``do-001`` … in file order; a Hard gets ``levels-from`` the Normal of its name."""
    game = None
    if database is not None:
        try:
            game = database.game(game_id)
        except KeyError:
            game = None
    installed = tuple(rulesets())
    if game is None and game_id not in installed:
        known = ", ".join(sorted({*(g.id for g in (database.games if database else ())), *installed}))
        raise KeyError(Text("err.no_game_or_rules", game=game_id, known=known))
    rules = game.rules if game is not None else game_id
    tmpl = load_template(game if game is not None else rules, template)
    cards = parse_card_txt(data, tmpl, source)
    known_ids = {record_name(c, tmpl): c.id for c in game.cards} if game is not None else {}
    taken, used = set(known_ids.values()), set()
    warnings, out, counter = [], [], 0
    for card in cards:
        suffix = tmpl.suffix["values"].get(str(card.get(tmpl.suffix["field"])), "") if tmpl.suffix else ""
        cid = known_ids.get(card["name"] + suffix)
        while cid is None or cid in used:
            counter += 1
            cid = f"do-{counter:03d}"
            cid = None if cid in taken else cid
        used.add(cid)
        out.append({"id": cid, **card})
        when = tmpl.manual.get(card["kind"])
        if when and card.get("text"):
            out[-1]["abilities"] = [{"when": when, "text": card["text"], "effect": "manual",
                                     "reason": "imported from Duel Online; write the effect"}]
    normals = {c["name"]: c["id"] for c in out if c.get("rank") == "normal"}
    for card in out:
        if card.get("rank") == "hard":
            if card["name"] in normals:
                card["levels-from"] = normals[card["name"]]
            else:
                warnings.append(f"{card['id']} ({card['name']}): a Hard with no Normal of the same name; "
                                "add levels-from by hand")
    fields = FIELD.findall(" ".join([*tmpl.record, *tmpl.stats.values()]))
    rank = {k: i for i, k in enumerate(dict.fromkeys([*_ORDER, *fields, "keywords"]))}
    ordered = []
    for card in out:
        keys = sorted((k for k in card if k not in (*MULTILINE, "abilities")),
                      key=lambda k: (rank.get(k, len(rank)), k))
        keys += ["text", "flavor"] if card.get("flavor") else ["text"]
        keys += [k for k in ("abilities",) if k in card]
        ordered.append({k: card[k] for k in keys})
    return rules, ordered, warnings


def cards_yaml(rules: str, cards: list[dict], source: str) -> str:
    """The YAML text of a card file holding ``cards`` (block text, flow lists)."""
    import io

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
            if len(value) == 1:
                m.fa.set_flow_style()
            return m
        if isinstance(value, str) and "\n" in value:
            return LiteralScalarString(value)
        return value

    items = CommentedSeq()
    for card in cards:
        items.append(CommentedMap((k, plain(v)) for k, v in card.items()))
    yaml = YAML()
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    buf = io.StringIO()
    yaml.dump({"cards": items}, buf)
    head = (f"# yaml-language-server: $schema=../../schema/{rules}.cards.schema.json\n"
            f"# Imported from {source} by `fuda import duel-online`; add abilities, art and flavour by hand.\n")
    return head + buf.getvalue()
