"""PRHxxx — the game's prh dictionaries (manifest ``lint.prh``) applied to rules text and
flavor; a dictionary that cannot be used is a configuration error, as in prh."""

from __future__ import annotations

from pathlib import Path

from fuda.database.findings import Finding, Location
from fuda.lint.check import FieldCheck, GameCheck, Hit, RuleInfo
from fuda.lint.prh import BUDGET, ConfigError, load_report
from fuda.lint.prh_budget import PROBE_RUN, RULE_BUDGET, RUN_BUDGET, Budget, OverBudget, rule_key

GROUP = "prh"
KINDS = frozenset({"text", "ability", "flavor", "deck"})

RULES = (
    RuleInfo("PRH001", "warning", "prh dictionary: write the expected form", GROUP),
    RuleInfo("PRH002", "error", "prh dictionary cannot be used", GROUP),
    RuleInfo("PRH003", "warning", "prh pattern cut off: it ran too long", GROUP,
             values=(("budget", BUDGET), ("rule_budget", RULE_BUDGET), ("run_budget", RUN_BUDGET), ("probe_run", PROBE_RUN))),
)


MISSING_HINT = "create it, or delete the `prh:` line of game.yaml"
BROKEN_HINT = "fix the prh file; its rules are not applied until then"


def _missing(folder: Path, prh) -> tuple[ConfigError, ...]:
    """A dictionary game.yaml names that is not there, at its line of game.yaml (its entry under
    ``lint: prh:``), for the designer to create it or remove the line."""
    gone = [(i, p) for i, p in enumerate(prh) if not (folder / p).is_file()]
    return tuple(ConfigError(_where(folder, i), f"prh dictionary {p} does not exist") for i, p in gone)


def _where(folder: Path, i: int) -> Location:
    """The line of game.yaml naming the ``i``-th prh dictionary (the file, when it cannot be read)."""
    from fuda.database.findings import FindingsError
    from fuda.database.yamlfile import read_yaml

    try:
        return read_yaml(folder / "game.yaml").where(("lint", "prh", i))
    except (FindingsError, OSError):
        return Location(folder / "game.yaml")


OUTSIDE_HINT = "copy it into the game folder and name it relative to game.yaml (e.g. lint/prh.yml)"


def _outside(folder: Path, prh) -> tuple[ConfigError, ...]:
    """A dictionary game.yaml names outside the game folder (``/etc/…``, ``../…``, a link out),
    at its line of game.yaml: never opened."""
    folder = folder.resolve()
    out = [(i, p) for i, p in enumerate(prh) if not (folder / p).resolve().is_relative_to(folder)]
    return tuple(ConfigError(_where(folder, i), f"prh dictionary {p} is outside the game folder") for i, p in out)


def _rules(ctx):
    """(rules, ((error, hint), …), rules left out at load) of the game's dictionaries."""
    return _dictionaries(Path(ctx.game.folder), ctx.settings.prh)


def _dictionaries(folder: Path, prh):
    """(rules, ((error, hint), …), rules left out at load) of the dictionaries ``prh`` names."""
    files = [folder / p for p in prh]
    if not files:
        return (), (), ()
    outside = _outside(folder, prh)
    if outside:
        return (), tuple((error, OUTSIDE_HINT) for error in outside), ()
    missing = _missing(folder, prh)
    if missing:
        return (), tuple((error, MISSING_HINT) for error in missing), ()
    found = load_report(files, folder)
    if found.errors:
        return (), tuple((error, BROKEN_HINT) for error in found.errors), ()
    return found.rules, (), found.disabled


def dictionary_problems(game) -> list[Finding]:
    """What every command reports about the prh dictionaries ``game`` declares, as it reports a
    missing art file: PRH002 (error) for a dictionary that cannot be used — missing, outside the
    game folder, broken, or failing its own specs — and PRH003 (warning) for a pattern left out
    at load. ``fuda lint`` reports the same lines from :func:`check_config`."""
    from fuda.lint.settings import LintSettings

    prh = LintSettings.from_manifest(game.manifest).prh
    _, errors, disabled = _dictionaries(Path(game.folder), prh)
    out = [Finding(error.location, "PRH002", error.message, "error", None, hint) for error, hint in errors]
    out += [Finding(error.location, "PRH003", error.message, "warning", None,
                    REWRITE_HINT.format(where=f"{error.location.file.name}:{error.location.line}"))
            for error in disabled]
    return out


def check_config(ctx):
    """PRH002; PRH003 for a rule left out at load."""
    _, errors, disabled = ctx.memo("prh", lambda: _rules(ctx))
    for error, hint in errors:
        yield ctx.located("PRH002", error.location, error.message, hint=hint)
    for error in disabled:
        where = f"{error.location.file.name}:{error.location.line}"
        yield ctx.located("PRH003", error.location, error.message, hint=REWRITE_HINT.format(where=where))


REWRITE_HINT = "rewrite the pattern at {where} without nested repetition ((a+)+, (a|aa)+)"


def _budget(ctx) -> Budget:
    """The run's budget (one for every game of a ``lint`` call), else one for this game."""
    return ctx.options.get("prh-budget") or ctx.memo("prh-budget", Budget)


def _cut(ctx) -> set:
    """The rules of this game stopped for running too long (not applied any more)."""
    return ctx.memo("prh-cut", set)


def scan(ctx, fld):
    """PRH001, PRH003."""
    rules, _, _ = ctx.memo("prh", lambda: _rules(ctx))
    cut = _cut(ctx)
    budget = _budget(ctx)
    value = fld.value
    for n, rule in enumerate(rules):
        if n in cut:
            continue
        try:
            found = budget.matches(rule, value)
        except OverBudget as exc:
            cut.add(n)
            if exc.scope == "run" and budget.first_report("run"):
                yield Hit("PRH003", 0, 0, f"prh rules searched for {budget.run} s in this run, the most lint gives "
                          f"them; no prh rule is applied to the rest of the run (rule '{rule.expected}' "
                          f"({rule.where}) was searching)", REWRITE_HINT.format(where=rule.where))
            elif exc.scope == "rule" and budget.first_report(rule_key(rule)):
                yield Hit("PRH003", 0, 0, f"prh rule '{rule.expected}' ({rule.where}) searched for {budget.rule} s "
                          "in this run, the most one rule may; it is not applied to the rest of the run",
                          REWRITE_HINT.format(where=rule.where))
            continue
        except TimeoutError:
            cut.add(n)
            yield Hit("PRH003", 0, 0, f"prh rule '{rule.expected}' ({rule.where}) ran longer than {BUDGET} s "
                      "on this text and was stopped; it is not applied to the rest of the game",
                      REWRITE_HINT.format(where=rule.where))
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
    rules, _, _ = ctx.memo("prh", lambda: _rules(ctx))
    budget = _budget(ctx)
    text = corpus.text
    found: set[int] = set()
    for rule in rules:
        try:
            found |= corpus.cards_at(m.start() for m in budget.search(rule, text))
        except TimeoutError:  # (OverBudget too: scan reports it where it happens)
            return None
    return found


FIELD = (FieldCheck(("PRH001", "PRH003"), scan, kinds=KINDS, select=select, active=lambda ctx: bool(ctx.settings.prh)),)
CARD = ()
GAME = (GameCheck(("PRH002", "PRH003"), check_config),)
