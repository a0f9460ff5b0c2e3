"""Ryomen cards as the engine reads them: faces, double-faced cards and prepared line-ups.

:func:`build_registry` compiles every face's abilities against the op table. :class:`CardPool`
flattens each face into a :class:`FaceDef` (a stats tuple and one tuple of :class:`Ability` per
timing) and prepares each pairing once as a :class:`Lineup`: its 9 double-faced cards with the
readable option ids and labels of both orientations, so a game never builds strings or looks at
YAML-shaped data in its hot path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, cast

from fuda.database import Finding, FindingsError, Location
from fuda.database.ruleset import ruleset_for
from fuda.engine.core import Enum, Option, Registry
from fuda.engine.core import build_registry as core_build
from fuda.engine.core.registry import per_registry, runnable, unplayable
from fuda.engine.ryomen.effects import Step
from fuda.engine.ryomen.ops import ANY, DAY, NIGHT, TABLE
from fuda.engine.ryomen.setup import Table
from fuda.engine.ryomen.two import plain_two

WHENS = ("on-play", "before-battle", "on-flip", "from-result")
#: The ability keys besides when/text/effect: the day/night condition (RY-CARD-2).
ABILITY_KEYS = {"condition": Enum(values=("day", "night"))}
STAT_EN = ("power", "speed", "brain")
WHEN_JA = {"on-play": "【登場時】", "before-battle": "【バトル直前】", "on-flip": "【反転時】",
           "from-result": "【リザルト】"}
WHEN_EN = {"on-play": "[on play]", "before-battle": "[just before battle]", "on-flip": "[on flip]",
           "from-result": "[from the result zone]"}


def build_registry(game) -> Registry:
    """Compile every face of a ryomen game; FindingsError (located) on a bad op or key."""
    return core_build(game, TABLE, whens=WHENS, extras=ABILITY_KEYS)


@dataclass(frozen=True, slots=True)
class Ability:
    """One compiled ability: its timing, day/night condition (ANY/DAY/NIGHT), ops and text."""

    card: str
    index: int
    when: str
    cond: int
    ops: tuple  # CompiledOp (with plain-dict arguments, see engine.core.registry.runnable)
    text: str
    plain: tuple[Step, ...] | None = None  # the two-player plain steps of ops (engine.ryomen.two.plain_two), or None
    #: the engine's Ctx of this ability by (player, card, timing, in_flip), made once and shared by
    #: every game (a Ctx holds nothing of one game; see engine.ryomen.effects.ctx_of)
    ctxs: dict = field(default_factory=dict, compare=False, hash=False, repr=False)


@dataclass(frozen=True, slots=True)
class FaceDef:
    """One face (one printed card): printed stats and its abilities grouped by timing."""

    id: str
    name: str
    stats: tuple[int, int, int]
    on_play: tuple[Ability, ...]
    before: tuple[Ability, ...]
    on_flip: tuple[Ability, ...]
    from_result: tuple[Ability, ...]
    manual: tuple  # ManualAbility entries: a face with any cannot be played
    abilities: tuple[Ability, ...]  # all, in printed order
    #: per timing: True when every ability of it has plain steps (two players: nothing can ask)
    on_play2: bool = False
    on_flip2: bool = False
    from_result2: bool = False
    #: the 【バトル直前】 window this face asks for with two players: 0 none, 1 plain, 2 general
    window2: int = 0

    @property
    def short(self) -> str:
        """``P8 S7 B6``."""
        p, s, b = self.stats
        return f"P{p} S{s} B{b}"


@dataclass(frozen=True)
class Lineup:
    """One player's 9 double-faced cards, prepared for play.

    ``faces[k]`` is the pair (first face, second face) of card ``k``; ``options[k][side]`` the
    decision option naming card ``k`` with ``side`` up (id ``up/down``, ``#2``… added when the
    same two faces form more than one card); ``ids[k]`` the two ids.
    """

    faces: tuple[tuple[FaceDef, FaceDef], ...]
    options: tuple[tuple[Option, Option], ...]
    ids: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Seating:
    """The fixed part of a table, shared by every game of the same pairings (cached by the pool).

    Physical card ``c = base[p] + k``; ``index[p]`` maps both option ids of p's cards to ``c``;
    ``orders[s]`` is every seat counter-clockwise from s; ``opponents[p]`` p's opponents in that
    order (the other team only, in a tag match).
    """

    lineups: tuple[Lineup, ...]
    faces: tuple
    opts: tuple
    base: tuple[int, ...]
    index: tuple[dict, ...]
    hands: tuple[tuple[int, ...], ...]
    hopts: tuple[tuple[Option, ...], ...]
    orders: tuple[tuple[int, ...], ...]
    opponents: tuple[tuple[int, ...], ...]
    followers: tuple[tuple[int, ...], ...] = ()  # ``orders[s][1:]``: the seats after s, counter-clockwise
    hids: tuple[tuple[str, ...], ...] = ()  # the ids of ``hopts``


class _DeckRules(Protocol):
    """The deck check every built-in rule set has (the RuleSet protocol does not require it)."""

    def deck_problems(self, game: Any, *decks: Any) -> list[tuple[Any, str, Any]]: ...


#: an ability's ``condition`` key -> Ability.cond
_CONDITIONS: dict[object, int] = {"day": DAY, "night": NIGHT}


class CardPool:
    """Every face of one ryomen game as :class:`FaceDef`, and prepared line-ups (cached)."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self.game = registry.game
        self.defs: dict[str, FaceDef] = {c.id: self._flatten(c) for c in self.game.cards}
        manifest = self.game.manifest
        chips = manifest["chips"]
        self.points = tuple(chips["points"])
        self.start_night = chips["day-night"]["start"] == "night"
        self.stat_chips = {c["id"]: (("power", "speed", "brain", "all").index(c["stat"]), c["delta"], c["count"],
                                     c["name"]) for c in chips.get("stat", ())}
        self.settings = self.game.settings
        self.turns = self.settings["turns"]
        self._lineups: dict[tuple, Lineup] = {}
        self._seatings: dict[tuple, Seating] = {}
        self._tables: dict[int, tuple] = {}
        #: players -> a fresh game's stat-chip supply (3–4 players use two base sets, RY-MULTI-1)
        self.supply = {n: {k: v[2] * (1 if n == 2 else 2) for k, v in self.stat_chips.items()} for n in (2, 3, 4)}
        self._check_chips()

    def _check_chips(self) -> None:
        """Every put-stat-chip names a chip of the manifest (the loader checks it too)."""
        bad = []

        def walk(ops, card):
            for op in ops:
                if op.name == "put-stat-chip" and op.args["chip"] not in self.stat_chips:
                    bad.append(Finding(op.source, "E202", f"unknown stat chip {op.args['chip']!r}", card=card,
                                       hint=f"chips.stat in game.yaml: {', '.join(self.stat_chips) or 'none'}"))
                if op.name == "if":
                    walk(op.args["then"], card)
                    walk(op.args["else_"], card)

        for face in self.defs.values():
            for ability in face.abilities:
                walk(ability.ops, face.id)
        if bad:
            raise FindingsError(bad)

    def __getitem__(self, face_id: str) -> FaceDef:
        try:
            return self.defs[face_id]
        except KeyError:
            raise KeyError(f"{self.game.id} has no card {face_id!r}") from None

    def name(self, face_id: str) -> str:
        """The printed name of a face id (the id itself when unknown)."""
        face = self.defs.get(face_id)
        return face.name if face is not None else face_id

    def lineup(self, pairs) -> Lineup:
        """The prepared line-up of a pairing (a sequence of (first, second) face ids)."""
        key = tuple(tuple(p) for p in pairs)
        found = self._lineups.get(key)
        if found is not None:
            return found
        self.check_pairs(key)
        found = self._lineups[key] = self.make_lineup(key)
        return found

    def make_lineup(self, key: tuple) -> Lineup:
        """The line-up of checked pairs, not cached (a search agent's determinizations make
        many)."""
        seen: dict[frozenset, int] = {}
        faces, options, ids = [], [], []
        for a, b in key:
            n = seen[frozenset((a, b))] = seen.get(frozenset((a, b)), 0) + 1
            tag = "" if n == 1 else f"#{n}"
            fa, fb = self[a], self[b]
            faces.append((fa, fb))
            ida, idb = f"{a}/{b}{tag}", f"{b}/{a}{tag}"
            ids.append((ida, idb))
            options.append((Option(ida, f"{fa.name} {fa.short}（裏: {fb.name}）", len(faces) - 1),
                            Option(idb, f"{fb.name} {fb.short}（裏: {fa.name}）", len(faces) - 1)))
        return Lineup(tuple(faces), tuple(options), tuple(ids))

    def table(self, setups, check: bool = True) -> tuple[Table, Seating]:
        """The :class:`Table` of ``setups`` (setups, their JSON or a Table) and its seating;
        ValueError when a setup's fixed faces do not fit its cards, or (``check``) a pairing
        breaks the deck rules. Cached for an immutable ``setups`` (a tuple or a Table) seen
        before: simulations pass the same one every game, checked once."""
        cacheable = type(setups) is tuple or isinstance(setups, Table)
        if cacheable:
            found = self._tables.get(id(setups))
            if found is not None and found[0] is setups:
                return found[1], found[2]
        table = Table.of(setups)
        seating = self.seating(tuple(s.pairs for s in table.players), table.tag)
        if check:  # a scenario position may seat any cards; a game from decks follows the rules
            self.check_pairings(table)
        for p, setup in enumerate(table):
            size = len(seating.hands[p])
            if setup.faces is not None and (len(setup.faces) != size or any(f not in (0, 1) for f in setup.faces)):
                raise ValueError(f"player {p + 1}: faces must be 0 or 1 for each of the {size} cards")
        if cacheable:
            if len(self._tables) >= 256:
                self._tables.clear()
            self._tables[id(setups)] = (setups, table, seating)  # holds setups: its id stays unique
        return table, seating

    def check_pairings(self, table: Table) -> None:
        """ValueError naming the first player whose pairing breaks the deck rules (RY-DECK-1/2),
        checked by the rule set's one implementation, the same validation uses."""
        game = self.game
        construction = cast(_DeckRules, ruleset_for(game.rules))
        for p, setup in enumerate(table):
            sets = [game.card(c).get("set") for pair in setup.pairs for c in pair if game.has_card(c)]
            problems = [m for _, m, _ in construction.deck_problems(game, sets[0] if sets else "", setup.pairs)]
            if problems:
                raise ValueError(f"player {p + 1}'s pairing breaks the deck rules: {'; '.join(problems)} (RY-DECK-1/2)")

    def seating(self, pairings: tuple, tag: bool) -> Seating:
        """The (cached) :class:`Seating` of these pairings, in seat order."""
        key = (pairings, tag)
        found = self._seatings.get(key)
        if found is not None:
            return found
        lineups = tuple(self.lineup(pairs) for pairs in pairings)
        n = len(lineups)
        faces: list[tuple[FaceDef, FaceDef]] = []
        opts: list[tuple[Option, Option]] = []
        base: list[int] = []
        index: list[dict[str, int]] = []
        hands: list[tuple[int, ...]] = []
        for lu in lineups:
            b = len(faces)
            base.append(b)
            faces.extend(lu.faces)
            opts.extend(lu.options)
            index.append({i: b + k for k, pair in enumerate(lu.ids) for i in pair})
            hands.append(tuple(range(b, b + len(lu.faces))))
        orders = tuple(tuple((s + k) % n for k in range(n)) for s in range(n))
        opponents = tuple(tuple(q for q in orders[p][1:] if not (tag and (q - p) % 2 == 0)) for p in range(n))
        hopts = tuple(tuple(opts[c][0] for c in h) for h in hands)
        found = self._seatings[key] = Seating(
            lineups, tuple(faces), tuple(opts), tuple(base), tuple(index), tuple(hands), hopts, orders, opponents,
            tuple(o[1:] for o in orders), tuple(tuple(o.id for o in h) for h in hopts))
        return found

    def check_pairs(self, pairs) -> None:
        """Refuse a pairing the engine cannot play: unknown ids, a card paired with itself
        (RY-DECK-2), not 9 cards, or a manual ability (never ignored)."""
        findings = []
        loc = Location(self.game.folder / "decks", 0, 0)
        want = self.game.manifest["deck-rules"]["pairs"]
        if len(pairs) != want:
            findings.append(Finding(loc, "E205", f"a ryomen pairing has {want} double-faced cards, got {len(pairs)}"))
        for pair in pairs:
            if len(pair) != 2:
                findings.append(Finding(loc, "E205", f"a double-faced card is two faces, got {list(pair)}"))
                continue
            a, b = pair
            for face in (a, b):
                if face not in self.defs:
                    findings.append(Finding(loc, "E205", f"unknown ryomen card {face!r}"))
            if a == b:
                findings.append(Finding(loc, "E205", f"both faces are {a!r}: a pair may not be two copies "
                                        "of one card (RY-DECK-2)"))
            for face in (a, b):
                if face in self.defs:
                    findings.extend(unplayable("ryomen", self.defs[face].manual))
        if findings:
            raise FindingsError(findings)

    def _flatten(self, card) -> FaceDef:
        compiled = self.registry.of(card.id)
        abilities = []
        for a in compiled:
            if a.ops is None:
                continue
            cond = _CONDITIONS.get(a.extras.get("condition"), ANY)
            ops = runnable(a.ops)
            abilities.append(Ability(card.id, a.index, a.when, cond, ops, a.text, plain_two(ops, a.when)))
        by = {w: tuple(a for a in abilities if a.when == w) for w in WHENS}
        plain = {w: all(a.plain is not None for a in by[w]) for w in WHENS}
        return FaceDef(card.id, card.name, (card["power"], card["speed"], card["brain"]),
                       by["on-play"], by["before-battle"], by["on-flip"], by["from-result"],
                       self.registry.manual_of(card.id), tuple(abilities),
                       plain["on-play"], plain["on-flip"], plain["from-result"],
                       0 if not by["before-battle"] else 1 if plain["before-battle"] else 2)


pool_of = per_registry(CardPool)
"""The (cached) card pool of a compiled registry."""
