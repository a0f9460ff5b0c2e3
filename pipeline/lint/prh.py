"""Reading prh dictionaries (prh.yml), the proofreading rules Japanese writers already keep.

Supported as prh defines them: ``version``; ``imports`` (a path or a list of paths or of
``{path, disableImports, ignoreRules}``; an imported rule is added only when no rule with the same
``expected`` exists yet, and ``ignoreRules`` drops imported rules by ``expected`` or ``pattern``);
``rules`` (a string is ``{expected: string}``) with ``expected``, ``pattern`` / ``patterns``
(plain text or ``/regex/flags``, a list is an alternation), ``regexpMustEmpty: $N`` (a match
whose group N is not empty is skipped — prh's stand-in for a negative look-behind),
``options.wordBoundary`` and ``specs`` (``from`` must become ``to``; a failing spec makes the
dictionary unusable, as in prh); ``meta``, ``targets`` and a rule's ``prh`` note are accepted.
Without a pattern, ``expected`` itself is the pattern with every letter and digit matching either
case and width (Cookie also finds ｃｏｏｋｉｅ). Every problem is a :class:`ConfigError` with a place.

prh patterns are written by users, and a pattern such as ``/(ア|アア)+イ/`` backtracks
exponentially. The patterns are checked and translated with ``re`` but *run* with the ``regex``
package, which stops a search after :data:`BUDGET` seconds (:class:`TimeoutError`); the prh rule
then reports the cut-off, naming the dictionary line, instead of hanging. Each pattern is also
probed at load, and a lint run gives each rule and all of them a budget of time
(:mod:`fuda.lint.prh_budget`). Given the game folder (``root``), a dictionary and its ``imports``
are read only from inside it: an import elsewhere (``/etc/passwd``, ``../../x.yml``, a link out)
is a configuration error at its line, and the file is not opened.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import regex

from fuda.database.findings import FindingsError, Location
from fuda.lint.jsregex import TranslationError, replace, translate
from fuda.lint.prh_budget import BUDGET, Prober

HALF = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
FULL = "ａｂｃｄｅｆｇｈｉｊｋｌｍｎｏｐｑｒｓｔｕｖｗｘｙｚＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ０１２３４５６７８９"
REGEX_STRING = re.compile(r"^/(.*)/([a-z]*)$", re.S)
TOP_KEYS = {"version", "imports", "rules", "targets", "meta"}
RULE_KEYS = {"expected", "pattern", "patterns", "options", "regexpMustEmpty", "specs", "prh"}
IMPORT_KEYS = {"path", "disableImports", "ignoreRules"}


def bounded(pattern: re.Pattern):
    """The same pattern for the ``regex`` engine, whose searches take a ``timeout``."""
    flags = regex.VERSION0 | regex.M
    if pattern.flags & re.I:
        flags |= regex.I
    if pattern.flags & re.S:
        flags |= regex.S
    return regex.compile(pattern.pattern, flags)


@dataclass(frozen=True)
class ConfigError:
    """A problem in a prh file: where, and what (naming the rule when there is one)."""

    location: Location
    message: str


@dataclass(frozen=True)
class PrhRule:
    """One compiled prh rule."""

    expected: str
    pattern: re.Pattern
    source: str  # the JavaScript form, /…/gmu, as prh prints it
    written: tuple[str, ...]  # the patterns as written in the file
    must_empty: int | None
    location: Location
    note: str | None = None
    literal: str | None = None  # set when the rule is one plain string (fast pre-check)
    runner: object = field(default=None, compare=False, repr=False)  # the regex-engine twin of pattern

    @property
    def where(self) -> str:
        """``prh.yml:12``: the dictionary line of the rule."""
        return f"{self.location.file.name}:{self.location.line}"

    def search(self, text: str, timeout: float = BUDGET):
        """Every match of the pattern in ``text``; raises TimeoutError past ``timeout`` seconds."""
        if self.literal is not None:  # a plain string: linear, no budget needed
            return list(self.pattern.finditer(text))
        return list(self.runner.finditer(text, timeout=timeout))

    def matches(self, text: str, timeout: float = BUDGET):
        """``(start, end, replacement)`` for every match prh would change in ``text``; raises
        TimeoutError when the pattern runs longer than ``timeout`` seconds."""
        if self.literal is not None and self.literal not in text:
            return
        for m in self.search(text, timeout):
            if self.must_empty is not None and m.group(self.must_empty):
                continue
            yield m.start(), m.end(), replace(self.expected, m)

    def apply(self, text: str) -> str:
        """``text`` with every match replaced (how prh checks ``specs``)."""
        out, last = [], 0
        for start, end, new in self.matches(text):
            out.append(text[last:start])
            out.append(new)
            last = end
        out.append(text[last:])
        return "".join(out)


def spread(expected: str) -> str:
    """prh's pattern for an ``expected``-only rule: letters and digits match any case/width."""
    parts = []
    for ch in expected:
        up, low = HALF.find(ch.upper()), HALF.find(ch.lower())
        if up < 0 and low < 0:
            parts.append(re.escape(ch))
        elif up == low:
            parts.append(f"[{ch}{FULL[up]}]")
        else:
            parts.append(f"[{ch.upper()}{ch.lower()}{FULL[up]}{FULL[low]}]")
    return "".join(parts)


def _boundary(body: str) -> str:
    w = "A-Za-z0-9_"
    return f"(?:(?<![{w}])(?=[{w}])|(?<=[{w}])(?![{w}]))(?:{body})(?:(?<![{w}])(?=[{w}])|(?<=[{w}])(?![{w}]))"


@dataclass(frozen=True)
class PrhLoad:
    """What loading a game's dictionaries gives: the rules to apply, the configuration errors
    (any makes the dictionaries unusable, as in prh), and the rules left out because their pattern
    backtracks without end (a warning each, at the rule's line)."""

    rules: tuple[PrhRule, ...]
    errors: tuple[ConfigError, ...]
    disabled: tuple[ConfigError, ...] = ()


class _Loader:
    def __init__(self, root: Path | None = None):
        self.errors: list[ConfigError] = []
        self.disabled: list[ConfigError] = []
        self.root = Path(root).resolve() if root is not None else None
        self.prober = Prober()

    def error(self, doc, path, message) -> None:
        self.errors.append(ConfigError(doc.where(path), message))

    def file(self, path: Path, chain: tuple, disable_imports: bool = False):
        """(version, rules) of one file and, unless disabled, its imports."""
        from fuda.database.yamlfile import read_yaml

        path = Path(path)
        try:
            doc = read_yaml(path)
        except FindingsError as exc:
            self.errors.extend(ConfigError(f.location, f"prh file: {f.message}") for f in exc.findings)
            return None, []
        data = doc.data if doc.data is not None else {}
        if not isinstance(data, dict):
            self.error(doc, (), "a prh file is a mapping with version, imports and rules")
            return None, []
        for key in data:
            if key not in TOP_KEYS:
                self.error(doc, (key,), f"unknown prh key '{key}' (known: {', '.join(sorted(TOP_KEYS))})")
        version = data.get("version", 1)
        if not isinstance(version, (int, float)) or isinstance(version, bool):
            self.error(doc, ("version",), f"version must be a number, found {version!r}")
            version = 1
        rules = []
        raw_rules = data.get("rules") or []
        if not isinstance(raw_rules, list):
            self.error(doc, ("rules",), "rules must be a list")
            raw_rules = []
        for i, raw in enumerate(raw_rules):
            rule = self.rule(doc, ("rules", i), raw)
            if rule is not None:
                rules.append(rule)
        if not disable_imports and data.get("imports"):
            rules = self.imports(doc, data["imports"], version, rules, (*chain, path.resolve()))
        return version, rules

    def imports(self, doc, imports, version, rules, chain):
        entries = [imports] if isinstance(imports, str) else imports
        if not isinstance(entries, list):
            self.error(doc, ("imports",), "imports must be a path or a list")
            return rules
        for i, entry in enumerate(entries):
            where = ("imports",) if isinstance(imports, str) else ("imports", i)
            spec = {"path": entry} if isinstance(entry, str) else entry
            if not isinstance(spec, dict) or not isinstance(spec.get("path"), str):
                self.error(doc, where, "an import is a path or {path, disableImports, ignoreRules}")
                continue
            for key in spec:
                if key not in IMPORT_KEYS:
                    self.error(doc, (*where, key), f"unknown import key '{key}' (known: {', '.join(sorted(IMPORT_KEYS))})")
            target = (doc.path.parent / spec["path"]).resolve()
            if self.root is not None and not target.is_relative_to(self.root):
                self.error(doc, where, f"imported prh file {spec['path']} is outside the game folder; "
                                       "copy it into the game folder (e.g. lint/) and import it from there")
                continue
            if target in chain:
                self.error(doc, where, f"import cycle: {spec['path']} imports itself through {len(chain)} file(s)")
                continue
            if not target.is_file():
                self.error(doc, where, f"imported prh file {spec['path']} does not exist")
                continue
            sub_version, sub_rules = self.file(target, chain, bool(spec.get("disableImports")))
            if sub_version is None:
                continue
            if sub_version != version:
                self.error(doc, where, f"version mismatch: {spec['path']} has version {sub_version}, this file {version}")
                continue
            ignored = self.ignore_list(doc, where, spec.get("ignoreRules") or [])
            have = {r.expected for r in rules}
            for rule in sub_rules:
                if rule.expected in have or _ignored(rule, ignored):
                    continue
                rules.append(rule)
        return rules

    def ignore_list(self, doc, where, items):
        out = []
        if not isinstance(items, list):
            self.error(doc, (*where, "ignoreRules"), "ignoreRules must be a list")
            return out
        for j, item in enumerate(items):
            if isinstance(item, str):
                out.append(("pattern", item))
            elif isinstance(item, dict) and set(item) <= {"pattern", "expected"} and item:
                out.extend((k, v) for k, v in item.items())
            else:
                self.error(doc, (*where, "ignoreRules", j), "an ignoreRules entry is a pattern or {pattern, expected}")
        return out

    def rule(self, doc, where, raw) -> PrhRule | None:
        if isinstance(raw, str):
            raw = {"expected": raw}
        if not isinstance(raw, dict):
            self.error(doc, where, "a rule is a string or a mapping with expected")
            return None
        for key in raw:
            if key not in RULE_KEYS:
                self.error(doc, (*where, key), f"unknown rule key '{key}' (known: {', '.join(sorted(RULE_KEYS))})")
        expected = raw.get("expected")
        if not isinstance(expected, str):
            self.error(doc, where, "rule without expected (the text prh should find)")
            return None
        name = f"rule '{expected}'"
        options = raw.get("options") or {}
        if not isinstance(options, dict) or set(options) - {"wordBoundary"}:
            self.error(doc, (*where, "options"), f"{name}: options may only set wordBoundary")
            options = {}
        boundary = bool(options.get("wordBoundary"))
        written = raw.get("pattern") if raw.get("pattern") is not None else raw.get("patterns")
        if isinstance(written, str):
            written = [written]
        try:
            if written is None:
                body = spread(expected)
                pattern = re.compile(_boundary(body) if boundary else body, re.M)
                literal, written = None, ()
            else:
                if not isinstance(written, list) or not all(isinstance(p, str) for p in written) or not written:
                    self.error(doc, where, f"{name}: pattern must be a string or a list of strings")
                    return None
                pattern, literal = _compile(written, boundary)
        except TranslationError as exc:
            self.error(doc, where, f"{name}: {exc}")
            return None
        must = raw.get("regexpMustEmpty")
        group = None
        if must is not None:
            m = re.fullmatch(r"\$([0-9]+)", str(must))
            if not m or int(m.group(1)) > pattern.groups:
                self.error(doc, (*where, "regexpMustEmpty"),
                           f"{name}: regexpMustEmpty must be $N naming one of the pattern's {pattern.groups} group(s)")
                return None
            group = int(m.group(1))
        note = raw.get("prh") if isinstance(raw.get("prh"), str) else None
        source = "/" + pattern.pattern.replace("/", "\\/") + "/gmu"
        try:
            runner = bounded(pattern)
        except regex.error as exc:
            self.error(doc, where, f"{name}: the pattern cannot be run with a time bound: {exc}")
            return None
        rule = PrhRule(expected, pattern, source, tuple(written), group, doc.where(where), note, literal, runner)
        specs = raw.get("specs") or []
        if not isinstance(specs, list):
            self.error(doc, (*where, "specs"), f"{name}: specs must be a list of {{from, to}}")
            return None
        for j, spec in enumerate(specs):
            if not (isinstance(spec, dict) and isinstance(spec.get("from"), str) and isinstance(spec.get("to"), str)):
                self.error(doc, (*where, "specs", j), f"{name}: a spec is {{from: text, to: text}}")
                return None
            try:
                got = rule.apply(spec["from"])
            except TimeoutError:
                self.error(doc, (*where, "specs", j),
                           f"{name}: the pattern ran longer than {BUDGET} s on the spec '{spec['from']}' "
                           "(nested repetition such as (a+)+ or (a|aa)+ backtracks without end)")
                return None
            if got != spec["to"]:
                self.error(doc, (*where, "specs", j),
                           f"{name} spec failed: '{spec['from']}' became '{got}', expected '{spec['to']}'")
                return None
        if literal is None:
            stuck = self.prober.probe(runner, pattern.pattern)
            if stuck is not None:
                self.disabled.append(ConfigError(doc.where(where), f"{name}: the pattern backtracks without end on a "
                                                 f"run of '{stuck}' (nested repetition such as (a+)+ or (a|aa)+); "
                                                 "the rule is not applied"))
                return None
        return rule


def _compile(written: list[str], boundary: bool):
    """One Python pattern for a rule's pattern list; the literal when it is one plain string."""
    bodies, flags = [], None
    for text in written:
        if text == "":
            raise TranslationError("empty pattern")
        m = REGEX_STRING.match(text)
        if m:
            compiled = translate(m.group(1), m.group(2))
            body, these = compiled.pattern, "i" in m.group(2)
        else:
            body, these = (_boundary(re.escape(text)) if boundary else re.escape(text)), False
        if flags is not None and flags != these:
            raise TranslationError("combining patterns with different flags")
        flags = these
        bodies.append(body)
    pattern = bodies[0] if len(bodies) == 1 else "(?:" + "|".join(bodies) + ")"
    try:
        compiled = re.compile(pattern, re.M | (re.I if flags else 0))
    except re.error as exc:
        raise TranslationError(f"invalid combined pattern: {exc}") from None
    plain = len(written) == 1 and not boundary and not REGEX_STRING.match(written[0])
    return compiled, (written[0] if plain else None)


def _ignored(rule: PrhRule, ignored) -> bool:
    for kind, value in ignored:
        if kind == "expected" and value == rule.expected:
            return True
        if kind == "pattern" and (value == rule.source or value in rule.written):
            return True
    return False


@lru_cache(maxsize=32)
def _load_cached(files: tuple, stamps: tuple, root: Path | None) -> PrhLoad:
    loader = _Loader(root)
    rules: list[PrhRule] = []
    have: set[str] = set()
    for path in files:
        _, found = loader.file(path, ())
        for rule in found:
            if rule.expected not in have:
                rules.append(rule)
                have.add(rule.expected)
    return PrhLoad(tuple(rules), tuple(loader.errors), tuple(loader.disabled))


def load(files, root: Path | None = None) -> tuple[tuple[PrhRule, ...], tuple[ConfigError, ...]]:
    """The merged rules of prh ``files`` (in order) and every configuration error (see
    :func:`load_report`)."""
    found = load_report(files, root)
    return found.rules, found.errors


def load_report(files, root: Path | None = None) -> PrhLoad:
    """The merged rules of prh ``files`` (in order), every configuration error, and the rules
    left out at load; with ``root``, imports outside that folder are refused."""
    files = tuple(Path(f).resolve() for f in files)
    missing = [f for f in files if not f.is_file()]
    if missing:
        return PrhLoad((), tuple(ConfigError(Location(f), f"prh file {f} does not exist") for f in missing))
    # imports usually sit beside the file: their change times are part of the cache key too
    folders = sorted({f.parent for f in files})
    stamps = tuple((str(p), p.stat().st_mtime_ns) for d in folders for p in sorted(d.glob("*.y*ml")))
    return _load_cached(files, stamps, Path(root).resolve() if root is not None else None)
