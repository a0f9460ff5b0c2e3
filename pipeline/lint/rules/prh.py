"""PRHxxx — the game's prh dictionaries (manifest ``lint.prh``) applied to rules text and
flavor; a dictionary that cannot be used is a configuration error, as in prh."""

from __future__ import annotations

from pathlib import Path

from fuda.database.findings import Location
from fuda.lint.check import FieldCheck, GameCheck, Hit, RuleInfo
from fuda.lint.prh import BUDGET, ConfigError, load

GROUP = "prh"
KINDS = frozenset({"text", "ability", "flavor", "deck"})

RULES = (
    RuleInfo("PRH001", "warning", "prh dictionary: write the expected form", GROUP, explain="""\
A rule of the game's prh dictionary (manifest lint.prh, e.g. cards/<game>/lint/prh.yml) matched:
the text uses a form the dictionary replaces, e.g. ディフォルト where the rule expects デフォルト.
Matches that already read as expected are not reported. The rule's `prh` note, when written, is
shown as the hint. Not fixed automatically: a dictionary rule is a judgement, not a mechanical
fix."""),
    RuleInfo("PRH002", "error", "prh dictionary cannot be used", GROUP, explain="""\
A prh file listed in the manifest is missing (reported at its line of game.yaml: create the
file, or delete the line) or has a problem: YAML syntax, an unknown key, a missing import,
an import cycle, a version mismatch between a file and its imports, a pattern Python cannot
express (a variable-width look-behind that is not a plain alternation, an unknown \\p{…}), a bad
regexpMustEmpty, or a failing spec (from did not become to). The message names the rule; prh
itself refuses such a dictionary, and so does fuda: its rules are not applied. `fuda build`
fails on it too."""),
    RuleInfo("PRH003", "warning", "prh pattern cut off: it ran too long", GROUP, explain=f"""\
A prh pattern is a regular expression, and some backtrack without end on some text: a repetition
inside a repetition, (ア+)+ or (ア|アア)+, tries every way to split a long run. Each search may run
{BUDGET} s; a rule that runs longer is stopped, reported at the string where it happened with its
dictionary line (prh.yml:12), and not applied to the rest of the game.
Fix: rewrite the pattern without nested repetition, e.g. ア+ instead of (ア|アア)+."""),
)


MISSING_HINT = "create it, or delete the `prh:` line of game.yaml"
BROKEN_HINT = "fix the prh file; its rules are not applied until then"


def _missing(ctx) -> tuple[ConfigError, ...]:
    """A dictionary game.yaml names that is not there, at its line of game.yaml (its entry under
    ``lint: prh:``), for the designer to create it or remove the line."""
    from fuda.database.findings import FindingsError
    from fuda.database.yamlfile import read_yaml

    folder = Path(ctx.game.folder)
    gone = [(i, p) for i, p in enumerate(ctx.settings.prh) if not (folder / p).is_file()]
    if not gone:
        return ()
    try:
        doc = read_yaml(folder / "game.yaml")
    except (FindingsError, OSError):
        doc = None
    return tuple(ConfigError(doc.where(("lint", "prh", i)) if doc else Location(folder / "game.yaml"),
                             f"prh dictionary {p} does not exist") for i, p in gone)


def _rules(ctx):
    files = [ctx.game.folder / p for p in ctx.settings.prh]
    if not files:
        return (), ()
    missing = _missing(ctx)
    if missing:
        return (), tuple((error, MISSING_HINT) for error in missing)
    rules, errors = load(files)
    if errors:
        return (), tuple((error, BROKEN_HINT) for error in errors)
    return rules, ()


def check_config(ctx):
    """PRH002."""
    _, errors = ctx.memo("prh", lambda: _rules(ctx))
    for error, hint in errors:
        yield ctx.located("PRH002", error.location, error.message, hint=hint)


def _cut(ctx) -> set:
    """The rules of this game stopped for running too long (not applied any more)."""
    return ctx.memo("prh-cut", set)


def scan(ctx, fld):
    """PRH001, PRH003."""
    rules, _ = ctx.memo("prh", lambda: _rules(ctx))
    cut = _cut(ctx)
    value = fld.value
    for n, rule in enumerate(rules):
        if n in cut:
            continue
        try:
            found = list(rule.matches(value))
        except TimeoutError:
            cut.add(n)
            yield Hit("PRH003", 0, 0, f"prh rule '{rule.expected}' ({rule.where}) ran longer than {BUDGET} s "
                      "on this text and was stopped; it is not applied to the rest of the game",
                      f"rewrite the pattern at {rule.where} without nested repetition ((a+)+, (a|aa)+)")
            continue
        for start, end, new in found:
            old = value[start:end]
            if new == old:
                continue
            hint = rule.note or f"write '{new}' (prh rule at {rule.where})"
            yield Hit("PRH001", start, end, f"'{old}' → '{new}'", hint)


def select(ctx, corpus) -> set[int] | None:
    """Cards where some rule's pattern occurs (each rule runs once over the whole game); None
    (every card) when a rule runs too long over the whole text: each string is then searched
    on its own, so the cut-off is reported where it happens."""
    rules, _ = ctx.memo("prh", lambda: _rules(ctx))
    text = corpus.text
    found: set[int] = set()
    for rule in rules:
        try:
            found |= corpus.cards_at(m.start() for m in rule.search(text))
        except TimeoutError:
            return None
    return found


FIELD = (FieldCheck(("PRH001", "PRH003"), scan, kinds=KINDS, select=select, active=lambda ctx: bool(ctx.settings.prh)),)
CARD = ()
GAME = (GameCheck(("PRH002",), check_config),)
