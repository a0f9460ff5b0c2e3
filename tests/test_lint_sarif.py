"""SARIF 2.1.0 output is structurally valid for code-scanning tools."""

from __future__ import annotations

import json

import jsonschema

from fuda.lint import lint
from fuda.lint.rules import REGISTRY
from fuda.lint.sarif import dumps, sarif
from fuda.lint.synthetic import make_database, make_game

#: The part of the SARIF 2.1.0 schema that GitHub code scanning relies on.
SCHEMA = {
    "type": "object",
    "required": ["version", "runs", "$schema"],
    "properties": {
        "version": {"const": "2.1.0"},
        "runs": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "required": ["tool", "results"],
            "properties": {
                "tool": {"type": "object", "required": ["driver"], "properties": {"driver": {
                    "type": "object", "required": ["name", "rules"],
                    "properties": {"rules": {"type": "array", "items": {
                        "type": "object", "required": ["id", "shortDescription", "defaultConfiguration"],
                        "properties": {
                            "shortDescription": {"type": "object", "required": ["text"]},
                            "defaultConfiguration": {"type": "object", "properties": {
                                "level": {"enum": ["none", "note", "warning", "error"]}}},
                        }}}}}}},
                "columnKind": {"enum": ["utf16CodeUnits", "unicodeCodePoints"]},
                "results": {"type": "array", "items": {
                    "type": "object",
                    "required": ["ruleId", "message", "locations"],
                    "properties": {
                        "level": {"enum": ["none", "note", "warning", "error"]},
                        "message": {"type": "object", "required": ["text"]},
                        "locations": {"type": "array", "minItems": 1, "items": {
                            "type": "object", "required": ["physicalLocation"],
                            "properties": {"physicalLocation": {
                                "type": "object", "required": ["artifactLocation"],
                                "properties": {
                                    "artifactLocation": {"type": "object", "required": ["uri"]},
                                    "region": {"type": "object", "required": ["startLine", "startColumn"],
                                               "properties": {"startLine": {"type": "integer", "minimum": 1},
                                                              "startColumn": {"type": "integer", "minimum": 1}}},
                                }}}}},
                    }}},
            }}},
    },
}


def _log(sample_copy):
    folder = sample_copy("recast-rift")
    path = folder / "marisa.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("ミニ八卦炉の火が", "ミニ八卦炉のスぺルが"), encoding="utf-8")
    from fuda import load_database

    return lint(load_database([folder]), fit=False)


def test_sarif_validates_structurally(sample_copy):
    """The log has version 2.1.0, runs/tool/driver/rules and results with a physical region."""
    log = sarif(_log(sample_copy), REGISTRY)
    jsonschema.validate(log, SCHEMA)
    run = log["runs"][0]
    result, = run["results"]
    region = result["locations"][0]["physicalLocation"]["region"]
    assert result["ruleId"] == "JP101" and result["level"] == "error"
    assert region["startLine"] >= 1 and region["startColumn"] >= 1
    assert run["tool"]["driver"]["rules"][result["ruleIndex"]]["id"] == "JP101"
    assert run["columnKind"] == "unicodeCodePoints"


def test_every_rule_is_described():
    """The driver lists every rule with a description, help text and default level."""
    rules = sarif([], REGISTRY)["runs"][0]["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == sorted(REGISTRY)
    assert all(r["help"]["text"] and r["fullDescription"]["text"] for r in rules)


def test_location_uri_is_relative_under_srcroot(sample_copy, monkeypatch):
    """A file below the working directory is a relative URI with uriBaseId %SRCROOT%."""
    diagnostics = _log(sample_copy)
    monkeypatch.chdir(diagnostics[0].location.file.parent.parent)
    artifact = sarif(diagnostics, REGISTRY)["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
        "artifactLocation"]
    assert artifact == {"uri": "recast-rift/marisa.yaml", "uriBaseId": "%SRCROOT%"}


def test_card_is_the_logical_location_and_output_is_deterministic(sample_copy):
    """Each result names its card; two renderings of the same diagnostics are identical."""
    diagnostics = _log(sample_copy)
    log = json.loads(dumps(diagnostics, REGISTRY))
    logical = log["runs"][0]["results"][0]["locations"][0]["logicalLocations"][0]
    assert logical["fullyQualifiedName"] == "recast-rift/marisa-love-colored-master-spark"
    assert dumps(diagnostics, REGISTRY) == dumps(diagnostics, REGISTRY)


def test_unlocated_diagnostic_has_no_region():
    """A diagnostic without a line (an in-memory card) is still valid: no region."""
    card = {"id": "c", "name": "x", "kind": "spell", "fighter": "r", "timing": "normal", "type": "action",
            "recast": [1], "graze": False, "text": "２ドローする", "abilities": [
                {"when": "on-cast", "text": "２ドローする", "effect": [{"draw": 2}]}]}
    diagnostics = lint(make_database(make_game("recast-rift", [card])), fit=False)
    log = sarif(diagnostics, REGISTRY)
    jsonschema.validate(log, SCHEMA)
    assert "region" not in log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
