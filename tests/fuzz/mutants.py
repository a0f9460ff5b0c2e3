"""Broken game folders, made from the bundled samples by seeded mutations.

Each mutant is one kind of mistake a designer (or a damaged disk) makes: YAML syntax, wrong types
and ranges, encodings, sizes and nesting, file kinds (directories, FIFOs, symlinks), references,
art and font files, and text with odd characters. :func:`mutants` lists them for a seed; the same
seed always gives the same list.
"""

from __future__ import annotations

import math
import os
import random
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fuda.database.resources import cards_dir
from fuda.database.yamlfile import read_yaml

GAMES = ("recast-rift", "toho-tcg", "raise-blaze", "ryomen")


@dataclass(frozen=True)
class Mutant:
    """One broken copy of a sample game: ``apply(folder, rng)`` breaks the copied folder."""

    game: str
    kind: str
    apply: Callable[[Path, random.Random], None]
    seed: int

    @property
    def name(self) -> str:
        return f"{self.game}-{self.kind}-{self.seed}"

    def make(self, root: Path) -> Path:
        """Copy the sample game into ``root`` and break the copy; returns the game folder."""
        folder = root / "db" / self.game
        shutil.copytree(cards_dir() / self.game, folder)
        self.apply(folder, random.Random(self.seed))
        return folder


# ── helpers ──────────────────────────────────────────────────────────────────────────────────


def card_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.yaml") if p.name != "game.yaml")


def deck_files(folder: Path) -> list[Path]:
    return sorted((folder / "decks").glob("*.yaml"))


def dump(path: Path, data) -> None:
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    with open(path, "w", encoding="utf-8") as fh:
        yaml.dump(data, fh)


def edit(path: Path, change: Callable[[dict], None]) -> None:
    data = read_yaml(path).data
    change(data)
    dump(path, data)


def a_card(folder: Path, rng: random.Random) -> tuple[Path, int]:
    path = rng.choice(card_files(folder))
    cards = read_yaml(path).data["cards"]
    return path, rng.randrange(len(cards))


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def text_edit(folder: Path, rng: random.Random, change: Callable[[list[str], int], None]) -> None:
    path = rng.choice(card_files(folder) + deck_files(folder))
    lines = lines_of(path)
    candidates = [i for i, line in enumerate(lines) if line.strip() and not line.lstrip().startswith("#")]
    change(lines, rng.choice(candidates))
    path.write_text("\n".join(lines), encoding="utf-8")


# ── mutations ────────────────────────────────────────────────────────────────────────────────


def yaml_tab(folder, rng):
    def change(lines, i):
        lines[i] = "\t" + lines[i]
    text_edit(folder, rng, change)


def yaml_colon(folder, rng):
    def change(lines, i):
        lines[i] = lines[i].replace(":", "", 1) if ":" in lines[i] else lines[i] + ": :"
    text_edit(folder, rng, change)


def yaml_bracket(folder, rng):
    def change(lines, i):
        lines[i] = lines[i] + " [unclosed, {"
    text_edit(folder, rng, change)


def yaml_fullwidth(folder, rng):
    def change(lines, i):
        line = lines[i]
        choice = rng.choice(["：", "ー ", "－ ", "　", "３"])
        if choice in ("ー ", "－ ") and line.lstrip().startswith("- "):
            lines[i] = line.replace("- ", choice, 1)
        elif choice == "：":
            lines[i] = line.replace(":", "：", 1)
        elif choice == "３":
            lines[i] = "".join("３" if c == "3" else c for c in line) if "3" in line else line + " ３"
        else:
            lines[i] = choice + line
    text_edit(folder, rng, change)


def yaml_duplicate_key(folder, rng):
    def change(lines, i):
        line = lines[i]
        if ":" in line:
            lines.insert(i + 1, line)
        else:
            lines.insert(i, "id: x\nid: y")
    text_edit(folder, rng, change)


def wrong_type(folder, rng):
    path, i = a_card(folder, rng)
    junk = rng.choice([None, "three", [1, 2], {"a": 1}, True, 10**30, -5, "", 3.5])

    def change(data):
        card = data["cards"][i]
        key = rng.choice(sorted(k for k in card if k != "abilities"))
        card[key] = junk
    edit(path, change)


def bad_number(folder, rng):
    path, i = a_card(folder, rng)
    bad = rng.choice([math.nan, math.inf, -math.inf, 10**9, -1, 1e308])

    def change(data):
        card = data["cards"][i]
        numeric = [k for k, v in card.items() if isinstance(v, (int, float)) and not isinstance(v, bool)]
        card[rng.choice(numeric) if numeric else "cost"] = bad
    edit(path, change)


def manifest_number(folder, rng):
    bad = rng.choice([math.nan, math.inf, -1, 0, 10**6, "63x88", None])

    def change(data):
        key = rng.choice(["card-size", "players", "deck-rules"])
        if key == "card-size":
            data["card-size"] = [bad, 88] if rng.random() < 0.5 else {"width": bad, "height": 88}
        elif key in data:
            data[key] = bad
        else:
            data.pop(rng.choice(sorted(data)), None)
    edit(folder / "game.yaml", change)


def cards_null(folder, rng):
    path = rng.choice(card_files(folder))
    path.write_text(rng.choice(["cards:\n", "cards: 5\n", "cards: {a: 1}\n", "[]\n", "", "~\n"]), encoding="utf-8")


def encoding(folder, rng):
    path = rng.choice(card_files(folder) + deck_files(folder))
    text = path.read_text(encoding="utf-8")
    kind = rng.choice(["cp932", "utf-16", "bom", "garbage", "latin1"])
    if kind == "cp932":
        path.write_bytes(text.encode("cp932", errors="replace"))
    elif kind == "utf-16":
        path.write_bytes(text.encode("utf-16"))
    elif kind == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    elif kind == "latin1":
        path.write_bytes(text.encode("utf-8").replace(b"\xe3", b"\xff", 3))
    else:
        data = bytearray(text.encode("utf-8"))
        for _ in range(5):
            data[rng.randrange(len(data))] = rng.randrange(256)
        path.write_bytes(bytes(data))


def big_file(folder, rng):
    path = folder / "huge.yaml"
    path.write_text("cards:\n" + "# " + "x" * (3 * 1024 * 1024) + "\n", encoding="utf-8")


def deep_nesting(folder, rng):
    depth = rng.choice([200, 1000, 5000])
    opener, closer = rng.choice([("[", "]"), ("{a: ", "}")])
    (folder / "deep.yaml").write_text("cards: " + opener * depth + closer * depth + "\n", encoding="utf-8")


def alias_bomb(folder, rng):
    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for n in range(1, 9):
        prev = chr(ord("a") + n - 1)
        cur = chr(ord("a") + n)
        lines.append(f"{cur}: &{cur} [{', '.join('*' + prev for _ in range(10))}]")
    lines.append("cards: *i")
    (folder / "bomb.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")


def file_kind(folder, rng):
    kind = rng.choice(["dir", "fifo", "zero", "outside", "yml", "decks-file", "dangling"])
    if kind == "dir":
        (folder / "extra.yaml").mkdir()
    elif kind == "fifo":
        os.mkfifo(folder / "extra.yaml")
    elif kind == "zero":
        os.symlink("/dev/zero", folder / "decks" / "zero.yaml")
    elif kind == "outside":
        outside = folder.parent.parent / "outside.yaml"
        shutil.copy(card_files(folder)[0], outside)
        os.symlink(outside, folder / "linked.yaml")
    elif kind == "yml":
        shutil.copy(card_files(folder)[0], folder / "extra.yml")
    elif kind == "decks-file":
        shutil.rmtree(folder / "decks")
        (folder / "decks").write_text("not a folder\n", encoding="utf-8")
    else:
        os.symlink(folder / "nowhere.yaml", folder / "dangling.yaml")


def reference(folder, rng):
    kind = rng.choice(["deck-unknown", "dup-id", "remove-file"])
    if kind == "deck-unknown" and deck_files(folder):
        deck = rng.choice(deck_files(folder))
        text = deck.read_text(encoding="utf-8")
        path, i = a_card(folder, rng)
        cid = read_yaml(path).data["cards"][i]["id"]
        deck.write_text(text.replace(cid, cid + "-gone") if cid in text else text + "\n# nothing\n", encoding="utf-8")
    elif kind == "dup-id":
        path, i = a_card(folder, rng)

        def change(data):
            data["cards"].append(dict(data["cards"][i]))
        edit(path, change)
    else:
        rng.choice(card_files(folder)).unlink()


def art_file(folder, rng):
    path, i = a_card(folder, rng)
    kind = rng.choice(["missing", "garbage", "escape", "huge-name"])
    if kind == "garbage":
        art = folder / "art" / "broken.png"
        art.parent.mkdir(exist_ok=True)
        art.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(rng.randrange(256) for _ in range(200)))
    value = {"missing": "art/none.png", "garbage": "art/broken.png", "escape": "../../../../etc/passwd",
             "huge-name": "art/" + "あ" * 300 + ".png"}[kind]

    def change(data):
        data["cards"][i]["art"] = value
    edit(path, change)


def font_file(folder, rng):
    kind = rng.choice(["escape", "png", "missing"])
    if kind == "png":
        fake = folder / "fake.ttf"
        art = next((folder / "art").glob("*.png"), None)
        fake.write_bytes(art.read_bytes() if art else b"\x89PNG\r\n\x1a\n")
    value = {"escape": "../../../../etc/passwd.ttf", "png": "fake.ttf", "missing": "fonts/none.ttf"}[kind]

    def change(data):
        data["fonts"] = {"regular": value, "bold": value}
    edit(folder / "game.yaml", change)


ODD = ["\u202e", "\u0007", "\x00", "\u200b", "🌟", "\ufeff", "\u2028", "𠮷", "\ud7ff", "ｱｲｳ", "\u0301"]


def odd_text(folder, rng):
    path, i = a_card(folder, rng)
    odd = rng.choice([*ODD, "long"])

    def change(data):
        card = data["cards"][i]
        key = rng.choice(["name", "text"])
        if odd == "long":
            card[key] = "長い文章。" * 2000
        else:
            value = card.get(key) or "x"
            at = rng.randrange(len(value) + 1)
            card[key] = value[:at] + odd + value[at:]
    edit(path, change)


def brackets(folder, rng):
    path, i = a_card(folder, rng)

    def change(data):
        data["cards"][i]["text"] = "【覚醒中" + "《攻撃〉" * rng.randrange(5, 30) + "【展開中」"
    edit(path, change)


KINDS: dict[str, Callable] = {
    "yaml-tab": yaml_tab, "yaml-colon": yaml_colon, "yaml-bracket": yaml_bracket,
    "yaml-fullwidth": yaml_fullwidth, "yaml-duplicate-key": yaml_duplicate_key,
    "wrong-type": wrong_type, "bad-number": bad_number, "manifest-number": manifest_number,
    "cards-null": cards_null, "encoding": encoding, "big-file": big_file, "deep-nesting": deep_nesting,
    "alias-bomb": alias_bomb, "file-kind": file_kind, "reference": reference, "art-file": art_file,
    "font-file": font_file, "odd-text": odd_text, "brackets": brackets,
}


def mutants(count: int, seed: int = 20261201) -> list[Mutant]:
    """``count`` mutants, every kind and game in turn, each with its own seed."""
    rng = random.Random(seed)
    kinds = sorted(KINDS)
    out = []
    for n in range(count):
        kind = kinds[n % len(kinds)]
        game = GAMES[(n // len(kinds)) % len(GAMES)]
        out.append(Mutant(game, kind, KINDS[kind], rng.randrange(2**32)))
    return out
