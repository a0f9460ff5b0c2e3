"""Duel Online Card.txt: the default fan notation, CP932/CRLF/no BOM with a strict encoder,
unique names, and the importer (round trip export → import keeps names and texts)."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from fuda import load_database
from fuda.cli.export import register
from fuda.database.findings import FindingsError
from fuda.online.duel_online import (
    export_text,
    load_template,
    record_lines,
    write_card_txt,
)
from fuda.online.duel_online_import import import_cards, parse_card_txt

from .conftest import rewrite
from .engine.cli import app


@pytest.fixture(scope="module")
def toho():
    """The bundled toho-tcg game."""
    return load_database().game("toho-tcg")


@pytest.fixture(scope="module")
def card_txt(toho):
    """The exported Card.txt bytes of toho-tcg."""
    data, warnings = export_text(toho)
    assert warnings == []
    return data


def records(data: bytes) -> list[list[str]]:
    """The records of a default-template Card.txt, split on blank lines."""
    out, current = [], []
    for line in data.decode("cp932").split("\r\n")[:-1]:
        if line == "":
            out.append(current)
            current = []
        else:
            current.append(line)
    return [*out, current]


def test_cp932_crlf_no_bom(card_txt):
    """The file is CP932 text with CRLF line ends, no BOM, ending in a line break."""
    assert not card_txt.startswith(b"\xef\xbb\xbf")
    assert b"\n" not in card_txt.replace(b"\r\n", b"") and b"\r" not in card_txt.replace(b"\r\n", b"")
    assert card_txt.endswith(b"\r\n")
    card_txt.decode("cp932", errors="strict")


def test_default_fan_notation(toho, card_txt):
    """Characters read コスト2/人間・巫女/攻2/守2, other kinds name their kind; keywords are spelled out."""
    recs = {r[0]: r for r in records(card_txt)}
    assert recs["博麗霊夢"] == ["博麗霊夢", "コスト2/人間・巫女/攻2/守2", "【プロテクション（妖怪）】"]
    hard = ["コスト4/人間・巫女/攻3/守3", "【プロテクション（妖怪）】【クリティカル（妖怪）】"]
    assert recs["博麗霊夢（ハード）"][1:3] == hard
    assert recs["恋符「マスタースパーク」"][1] == "コスト3/クイック"
    kinds = {c.kind for c in toho.cards}
    shown = {r[1].split("/")[1] for r in recs.values() if r[1].count("/") != 3}
    assert shown == {"クイック", "アシスター", "イクイップ", "ワールド"} & {
        {"quick": "クイック", "assister": "アシスター", "equip": "イクイップ", "world": "ワールド"}[k]
        for k in kinds if k != "character"}


def test_names_unique_and_order_stable(toho, card_txt):
    """Every record name is unique (Hards get （ハード）) and records follow the database order."""
    names = [r[0] for r in records(card_txt)]
    assert len(names) == len(set(names)) == len(toho.cards)
    expected = [c.name + ("（ハード）" if c.get("rank") == "hard" else "") for c in toho.cards]
    assert names == expected
    assert export_text(toho)[0] == card_txt  # deterministic


def test_round_trip_keeps_names_texts_and_stats(toho, card_txt):
    """export → import gives back the names, texts, kinds and stats of every card, ids included."""
    rules, cards, warnings = import_cards(card_txt, "toho-tcg", database=load_database())
    assert rules == "toho-tcg" and warnings == []
    assert [(c["name"], c["text"]) for c in cards] == [(c.name, c.text) for c in toho.cards]
    for got, card in zip(cards, toho.cards, strict=False):
        assert got["id"] == card.id and got["kind"] == card.kind
        for key in ("rank", "cost", "attack", "defense", "levels-from"):
            assert got.get(key) == card.get(key), (card.id, key)
        assert tuple(got.get("types", ())) == tuple(card.get("types", ()))
        assert [dict(k) if isinstance(k, dict) else k for k in got.get("keywords", [])] == [
            dict(k) if hasattr(k, "items") else k for k in card.get("keywords", ())]


def test_cli_import_writes_a_valid_card_file(toho, card_txt, tmp_path):
    """`fuda import duel-online` writes a card file that validates in a game folder of its own."""
    src = tmp_path / "Card.txt"
    src.write_bytes(card_txt)
    game = tmp_path / "db" / "imported"
    game.mkdir(parents=True)
    shutil.copy(toho.folder / "game.yaml", game / "game.yaml")
    result = CliRunner().invoke(app(register), ["import", "duel-online", str(src), "--game", "toho-tcg", "-o", str(game),
                                         "--into-game", "--path", str(tmp_path / "nowhere")])
    assert result.exit_code == 0, result.output
    imported = load_database([game]).game("toho-tcg")
    assert [(c.name, c.text) for c in imported.cards] == [(c.name, c.text) for c in toho.cards]
    result = CliRunner().invoke(app(register), ["import", "duel-online", str(src), "--game", "toho-tcg", "-o", str(game),
                                                "--into-game"])
    assert result.exit_code == 2 and "never overwrites" in result.stderr  # never overwrites by surprise


def test_lookalikes_are_normalised(sample_copy):
    """〜, −, — are written as the CP932 characters ～, －, ― instead of failing."""
    folder = sample_copy("toho-tcg")
    rewrite(folder / "characters.yaml", lambda d: d["cards"][0].update(text="攻撃力〜−1—テスト"))
    game = load_database([folder.parent]).game("toho-tcg")
    data, _ = export_text(game)
    assert "攻撃力～－1―テスト".encode("cp932") in data


def test_unencodable_character_is_a_located_error(sample_copy, tmp_path):
    """A character CP932 cannot hold is an error naming the card, the character and its line; no file."""
    folder = sample_copy("toho-tcg")
    rewrite(folder / "characters.yaml", lambda d: d["cards"][2].update(name="霧雨魔理沙🌟"))
    game = load_database([folder.parent]).game("toho-tcg")
    out = tmp_path / "out" / "Card.txt"
    with pytest.raises(FindingsError) as exc:
        write_card_txt(game, out)
    (finding,) = exc.value.findings
    assert finding.code == "X101" and finding.card == "marisa" and "🌟" in str(finding) and "U+1F31F" in str(finding)
    assert "characters.yaml:" in str(finding) and not out.exists()
    result = CliRunner().invoke(app(register), ["export", "duel-online", "toho-tcg", "-o", str(out),
                                         "--path", str(folder.parent)])
    assert result.exit_code == 1 and result.stderr.count("\n") == 1 and not out.parent.exists()


def test_strict_sjis_reports_cp932_extensions(sample_copy):
    """--strict-sjis warns about ①/Ⅲ/髙 (CP932 only); without it they pass silently."""
    folder = sample_copy("toho-tcg")
    rewrite(folder / "characters.yaml", lambda d: d["cards"][0].update(text="①Ⅲ髙～"))
    game = load_database([folder.parent]).game("toho-tcg")
    assert export_text(game)[1] == []
    data, warnings = export_text(game, strict_sjis=True)
    assert sorted(w.message.split("'")[1] for w in warnings) == sorted("①Ⅲ髙")
    assert {w.severity for w in warnings} == {"warning"} and "①Ⅲ髙～".encode("cp932") in data


def test_name_clash_and_separator_line_are_errors(sample_copy):
    """Two records with one name, or a text line that reads as a separator, are errors."""
    folder = sample_copy("toho-tcg")

    def mutate(d):
        d["cards"][2]["name"] = d["cards"][0]["name"]  # a Normal named like another Normal
        d["cards"][4]["text"] = "一行目\n\n三行目"

    rewrite(folder / "characters.yaml", mutate)
    game = load_database([folder.parent]).game("toho-tcg")
    with pytest.raises(FindingsError) as exc:
        export_text(game)
    assert sorted(f.code for f in exc.value.findings) == ["X103", "X104"]


def test_custom_template_round_trip(toho, tmp_path):
    """A user's template (header, other separator, stats elsewhere) writes and reads back alike."""
    path = tmp_path / "mine.yaml"
    path.write_text("\n".join([
        "header: ['[{game-name}]', '']",
        "record: ['■{record-name}', '{text}', '({stats})']",
        "separator: ['----']",
        "suffix: {field: rank, values: {hard: ' H'}, default: normal, kinds: [character]}",
        "stats: {character: 'C{cost} {types} {attack}/{defense}'}",
        "kinds: {quick: Q, assister: A, equip: E, world: W}",
        "numbers: [cost, attack, defense]",
        "lists: [types]",
        "join: '+'",
    ]), encoding="utf-8")
    tmpl = load_template(toho, path)
    data, _ = export_text(toho, tmpl)
    head = "[東方カードゲーム（仮）]\r\n\r\n■博麗霊夢\r\n【プロテクション（妖怪）】\r\n(C2 人間+巫女 2/2)"
    assert data.decode("cp932").startswith(head)
    cards = parse_card_txt(data, tmpl)
    with pytest.raises(FindingsError):  # the header is checked, not skipped blindly
        parse_card_txt(data.split(b"\r\n", 2)[2], tmpl)
    assert [(c["name"], c["text"]) for c in cards] == [(c.name, c.text) for c in toho.cards]
    assert [c.get("cost") for c in cards if c["kind"] == "character"] == [
        c["cost"] for c in toho.cards if c.kind == "character"]


def test_bad_template_and_bad_file_are_reported(toho, tmp_path):
    """A template failing its schema is a located error; a record the template cannot read is too."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("record: '{name}'\nextra: 1\n", encoding="utf-8")
    with pytest.raises(FindingsError) as exc:
        load_template(toho, bad)
    assert all("bad.yaml:" in str(f) for f in exc.value.findings)
    tmpl = load_template(toho)
    with pytest.raises(FindingsError) as exc:
        parse_card_txt("博麗霊夢\r\nコスト二/人間\r\n".encode("cp932"), tmpl)
    assert exc.value.findings[0].code == "X105" and exc.value.findings[0].location.line == 1


def test_generic_template_for_other_games():
    """Games without a template of their own use default.yaml: name, kind, text."""
    game = load_database().game("recast-rift")
    tmpl = load_template(game)
    assert tmpl.path.name == "default.yaml"
    card = game.cards[0]
    assert record_lines(card, tmpl, game)[:2] == [card.name, {"awakening": "覚醒札", "spell": "スペル札"}[card.kind]]
    data, _ = export_text(game)
    assert [(c["name"], c["kind"]) for c in parse_card_txt(data, tmpl)] == [(c.name, c.kind) for c in game.cards]


@pytest.mark.parametrize("game_id", ["recast-rift", "toho-tcg", "raise-blaze", "ryomen"])
def test_every_sample_game_round_trips(game_id):
    """Each sample game exports with its template and imports back to the same ids, names, kinds, texts."""
    database = load_database()
    game = database.game(game_id)
    data, _ = export_text(game)
    _, cards, _ = import_cards(data, game_id, database=database)
    assert [(c["id"], c["name"], c["kind"], c["text"]) for c in cards] == [
        (c.id, c.name, c.kind, c.text) for c in game.cards]
