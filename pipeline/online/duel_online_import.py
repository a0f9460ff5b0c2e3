"""Duel Online ``Card.txt`` → fuda cards: the reverse of :mod:`fuda.online.duel_online`.

The same record template that wrote a file reads it back: records are split on the template's
separator, the lines before and after the multi-line {text} are matched against the template's
record lines (each kind's stats line tried in turn, most literal text first), numbers and lists
converted, the name suffix (（ハード）) stripped back into its field, and keywords read from the
text's first line. :func:`import_cards` gives the cards ids (an existing card of the same record
name keeps its id, others get ``do-001`` …) and :func:`cards_yaml` writes them as a card file.

A Card.txt may come from anyone, so reading it is bounded: at most :data:`MAX_BYTES` bytes and
:data:`MAX_LINES` lines, every scan linear in the length of a line (a template field stops at the
first occurrence of the text that follows it, so no line backtracks), and the cards are checked
against what fuda's own loader accepts — the rule set's card schema, the 2 MiB and value-count
limits of a card file — before :func:`import_cards` returns: a card file it returns is one fuda loads.
"""

from __future__ import annotations

import os
import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location
from fuda.database.ruleset import rulesets
from fuda.database.yamlwrite import card_file_text
from fuda.i18n import Text
from fuda.online.duel_online import (
    ENCODING,
    FIELD,
    MULTILINE,
    RecordTemplate,
    load_template,
    record_name,
)

#: A Card.txt larger than this is refused before it is read: a real one is a few hundred kB, and
#: the card file it becomes may not pass the loader's 2 MiB anyway (CP932 text grows in UTF-8).
MAX_BYTES = 20 * 1024 * 1024
#: Lines of a Card.txt (about 5 a card: 40,000 cards, more than one card file can hold).
MAX_LINES = 200_000
#: How much of a record's first line a message shows.
SHOWN = 20


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def read_card_txt(path: Path) -> bytes:
    """The bytes of the Card.txt at ``path``, refused (Y003, one finding) past :data:`MAX_BYTES`
    without reading more than that; ``OSError`` when it cannot be read."""
    path = Path(path)
    if os.path.exists(path) and not os.path.isfile(path):  # a FIFO or a device would block or never end
        raise FindingsError([Finding(Location(path), "Y005", f"{path.name} is not a regular file",
                                     hint="give the path of the Card.txt file")])
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    _check_size(data, path)
    return data


def _check_size(data: bytes, source: Path) -> None:
    if len(data) > MAX_BYTES:
        raise FindingsError([Finding(Location(source), "Y003", f"the file holds more than the {MAX_BYTES:,} bytes "
                                     "a Card.txt may have", hint="split it into smaller files and import each")])


@lru_cache(maxsize=256)
def _regex(fmt: str, numbers) -> re.Pattern:
    """The pattern of one template line. A field followed by literal text matches up to the first
    occurrence of that text and never past it: one way to split a line, so fullmatch runs in
    time linear in the line (``.*?`` between two literals retried every split: quadratic)."""
    fields = list(FIELD.finditer(fmt))
    parts, pos = [], 0
    for n, m in enumerate(fields):
        parts.append(re.escape(fmt[pos:m.start()]))
        key = m.group(1)
        group = key.replace("-", "_")
        after = fmt[m.end():fields[n + 1].start() if n + 1 < len(fields) else len(fmt)]
        if key in numbers:
            parts.append(f"(?P<{group}>ー|\\d+)")
        elif after:
            parts.append(f"(?P<{group}>(?:(?!{re.escape(after)}).)*)")
        elif n + 1 == len(fields):
            parts.append(f"(?P<{group}>.*)")
        else:  # two fields side by side: only the order of the template tells them apart
            parts.append(f"(?P<{group}>.*?)")
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
    labels = _labels(text.partition("\n")[0])
    if not labels:
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


def _labels(line: str) -> list[str] | None:
    """The 【…】 labels ``line`` is made of, or ``None`` when it holds anything else. One pass:
    each label ends at the first 】 after its 【 (as 【[^】]*】 reads it), and a 【 that no 】
    closes ends the scan (a regex search retried from every 【 was quadratic on such a line)."""
    labels, pos = [], 0
    while pos < len(line):
        if line[pos] != "【":
            return None
        end = line.find("】", pos + 1)
        if end < 0:
            return None
        labels.append(line[pos:end + 1])
        pos = end + 1
    return labels


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
    raises FindingsError (X105, located) for text that is not CP932 or records that do not fit,
    Y003 for a file past :data:`MAX_BYTES` or :data:`MAX_LINES`."""
    return [card for _, card in _parse(data, template, source)]


def _parse(data: bytes, template: RecordTemplate, source: Path) -> list[tuple[int, dict]]:
    """(line of the record's first line, card) for every record of the file."""
    _check_size(data, source)
    try:
        text = data.decode(ENCODING)
    except UnicodeDecodeError as exc:
        raise FindingsError([Finding(Location(source), "X105", f"not CP932 text (byte {exc.start})",
                                     hint="Card.txt is Shift_JIS / CP932")]) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if text.count("\n") > MAX_LINES:
        raise FindingsError([Finding(Location(source), "Y003", f"the file has more than the {MAX_LINES:,} lines "
                                     "a Card.txt may have", hint="split it into smaller files and import each")])
    lines = text.split("\n")
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
                                    f"record '{_shown(rec[0])}' does not match the template {template.path.name}",
                                    hint="pass the template the file was written with (--template)"))
            continue
        cards.append((first + 1, card))
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
    pairs = list(zip(head, rec, strict=False)) + list(zip(tail, rec[len(rec) - len(tail):] if tail else [], strict=False))
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
    if "record-name" in values and s and (not s.get("kinds") or kind in s["kinds"]):
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
    parsed = _parse(data, tmpl, source)
    lines = [line for line, _ in parsed]
    cards = [card for _, card in parsed]
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
    check_loadable(rules, game.manifest if game is not None else None, ordered, lines, source)
    return rules, ordered, warnings


#: Schema findings an imported card file may carry: a key the designer adds by hand (the file's
#: head says so: abilities, art …) and a template field the rule set does not know. Every other
#: one is a value the loader refuses (too long, wrong type, not allowed), which no editing of
#: the rest of the file mends: the import refuses it.
COMPLETED_BY_HAND = frozenset({"S001", "S002"})


def check_loadable(rules: str, manifest, cards: list[dict], lines: list[int], source: Path) -> None:
    """Raise FindingsError unless the card file of ``cards`` holds only what fuda's loader
    accepts: every value against the rule set's card schema (a finding at the record's line of
    ``source``, naming it; keys left for the designer to add are not counted, see
    :data:`COMPLETED_BY_HAND`), then the file's size and count of values
    (:mod:`fuda.database.yamlfile`), counted before the text is written."""
    from fuda.database.fields import card_schema
    from fuda.database.schemas import validate_document
    from fuda.database.yamlfile import MAX_FILE_BYTES, MAX_NODES, Document

    where = {("cards", i): Location(source, line, 1) for i, line in enumerate(lines)}
    doc = Document(source, {"cards": cards}, {(): Location(source), **where}, where)

    def card_of(path):
        if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int) and path[1] < len(cards):
            return cards[path[1]].get("id")
        return None

    schema = card_schema(rules, manifest)
    if manifest is None and not isinstance(schema, str):
        findings = []  # a rule set whose card schema is made from a game's manifest (custom): none here
    else:
        findings = [f for f in validate_document(doc, schema, card_of) if f.code not in COMPLETED_BY_HAND]
    if findings:
        index = {line: i for i, line in enumerate(lines)}
        named = []
        for f in findings:
            i = index.get(f.location.line)
            name = _shown(str(cards[i].get("name", ""))) if i is not None else ""
            named.append(replace(f, message=f"record '{name}': {f.message}") if name else f)
        raise FindingsError(named)
    values = _count_values(cards) + 1  # + the file's mapping
    if values > MAX_NODES:
        raise FindingsError([Finding(Location(source), "Y004", f"the card file made from it would hold {values:,} "
                                     f"values, more than the {MAX_NODES:,} fuda reads from one card file",
                                     hint="split Card.txt into smaller files and import each")])
    # the text's strings are a lower bound of its size: a file far too large is not written out
    # to learn that (the YAML writer takes seconds a megabyte)
    size = _least_bytes(cards)
    if size <= MAX_FILE_BYTES:
        size = len(cards_yaml(rules, cards, source.name).encode("utf-8"))
    if size > MAX_FILE_BYTES:
        raise FindingsError([Finding(Location(source), "Y003", f"the card file made from it would hold at least "
                                     f"{size:,} bytes, more than the {MAX_FILE_BYTES:,} fuda reads from one card file",
                                     hint="split Card.txt into smaller files and import each")])


def _count_values(value) -> int:
    """The values (scalars, lists, mappings; not keys) a card file of ``value`` holds, counted as
    :mod:`fuda.database.yamlfile` counts them."""
    if isinstance(value, dict):
        return 1 + sum(_count_values(v) for v in value.values())
    if isinstance(value, list):
        return 1 + sum(_count_values(v) for v in value)
    return 1


def _least_bytes(value) -> int:
    """The UTF-8 bytes of every key and string in ``value``: what its YAML text holds at least."""
    if isinstance(value, dict):
        return sum(len(str(k).encode("utf-8")) + _least_bytes(v) for k, v in value.items())
    if isinstance(value, list):
        return sum(_least_bytes(v) for v in value)
    return len(value.encode("utf-8")) if isinstance(value, str) else 1


def cards_yaml(rules: str, cards: list[dict], source: str) -> str:
    """The YAML text of a card file holding ``cards`` (block text, flow lists)."""
    head = (f"# yaml-language-server: $schema=../../schema/{rules}.cards.schema.json\n"
            f"# Imported from {source} by `fuda import duel-online`; add abilities, art and flavour by hand.\n")
    return card_file_text({"cards": cards}, head)
