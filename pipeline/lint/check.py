"""What a lint rule is made of: rule infos, hits, the three check shapes, diagnostics, and the
per-game context and plan the runner hands to checks.

A rule module (``fuda/lint/rules/*.py``) declares :class:`RuleInfo` entries and checks of three
shapes: a :class:`FieldCheck` scans one string field (name, text, an ability's text, flavor) and
yields :class:`Hit` offsets inside it; a :class:`CardCheck` looks at a whole card (its text
against its data); a :class:`GameCheck` runs once per game (configuration, prh files).

Speed: most card texts are clean, so the runner does not visit every string. :class:`Plan` joins
the strings of a game's cards into a :class:`~fuda.lint.corpus.Corpus`, runs one combined gate
pattern (every check's ``trigger``) and each check's ``select`` over it, and scans only the cards
they point at. Positions are computed only for the diagnostics actually reported.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from fuda.database.findings import Finding, Location
from fuda.i18n import t
from fuda.lint.corpus import Corpus, combine
from fuda.lint.settings import LintSettings, expand
from fuda.lint.source import locate
from fuda.lint.vocab import Vocabulary, vocabulary

SEVERITIES = ("error", "warning", "info")
RANK = {"error": 3, "warning": 2, "info": 1}
TEXT_KINDS = frozenset({"text", "ability"})  # rules text: the card text and each ability's text
CARD_KINDS = frozenset({"name", "text", "ability", "flavor"})
#: ...and ``deck``: a deck file's name and description (prose: only the writing rules read them)
ALL_KINDS = CARD_KINDS | {"deck"}


@dataclass(frozen=True)
class RuleInfo:
    """A lint rule: its code, default severity and a one-line title. Its ``--explain`` text is the
    catalogue's ``explain.<CODE>`` (:meth:`explanation`), filled with ``values``; ``detail`` is
    data listed after it in every language (AGR006's phrase tables)."""

    code: str
    severity: str
    title: str
    group: str
    fixable: bool = False
    detail: str = ""
    values: tuple[tuple[str, object], ...] = ()  # (placeholder, value) pairs

    def explanation(self, lang: str | None = None) -> str:
        """What the rule checks and how to fix what it finds, in ``lang`` (default: the current language)."""
        text = t(f"explain.{self.code}", lang, **dict(self.values))
        return f"{text}\n{self.detail}" if self.detail else text


@dataclass(frozen=True)
class Hit:
    """A finding inside one string: ``value[start:end]``; ``replacement`` is its safe fix."""

    code: str
    start: int
    end: int
    message: str
    hint: str | None = None
    replacement: str | None = None


class Field(NamedTuple):
    """One string of a card (``kind`` name, text, ability or flavor) or of a deck file (``kind``
    deck: its name and description); ``path`` is its data path.
    (A named tuple: a card has several and the runner makes them for every card.)"""

    kind: str
    path: tuple
    value: str
    card: object
    covered: bool = False  # an ability text that also stands in the card text (scanned there)


@dataclass(frozen=True)
class FieldCheck:
    """A scan of single fields; ``kinds`` are the field kinds it reads.

    To keep clean cards cheap, a check says which cards can have a finding: ``trigger(ctx)``
    gives regexes (no capture groups, each starting with a character class; a tuple is an
    alternation) one of which every string with a finding matches, or ``select(ctx, corpus)``
    returns the indices of the cards to scan (None: all) from the game's strings of ``kinds``
    joined in a :class:`~fuda.lint.corpus.Corpus`; with neither, every card is scanned.
    ``active(ctx)`` switches the check off for a game (e.g. CP932 for games not exported to Duel
    Online). ``scan`` alone must find everything: the gates only skip work.
    """

    codes: tuple[str, ...]
    scan: Callable
    kinds: frozenset = ALL_KINDS
    trigger: Callable | None = None
    select: Callable | None = None
    active: Callable | None = None


@dataclass(frozen=True)
class CardCheck:
    """A check of a whole card; ``run(ctx, card)`` yields diagnostics (see ``Context.at``).
    With ``batch``, ``run(ctx, cards)`` checks all the game's cards in one call."""

    codes: tuple[str, ...]
    run: Callable
    active: Callable | None = None
    batch: bool = False


@dataclass(frozen=True)
class GameCheck:
    """A check run once per game; ``run(ctx)`` yields diagnostics."""

    codes: tuple[str, ...]
    run: Callable
    active: Callable | None = None


@dataclass(frozen=True)
class Diagnostic:
    """One lint result: a rule code at a place, with a message, the card and a hint."""

    code: str
    severity: str
    message: str
    location: Location
    card: str | None = None
    hint: str | None = None
    game: str | None = None
    path: tuple = ()
    fixable: bool = False

    def finding(self) -> Finding:
        """The same result as a pipeline :class:`Finding` (shared one-line format)."""
        return Finding(self.location, self.code, self.message, self.severity, self.card, self.hint)

    def __str__(self) -> str:
        return str(self.finding())

    def as_dict(self) -> dict:
        """A JSON-ready form (``--format json``)."""
        data = self.finding().as_dict()
        data["game"] = self.game
        data["fixable"] = self.fixable
        return data

    def sort_key(self):
        """Reading order: file, line, column, code, message."""
        return (str(self.location.file), self.location.line, self.location.col, self.code, self.message)


class Context:
    """Everything the rules need about one game, computed once: settings, vocabulary, names,
    the enabled codes and per-game caches (compiled patterns, prh rules)."""

    def __init__(self, game, enabled: frozenset, registry: dict, options: dict | None = None):
        self.game = game
        self.settings = LintSettings.from_manifest(game.manifest)
        self.vocab: Vocabulary = vocabulary(game)
        self.registry = registry
        self.enabled = frozenset(enabled) - {c for s in self.settings.ignore for c in expand(s, registry)}
        if not self.vocab.data:  # text only (rules: custom): no ability data to hold the labels against;
            # the numbers of a custom game's abilities are still compared (AGR006)
            self.enabled -= {c for c, info in registry.items() if info.group == "agreement" and c != "AGR006"}
        self.options = options or {}
        self._memo: dict = {}
        self._names: dict | None = None

    @property
    def names(self) -> dict[str, list[str]]:
        """Card name -> ids of the cards printed with it."""
        if self._names is None:
            names: dict[str, list[str]] = {}
            for card in self.game.cards:
                names.setdefault(card.name, []).append(card.id)
            self._names = names
        return self._names

    @property
    def types(self) -> tuple[str, ...]:
        """Creature types of the game (manifest ``types``, else the rule set's defaults)."""
        return tuple(self.game.manifest.get("types") or self.vocab.types)

    def memo(self, key, factory: Callable):
        """A per-game cached value (compiled patterns depending on the settings)."""
        if key not in self._memo:
            self._memo[key] = factory()
        return self._memo[key]

    def severity(self, code: str) -> str:
        """The severity of ``code`` for this game (manifest ``lint.severity`` overrides)."""
        return self.settings.severity.get(code) or self.registry[code].severity

    def at(self, code: str, card, path: tuple, message: str, *, offset: int = 0,
           hint: str | None = None, value: str | None = None, fixable: bool = False) -> Diagnostic:
        """A diagnostic about ``card`` at character ``offset`` of the string at ``path``."""
        loc = card.where(*path) if path else card.source
        if value is None and path:
            value = _value_at(card, path)
        if isinstance(value, str):
            loc = locate(loc, value, offset)
        return Diagnostic(code, self.severity(code), message, loc, card.id, hint, self.game.id, path, fixable)

    def located(self, code: str, location: Location, message: str, *, hint: str | None = None,
                card: str | None = None) -> Diagnostic:
        """A diagnostic at an explicit location (manifest, prh file)."""
        return Diagnostic(code, self.severity(code), message, location, card, hint, self.game.id)


def _value_at(card, path):
    return value_at(card.data, path)


def value_at(node, path: tuple):
    """The value at ``path`` (keys and indices) below ``node``, or None when there is none."""
    for key in path:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return None
    return node


def fields(card) -> list[Field]:
    """The string fields of a card, in reading order."""
    text = card.text or ""
    out = [Field("name", ("name",), card.name, card), Field("text", ("text",), text, card)]
    for i, ability in enumerate(card.abilities):
        if ability.text:
            out.append(Field("ability", ("abilities", i, "text"), ability.text, card, ability.text in text))
    if card.flavor:
        out.append(Field("flavor", ("flavor",), card.flavor, card))
    return out


def deck_fields(deck) -> list[Field]:
    """The prose strings of a deck file: its name and description."""
    out = [Field("deck", ("name",), deck.name, deck)]
    description = deck.data.get("description")
    if isinstance(description, str) and description:
        out.append(Field("deck", ("description",), description, deck))
    return out


class Plan:
    """The checks enabled for one game, sorted by how they are gated."""

    def __init__(self, ctx: Context, checks):
        enabled = ctx.enabled

        def on(check):
            return enabled.intersection(check.codes) and (check.active is None or check.active(ctx))

        self.field = [c for c in checks.FIELD if on(c)]
        self.card = [c for c in checks.CARD if on(c) and not c.batch]
        self.batch = [c for c in checks.CARD if on(c) and c.batch]
        self.game = [c for c in checks.GAME if on(c)]
        self.triggered = [c for c in self.field if c.trigger is not None]
        self.selected = [c for c in self.field if c.trigger is None and c.select is not None]
        self.always = [c for c in self.field if c.trigger is None and c.select is None]
        triggers = []
        for check in self.triggered:
            trigger = check.trigger(ctx)
            triggers.extend((trigger,) if isinstance(trigger, str) else trigger)
        self.gate = combine(triggers)

    def hits(self, ctx: Context, fld: Field) -> Iterator[Hit]:
        """Every hit of the enabled field checks on ``fld`` (no gates: for ``--fix``)."""
        enabled = ctx.enabled
        for check in self.field:
            if fld.kind in check.kinds:
                for hit in check.scan(ctx, fld):
                    if hit.code in enabled:
                        yield hit

    def scans(self, ctx: Context, cards) -> dict[int, list[FieldCheck]]:
        """Card index -> the field checks to run on it; cards not listed are clean."""
        todo: dict[int, list[FieldCheck]] = {}
        everyone = range(len(cards))
        corpora: dict[frozenset, Corpus] = {}

        def corpus(kinds):
            if kinds not in corpora:
                corpora[kinds] = Corpus(cards, kinds)
            return corpora[kinds]

        def add(indices, checks):
            for n in indices:
                todo.setdefault(n, []).extend(checks)

        if self.triggered:
            whole = corpus(ALL_KINDS)
            add(whole.cards_matching(self.gate) if whole.exact else everyone, self.triggered)
        for check in self.selected:
            found = corpus(check.kinds)
            chosen = check.select(ctx, found) if found.exact else None
            add(everyone if chosen is None else chosen, [check])
        for check in self.always:
            add(everyone, [check])
        return todo
