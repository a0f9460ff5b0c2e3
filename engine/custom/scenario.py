"""Conformance scenarios of a custom game: ``scenarios/*.yaml`` read, checked and compiled.

A scenario is a position (``given``), the answers the players give (``when``) and what must
hold then (``then``); :mod:`.conformance` runs it. Here a file is read (located YAML), checked
against ``schema/custom.scenario.schema.json``, and every name it uses — players, zones,
counters, card ids, integer fields — is checked against the game's compiled ``play:`` section
and cards (an unknown card id names the nearest one, or the id of a card whose printed name it
is). Every problem is a located :class:`Problem`, rendered in the user's language.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path

from fuda.database import Finding, FindingsError, Location
from fuda.database.schemas import validate_document
from fuda.database.yamlfile import read_yaml
from fuda.i18n import Text, localize, t

SCHEMA = "custom.scenario.schema.json"
FOLDER = "scenarios"
SEATS = ("P1", "P2")
#: scenario codes: T0xx a file that cannot be run, T1xx an expectation or answer that failed
UNKNOWN, RANGE, ANSWER, EXPECT, ENGINE = "T001", "T002", "T101", "T102", "T103"


@dataclass(frozen=True)
class Problem:
    """One located line about a scenario: a file that cannot be run (``error``) or a scenario that
    ran and did not hold (``failed``). ``finding`` carries a schema or YAML finding as is;
    ``note`` what may explain a failure (play went on past the last answer)."""

    location: Location
    code: str
    message: Text | None = None
    severity: str = "error"
    finding: Finding | None = None
    note: Text | None = None

    def render(self, lang: str | None = None) -> str:
        """``file:line:col: 失敗[T102]: …`` in ``lang`` (default: the user's language)."""
        if self.finding is not None:
            return self.finding.render(lang)
        word = t(f"scenario.word.{self.severity}", lang)
        text = f"{self.location}: {word}[{self.code}]: {localize(self.message, lang)}"
        if self.note is not None:
            text += t("finding.hint_sep", lang) + localize(self.note, lang)
        return " ".join(text.split())

    def __str__(self) -> str:
        return self.render()


@dataclass(frozen=True)
class Placed:
    """A card of the position: its id, whether it lies down, whether it entered this turn."""

    card: str
    tapped: bool = False
    fresh: bool = False


@dataclass(frozen=True)
class Given:
    """The position: the active seat (0-based), the turn's number, where play starts, the seed,
    counters as (seat, counter index, value), zones as (seat, zone index, cards)."""

    active: int = 0
    turn: int = 3
    step: str = "main"
    seed: int = 0
    counters: tuple = ()
    zones: tuple = ()


@dataclass(frozen=True)
class Answer:
    """One answer: as written, where, the seat it names (or None), the decision kind, the picks."""

    text: str
    location: Location
    seat: int | None
    kind: str
    picks: tuple[str, ...]


@dataclass(frozen=True)
class Expect:
    """One expectation: ``what`` (zone, count, counter, legal, decider, winner), where it is
    written, the seat it is about (or None), the zone or counter index (or the decision kind),
    and the value expected (for a zone: (card id, tapped or None, (field, value)…, location)
    per card)."""

    what: str
    location: Location
    seat: int | None
    index: object
    value: object


@dataclass(frozen=True)
class Scenario:
    """A checked scenario, ready to run."""

    path: Path
    name: str
    given: Given
    answers: tuple[Answer, ...]
    expects: tuple[Expect, ...]


def scenario_files(folder: Path) -> list[Path]:
    """The scenario files of a game folder (``scenarios/*.yaml``, ``*.yml``), in name order."""
    where = Path(folder) / FOLDER
    if not where.is_dir():
        return []
    return sorted(p for p in where.iterdir() if p.suffix.lower() in (".yaml", ".yml") and p.is_file()
                  and not p.name.startswith("."))


def load_scenario(path: Path, static) -> tuple[Scenario | None, list[Problem]]:
    """Read and check one scenario file against a compiled game (:class:`~.cards.Static`); the
    scenario, or None and the located problems."""
    try:
        doc = read_yaml(path, Path(path).parent)
    except FindingsError as exc:
        return None, [Problem(f.location, f.code, finding=f) for f in exc.findings]
    found = validate_document(doc, SCHEMA)
    if found:
        return None, [Problem(f.location, f.code, finding=f) for f in found]
    return _Checker(doc, static).scenario()


class _Checker:
    """Turns a schema-valid document into a :class:`Scenario`, checking every name it uses."""

    def __init__(self, doc, static):
        self.doc, self.static, self.rules = doc, static, static.rules
        self.problems: list[Problem] = []
        ints: set[str] = set()
        for d in static.cards.values():
            ints.update(k for k, v in d.values.items() if type(v) is int)
        self.fields = tuple(sorted(ints))

    def at(self, *path, key: bool = False) -> Location:
        return self.doc.where(path, key=key)

    def problem(self, where: Location, code: str, key: str, **params) -> None:
        self.problems.append(Problem(where, code, Text(key, **params)))

    def name(self, value, known, what: str, *path, key: bool = True) -> int:
        """The index of ``value`` in ``known``, or -1 after a located problem naming the nearest."""
        if value in known:
            return known.index(value)
        self.problem(self.at(*path, key=key), UNKNOWN, f"scenario.unknown_{what}", name=value,
                     near=_near(value, known), known=", ".join(known))
        return -1

    def card(self, cid, *path) -> str:
        if cid not in self.static.cards:
            by_name = [d.id for d in self.static.cards.values() if d.name == cid]
            near = Text("scenario.near", name=by_name[0]) if by_name else _near(cid, tuple(self.static.cards))
            self.problem(self.at(*path), UNKNOWN, "scenario.unknown_card", card=cid, near=near)
        return cid

    def scenario(self) -> tuple[Scenario | None, list[Problem]]:
        data = self.doc.data
        given = self.given(data["given"])
        answers = tuple(self.answer(text, k) for k, text in enumerate(data.get("when") or ()))
        expects = self.expects(data["then"])
        if self.problems:
            return None, self.problems
        return Scenario(self.doc.path, data["name"], given, answers, expects), []

    def given(self, g) -> Given:
        rules = self.rules
        counters, zones = [], []
        for seat, values in (g.get("counters") or {}).items():
            for name, v in values.items():
                k = self.name(name, rules.counters, "counter", "given", "counters", seat, name)
                if k >= 0 and not rules.lo[k] <= v <= rules.hi[k]:
                    self.problem(self.at("given", "counters", seat, name), RANGE, "scenario.counter_range",
                                 name=name, value=v, lo=rules.lo[k], hi=rules.hi[k])
                counters.append((SEATS.index(seat), k, v))
        for seat, held in (g.get("zones") or {}).items():
            for zone, cards in held.items():
                z = self.name(zone, rules.zones, "zone", "given", "zones", seat, zone)
                placed = []
                for i, item in enumerate(cards):
                    path = ("given", "zones", seat, zone, i)
                    if isinstance(item, str):
                        placed.append(Placed(self.card(item, *path)))
                    else:
                        placed.append(Placed(self.card(item["card"], *path, "card"), bool(item.get("tapped")),
                                             bool(item.get("entered-this-turn"))))
                zones.append((SEATS.index(seat), z, tuple(placed)))
        return Given(SEATS.index(g.get("active", "P1")), g.get("turn", 3), g.get("step", "main"), g.get("seed", 0),
                     tuple(counters), tuple(zones))

    def answer(self, text: str, k: int) -> Answer:
        words = text.split()
        seat = None
        if words[0] in SEATS:
            seat = SEATS.index(words.pop(0))
        where = self.at("when", k)
        if len(words) < 2:
            self.problem(where, UNKNOWN, "scenario.answer_form", answer=text)
            return Answer(text, where, seat, "", ())
        return Answer(text, where, seat, words[0], tuple(words[1:]))

    def expects(self, then) -> tuple[Expect, ...]:
        rules, out = self.rules, []
        for seat, held in (then.get("zones") or {}).items():
            for zone, want in held.items():
                z = self.name(zone, rules.zones, "zone", "then", "zones", seat, zone)
                where = self.at("then", "zones", seat, zone)
                if isinstance(want, dict):
                    out.append(Expect("count", where, SEATS.index(seat), z, want["count"]))
                    continue
                cards = []
                for i, item in enumerate(want):
                    path = ("then", "zones", seat, zone, i)
                    if isinstance(item, str):
                        cards.append((self.card(item, *path), None, (), self.at(*path)))
                        continue
                    for field in item.get("values") or {}:
                        self.name(field, self.fields, "field", *path, "values", field)
                    cards.append((self.card(item["card"], *path, "card"), item.get("tapped"),
                                  tuple(sorted((item.get("values") or {}).items())), self.at(*path)))
                out.append(Expect("zone", where, SEATS.index(seat), z, tuple(cards)))
        for seat, values in (then.get("counters") or {}).items():
            for name, v in values.items():
                k = self.name(name, rules.counters, "counter", "then", "counters", seat, name)
                out.append(Expect("counter", self.at("then", "counters", seat, name), SEATS.index(seat), k, v))
        if "legal" in then:
            kind, *ids = then["legal"].split()
            out.append(Expect("legal", self.at("then", "legal"), None, kind, tuple(ids)))
        if "decider" in then:
            out.append(Expect("decider", self.at("then", "decider"), SEATS.index(then["decider"]), None, None))
        if "winner" in then:
            w = then["winner"]
            out.append(Expect("winner", self.at("then", "winner"), None, None,
                              None if w is None else "draw" if w == "draw" else SEATS.index(w)))
        return tuple(out)


def _near(word, known) -> Text | str:
    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1, cutoff=0.5)
    return Text("scenario.near", name=close[0]) if close else ""


__all__ = ["FOLDER", "SCHEMA", "Answer", "Expect", "Given", "Placed", "Problem", "Scenario", "load_scenario",
           "scenario_files"]
