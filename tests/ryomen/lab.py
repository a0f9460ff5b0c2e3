"""A laboratory set of 9 test cards (set ``lab``) for the op variants no sample card uses.

``lab_registry(root)`` copies the bundled ryomen folder, adds the set to game.yaml and
the cards in ``lab.yaml``, and returns the compiled registry of that copy.
"""

from __future__ import annotations

from fuda import load_database
from fuda.engine import ryomen as ry
from tests.conftest import rewrite

LAB_YAML = """\
cards:
  - id: lab-drain
    name: 吸収
    kind: card
    set: lab
    power: 2
    speed: 5
    brain: 5
    text: |-
      【登場時】相手のバトルカードのスピード－２。
      【リザルト】このカードのブレイン＋１。
    abilities:
      - when: on-play
        text: 【登場時】相手のバトルカードのスピード－２。
        effect:
          - modify-stat: {target: opponent, stat: speed, amount: -2}
      - when: from-result
        text: 【リザルト】このカードのブレイン＋１。
        effect:
          - modify-stat: {target: self, stat: brain, amount: 1}
  - id: lab-named
    name: 指名
    kind: card
    set: lab
    power: 5
    speed: 5
    brain: 5
    text: |-
      【登場時】相手のバトルカードの指定された能力値－２。
      【登場時】指定された能力をスピードに変更する。
    abilities:
      - when: on-play
        text: 【登場時】相手のバトルカードの指定された能力値－２。
        effect:
          - modify-stat: {target: opponent, stat: named, amount: -2}
      - when: on-play
        text: 【登場時】指定された能力をスピードに変更する。
        effect:
          - change-named-stat: speed
  - id: lab-swap
    name: 交換
    kind: card
    set: lab
    power: 4
    speed: 6
    brain: 2
    text: 【バトル直前】相手のバトルカードのスピードとブレインを入れ替える。
    abilities:
      - when: before-battle
        text: 【バトル直前】相手のバトルカードのスピードとブレインを入れ替える。
        effect:
          - swap-stats: {target: opponent, stats: [speed, brain]}
  - id: lab-copy
    name: 複写
    kind: card
    set: lab
    power: 1
    speed: 1
    brain: 1
    text: 【バトル直前】このカードのパワーを相手のバトルカードと同じ値にする。
    abilities:
      - when: before-battle
        text: 【バトル直前】このカードのパワーを相手のバトルカードと同じ値にする。
        effect:
          - copy-stat: {stat: power}
  - id: lab-mirror
    name: 鏡
    kind: card
    set: lab
    power: 5
    speed: 5
    brain: 5
    text: 【登場時】相手のバトルカードを裏返してもよい。
    abilities:
      - when: on-play
        text: 【登場時】相手のバトルカードを裏返してもよい。
        effect:
          - flip: {target: opponent, optional: true}
  - id: lab-chip
    name: 札貼り
    kind: card
    set: lab
    power: 3
    speed: 3
    brain: 3
    text: 【登場時】このカードにパワー＋１チップを置く。相手のバトルカードにスピード＋１チップを置く。
    abilities:
      - when: on-play
        text: 【登場時】このカードにパワー＋１チップを置く。相手のバトルカードにスピード＋１チップを置く。
        effect:
          - put-stat-chip: {chip: power-up, target: self}
          - put-stat-chip: {chip: speed-up, target: opponent}
  - id: lab-role
    name: 役割
    kind: card
    set: lab
    power: 5
    speed: 5
    brain: 5
    text: 【バトル直前】自分がサーブしたなら、このカードのパワー＋１。そうでなければブレイン＋１。
    abilities:
      - when: before-battle
        text: 【バトル直前】自分がサーブしたなら、このカードのパワー＋１。そうでなければブレイン＋１。
        effect:
          - if:
              condition: {role: server}
              then:
                - modify-stat: {target: self, stat: power, amount: 1}
              else:
                - modify-stat: {target: self, stat: brain, amount: 1}
  - id: lab-twoflip
    name: 二枚返し
    kind: card
    set: lab
    power: 4
    speed: 4
    brain: 4
    text: 【リザルト】自分のハンドゾーンのカードを２枚裏返す。
    abilities:
      - when: from-result
        text: 【リザルト】自分のハンドゾーンのカードを２枚裏返す。
        effect:
          - flip: {target: own-hand, count: 2}
  - id: lab-setall
    name: 一律
    kind: card
    set: lab
    power: 7
    speed: 7
    brain: 7
    text: |-
      【バトル直前】このカードの全能力値を２にする。このカードのパワー＋３。
      【反転時】〔昼〕昼夜チップを裏返す。
    abilities:
      - when: before-battle
        text: 【バトル直前】このカードの全能力値を２にする。このカードのパワー＋３。
        effect:
          - set-stat: {target: self, stat: all, value: 2}
          - modify-stat: {target: self, stat: power, amount: 3}
      - when: on-flip
        condition: day
        text: 【反転時】〔昼〕昼夜チップを裏返す。
        effect:
          - flip: {target: day-night}
"""


def lab_folder(root):
    """A copy of the ryomen sample folder under ``root`` with the lab set added; returns it."""
    import shutil

    from fuda.database.resources import cards_dir

    folder = root / "db" / "ryomen"
    shutil.copytree(cards_dir() / "ryomen", folder)
    rewrite(folder / "game.yaml", lambda d: d["sets"].append({"id": "lab", "name": "実験"}))
    (folder / "lab.yaml").write_text(LAB_YAML, encoding="utf-8")
    return folder


def lab_registry(root):
    """The registry of the sample cards plus the lab set (a copy made under ``root``)."""
    folder = lab_folder(root)
    return ry.build_registry(load_database([folder.parent]).game("ryomen"))
