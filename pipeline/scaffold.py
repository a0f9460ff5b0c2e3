"""A new game folder to start from, and the JSON Schemas written out for editors.

``new_game(folder, rules)`` writes a game that validates as it is: the manifest of the bundled
sample game with those rules (under the new id), every one of its cards in one card file
(art references left out: the art is the designer's), its first deck, a README line in
Japanese, and the schemas in ``schema/`` inside the folder, so each file's ``$schema`` line
resolves from the folder wherever it is copied.
"""

from __future__ import annotations

import re
from pathlib import Path

from fuda.database.resources import cards_dir, schema_dir
from fuda.database.yamlfile import read_yaml

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
SCHEMA_LINE = "# yaml-language-server: $schema={}\n"


def known_rules() -> dict[str, Path]:
    """Rules with a bundled sample game → that game's folder."""
    found = {}
    for manifest in sorted(cards_dir().glob("*/game.yaml")):
        rules = read_yaml(manifest).data.get("rules")
        if isinstance(rules, str):
            found.setdefault(rules, manifest.parent)
    return found


def write_schemas(out: Path) -> list[Path]:
    """Copy every bundled JSON Schema into ``out`` (for editors); returns the files written."""
    from fuda.atomic import write_atomic

    out = Path(out)
    return [write_atomic(out / p.name, p.read_bytes()) for p in sorted(schema_dir().glob("*.json"))]


def new_game(folder: Path, rules: str, game_id: str | None = None) -> list[Path]:
    """Create a game folder for ``rules``; raises ValueError for bad rules/ids or a non-empty folder."""
    from ruamel.yaml import YAML

    folder = Path(folder)
    samples = known_rules()
    if rules not in samples:
        raise ValueError("rules")
    game_id = game_id or folder.absolute().name
    if not GAME_ID.match(game_id):
        raise ValueError("id")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise FileExistsError(str(folder))
    sample = samples[rules]
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096
    yaml.representer.sort_base_mapping_type_on_output = False  # keep id, name … in the samples' order

    def dump(path: Path, schema: str, data) -> Path:
        import io

        buf = io.StringIO()
        yaml.dump(data, buf)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(SCHEMA_LINE.format(schema) + buf.getvalue(), encoding="utf-8")
        return path

    written = write_schemas(folder / "schema")
    manifest = dict(read_yaml(sample / "game.yaml").data)
    manifest["id"], manifest["name"] = game_id, game_id
    manifest.pop("description", None)
    written.append(dump(folder / "game.yaml", "schema/game.schema.json", manifest))
    merged: dict = {}  # every top-level list of the sample's card files (cards, and e.g. fighters)
    for path in sorted(p for p in sample.glob("*.yaml") if p.name != "game.yaml"):
        for key, items in read_yaml(path).data.items():
            merged.setdefault(key, []).extend(items)
    merged["cards"] = [{k: v for k, v in card.items() if k != "art"} for card in merged.get("cards", [])]
    merged = {k: merged[k] for k in sorted(merged, key=lambda k: k == "cards")}  # cards last, as in the samples
    card_schema = f"schema/{rules}.cards.schema.json"
    if not (folder / card_schema).is_file():  # rules: custom derives its card schema from game.yaml
        import json

        from fuda.atomic import write_atomic
        from fuda.database.ruleset import ruleset_for

        derived = ruleset_for(rules).schema("cards", manifest)
        card_schema = "cards.schema.json"
        written.append(write_atomic(folder / card_schema, json.dumps(derived, ensure_ascii=False, indent=2) + "\n"))
    written.append(dump(folder / "cards.yaml", card_schema, merged))
    deck = sorted((sample / "decks").glob("*.yaml"))[0]
    written.append(dump(folder / "decks" / deck.name, f"../schema/{rules}.deck.schema.json",
                        read_yaml(deck).data))
    readme = folder / "README.md"
    readme.write_text(
        f"# {game_id}\n\n"
        f"{rules} のルールで作ったゲームのフォルダーです。カードは cards.yaml、デッキは decks/ にあります。"
        f"`fuda validate` で検証し、`fuda print {game_id}` で印刷用 PDF を作れます。\n\n"
        f"A game folder for the {rules} rules: cards in cards.yaml, decks in decks/. "
        f"Check it with `fuda validate`, print it with `fuda print {game_id}`.\n", encoding="utf-8")
    written.append(readme)
    return written

