"""Checks JSON Schema cannot express: unique ids, references, art files, deck construction.

Each check returns located findings; all of them run, so one ``fuda validate`` reports every
problem of a database at once. Deck-construction numbers come from the manifest's
``deck-rules``, never from constants here.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from fuda.database.findings import Finding, Location
from fuda.database.model import Card, Deck, Game
from fuda.database.yamlfile import Document


def check_game(game: Game, manifest: Document, fighter_where: dict, known_ids: set) -> list[Finding]:
    """Every cross-file check of one game."""
    findings = _unique_ids(game)
    findings += _art(game, manifest)
    per_game = {
        "recast-rift": _recast_rift,
        "toho-tcg": _toho_tcg,
        "raise-blaze": _raise_blaze,
        "ryomen": _ryomen,
    }[game.rules]
    findings += per_game(game, fighter_where, known_ids)
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
    """Every ``name-of: <card id>`` inside an ability (filters that mean "cards named like X")."""
    out = []
    if hasattr(node, "items"):
        for key, value in node.items():
            if key == "name-of" and isinstance(value, str) and not game.has_card(value):
                out.append(Finding(ability.where(*path, key), "R001", f"name-of names unknown card '{value}'",
                                   card=card.id, hint="give the id of a card of this game"))
            else:
                out += _name_refs(game, card, value, ability, path + (key,))
    elif isinstance(node, tuple):
        for i, value in enumerate(node):
            out += _name_refs(game, card, value, ability, path + (i,))
    return out


def _unique_ids(game: Game) -> list[Finding]:
    findings = []
    for items, what in ((game.cards, "card"), (game.decks, "deck")):
        first: dict[str, Location] = {}
        for item in items:
            if item.id in first:
                findings.append(Finding(item.where("id"), "D001",
                                        f"{what} id '{item.id}' is already used at {first[item.id]}",
                                        card=item.id if what == "card" else None,
                                        hint=f"give each {what} of {game.id} its own id"))
            else:
                first[item.id] = item.where("id")
    return findings


def _art(game: Game, manifest: Document) -> list[Finding]:
    findings = []
    root = game.folder.resolve()
    targets = [(c.art, c.where("art"), c.id) for c in game.cards if c.art]
    back = (game.manifest.get("back") or {}).get("image")
    if back:
        targets.append((game.folder / back, manifest.where(("back", "image")), None))
    for path, where, card_id in targets:
        problem = image_problem(path, root)
        if problem:
            findings.append(Finding(where, "A001", problem, card=card_id,
                                    hint="put a PNG or JPEG inside the game folder and give its path relative to the YAML file"))
    return findings


def image_problem(path: Path, root: Path) -> str | None:
    """Why ``path`` is not a usable art file inside ``root``, or ``None`` when it is."""
    resolved = Path(path).resolve()
    if not resolved.is_relative_to(root):
        return f"art path {path} leaves the game folder {root}"
    if not resolved.is_file():
        return f"art file {path} does not exist"
    try:
        from PIL import Image

        with Image.open(resolved) as image:
            image.verify()
    except Exception as exc:  # Pillow raises many kinds for a broken image
        return f"art file {path} is not a readable image ({type(exc).__name__}: {exc})"
    return None


def _dangling(deck: Deck, path: tuple, card_id: str, game: Game, known_ids: set) -> Finding | None:
    if game.has_card(card_id) or card_id in known_ids:
        return None
    from difflib import get_close_matches

    close = get_close_matches(card_id, [c.id for c in game.cards], n=1)
    hint = f"did you mean '{close[0]}'?" if close else "check the id in the card files"
    return Finding(deck.where(*path), "R001", f"deck '{deck.id}' names unknown card '{card_id}'", hint=hint)


def _deck_rule(deck: Deck, path: tuple, message: str, hint: str | None = None) -> Finding:
    return Finding(deck.where(*path), "K001", f"deck '{deck.id}': {message}", hint=hint)


def _kind_ok(game: Game, card_id: str, kinds: tuple) -> bool:
    return not game.has_card(card_id) or game.card(card_id).kind in kinds


def _walk_ops(ops):
    """Every op, including those nested in ``if`` branches (``then`` / ``else``)."""
    for op in ops:
        yield op
        if isinstance(op.args, dict) or hasattr(op.args, "get"):
            for branch in ("then", "else"):
                nested = op.args.get(branch) if hasattr(op.args, "get") else None
                if nested:
                    yield from _walk_ops(_as_ops(nested, op, branch))


def _as_ops(items, parent, branch):
    from fuda.database.model import Op

    out = []
    for k, step in enumerate(items):
        (name, args), = step.items()
        out.append(Op(name, args, parent.where(parent.name, branch, k),
                      {p[3:]: loc for p, loc in parent.positions.items() if p[:3] == (parent.name, branch, k)}))
    return out


# --- recast-rift ----------------------------------------------------------------------------

def _recast_rift(game: Game, fighter_where: dict, known_ids: set) -> list[Finding]:
    findings = []
    rules = game.manifest.get("deck-rules", {})
    per = rules.get("cards-per-fighter", {"awakening": 1, "spell": 7})
    owned: dict[str, Counter] = {f: Counter() for f in game.fighters}
    for card in game.cards:
        fighter = card.get("fighter")
        if fighter not in game.fighters:
            findings.append(Finding(card.where("fighter"), "R001", f"unknown fighter '{fighter}'", card=card.id,
                                    hint=f"declare it under 'fighters:' (known: {', '.join(sorted(game.fighters)) or 'none'})"))
            continue
        owned[fighter][card.kind] += 1
    for fighter, counts in owned.items():
        for kind, want in per.items():
            if counts[kind] != want:
                findings.append(Finding(fighter_where.get(fighter, game.source), "F001",
                                        f"fighter '{fighter}' owns {counts[kind]} {kind} card(s), expected exactly {want}",
                                        hint="each fighter owns 1 awakening card and 7 spells (RR-DECK-2)"))
    for deck in game.decks:
        findings += _recast_rift_deck(game, deck, rules, known_ids)
    return findings


def _recast_rift_deck(game: Game, deck: Deck, rules, known_ids) -> list[Finding]:
    findings = []
    fighters = list(deck["fighters"])
    want_fighters = rules.get("fighters", 2)
    want_spells = rules.get("spells", 9)
    if len(fighters) != want_fighters or len(set(fighters)) != len(fighters):
        findings.append(_deck_rule(deck, ("fighters",), f"needs {want_fighters} different fighters, found {fighters}"))
    for i, f in enumerate(fighters):
        if f not in game.fighters:
            findings.append(Finding(deck.where("fighters", i), "R001", f"deck '{deck.id}' names unknown fighter '{f}'",
                                    hint=f"known fighters: {', '.join(sorted(game.fighters))}"))
    refs = [(("awakening",), deck["awakening"])] + [(("spells", i), s) for i, s in enumerate(deck["spells"])]
    for path, cid in refs:
        bad = _dangling(deck, path, cid, game, known_ids)
        if bad:
            findings.append(bad)
            continue
        if not game.has_card(cid):
            continue
        card = game.card(cid)
        want_kind = "awakening" if path[0] == "awakening" else "spell"
        if card.kind != want_kind:
            findings.append(_deck_rule(deck, path, f"'{cid}' is a {card.kind} card, expected a {want_kind} card"))
        elif card.get("fighter") not in fighters:
            findings.append(_deck_rule(deck, path, f"'{cid}' belongs to fighter '{card.get('fighter')}', not to {fighters}",
                                       "a deck takes cards of its two fighters only (RR-DECK-3)"))
    spells = list(deck["spells"])
    if len(spells) != want_spells:
        findings.append(_deck_rule(deck, ("spells",), f"needs exactly {want_spells} spells, found {len(spells)}"))
    repeated = [s for s, n in Counter(spells).items() if n > 1]
    if repeated:
        findings.append(_deck_rule(deck, ("spells",), f"spell(s) listed twice: {', '.join(repeated)}",
                                   "each spell card exists once; pick 9 different spells"))
    return findings


# --- toho-tcg ---------------------------------------------------------------------------------

def _toho_tcg(game: Game, _fighters, known_ids: set) -> list[Finding]:
    findings = []
    types = set(game.manifest.get("types", ()))
    for card in game.cards:
        findings += _types_known(card, types, game)
        for k, kw in enumerate(card.get("keywords", ())):
            if isinstance(kw, dict):
                (name, value), = kw.items()
                if name in ("critical", "protection") and value not in types:
                    findings.append(Finding(card.where("keywords", k, name), "R002",
                                            f"keyword {name} names unknown type '{value}'", card=card.id,
                                            hint=f"types of {game.id}: {', '.join(sorted(types))}"))
        if card.get("rank") == "hard":
            base = card.get("levels-from")
            if not game.has_card(base):
                if base not in known_ids:
                    findings.append(Finding(card.where("levels-from"), "R001",
                                            f"levels-from names unknown card '{base}'", card=card.id,
                                            hint="name the id of the matching Normal character"))
            elif game.card(base).kind != "character" or game.card(base).get("rank") != "normal":
                findings.append(Finding(card.where("levels-from"), "R003",
                                        f"levels-from '{base}' is not a Normal character", card=card.id,
                                        hint="a Hard levels up from a Normal (TT-CHAR-2)"))
    minimum = game.manifest.get("deck-rules", {}).get("min-cards", 30)
    max_copies = game.manifest.get("deck-rules", {}).get("max-copies")
    sizes = {}
    for deck in game.decks:
        findings += _counted_list(game, deck, "cards", known_ids, max_copies)
        listed = {e["card"] for e in deck["cards"]}
        for i, entry in enumerate(deck["cards"]):
            card = game.card(entry["card"]) if game.has_card(entry["card"]) else None
            if card is not None and card.get("levels-from") and card["levels-from"] not in listed:
                findings.append(Finding(deck.where("cards", i, "card"), "K002",
                                        f"deck '{deck.id}' has the Hard '{card.id}' without its Normal '{card['levels-from']}'",
                                        severity="warning", hint="a Hard can only be played onto its Normal (TT-CHAR-2)"))
        total = sum(e["count"] for e in deck["cards"])
        sizes[deck.id] = total
        if total < minimum:
            findings.append(_deck_rule(deck, ("cards",), f"has {total} cards, needs at least {minimum}",
                                       "a deck's card count is its life (TT-SETUP-1)"))
    return findings


def _types_known(card: Card, types: set, game: Game) -> list[Finding]:
    out = []
    for i, t in enumerate(card.get("types", ())):
        if t not in types:
            out.append(Finding(card.where("types", i), "R002", f"unknown type '{t}'", card=card.id,
                               hint=f"add it to 'types:' in game.yaml or use one of: {', '.join(sorted(types))}"))
    return out


def _counted_list(game, deck, section, known_ids, max_copies, kinds=None) -> list[Finding]:
    findings = []
    seen: dict[str, int] = {}
    for i, entry in enumerate(deck.get(section, ())):
        cid = entry["card"]
        bad = _dangling(deck, (section, i, "card"), cid, game, known_ids)
        if bad:
            findings.append(bad)
        elif kinds and not _kind_ok(game, cid, kinds):
            findings.append(_deck_rule(deck, (section, i, "card"),
                                       f"'{cid}' is a {game.card(cid).kind} card; {section} takes {' / '.join(kinds)} cards"))
        if cid in seen:
            findings.append(_deck_rule(deck, (section, i, "card"), f"'{cid}' is listed twice (first as entry {seen[cid] + 1})",
                                       "list each card once and give its count"))
        seen.setdefault(cid, i)
        if max_copies and entry["count"] > max_copies:
            findings.append(_deck_rule(deck, (section, i, "count"), f"{entry['count']} copies of '{cid}', at most {max_copies} allowed"))
    return findings


# --- raise-blaze ------------------------------------------------------------------------------

def _raise_blaze(game: Game, _fighters, known_ids: set) -> list[Finding]:
    findings = []
    types = set(game.manifest.get("types", ()))
    for card in game.cards:
        findings += _types_known(card, types, game)
    rules = game.manifest.get("deck-rules", {})
    lo, hi = rules.get("main-min", 40), rules.get("main-max", 100)
    core_lo, core_hi = rules.get("core-min", 1), rules.get("core-max", 10)
    for deck in game.decks:
        findings += _counted_list(game, deck, "main", known_ids, rules.get("max-copies", 3), ("fighter", "spell"))
        total = sum(e["count"] for e in deck["main"])
        if not lo <= total <= hi:
            findings.append(_deck_rule(deck, ("main",), f"main deck has {total} cards, needs {lo}–{hi} (RB-DECK-1)"))
        core = list(deck["core"])
        if not core_lo <= len(core) <= core_hi:
            findings.append(_deck_rule(deck, ("core",), f"core deck has {len(core)} cards, needs {core_lo}–{core_hi} (RB-DECK-2)"))
        for i, cid in enumerate(core):
            bad = _dangling(deck, ("core", i), cid, game, known_ids)
            if bad:
                findings.append(bad)
            elif not _kind_ok(game, cid, ("core-fighter",)):
                findings.append(_deck_rule(deck, ("core", i), f"'{cid}' is a {game.card(cid).kind} card; the core deck takes core fighters only"))
        for cid, n in Counter(core).items():
            if n > 1:
                findings.append(_deck_rule(deck, ("core",), f"core fighter '{cid}' is listed {n} times; each may appear once (RB-DECK-2)"))
    return findings


# --- ryomen -----------------------------------------------------------------------------------

def _ryomen(game: Game, _fighters, known_ids: set) -> list[Finding]:
    findings = []
    sets = {s["id"] for s in game.manifest.get("sets", ())}
    rules = game.manifest.get("deck-rules", {})
    kinds, copies, want_pairs = rules.get("kinds", 9), rules.get("copies", 2), rules.get("pairs", 9)
    for card in game.cards:
        if card.get("set") not in sets:
            findings.append(Finding(card.where("set"), "R001", f"unknown set '{card.get('set')}'", card=card.id,
                                    hint=f"sets in game.yaml: {', '.join(sorted(sets))}"))
    chips = {c["id"] for c in (game.manifest.get("chips") or {}).get("stat", ())}
    for card in game.cards:
        for a, ability in enumerate(card.abilities):
            for op in _walk_ops(ability.effect or ()):
                if op.name == "put-stat-chip" and op.args.get("chip") not in chips:
                    findings.append(Finding(op.where("put-stat-chip", "chip"), "R001",
                                            f"unknown stat chip '{op.args.get('chip')}'", card=card.id,
                                            hint=f"chips.stat in game.yaml: {', '.join(sorted(chips)) or 'none'}"))
    members = {s: [c.id for c in game.cards if c.get("set") == s] for s in sets}
    for s, ids in sorted(members.items()):
        if len(ids) != kinds:
            findings.append(Finding(game.source, "F002", f"set '{s}' has {len(ids)} kinds of card, expected {kinds}",
                                    hint="each player's set holds exactly 9 kinds (RY-DECK-1)"))
    for deck in game.decks:
        pairs = [list(p) for p in deck["pairs"]]
        if len(pairs) != want_pairs:
            findings.append(_deck_rule(deck, ("pairs",), f"needs exactly {want_pairs} pairs, found {len(pairs)}"))
        used = Counter()
        for i, pair in enumerate(pairs):
            for j, cid in enumerate(pair):
                bad = _dangling(deck, ("pairs", i, j), cid, game, known_ids)
                if bad:
                    findings.append(bad)
                elif game.has_card(cid) and game.card(cid).get("set") != deck["set"]:
                    findings.append(_deck_rule(deck, ("pairs", i, j), f"'{cid}' is not a card of set '{deck['set']}'"))
                used[cid] += 1
            if len(pair) == 2 and pair[0] == pair[1]:
                findings.append(_deck_rule(deck, ("pairs", i), f"pair {i + 1} is two copies of '{pair[0]}'",
                                           "a double-faced card pairs two different cards (RY-DECK-2)"))
        for cid in members.get(deck["set"], []):
            if used[cid] != copies:
                findings.append(_deck_rule(deck, ("pairs",), f"'{cid}' is used {used[cid]} time(s), expected exactly {copies}",
                                           "use every card of the set exactly twice across the 9 pairs"))
    return findings
