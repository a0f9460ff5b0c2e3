"""A game's own ``cards.schema.json`` speaks the user's language: its hovers (``ラベル — explanation``)
are Japanese under ja and English under en, the labels the same in both; switching the language
never makes the file stale (no C006), ``fuda schema`` rewrites it in the current language, and
validation and labels do not depend on the language the file was written in."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.database import cardschema
from fuda.database.cardkinds import card_kinds
from fuda.database.load import load_database, validate
from fuda.database.model import thaw
from fuda.database.resources import cards_dir, schema_dir
from fuda.database.ruleset import ruleset_for
from fuda.database.schema_paths import label, properties
from fuda.i18n import set_language
from fuda.i18n.hovers import translations
from fuda.rulesets.custom import card_schema
from tests.test_i18n_cli import english_sentences

runner = CliRunner()
JA = {"LANG": "ja_JP.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
EN = {"LANG": "C.UTF-8", "LC_ALL": None, "LC_MESSAGES": None}
JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")


pytestmark = pytest.mark.usefixtures("english_start")  # (each test chooses its language itself)


def fuda(*args, env):
    """One fuda command through the CLI, as a designer types it."""
    return runner.invoke(app, [str(a) for a in args], env=env)


def _manifest() -> dict:
    """hoshikage's game.yaml (a play: section, so abilities and keywords) with a field of every
    type and bound, and a kind without a label."""
    manifest = thaw(load_database([cards_dir() / "hoshikage"]).game("hoshikage").manifest)
    manifest["kinds"]["spirit"]["fields"].update({
        "weight": {"type": "number", "min": 0.5, "label": "重さ"},
        "limit": {"type": "integer", "max": 3, "label": "上限", "optional": True},
        "secret": {"type": "boolean", "label": "秘密", "optional": True},
    })
    manifest["kinds"]["relic"] = {"fields": {"charge": {"type": "integer", "label": "充填"}}}
    return manifest


def _annotations(node, path=()):
    """Every title and description of a schema, as (path, text)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("title", "description", "markdownDescription") and isinstance(value, str):
                yield (*path, key), value
            else:
                yield from _annotations(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _annotations(value, (*path, i))


def _without_annotations(node):
    """The schema with its annotation keywords left out (what validates)."""
    if isinstance(node, dict):
        return {k: _without_annotations(v) for k, v in node.items()
                if not (k in ("title", "description", "markdownDescription", "$comment") and isinstance(v, str))}
    if isinstance(node, list):
        return [_without_annotations(v) for v in node]
    return node


def _derived(manifest, lang) -> dict:
    return json.loads(cardschema.derive("custom", manifest, lang))


def _declared_words(manifest) -> set[str]:
    """What the designer wrote in game.yaml that a hover repeats: the game's name, kind and field labels, values."""
    words = {str(manifest.get("name", ""))}
    for spec in manifest["kinds"].values():
        words.add(spec.get("label", ""))
        for field in (spec.get("fields") or {}).values():
            words.add(field.get("label", ""))
            words.update(str(v) for v in field.get("values", ()))
    return {w for w in words if w}


def test_the_japanese_file_has_no_english_sentence():
    """Under ja every title and description of the derived file is Japanese (ids quoted), a field of every type included."""
    found = [f"{'/'.join(map(str, path))}: {problem}" for path, text in _annotations(_derived(_manifest(), "ja"))
             for problem in english_sentences(text)]
    assert found == []


def test_the_english_file_has_no_japanese_explanation():
    """Under en the explanations after ' — ' are English: only the labels and what game.yaml declares stay Japanese."""
    manifest = _manifest()
    declared = sorted(_declared_words(manifest), key=len, reverse=True)
    found = []
    texts = list(_annotations(_derived(manifest, "en")))
    for path, text in texts:
        explanation = text.split(" — ", 1)[1] if " — " in text else text
        for word in declared:
            explanation = explanation.replace(word, "")
        if JAPANESE.search(explanation):
            found.append(f"{'/'.join(map(str, path))}: {text}")
    assert found == [] and len(texts) > 20


def test_both_languages_carry_the_same_labels_and_the_same_schema():
    """The ja and en files differ only in their explanations: same labels before ' — ', same validating schema."""
    manifest = _manifest()
    ja, en = _derived(manifest, "ja"), _derived(manifest, "en")
    assert _without_annotations(ja) == _without_annotations(en)
    ja_texts, en_texts = dict(_annotations(ja)), dict(_annotations(en))
    assert ja_texts.keys() == en_texts.keys()
    for path, text in ja_texts.items():
        if path[-1] == "description":
            assert text.split(" — ", 1)[0] == en_texts[path].split(" — ", 1)[0], path
            assert text != en_texts[path], path  # the explanation itself is translated
    assert ja["title"] == f"{manifest['name']} カードファイル（rules: custom）"
    assert en["title"] == f"{manifest['name']} card file (rules: custom)"


def test_the_shared_definitions_follow_the_language_and_the_bundled_file_stays():
    """id/name/text/flavor/art/lint-ignore are translated in the derived file; the English ones are defs.schema.json's words."""
    bundled = json.loads((schema_dir() / "defs.schema.json").read_text(encoding="utf-8"))["$defs"]
    ja, en = _derived(_manifest(), "ja")["$defs"], _derived(_manifest(), "en")["$defs"]
    for key in ("id", "name", "text", "flavor", "art", "lint-ignore"):
        assert en[key] == bundled[key], key
        label, _, explanation = bundled[key]["description"].partition(" — ")
        assert ja[key]["description"] == f"{label} — {translations('ja')[explanation]}"
        assert {k: v for k, v in ja[key].items() if k != "description"} == \
            {k: v for k, v in bundled[key].items() if k != "description"}


def test_validation_and_labels_do_not_depend_on_the_language():
    """The loader's schema is the same in both languages; the ja and en files reject the same cards and read the same labels."""
    manifest = _manifest()
    set_language("ja")
    loader_ja = ruleset_for("custom").schema("cards", manifest)
    set_language("en")
    assert loader_ja == ruleset_for("custom").schema("cards", manifest) == card_schema(manifest, "en")
    ja, en = _derived(manifest, "ja"), _derived(manifest, "en")
    bad = {"cards": [{"id": "Bad_ID", "name": "", "kind": "spirit", "cost": 9, "element": "火", "power": 1},
                     {"id": "x", "name": "x", "kind": "nothing"}]}

    def errors(schema):
        return sorted((list(e.absolute_path), e.validator) for e in jsonschema.Draft202012Validator(schema).iter_errors(bad))

    assert errors(ja) == errors(en) and len(errors(en)) >= 4
    for schema in (ja, en):
        assert card_kinds(schema, "cards.schema.json", Path(".")) is not None
    assert card_kinds(ja, "", Path(".")).labels == card_kinds(en, "", Path(".")).labels
    card_ja, card_en = ja["$defs"]["card"], en["$defs"]["card"]
    props_ja, props_en = properties(card_ja, ja), properties(card_en, en)
    labels = {key: label(subs) for key, subs in props_en.items()}
    assert {key: label(subs) for key, subs in props_ja.items()} == labels
    assert labels["cost"] == "星明かり" and labels["id"] == "ID" and labels["kind"] == "種類"


def _new(tmp_path, env) -> Path:
    result = fuda("new", tmp_path / "mygame", "--rules", "custom", env=env)
    assert result.exit_code == 0, result.output
    return tmp_path / "mygame"


@pytest.mark.parametrize(("written", "read"), [(JA, EN), (EN, JA)])
def test_switching_language_does_not_make_the_schema_stale(tmp_path, written, read):
    """A file fuda new wrote in one language is fresh under the other: no C006 from validate, build leaves it as it is."""
    folder = _new(tmp_path, written)
    text = (folder / cardschema.FILE).read_text(encoding="utf-8")
    checked = fuda("validate", folder, env=read)
    assert checked.exit_code == 0 and "C006" not in checked.output, checked.output
    built = fuda("build", folder, "-o", tmp_path / "out", env=read)
    assert built.exit_code == 0, built.output
    assert (folder / cardschema.FILE).read_text(encoding="utf-8") == text
    set_language("en" if read is EN else "ja")
    state = cardschema.inspect(load_database([folder]).games[0])
    assert state.state == "fresh" and state.language == ("ja" if written is JA else "en")
    assert [f for f in validate([folder]) if f.code == "C006"] == []


def test_fuda_schema_rewrites_the_hovers_in_the_current_language(tmp_path):
    """fuda schema (an explicit command) under en rewrites a file written under ja in English, and back."""
    folder = _new(tmp_path, JA)
    game = load_database([folder]).games[0]
    assert (folder / cardschema.FILE).read_text(encoding="utf-8") == cardschema.derive("custom", game.manifest, "ja")
    result = fuda("schema", folder, env=EN)
    assert result.exit_code == 0, result.output
    assert (folder / cardschema.FILE).read_text(encoding="utf-8") == cardschema.derive("custom", game.manifest, "en")
    assert fuda("--lang", "ja", "schema", folder, env=EN).exit_code == 0
    assert (folder / cardschema.FILE).read_text(encoding="utf-8") == cardschema.derive("custom", game.manifest, "ja")


@pytest.mark.parametrize("env", [JA, EN])
def test_a_changed_label_is_stale_in_either_language(tmp_path, env):
    """A label renamed in game.yaml (only a hover changes) is C006 whichever language wrote or reads the file."""
    folder = _new(tmp_path, JA if env is EN else EN)
    game_yaml = folder / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "label: 精霊\n" in text
    game_yaml.write_text(text.replace("label: 精霊\n", "label: 精霊カード\n", 1), encoding="utf-8")
    checked = fuda("validate", folder, env=env)
    assert checked.exit_code == 0 and "[C006]" in checked.output, checked.output
    assert fuda("schema", folder, env=env).exit_code == 0
    assert "C006" not in fuda("validate", folder, env=JA).output
    assert "C006" not in fuda("validate", folder, env=EN).output
