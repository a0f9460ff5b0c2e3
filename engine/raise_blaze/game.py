"""The RAISE×BLAZE game: setup, turns, and the host's clock and concede.

:class:`RaiseBlaze` is the engine core's :class:`~engine.core.Game` with the one typed state of
:class:`~.state.RBState` (every value play changes; checkpoints copy its fields) and the frozen
card layout of the two setups beside it. The turn loop is one generator (:meth:`RaiseBlaze.flow`);
the rules it runs are functions over the game in :mod:`.field` (zones, power, statics),
:mod:`.actions` (main phase, spells, 【起動】), :mod:`.battle` and :mod:`.effects` (abilities and
what their ops do). Host events (a concession, a turn clock running out) end the game from
outside the flow; they are recorded with the number of decisions answered before them, so a
replay reproduces them exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuda.engine.core import CardRef, Decision, Game, GameOver, Option, Termination, card_refs
from fuda.engine.core.hidden import Pool
from fuda.engine.raise_blaze import actions, battle, field
from fuda.engine.raise_blaze import greedy as _greedy  # noqa: F401 (registers the greedy policy of RBView)
from fuda.engine.raise_blaze.actions import main_phase
from fuda.engine.raise_blaze.cards import CardPool
from fuda.engine.raise_blaze.clock import Clock
from fuda.engine.raise_blaze.effects import shuffle_deck
from fuda.engine.raise_blaze.render import RBNarrator
from fuda.engine.raise_blaze.setup import PHASES, PlayerSetup, Position
from fuda.engine.raise_blaze.spells import respond
from fuda.engine.raise_blaze.state import STATE_FIELDS, Asks, RBGame, RBState
from fuda.engine.raise_blaze.view import RBView, hidden_from, view_of

ENGINE_VERSION = "1.1"
RULES_VERSION = "raise-blaze-2"  # 2: RB-SPL-1 windows in the battle phase and the opponent's turn
#: Not a rule: a safety net so that no playout runs forever (decks always run out long before).
MAX_TURNS = 400


class Setups(list):
    """Both players' setups, plus what a replay carries besides them (host events, options)."""

    host_events: tuple = ()
    offer_concede: bool = False


class RaiseBlaze(RBGame):
    """One game of RAISE×BLAZE between two setups: sets the :class:`~.state.RBGame` up and runs
    its turns (its view is :class:`~.view.RBView`, its narration :class:`~.render.RBNarrator`,
    its greedy policy :mod:`.greedy`)."""

    _own_defs = None  # the defs each seat owns, by card number (engine.core.view.seen_defs)

    RULES = "raise-blaze"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = RBNarrator
    #: what play changes, for checkpoints at the top of each turn: the fields of RBState (derived)
    STATE = STATE_FIELDS

    def __init__(self, pool: CardPool, setups, seed: int, position: Position | None = None, *,
                 clock: Clock | None = None, offer_concede: bool = False, check_decks: bool | None = None):
        super().__init__(seed)
        self.push = self.log.push
        self._args = (setups, check_decks)  # for fresh()
        self.pool = pool
        self.setups = tuple(s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups)
        if len(self.setups) != 2:
            raise ValueError("a game of RAISE×BLAZE needs two setups")
        layout = pool.layout(self.setups, check_decks if check_decks is not None else position is None)
        self.defs, self.owner, self.oid, self.by_oid = layout.defs, layout.owner, layout.oid, layout.by_oid
        self.mains = layout.mains
        self.menus = layout.menus
        self.acts = layout.acts
        self.klass = layout.klass
        self.cache = layout.cache
        settings = pool.settings
        self.settings = settings
        self.draws = settings.get("draws-per-turn", 1)
        self.up_first = settings.get("power-up-first", 1000)
        self.up_next = settings.get("power-up-next", 500)
        self.position = position
        self.clock = clock
        self.offer_concede = offer_concede or getattr(setups, "offer_concede", False)
        n = len(self.defs)
        self.refs = card_refs(n)  # the option value of each card (engine.core.hidden.CardRef)
        zones = settings.get("fighter-zones", 5)
        RBState.__init__(
            self, under=[()] * n, slot_of=[-1] * n, host_of=[-1] * n, face_up=[False] * n, eot=[0] * n,
            stay=[0] * n, attacked_on=[0] * n,
            deck=[list(main) for main in layout.mains],  # unshuffled until RB-SETUP-2
            hand=[[], []], life=[[], []], seen_in_hand=(set(), set()), lost_life=[[], []], grave=[[], []],
            ups=[[], []], spell=[[], []], core=[-1, -1], core_deck=[list(cores) for cores in layout.cores],
            slots=[[-1] * zones, [-1] * zones], boosted=[], resolving=[], used={}, active=0, turn=0,
            summoned=False, phase="draw", attack=None, foreign=0, passed=-1, host_events=[],
            scheduled=[tuple(e) for e in getattr(setups, "host_events", ())],
            _fx=None, _by_kind={}, _flags=None, _no_attack=False, _immune=False, _live_flags=False)
        if clock is not None or self.scheduled:
            # host bookkeeping only for hosted games (an instance's own choose: the runner keeps
            # its inlined loop for every other game)
            self.choose = self._hosted_choose  # type: ignore[method-assign]

    def view(self, seat: int) -> RBView:
        """What ``seat`` may know now (see :mod:`.view`)."""
        return view_of(self, seat)

    def hidden(self, seat: int) -> list[Pool]:
        """What ``seat`` cannot see into (see :mod:`.view`)."""
        return hidden_from(self, seat)

    def fresh(self) -> RaiseBlaze:
        """The same game, not started (same setups, position, seed and options; host events
        recorded so far are scheduled again, so a copy replays a concession or a timeout)."""
        setups, check_decks = self._args
        again = Setups(setups)
        again.host_events = tuple(tuple(e) for e in (*getattr(setups, "host_events", ()), *self.host_events))
        again.offer_concede = self.offer_concede
        return RaiseBlaze(self.pool, again, self.seed, self.position, check_decks=check_decks)

    def setup_json(self) -> dict:
        """The decks (and host events, the concede option) a replay needs besides the seed."""
        doc: dict = {"players": [s.as_json() for s in self.setups]}
        if self.host_events:
            doc["host"] = [list(e) for e in self.host_events]
        if self.offer_concede:
            doc["offer-concede"] = True
        return doc

    def explain_main(self, pick: str) -> str | None:
        """Why a main-phase option id is refused now (:func:`.actions.explain_main`)."""
        return actions.explain_main(self, pick)

    def explain_battle(self, pick: str) -> str | None:
        """Why a battle-phase option id is refused now (:func:`.battle.explain_battle`)."""
        return battle.explain_battle(self, pick)

    # -- reading the position (views, narration, tests) ----------------------------------------
    def fighters(self, p: int) -> list[int]:
        """p's fighters in their fighter zones, in zone order (:func:`.field.fighters`)."""
        return field.fighters(self, p)

    def power(self, card: int) -> int:
        """A card's current power (:func:`.field.power`)."""
        return field.power(self, card)

    def is_core(self, card: int) -> bool:
        """Is ``card`` its owner's core fighter?"""
        return field.is_core(self, card)

    def can_attack(self, card: int) -> bool:
        """Not forbidden to attack by a static ability (:func:`.field.can_attack`)."""
        return field.can_attack(self, card)

    def attackers(self, t: int) -> list[int]:
        """t's cards that may still attack this turn (:func:`.battle.attackers`)."""
        return battle.attackers(self, t)

    # -- flow ------------------------------------------------------------------------------------
    def flow(self) -> Asks[None]:
        """Setup, then turns (RB-TURN-1): draw; main phase 1; battle; main phase 2; end; the
        players alternate. (One generator for the turn loop: every answer passes through it.)"""
        if self._resume_at is not None:  # a copy restored from a checkpoint (engine.core.checkpoint)
            phase = self._resume_at
        elif self.position is None:
            yield from self._set_up()
            phase = "draw"
        else:
            phase = self._place(self.position)
        while True:
            t = self.active
            q = 1 - t
            zone = self.spell[q]  # (the same list all game: its top is read at each window)
            if phase == "draw":
                self.checkpoint("draw")  # the state alone says where play stands: a turn begins
                self.turn += 1
                if self.turn > MAX_TURNS:
                    raise GameOver(None, f"no winner after {MAX_TURNS} turns (engine limit, not a rule)",
                                   Termination.TURN_LIMIT, f"{MAX_TURNS}ターンで決着がつかない（エンジンの上限、ルールではない）")
                self.begin_turn(t)
                if zone and not self.face_up[zone[-1]]:  # RB-SPL-1: the opponent's window at each phase change
                    yield from respond(self, q)
                phase = "main"
            if phase == "main":
                self.phase = "main"
                pick = yield from main_phase(self, t, 1)
                if pick == "concede":
                    self._conceded(t, pick)
                if zone and not self.face_up[zone[-1]]:
                    yield from respond(self, q)
                phase = "battle" if pick == "battle" else "end"
            if phase == "battle":
                self.phase = "battle"
                pick = yield from battle.battle_phase(self, t)
                if pick == "concede":
                    self._conceded(t, pick)
                if zone and not self.face_up[zone[-1]]:
                    yield from respond(self, q)
                phase = "main2"
            if phase == "main2":
                self.phase = "main2"
                pick = yield from main_phase(self, t, 2)
                if pick == "concede":
                    self._conceded(t, pick)
                if zone and not self.face_up[zone[-1]]:
                    yield from respond(self, q)
            field.end_of_turn_boosts(self)
            phase = "draw"
            self.active = q

    def _set_up(self) -> Asks[None]:
        """RB-SETUP-1..6: cores face down, shuffle, 5 cards of hand, 5 life cards, first player,
        cores face up."""
        for p, setup in enumerate(self.setups):
            self.push(("setup", p, ("deck", "main", "core"), setup.deck, len(setup.main), len(setup.core)))
        for p in (0, 1):  # RB-SETUP-1
            cores = self.core_deck[p]
            options = tuple(Option(self.oid[c], self.defs[c].label, CardRef(c)) for c in cores)
            picks = yield Decision(p, "core", options, "RB-SETUP-1", "コアフィールドに伏せるコアファイター")
            core = self.by_oid[p][picks[0]]
            cores.remove(core)
            self.core[p] = core
            field.changed(self)  # its 【永続】 applies from now on, whatever was read before (RB-SETUP)
        for p in (0, 1):  # RB-SETUP-2
            shuffle_deck(self, p)
        hand_n = self.settings.get("opening-hand", 5)
        life_n = self.settings.get("life-cards", 5)
        for p in (0, 1):  # RB-SETUP-3, RB-SETUP-4
            deck = self.deck[p]
            self.hand[p] = [deck.pop() for _ in range(min(hand_n, len(deck)))]
            self.life[p] = [deck.pop() for _ in range(min(life_n, len(deck)))]
            self.push(("opening", p, ("hand", "life"), [self.oid[c] for c in self.hand[p]], len(self.life[p])))
        first = self.settings.get("first-player", "random")  # RB-SETUP-5
        self.active = self.rng.below(2) if first == "random" else (1 if first == "player-2" else 0)
        self.push(("chance", self.active, ("what", "result"), "first-player", self.active))
        for p in (0, 1):  # RB-SETUP-6
            self.push(("reveal-core", p, ("card", "power"), self.oid[self.core[p]], field.power(self, self.core[p])))

    def _place(self, pos: Position) -> str:
        """Set an explicit position up (scenario tests); returns the phase to start in."""
        if pos.phase not in PHASES:
            raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {pos.phase!r}")
        for p, seat in enumerate(pos.seats):
            free = list(self.mains[p])

            def take(cid: str, _p: int = p, _free: list[int] = free) -> int:
                for c in _free:
                    if self.defs[c].id == cid:
                        _free.remove(c)
                        return c
                raise ValueError(f"player {_p + 1} has no (further) {cid!r} in their main deck")

            core_id = seat.core or self.defs[self.core_deck[p][0]].id
            core = next((c for c in self.core_deck[p] if self.defs[c].id == core_id), None)
            if core is None:
                raise ValueError(f"player {p + 1} has no core fighter {core_id!r} in their core deck")
            self.core_deck[p].remove(core)
            self.core[p] = core
            self.hand[p] = [take(c) for c in seat.hand]
            self.grave[p] = [take(c) for c in seat.grave]
            self.ups[p] = [take(c) for c in seat.ups]
            life = [take(c) for c in seat.life] if not isinstance(seat.life, int) else None
            for entry in seat.fighters:
                cid, under = (entry, ()) if isinstance(entry, str) else entry
                card = take(cid)
                if self.defs[card].kind != "fighter":
                    raise ValueError(f"{cid!r} is not a fighter")
                pile = [take(u) for u in under]
                zone = self.slots[p].index(-1)
                self.slots[p][zone] = card
                self.slot_of[card] = zone
                self.under[card] = pile
                for u in pile:
                    self.host_of[u] = card
            for entry in seat.spells:
                cid, how = (entry, "up") if isinstance(entry, str) else entry
                card = take(cid)
                self.spell[p].append(card)
                self.face_up[card] = how != "set"
            top = [take(c) for c in seat.deck]
            if life is None:
                count = seat.life if isinstance(seat.life, int) else 0
                life = free[len(free) - count:] if count else []
                del free[len(free) - len(life):]
            self.life[p] = life
            self.deck[p] = list(reversed(top + free))
            self.push(("position", p, ("core", "hand", "life", "fighters", "deck"),
                       self.oid[core], [self.oid[c] for c in self.hand[p]], len(life),
                       [self.oid[c] for c in field.fighters(self, p)], [self.oid[c] for c in reversed(self.deck[p])]))
        self.active = pos.active
        self.turn = pos.turn - 1 if pos.phase == "draw" else pos.turn
        self.summoned = pos.summoned
        for cid in pos.attacked:
            card = self.core[pos.active] if cid == "core" else self.by_oid[pos.active][cid]
            self.attacked_on[card] = self.turn
        field.changed(self)
        return pos.phase

    def begin_turn(self, t: int) -> None:
        """The start of t's turn: the turn's summon right returns, the clocks start, t draws 1
        (the first player too: RB-TURN-1 interpretation; an empty deck loses, RB-LOSE-2)."""
        self.summoned = False
        self.push(("turn", t, ("turn", "life"), self.turn, [len(self.life[0]), len(self.life[1])]))
        if self.clock is not None:
            self.clock.start_turn(t)
        for _ in range(self.draws):
            field.draw(self, t, "draw-step")

    def _conceded(self, t: int, pick: str) -> None:
        if pick == "concede":
            self.push(("concede", t, {}))
            raise GameOver(1 - t, f"P{t + 1} conceded (RB-LOSE-5)", Termination.RULE, f"P{t + 1}が投了した")

    # -- host: clock and concession --------------------------------------------------------------
    def start(self) -> RaiseBlaze:
        """Run to the first real decision (and apply host events scheduled before it)."""
        super().start()
        self._after_step()
        return self

    def _hosted_choose(self, *picks: str | Sequence[str]) -> None:
        """``choose`` of a hosted game: the clock is read first, host events are applied after."""
        if self.clock is not None and self.pending is not None:
            expired = self.clock.expired()
            if expired is not None:
                self._host_end("clock", self.active, expired[1], expired[0])
                return
        Game.choose(self, *picks)
        self._after_step()

    def _after_step(self) -> None:
        while self.scheduled and self.pending is not None and self.scheduled[0][0] == self.decisions:
            _, kind, player, rule, reason = self.scheduled.pop(0)
            self._host_end(kind, player, reason, rule)
        clock = self.clock
        if clock is not None and self.pending is not None:
            if clock.player is None and self.turn > 0:
                clock.start_turn(self.active)  # a game set up mid-turn: its clock starts now
            clock.set_counting(self.pending.player == self.active and not self.foreign)

    def enable_clock(self, clock: Clock | None) -> None:
        """Attach (or detach, with None) the host's turn clocks."""
        self.clock = clock
        if clock is None and not self.scheduled:
            self.__dict__.pop("choose", None)
        else:
            self.choose = self._hosted_choose  # type: ignore[method-assign]  # (see __init__)
        if clock is not None and self.pending is not None:
            clock.start_turn(self.active)

    def check_clock(self) -> bool:
        """For a host's timer: end the game if the turn player has run out of time; True then."""
        if self.clock is None or self.pending is None:
            return False
        expired = self.clock.expired()
        if expired is None:
            return False
        self._host_end("clock", self.active, expired[1], expired[0])
        return True

    def concede(self, player: int) -> None:
        """A player concedes (RB-LOSE-5: fouls and resignation are the host's); the other wins."""
        if self.finished:
            return
        self._host_end("concede", player, f"P{player + 1} conceded (RB-LOSE-5)", "RB-LOSE-5")

    def _host_end(self, kind: str, player: int, reason: str, rule: str) -> None:
        self.host_events.append([self.decisions, kind, player, rule, reason])
        self.push((kind, player, ("rule",), rule))
        if self._flow is not None:
            self._flow.close()
        ja = f"P{player + 1}が投了した" if kind == "concede" else f"P{player + 1}の時間切れ（{rule}）"
        self._end(1 - player, reason, GameOver(1 - player, reason, Termination.RULE, ja))

    # -- for tests and the CLI -------------------------------------------------------------------
    def zones(self, p: int) -> dict[str, list[int]]:
        """Every zone of p holding cards (the pile under a fighter listed on its own)."""
        out = {"deck": self.deck[p], "hand": self.hand[p], "life": self.life[p], "grave": self.grave[p],
               "ups": self.ups[p], "core-deck": self.core_deck[p], "spell": self.spell[p],
               "life-destroyed": self.lost_life[p],
               "core": [self.core[p]] if self.core[p] >= 0 else [], "fighters": field.fighters(self, p)}
        for q in (0, 1):
            for f in field.fighters(self, q):
                if self.under[f]:
                    mine = [u for u in self.under[f] if self.owner[u] == p]
                    if mine:
                        out[f"under:{self.oid[f]}@P{q + 1}"] = mine
        return out
