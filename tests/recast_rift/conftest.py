"""Helpers of the Recast Rift conformance suite: the sample registry and explicit positions.

``scenario(p1, p2, ...)`` builds a started game from two seat dicts::

    game = scenario(dict(awakening="reimu-dream-battle", hand=["reimu-musou-fuuin"], life=4),
                    dict(awakening="sakuya-luna-dial", deck=["sakuya-killer-doll"]))

Each seat names the far awakening card (default: the first fighter's), ``fighters`` (default:
the awakening card's fighter and the next fighter), and where its spells lie (``deck`` top first,
``hand``, ``face_down``, ``reserve``, ``zones`` {3: [...], 2: [...], 1: [...]}), ``life`` and
``awakened``. The setup holds exactly the spells named. ``act(game, *steps)`` answers decisions
with a strict :class:`ScriptedAgent` and returns the game.
"""

from __future__ import annotations

import pytest

from fuda import load_database
from fuda.engine import recast_rift as rr

from ..engine.playouts import act  # noqa: F401 (the suite imports it from here)


@pytest.fixture
def japanese():
    """The narration in Japanese for one test (the language set back to the locale's after)."""
    from fuda.i18n import set_language

    set_language("ja")
    yield
    set_language(None)


@pytest.fixture(scope="session")
def database():
    """The bundled sample database."""
    return load_database()


@pytest.fixture(scope="session")
def game_data(database):
    """The recast-rift game of the sample database."""
    return database.game("recast-rift")


@pytest.fixture(scope="session")
def registry(game_data):
    """The compiled registry of the sample recast-rift cards."""
    return rr.build_registry(game_data)


_REGISTRY = {}


def sample_registry():
    """The registry without a fixture (for module-level parametrisation and helpers)."""
    if "r" not in _REGISTRY:
        _REGISTRY["r"] = rr.build_registry(load_database().game("recast-rift"))
    return _REGISTRY["r"]


def _setup(seat: dict) -> tuple[rr.PlayerSetup, rr.Seat]:
    reg = sample_registry()
    game = reg.game
    awakening = seat.get("awakening", "reimu-dream-battle")
    own = game.card(awakening).get("fighter")
    fighters = seat.get("fighters") or (own, next(f for f in sorted(game.fighters) if f != own))
    zones = {int(z): tuple(ids) for z, ids in seat.get("zones", {}).items()}
    placed = [*seat.get("deck", ()), *seat.get("hand", ()), *seat.get("face_down", ()),
              *seat.get("reserve", ()), *[c for ids in zones.values() for c in ids]]
    spells = tuple(dict.fromkeys([*placed, *seat.get("extra", ())]))
    setup = rr.PlayerSetup(tuple(fighters), awakening, spells, "scenario", "scenario")
    s = rr.Seat(life=seat.get("life"), deck=tuple(seat.get("deck", ())), hand=tuple(seat.get("hand", ())),
                face_down=tuple(seat.get("face_down", ())), reserve=tuple(seat.get("reserve", ())),
                zones=zones, awakened=seat.get("awakened", False))
    return setup, s


def scenario(p1: dict, p2: dict, *, active: int = 0, phase: str = "main", turn: int = 1, seed: int = 0,
             used=(), turns: int | None = 1) -> rr.RecastRift:
    """A started game in an explicit position (see the module docstring); by default it stops
    (finished, no winner) at the end of the current turn."""
    s1, seat1 = _setup(p1)
    s2, seat2 = _setup(p2)
    position = rr.Position((seat1, seat2), active=active, turn=turn, phase=phase, used=tuple(used), turns=turns)
    return rr.new_game(sample_registry(), [s1, s2], seed, position).start()


def names(game, cards) -> list[str]:
    """Card ids of a list of card numbers."""
    return [game.oid[c] for c in cards]


def zone_ids(game, p: int) -> dict:
    """p's recast zones as {3: [...], 2: [...], 1: [...], 0: [...]} of card ids (empty ones left out)."""
    return {z: names(game, game.zones[p][z]) for z in (3, 2, 1, 0) if game.zones[p][z]}


def events(game, kind: str) -> list:
    """The data of every log event of a kind."""
    return [e.data | {"player": e.player} for e in game.log.events if e.kind == kind]
