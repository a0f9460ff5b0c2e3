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
      "count of matching cards, all there are when fewer, and ask only which."),
    C("TT-TERM-2", "Tapping turns a card sideways (it has acted); untapping turns it upright (it can act).",
      "Characters and assisters tap (cost タップ, attacking, making 霊力); tapping a tapped card changes nothing."),
    C("TT-TERM-3", "The controller decides what a card does; the owner is whose card it is; taking control "
      "never changes the owner.",
      "No sample card takes control, so control changes only in one way: an equip played on an opponent's "
      "character (厄) stays under its player's control. A card leaving the field always goes to its "
      "owner's trash or hand."),
    # cost
    C("TT-COST-1", "霊力 pays costs: trashing 1 hand card or tapping 1 character makes 1 霊力.",
      "When a cost exceeds the 霊力 already made, the player picks that many sources at once (decision "
      "'pay': hand:<card> or tap:<character>). Unspent 霊力 is lost at the end of each phase. Since every "
      "payment makes the 霊力 it lacks, making 霊力 ahead is pointless except before a card whose effect counts "
      "the hand (天狗の新聞): the separate action (option 'reiryoku', one source at a time) is offered only while "
      "such a card is playable and the pool is below its cost."),
    C("TT-COST-2", "Making 霊力 can be done whenever a quick can, and no spell-countering effect can counter it.",
      "Making 霊力 never uses the stack and the player keeps priority. (An ability whose effect makes 霊力, "
      "such as 賽銭箱's 【起動】, is an activated ability like any other.)"),
    C("TT-COST-3", "Every card has a 霊力 cost paid to play it.",
      "The seed prints no costs; the cards' `cost` field holds them. A Hard played in the level-up step pays "
      "nothing (TT-BAT-10)."),
    # card kinds
    C("TT-CARD-1", "'Card' covers characters, spells and worlds: 'destroy 1 target card' may destroy a "
      "character, assister, equip or world on the field.",
      "Quicks waiting in an assister zone are not on the field and cannot be chosen."),
    C("TT-CHAR-1", "A character is normally played in its player's main phase; it attacks and defends.",
      "Characters, assisters, equips and worlds are played only by the turn player in the main phase "
      "while the stack is empty."),
    C("TT-CHAR-2", "A Hard can be played only on its owner's matching Normal on the field, and is put on top of it.",
      "The Hard takes over the Normal's place, tap state, damage, equip, attack made this turn and "
      "until-end-of-turn effects; the pair is one character."),
    C("TT-CHAR-3", "A character can be tapped to make 1 霊力."),
    C("TT-CHAR-4", "A character has attack and defense; when the damage dealt to it exceeds its defense it is "
      "destroyed and trashed.",
      "Checked after each resolution, and at the end of the damage step for combat damage."),
    C("TT-CHAR-5", "At most 3 characters on a player's field; no limit on how many are played.",
      "A Hard put on its Normal does not add a character."),
    C("TT-CHAR-6", "No summoning sickness: a card can attack, defend and use its abilities as soon as it is on the field."),
    C("TT-CHAR-7", "Playing a character is not a spell: counterspells cannot counter it.",
      "A character enters the field at once, without the stack (so does a world, which is not a spell either)."),
    C("TT-CHAR-8", "Returning a character to the hand returns both its Normal and its Hard.",
      "Its equip goes to its owner's trash."),
    C("TT-CHAR-9", "Characters have one or more types: 人間, 幽霊, 妖怪, 妖精, 魔法使い, 巫女, 神, 物質 (extensible).",
      "The list comes from the manifest's `types`."),
    C("TT-SPELL-1", "Spells are quicks, assisters and equips."),
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
      "assister zone; a countered one goes to the trash."),
    C("TT-SPELL-3", "An assister is normally played in its player's main phase; it stays in the assister zone "
      "with activated, triggered or static abilities.",
      "It is a spell: it uses the stack and can be countered."),
    C("TT-SPELL-4", "An equip is normally played in its player's main phase onto a character on the field, one "
      "equip per character, and is trashed together with that character.",
      "Choosing the character is targeting (not a 【バリア】 character, one without an equip; 【スペルディフェンサー】 "
      "may redirect); if it is no longer legal on resolution the equip goes to the trash."),
    C("TT-SPELL-5", "Equips may be played any number of times; quicks and assisters together at most 3 per own turn.",
      "Counted per turn and per player, in either player's turn (see TT-SPELL-6); a countered quick or "
      "assister was played and counts."),
    C("TT-SPELL-6", "Assisters out reduce that number (2 out leave room for 1 more, 3 for none).",
      "In every turn — one's own and the opponent's — a player may play a quick or an assister while "
      "(quicks and assisters they played this turn, countered ones included) + (their assisters in the "
      "zone placed before this turn) < 3. Why the opponent's turn too: the page counts 3 for one's own "
      "turn, then says that a player who makes their assisters 3 「次のターンではまったくクイックをプレイ"
      "できなくなる」. Assisters are played only in one's own main phase, so the turn right after is the "
      "opponent's; the sentence only has force if the count applies there, and the page's conclusion "
      "(assisters make one 「スペルの打ち合いに弱くなってしまう」) is about answering quicks, which happens "
      "in the opponent's turn. The reading that left the opponent's turn unlimited (engine 1.0) made 3 "
      "assisters cost nothing there."),
    C("TT-SPELL-7", "Assisters carry 【トラッシュN】 so that their controller can trash them."),
    C("TT-WORLD-1", "A world is a static effect on both players (place, weather, mood), controlled by whoever played it."),
    C("TT-WORLD-2", "Only one world on the whole field; a new world trashes the previous one; a world sits in the world zone."),
    C("TT-WORLD-3", "Any player may pay a world's 【トラッシュ】 at any time to trash it.",
      "'Any time' is whenever the player has priority (every window)."),
    # setup
    C("TT-SETUP-1", "Decks have 30 or more cards, both the same number: a deck's size is its player's life.",
      "Checked for games set up from decks (manifest deck-rules); scenario positions may use any decks."),
    C("TT-SETUP-2", "Players swap decks, shuffle the opponent's deck, and hand it back.",
      "Modelled as one shuffle of each deck with the game's seeded generator, logged as a chance event."),
    C("TT-SETUP-3", "Each player draws 7; a player may shuffle the hand back and draw again, one card fewer each "
      "time, as often as they like.",
      "The first player decides first (decision 'mulligan': keep / mulligan); a redraw must leave at least 1 "
      "card (manifest mulligan-reduction)."),
    C("TT-SETUP-4", "Rock-paper-scissors or a die decides the first player, who cannot attack with characters in "
      "the first turn but may make 霊力 and use spells and abilities.",
      "The first player comes from the seeded generator (manifest first-player: random)."),
    # phases
    C("TT-DRAW-1", "Draw phase: the player may draw until the hand holds 7, any number from 0 up to that.",
      "Decision 'draw' (draw:0 … draw:k), k also limited by the deck: drawing the last card loses (TT-WIN-1)."),
    C("TT-STBY-1", "Standby phase: untap all the turn player's tapped cards, then both players may play quicks "
      "and activated abilities.",
      "Untapping covers characters and assisters; 'at the start of the standby phase' triggers fire after it."),
    C("TT-MAIN-1", "Main phase: the turn player may play every kind of card and activated abilities; the "
      "opponent only quicks and activated abilities."),
    C("TT-BAT-1", "Attack step: the turn player chooses which characters attack which opposing character; "
      "several attackers on one character are declared together.",
      "Decision 'attack' (target:<character>, target:player, end), then 'attackers' (one or more, in order). "
      "An attacker must be untapped and must not have attacked this turn."),
    C("TT-BAT-2", "A tapped character's attack is 0 whatever the effects; its defense stays and can be raised; it "
      "cannot use its activated abilities; its static and triggered effects and its equip still work."),
    C("TT-BAT-3", "With no opposing character, or only tapped ones, the attack may go to the player directly; a "
      "tapped character may also be attacked."),
    C("TT-BAT-4", "Damage to a player: draw that many cards, then trash that many from the hand.",
      "The damaged player chooses what to trash (decision 'hand-trash'); each attacker's combat damage is "
      "dealt separately, in attack order."),
    C("TT-BAT-5", "Spell step: once the targets are fixed, both players may play quicks and activated abilities."),
    C("TT-BAT-6", "Damage step: each side takes the other's attack as damage; a character whose damage exceeds "
      "its defense is destroyed; surviving attackers and defender are tapped.",
      "The stats at the start of the damage step are used for all combat damage, which is simultaneous."),
    C("TT-BAT-7", "Damage on a character wears off once the attack damage and any quick or ability damage of that "
      "attack are over, so a tough character must be attacked by several attackers at once.",
      "On the characters in a fight (its attackers and its target), damage stays from the declaration "
      "through the after-damage window, quick and ability damage included. On every other character — "
      "outside fights, and during a fight on those not in it — damage wears off after each resolving "
      "effect (「そのキャラクターへの…ダメージが終了した時点で全回復する」)."),
    C("TT-BAT-8", "The attacker orders its attackers; if the defender was untapped, the first attacker takes the "
      "counter damage.",
      "Counter damage equals the defender's attack (0 when tapped, TT-BAT-2) and goes to the first attacker "
      "still in the fight. The attacker whose damage, in order, first makes the defender's damage exceed its "
      "defense is the one that destroyed it."),
    C("TT-BAT-9", "A fight runs: attackers declared, effect window, combat damage, effect window; defense changes "
      "matter only before combat damage.",
      "The second window (after-damage) still sees the combat damage, so quick damage there adds to it."),
    C("TT-BAT-10", "Level-up step: a Normal that destroyed an opposing character (also by counter damage while "
      "defending) may become its Hard from the hand without paying 霊力; it stays tapped.",
      "Both players, turn player first; a destruction by 【クリティカル】 counts. Decision 'level-up'."),
    C("TT-BAT-11", "While characters that can still attack remain, the turn player may return to the attack step."),
    C("TT-END-1", "End phase: both players may play quicks and activated abilities; when neither plays more, the "
      "quicks in the assister zones are trashed.",
      "'At the start of the end phase' triggers fire first. Until-end-of-turn effects end after the discard phase."),
    C("TT-DISC-1", "Discard phase, the turn player's opponent's only: trash down to 7 cards and optionally any "
      "unwanted cards, to draw back up in the coming turn.",
      "Decision 'discard' (min: the excess over 7, max: the whole hand)."),
    C("TT-WIN-1", "Turns alternate; a player whose deck reaches 0 cards loses.",
      "Checked the moment a deck becomes empty (draw phase, effects, damage, search). Not a rule: the engine "
      "declares a draw after 200 turns so that no playout runs forever."),
    # keywords
    C("TT-KW-1", "【ディフェンサー】: when another of its player's characters is chosen as an attack target, the "
      "attack may be moved to it; it then takes every attacker of that attack.",
      "It must be untapped; decision 'defender' for the defending player; impossible when any attacker has "
      "【ペネトレイト】."),
    C("TT-KW-2", "【スペルディフェンサー】: when one of its player's characters is chosen as the target of a spell "
      "or activated ability, the target may be moved to it.",
      "Offered against the opponent's spells and activated abilities (including an equip's attachment), not "
      "triggered abilities, and only when the spell defender is itself a legal target."),
    C("TT-KW-3", "【トリックスター】: need not tap after attacking.",
      "The engine never taps it after an attack (tapping is never useful); it still attacks once per turn."),
    C("TT-KW-4", "【ファストアタック】: in the damage step, if its attack exceeds the opposing character's defense, "
      "it takes no damage.",
      "An attacker compares with the defender; a defender compares with the first attacker. It then takes no "
      "combat damage in that damage step."),
    C("TT-KW-5", "【クリティカル（type）】: a character of that type it deals damage to is destroyed at the end of "
      "the damage step.",
      "Damage outside combat (its abilities) destroys when that effect is over. The critical card counts as "
      "having destroyed it."),
    C("TT-KW-6", "【ストライカー】: when its attack exceeds the opposing defense, the excess goes to that player; "
      "also when defending; a striker whose blocker is gone deals all its damage to the player.",
      "Each attacking striker compares with the defender's defense; a defending striker with the first "
      "attacker's."),
    C("TT-KW-7", "【トラッシュ（N）】: pay N 霊力 to trash this card.",
      "An immediate action at quick timing (not on the stack, not a destruction); only the controller, except "
      "for worlds (TT-WORLD-3)."),
    C("TT-KW-8", "【バリア】: cannot be the target of spells or card effects; effects that do not target still apply.",
      "Not even its own player's effects can choose it, nor can an equip be attached to it."),
    C("TT-KW-9", "【レジスト（N）】: damage dealt to it may be reduced by N.",
      "Always applied, to every damage event separately (declining is never useful with the sample cards); "
      "several resists add up."),
    C("TT-KW-10", "【ペネトレイト】: cancels 【ストライカー】 and 【ディフェンサー】.",
      "An opposing defender cannot take over its attack, and an opposing striker deals no excess in a fight "
      "with it."),
    C("TT-KW-11", "【プロテクション（type）】: takes no damage from characters of that type and cannot be targeted "
      "by their activated abilities.",
      "Damage from such a character's combat and its abilities is prevented; spells have no type."),
))
