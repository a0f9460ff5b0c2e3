"""A new game folder to start from, and the JSON Schemas written out for editors.

``new_game(folder, rules)`` writes a game that builds as it is: the manifest of the bundled
sample game with those rules (under the new id and name, its card back titled with them), every
one of its cards in one card file (art references left out: the art is the designer's), its
first deck, a small commented prh dictionary (``lint/prh.yml``, the file the manifest names), a
README in Japanese and English, and the schemas in ``schema/`` inside the folder — the card,
deck and manifest schemas and the layout and mat schemas of ``templates/`` — so each file's
``$schema`` line resolves from the folder wherever it is copied.

Every path the manifest names (:data:`PATH_KEYS`) is either written by the scaffold or dropped
from the manifest, so ``fuda build`` never meets a missing file on a new game. No card template
is written: the built-in rule sets use their bundled layout, and a ``rules: custom`` game
derives its layout from the kinds in game.yaml, which a copied ``templates/card.yaml`` would
freeze (the game's README says how to start one, with its ``$schema`` modeline).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from fuda.database.resources import schema_dir, templates_dir
from fuda.database.yamlfile import read_yaml

GAME_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")
SCHEMA_LINE = "# yaml-language-server: $schema={}\n"
PRH_FILE = "lint/prh.yml"
# The manifest's keys whose values are paths relative to game.yaml (a list for lint.prh).
PATH_KEYS = (("lint", "prh"), ("back", "image"), ("font", "regular"), ("font", "bold"))
LAYOUT_SCHEMAS = ("layout.schema.json", "mat.schema.json")  # in templates/, for card.yaml and mat.yaml
#: Conformance scenarios a new ``rules: custom`` game starts with (``fuda test`` runs them): one
#: rule, one card, one keyword of the sample, whose cards the new game starts from.
EXAMPLE_SCENARIOS = ("rule-setup.yaml", "card-hizashi-no-ya.yaml", "keyword-hishou-evades.yaml")
BACK_TEXT_MAX = 40  # game.schema.json: back.text maxLength

PRH_TEXT = """\
# yaml-language-server: $schema=https://raw.githubusercontent.com/prh/prh/master/prh.schema.json
# {name} の表記ゆれ辞書（prh 形式）。fuda lint と fuda build がカードの文章（効果文・フレーバー）に使います。
# ルールを足すには、rules: の下に次の形で書きます（# のうしろは説明です）:
#   - expected: 決めた書き方          # 直したあとの形
#     pattern: /ゆれ1|ゆれ2/          # 見つける形。/…/ は正規表現、/ がなければ文字そのまま
#     prh: このゲームでは「…」と書く   # （なくてもよい）直し方の説明として表示されます
#     specs:                          # （なくてもよい）ルールの試験: from が to に直ることを確かめます
#       - {{from: 直す前の例文, to: 直したあとの例文}}
# 辞書の書き方の誤り（YAML、パターン、specs の食い違い）は PRH002 のエラーになります。
# 辞書を使わないなら、このファイルを消し、game.yaml の lint: にある prh: の行も消してください。
# 下の二つは例です（このゲームのカードには当てはまりません）。書き換えても消してもかまいません。
version: 1
rules:
  - expected: デッキ
    pattern: デック
    specs:
      - {{from: デックから１枚引く, to: デッキから１枚引く}}
  - expected: 手札
    pattern: /手ふだ|てふだ/
    prh: 「手札」と漢字で書きます
"""

README_TEXT = """\
# {game_id}

{rules} のルールで作ったゲームのフォルダーです。カードは cards.yaml、デッキは decks/、表記ゆれ辞書は
lint/prh.yml にあります。`fuda validate` で検証し、`fuda build` で印刷用 PDF などすべての出力を作れます。
カードのレイアウトを変えるときは templates/card.yaml を作ります（1 行目に
`# yaml-language-server: $schema=../schema/layout.schema.json` と書くと、エディターが補完とチェックをします）。

A game folder for the {rules} rules: cards in cards.yaml, decks in decks/, the spelling dictionary
in lint/prh.yml. Check it with `fuda validate`; `fuda build` writes the print PDF and the other
outputs. To change the card layout, write templates/card.yaml (first line
`# yaml-language-server: $schema=../schema/layout.schema.json` for editor completion and checks).
"""


def known_rules() -> dict[str, Path]:
    """Rules ``fuda new`` can start a game with → the sample game folder it copies: each
    installed rule set's ``sample_game`` (by default fuda's bundled sample of those rules; see
    :class:`fuda.database.ruleset.Defaults`), in the registry's order."""
    from fuda.database.ruleset import optional, rulesets

    found = {}
    for rules, ruleset in rulesets().items():
        sample = optional(ruleset, "sample_game")()
        if sample is not None and (Path(sample) / "game.yaml").is_file():
            found[rules] = Path(sample)
    return found


def scaffold_rules() -> list[str]:
    """The rules ids ``fuda new`` can start a game with (see :func:`known_rules`)."""
    return list(known_rules())


def write_schemas(out: Path) -> list[Path]:
    """Copy every bundled JSON Schema (cards, decks, manifests, and the layout and mat schemas of
    the templates) into ``out`` (for editors), their hovers in the current language
    (:mod:`fuda.i18n.hovers`); returns the files written."""
    from fuda.atomic import write_atomic
    from fuda.i18n import language
    from fuda.i18n.hovers import schema_text

    out = Path(out)
    sources = sorted(schema_dir().glob("*.json")) + [templates_dir() / name for name in LAYOUT_SCHEMAS]
    return [write_atomic(out / p.name, schema_text(p, language())) for p in sources]


def write_card_schemas(paths=None) -> tuple[list[Path], list[Path]]:
    """``fuda schema``: write ``cards.schema.json`` into every game folder at ``paths`` whose rule
    set derives its card schema from game.yaml (``rules: custom``). Returns the files written and
    those left alone because fuda did not write them (:mod:`fuda.database.cardschema`). A game.yaml
    with errors raises FindingsError; the card files themselves need not be valid yet."""
    from fuda.atomic import write_atomic
    from fuda.database.cardschema import inspect
    from fuda.database.findings import FindingsError
    from fuda.database.load import validated

    database, found = validated(paths)
    broken = [f for f in found if f.severity == "error" and Path(f.location.file).name == "game.yaml"]
    if broken:
        raise FindingsError(broken)
    written, kept = [], []
    for game in database.games:
        schema = inspect(game)
        if schema is None:
            continue
        if schema.state == "foreign":
            kept.append(schema.path)
        else:
            written.append(write_atomic(schema.path, schema.text))
    return written, kept


def _manifest(sample: Path, game_id: str) -> dict:
    """The sample's manifest for a new game: its own id, name and back title; the prh dictionary
    is the scaffold's own; other files the sample names (back image, fonts) are dropped."""
    manifest = dict(read_yaml(sample / "game.yaml").data)
    manifest["id"], manifest["name"] = game_id, game_id
    manifest.pop("description", None)
    for outer, inner in PATH_KEYS:
        section = manifest.get(outer)
        if not isinstance(section, dict) or inner not in section:
            continue
        section = manifest[outer] = dict(section)
        if (outer, inner) == ("lint", "prh"):
            section[inner] = [PRH_FILE]
        else:
            del section[inner]
            if not section:
                del manifest[outer]
    if isinstance(manifest.get("back"), dict):
        manifest["back"] = {**manifest["back"], "text": game_id[:BACK_TEXT_MAX]}
    return manifest


def new_game(folder: Path, rules: str, game_id: str | None = None) -> list[Path]:
    """Create a game folder for ``rules``; raises ValueError for bad rules/ids or a non-empty folder."""
    from ruamel.yaml import YAML

    from fuda.atomic import write_atomic

    folder = Path(folder)
    samples = known_rules()
    if rules not in samples:
        raise ValueError("rules")
    game_id = game_id or folder.absolute().name
    if not GAME_ID.match(game_id):
        raise ValueError("id")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise FileExistsError(str(folder))
    sample = samples[rules]
    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = False
    yaml.allow_unicode = True
    yaml.width = 4096
    yaml.representer.sort_base_mapping_type_on_output = False  # keep id, name … in the samples' order

    def dump(path: Path, schema: str, data) -> Path:
        import io

        buf = io.StringIO()
        yaml.dump(data, buf)
        return write_atomic(path, SCHEMA_LINE.format(schema) + buf.getvalue())

    from fuda.database.model import thaw
    from fuda.database.ruleset import ruleset_for

    ruleset = ruleset_for(rules)
    written = write_schemas(folder / "schema")
    manifest = _manifest(sample, game_id)

    def schema_file(role: str) -> str:
        """The schema of ``role`` inside the folder: fuda's bundled file, or the rule set's own
        written beside them as ``schema/<rules>.<role>.schema.json``."""
        schema = ruleset.schema(role, manifest)
        if isinstance(schema, str):
            return f"schema/{schema}"
        name = f"schema/{rules}.{role}.schema.json"
        written.append(write_atomic(folder / name, json.dumps(thaw(schema), ensure_ascii=False, indent=2) + "\n"))
        return name

    written.append(dump(folder / "game.yaml", schema_file("game"), manifest))
    if manifest.get("lint", {}).get("prh"):
        written.append(write_atomic(folder / PRH_FILE, PRH_TEXT.format(name=game_id)))
    merged: dict = {}  # every top-level list of the sample's card files (cards, and e.g. fighters)
    for path in sorted(p for p in sample.glob("*.yaml") if p.name != "game.yaml"):
        for key, items in read_yaml(path).data.items():
            merged.setdefault(key, []).extend(items)
    merged["cards"] = [{k: v for k, v in card.items() if k != "art"} for card in merged.get("cards", [])]
    merged = {k: merged[k] for k in sorted(merged, key=lambda k: k == "cards")}  # cards last, as in the samples
    from fuda.database.cardschema import FILE, derive

    derived = derive(rules, manifest)  # a card schema made by the rule set (rules: custom: from game.yaml)
    if derived is None:
        card_schema = schema_file("cards")
    else:
        card_schema = FILE
        written.append(write_atomic(folder / FILE, derived))
    written.append(dump(folder / "cards.yaml", card_schema, merged))
    deck = sorted((sample / "decks").glob("*.yaml"))[0]
    written.append(dump(folder / "decks" / deck.name, f"../{schema_file('deck')}", read_yaml(deck).data))
    for name in EXAMPLE_SCENARIOS:  # a custom game's conformance scenarios: a few to start from
        source = sample / "scenarios" / name
        if source.is_file():
            body = source.read_text(encoding="utf-8").split("\n", 1)[1]  # the sample's own $schema line goes
            written.append(write_atomic(folder / "scenarios" / name,
                                        SCHEMA_LINE.format("../schema/custom.scenario.schema.json") + body))
    written.append(write_atomic(folder / "README.md", README_TEXT.format(game_id=game_id, rules=rules)))
    return written
