"""The table's questions and option labels as sentence shapes: Japanese pattern → English.

The rule engines ask their questions and label their options in Japanese, built from values
(card names, counts, zones), so no fixed message id can hold them; like the finding shapes of
:mod:`fuda.i18n.phrases`, each entry here is a pattern with ``{slots}`` and its English form,
applied at display time by :mod:`fuda.table.questions` and :mod:`fuda.table.labels` (the
engines' words, option ids and replays stay byte for byte). Each entry is ``_m(ja, en)`` with
the same ``{placeholders}`` on both sides; a slot may appear twice in the Japanese pattern, and
then both places hold the same text.

``PROMPTS`` (``prompt.<kind>.<name>``) are read against the question exactly as a Japanese
player sees it after ``P1: `` — the engine's prompt, then ``（<count>個選ぶ・ルール <rule>）``
— and apply only to questions of that ``<kind>``. ``LABELS`` (``label.<name>``) join the
catalogue's ``label.*`` templates for option labels; ``BY_ID`` (``<option id prefix>``) words an
option whose whole label is a card's name by what the option does (``play:`` → ``Play …``).

Slot values in English: ``{count}`` ``0〜5`` reads ``up to 5`` and ``1〜2`` reads ``1 to 2``;
numbers in half-width; ``{text}`` (printed ability text) and card names exactly as printed.
The most literal pattern is tried first.
"""

from __future__ import annotations


def _m(ja: str, en: str) -> dict[str, str]:
    return {"ja": ja, "en": en}


def _q(ja: str, en: str, count: str = "1", rule: str = "{rule}") -> dict[str, str]:
    """A question: the engine's prompt ``ja`` asking for ``count`` picks under ``rule``, and the
    English sentence ``en`` (the rule clause added to both)."""
    return _m(ja + "（" + count + "個選ぶ・ルール " + rule + "）", en + " (rule " + rule + ")")


_N, _COUNT = "{n}", "{count}"  # picks as many as the prompt's own {n}; any count
_PLAY = "play a card, activate an ability or pass"

PROMPTS: dict[str, dict[str, str]] = {
    # toho-tcg
    "prompt.attach.tt": _q("{card}を装備するキャラクター", "Choose a character to equip with {card}"),
    "prompt.attack.tt": _q("攻撃対象を選ぶ", "Choose what to attack"),
    "prompt.attackers.tt_one": _q("攻撃するキャラクター（選んだ順に攻撃）", "Choose the character to attack with"),
    "prompt.attackers.tt": _q("攻撃するキャラクター（選んだ順に攻撃）",
                              "Choose {count} of your characters to attack with, in the order they attack", _COUNT),
    "prompt.defender.tt": _q("{card}が攻撃された", "{card} is attacked: choose which character takes the attack"),
    "prompt.discard.tt": _q("手札を{n}枚以下に（不要なカードも捨てられる）",
                            "Discard down to {n} cards in hand (you may discard more): choose {count} of your hand cards", _COUNT),
    "prompt.draw.tt": _q("手札が{n}枚になるまでドローできる", "You may draw until you have {n} cards in hand: choose how many to draw"),
    "prompt.hand-trash.tt_one": _q("手札を1枚トラッシュ", "Choose a card from your hand to trash"),
    "prompt.hand-trash.tt": _q("手札を{n}枚トラッシュ", "Choose {n} cards from your hand to trash", _N),
    "prompt.hand-trash.tt_count": _q("手札を{n}枚トラッシュ", "Trash {n} cards from your hand: choose {count}", _COUNT),
    "prompt.level-up.tt": _q("{card}のレベルアップ", "Level up {card}?"),
    "prompt.mulligan.tt": _q("手札{n}枚で始めるか", "Start with this hand of {n} cards, or draw again?"),
    "prompt.pay.tt_one": _q("霊力1を生み出す", "Make 1 reiryoku: choose a hand card to trash or a character to tap"),
    "prompt.pay.tt": _q("霊力{n}を生み出す", "Make {n} reiryoku: choose {n} hand cards to trash or characters to tap", _N),
    "prompt.priority.standby": _q("スタンバイフェイズ", "Standby phase: " + _PLAY),
    "prompt.priority.main": _q("メインフェイズ", "Main phase: " + _PLAY),
    "prompt.priority.spell": _q("スペルステップ", "Spell step: " + _PLAY),
    "prompt.priority.damage": _q("ダメージ後の効果発動確認", "After damage: " + _PLAY),
    "prompt.priority.end": _q("エンドフェイズ", "End phase: " + _PLAY),
    "prompt.priority.triggers": _q("誘発の処理", "Triggered abilities: " + _PLAY),
    "prompt.recover.tt_one": _q("トラッシュから手札に加える", "Choose a card in your trash to put into your hand"),
    "prompt.recover.tt": _q("トラッシュから手札に加える", "Choose {count} of the cards in your trash to put into your hand", _COUNT),
    "prompt.reiryoku.tt": _q("霊力を{n}生み出す", "Make {n} reiryoku: trash a hand card or tap a character"),
    "prompt.search.tt_one": _q("デッキから手札に加える", "Choose a card in your deck to put into your hand"),
    "prompt.search.tt": _q("デッキから手札に加える", "Choose {count} of the cards in your deck to put into your hand", _COUNT),
    "prompt.spell-defender.tt": _q("{card}が対象に選ばれた", "{card} is targeted: keep the target or move it to another character"),
    "prompt.target.tt": _q("{card}: 対象を選ぶ", "{card}: choose a target"),
    # recast-rift (and raise-blaze: メインフェイズ)
    "prompt.cleanup.rr_one": _q("手札を{n}枚にする", "Hand limit {n}: choose a card from your hand to put face down"),
    "prompt.cleanup.rr": _q("手札を{n}枚にする", "Hand limit {n}: choose {count} cards from your hand to put face down", _COUNT),
    "prompt.cost.rr_one": _q("コスト: 手札1枚を伏せ札", "Cost: choose a card from your hand to put face down"),
    "prompt.cost.rr": _q("コスト: 手札{n}枚を伏せ札", "Cost: choose {n} cards from your hand to put face down", _N),
    "prompt.damage.rr": _q("《攻撃》{attack}のダメージ解決", "Attack {attack} hits: take the damage on your hand or on your life?"),
    "prompt.deploy.rr": _q("{card}を展開する場所", "Choose where to deploy {card}"),
    "prompt.face-down.rr_one": _q("{card}: 伏せ札にする手札", "{card}: choose a hand card to put face down"),
    "prompt.face-down.rr": _q("{card}: 伏せ札にする手札", "{card}: choose {count} hand cards to put face down", _COUNT),
    "prompt.guard.rr_one": _q("伏せ札にする手札1枚", "Choose a card from your hand to put face down"),
    "prompt.guard.rr": _q("伏せ札にする手札{n}枚", "Choose {n} cards from your hand to put face down", _N),
    "prompt.lift-cost.rr": _q("伏せ札にする手札1枚", "Lift cost: choose a card from your hand to put face down"),
    "prompt.lift-set.rr": _q("リフトする展開中のカード", "Choose a deployed card to lift"),
    "prompt.lift-zone.rr": _q("リフトするリキャストゾーン", "Choose a recast zone to lift"),
    "prompt.lift-conflict.rr_one": _q("{zone}に入るカードを1枚選ぶ", "Choose the card that goes into zone {zone}"),
    "prompt.lift-conflict.rr": _q("{zone}に入るカードを{n}枚選ぶ", "Choose {n} cards to go into zone {zone}", _N),
    "prompt.main.phase": _q("メインフェイズ", "Main phase: choose what to do"),
    "prompt.main.phase_n": _q("メインフェイズ{n}", "Main phase {n}: choose what to do"),
    "prompt.preempt.rr": _q("《攻撃》{attack}に先制するか", "Preempt the Attack {attack}?"),
    "prompt.recast-up.rr": _q("リキャストタイムを増やすカード", "Choose a card whose recast time goes up"),
    "prompt.refresh.rr": _q("リフレッシュステップ", "Refresh step: rebuild your deck and lift?"),
    "prompt.retrieve.rr": _q("先に回収するカード", "Choose the card to retrieve first"),
    "prompt.trigger.rr": _q("先に処理する誘発", "Choose the triggered ability to resolve first"),
    "prompt.to-hand.rr_one": _q("{card}: 手札に加えるカード", "{card}: choose a card to put into your hand"),
    "prompt.to-hand.rr": _q("{card}: 手札に加えるカード", "{card}: choose {count} cards to put into your hand", _COUNT),
    # raise-blaze
    "prompt.battle.rb": _q("バトルフェイズ", "Battle phase: choose what to do"),
    "prompt.block.rb": _q("コアファイターへの攻撃を守るか", "Your core fighter is attacked: block?"),
    "prompt.core.rb": _q("コアフィールドに伏せるコアファイター", "Choose the core fighter to set face down in your core field"),
    "prompt.cost.rb_under_one": _q("コスト: 墓地に送る下敷き", "Cost: choose an underneath card to put into the graveyard"),
    "prompt.cost.rb_under": _q("コスト: 墓地に送る下敷き", "Cost: choose {count} underneath cards to put into the graveyard", _COUNT),
    "prompt.cost.rb_discard_one": _q("コスト: 捨てる手札", "Cost: choose a card from your hand to discard"),
    "prompt.cost.rb_discard": _q("コスト: 捨てる手札", "Cost: choose {count} cards from your hand to discard", _COUNT),
    "prompt.discard.rb_one": _q("捨てる手札", "Choose a card from your hand to discard"),
    "prompt.discard.rb": _q("捨てる手札", "Choose {count} cards from your hand to discard", _COUNT),
    "prompt.effect-summon.rb": _q("エフェクト召喚するファイター", "Choose a fighter to effect-summon"),
    "prompt.equip.rb": _q("{card}を装着するファイター", "Choose a fighter to equip with {card}"),
    "prompt.intercept.rb": _q("迎撃のタイミング", "Intercept: open a face-down card, or do nothing?"),
    "prompt.life.rb": _q("破壊されたライフカード（{card}）の使い道",
                         "Your life card {card} was destroyed: put it into your hand, or power up your core fighter?"),
    "prompt.optional.rb": _q("{card}: {text}", "{card}: use \"{text}\"?"),
    "prompt.respond.rb": _q("相手ターン中の発動", "Opponent's turn: open a face-down card, or do nothing?"),
    "prompt.take.rb_deck_one": _q("デッキから手札に加えるカード", "Choose a card in your deck to put into your hand"),
    "prompt.take.rb_deck": _q("デッキから手札に加えるカード", "Choose {count} of the cards in your deck to put into your hand", _COUNT),
    "prompt.take.rb_grave_one": _q("墓地から手札に加えるカード", "Choose a card in your graveyard to put into your hand"),
    "prompt.take.rb_grave": _q("墓地から手札に加えるカード", "Choose {count} of the cards in your graveyard to put into your hand",
                               _COUNT),
    "prompt.target.rb_one": _q("{card}の対象", "{card}: choose a target"),
    "prompt.target.rb": _q("{card}の対象", "{card}: choose {count} targets", _COUNT),
    "prompt.underneath.rb_for_one": _q("{card}の下敷きにするファイター", "Choose a fighter to put under {card}"),
    "prompt.underneath.rb_for": _q("{card}の下敷きにするファイター", "Choose {count} fighters to put under {card}", _COUNT),
    "prompt.underneath.rb_one": _q("下敷きにするファイター", "Choose a fighter to put underneath"),
    "prompt.underneath.rb": _q("下敷きにするファイター", "Choose {count} fighters to put underneath", _COUNT),
    "prompt.window.rb": _q("バトル直前", "Just before the battle: cast, activate, open a face-down card, or do nothing?"),
    # ryomen
    "prompt.chip-target.ry": _q("{card}: {chip}を置くカード", "{card}: choose a card to put a \"{chip}\" on"),
    "prompt.faces.ry": _q("裏面を表にするカード（選ばないカードは1枚目の面が表）",
                          "Choose {count} cards to turn to their back face (the others show their first face)", _COUNT),
    "prompt.flip-hand.ry_upto_one": _q("{card}: ハンドのカードを1枚まで裏返す", "{card}: you may turn over a card of your hand", "0〜1"),
    "prompt.flip-hand.ry_upto": _q("{card}: ハンドのカードを{n}枚まで裏返す", "{card}: turn over up to {n} cards of your hand", "0〜{n}"),
    "prompt.flip-hand.ry_one": _q("{card}: ハンドのカードを1枚裏返す", "{card}: turn over a card of your hand"),
    "prompt.flip-hand.ry": _q("{card}: ハンドのカードを{n}枚裏返す", "{card}: turn over {n} cards of your hand", _N),
    "prompt.loser-reverse.ry": _q("ルーザーリバース: ハンドのカードを1枚裏返してよい",
                                  "Loser reverse: you may turn over a card of your hand"),
    "prompt.name.ry": _q("勝負する能力を指定", "Name the ability to compete on"),
    "prompt.optional.ry": _q("{card}: flip {what}", "{card}: flip {what}?"),
    "prompt.optional.ry_self": _q("{card}: flip self", "{card}: turn your battle card over?"),
    "prompt.optional.ry_opponent": _q("{card}: flip opponent", "{card}: turn the opponent's battle card over?"),
    "prompt.optional.ry_day_night": _q("{card}: flip day-night", "{card}: turn the day/night chip over?"),
    "prompt.receive.ry": _q("レシーブするカード", "Choose a card to receive with"),
    "prompt.serve.ry": _q("サーブするカード", "Choose a card to serve"),
    "prompt.target.ry": _q("{card}: 対象の相手", "{card}: choose the opponent to aim at"),
    # games of your own (rules: custom): the prompt is the name of the card whose words ask; the
    # rule clause says what the words do
    "prompt.main.cu": _q("行動を選ぶ", "Main step: play a card, attack, activate, or end"),
    "prompt.respond.cu": _q("対応する札を選ぶ", "Respond: choose a card to play in response, or do not"),
    "prompt.block.cu": _q("{card}", "{card} attacks: choose a card to block with, or do not block"),
    "prompt.choose.cu": _q("どれか１つを選ぶ", "Choose one"),
    "prompt.discard.cu_one": _q("{card}", "{card}: choose a hand card to discard", rule="CU-EFFECT-2"),
    "prompt.discard.cu": _q("{card}", "{card}: choose {count} hand cards to discard", _COUNT, "CU-EFFECT-2"),
    "prompt.target.cu_destroy_one": _q("{card}", "{card}: choose a card to destroy", rule="CU-EFFECT-3"),
    "prompt.target.cu_destroy": _q("{card}", "{card}: choose {count} cards to destroy", _COUNT, "CU-EFFECT-3"),
    "prompt.target.cu_return_one": _q("{card}", "{card}: choose a card to return to its owner's hand", rule="CU-EFFECT-4"),
    "prompt.target.cu_return": _q("{card}", "{card}: choose {count} cards to return to their owners' hands", _COUNT, "CU-EFFECT-4"),
    "prompt.target.cu_move_one": _q("{card}", "{card}: choose a card to move", rule="CU-EFFECT-5"),
    "prompt.target.cu_move": _q("{card}", "{card}: choose {count} cards to move", _COUNT, "CU-EFFECT-5"),
    "prompt.boost.cu_move_one": _q("{card}", "{card}: choose a card of yours to move", rule="CU-EFFECT-5"),
    "prompt.boost.cu_move": _q("{card}", "{card}: choose {count} cards of yours to move", _COUNT, "CU-EFFECT-5"),
    "prompt.target.cu_weaken_one": _q("{card}", "{card}: choose a card to weaken", rule="CU-EFFECT-6"),
    "prompt.target.cu_weaken": _q("{card}", "{card}: choose {count} cards to weaken", _COUNT, "CU-EFFECT-6"),
    "prompt.boost.cu_boost_one": _q("{card}", "{card}: choose a card to strengthen", rule="CU-EFFECT-6"),
    "prompt.boost.cu_boost": _q("{card}", "{card}: choose {count} cards to strengthen", _COUNT, "CU-EFFECT-6"),
    "prompt.search.cu_one": _q("{card}", "{card}: choose a card of your deck", rule="CU-EFFECT-8"),
    "prompt.search.cu": _q("{card}", "{card}: choose {count} cards of your deck", _COUNT, "CU-EFFECT-8"),
    "prompt.look.cu": _q("{card}", "{card}: choose the next card to put back on top of your deck", rule="CU-EFFECT-10"),
    "prompt.target.cu_bar_one": _q("{card}", "{card}: choose a card to put a restriction on", rule="CU-EFFECT-12"),
    "prompt.target.cu_bar": _q("{card}", "{card}: choose {count} cards to put a restriction on", _COUNT, "CU-EFFECT-12"),
    "prompt.boost.cu_grant_one": _q("{card}", "{card}: choose a card to give the keyword to", rule="CU-EFFECT-12"),
    "prompt.boost.cu_grant": _q("{card}", "{card}: choose {count} cards to give the keyword to", _COUNT, "CU-EFFECT-12"),
}

#: option labels the catalogue's ``label.*`` templates do not cover
LABELS: dict[str, dict[str, str]] = {
    "label.tt.keep_attack": _m("攻撃対象を変更しない", "Keep the attack target"),
    "label.tt.keep_target": _m("対象を変更しない", "Keep the target"),
    "label.tt.no_level_up": _m("レベルアップしない", "Do not level up"),
    "label.rr.end_main": _m("メインフェイズを終える", "End the main phase"),
    "label.rr.rebuild": _m("山札を再構成してリフト", "Rebuild the deck and lift"),
    "label.rr.hand_n": _m("手札の{n}枚目", "Hand card {n}"),
    "label.rr.on_hand_one": _m("ハンドで受ける（手札1枚を伏せ札）", "Take it on your hand (put 1 hand card face down)"),
    "label.rr.on_hand": _m("ハンドで受ける（手札{n}枚を伏せ札）", "Take it on your hand (put {n} hand cards face down)"),
    "label.rr.on_hand_all": _m("ハンドで受ける（手札{n}枚すべてを伏せ札）", "Take it on your hand (put all {n} hand cards face down)"),
    "label.rr.on_life": _m("ライフで受ける（{n}ダメージ・グレイズチェック）", "Take it on your life ({n} damage, graze check)"),
    "label.rb.end_turn": _m("ターンを終える", "End the turn"),
    "label.rb.concede": _m("投了する", "Concede"),
    "label.rb.core_attack": _m("コアファイターで相手の{target}を攻撃", "Attack the opponent's {target} with your core fighter"),
    "label.ry.yes": _m("する", "Yes"),
    "label.no": _m("しない", "No"),
    "label.cu.end": _m("終える", "End the main step"),
    "label.cu.no_block": _m("ブロックしない", "Do not block"),
}

#: an option whose label is only a card's name, worded by its id's prefix (``play:…``)
BY_ID: dict[str, dict[str, str]] = {
    "play": _m("{card}", "Play {card}"),
    "cast": _m("{card}", "Cast {card}"),
    "attack": _m("{card}", "Attack with {card}"),
    "activate": _m("{card}", "Activate {card}"),
    "block": _m("{card}", "Block with {card}"),
    "lift": _m("{card}", "Lift {card}"),
}
