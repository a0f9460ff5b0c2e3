"""Helpers of the RAISE×BLAZE conformance suite: the sample registry and explicit positions.

``scenario(p1, p2, ...)`` builds a started game from two seat dicts::

    game = scenario(dict(hand=["cirno"], fighters=["rumia"]), dict(fighters=[("sakuya", ["fairy-maid"])]))

Seat keys: ``core`` (the chosen core fighter, default core-reimu) and ``cores`` (the rest of the
core deck), ``deck`` (top first), ``hand``, ``life`` (an int: that many filler cards, default 5;
or a list of card ids), ``grave``, ``ups`` (power-up cards), ``fighters`` (ids or
``(id, [ids underneath])``), ``spells`` (spell zone bottom to top: ids face up or ``(id, "set")``)
and ``extra`` (cards for the bottom of the deck, default 10 × ルーミア, a vanilla fighter). The
setup holds exactly these cards. ``act(game, *steps)`` answers decisions with a strict
:class:`ScriptedAgent` (every step must be used) and returns the game.
"""

from __future__ import annotations

import pytest

from fuda import load_database
from fuda.database.resources import cards_dir
from fuda.engine import raise_blaze as rb
from fuda.engine.core import ScriptedAgent, run

FILLER = ("rumia",) * 10
_CACHE: dict = {}


@pytest.fixture
def japanese():
    """The narration in Japanese for one test (the language set back to the locale's after)."""
    from fuda.i18n import set_language

    set_language("ja")
    yield
    set_language(None)


def sample_registry():
    """The registry of the bundled raise-blaze cards (loaded once)."""
    if "r" not in _CACHE:
        _CACHE["r"] = rb.build_registry(load_database([cards_dir() / "raise-blaze"]).game("raise-blaze"))
    return _CACHE["r"]


def sample_setups() -> list[rb.PlayerSetup]:
    """The two sample decks (mountain-faith for player 1, scarlet-night for player 2)."""
    game = sample_registry().game
    return [rb.setup_from_deck(game.deck("mountain-faith")), rb.setup_from_deck(game.deck("scarlet-night"))]


def _ids(entries) -> list[str]:
    out = []
    for e in entries:
        if isinstance(e, str):
            out.append(e)
        else:
            out.append(e[0])
            if len(e) > 1 and not isinstance(e[1], str):
                out.extend(e[1])
    return out


def _seat(seat: dict) -> tuple[rb.PlayerSetup, rb.Seat]:
    life = seat.get("life", 5)
    fighters = tuple(e if isinstance(e, str) else (e[0], tuple(e[1])) for e in seat.get("fighters", ()))
    spells = tuple(e if isinstance(e, str) else tuple(e) for e in seat.get("spells", ()))
    placed = [*seat.get("deck", ()), *seat.get("hand", ()), *seat.get("grave", ()), *seat.get("ups", ()),
              *_ids(fighters), *_ids(spells), *([] if isinstance(life, int) else life)]
    main = tuple(placed) + tuple(seat.get("extra", FILLER))
    core = seat.get("core", "core-reimu")
    cores = (core, *[c for c in seat.get("cores", ()) if c != core])
    setup = rb.PlayerSetup(main, cores, "scenario", "scenario")
    s = rb.Seat(deck=tuple(seat.get("deck", ())), hand=tuple(seat.get("hand", ())),
                life=life if isinstance(life, int) else tuple(life), grave=tuple(seat.get("grave", ())),
                fighters=fighters, spells=spells, core=core, ups=tuple(seat.get("ups", ())))
    return setup, s


def scenario(p1: dict, p2: dict, *, active: int = 0, phase: str = "main", turn: int = 3, seed: int = 0,
             summoned: bool = False, attacked=(), **options) -> rb.RaiseBlaze:
    """A started game in an explicit position (see the module docstring)."""
    s1, seat1 = _seat(p1)
    s2, seat2 = _seat(p2)
    position = rb.Position((seat1, seat2), active=active, turn=turn, phase=phase, summoned=summoned,
                           attacked=tuple(attacked))
    return rb.new_game(sample_registry(), [s1, s2], seed, position, **options).start()


def act(game, *steps):
    """Answer decisions with a strict scripted agent (every step must be used); returns game."""
    agent = ScriptedAgent(steps)
    run(game, agent)
    agent.check_done(game)
    return game


def ids(game, cards) -> list[str]:
    """Readable ids of a list of card numbers."""
    return [game.oid[c] for c in cards]


def card(game, p: int, oid: str) -> int:
    """The card number of player p's card ``oid``."""
    return game.by_oid[p][oid]


def power(game, p: int, oid: str) -> int:
    """The current power of p's card (``core``: p's core fighter)."""
    return game.power(game.core[p] if oid == "core" else game.by_oid[p][oid])


def events(game, kind: str) -> list[dict]:
    """The data of every log event of a kind, with its player."""
    return [e.data | {"player": e.player} for e in game.log.events if e.kind == kind]


def field(game, p: int) -> list[str]:
    """p's fighters (readable ids) in zone order."""
    return [game.oid[c] for c in game.fighters(p)]


def pile(game, p: int, oid: str) -> list[str]:
    """The readable ids of the cards underneath p's fighter ``oid``."""
    return [game.oid[c] for c in game.under[game.by_oid[p][oid]]]
