"""The toho-tcg game: setup with mulligans, the turn's phases, the discard phase, winning.

The rules are one generator (:meth:`TohoTCG.flow`) in the style of :class:`engine.core.Game`;
the mixins hold the zones and stats (:mod:`.field`), plays and the stack (:mod:`.stack`,
:mod:`.windows`, :mod:`.effects`), the battle phase (:mod:`.combat`), the greedy agent's
heuristics (:mod:`.greedy`) and the Japanese log (:mod:`.render`).
"""

from __future__ import annotations

from collections import Counter

from fuda.database.ruleset import ruleset_for
from fuda.engine.core import Decision, Game, GameOver, Option, Termination, card_refs
from fuda.engine.toho_tcg import greedy as _greedy  # noqa: F401 (registers the greedy policy of TTView)
from fuda.engine.toho_tcg.cards import CardPool
from fuda.engine.toho_tcg.combat import Combat
from fuda.engine.toho_tcg.effects import Effects
from fuda.engine.toho_tcg.field import Field
from fuda.engine.toho_tcg.render import TTNarrator
from fuda.engine.toho_tcg.setup import PHASES, Piece, PlayerSetup, Position, Table
from fuda.engine.toho_tcg.stack import Stack
from fuda.engine.toho_tcg.variants import QUICK_LIMIT_BOTH_TURNS, checked
from fuda.engine.toho_tcg.view import TTView, hidden_from, view_of
from fuda.engine.toho_tcg.windows import Windows

ENGINE_VERSION = "1.2"
#: 2: TT-BAT-7 outside the fight, mandatory recover/search, TT-SPELL-6 in both turns;
#: 3: TT-SPELL-5/6 in the player's own turn only (both turns: the variant quick-limit-both-turns)
RULES_VERSION = "toho-tcg-3"
#: Not a rule: a safety net so that no playout runs forever; such a game is a draw.
MAX_TURNS = 200
#: Manifest settings the engine supports with the seed's value 1 only (one equip per character, one
#: world, 1 霊力 per hand card or tapped character).
FIXED_SETTINGS = ("max-equips-per-character", "max-worlds", "reiryoku-per-hand-trash", "reiryoku-per-tap")
KEEP = Option("keep", "この手札で始める")
MULLIGAN = Option("mulligan", "引き直す（１枚少なく）")
DRAWS = [tuple(Option(f"draw:{n}", f"{n}枚ドロー", n) for n in range(k + 1)) for k in range(31)]


class TohoTCG(Field, Stack, Windows, Effects, Combat, Game):
    """One game of 東方カードゲーム（仮） between two setups (the rules; its view is
    :class:`~.view.TTView`, its narration :class:`~.render.TTNarrator`, its greedy policy
    :mod:`.greedy`)."""

    _own_defs = None  # the defs each seat owns, by card number (engine.core.view.seen_defs)

    RULES = "toho-tcg"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = TTNarrator

    def __init__(self, pool: CardPool, setups, seed: int, position: Position | None = None,
                 variants=()):
        super().__init__(seed)
        if isinstance(setups, Table):  # a replay's setup: its variants come with it
            variants = (*setups.variants, *variants)
            setups = setups.players
        self._setups_arg = setups  # for fresh()
        self.variants = checked(variants)  # rule variants (.variants), recorded in setup_json()
        self.qa_both_turns = QUICK_LIMIT_BOTH_TURNS in self.variants
        self.cards = pool
        self.setups = tuple(s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups)
        if len(self.setups) != 2:
            raise ValueError("toho-tcg is a game for two players")
        settings = pool.game.settings
        self.settings = settings
        self.hand_limit = settings["hand-limit"]
        self.draw_up_to = settings["draw-up-to"]
        self.max_chars = settings["max-characters"]
        self.qa_limit = settings["quick-assister-limit"]
        self.first_attacks = settings["first-player-attacks-turn-1"]
        for key in FIXED_SETTINGS:  # what the engine's data model is built for
            if settings.get(key, 1) != 1:
                raise ValueError(f"the toho-tcg engine supports {key}: 1 only, the manifest says {settings[key]}")
        self.position = position
        if position is None:
            rules = pool.game.manifest["deck-rules"]
            sizes = [len(s.cards) for s in self.setups]
            construction = ruleset_for(pool.game.rules)
            for p, s in enumerate(self.setups):
                cards = [(cid, n, ("cards",)) for cid, n in Counter(s.cards).items()]
                problems = [m for _, m, _ in construction.deck_problems(pool.game, cards)]
                if problems:
                    raise ValueError(f"player {p + 1}'s deck {'; '.join(problems)} (TT-SETUP-1)")
            if rules["equal-size"] and sizes[0] != sizes[1]:
                raise ValueError(f"both decks must have the same number of cards, got {sizes} (TT-SETUP-1)")
        self.defs, self.owner, self.oid, self.by_oid, self.cards_of, self.play_opts = pool.layout(self.setups)
        n = len(self.defs)
        self.refs = card_refs(n)  # the option value of each card (engine.core.hidden.CardRef)
        self.zone = ["deck"] * n
        self.ctrl = list(self.owner)
        self.tapped = [False] * n
        self.damage = [0] * n
        self.under = [-1] * n
        self.equip = [-1] * n
        self.host = [-1] * n
        self.attacked = [False] * n
        self.atk, self.dfn, self.kw = [0] * n, [0] * n, [{}] * n
        self.deck, self.hand, self.trash = [[], []], [[], []], [[], []]
        self.chars, self.assisters, self.waiting = [[], []], [[], []], [[], []]
        self.world = -1
        self.rei = [0, 0]
        self.qa_played = [0, 0]
        self.new_assisters: list[int] = []
        self.seen_in_hand = (set(), set())  # hand cards the other player saw go there from an open place
        self.eot: list = []
        self.stack: list = []
        self.limbo: list[int] = []  # a card being played while its targets and cost are decided
        self.fired: list = []
        self.crit: list = []
        self.fight = None
        self.dirty = True
        self.sid = 0
        self.active = 0
        self.first = 0
        self.turn = 0
        self.phase = ""
        self.window_name = ""
        self._slot_cache = pool.slot_cache
        self._opt_cache: dict = {}
        self.targeting = None  # the op whose target is being chosen (greedy agent)

    def view(self, seat: int) -> TTView:
        """What ``seat`` may know now (see :mod:`.view`)."""
        return view_of(self, seat)

    def hidden(self, seat: int) -> list:
        """What ``seat`` cannot see into (see :mod:`.view`)."""
        return hidden_from(self, seat)

    def determinize(self, seat: int, rng) -> None:
        """Deal what ``seat`` cannot see again (see :meth:`Game.determinize`), and give every card
        the zone it was dealt to: a card's ``zone`` must not still say where it really was."""
        super().determinize(seat, rng)
        zone = self.zone
        for p in (0, 1):
            for c in self.hand[p]:
                zone[c] = "hand"
            for c in self.deck[p]:
                zone[c] = "deck"

    def fresh(self) -> TohoTCG:
        """The same game, not started (same setups, position and seed)."""
        return TohoTCG(self.cards, self._setups_arg, self.seed, self.position, self.variants)

    def setup_json(self) -> dict:
        doc = {"players": [s.as_json() for s in self.setups]}
        if self.variants:  # a game without variants records what it did before variants existed
            doc["variants"] = list(self.variants)
        return doc

    def shuffle_deck(self, p: int) -> None:
        """Shuffle p's deck with the game's generator and log the order (top first)."""
        self.rng.shuffle(self.deck[p])
        self.log.add("chance", p, what="shuffle", result=[self.oid[c] for c in reversed(self.deck[p])])

    # -- flow ------------------------------------------------------------------------------------
    def flow(self):
        if self.variants:  # part of the record: a replay that lost them no longer verifies
            self.log.add("variants", None, names=list(self.variants))
        if self.position is None:
            yield from self._set_up()
            phase = "draw"
        else:
            phase = self._place(self.position)
        stop = self.position.turns if self.position is not None else None
        played = 0
        while True:
            yield from self.take_turn(phase)
            played += 1
            if stop is not None and played >= stop:
                raise GameOver(None, "scenario ended", Termination.SCENARIO, f"局面指定のゲームが{played}ターンで終わった")
            phase = "draw"
            self.active = 1 - self.active
            self.turn += 1
            if self.turn > MAX_TURNS:
                raise GameOver(None, f"no winner after {MAX_TURNS} turns (engine limit, not a rule)", Termination.TURN_LIMIT,
                               f"{MAX_TURNS}ターンで決着がつかない（エンジンの上限、ルールではない）")

    def _set_up(self):
        """TT-SETUP-1..4: shuffled decks, the first player, 7-card hands, mulligans."""
        for p, setup in enumerate(self.setups):
            self.log.add("setup", p, deck=setup.deck, name=setup.name, size=len(setup.cards))
            self.deck[p] = list(self.cards_of[p])
            self.shuffle_deck(p)  # TT-SETUP-2: the opponent's shuffle is the game's generator
        first = self.settings["first-player"]
        self.first = self.rng.below(2) if first == "random" else 0  # first-seat: the first listed player
        self.log.add("chance", self.first, what="first-player", result=self.first)
        self.active, self.turn = self.first, 1
        size = self.settings["opening-hand"]
        order = (self.first, 1 - self.first)
        for p in order:
            self.draw(p, size, "opening")
        less = self.settings["mulligan-reduction"]
        for p in order:
            n = size
            while n - less >= 1:  # a redraw must leave at least 1 card (manifest mulligan-reduction)
                picks = yield Decision(p, "mulligan", (KEEP, MULLIGAN), "TT-SETUP-3", f"手札{n}枚で始めるか")
                if picks[0] == "keep":
                    break
                n -= less
                for c in self.hand[p]:
                    self.zone[c] = "deck"
                self.deck[p].extend(self.hand[p])
                self.hand[p] = []
                self.log.add("mulligan", p, size=n)
                self.shuffle_deck(p)
                self.draw(p, n, "mulligan")

    def _place(self, pos: Position) -> str:
        """Set an explicit position up (scenario tests); returns the phase to start in."""
        if pos.phase not in PHASES:
            raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {pos.phase!r}")
        placed: list[int] = []

        def take(p: int, cid: str) -> int:
            for c in self.cards_of[p]:
                if self.defs[c].id == cid and c not in placed:
                    placed.append(c)
                    return c
            raise ValueError(f"player {p + 1}'s setup has no unplaced copy of {cid!r}")

        def put(c: int, p: int, zone: str, tapped: bool = False) -> int:
            self.zone[c], self.ctrl[c], self.tapped[c] = zone, p, tapped
            return c

        for p, seat in enumerate(pos.seats):
            self.hand[p] = [put(take(p, x), p, "hand") for x in seat.hand]
            self.trash[p] = [put(take(p, x), p, "trash") for x in seat.trash]
            for piece in seat.field:
                piece = Piece(piece) if isinstance(piece, str) else piece
                c = put(take(p, piece.card), p, "char", piece.tapped)
                if piece.under:
                    u = put(take(p, piece.under), p, "under")
                    self.under[c] = u
                if piece.equip:
                    q = p if piece.equip_owner is None else piece.equip_owner
                    e = put(take(q, piece.equip), q, "equip")
                    self.equip[c], self.host[e] = e, c
                self.chars[p].append(c)
            for piece in seat.assisters:
                piece = Piece(piece) if isinstance(piece, str) else piece
                self.assisters[p].append(put(take(p, piece.card), p, "assister", piece.tapped))
            self.waiting[p] = [put(take(p, x), p, "waiting") for x in seat.waiting]
            self.rei[p] = seat.pool
        if pos.world is not None:
            self.world = put(take(pos.world[0], pos.world[1]), pos.world[0], "world")
        for p, seat in enumerate(pos.seats):
            top = [take(p, x) for x in seat.deck]
            rest = [c for c in self.cards_of[p] if c not in placed]
            placed.extend(rest)
            self.deck[p] = [put(c, p, "deck") for c in reversed(top + rest)]
            self.log.add("position", p, hand=list(seat.hand), deck=len(self.deck[p]),
                         field=[self.oid[c] for c in self.chars[p]])
        self.active, self.turn, self.first = pos.active, pos.turn, pos.active if pos.turn == 1 else 1 - pos.active
        self.qa_played[pos.active] = pos.played
        for cid in pos.attacked:
            c = next(x for x in self.chars[pos.active] if self.defs[x].id == cid and not self.attacked[x])
            self.attacked[c] = True
        self.dirty = True
        return pos.phase

    # -- the turn --------------------------------------------------------------------------------
    def take_turn(self, phase: str):
        """Draw, standby, main, battle, end; then the opponent's discard phase."""
        t = self.active
        start = PHASES.index(phase)
        if start == 0:
            self.log.add("turn", t, turn=self.turn, decks=[len(self.deck[0]), len(self.deck[1])])
            self.new_turn()
            yield from self.draw_phase(t)
        if start <= 1:
            self.enter_phase(t, "standby")
            for c in self.controlled(t):  # TT-STBY-1: every tapped card the turn player controls
                if self.tapped[c]:
                    self.set_tapped(c, False, "standby")
            self.fire_all(t, "standby-phase")
            yield from self.window("standby", "TT-STBY-1")
        if start <= 2:
            self.enter_phase(t, "main")
            yield from self.window("main", "TT-MAIN-1")
        if start <= 3:
            self.enter_phase(t, "battle")
            yield from self.battle_phase(t)
        self.enter_phase(t, "end")
        self.fire_all(t, "end-phase")
        yield from self.window("end", "TT-END-1")
        quicks = [c for p in (t, 1 - t) for c in self.waiting[p]]
        for c in quicks:  # TT-END-1, TT-SPELL-2
            self.to_trash(c, "end-phase")
        self.enter_phase(1 - t, "discard")
        yield from self.discard_phase(1 - t)
        if self.eot:
            self.eot = []
            self.dirty = True
        self.log.add("end-turn", t, turn=self.turn)

    def new_turn(self) -> None:
        """Reset what lasts one turn: attacks made, quicks/assisters played (TT-SPELL-5)."""
        self.attacked = [False] * len(self.defs)
        self.qa_played = [0, 0]
        self.new_assisters = []

    def enter_phase(self, p: int, name: str) -> None:
        """Start a phase; 霊力 not spent in the previous phase is lost."""
        self.phase = name
        self.rei = [0, 0]
        self.log.add("phase", p, phase=name)

    def draw_phase(self, t: int):
        """TT-DRAW-1: draw any number of cards up to a hand of 7."""
        self.enter_phase(t, "draw")
        k = min(self.draw_up_to - len(self.hand[t]), len(self.deck[t]))
        if k <= 0:
            return
        options = DRAWS[k] if k < len(DRAWS) else tuple(Option(f"draw:{n}", f"{n}枚ドロー", n) for n in range(k + 1))
        picks = yield Decision(t, "draw", options, "TT-DRAW-1", f"手札が{self.draw_up_to}枚になるまでドローできる")
        n = int(picks[0][5:])
        if n:
            self.draw(t, n, "draw-phase")

    def discard_phase(self, o: int):
        """TT-DISC-1: the turn player's opponent trashes down to the hand limit, or more."""
        hand = self.hand[o]
        if not hand:
            return
        lo = max(0, len(hand) - self.hand_limit)
        cards = yield from self.pick_cards(o, hand, lo, len(hand), "discard", "TT-DISC-1",
                                           f"手札を{self.hand_limit}枚以下に（不要なカードも捨てられる）")
        for c in cards:
            hand.remove(c)
            self.zone[c] = "trash"
            self.trash[o].append(c)
        if cards:
            self.log.add("to-trash", o, cards=[self.oid[c] for c in cards], why="discard")
