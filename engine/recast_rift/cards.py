"""Recast Rift cards as the engine reads them: :class:`CardDef` values built once per registry.

:func:`build_registry` compiles the database's cards against the op table; :class:`CardPool`
turns each card into a flat :class:`CardDef` (ints, tuples, pre-sorted ability lists) so a game
never looks at YAML-shaped data in its hot path.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from engine.core import CompiledAbility, Registry
from engine.core import build_registry as core_build
from pipeline import Finding, FindingsError

from .ops import ABILITY_KEYS, TABLE

WHENS = ("on-awaken", "while-awakened", "on-cast", "while-deployed", "on-retrieve")
TIMING_JA = {"normal": "通常札", "preempt": "先制札", "full-power": "全力札"}
TYPE_JA = {"attack": "攻撃札", "action": "行動札", "setup": "設置札", "trigger": "誘発札"}


def _op_kind(ability) -> str:
    if ability.when == "while-deployed" and "trigger" not in ability.data:
        return "static"
    return "effect"


def build_registry(game) -> Registry:
    """Compile every card of a recast-rift game; FindingsError (located) on any bad op."""
    return core_build(game, TABLE, whens=WHENS, op_kind=_op_kind, extras=ABILITY_KEYS)


@dataclass(frozen=True, slots=True)
class CardDef:
    """One card, flattened for play."""

    id: str
    name: str
    kind: str  # awakening | spell
    fighter: str
    timing: str  # normal | preempt | full-power ("" for awakening cards)
    type: str  # attack | action | setup | trigger ("" for awakening cards)
    recast: tuple[int, ...]  # e.g. (3, 2)
    hand: int | None  # printed attack power (None: ー or no attack)
    life: int | None
    is_attack: bool
    graze: bool
    preempt: bool  # awakening cards: may awaken in the opponent's preempt timing
    on_cast: tuple[CompiledAbility, ...]
    on_retrieve: tuple[CompiledAbility, ...]
    on_awaken: tuple[CompiledAbility, ...]
    while_awakened: tuple[CompiledAbility, ...]
    triggers: tuple[CompiledAbility, ...]  # triggered 【展開中】 abilities
    attack_mods: tuple  # static attack-modifier ops
    forbids: tuple  # static forbid-cast ops
    manual: tuple  # ManualAbility entries: a card with any cannot be played
    label: str = ""  # the name with timing and type, e.g. 恋符「マスタースパーク」（全力札・攻撃札）

    @property
    def power(self) -> str:
        """The printed attack power as ｈ／ｌ with ー for the bar."""
        return f"{_bar(self.hand)}／{_bar(self.life)}"


def _bar(v) -> str:
    return "ー" if v is None else str(v)


class CardPool:
    """Every card of one recast-rift game, as :class:`CardDef`, plus the fighters."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self.game = registry.game
        self.defs: dict[str, CardDef] = {c.id: self._flatten(c) for c in self.game.cards}

    def __getitem__(self, card_id: str) -> CardDef:
        try:
            return self.defs[card_id]
        except KeyError:
            raise KeyError(f"{self.game.id} has no card {card_id!r}") from None

    @cached_property
    def awakening_of(self) -> dict[str, str]:
        """fighter id -> the id of her awakening card."""
        return {d.fighter: d.id for d in self.defs.values() if d.kind == "awakening"}

    @cached_property
    def spells_of(self) -> dict[str, tuple[str, ...]]:
        """fighter id -> her spell ids, in file order."""
        out: dict[str, list[str]] = {}
        for d in self.defs.values():
            if d.kind == "spell":
                out.setdefault(d.fighter, []).append(d.id)
        return {k: tuple(v) for k, v in out.items()}

    def check_playable(self, card_ids) -> None:
        """Raise FindingsError when a card to play has a manual ability (never ignored)."""
        findings = [Finding(m.location, "E203", f"the recast-rift engine cannot play this card: ability "
                            f"{m.index + 1} is manual ({m.reason})", card=m.card)
                    for cid in dict.fromkeys(card_ids) for m in self[cid].manual]
        if findings:
            raise FindingsError(findings)

    def _flatten(self, card) -> CardDef:
        abilities = self.registry.of(card.id)
        by = {w: tuple(a for a in abilities if a.when == w) for w in WHENS}
        deployed = by["while-deployed"]
        statics = [op for a in deployed if "trigger" not in a.extras and a.ops for op in a.ops]
        attack = card.get("attack") or {}
        return CardDef(
            id=card.id, name=card.name, kind=card.kind, fighter=card.get("fighter", ""),
            timing=card.get("timing", ""), type=card.get("type", ""),
            recast=tuple(sorted(card.get("recast", ()), reverse=True)),
            hand=attack.get("hand"), life=attack.get("life"), is_attack=card.get("type") == "attack",
            graze=bool(card.get("graze", False)), preempt=bool(card.get("preempt", False)),
            on_cast=by["on-cast"], on_retrieve=by["on-retrieve"], on_awaken=by["on-awaken"],
            while_awakened=by["while-awakened"],
            triggers=tuple(a for a in deployed if "trigger" in a.extras),
            attack_mods=tuple(op for op in statics if op.name == "attack-modifier"),
            forbids=tuple(op for op in statics if op.name == "forbid-cast"),
            manual=self.registry.manual_of(card.id),
            label=(f"{card.name}（覚醒札）" if card.kind == "awakening" else
                   f"{card.name}（{TIMING_JA[card['timing']]}・{TYPE_JA[card['type']]}）"),
        )
