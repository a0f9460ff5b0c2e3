"""The rules catalogue of Recast Rift, in fuda's own words, with the readings the engine takes.

Clause ids are those of the shared catalogue (seed 000). ``interpretation`` states what the
engine does where the rule page is silent or ambiguous; ``waiver`` (none at present) would say
why a clause has no test. The conformance suite (tests/recast_rift/) cites these ids.
"""

from __future__ import annotations

from fuda.engine.core.catalogue import Catalogue, Clause

C = Clause

CATALOGUE = Catalogue("recast-rift", "seeds/000 (東方リキャストリフト 遊び方)", (
    # cards
    C("RR-CARD-1", "Cards are awakening cards (the fighter, marked 覚醒) or spells.",
      ja="本ゲームで使用するカードは２種類です。カードの左上に「覚醒」と書かれたものが覚醒札（ファイター自身を表します）、"
         "カードの上部が丸いものがスペル札です。"),
    C("RR-CARD-2", "An awakening card is a fighter named after a music title; its back is its player's life.",
      "Life is a number per player; the awakening cards stay in their slots for the whole game.",
      ja="覚醒札はファイター自身を表し、曲名がカード名になっています。"
         "カードの裏面がそのプレイヤーのライフになっています。",
      ja_interpretation="ライフはプレイヤーごとの数値として扱います。"
                        "覚醒札はゲームの間ずっと覚醒札置き場に置かれたままです。"),
    C("RR-CARD-3", "Spells are cast, deployed, retrieved and cast again, any number of times.",
      ja="スペル札はキャストし、展開し、手札に回収して、再びキャストします。"
         "ゲーム中に何度でも繰り返して使います。"),
    C("RR-CARD-4", "A spell's recast time lists the recast zones (Ⅲ, Ⅱ, Ⅰ) it may be deployed to.",
      ja="スペル札のリキャストタイム（［Ⅲ］［Ⅱ］［Ⅰ］）は、"
         "キャストの処理を終えたカードを展開できるリキャストゾーンを示しています。"),
    C("RR-CARD-5", "A spell is a normal, preempt or full-power card; that decides when it can be cast.",
      ja="スペル札は通常札・先制札・全力札のいずれかで、それによってキャストできるタイミングが決まります。"),
    C("RR-CARD-6", "Spell types: attack, action (cast abilities only, label omitted), setup, trigger.",
      "Only an attack card attacks after its cast abilities; the other three go straight to deploy.",
      ja="スペル札の種類は攻撃札・行動札・設置札・誘発札です。"
         "行動札は【キャスト時】能力のみを持ったスペル札なので、【キャスト時】の記述を省略しています。",
      ja_interpretation="【キャスト時】能力の後に《攻撃》を行うのは攻撃札だけです。"
                        "ほかの３種類はそのまま展開の処理に移ります。"),
    C("RR-CARD-7", "Attack power is hand damage / life damage; ー forbids that side; values never go below 0.",
      "Every change is clamped at 0 when it is applied (so −2 then +1 on a 1 gives 1); ー stays ー.",
      ja="攻撃力は、左が「ハンド」へのダメージ、右が「ライフ」へのダメージです。「ー」（バー）"
         "の側ではダメージを受けられません。攻撃力は「０」より下になることはありません。",
      ja_interpretation="攻撃力は、変化を１つ当てはめるたびに、その時点で０より下なら０にします"
                        "（攻撃力１に－２すると０になり、そこに＋１すると１になります）。「ー」は「ー」のままです。"),
    C("RR-CARD-8", "A spell with graze makes an attack miss when it is drawn in a graze check.",
      ja="「グレイズ」を持つスペル札がグレイズチェックで引かれると、《攻撃》はHITしません。"),
    C("RR-CARD-9", "Ability labels: 【キャスト時】, 【展開中】, 【回収時】 on spells; 【覚醒時】, 【覚醒中】 on awakening cards.",
      ja="能力の見出しは、スペル札に【キャスト時】【展開中】【回収時】、"
         "覚醒札に【覚醒時】【覚醒中】があります。"),
    # deck
    C("RR-DECK-1", "Each player picks two fighters, any two, and shows them.",
      ja="お互いにファイターを２体えらんで、相手に見せます。どんな組み合わせでも構いません。"),
    C("RR-DECK-2", "A fighter owns one awakening card and seven spells.",
      "Checked by the loader (deck-rules of game.yaml); the engine takes decks as given.",
      ja="各ファイターは覚醒札１枚とスペル札７枚を持っています。",
      ja_interpretation="カードの内訳は、カードデータを読み込むときに（game.yaml の deck-rules で）"
                        "確かめます。対戦中は渡されたデッキをそのまま使います。"),
    C("RR-DECK-3", "A deck is one awakening card and nine spells of the two fighters.",
      "Checked by the loader; scenario setups may list any spells.",
      ja="デッキは、２体のファイターのカードから選んだ覚醒札１枚とスペル札９枚で構成します。",
      ja_interpretation="カードデータを読み込むときに確かめます。試し遊び用の場面設定（シナリオ）では、"
                        "どのスペル札を並べても構いません。"),
    C("RR-DECK-4", "The chosen awakening card lies face down in the far slot (it can awaken); the other "
      "fighter's lies in the near slot (it never awakens).",
      ja="選んだ覚醒札は自分から見て奥の覚醒札置き場に伏せて置き、覚醒可能なライフエリアとなります。"
         "選ばなかった覚醒札は手前の覚醒札置き場に伏せて置き、覚醒できないライフエリアとなります。"),
    C("RR-DECK-5", "The nine spells are shuffled into the starting deck.",
      "Shuffled with the game's one seeded generator (fuda-rng-1); the order is logged as a chance event.",
      ja="スペル札９枚をよく切って山札とします。",
      ja_interpretation="シャッフルは、ゲームごとのシード（乱数の種）から作る乱数（方式 fuda-rng-1）で行います。"
                        "ゲームの中の偶然はすべてこの１つの乱数で決まります。山札の並びは偶然の出来事として対戦記録に残します。"),
    C("RR-DECK-6", "Which awakening card was chosen is secret until it awakens.",
      "Decisions offered to the opponent never name the far card; the log (an omniscient record) does.",
      ja="デッキ構築で覚醒札は秘密裏に選びます。実際に覚醒するまで、どちらが覚醒するのか分かりません。",
      ja_interpretation="相手に示す選択肢には、奥の覚醒札の名前を出しません。伏せた情報もすべて載せる対戦記録（ログ）"
                        "には書きます。"),
    C("RR-LIFE-1", "Life is kept on the awakening cards' backs.",
      "Starting life (6), starting hand (0) and the first player (random, by the game's seed) are the "
      "manifest settings starting-life, starting-hand and first-player.",
      ja="ライフは覚醒札の裏面で表します（紙で遊ぶ場合はライフストーンを置いて数えます）。",
      ja_interpretation="初期ライフ（６）、初期手札（０枚）、先攻（ゲームのシードによるランダム）は、"
                        "ゲーム設定の starting-life、starting-hand、first-player で決めます。"),
    # turn
    C("RR-TURN-1", "Turns alternate; each has Draw & Lift, Main, Refresh & Cleanup, in that order.",
      "Not a rule: the engine declares a draw after 200 turns so that no playout runs forever.",
      ja="ドロー＆リフトフェイズ、メインフェイズ、"
         "リフレッシュ＆クリンナップフェイズの３つのフェイズからなる１ターンを交互に繰り返します。",
      ja_interpretation="ルールにはない取り決めとして、どの対戦も必ず終わるように、"
                        "２００ターンを過ぎたら引き分けにします。"),
    C("RR-TURN-2", "Draw step: draw 2 (settings draws-per-turn). Lift step: lift every deployed card.",
      ja="ドローステップ：２ドローする（設定 draws-per-turn）。リフトステップ："
         "展開中のカードをすべてリフトする。"),
    C("RR-TURN-3", "Main phase: the normal action or the full-power action, not both.",
      "Casting a full-power card is offered only while no normal action was taken this main phase, and "
      "the main phase ends once it is processed.",
      ja="メインフェイズでは、ターンプレイヤーは「通常行動」か「全力行動」のどちらかを行えます。"
         "両方は行えません。",
      ja_interpretation="全力札のキャストは、そのメインフェイズにまだ通常行動をしていないときだけ選べます。"
                        "全力札の処理が終わったら、メインフェイズは終わります。"),
    C("RR-TURN-4", "Normal action: any number of casts, lifts (put 1 hand card face down, lift 1 deployed "
      "card), awakening (life ≤ 3), activations of 【覚醒中】, in any order.",
      "The lift is offered only for a card that can move (its next zone has a free place).",
      ja="「通常行動」では、キャストする、手札１枚を伏せ札にして展開中のカード１枚をリフトする、"
         "覚醒札を覚醒する（ライフが３以下の時）、覚醒札の【覚醒中】能力を起動する、の４つを好きな順番、"
         "組み合わせで行えます。",
      ja_interpretation="通常行動のリフトは、動かせるカード（次のリキャストゾーンに空きがあるもの）"
                        "についてだけ選べます。"),
    C("RR-TURN-5", "Full-power action: cast one full-power card, once; then no normal action.",
      ja="「全力行動」では、１回だけ全力札をキャストします。そのメインフェイズには「通常行動」を行えません。"),
    C("RR-TURN-6", "Refresh step: the turn player may rebuild; if they do, they lift all their deployed cards.",
      ja="リフレッシュステップ：任意で山札の再構成を行なう。このステップで再構成を行ったなら、"
         "展開中のカードすべてをリフトする。"),
    C("RR-TURN-7", "Cleanup step, after the refresh step: a hand above 2 (settings hand-limit) is put face "
      "down down to 2, the player choosing.",
      ja="クリンナップステップ（リフレッシュステップの後）：手札が２枚より多いなら、２枚になるよう伏せ札にする"
         "（設定 hand-limit）。どれを伏せるかはそのプレイヤーが選びます。"),
    # zones
    C("RR-ZONE-1", "Zones: deck, hand, cast zone, recast zone, face-down pile (hidden), reserve pile (open), "
      "two awakening slots.",
      "When a player picks cards of a hand that is not theirs (face-down op with chooser opponent), the "
      "options are hand positions (pos:1, pos:2 …), not card faces.",
      ja="置き場所は、山札、手札、キャストゾーン、リキャストゾーン、伏せ札（裏向き）、控え札（表向き）、"
         "２つの覚醒札置き場です。",
      ja_interpretation="自分のものではない手札からカードを選ぶとき（相手が選んで伏せ札にするときなど）は、"
                        "カードの中身ではなく手札の位置（pos:1、pos:2 …）で選びます。"),
    C("RR-ZONE-2", "Recast zones Ⅲ, Ⅱ, Ⅰ (near to far) hold 2 cards each (settings places-per-recast-zone); "
      "［０］ lies beyond Ⅰ and nothing is normally deployed there.",
      "［０］ has no place limit: cards only pass through it on their way to the hand.",
      ja="リキャストゾーンは手前から［Ⅲ］［Ⅱ］［Ⅰ］で、それぞれのリキャストタイムごとに２枚まで展開できます"
         "（設定 places-per-recast-zone）。［Ⅰ］の奥に［０］があり、通常、"
         "リキャストゾーン［０］は置くことができない場所です。",
      ja_interpretation="［０］には枚数の上限がありません。カードは手札に戻る途中で通るだけです。"),
    # principles
    C("RR-PRIN-1", "Card text beats the rules.",
      "Realised by the ops themselves: e.g. a 【回収時】 reserve keeps a retrieved card out of the hand.",
      ja="カードテキストはルールに優先する。",
      ja_interpretation="この原則は、個々の効果の処理の中で守られています。"
                        "たとえば【回収時】能力で控え札になったカードは手札にしません。"),
    C("RR-PRIN-2", "\"Cannot\" beats \"can\".",
      "A forbid-cast static removes the cast from every timing, even for a card that says it may be cast.",
      ja="「できない」は「できる」に優先する。",
      ja_interpretation="キャストを禁じる効果が続いている間は、どのタイミングでもキャストできません。"
                        "「キャストできる」と書かれたカードでも同じです。"),
    C("RR-PRIN-3", "One card text finishes before another starts, unless it interrupts.",
      "An ability's ops run in order, each completely (a text attack includes its preempt timing and damage). "
      "Triggered abilities wait until no ability is being processed: they resolve after the current ability, "
      "or right after a damage resolution that is not inside an ability (before the attacking card deploys).",
      ja="カードテキストの処理が終わるまで、割り込んで処理しない限り、別のカードテキストの処理を行わない。",
      ja_interpretation="能力の効果は書かれた順に、１つずつ最後まで処理します（テキストによる《攻撃》は、"
                        "その先制タイミングとダメージ解決まで含みます）。誘発した能力は、"
                        "処理中の能力がなくなるまで待ちます。今の能力の後か、"
                        "能力の外で行ったダメージ解決の直後（攻撃したカードを展開する前）に処理します。"),
    C("RR-PRIN-4", "The turn player orders the cards waiting to be processed.",
      "With two or more waiting triggers, the turn player picks which resolves next (decision 'trigger'), "
      "whoever owns them.",
      ja="処理を待つカードの処理順はターンプレイヤーが好きに決める。",
      ja_interpretation="処理を待つ誘発が２つ以上あるときは、誰のカードであっても、"
                        "ターンプレイヤーが次に処理するものを選びます（選択「trigger」）。"),
    C("RR-PRIN-5", "A waiting card starts only when declared; one that is no longer deployed then does nothing.",
      ja="処理を待つカードのカードテキストは、"
         "ターンプレイヤーが処理をすると宣言した時に初めて処理が開始される。"
         "そのとき【展開中】ではなくなっていたカードの【展開中】能力は処理されません。"),
    # cast
    C("RR-CAST-1", "Casting moves a spell from hand to the cast zone; it needs a free place in one of its recast zones.",
      ja="キャストとはスペル札を手札からキャストゾーンに置くことを言います。"
         "そのスペル札が展開できるリキャストゾーンに空きがあればキャストできます。"),
    C("RR-CAST-2", "Cast abilities resolve in printed order, the first completely before the second.",
      ja="【キャスト時】能力を２つ持つスペル札は、１つ目の【キャスト時】能力を処理した後、"
         "２つ目の【キャスト時】能力を処理します。"),
    C("RR-CAST-3", "A cast is processed as: cast abilities, attack, the opponent's preempt timing (each preempt "
      "processed from its own step 1), the opponent's damage resolution, deploy.",
      ja="キャストは、１．【キャスト時】の処理、２．《攻撃》の処理、"
         "３．相手の先制タイミング→先制したカードを１から処理、４．相手のダメージ解決、５．展開の処理、"
         "の順に処理します。かならずこの順番で処理してください。"),
    C("RR-CAST-4", "Attack cards attack after their cast abilities; action, setup and trigger cards deploy.",
      ja="【キャスト時】能力の処理の後、攻撃札の場合は《攻撃》の処理を行います。行動札・設置札・"
         "誘発札の場合は展開の処理を行います。"),
    C("RR-CAST-5", "An attack made by card text goes through the same steps.",
      "A text attack (op attack) gets a preempt timing and a damage resolution, and attack-modifier statics apply.",
      ja="カードテキストによる《攻撃》も以上の順番での処理になります。",
      ja_interpretation="テキストによる《攻撃》にも先制タイミングとダメージ解決があり、"
                        "攻撃力を変える効果もかかります。"),
    # attack
    C("RR-ATK-1", "An attack uses the printed attack power or the one the text gives.",
      "Power is fixed at step 2: printed values, the card's own 【キャスト時】 changes, then every attack-modifier "
      "static in force — the attacker's deployed cards first, then the opponent's, each from ［０］ to Ⅲ.",
      ja="《攻撃》は攻撃札の攻撃力やテキストの攻撃力を参照します。",
      ja_interpretation="攻撃力は２．《攻撃》の処理の時点で決めます。カードに書かれた値に、"
                        "そのカード自身の【キャスト時】能力による変化を加え、"
                        "さらにその時に働いている攻撃力を変える効果をすべて当てはめます。"
                        "順番は攻撃する側の展開中のカード、次に相手の展開中のカードで、"
                        "それぞれ［０］から［Ⅲ］へ向かって当てはめます。"),
    C("RR-ATK-2", "Against an attack, the attacked player may cast preempt cards, awaken a preempt awakening "
      "card, or activate its abilities.",
      "An awakening card marked 先制 lets its player awaken and also activate its 【覚醒中】 abilities in the "
      "preempt timing (the seed says so; the card schema mentions only the normal action).",
      ja="《攻撃》に対し、相手プレイヤーは先制できます。先制札をキャストしたり、"
         "覚醒札の先制を持つ【覚醒時】能力や【覚醒中】能力を起動できます。",
      ja_interpretation="「先制」と書かれた覚醒札は、相手の先制タイミングで覚醒でき、"
                        "【覚醒中】能力も起動できます（遊び方のページがそう書いています。"
                        "カードデータの書式の説明は通常行動にしか触れていません）。"),
    C("RR-ATK-3", "A preempt card goes on top of the card it answers; the pile resolves from the top.",
      "In one preempt timing the attacked player may preempt again and again until they pass; each preempt "
      "is processed completely before the next choice.",
      ja="キャストした先制札は相手のキャストしたカードの上に重ねて置きます。"
         "重ねたカードの上から順番に処理を行います。",
      ja_interpretation="１回の先制タイミングで、《攻撃》されたプレイヤーはパスするまで何度でも先制できます。"
                        "先制は１回ずつ最後まで処理してから、次を選びます。"),
    C("RR-ATK-4", "A preempt card that attacks can be preempted in turn: preempts chain.",
      ja="先制札が《攻撃》を行っているなら、それに対し先制できます。"
         "連続して先制札をキャストし合うこともあります。"),
    C("RR-ATK-5", "Normal cards only as one's normal action; preempt cards then and in the preempt timing; "
      "full-power cards only as the full-power action.",
      ja="通常札は自分のターンの「通常行動」としてキャストできます。先制札は通常札のタイミングだけでなく、"
         "「相手の先制タイミング」でキャストできます。全力札は自分のターンの「全力行動」"
         "としてキャストできます。"),
    C("RR-ATK-6", "Preempting is not part of the full-power action: the full-power player may preempt a "
      "preempt attack made against them.",
      ja="「全力行動」には「相手の先制タイミング」で先制することは含まないので、全力札の《攻撃》に対し、"
         "《攻撃》を先制された場合、全力行動をしたプレイヤーは先制することができます。"),
    # damage
    C("RR-DMG-1", "After every preempt, the attacked player resolves damage with the current values.",
      ja="先制の処理がすべて終わったなら、"
         "《攻撃》されたプレイヤーはその時点のダメージ数でダメージ解決を行います。"),
    C("RR-DMG-2", "The attacked player chooses hand or life; a ー side cannot be chosen.",
      "When life is ー and the hand is smaller than the hand damage, the whole hand is put face down.",
      ja="ダメージは、ハンドかライフのどちらかで受けなければなりません。"
         "どちらで受けるかは《攻撃》されたプレイヤーが選びます。ただし、攻撃力が「ー」である側は選べません。",
      ja_interpretation="ライフ側が「ー」で、手札がハンドへのダメージより少ないときは、"
                        "手札をすべて伏せ札にします。"),
    C("RR-DMG-3", "On hand: put that many hand cards face down (the player picks); a smaller hand must take it on life.",
      "Taking an attack on hand (even for 0) is what the triggers guarded / attack-guarded see.",
      ja="「ハンドで受ける」時は、手札をダメージの数だけ伏せ札にします"
         "（どれを伏せるかは受けるプレイヤーが選びます）。手札がダメージの数だけない時は、"
         "ライフで受けるしかありません。",
      ja_interpretation="ハンドで受けたときは（ダメージが０でも）、「ハンドで受けた時」に誘発する能力"
                        "（カードデータの guarded、attack-guarded）が発動します。"),
    C("RR-DMG-4", "On life: graze check — draw as many cards as the damage; a graze card among them is revealed "
      "and the attack does not hit at all.",
      "All the cards are drawn first (each draw may force a rebuild), then checked; every drawn card stays in "
      "the hand.",
      ja="「ライフで受ける」を宣言した時、山札からダメージの数だけドローします（グレイズチェック）。"
         "ドローしたカードが「グレイズ」を持つカードだったなら公開します。《攻撃》はHITしません。"
         "ダメージ数が２や３であろうと、１ダメージもHITしません。公開したカードは手札に加え、ダメージ解決を終えます。",
      ja_interpretation="まず全部のカードを引き（１枚引くたびに山札の再構成が起きることがあります）、"
                        "その後で確かめます。引いたカードはすべて手札に残ります。"),
    C("RR-DMG-5", "Without graze the attack hits (HIT): life goes down by the damage.",
      "A life damage of 0 draws nothing and is no HIT (life did not go down).",
      ja="グレイズしなければ《攻撃》はHITし、ダメージの数だけライフを減らします。",
      ja_interpretation="ライフへのダメージが０なら何も引かず、HITにもなりません"
                        "（ライフが減っていないからです）。"),
    C("RR-DMG-6", "With deck, face-down pile and reserve pile all empty there is no graze check; it hits.",
      ja="山札・伏せ札・控え札も無い状態の場合は、グレイズチェックを行わずにライフにダメージがHITします。"),
    # deploy
    C("RR-DEP-1", "Last, the cast card is deployed to one of its recast zones with a free place; the turn "
      "player chooses which.",
      "As the seed says (置く場所はターンプレイヤーの自由), the turn player chooses even for a preempt card the "
      "opponent cast in the turn player's turn; the card still goes to its caster's own recast zone.",
      ja="キャストしたカードの処理の最後は、カードをリキャストゾーンに置くこと（展開）です。"
         "リキャストタイムに従い、空きのあるリキャストゾーンに置きます。置く場所はターンプレイヤーの自由です。",
      ja_interpretation="遊び方のページの「置く場所はターンプレイヤーの自由です」に従い、"
                        "ターンプレイヤーのターンに相手がキャストした先制札でも、"
                        "置く場所はターンプレイヤーが選びます。"
                        "カードはキャストしたプレイヤー自身のリキャストゾーンに置かれます。"),
    C("RR-DEP-2", "Deployed cards' 【展開中】 abilities work in Ⅲ, Ⅱ, Ⅰ and ［０］.",
      ja="【展開中】能力はリキャストゾーン［Ⅲ］［Ⅱ］［Ⅰ］［０］にある間、能力を発揮し続けます。"),
    C("RR-DEP-3", "Nothing goes nearer than Ⅲ: a card pushed past Ⅲ by a recast-time increase becomes reserve.",
      ja="［Ⅲ］より手前には置けません。もしもリキャストタイムが増加し、［Ⅲ］より手前に置くことになったら、"
         "そのカードは控え札になります。"),
    C("RR-DEP-4", "A card must be deployed when it can; with no free place its player takes 1 life damage and "
      "the card becomes reserve.",
      "That damage is not an attack: no graze check, no HIT trigger.",
      ja="展開できる場所があるなら、必ず展開してください。ただし、展開できる場所がない時のみ、"
         "ライフに１ダメージを受けてそのカードを控え札にします。",
      ja_interpretation="このダメージは《攻撃》ではありません。グレイズチェックは行わず、"
                        "HITで発動する誘発も起きません。"),
    # lift
    C("RR-LIFT-1", "Lifting lowers a card's recast time by 1; cards lifted together move at once.",
      "For 'lift n' the controller picks the cards one at a time among those that can still move "
      "(places freed by already picked cards count); all picked cards then move together.",
      ja="リキャストタイムが１減ることを「リフト」と言います。複数のカードをリフトする時は、同時に処理します。",
      ja_interpretation="枚数を決めてリフトする効果では、その効果を使うプレイヤーが、"
                        "まだ動かせるカードの中から１枚ずつ選びます"
                        "（先に選んだカードが空ける場所も空きとして数えます）。"
                        "選んだカードはすべて同時に動きます。"),
    C("RR-LIFT-2", "A card cannot be lifted into a zone with no free place.",
      "In a simultaneous lift, places freed by cards moving out count as free; if more cards would enter a "
      "zone than it has places, the lifting player chooses which move (decision 'lift-conflict').",
      ja="リフトしようとする時、リキャストゾーンに空きがない時はリフトできません。",
      ja_interpretation="同時にリフトするときは、出ていくカードが空ける場所も空きとして数えます。"
                        "あるゾーンに入るカードが空きより多いときは、"
                        "リフトするプレイヤーがどれを動かすかを選びます（選択「lift-conflict」）。"),
    C("RR-LIFT-3", "A card lifted from Ⅰ goes to ［０］.",
      ja="リキャストゾーン［Ⅰ］に展開したカードがリフトした時、"
         "そのカードはリキャストゾーン［０］に置かれます。"),
    C("RR-LIFT-4", "A card in ［０］ resolves its 【回収時】, then goes to the hand unless that made it reserve.",
      ja="リキャストゾーン［０］に置いたカードは、【回収時】能力を解決し、手札にします。"
         "【回収時】能力で控え札になる場合は手札にしません。"),
    C("RR-LIFT-5", "Several retrieved cards are processed one at a time, in the order their player picks.",
      ja="複数のカードを回収する時は、１枚ずつ好きに選んで処理します（選ぶのはそのカードのプレイヤーです）。"),
    C("RR-LIFT-6", "【展開中】 abilities still work while the card is in ［０］.",
      ja="リキャストゾーン［０］にある間も【展開中】能力は発揮され続けます。"),
    # rebuild
    C("RR-REB-1", "Drawing from an empty deck forces a rebuild first.",
      ja="山札からカードを引こうとした時、山札がない時はかならず再構成を行います。"),
    C("RR-REB-2", "Rebuild: shuffle the face-down and reserve piles with the deck into a new deck; no penalty.",
      ja="山札の再構成とは、伏せ札と控え札のカードを山札と合わせてよく切って新たな山札とすることです。"
         "山札の再構成をしてもペナルティはありません。"),
    C("RR-REB-3", "A rebuild in the refresh step is followed by lifting all of that player's deployed cards.",
      "Only the refresh step lifts; a rebuild forced by a draw or made by an effect does not.",
      ja="リフレッシュステップで山札の再構成をした時は、山札の再構成の後、"
         "そのプレイヤーが展開中のカードすべてをリフトします。",
      ja_interpretation="リフトするのはリフレッシュステップの再構成の後だけです。ドローで起きた再構成や、"
                        "効果による再構成の後ではリフトしません。"),
    C("RR-REB-4", "Rebuilding needs at least one face-down or reserve card.",
      ja="山札の再構成を行えるのは、伏せ札か控え札が１枚でもある時です。"),
    C("RR-REB-5", "With deck, face-down and reserve all empty, a draw is skipped.",
      ja="山札を引こうとした時、山札も伏せ札も控え札もない時、引くことはできません（そのドローは行いません）。"),
    # awakening
    C("RR-AWK-1", "Awakening turns the far awakening card face up; only at life ≤ 3 (settings awaken-at-life), once a game.",
      ja="「覚醒」はライフ３以下の時（設定 awaken-at-life）、奥の覚醒札を裏返して表にすることを言います。"
         "覚醒札はゲーム中に１度しか覚醒しません。"),
    C("RR-AWK-2", "An awakening card marked 先制 may awaken in the opponent's preempt timing.",
      "Its 【覚醒時】 abilities then answer that attack (modify-attack target answered).",
      ja="一部の覚醒札（「先制」を持つもの）は「相手の先制タイミング」で覚醒できます。",
      ja_interpretation="そのとき【覚醒時】能力は、いま受けている相手の《攻撃》に対して働きます"
                        "（カードデータでは modify-attack の対象 answered）。"),
    C("RR-AWK-3", "【覚醒時】 abilities resolve when the card awakens.",
      ja="【覚醒時】能力は覚醒（裏返した）時に能力を発揮します。"),
    C("RR-AWK-4", "【覚醒中】 abilities may be activated after awakening, paying their cost, within their limit.",
      "Activated as a normal action in one's main phase (and in the preempt timing for a 先制 card, RR-ATK-2); "
      "once-per-turn counts per turn, whoever's turn it is.",
      ja="【覚醒中】能力は覚醒した（裏返した）後に使える能力で、コストの支払いや条件の達成で起動できます。"
         "ターン中１回制限などの条件があります。",
      ja_interpretation="自分のメインフェイズの通常行動として起動します（「先制」"
                        "を持つ覚醒札なら相手の先制タイミングでも起動できます。RR-ATK-2）。「ターン中１回」"
                        "は、誰のターンかにかかわらず、ターンごとに数えます。"),
    C("RR-AWK-5", "Only the far slot's awakening card can awaken.",
      ja="覚醒できるのは、奥の覚醒札置き場の覚醒札だけです。"),
    # end
    C("RR-WIN-1", "A player whose life reaches 0 loses at once.",
      ja="ライフが０になったプレイヤーは、その時点で負けます。"
         "本ゲームの勝利方法は相手のライフを０にすることです。"),
))
