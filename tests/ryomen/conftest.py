"""Helpers of the ryomen conformance suite: the sample registry and explicit positions.

``scenario(p1, p2, ...)`` builds a started game at a serve phase from two seat dicts::

    game = scenario(dict(hand=["remilia/flandre", "sakuya/meiling"]),
                    dict(hand=["youmu/chen"], result=["lily/letty"]), turn=2, night=True)

Cards are named ``up/down`` (the face up first), the ids decisions use. A seat's ``hand`` is
padded with filler cards (no abilities that matter unless played) up to the number the turn
needs; ``result`` is bottom first; ``won`` the point chips taken; ``chips`` (card, chip id)
pairs. ``points`` is the point zone (default: 4, 3, 3, 2, … so a test knows which chip is first).
``act(game, *steps)`` answers decisions with a strict :class:`ScriptedAgent`.
"""

from __future__ import annotations

import pytest

from fuda import load_database
from fuda.engine import ryomen as ry
from fuda.engine.core import ScriptedAgent, run

_REGISTRY: dict = {}
#: Filler cards for padded hands, as (first face, second face): never chosen unless a test plays them.
FILLER = [("ran", "lunasa"), ("koakuma", "ran"), ("lunasa", "koakuma"), ("ran", "yukari"), ("yukari", "lunasa"),
          ("koakuma", "yukari"), ("letty", "ran"), ("lunasa", "letty"), ("letty", "koakuma"), ("yukari", "letty")]
POINTS = (4, 3, 3, 2, 2, 2, 1, 1, 1)


@pytest.fixture
def japanese():
    """The narration in Japanese for one test (the language set back to the locale's after)."""
    from fuda.i18n import set_language

    set_language("ja")
    yield
    set_language(None)


def sample_registry():
    """The compiled registry of the bundled sample ryomen cards (built once)."""
    if "r" not in _REGISTRY:
        _REGISTRY["r"] = ry.build_registry(load_database().game("ryomen"))
    return _REGISTRY["r"]


@pytest.fixture(scope="session")
def registry():
    """The compiled registry of the sample ryomen cards."""
    return sample_registry()


def _pair(name: str) -> tuple[str, str]:
    up, _, down = name.partition("/")
    return up, down.split("#")[0]


def seat_setup(seat: dict, turn: int) -> tuple[ry.PlayerSetup, ry.Seat]:
    """The pairing (all cards with the named face up) and the position seat of one seat dict."""
    result = list(seat.get("result", ()))
    hand = list(seat.get("hand", ()))
    need = 9 - len(result)
    if len(hand) > need:
        raise ValueError(f"turn {turn}: at most {need} hand cards")
    used = {frozenset(_pair(x)) for x in hand + result}
    filler = [f"{a}/{b}" for a, b in FILLER if frozenset((a, b)) not in used]
    hand += filler[: need - len(hand)]
    pairs = tuple(_pair(x) for x in hand + result)
    setup = ry.PlayerSetup(pairs, (0,) * 9, "scenario", "scenario")
    return setup, ry.Seat(tuple(hand), tuple(result), tuple(seat.get("won", ())), tuple(seat.get("chips", ())))


def scenario(*seats: dict, server: int = 0, turn: int | None = None, night: bool = False, points=None,
             facedown=(), seed: int = 0, tag: bool = False, registry=None) -> ry.Ryomen:
    """A started game in an explicit position (see the module docstring)."""
    turn = turn or 1 + max(len(s.get("result", ())) for s in seats)
    built = [seat_setup(s, turn) for s in seats]
    taken = [v for s in seats for v in s.get("won", ())] + list(facedown)
    if points is None:  # chips of earlier turns nobody holds lie face down (the last ones)
        rest = list(POINTS)
        for v in taken:
            rest.remove(v)
        extra = len(rest) - (10 - turn)
        facedown = tuple(facedown) + tuple(rest[len(rest) - extra:])
        points = tuple(rest[: 10 - turn])
    position = ry.Position(tuple(s for _, s in built), turn=turn, server=server, night=night,
                           points=tuple(points), facedown=tuple(facedown))
    table = ry.Table(tuple(p for p, _ in built), None, tag)
    return ry.new_game(registry or sample_registry(), table, seed, position).start()


def fill(n: int, skip: int = 0) -> list[str]:
    """``n`` filler card names (for result zones of later-turn positions), from the end of the list."""
    names = [f"{a}/{b}" for a, b in reversed(FILLER)]
    return names[skip: skip + n]


def act(game, *steps):
    """Answer decisions with a strict scripted agent (every step must be used); returns game."""
    agent = ScriptedAgent(steps)
    run(game, agent)
    agent.check_done(game)
    return game


def events(game, kind: str) -> list[dict]:
    """The data of every log event of a kind (with ``player``)."""
    return [e.data | {"player": e.player} for e in game.log.events if e.kind == kind]


def kinds(game) -> list[str]:
    """The kinds of the log events, in order (decisions left out)."""
    return [e.kind for e in game.log.events if e.kind != "decision"]


def battle_id(game, p: int) -> str:
    """The id (up/down) of p's battle card."""
    return game.cid(game.battle[p])
