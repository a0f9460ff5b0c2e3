"""Which files of a game folder are read, and the font files a manifest names (issue 18).

Card and deck files are the ``*.yaml`` and ``*.yml`` entries of their folder (hidden files are
the editor's and stay unread); a file that looks like one but is not read (``reimu.yaml.bak``,
``reimu.yaml~``) is named in a warning, so nothing a designer wrote is silently skipped. A
``decks`` that is not a folder is an error. Font files are opened at validation time, inside the
game folder only, and checked for what the printer needs: a TrueType (glyf) font with a cmap
that holds every character of the card text.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path

from fuda.database.findings import Finding, FindingsError, Location
from fuda.database.yamlfile import read_bytes

CARD_SUFFIXES = (".yaml", ".yml")
#: Largest font file read (a full CJK TrueType font is ~10–25 MB).
MAX_FONT_BYTES = 64 * 1024 * 1024
#: Missing characters named per font before "and N more".
SHOWN_MISSING = 10


def card_files(folder: Path, findings: list, skip: str | None = None) -> list[Path]:
    """The card (or deck) files of ``folder``, in name order; look-alikes left unread are warned."""
    folder = Path(folder)
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        findings.append(Finding(Location(folder), "Y005", f"cannot list the folder: {exc.strerror}",
                                hint="check the folder's permissions"))
        return []
    out = []
    for name in names:
        if name == skip or name.startswith("."):
            continue
        lower = name.lower()
        if lower.endswith(CARD_SUFFIXES):
            out.append(folder / name)
        elif ".yaml" in lower or ".yml" in lower:
            findings.append(Finding(Location(folder / name), "D003",
                                    f"{name} is not read: card and deck files end in .yaml or .yml",
                                    severity="warning", hint="rename it, or move it out of the game folder"))
    return out


def decks_folder(folder: Path, name: str, findings: list) -> bool:
    """Whether ``folder/name`` is a decks folder to read; an error when it is something else."""
    path = Path(folder) / name
    if not os.path.lexists(path):
        return False
    if path.is_dir() and path.resolve().is_relative_to(Path(folder).resolve()):
        return True
    what = "a link out of the game folder" if path.is_dir() else "not a folder"
    findings.append(Finding(Location(path), "D004", f"'{name}' is {what}; decks are read from the folder {name}/",
                            hint=f"make {name}/ a folder holding one YAML file per deck"))
    return False


def font_findings(game, manifest) -> list[Finding]:
    """Findings for the manifest's ``font:`` files: inside the game folder, TrueType, and holding
    a glyph for every character of the names and texts they print."""
    spec = game.manifest.get("font") or {}
    findings: list[Finding] = []
    used = None
    for role in ("regular", "bold"):
        if role not in spec:
            continue
        where = manifest.where(("font", role))
        path = Path(game.folder) / spec[role]
        try:
            data = read_bytes(path, game.folder, MAX_FONT_BYTES)
        except FindingsError as exc:
            findings.append(Finding(where, "A002", f"font {spec[role]}: {exc.findings[0].message}",
                                    hint="put a TrueType (.ttf) file inside the game folder"))
            continue
        problem, cmap = _truetype(data)
        if problem:
            findings.append(Finding(where, "A002", f"font {spec[role]} {problem}",
                                    hint="use a TrueType (.ttf, glyf outlines) font, e.g. BIZ UD Gothic"))
            continue
        used = used if used is not None else _characters(game)
        missing = [ch for ch in used if ord(ch) not in cmap]
        if missing:
            shown = "".join(f"「{ch}」(U+{ord(ch):04X})" for ch in missing[:SHOWN_MISSING])
            more = f" and {len(missing) - SHOWN_MISSING} more" if len(missing) > SHOWN_MISSING else ""
            card = used[missing[0]]
            findings.append(Finding(where, "A003", f"font {spec[role]} has no glyph for {shown}{more}",
                                    card=card, hint="use a font that covers the card text, or change the text"))
    return findings


def _characters(game) -> dict:
    """Each character the cards print (names, texts, flavour) -> the first card printing it."""
    seen: dict = {}
    for card in game.cards:
        for text in (card.name, card.text, card.flavor or "", *(a.text for a in card.abilities)):
            for ch in text:
                if ch not in seen and ch not in "\n\r\t ":
                    seen[ch] = card.id
    return seen


def _truetype(data: bytes) -> tuple[str | None, set]:
    """(what is wrong or None, the code points of its cmap) for the font file ``data``."""
    magic = data[:4]
    if magic == b"OTTO":
        return "is CFF-based (PostScript outlines), which cannot be embedded", set()
    if magic == b"ttcf":
        if len(data) < 16:
            return "is a truncated font collection", set()
        offset = struct.unpack(">I", data[12:16])[0]  # the first face
    elif magic in (b"\x00\x01\x00\x00", b"true"):
        offset = 0
    else:
        kind = {b"\x89PNG": "a PNG image", b"\xff\xd8\xff\xe0": "a JPEG image", b"%PDF": "a PDF",
                b"wOFF": "a WOFF web font", b"wOF2": "a WOFF2 web font"}.get(magic[:4], "not a font file")
        return f"is {kind}, not a TrueType font", set()
    try:
        tables = _tables(data, offset)
        if "glyf" not in tables:
            return "has no TrueType outlines (glyf table)", set()
        if "cmap" not in tables:
            return "has no character map (cmap table)", set()
        return None, _cmap(data, *tables["cmap"])
    except (struct.error, IndexError, ValueError):
        return "is damaged (its tables cannot be read)", set()


def _tables(data: bytes, offset: int) -> dict:
    count = struct.unpack(">H", data[offset + 4:offset + 6])[0]
    tables = {}
    for i in range(count):
        entry = offset + 12 + 16 * i
        tag, _, start, length = struct.unpack(">4sIII", data[entry:entry + 16])
        if start + length > len(data):
            raise ValueError("table past the end")
        tables[tag.decode("latin-1")] = (start, length)
    return tables


def _cmap(data: bytes, start: int, length: int) -> set:
    """The code points of a cmap table's Unicode subtables (formats 4 and 12)."""
    points: set = set()
    count = struct.unpack(">H", data[start + 2:start + 4])[0]
    for i in range(count):
        platform, encoding, offset = struct.unpack(">HHI", data[start + 4 + 8 * i:start + 12 + 8 * i])
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4), (0, 6)):
            continue
        sub = start + offset
        fmt = struct.unpack(">H", data[sub:sub + 2])[0]
        if fmt == 4:
            segs = struct.unpack(">H", data[sub + 6:sub + 8])[0] // 2
            ends = struct.unpack(f">{segs}H", data[sub + 14:sub + 14 + 2 * segs])
            starts = struct.unpack(f">{segs}H", data[sub + 16 + 2 * segs:sub + 16 + 4 * segs])
            for lo, hi in zip(starts, ends, strict=False):
                if lo != 0xFFFF:
                    points.update(range(lo, hi + 1))
        elif fmt == 12:
            groups = struct.unpack(">I", data[sub + 12:sub + 16])[0]
            for g in range(groups):
                lo, hi, _ = struct.unpack(">III", data[sub + 16 + 12 * g:sub + 28 + 12 * g])
                points.update(range(lo, min(hi, 0x10FFFF) + 1))
    return points
