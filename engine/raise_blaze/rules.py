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
      "scenario positions, which may use any cards)."),
    C("RB-DECK-2", "The core deck is 1 to 10 core fighters, all different.",
      "Checked with RB-DECK-1; the core fighters not chosen stay in the core deck for the game."),
    C("RB-CARD-1", "A fighter has a name, types, power, effects and a raise value (fighters needed underneath)."),
    C("RB-CARD-2", "A core fighter is on the core field from the start; its power is 1000 unless printed.",
      "A core fighter without a printed power takes the manifest's settings.core-power."),
    C("RB-CARD-3", "Spells go to the single spell zone, played openly or set face down; they are "
      "normal, continuous (持続性) or equip (装着性).",
      "A spell whose only ability is 【迎撃】 can only be set and then opened in the 【迎撃】 window."),
    C("RB-ZONE-1", "Five fighter zones; never more than five fighters.",
      "Zones have no positions in the rules: a fighter takes the lowest free zone, a raise summon the "
      "lowest zone of the fighters put underneath. Fighters underneath use no zone."),
    C("RB-ZONE-2", "One spell zone per player.",
      "The zone is a stack: a set spell may lie under a continuous spell, and a spell being played "
      "lies on top until it resolves."),
    # setup
    C("RB-SETUP-1", "Each player puts one core fighter of their core deck face down on the core field.",
      "A decision of each player (P1 then P2) before anything else; forced with one core fighter. Its "
      "【永続】 abilities apply from the moment it is placed: reading the position in between (a state "
      "dump, power) changes nothing."),
    C("RB-SETUP-2", "Both main decks are shuffled into the deck zone.",
      "Shuffled with the game's one seeded generator (fuda-rng-1); the order is a logged chance outcome."),
    C("RB-SETUP-3", "Each player draws 5 cards (settings.opening-hand) as the opening hand."),
    C("RB-SETUP-4", "The next 5 cards (settings.life-cards) go face down to the life zone."),
    C("RB-SETUP-5", "First and second player are decided by an agreed method.",
      "settings.first-player: random (the game's generator, logged) or player-1 / player-2."),
    C("RB-SETUP-6", "The core fighters are turned face up; the game starts."),
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
      "does not hold)."),
    C("RB-LIFE-1", "A destroyed life card goes to its owner's hand or onto the core as a permanent "
      "power-up: +1000 for the first, +500 for each later one.",
      "The owner chooses for each card as it is destroyed. The last life card ends the game at once "
      "(RB-LOSE-1) and goes to the graveyard."),
    # battle
    C("RB-BAT-1", "In their turn, fighters and the core fighter may attack opposing fighters or the "
      "opposing core fighter, each at most once a turn.",
      "Fighters may attack in the turn they were summoned, and on either player's first turn. An "
      "attack that is negated or whose attacker or target left the field still used the attack. "
      "Order of an attack: declaration → 【迎撃】 window (the defender may open the face-down top "
      "spell of their zone) → block (attacks on the core) → 【攻撃時】 → power comparison."),
    C("RB-BAT-2", "A higher-powered attacker destroys the defending fighter (to the graveyard)."),
    C("RB-BAT-3", "A lower-powered attacker is destroyed (to the graveyard)."),
    C("RB-BAT-4", "Equal power destroys both."),
    C("RB-BAT-5", "A core fighter is never destroyed; it loses one life card instead.",
      "Also when the core fighter is the attacker and loses, or both cores tie (each loses one)."),
    C("RB-BAT-6", "An attack on the core fighter with power equal or higher destroys one life card.",
      "Lower: the attacker is destroyed; equal: one life card and the attacker."),
    C("RB-BAT-7", "A defender's fighter may block an attack on the core fighter, or the defender lets it through.",
      "Any one fighter of the defender may block (no limit per turn); the blocker becomes the attack "
      "target and the battle is fighter against fighter."),
    C("RB-BAT-8", "A core fighter never blocks an attack on a fighter.",
      "An attack on a fighter has no block step at all."),
    # summons
    C("RB-SUM-1", "Normal summon: a raise-0 fighter goes from the hand to the field.",
      "Needs a free fighter zone."),
    C("RB-SUM-2", "Raise summon: put as many own fighters underneath as the raise value, summon on top.",
      "The player picks exactly `raise` of their own fighters; the new fighter takes the lowest of "
      "their zones. Fighter cards already underneath them stay in the new pile; equip spells on them "
      "go to the graveyard (their fighter is no longer a fighter)."),
    C("RB-SUM-3", "One summon per turn that is a normal or a raise summon."),
    C("RB-SUM-4", "Effect summons and effect raise summons are unlimited.",
      "effect-summon: a card chosen from hand / graveyard / deck matching the filter (deck shuffled "
      "after); nothing happens without a match or room; 【召喚時】 triggers."),
    C("RB-SUM-5", "A fighter underneath is not a fighter: no stats, no effects except 【下敷き中】; when "
      "the fighter on top leaves the field, the pile goes to the graveyard.",
      "One-shot power changes on a fighter end when it goes underneath. A card underneath is the "
      "`host`'s (【下敷き中】 / 【装着中】 target the fighter on top)."),
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
      "once-per-turn ability, so every playout ends."),
    C("RB-SPL-2", "A spell can be played on top of a set spell; the set one cannot be used until the "
      "one on top has left.",
      "A spell is set only into an empty spell zone (one set spell at a time)."),
    C("RB-SPL-3", "A continuous spell stays and keeps working; nothing is set on it; a non-continuous "
      "spell may be played on it and covers it (no effect) while there.",
      "Its 【持続】 works only while it is the face-up top card; a normal or equip spell played on it "
      "covers it only while resolving."),
    C("RB-SPL-4", "An equip spell names a fighter and goes underneath it, working while there; any "
      "number per fighter; to the graveyard when that fighter leaves the field.",
      "The fighter is chosen per equip-to before any 【発動】 resolves; an equip spell needs a legal "
      "fighter to be activated; if the fighter has left by then the spell goes to the graveyard."),
    # losing
    C("RB-LOSE-1", "A player loses when all their life cards are destroyed.",
      "If both lose their last life card in the same battle (core against core, equal power) the game "
      "is a draw."),
    C("RB-LOSE-2", "A player loses when they cannot draw from their deck.",
      "Drawing from an empty deck — in the draw step or by an effect — loses at once; milling or "
      "searching an empty deck does not."),
    C("RB-LOSE-3", "A player loses after 120 seconds in their own turn without playing a card, the "
      "opponent's card effects not counted.",
      "An optional host Clock (off in simulations): time counts only while the pending decision is the "
      "turn player's and no effect of the opponent is resolving; summoning, setting, activating a "
      "spell or an ability and declaring an attack are playing a card. Checked when an answer arrives "
      "or when the host calls check_clock(); recorded so replays reproduce it."),
    C("RB-LOSE-4", "A player loses when they cannot end their turn within 300 seconds, the opponent's "
      "card effects not counted.", "Counted by the same host Clock as RB-LOSE-3."),
    C("RB-LOSE-5", "Fouls may lose the game on the spot (usually a warning).",
      "Outside what an engine decides: the host may call concede(player) at any time (or offer a "
      "`concede` option in the turn player's decisions); it is recorded so replays reproduce it."),
))
