"""Card templates are part of validation (issues 28 and 35): a game's layout is checked once at
load — schema, colours, kinds, card fields, its label pattern — as located one-line findings
that validate, lint, build and print all report, and printing uses the checked template."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fuda.database.findings import FindingsError
from fuda.database.load import load_database, validate
from fuda.database.resources import cards_dir, templates_dir

TOHO = templates_dir() / "toho-tcg" / "card.yaml"
DEFAULT_PATTERN = 'pattern: "【([^】]*)】"'


def _fuda(args, cwd: Path, lang: str = "en", timeout: float = 120):
    env = dict(os.environ, LANG="ja_JP.UTF-8" if lang == "ja" else "C.UTF-8", LC_ALL="", LC_MESSAGES="")
    env.pop("FUDA_LANG", None)
    return subprocess.run([sys.executable, "-m", "fuda", "--lang", lang, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=timeout)


def _own_template(folder: Path, edit) -> tuple[Path, str]:
    """Give ``folder`` its own templates/card.yaml: the bundled one changed by ``edit``."""
    (folder / "templates").mkdir(exist_ok=True)
    path = folder / "templates" / "card.yaml"
    text = edit(TOHO.read_text(encoding="utf-8"))
    path.write_text(text, encoding="utf-8")
    return path, text


def _line_col(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in ``text``."""
    before = text[:text.index(needle)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def test_template_field_typo_fails_validate_with_the_nearest_field(sample_copy):
    """`field: atack` in a game's own template: validate exits 1 with one located line naming
    atack and suggesting attack with its label, in Japanese and in English."""
    folder = sample_copy("toho-tcg")
    _, text = _own_template(folder, lambda t: t.replace("field: attack,", "field: atack,", 1))
    line, col = _line_col(text, "atack")
    index = text[:text.index("atack")].count("\n") - text[:text.index("kinds:")].count("\n")
    en = _fuda(["validate"], folder)
    ja = _fuda(["validate"], folder, "ja")
    assert en.returncode == 1 and ja.returncode == 1
    where = f"templates/card.yaml:{line}:{col}"
    en_lines = [ln for ln in en.stdout.splitlines() if ln.startswith(where)]
    ja_lines = [ln for ln in ja.stdout.splitlines() if ln.startswith(where)]
    assert len(en_lines) == 1 and len(ja_lines) == 1, en.stdout
    element = en_lines[0].split("kinds.character.elements[")[1].split("]")[0]
    assert index > int(element) >= 0
    assert en_lines[0] == (f"{where}: error[L005]: kinds.character.elements[{element}].field: a 'character' card has "
                           f"no field 'atack'; did you mean 'attack' (攻撃力)?")
    assert ja_lines[0] == (f"{where}: エラー[L005]: kinds.character.elements[{element}].field: 種類「character」の"
                           f"カードに項目「atack」はありません。「attack」（攻撃力）の間違いではありませんか？")


@pytest.mark.parametrize("command", [["lint"], ["build", "-o", "OUT"], ["print", "-o", "OUT/cards.pdf"]])
def test_every_command_reports_the_template_finding_of_validation(sample_copy, tmp_path, command):
    """lint, build and print report the same located template line as validate, exit 1, write
    nothing and show no traceback."""
    folder = sample_copy("toho-tcg")
    _own_template(folder, lambda t: t.replace("field: attack,", "field: atack,", 1))
    expected = [ln for ln in _fuda(["validate"], folder).stdout.splitlines() if "[L005]" in ln]
    assert len(expected) == 1
    out = tmp_path / "out"
    result = _fuda([a.replace("OUT", str(out)) for a in command], folder)
    assert result.returncode == 1, result.stdout + result.stderr
    assert expected[0] in (result.stdout + result.stderr).splitlines()
    assert "Traceback" not in result.stdout + result.stderr
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))


@pytest.mark.parametrize("command", [["validate"], ["print", "-o", "OUT/cards.pdf"], ["build", "-o", "OUT"]])
def test_invalid_label_pattern_is_one_located_line(sample_copy, tmp_path, command):
    """An invalid labels.pattern is one located line (L007) for validate, print and build — no
    re.error traceback."""
    folder = sample_copy("toho-tcg")
    _, text = _own_template(folder, lambda t: t.replace(DEFAULT_PATTERN, 'pattern: "【([^】]*】"', 1))
    line, col = _line_col(text, '"【([^】]*】"')
    result = _fuda([a.replace("OUT", str(tmp_path / "out")) for a in command], folder)
    both = result.stdout + result.stderr
    assert result.returncode == 1 and "Traceback" not in both and "re.error" not in both
    found = [ln for ln in both.splitlines() if "[L007]" in ln]
    assert found == [f"templates/card.yaml:{line}:{col}: error[L007]: labels.pattern: \"【([^】]*】\" is not a valid "
                     "regular expression (missing ) at position 8); fix the pattern; group 1 is the label printed "
                     "on the chip, e.g. 【([^】]*)】"]


def test_catastrophic_label_pattern_finishes_within_its_budget(sample_copy):
    """A pattern that backtracks without end on a card's text ends validate within a bound with
    one located finding (L008) naming the card, in Japanese and English."""
    folder = sample_copy("toho-tcg")
    _, text = _own_template(folder, lambda t: t.replace(DEFAULT_PATTERN, 'pattern: "(あ|あ)+$"', 1))
    line, col = _line_col(text, '"(あ|あ)+$"')
    cards = sorted(p for p in folder.glob("*.yaml") if p.name != "game.yaml")[0]
    source = cards.read_text(encoding="utf-8")
    first_text = next(ln for ln in source.splitlines() if ln.lstrip().startswith("text:"))
    indent = first_text[:len(first_text) - len(first_text.lstrip())]
    cards.write_text(source.replace(first_text, f"{indent}text: {'あ' * 40}。", 1), encoding="utf-8")
    card_id = validate([folder])  # the card whose text is searched first
    slow = [f for f in card_id if f.code == "L008"]
    assert len(slow) == 1
    start = time.monotonic()
    en = _fuda(["validate"], folder)
    elapsed = time.monotonic() - start
    ja = _fuda(["validate"], folder, "ja")
    assert en.returncode == 1 and ja.returncode == 1 and elapsed < 30
    where = f"templates/card.yaml:{line}:{col}"
    assert f"{where}: error[L008]: labels.pattern: the pattern (あ|あ)+$ ran longer than 0.25 s on a card's text; " \
           f"simplify it: no repeat inside a repeat, such as (a|a)+ or (.+)+ (card {slow[0].card})" in en.stdout
    assert f"{where}: エラー[L008]: labels.pattern: パターン (あ|あ)+$ がカードの本文で 0.25 秒を超えたので打ち切りました。" \
           f"パターンを簡単にしてください（(a|a)+ や (.+)+ のような、繰り返しの中の繰り返しを使わない）（カード {slow[0].card}）" \
           in ja.stdout


def test_a_pattern_search_past_its_budget_raises_a_located_finding(tmp_path):
    """The compiled label pattern stops a runaway search after its budget with the finding
    located at labels.pattern (layout runs every designer pattern this way)."""
    from fuda.database.templates import BUDGET, PatternTimeout
    from fuda.faces.template import load_template_file

    path = tmp_path / "card.yaml"
    path.write_text('labels:\n  pattern: "(あ|あ)+$"\nkinds:\n  default:\n    elements: []\n', encoding="utf-8")
    template = load_template_file(path)
    start = time.monotonic()
    with pytest.raises(PatternTimeout) as info:
        template.atoms.finditer("あ" * 40 + "。")
    assert time.monotonic() - start < BUDGET * 8
    assert info.value.finding.code == "L008" and info.value.finding.location.line == 2
    assert template.atoms.finditer("【起動】あ")[0].group(0) in ("あ", "【起動】")  # an ordinary text still runs


def test_unknown_kind_element_type_and_colour_are_located(sample_copy):
    """A template kind the game lacks, an unknown element type and a bad colour are each one
    located finding with the nearest valid name."""
    folder = sample_copy("toho-tcg")
    _, text = _own_template(folder, lambda t: t.replace("  character:\n", "  charactr:\n", 1)
                            .replace("type: stat, field: cost", "type: stats, field: cost", 1)
                            .replace('color: "#ffffff"', 'color: "#fffff"', 1))
    lines = [f.render("en") for f in validate([folder]) if f.location.file.name == "card.yaml"]
    kind_line, _ = _line_col(text, "charactr")
    assert f"templates/card.yaml:{kind_line}:3: error[L006]: kinds.charactr: the game has no card kind 'charactr'; " \
           "did you mean 'character'?" in [ln.split("db/toho-tcg/", 1)[-1] for ln in lines]
    assert any("[S004]" in ln and "\"stats\" is none of the 11 allowed values; did you mean 'stat'?" in ln
               for ln in lines)
    assert any("[S007]" in ln and '"#fffff"' in ln and "#rrggbb or $palette-name" in ln for ln in lines)


def test_fields_of_a_custom_game_are_checked_per_kind(tmp_path):
    """In a rules: custom game, a field its own template names is checked against that kind's
    declared fields, with the declared label in the suggestion."""
    from fuda.scaffold import new_game

    folder = tmp_path / "g"
    new_game(folder, "custom")
    (folder / "templates").mkdir()
    (folder / "templates" / "card.yaml").write_text(
        "kinds:\n  spirit:\n    elements:\n      - {type: text, field: powr, x: 1, y: 1, w: 10, h: 5}\n",
        encoding="utf-8")
    lines = [f.render("en") for f in validate([folder]) if f.code == "L005"]
    assert len(lines) == 1 and lines[0].endswith(
        "card.yaml:4:29: error[L005]: kinds.spirit.elements[0].field: a 'spirit' card has no field 'powr'; "
        "did you mean 'power' (力)?")


def test_the_bundled_sample_has_no_template_findings():
    """Every bundled game's template passes the new checks (the sample stays clean)."""
    assert [f for f in validate([cards_dir()]) if f.code.startswith("L") or "card.yaml" in str(f.location.file)] == []


def test_printing_uses_the_template_validation_checked(sample_copy, monkeypatch):
    """Laying out cards after loading reads and validates no template file again."""
    import fuda.database.schemas as schemas
    import fuda.database.yamlfile as yamlfile
    from fuda.faces.layout import layout_card

    folder = sample_copy("toho-tcg")
    _own_template(folder, lambda t: t)
    game = load_database([folder]).game("toho-tcg")
    calls = []
    read = yamlfile.read_bytes
    monkeypatch.setattr(yamlfile, "read_bytes", lambda *a, **k: calls.append(a) or read(*a, **k))
    monkeypatch.setattr(schemas, "validate_template", lambda *a, **k: calls.append(a) or [])
    for card in game.cards[:3]:
        assert layout_card(game, card).items
    assert calls == []


def test_a_broken_template_stops_load_database_with_its_finding(sample_copy):
    """load_database (every command's entry) raises the template's located finding."""
    folder = sample_copy("toho-tcg")
    _own_template(folder, lambda t: t.replace("field: defense,", "field: defence,", 1))
    with pytest.raises(FindingsError) as info:
        load_database([folder])
    found = [f for f in info.value.findings if f.code == "L005"]
    assert len(found) == 1 and found[0].hint == "did you mean 'defense' (防御力)?"


def test_a_when_value_no_card_has_is_located_with_the_nearest(sample_copy):
    """`when: {rank: hrad}` would leave the element off every card: one located line (L009)
    naming the values and the nearest one."""
    folder = sample_copy("toho-tcg")
    path, text = _own_template(folder, lambda t: t.replace("when: {rank: hard}", "when: {rank: hrad}", 1))
    line, col = _line_col(text, "hrad")
    finding = next(f for f in validate([folder]) if f.code == "L009")
    assert (finding.location.file, finding.location.line, finding.location.col) == (path, line, col)
    assert finding.render("en").endswith("no card has rank: hrad (its values: normal, hard); did you mean 'hard'?")
    assert finding.render("ja").endswith("rank が hrad のカードはありません（値は normal, hard のどれか）。"
                                         "「hard」の間違いではありませんか？")


def test_a_nested_field_typo_suggests_the_whole_path(tmp_path):
    """`field: attack.hnd` on a Recast Rift spell suggests attack.hand with its label."""
    from fuda.database.template_checks import check_fields
    from fuda.database.yamlfile import read_yaml

    path = tmp_path / "card.yaml"
    path.write_text("kinds:\n  spell:\n    elements:\n"
                    "      - {type: text, field: attack.hnd, x: 1, y: 1, w: 2, h: 2}\n", encoding="utf-8")
    (finding,) = check_fields(read_yaml(path), "recast-rift.cards.schema.json")
    assert finding.render("en") == (f"{finding.location}: error[L005]: kinds.spell.elements[0].field: a 'spell' card "
                                    "has no field 'attack.hnd'; did you mean 'attack.hand' (ハンド)?")


def test_unknown_palette_colour_suggests_the_nearest_name(tmp_path):
    """`fill: $gld` with `gold` in the palette: one located line naming $gold, in both languages."""
    from fuda.faces.template import load_template_file

    path = tmp_path / "card.yaml"
    path.write_text('palette: {gold: "#c9a34a"}\nkinds:\n  default:\n    elements:\n'
                    "      - {type: rect, x: 1, y: 1, w: 2, h: 2, fill: $gld}\n", encoding="utf-8")
    with pytest.raises(FindingsError) as info:
        load_template_file(path)
    (finding,) = info.value.findings
    assert finding.render("en") == (f"{finding.location}: error[L002]: unknown colour '$gld'; did you mean '$gold'? "
                                    "(or define gld in a palette)")
    assert finding.render("ja") == (f"{finding.location}: エラー[L002]: 色「$gld」は定義されていません。「$gold」の"
                                    "間違いではありませんか？（でなければ gld をパレット（palette）に定義してください）")
    assert (finding.location.line, finding.location.col) == (5, 52)


def test_a_pattern_slow_over_all_texts_is_a_warning_not_a_hang(sample_copy, monkeypatch):
    """Past the probe's overall budget the validation stops searching with one warning (L008)
    naming the card it stopped at; the game still loads."""
    import fuda.database.templates as templates

    folder = sample_copy("toho-tcg")
    _own_template(folder, lambda t: t.replace(DEFAULT_PATTERN, 'pattern: "【([^】]+)】"', 1))
    monkeypatch.setattr(templates, "PROBE_BUDGET", -1.0)
    game = load_database([folder]).game("toho-tcg")
    (warning,) = [f for f in validate([folder]) if f.code == "L008"]
    assert warning.severity == "warning" and f"(stopped at card '{game.cards[0].id}')" in warning.message
