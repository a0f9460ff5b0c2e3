"""The engine core every game shares: decisions, the seeded generator, the game base class,
agents, the runner, the game log and replays, the card registry and rules catalogues.

What an engine provides on top of :class:`Game` (state, rules, views, agents, narration apart):

* ``flow()`` — the rules, a generator of decisions; ``GameOver(winner, reason_en, Termination.X,
  ja)`` ends the game with a typed :class:`Outcome` (``game.outcome``);
* ``view(seat)`` — a frozen value of what that seat may know; agents get it through the runner
  (``ask``), never the game; a greedy policy is ``@policy(ViewType) def fn(view, decision, rng)``,
  and a position evaluation for search playouts ``@evaluation(ViewType, horizon) def fn(view)``;
* ``NARRATOR`` — a :class:`Narrator` subclass: ``line(event, seat)`` names hidden cards only for
  ``seat=None`` (spectators, replays) or their owner; ``state(seat)`` dumps a view;
* ``fresh()`` — the same game unstarted; ``clone()`` / ``copy.deepcopy`` replay the answers on it;
* optionally ``STATE`` (the attributes play changes: best one ``@dataclass(slots=True)`` state,
  ``STATE = ("state",)``, copied field by field from its ``dataclasses.fields``) and
  ``self.checkpoint(where)`` where the flow can start again from those alone (the top of a turn),
  so a search's copies replay one turn only (:mod:`engine.core.checkpoint`); and ``hidden(seat)``
  for search agents.
"""

from fuda.engine.core.agents import (
    Agent,
    GreedyAgent,
    RandomAgent,
    ScriptedAgent,
    ScriptError,
    Step,
    evaluation,
    make_agent,
    policy,
)
from fuda.engine.core.catalogue import Catalogue, Clause, Coverage, coverage, scan_tests
from fuda.engine.core.decision import (
    ChoiceError,
    Decision,
    IllegalChoice,
    InvalidChoice,
    Option,
    one_of,
)
from fuda.engine.core.game import CloneError, Game, GameFinished, GameOver
from fuda.engine.core.hidden import CardRef, Pool, Position, card_refs, redeal
from fuda.engine.core.log import Event, GameLog
from fuda.engine.core.narration import Narrator
from fuda.engine.core.outcome import Outcome, Termination
from fuda.engine.core.registry import (
    Bool,
    CompiledAbility,
    CompiledOp,
    Const,
    Either,
    Enum,
    Int,
    ManualAbility,
    Nullable,
    Ops,
    OpTable,
    Param,
    ParamError,
    Registry,
    Struct,
    build_registry,
)
from fuda.engine.core.replay import Replay, ReplayError, record, reproduce, verify
from fuda.engine.core.rng import RNG_VERSION, Rng, derive, seat_key
from fuda.engine.core.runner import GameStalled, Result, ask, run, view_of
from fuda.engine.core.search import MctsAgent

__all__ = [
    "RNG_VERSION",
    "Agent",
    "Bool",
    "CardRef",
    "Catalogue",
    "ChoiceError",
    "Clause",
    "CloneError",
    "CompiledAbility",
    "CompiledOp",
    "Const",
    "Coverage",
    "Decision",
    "Either",
    "Enum",
    "Event",
    "Game",
    "GameFinished",
    "GameLog",
    "GameOver",
    "GameStalled",
    "GreedyAgent",
    "IllegalChoice",
    "Int",
    "InvalidChoice",
    "ManualAbility",
    "MctsAgent",
    "Narrator",
    "Nullable",
    "OpTable",
    "Ops",
    "Option",
    "Outcome",
    "Param",
    "ParamError",
    "Pool",
    "Position",
    "RandomAgent",
    "Registry",
    "Replay",
    "ReplayError",
    "Result",
    "Rng",
    "ScriptError",
    "ScriptedAgent",
    "Step",
    "Struct",
    "Termination",
    "ask",
    "build_registry",
    "card_refs",
    "coverage",
    "derive",
    "evaluation",
    "make_agent",
    "one_of",
    "policy",
    "record",
    "redeal",
    "reproduce",
    "run",
    "scan_tests",
    "seat_key",
    "verify",
    "view_of",
]
