"""The rules catalogue of the custom engine: the clauses every data-defined game plays by.

A custom game's own rules are its ``play:`` section; these clauses say how the engine reads it
(``fuda rules`` prints them; tests under ``tests/custom`` cite them).
"""

from __future__ import annotations

from fuda.engine.core import Catalogue, Clause

C = Clause

CATALOGUE = Catalogue("custom", "engine/custom/README.md (play: and abilities)", (
    C("CU-SETUP-1", "The first player is drawn at random (or is seat 1), each deck is shuffled, each player draws "
      "the opening hand and starts with every counter at its start value.",
      ja="先攻を無作為に決め（または席１）、山札を切り、初めの手札を引き、カウンターを start の値から始める。"),
    C("CU-ZONE-1", "Every player has each declared zone (or one shared zone); a hidden zone is seen by nobody, an "
      "owner zone by its owner, a public zone by all.",
      ja="宣言した領域はプレイヤーごと（shared なら共通）。hidden は誰も見えず、owner は持ち主だけ、public は全員が見る。"),
    C("CU-ZONE-2", "A card leaving the field stands up and loses its changes; a token leaving the field ceases to "
      "exist; leaves and enters abilities are queued.",
      ja="場を離れたカードは縦向きに戻り変更を失う。トークンは場を離れると消える。退場・入場の能力は待ち行列に入る。"),
    C("CU-COUNTER-1", "A counter never goes below its min or above its max.",
      ja="カウンターは min 未満にも max 超にもならない。"),
    C("CU-TURN-1", "A turn runs the turn-start abilities of the active player's field, then the declared steps in "
      "order; the end conditions are checked after every step and action.",
      ja="手番は場の手番開始の能力、次に宣言した段階を順に行う。終わりの条件は段階と行動のたびに調べる。"),
    C("CU-TURN-3", "At the end step the turn-end abilities run, then every until-end-of-turn change ends.",
      ja="終わりの段階で手番終了の能力が働き、そのあと「この手番の間」の変更がすべて終わる。"),
    C("CU-MAIN-1", "In the main step the active player plays a card, attacks, activates or passes, until passing.",
      ja="main の段階では、手番のプレイヤーが終えるまで、カードを出す・攻撃する・起動する。"),
    C("CU-MAIN-2", "An activate ability is used by paying its cost (counter, lying the card down).",
      ja="起動の能力はコスト（カウンター・横向きにする）を払って使う。"),
    C("CU-PLAY-1", "Playing a card pays its cost field from the declared counter; a permanent enters the field, "
      "another card does its play abilities and goes to the discard.",
      ja="カードを出すときはコストの項目の値を宣言したカウンターから払う。場に残る種類は場に出て、それ以外は能力を行って捨て札へ。"),
    C("CU-RESPOND-1", "After a card is played or an attack declared (the declared windows), the other player may "
      "play one card the respond filter allows; a response cannot be answered.",
      ja="カードが出されたとき・攻撃されたとき（宣言した時機）、相手は respond の条件に合うカードを１枚出せる。対応への対応はない。"),
    C("CU-COMBAT-1", "A standing attacker that did not enter the field this turn (or has haste) may attack; it lies "
      "down, and its attacks abilities run.",
      ja="縦向きで、この手番に場に出ていない（または速攻の）カードが攻撃できる。横向きになり、攻撃時の能力が働く。"),
    C("CU-COMBAT-2", "The defender may block with one standing card that may attack, has a blocker keyword when "
      "the game declares one, and has every keyword an evasion asks for.",
      ja="防御側は、縦向きで攻撃できる種類のカード１枚でブロックできる（ブロッカーのキーワードがあればそれを持つもの、回避の求めるキーワードを持つもの）。"),
    C("CU-COMBAT-3", "A block compares strength: the lower is destroyed, equal strengths destroy both.",
      ja="ブロックでは強さを比べ、低いほうが破壊される。同じなら両方。"),
    C("CU-COMBAT-4", "An unblocked attack does the declared unblocked words for the attacker's controller.",
      ja="ブロックされない攻撃は、宣言した unblocked の効果を攻撃側が行う。"),
    C("CU-ABILITY-1", "Abilities work at their timing: play, enters, leaves, destroyed, turn-start, turn-end, "
      "attacks, activate, static.",
      ja="能力はそれぞれの時機（出たとき・入ったとき・離れたとき・破壊・手番の始め／終わり・攻撃・起動・常時）に働く。"),
    C("CU-ABILITY-2", "An ability with an if does nothing unless its count or counter is within its bounds.",
      ja="if のある能力は、数やカウンターが範囲内のときだけ働く。"),
    C("CU-ABILITY-3", "Queued abilities run oldest first, each to its end, and those they queue after them.",
      ja="待ち行列の能力は古いものから順に最後まで行い、そこで加わったものはその後に行う。"),
    C("CU-STATIC-1", "A static modify changes the matching cards' field while its card is on the field.",
      ja="常時の modify は、そのカードが場にある間、条件に合うカードの項目を変える。"),
    C("CU-STATIC-2", "A static protect keeps the matching cards from being chosen as targets by the opponent's "
      "matching cards; an effect on all matching cards (all: true) chooses nobody and still applies.",
      ja="常時の protect は、条件に合うカードを相手の条件に合うカードの対象として選ばせない。"
         "すべてに働く効果（all: true）は対象を選ばないので、守られたカードにも働く。"),
    C("CU-EFFECT-1", "draw: the player draws cards.", ja="draw: カードを引く。"),
    C("CU-EFFECT-2", "discard: the player discards cards from hand, picked by the chooser.",
      ja="discard: 手札を捨てる（選ぶ人が選ぶ）。"),
    C("CU-EFFECT-3", "destroy: the targets go to their owner's discard.", ja="destroy: 対象を持ち主の捨て札に置く。"),
    C("CU-EFFECT-4", "return: the targets go to their owner's hand.", ja="return: 対象を持ち主の手札に戻す。"),
    C("CU-EFFECT-5", "move: the targets go to their owner's named zone.", ja="move: 対象を持ち主の指定の領域へ移す。"),
    C("CU-EFFECT-6", "modify: add to an integer field until end of turn or for good.",
      ja="modify: 整数の項目に足す（この手番の間／ずっと）。"),
    C("CU-EFFECT-7", "gain / lose: change a counter.", ja="gain / lose: カウンターを増やす・減らす。"),
    C("CU-EFFECT-8", "search: choose matching cards of your deck, put them into a zone, shuffle.",
      ja="search: 山札から条件に合うカードを選んで移し、山札を切る。"),
    C("CU-EFFECT-9", "shuffle: shuffle a deck.", ja="shuffle: 山札を切る。"),
    C("CU-EFFECT-10", "look: look at the top cards of your deck and put them back in the order you choose.",
      ja="look: 山札の上から見て、好きな順で戻す。"),
    C("CU-EFFECT-11", "token: create copies of a card as tokens.", ja="token: カードの写しをトークンとして出す。"),
    C("CU-EFFECT-12", "grant: give a keyword or a status (cannot-attack, cannot-block).",
      ja="grant: キーワードか状態（攻撃できない・ブロックできない）を与える。"),
    C("CU-EFFECT-13", "counter: in a response, the answered card does nothing and goes to the discard.",
      ja="counter: 対応で、対応したカードを打ち消して捨て札に置く。"),
    C("CU-EFFECT-14", "choose: the controller chooses one option and does it.", ja="choose: ひとつ選んで行う。"),
    C("CU-END-1", "A counter end condition makes its player win or lose when the counter is within its bound; "
      "both players winning or losing at once is a draw.",
      ja="カウンターの条件が成り立つとそのプレイヤーが勝つ（負ける）。両者同時なら引き分け。"),
    C("CU-END-2", "A player who must draw from an empty deck is decked (the deck-out condition).",
      ja="空の山札から引かなければならないプレイヤーは山札切れになる。"),
    C("CU-END-4", "After the round limit the decide-by counters decide in order; equal on all is a draw. Without a "
      "limit the engine ends the game as a draw after 200 turns.",
      ja="規定の巡の後は decide-by のカウンターを順に比べ、すべて同じなら引き分け。limit がなければ 200 手番で引き分け。"),
))
