"""The rules catalogue of 東方カードゲーム（仮）, in fuda's own words, with the readings the engine takes.

Clause ids are those of the shared catalogue (seed 002). ``interpretation`` states what the
engine does where the rule text is silent or ambiguous; ``waiver`` (none at present) would say
why a clause has no test. The conformance suite (tests/toho_tcg/) cites these ids.
"""

from __future__ import annotations

from fuda.engine.core.catalogue import Catalogue, Clause

C = Clause

CATALOGUE = Catalogue("toho-tcg", "seeds/002 (東方カードゲーム（仮）)", (
    # terms
    C("TT-TERM-1", "To play is to use a card from the hand, or a spell's or an activated ability's effect.",
      "Playing announces the card or ability, chooses every target it names (対象の…; decision 'target'), "
      "pays its cost, then puts it on the stack. A play whose chosen target has no legal choice is not "
      "offered. A resolving effect whose every chosen target has become illegal does nothing. Card text "
      "without 「できる」 or 「まで」 is not optional: recover and search (反魂 「…手札に加える。」) take their "
      "count of matching cards, all there are when fewer, and ask only which.",
      ja="「プレイ」とは、カードを使うという意味です。スペルや起動能力を使うときにもいいます。",
      ja_interpretation="プレイするときは、カードや能力を宣言し、"
                        "「対象の…」と書かれた対象をすべて選び（判断「target」）、コストを支払ってから、"
                        "解決を待つ置き場（スタック）に置きます。"
                        "選べる対象がないプレイは選択肢に出しません。解決するとき、"
                        "選んだ対象がすべて選べなくなっていたら、その効果は何もしません。"
                        "「できる」や「まで」のないカードの文は任意ではありません。"
                        "回収やサーチ（反魂の「…手札に加える。」）は、"
                        "当てはまるカードを書かれた枚数だけ（足りなければあるだけ）取り、"
                        "どれを取るかだけを尋ねます。"),
    C("TT-TERM-2", "Tapping turns a card sideways (it has acted); untapping turns it upright (it can act).",
      "Characters and assisters tap (cost タップ, attacking, making 霊力); tapping a tapped card changes nothing.",
      ja="「タップ」とはカードを横にすることで、多くの場合、"
         "そのカードが行動済みであることを表します。「アンタップ」とはカードを縦にすることで、"
         "多くの場合、そのカードが行動可能な状態を表します。",
      ja_interpretation="タップするのはキャラクターとアシスターです（コストとしてのタップ、攻撃、"
                        "霊力を生み出すとき）。すでにタップ状態のカードをタップしても、何も変わりません。"),
    C("TT-TERM-3", "The controller decides what a card does; the owner is whose card it is; taking control "
      "never changes the owner.",
      "No sample card takes control, so control changes only in one way: an equip played on an opponent's "
      "character (厄) stays under its player's control. A card leaving the field always goes to its "
      "owner's trash or hand.",
      ja="「コントロール」とはそのカードの行動を決められる権利で、"
         "「オーナー」とはそのカードの所有者です。一時的にカードのコントロールを奪っても、"
         "オーナーを奪うことはできません。",
      ja_interpretation="見本のカードにはコントロールを奪うものがないので、"
                        "コントロールについて気をつけるのは次の一つの場合だけです。"
                        "相手のキャラクターにつけたイクイップ（厄）は、"
                        "つけたプレイヤーがコントロールしたままです。場を離れるカードは、"
                        "いつもオーナーのトラッシュか手札に行きます。"),
    # cost
    C("TT-COST-1", "霊力 pays costs: trashing 1 hand card or tapping 1 character makes 1 霊力.",
      "When a cost exceeds the 霊力 already made, the player picks that many sources at once (decision "
      "'pay': hand:<card> or tap:<character>). Unspent 霊力 is lost at the end of each phase. Since every "
      "payment makes the 霊力 it lacks, making 霊力 ahead is pointless except before a card whose effect counts "
      "the hand (天狗の新聞): the separate action (option 'reiryoku', one source at a time) is offered only while "
      "such a card is playable and the pool is below its cost.",
      ja="コストは霊力で支払います。手札を１枚トラッシュに送るか、"
         "キャラクターカードをタップすることで霊力を１生み出せます。",
      ja_interpretation="コストがすでに生み出した霊力より多いとき、"
                        "プレイヤーは足りない分の支払い元をまとめて選びます（判断「pay」：トラッシュに送る手札か、"
                        "タップするキャラクター）。使わなかった霊力は、フェイズの終わりごとに消えます。"
                        "支払いのたびに足りない霊力を生み出せるので、"
                        "前もって霊力を生み出しておく意味はふつうありません。"
                        "例外は手札の枚数を数えるカード（天狗の新聞）をプレイする前だけなので、"
                        "霊力だけを生み出す行動（選択肢「reiryoku」、１回に支払い元１つ）は、"
                        "そうしたカードがプレイでき、霊力がまだそのコストに足りないあいだだけ選択肢に出します。"),
    C("TT-COST-2", "Making 霊力 can be done whenever a quick can, and no spell-countering effect can counter it.",
      "Making 霊力 never uses the stack and the player keeps priority. (An ability whose effect makes 霊力, "
      "such as 賽銭箱's 【起動】, is an activated ability like any other.)",
      ja="霊力を生み出す行為はクイックと同じタイミングで行えますが、"
         "対抗呪文等のスペル打ち消し効果では打ち消せません。",
      ja_interpretation="霊力を生み出してもスタックは使わず、優先権（次に行動する権利）"
                        "もそのプレイヤーに残ります。（賽銭箱の【起動】のように、効果で霊力を生み出す能力は、"
                        "ほかと同じ起動能力として扱います。）"),
    C("TT-COST-3", "Every card has a 霊力 cost paid to play it.",
      "The seed prints no costs; the cards' `cost` field holds them. A Hard played in the level-up step pays "
      "nothing (TT-BAT-10).",
      ja="どのカードにも、プレイするときに支払う霊力コストがあります。",
      ja_interpretation="ルールページにはコストが載っていないので、"
                        "カードデータの「cost」欄に書いた値を使います。"
                        "レベルアップステップでプレイするハードは何も支払いません（TT-BAT-10）。"),
    # card kinds
    C("TT-CARD-1", "'Card' covers characters, spells and worlds: 'destroy 1 target card' may destroy a "
      "character, assister, equip or world on the field.",
      "Quicks waiting in an assister zone are not on the field and cannot be chosen.",
      ja="「カード」とは、キャラクターカードとスペルカードとワールドカードのすべてを指します。"
         "「対象のカード１枚を破壊する」という効果の場合、"
         "場に置いてあるキャラクターでもアシスターでもイクイップでもワールドでもなんでも１枚破壊できます。",
      ja_interpretation="アシスターゾーンで待っているクイックは場にあるとは扱わず、対象に選べません。"),
    C("TT-CHAR-1", "A character is normally played in its player's main phase; it attacks and defends.",
      "Characters, assisters, equips and worlds are played only by the turn player in the main phase "
      "while the stack is empty.",
      ja="キャラクターは基本的には自分のメインフェイズにしかプレイできません。"
         "このカードを使って相手プレイヤーを攻撃したり、自分を守ったりできます。",
      ja_interpretation="キャラクター、アシスター、イクイップ、ワールドをプレイできるのは、"
                        "ターンプレイヤーだけで、自分のメインフェイズのうちスタックが空のときに限ります。"),
    C("TT-CHAR-2", "A Hard can be played only on its owner's matching Normal on the field, and is put on top of it.",
      "The Hard takes over the Normal's place, tap state, damage, equip, attack made this turn and "
      "until-end-of-turn effects; the pair is one character.",
      ja="ハードは、場に自分がオーナーの、"
         "対応するノーマルキャラクターが出ていないとプレイすることができません。"
         "そしてノーマルの上にハードを重ねておきます。",
      ja_interpretation="ハードはノーマルの位置、タップ状態、受けているダメージ、イクイップ、"
                        "このターンに攻撃したこと、ターン終了時までの効果をそのまま引き継ぎます。"
                        "重なった２枚で１体のキャラクターです。"),
    C("TT-CHAR-3", "A character can be tapped to make 1 霊力.",
      ja="キャラクターカードはタップすることで霊力を１生み出せます。"),
    C("TT-CHAR-4", "A character has attack and defense; when the damage dealt to it exceeds its defense it is "
      "destroyed and trashed.",
      "Checked after each resolution, and at the end of the damage step for combat damage.",
      ja="キャラクターのステータスには攻撃力と防御力があり、受けたダメージが防御力を超えた場合、"
         "そのカードは破壊されトラッシュされます。",
      ja_interpretation="効果が１つ解決するたびに確かめます。戦闘ダメージは、"
                        "ダメージステップの終わりに確かめます。"),
    C("TT-CHAR-5", "At most 3 characters on a player's field; no limit on how many are played.",
      "A Hard put on its Normal does not add a character.",
      ja="キャラクターは自分の場に３体まで置けます。プレイする回数に制限はありません。",
      ja_interpretation="ノーマルに重ねたハードは、キャラクターの数を増やしません。"),
    C("TT-CHAR-6", "No summoning sickness: a card can attack, defend and use its abilities as soon as it is on the field.",
      ja="このゲームではキャラクターにいわゆる召喚酔いはありません。"
         "すべてのカードは場に出したときから攻撃や防御、起動効果、永続効果を使えます。"),
    C("TT-CHAR-7", "Playing a character is not a spell: counterspells cannot counter it.",
      "A character enters the field at once, without the stack (so does a world, which is not a spell either).",
      ja="キャラクターを場に出す行為はスペルではないので、対抗呪文では打ち消されません。",
      ja_interpretation="キャラクターはスタックを通らず、すぐに場に出ます（ワールドもスペルではないので同じです）"
                        "。"),
    C("TT-CHAR-8", "Returning a character to the hand returns both its Normal and its Hard.",
      "Its equip goes to its owner's trash.",
      ja="キャラクターを手札に戻す効果は、ノーマルとハードの両方を手札に戻します。",
      ja_interpretation="つけていたイクイップは、オーナーのトラッシュに送られます。"),
    C("TT-CHAR-9", "Characters have one or more types: 人間, 幽霊, 妖怪, 妖精, 魔法使い, 巫女, 神, 物質 (extensible).",
      "The list comes from the manifest's `types`.",
      ja="キャラクターには１つ以上のタイプがあります。今のところ（人間）（幽霊）（妖怪）（妖精）"
         "（魔法使い）（巫女）（神）（物質）があり、増やすこともできます。",
      ja_interpretation="タイプの一覧は、ゲーム設定（manifest）の「types」から読みます。"),
    C("TT-SPELL-1", "Spells are quicks, assisters and equips.",
      ja="スペルカードにはクイックスペル、アシスタースペル、"
         "イクイップスペルの３つの種類があります。"),
    C("TT-SPELL-2", "Quicks can be played in either player's turn in almost every window; activated abilities of "
      "characters and assisters use the same timing. A played quick goes to the assister zone and is trashed "
      "in the end phase.",
      "Priority: in every window the turn player acts first; a play that uses the stack hands priority to the "
      "opponent, an action that does not (making 霊力, a character, a world, a 【トラッシュ】) keeps it. When both "
      "players pass in succession the top of the stack resolves (last in, first out) and the turn player gets "
      "priority again; with an empty stack the window closes. Triggered abilities go on the stack when a "
      "player would next get priority — the turn player's first, so the opponent's resolve first, each "
      "player's in the order they fired. A trigger that fires outside a window (level-up step) opens a short "
      "window of its own. A resolved quick (or one whose targets all became illegal) waits in its player's "
      "assister zone; a countered one goes to the trash.",
      ja="クイックはほとんどの場面で使えるカードで、自分のターンでも相手のターンでも使えます。"
         "キャラクターやアシスターの起動効果も、使うタイミングはこれと同じように扱います。"
         "プレイしたあとは一度アシスターゾーンに送られ、エンドフェイズにトラッシュに送られます。",
      ja_interpretation="優先権：どのタイミングでも、先に行動するのはターンプレイヤーです。"
                        "スタックを使うプレイをすると優先権は相手に移り、スタックを使わない行動（霊力を生み出す、"
                        "キャラクターやワールドを出す、【トラッシュ】）では優先権はそのまま残ります。"
                        "両プレイヤーが続けてパスすると、スタックのいちばん上（最後に置いたもの）が解決し、"
                        "優先権はターンプレイヤーに戻ります。スタックが空ならそのタイミングは終わります。"
                        "誘発能力は、次にだれかが優先権を得るときにスタックに置きます。"
                        "ターンプレイヤーの分を先に置くので、相手の分が先に解決します。"
                        "各プレイヤーの分は誘発した順に置きます。タイミングの外（レベルアップステップ）"
                        "で誘発した能力には、そのための短いタイミングを開きます。"
                        "解決したクイック（対象がすべて選べなくなったものも）"
                        "はそのプレイヤーのアシスターゾーンで待ち、打ち消されたクイックはトラッシュに送られます。"),
    C("TT-SPELL-3", "An assister is normally played in its player's main phase; it stays in the assister zone "
      "with activated, triggered or static abilities.",
      "It is a spell: it uses the stack and can be countered.",
      ja="アシスターは基本的には自分のメインフェイズにしかプレイできません。起動効果や誘発効果、"
         "永続効果を引き起こす物体や生物を表し、プレイしたあとはアシスターゾーンに送られ、"
         "場に残ります。",
      ja_interpretation="アシスターはスペルなので、スタックを使い、打ち消されることがあります。"),
    C("TT-SPELL-4", "An equip is normally played in its player's main phase onto a character on the field, one "
      "equip per character, and is trashed together with that character.",
      "Choosing the character is targeting (not a 【バリア】 character, one without an equip; 【スペルディフェンサー】 "
      "may redirect); if it is no longer legal on resolution the equip goes to the trash.",
      ja="イクイップは基本的には自分のメインフェイズにしかプレイできず、"
         "現在場に出ているキャラクターに１つだけつけられ、そのキャラクターに重ねられます。"
         "そのキャラクターがトラッシュに送られた時に、イクイップも同時にトラッシュに送られます。",
      ja_interpretation="つけるキャラクターを選ぶことは、対象を取ることです（【バリア】を持つキャラクターや、"
                        "すでにイクイップをつけているキャラクターは選べず、"
                        "【スペルディフェンサー】で対象を移せます）。"
                        "解決するときにそのキャラクターを選べなくなっていたら、"
                        "イクイップはトラッシュに送られます。"),
    C("TT-SPELL-5", "Equips may be played any number of times; quicks and assisters together at most 3 per own turn.",
      "Counted per player in their own turn: 「クイックとアシスターを合わせて、自分のターンで最大３枚までプレイ"
      "することができる。」 is the only sentence that states the limit, and it says 自分のターン. In the "
      "opponent's turn nothing caps a player's quicks (the page gives no number there). A countered quick or "
      "assister was played and counts. The rule variant quick-limit-both-turns (off by default; fuda play "
      "--variant quick-limit-both-turns) counts in the opponent's turn too.",
      ja="イクイップにはプレイする回数に制限はありませんが、クイックとアシスターを合わせて、"
         "自分のターンで最大３枚までプレイすることができます。",
      ja_interpretation="プレイヤーごとに、そのプレイヤー自身のターンの中で数えます。"
                        "上限を述べている文は"
                        "「クイックとアシスターを合わせて、自分のターンで最大３枚までプレイすることができる。」"
                        "だけで、「自分のターン」と書いています。相手のターンには、クイックの枚数を限る文はありません"
                        "（ルールページは相手のターンの枚数を決めていません）。"
                        "打ち消されたクイックやアシスターも、プレイしたものとして数えます。"
                        "ルールの変種 quick-limit-both-turns（ふだんは使いません。"
                        "fuda play --variant quick-limit-both-turns）では、相手のターンにも数えます。"),
    C("TT-SPELL-6", "Assisters out reduce that number (2 out leave room for 1 more, 3 for none).",
      "In their own turn a player may play a quick or an assister while (quicks and assisters they played "
      "this turn, countered ones included) + (their assisters in the zone placed before this turn) < 3; "
      "an assister placed this turn is counted once, as a play. 「もしそこでアシスターを置いてしまって"
      "アシスターが３つになると、次のターンではまったくクイックをプレイできなくなる」 is read as the "
      "player's own next turn: the turn in which the third assister is placed has used its 3 already, and "
      "in the player's next turn the 3 assisters placed before it leave none. Nothing is counted in the "
      "opponent's turn (TT-SPELL-5). The variant quick-limit-both-turns reads 「次のターン」 as the "
      "opponent's turn that follows (assisters are placed in one's own main phase) and applies the same "
      "count there too.",
      ja="アシスターが置いてある場合、"
         "その分だけそのターンにプレイできるクイックとアシスターの数が減ってしまいます。"
         "例えばすでにアシスターが２つ置いてあるとクイックかアシスターは１つしかプレイできず、"
         "３つあるとまったくプレイできません。",
      ja_interpretation="自分のターンには、"
                        "（このターンに自分がプレイしたクイックとアシスターの数。打ち消されたものも含む）"
                        "＋（このターンより前から自分のアシスターゾーンにあるアシスターの数）が３未満のあいだ、"
                        "クイックかアシスターをプレイできます。このターンに置いたアシスターは、"
                        "プレイした１枚として一度だけ数えます。"
                        "「もしそこでアシスターを置いてしまってアシスターが３つになると、"
                        "次のターンではまったくクイックをプレイできなくなる」の「次のターン」は、"
                        "そのプレイヤー自身の次のターンと読みます。３つめのアシスターを置いたターンは"
                        "すでに３枚を使っており、次の自分のターンには前から置いてある３つのアシスターで"
                        "１枚もプレイできません。相手のターンには数えません（TT-SPELL-5）。"
                        "ルールの変種 quick-limit-both-turns は、「次のターン」を"
                        "（アシスターは自分のメインフェイズに置くので）そのすぐ後の相手のターンと読み、"
                        "同じ数え方を相手のターンにも当てはめます。"),
    C("TT-SPELL-7", "Assisters carry 【トラッシュN】 so that their controller can trash them.",
      ja="アシスターには【トラッシュ３】のように、"
         "コントロールしているプレイヤー自身がそのアシスターをトラッシュに送れる能力があります。"),
    C("TT-WORLD-1", "A world is a static effect on both players (place, weather, mood), controlled by whoever played it.",
      ja="ワールドはお互いのプレイヤーに影響するアシスターの永続効果のようなもので、戦闘場所や天候、"
         "雰囲気を表します。どのプレイヤーもワールドの効果を受けますが、"
         "コントロールはプレイしたプレイヤーのものです。"),
    C("TT-WORLD-2", "Only one world on the whole field; a new world trashes the previous one; a world sits in the world zone.",
      ja="ワールドはすべてのフィールド上で１枚しか存在できません。"
         "新たにワールドがプレイされたときは以前のものをトラッシュに送ります。"
         "プレイしたあとはワールドゾーンに送られます。"),
    C("TT-WORLD-3", "Any player may pay a world's 【トラッシュ】 at any time to trash it.",
      "'Any time' is whenever the player has priority (every window).",
      ja="どのプレイヤーも、ワールドの【トラッシュ（コスト）】のコストを支払って、いつでもそのワールドをトラッシュできます。",
      ja_interpretation="「いつでも」は、そのプレイヤーが優先権を持っているとき（どのタイミングでも）と読みます。"),
    # setup
    C("TT-SETUP-1", "Decks have 30 or more cards, both the same number: a deck's size is its player's life.",
      "Checked for games set up from decks (manifest deck-rules); scenario positions may use any decks.",
      ja="カードを３０枚以上用意します。枚数はそのままプレイヤーのライフになるので、"
         "相手と同枚数にします。",
      ja_interpretation="デッキから始めるゲームで確かめます（ゲーム設定の「deck-rules」）。"
                        "局面を指定して始める場合（シナリオ）は、どんなデッキでも構いません。"),
    C("TT-SETUP-2", "Players swap decks, shuffle the opponent's deck, and hand it back.",
      "Modelled as one shuffle of each deck with the game's seeded generator, logged as a chance event.",
      ja="相手とデッキを交換してシャッフルし、また返してもらいます。",
      ja_interpretation="ゲームのシード（乱数の種）から決まる乱数で各デッキを１回シャッフルし、"
                        "偶然の出来事として記録に残します。"),
    C("TT-SETUP-3", "Each player draws 7; a player may shuffle the hand back and draw again, one card fewer each "
      "time, as often as they like.",
      "The first player decides first (decision 'mulligan': keep / mulligan); a redraw must leave at least 1 "
      "card (manifest mulligan-reduction).",
      ja="カードを７枚引きます。手札が悪かったら戻してシャッフルして引きなおせます。"
         "引き直す枚数はそのたびに１枚ずつ少なくなりますが、何回でもできます。",
      ja_interpretation="先攻のプレイヤーから決めます（判断「mulligan」：そのままにするか、引き直すか）。"
                        "引き直しでは少なくとも１枚は引けなければなりません（ゲーム設定の「mulligan-reduction」）"
                        "。"),
    C("TT-SETUP-4", "Rock-paper-scissors or a die decides the first player, who cannot attack with characters in "
      "the first turn but may make 霊力 and use spells and abilities.",
      "The first player comes from the seeded generator (manifest first-player: random).",
      ja="ジャンケンかサイコロを振って勝った方が先攻か後攻かを決めます。先攻の１ターン目は、"
         "キャラクターカードでの攻撃宣言は行えませんが、"
         "霊力を生み出してスペルや起動能力を使うことはできます。",
      ja_interpretation="先攻は、"
                        "シードから決まる乱数で決めます（ゲーム設定の「first-player: random」）"
                        "。"),
    # phases
    C("TT-DRAW-1", "Draw phase: the player may draw until the hand holds 7, any number from 0 up to that.",
      "Decision 'draw' (draw:0 … draw:k), k also limited by the deck: drawing the last card loses (TT-WIN-1).",
      ja="ドローフェイズ：ターンの初めに、手札が７枚になるまでドローできます。"
         "７枚になるまでは何枚ドローするのも自由で、１枚もドローしないことを選ぶのも自由です。",
      ja_interpretation="判断「draw」で、０枚から上限までの枚数を選びます。"
                        "上限はデッキの残り枚数でも制限されます。"
                        "デッキの最後のカードを引くと負けになります（TT-WIN-1）。"),
    C("TT-STBY-1", "Standby phase: untap all the turn player's tapped cards, then both players may play quicks "
      "and activated abilities.",
      "Untapping covers characters and assisters; 'at the start of the standby phase' triggers fire after it.",
      ja="スタンバイフェイズ：場に出ているあなたがコントロールしているタップ状態のすべてのカードをアンタップします。"
         "すべてのカードのアンタップを終えたら、"
         "お互いのプレイヤーがクイックと起動効果をプレイできます。",
      ja_interpretation="アンタップするのはキャラクターとアシスターです。"
                        "「スタンバイフェイズの開始時」に誘発する能力は、アンタップのあとに誘発します。"),
    C("TT-MAIN-1", "Main phase: the turn player may play every kind of card and activated abilities; the "
      "opponent only quicks and activated abilities.",
      ja="メインフェイズ：あなたはすべてのタイプのカード（キャラクター・クイック・アシスター・イクイップ・ワールド）"
         "と起動効果をプレイできます。対戦相手はクイックと起動効果だけをプレイできます。"),
    C("TT-BAT-1", "Attack step: the turn player chooses which characters attack which opposing character; "
      "several attackers on one character are declared together.",
      "Decision 'attack' (target:<character>, target:player, end), then 'attackers' (one or more, in order). "
      "An attacker must be untapped and must not have attacked this turn.",
      ja="アタックステップ：あなたのコントロールするキャラクターで、"
         "対戦相手のどのキャラクターを攻撃するか選びます。"
         "同じキャラクターに２枚以上のキャラクターで攻撃する場合は、それすべてを指定します。",
      ja_interpretation="判断「attack」（攻撃する相手のキャラクター、相手プレイヤー、または攻撃の終了）"
                        "のあと、判断「attackers」で攻撃するキャラクターを１体以上、"
                        "攻撃する順に選びます。攻撃するキャラクターはアンタップ状態で、"
                        "このターンにまだ攻撃していない必要があります。"),
    C("TT-BAT-2", "A tapped character's attack is 0 whatever the effects; its defense stays and can be raised; it "
      "cannot use its activated abilities; its static and triggered effects and its equip still work.",
      ja="タップ状態のキャラクターは攻撃力が０になり、それはいかなる効果によっても変動しません。"
         "防御力はそのままなので、クイックや起動効果で上昇させることはできます。また、"
         "それが持っている起動効果は使えません。"
         "永続効果や誘発効果や装備しているイクイップの効果もそのままです。"),
    C("TT-BAT-3", "With no opposing character, or only tapped ones, the attack may go to the player directly; a "
      "tapped character may also be attacked.",
      ja="相手の場にキャラクターが存在しない場合、"
         "またはタップ状態のキャラクターしか存在しない場合は、"
         "相手プレイヤーにダイレクトアタックできます。"
         "もちろんタップ状態のキャラクターを攻撃しても構いません。"),
    C("TT-BAT-4", "Damage to a player: draw that many cards, then trash that many from the hand.",
      "The damaged player chooses what to trash (decision 'hand-trash'); each attacker's combat damage is "
      "dealt separately, in attack order.",
      ja="プレイヤーへのダメージは、ダメージ分の枚数のカードをドローして、"
         "その手札の中からダメージ分のカードをトラッシュすることです。",
      ja_interpretation="トラッシュするカードは、"
                        "ダメージを受けたプレイヤーが選びます（判断「hand-trash」）。"
                        "攻撃したキャラクターそれぞれの戦闘ダメージは、攻撃の順に１体ずつ別々に与えます。"),
    C("TT-BAT-5", "Spell step: once the targets are fixed, both players may play quicks and activated abilities.",
      ja="スペルステップ：攻撃対象を決定したらこのステップへ移り、"
         "お互いのプレイヤーがクイックと起動効果をプレイできます。"),
    C("TT-BAT-6", "Damage step: each side takes the other's attack as damage; a character whose damage exceeds "
      "its defense is destroyed; surviving attackers and defender are tapped.",
      "The stats at the start of the damage step are used for all combat damage, which is simultaneous.",
      ja="ダメージステップ：実際のステータス値を確認します。"
         "お互いのキャラクターは相手の攻撃力分のダメージを受け、ダメージが防御力を超えた場合、"
         "そのカードは破壊されトラッシュされます。キャラクターが生き残った場合は、"
         "攻撃側防御側ともにそのキャラクターをタップします。",
      ja_interpretation="戦闘ダメージはすべて、ダメージステップ開始時のステータスで計算し、同時に与えます。"),
    C("TT-BAT-7", "Damage on a character wears off once the attack damage and any quick or ability damage of that "
      "attack are over, so a tough character must be attacked by several attackers at once.",
      "On the characters in a fight (its attackers and its target), damage stays from the declaration "
      "through the after-damage window, quick and ability damage included. On every other character — "
      "outside fights, and during a fight on those not in it — damage wears off after each resolving "
      "effect (「そのキャラクターへの…ダメージが終了した時点で全回復する」).",
      ja="キャラクターへのダメージは、そのキャラクターへの攻撃ダメージ、"
         "クイックや起動効果のダメージが終了した時点で全回復します。よって、"
         "硬いキャラクターを破壊するときは攻撃指定を一度に行います。",
      ja_interpretation="戦闘中のキャラクター（攻撃したキャラクターと攻撃されたキャラクター）のダメージは、"
                        "攻撃宣言から戦闘ダメージ後の効果発動確認まで残り、"
                        "その間のクイックや起動効果のダメージもそこに加わります。"
                        "それ以外のキャラクター（戦闘の外、または戦闘中でもその戦闘にかかわっていないもの）"
                        "のダメージは、"
                        "効果が１つ解決するたびに回復します（「そのキャラクターへの…ダメージが終了した時点で全回復する」）"
                        "。"),
    C("TT-BAT-8", "The attacker orders its attackers; if the defender was untapped, the first attacker takes the "
      "counter damage.",
      "Counter damage equals the defender's attack (0 when tapped, TT-BAT-2) and goes to the first attacker "
      "still in the fight. The attacker whose damage, in order, first makes the defender's damage exceed its "
      "defense is the one that destroyed it.",
      ja="攻撃の順番は攻撃側が決めます。防御側がアンタップしていた場合は、"
         "初めに攻撃したキャラクターが反撃ダメージを受けます。",
      ja_interpretation="反撃ダメージは防御側の攻撃力（タップ状態なら０、TT-BAT-2）で、"
                        "まだ戦闘に残っている最初の攻撃キャラクターが受けます。攻撃の順にダメージを足していき、"
                        "防御側のダメージが初めて防御力を超えたときの攻撃キャラクターが、"
                        "それを破壊したことになります。"),
    C("TT-BAT-9", "A fight runs: attackers declared, effect window, combat damage, effect window; defense changes "
      "matter only before combat damage.",
      "The second window (after-damage) still sees the combat damage, so quick damage there adds to it.",
      ja="流れとしては、"
         "攻撃キャラクター指定　⇒　効果発動確認　⇒　戦闘ダメージ発生　⇒　効果発動確認　です。"
         "巨大化など防御力を変化させる効果は、戦闘ダメージ発生前にプレイしないと意味がありません。",
      ja_interpretation="２回目の効果発動確認（戦闘ダメージの後）でも戦闘ダメージは残っているので、"
                        "そこで与えたクイックのダメージは戦闘ダメージに加わります。"),
    C("TT-BAT-10", "Level-up step: a Normal that destroyed an opposing character (also by counter damage while "
      "defending) may become its Hard from the hand without paying 霊力; it stays tapped.",
      "Both players, turn player first; a destruction by 【クリティカル】 counts. Decision 'level-up'.",
      ja="レベルアップステップ：ハードのキャラクターカードは、"
         "それに対応するノーマルキャラクターが相手の場のキャラクターを破壊したときは、"
         "霊力コストを支払わずその場でプレイできます。しかしタップ状態にはなったままです。"
         "防御時の反撃で攻撃側キャラクターを破壊したときもレベルアップできます。",
      ja_interpretation="両プレイヤーとも行え、ターンプレイヤーから先に行います。【クリティカル】による破壊も数えます。"
                        "判断「level-up」で選びます。"),
    C("TT-BAT-11", "While characters that can still attack remain, the turn player may return to the attack step.",
      ja="まだ攻撃できるキャラクターがいる場合、アタックステップに戻ることができます。"),
    C("TT-END-1", "End phase: both players may play quicks and activated abilities; when neither plays more, the "
      "quicks in the assister zones are trashed.",
      "'At the start of the end phase' triggers fire first. Until-end-of-turn effects end after the discard phase.",
      ja="エンドフェイズ：お互いのプレイヤーがクイックと起動効果をプレイできます。"
         "もうどのプレイヤーもこれ以上クイックや起動能力を使わない場合、"
         "アシスターゾーンに置かれているクイックをトラッシュに送ります。",
      ja_interpretation="「エンドフェイズの開始時」に誘発する能力が先に誘発します。「ターン終了時まで」の効果は、"
                        "ディスカードフェイズのあとに終わります。"),
    C("TT-DISC-1", "Discard phase, the turn player's opponent's only: trash down to 7 cards and optionally any "
      "unwanted cards, to draw back up in the coming turn.",
      "Decision 'discard' (min: the excess over 7, max: the whole hand).",
      ja="ディスカードフェイズ（自分の対戦相手のみのフェイズ）"
         "：手札が制限の７枚を超えていた場合は余分をトラッシュに送ります。また、"
         "不要なカードをここでトラッシュに送ることもできます。"
         "次の自分のターンで手札が７枚になるまでドローできます。",
      ja_interpretation="判断「discard」で選びます（少なくとも７枚を超えた分、多くて手札すべて）。"),
    C("TT-WIN-1", "Turns alternate; a player whose deck reaches 0 cards loses.",
      "Checked the moment a deck becomes empty (draw phase, effects, damage, search). Not a rule: the engine "
      "declares a draw after 200 turns so that no playout runs forever.",
      ja="自分と相手のターンを繰り返して、デッキのカード枚数が０になったほうが負けです。",
      ja_interpretation="デッキが空になったその時点で確かめます（ドローフェイズ、効果、ダメージ、"
                        "サーチのどれでも）。ルールにはない取り決めとして、どの対戦も必ず終わるように、"
                        "２００ターンを過ぎたら引き分けにします。"),
    # keywords
    C("TT-KW-1", "【ディフェンサー】: when another of its player's characters is chosen as an attack target, the "
      "attack may be moved to it; it then takes every attacker of that attack.",
      "It must be untapped; decision 'defender' for the defending player; impossible when any attacker has "
      "【ペネトレイト】.",
      ja="【ディフェンサー】：自分の場のキャラクター１枚が攻撃対象に選択されたとき、"
         "このカードに対象を変更することができます。２枚以上のキャラクターで攻撃された場合、"
         "ディフェンサー側がすべての攻撃を受けます。",
      ja_interpretation="ディフェンサーはアンタップ状態でなければなりません。"
                        "防御側プレイヤーが判断「defender」で選びます。"
                        "攻撃するキャラクターのどれかが【ペネトレイト】を持っていると使えません。"),
    C("TT-KW-2", "【スペルディフェンサー】: when one of its player's characters is chosen as the target of a spell "
      "or activated ability, the target may be moved to it.",
      "Offered against the opponent's spells and activated abilities (including an equip's attachment), not "
      "triggered abilities, and only when the spell defender is itself a legal target.",
      ja="【スペルディフェンサー】：自分の場のキャラクター１枚がスペルや起動効果の対象に選択されたとき、"
         "このカードに対象を変更することができます。",
      ja_interpretation="相手のスペルと起動能力（イクイップをつけることも含む）に対して使え、"
                        "誘発能力には使えません。スペルディフェンサー自身がその対象として選べるときだけ使えます。"),
    C("TT-KW-3", "【トリックスター】: need not tap after attacking.",
      "The engine never taps it after an attack (tapping is never useful); it still attacks once per turn.",
      ja="【トリックスター】：このカードは攻撃をした後、タップしなくても構いません。",
      ja_interpretation="タップして得をすることはないので、攻撃のあとこのカードはタップしません。攻撃できるのは、"
                        "やはり１ターンに１回です。"),
    C("TT-KW-4", "【ファストアタック】: in the damage step, if its attack exceeds the opposing character's defense, "
      "it takes no damage.",
      "An attacker compares with the defender; a defender compares with the first attacker. It then takes no "
      "combat damage in that damage step.",
      ja="【ファストアタック】：このカードが戦闘を行うダメージステップ時、"
         "このカードの攻撃力が相手の防御力を超えていたとき、このカードはダメージを受けません。",
      ja_interpretation="攻撃側なら防御側のキャラクターと、防御側なら最初に攻撃したキャラクターと比べます。"
                        "超えていれば、そのダメージステップでは戦闘ダメージを受けません。"),
    C("TT-KW-5", "【クリティカル（type）】: a character of that type it deals damage to is destroyed at the end of "
      "the damage step.",
      "Damage outside combat (its abilities) destroys when that effect is over. The critical card counts as "
      "having destroyed it.",
      ja="【クリティカル（タイプ名）"
         "】：このカードが特定のキャラクタータイプを持つカードにダメージを与えた場合、"
         "ダメージステップ終了時にそのカードを破壊します。",
      ja_interpretation="戦闘の外（このカードの能力）で与えたダメージなら、その効果が終わった時点で破壊します。"
                        "破壊したのはクリティカルを持つカードとして扱います。"),
    C("TT-KW-6", "【ストライカー】: when its attack exceeds the opposing defense, the excess goes to that player; "
      "also when defending; a striker whose blocker is gone deals all its damage to the player.",
      "Each attacking striker compares with the defender's defense; a defending striker with the first "
      "attacker's.",
      ja="【ストライカー】：ダメージステップ時、攻撃力が相手の防御力を上回っていた場合、"
         "その差分のダメージを相手プレイヤーに与えます。この効果は防御時にも適用されます。"
         "ストライカーを持つキャラクターがブロックされ、"
         "なおかつそのブロックキャラクターが場に存在しないならば、"
         "すべての戦闘ダメージは防御プレイヤーに与えられます。",
      ja_interpretation="攻撃するストライカーはそれぞれ防御側キャラクターの防御力と比べ、"
                        "防御するストライカーは最初に攻撃したキャラクターの防御力と比べます。"),
    C("TT-KW-7", "【トラッシュ（N）】: pay N 霊力 to trash this card.",
      "An immediate action at quick timing (not on the stack, not a destruction); only the controller, except "
      "for worlds (TT-WORLD-3).",
      ja="【トラッシュ（N）】：コスト（霊力N）を支払い、"
         "このカードをトラッシュすることができます。",
      ja_interpretation="クイックと同じタイミングで、その場ですぐに行う行動です（スタックを使わず、"
                        "破壊でもありません）。使えるのはコントロールしているプレイヤーだけですが、"
                        "ワールドはどのプレイヤーも使えます（TT-WORLD-3）。"),
    C("TT-KW-8", "【バリア】: cannot be the target of spells or card effects; effects that do not target still apply.",
      "Not even its own player's effects can choose it, nor can an equip be attached to it.",
      ja="【バリア】：このカードはスペルカードやキャラクター効果の対象になりません。"
         "（対象に取らない全体効果は受けます。）",
      ja_interpretation="このカードをコントロールしているプレイヤー自身の効果でも対象に選べず、イクイップをつけることもできません。"),
    C("TT-KW-9", "【レジスト（N）】: damage dealt to it may be reduced by N.",
      "Always applied, to every damage event separately (declining is never useful with the sample cards); "
      "several resists add up.",
      ja="【レジスト（数字）】：このカードにダメージが発生した場合、そのダメージを（数字）"
         "点軽減することができます。",
      ja_interpretation="いつも軽減します（見本のカードでは、軽減しないほうが得になることはありません）。"
                        "ダメージ１回ごとに別々に軽減し、レジストが複数あれば足し合わせます。"),
    C("TT-KW-10", "【ペネトレイト】: cancels 【ストライカー】 and 【ディフェンサー】.",
      "An opposing defender cannot take over its attack, and an opposing striker deals no excess in a fight "
      "with it.",
      ja="【ペネトレイト】：【ストライカー】と【ディフェンサー】の効果を無効化します。",
      ja_interpretation="相手のディフェンサーはこのカードの攻撃を引き受けられず、"
                        "相手のストライカーはこのカードとの戦闘で差分のダメージを与えません。"),
    C("TT-KW-11", "【プロテクション（type）】: takes no damage from characters of that type and cannot be targeted "
      "by their activated abilities.",
      "Damage from such a character's combat and its abilities is prevented; spells have no type.",
      ja="【プロテクション（タイプ名）"
         "】：このカードは特定のキャラクタータイプを持つカードからダメージを受けません。また、"
         "そのタイプからの起動効果の対象になりません。",
      ja_interpretation="そのタイプのキャラクターからは、戦闘ダメージも能力によるダメージも受けません。"
                        "スペルにはタイプがありません。"),
))
