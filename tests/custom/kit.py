"""A small custom game written for the tests: one card per effect word, stacked decks.

``setup: {shuffle: false, first-player: first}`` makes every position known: seat 1 goes first
and each player's hand is the first cards of the setup given (a deck's first card is its top).
"""

from __future__ import annotations

from pathlib import Path

from fuda import load_database
from fuda.engine import custom as cu
from fuda.engine.core import ScriptedAgent, run
from fuda.engine.custom.game import PlayerSetup

GAME_YAML = """\
id: kit
name: 試験用ゲーム
rules: custom
kinds:
  unit:
    label: ユニット
    fields:
      cost:    {type: integer, min: 0, max: 9, label: コスト}
      power:   {type: integer, min: 0, max: 9, label: 力}
      element: {type: enum, values: [火, 水], label: 属性}
  spell:
    label: 呪文
    fields:
      cost:    {type: integer, min: 0, max: 9, label: コスト}
      instant: {type: boolean, label: 即時}
deck-rules: {min-cards: 1}
play:
  counters:
    mana:  {label: マナ, start: 10, max: 20}
    score: {label: 点, start: 0, max: 5}
  zones:
    deck:    {label: 山札, visibility: hidden}
    hand:    {label: 手札, visibility: owner}
    field:   {label: 場}
    discard: {label: 捨て札}
    exile:   {label: 除外, shared: true}
  permanents: [unit]
  setup: {shuffle: false, hand: 3, first-player: first}
  turn:
    - refresh
    - {draw: 1, except-first-turn: true}
    - main
    - end
  play-card: {cost: cost, counter: mana}
  respond: {windows: [play], cards: "instant == true"}
  combat:
    attackers: "kind == unit"
    strength: power
    unblocked:
      - gain: {counter: score, amount: 1}
  keywords:
    壁: {blocker: true}
    速攻: {haste: true}
  end:
    - {counter: score, at-least: 5, result: win}
    - {deck-out: lose}
  limit: {rounds: 3, decide-by: [score]}
"""

CARDS_YAML = """\
cards:
  - {id: plain, name: ただの兵, kind: unit, cost: 1, power: 2, element: 火, text: ""}
  - {id: wall, name: 石の壁, kind: unit, cost: 1, power: 3, element: 水, keywords: [壁], text: 【壁】}
  - {id: runner, name: 早足, kind: unit, cost: 1, power: 1, element: 火, keywords: [速攻], text: 【速攻】}
  - id: drawer
    name: 物知り
    kind: unit
    cost: 1
    power: 1
    element: 水
    text: 出たとき、カードを１枚引く。
    abilities:
      - {when: play, effect: [{draw: 1}]}
  - id: banner
    name: 旗手
    kind: unit
    cost: 2
    power: 1
    element: 火
    text: 常時、あなたの火のユニットの力は＋１。
    abilities:
      - {when: static, effect: [{modify: {owner: you, filter: "kind == unit and element == 火", field: power, by: 1}}]}
  - id: ward
    name: 守り手
    kind: unit
    cost: 2
    power: 1
    element: 水
    text: 常時、あなたの水のユニットは相手の呪文の対象にならない。
    abilities:
      - {when: static, effect: [{protect: {owner: you, filter: "element == 水", from: "kind == spell"}}]}
  - id: mourner
    name: 弔い人
    kind: unit
    cost: 1
    power: 1
    element: 水
    text: 破壊されたとき、点を１得る。
    abilities:
      - {when: destroyed, effect: [{gain: {counter: score, amount: 1}}]}
  - id: twin
    name: 双子
    kind: unit
    cost: 1
    power: 1
    element: 火
    text: 出たとき、あなたの場にほかの双子がいるなら、カードを１枚引く。
    abilities:
      - when: play
        if: {count: {zone: field, owner: you, filter: "name == 双子", other: true}, at-least: 1}
        effect: [{draw: 1}]
  - id: well
    name: 井戸
    kind: unit
    cost: 1
    power: 0
    element: 水
    text: 起動（マナ１、横向き）：点を１得る。
    abilities:
      - {when: activate, cost: {pay: 1, tap: true}, effect: [{gain: {counter: score, amount: 1}}]}
  - id: sage
    name: 賢者
    kind: unit
    cost: 1
    power: 1
    element: 火
    text: 破壊されたとき、カードを１枚引く。
    abilities:
      - {when: destroyed, effect: [{draw: 1}]}
  - id: herald
    name: 先触れ
    kind: unit
    cost: 1
    power: 1
    element: 火
    text: 手番のはじめに点を１得る。手番の終わりにカードを１枚引く。攻撃したとき、マナを２得る。場を離れたとき、点を１得る。
    abilities:
      - {when: turn-start, effect: [{gain: {counter: score, amount: 1}}]}
      - {when: turn-end, effect: [{draw: 1}]}
      - {when: attacks, effect: [{gain: {counter: mana, amount: 2}}]}
      - {when: leaves, effect: [{gain: {counter: score, amount: 1}}]}
  - id: ghost
    name: 亡霊
    kind: unit
    cost: 1
    power: 1
    element: 水
    text: 捨て札に置かれたとき、マナを１得る。
    abilities:
      - {when: enters, zone: discard, effect: [{gain: {counter: mana, amount: 1}}]}
  - {id: quake, name: 地震, kind: spell, cost: 1, instant: false, text: 力１以下のユニットすべてを破壊。,
     abilities: [{when: play, effect: [{destroy: {all: true, filter: "kind == unit and power <= 1"}}]}]}
  - {id: bolt, name: 雷, kind: spell, cost: 1, instant: false, text: 力２以下のユニット１体を破壊。,
     abilities: [{when: play, effect: [{destroy: {filter: "kind == unit and power <= 2"}}]}]}
  - {id: bounce, name: 突風, kind: spell, cost: 1, instant: false, text: ユニット１体を手札に戻す。,
     abilities: [{when: play, effect: [{return: {filter: "kind == unit"}}]}]}
  - {id: banish, name: 追放, kind: spell, cost: 1, instant: false, text: ユニット１体を除外。,
     abilities: [{when: play, effect: [{move: {owner: opponent, filter: "kind == unit", to: exile}}]}]}
  - {id: pump, name: 強化, kind: spell, cost: 1, instant: true, text: あなたのユニット１体の力を＋３。,
     abilities: [{when: play, effect: [{modify: {owner: you, filter: "kind == unit", field: power, by: 3}}]}]}
  - {id: rob, name: 盗み見, kind: spell, cost: 1, instant: false, text: 相手の手札を見て１枚捨てさせる。,
     abilities: [{when: play, effect: [{discard: {count: 1, who: opponent, chooser: you}}]}]}
  - {id: tax, name: 徴税, kind: spell, cost: 0, instant: false, text: 点を２得て、相手は点を１失う。,
     abilities: [{when: play, effect: [{gain: {counter: score, amount: 2}}, {lose: {counter: score, amount: 1, who: opponent}}]}]}
  - {id: seek, name: 探索, kind: spell, cost: 1, instant: false, text: 山札から壁を探す。,
     abilities: [{when: play, effect: [{search: {filter: "keywords has 壁"}}]}]}
  - {id: mix, name: 混ぜる, kind: spell, cost: 0, instant: false, text: 山札を切る。,
     abilities: [{when: play, effect: [{shuffle: {}}]}]}
  - {id: peek, name: 占い, kind: spell, cost: 0, instant: false, text: 山札の上２枚を見て並べ替える。,
     abilities: [{when: play, effect: [{look: {count: 2}}]}]}
  - {id: summon, name: 召喚, kind: spell, cost: 1, instant: false, text: ただの兵のトークンを出す。,
     abilities: [{when: play, effect: [{token: {card: plain}}]}]}
  - {id: fear, name: 威圧, kind: spell, cost: 0, instant: false, text: 相手のユニットはこの手番ブロックできない。,
     abilities: [{when: play, effect: [{grant: {all: true, owner: opponent, filter: "kind == unit", keyword: cannot-block}}]}]}
  - {id: negate, name: 打ち消し, kind: spell, cost: 1, instant: true, text: 呪文を打ち消す。,
     abilities: [{when: play, effect: [{counter: {filter: "kind == spell"}}]}]}
  - id: pick
    name: 選択
    kind: spell
    cost: 0
    instant: false
    text: 次から１つ選ぶ：カードを１枚引く。点を１得る。
    abilities:
      - when: play
        effect:
          - choose:
              - {label: 引く, effect: [{draw: 1}]}
              - {label: 点, effect: [{gain: {counter: score, amount: 1}}]}
"""

DECK_YAML = """\
id: all
name: 全部
cards:
  - {card: plain, count: 2}
"""


def make_kit(root: Path, game_yaml: str = GAME_YAML, cards: str = CARDS_YAML) -> Path:
    """Write the test game's folder under ``root``; its path."""
    folder = root / "kit"
    (folder / "decks").mkdir(parents=True)
    (folder / "game.yaml").write_text(game_yaml, encoding="utf-8")
    (folder / "cards.yaml").write_text(cards, encoding="utf-8")
    (folder / "decks" / "all.yaml").write_text(DECK_YAML, encoding="utf-8")
    return folder


def registry(root: Path):
    """The engine registry of the test game (written under ``root``)."""
    return cu.build_registry(load_database([make_kit(root)]).game("kit"))


def game(reg, first: list[str], second: list[str], seed: int = 0):
    """A started game: seat 1's deck ``first`` (its top card first), seat 2's ``second``."""
    g = cu.new_game(reg, [PlayerSetup("a", "A", tuple(first)), PlayerSetup("b", "B", tuple(second))], seed)
    return g.start()


def play(g, *steps) -> None:
    """Answer with scripted steps (strict: each must match the pending decision)."""
    run(g, ScriptedAgent(steps))


def zone(g, seat: int, name: str) -> list[str]:
    """The card ids of one zone of a seat (seat 0 or 1), in order."""
    st, rules = g.st, g.static.rules
    z = rules.zones.index(name)
    k = z * (rules.players + 1) + (rules.players if rules.shared[z] else seat)
    return [st.defs[c].id for c in st.piles[k]]


def counter(g, seat: int, name: str) -> int:
    """A seat's counter."""
    return g.st.counters[seat][g.static.rules.counters.index(name)]
