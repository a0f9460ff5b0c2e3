"""The lint runner: selection, suppression, sorting and fail-on, over the rules of
:mod:`fuda.lint.rules` (the pieces a rule is made of are in :mod:`fuda.lint.check`).

The runner turns hits into located :class:`~fuda.lint.check.Diagnostic` values, drops what is not
selected or is suppressed (``--ignore``, the manifest's ``lint.ignore``, a card's ``lint-ignore``),
and sorts.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from fuda.lint import rules
from fuda.lint.check import (
    RANK,
    SEVERITIES,
    Context,
    Diagnostic,
    Plan,
    deck_fields,
    fields,
)
from fuda.lint.prh_budget import Budget
from fuda.lint.settings import expand


def registry():
    """(rule code -> RuleInfo, the checks module) for every rule."""
    return rules.REGISTRY, rules


def suppressed(card, codes) -> frozenset:
    """The codes a card's ``lint-ignore`` list switches off."""
    entries = card.data.get("lint-ignore")
    if not entries:
        return frozenset()
    return frozenset(c for entry in entries for c in expand(entry, codes))


def lint_game(game, enabled: Iterable[str], options: dict | None = None) -> list[Diagnostic]:
    """Lint one game with the ``enabled`` codes; diagnostics in reading order."""
    reg, checks = registry()
    ctx = Context(game, frozenset(enabled), reg, options)
    plan = Plan(ctx, checks)
    on = ctx.enabled
    cards = game.cards
    off = {n: suppressed(card, reg) for n, card in enumerate(cards) if card.data.get("lint-ignore")}
    out: list[Diagnostic] = []
    for check in plan.game:
        out.extend(d for d in check.run(ctx) if d.code in on)
    for n, todo in sorted(plan.scans(ctx, cards).items()):
        card = cards[n]
        silent = off.get(n, ())
        for fld in fields(card):
            if fld.covered:
                continue
            for check in todo:
                if fld.kind in check.kinds:
                    for hit in check.scan(ctx, fld):
                        if hit.code in on and hit.code not in silent:
                            out.append(ctx.at(hit.code, card, fld.path, hit.message, offset=hit.start,
                                              hint=hit.hint, value=fld.value,
                                              fixable=hit.replacement is not None))
    deck_checks = [c for c in plan.field if "deck" in c.kinds]  # a few strings: no gates
    for deck in game.decks if deck_checks else ():
        for fld in deck_fields(deck):
            for check in deck_checks:
                for hit in check.scan(ctx, fld):
                    if hit.code in on:
                        d = ctx.at(hit.code, deck, fld.path, hit.message, offset=hit.start, hint=hit.hint,
                                   value=fld.value, fixable=hit.replacement is not None)
                        out.append(replace(d, card=None, message=f"deck {deck.id}: {d.message}"))
    runs = [c.run for c in plan.card]
    for n, card in enumerate(cards):
        silent = off.get(n, ())
        for run in runs:
            for d in run(ctx, card):
                if d.code in on and d.code not in silent:
                    out.append(d)
    if plan.batch:
        silent_by_id = {cards[n].id: codes for n, codes in off.items()}
        for check in plan.batch:
            out.extend(d for d in check.run(ctx, cards)
                       if d.code in on and d.code not in silent_by_id.get(d.card, ()))
    return out


def lint(database, *, select: Iterable[str] | None = None, ignore: Iterable[str] = (),
         games: Iterable[str] | None = None, fit: bool = True) -> list[Diagnostic]:
    """Lint every game of ``database`` (or only ``games``).

    ``select``/``ignore`` are code selectors (``JP101``, ``JP1``, ``AGR``); unknown selectors
    must be rejected by the caller (see :func:`fuda.lint.settings.resolve`).
    """
    reg, _ = registry()
    codes = set(reg)
    if select:
        codes = {c for s in select for c in expand(s, reg)}
    codes -= {c for s in ignore for c in expand(s, reg)}
    if not fit:
        codes = {c for c in codes if reg[c].group != "fit"}
    wanted = set(games) if games else None
    out: list[Diagnostic] = []
    options = {"fit": fit, "prh-budget": Budget()}  # prh's time budget is the run's, not a game's
    # The loop makes many short-lived objects and no reference cycles; with a large database
    # loaded, the cyclic collector would otherwise rescan it again and again (measured ~2x).
    collecting = gc.isenabled()
    gc.disable()
    try:
        for game in database.games:
            if wanted is None or game.id in wanted:
                out.extend(lint_game(game, codes, options))
    finally:
        if collecting:
            gc.enable()
    return sorted(out, key=Diagnostic.sort_key)


def fails(diagnostics: Iterable[Diagnostic], fail_on: str = "error") -> bool:
    """True when a diagnostic is at least as severe as ``fail_on``."""
    floor = RANK[fail_on]
    return any(RANK[d.severity] >= floor for d in diagnostics)


#: Rules that report lint's own configuration (a prh dictionary, the lint settings, suppressions):
#: such a problem fails ``fuda build`` whatever its severity, since the text was not fully checked.
CONFIG_CODES = frozenset({"PRH002", "LNT001"})


def config_errors(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics that say lint's configuration is broken (see :data:`CONFIG_CODES`)."""
    return [d for d in diagnostics if d.code in CONFIG_CODES]


def only_files(diagnostics: Iterable[Diagnostic], files: Iterable[Path]) -> list[Diagnostic]:
    """The diagnostics located in one of ``files`` (``fuda lint some/card.yaml``)."""
    wanted = {Path(f).resolve() for f in files}
    return [d for d in diagnostics if Path(d.location.file).resolve() in wanted]


def counts(diagnostics: Iterable[Diagnostic]) -> dict[str, int]:
    """Number of diagnostics per severity."""
    out = dict.fromkeys(SEVERITIES, 0)
    for d in diagnostics:
        out[d.severity] += 1
    return out


def summary(diagnostics) -> str:
    """``2 error(s), 1 warning(s), 0 info`` for the end of a text report."""
    n = counts(diagnostics)
    return f"{n['error']} error(s), {n['warning']} warning(s), {n['info']} info"
