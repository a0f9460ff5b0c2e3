"""The toho-tcg game: setup with mulligans, the turn's phases, the discard phase, winning.

The rules are one generator (:meth:`TohoTCG.flow`) in the style of :class:`engine.core.Game`,
over one typed state (:class:`~.state.TTState`) and what never changes in a game
(:class:`~.state.TTStatic`); the rules it calls are functions of the game in :mod:`.field`
(zones, stats, damage, triggers), :mod:`.stack` (targets, costs), :mod:`.effects` (resolution),
:mod:`.windows` (priority, plays) and :mod:`.combat` (the battle phase). The greedy agent's
heuristics are :mod:`.greedy`, the log's narration :mod:`.render`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from fuda.database.ruleset import ruleset_for
from fuda.engine.core import CompiledAbility, Decision, Game, GameOver, Option, Termination, card_refs
from fuda.engine.core.rng import Rng
from fuda.engine.toho_tcg import greedy as _greedy  # noqa: F401 (registers the greedy policy of TTView)
from fuda.engine.toho_tcg.cards import CardDef, CardPool
from fuda.engine.toho_tcg.combat import battle_phase
from fuda.engine.toho_tcg.effects import pick_cards
from fuda.engine.toho_tcg.field import (
    controlled,
    deal_damage,
    draw,
    fire_all,
    keywords,
    set_tapped,
    shuffle_deck,
    stats,
    to_trash,
    trash_cards,
)
from fuda.engine.toho_tcg.render import TTNarrator
from fuda.engine.toho_tcg.setup import PHASES, Piece, PlayerSetup, Position, Table
from fuda.engine.toho_tcg.state import Keywords, Steps, TTState, TTStatic
from fuda.engine.toho_tcg.variants import QUICK_LIMIT_BOTH_TURNS, checked
from fuda.engine.toho_tcg.view import TTView, hidden_from, view_of
from fuda.engine.toho_tcg.windows import (
    ability_block,
    play_block,
    priority_options,
    qa_limited,
    qa_used,
    window,
)

if TYPE_CHECKING:
    from fuda.engine.core.hidden import Pool

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


def static_of(pool: CardPool, setups: Table | Sequence[PlayerSetup | Mapping[str, Any]],
              position: Position | None = None, variants: Sequence[str] = ()) -> TTStatic:
    """What never changes in a game between two setups (PlayerSetup or their JSON, or a
    :class:`Table`, whose variants come with it); ``ValueError`` for decks the rules refuse or an
    unknown variant."""
    if isinstance(setups, Table):  # a replay's setup: its variants come with it
        variants = (*setups.variants, *variants)
        setups = setups.players
    names = checked(variants)  # rule variants (.variants), recorded in setup_json()
    players = tuple(s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(dict(s)) for s in setups)
    if len(players) != 2:
        raise ValueError("toho-tcg is a game for two players")
    settings = pool.game.settings
    for key in FIXED_SETTINGS:  # what the engine's data model is built for
        if settings.get(key, 1) != 1:
            raise ValueError(f"the toho-tcg engine supports {key}: 1 only, the manifest says {settings[key]}")
    if position is None:
        rules = pool.game.manifest["deck-rules"]
        sizes = [len(s.cards) for s in players]
        construction = ruleset_for(pool.game.rules)
        for p, s in enumerate(players):
            cards = [(cid, n, ("cards",)) for cid, n in Counter(s.cards).items()]
            # (every rule set has deck_problems, rulesets/base.py; the RuleSet Protocol does not list it yet)
            problems = [m for _, m, _ in construction.deck_problems(pool.game, cards)]  # type: ignore[attr-defined]
            if problems:
                raise ValueError(f"player {p + 1}'s deck {'; '.join(problems)} (TT-SETUP-1)")
        if rules["equal-size"] and sizes[0] != sizes[1]:
            raise ValueError(f"both decks must have the same number of cards, got {sizes} (TT-SETUP-1)")
    defs, owner, oid, by_oid, cards_of, play_opts = pool.layout(players)
    return TTStatic(pool=pool, setups=players, position=position, variants=names, defs=defs, owner=owner, oid=oid,
                    by_oid=by_oid, cards_of=cards_of, play_opts=play_opts, refs=card_refs(len(defs)),
                    settings=settings, hand_limit=settings["hand-limit"], draw_up_to=settings["draw-up-to"],
                    max_chars=settings["max-characters"], qa_limit=settings["quick-assister-limit"],
                    first_attacks=settings["first-player-attacks-turn-1"],
                    qa_both_turns=QUICK_LIMIT_BOTH_TURNS in names)


class TohoTCG(Game):
    """One game of 東方カードゲーム（仮） between two setups: ``static`` (never changes) and ``state``
    (everything play changes); its view is :class:`~.view.TTView`, its narration
    :class:`~.render.TTNarrator`, its greedy policy :mod:`.greedy`.

    The state's and the static value's fields also read as the game's own (``game.hand``,
    ``game.oid``), for tests and the table; the rules read ``state`` and ``static``."""

    _own_defs = None  # the defs each seat owns, by card number (engine.core.view.seen_defs)

    RULES = "toho-tcg"
    ENGINE_VERSION = ENGINE_VERSION
    RULES_VERSION = RULES_VERSION
    NARRATOR = TTNarrator
    #: a checkpoint copies the one state value field by field (engine.core.checkpoint.copy_state)
    STATE = ("state",)

    def __init__(self, static: TTStatic, seed: int):
        super().__init__(seed)
        self.static = static
        self.state = TTState.start(static.owner)
        self._opt_cache: dict[object, Option] = {}  # activate/trash options, made once a game

    # the static tables engine.core reads (engine.core.view.seen_defs) and the table's boards
    @property
    def defs(self) -> tuple[CardDef, ...]:
        """Each card's definition, by card number."""
        return self.static.defs

    @property
    def owner(self) -> tuple[int, ...]:
        """Each card's owner, by card number."""
        return self.static.owner

    @property
    def cards(self) -> CardPool:
        """The card pool the game's cards come from."""
        return self.static.pool

    if not TYPE_CHECKING:  # (rules read .state and .static, typed; this keeps game.hand & co. readable)
        def __getattr__(self, name: str):
            """A field of the state or of the static value, read as the game's own (tests, the table)."""
            if name in TTState.__dataclass_fields__:
                return getattr(self.state, name)
            if name in TTStatic.__dataclass_fields__:
                return getattr(self.static, name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # -- queries (the rules' own functions, for tests and tools) ------------------------------
    def stats(self, c: int) -> tuple[int, int]:
        """Effective (attack, defense) of a character on the field (:func:`.field.stats`)."""
        return stats(self, c)

    def keywords(self, c: int) -> Keywords:
        """Effective keywords of a character on the field (:func:`.field.keywords`)."""
        return keywords(self, c)

    def controlled(self, p: int) -> list[int]:
        """p's cards on the field (:func:`.field.controlled`)."""
        return controlled(self, p)

    def qa_used(self, p: int) -> int:
        """Quicks and assisters counted against p's limit (:func:`.windows.qa_used`)."""
        return qa_used(self, p)

    def qa_limited(self, p: int) -> bool:
        """Whether the quick/assister limit holds for p now (:func:`.windows.qa_limited`)."""
        return qa_limited(self, p)

    def priority_options(self, p: int, window: str) -> tuple[Option, ...]:
        """Every choice of the player with priority in ``window`` (:func:`.windows.priority_options`)."""
        return priority_options(self, p, window)

    def play_block(self, p: int, c: int, window: str) -> str | None:
        """Why p cannot play hand card c in ``window`` now, or None (:func:`.windows.play_block`)."""
        return play_block(self, p, c, window)

    def ability_block(self, p: int, src: int, ability: CompiledAbility) -> str | None:
        """Why p cannot play that activated ability of src now, or None (:func:`.windows.ability_block`)."""
        return ability_block(self, p, src, ability)

    def deal_damage(self, c: int, amount: int, source: int, combat: bool = False) -> int:
        """Deal damage to a character by the rules (:func:`.field.deal_damage`); the damage dealt."""
        return deal_damage(self, c, amount, source, combat)

    # -- the engine contract --------------------------------------------------------------------
    def view(self, seat: int) -> TTView:
        """What ``seat`` may know now (see :mod:`.view`)."""
        return view_of(self, seat)

    def hidden(self, seat: int) -> list[Pool]:
        """What ``seat`` cannot see into (see :mod:`.view`)."""
        return hidden_from(self, seat)

    def determinize(self, seat: int, rng: Rng) -> None:
        """Deal what ``seat`` cannot see again (see :meth:`Game.determinize`), and give every card
        the zone it was dealt to: a card's ``zone`` must not still say where it really was."""
        super().determinize(seat, rng)
        s = self.state
        zone = s.zone
        for p in (0, 1):
            for c in s.hand[p]:
                zone[c] = "hand"
            for c in s.deck[p]:
                zone[c] = "deck"

    def fresh(self) -> TohoTCG:
        """The same game, not started (same setups, position, variants and seed)."""
        return TohoTCG(self.static, self.seed)

    def setup_json(self) -> dict:
        doc: dict[str, Any] = {"players": [s.as_json() for s in self.static.setups]}
        if self.static.variants:  # a game without variants records what it did before variants existed
            doc["variants"] = list(self.static.variants)
        return doc

    # -- flow ------------------------------------------------------------------------------------
    def flow(self) -> Steps[None]:
        s, k = self.state, self.static
        position = k.position
        if self._resume_at is not None:  # restored from a checkpoint (engine.core.checkpoint)
            phase, played = cast(tuple[str, int], self._resume_at)
        else:
            if k.variants:  # part of the record: a replay that lost them no longer verifies
                self.log.add("variants", None, names=list(k.variants))
            if position is None:
                yield from set_up(self)
                phase = "draw"
            else:
                phase = place(self, position)
            played = 0
        stop = position.turns if position is not None else None
        while True:
            # the top of a turn: the state alone says where play stands (a search's copies start here)
            self.checkpoint((phase, played))
            yield from take_turn(self, phase)
            played += 1
            if stop is not None and played >= stop:
                raise GameOver(None, "scenario ended", Termination.SCENARIO, f"局面指定のゲームが{played}ターンで終わった")
            phase = "draw"
            s.active = 1 - s.active
            s.turn += 1
            if s.turn > MAX_TURNS:
                raise GameOver(None, f"no winner after {MAX_TURNS} turns (engine limit, not a rule)", Termination.TURN_LIMIT,
                               f"{MAX_TURNS}ターンで決着がつかない（エンジンの上限、ルールではない）")


def set_up(g: TohoTCG) -> Steps[None]:
    """TT-SETUP-1..4: shuffled decks, the first player, 7-card hands, mulligans."""
    s, k = g.state, g.static
    for p, setup in enumerate(k.setups):
        g.log.add("setup", p, deck=setup.deck, name=setup.name, size=len(setup.cards))
        s.deck[p] = list(k.cards_of[p])
        shuffle_deck(g, p)  # TT-SETUP-2: the opponent's shuffle is the game's generator
    first = k.settings["first-player"]
    s.first = g.rng.below(2) if first == "random" else 0  # first-seat: the first listed player
    g.log.add("chance", s.first, what="first-player", result=s.first)
    s.active, s.turn = s.first, 1
    size = k.settings["opening-hand"]
    order = (s.first, 1 - s.first)
    for p in order:
        draw(g, p, size, "opening")
    less = k.settings["mulligan-reduction"]
    for p in order:
        n = size
        while n - less >= 1:  # a redraw must leave at least 1 card (manifest mulligan-reduction)
            picks = yield Decision(p, "mulligan", (KEEP, MULLIGAN), "TT-SETUP-3", f"手札{n}枚で始めるか")
            if picks[0] == "keep":
                break
            n -= less
            for c in s.hand[p]:
                s.zone[c] = "deck"
            s.deck[p].extend(s.hand[p])
            s.hand[p] = []
            g.log.add("mulligan", p, size=n)
            shuffle_deck(g, p)
            draw(g, p, n, "mulligan")


def place(g: TohoTCG, pos: Position) -> str:
    """Set an explicit position up (scenario tests); returns the phase to start in."""
    if pos.phase not in PHASES:
        raise ValueError(f"phase must be one of {', '.join(PHASES)}, got {pos.phase!r}")
    s, k = g.state, g.static
    placed: list[int] = []

    def take(p: int, cid: str) -> int:
        for c in k.cards_of[p]:
            if k.defs[c].id == cid and c not in placed:
                placed.append(c)
                return c
        raise ValueError(f"player {p + 1}'s setup has no unplaced copy of {cid!r}")

    def put(c: int, p: int, zone: str, tapped: bool = False) -> int:
        s.zone[c], s.ctrl[c], s.tapped[c] = zone, p, tapped
        return c

    for p, seat in enumerate(pos.seats):
        s.hand[p] = [put(take(p, x), p, "hand") for x in seat.hand]
        s.trash[p] = [put(take(p, x), p, "trash") for x in seat.trash]
        for piece in seat.field:
            piece = Piece(piece) if isinstance(piece, str) else piece
            c = put(take(p, piece.card), p, "char", piece.tapped)
            if piece.under:
                u = put(take(p, piece.under), p, "under")
                s.under[c] = u
            if piece.equip:
                q = p if piece.equip_owner is None else piece.equip_owner
                e = put(take(q, piece.equip), q, "equip")
                s.equip[c], s.host[e] = e, c
            s.chars[p].append(c)
        for piece in seat.assisters:
            piece = Piece(piece) if isinstance(piece, str) else piece
            s.assisters[p].append(put(take(p, piece.card), p, "assister", piece.tapped))
        s.waiting[p] = [put(take(p, x), p, "waiting") for x in seat.waiting]
        s.rei[p] = seat.pool
    if pos.world is not None:
        s.world = put(take(pos.world[0], pos.world[1]), pos.world[0], "world")
    for p, seat in enumerate(pos.seats):
        top = [take(p, x) for x in seat.deck]
        rest = [c for c in k.cards_of[p] if c not in placed]
        placed.extend(rest)
        s.deck[p] = [put(c, p, "deck") for c in reversed(top + rest)]
        g.log.add("position", p, hand=list(seat.hand), deck=len(s.deck[p]), field=[k.oid[c] for c in s.chars[p]])
    s.active, s.turn, s.first = pos.active, pos.turn, pos.active if pos.turn == 1 else 1 - pos.active
    s.qa_played[pos.active] = pos.played
    for cid in pos.attacked:
        c = next(x for x in s.chars[pos.active] if k.defs[x].id == cid and not s.attacked[x])
        s.attacked[c] = True
    s.dirty = True
    return pos.phase


# -- the turn --------------------------------------------------------------------------------
def take_turn(g: TohoTCG, phase: str) -> Steps[None]:
    """Draw, standby, main, battle, end; then the opponent's discard phase."""
    s = g.state
    t = s.active
    start = PHASES.index(phase)
    if start == 0:
        g.log.add("turn", t, turn=s.turn, decks=[len(s.deck[0]), len(s.deck[1])])
        new_turn(g)
        yield from draw_phase(g, t)
    if start <= 1:
        enter_phase(g, t, "standby")
        for c in controlled(g, t):  # TT-STBY-1: every tapped card the turn player controls
            if s.tapped[c]:
                set_tapped(g, c, False, "standby")
        fire_all(g, t, "standby-phase")
        yield from window(g, "standby", "TT-STBY-1")
    if start <= 2:
        enter_phase(g, t, "main")
        yield from window(g, "main", "TT-MAIN-1")
    if start <= 3:
        enter_phase(g, t, "battle")
        yield from battle_phase(g, t)
    enter_phase(g, t, "end")
    fire_all(g, t, "end-phase")
    yield from window(g, "end", "TT-END-1")
    quicks = [c for p in (t, 1 - t) for c in s.waiting[p]]
    for c in quicks:  # TT-END-1, TT-SPELL-2
        to_trash(g, c, "end-phase")
    enter_phase(g, 1 - t, "discard")
    yield from discard_phase(g, 1 - t)
    if s.eot:
        s.eot = []
        s.dirty = True
    g.log.add("end-turn", t, turn=s.turn)


def new_turn(g: TohoTCG) -> None:
    """Reset what lasts one turn: attacks made, quicks/assisters played (TT-SPELL-5)."""
    s = g.state
    s.attacked = [False] * len(g.static.defs)
    s.qa_played = [0, 0]
    s.new_assisters = []


def enter_phase(g: TohoTCG, p: int, name: str) -> None:
    """Start a phase; 霊力 not spent in the previous phase is lost."""
    s = g.state
    s.phase = name
    s.rei = [0, 0]
    g.log.add("phase", p, phase=name)


def draw_phase(g: TohoTCG, t: int) -> Steps[None]:
    """TT-DRAW-1: draw any number of cards up to a hand of 7."""
    s, k = g.state, g.static
    enter_phase(g, t, "draw")
    n = min(k.draw_up_to - len(s.hand[t]), len(s.deck[t]))
    if n <= 0:
        return
    options = DRAWS[n] if n < len(DRAWS) else tuple(Option(f"draw:{x}", f"{x}枚ドロー", x) for x in range(n + 1))
    picks = yield Decision(t, "draw", options, "TT-DRAW-1", f"手札が{k.draw_up_to}枚になるまでドローできる")
    count = int(picks[0][5:])
    if count:
        draw(g, t, count, "draw-phase")


def discard_phase(g: TohoTCG, o: int) -> Steps[None]:
    """TT-DISC-1: the turn player's opponent trashes down to the hand limit, or more."""
    hand = g.state.hand[o]
    if not hand:
        return
    limit = g.static.hand_limit
    lo = max(0, len(hand) - limit)
    cards = yield from pick_cards(g, o, hand, lo, len(hand), "discard", "TT-DISC-1",
                                  f"手札を{limit}枚以下に（不要なカードも捨てられる）")
    trash_cards(g, o, cards, "discard")
