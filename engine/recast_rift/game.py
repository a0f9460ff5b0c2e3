"""The Recast Rift game: setup, turns, the main phase, casting, awakening, abilities.

State is plain lists of card numbers (see :mod:`.zones`); a card number indexes ``defs``
(its :class:`~.cards.CardDef`), ``owner`` and ``oid`` (its readable id, the card id). The rules
are one generator (:meth:`RecastRift.flow`) in the style of :class:`engine.core.Game`.
"""

from __future__ import annotations

from fuda.engine.core import Decision, Game, GameOver, Termination
from fuda.engine.core.decision import Option, option
from fuda.engine.recast_rift import greedy as _greedy  # noqa: F401 (registers the greedy policy of RRView)
from fuda.engine.recast_rift.awakening import AwakeningRules
from fuda.engine.recast_rift.cards import CardPool
from fuda.engine.recast_rift.combat import Attack, CombatRules, Ctx
from fuda.engine.recast_rift.ops import TIMINGS
from fuda.engine.recast_rift.render import RRNarrator
from fuda.engine.recast_rift.setup import PHASES, Position, position_json
from fuda.engine.recast_rift.view import RRView, hidden_from, view_of
from fuda.engine.recast_rift.zones import ROMAN, ZoneRules
from fuda.i18n import Text

ENGINE_VERSION = "1.1"
RULES_VERSION = "recast-rift-2"
#: Not a rule: a safety net so that no playout runs forever; such a game is a draw.
MAX_TURNS = 200
END = option("end", "メインフェイズを終える")
REFRESH = (option("rebuild", "山札を再構成してリフト"), option("pass", "しない"))


class RecastRift(ZoneRules, CombatRules, AwakeningRules, Game):
    """One game of 東方リキャストリフト between two setups (the rules; its view is
    :class:`~.view.RRView`, its narration :class:`~.render.RRNarrator`, its greedy policy
    :mod:`.greedy`)."""

    _own_defs = None  # the defs of each seat's own spells, by card number (engine.core.view.seen_defs)

    RULES = "recast-rift"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = RRNarrator

    #: what play changes (for checkpoints at the top of each turn)
    STATE = ("life", "deck", "hand", "seen_in_hand", "facedown", "reserve", "zones", "cast_zone", "awakened",
             "active", "turn", "acted", "used", "waiting", "text_depth", "retrieving")

    def __init__(self, pool: CardPool, setups, seed: int, position: Position | None = None):
        super().__init__(seed)
        self.pool = pool
        self._setups_arg = setups
        layout = pool.layout(setups)  # card numbers, ids and options (cached per setups)
        self.setups = layout.setups
        settings = pool.game.settings
        self.cap = settings["places-per-recast-zone"]
        self.hand_limit = settings["hand-limit"]
        self.draws = settings["draws-per-turn"]
        self.awaken_at = settings["awaken-at-life"]
        self.settings = settings
        self.position = position
        self.defs, self.owner, self.oid = list(layout.defs), list(layout.owner), list(layout.oid)
        self.by_oid: list[dict[str, int]] = [dict(ids) for ids in layout.by_oid]
        self.far, self.near = list(layout.far), list(layout.near)
        self.spells = [list(cards) for cards in layout.spells]
        self.card_opt, self.cast_opt, self.lift_opt = layout.card_opt, layout.cast_opt, layout.lift_opt
        self.awaken_opt, self.activate_opt = layout.awaken_opt, layout.activate_opt
        self.activate_rules, self.forbidders = layout.activate_rules, layout.forbidders
        self.recast_mask = layout.recast_mask
        self.life = [settings["starting-life"]] * 2
        self.deck, self.hand = [[], []], [[], []]
        # hand cards the opponent has seen go in (revealed by a graze, retrieved from an open zone)
        self.seen_in_hand: tuple[set, set] = (set(), set())
        self.facedown, self.reserve = [[], []], [[], []]
        self.zones = [[[], [], [], []], [[], [], [], []]]
        self.cast_zone: list[int] = []
        self.awakened = [False, False]
        self.active = 0
        self.turn = 0
        self.acted = False  # a normal action was taken in this main phase
        self.used: dict = {}  # (card, ability index) -> turn of the last use (once-per-turn)
        self.waiting: list = []  # triggered abilities waiting (RR-PRIN-3..5)
        self.text_depth = 0
        self.retrieving: set[int] = set()

    def view(self, seat: int) -> RRView:
        """What ``seat`` may know now (see :mod:`.view`)."""
        return view_of(self, seat)

    def hidden(self, seat: int) -> list:
        """What ``seat`` cannot see into (see :mod:`.view`)."""
        return hidden_from(self, seat)

    def fresh(self) -> RecastRift:
        """The same game, not started (same setups, position and seed)."""
        return RecastRift(self.pool, self._setups_arg, self.seed, self.position)

    def setup_json(self) -> dict:
        doc = {"players": [s.as_json() for s in self.setups]}
        if self.position is not None:
            doc["position"] = position_json(self.position)
        return doc

    def ctx(self, p: int, card: int, answered=None) -> Ctx:
        """A context for an ability of ``card`` controlled by ``p``."""
        return Ctx(p, card, None, answered)

    def name_of(self, card: int | None) -> str:
        """The printed name of a card number."""
        return self.defs[card].name if card is not None and card >= 0 else ""

    def note(self, p, kind: str, **data) -> None:
        """Log a rules note (e.g. an op that had nothing to act on)."""
        self.log.add(kind, p, **data)

    # -- flow ------------------------------------------------------------------------------------
    def flow(self):
        phase = "draw"
        if self._resume_at is not None:  # a copy restored from a checkpoint (engine.core.checkpoint)
            phase = self._resume_at
        elif self.position is None:
            self._set_up()
        else:
            phase = self._place(self.position)
        stop = self.position.turns if self.position is not None else None
        played = 0
        while True:
            if phase == "draw":
                if stop is None:  # (a scenario counts its turns in a local: no checkpoints there)
                    self.checkpoint("draw")  # the state alone says where play stands: a turn begins
                self.turn += 1
                if self.turn > MAX_TURNS:
                    raise GameOver(None, f"no winner after {MAX_TURNS} turns (engine limit, not a rule)",
                                   Termination.TURN_LIMIT, f"{MAX_TURNS}ターンで決着がつかない（エンジンの上限、ルールではない）")
            yield from self.take_turn(phase)
            played += 1
            if stop is not None and played >= stop:
                raise GameOver(None, f"scenario ended after {played} turn(s)", Termination.SCENARIO,
                               f"局面指定のゲームが{played}ターンで終わった")
            phase = "draw"
            self.active = 1 - self.active

    def _set_up(self) -> None:
        """RR-DECK-4/5, RR-LIFE-1: slots, shuffled decks, first player, starting hands."""
        for p, setup in enumerate(self.setups):
            self.log.push(("setup", p, ("deck", "fighters", "life"), setup.deck, list(setup.fighters), self.life[p]))
            self.deck[p] = list(self.spells[p])
            self.rng.shuffle(self.deck[p])
            self.log.push(("chance", p, ("what", "result"), "shuffle", [self.oid[c] for c in reversed(self.deck[p])]))
        first = self.settings["first-player"]
        self.active = self.rng.below(2) if first == "random" else (0 if first == "player-1" else 1)
        self.log.push(("chance", self.active, ("what", "result"), "first-player", self.active))
        for p in (self.active, 1 - self.active):
            for _ in range(self.settings["starting-hand"]):
                self.draw_one(p, "starting-hand")

    def _place(self, pos: Position) -> str:
        """Set an explicit position up (scenario tests); returns the phase to start in."""
        if pos.phase not in PHASES:
            raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {pos.phase!r}")
        for p, seat in enumerate(pos.seats):
            ids = self.by_oid[p]
            placed: list[int] = []

            def take(cid, _p=p, _ids=ids, _placed=placed):
                if cid not in _ids or self.defs[_ids[cid]].kind != "spell":
                    raise ValueError(f"player {_p + 1} has no spell {cid!r} in their setup")
                card = _ids[cid]
                if card in _placed:
                    raise ValueError(f"player {_p + 1}: {cid!r} is placed twice")
                _placed.append(card)
                return card

            hand = [take(c) for c in seat.hand]
            facedown = [take(c) for c in seat.face_down]
            reserve = [take(c) for c in seat.reserve]
            zones = [[], [], [], []]
            for z, cards in seat.zones.items():
                if z not in (1, 2, 3) or len(cards) > self.cap:
                    raise ValueError(f"player {p + 1}: bad recast zone {z!r} or too many cards")
                zones[z] = [take(c) for c in cards]
            top = [take(c) for c in seat.deck]
            rest = [c for c in self.spells[p] if c not in placed]
            self.deck[p] = list(reversed(top + rest))
            self.hand[p], self.facedown[p], self.reserve[p], self.zones[p] = hand, facedown, reserve, zones
            self.awakened[p] = seat.awakened
            if seat.life is not None:
                self.life[p] = seat.life
            self.log.push(("position", p, ("life", "hand", "deck"),
                           self.life[p], list(seat.hand), [self.oid[c] for c in reversed(self.deck[p])]))
        self.active = pos.active
        self.turn = pos.turn - 1 if pos.phase == "draw" else pos.turn  # the draw phase starts the turn
        for p, n in pos.used:
            ability = self.defs[self.far[p]].while_awakened[n - 1]
            self.used[(self.far[p], ability.index)] = self.turn
        return pos.phase

    def take_turn(self, phase: str):
        """RR-TURN-1: Draw & Lift, Main, Refresh & Cleanup."""
        t = self.active
        start = PHASES.index(phase)
        if start == 0:
            self.log.push(("turn", t, ("turn", "life"), self.turn, list(self.life)))
            for _ in range(self.draws):  # RR-TURN-2
                self.draw_one(t, "draw-step")
            z = self.zones[t]
            if (z[1] or z[2] or z[3]) and self.lift_everything(t, "lift-step"):  # lift_all, inline
                yield from self.retrieve_zero(t)
        if start <= 1:
            yield from self.main_phase(t)
        if start <= 2 and self.can_rebuild(t):  # RR-TURN-6
            picks = yield Decision(t, "refresh", REFRESH, "RR-TURN-6", "リフレッシュステップ")
            if picks[0] == "rebuild":
                self.rebuild(t, "refresh")
                z = self.zones[t]
                if (z[1] or z[2] or z[3]) and self.lift_everything(t, "refresh"):
                    yield from self.retrieve_zero(t)
        excess = len(self.hand[t]) - self.hand_limit  # RR-TURN-7
        if excess > 0:
            cards = yield from self.choose_hand(t, t, excess, excess, "cleanup", "RR-TURN-7",
                                                f"手札を{self.hand_limit}枚にする")
            self.face_down(t, cards, "cleanup")
        self.log.push(("end-turn", t, ("turn",), self.turn))

    # -- main phase ----------------------------------------------------------------------------
    def main_options(self, t: int) -> tuple[Option, ...]:
        """The turn player's choices now (RR-TURN-3..5)."""
        options = []
        defs, cap = self.defs, self.cap
        zones = self.zones[t]
        free = (len(zones[1]) < cap) << 1 | (len(zones[2]) < cap) << 2 | (len(zones[3]) < cap) << 3  # bit z: a place
        banned = self.forbidden(t) if self.forbidders[1 - t] else ()
        acted = self.acted
        hand = self.hand[t]
        cast_opt, recast = self.cast_opt, self.recast_mask
        for card in hand:
            if recast[card] & free:  # a recast zone of the card has a free place
                timing = defs[card].timing
                if not ((acted and timing == "full-power") or timing in banned):
                    options.append(cast_opt[card])
        if hand:
            lift = self.lift_opt.__getitem__
            options.extend(map(lift, zones[1]))
            if free & 2:
                options.extend(map(lift, zones[2]))
            if free & 4:
                options.extend(map(lift, zones[3]))
        if not self.awakened[t]:
            if self.life[t] <= self.awaken_at:
                options.append(self.awaken_opt[t])
        else:
            options.extend(self.activate_options(t))
        options.append(END)
        return tuple(options)

    def forbidden(self, p: int) -> tuple[str, ...]:
        """The timing classes p cannot cast now because of the opponent's statics (RR-PRIN-2)."""
        out = ()
        if not self.forbidders[1 - p]:  # no card of the opponent's forbids anything
            return out
        defs = self.defs
        for card in self.deployed(1 - p):
            forbids = defs[card].forbids
            if forbids:
                ctx = Ctx(1 - p, card)
                for timing in TIMINGS:
                    if timing not in out:
                        for op in forbids:
                            if op.fn(self, ctx, p, timing, **op.args):
                                out += (timing,)
                                break
        return out

    def main_phase(self, t: int):
        """Normal actions in any order, or one full-power cast (RR-TURN-3..5)."""
        self.acted = False
        while True:
            picks = yield Decision(t, "main", self.main_options(t), "RR-TURN-3", "メインフェイズ",
                                   explain=self.explain_main)
            pick = picks[0]
            if pick == "end":
                return
            if pick.startswith("cast:"):
                card = self.by_oid[t][pick[5:]]
                if self.defs[card].timing == "full-power":
                    self.log.push(("full-power", t, ("card",), pick[5:]))
                    yield from self.cast(t, card)
                    return
                self.acted = True
                yield from self.cast(t, card)
            elif pick.startswith("lift:"):
                self.acted = True
                card = self.by_oid[t][pick[5:]]
                cost = yield from self.choose_hand(t, t, 1, 1, "lift-cost", "RR-TURN-4", "伏せ札にする手札1枚")
                self.face_down(t, cost, "lift-cost")
                yield from self.lift_cards(t, [card], "normal-action")
            elif pick == "awaken":
                self.acted = True
                yield from self.awaken(t)
            else:
                self.acted = True
                yield from self.activate(t, int(pick[9:]))

    def explain_main(self, pick: str) -> str | None:
        """Why a known main-phase action is not allowed now."""
        t = self.active
        if pick.startswith("cast:") and pick[5:] in self.by_oid[t]:
            card = self.by_oid[t][pick[5:]]
            if card not in self.hand[t]:
                return Text("why.not_in_hand", name=self.defs[card].name)
            return self.cast_block(t, card, "main")
        if pick.startswith("lift:") and pick[5:] in self.by_oid[t]:
            card = self.by_oid[t][pick[5:]]
            z = self.zone_of(card)
            if z < 1:
                return Text("why.rr.not_deployed", name=self.defs[card].name)
            if not self.hand[t]:
                return Text("why.rr.lift_empty_hand")
            return Text("why.rr.lift_full", zone=ROMAN[z - 1])
        if pick == "awaken":
            return self.awaken_block(t)
        if pick.startswith("activate:"):
            return self.activate_block(t, pick[9:], preempt=False)
        return None

    # -- casting -------------------------------------------------------------------------------
    def cast_block(self, p: int, card: int, when: str) -> str | None:
        """Why ``card`` cannot be cast by p now (``when`` is main or preempt), or None."""
        d = self.defs[card]
        if d.kind != "spell":
            return Text("why.not_spell", name=d.name)
        if when == "main" and d.timing == "full-power" and self.acted:
            return Text("why.rr.full_power")
        zones = self.zones[p]
        if not any(len(zones[z]) < self.cap for z in d.recast):
            return Text("why.rr.no_place", zones="/".join(ROMAN[z] for z in d.recast))
        for card2 in self.deployed(1 - p):
            for op in self.defs[card2].forbids:
                if op.fn(self, self.ctx(1 - p, card2), p, d.timing, **op.args):
                    return Text("why.rr.forbids", name=self.defs[card2].name)
        return None

    def cast(self, p: int, card: int, answered: Attack | None = None):
        """RR-CAST-1..4: cast abilities, attack (steps 2–4), deploy."""
        self.hand[p].remove(card)
        self.seen_in_hand[p].discard(card)
        self.cast_zone.append(card)
        d = self.defs[card]
        self.log.push(("cast", p, ("card", "answering"), self.oid[card], answered is not None))
        ctx = Ctx(p, card, Attack(p, card, d.hand, d.life) if d.is_attack else None, answered)
        for ability in d.on_cast:
            yield from self.run_ability(ctx, ability)
        if d.is_attack and card in self.cast_zone:
            yield from self.attack(ctx.own)
        if card in self.cast_zone:
            free = self.free_zones(p, card)
            if len(free) > 1:  # a choice: the deploy decision
                yield from self.deploy(p, card)
            else:
                self.deploy_to(p, card, free[0] if free else None)
        if self.waiting and self.text_depth == 0:
            yield from self.resolve_waiting()

    # -- abilities -----------------------------------------------------------------------------
    def run_ability(self, ctx: Ctx, ability):
        """Resolve one ability's ops in order (RR-PRIN-3); waiting triggers resolve after."""
        self.log.push(("ability", ctx.player, ("card", "index"), self.oid[ctx.card], ability.index))
        self.text_depth += 1
        try:
            yield from self.run_ops(ctx, ability.ops)
        finally:
            self.text_depth -= 1
        if self.waiting and self.text_depth == 0:
            yield from self.resolve_waiting()

    def run_ops(self, ctx: Ctx, ops):
        """Run compiled ops in order."""
        for op in ops:
            if op.gen:
                yield from op.fn(self, ctx, **op.args)
            else:
                op.fn(self, ctx, **op.args)

    def holds(self, p: int, condition) -> bool:
        """A card condition, seen from p (all keys must hold)."""
        for key, value in condition.items():
            if key == "hand-at-most" and len(self.hand[p]) > value:
                return False
            if key == "life-at-most" and self.life[p] > value:
                return False
            if key == "deployed-at-least" and len(self.deployed(p)) < value:
                return False
            if key == "awakened" and self.awakened[p] != value:
                return False
        return True

    def trigger(self, p: int, event: str) -> None:
        """Queue p's deployed triggered abilities for ``event`` (they wait, RR-PRIN-3)."""
        for card in self.deployed(p):
            for ability in self.defs[card].triggers:
                if ability.extras["trigger"] == event:
                    self.waiting.append((p, card, ability))
                    self.log.push(("trigger", p, ("card", "event"), self.oid[card], event))

    def resolve_waiting(self):
        """RR-PRIN-4/5: the turn player picks the order; a card no longer deployed does nothing."""
        while self.waiting:
            if len(self.waiting) == 1:
                item = self.waiting.pop()
            else:
                options, seen = [], {}
                for i, (p, card, ability) in enumerate(self.waiting):
                    key = f"p{p + 1}:{self.oid[card]}"
                    seen[key] = seen.get(key, 0) + 1
                    oid = key if seen[key] == 1 else f"{key}#{seen[key]}"
                    options.append(option(oid, ability.text, i))
                picks = yield Decision(self.active, "trigger", tuple(options), "RR-PRIN-4", "先に処理する誘発")
                index = next(o.value for o in options if o.id == picks[0])
                item = self.waiting.pop(index)
            p, card, ability = item
            if self.zone_of(card) < 0:
                self.log.push(("fizzle", p, ("card",), self.oid[card]))
                continue
            if ability.extras.get("limit") == "once-per-turn":
                if self.used.get((card, ability.index)) == self.turn:
                    self.log.push(("limit", p, ("card",), self.oid[card]))
                    continue
                self.used[(card, ability.index)] = self.turn
            yield from self.run_ability(Ctx(p, card), ability)
