"""Duel Online (デュエルオンライン) ``Card.txt``: one text record per card, and back.

Duel Online looks cards up by **name** only and shows their description text; nothing else of the
file's layout is established (../shared/formats/duel-online.md). So the record layout is a small
template (``templates/duel-online/<game>.yaml``, validated by ``template.schema.json`` there) that a
user with a real ``Card.txt`` can edit without touching code. The file is CP932, CRLF, no BOM,
written with a strict encoder: after the usual look-alikes are normalised (〜→～, −→－, —→―,
‖→∥, ¢→￠, £→￡, ¬→￢) a character CP932 cannot hold is an error naming the card and the
character. ``strict_sjis`` also reports characters CP932 holds but JIS X 0208 Shift_JIS does not
(①, Ⅲ, 髙 …). Record names must be unique: the template's ``suffix`` (toho-tcg: （ハード） on
Hards) separates cards that share a printed name; any other clash is an error. Records follow the
database's file order. :mod:`fuda.online.duel_online_import` reads such a file back with the same
template.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location
from fuda.i18n import Text

ENCODING = "cp932"
NEWLINE = "\r\n"
#: Unicode characters that CP932 spells with a different code point (JIS vs Microsoft mapping).
LOOKALIKES = {"〜": "～", "−": "－", "—": "―", "‖": "∥", "¢": "￠", "£": "￡", "¬": "￢"}
MULTILINE = ("text", "flavor")
FIELD = re.compile(r"\{([a-z][a-z0-9-]*)\}")  # a {placeholder} of a template line
_FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


class TemplateError(ValueError):
    """A Duel Online template that cannot be used; one-line message."""


@dataclass(frozen=True)
class RecordTemplate:
    """A validated Duel Online record template (see ``templates/duel-online/toho-tcg.yaml``)."""

    path: Path
    header: tuple[str, ...]
    record: tuple[str, ...]
    separator: tuple[str, ...]
    suffix: Mapping | None
    stats: Mapping
    kinds: Mapping
    numbers: frozenset
    lists: frozenset
    join: str
    keywords: Mapping
    manual: Mapping  # kind -> `when` of the one manual ability an imported card of that kind gets

    @property
    def multiline_index(self) -> int | None:
        """Index of the record line holding {text} or {flavor}, if any."""
        for i, line in enumerate(self.record):
            if line.strip() in ("{text}", "{flavor}"):
                return i
        return None


def template_dir() -> Path:
    """The bundled Duel Online templates."""
    from fuda.database.resources import templates_dir

    return templates_dir() / "duel-online"


def find_template(game, name: str | Path | None = None) -> Path:
    """The template file: ``name`` (a path, or a bundled template's name), else the game's own
    (``<game id>.yaml``, then the one its rule set names), else ``default.yaml``."""
    folder = template_dir()
    if name is not None:
        path = Path(name)
        for candidate in (path, folder / path, folder / f"{name}.yaml"):
            if candidate.is_file():
                return candidate
        known = ", ".join(sorted(p.stem for p in folder.glob("*.yaml")))
        raise FileNotFoundError(Text("err.do_template", name=str(name), known=known))
    if hasattr(game, "rules"):
        from fuda.database.ruleset import ruleset_for

        ids = [game.id, ruleset_for(game.rules).duel_online_template(game)]
    else:
        ids = [str(game)]
    for stem in (*ids, "default"):
        if (folder / f"{stem}.yaml").is_file():
            return folder / f"{stem}.yaml"
    raise FileNotFoundError(Text("err.do_templates_missing", folder=folder))


def load_template(game=None, name: str | Path | None = None) -> RecordTemplate:
    """Read and validate a template; raises FindingsError (located) or TemplateError."""
    from fuda.database.schemas import validate_template
    from fuda.database.yamlfile import read_yaml

    path = find_template(game, name).resolve()
    doc = read_yaml(path)
    findings = validate_template(doc, template_dir() / "template.schema.json")
    if findings:
        raise FindingsError(findings)
    d = doc.data
    t = RecordTemplate(
        path=path, header=tuple(d.get("header", ())), record=tuple(d["record"]),
        separator=tuple(d.get("separator", [""])), suffix=d.get("suffix"), stats=d.get("stats", {}),
        kinds=d.get("kinds") or _kind_labels(game), numbers=frozenset(d.get("numbers", ())), lists=frozenset(d.get("lists", ())),
        join=d.get("join", "・"), keywords=d.get("keywords", {}), manual=d.get("manual-abilities", {}))
    multi = [line for line in t.record if any(f"{{{m}}}" in line for m in MULTILINE)]
    if len(multi) > 1 or any(line.strip() not in ("{text}", "{flavor}") for line in multi):
        raise TemplateError(Text("err.do_text_alone", path=path))
    if not any("{record-name}" in line or "{name}" in line for line in t.record):
        raise TemplateError(Text("err.do_no_name", path=path))
    return t


def _kind_labels(game) -> dict:
    """The kinds' Japanese names from the rule set of ``game`` (a game or a rules id), for a
    template without ``kinds``."""
    from fuda.database.ruleset import rulesets

    rules = game.rules if hasattr(game, "rules") else game
    if rules not in rulesets():
        return {}
    labels = rulesets()[rules].labels(game if hasattr(game, "rules") else None)
    return {kind: label.ja for kind, label in labels.kinds.items()}


# -- export -------------------------------------------------------------------------------------

def _number(value) -> str:
    return "ー" if value is None else str(value)


def keyword_labels(card, template: RecordTemplate) -> str:
    """The card's keywords spelled out with the template's labels (parameters full-width)."""
    out = []
    for kw in card.get("keywords") or ():
        if isinstance(kw, Mapping):
            (key, arg), = kw.items()
            arg = str(arg).translate(_FULLWIDTH) if isinstance(arg, int) else str(arg)
        else:
            key, arg = kw, ""
        out.append(template.keywords.get(key, f"【{key}】").replace("{}", arg))
    return "".join(out)


def record_name(card, template: RecordTemplate) -> str:
    """The record name: the printed name plus the template's suffix for the card's field value."""
    s = template.suffix
    if s and (not s.get("kinds") or card.kind in s["kinds"]):
        return card.name + s["values"].get(str(card.get(s["field"])), "")
    return card.name


def _values(card, template: RecordTemplate, game) -> dict:
    values = {k: v for k, v in card.data.items() if not isinstance(v, Mapping)}
    for key in template.lists:
        if isinstance(values.get(key), tuple):
            values[key] = template.join.join(map(str, values[key]))
    values.update({
        "id": card.id, "name": card.name, "record-name": record_name(card, template),
        "kind": template.kinds.get(card.kind, card.kind), "text": card.text or "",
        "flavor": card.flavor or "", "keywords": keyword_labels(card, template),
        "game-name": game.name, "game-id": game.id,
    })
    values["stats"] = _fill(template.stats.get(card.kind, "{kind}"), values, template, card)
    values["fields"] = fields_line(card, game, template)
    return values


def fields_line(card, game, template: RecordTemplate) -> str:
    """The card's labelled fields, in its rule set's order: ``コスト３／属性：火`` style
    (``label value`` for numbers, ``label：value`` otherwise; lists joined by ``join``,
    booleans あり/なし); empty for a game whose rule set labels no field of the card."""
    from fuda.database.ruleset import ruleset_for

    parts = []
    for key, label in ruleset_for(game.rules).labels(game).fields.items():
        if key not in card.data or isinstance(card.data[key], Mapping):
            continue
        value = card.data[key]
        if isinstance(value, bool):
            parts.append(f"{label.ja}：{'あり' if value else 'なし'}")
        elif isinstance(value, (int, float)):
            parts.append(f"{label.ja}{value}")
        elif isinstance(value, tuple):
            parts.append(f"{label.ja}：{template.join.join(map(str, value))}")
        else:
            parts.append(f"{label.ja}：{value}")
    return "／".join(parts)


def _fill(fmt: str, values: dict, template: RecordTemplate, card=None) -> str:
    def one(m):
        key = m.group(1)
        if key not in values:
            who = Text("word.card_who", card=card.id) if card is not None else ""
            raise TemplateError(Text("err.do_no_field", path=template.path, key=key, who=who))
        value = values[key]
        return _number(value) if value is None or isinstance(value, int) else str(value)

    return FIELD.sub(one, fmt)


def record_lines(card, template: RecordTemplate, game) -> list[str]:
    """The lines of one card's record (text split into its lines)."""
    values = _values(card, template, game)
    lines: list[str] = []
    for fmt in template.record:
        if fmt.strip() in ("{text}", "{flavor}"):
            block = values[fmt.strip()[1:-1]]
            lines.extend(block.split("\n") if block else [])
        else:
            lines.append(_fill(fmt, values, template, card))
    return lines


def normalise(text: str) -> str:
    """``text`` with the usual look-alikes replaced by the code points CP932 holds."""
    return text.translate(str.maketrans(LOOKALIKES))


def _where(card, ch: str) -> Location:
    for field in ("name", "text", "flavor"):
        if ch in normalise(str(card.get(field) or "")):
            return card.where(field)
    return card.source


def encoding_findings(card, text: str, strict_sjis: bool = False) -> list[Finding]:
    """One finding per distinct character of ``text`` (already normalised) that CP932 cannot
    hold (error X101) or, with ``strict_sjis``, that strict Shift_JIS cannot (warning X102)."""
    found, seen = [], set()
    for ch in text:
        if ch in seen or ch in "\r\n":
            continue
        seen.add(ch)
        try:
            raw = ch.encode(ENCODING)
        except UnicodeEncodeError:
            found.append(Finding(_where(card, ch), "X101", f"'{ch}' (U+{ord(ch):04X}) in {card.name} cannot be "
                                 "written in CP932", card=card.id,
                                 hint="replace the character (Duel Online reads CP932 only)"))
            continue
        if strict_sjis:
            try:
                raw.decode("shift_jis")
            except UnicodeDecodeError:
                found.append(Finding(_where(card, ch), "X102", f"'{ch}' (U+{ord(ch):04X}) in {card.name} is a "
                                     "CP932 extension, not JIS X 0208 Shift_JIS", severity="warning", card=card.id,
                                     hint="older or non-Windows Shift_JIS readers may show it wrongly"))
    return found


def export_text(game, template: RecordTemplate | None = None, *, strict_sjis: bool = False
                ) -> tuple[bytes, list[Finding]]:
    """The Card.txt bytes for every card of ``game`` and the warnings; raises FindingsError
    (unencodable characters, clashing names, text lines that read as a record separator)."""
    template = template or load_template(game)
    errors, warnings, names = [], [], {}
    records: list[list[str]] = []
    sep = list(template.separator)
    for card in game.cards:
        lines = [normalise(line) for line in record_lines(card, template, game)]
        name = normalise(record_name(card, template))
        if name in names:
            other = names[name]
            errors.append(Finding(card.where("name"), "X103",
                                  f"record name '{name}' is also used by card {other.id} ({other.source})",
                                  card=card.id, hint="Duel Online finds cards by name: rename one of them"))
        names.setdefault(name, card)
        for f in encoding_findings(card, "".join(lines), strict_sjis):
            (errors if f.severity == "error" else warnings).append(f)
        if sep and _splits(lines, sep):
            errors.append(Finding(card.where("text"), "X104", "a text line reads as the record separator "
                                  f"{sep!r}", card=card.id, hint="remove the empty line from the text"))
        records.append(lines)
    if errors:
        raise FindingsError(errors)
    out: list[str] = [normalise(_fill(h, {"game-name": game.name, "game-id": game.id}, template))
                      for h in template.header]
    for i, lines in enumerate(records):
        if i:
            out.extend(sep)
        out.extend(lines)
    text = NEWLINE.join(out) + NEWLINE
    try:
        return text.encode(ENCODING, errors="strict"), warnings
    except UnicodeEncodeError as exc:  # only the header can get here: records were checked
        ch = exc.object[exc.start]
        raise FindingsError([Finding(Location(template.path), "X101", f"'{ch}' (U+{ord(ch):04X}) in the "
                                     "template header cannot be written in CP932")]) from None


def _splits(lines: list[str], sep: list[str]) -> bool:
    n = len(sep)
    return any(lines[i:i + n] == sep for i in range(len(lines) - n + 1))


def write_card_txt(game, out: Path, template: RecordTemplate | None = None, *, strict_sjis: bool = False
                   ) -> tuple[Path, list[Finding]]:
    """Write Card.txt for ``game`` to ``out`` atomically; return the path and the warnings."""
    from fuda.atomic import write_atomic

    data, warnings = export_text(game, template, strict_sjis=strict_sjis)
    return write_atomic(Path(out), data), warnings
