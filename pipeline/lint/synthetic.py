"""Cards built in memory, without YAML files: for linting a card an editor holds, for tests,
and for the throughput benchmark (``synthetic_cards`` makes many distinct, realistic cards).

The values are the same immutable :class:`~fuda.database.Card` objects the loader builds;
they only lack file positions, so diagnostics point at ``<memory>``.
"""

from __future__ import annotations

import random
from pathlib import Path

from fuda.database.findings import Location
from fuda.database.model import Ability, Card, Database, Game, Op, freeze

MEMORY = Path("<memory>")


def make_card(game_id: str, item: dict, source: Location | None = None) -> Card:
    """A card from its YAML-shaped dict (abilities included)."""
    source = source or Location(MEMORY)
    abilities = []
    for a in item.get("abilities", ()):
        effect = a.get("effect")
        ops = None
        if isinstance(effect, list):
            ops = tuple(Op(name, freeze(args), source) for step in effect for name, args in step.items())
        abilities.append(Ability(when=a.get("when", ""), text=a.get("text", ""), effect=ops,
                                 manual=a.get("reason", "manual") if ops is None else None,
                                 data=freeze(a), source=source))
    return Card(game=game_id, id=item["id"], name=item["name"], kind=item["kind"], text=item.get("text", ""),
                flavor=item.get("flavor"), art=None, abilities=tuple(abilities), data=freeze(item), source=source)


def make_game(rules: str, cards: list[dict], manifest: dict | None = None, folder: Path | None = None,
              game_id: str | None = None) -> Game:
    """A game of rule set ``rules`` holding ``cards`` (dicts), with an optional manifest."""
    game_id = game_id or rules
    manifest = {"id": game_id, "name": game_id, "rules": rules, **(manifest or {})}
    folder = Path(folder) if folder else MEMORY
    return Game(id=game_id, name=manifest["name"], rules=rules, folder=folder, manifest=freeze(manifest),
                cards=tuple(make_card(game_id, c) for c in cards), decks=(), source=Location(folder / "game.yaml"))


def make_database(*games: Game) -> Database:
    """A database of in-memory games."""
    return Database(tuple(sorted(games, key=lambda g: g.id)))


_FULL = str.maketrans("0123456789", "０１２３４５６７８９")
_NAMES = ["霊夢", "魔理沙", "咲夜", "妖夢", "早苗", "チルノ", "アリス", "パチュリー", "レミリア", "文"]
_SPELLS = ["夢想封印", "マスタースパーク", "殺人ドール", "現世斬", "神の風", "アイシクルフォール", "人形操創"]
_FLAVOR = ["楽園の素敵な巫女。", "普通の魔法使い。", "時間を操る従者。", "半人半霊の庭師。", "風祝の現人神。"]


def _n(value: int) -> str:
    return str(value).translate(_FULL)


def synthetic_cards(count: int, seed: int = 0) -> list[dict]:
    """``count`` distinct, valid recast-rift spells with one or two abilities each."""
    rng = random.Random(seed)
    cards = []
    for i in range(count):
        draw, lift, fd = rng.randint(1, 3), rng.randint(1, 3), rng.randint(1, 2)
        hand, life = rng.randint(0, 3), rng.randint(1, 3)
        kind = rng.choice(("attack", "setup", "action", "trigger"))
        abilities = []
        if kind == "attack":
            first = f"【キャスト時】{_n(draw)}ドローする。"
            abilities.append({"when": "on-cast", "text": first, "effect": [{"draw": draw}]})
            second = f"【回収時】自分の展開中のカード{_n(lift)}枚をリフトする。"
            abilities.append({"when": "on-retrieve", "text": second, "effect": [{"lift": {"count": lift}}]})
        elif kind == "setup":
            text = f"【展開中】相手の《攻撃》の攻撃力を－{_n(fd)}／－０する。"
            abilities.append({"when": "while-deployed", "text": text,
                              "effect": [{"attack-modifier": {"player": "opponent", "hand": -fd, "life": 0}}]})
        elif kind == "action":
            text = f"{_n(draw)}ドローする。その後、手札{_n(fd)}枚を伏せ札にする。"
            abilities.append({"when": "on-cast", "text": text, "effect": [
                {"draw": draw}, {"face-down": {"player": "self", "count": fd, "chooser": "self"}}]})
        else:
            text = f"【展開中】自分がグレイズした時、自分の展開中のカード{_n(lift)}枚をリフトする。"
            abilities.append({"when": "while-deployed", "trigger": "self-grazed", "text": text,
                              "effect": [{"lift": {"count": lift}}]})
        card = {
            "id": f"card-{i}", "name": f"{rng.choice(['霊符', '恋符', '幻符', '人符'])}「{rng.choice(_SPELLS)}{_n(i)}」",
            "kind": "spell", "fighter": rng.choice(_NAMES), "timing": "normal", "type": kind,
            "recast": [3, 2], "graze": False, "text": "\n".join(a["text"] for a in abilities),
            "flavor": rng.choice(_FLAVOR), "abilities": abilities,
        }
        if kind == "attack":
            card["attack"] = {"hand": hand, "life": life}
        cards.append(card)
    return cards
