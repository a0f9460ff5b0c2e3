"""The card schema a ``rules: custom`` game derives from its game.yaml, kept as ``cards.schema.json``
in the game folder for YAML editors (the card files' first line names it).

The loader validates the cards against the schema derived in memory, so a stale file never
changes what fuda accepts; it misleads only the editor, which then completes and checks the
fields of an older game.yaml. The file fuda writes carries :data:`MARKER` as its ``$comment``:
that is how fuda knows the file is its own and may be rewritten (``fuda build`` does, after
loading); a file without the marker is the designer's and is never overwritten by a build.
:func:`findings` is validate's side: a located warning (C006) at game.yaml's ``kinds`` naming
the command that rewrites the file.

Language: the file's hovers (every description ``ラベル — explanation``, and the title) are written
in the user's language, the labels before `` — `` being the same in every language. Whether a file
is up to date is decided against the text derived *in the language it was written in*: a file equal
to the derivation in any of fuda's languages is ``fresh`` (:attr:`SchemaFile.language` says which),
so switching ``--lang`` or the locale never makes it stale (no C006, and ``fuda build`` does not
rewrite it). Comparing the whole text rather than the schema without its annotations is deliberate:
the labels, the kinds' list and the game's name live in descriptions and the title, and a file
whose labels are old is stale. ``fuda schema``, an explicit command, rewrites fuda's own file in the
current language (hovers included); the marker (a signature, not a message) is the same in every
language.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from fuda.database.findings import Finding
from fuda.database.model import thaw
from fuda.database.ruleset import ruleset_for
from fuda.i18n import LANGUAGES, language

FILE = "cards.schema.json"
MARKER = "fuda: derived from game.yaml (kinds) by `fuda schema`; `fuda build` rewrites it. Edit game.yaml, not this file."


def _dump(schema) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def _schema(rules: str, manifest, lang: str):
    """The rule set's card schema for editors in ``lang`` (a rule set without ``editor_schema``,
    such as a plugin's, gives its one schema whatever the language)."""
    ruleset = ruleset_for(rules)
    schema = ruleset.schema("cards", manifest)
    if isinstance(schema, str):
        return schema
    in_language = getattr(ruleset, "editor_schema", None)  # optional: rules: custom has it
    return in_language(manifest, lang) if in_language is not None else schema


def derive(rules: str, manifest, lang: str | None = None) -> str | None:
    """The text of ``cards.schema.json`` for a game (with the marker), its hovers in ``lang``
    (default: the current language), or None when its rule set's card schema is a bundled file."""
    schema = _schema(rules, manifest, lang or language())
    if isinstance(schema, str):
        return None
    schema = thaw(schema)
    head = {k: schema[k] for k in ("$schema",) if k in schema}
    return _dump({**head, "$comment": MARKER, **{k: v for k, v in schema.items() if k not in head}})


def is_fudas(text: str) -> bool:
    """Whether a ``cards.schema.json`` text is one fuda wrote (it carries the marker)."""
    try:
        data = json.loads(text)
    except ValueError:
        return False
    return isinstance(data, dict) and data.get("$comment") == MARKER


@dataclass(frozen=True)
class SchemaFile:
    """A custom game's ``cards.schema.json``: where it is, what it should hold (``text``: derived in
    the current language), and its state: ``fresh``, ``missing``, ``stale`` (fuda's, from an older
    game.yaml) or ``foreign`` (not fuda's, and not what fuda derives). ``language`` is the language
    of a fresh file's hovers (it may differ from the current one: that is not staleness)."""

    path: Path
    text: str
    state: str
    language: str | None = None

    @property
    def writable(self) -> bool:
        """Whether a writing command may (re)write it: it is absent or fuda's own and outdated."""
        return self.state in ("missing", "stale")


def inspect(game) -> SchemaFile | None:
    """The state of ``game``'s derived card schema file; None when its rule set has none."""
    now = language()
    text = derive(game.rules, game.manifest, now)
    if text is None:
        return None
    path = Path(game.folder) / FILE
    try:
        old = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return SchemaFile(path, text, "missing")
    except (OSError, UnicodeDecodeError):
        return SchemaFile(path, text, "foreign")
    others = [lang for lang in LANGUAGES if lang != now]
    for lang in (now, *others):
        if old == (text if lang == now else derive(game.rules, game.manifest, lang)):
            return SchemaFile(path, text, "fresh", lang)
    if is_fudas(old):
        return SchemaFile(path, text, "stale")
    # written before the marker existed (in English), yet exactly the current derivation: up to date
    plain = _dump(thaw(_schema(game.rules, game.manifest, "en")))
    return SchemaFile(path, text, "fresh", "en") if old == plain else SchemaFile(path, text, "foreign")


def findings(game, manifest_doc) -> list[Finding]:
    """C006 (warning) at game.yaml's ``kinds`` when the game's cards.schema.json is out of date."""
    found = inspect(game)
    if found is None or found.state in ("fresh", "missing"):
        return []
    where = manifest_doc.where(("kinds",), key=True)
    folder = Path(game.folder)
    if found.state == "stale":
        return [Finding(where, "C006", f"{FILE} was derived from an older game.yaml: editors check the cards against old fields",
                        severity="warning", hint=f"run `fuda schema {folder}` to rewrite it (fuda build rewrites it too)")]
    return [Finding(where, "C006", f"{FILE} does not match the kinds of game.yaml, and fuda did not write it, so fuda leaves it alone",
                    severity="warning",
                    hint=f"if it is an old copy, delete it and run `fuda schema {folder}`; a schema you keep by hand stays as it is")]


def refresh(games, write) -> list[Path]:
    """Rewrite each game's cards.schema.json that is missing or fuda's and stale, with
    ``write(path, text)``; never a file fuda did not write. Returns the files written."""
    written = []
    for game in games:
        found = inspect(game)
        if found is not None and found.writable:
            written.append(write(found.path, found.text))
    return written


def refreshed(database, findings, write) -> list[Finding]:
    """For a writing command (``fuda build``) after a load without errors: rewrite the games'
    stale or missing cards.schema.json of fuda's own (:func:`refresh`) and return ``findings``
    without the C006 warnings that are thereby settled."""
    done = {Path(p) for p in refresh(database.games, write)}
    settled = {Path(g.folder) for g in database.games if Path(g.folder) / FILE in done}
    return [f for f in findings
            if not (f.code == "C006" and Path(f.location.file).parent in settled)]

