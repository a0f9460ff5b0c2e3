"""The rule engines' own findings (E200–E205) read in Japanese.

A card whose abilities the engine cannot compile (an unknown op, a parameter it does not have, a
value out of range), an ability the engine cannot play, a ryomen pairing it refuses: each is
built from a copy of a sample game, compiled with the engine's registry (as ``fuda build``,
``fuda play`` and ``fuda simulate`` do), and its Japanese line must hold no English sentence.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from fuda.database.findings import FindingsError
from fuda.database.load import load_database, validated
from fuda.database.resources import cards_dir

from .fuzz.mutants import edit
from .test_i18n_coverage import english_in

_FILES = {"recast-rift": "reimu.yaml", "toho-tcg": "characters.yaml", "raise-blaze": "fighters.yaml",
          "ryomen": "ghost.yaml"}


def _set(game: str, card: str, ability: int, key: str, value, file: str | None = None):
    """A change setting ``key`` of ability ``ability`` of card ``card`` (``effect`` takes a list of ops)."""
    def change(folder: Path):
        def apply(data):
            found = next(c for c in data["cards"] if c["id"] == card)
            found["abilities"][ability][key] = value
        edit(folder / (file or _FILES[game]), apply)
    return change


def _effect(game: str, card: str, *ops, ability: int = 0, file: str | None = None):
    return _set(game, card, ability, "effect", list(ops), file)


def engine_findings(folder: Path, pairs=None) -> list:
    """What the game's engine says when it compiles the (valid) game at ``folder``: the findings
    of a refused registry, or of a refused ryomen pairing ``pairs``, else the registry's notes."""
    from fuda.engine.games import registry_for

    game = validated([folder])[0].games[0]  # the database as loaded, though its validation (which
    try:  # includes the engine's check, #35) refuses it
        registry = registry_for(game)
        if pairs is not None:
            from fuda.engine.ryomen.cards import pool_of

            pool_of(registry).lineup(pairs)
    except FindingsError as exc:
        return list(exc.findings)
    return list(registry.findings)


RR, TT, RB, RY = "recast-rift", "toho-tcg", "raise-blaze", "ryomen"

BROKEN_ENGINE = [
    # the schema lets these through; only the engine's cross-checks refuse them
    ("E202", RB, _effect(RB, "fairy-maid", {"search-deck": {"filter": {"kind": "fighter", "spell-type": "equip"},
                                                            "count": 1}})),
    ("E202", RB, _effect(RB, "fairy-maid", {"search-deck": {"filter": {"kind": "spell", "raise-at-most": 1},
                                                            "count": 1}})),
    ("E203", RR, lambda f: (_set(RR, "reimu-dream-battle", 0, "effect", "manual")(f),
                            _set(RR, "reimu-dream-battle", 0, "reason", "未定の効果")(f))),
    ("E203", RR, lambda f: (_set(RR, "reimu-dream-battle", 0, "effect", "manual")(f),
                            _set(RR, "reimu-dream-battle", 0, "reason",
                                 "imported from Duel Online; write the effect")(f))),
    ("E205", TT, _effect(TT, "suwako", {"draw": 1})),
    ("E205", TT, _effect(TT, "suwako", {"modify-stat": {"target": "own-character", "defense": 1}})),
    ("E205", TT, _effect(TT, "reimu-hard", {"damage": {"target": "opponent-character", "amount": 2}},
                         {"modify-stat": {"target": "equipped", "attack": 1}})),
]


@pytest.mark.parametrize("code, game, breaks", BROKEN_ENGINE,
                         ids=[f"{row[0]}-{row[1]}-{n}" for n, row in enumerate(BROKEN_ENGINE)])
def test_engine_finding_reads_in_japanese(tmp_path, code, game, breaks):
    """A card the engine cannot compile: the engine's finding has this code and reads in Japanese."""
    folder = tmp_path / "db" / game
    shutil.copytree(cards_dir() / game, folder)
    breaks(folder)
    findings = engine_findings(folder)
    assert code in {f.code for f in findings}, [str(f) for f in findings]
    assert english_in(findings) == []


# ── every message an op table writes (the schema refuses most of these first) ─────────────────


def _tables():
    from fuda.engine.raise_blaze import ops as rb
    from fuda.engine.recast_rift import ops as rr
    from fuda.engine.ryomen import ops as ry
    from fuda.engine.toho_tcg import ops as tt

    return {RR: rr.TABLE, TT: tt.TABLE, RB: rb.TABLE, RY: ry.TABLE}


BAD_OPS = [  # (game, op, arguments, op kind the place allows)
    (RR, "lift", {"count": 2, "speed": 1}, None),
    (RR, "draw", "two", None),
    (RR, "draw", 12, None),
    (RR, "draw", True, None),
    (RR, "lift", "some", None),
    (RR, "rebuild", 2, None),
    (RR, "attack", {"hand": None, "life": None}, None),
    (RR, "modify-attack", {"target": "answered", "hand": 0, "life": 0}, None),
    (RR, "attack", {"hand": "x", "life": 1}, None),
    (RR, "reserve", "that", None),
    (RR, "retrieve-to-hand", {"count": 1}, None),
    (RR, "if", {"condition": {"hand-at-most": 1}, "then": 3}, None),
    (RR, "if", {"condition": {"hand-at-most": 1}, "then": [{"fly": 1}]}, None),
    (RR, "if", {"condition": {"hand-at-most": 1}, "then": ["rebuild"]}, None),
    (RR, "if", {"condition": "tired", "then": []}, None),
    (RR, "attack-modifier", {"player": "opponent", "hand": 1, "life": 0}, "effect"),
    (RY, "modify-stat", {"target": "opponent", "stat": "speed"}, None),
    (RY, "modify-stat", {"target": "opponent", "stat": "luck", "amount": 1}, None),
    (RY, "modify-stat", {"target": "opponent", "stat": "speed", "amount": 0}, None),
    (RY, "swap-stats", {"target": "self", "stats": ["power", "power"]}, None),
    (RY, "swap-stats", {"target": "self", "stats": ["power", "luck"]}, None),
    (RY, "swap-stats", {"target": "self", "stats": "power"}, None),
    (RY, "flip", {"target": "self", "count": 2}, None),
    (RY, "put-stat-chip", {"chip": "Power Up", "target": "self"}, None),
    (RY, "if", {"condition": {}, "then": []}, None),
    (TT, "modify-stat", {"target": "this"}, None),
    (TT, "grant-keyword", {"target": "this", "keyword": "flying"}, None),
    (TT, "grant-keyword", {"target": "this", "keyword": {"speed": 2}}, None),
    (TT, "damage", {"target": "opponent-character", "amount": 2, "filter": {}}, None),
    (TT, "damage", {"target": "opponent-character", "amount": 2, "filter": {"colour": "red"}}, None),
    (TT, "damage", {"target": "opponent-character", "amount": 2, "filter": {"tapped": "yes"}}, None),
    (TT, "damage", {"target": "opponent-character", "amount": 2, "filter": "red"}, None),
    (TT, "recover", {"kind": "spell", "count": 1, "type": ""}, None),
    (TT, "if", {"condition": {"hand-at-most": 1}, "then": [{"draw": 1, "tap": 1}]}, None),
    (RB, "destroy", {"target": {"pick": "chosen", "zone": "fighter", "count": 1}}, None),
    (RB, "destroy", {"target": {"side": "opponent"}}, None),
    (RB, "destroy", {"target": {"pick": "chosen", "side": "opponent", "zone": "fighter"}}, None),
    (RB, "destroy", {"target": {"pick": "self", "count": 1}}, None),
    (RB, "destroy", {"target": {"pick": "self", "types": ["妖精"]}}, None),
    (RB, "destroy", {"target": {"pick": "chosen", "side": "opponent", "zone": "fighter", "count": 1,
                                "types": ["妖精", "妖精"]}}, None),
    (RB, "destroy", {"target": {"pick": "chosen", "side": "opponent", "zone": "fighter", "count": 1,
                                "name-of": ""}}, None),
    (RB, "battle-immune", {"target": {"pick": "self"}}, "effect"),
    (RB, "negate-attack", False, None),
    (RB, "modify-power", {"target": {"pick": "self"}, "amount": 300, "until": "tomorrow"}, None),
]


@pytest.mark.parametrize("game, name, args, kind", BAD_OPS, ids=[f"{r[0]}-{r[1]}-{n}" for n, r in enumerate(BAD_OPS)])
def test_op_table_errors_read_in_japanese(game, name, args, kind):
    """An op with a bad argument, compiled by the game's op table: the E202 finding reads in Japanese."""
    from fuda.database.findings import Finding, Location
    from fuda.engine.core.params import ParamError

    where = Location(Path("cards/x.yaml"), 3, 5)
    with pytest.raises(ParamError) as exc:
        _tables()[game].compile(name, args, lambda *path: where, kind)
    assert english_in([Finding(where, "E202", str(exc.value), card="x")]) == []


# ── what the registry, the ryomen pairing check and `fuda build` say ─────────────────────────


def _core(folder: Path, **options) -> list:
    """The findings of the core registry build of the game at ``folder`` with ``options``
    (a smaller op table, a closed list of timings, extra ability keys)."""
    from fuda.engine.core.registry import build_registry

    game = load_database([folder]).games[0]
    options.setdefault("table", _tables()[game.rules])
    try:
        registry = build_registry(game, options.pop("table"), **options)
    except FindingsError as exc:
        return list(exc.findings)
    return list(registry.findings)


def _small_table():
    from fuda.engine.core.registry import Int, OpTable

    table = OpTable("recast-rift")
    table.op("draw", count=Int(min=1))(lambda game, ctx, count: None)
    return table


def _int():
    from fuda.engine.core.params import Int

    return Int(min=0)


REGISTRY = [  # (code, game, options for the core registry build)
    ("E201", RR, lambda: {"table": _small_table()}),
    ("E204", RR, lambda: {"whens": ("on-cast",)}),
    ("E204", RR, lambda: {"extras": {}}),
    ("E204", RR, lambda: {"extras": {"cost": _int(), "limit": _int()}}),
]


@pytest.mark.parametrize("code, game, options", REGISTRY, ids=[f"{r[0]}-{n}" for n, r in enumerate(REGISTRY)])
def test_registry_findings_read_in_japanese(tmp_path, code, game, options):
    """The core registry build refusing a sample game's abilities: its findings read in Japanese."""
    findings = _core(cards_dir() / game, **options())
    assert code in {f.code for f in findings}, [str(f) for f in findings]
    assert english_in(findings) == []


PAIRINGS = [  # a ryomen pairing the engine refuses (RY-DECK-2 and the 9 pairs)
    [("rumia", "daiyousei")] * 8,
    [("rumia", "daiyousei"), ("cirno",)] + [("rumia", "daiyousei")] * 7,
    [("rumia", "nobody")] + [("rumia", "daiyousei")] * 8,
    [("rumia", "rumia")] + [("rumia", "daiyousei")] * 8,
]


@pytest.mark.parametrize("pairs", PAIRINGS, ids=["count", "one-face", "unknown", "same"])
def test_ryomen_pairing_findings_read_in_japanese(pairs):
    """A ryomen pairing the engine refuses: its E205 findings read in Japanese."""
    findings = engine_findings(cards_dir() / RY, pairs)
    assert "E205" in {f.code for f in findings}, [str(f) for f in findings]
    assert english_in(findings) == []


def test_manual_card_in_a_ryomen_pairing_reads_in_japanese(tmp_path):
    """A pairing holding a card with an effect: manual ability: the engine's E203 reads in Japanese."""
    folder = tmp_path / "db" / RY
    shutil.copytree(cards_dir() / RY, folder)
    _set(RY, "rumia", 0, "effect", "manual", "scarlet.yaml")(folder)
    _set(RY, "rumia", 0, "reason", "未定の効果", "scarlet.yaml")(folder)
    findings = engine_findings(folder, [("rumia", "daiyousei")] * 9)
    assert "E203" in {f.code for f in findings if f.severity == "error"}, [str(f) for f in findings]
    assert english_in(findings) == []


def test_build_of_a_game_without_an_engine_reads_in_japanese(tmp_path):
    """`fuda build`'s engine step on a custom game without play: its E200 note reads in Japanese."""
    from fuda.build import engine_step

    from .test_ruleset import make_game

    findings = []
    try:
        engine_step(load_database([make_game(tmp_path / "db")]), tmp_path)
    except FindingsError as exc:
        findings = exc.findings
    text = (tmp_path / "engine" / "registry.txt").read_text(encoding="utf-8")
    assert "E200" in text
    from fuda.database.findings import Finding, Location

    line = next(row for row in text.splitlines() if "E200" in row)
    assert findings == []
    note = Finding(Location(Path("game.yaml"), 1, 1), "E200", line.split("]: ", 1)[1], severity="info")
    assert english_in([note]) == []


def test_every_engine_code_has_a_title():
    """Every finding code the rule engines write (E2xx) has a title in both languages."""
    import re

    from fuda.i18n.findings import TITLES

    root = Path(__file__).resolve().parent.parent
    files = [*(root / "engine").rglob("*.py"), root / "pipeline" / "build.py"]
    codes = {c for p in files for c in re.findall(r'"(E2\d\d)"', p.read_text(encoding="utf-8"))}
    assert {"E200", "E201", "E202", "E203", "E204", "E205"} <= codes
    assert sorted(codes - set(TITLES)) == []


def test_empty_art_focus_crop_box_reads_in_japanese(tmp_path):
    """`fuda validate --strict` on a card whose art-focus crop box is empty: P106 and its hint read in Japanese."""
    from fuda.faces.layout import art_findings

    folder = tmp_path / "db" / TT
    shutil.copytree(cards_dir() / TT, folder)

    def crop(data):
        card = next(c for c in data["cards"] if c.get("art"))
        card["art-focus"] = {"left": 0.6, "top": 0, "right": 0.4, "bottom": 1}
    edit(folder / "characters.yaml", crop)
    findings = art_findings(load_database([folder]))
    assert "P106" in {f.code for f in findings}, [str(f) for f in findings]
    assert english_in(findings) == []
