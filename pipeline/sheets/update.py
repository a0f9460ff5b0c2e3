"""``fuda import sheet FILE --update``: the sheet's cards written into the game's card files in place.

A row whose id the game has updates that card in the file that holds it; a row with a new id is
appended to the file :func:`fuda.sheets.place.new_card_file` names (``--into FILE`` or the file of
the last card of its kind). Only the columns the row's sheet has are compared: a column the sheet
does not have leaves that field alone, an emptied cell removes the field. Cards of the game the
sheet does not list stay as they are. Each file is edited through :mod:`fuda.sheets.roundtrip`
(comments, key order, layout kept; only changed values rewritten).

All or nothing: :func:`plan_update` computes every new file text, :func:`check_update` loads the
game as it would be (a copy in a temporary folder) and returns its errors, and only when there
are none does :func:`write_update` replace the files, every new text written before any file is
replaced. Files with nothing to change are not written.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from fuda.database.findings import Finding, FindingsError
from fuda.i18n import t
from fuda.sheets.place import modeline, new_card_file
from fuda.sheets.roundtrip import LayoutError, RoundTrip, merge, plain, same, strip_trailing_blank, update_mapping


@dataclass(frozen=True)
class Change:
    """What the update does to one card (or to a file-level list entry such as a fighter)."""

    id: str
    status: str  # "added", "changed", "unchanged"
    file: Path
    fields: tuple[str, ...] = ()
    row: object = None  # the sheet row (CellLocation)
    what: str = "card"  # "card", or the list's item key ("fighter")


@dataclass(frozen=True)
class Update:
    """Every change and the new text of every file to write (only files that change)."""

    changes: tuple[Change, ...]
    texts: tuple[tuple[Path, str], ...]
    untouched: int  # cards of the game the sheet does not list

    def count(self, status: str) -> int:
        """How many cards have ``status``."""
        return sum(c.status == status and c.what == "card" for c in self.changes)


def existing_ids(game, result) -> list[str]:
    """The ids of the sheet's cards that ``game`` already has, in sheet order."""
    have = {c.id for c in game.cards}
    return [c["id"] for c in result.cards if c.get("id") in have]


def plan_update(game, result, into: Path | None = None) -> Update:
    """The update of ``game``'s card files by the sheet ``result`` (nothing is written).

    Raises :class:`FindingsError` when a file cannot be edited in place (its layout would change)
    or ``into`` is not a card file of the game.
    """
    files: dict[Path, RoundTrip] = {}
    created: dict[Path, dict] = {}  # new --into file -> its data
    where = {c.id: Path(c.source.file) for c in game.cards}
    changes: list[Change] = []
    touched: dict[Path, set] = {}
    added: dict[Path, set] = {}
    if into is not None:
        into = _check_into(game, Path(into))

    def opened(path: Path):
        if path not in files and path not in created:
            if path.exists():
                try:
                    files[path] = RoundTrip(path)
                except LayoutError as exc:
                    layout = Finding(_loc(exc.path, exc.line), "SH030", t("sheet.layout", path=exc.path))
                    raise FindingsError([layout]) from None
            else:
                created[path] = {"cards": []}
        return files[path].doc if path in files else created[path]

    for card, row, covered in zip(result.cards, result.rows, result.covered, strict=False):
        cid = card["id"]
        if cid in where:
            path = where[cid]
            node = _card_node(opened(path), cid)
            old = plain(node)
            changed = tuple(k for k in dict.fromkeys([*old, *card])
                            if (k in card and k in old and not same(old[k], card[k]))
                            or (k in card and k not in old and card[k] != "")
                            or (k in old and k not in card and k in covered))
            if changed:
                strip_trailing_blank(node)
                new = {k: v for k, v in card.items() if k in old or v != ""}
                update_mapping(node, new, {k for k in old if k not in card and k in covered})
                touched.setdefault(path, set()).add(cid)
            changes.append(Change(cid, "changed" if changed else "unchanged", path, changed, row))
        else:
            path = new_card_file(game, card.get("kind"), into)
            if path is None:
                raise FindingsError([Finding(row, "SH031", t("sheet.no_card_file", card=cid))])
            doc = opened(path)
            if path in files:
                cards = doc.get("cards")
                if cards is None:
                    doc["cards"] = cards = block([])
                kin = [n for n in cards if isinstance(n, dict) and n.get("kind") == card.get("kind")]
                cards.append(like(card, kin[-1] if kin else cards[-1] if len(cards) else None))
            else:
                doc["cards"].append(card)
            where[cid] = path
            touched.setdefault(path, set()).add(cid)
            added.setdefault(path, set()).add(cid)
            changes.append(Change(cid, "added", path, tuple(card), row))
    changes.extend(_lists(game, result, files, created, where, opened, touched))
    texts = [(p, rt.text(touched.get(p, ()), added.get(p, ()))) for p, rt in files.items() if p in touched]
    texts += [(p, _new_file_text(game, p, data)) for p, data in created.items()]
    listed = {c["id"] for c in result.cards}
    return Update(tuple(changes), tuple(texts), sum(c.id not in listed for c in game.cards))


def _loc(path: Path, line: int = 0):
    from fuda.database.findings import Location

    return Location(Path(path), line, 1 if line else 0)


def _check_into(game, into: Path) -> Path:
    folder = Path(game.folder).resolve()
    target = into.resolve()
    if target.parent != folder or target.suffix not in (".yaml", ".yml") or target.name == "game.yaml":
        raise FindingsError([Finding(_loc(into), "SH032", t("sheet.into", folder=folder))])
    return Path(game.folder) / target.name


def _card_node(doc, cid: str):
    for node in doc.get("cards") or ():
        if isinstance(node, dict) and node.get("id") == cid:
            return node
    raise KeyError(cid)  # the database was loaded from these files: a card is where it was read


def _lists(game, result, files, created, where, opened, touched) -> list[Change]:
    """Changes to file-level lists (recast-rift's fighters): a renamed entry is renamed where it
    is declared, a new one is declared in the file of the first card that names it."""
    changes = []
    for plural, names in result.lists.items():
        key = plural[:-1]
        declared = _declared(game, plural)
        for fid, name in names.items():
            if fid in declared:
                path = declared[fid]
                node = next(n for n in opened(path).get(plural) if isinstance(n, dict) and n.get("id") == fid)
                if not same(plain(node.get("name")), name):
                    node["name"] = merge(node.get("name"), name)
                    touched.setdefault(path, set()).add(fid)
                    changes.append(Change(fid, "changed", path, ("name",), what=key))
                continue
            owner = next((c["id"] for c in result.cards if c.get(key) == fid), None)
            path = where.get(owner) or next(iter(files), None)
            if path is None:
                continue
            doc = opened(path)
            entry = {"id": fid, "name": name}
            if path in files:
                if doc.get(plural) is None:
                    doc.insert(0, plural, block([]))
                doc[plural].append(block(entry))
            else:
                doc.setdefault(plural, []).append(entry)
                created[path] = {plural: doc[plural], **{k: v for k, v in doc.items() if k != plural}}
            touched.setdefault(path, set()).add(fid)
            changes.append(Change(fid, "added", path, ("name",), what=key))
    return changes


def _declared(game, plural: str) -> dict:
    """Where each entry of a file-level list is declared: ``{id: card file}``."""
    from fuda.database.yamlfile import read_yaml

    found: dict = {}
    for path in sorted({Path(c.source.file) for c in game.cards}):
        data = read_yaml(path, Path(game.folder)).data
        for entry in (data.get(plural) if isinstance(data, dict) else None) or ():
            if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                found.setdefault(entry["id"], path)
    return found


def like(card: dict, neighbour):
    """A new card as a block node shaped like a card of the file (the last of its kind): its keys in the
    neighbour's order (others after the key they follow in the sheet) and its lists and mappings
    in the neighbour's flow or block style."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if not isinstance(neighbour, CommentedMap):
        return block(card)
    keys = [k for k in neighbour if k in card]
    for i, key in enumerate(card):
        if key not in keys:
            prior = [k for k in list(card)[:i] if k in keys]
            keys.insert(keys.index(prior[-1]) + 1 if prior else 0, key)
    node = block({k: card[k] for k in keys})
    for key in keys:
        theirs, mine = neighbour.get(key), node[key]
        for kind in (CommentedSeq, CommentedMap):
            if isinstance(theirs, kind) and isinstance(mine, kind):
                mine.fa.set_flow_style() if theirs.fa.flow_style() else mine.fa.set_block_style()
    return node


def block(value):
    """``value`` as a block-style ruamel node (a card, a list of cards or of fighters)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(value, list):
        seq = CommentedSeq(block(v) for v in value)
        seq.fa.set_block_style()
        return seq
    node = merge(None, value)
    if isinstance(node, CommentedMap):
        node.fa.set_block_style()
    return node


def _new_file_text(game, path: Path, data: dict) -> str:
    from fuda.database.yamlwrite import card_file_text
    from fuda.sheets.read import short_scalars

    head = modeline(game.rules, game.folder, path, game.manifest)
    return card_file_text(data, head, short_scalars)


def check_update(game, update: Update, result=None) -> list[Finding]:
    """The errors of ``game`` as it would be after ``update`` (loaded from a copy); a finding
    about a card of the sheet is located at its row when ``result`` (the import) is given."""
    from fuda.database.load import load_game

    folder = Path(game.folder)
    with tempfile.TemporaryDirectory(prefix="fuda-sheet-") as tmp:
        copy = Path(tmp) / (folder.resolve().name or "game")
        shutil.copytree(folder, copy, copy_function=_link_or_copy,
                        ignore=shutil.ignore_patterns("out", ".git", ".fuda"))
        for path, text in update.texts:
            target = copy / Path(path).relative_to(folder)
            with contextlib.suppress(FileNotFoundError):
                target.unlink()  # a hard link to the real file: never write through it
            target.write_bytes(text.encode("utf-8"))
        _, findings = load_game(copy)
    rows = {c["id"]: r for c, r in zip(result.cards, result.rows, strict=False)} if result is not None else {}
    errors = []
    for finding in findings:
        if finding.severity != "error":
            continue
        loc = finding.location
        if isinstance(finding.card, str) and finding.card in rows:
            loc = rows[finding.card]
        elif Path(loc.file).is_relative_to(copy):
            loc = dataclasses.replace(loc, file=folder / Path(loc.file).relative_to(copy))
        errors.append(dataclasses.replace(finding, location=loc))
    return errors


def _link_or_copy(src, dst):
    try:
        os.link(src, dst)
    except OSError:
        shutil.copy2(src, dst)
    return dst


def write_update(update: Update) -> list[Path]:
    """Replace every file of ``update``: all new texts are written beside their files first, then
    each replaces its file (a failure while writing leaves every file as it was)."""
    from fuda.atomic import atomic_path

    with contextlib.ExitStack() as stack:
        for path, text in update.texts:
            tmp = stack.enter_context(atomic_path(Path(path)))
            tmp.write_bytes(text.encode("utf-8"))
    return [Path(p) for p, _ in update.texts]
