"""``fuda build``: every output for a whole database, in one run.

A build is a list of steps; each step takes the loaded :class:`Database` and the output folder
and returns the files it wrote, or ``(files, findings)`` when it has warnings to report (an
export's missing glyph): those join the build's findings. Validation runs first; when the
database has errors, no other step runs (their outputs would be wrong).

All or nothing: every step writes into a staging folder beside the output folder; only when
validation and every step succeeded are its files moved into the output folder, one by one, by
:func:`fuda.outputs.publish`, which also removes the files of the previous build that this one
no longer writes. Files fuda did not write are never deleted or overwritten (the folder's
manifest ``.fuda-outputs.json`` says which are fuda's). A failed or interrupted build leaves an
earlier good build exactly as it was, and the staging folder is removed.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path

from fuda.atomic import flush, flush_later, write_atomic
from fuda.database.findings import Finding, FindingsError, report
from fuda.database.model import Database
from fuda.database.ruleset import engine_for, ruleset_for
from fuda.engine.games import registry_for
from fuda.gallery import painting_ahead
from fuda.i18n import Text
from fuda.outputs import OutputError, check_folder, publish

Step = Callable[[Database, Path], list[Path] | tuple[list[Path], list[Finding]]]


@dataclass(frozen=True)
class BuildResult:
    """What a build did: findings, the files written per step, and steps that failed."""

    findings: tuple[Finding, ...]
    outputs: tuple[tuple[str, tuple[Path, ...]], ...] = ()
    failures: tuple[tuple[str, str], ...] = field(default=())

    @property
    def ok(self) -> bool:
        """True when validation found no error and every step succeeded."""
        return not self.failures and not any(f.severity == "error" for f in self.findings)


def lint_step(database, out: Path) -> list[Path]:
    """Lint the database; write ``lint.txt`` and ``lint.sarif``. A broken prh dictionary or lint
    setting (PRH002, LNT001) fails the step after the report is written (FindingsError, located)."""
    from fuda.lint.engine import lint

    return write_lint_report(lint(database), out)


def write_lint_report(diagnostics, out: Path) -> list[Path]:
    """``lint.txt`` and ``lint.sarif`` of ``diagnostics`` in ``out``; a broken prh dictionary or
    lint setting among them fails the step once the report is written (FindingsError)."""
    from fuda.lint.engine import config_errors, summary
    from fuda.lint.report import render

    text = render(diagnostics, "text") + summary(diagnostics) + "\n"
    written = [write_atomic(out / "lint.txt", text), write_atomic(out / "lint.sarif", render(diagnostics, "sarif"))]
    broken = config_errors(diagnostics)
    if broken:
        raise FindingsError([replace(d.finding(), severity="error") for d in broken])
    return written


def print_step(database, out: Path) -> tuple[list[Path], list[Finding]]:
    """Every game's card sheets (A4, トンボ, backs as its rule set prints them), each pairing of
    double-faced cards as such, and every game's mat as A3 PDF and PNG, under ``out/print/``.
    A game of more cards than one print file holds (``MAX_ITEMS``) gets its sheets in parts of
    equal size, ``<game>-cards-1.pdf``, ``-2.pdf`` …, in card order. A game whose rule set has
    no mat (``mat()`` is None) gets none, said once as an info finding (P200)."""
    from fuda.gallery import counter
    from fuda.printing.imposition import MAX_ITEMS
    from fuda.printing.mat import write_mat, write_mat_png
    from fuda.printing.sheets import is_pairing, print_cards

    written: list[Path] = []
    said: list[Finding] = []
    tell = counter()
    total = sum(len(game.cards) for game in database.games)
    before = [0]

    def counts(n_cards: int):
        """The card sheets' counts as cards of the whole step (a file of ``n_cards`` reports faces)."""
        if tell is None:
            return None
        start = before[0]
        before[0] += n_cards
        return lambda done, placements: tell(start + n_cards * done // max(1, placements), total)

    for game in database.games:
        folder = Path(out) / "print" / game.id
        backs = ruleset_for(game.rules).print_backs
        parts = split_evenly([c.id for c in game.cards], MAX_ITEMS)
        if len(parts) == 1:
            written.append(print_cards(game, backs=backs, out=folder / f"{game.id}-cards.pdf",
                                       progress=counts(len(game.cards))))
        else:
            width = len(str(len(parts)))
            for k, ids in enumerate(parts, 1):
                out_k = folder / f"{game.id}-cards-{k:0{width}d}.pdf"
                written.append(print_cards(game, ids=ids, backs=backs, out=out_k, progress=counts(len(ids))))
        for deck in game.decks:
            if is_pairing(game, deck):
                written.append(print_cards(game, deck=deck.id, backs="long-edge",
                                           out=folder / f"{game.id}-pairs-{deck.id}.pdf"))
        if ruleset_for(game.rules).mat(game) is None:
            said.append(Finding(game.source, "P200", Text("build.no_mat", game=game.id, rules=game.rules), severity="info"))
            continue
        written.append(write_mat(game, paper="A3", out=folder / f"{game.id}-mat.pdf"))
        written.append(write_mat_png(game, folder / f"{game.id}-mat.png"))
    return written, said


def split_evenly(items: list, most: int) -> list[list]:
    """``items`` in the fewest consecutive parts of at most ``most``, their sizes differing by
    one at most."""
    if len(items) <= most:
        return [items]
    n = -(-len(items) // most)
    size, longer = divmod(len(items), n)  # the first ``longer`` parts take one item more
    bounds = [k * size + min(k, longer) for k in range(n + 1)]
    return [items[a:b] for a, b in pairwise(bounds)]


def online_step(database, out: Path) -> tuple[list[Path], list]:
    """An Udonarium ZIP for every deck (out/udonarium/<game>/<deck>.zip) and the Duel Online
    Card.txt of every game whose rule set asks for one (out/duel-online/<game>/Card.txt); returns the files and the
    exports' warnings (each once, though every deck of a game may repeat it)."""
    from fuda.online.duel_online import write_card_txt
    from fuda.online.udonarium import export_udonarium

    out = Path(out)
    written: list[Path] = []
    warnings: dict = {}  # str(finding) -> finding, in order
    for game in database.games:
        for deck in game.decks:
            path, found = export_udonarium(game, deck.id, out / "udonarium" / game.id / f"{deck.id}.zip")
            written.append(path)
            warnings.update((str(f), f) for f in found if str(f) not in warnings)
        if ruleset_for(game.rules).duel_online:
            path, found = write_card_txt(game, out / "duel-online" / game.id / "Card.txt")
            written.append(path)
            warnings.update((str(f), f) for f in found if str(f) not in warnings)
    return written, list(warnings.values())


def engine_step(database, out) -> list:
    """``fuda build`` step: build and check every game's registry; write ``engine/registry.json``
    and ``engine/registry.txt`` into ``out``. A game without an engine is reported as info; a
    card that cannot be compiled makes the step fail (FindingsError, located) after the report
    is written."""
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


def gallery_step(database, out: Path):
    """Every game's card gallery: images, contact sheets and index.html under ``out/gallery/``."""
    from fuda.gallery import gallery_step as run

    return run(database, out)


#: The step after which a big gallery's worker is forked, to paint while the steps after it run
#: (:func:`fuda.gallery.painting_ahead`); it comes first. Forked before it, the worker would
#: hold privately the pages of the database that print copies in this process as it reads them,
#: with print's own peak (its PDF is built in memory) on top: a 10,000-card build peaked at
#: 250-255 MB so, and at 228 MB with the worker forked after print.
PAINT_AFTER = "print"


def steps() -> list[tuple[str, Step]]:
    """The build steps after validation, in order."""
    return [
        ("print", print_step),
        ("lint", lint_step),
        ("online", online_step),
        ("engine", engine_step),
        ("gallery", gallery_step),
    ]


def write_report(findings, out: Path) -> list[Path]:
    """Write the validation report as text and JSON into ``out``."""
    text = "".join(f"{f}\n" for f in findings)
    errors = sum(f.severity == "error" for f in findings)
    warnings = sum(f.severity == "warning" for f in findings)
    text += f"{errors} error(s), {warnings} warning(s)\n"
    payload = report(findings)
    return [
        write_atomic(out / "validation.txt", text),
        write_atomic(out / "validation.json", json.dumps(payload, ensure_ascii=False, indent=2) + "\n"),
    ]


def build(paths=None, out: Path = Path("out"), progress=None, *, force: bool = False,
          with_steps: list[tuple[str, Step]] | None = None) -> BuildResult:
    """Validate the database at ``paths`` and write every output into ``out`` (all or nothing).

    ``progress(step_name)`` is called before each step (the CLI drives a progress bar with it).
    A failed step is reported in ``failures`` (its located findings join ``findings``); the other
    steps still run, so one build reports every problem, but ``out`` is left untouched.
    Raises :class:`~fuda.outputs.OutputError` (nothing written) when ``out`` holds files fuda did
    not write and no manifest (unless ``force``), or a file fuda did not write is where an output
    goes (always): see :mod:`fuda.outputs`. ``with_steps`` replaces :func:`steps` (``--watch``
    passes them wrapped, to reuse the outputs of a game that did not change).
    """
    from fuda.database.load import validated

    out = Path(out)
    check_folder(out, force)
    database, findings = validated(paths)
    findings = list(findings)
    if any(f.severity == "error" for f in findings):
        errors = sum(f.severity == "error" for f in findings)
        return BuildResult(tuple(findings), (), (("validation", Text("build.db_errors", errors=errors)),))
    from fuda.database.cardschema import refreshed

    findings = refreshed(database, findings, write_atomic)  # a custom game's editor schema, if fuda's own
    failures: list[tuple[str, str]] = []
    outputs: list[tuple[str, tuple[Path, ...]]] = []
    where = out.absolute()  # ``-o .`` too: the stage goes beside the folder, never inside it
    where.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{where.name}.staging-", dir=where.parent))
    try:
        # flushed once, before any file moves into out; the big galleries painted ahead
        with flush_later() as written, painting_ahead(database, stage) as paint_ahead:
            _run_steps(database, stage, findings, failures, outputs, progress, with_steps,
                       after={PAINT_AFTER: paint_ahead} if with_steps is None else {})
        if not failures:
            deferred = set(written)  # the files that will move (not those already in place) are flushed
            try:
                publish(stage, out, "build", prune=True, force=force,
                        sync=lambda moving: flush_together([p for p in moving if p in deferred]))
            except OSError as exc:  # a full disk, a permission: every file fuda placed is in the manifest
                raise OutputError(Text("out.move_failed", path=out, error=exc)) from exc
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    findings = list(dict.fromkeys(findings))  # print and the gallery lay out the same faces: one line for both
    if failures:
        return BuildResult(tuple(findings), (), tuple(failures))
    moved = tuple((name, tuple(out / Path(p).relative_to(stage) for p in files)) for name, files in outputs)
    return BuildResult(tuple(findings), moved, ())


#: Files flushed to disk at once when a build moves into place: the disk's journal commits the
#: waits of many together (1,000 files of 30 kB on the benchmark machine: 4.4 s one by one,
#: 0.2 s eight at a time).
FLUSH_THREADS = 8


def flush_together(paths: list[Path]) -> None:
    """:func:`~fuda.atomic.flush` ``paths``, ``FLUSH_THREADS`` at a time; the first error is raised."""
    from concurrent.futures import ThreadPoolExecutor

    if len(paths) < 2:
        flush(paths)
        return
    with ThreadPoolExecutor(FLUSH_THREADS) as pool:
        list(pool.map(lambda path: flush([path]), paths))  # (results are None: reading them raises a failed flush)


def _run_steps(database, stage: Path, findings: list, failures: list, outputs: list, progress,
               with_steps=None, after=None) -> None:
    """Every step of a build into ``stage``, in order; each failure is recorded and the rest
    still run. ``after`` maps a step's name to what to call once it ran."""
    outputs.append(("validation", tuple(write_report(findings, stage))))
    for name, step in steps() if with_steps is None else with_steps:
        if progress:
            progress(name)
        written = None
        try:
            written = step(database, stage)
        except FindingsError as exc:  # located problems: report them with the step's name
            findings.extend(exc.findings)
            failures.append((name, Text("build.step_findings", count=len(exc.findings))))
        except Exception as exc:
            failures.append((name, _failure(exc)))
        if name in (after or {}):  # done or failed (not interrupted)
            after[name]()
        if written is None:
            continue
        if isinstance(written, tuple):  # (files, findings)
            written, reported = written
            findings.extend(reported)
        outputs.append((name, tuple(written)))


def _failure(exc: Exception) -> str:
    """What a failed step says: the error's own message when fuda wrote it for a user (a
    :class:`~fuda.i18n.Text`, or a refusal of the operating system), else its type and text."""
    if (exc.args and isinstance(exc.args[0], Text)) or (isinstance(exc, OSError) and exc.errno is not None):
        return Text("build.step_error", error=exc)
    return f"{type(exc).__name__}: {exc}"
