"""The engine contract (:mod:`engine.core.contract`): every engine module is an
:class:`EngineModule` — its members there, of the right kinds and call signatures — and its
:class:`EngineInfo` says truly what kind of game it plays, checked on games of its sample decks."""

from __future__ import annotations

from dataclasses import is_dataclass
from types import SimpleNamespace

import pytest

from fuda import load_database
from fuda.database.ruleset import engine_for
from fuda.engine import custom as cu
from fuda.engine import raise_blaze as rb
from fuda.engine import recast_rift as rr
from fuda.engine import ryomen as ry
from fuda.engine import toho_tcg as tt
from fuda.engine.core import Catalogue, Game, RandomAgent, Rng
from fuda.engine.core.contract import EngineInfo, EngineModule, Information, contract_problems

from .playouts import assert_replay_reproduces

ENGINES = [pytest.param(rr, "recast-rift", id="recast-rift"), pytest.param(rb, "raise-blaze", id="raise-blaze"),
           pytest.param(tt, "toho-tcg", id="toho-tcg"), pytest.param(ry, "ryomen", id="ryomen"),
           pytest.param(cu, "hoshikage", id="custom")]


def _game(module, game_id: str, seed: int, players: int | None = None):
    registry = module.build_registry(load_database().game(game_id))
    decks = registry.game.decks
    n = players or module.INFO.players[0]
    setups = [module.setup_from_deck(decks[k % len(decks)]) for k in range(n)]
    return registry, module.new_game(registry, setups, seed)


@pytest.mark.parametrize(("module", "game_id"), ENGINES)
def test_every_engine_module_keeps_the_contract(module, game_id):
    """Each engine module has every member of the contract, of its kind and signature, and is the
    module its rule set names."""
    assert contract_problems(module) == []
    assert isinstance(module, EngineModule)
    assert isinstance(module.CATALOGUE, Catalogue) and module.CATALOGUE.clauses
    assert engine_for(module.RULES) is module
    assert load_database().game(game_id).rules == module.RULES


@pytest.mark.parametrize(("module", "game_id"), ENGINES)
def test_engine_info_says_what_kind_of_game_it_is(module, game_id):
    """INFO holds on real games: every seat count it names sets up a game, views are frozen values,
    an imperfect-information game has copies that differ in what a seat cannot see (and keep its
    view), a game with chance logs chance outcomes, and a replay's setup plays the game again."""
    info: EngineInfo = module.INFO
    chance = differ = 0
    for n in info.players:
        registry, game = _game(module, game_id, 3, n)
        assert isinstance(game, Game)
        game.start()
        agent = RandomAgent(3)
        for _ in range(40):
            if game.pending is None:
                break
            for seat in range(n):
                view = game.view(seat)
                assert is_dataclass(view) and type(view).__dataclass_params__.frozen
            seat = game.pending.player
            twin = game.clone()
            twin.determinize(seat, Rng(len(game.log)))
            assert twin.view(seat) == game.view(seat)
            differ += twin.describe_state(None) != game.describe_state(None)
            game.choose(agent.choose(None, game.pending))
        chance += any(e.kind == "chance" for e in game.log.events)
        while game.pending is not None:
            game.choose(agent.choose(None, game.pending))
        assert_replay_reproduces(game, lambda doc, seed, registry=registry: module.new_game(registry, module.setup_from_json(doc), seed))
    assert (differ > 0) == (info.information is Information.IMPERFECT), differ
    assert (chance > 0) == info.chance


def test_contract_problems_names_what_a_module_lacks():
    """A module missing INFO, with a new_game of other parameters and PLAYERS that disagree with INFO, is
    reported member by member; the Protocol check fails on the missing member too."""
    fake = SimpleNamespace(__name__="toy", RULES="toy", ENGINE_VERSION="1", RULES_VERSION="1",
                           CATALOGUE=tt.CATALOGUE, build_registry=lambda game: None,
                           new_game=lambda registry, decks, seed: None, setup_from_deck=lambda deck: None,
                           setup_from_json=lambda doc: None, entrants=lambda registry: [])
    problems = contract_problems(fake)
    assert problems == ["toy has no INFO (EngineInfo)",
                        "toy.new_game takes (registry, decks, seed), not (registry, setups, seed, position, …)"]
    assert not isinstance(fake, EngineModule)
    fake.INFO = EngineInfo((2, 3), Information.PERFECT, False)
    fake.new_game = lambda registry, setups, seed, position=None: None
    assert isinstance(fake, EngineModule)
    assert contract_problems(fake) == ["toy.PLAYERS (2,) is not INFO.players (2, 3)"]
    fake.PLAYERS = (2, 3)
    assert contract_problems(fake) == []


def test_engine_info_refuses_what_is_no_kind_of_game():
    """Seat counts are distinct, positive and in order; information is an Information."""
    for players in ((), (3, 2), (2, 2), (0, 2)):
        with pytest.raises(ValueError):
            EngineInfo(players, Information.PERFECT, True)
    with pytest.raises(TypeError):
        EngineInfo((2,), "perfect", True)
