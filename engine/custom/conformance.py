"""Running conformance scenarios: a custom game set up at a given position, answered, checked.

:class:`ScenarioGame` is a :class:`~.game.CustomGame` whose cards are the ones a scenario's
``given`` names, placed in their zones, with the counters, the active player and the turn it
says; play starts in that player's main step (``step: main``), at the beginning of the turn
(``start``) or before the set-up (``setup``). :func:`run_scenario` gives the ``when`` answers
one by one — the kind of decision each names must be the one pending — and checks every
``then`` expectation; each failure is one located :class:`~.scenario.Problem`. A run is
bounded: the answers are finite, forced decisions are the engine's, and every game ends by the
engine's turn limit.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from fuda.database import Location
from fuda.engine.core import ChoiceError
from fuda.engine.custom import rules as R
from fuda.engine.custom import turn as T
from fuda.engine.custom.game import CustomGame, PlayerSetup
from fuda.engine.custom.scenario import ANSWER, ENGINE, EXPECT, SEATS, Problem, Scenario, load_scenario
from fuda.engine.custom.state import pile, value
from fuda.i18n import Text, language


class ScenarioGame(CustomGame):
    """A custom game that starts at a scenario's position (see the module docstring)."""

    def __init__(self, static, given, registry=None):
        players = static.rules.players
        cards: list[list[str]] = [[] for _ in range(players)]
        for seat, _, placed in given.zones:
            cards[seat].extend(p.card for p in placed)
        setups = [PlayerSetup(SEATS[p], SEATS[p], tuple(cards[p])) for p in range(players)]
        # the seat that went first: the active one on odd turns
        first = given.active if given.turn % 2 else 1 - given.active
        super().__init__(static, setups, given.seed, registry, first)
        self.given = given
        st = self.st
        for k in range(len(st.piles)):
            st.piles[k] = []
        c = 0
        for seat, zone, placed in sorted(given.zones, key=lambda z: z[0]):  # (numbered as the setups)
            for p in placed:
                k = pile(st, zone, seat)
                st.piles[k].append(c)
                st.where[c] = k
                st.tapped[c] = p.tapped
                st.entered[c] = given.turn if p.fresh else given.turn - 1
                c += 1
        for seat, counter, v in given.counters:
            st.counters[seat][counter] = v
        if given.step != "setup":
            st.first, st.active = first, given.active
            st.turn = given.turn if given.step == "main" else given.turn - 1

    def fresh(self) -> ScenarioGame:
        return ScenarioGame(self.static, self.given, self.registry)

    def flow(self):
        if self.given.step == "setup":
            yield from super().flow()
            return
        st = self.st
        st.push(("turn", st.active, ("number",), st.turn))
        if self.given.step == "main":
            R.check_end(st)
            yield from _rest_of_turn(st)
        while True:
            yield from T.play_turn(st)


def _rest_of_turn(st):
    """The active player's turn from its main step on, as :func:`.turn.play_turn` runs it."""
    rules = st.static.rules
    p = st.active
    kinds = [s.kind for s in rules.steps]
    start = kinds.index("main") if "main" in kinds else len(kinds)
    for step in rules.steps[start:]:
        if step.kind == "refresh":
            for c in st.piles[pile(st, rules.field, p)]:
                st.tapped[c] = False
        elif step.kind == "main":
            yield from T.main(st, p)
        elif step.kind == "end":
            yield from T.end_step(st, p)
        elif not (step.skip_first and st.turn == 1):
            yield from R.run_ops(st, R.Ctx(-1, p), (step.op,))
            yield from R.drain(st)
        R.check_end(st)
    st.active = (p + 1) % rules.players
    R.check_limit(st)


@dataclass(frozen=True)
class Result:
    """A scenario file's run: its name (or None when it could not be read) and its problems."""

    path: Path
    name: str | None
    problems: tuple[Problem, ...]

    @property
    def passed(self) -> bool:
        return not self.problems


def run_file(path: Path, static, registry=None) -> Result:
    """Read, check and run one scenario file."""
    scenario, problems = load_scenario(path, static)
    if scenario is None:
        return Result(Path(path), None, tuple(problems))
    return Result(Path(path), scenario.name, tuple(run_scenario(scenario, static, registry)))


def run_scenario(scenario: Scenario, static, registry=None) -> list[Problem]:
    """Play a scenario's answers from its position and check its expectations (the problems)."""
    where = Location(scenario.path, 1, 1)  # (an error while setting up: the file)
    turn = 1 if scenario.given.step == "setup" else scenario.given.turn  # (the turn play starts in)
    try:
        game = ScenarioGame(static, scenario.given, registry).start()
        for answer in scenario.answers:
            where, turn = answer.location, game.st.turn
            problem = _give(game, answer)
            if problem is not None:
                return [problem]
    except Exception as exc:
        return [Problem(where, ENGINE, Text("scenario.engine", error=f"{type(exc).__name__}: {exc}"), "failed")]
    problems = [p for e in scenario.expects if (p := _check(game, e)) is not None]
    if problems and game.st.turn > turn:
        # the engine answered one-choice decisions after the last answer, up to another turn: say
        # so, it is the usual reason an until-end-of-turn change or a hand looks wrong
        note = Text("scenario.went_on", turn=game.st.turn, who=SEATS[game.st.active] if game.pending else "—")
        problems = [replace(p, note=note) for p in problems]
    return problems


class _Said(Text):
    """A text the engine wrote in both languages (a game's end reason), shown in the user's."""

    ja: str

    def __new__(cls, en: str, ja: str):
        self = str.__new__(cls, en)
        self.key, self.params = None, {}  # type: ignore[assignment]  # (no message key: text() is its own)
        self.ja = ja or en
        return self

    def text(self, lang: str | None = None) -> str:
        return self.ja if (lang or language()) == "ja" else str(self)

    def __reduce__(self):
        return (_Said, (str(self), self.ja))


def _reason(game) -> Text:
    out = game.outcome
    return _Said(out.en, out.ja) if out is not None else _Said(game.reason, game.reason)


def _pending(game) -> Text:
    d = game.pending
    if d is None:
        return Text("scenario.over", reason=_reason(game))
    return Text("scenario.waiting", who=SEATS[d.player], kind=d.kind, ids=" ".join(o.id for o in d.options))


def _give(game, answer) -> Problem | None:
    def fail(key, **params):
        return Problem(answer.location, ANSWER, Text(key, answer=answer.text, **params), "failed")

    d = game.pending
    if d is None:
        return fail("scenario.answer_over", reason=_reason(game))
    if d.kind != answer.kind or (answer.seat is not None and answer.seat != d.player):
        return fail("scenario.answer_other", pending=_pending(game))
    try:
        game.choose(*answer.picks)
    except ChoiceError:
        return fail("scenario.answer_illegal", pending=_pending(game))
    return None


def _ids(st, cards) -> list[str]:
    return [st.defs[c].id for c in cards]


def _shown(ids) -> str:
    return "[" + ", ".join(ids) + "]"


def _check(game, e) -> Problem | None:
    st, rules = game.st, game.static.rules

    def fail(key, **params):
        return Problem(e.location, EXPECT, Text(key, **params), "failed")

    who = SEATS[e.seat] if e.seat is not None else ""
    if e.what in ("zone", "count"):
        cards = [c for c in st.piles[pile(st, e.index, e.seat)] if st.owner[c] == e.seat]
        zone = rules.zone_labels[e.index]
        if e.what == "count":
            return None if len(cards) == e.value else fail("scenario.expect_count", who=who, zone=zone,
                                                                 want=e.value, found=len(cards))
        want_ids = [cid for cid, _, _, _ in e.value]
        found_ids = _ids(st, cards)
        ordered = e.index == rules.deck
        if (want_ids != found_ids) if ordered else (Counter(want_ids) != Counter(found_ids)):
            return fail("scenario.expect_zone", who=who, zone=zone, want=_shown(want_ids), found=_shown(found_ids))
        for cid, tapped, values, where in e.value:
            copies = [c for c in cards if st.defs[c].id == cid]
            if any((tapped is None or st.tapped[c] == tapped) and all(value(st, c, f) == v for f, v in values)
                   for c in copies):
                continue
            c = copies[0]
            what: str
            if tapped is not None and st.tapped[c] != tapped:
                what, want, found = Text("scenario.tapped"), _yaml(tapped), _yaml(st.tapped[c])
            else:
                f, want = next((f, v) for f, v in values if value(st, c, f) != v)
                what, found = _label(game, c, f), value(st, c, f)
            return Problem(where, EXPECT, Text("scenario.expect_card", who=who, zone=zone, card=cid, what=what,
                                               want=want, found=found), "failed")
        return None
    if e.what == "counter":
        v = st.counters[e.seat][e.index]
        return None if v == e.value else fail("scenario.expect_counter", who=who, counter=rules.counter_labels[e.index],
                                              want=e.value, found=v)
    d = game.pending
    if e.what == "legal":
        if d is None or d.kind != e.index or Counter(o.id for o in d.options) != Counter(e.value):
            return fail("scenario.expect_legal", want=f"{e.index} {' '.join(e.value)}", found=_pending(game))
        return None
    if e.what == "decider":
        return None if d is not None and d.player == e.seat else fail("scenario.expect_decider", want=who,
                                                                       found=_pending(game))
    # winner
    if not game.finished:
        if e.value is None:
            return None
        return fail("scenario.expect_unfinished", want=_winner(e.value), found=_pending(game))
    got = "draw" if game.winner is None else game.winner
    if got == e.value:
        return None
    return fail("scenario.expect_winner", want=_winner(e.value), found=Text("scenario.ended", winner=_winner(got),
                                                                               reason=_reason(game)))


def _yaml(flag: bool) -> str:
    return "true" if flag else "false"


def _label(game, c: int, field: str) -> str:
    """``power（力）``: a field with the label its card's kind gives it in game.yaml (when known)."""
    registry = game.registry
    kinds = registry.game.manifest.get("kinds") if registry is not None and hasattr(registry, "game") else None
    spec = ((kinds or {}).get(game.st.defs[c].kind) or {}).get("fields", {}).get(field) or {}
    label = spec.get("label") if hasattr(spec, "get") else None
    return f"{field}（{label}）" if label and label != field else field


def _winner(w) -> Text | str:
    if w is None:
        return Text("scenario.not_over")
    return Text("scenario.draw") if w == "draw" else SEATS[w]


__all__ = ["Result", "ScenarioGame", "run_file", "run_scenario"]
