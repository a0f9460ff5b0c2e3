"""Where an imported card file points and where new cards go.

- The ``$schema`` modeline of a card file written by ``fuda import sheet`` is the relative path,
  from the folder the file is written to, of a card schema that exists: a custom game's own
  ``cards.schema.json``, else ``schema/<rules>.cards.schema.json`` in the game folder (what
  ``fuda new`` makes) or in a folder above it or above the output (the bundled games' ``../../schema/``),
  else the schema installed with fuda.
- ``fuda import sheet --update`` appends a card the game does not have yet to ``--into FILE``
  when given, else to the file holding the game's last card of the same kind, else to the game's
  first card file.
"""

from __future__ import annotations

import os
from pathlib import Path

from fuda.database.fields import card_schema
from fuda.database.resources import schema_dir

MODELINE = "# yaml-language-server: $schema={}\n"
CUSTOM_SCHEMA = "cards.schema.json"  # a custom game's card schema, written by `fuda schema` beside game.yaml


def schema_file(rules: str, game_folder: Path | None, out_dir: Path, manifest=None) -> Path | None:
    """The card schema a card file written to ``out_dir`` should name; ``None`` when there is none."""
    try:
        found = card_schema(rules, manifest)
    except FileNotFoundError:
        return None
    if not isinstance(found, str):  # derived from the manifest: the game's own file
        own = Path(game_folder) / CUSTOM_SCHEMA if game_folder else None
        return own if own is not None and own.is_file() else None
    starts = [Path(p).resolve() for p in (game_folder, out_dir) if p is not None]
    for start in starts:
        for folder in (start, *start.parents):
            candidate = folder / "schema" / found
            if candidate.is_file():
                return candidate
    installed = schema_dir() / found
    return installed if installed.is_file() else None


def modeline(rules: str, game_folder: Path | None, out: Path, manifest=None) -> str:
    """The ``# yaml-language-server: $schema=…`` line for a card file written at ``out`` ("" when
    no card schema can be found)."""
    out_dir = Path(out).resolve().parent
    target = schema_file(rules, game_folder, out_dir, manifest)
    if target is None:
        return ""
    try:
        ref = os.path.relpath(target.resolve(), out_dir)
    except ValueError:  # another drive (Windows): only an absolute reference works
        return MODELINE.format(target.resolve().as_uri())
    return MODELINE.format(Path(ref).as_posix())


def new_card_file(game, kind: str | None, into: Path | None = None) -> Path | None:
    """The card file a new card of ``kind`` goes to (see the module text); ``None`` when the game
    has no card file and no ``into`` was given."""
    if into is not None:
        return Path(into)
    same = [c for c in game.cards if c.kind == kind]
    if same:
        return Path(same[-1].source.file)
    files = sorted({Path(c.source.file) for c in game.cards}, key=lambda p: p.name)
    return files[0] if files else None
