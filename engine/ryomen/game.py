"""The ryomen game: setup, the turn's seven phases, battles, the after and end phases.

The state is :class:`~.state.RyState` (flat lists indexed by a physical card number, zones as
lists of card numbers per player), which the game subclasses. Seats are numbered counter-clockwise, so "the
right-hand neighbour" of seat p is p + 1 and every "counter-clockwise from X" order is X, X + 1, …
(RY-MULTI-2..4). The rules are one generator in the style of :class:`engine.core.Game`:
:meth:`Ryomen.flow` returns :func:`.two.play_two` for two players (the playout hot path, seat
loops unrolled, never-asking abilities run as plain calls: see :mod:`.two` for why it is kept)
or :meth:`Ryomen._play` for 3–4; effects are the functions of :mod:`.effects`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from fuda.engine.core import Game, GameOver, Registry, Rng, Termination, derive, one_of
from fuda.engine.ryomen import greedy as _greedy  # noqa: F401 (registers the greedy policy of RyView)
from fuda.engine.ryomen.cards import CardPool, pool_of
from fuda.engine.ryomen.decisions import LOSER_PROMPT, NAME_DECISIONS, PASS, RECEIVE_PROMPT, SERVE_PROMPT, STAT_CODE
from fuda.engine.ryomen.effects import (
    STATS,
    Ask,
    Asking,
    Ctx,
    card_stats,
    flip_day_night,
    lay_chip,
    resolve,
    stats,
    value,
    window,
)
from fuda.engine.ryomen.render import RyNarrator
from fuda.engine.ryomen.setup import Position, Table
from fuda.engine.ryomen.state import RyState
from fuda.engine.ryomen.two import play_two
from fuda.engine.ryomen.view import RyView, determinize, view_of

ENGINE_VERSION = "1.1"
RULES_VERSION = "ryomen-2"


class Ryomen(RyState, Game):
    """One game of ryomen (両面表) between 2–4 players (the rules; its view is
    :class:`~.view.RyView`, its narration :class:`~.render.RyNarrator`, its greedy policy
    :mod:`.greedy`). Every field play changes is one of :class:`~.state.RyState`'s; what never
    changes in a game is in the slots below."""

    RULES = "ryomen"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = RyNarrator
    #: the stat reads of :mod:`.effects` as methods too (views, narration and tests read them so)
    stats = stats
    card_stats = card_stats
    # The game's state in slots (RyState's, and these, which never change in a game): the
    # instance keeps only the few engine.core attributes in its dictionary, which CPython (3.11)
    # then stores inline, so every self.x takes a specialised path
    __slots__ = ("base", "followers", "n", "opponents", "orders", "pool", "position", "table", "tag", "turns")
    base: tuple[int, ...]  # p's first card number
    followers: tuple[tuple[int, ...], ...]  # the seats after s, counter-clockwise
    n: int
    opponents: tuple[tuple[int, ...], ...]
    orders: tuple[tuple[int, ...], ...]  # every seat counter-clockwise from s
    pool: CardPool
    position: Position | None
    table: Table
    tag: bool
    turns: int

    def __init__(self, pool: CardPool, setups: Any, seed: int, position: Position | None = None):
        Game.__init__(self, seed)  # (RyState has no set-up of its own: the fields are set below)
        table, seating = pool.table(setups, check=position is None)
        self.table = table
        n = self.n = len(table.players)
        self.pool = pool
        self.position = position
        self.turns = pool.turns
        # lists, not the seating's shared tuples: a search agent's copy deals the pairs again in place
        self.lineups = list(seating.lineups)
        self.faces, self.opts, self.base, self.index = list(seating.faces), list(seating.opts), seating.base, list(seating.index)
        self.orders, self.opponents, self.followers = seating.orders, seating.opponents, seating.followers
        cards = len(self.faces)
        self.up = [0] * cards
        self.flips = [0] * cards
        self.chips: list = [None] * cards
        self.hand = [*map(list, seating.hands)]
        self.hopts = [*map(list, seating.hopts)]  # the options of hand[p], same order
        self.first_opts, self.first_ids = list(seating.hopts), list(seating.hids)  # hopts as dealt (first faces up), their ids
        self.battle = [-1] * n
        if n == 2:  # (no comprehensions: a fresh game is part of every playout)
            self.result = [[], []]
            self.effects = [[], []]
            self.waiting = [[], []]
            self.won = [[], []]
        else:
            self.result = [[] for _ in range(n)]
            self.effects = [[] for _ in range(n)]
            self.waiting = [[] for _ in range(n)]
            self.won = [[] for _ in range(n)]
        self.points: list[int] = list(pool.points)
        self.facedown: list[int] = []
        self.supply = dict(pool.supply[n])  # 3–4 players use two base sets (RY-MULTI-1)
        self.night = pool.start_night
        self.named = -1
        self.forbidden = 0
        self.server = 0
        self.turn = 0
        self.tag = table.tag

    def setup_json(self) -> dict[str, Any]:
        return self.table.as_json()

    def view(self, seat: int) -> RyView:
        """What ``seat`` may know now (see :mod:`.view`)."""
        return view_of(self, seat)

    def determinize(self, seat: int, rng: Rng) -> None:
        """Deal the opponents' unseen pairings again (see :func:`.view.determinize`) and re-seed."""
        determinize(self, seat, rng)
        self.rng = Rng(derive(rng.below(1 << 62), "determinized"))

    def fresh(self) -> Ryomen:
        """The same game, not started (same table, position and seed)."""
        return Ryomen(self.pool, self.table, self.seed, self.position)

    def turn_hand_card(self, p: int, c: int) -> str:
        """Flip hand card c of p (loser reverse, flip ops: nothing triggers); its new id."""
        up = self.up[c] = self.up[c] ^ 1
        self.flips[c] += 1
        option = self.opts[c][up]
        self.hopts[p][self.hand[p].index(c)] = option
        return option.id

    def cid(self, c: int) -> str:
        """The readable id of card c as it lies now (``up/down``)."""
        return self.opts[c][self.up[c]].id

    # -- flow ------------------------------------------------------------------------------------
    def flow(self) -> Asking:
        """The rules: a generator (:meth:`_play`) of every decision of the game."""
        return play_two(self) if self.n == 2 else self._play()

    def _set_up(self) -> Asking:
        """RY-SETUP-1..3: faces up, first player, point chips shuffled and laid open."""
        for p, setup in enumerate(self.table.players):
            self.log.push(("setup", p, ("deck", "name"), setup.deck, setup.name))
            hand, opts, up = self.hand[p], self.opts, self.up
            if setup.faces is not None:
                for c, side in zip(hand, setup.faces, strict=True):
                    up[c] = side
                hopts = self.hopts[p] = [opts[c][up[c]] for c in hand]
                ids = [o.id for o in hopts]
            else:
                picks = yield Ask(p, "faces", self.first_opts[p], "RY-SETUP-1",
                                  "裏面を表にするカード（選ばないカードは1枚目の面が表）", 0, len(hand))
                # hand[p] is still the dealt hand (card base + k at place k), every first face up:
                # only the picked cards change
                index, base, hopts, ids = self.index[p], self.base[p], self.hopts[p], list(self.first_ids[p])
                for pick in picks:
                    c = index[pick]
                    up[c] = 1
                    hopts[c - base] = option = opts[c][1]
                    ids[c - base] = option.id
            self.log.push(("layout", p, ("cards",), ids))
        first = self.table.first
        if first is None:
            if self.pool.settings["first-player"] == "random":
                first = self.rng.below(self.n)
                self.log.push(("chance", first, ("what", "result"), "first-player", first))
            else:
                first = 0
                self.log.push(("first", first, ()))
        else:
            self.log.push(("first", first, ()))
        self.server = first
        self.rng.shuffle(self.points)
        self.log.push(("chance", None, ("what", "result"), "point-chips", list(self.points)))

    def _finish(self) -> NoReturn:
        """RY-GAME-1, RY-MULTI-6: point totals; the higher total wins, equal totals draw."""
        won = self.won
        if self.n == 2:  # (the playout case, without comprehensions)
            a, b = sum(won[0]), sum(won[1])
            totals = sides = [a, b]
            winner = 0 if a > b else 1 if b > a else None
        else:
            totals = [sum(w) for w in won]
            sides = [totals[0] + totals[2], totals[1] + totals[3]] if self.tag else totals
            best = max(sides)
            leaders = [i for i, v in enumerate(sides) if v == best]
            winner = leaders[0] if len(leaders) == 1 else None
        self.log.push(("score", winner, ("totals", "sides", "tag"), totals, sides, self.tag))
        shown = "・".join(map(str, sides))
        if winner is None:
            raise GameOver(None, f"draw on points (totals {shown})", Termination.POINTS, f"引き分け（合計 {shown}）")
        who, who_en = (f"チーム{winner + 1}", f"team {winner + 1}") if self.tag else (f"P{winner + 1}", f"player {winner + 1}")
        winners = (winner, winner + 2) if self.tag else (winner,)
        raise GameOver(winner, f"{who_en} wins on points (totals {shown})", Termination.POINTS,
                       f"{who} の勝ち（合計 {shown}）", winners)

    # -- one turn --------------------------------------------------------------------------------
    def _play(self) -> Asking:
        """RY-SETUP-1 … RY-GAME-1 with 3–4 players (RY-MULTI-*): set-up, then the phases of every
        turn (RY-SERVE-1 … RY-END-3); :func:`.two.play_two` is the two-player form.

        The turns run in this one generator (each level of ``yield from`` costs every answer)
        and the serve, receive and loser-reverse questions are asked inline."""
        if self.position is None:
            yield from self._set_up()
        else:
            self._place(self.position)
        faces, up, battle, push = self.faces, self.up, self.battle, self.log.push
        hand, hopts_all, index, waiting = self.hand, self.hopts, self.index, self.waiting
        result, flips = self.result, self.flips
        # the clauses asking: RY-MULTI-2/4 with 3–4 players, the two-player clauses otherwise
        receive_rule, loser_rule = ("RY-MULTI-2", "RY-MULTI-4") if self.n > 2 else ("RY-RECV-1", "RY-END-1")
        for turn in range(self.turn + 1, self.turns + 1):
            self.turn = turn
            s = self.server
            order = self.orders[s]
            push(("turn", s, ("turn", "night", "points"), turn, self.night, list(self.points)))
            # 1: serve phase
            hopts = hopts_all[s]
            if len(hopts) == 1:
                c = self.put_card(s, 0, "serve")
            else:
                picks = yield one_of(Ask, s, "serve", tuple(hopts), "RY-SERVE-1", SERVE_PROMPT)
                if waiting[s]:
                    c = self.put_card(s, hand[s].index(index[s][picks[0]]), "serve")
                else:  # put_card without waiting effects
                    i = hand[s].index(index[s][picks[0]])
                    c = battle[s] = hand[s].pop(i)
                    if self.chips[c] is None:
                        push(("play", s, ("card", "role"), hopts.pop(i).id, "serve"))
                    else:  # with chips: the stats as the card lies (the log line shows them)
                        push(("play", s, ("card", "role", "now"), hopts.pop(i).id, "serve", card_stats(self, c)))
            face = faces[c][up[c]]
            if face.on_play:  # RY-SERVE-2: before the stat is named
                yield from resolve(self, s, c, face, face.on_play, "on-play", False)
            for p in order:  # RY-SERVE-3: the top result cards, the server's first
                if result[p]:
                    top = result[p][-1]
                    face = faces[top][up[top]]
                    if face.from_result:
                        yield from resolve(self, p, top, face, face.from_result, "from-result", False)
            picks = yield NAME_DECISIONS[s][self.forbidden]
            stat = picks[0]
            self.named = STAT_CODE[stat]
            push(("name", s, ("stat",), stat))
            # 2: receive phase (RY-MULTI-2: counter-clockwise from the leader's right)
            for p in self.followers[s]:
                hopts = hopts_all[p]
                if len(hopts) == 1:
                    c = self.put_card(p, 0, "receive")
                else:
                    picks = yield one_of(Ask, p, "receive", tuple(hopts), receive_rule, RECEIVE_PROMPT)
                    if waiting[p]:
                        c = self.put_card(p, hand[p].index(index[p][picks[0]]), "receive")
                    else:
                        i = hand[p].index(index[p][picks[0]])
                        c = battle[p] = hand[p].pop(i)
                        if self.chips[c] is None:
                            push(("play", p, ("card", "role"), hopts.pop(i).id, "receive"))
                        else:
                            push(("play", p, ("card", "role", "now"), hopts.pop(i).id, "receive",
                                  card_stats(self, c)))
                face = faces[c][up[c]]
                if face.on_play:
                    yield from resolve(self, p, c, face, face.on_play, "on-play", False)
            if self.any_before():  # RY-RECV-2, RY-MULTI-3: a window when a battle card has 【バトル直前】
                yield from window(self, 1)
            winner, tied = self.battle_one()  # 3: battle phase 1 (RY-B1-1/2, RY-MULTI-5)
            if winner < 0:
                # 4: reverse phase (RY-REV-1..3)
                marks = self._reverse_flips(tied)
                for p in self.orders[self.server]:
                    c = battle[p]
                    if p in marks and flips[c] == marks[p]:  # still the face the reverse phase turned up
                        face = faces[c][up[c]]
                        if face.on_flip:
                            yield from resolve(self, p, c, face, face.on_flip, "on-flip", True)
                if self.any_before():
                    yield from window(self, 2, tied)  # RY-REV-3: the turned cards' 【バトル直前】 only
                winner = self.battle_two(tied)  # 5: battle phase 2
            # 6: after phase (RY-AFT-1..3): the point chip, then the battle cards to the result zones
            chip = self.points.pop(0)
            if winner >= 0:
                self.won[winner].append(chip)
                push(("point", winner, ("chip",), chip))
            else:
                self.facedown.append(chip)
                push(("cancellation", None, ("chip",), chip))
            effects = self.effects
            for p in self.orders[0]:  # every seat
                result[p].append(battle[p])
                battle[p] = -1
                if effects[p]:
                    effects[p] = []
                if waiting[p]:
                    waiting[p] = []
            self.named = -1
            self.forbidden = 0
            if turn < self.turns:  # 7: end phase (RY-AFT-4)
                if winner >= 0:
                    # RY-MULTI-4: each loser, from the winner's right, may flip one hand card
                    for p in self.followers[winner]:
                        hopts = hopts_all[p]
                        if not hopts:
                            continue
                        picks = yield one_of(Ask, p, "loser-reverse", (*hopts, PASS), loser_rule, LOSER_PROMPT)
                        pick = picks[0]
                        if pick == "pass":
                            push(("loser-reverse", p, ("card", "now"), None, None))
                        else:
                            now = self.turn_hand_card(p, index[p][pick])
                            push(("loser-reverse", p, ("card", "now"), pick, now))
                    self.server = winner  # RY-END-2
                else:
                    push(("serve-again", s, ()))  # RY-END-3
        self._finish()

    def any_before(self) -> bool:
        """True when a battle card's face up has 【バトル直前】 abilities."""
        faces, up = self.faces, self.up
        return any(faces[c][up[c]].before for c in self.battle)

    def put_card(self, p: int, i: int, role: str) -> int:
        """p puts hand card number ``i`` into the battle zone; effects waiting for it apply first."""
        c = self.hand[p].pop(i)
        option = self.hopts[p].pop(i)
        self.battle[p] = c
        if self.chips[c] is None:
            self.log.push(("play", p, ("card", "role"), option.id, role))
        else:  # with chips: the stats as the card lies (the log line shows them)
            self.log.push(("play", p, ("card", "role", "now"), option.id, role, card_stats(self, c)))
        if self.waiting[p]:
            self.effects[p] = self.waiting[p]
            self.waiting[p] = []
            self.log.push(("waiting-applied", p, ("now",), stats(self, p)))
        return c

    def battle_one(self) -> tuple[int, tuple[int, ...]]:
        """RY-B1-1/2 (RY-MULTI-5): the larger named stat wins; a shared highest value ties."""
        named = self.named
        order = self.orders[self.server]
        values = [value(self, p, named) for p in range(self.n)]
        self.log.push(("battle", None, ("phase", "stat", "values"), 1, STATS[named], values))
        best = max(values)
        top = tuple(p for p in order if values[p] == best)
        return (top[0], ()) if len(top) == 1 else (-1, top)

    def battle_two(self, tied: Sequence[int] = ()) -> int:
        """RY-B2-1, RY-MULTI-5: compare again. Among the cards sharing the highest value, those
        that tied in battle phase 1 (``tied``, the cards the reverse phase turned) are cancelled
        and drop out, and the rest decide among themselves; one card left wins whatever its value
        (「残ったカードが１枚の場合は、数値に関わらずそのカードが勝ちとなります」). A card that never
        tied is never cancelled for sharing a value with a tied one; cards that never tied and
        share the highest value among those left are a tie of battle phase 2: nobody wins."""
        named = self.named
        values = [value(self, p, named) for p in range(self.n)]
        left = list(self.orders[self.server])
        cancelled = []
        winner = -1
        if self.n == 2:  # the loop below, for two: a tie cancels both, else the larger wins
            a, b = values
            if a == b:
                cancelled = left
            else:
                winner = 0 if a > b else 1
            left = []
        while left:
            if len(left) == 1:
                winner = left[0]
                break
            best = max(values[p] for p in left)
            top = [p for p in left if values[p] == best]
            if len(top) == 1:
                winner = top[0]
                break
            drop = [p for p in top if p in tied] or top
            cancelled.extend(drop)
            left = [p for p in left if p not in drop]
        self.log.push(("battle", None, ("phase", "stat", "values", "cancelled", "winner"),
                       2, STATS[named], values, cancelled, winner))
        return winner

    def _reverse_flips(self, tied: Sequence[int]) -> dict[int, int]:
        """RY-REV-1/2: flip the tied cards and the day/night chip; {seat: its card's flip count}
        (the 【反転時】 abilities that follow, RY-REV-3, run in the turn's flow)."""
        battle, up, flips, effects, push = self.battle, self.up, self.flips, self.effects, self.log.push
        faces, opts, chips = self.faces, self.opts, self.chips
        marks = {}
        for p in tied:
            c = battle[p]
            u = up[c] = up[c] ^ 1
            marks[p] = flips[c] = flips[c] + 1
            effects[p] = []
            # (cid and card_stats without chips, inline: ties come every few turns)
            push(("flip", p, ("card", "why", "now"), opts[c][u].id, "reverse",
                  card_stats(self, c) if chips[c] else faces[c][u].stats))
        flip_day_night(self, None, "reverse")
        return marks

    # -- positions -------------------------------------------------------------------------------
    def _place(self, pos: Position) -> None:
        """Set an explicit position up (scenario tests): the game resumes at a serve phase."""
        n = self.n
        if len(pos.seats) != n:
            raise ValueError(f"the position has {len(pos.seats)} seats for {n} players")
        if not 1 <= pos.turn <= self.turns:
            raise ValueError(f"turn must be 1–{self.turns}, got {pos.turn}")
        won_all: list[int] = []
        for p, seat in enumerate(pos.seats):
            index = self.index[p]
            mine = [self.base[p] + k for k in range(len(self.lineups[p].faces))]
            placed: list[int] = []

            def take(name, _p=p, _index=index, _placed=placed):
                c = _index.get(name)
                if c is None:
                    raise ValueError(f"player {_p + 1} has no card {name!r} (cards are named up/down)")
                if c in _placed:
                    raise ValueError(f"player {_p + 1}: card {name!r} is placed twice")
                _placed.append(c)
                self.up[c] = 0 if self.opts[c][0].id == name else 1
                return c

            self.result[p] = [take(x) for x in seat.result]
            if seat.hand is None:
                faces = self.table[p].faces
                hand = [c for c in mine if c not in placed]
                for c in hand:
                    self.up[c] = faces[c - self.base[p]] if faces is not None else 0
            else:
                hand = [take(x) for x in seat.hand]
                if len(placed) != len(mine):
                    raise ValueError(f"player {p + 1}: hand and result zone must hold all {len(mine)} cards")
            self.hand[p] = hand
            self.hopts[p] = [self.opts[c][self.up[c]] for c in hand]
            if len(self.result[p]) != pos.turn - 1:
                raise ValueError(f"player {p + 1}: turn {pos.turn} needs {pos.turn - 1} result cards")
            for name, chip in seat.chips:
                on = index.get(name)
                if on is None or chip not in self.supply:
                    raise ValueError(f"player {p + 1}: bad stat chip ({name!r}, {chip!r})")
                lay_chip(self, on, chip)
            self.won[p] = list(seat.won)
            won_all.extend(seat.won)
            self.log.push(("position", p, ("hand", "result", "won"),
                           [self.cid(c) for c in hand], [self.cid(c) for c in self.result[p]], list(seat.won)))
        rest = list(self.pool.points)
        for v in [*won_all, *pos.facedown]:
            if v not in rest:
                raise ValueError(f"point chip {v} is not among the manifest's chips {list(self.pool.points)}")
            rest.remove(v)
        if pos.points is not None:
            if sorted(pos.points) != sorted(rest):
                raise ValueError(f"the point zone must hold the remaining chips {sorted(rest)}, got {list(pos.points)}")
            rest = list(pos.points)
        if len(rest) != self.turns - pos.turn + 1:
            raise ValueError(f"turn {pos.turn} needs {self.turns - pos.turn + 1} chips in the point zone")
        self.points = rest
        self.facedown = list(pos.facedown)
        if pos.night is not None:
            self.night = pos.night
        if not 0 <= pos.server < n:
            raise ValueError(f"server must be a seat 0–{n - 1}")
        self.server = pos.server
        self.turn = pos.turn - 1


__all__ = ["ENGINE_VERSION", "RULES_VERSION", "Ask", "Ctx", "Ryomen"]


def new_game(registry: Registry, setups: Any, seed: int, position: Position | None = None) -> Ryomen:
    """A game between 2–4 setups (PlayerSetup, their JSON, or a Table), optionally from a position."""
    return Ryomen(pool_of(registry), setups, seed, position)
