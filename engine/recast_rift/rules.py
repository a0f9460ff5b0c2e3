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
    C("RR-CARD-1", "Cards are awakening cards (the fighter, marked 覚醒) or spells."),
    C("RR-CARD-2", "An awakening card is a fighter named after a music title; its back is its player's life.",
      "Life is a number per player; the awakening cards stay in their slots for the whole game."),
    C("RR-CARD-3", "Spells are cast, deployed, retrieved and cast again, any number of times."),
    C("RR-CARD-4", "A spell's recast time lists the recast zones (Ⅲ, Ⅱ, Ⅰ) it may be deployed to."),
    C("RR-CARD-5", "A spell is a normal, preempt or full-power card; that decides when it can be cast."),
    C("RR-CARD-6", "Spell types: attack, action (cast abilities only, label omitted), setup, trigger.",
      "Only an attack card attacks after its cast abilities; the other three go straight to deploy."),
    C("RR-CARD-7", "Attack power is hand damage / life damage; ー forbids that side; values never go below 0.",
      "Every change is clamped at 0 when it is applied (so −2 then +1 on a 1 gives 1); ー stays ー."),
    C("RR-CARD-8", "A spell with graze makes an attack miss when it is drawn in a graze check."),
    C("RR-CARD-9", "Ability labels: 【キャスト時】, 【展開中】, 【回収時】 on spells; 【覚醒時】, 【覚醒中】 on awakening cards."),
    # deck
    C("RR-DECK-1", "Each player picks two fighters, any two, and shows them."),
    C("RR-DECK-2", "A fighter owns one awakening card and seven spells.",
      "Checked by the loader (deck-rules of game.yaml); the engine takes decks as given."),
    C("RR-DECK-3", "A deck is one awakening card and nine spells of the two fighters.",
      "Checked by the loader; scenario setups may list any spells."),
    C("RR-DECK-4", "The chosen awakening card lies face down in the far slot (it can awaken); the other "
      "fighter's lies in the near slot (it never awakens)."),
    C("RR-DECK-5", "The nine spells are shuffled into the starting deck.",
      "Shuffled with the game's one seeded generator (fuda-rng-1); the order is logged as a chance event."),
    C("RR-DECK-6", "Which awakening card was chosen is secret until it awakens.",
      "Decisions offered to the opponent never name the far card; the log (an omniscient record) does."),
    C("RR-LIFE-1", "Life is kept on the awakening cards' backs.",
      "Starting life (6), starting hand (0) and the first player (random, by the game's seed) are the "
      "manifest settings starting-life, starting-hand and first-player."),
    # turn
    C("RR-TURN-1", "Turns alternate; each has Draw & Lift, Main, Refresh & Cleanup, in that order.",
      "Not a rule: the engine declares a draw after 200 turns so that no playout runs forever."),
    C("RR-TURN-2", "Draw step: draw 2 (settings draws-per-turn). Lift step: lift every deployed card."),
    C("RR-TURN-3", "Main phase: the normal action or the full-power action, not both.",
      "Casting a full-power card is offered only while no normal action was taken this main phase, and "
      "the main phase ends once it is processed."),
    C("RR-TURN-4", "Normal action: any number of casts, lifts (put 1 hand card face down, lift 1 deployed "
      "card), awakening (life ≤ 3), activations of 【覚醒中】, in any order.",
      "The lift is offered only for a card that can move (its next zone has a free place)."),
    C("RR-TURN-5", "Full-power action: cast one full-power card, once; then no normal action."),
    C("RR-TURN-6", "Refresh step: the turn player may rebuild; if they do, they lift all their deployed cards."),
    C("RR-TURN-7", "Cleanup step, after the refresh step: a hand above 2 (settings hand-limit) is put face "
      "down down to 2, the player choosing."),
    # zones
    C("RR-ZONE-1", "Zones: deck, hand, cast zone, recast zone, face-down pile (hidden), reserve pile (open), "
      "two awakening slots.",
      "When a player picks cards of a hand that is not theirs (face-down op with chooser opponent), the "
      "options are hand positions (pos:1, pos:2 …), not card faces."),
    C("RR-ZONE-2", "Recast zones Ⅲ, Ⅱ, Ⅰ (near to far) hold 2 cards each (settings places-per-recast-zone); "
      "［０］ lies beyond Ⅰ and nothing is normally deployed there.",
      "［０］ has no place limit: cards only pass through it on their way to the hand."),
    # principles
    C("RR-PRIN-1", "Card text beats the rules.",
      "Realised by the ops themselves: e.g. a 【回収時】 reserve keeps a retrieved card out of the hand."),
    C("RR-PRIN-2", "\"Cannot\" beats \"can\".",
      "A forbid-cast static removes the cast from every timing, even for a card that says it may be cast."),
    C("RR-PRIN-3", "One card text finishes before another starts, unless it interrupts.",
      "An ability's ops run in order, each completely (a text attack includes its preempt timing and damage). "
      "Triggered abilities wait until no ability is being processed: they resolve after the current ability, "
      "or right after a damage resolution that is not inside an ability (before the attacking card deploys)."),
    C("RR-PRIN-4", "The turn player orders the cards waiting to be processed.",
      "With two or more waiting triggers, the turn player picks which resolves next (decision 'trigger'), "
      "whoever owns them."),
    C("RR-PRIN-5", "A waiting card starts only when declared; one that is no longer deployed then does nothing."),
    # cast
    C("RR-CAST-1", "Casting moves a spell from hand to the cast zone; it needs a free place in one of its recast zones."),
    C("RR-CAST-2", "Cast abilities resolve in printed order, the first completely before the second."),
    C("RR-CAST-3", "A cast is processed as: cast abilities, attack, the opponent's preempt timing (each preempt "
      "processed from its own step 1), the opponent's damage resolution, deploy."),
    C("RR-CAST-4", "Attack cards attack after their cast abilities; action, setup and trigger cards deploy."),
    C("RR-CAST-5", "An attack made by card text goes through the same steps.",
      "A text attack (op attack) gets a preempt timing and a damage resolution, and attack-modifier statics apply."),
    # attack
    C("RR-ATK-1", "An attack uses the printed attack power or the one the text gives.",
      "Power is fixed at step 2: printed values, the card's own 【キャスト時】 changes, then every attack-modifier "
      "static in force — the attacker's deployed cards first, then the opponent's, each from ［０］ to Ⅲ."),
    C("RR-ATK-2", "Against an attack, the attacked player may cast preempt cards, awaken a preempt awakening "
      "card, or activate its abilities.",
      "An awakening card marked 先制 lets its player awaken and also activate its 【覚醒中】 abilities in the "
      "preempt timing (the seed says so; the card schema mentions only the normal action)."),
    C("RR-ATK-3", "A preempt card goes on top of the card it answers; the pile resolves from the top.",
      "In one preempt timing the attacked player may preempt again and again until they pass; each preempt "
      "is processed completely before the next choice."),
    C("RR-ATK-4", "A preempt card that attacks can be preempted in turn: preempts chain."),
    C("RR-ATK-5", "Normal cards only as one's normal action; preempt cards then and in the preempt timing; "
      "full-power cards only as the full-power action."),
    C("RR-ATK-6", "Preempting is not part of the full-power action: the full-power player may preempt a "
      "preempt attack made against them."),
    # damage
    C("RR-DMG-1", "After every preempt, the attacked player resolves damage with the current values."),
    C("RR-DMG-2", "The attacked player chooses hand or life; a ー side cannot be chosen.",
      "When life is ー and the hand is smaller than the hand damage, the whole hand is put face down."),
    C("RR-DMG-3", "On hand: put that many hand cards face down (the player picks); a smaller hand must take it on life.",
      "Taking an attack on hand (even for 0) is what the triggers guarded / attack-guarded see."),
    C("RR-DMG-4", "On life: graze check — draw as many cards as the damage; a graze card among them is revealed "
      "and the attack does not hit at all.",
      "All the cards are drawn first (each draw may force a rebuild), then checked; every drawn card stays in "
      "the hand."),
    C("RR-DMG-5", "Without graze the attack hits (HIT): life goes down by the damage.",
      "A life damage of 0 draws nothing and is no HIT (life did not go down)."),
    C("RR-DMG-6", "With deck, face-down pile and reserve pile all empty there is no graze check; it hits."),
    # deploy
    C("RR-DEP-1", "Last, the cast card is deployed to one of its recast zones with a free place; the turn "
      "player chooses which.",
      "As the seed says (置く場所はターンプレイヤーの自由), the turn player chooses even for a preempt card the "
      "opponent cast in the turn player's turn; the card still goes to its caster's own recast zone."),
    C("RR-DEP-2", "Deployed cards' 【展開中】 abilities work in Ⅲ, Ⅱ, Ⅰ and ［０］."),
    C("RR-DEP-3", "Nothing goes nearer than Ⅲ: a card pushed past Ⅲ by a recast-time increase becomes reserve."),
    C("RR-DEP-4", "A card must be deployed when it can; with no free place its player takes 1 life damage and "
      "the card becomes reserve.",
      "That damage is not an attack: no graze check, no HIT trigger."),
    # lift
    C("RR-LIFT-1", "Lifting lowers a card's recast time by 1; cards lifted together move at once.",
      "For 'lift n' the controller picks the cards one at a time among those that can still move "
      "(places freed by already picked cards count); all picked cards then move together."),
    C("RR-LIFT-2", "A card cannot be lifted into a zone with no free place.",
      "In a simultaneous lift, places freed by cards moving out count as free; if more cards would enter a "
      "zone than it has places, the lifting player chooses which move (decision 'lift-conflict')."),
    C("RR-LIFT-3", "A card lifted from Ⅰ goes to ［０］."),
    C("RR-LIFT-4", "A card in ［０］ resolves its 【回収時】, then goes to the hand unless that made it reserve."),
    C("RR-LIFT-5", "Several retrieved cards are processed one at a time, in the order their player picks."),
    C("RR-LIFT-6", "【展開中】 abilities still work while the card is in ［０］."),
    # rebuild
    C("RR-REB-1", "Drawing from an empty deck forces a rebuild first."),
    C("RR-REB-2", "Rebuild: shuffle the face-down and reserve piles with the deck into a new deck; no penalty."),
    C("RR-REB-3", "A rebuild in the refresh step is followed by lifting all of that player's deployed cards.",
      "Only the refresh step lifts; a rebuild forced by a draw or made by an effect does not."),
    C("RR-REB-4", "Rebuilding needs at least one face-down or reserve card."),
    C("RR-REB-5", "With deck, face-down and reserve all empty, a draw is skipped."),
    # awakening
    C("RR-AWK-1", "Awakening turns the far awakening card face up; only at life ≤ 3 (settings awaken-at-life), once a game."),
    C("RR-AWK-2", "An awakening card marked 先制 may awaken in the opponent's preempt timing.",
      "Its 【覚醒時】 abilities then answer that attack (modify-attack target answered)."),
    C("RR-AWK-3", "【覚醒時】 abilities resolve when the card awakens."),
    C("RR-AWK-4", "【覚醒中】 abilities may be activated after awakening, paying their cost, within their limit.",
      "Activated as a normal action in one's main phase (and in the preempt timing for a 先制 card, RR-ATK-2); "
      "once-per-turn counts per turn, whoever's turn it is."),
    C("RR-AWK-5", "Only the far slot's awakening card can awaken."),
    # end
    C("RR-WIN-1", "A player whose life reaches 0 loses at once."),
))
