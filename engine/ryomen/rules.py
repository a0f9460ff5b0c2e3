"""The rules catalogue of ryomen (両面表), in fuda's own words, with the readings the engine takes.

Clause ids are those of the shared catalogue (seed 004). ``interpretation`` states what the
engine does where the rule page is silent or ambiguous (including the readings of the card
schema's effect model); ``waiver`` (none at present) would say why a clause has no test. The
conformance suite (tests/ryomen/) cites these ids.
"""

from __future__ import annotations

from fuda.engine.core.catalogue import Catalogue, Clause

C = Clause

CATALOGUE = Catalogue("ryomen", "seeds/004 (両面表カードゲーム ルール)", (
    # cards
    C("RY-CARD-1", "A card shows three stats — power パワー, speed スピード, brain ブレイン — and may carry "
      "effects.",
      "A double-faced card plays with the stats and abilities of its face up only.",
      ja="カードにはパワー・スピード・ブレインの３つの能力値があり、効果を持つこともあります。",
      ja_interpretation="両面が表のカードは、いま表になっている面の能力値と能力だけを使います。"),
    C("RY-CARD-2", "Effects trigger when the card is put into battle (【登場時】), just before battle "
      "(【バトル直前】), when it is flipped (【反転時】), or from the top of the result zone in the next "
      "turn (【リザルト】); some apply only by day (〔昼〕) or by night (〔夜〕).",
      "A day/night condition is checked when the ability would start to resolve. 【反転時】 triggers when "
      "that face is turned up in the battle zone by the reverse phase or by a flip op, never for a hand "
      "card, and never for a flip made by another 【反転時】 ability (flips do not chain). An ability's "
      "ops run in list order; a flip op's 【反転時】 resolves at once, before the rest of the ability. "
      "Optional effects (してもよい) are a decision of the owner. flip own-hand with fewer hand cards than its "
      "count flips them all (or any number up to them when optional); put-stat-chip own-hand lets the owner "
      "pick the card. copy-stat named keeps the copied value on 'named' (it follows change-named-stat).",
      ja="効果は、バトルに出した時（【登場時】）、バトル直前（【バトル直前】）、カードが裏返る時"
         "（【反転時】）、次のターンにリザルトゾーンの一番上から（【リザルト】）発動します。昼だけ（〔昼〕）"
         "や夜だけ（〔夜〕）発動する効果もあります。",
      ja_interpretation="昼夜の条件は、その能力を処理し始めるときに確かめます。【反転時】は、"
                        "その面がバトルゾーンでリバースフェイズか裏返す効果によって表になったときに"
                        "発動します。ハンドゾーンのカードでは発動せず、"
                        "別の【反転時】能力で裏返ったときも発動しません（裏返しは連鎖しません）。"
                        "能力の効果は書かれた順に処理し、裏返す効果で発動した【反転時】は、"
                        "その能力の残りより先にすぐ処理します。「してもよい」"
                        "効果を使うかどうかは持ち主が選びます。自分のハンドゾーンのカードを裏返す効果"
                        "（flip own-hand）で、ハンドゾーンのカードが指定の枚数より少ないときは、"
                        "すべて裏返します（「してもよい」なら、その枚数までの好きな枚数）。"
                        "自分のハンドゾーンのカードにチップを置く効果（put-stat-chip own-hand）は、"
                        "持ち主がカードを選びます。指定された能力値を写す効果（copy-stat named）は、"
                        "写した値を「このターンの勝負を決める能力値」に当てはめ、指定する能力値を変える効果"
                        "（change-named-stat）で指定が変わればそちらについていきます。"),
    C("RY-STAT-1", "Stats range 1–9: a result of 0 or less counts as 1, of 10 or more as 9.",
      "Current stats = the printed stats of the face up, then the stat chips on the physical card in the "
      "order placed, then this turn's stat effects in resolution order, clamping after every single step "
      "(so +3 on 8 then −3 gives 6). A flip clears the card's stat effects (the new face starts from its "
      "printed stats); chips stay, whichever face is up. 'named' effects are read against the stat that "
      "decides the turn whenever a value is read, and change nothing while no stat is named. Stat "
      "effects end when the cards go to the result zone.",
      ja="チップやカード効果により、カードの能力値が増減することがあります。ただし、"
         "数値の範囲は全て１～９です。（０以下になる場合は１、１０以上になる場合は９として扱います）",
      ja_interpretation="いまの能力値は、表の面に書かれた能力値から始め、"
                        "カードに置かれた能力値チップを置いた順に、"
                        "次にこのターンの能力値の効果を処理した順に当てはめ、"
                        "１つ当てはめるたびに１～９に収めて求めます（８に＋３してから－３すると６）。"
                        "カードが裏返ると、そのカードにかかっていた能力値の効果は消えます"
                        "（新しい面は書かれた能力値から始まります）。"
                        "チップはどちらの面が表でもカードに残ります。「指定された能力値」への効果は、"
                        "値を読むたびに、このターンの勝負を決める能力値に対して読みます。"
                        "まだ能力値が指定されていない間は何も変えません。能力値の効果は、"
                        "カードがリザルトゾーンに置かれたときに終わります。"),
    # deck & setup
    C("RY-DECK-1", "Each player has 9 kinds of card, 2 copies each: 18 cards.",
      "Checked by the loader (deck-rules); with 3–4 players each player still plays one set.",
      ja="プレイヤー毎に９種類２枚ずつ、計１８枚のカードを持ちます。",
      ja_interpretation="カードデータを読み込むときに（deck-rules で）確かめます。３～４人対戦でも、"
                        "各プレイヤーは１セットずつ使います。"),
    C("RY-DECK-2", "The 18 cards are paired back to back into 9 double-faced cards; no pair is two copies "
      "of one card.",
      "Every card is used exactly once across the 9 pairs (the loader checks sample pairings); the "
      "engine refuses a pair of one card, an unknown card, a count other than 9, or a manual ability.",
      ja="２枚を自由に選んで１組とし、裏同士を重ね、両面が表の９枚のカードを用意します。ただし、"
         "両面を同じカードにすることはできません。",
      ja_interpretation="９組で、どのカードもちょうど１回ずつ使います"
                        "（見本の組み合わせは読み込むときに確かめます）。同じカード同士の組、知らないカード、"
                        "９組でない数、手で処理する（自動で処理できない）能力を含むときは、"
                        "対戦を始めずに断ります。"),
    C("RY-SETUP-1", "Nothing is held in hand: the 9 double-faced cards lie open in the hand zone.",
      "At setup each owner chooses which face of each card is up (decision 'faces': pick the cards that "
      "show their second face); a setup may fix the faces instead.",
      ja="このカードゲームは手にカードを持ちません。"
         "プレイヤー毎に用意した両面表９枚のカードをハンドゾーンに並べます。",
      ja_interpretation="準備のときに、持ち主が各カードのどちらの面を表にするかを選びます（選択「faces」："
                        "２つ目の面を表にするカードを選びます）。"
                        "試し遊び用の場面設定で面を決めておくこともできます。"),
    C("RY-SETUP-2", "The first player is decided by any method.",
      "The manifest's first-player: random (the game's seeded generator, like じゃんけん) or first-seat; a "
      "match or the caller may fix it.",
      ja="先攻を任意の方法（ジャンケン等）で決めます。",
      ja_interpretation="ゲーム設定の first-player で決めます。random（ジャンケンの代わりに、"
                        "ゲームのシードによる乱数で決める）か first-seat（１番目の席が先攻）です。"
                        "マッチの進め方や試し遊びの設定で決めておくこともできます。"),
    C("RY-SETUP-3", "The point chips are shuffled face down to fix their order, then laid open in the point "
      "zone in that order.",
      "Shuffled with the game's one seeded generator (fuda-rng-1); the order is a logged chance event.",
      ja="ポイントチップを裏向きでシャッフルして順番を決め、表向きにポイントゾーンに並べます。",
      ja_interpretation="シャッフルは、ゲームごとのシード（乱数の種）から作る乱数（方式 fuda-rng-1）で行います。"
                        "ゲームの中の偶然はすべてこの１つの乱数で決まります。並びは偶然の出来事として対戦記録に残します。"),
    # serve & receive
    C("RY-SERVE-1", "Serve phase: the first player (turn 1) or the last turn's winner puts one card into "
      "the battle zone and names the stat of the turn: power, speed or brain.",
      "Two decisions: 'serve' (the card) then 'name' (the stat); a stat forbidden by forbid-stat is not "
      "offered, unless all three are. A hand of one card is played without asking.",
      ja="サーブフェイズ：先攻（１ターン目）または前のターンの勝者がカードを１枚バトルゾーンに出し、"
         "このターンの勝負を決める能力をパワー・スピード・ブレインの３つの中から１つ指定します。",
      ja_interpretation="選択は２つで、「serve」（出すカード）の次に「name」（指定する能力値）です。"
                        "能力値の指定を禁じる効果（forbid-stat）で禁じられた能力値は選択肢に出しません"
                        "（ただし３つとも禁じられているときは、３つとも選べます）。ハンドゾーンのカードが１枚なら、"
                        "尋ねずにそれを出します。"),
    C("RY-SERVE-2", "An effect of putting the card into battle resolves before the stat is named.",
      "The server's 【登場時】 resolves right after the card is put in; an effect aimed at a battle card "
      "not yet put in waits and applies, first in its list, to the card that player puts in this turn.",
      ja="バトルに出した時に発動する効果があれば、能力を指定する前に発動します。",
      ja_interpretation="サーブしたカードの【登場時】は、出した直後に処理します。"
                        "まだ出されていないバトルカードに向けた効果は待っておき、"
                        "そのプレイヤーがこのターンに出すカードに、ほかの効果より先にかかります。"),
    C("RY-SERVE-3", "The top card of a result zone (played earlier) may trigger its effect this turn.",
      "After the server's 【登場時】, the 【リザルト】 abilities of the face up of each result zone's top "
      "card resolve, the server's first, then counter-clockwise; 'self' means the owner's battle card of "
      "this turn (waiting when the owner has not put one in).",
      ja="前のターンに出した、リザルトゾーンの一番上にあるカードが効果を発動する場合もあります。",
      ja_interpretation="サーブしたカードの【登場時】の後、各リザルトゾーンの一番上のカードの、"
                        "表の面の【リザルト】能力を、サーブしたプレイヤーのものから右回り（反時計回り）"
                        "に処理します。「自分」は持ち主がこのターンに出したバトルカードのことです"
                        "（持ち主がまだ出していなければ、出すまで待ちます）。"),
    C("RY-RECV-1", "Receive phase: the other player puts one card into the battle zone.",
      "The receiver's 【登場時】 resolves when its card is put in (after the stat is named).",
      ja="レシーブフェイズ：もう一方のプレイヤーもカードを出します。",
      ja_interpretation="レシーブしたカードの【登場時】は、カードを出したとき（能力の指定の後）に処理します。"),
    C("RY-RECV-2", "Just-before-battle effects of both cards resolve, then battle phase 1.",
      "In a 【バトル直前】 window the server's card takes its turn first, then the receivers'; a card "
      "resolves the 【バトル直前】 abilities of the face up when its turn begins, in printed order; if the "
      "card is flipped during its own turn, the rest of its turn (remaining ops included) is skipped.",
      ja="両プレイヤーの出したカードでバトル直前の効果があれば発動してから「３：バトルフェイズ１」を行います。",
      ja_interpretation="【バトル直前】の処理では、サーブしたカードが先に番を持ち、"
                        "次にレシーブしたカードです。各カードは自分の番が来たときに、"
                        "表の面の【バトル直前】能力を書かれた順に処理します。"
                        "自分の番の間にそのカードが裏返ったら、その番の残り（残りの効果も含めて）"
                        "は行いません。"),
    # battle
    C("RY-B1-1", "Battle phase 1: the named stats are compared; the larger wins the turn.",
      ja="バトルフェイズ１：サーブフェイズで指定した能力値を比べて、大きい方がそのターンの勝者です。"),
    C("RY-B1-2", "A tie goes to the reverse phase; otherwise to the after phase.",
      ja="引き分けの場合は「４：リバースフェイズ」へ、そうでなければ「６：アフターフェイズ」を行います。"),
    C("RY-REV-1", "Reverse phase: every tied card is flipped to its other face.",
      ja="リバースフェイズ：能力値が同じ引き分けのカードがあった場合、引き分けのカードを全て裏返します。"),
    C("RY-REV-2", "The day/night chip flips together with the battle cards; which effects apply changes "
      "with it.",
      "The chip stays as it is between turns; flip ops may also turn it. It starts on the manifest's side.",
      ja="バトルゾーンのカードと共に、昼夜チップを裏返します。昼夜が変わることで発動効果が変わります。",
      ja_interpretation="昼夜チップはターンが変わってもそのままです。裏返す効果で裏返ることもあります。"
                        "最初はゲーム設定で決めた面から始まります。"),
    C("RY-REV-3", "On-flip effects and just-before-battle effects resolve, then battle phase 2.",
      "The 【反転時】 abilities of the server's new face resolve first, then each other flipped card's in "
      "counter-clockwise order if that face is still up; then a second 【バトル直前】 window (as RY-RECV-2).",
      ja="カードが裏返る時に発動する効果やバトル直前の効果があれば発動した後、「５：バトルフェイズ２」"
         "を行います。",
      ja_interpretation="まずサーブしたカードの新しい面の【反転時】能力を処理し、"
                        "次にほかの裏返ったカードのものを右回り（反時計回り）に、"
                        "その面がまだ表なら処理します。その後、２回目の【バトル直前】の処理を行います"
                        "（RY-RECV-2 と同じ）。"),
    C("RY-B2-1", "Battle phase 2: compare again; a tie now is a cancellation (キャンセレーション) and the "
      "turn has no winner.",
      ja="バトルフェイズ２：リバースフェイズ後、再度能力値を比べますが、このフェイズで引き分けの場合、"
         "完全引き分け（キャンセレーション）とみなし、勝者は無しとなります。"),
    # after & end
    C("RY-AFT-1", "After phase: the winner takes the first point chip of the point zone and puts it to the "
      "right of their hand zone.",
      ja="アフターフェイズ：このターンの勝者がポイントゾーンの先頭のポイントチップを獲得してハンドゾーンの右に"
         "置きます。"),
    C("RY-AFT-2", "With no winner the point chip is turned face down where it lies; nobody gets it.",
      "A face-down chip is out of play: swap-point-chip no longer counts it.",
      ja="勝者がいなければポイントチップはその場で裏向きにし、このターンは誰もポイントチップを獲得しません。",
      ja_interpretation="裏向きのチップはゲームから外れます。ポイントチップを入れ替える効果（swap-point-chip）"
                        "でも数えません。"),
    C("RY-AFT-3", "Then every battle card goes to its owner's result zone, overlapping so the left-edge "
      "stats stay visible.",
      "The last card put there is the top card (RY-SERVE-3). Stat effects, forbid-stat and "
      "change-named-stat end here; stat chips stay on the cards.",
      ja="その後、各プレイヤーはバトルゾーンに出したカードをリザルトゾーンに置きます。"
         "リザルトゾーンにカードを置くときは、カードの左端の能力値が見えるように置きます。",
      ja_interpretation="最後に置いたカードが一番上のカードです（RY-SERVE-3）。能力値の効果、能力値の指定を禁じる効果（forbid-stat）、"
                        "指定する能力値を変える効果（change-named-stat）はここで終わります。能力値チップはカードに残ります。"),
    C("RY-AFT-4", "After turn 9 the game ends; otherwise the end phase follows.",
      "A game is exactly 9 turns (settings turns), one card per player per turn.",
      ja="最終ターン（９ターン目）なら「８：ゲーム終了」へ、そうでなければ「７：エンドフェイズ」を行います。",
      ja_interpretation="１ゲームはちょうど９ターン（設定 turns）で、"
                        "各プレイヤーは１ターンに１枚ずつカードを出します。"),
    C("RY-END-1", "End phase: the loser may flip one card of their hand zone (loser reverse), or not.",
      "Decision 'loser-reverse': a hand card or 'pass'; nothing triggers.",
      ja="エンドフェイズ：このターン負けたプレイヤーは、自分のハンドゾーンのカードを１枚裏返すことができます"
         "（ルーザーリバース）。この時、裏返さなくても構いません。",
      ja_interpretation="選択「loser-reverse」で、ハンドゾーンのカードか「pass」（裏返さない）を選びます。"
                        "このとき発動する効果はありません。"),
    C("RY-END-2", "The turn's winner serves the next turn.",
      ja="ルーザーリバースが終わったら、「１：サーブフェイズ」に戻り、"
         "このターンの勝者が次のターンのサーブを行います。"),
    C("RY-END-3", "With no winner there is no loser reverse and the same player serves again.",
      ja="このターン勝者がいなかった場合、ルーザーリバースは行われず、"
         "このターンサーブしたプレイヤーが次のサーブを行います。"),
    C("RY-GAME-1", "After 9 turns each player adds up their point chips; the higher total wins.",
      "Equal totals are a draw (winner None).",
      ja="１：サーブフェイズ～７：エンドフェイズを９ターン繰り返した後、ポイントチップの合計点を足し合わせて、"
         "合計ポイントの多いプレイヤーが最終的な勝者となります。",
      ja_interpretation="合計点が同じなら引き分け（勝者なし）です。"),
    # matches
    C("RY-MATCH-1", "Odd-length matches (best of 3, best of 5) are decided by games won; the first player "
      "swaps after each game.",
      "The first to win a majority stops the match; a drawn game counts for nobody, and equal wins after "
      "all games is a drawn match (engine.ryomen.match.play_match).",
      ja="３戦２本先取、５戦３本先取など（奇数回戦中の勝った回数で競う）では、"
         "１戦終わるごとに先手後手を入れ替えます。",
      ja_interpretation="先に過半数を勝ったプレイヤーが出た時点でマッチは終わります。"
                        "引き分けのゲームは誰の勝ちにも数えず、"
                        "全ゲームを終えて勝ち数が同じならマッチは引き分けです。"),
    C("RY-MATCH-2", "2- or 4-game matches are decided by total points; the first player swaps after each "
      "game and the pairings are rebuilt after every two games.",
      "Every game is played; rebuilding is a callback, by default a random legal pairing of the same set "
      "from the match's seeded stream; equal totals are a drawn match.",
      ja="２回戦、４回戦マッチの場合（偶数回戦の合計ポイントで競う）、１戦終わるごとに先手後手を入れ替え、"
         "２戦終わるごとにデッキ構築を変更します。",
      ja_interpretation="すべてのゲームを行います。"
                        "デッキ構築の変更のしかたは、マッチを進める側（プログラムやアプリ）が決められます。指定がなければ、"
                        "同じセットからルールに合う組み合わせを、マッチのシードによる乱数で選びます。"
                        "合計点が同じならマッチは引き分けです。"),
    # 3–4 players
    C("RY-MULTI-1", "3–4 players use two base sets; the flow of a turn stays the same.",
      "Seats are numbered counter-clockwise (a seat's right-hand neighbour is the next seat). Each player "
      "plays one pairing; the stat-chip supply is doubled (two boxes). 'opponent' (相手のバトルカード) "
      "means one opponent's battle card, chosen by the ability's owner (decision 'target'); opponents are "
      "all other players, or in a tag match the two of the other team. forbid-stat binds the server "
      "when the server is the owner's opponent.",
      ja="基本セットを２個用意することで、３～４人対戦が可能です。３～４人対戦でも基本的な流れは同じです。",
      ja_interpretation="席には右回り（反時計回り）に番号を振ります（ある席の右隣が次の番号の席です）。"
                        "各プレイヤーは１組ずつ使い、能力値チップは２箱分あります。「相手のバトルカード」"
                        "は相手のうち１人のバトルカードで、能力の持ち主が選びます（選択「target」）。"
                        "相手とはほかのプレイヤー全員で、タッグマッチでは相手チームの２人です。"
                        "能力値の指定を禁じる効果（forbid-stat）は、"
                        "サーブしたプレイヤーが持ち主の相手であるとき、そのプレイヤーを縛ります。"),
    C("RY-MULTI-2", "With 3–4 players the receive phase goes from the leader's right-hand neighbour, "
      "counter-clockwise.",
      ja="３～４人対戦では、レシーブフェイズはリードしたプレイヤーの右隣のプレイヤーから右回り（反時計回り）"
         "で順番に行います。"),
    C("RY-MULTI-3", "With 3–4 players just-before-battle effects resolve from the leader, counter-clockwise.",
      "The same order serves 【リザルト】 and the reverse phase's 【反転時】.",
      ja="３～４人対戦では、バトル直前の効果解決はリードしたプレイヤーから右回り（反時計回り）"
         "で順番に行います。",
      ja_interpretation="【リザルト】と、リバースフェイズの【反転時】も同じ順で処理します。"),
    C("RY-MULTI-4", "With 3–4 players the loser reverse goes from the winner's right-hand neighbour, "
      "counter-clockwise.",
      "Every player but the winner is a loser of the turn (a tag partner too).",
      ja="３～４人対戦では、ルーザーリバースはこのターンの勝者の右隣のプレイヤーから右回り（反時計回り）"
         "で順番に行います。",
      ja_interpretation="勝者以外のプレイヤーは全員、そのターンに負けたプレイヤーです"
                        "（タッグの相方も含みます）。"),
    C("RY-MULTI-5", "With 3–4 players only the tied cards flip in the reverse phase; cancelled cards drop out; "
      "one card left wins whatever its value; two left decide between themselves.",
      "Battle 1 ties only when the highest value is shared; those cards are the tied ones. Battle 2 "
      "compares every battle card: while the highest value is shared, those cards are cancelled and "
      "drop out; a single card left wins; none left: no winner.",
      ja="３～４人対戦では、リバースフェイズで裏返すのは、数字が同じだったカードのみです。キャンセレーション"
         "（バトルフェイズ２での引き分け）のカードは勝敗判定に含めないので、残ったカードが１枚の場合は、"
         "数値に関わらずそのカードが勝ちとなります。残ったカードが２枚の場合は、その２枚で勝敗を決めます。",
      ja_interpretation="バトルフェイズ１が引き分けになるのは、一番大きい値が複数のカードで同じときだけで、"
                        "そのカードが引き分けのカードです。バトルフェイズ２ではすべてのバトルカードを比べ、"
                        "一番大きい値が同じである間は、そのカードをキャンセレーションとして外します。"
                        "１枚残ればそのカードの勝ち、１枚も残らなければ勝者なしです。"),
    C("RY-MULTI-6", "With 4 players a tag match adds the points of the two players facing each other.",
      "Partners are seats 1 & 3 and 2 & 4; the game's winner is the team (0: seats 1 & 3, 1: seats 2 & 4); "
      "equal team totals are a draw.",
      ja="４人の場合は、向かい合う２人の合計点で競い合うタッグマッチもできます。",
      ja_interpretation="組は１番と３番の席、２番と４番の席です。ゲームの勝者はチームです（対戦記録では、"
                        "１番と３番の席のチームが 0、２番と４番の席のチームが 1）。"
                        "チームの合計点が同じなら引き分けです。"),
))
