"""Helpers of the toho-tcg conformance suite: the sample registry and explicit positions.

``scenario(p1, p2, ...)`` builds a started game from two seat dicts::

    game = scenario(dict(hand=["master-spark"], field=["cirno"]),
                    dict(field=[Piece("reimu", tapped=True)]), phase="main")

Each seat lists where its cards lie: ``deck`` (top first), ``hand``, ``trash``, ``field``
(card ids or :class:`~engine.toho_tcg.Piece` with ``under``/``tapped``/``equip``), ``assisters``,
``waiting`` (quicks already played), ``pool`` (霊力 already made) and ``extra`` (more deck
cards, under the listed ones). The setup holds exactly the cards named, plus 10 ルーミア at the
bottom of the deck unless ``filler=False``. By default the game stops (a draw, "scenario
ended") at the end of the current turn (``turns=N``: of the N-th turn); ``variants`` names the
rule variants it plays. ``act(game, *steps)`` answers decisions with a strict
:class:`ScriptedAgent` and returns the game (a decision may still be pending).
"""

from __future__ import annotations

import pytest

from fuda import load_database
from fuda.engine import toho_tcg as tt

from ..engine.playouts import act  # noqa: F401 (the suite imports it from here)

_CACHE: dict = {}
FILLER = ("rumia",) * 10


@pytest.fixture
def japanese():
    """The narration in Japanese for one test (the language set back to the locale's after)."""
    from fuda.i18n import set_language

    set_language("ja")
    yield
    set_language(None)


def sample_registry():
    """The registry of the sample toho-tcg cards (built once)."""
    if "r" not in _CACHE:
        _CACHE["r"] = tt.build_registry(load_database().game("toho-tcg"))
    return _CACHE["r"]


def _cards(seat: dict, me: int) -> list[str]:
    ids = [*seat.get("deck", ()), *seat.get("hand", ()), *seat.get("trash", ()), *seat.get("waiting", ())]
    for piece in [*seat.get("field", ()), *seat.get("assisters", ())]:
        if isinstance(piece, str):
            ids.append(piece)
            continue
        ids.append(piece.card)
        if piece.under:
            ids.append(piece.under)
        if piece.equip and piece.equip_owner in (None, me):
            ids.append(piece.equip)
    return ids


def scenario(p1: dict, p2: dict, *, active: int = 0, phase: str = "main", turn: int = 2, seed: int = 0,
             world: tuple | None = None, played: int = 0, attacked=(), turns: int | None = 1,
             variants=()) -> tt.TohoTCG:
    """A started game in an explicit position (see the module docstring)."""
    seats = (p1, p2)
    cards = [_cards(s, p) for p, s in enumerate(seats)]
    for p, s in enumerate(seats):  # curses: equips owned by the other seat
        for piece in s.get("field", ()):
            if not isinstance(piece, str) and piece.equip and piece.equip_owner not in (None, p):
                cards[piece.equip_owner].append(piece.equip)
    if world is not None:
        cards[world[0]].append(world[1])
    setups = []
    for p, s in enumerate(seats):
        extra = list(s.get("extra", ())) + (list(FILLER) if s.get("filler", True) else [])
        setups.append(tt.PlayerSetup.of(*cards[p], *extra, name=f"scenario P{p + 1}"))
    position = tt.Position(
        tuple(tt.Seat(deck=tuple(s.get("deck", ())), hand=tuple(s.get("hand", ())), trash=tuple(s.get("trash", ())),
                      field=tuple(s.get("field", ())), assisters=tuple(s.get("assisters", ())),
                      waiting=tuple(s.get("waiting", ())), pool=s.get("pool", 0)) for s in seats),
        active=active, turn=turn, phase=phase, world=world, played=played, attacked=tuple(attacked), turns=turns)
    return tt.new_game(sample_registry(), setups, seed, position, variants).start()


def ids(game, cards) -> list[str]:
    """Readable ids of a list of card numbers."""
    return [game.oid[c] for c in cards]


def field(game, p: int) -> list[str]:
    """p's characters (top cards) as readable ids."""
    return ids(game, game.chars[p])


def events(game, kind: str) -> list[dict]:
    """The data of every log event of a kind (with ``player``)."""
    return [e.data | {"player": e.player} for e in game.log.events if e.kind == kind]


def card(game, oid: str) -> int:
    """The card number of a readable id."""
    return game.by_oid[oid]


def options(game) -> list[str]:
    """The option ids of the pending decision."""
    return list(game.pending.ids) if game.pending is not None else []


def fresh(deck_a: str = "hakurei-moriya", deck_b: str = "mahou-no-mori", seed: int = 0) -> tt.TohoTCG:
    """A new (not started) game between two sample decks."""
    reg = sample_registry()
    setups = [tt.setup_from_deck(reg.game.deck(deck_a)), tt.setup_from_deck(reg.game.deck(deck_b))]
    return tt.new_game(reg, setups, seed)


def check_invariants(game) -> None:
    """Cards are conserved: every card is in exactly one zone list, and its zone tag agrees."""
    where: dict[int, str] = {}

    def put(c, z):
        assert c not in where, f"{game.oid[c]} is in {where[c]} and {z}"
        where[c] = z

    for p in (0, 1):
        for z, tag in (("deck", "deck"), ("hand", "hand"), ("trash", "trash"), ("assisters", "assister"),
                       ("waiting", "waiting")):
            for c in getattr(game, z)[p]:
                put(c, tag)
        for c in game.chars[p]:
            put(c, "char")
            assert game.ctrl[c] == p
            if game.under[c] >= 0:
                put(game.under[c], "under")
            if game.equip[c] >= 0:
                put(game.equip[c], "equip")
                assert game.host[game.equip[c]] == c
        assert len(game.chars[p]) <= game.max_chars
    if game.world >= 0:
        put(game.world, "world")
    for item in game.stack:
        if item.kind in ("quick", "assister", "equip"):
            put(item.card, "stack")
    for c in game.limbo:
        put(c, "stack")
    assert sorted(where) == list(range(len(game.defs))), "a card is in no zone"
    for c, z in where.items():
        assert game.zone[c] == z, f"{game.oid[c]} is listed in {z} but tagged {game.zone[c]}"
