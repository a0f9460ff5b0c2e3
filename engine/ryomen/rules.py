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
      "A double-faced card plays with the stats and abilities of its face up only."),
    C("RY-CARD-2", "Effects trigger when the card is put into battle (【登場時】), just before battle "
      "(【バトル直前】), when it is flipped (【反転時】), or from the top of the result zone in the next "
      "turn (【リザルト】); some apply only by day (〔昼〕) or by night (〔夜〕).",
      "A day/night condition is checked when the ability would start to resolve. 【反転時】 triggers when "
      "that face is turned up in the battle zone by the reverse phase or by a flip op, never for a hand "
      "card, and never for a flip made by another 【反転時】 ability (flips do not chain). An ability's "
      "ops run in list order; a flip op's 【反転時】 resolves at once, before the rest of the ability. "
      "Optional effects (してもよい) are a decision of the owner. flip own-hand with fewer hand cards than its "
      "count flips them all (or any number up to them when optional); put-stat-chip own-hand lets the owner "
      "pick the card. copy-stat named keeps the copied value on 'named' (it follows change-named-stat)."),
    C("RY-STAT-1", "Stats range 1–9: a result of 0 or less counts as 1, of 10 or more as 9.",
      "Current stats = the printed stats of the face up, then the stat chips on the physical card in the "
      "order placed, then this turn's stat effects in resolution order, clamping after every single step "
      "(so +3 on 8 then −3 gives 6). A flip clears the card's stat effects (the new face starts from its "
      "printed stats); chips stay, whichever face is up. 'named' effects are read against the stat that "
      "decides the turn whenever a value is read, and change nothing while no stat is named. Stat "
      "effects end when the cards go to the result zone."),
    # deck & setup
    C("RY-DECK-1", "Each player has 9 kinds of card, 2 copies each: 18 cards.",
      "Checked by the loader (deck-rules); with 3–4 players each player still plays one set."),
    C("RY-DECK-2", "The 18 cards are paired back to back into 9 double-faced cards; no pair is two copies "
      "of one card.",
      "Every card is used exactly once across the 9 pairs (the loader checks sample pairings); the "
      "engine refuses a pair of one card, an unknown card, a count other than 9, or a manual ability."),
    C("RY-SETUP-1", "Nothing is held in hand: the 9 double-faced cards lie open in the hand zone.",
      "At setup each owner chooses which face of each card is up (decision 'faces': pick the cards that "
      "show their second face); a setup may fix the faces instead."),
    C("RY-SETUP-2", "The first player is decided by any method.",
      "The manifest's first-player: random (the game's seeded generator, like じゃんけん) or first-seat; a "
      "match or the caller may fix it."),
    C("RY-SETUP-3", "The point chips are shuffled face down to fix their order, then laid open in the point "
      "zone in that order.",
      "Shuffled with the game's one seeded generator (fuda-rng-1); the order is a logged chance event."),
    # serve & receive
    C("RY-SERVE-1", "Serve phase: the first player (turn 1) or the last turn's winner puts one card into "
      "the battle zone and names the stat of the turn: power, speed or brain.",
      "Two decisions: 'serve' (the card) then 'name' (the stat); a stat forbidden by forbid-stat is not "
      "offered, unless all three are. A hand of one card is played without asking."),
    C("RY-SERVE-2", "An effect of putting the card into battle resolves before the stat is named.",
      "The server's 【登場時】 resolves right after the card is put in; an effect aimed at a battle card "
      "not yet put in waits and applies, first in its list, to the card that player puts in this turn."),
    C("RY-SERVE-3", "The top card of a result zone (played earlier) may trigger its effect this turn.",
      "After the server's 【登場時】, the 【リザルト】 abilities of the face up of each result zone's top "
      "card resolve, the server's first, then counter-clockwise; 'self' means the owner's battle card of "
      "this turn (waiting when the owner has not put one in)."),
    C("RY-RECV-1", "Receive phase: the other player puts one card into the battle zone.",
      "The receiver's 【登場時】 resolves when its card is put in (after the stat is named)."),
    C("RY-RECV-2", "Just-before-battle effects of both cards resolve, then battle phase 1.",
      "In a 【バトル直前】 window the server's card takes its turn first, then the receivers'; a card "
      "resolves the 【バトル直前】 abilities of the face up when its turn begins, in printed order; if the "
      "card is flipped during its own turn, the rest of its turn (remaining ops included) is skipped."),
    # battle
    C("RY-B1-1", "Battle phase 1: the named stats are compared; the larger wins the turn."),
    C("RY-B1-2", "A tie goes to the reverse phase; otherwise to the after phase."),
    C("RY-REV-1", "Reverse phase: every tied card is flipped to its other face."),
    C("RY-REV-2", "The day/night chip flips together with the battle cards; which effects apply changes "
      "with it.",
      "The chip stays as it is between turns; flip ops may also turn it. It starts on the manifest's side."),
    C("RY-REV-3", "On-flip effects and just-before-battle effects resolve, then battle phase 2.",
      "The 【反転時】 abilities of the server's new face resolve first, then each other flipped card's in "
      "counter-clockwise order if that face is still up; then a second 【バトル直前】 window (as RY-RECV-2)."),
    C("RY-B2-1", "Battle phase 2: compare again; a tie now is a cancellation (キャンセレーション) and the "
      "turn has no winner."),
    # after & end
    C("RY-AFT-1", "After phase: the winner takes the first point chip of the point zone and puts it to the "
      "right of their hand zone."),
    C("RY-AFT-2", "With no winner the point chip is turned face down where it lies; nobody gets it.",
      "A face-down chip is out of play: swap-point-chip no longer counts it."),
    C("RY-AFT-3", "Then every battle card goes to its owner's result zone, overlapping so the left-edge "
      "stats stay visible.",
      "The last card put there is the top card (RY-SERVE-3). Stat effects, forbid-stat and "
      "change-named-stat end here; stat chips stay on the cards."),
    C("RY-AFT-4", "After turn 9 the game ends; otherwise the end phase follows.",
      "A game is exactly 9 turns (settings turns), one card per player per turn."),
    C("RY-END-1", "End phase: the loser may flip one card of their hand zone (loser reverse), or not.",
      "Decision 'loser-reverse': a hand card or 'pass'; nothing triggers."),
    C("RY-END-2", "The turn's winner serves the next turn."),
    C("RY-END-3", "With no winner there is no loser reverse and the same player serves again."),
    C("RY-GAME-1", "After 9 turns each player adds up their point chips; the higher total wins.",
      "Equal totals are a draw (winner None)."),
    # matches
    C("RY-MATCH-1", "Odd-length matches (best of 3, best of 5) are decided by games won; the first player "
      "swaps after each game.",
      "The first to win a majority stops the match; a drawn game counts for nobody, and equal wins after "
      "all games is a drawn match (engine.ryomen.match.play_match)."),
    C("RY-MATCH-2", "2- or 4-game matches are decided by total points; the first player swaps after each "
      "game and the pairings are rebuilt after every two games.",
      "Every game is played; rebuilding is a callback, by default a random legal pairing of the same set "
      "from the match's seeded stream; equal totals are a drawn match."),
    # 3–4 players
    C("RY-MULTI-1", "3–4 players use two base sets; the flow of a turn stays the same.",
      "Seats are numbered counter-clockwise (a seat's right-hand neighbour is the next seat). Each player "
      "plays one pairing; the stat-chip supply is doubled (two boxes). 'opponent' (相手のバトルカード) "
      "means one opponent's battle card, chosen by the ability's owner (decision 'target'); opponents are "
      "all other players, or in a tag match the two of the other team. forbid-stat binds the server "
      "when the server is the owner's opponent."),
    C("RY-MULTI-2", "With 3–4 players the receive phase goes from the leader's right-hand neighbour, "
      "counter-clockwise."),
    C("RY-MULTI-3", "With 3–4 players just-before-battle effects resolve from the leader, counter-clockwise.",
      "The same order serves 【リザルト】 and the reverse phase's 【反転時】."),
    C("RY-MULTI-4", "With 3–4 players the loser reverse goes from the winner's right-hand neighbour, "
      "counter-clockwise.",
      "Every player but the winner is a loser of the turn (a tag partner too)."),
    C("RY-MULTI-5", "With 3–4 players only the tied cards flip in the reverse phase; cancelled cards drop out; "
      "one card left wins whatever its value; two left decide between themselves.",
      "Battle 1 ties only when the highest value is shared; those cards are the tied ones. Battle 2 "
      "compares every battle card: while the highest value is shared, those cards are cancelled and "
      "drop out; a single card left wins; none left: no winner."),
    C("RY-MULTI-6", "With 4 players a tag match adds the points of the two players facing each other.",
      "Partners are seats 1 & 3 and 2 & 4; the game's winner is the team (0: seats 1 & 3, 1: seats 2 & 4); "
      "equal team totals are a draw."),
))
