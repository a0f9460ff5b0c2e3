"""The rules catalogue of RAISE×BLAZE, in fuda's own words, with the readings the engine takes.

Clause ids are those of the shared catalogue (seed 003). ``interpretation`` states what the
engine does where the rule page is silent or ambiguous (including the readings the card schema
chose for its op vocabulary); ``waiver`` would say why a clause has no test. The conformance
suite (tests/raise_blaze/) cites these ids.
"""

from __future__ import annotations

from fuda.engine.core.catalogue import Catalogue, Clause

C = Clause

CATALOGUE = Catalogue("raise-blaze", "seeds/003 (『RAISE×BLAZE』基本ルール)", (
    # decks and cards
    C("RB-DECK-1", "The main deck is fighters and spells, 40 to 100 cards, no card more than 3 times.",
      "Numbers from the manifest's deck-rules. Checked for every game started from decks (not for "
      "scenario positions, which may use any cards).",
      ja="メインデッキは『ファイターカード』と『スペルカード』を織り混ぜ、"
         "40〜100枚で構築します。同じカードは3枚までしか入れられません。",
      ja_interpretation="枚数はゲーム設定（manifest）の「deck-rules」から読みます。"
                        "デッキから始めるすべてのゲームで確かめます（局面を指定して始めるシナリオでは、"
                        "どんなカードでも構いません）。"),
    C("RB-DECK-2", "The core deck is 1 to 10 core fighters, all different.",
      "Checked with RB-DECK-1; the core fighters not chosen stay in the core deck for the game.",
      ja="コアデッキは『コアファイターカード』のみを1〜10枚で構築します。"
         "同じカードは複数枚入れることができません。",
      ja_interpretation="RB-DECK-1と一緒に確かめます。選ばなかったコアファイターは、"
                        "ゲームのあいだずっとコアデッキに残ります。"),
    C("RB-CARD-1", "A fighter has a name, types, power, effects and a raise value (fighters needed underneath).",
      ja="ファイターカードには、カード名、タイプ、パワー、効果、レイズ（召喚に必要なコストの数。"
         "その数だけファイターを下敷きにします）があります。"),
    C("RB-CARD-2", "A core fighter is on the core field from the start; its power is 1000 unless printed.",
      "A core fighter without a printed power takes the manifest's settings.core-power.",
      ja="コアファイターカードは、コアフィールドにバトル開始時から出されるカードです。"
         "どのコアファイターも原則としてパワーは1000です。",
      ja_interpretation="カードにパワーが書かれていないコアファイターは、"
                        "ゲーム設定の「settings.core-power」の値を使います。"),
    C("RB-CARD-3", "Spells go to the single spell zone, played openly or set face down; they are "
      "normal, continuous (持続性) or equip (装着性).",
      "A spell whose only ability is 【迎撃】 can only be set and then opened in the 【迎撃】 window.",
      ja="スペルカードは、メインフィールドに1箇所だけあるスペルゾーンへ出します。"
         "そのまま出して使ったり、伏せて罠として仕掛けたりできます。通常のスペルのほか、"
         "持続性スペルと装着性スペルがあります。",
      ja_interpretation="能力が【迎撃】だけのスペルは、伏せることしかできず、"
                        "【迎撃】のタイミングで表にして使います。"),
    C("RB-ZONE-1", "Five fighter zones; never more than five fighters.",
      "Zones have no positions in the rules: a fighter takes the lowest free zone, a raise summon the "
      "lowest zone of the fighters put underneath. Fighters underneath use no zone.",
      ja="ファイターゾーンは5箇所存在し、これを超えてファイターを出すことはできません。",
      ja_interpretation="ルールにはゾーンの位置の区別がないので、"
                        "ファイターは空いているゾーンのうち番号のいちばん小さいゾーンに出します。レイズ召喚では、"
                        "下敷きにしたファイターのいたゾーンのうち、番号のいちばん小さいゾーンに出します。"
                        "下敷きのファイターはゾーンを使いません。"),
    C("RB-ZONE-2", "One spell zone per player.",
      "The zone is a stack: a set spell may lie under a continuous spell, and a spell being played "
      "lies on top until it resolves.",
      ja="スペルゾーンはメインフィールドに1箇所だけ存在します。",
      ja_interpretation="スペルゾーンはカードを重ねて置く場所です。"
                        "伏せたスペルの上に持続性スペルが乗っていることがあり、"
                        "使用中のスペルは解決し終わるまでいちばん上にあります。"),
    # setup
    C("RB-SETUP-1", "Each player puts one core fighter of their core deck face down on the core field.",
      "A decision of each player (P1 then P2) before anything else; forced with one core fighter. Its "
      "【永続】 abilities apply from the moment it is placed: reading the position in between (a state "
      "dump, power) changes nothing.",
      ja="対戦相手と挨拶し、コアデッキからコアファイターを一枚選び、"
         "コアフィールドに伏せて出します。",
      ja_interpretation="ほかの何よりも先に、各プレイヤー（プレイヤー1、次にプレイヤー2）が選びます。"
                        "コアファイターが1枚だけならそれに決まります。その【永続】能力は置いた時点から働きます。"
                        "途中で局面を確かめても（状態の書き出しやパワーの表示）、何も変わりません。"),
    C("RB-SETUP-2", "Both main decks are shuffled into the deck zone.",
      "Shuffled with the game's one seeded generator (fuda-rng-1); the order is a logged chance outcome.",
      ja="互いのメインデッキをシャッフルし、メインフィールドのデッキゾーンに置きます。",
      ja_interpretation="ゲームのシード（乱数の種）から作る乱数（方式 fuda-rng-1。"
                        "ゲームの中の偶然はすべてこの1つの乱数で決まります）でシャッフルし、"
                        "並び順を偶然の結果として記録に残します。"),
    C("RB-SETUP-3", "Each player draws 5 cards (settings.opening-hand) as the opening hand.",
      ja="互いに自分のデッキからカードを5枚引きます。"
         "これがゲーム開始時の手札となります（枚数はゲーム設定の「settings.opening-hand」）"
         "。"),
    C("RB-SETUP-4", "The next 5 cards (settings.life-cards) go face down to the life zone.",
      ja="メインデッキの上からさらに5枚ずつカードを引き、"
         "裏向きのままコアフィールドのライフゾーンに置きます。"
         "これがコアファイターのライフとなります（枚数はゲーム設定の「settings.life-cards」）"
         "。"),
    C("RB-SETUP-5", "First and second player are decided by an agreed method.",
      "settings.first-player: random (the game's generator, logged) or player-1 / player-2.",
      ja="先攻と後攻を決めます。じゃんけんやコイントスなど、"
         "双方納得のもとでならばどのような方法でも構いません。",
      ja_interpretation="ゲーム設定の「settings.first-player」で、"
                        "random（ゲームの乱数で決め、記録に残します）か、"
                        "player-1 / player-2（そのプレイヤーが先攻）を選びます。"),
    C("RB-SETUP-6", "The core fighters are turned face up; the game starts.",
      ja="互いにコアファイターを表に向け、ゲーム開始です。"),
    # turn
    C("RB-TURN-1", "A turn: draw 1; prepare (summon, set, effects); attack; prepare again; end. Players alternate.",
      "The first player draws in their first turn too. Phases: draw, main phase 1 (`battle` or `end`), "
      "battle phase (`end` goes on), main phase 2 (`end`). Every preparation is allowed in both main "
      "phases; attacks only in the battle phase. Triggered abilities resolve as soon as their event "
      "has happened (nested inside an effect that caused it; several 【破壊時】 at once: the turn "
      "player's first); 〜できる abilities ask the controller only when they could do something. Op "
      "readings: a `chosen` target with fewer candidates than `count` takes them all (none: nothing "
      "happens); a spell-zone target is the zone's top card not counting spells still resolving "
      "(a spell never targets itself); search-deck / graveyard-to-hand take as many matches as there "
      "are up to `count` (only a 〜できる ability may be declined); a random discard uses the game's "
      "generator (logged); destroy / return-to-hand never touch a core fighter; a static "
      "`power-at-most` compares printed power; a spell may be activated even if its effect then "
      "finds nothing to act on (except an equip spell without a fighter and a spell whose condition "
      "does not hold).",
      ja="ターンの流れ：デッキからカードを1枚引きます。ファイターを召喚したり、"
         "スペルカードを伏せる、カード効果を使うなどして戦闘の準備をします。"
         "ファイターやコアファイターを使い、相手のファイターやコアファイターを攻撃します。"
         "また準備をして相手のターンに備え、ターンの終了を宣言します。相手も同様に行い、"
         "交互にこれを繰り返します。",
      ja_interpretation="先攻も最初のターンにカードを引きます。フェイズは、ドロー、"
                        "メインフェイズ1（「battle」か「end」を選ぶ）、"
                        "バトルフェイズ（「end」で次へ）、メインフェイズ2（「end」）の順です。"
                        "準備はどちらのメインフェイズでもでき、攻撃はバトルフェイズだけです。誘発する能力は、"
                        "その出来事が起きたらすぐに解決します（それを起こした効果の途中でも解決し、"
                        "【破壊時】がいくつも同時に起きたら、ターンプレイヤーの分から解決します）。"
                        "「〜できる」能力は、何かができるときだけ、"
                        "コントロールするプレイヤーに使うかどうかを尋ねます。"
                        "効果の読み方：選んで対象を取る効果で、"
                        "候補が指定の数より少なければ全部を取ります（候補がなければ何も起きません）。"
                        "スペルゾーンを対象にするときは、"
                        "まだ解決中のスペルを除いたいちばん上のカードが対象です（スペルが自分自身を対象にすることはありません）"
                        "。デッキから探す効果や墓地から手札に加える効果は、当てはまるカードを指定の数まで、"
                        "あるだけ取ります（断れるのは「〜できる」能力だけです）。"
                        "ランダムに捨てる効果はゲームの乱数を使い、記録に残します。"
                        "破壊する効果や手札に戻す効果は、コアファイターには効きません。"
                        "「パワー○○以下」という永続の条件は、カードに書かれたパワー（効果で増減する前の値）で比べます。スペルは、"
                        "その効果が何もできなくても発動できます（ただし、"
                        "装着するファイターがいない装着性スペルと、条件を満たしていないスペルは発動できません）。"),
    C("RB-LIFE-1", "A destroyed life card goes to its owner's hand or onto the core as a permanent "
      "power-up: +1000 for the first, +500 for each later one.",
      "The owner chooses for each card as it is destroyed. The last life card ends the game at once "
      "(RB-LOSE-1) and goes to the graveyard.",
      ja="ライフカードが破壊された場合、それを自身の手札に加えるか、"
         "コアファイターを永続でパワーアップさせるカードとして上乗せするか選択できます。"
         "上乗せの場合、最初のカードは1000、2枚目からは500のパワーアップが行えます。",
      ja_interpretation="ライフカードが破壊されるたびに、その1枚ごとに、ライフを失ったプレイヤーが選びます。"
                        "最後のライフカードが破壊されるとその時点でゲームが終わり（RB-LOSE-1）、"
                        "そのカードは墓地に送られます。"),
    # battle
    C("RB-BAT-1", "In their turn, fighters and the core fighter may attack opposing fighters or the "
      "opposing core fighter, each at most once a turn.",
      "Fighters may attack in the turn they were summoned, and on either player's first turn. An "
      "attack that is negated or whose attacker or target left the field still used the attack. "
      "Order of an attack: declaration → 【迎撃】 window (the defender may open the face-down top "
      "spell of their zone) → block (attacks on the core) → 【攻撃時】 → power comparison.",
      ja="ファイターカードとコアファイターカードは、自身のターン中、"
         "相手のファイターカードやコアファイターカードに攻撃することができます。どのファイターも、"
         "1ターン中に攻撃できる回数は基本的に1回のみです。",
      ja_interpretation="ファイターは召喚したターンにも、どちらのプレイヤーの最初のターンにも攻撃できます。"
                        "無効にされた攻撃や、攻撃したカードや攻撃対象がフィールドを離れた攻撃も、"
                        "1回の攻撃として数えます。攻撃の順序：攻撃宣言 → 【迎撃】のタイミング（防御側は、"
                        "自分のスペルゾーンのいちばん上にある伏せたスペルを表にできます）"
                        " → 守る（コアファイターへの攻撃のとき） → 【攻撃時】 → パワーの比較。"),
    C("RB-BAT-2", "A higher-powered attacker destroys the defending fighter (to the graveyard).",
      ja="攻撃したファイターのパワーが相手のファイターより高い場合、相手のファイターは破壊され、"
         "墓地に送られます。"),
    C("RB-BAT-3", "A lower-powered attacker is destroyed (to the graveyard).",
      ja="攻撃したファイターのパワーが相手のファイターより低い場合、攻撃したファイターが破壊され、"
         "墓地に送られます。"),
    C("RB-BAT-4", "Equal power destroys both.",
      ja="攻撃したファイターのパワーが相手のファイターと同じだった場合、"
         "双方のファイターが共に破壊され、墓地に送られます。"),
    C("RB-BAT-5", "A core fighter is never destroyed; it loses one life card instead.",
      "Also when the core fighter is the attacker and loses, or both cores tie (each loses one).",
      ja="コアファイターの場合、破壊されるのはコアファイター自身ではなくライフカードとなります。",
      ja_interpretation="コアファイターが攻撃して負けたときも同じです。コアファイター同士でパワーが同じなら、"
                        "双方がライフカードを1枚ずつ失います。"),
    C("RB-BAT-6", "An attack on the core fighter with power equal or higher destroys one life card.",
      "Lower: the attacker is destroyed; equal: one life card and the attacker.",
      ja="コアファイターを相手以上のパワーで攻撃できれば、相手のライフを1枚減らせます。",
      ja_interpretation="パワーが低ければ、攻撃したファイターが破壊されます。同じなら、"
                        "ライフカード1枚と攻撃したファイターの両方が破壊されます。"),
    C("RB-BAT-7", "A defender's fighter may block an attack on the core fighter, or the defender lets it through.",
      "Any one fighter of the defender may block (no limit per turn); the blocker becomes the attack "
      "target and the battle is fighter against fighter.",
      ja="コアファイターへの攻撃は、ファイターが守ることができます。ファイターを残すために、"
         "敢えてファイターで守らずにコアファイターへ攻撃を素通りさせる選択もあります。",
      ja_interpretation="防御側のファイターならどれでも1体が守れます（1ターンに守れる回数に制限はありません）。"
                        "守ったファイターが攻撃対象になり、ファイター同士のバトルになります。"),
    C("RB-BAT-8", "A core fighter never blocks an attack on a fighter.",
      "An attack on a fighter has no block step at all.",
      ja="ファイターへの攻撃をコアファイターが庇うことはできません。",
      ja_interpretation="ファイターへの攻撃には、守る段階そのものがありません。"),
    # summons
    C("RB-SUM-1", "Normal summon: a raise-0 fighter goes from the hand to the field.",
      "Needs a free fighter zone.",
      ja="通常召喚：レイズ0のファイターは、そのまま手札から召喚することができます。",
      ja_interpretation="空いているファイターゾーンが必要です。"),
    C("RB-SUM-2", "Raise summon: put as many own fighters underneath as the raise value, summon on top.",
      "The player picks exactly `raise` of their own fighters; the new fighter takes the lowest of "
      "their zones. Fighter cards already underneath them stay in the new pile; equip spells on them "
      "go to the graveyard (their fighter is no longer a fighter).",
      ja="レイズ召喚：ステータス上で表記されている数だけ、"
         "メインフィールドのファイターを下敷きにして召喚します。",
      ja_interpretation="プレイヤーは自分のファイターをちょうどレイズの数だけ選びます。新しいファイターは、"
                        "それらのいたゾーンのうち番号のいちばん小さいゾーンに出ます。"
                        "下敷きにしたファイターの下にすでにあったファイターカードは、新しい束にそのまま残ります。"
                        "それらに装着していた装着性スペルは墓地に送られます（装着先がもうファイターではないためです）"
                        "。"),
    C("RB-SUM-3", "One summon per turn that is a normal or a raise summon.",
      ja="通常召喚とレイズ召喚、どちらか一方のみを1ターンに1度だけ行えます。"),
    C("RB-SUM-4", "Effect summons and effect raise summons are unlimited.",
      "effect-summon: a card chosen from hand / graveyard / deck matching the filter (deck shuffled "
      "after); nothing happens without a match or room; 【召喚時】 triggers.",
      ja="エフェクト召喚（カードの効果による召喚）"
         "とエフェクトレイズ召喚（エフェクト召喚でも下敷きを求められる場合）には、"
         "回数制限は特にありません。",
      ja_interpretation="エフェクト召喚では、手札・墓地・デッキのうち効果の指定する場所から、"
                        "条件に合うカードを選んで召喚します（デッキからなら、そのあとデッキをシャッフルします）。"
                        "合うカードや空いているゾーンがなければ何も起きません。【召喚時】の能力は誘発します。"),
    C("RB-SUM-5", "A fighter underneath is not a fighter: no stats, no effects except 【下敷き中】; when "
      "the fighter on top leaves the field, the pile goes to the graveyard.",
      "One-shot power changes on a fighter end when it goes underneath. A card underneath is the "
      "`host`'s (【下敷き中】 / 【装着中】 target the fighter on top).",
      ja="下敷きにされたファイターはファイターとしては扱われず、"
         "下敷きになっている時に発動する条件を持たない効果や一切のステータスを失います。"
         "上乗せされているファイターがフィールドから離れた時、墓地に送られます。",
      ja_interpretation="ファイターにかかっていた一時的なパワーの増減は、下敷きになった時点で終わります。"
                        "下敷きのカードは、"
                        "その上にいるファイターのものとして扱います（【下敷き中】や【装着中】の効果は、"
                        "上にいるファイターに働きます）。"),
    # spells
    C("RB-SPL-1", "Unless a card says otherwise, a spell can be activated any time in one's own turn, "
      "and in the opponent's turn only if set face down.",
      "「自分のターン中であればいつでも」: in both main phases spells are played from the hand or the "
      "face-down top spell is opened; in the battle phase the same spells and openings, and 【起動】 "
      "abilities, are offered beside the attacks, and again inside each attack before the power "
      "comparison (after the block and 【攻撃時】: decision `window`). Setting a spell and summoning "
      "stay main-phase preparation (RB-TURN-1). 【起動】 abilities are used only in their controller's own "
      "turn (the page gives 「いつでも」 to spells only). 「相手ターン中でも伏せていればいつでも」: the "
      "non-turn player may open the face-down top spell of their zone (decision `respond`) at every "
      "phase change of the opponent's turn (draw → main 1, main 1 → battle or end, battle → main 2, "
      "main 2 → end), after each action of the turn player (summon, set, spell, 【起動】, attack), and "
      "inside an attack before the comparison (after the attacker passes or acts; when the defender "
      "opens one the attacker may answer again). A respond window is not offered a second time when "
      "nothing has happened since its player last passed (the same position). At the declaration of "
      "an attack the window is the 【迎撃】 one (decision `intercept`): a 【迎撃】 spell whose condition "
      "holds, or a spell with 【発動】, may be opened; 【迎撃】 is only ever usable there. No chains: "
      "nobody answers a spell while it resolves. Every window action uses up a card or a "
      "once-per-turn ability, so every playout ends.",
      ja="スペルカードは、特定の条件を指定されていない場合、自分のターン中であればいつでも、"
         "相手ターン中でも伏せていればいつでも発動できます。",
      ja_interpretation="「自分のターン中であればいつでも」：どちらのメインフェイズでも、"
                        "手札からスペルを使うことも、いちばん上の伏せたスペルを表にして発動することもできます。"
                        "バトルフェイズでも、攻撃と並んで同じようにスペルと【起動】能力が使え、"
                        "さらにそれぞれの攻撃の中でも、パワーを比べる前（守る段階と【攻撃時】のあと。"
                        "判断「window」）に使えます。スペルを伏せることと召喚は、"
                        "メインフェイズの準備のままです（RB-TURN-1）。【起動】能力は、"
                        "コントロールするプレイヤー自身のターンにだけ使えます（ページが「いつでも」と書いているのはスペルだけだからです）"
                        "。「相手ターン中でも伏せていればいつでも」：ターンプレイヤーでないプレイヤーは、"
                        "自分のスペルゾーンのいちばん上にある伏せたスペルを表にして発動できます（判断「respond」）"
                        "。その機会は、相手のターンのフェイズが変わるたび（ドロー→メイン1、"
                        "メイン1→バトルまたは終了、バトル→メイン2、メイン2→終了）、"
                        "ターンプレイヤーの行動（召喚、伏せる、スペル、【起動】、攻撃）のたびのあと、"
                        "そして攻撃の中でパワーを比べる前（攻撃側がパスするか行動したあと。"
                        "防御側がスペルを表にしたら、攻撃側はもう一度応じられます）にあります。"
                        "前にパスしてから何も起きていない（同じ局面の）ときは、同じ機会を二度は出しません。"
                        "攻撃宣言のときの機会は【迎撃】のタイミングです（判断「intercept」）。"
                        "条件を満たす【迎撃】スペルか、【発動】を持つスペルを表にできます。"
                        "【迎撃】を使えるのはこのときだけです。チェーンはありません。スペルの解決中に、"
                        "それに応じることはだれにもできません。"
                        "これらの機会に行う行動はどれもカードか1ターンに1回の能力を使い切るので、"
                        "対戦は必ず終わります。"),
    C("RB-SPL-2", "A spell can be played on top of a set spell; the set one cannot be used until the "
      "one on top has left.",
      "A spell is set only into an empty spell zone (one set spell at a time).",
      ja="伏せたスペルカードに上乗せして、別のスペルカードを使用することもできます。この場合、"
         "上乗せしたスペルカードがスペルゾーンからなくなるまで、"
         "伏せたスペルカードを使用することはできません。",
      ja_interpretation="スペルを伏せられるのは、スペルゾーンが空のときだけです（伏せたスペルは一度に1枚）。"),
    C("RB-SPL-3", "A continuous spell stays and keeps working; nothing is set on it; a non-continuous "
      "spell may be played on it and covers it (no effect) while there.",
      "Its 【持続】 works only while it is the face-up top card; a normal or equip spell played on it "
      "covers it only while resolving.",
      ja="持続性スペルは、スペルゾーンに置いて発動した後も、そのままスペルゾーンに残り続け、"
         "効果も持続します。その上から新たにスペルカードを伏せることはできず、"
         "持続性スペル以外のスペルカードのみ上乗せして使用できます。"
         "新たなスペルカードの下敷きとなっている間、"
         "その持続性スペルは効果を失っている扱いとなります。",
      ja_interpretation="【持続】が働くのは、表向きでいちばん上にあるあいだだけです。"
                        "通常のスペルや装着性スペルを上乗せしたときは、"
                        "それが解決しているあいだだけ持続性スペルが覆われます。"),
    C("RB-SPL-4", "An equip spell names a fighter and goes underneath it, working while there; any "
      "number per fighter; to the graveyard when that fighter leaves the field.",
      "The fighter is chosen per equip-to before any 【発動】 resolves; an equip spell needs a legal "
      "fighter to be activated; if the fighter has left by then the spell goes to the graveyard.",
      ja="装着性スペルは、特定のファイターを指定して発動後、"
         "そのファイターの下敷きとなって効果を持続させます。"
         "装着性スペルは何枚下敷きにしても効果は持続します。"
         "上乗せされているファイターがフィールドから離れた時、墓地に送られます。",
      ja_interpretation="装着するファイターは、【発動】の効果が解決する前に選びます。"
                        "装着できるファイターがいなければ、装着性スペルは発動できません。"
                        "解決するときにそのファイターがフィールドを離れていたら、スペルは墓地に送られます。"),
    # losing
    C("RB-LOSE-1", "A player loses when all their life cards are destroyed.",
      "If both lose their last life card in the same battle (core against core, equal power) the game "
      "is a draw.",
      ja="ライフカードを全て破壊された場合、そのプレイヤーは敗北となります。",
      ja_interpretation="同じバトルで双方が最後のライフカードを失ったとき（コアファイター同士でパワーが同じとき）"
                        "は引き分けです。"),
    C("RB-LOSE-2", "A player loses when they cannot draw from their deck.",
      "Drawing from an empty deck — in the draw step or by an effect — loses at once; milling or "
      "searching an empty deck does not.",
      ja="自身のデッキからカードを引けなくなった場合、そのプレイヤーは敗北となります。",
      ja_interpretation="空のデッキから引こうとすると（ドローでも効果でも）、その時点で負けです。"
                        "空のデッキからカードを墓地に送る効果や、空のデッキを探す効果では負けません。"),
    C("RB-LOSE-3", "A player loses after 120 seconds in their own turn without playing a card, the "
      "opponent's card effects not counted.",
      "An optional host Clock (off in simulations): time counts only while the pending decision is the "
      "turn player's and no effect of the opponent is resolving; summoning, setting, activating a "
      "spell or an ability and declaring an attack are playing a card. Checked when an answer arrives "
      "or when the host calls check_clock(); recorded so replays reproduce it.",
      ja="相手のカード効果処理を除いて120秒以上自身のターン中にカードをプレイしなかった場合、"
         "そのプレイヤーは敗北となります。",
      ja_interpretation="対戦を進めるアプリ（ホスト）"
                        "が使える任意の時計で計ります（シミュレーションでは使いません）。時間を数えるのは、"
                        "答えを待っている判断がターンプレイヤーのもので、"
                        "相手の効果を処理していないあいだだけです。召喚、スペルを伏せる、スペルや能力の発動、"
                        "攻撃宣言は、カードをプレイしたことになります。答えが届いたときか、"
                        "ホストが時計を確かめたときに判定し、記録に残すので、リプレイでも同じ結果になります。"),
    C("RB-LOSE-4", "A player loses when they cannot end their turn within 300 seconds, the opponent's "
      "card effects not counted.", "Counted by the same host Clock as RB-LOSE-3.",
      ja="相手のカード効果処理を除いて300秒以内に自身のターンを終了できなかった場合、"
         "そのプレイヤーは敗北となります。",
      ja_interpretation="RB-LOSE-3と同じホストの時計で計ります。"),
    C("RB-LOSE-5", "Fouls may lose the game on the spot (usually a warning).",
      "Outside what an engine decides: the host may call concede(player) at any time (or offer a "
      "`concede` option in the turn player's decisions); it is recorded so replays reproduce it.",
      ja="反則行為を行った場合、"
         "その場で敗北となる可能性があります（実際の試合においては口頭注意に留まる場合が多いです）"
         "。",
      ja_interpretation="エンジンが判断することではありません。"
                        "ホストはいつでもプレイヤーを投了させられます（ターンプレイヤーの選択肢に投了（「concede」）"
                        "を出すこともできます）。記録に残すので、リプレイでも同じ結果になります。"),
))
