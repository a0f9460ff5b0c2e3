"""The JSON Schemas themselves: well-formed, documented, closed, and rejecting broken data."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from fuda.database.resources import cards_dir, schema_dir
from fuda.database.schemas import schema_name, validator
from fuda.database.yamlfile import read_yaml

from .conftest import GAMES, card_files, deck_files

SCHEMAS = sorted(p.name for p in schema_dir().glob("*.schema.json"))


CONSTRAINTS = {"if", "then", "else", "not"}  # subschemas that constrain, not declare


def _declaring(path, extra=()) -> bool:
    return not (set(path) & (CONSTRAINTS | set(extra)))


def _walk(node, path=()):
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _walk(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _walk(value, (*path, i))


@pytest.mark.parametrize("name", SCHEMAS)
def test_schema_is_valid_draft_2020_12(name):
    """Every schema file is itself a valid Draft 2020-12 schema."""
    schema = json.loads((schema_dir() / name).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema.get("$schema") == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("name", SCHEMAS)
def test_every_property_has_a_bilingual_description(name):
    """Every declared property carries a description with a Japanese term and an English gloss."""
    schema = json.loads((schema_dir() / name).read_text(encoding="utf-8"))
    missing = []
    for path, node in _walk(schema):
        if not _declaring(path):
            continue
        for key, sub in node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else []:
            if path and path[-1] == "properties":
                continue  # a property literally named "properties"
            desc = sub.get("description", "") if isinstance(sub, dict) else ""
            if " — " not in desc:
                missing.append("/".join(map(str, (*path, "properties", key))))
    assert not missing, f"properties without '日本語 — English' description: {missing[:10]}"


@pytest.mark.parametrize("name", SCHEMAS)
def test_objects_are_closed(name):
    """Every object schema with properties closes itself against unknown keys."""
    schema = json.loads((schema_dir() / name).read_text(encoding="utf-8"))
    open_objects = []
    for path, node in _walk(schema):
        if not _declaring(path, ("allOf",)):
            continue
        if "properties" in node and isinstance(node["properties"], dict) and path[-1:] != ("properties",):
            closed = node.get("additionalProperties") is False or node.get("unevaluatedProperties") is False
            # A game's manifest part is closed by game.schema.json's unevaluatedProperties.
            if not closed and not (name.endswith(".game.schema.json") and path == ()):
                open_objects.append("/".join(map(str, path)) or "(root)")
    assert not open_objects, f"objects open to unknown keys: {open_objects[:10]}"


def _first_card_doc(game):
    path = card_files(cards_dir() / game)[0]
    return read_yaml(path).data


BREAKAGES = {
    "unknown key": lambda card: card.__setitem__("colour", "red"),
    "wrong type of name": lambda card: card.__setitem__("name", 12),
    "bad id": lambda card: card.__setitem__("id", "Bad Id"),
    "unknown kind": lambda card: card.__setitem__("kind", "planeswalker"),
    "missing name": lambda card: card.pop("name"),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_card_schema_rejects_broken_cards(game, breakage):
    """Each game's card schema accepts its sample file and rejects each kind of breakage."""
    data = _first_card_doc(game)
    check = validator(schema_name(game, "cards"))
    assert not list(check.iter_errors(data))
    BREAKAGES[breakage](data["cards"][0])
    assert list(check.iter_errors(data)), f"{breakage} was accepted"


@pytest.mark.parametrize("game", GAMES)
def test_card_schema_rejects_unknown_op(game):
    """An effect word that is not in the game's vocabulary is refused."""
    data = _first_card_doc(game)
    check = validator(schema_name(game, "cards"))
    card = next(c for c in data["cards"] if c.get("abilities"))
    card["abilities"][0]["effect"] = [{"summon-dragon": 1}]
    assert list(check.iter_errors(data))


@pytest.mark.parametrize("game", GAMES)
def test_deck_schema_rejects_broken_decks(game):
    """Each deck schema accepts a sample deck and refuses unknown keys and a missing name."""
    data = read_yaml(deck_files(cards_dir() / game)[0]).data
    check = validator(schema_name(game, "deck"))
    assert not list(check.iter_errors(data))
    assert list(check.iter_errors({**data, "sideboard": []}))
    assert list(check.iter_errors({k: v for k, v in data.items() if k != "name"}))


@pytest.mark.parametrize("game", GAMES)
def test_manifest_schema_rejects_broken_manifests(game):
    """The manifest schema accepts each sample game.yaml and refuses unknown keys and bad rules."""
    data = read_yaml(cards_dir() / game / "game.yaml").data
    check = validator("game.schema.json")
    assert not list(check.iter_errors(data))
    assert list(check.iter_errors({**data, "colour": "red"}))
    assert list(check.iter_errors({**data, "rules": "mahjong"}))
    assert list(check.iter_errors({**data, "card-size": {"width": "wide", "height": 88}}))
