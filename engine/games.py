"""Which engine plays which rules: the per-game registry of engine packages.

Adding an engine is one line in :data:`ENGINES` (rules id → module path). An engine module
offers:

* ``RULES`` (its rules id), ``ENGINE_VERSION``, ``RULES_VERSION``, ``CATALOGUE``
  (:class:`engine.core.Catalogue`);
* ``build_registry(game) -> Registry`` — compile the cards, raising a located FindingsError;
* ``new_game(registry, setups, seed, position=None) -> engine.core.Game``;
* ``setup_from_deck(deck)`` — one player's setup from a database deck;
* ``setup_from_json(doc)`` — what ``new_game`` takes, from a replay's ``setup`` document
  (the game's ``setup_json()``);
* ``entrants(registry) -> list[engine.core.tournament.Entrant]`` — who ``fuda simulate`` pits
  against whom.
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

ENGINES: dict[str, str] = {
    "recast-rift": "engine.recast_rift",
    "ryomen": "engine.ryomen",
    "toho-tcg": "engine.toho_tcg",
    "raise-blaze": "engine.raise_blaze",
}

_REGISTRIES: dict = {}


def engine_for(rules: str) -> ModuleType | None:
    """The engine module of a rules id, or None when no engine is written yet."""
    path = ENGINES.get(rules)
    return import_module(path) if path else None


def registry_for(game):
    """The (cached) compiled registry of a :class:`pipeline.Game`; FindingsError when a card
    cannot be compiled; ``LookupError`` when the game's rules have no engine."""
    module = engine_for(game.rules)
    if module is None:
        raise LookupError(f"no engine plays {game.rules} yet (engines: {', '.join(sorted(ENGINES))})")
    key = id(game)
    cached = _REGISTRIES.get(key)
    if cached is None or cached.game is not game:
        cached = _REGISTRIES[key] = module.build_registry(game)
    return cached


def build_step(database, out) -> list:
    """``fuda build`` step: build and check every game's registry; write ``engine/registry.json``
    and ``engine/registry.txt`` into ``out``. A game without an engine is reported as info; a
    card that cannot be compiled makes the step fail (FindingsError, located) after the report
    is written."""
    import json
    from pathlib import Path

    from pipeline import Finding, FindingsError
    from pipeline.atomic import write_atomic

    findings: list = []
    games = []
    for game in database.games:
        module = engine_for(game.rules)
        entry = {"game": game.id, "rules": game.rules}
        if module is None:
            findings.append(Finding(game.source, "E200", f"{game.id}: no engine plays {game.rules} yet; "
                                    "its registry is not built", severity="info"))
            games.append({**entry, "status": "no engine"})
            continue
        try:
            registry = registry_for(game)
        except FindingsError as exc:
            findings.extend(exc.findings)
            games.append({**entry, "status": "errors", "errors": [str(f) for f in exc.findings]})
            continue
        findings.extend(registry.findings)
        games.append({
            **entry, "status": "ok", "engine": module.ENGINE_VERSION, "rules_version": module.RULES_VERSION,
            "ops": {name: {"kind": spec.kind, "params": [k for k, _ in spec.params], "doc": spec.doc}
                    for name, spec in sorted(registry.table.specs.items())},
            "cards": {cid: [{"when": a.when, "ops": [op.name for op in a.ops] if a.ops is not None else None,
                             "manual": a.manual} for a in abilities]
                      for cid, abilities in registry.abilities.items()},
            "manual": [{"card": m.card, "ability": m.index + 1, "reason": m.reason} for m in registry.manual],
        })
    out = Path(out) / "engine"
    lines = []
    for g in games:
        n_cards = len(g.get("cards", {}))
        lines.append(f"{g['game']} ({g['rules']}): {g['status']}"
                     + (f", {n_cards} cards, {len(g['ops'])} ops, {len(g['manual'])} manual ability(ies)"
                        if g["status"] == "ok" else ""))
    lines.extend(str(f) for f in findings)
    written = [
        write_atomic(out / "registry.json", json.dumps({"games": games}, ensure_ascii=False, indent=2) + "\n"),
        write_atomic(out / "registry.txt", "\n".join(lines) + "\n"),
    ]
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        raise FindingsError(errors)
    return written
