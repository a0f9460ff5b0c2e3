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
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from fuda.engine.core.agents import ScriptedAgent, ScriptError
from fuda.engine.core.game import Game
from fuda.engine.core.runner import run

REPLAY_FORMAT = "fuda-replay-1"


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
            raise ValueError(f"not a {REPLAY_FORMAT} replay file")
        try:
            return cls(
                rules=doc["rules"], engine=doc["engine"], rules_version=doc["rules_version"],
                rng=doc["rng"], database=doc["database"], seed=int(doc["seed"]), setup=doc["setup"],
                decisions=tuple((int(p), str(k), tuple(picks)) for p, k, picks in doc["decisions"]),
                result=doc.get("result", {}), log_digest=doc.get("log_digest", ""),
                events=tuple(doc.get("events", ())),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"replay file is missing or has a bad field: {exc}") from None

    @classmethod
    def load(cls, path: Path) -> Replay:
        """Read a replay file."""
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}: not JSON ({exc})") from None
        return cls.from_json(doc)


def record(game: Game, database_digest: str) -> Replay:
    """The replay of a (finished or unfinished) game."""
    decisions = tuple((e.player, e.data["kind"], tuple(e.data["picks"])) for e in game.log.decisions())
    return Replay(
        rules=game.RULES, engine=game.ENGINE_VERSION, rules_version=game.RULES_VERSION,
        rng=game.RNG_VERSION, database=database_digest, seed=game.seed, setup=game.setup_json(),
        decisions=decisions,
        result=_result(game),
        log_digest=game.log.digest(), events=tuple(game.log.as_json()),
    )


def reproduce(replay: Replay, new_game: Callable[[dict, int], Game]) -> Game:
    """Set the game up from the replay's setup and seed and play its decisions."""
    game = new_game(replay.setup, replay.seed)
    agent = ScriptedAgent((p, k, picks) for p, k, picks in replay.decisions)
    run(game, agent)
    return game


def verify(replay: Replay, new_game: Callable[[dict, int], Game], database_digest: str) -> list[str]:
    """Play the replay again and list every difference (empty: it reproduces exactly)."""
    problems = []
    probe = new_game(replay.setup, replay.seed)
    for what, recorded, now in (
        ("rules", replay.rules, probe.RULES), ("engine version", replay.engine, probe.ENGINE_VERSION),
        ("rules version", replay.rules_version, probe.RULES_VERSION), ("rng", replay.rng, probe.RNG_VERSION),
        ("database digest", replay.database, database_digest),
    ):
        if recorded != now:
            problems.append(f"{what} differs: replay has {recorded!r}, now {now!r}")
    try:
        game = reproduce(replay, new_game)
    except ScriptError as exc:
        problems.append(f"the decisions no longer fit the game: {str(exc).splitlines()[0]}")
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
