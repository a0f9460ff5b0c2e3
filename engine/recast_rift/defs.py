"""What never changes in a Recast Rift game: each card as the engine reads it (:class:`CardDef`,
flattened once per registry by :class:`CardPool`: ints, tuples, pre-sorted ability lists, so a
game never looks at YAML-shaped data in its hot path) and the :class:`Layout` of the games
between two setups (card numbers, options, settings) — frozen values built once."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from fuda.database import Card, FindingsError
from fuda.database.ruleset import ruleset_for
from fuda.engine.core import CompiledAbility, CompiledOp, ManualAbility, Option, Registry, card_refs
from fuda.engine.core.decision import option
from fuda.engine.core.numbering import Numbering
from fuda.engine.core.registry import runnable, unplayable
from fuda.engine.recast_rift.setup import PlayerSetup

#: the ability labels of Recast Rift, as the database names them (``when``)
WHENS = ("on-awaken", "while-awakened", "on-cast", "while-deployed", "on-retrieve")


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
    attack_mods: tuple[CompiledOp, ...]  # static attack-modifier ops
    forbids: tuple[CompiledOp, ...]  # static forbid-cast ops
    manual: tuple[ManualAbility, ...]  # a card with any cannot be played
    label: str = ""  # the name with timing and type, e.g. 恋符「マスタースパーク」（全力札・攻撃札）

    @property
    def power(self) -> str:
        """The printed attack power as ｈ／ｌ with ー for the bar."""
        return f"{_bar(self.hand)}／{_bar(self.life)}"


def _bar(v: int | None) -> str:
    return "ー" if v is None else str(v)


@dataclass(frozen=True, slots=True)
class Layout:
    """What never changes in a game between two setups, shared by every game of the same setups
    (cached by the pool): card numbers (far awakening cards, near cards, then each player's
    spells), their defs, owners and readable ids, the decision options naming them, and the
    game's settings."""

    setups: tuple[PlayerSetup, ...]
    defs: tuple[CardDef, ...]
    owner: tuple[int, ...]
    oid: tuple[str, ...]
    by_oid: tuple[dict[str, int], ...]  # per player: readable id -> card number (never mutated)
    far: tuple[int, ...]
    near: tuple[int, ...]
    spells: tuple[tuple[int, ...], ...]
    card_opt: tuple[Option, ...]  # option(oid, name, card)
    cast_opt: tuple[Option, ...]  # option("cast:" + oid, label, card)
    lift_opt: tuple[Option, ...]  # option("lift:" + oid, name, card)
    awaken_opt: tuple[Option, ...]  # per player: option("awaken", "覚醒: " + far name)
    activate_opt: tuple[tuple[Option, ...], ...]  # per player: option(f"activate:{n}", text, n)
    forbidders: tuple[bool, ...]  # per player: some card of theirs has a forbid-cast static
    settings: Mapping[str, Any]  # the game's settings (game.yaml)
    cap: int  # places per recast zone
    hand_limit: int
    draws: int  # cards drawn per turn
    awaken_at: int  # the life at or below which a player may awaken


class CardPool:
    """Every card of one recast-rift game, as :class:`CardDef`, plus the fighters."""

    def __init__(self, registry: Registry):
        self.registry = registry
        self.game = registry.game
        self.labels = ruleset_for(self.game.rules).labels(self.game)  # the one table of printed names
        self.defs: dict[str, CardDef] = {c.id: self._flatten(c) for c in self.game.cards}
        self._layouts: dict[tuple[PlayerSetup, ...], Layout] = {}

    def layout(self, setups: Sequence[PlayerSetup | Mapping[str, Any]]) -> Layout:
        """The :class:`Layout` of two setups (PlayerSetup or their JSON); KeyError for an unknown
        card, FindingsError for a card with a manual ability. Cached by the setups' value
        (simulations play the same pairing again and again)."""
        key = tuple(s if isinstance(s, PlayerSetup) else PlayerSetup.from_json(s) for s in setups)
        layout = self._layouts.get(key)
        if layout is None:
            layout = self._layout(key)
            if len(self._layouts) >= 256:
                self._layouts.clear()
            self._layouts[key] = layout
        return layout

    def _layout(self, setups: tuple[PlayerSetup, ...]) -> Layout:
        numbering = Numbering()
        defs, owner, oid, by_oid = numbering.defs, numbering.owner, numbering.oid, numbering.by_oid

        def new_card(p: int, card_id: str) -> int:
            return numbering.add(p, card_id, self[card_id])

        far, near = [0, 0], [0, 0]
        for p, setup in enumerate(setups):
            others = [self.awakening_of[f] for f in setup.fighters if self.awakening_of.get(f) != setup.awakening]
            far[p] = new_card(p, setup.awakening)
            near[p] = new_card(p, others[0]) if others else -1
            self.check_playable([setup.awakening, *setup.spells])
        spells = [tuple(new_card(p, sid) for sid in s.spells) for p, s in enumerate(setups)]
        settings = self.game.settings
        cards = range(len(defs))
        ref = card_refs(len(defs))  # option values that name a card (engine.core.hidden.CardRef)
        return Layout(
            setups, tuple(defs), tuple(owner), tuple(oid), tuple(by_oid), tuple(far), tuple(near), tuple(spells),
            card_opt=tuple(option(oid[c], defs[c].name, ref[c]) for c in cards),
            cast_opt=tuple(option("cast:" + oid[c], defs[c].label, ref[c]) for c in cards),
            lift_opt=tuple(option("lift:" + oid[c], defs[c].name, ref[c]) for c in cards),
            awaken_opt=tuple(option("awaken", f"覚醒: {defs[far[p]].name}") for p in range(len(setups))),
            activate_opt=tuple(tuple(option(f"activate:{n}", ability.text, n)
                                     for n, ability in enumerate(defs[far[p]].while_awakened, 1))
                               for p in range(len(setups))),
            forbidders=tuple(any(defs[c].forbids for c in cards if owner[c] == p) for p in range(len(setups))),
            settings=settings, cap=settings["places-per-recast-zone"], hand_limit=settings["hand-limit"],
            draws=settings["draws-per-turn"], awaken_at=settings["awaken-at-life"],
        )

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

    def check_playable(self, card_ids: Iterable[str]) -> None:
        """Raise FindingsError when a card to play has a manual ability (never ignored)."""
        findings = unplayable("recast-rift", (m for cid in dict.fromkeys(card_ids) for m in self[cid].manual))
        if findings:
            raise FindingsError(findings)

    def _flatten(self, card: Card) -> CardDef:
        # the ops with plain-dict arguments (see engine.core.registry.runnable)
        abilities = tuple(replace(a, ops=runnable(a.ops)) for a in self.registry.of(card.id))
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
            label=(f"{card.name}（{self.labels.kind(card.kind)}）" if card.kind == "awakening" else
                   f"{card.name}（{self.labels.value('timing', card['timing'])}・{self.labels.value('type', card['type'])}）"),
        )
