"""Checks JSON Schema cannot express: unique ids, references, art files, deck construction.

Each check returns located findings; all of them run, so one ``fuda validate`` reports every
problem of a database at once. Deck-construction numbers come from the manifest's
``deck-rules``, never from constants here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path

from fuda.database.findings import Finding, Location
from fuda.database.model import Card, Deck, Game
from fuda.database.ruleset import ruleset_for
from fuda.database.yamlfile import Document


def check_game(game: Game, manifest: Document, fighter_where: dict, known_ids: set) -> list[Finding]:
    """Every cross-file check of one game."""
    findings = _unique_ids(game)
    findings += _art(game, manifest)
    context = {"manifest": manifest, "fighter_where": fighter_where, "known_ids": known_ids}
    findings += ruleset_for(game.rules).check(game, context)
    for card in game.cards:
        for ability in card.abilities:
            findings += _name_refs(game, card, ability.data, ability)
            if ability.is_manual:
                findings.append(Finding(ability.where("effect"), "E001",
                                        f"ability '{ability.when}' is marked manual: {ability.manual}",
                                        severity="warning", card=card.id,
                                        hint="the engines cannot play it until it is written as ops"))
    return findings


def _name_refs(game: Game, card: Card, node, ability, path=()) -> list[Finding]:
    """Every ``name-of: <card id>`` inside an ability (filters that mean "cards named like X").
    The data may be as read (dicts, lists) or frozen (mappings, tuples): the verdict is the same."""
    out = []
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key == "name-of" and isinstance(value, str) and not game.has_card(value):
                out.append(Finding(ability.where(*path, key), "R001", f"name-of names unknown card '{value}'",
                                   card=card.id, hint="give the id of a card of this game"))
            else:
                out += _name_refs(game, card, value, ability, (*path, key))
    elif isinstance(node, (list, tuple)):
        for i, value in enumerate(node):
            out += _name_refs(game, card, value, ability, (*path, i))
    return out


def _unique_ids(game: Game) -> list[Finding]:
    findings = []
    for items, what in ((game.cards, "card"), (game.decks, "deck")):
        first: dict = {}  # id -> the item that has it first (located only for a finding: see Positions)
        for item in items:
            if item.id in first:
                findings.append(Finding(item.where("id"), "D001",
                                        f"{what} id '{item.id}' is already used at {first[item.id].where('id')}",
                                        card=item.id if what == "card" else None,
                                        hint=f"give each {what} of {game.id} its own id"))
            else:
                first[item.id] = item
    return findings


def _art(game: Game, manifest: Document) -> list[Finding]:
    findings = []
    root = game.folder.resolve()
    # (each place is located only when its image has a problem: see fuda.database.yamlfile.Positions)
    targets: list[tuple[Path, Callable[[], Location], str | None]] = \
        [(c.art, partial(c.where, "art"), c.id) for c in game.cards if c.art]
    back = (game.manifest.get("back") or {}).get("image")
    if back:
        targets.append((game.folder / back, partial(manifest.where, ("back", "image")), None))
    for path, where, card_id in targets:
        problem = image_problem(path, root)
        if problem:
            findings.append(Finding(where(), "A001", problem, card=card_id,
                                    hint="put a PNG or JPEG inside the game folder and give its path relative to the YAML file"))
    return findings


def image_problem(path: Path, root: Path) -> str | None:
    """Why ``path`` is not a usable art file inside ``root``, or ``None`` when it is."""
    try:
        resolved = Path(path).resolve()
        if not resolved.is_relative_to(root):
            return f"art path {path} leaves the game folder {root}"
        if not resolved.is_file():
            return f"art file {path} does not exist"
    except OSError as exc:  # a name too long for the file system, a loop of links, ...
        return f"art file {Path(path).name[:40]}… cannot be opened: {exc.strerror or exc}"
    try:
        from PIL import Image

        with Image.open(resolved) as image:
            image.verify()
    except Exception as exc:  # Pillow raises many kinds for a broken image
        return f"art file {path} is not a readable image ({type(exc).__name__}: {exc})"
    return None


def dangling(deck: Deck, path: tuple, card_id: str, game: Game, known_ids: set) -> Finding | None:
    if game.has_card(card_id) or card_id in known_ids:
        return None
    from difflib import get_close_matches

    close = get_close_matches(card_id, [c.id for c in game.cards], n=1)
    hint = f"did you mean '{close[0]}'?" if close else "check the id in the card files"
    return Finding(deck.where(*path), "R001", f"deck '{deck.id}' names unknown card '{card_id}'", hint=hint)


def deck_rule(deck: Deck, path: tuple, message: str, hint: str | None = None) -> Finding:
    return Finding(deck.where(*path), "K001", f"deck '{deck.id}': {message}", hint=hint)


def kind_ok(game: Game, card_id: str, kinds: tuple) -> bool:
    return not game.has_card(card_id) or game.card(card_id).kind in kinds


def walk_ops(ops):
    """Every op, including those nested in ``if`` branches (``then`` / ``else``)."""
    for op in ops:
        yield op
        if isinstance(op.args, dict) or hasattr(op.args, "get"):
            for branch in ("then", "else"):
                nested = op.args.get(branch) if hasattr(op.args, "get") else None
                if nested:
                    yield from walk_ops(as_ops(nested, op, branch))


def as_ops(items, parent, branch):
    from fuda.database.model import Op

    out = []
    for k, step in enumerate(items):
        (name, args), = step.items()
        below = getattr(parent.positions, "below", None)  # a file's positions: a view, found when asked for
        out.append(Op(name, args, parent.where(parent.name, branch, k),
                      below(parent.name, branch, k) if below is not None else
                      {p[3:]: loc for p, loc in parent.positions.items() if p[:3] == (parent.name, branch, k)}))
    return out


def types_known(card: Card, types: set, game: Game) -> list[Finding]:
    out = []
    for i, t in enumerate(card.get("types", ())):
        if t not in types:
            out.append(Finding(card.where("types", i), "R002", f"unknown type '{t}'", card=card.id,
                               hint=f"add it to 'types:' in game.yaml or use one of: {', '.join(sorted(types))}"))
    return out


def counted_list(game, deck, section, known_ids, max_copies, kinds=None) -> list[Finding]:
    findings = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(deck.get(section, ())):
        cid = entry["card"]
        bad = dangling(deck, (section, i, "card"), cid, game, known_ids)
        if bad:
            findings.append(bad)
        elif kinds and not kind_ok(game, cid, kinds):
            findings.append(deck_rule(deck, (section, i, "card"),
                                       f"'{cid}' is a {game.card(cid).kind} card; {section} takes {' / '.join(kinds)} cards"))
        if cid in seen:
            findings.append(deck_rule(deck, (section, i, "card"), f"'{cid}' is listed twice (first as entry {seen[cid] + 1})",
                                       "list each card once and give its count"))
        seen.setdefault(cid, i)
        if max_copies and entry["count"] > max_copies:
            findings.append(deck_rule(deck, (section, i, "count"), f"{entry['count']} copies of '{cid}', at most {max_copies} allowed"))
    return findings
