"""Loading a card database: find game folders, read YAML, validate, check, build values.

``load_database(paths)`` is the one entry point everything else uses: it returns an immutable
:class:`~pipeline.database.Database` or raises :class:`~pipeline.findings.FindingsError` with
every finding of the run (not just the first). ``validate(paths)`` returns the findings instead.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from fuda.database import checks
from fuda.database.findings import Finding, FindingsError, Location, sorted_findings
from fuda.database.model import (
    Ability,
    Card,
    Database,
    Deck,
    Game,
    Op,
    digest_of,
    freeze,
)
from fuda.database.resources import cards_dir
from fuda.database.ruleset import rulesets
from fuda.database.schemas import validate_document
from fuda.database.yamlfile import Document, read_yaml

MANIFEST = "game.yaml"
DECKS = "decks"


def find_games(paths) -> list[Path]:
    """Game folders named by ``paths``: a game folder itself, a folder of game folders, or a
    file inside a game folder. Raises ``FileNotFoundError`` for a path that is none of these."""
    folders: list[Path] = []
    for raw in paths or [cards_dir()]:
        path = Path(raw)
        if not path.exists():
            raise FileNotFoundError(f"{path}: no such file or folder")
        found: list[Path] = []
        if path.is_file():
            found = [p for p in [path.parent, path.parent.parent] if (p / MANIFEST).is_file()][:1]
        elif (path / MANIFEST).is_file():
            found = [path]
        else:
            found = sorted(p for p in path.iterdir() if (p / MANIFEST).is_file())
        if not found:
            raise FileNotFoundError(f"{path}: no game folder here (a game folder holds a {MANIFEST})")
        for folder in found:
            if folder.resolve() not in [f.resolve() for f in folders]:
                folders.append(folder)
    return folders


def validate(paths=None) -> list[Finding]:
    """Every finding (errors and warnings) for the databases at ``paths`` (default: bundled)."""
    _, findings = _load(paths)
    return findings


def load_database(paths=None) -> Database:
    """Load, validate and check the databases at ``paths`` (default: the bundled ``cards/``)."""
    database, findings = _load(paths)
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        raise FindingsError(errors)
    return database


def _load(paths):
    findings: list[Finding] = []
    games: list[Game] = []
    for folder in find_games(paths):
        game, game_findings = load_game(folder)
        findings.extend(game_findings)
        if game is not None:
            games.append(game)
    seen: dict[str, Game] = {}
    for game in games:
        if game.id in seen:
            findings.append(Finding(game.source, "D002",
                                    f"game id '{game.id}' is used by two folders ({seen[game.id].folder} and {game.folder})",
                                    hint="give each game folder its own id"))
        seen[game.id] = game
    games.sort(key=lambda g: g.id)
    return Database(tuple(games), digest_of(games)), sorted_findings(findings)


def _read(path: Path, findings: list) -> Document | None:
    try:
        return read_yaml(path)
    except FindingsError as exc:
        findings.extend(exc.findings)
        return None


def load_game(folder: Path) -> tuple[Game | None, list[Finding]]:
    """Read one game folder; the game is ``None`` when its manifest cannot be used."""
    folder = Path(folder)
    findings: list[Finding] = []
    manifest_doc = _read(folder / MANIFEST, findings)
    if manifest_doc is None:
        return None, findings
    if not isinstance(manifest_doc.data, dict):
        findings.append(Finding(manifest_doc.where(()), "S003", "the manifest must be a mapping",
                                hint="start game.yaml with 'id:', 'name:' and 'rules:'"))
        return None, findings
    rules = manifest_doc.data.get("rules")
    known = rulesets()
    if isinstance(rules, str) and rules not in known:
        findings.append(_unknown_rules(manifest_doc, rules, known))
        return None, findings
    ruleset = known.get(rules) if isinstance(rules, str) else None
    manifest_schema = ruleset.schema("game", manifest_doc.data) if ruleset else "game.schema.json"
    manifest_findings = validate_document(manifest_doc, manifest_schema)
    if not manifest_findings and ruleset is not None:
        manifest_findings = ruleset.declaration(manifest_doc.data, manifest_doc)
    findings.extend(manifest_findings)
    if manifest_findings or ruleset is None:
        return None, findings
    manifest = manifest_doc.data

    card_files = sorted(p for p in folder.glob("*.yaml") if p.name != MANIFEST)
    deck_files = sorted((folder / DECKS).glob("*.yaml")) if (folder / DECKS).is_dir() else []
    cards: list[Card] = []
    fighters: dict[str, str] = {}
    fighter_where: dict[str, Location] = {}
    known_ids: set[str] = set()  # ids of cards in files that failed the schema, to avoid false "dangling"
    for path in card_files:
        doc = _read(path, findings)
        if doc is None:
            continue
        card_of = _card_namer(doc)
        errors = validate_document(doc, ruleset.schema("cards", manifest), card_of)
        findings.extend(errors)
        if errors:
            for item in (doc.data or {}).get("cards", []) if isinstance(doc.data, dict) else []:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    known_ids.add(item["id"])
            continue
        for i, fighter in enumerate(doc.data.get("fighters", [])):
            fighters[fighter["id"]] = fighter["name"]
            fighter_where[fighter["id"]] = doc.where(("fighters", i))
        cards.extend(_build_cards(doc, manifest["id"], folder))

    decks: list[Deck] = []
    for path in deck_files:
        doc = _read(path, findings)
        if doc is None:
            continue
        errors = validate_document(doc, ruleset.schema("deck", manifest))
        findings.extend(errors)
        if not errors:
            decks.append(_build_deck(doc, manifest["id"]))

    game = Game(
        id=manifest["id"], name=manifest["name"], rules=rules, folder=folder,
        manifest=freeze(manifest), cards=tuple(cards), decks=tuple(decks),
        fighters=freeze(fighters), source=manifest_doc.where(()),
    )
    findings.extend(checks.check_game(game, manifest_doc, fighter_where, known_ids))
    return game, findings


def _unknown_rules(doc: Document, rules: str, known) -> Finding:
    import difflib

    close = difflib.get_close_matches(rules, list(known), n=1, cutoff=0.6)
    hint = (f"did you mean '{close[0]}'? " if close else "") + \
        "for a game of your own write 'rules: custom' and declare its kinds (see the README)"
    return Finding(doc.where(("rules",)), "R004",
                   f"rules: no rule set '{rules}' is installed (installed: {', '.join(known)})", hint=hint)


def _card_namer(doc: Document):
    def card_of(path):
        if len(path) >= 2 and path[0] == "cards" and isinstance(doc.data, dict):
            try:
                item = doc.data["cards"][path[1]]
            except (IndexError, KeyError, TypeError):
                return None
            return item.get("id") if isinstance(item, dict) else None
        return None

    return card_of


def _positions_below(positions: dict, prefix: tuple) -> dict:
    """The entries of ``positions`` below ``prefix``, re-keyed relative to it."""
    n = len(prefix)
    return {p[n:]: loc for p, loc in positions.items() if p[:n] == prefix and len(p) > n}


def _build_cards(doc: Document, game_id: str, folder: Path) -> list[Card]:
    grouped: dict[int, dict] = defaultdict(dict)
    for path, loc in doc.values.items():
        if len(path) > 2 and path[0] == "cards":
            grouped[path[1]][path[2:]] = loc
    cards = []
    for i, item in enumerate(doc.data.get("cards", [])):
        positions = grouped.get(i, {})
        abilities = tuple(  # positions of a card only: building stays linear in the file's size
            _build_ability(a, positions, ("abilities", j), doc.where(("cards", i, "abilities", j)))
            for j, a in enumerate(item.get("abilities", []))
        )
        art = (doc.path.parent / item["art"]) if item.get("art") else None
        cards.append(Card(
            game=game_id, id=item["id"], name=item["name"], kind=item["kind"], text=item.get("text", ""),
            flavor=item.get("flavor"), art=art, abilities=abilities, data=freeze(item),
            source=doc.where(("cards", i)), positions=positions,
        ))
    return cards


def _build_ability(item: dict, card_positions: dict, path: tuple, source) -> Ability:
    positions = _positions_below(card_positions, path)
    effect = item.get("effect")
    ops = None
    if isinstance(effect, list):
        ops = []
        for k, step in enumerate(effect):
            (name, args), = step.items()
            ops.append(Op(name, freeze(args), positions.get(("effect", k), source),
                          _positions_below(positions, ("effect", k))))
        ops = tuple(ops)
    return Ability(
        when=item.get("when", ""), text=item.get("text", ""), effect=ops,
        manual=item.get("reason", "manual") if ops is None else None,
        data=freeze(item), source=source, positions=positions,
    )


def _build_deck(doc: Document, game_id: str) -> Deck:
    data = doc.data
    return Deck(game=game_id, id=data["id"], name=data["name"], data=freeze(data),
                source=doc.where(()), positions=_positions_below(doc.values, ()))
