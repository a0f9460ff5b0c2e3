"""The bundled schemas' hovers in Japanese: every explanation translated, and shown where fuda writes or quotes them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from fuda.cli.main import app
from fuda.database.resources import schema_dir
from fuda.i18n.hovers import description, hovers, localized, msgids, po_path, schema_text, sources, translations

#: What a translation keeps as written: code spans, 【】 and 「」 texts, rule ids, and `value = label` pairs.
_KEPT = re.compile(r"`[^`]+`|【[^】]+】|「[^」]+」|\b[A-Z]{2}-[A-Z]+-\d+\b|\b[a-z][a-z0-9-]* = [^\x00-\x7f、。（]+")
#: An English sentence left in a hover: three lower-case words in a row, outside code, {…}, quotes
#: and brackets (values a user types, such as `chosen / all` or {type: attack}, are not prose).
_PROSE = re.compile(r"\b[a-z]{2,}(?: [a-z]{2,}){2,}\b")
_VALUES = re.compile(r"`[^`]*`|\{[^}]*\}|'[^']*'|\"[^\"]*\"|\([^)]*\)")


def _english(text: str) -> list[str]:
    return _PROSE.findall(_VALUES.sub(" ", text))


def _catalog():
    with po_path("ja").open("rb") as source:
        return read_po(source, locale="ja", abort_invalid=True)


def test_every_explanation_of_the_bundled_schemas_has_its_japanese():
    """schema.po holds exactly the bundled schemas' explanations, each with a text (`python -m fuda.i18n.compile --update`)."""
    entries = {m.id: m for m in _catalog() if m.id}
    wanted = set(msgids())
    assert len(wanted) > 600  # every schema file is read (cards, decks, manifests, layout, mat)
    assert sorted(wanted - set(entries))[:5] == [], "explanations missing from schema.po"
    assert sorted(set(entries) - wanted)[:5] == [], "schema.po entries no schema uses"
    assert [m.id[:60] for m in entries.values() if m.fuzzy or not m.string][:5] == []


def test_a_translation_keeps_the_values_a_user_types():
    """Code spans, 【】/「」 texts, rule ids and `value = label` pairs of an explanation appear unchanged in its Japanese."""
    lost = [(english[:50], kept) for english, japanese in translations("ja").items()
            for kept in _KEPT.findall(english) if kept not in japanese]
    assert lost == []


def test_the_japanese_is_japanese():
    """No Japanese hover is an English sentence left as it was."""
    assert _english("印刷名 — the printed name of the card") and not _english("`chosen` / all、{type: attack}")
    left = [english[:60] for english, japanese in translations("ja").items()
            if japanese == english or _english(japanese)]
    assert left == []


def test_localizing_keeps_labels_and_everything_but_the_hovers():
    """A localized schema differs from its source only in description/title texts, and keeps each label before ' — '."""
    for path in sources():
        source = json.loads(path.read_text(encoding="utf-8"))
        ja = localized(source, "ja")
        assert _without_hovers(ja) == _without_hovers(source), path.name
        for (pointer, text), (_, shown) in zip(hovers(source), hovers(ja), strict=True):
            if " — " in text:
                assert shown.split(" — ", 1)[0] == text.split(" — ", 1)[0], (path.name, pointer)
            assert shown != text, (path.name, pointer)  # translated


def test_english_schema_text_is_the_file_itself():
    """Written for an English editor, a bundled schema is byte for byte the bundled file."""
    for path in sources():
        assert schema_text(path, "en") == path.read_bytes()


def test_fuda_new_writes_the_schemas_in_the_users_language(tmp_path):
    """`fuda new` under ja writes every schema with Japanese hovers; under en, the bundled files."""
    runner = CliRunner()
    for lang in ("ja", "en"):
        result = runner.invoke(app, ["--lang", lang, "-q", "new", str(tmp_path / lang), "--rules", "custom"])
        assert result.exit_code == 0, result.output
    for path in sources():
        ja = json.loads((tmp_path / "ja" / "schema" / path.name).read_text(encoding="utf-8"))
        assert (tmp_path / "en" / "schema" / path.name).read_bytes() == path.read_bytes()
        english = [(p, text) for p, text in hovers(ja) if _english(text)]
        assert english == [], path.name
    card = json.loads((tmp_path / "ja" / "schema" / "toho-tcg.cards.schema.json").read_text(encoding="utf-8"))
    assert card["title"] != json.loads((schema_dir() / "toho-tcg.cards.schema.json").read_text(encoding="utf-8"))["title"]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_finding_that_quotes_a_schema_speaks_the_users_language(tmp_path, lang):
    """A value that breaks a field's pattern is explained with that field's hover, in the user's language."""
    game = tmp_path / "g"
    assert CliRunner().invoke(app, ["--lang", lang, "-q", "new", str(game), "--rules", "toho-tcg"]).exit_code == 0
    cards = game / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    first_id = re.search(r"^\s*- id: (\S+)", text, re.M)
    assert first_id
    cards.write_text(text.replace(f"id: {first_id.group(1)}", "id: Bad_ID", 1), encoding="utf-8")
    result = CliRunner().invoke(app, ["--lang", lang, "validate", str(game)])
    assert result.exit_code == 1
    line = next(line for line in result.output.splitlines() if "Bad_ID" in line)
    defs = json.loads((schema_dir() / "defs.schema.json").read_text(encoding="utf-8"))
    hover = description(defs["$defs"]["id"]["description"].partition(" — ")[2], lang)
    assert hover[:40] in line, line


def _without_hovers(node):
    if isinstance(node, dict):
        return {k: (None if k in ("description", "title") and isinstance(v, str) else _without_hovers(v))
                for k, v in node.items()}
    if isinstance(node, list):
        return [_without_hovers(v) for v in node]
    return node


def test_the_compiled_hovers_sit_beside_their_source():
    """schema.mo is shipped beside schema.po (fuda reads the .mo; the package data includes both)."""
    assert po_path("ja").with_suffix(".mo").is_file()
    assert Path(po_path("ja")).name == "schema.po"
