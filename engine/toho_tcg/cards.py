"""東方カードゲーム（仮） cards as the engine reads them: :class:`CardDef` values built once.

:class:`CardPool` flattens each card of a compiled registry (:func:`.registry.build_registry`)
into a :class:`CardDef` (ints, tuples, a keyword dict, pre-sorted ability lists) so that a game
never reads YAML-shaped data in its hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

from fuda.database import FindingsError
from fuda.database.model import Game
from fuda.database.ruleset import ruleset_for
from fuda.engine.core import CompiledAbility, Option, Registry, card_refs
from fuda.engine.core.registry import CompiledOp, unplayable
from fuda.engine.toho_tcg.vocabulary import add_keyword, norm_keyword

if TYPE_CHECKING:
    from fuda.engine.toho_tcg.setup import PlayerSetup

WHENS = ("on-play", "activated", "static", "triggered")
#: the printed names of kinds and ranks: the rule set's one table (fuda.rulesets.toho_tcg)
LABELS = ruleset_for("toho-tcg").labels(None)
SPELLS = ("quick", "assister", "equip")


def walk_ops(ops):
    """Every op of a list, nested ``if`` branches included, in order."""
    for op in ops:
        yield op
        if op.name == "if":
            yield from walk_ops(op.args["then"])
            yield from walk_ops(op.args["else_"])


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card, flattened for play."""

    id: str
    name: str
    kind: str  # character | quick | assister | equip | world
    rank: str  # normal | hard ("" for non-characters)
    levels_from: str  # the Normal a Hard is played on
    cost: int
    attack: int
    defense: int
    types: tuple[str, ...]
    keywords: dict  # name -> True | int | tuple of types (printed keywords)
    trash: int | None  # 【トラッシュ（N）】 cost, None when absent
    attach: str  # equips: own-character | opponent-character | any-character
    on_play: CompiledAbility | None
    activated: tuple[CompiledAbility, ...]
    statics: tuple = ()  # (op name, args) of static abilities
    triggers: tuple = ()  # (trigger, CompiledAbility)
    manual: tuple = ()
    is_spell: bool = False
    trigger_names: tuple = field(default=())
    acts: bool = False  # has an activated ability or a 【トラッシュ】
    hand_sensitive: bool = False  # its effect checks the hand size (making 霊力 ahead can matter)

    @property
    def label(self) -> str:
        """The name with its kind, e.g. 博麗霊夢（ハード）, 恋符「マスタースパーク」（クイック）."""
        if self.kind == "character":
            return f"{self.name}（{LABELS.value('rank', self.rank)}）"
        return f"{self.name}（{LABELS.kind(self.kind)}）"

    def has_trigger(self, event: str) -> bool:
        """True when the card has a triggered ability for ``event``."""
        return event in self.trigger_names


#: Card numbers for two setups: defs, owner, oid, by_oid, cards_of, play options (see CardPool.layout)
Layout = tuple[tuple[CardDef, ...], tuple[int, ...], tuple[str, ...], dict[str, int], tuple[tuple[int, ...], ...],
               tuple[Option, ...]]


class CardPool:
    """Every card of one toho-tcg game as :class:`CardDef`."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self.game = cast(Game, registry.game)  # (the registry was built from this database game)
        self.defs: dict[str, CardDef] = {c.id: self._flatten(c) for c in self.game.cards}
        #: id(ability) -> its targeting ops (abilities live as long as the pool; .stack.slots)
        self.slot_cache: dict[int, tuple[CompiledOp, ...]] = {}
        self._layouts: dict[tuple[tuple[str, ...], ...], Layout] = {}

    def layout(self, setups: Sequence[PlayerSetup]) -> Layout:
        """Card numbers for two setups (cached): defs, owner, oid, by_oid, cards_of, play options.

        A card's readable id is its card id, then ``id#2``, ``id#3`` … for further copies, in setup
        order (player 1's cards first)."""
        key = tuple(s.cards for s in setups)
        got = self._layouts.get(key)
        if got is None:
            for s in setups:
                self.check_playable(s.cards)
            defs: list[CardDef] = []
            owner: list[int] = []
            oid: list[str] = []
            by_oid: dict[str, int] = {}
            cards_of: list[tuple[int, ...]] = []
            for p, s in enumerate(setups):
                mine = []
                for cid in s.cards:
                    n = len(defs)
                    defs.append(self[cid])
                    owner.append(p)
                    name, k = cid, 2
                    while name in by_oid:
                        name, k = f"{cid}#{k}", k + 1
                    oid.append(name)
                    by_oid[name] = n
                    mine.append(n)
                cards_of.append(tuple(mine))
            refs = card_refs(len(defs))
            opts = tuple(Option(f"play:{oid[c]}", f"プレイ: {defs[c].label}（霊力{defs[c].cost}）", refs[c])
                         for c in range(len(defs)))
            if len(self._layouts) > 64:
                self._layouts.clear()
            got = self._layouts[key] = (tuple(defs), tuple(owner), tuple(oid), by_oid, tuple(cards_of), opts)
        return got

    def __getitem__(self, card_id: str) -> CardDef:
        try:
            return self.defs[card_id]
        except KeyError:
            raise KeyError(f"{self.game.id} has no card {card_id!r}") from None

    def check_playable(self, card_ids) -> None:
        """Raise FindingsError when a card to play has a manual ability (never ignored)."""
        findings = unplayable("toho-tcg", (m for cid in dict.fromkeys(card_ids) for m in self[cid].manual))
        if findings:
            raise FindingsError(findings)

    def _flatten(self, card) -> CardDef:
        abilities = self.registry.of(card.id)
        keywords: dict = {}
        trash = None
        for raw in card.get("keywords") or ():
            name, value = norm_keyword(raw)
            if name == "trash":
                trash = value
            add_keyword(keywords, name, value)
        statics = tuple((op.name, op.args) for a in abilities if a.when == "static" and a.ops for op in a.ops)
        triggers = tuple((a.extras["trigger"], a) for a in abilities if a.when == "triggered")
        on_play = next((a for a in abilities if a.when == "on-play"), None)
        return CardDef(
            id=card.id, name=card.name, kind=card.kind, rank=card.get("rank", ""),
            levels_from=card.get("levels-from", ""), cost=card.get("cost", 0),
            attack=card.get("attack", 0), defense=card.get("defense", 0),
            types=tuple(card.get("types") or ()), keywords=keywords, trash=trash,
            attach=card.get("attach", "own-character"), on_play=on_play,
            activated=tuple(a for a in abilities if a.when == "activated"),
            statics=statics, triggers=triggers, manual=self.registry.manual_of(card.id),
            is_spell=card.kind in SPELLS, trigger_names=tuple(dict.fromkeys(t for t, _ in triggers)),
            acts=trash is not None or any(a.when == "activated" for a in abilities),
            hand_sensitive=on_play is not None and any(
                op.name == "if" and "hand-at-most" in op.args["condition"] for op in walk_ops(on_play.ops or ())),
        )
