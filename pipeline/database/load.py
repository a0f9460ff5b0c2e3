"""Loading a card database: find game folders, read YAML, validate, check, build values.

:func:`validated` is the one validation (issue #35): every command's verdict on a folder comes
from it, so a folder is valid for all of them or for none, and its warnings are the same for all.
It runs the schemas, the cross-file checks, the rule set's checks (which, for a game with a rule
engine, include the engine compiling the cards: :mod:`fuda.rulesets.engine_checks`), fonts,
character sets and the card template, and returns the database with every finding.
``load_database(paths)`` returns the immutable :class:`~fuda.database.Database` or raises
:class:`~fuda.database.findings.FindingsError` with every error of the run (not just the first);
``validate(paths)`` returns the findings instead. The CLI goes through
:func:`fuda.cli.common.load`, which asks :func:`validated` once per run and shows the warnings.
"""

from __future__ import annotations

import gc
from collections import defaultdict
from pathlib import Path
from typing import cast

from fuda.database import cardschema, characters, checks, consequences, files, templates
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
from fuda.database.ruleset import RuleSet, broken_rulesets, optional, rulesets
from fuda.database.schemas import validate_document
from fuda.database.yamlfile import Document, Positions, read_yaml
from fuda.i18n import Text

MANIFEST = "game.yaml"
DECKS = "decks"


def find_games(paths) -> list[Path]:
    """Game folders named by ``paths``: a game folder itself, a folder of game folders, or a
    file inside a game folder. Raises ``FileNotFoundError`` for a path that is none of these."""
    folders: list[Path] = []
    for raw in paths or [cards_dir()]:
        path = Path(raw)
        if not path.exists():
            raise FileNotFoundError(Text("err.no_such_path", path=path))
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


def validated(paths=None, *, keep: bool = True) -> tuple[Database, list[Finding]]:
    """The one validation: the databases at ``paths`` (default: bundled) and every finding
    (errors, warnings), sorted. ``keep=False`` is for a caller that only wants the findings: the
    cards' data stay as read (not frozen, no digest) — the findings are the same, since every
    check reads mappings and sequences of either form (``tests/test_one_verdict.py`` holds both
    ways to the same findings). Raises ``FileNotFoundError`` for a path that holds no game."""
    return _load(paths, keep=keep)


def validate(paths=None) -> list[Finding]:
    """Every finding (errors and warnings) for the databases at ``paths`` (default: bundled)."""
    _, findings = validated(paths, keep=False)
    return findings


def load_database(paths=None) -> Database:
    """Load, validate and check the databases at ``paths`` (default: the bundled ``cards/``);
    :class:`FindingsError` with every error when there is one (warnings: see :func:`validated`)."""
    database, findings = validated(paths)
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        raise FindingsError(errors)
    return database


def _load(paths, *, keep: bool = True):
    # The cyclic garbage collector is paused while loading: the data read has no reference
    # cycles, yet each collection walks every object already loaded, so with it on a 10,000-card
    # load spent a third of its time in the collector, and 30,000 cards cost more per card.
    paused = gc.isenabled()
    gc.disable()
    try:
        return _load_all(paths, keep)
    finally:
        if paused:
            gc.enable()


def _load_all(paths, keep: bool):
    # keep=False (validate): the values are checked and dropped, so they are neither frozen nor
    # hashed — the same checks on the same data, without a fifth of the run spent on immutability
    findings: list[Finding] = []
    games: list[Game] = []
    for folder in find_games(paths):
        game, game_findings = load_game(folder, frozen=keep)
        findings.extend(game_findings)
        if game is not None:
            games.append(game)
    seen: dict[str, Game] = {}
    for game in games:
        if game.id in seen:
            findings.append(Finding(game.source or Location(game.folder / "game.yaml", 1, 1), "D002",
                                    f"game id '{game.id}' is used by two folders ({seen[game.id].folder} and {game.folder})",
                                    hint="give each game folder its own id"))
        seen[game.id] = game
    games.sort(key=lambda g: g.id)
    # the digest (replays' database hash) costs a JSON dump of every card: only for a Database kept
    return Database(tuple(games), digest_of(games) if keep else ""), sorted_findings(findings)


def _read(path: Path, findings: list, root: Path | None = None, lean: bool = False) -> Document | None:
    try:
        return read_yaml(path, root, lean)
    except FindingsError as exc:
        findings.extend(exc.findings)
        return None


def load_game(folder: Path, *, frozen: bool = True) -> tuple[Game | None, list[Finding]]:
    """Read one game folder; the game is ``None`` when its manifest cannot be used.
    ``frozen=False`` leaves the cards' data as read (plain dicts and lists) for a caller that only
    checks them."""
    folder = Path(folder)
    findings: list[Finding] = []
    manifest_doc = _read(folder / MANIFEST, findings, folder)
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

    card_files = files.card_files(folder, findings, skip=MANIFEST)
    deck_files = files.card_files(folder / DECKS, findings) if files.decks_folder(folder, DECKS, findings) else []
    cards: list[Card] = []
    fighters: dict[str, str] = {}
    fighter_where: dict[str, Location] = {}
    known_ids: set[str] = set()  # ids of cards in files that failed the schema, to avoid false "dangling"
    failed: list[Path] = []  # card files whose cards are missing: what follows from them is a consequence
    missing: dict[str, Path] = {}  # id of a card left out with its file (it failed its schema) -> that file
    for path in card_files:
        doc = _read(path, findings, folder, lean=True)  # card files: the big ones (see Positions)
        if doc is None:
            failed.append(path)
            continue
        card_of = _card_namer(doc)
        errors = validate_document(doc, ruleset.schema("cards", manifest), card_of)
        findings.extend(errors)
        if errors:
            failed.append(path)
            items = doc.data.get("cards") if isinstance(doc.data, dict) else None
            for item in items if isinstance(items, list) else []:
                if isinstance(item, dict) and isinstance(item.get("id"), str):
                    known_ids.add(item["id"])
                    missing.setdefault(item["id"], path)
            continue
        for i, fighter in enumerate(doc.data.get("fighters", [])):
            fighters[fighter["id"]] = fighter["name"]
            fighter_where[fighter["id"]] = doc.where(("fighters", i))
        cards.extend(_build_cards(doc, manifest["id"], folder, freeze if frozen else _as_read))

    decks: list[Deck] = []
    for path in deck_files:
        doc = _read(path, findings, folder)
        if doc is None:
            continue
        errors = validate_document(doc, ruleset.schema("deck", manifest))
        findings.extend(errors)
        if not errors:
            decks.append(_build_deck(doc, manifest["id"], ruleset))

    game = Game(
        id=manifest["id"], name=manifest["name"], rules=ruleset.id, folder=folder,
        manifest=freeze(manifest), cards=tuple(cards), decks=tuple(decks),
        fighters=freeze(fighters), source=manifest_doc.where(()),
    )
    later = checks.check_game(game, manifest_doc, fighter_where, known_ids)
    later += characters.check_characters(game)
    later += files.font_findings(game, manifest_doc)
    later += cardschema.findings(game, manifest_doc)
    findings.extend(consequences.mark(later, failed, game, missing) if failed else later)
    findings.extend(templates.template_findings(game))  # the card layout is validated with the cards
    return game, findings


def _unknown_rules(doc: Document, rules: str, known) -> Finding:
    import difflib

    broken = broken_rulesets()
    if rules in broken:  # installed, but its plugin does not load: say why, not "not installed"
        return Finding(doc.where(("rules",)), "R004", f"rules: the rule set '{rules}' is installed but cannot be "
                       f"loaded ({broken[rules]})", hint="reinstall or update the package that provides it")
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


def _spans(marks: dict, key: str) -> dict:
    """``{index: [paths]}`` for the paths ``(key, index, ...)`` of ``marks``: one pass, so that
    iterating a card's positions walks that card's paths only."""
    spans: dict = defaultdict(list)
    for path in marks:
        if len(path) > 2 and path[0] == key:
            spans[path[1]].append(path)
    return spans


def _as_read(data):
    return data


def _build_cards(doc: Document, game_id: str, folder: Path, freeze=freeze) -> list[Card]:
    read = cast(Positions, doc.values)  # a card file is read from YAML: its positions
    file, marks, source = doc.path, read.marks, read.source
    spans = _spans(marks, "cards") if source is None else {}  # (a lean file's are found when asked for)
    cards = []
    for i, item in enumerate(doc.data.get("cards", [])):
        positions = Positions(file, marks, ("cards", i), spans.get(i, ()), source)
        data = freeze(item)  # once: abilities and ops share its frozen parts
        abilities = tuple(
            _build_ability(a, positions.below("abilities", j), doc.where(("cards", i, "abilities", j)))
            for j, a in enumerate(data.get("abilities", ()))
        )
        art = (doc.path.parent / item["art"]) if item.get("art") else None
        cards.append(Card(
            game=game_id, id=item["id"], name=item["name"], kind=item["kind"], text=item.get("text", ""),
            flavor=item.get("flavor"), art=art, abilities=abilities, data=data,
            source=doc.where(("cards", i)), positions=positions,
        ))
    return cards


def _build_ability(item, positions: Positions, source) -> Ability:
    """An ability from its data (a validated card's: ``effect`` a sequence of one-key steps)."""
    effect = item.get("effect")
    ops: tuple[Op, ...] | None = None
    if isinstance(effect, (tuple, list)):
        steps = []
        for k, step in enumerate(effect):
            (name, args), = step.items()
            steps.append(Op(name, args, positions.get(("effect", k), source), positions.below("effect", k)))
        ops = tuple(steps)
    return Ability(
        when=item.get("when", ""), text=item.get("text", ""), effect=ops,
        manual=item.get("reason", "manual") if ops is None else None,
        data=item, source=source, positions=positions,
    )


def _build_deck(doc: Document, game_id: str, ruleset: RuleSet) -> Deck:
    data = freeze(doc.data)
    return Deck(game=game_id, id=data["id"], name=data["name"], data=data, source=doc.where(()), positions=doc.values,
                ids=tuple(optional(ruleset, "deck_cards")(data)), pairs=tuple(optional(ruleset, "deck_pairs")(data)))
