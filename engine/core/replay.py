"""Replays: a header, the seed and the decisions — enough to play a game again, exactly.

A replay file is JSON::

    {"format": "fuda-replay-1", "rules": "recast-rift", "engine": "1.0", "rules_version": "1",
     "rng": "fuda-rng-1", "database": "<db.digest>", "seed": 7, "setup": {...decks...},
     "decisions": [[player, kind, [picks...]], ...],
     "result": {"winner": 0, "reason": "..."}, "log_digest": "<sha256 of the event log>",
     "events": [...]}

Forced decisions (one possible answer) are not stored: the engine answers them itself when the
replay runs. :func:`verify` replays a file and lists every difference (versions, database,
decisions, result, log).

A replay file edited by hand (or cut short) fails with one :class:`ReplayError` naming
``file:line:col`` — of the JSON error, of the field that is wrong, or of the first recorded
decision that no longer fits the game — never with a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fuda.database.findings import FindingsError
from fuda.engine.core.agents import ScriptedAgent, ScriptError
from fuda.engine.core.decision import ChoiceError
from fuda.engine.core.game import Game
from fuda.engine.core.runner import run
from fuda.i18n import Text

REPLAY_FORMAT = "fuda-replay-1"


class ReplayError(ValueError):
    """A replay file that cannot be read or played: one line, ``file:line:col: what``."""

    def __init__(self, message: str, path=None, line: int = 1, col: int = 1):
        self.path, self.line, self.col, self.message = path, line, col, message
        where = f"{path}:{line}:{col}: " if path is not None else ""
        super().__init__(Text("replay.located", where=where, message=message))


@dataclass(frozen=True)
class Replay:
    """Everything needed to play a game again, plus what it produced (to compare)."""

    rules: str
    engine: str
    rules_version: str
    rng: str
    database: str
    seed: int
    setup: dict
    decisions: tuple[tuple[int, str, tuple[str, ...]], ...]
    result: dict = field(default_factory=dict)
    log_digest: str = ""
    events: tuple = ()
    #: where it was read from (file, and the (line, col) of the setup and of each decision)
    source: Source | None = field(default=None, compare=False, repr=False)

    def as_json(self, with_events: bool = True) -> dict:
        """The JSON document of this replay."""
        doc = {
            "format": REPLAY_FORMAT, "rules": self.rules, "engine": self.engine,
            "rules_version": self.rules_version, "rng": self.rng, "database": self.database,
            "seed": self.seed, "setup": self.setup,
            "decisions": [[p, k, list(picks)] for p, k, picks in self.decisions],
            "result": self.result, "log_digest": self.log_digest,
        }
        if with_events:
            doc["events"] = list(self.events)
        return doc

    def dumps(self) -> str:
        """The replay as JSON text (UTF-8, Japanese kept readable)."""
        return json.dumps(self.as_json(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, doc: dict) -> Replay:
        """Read a replay document; ``ValueError`` naming what is wrong."""
        if not isinstance(doc, dict) or doc.get("format") != REPLAY_FORMAT:
            raise ValueError(Text("replay.not_replay", format=REPLAY_FORMAT))
        try:
            return cls(
                rules=doc["rules"], engine=doc["engine"], rules_version=doc["rules_version"],
                rng=doc["rng"], database=doc["database"], seed=int(doc["seed"]), setup=doc["setup"],
                decisions=tuple((int(p), str(k), tuple(picks)) for p, k, picks in doc["decisions"]),
                result=doc.get("result", {}), log_digest=doc.get("log_digest", ""),
                events=tuple(doc.get("events", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(Text("replay.bad_field", field=str(exc))) from None

    @classmethod
    def load(cls, path: Path) -> Replay:
        """Read a replay file; :class:`ReplayError` (file:line:col) when it is not one."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise ReplayError(Text("replay.not_utf8", byte=exc.start), path) from None
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ReplayError(Text("replay.not_json", reason=exc.msg), path, exc.lineno, exc.colno) from None
        source = Source(path, text)
        try:
            replay = cls.from_json(doc)
        except ValueError as exc:
            key = next((k for k in ("format", "decisions", "setup", "seed") if k in str(exc)), "format")
            raise ReplayError(exc.args[0] if exc.args else str(exc), path, *source.key(key)) from None
        return replay.located(source)

    def located(self, source: Source) -> Replay:
        """This replay remembering where its parts are in ``source``."""
        return Replay(**{**{f: getattr(self, f) for f in self.__dataclass_fields__}, "source": source})

    def where(self, decision: int | None = None) -> tuple:
        """(path, line, col) of decision number ``decision`` (0-based), or of the setup."""
        if self.source is None:
            return (None, 1, 1)
        if decision is None:
            return (self.source.path, *self.source.key("setup"))
        return (self.source.path, *self.source.decision(decision))


class Source:
    """A replay file's text, to say where a key or a decision is (line and column, from 1)."""

    def __init__(self, path, text: str):
        self.path, self.text = path, text
        self._decisions: list[int] | None = None

    def _at(self, offset: int) -> tuple[int, int]:
        line = self.text.count("\n", 0, offset) + 1
        return line, offset - (self.text.rfind("\n", 0, offset) + 1) + 1

    def key(self, name: str) -> tuple[int, int]:
        """Where the top-level key ``name`` is (1:1 when it is missing)."""
        at = self.text.find(f'"{name}"')
        return self._at(at) if at >= 0 else (1, 1)

    def decision(self, k: int) -> tuple[int, int]:
        """Where the k-th entry of the ``decisions`` list starts."""
        if self._decisions is None:
            self._decisions = []
            text, decoder = self.text, json.JSONDecoder()
            at = text.find('"decisions"')
            at = text.find("[", at) + 1 if at >= 0 else -1
            while at > 0:
                while at < len(text) and text[at] in " \t\r\n,":
                    at += 1
                if at >= len(text) or text[at] == "]":
                    break
                self._decisions.append(at)
                try:
                    at = decoder.raw_decode(text, at)[1]
                except json.JSONDecodeError:
                    break
        if k < len(self._decisions):
            return self._at(self._decisions[k])
        return self.key("decisions")


def record(game: Game, database_digest: str) -> Replay:
    """The replay of a (finished or unfinished) game."""
    decisions = tuple((int(e.player or 0), e.data["kind"], tuple(e.data["picks"])) for e in game.log.decisions())
    return Replay(
        rules=game.RULES, engine=game.ENGINE_VERSION, rules_version=game.RULES_VERSION,
        rng=game.RNG_VERSION, database=database_digest, seed=game.seed, setup=game.setup_json(),
        decisions=decisions,
        result=_result(game),
        log_digest=game.log.digest(), events=tuple(game.log.as_json()),
    )


def reproduce(replay: Replay, new_game: Callable[[dict, int], Game]) -> Game:
    """Set the game up from the replay's setup and seed and play its decisions;
    :class:`ReplayError` at the setup or at the first decision that does not fit."""
    try:
        game = new_game(replay.setup, replay.seed)
    except (KeyError, ValueError, TypeError, IndexError, FindingsError) as exc:
        raise ReplayError(Text("replay.setup", reason=_first_line(exc)), *replay.where()) from None
    agent = ScriptedAgent((p, k, picks) for p, k, picks in replay.decisions)
    try:
        run(game, agent)
        agent.check_done(game)
    except (ScriptError, ChoiceError) as exc:
        k = min(agent.used, max(len(replay.decisions) - 1, 0))
        raise ReplayError(Text("replay.decision", number=k + 1, reason=_first_line(exc)), *replay.where(k)) from None
    return game


def _first_line(exc: BaseException) -> str:
    if exc.args and isinstance(exc.args[0], Text) and "\n" not in exc.args[0]:
        return exc.args[0]  # shown in the reader's language
    if isinstance(exc, FindingsError) and exc.findings:
        return exc.findings[0].message
    text = str(exc.args[0]) if isinstance(exc, KeyError) and exc.args else str(exc)
    return text.splitlines()[0] if text else type(exc).__name__


def verify(replay: Replay, new_game: Callable[[dict, int], Game], database_digest: str) -> list[str]:
    """Play the replay again and list every difference (empty: it reproduces exactly)."""
    problems = []
    try:
        probe = new_game(replay.setup, replay.seed)
    except (KeyError, ValueError, TypeError, IndexError, FindingsError) as exc:
        return [str(ReplayError(f"the setup does not fit the game: {_first_line(exc)}", *replay.where()))]
    for what, recorded, now in (
        ("rules", replay.rules, probe.RULES), ("engine version", replay.engine, probe.ENGINE_VERSION),
        ("rules version", replay.rules_version, probe.RULES_VERSION), ("rng", replay.rng, probe.RNG_VERSION),
        ("database digest", replay.database, database_digest),
    ):
        if recorded != now:
            problems.append(f"{what} differs: replay has {recorded!r}, now {now!r}")
    try:
        game = reproduce(replay, new_game)
    except ReplayError as exc:
        problems.append(str(exc))
        return problems
    result = _result(game)
    result = {k: v for k, v in result.items() if k in replay.result}  # (older replays lack "kind")
    if replay.result and result != replay.result:
        problems.append(f"result differs: replay has {replay.result}, now {result}")
    if replay.log_digest and game.log.digest() != replay.log_digest:
        problems.append("the event log differs from the recorded one")
    return problems


def _result(game: Game) -> dict:
    """The result part of a replay: finished, winner, the English reason and the outcome's kind."""
    doc = {"finished": game.finished, "winner": game.winner, "reason": game.reason}
    if game.outcome is not None:
        doc["kind"] = game.outcome.kind.value
    return doc
