"""A large, valid recast-rift game folder written to disk, for the load/validate/lint benchmarks.

The bundled sample's 4 fighters (1 awakening card and 7 spells each) are copied under new ids
until the game holds ``count`` cards, spread over ``files`` card files, art removed (art checks
are a per-file cost of their own). The text is written by PyYAML in block style, as a designer's
file looks.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import yaml

from fuda.database.resources import cards_dir

SAMPLE = "recast-rift"


def _sample_fighters() -> list[tuple[dict, list[dict]]]:
    folder = cards_dir() / SAMPLE
    out = []
    for path in sorted(folder.glob("*.yaml")):
        if path.name == "game.yaml":
            continue
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for fighter in data["fighters"]:
            out.append((fighter, [c for c in data["cards"] if c["fighter"] == fighter["id"]]))
    return out


def write_game(folder: Path, count: int = 10_000, files: int = 10) -> Path:
    """Write a game folder of ``count`` cards (a multiple of 8) in ``files`` card files; returns it."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    source = cards_dir() / SAMPLE
    shutil.copy(source / "game.yaml", folder / "game.yaml")
    if (source / "lint").is_dir():
        shutil.copytree(source / "lint", folder / "lint", dirs_exist_ok=True)
    sample = _sample_fighters()
    fighters_needed = count // 8
    per_file = -(-fighters_needed // files)
    for f in range(files):
        fighters, cards = [], []
        for n in range(f * per_file, min(fighters_needed, (f + 1) * per_file)):
            fighter, own = sample[n % len(sample)]
            new_id = f"{fighter['id']}-{n}"
            fighters.append({"id": new_id, "name": f"{fighter['name']}{n}"})
            for card in own:
                card = dict(card, id=f"{card['id']}-{n}", fighter=new_id)
                card.pop("art", None)
                cards.append(card)
        text = "# yaml-language-server: $schema=../../schema/recast-rift.cards.schema.json\n"
        text += yaml.safe_dump({"fighters": fighters, "cards": cards}, allow_unicode=True,
                               sort_keys=False, width=1000)
        (folder / f"fighters-{f:02d}.yaml").write_text(text, encoding="utf-8")
    return folder
