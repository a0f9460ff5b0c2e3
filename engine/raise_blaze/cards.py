"""RAISE×BLAZE cards as the engine reads them: flat :class:`CardDef` values built once per registry.

The registry of a game's cards is compiled against the op table by :func:`.ops.build_registry`;
:class:`CardPool` turns each card into a :class:`CardDef`
(ints, frozensets, abilities grouped by timing, static abilities as :class:`Static` records)
so a game never looks at YAML-shaped data in its hot path.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from fuda.database import FindingsError
from fuda.database.ruleset import ruleset_for
from fuda.engine.core import CardRef, CompiledAbility, Option, Registry
from fuda.engine.core.numbering import Numbering
from fuda.engine.core.registry import runnable, unplayable
from fuda.engine.raise_blaze.params import Condition, Cost, Target

WHENS = ("on-summon", "activated", "continuous", "on-destroyed", "on-attack", "while-underneath",
         "on-activate", "on-opponent-attack", "while-active", "while-equipped")
#: the printed names of spell types: the rule set's one table (fuda.rulesets.raise_blaze)
LABELS = ruleset_for("raise-blaze").labels(None)
STATIC_KIND = {"modify-power": "power", "battle-immune": "immune", "cannot-attack": "no-attack"}


class Step(NamedTuple):
    """One compiled op ready to run: ``fn(game, ctx, *pos)`` (``yield from`` it when ``gen``);
    ``args`` names the same values (``pos`` is them in the function's parameter order: a
    positional call costs less than one with ``**args``)."""

    name: str
    fn: Callable[..., Any]  # (an op of ops.EFFECTS: its parameters are the op's own)
    gen: bool
    args: dict
    pos: tuple


def positional(fn: Callable[..., Any], args: dict) -> tuple:
    """``args`` in the order of ``fn``'s last parameters (those after game, ctx / source, card)."""
    params = list(inspect.signature(fn).parameters)
    names = params[len(params) - len(args):]
    if sorted(names) != sorted(args):
        raise ValueError(f"{fn.__name__} takes {names}, the op has {sorted(args)}")
    return tuple(args[n] for n in names)


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card, flattened for play: the checked extra keys as attributes."""

    card: str
    index: int
    when: str
    text: str
    ops: tuple[Step, ...]
    once: bool  # （１ターンに１度）
    optional: bool  # 〜できる
    condition: Condition | None
    cost: Cost | None
    triggered: bool  # 【召喚時】【破壊時】【攻撃時】: logged as it resolves (spells, 【起動】: logged as played)

    @classmethod
    def of(cls, a: CompiledAbility) -> Ability:
        x = a.extras
        ops = tuple(Step(o.name, o.fn, o.gen, o.args, positional(o.fn, o.args)) for o in runnable(a.ops))
        return cls(a.card, a.index, a.when, a.text, ops,
                   x.get("limit") == "once-per-turn", bool(x.get("optional", False)), x.get("condition"), x.get("cost"),
                   a.when in ("on-summon", "on-destroyed", "on-attack"))


@dataclass(frozen=True, slots=True)
class Static:
    """One static op of an applying ability: its kind (power / immune / no-attack), the op
    (``fn(game, source, card, *pos)``), its target and the ability's condition (None: always)."""

    kind: str
    fn: Callable[..., Any]  # (an op of ops.STATICS: power as an int, or a flag)
    args: dict
    target: Target
    condition: Condition | None
    card: str
    pos: tuple  # args in fn's parameter order
    live: bool  # the condition depends on the attack in progress (attacker / attack-target)


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card, flattened for play."""

    id: str
    name: str
    kind: str  # fighter | core-fighter | spell
    types: frozenset
    type_list: tuple
    power: int
    raise_: int
    spell_type: str  # normal | continuous | equip ("" for fighters)
    equip_side: str
    equip_types: frozenset
    on_summon: tuple[Ability, ...]
    on_destroyed: tuple[Ability, ...]
    on_attack: tuple[Ability, ...]
    activated: tuple[Ability, ...]
    on_activate: tuple[Ability, ...]
    on_intercept: tuple[Ability, ...]
    field_fx: tuple[Static, ...]  # 【永続】: face up on the field, not underneath
    under_fx: tuple[Static, ...]  # 【下敷き中】
    active_fx: tuple[Static, ...]  # 【持続】: top of the spell zone, face up
    equip_fx: tuple[Static, ...]  # 【装着中】
    pile_fx: tuple[Static, ...]  # what works while underneath: 【下敷き中】 of a fighter, 【装着中】 of a spell
    has_fx: bool  # any static ability at all
    manual: tuple
    playable: bool  # can be activated from the hand / opened in one's own turn (not 【迎撃】 only)
    play_conds: tuple  # the conditions of its 【発動】 abilities
    is_fighter: bool
    continuous: bool  # a continuous spell

    @property
    def label(self) -> str:
        """The name with its kind, e.g. 十六夜咲夜（レイズ1・2000）or 弾幕結界（通常スペル）."""
        if self.kind == "fighter":
            return f"{self.name}（レイズ{self.raise_}・{self.power}）"
        if self.kind == "core-fighter":
            return f"{self.name}（コアファイター・{self.power}）"
        return f"{self.name}（{LABELS.value('spell-type', self.spell_type)}スペル）"


class Layout(NamedTuple):
    """The card numbers of a game between two setups (shared, read-only, by every such game):
    per number its CardDef, owner and readable id; per player the numbers of the main deck and
    the core deck in setup order."""

    defs: list[CardDef]
    owner: list[int]
    oid: list[str]
    by_oid: list[dict[str, int]]
    mains: tuple[tuple[int, ...], ...]
    cores: tuple[tuple[int, ...], ...]
    menus: list[MenuRow]  # per card number: its prebuilt main-phase Options (see CardPool.menu)
    cache: dict[int, Option]  # prebuilt Options of pairs (attacks, targets), filled lazily
    acts: list[tuple]  # per card number: its menu's 【起動】 entries; one more, empty, at the end (for -1)
    klass: list[int]  # per card number: its menu's MENU_* class


class CardPool:
    """Every card of one raise-blaze game as :class:`CardDef`."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self.game = registry.game
        self.settings = dict(self.game.settings)
        self.names = {c.id: c.name for c in self.game.cards}
        self.defs: dict[str, CardDef] = {c.id: self._flatten(c) for c in self.game.cards}
        self._layouts: dict = {}

    def __getitem__(self, card_id: str) -> CardDef:
        try:
            return self.defs[card_id]
        except KeyError:
            raise KeyError(f"{self.game.id} has no card {card_id!r}") from None

    def layout(self, setups, check_decks: bool) -> Layout:
        """The (cached) card numbering of two setups; raises ValueError for an illegal deck
        (RB-DECK-1/2, when ``check_decks``) and FindingsError for an unplayable card."""
        key = (setups[0], setups[1], check_decks)
        cached = self._layouts.get(key)
        if cached is not None:
            return cached
        from fuda.engine.raise_blaze.setup import deck_problems

        for p, setup in enumerate(setups):
            unknown = [cid for cid in (*setup.main, *setup.core) if cid not in self.defs]
            if unknown:
                raise ValueError(f"player {p + 1}'s deck has unknown cards: {', '.join(dict.fromkeys(unknown))}")
            self.check_playable((*setup.main, *setup.core))
            if check_decks:
                problems = deck_problems(self, setup)
                if problems:
                    raise ValueError(f"player {p + 1}'s deck is not legal: " + "; ".join(problems))
        numbering = Numbering()
        defs, owner, oid, by_oid = numbering.defs, numbering.owner, numbering.oid, numbering.by_oid

        def new(p: int, card_id: str) -> int:
            return numbering.add(p, card_id, self[card_id])

        mains = tuple(tuple(new(p, cid) for cid in s.main) for p, s in enumerate(setups))
        cores = tuple(tuple(new(p, cid) for cid in s.core) for p, s in enumerate(setups))
        bits = {cid: 1 << k for k, cid in enumerate(self.defs)}
        menus = [self.menu(defs[n], oid[n], n, bits[defs[n].id]) for n in range(len(defs))]
        acts = [m[8] for m in menus]
        acts.append(())  # acts[-1]: an empty fighter zone has no 【起動】
        layout = Layout(defs, owner, oid, by_oid, mains, cores, menus, {}, acts, [m[1] for m in menus])
        if len(self._layouts) > 64:
            self._layouts.clear()
        self._layouts[key] = layout
        return layout

    def check_playable(self, card_ids) -> None:
        """Raise FindingsError when a card to play has a manual ability (never ignored)."""
        findings = unplayable("raise-blaze", (m for cid in dict.fromkeys(card_ids) for m in self[cid].manual))
        if findings:
            raise FindingsError(findings)

    def _flatten(self, card) -> CardDef:
        abilities = self.registry.of(card.id)
        by = {w: tuple(Ability.of(a) for a in abilities if a.when == w and a.ops is not None) for w in WHENS}

        def statics(when: str) -> tuple[Static, ...]:
            out = []
            for a in by[when]:
                for op in a.ops:
                    cond = a.condition
                    out.append(Static(STATIC_KIND[op.name], op.fn, op.args, op.args["target"], cond, card.id,
                                      positional(op.fn, op.args),
                                      cond is not None and bool(cond.attacker or cond.attack_target)))
            return tuple(out)

        kind = card.kind
        power = card.get("power")
        if power is None:
            power = self.settings.get("core-power", 1000) if kind == "core-fighter" else 0
        equip = card.get("equip-to") or {}
        types = tuple(card.get("types", ()))
        return CardDef(
            id=card.id, name=card.name, kind=kind, types=frozenset(types), type_list=types, power=power,
            raise_=card.get("raise", 0), spell_type=card.get("spell-type", ""),
            equip_side=equip.get("side", ""), equip_types=frozenset(equip.get("types", ())),
            on_summon=by["on-summon"], on_destroyed=by["on-destroyed"], on_attack=by["on-attack"],
            activated=by["activated"], on_activate=by["on-activate"], on_intercept=by["on-opponent-attack"],
            field_fx=statics("continuous"), under_fx=statics("while-underneath"),
            active_fx=statics("while-active"), equip_fx=statics("while-equipped"),
            pile_fx=statics("while-underneath") if kind == "fighter" else statics("while-equipped"),
            has_fx=any(by[w] for w in ("continuous", "while-underneath", "while-active", "while-equipped")),
            manual=self.registry.manual_of(card.id),
            playable=bool(by["on-activate"]) or card.get("spell-type") in ("equip", "continuous"),
            play_conds=tuple(a.condition for a in by["on-activate"] if a.condition is not None),
            is_fighter=kind == "fighter", continuous=card.get("spell-type") == "continuous",
        )

    @staticmethod
    def menu(d: CardDef, oid: str, n: int, bit: int = 0) -> MenuRow:
        """The main-phase Options of card number ``n``, by index: 0 card id, 1 class (see
        ``MENU_*``), 2 raise, 3 summon, 4 raise summon, 5 set, 6 play, 7 open (option values
        ``(verb, n)``), 8 its 【起動】 abilities as (Option, ability, once-per-turn, cost,
        condition) with values ``("activate", n, k)``, 9 ``bit`` (one bit per card id of the
        pool: main_options deduplicates copies with an int mask)."""
        cid, name = d.id, d.name
        ref = CardRef(n)  # (the card, in every value: the decision shows it)
        base = "activate:core" if d.kind == "core-fighter" else f"activate:{oid}"
        acts = tuple((Option(base if len(d.activated) == 1 else f"{base}/{k + 1}", f"{name}の起動効果",
                             ("activate", ref, k)), a, a.once, a.cost, a.condition)
                     for k, a in enumerate(d.activated))
        if d.kind != "spell":
            cls = MENU_RAISE0 if d.raise_ == 0 else MENU_RAISE
        elif not d.playable:
            cls = MENU_SET_ONLY
        elif d.play_conds or d.spell_type == "equip":
            cls = MENU_CHECKED
        else:
            cls = MENU_CONTINUOUS if d.continuous else MENU_PLAIN
        return (cid, cls, d.raise_,
                Option(f"summon:{cid}", f"{name}を通常召喚", ("summon", ref)),
                Option(f"raise:{cid}", f"{name}をレイズ召喚（下敷き{d.raise_}体）", ("raise", ref)),
                Option(f"set:{cid}", f"{name}を伏せる", ("set", ref)),
                Option(f"spell:{cid}", f"{name}を発動", ("spell", ref)),
                Option(f"open:{cid}", f"伏せた{name}を発動", ("open", ref)), acts, bit)


#: Main-phase classes of a card (CardPool.menu): fighters of raise 0 / raise 1+; spells that
#: are only set (【迎撃】 only), played freely, continuous, or checked (condition, equip target).
#: actions.main_options compares with the literal values.
MENU_RAISE0, MENU_RAISE, MENU_SET_ONLY, MENU_PLAIN, MENU_CONTINUOUS, MENU_CHECKED = range(6)
#: A card's main-phase menu (CardPool.menu): card id, class, raise, the summon / raise summon /
#: set / play / open options, its 【起動】 entries, its card-id bit.
MenuRow = tuple[str, int, int, Option, Option, Option, Option, Option, tuple, int]
