"""Loading the database: located schema errors, cross-file checks, the immutable result."""

from __future__ import annotations

import pytest

from fuda import FindingsError, load_database, validate
from fuda.database.resources import cards_dir

from .conftest import GAMES, card_files, deck_files, rewrite


def _codes(findings):
    return sorted({f.code for f in findings if f.severity == "error"})


def _text_at(location) -> str:
    line = location.file.read_text(encoding="utf-8").splitlines()[location.line - 1]
    return line[location.col - 1:]


def test_sample_database_is_clean():
    """The bundled sample database validates with no error."""
    findings = validate()
    assert [str(f) for f in findings if f.severity == "error"] == []


def test_sample_database_has_all_games():
    """All four built-in games and the two custom samples load, each with cards and at least two decks."""
    db = load_database()
    assert [g.id for g in db.games] == sorted((*GAMES, "hoshikage", "kenbu"))
    for game in db.games:
        assert game.cards and len(game.decks) >= 2
    assert len(db.digest) == 64


def test_database_is_immutable():
    """Cards, their data and the database cannot be changed after loading."""
    db = load_database()
    card = db.games[0].cards[0]
    with pytest.raises(AttributeError):
        card.name = "x"
    with pytest.raises(TypeError):
        card.data["name"] = "x"


@pytest.mark.parametrize("game", GAMES)
def test_bad_field_reports_its_line_and_column(game, sample_copy):
    """A wrong type deep in a card is reported at the exact line and column of the value."""
    folder = sample_copy(game)
    path = card_files(folder)[0]
    rewrite(path, lambda d: d["cards"][1].__setitem__("name", 12345))
    findings = [f for f in validate([folder]) if f.code == "S003"]
    assert len(findings) == 1, findings
    (finding,) = findings
    assert finding.location.file == path
    assert _text_at(finding.location).startswith("12345")
    assert finding.card is not None and "expected a text, found a whole number 12345" in finding.message


@pytest.mark.parametrize("game", GAMES)
def test_unknown_key_is_located_at_the_key(game, sample_copy):
    """An unknown (misspelt) key is reported at the key itself, with a suggestion."""
    folder = sample_copy(game)
    path = card_files(folder)[0]
    rewrite(path, lambda d: d["cards"][0].__setitem__("nmae", "x"))
    (finding,) = [f for f in validate([folder]) if f.code == "S001"]
    assert _text_at(finding.location).startswith("nmae:")
    assert "did you mean 'name'" in str(finding)


@pytest.mark.parametrize("game", GAMES)
def test_duplicate_card_id(game, sample_copy):
    """Two cards with one id in a game are an error at the second id."""
    folder = sample_copy(game)
    path = card_files(folder)[0]

    def clash(d):
        d["cards"][1]["id"] = d["cards"][0]["id"]

    rewrite(path, clash)
    assert "D001" in _codes(validate([folder]))


@pytest.mark.parametrize("game", GAMES)
def test_dangling_deck_reference(game, sample_copy):
    """A deck naming a card that does not exist is an error with a suggestion."""
    folder = sample_copy(game)
    deck = deck_files(folder)[0]

    def dangle(d):
        if "spells" in d:
            d["spells"][0] = "no-such-card"
        elif "pairs" in d:
            d["pairs"][0][0] = "no-such-card"
        else:
            d["cards" if "cards" in d else "main"][0]["card"] = "no-such-card"

    rewrite(deck, dangle)
    findings = validate([folder])
    assert "R001" in _codes(findings)
    assert any("no-such-card" in str(f) and f.location.file == deck for f in findings)


@pytest.mark.parametrize("problem,art", [
    ("outside", "../../../../etc/hostname.png"),
    ("missing", "art/nowhere.png"),
    ("broken", "art/broken.png"),
])
def test_art_must_be_a_readable_image_inside_the_game(problem, art, sample_copy):
    """Art paths that leave the folder, do not exist, or are not images are errors."""
    folder = sample_copy("recast-rift")
    (folder / "art").mkdir(exist_ok=True)
    (folder / "art" / "broken.png").write_bytes(b"not a png at all")
    rewrite(card_files(folder)[0], lambda d: d["cards"][0].__setitem__("art", art))
    findings = [f for f in validate([folder]) if f.code == "A001"]
    assert len(findings) == 1 and findings[0].card


def test_recast_rift_fighter_owns_eight_cards(sample_copy):
    """A fighter with 8 spells (one too many) breaks the 1 awakening + 7 spells rule."""
    folder = sample_copy("recast-rift")
    path = card_files(folder)[0]

    def extra(d):
        spell = dict(next(c for c in d["cards"] if c["kind"] == "spell"))
        spell["id"] = spell["id"] + "-extra"
        d["cards"].append(spell)

    rewrite(path, extra)
    assert "F001" in _codes(validate([folder]))


@pytest.mark.parametrize("mutation", ["eight spells", "foreign spell", "one fighter"])
def test_recast_rift_deck_construction(mutation, sample_copy):
    """Recast Rift decks: 2 fighters, their awakening card, 9 spells from their 14."""
    folder = sample_copy("recast-rift")
    db = load_database([folder])
    game = db.games[0]
    deck_path = deck_files(folder)[0]
    deck = game.deck(game.decks[0].id) if game.decks[0].source.file == deck_path else next(
        d for d in game.decks if d.source.file == deck_path)
    foreign = next(c.id for c in game.cards if c.kind == "spell" and c.get("fighter") not in deck["fighters"])

    def mutate(d):
        if mutation == "eight spells":
            d["spells"].pop()
        elif mutation == "foreign spell":
            d["spells"][0] = foreign
        else:
            d["fighters"] = d["fighters"][:1]

    rewrite(deck_path, mutate)
    codes = _codes(validate([folder]))
    # Counts the deck schema fixes (9 spells, 2 fighters) fail there; membership is our check.
    expected = {"eight spells": "S006", "foreign spell": "K001", "one fighter": "S006"}[mutation]
    assert expected in codes, codes


def test_toho_tcg_deck_needs_thirty_cards(sample_copy):
    """A toho-tcg deck of 29 cards is refused (a deck's count is its life, TT-SETUP-1)."""
    folder = sample_copy("toho-tcg")
    deck_path = deck_files(folder)[0]

    def shrink(d):
        total = sum(e["count"] for e in d["cards"])
        entry = d["cards"][0]
        entry["count"] -= total - 29
        if entry["count"] < 1:
            raise AssertionError("sample deck too spread to shrink by the first entry")

    rewrite(deck_path, shrink)
    assert "K001" in _codes(validate([folder]))


def test_toho_tcg_hard_needs_a_normal(sample_copy):
    """A Hard whose levels-from names no card is a dangling reference."""
    folder = sample_copy("toho-tcg")
    for path in card_files(folder):
        data_has_hard = "levels-from" in path.read_text(encoding="utf-8")
        if data_has_hard:
            def dangle(d):
                hard = next(c for c in d["cards"] if c.get("levels-from"))
                hard["levels-from"] = "nobody-normal"
            rewrite(path, dangle)
            break
    assert "R001" in _codes(validate([folder]))


@pytest.mark.parametrize("mutation", ["four copies", "short main", "repeated core", "fighter in core"])
def test_raise_blaze_deck_construction(mutation, sample_copy):
    """RAISE×BLAZE decks: main 40–100 with ≤ 3 copies, core 1–10 unique core fighters."""
    folder = sample_copy("raise-blaze")
    deck_path = deck_files(folder)[0]
    db = load_database([folder])
    fighter = next(c.id for c in db.games[0].cards if c.kind == "fighter")

    def mutate(d):
        if mutation == "four copies":
            d["main"][0]["count"] = 4
        elif mutation == "short main":
            d["main"][0]["count"] -= sum(e["count"] for e in d["main"]) - 39
        elif mutation == "repeated core":
            d["core"].append(d["core"][0])
        else:
            d["core"][0] = fighter

    rewrite(deck_path, mutate)
    codes = _codes(validate([folder]))
    expected = {"four copies": "S005", "short main": "K001", "repeated core": "S008", "fighter in core": "K001"}
    assert expected[mutation] in codes, codes


@pytest.mark.parametrize("mutation", ["same card twice", "one card three times"])
def test_ryomen_pairing_rules(mutation, sample_copy):
    """ryomen pairings: each kind exactly twice, never a pair of two copies of one card."""
    folder = sample_copy("ryomen")
    deck_path = deck_files(folder)[0]

    def mutate(d):
        pairs = d["pairs"]
        if mutation == "same card twice":
            pairs[0][1] = pairs[0][0]
        else:
            pairs[1][0] = pairs[0][0] if pairs[0][0] != pairs[1][1] else pairs[0][1]

    rewrite(deck_path, mutate)
    # The schema already refuses a pair of one card (uniqueItems); the count check is ours.
    expected = "S008" if mutation == "same card twice" else "K001"
    assert expected in _codes(validate([folder]))


def test_all_findings_in_one_run(sample_copy):
    """Several problems in several files are all reported by one validation."""
    folder = sample_copy("recast-rift")
    files = card_files(folder)
    rewrite(files[0], lambda d: d["cards"][0].__setitem__("name", 1))
    rewrite(files[1], lambda d: d["cards"][0].__setitem__("kind", "nonsense"))
    rewrite(deck_files(folder)[0], lambda d: d["spells"].__setitem__(0, "missing-card"))
    findings = [f for f in validate([folder]) if f.severity == "error"]
    assert {f.location.file for f in findings} >= {files[0], files[1], deck_files(folder)[0]}


def test_load_database_raises_with_every_finding(sample_copy):
    """load_database refuses a broken database, carrying every finding, one line each."""
    folder = sample_copy("ryomen")
    rewrite(card_files(folder)[0], lambda d: d["cards"][0].__setitem__("power", 10))
    with pytest.raises(FindingsError) as info:
        load_database([folder])
    assert info.value.findings
    assert all("\n" not in str(f) for f in info.value.findings)


def test_paths_can_name_a_root_a_game_or_a_file():
    """A database root, one game folder and one card file inside it all load that game."""
    assert len(load_database([cards_dir()]).games) == 6
    assert [g.id for g in load_database([cards_dir() / "ryomen"]).games] == ["ryomen"]
    one_file = card_files(cards_dir() / "toho-tcg")[0]
    assert [g.id for g in load_database([one_file]).games] == ["toho-tcg"]


def test_an_art_name_too_long_for_the_file_system_is_a_finding(sample_copy):
    """An art path whose file name is longer than the file system allows is A001, not a traceback."""
    from fuda import validate

    from .conftest import card_files, rewrite

    folder = sample_copy("toho-tcg")
    rewrite(card_files(folder)[0], lambda d: d["cards"][0].__setitem__("art", "art/" + "あ" * 300 + ".png"))
    found = [f for f in validate([folder]) if f.code == "A001"]
    assert found and "cannot be opened" in found[0].message and found[0].location.line > 0


def test_an_ability_missing_its_text_is_reported_once(sample_copy):
    """A schema problem two ability shapes agree on is one finding, not one per shape."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]

    def drop_text(d):
        card = next(c for c in d["cards"] if c.get("abilities"))
        card["abilities"].append({"id": "x"})

    rewrite(path, drop_text)
    findings = [f for f in validate([folder]) if f.code == "S002"]
    assert findings and len(findings) == len(set(findings)), findings


def test_a_slip_inside_an_effect_is_explained_inside_it(sample_copy):
    """A full-width digit inside an ability's op list is named there, not as "expected manual"
    (the effect is a list of ops or the word manual: the list branch came closer)."""
    folder = sample_copy("toho-tcg")
    path = card_files(folder)[0]
    where = {}

    def slip(d):
        for i, card in enumerate(d["cards"]):
            for j, ability in enumerate(card.get("abilities") or ()):
                effect = ability.get("effect")
                if isinstance(effect, list) and effect and isinstance(effect[0], dict):
                    (op, args), = effect[0].items()
                    if isinstance(args, dict):
                        key = next((k for k, v in args.items() if isinstance(v, int) and not isinstance(v, bool)), None)
                        if key:
                            args[key] = "３"
                            where.update(card=card["id"], path=f"cards[{i}].abilities[{j}].effect[0].{op}.{key}")
                            return

    rewrite(path, slip)
    assert where
    findings = [f for f in validate([folder]) if f.card == where["card"]]
    assert [f.code for f in findings] == ["S003"], findings
    assert findings[0].message.startswith(where["path"] + ":") and "full-width" in findings[0].message
