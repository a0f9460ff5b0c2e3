"""A game made by ``fuda new`` builds first time, for every rule set: the files its game.yaml names
are there, a missing prh dictionary is reported at its line, and a custom game's editor schema
follows game.yaml without ever overwriting the designer's file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.database.cardschema import FILE as CARD_SCHEMA
from fuda.database.cardschema import MARKER
from fuda.database.load import validate
from fuda.database.resources import cards_dir, schema_dir, templates_dir
from fuda.database.ruleset import rulesets
from fuda.database.yamlfile import read_yaml
from fuda.i18n import set_language
from fuda.i18n.hovers import schema_text
from fuda.scaffold import LAYOUT_SCHEMAS, PATH_KEYS, known_rules, scaffold_rules

runner = CliRunner()
JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
EN = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
RULES = scaffold_rules()


@pytest.fixture(autouse=True)
def fresh_language():
    """Each run finds its language from the environment it is given."""
    set_language(None)
    yield
    set_language(None)


def fuda(*args, env=JA):
    """One fuda command through the CLI, as a designer types it."""
    return runner.invoke(app, [str(a) for a in args], env=env)


def new(tmp_path, monkeypatch, rules, name="my-game") -> Path:
    """``fuda new NAME --rules RULES`` in ``tmp_path`` (outside the checkout); returns the folder."""
    monkeypatch.chdir(tmp_path)
    result = fuda("new", name, "--rules", rules)
    assert result.exit_code == 0, result.output
    return tmp_path / name


def card_ids_and_names(folder: Path) -> list[tuple[str, str]]:
    """Every card of the scaffold's card file."""
    return [(c["id"], c["name"]) for c in read_yaml(folder / "cards.yaml").data["cards"]]


def flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("rules", RULES)
def test_new_game_builds_lints_and_prints(tmp_path, monkeypatch, rules):
    """fuda new → build → lint → print exits 0 for every rule set, in Japanese, and the PDFs hold its cards."""
    folder = new(tmp_path, monkeypatch, rules)
    monkeypatch.chdir(folder)
    built = fuda("build", "-o", tmp_path / "out", "--format", "json")
    assert built.exit_code == 0, built.output
    outputs = json.loads(built.stdout)["outputs"]
    cards = card_ids_and_names(folder)
    pdf = next(Path(p) for p in outputs["print"] if p.endswith("-cards.pdf"))
    with pdfplumber.open(pdf if pdf.is_absolute() else folder / pdf) as doc:
        built_text = "".join(page.extract_text() for page in doc.pages)
    assert all(f"card:{card}:front" in built_text for card, _ in cards), rules
    report = json.loads((tmp_path / "out" / "validation.json").read_text(encoding="utf-8"))
    assert (report["errors"], report["warnings"]) == (0, 0), report["findings"]
    linted = fuda("lint")
    assert linted.exit_code == 0, linted.output
    assert "エラー 0 件、警告 0 件" in linted.output
    printed = fuda("print", "-o", tmp_path / "cards.pdf")
    assert printed.exit_code == 0, printed.output
    with pdfplumber.open(tmp_path / "cards.pdf") as doc:
        assert len(doc.pages) >= 1
        text = flat("".join(page.extract_text() for page in doc.pages))
    missing = [name for _, name in cards if flat(name) not in text]
    assert missing == [], (rules, missing)


@pytest.mark.parametrize("rules", RULES)
def test_every_file_the_manifest_names_is_written(tmp_path, monkeypatch, rules):
    """Each path in the new game.yaml (prh, back image, fonts) is a file the scaffold wrote; the
    back is titled with the new game's name, not the sample's."""
    folder = new(tmp_path, monkeypatch, rules)
    manifest = read_yaml(folder / "game.yaml").data
    named = []
    for outer, inner in PATH_KEYS:
        value = (manifest.get(outer) or {}).get(inner)
        named += value if isinstance(value, list) else [value] if value else []
    assert "lint/prh.yml" in named
    assert [p for p in named if not (folder / p).is_file()] == []
    sample = read_yaml(known_rules()[rules] / "game.yaml").data
    assert manifest["back"]["text"] == "my-game" != sample["back"]["text"]
    assert sample["back"]["text"] not in (folder / "game.yaml").read_text(encoding="utf-8")


def test_path_keys_cover_every_path_the_manifest_schema_takes():
    """PATH_KEYS lists every manifest key whose value is a path relative to game.yaml (per the schemas)."""
    found = set()

    def walk(node, path):
        if isinstance(node, dict):
            text = node.get("description", "")
            if isinstance(text, str) and ("relative to game.yaml" in text or "paths relative to" in text):
                found.add(tuple(k for k in path if k != "properties"))
            for key, value in node.items():
                walk(value, (*path, key))

    for schema in [*schema_dir().glob("*game.schema.json"), schema_dir() / "lint.schema.json"]:
        prefix = ("lint",) if schema.name == "lint.schema.json" else ()
        walk(json.loads(schema.read_text(encoding="utf-8")), prefix)
    found = {p[-2:] for p in found if len(p) >= 2}
    assert found and found <= set(PATH_KEYS), found - set(PATH_KEYS)


def test_the_scaffold_prh_dictionary_is_applied(tmp_path, monkeypatch):
    """The scaffold's lint/prh.yml is live: デック in a card's text is reported as デッキ (PRH001)."""
    folder = new(tmp_path, monkeypatch, "toho-tcg")
    cards = folder / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    assert re.search(r"^  flavor: .*$", text, re.M)
    cards.write_text(re.sub(r"^  flavor: .*$", "  flavor: デックの底で眠る。", text, count=1, flags=re.M), encoding="utf-8")
    monkeypatch.chdir(folder)
    result = fuda("lint", env=EN)
    assert "PRH001" in result.output and "'デック' → 'デッキ'" in result.output, result.output


def test_a_missing_prh_dictionary_is_reported_at_its_line(tmp_path, monkeypatch):
    """No lint/prh.yml: PRH002 at the prh entry of game.yaml, saying to create it or delete the line (ja and en)."""
    folder = new(tmp_path, monkeypatch, "ryomen")
    (folder / "lint" / "prh.yml").unlink()
    lines = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines, 1) if text.strip() == "- lint/prh.yml")
    monkeypatch.chdir(folder)
    ja = fuda("lint")
    assert ja.exit_code == 1
    assert (f"game.yaml:{line}:5: エラー[PRH002]: lint/prh.yml がありません。"
            "作成するか、game.yaml の `prh:` の行を消してください") in ja.output, ja.output
    en = fuda("lint", env=EN)
    assert f"game.yaml:{line}:5: error[PRH002]:" in en.output and "delete the `prh:` line of game.yaml" in en.output
    built = fuda("build", "-o", tmp_path / "out")
    assert built.exit_code == 1 and f"game.yaml:{line}:5" in built.output


def test_new_help_lists_every_rule_set_with_a_sample():
    """`fuda new --help` names the installed rule sets that have a sample, custom among them."""
    result = fuda("new", "--help", env=EN)
    assert result.exit_code == 0
    assert "custom" in RULES and set(RULES) <= set(rulesets())
    assert ", ".join(RULES) in re.sub(r"\s+", " ", result.output)


def test_the_scaffold_ships_the_layout_schemas(tmp_path, monkeypatch):
    """schema/ holds the layout and mat schemas as bundled (hovers in the user's language), so a templates/card.yaml modeline resolves."""
    folder = new(tmp_path, monkeypatch, "custom")
    for name in LAYOUT_SCHEMAS:
        assert (folder / "schema" / name).read_bytes() == schema_text(templates_dir() / name, "ja")  # (new() runs under JA)
    readme = (folder / "README.md").read_text(encoding="utf-8")
    modeline = re.search(r"# yaml-language-server: \$schema=(\S+?)`", readme).group(1)
    assert (folder / "templates" / modeline).resolve() == (folder / "schema" / "layout.schema.json").resolve()


def _add_field(folder: Path) -> None:
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8")
    game.write_text(text.replace("      title:\n", "      rarity:\n        type: text\n        label: レア度\n"
                                 "        optional: true\n      title:\n", 1), encoding="utf-8")


def test_a_stale_card_schema_is_a_located_warning_and_build_rewrites_it(tmp_path, monkeypatch):
    """After game.yaml gains a field, validate warns (C006 at `kinds:`, naming fuda schema); build rewrites the file."""
    folder = new(tmp_path, monkeypatch, "custom")
    assert json.loads((folder / CARD_SCHEMA).read_text(encoding="utf-8"))["$comment"] == MARKER
    assert [f for f in validate([folder]) if f.code == "C006"] == []
    _add_field(folder)
    found = [f for f in validate([folder]) if f.code == "C006"]
    kinds = next(n for n, t in enumerate((folder / "game.yaml").read_text(encoding="utf-8").splitlines(), 1)
                 if t.startswith("kinds:"))
    assert len(found) == 1 and found[0].severity == "warning" and found[0].location.line == kinds
    assert f"fuda schema {folder}" in found[0].hint
    monkeypatch.chdir(folder)
    checked = fuda("validate")
    assert checked.exit_code == 0 and f"game.yaml:{kinds}:1: 警告[C006]" in checked.output, checked.output
    built = fuda("build", "-o", tmp_path / "out")
    assert built.exit_code == 0, built.output
    rewritten = (folder / CARD_SCHEMA).read_text(encoding="utf-8")
    assert "rarity" in rewritten and json.loads(rewritten)["$comment"] == MARKER
    assert [f for f in validate([folder]) if f.code == "C006"] == []
    assert "C006" not in (tmp_path / "out" / "validation.txt").read_text(encoding="utf-8")


def test_a_card_schema_fuda_did_not_write_is_never_overwritten(tmp_path, monkeypatch):
    """A hand-written cards.schema.json: validate warns, build and fuda schema leave it byte for byte."""
    folder = new(tmp_path, monkeypatch, "custom")
    mine = '{"title": "my own schema"}\n'
    (folder / CARD_SCHEMA).write_text(mine, encoding="utf-8")
    assert [f.code for f in validate([folder]) if f.severity == "warning"] == ["C006"]
    monkeypatch.chdir(folder)
    assert fuda("build", "-o", tmp_path / "out").exit_code == 0
    schema = fuda("schema", ".", env=EN)
    assert schema.exit_code == 1 and "not written by fuda" in schema.output
    assert (folder / CARD_SCHEMA).read_text(encoding="utf-8") == mine


def test_fuda_schema_rewrites_its_own_stale_file(tmp_path, monkeypatch):
    """fuda schema rewrites a stale cards.schema.json of its own, and the warning goes away."""
    folder = new(tmp_path, monkeypatch, "custom")
    _add_field(folder)
    result = fuda("schema", folder, env=EN)
    assert result.exit_code == 0, result.output
    assert "rarity" in (folder / CARD_SCHEMA).read_text(encoding="utf-8")
    assert [f for f in validate([folder]) if f.code == "C006"] == []


def test_the_bundled_custom_sample_schema_is_fudas_own():
    """The hoshikage sample ships its cards.schema.json with fuda's marker (so builds may refresh it)."""
    text = (cards_dir() / "hoshikage" / CARD_SCHEMA).read_text(encoding="utf-8")
    assert json.loads(text)["$comment"] == MARKER


def test_a_new_custom_game_starts_with_scenarios_that_pass(tmp_path, monkeypatch):
    """fuda new --rules custom writes a few conformance scenarios (their $schema resolves inside
    the folder) and fuda test passes them; a card change the scenario covers makes it fail."""
    folder = new(tmp_path, monkeypatch, "custom")
    scenarios = sorted((folder / "scenarios").glob("*.yaml"))
    assert len(scenarios) >= 3
    for path in scenarios:
        line = path.read_text(encoding="utf-8").splitlines()[0]
        assert (path.parent / line.split("$schema=", 1)[1]).is_file()
    monkeypatch.chdir(folder)
    result = fuda("test")
    assert result.exit_code == 0, result.output
    assert f"{len(scenarios)} 件成功、0 件失敗" in result.output
    cards = folder / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("power: 2", "power: 3"), encoding="utf-8")
    failed = fuda("test")
    assert failed.exit_code == 1, failed.output


def test_a_new_custom_game_plays_without_naming_decks(tmp_path, monkeypatch):
    """In a new custom game (one deck), fuda play with no --deck plays that deck on both seats,
    says so, and ends with a result."""
    folder = new(tmp_path, monkeypatch, "custom")
    monkeypatch.chdir(folder)
    result = runner.invoke(app, ["play", "--seat", "1=random", "--seat", "2=greedy"], env=JA)
    assert result.exit_code == 0, result.output
    deck = next((folder / "decks").glob("*.yaml")).stem
    assert f"{deck}, {deck}" in result.output and "結果:" in result.output
