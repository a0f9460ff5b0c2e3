"""Playing cards and abilities, targets, costs and the stack (a mixin of TohoTCG).

A play announces the card or ability, chooses its targets (対象), pays its cost in 霊力 —
making the missing 霊力 by trashing hand cards or tapping characters (TT-COST-1) — lets a
【スペルディフェンサー】 redirect (TT-KW-2), and puts the spell or ability on the stack.
Characters and worlds are not spells: they enter at once and can never be countered
(TT-CHAR-7). The stack resolves last-in first-out; a resolving effect whose every chosen target
has become illegal does nothing. Triggered abilities wait in ``fired`` and go on the stack the
next time a player would receive priority (:mod:`.windows`).
"""

from __future__ import annotations

from fuda.engine.core import Decision, Option
from fuda.engine.toho_tcg.ops import CHOSEN

COUNTERS = {"spell": ("quick", "assister", "equip"), "quick": ("quick",), "activated": ("activated",)}


class Ctx:
    """An effect being played or resolved: controller, source card, kind, chosen targets."""

    __slots__ = ("card", "item", "kind", "op", "player", "targets")

    def __init__(self, player: int, card: int, kind: str, targets=None, item=None):
        self.player = player
        self.card = card
        self.kind = kind  # quick | assister | equip | activated | triggered
        self.targets = targets if targets is not None else {}
        self.op = None
        self.item = item


class Item:
    """One entry of the stack: a spell (quick, assister, equip) or an activated/triggered ability."""

    __slots__ = ("ability", "card", "kind", "player", "sid", "targets")

    def __init__(self, sid: int, kind: str, player: int, card: int, ability, targets: dict):
        self.sid = sid
        self.kind = kind
        self.player = player
        self.card = card
        self.ability = ability
        self.targets = targets


def _slots(ops) -> list:
    out = []
    for op in ops:
        if op.name == "counter" or op.args.get("target") in CHOSEN:
            out.append(op)
        if op.name == "if":
            out.extend(_slots(op.args["then"]))
            out.extend(_slots(op.args["else_"]))
    return out


class Stack:
    """Plays, targets, costs, resolution; expects the state attributes of TohoTCG."""

    def slots(self, ability) -> tuple:
        """The ops of an ability that choose a target when it is played (cached)."""
        key = id(ability)
        s = self._slot_cache.get(key)
        if s is None:
            s = self._slot_cache[key] = tuple(_slots(ability.ops)) if ability is not None and ability.ops else ()
        return s

    # -- targets -----------------------------------------------------------------------------
    def targetable(self, c: int, src: int, kind: str) -> bool:
        """Whether an effect of ``src`` may choose character c (TT-KW-8 barrier, TT-KW-11)."""
        k = self.keywords(c)
        if "barrier" in k:
            return False
        if kind == "activated" and "protection" in k:
            sd = self.defs[src]
            if sd.kind == "character" and any(t in k["protection"] for t in sd.types):
                return False
        return True

    def legal(self, p: int, src: int, kind: str, op, c) -> bool:
        """Whether c is (still) a legal choice for the target of op, played by p from src."""
        if op.name == "counter":
            return c in self.stack and c.kind in COUNTERS[op.args["target"]]
        t = op.args["target"]
        z = self.zone[c]
        if t == "any-card":
            if z not in ("char", "assister", "equip", "world"):
                return False
        elif t == "any-assister":
            if z != "assister":
                return False
        elif t == "any-equip":
            if z != "equip":
                return False
        else:
            if z != "char" or (t == "own-character" and self.ctrl[c] != p) or (
                    t == "opponent-character" and self.ctrl[c] == p):
                return False
        if z == "char" and not self.targetable(c, src, kind):
            return False
        return self.matches(c, op.args.get("filter"))

    def candidates(self, p: int, src: int, kind: str, op) -> list:
        """Every legal choice for the target of op, in a stable order."""
        if op.name == "counter":
            wanted = COUNTERS[op.args["target"]]
            return [i for i in self.stack if i.kind in wanted]
        t = op.args["target"]
        if t == "own-character":
            pool = self.chars[p]
        elif t == "opponent-character":
            pool = self.chars[1 - p]
        elif t == "any-character":
            pool = self.chars[0] + self.chars[1]
        elif t == "any-assister":
            pool = self.assisters[0] + self.assisters[1]
        elif t == "any-equip":
            pool = [self.equip[c] for q in (0, 1) for c in self.chars[q] if self.equip[c] >= 0]
        else:  # any-card (TT-CARD-1)
            pool = [x for q in (0, 1) for c in self.chars[q]
                    for x in ((c, self.equip[c]) if self.equip[c] >= 0 else (c,))]
            pool += self.assisters[0] + self.assisters[1]
            if self.world >= 0:
                pool.append(self.world)
        return [c for c in pool if self.legal(p, src, kind, op, c)]

    def has_targets(self, p: int, src: int, kind: str, ability) -> bool:
        """True when every chosen target of the ability has at least one legal choice."""
        for op in self.slots(ability):
            if not self.candidates(p, src, kind, op):
                return False
        return True

    def attach_targets(self, p: int, e: int) -> list[int]:
        """Characters equip e may be attached to (no equip yet, not 【バリア】; TT-SPELL-4)."""
        a = self.defs[e].attach
        pool = self.chars[p] if a == "own-character" else self.chars[1 - p] if a == "opponent-character" \
            else self.chars[0] + self.chars[1]
        return [c for c in pool if self.equip[c] < 0 and "barrier" not in self.keywords(c)]

    def choose_targets(self, item: Item):
        """Choose a target for every targeting op of the item's ability (decision ``target``)."""
        p, src, kind = item.player, item.card, item.kind
        for op in self.slots(item.ability):
            cands = self.candidates(p, src, kind, op)
            if len(cands) == 1:
                item.targets[id(op)] = cands[0]
                continue
            options = tuple(Option(self.target_id(c), self.target_label(c), self.target_value(c)) for c in cands)
            self.targeting = op
            picks = yield Decision(p, "target", options, "TT-TERM-1",
                                   f"{self.defs[src].name}: 対象を選ぶ")
            item.targets[id(op)] = next(o.value for o in options if o.id == picks[0])

    def target_id(self, c) -> str:
        """The option id of a target: a card (``target:<oid>``) or a stack entry."""
        if isinstance(c, Item):
            return f"stack:{c.sid}"
        return f"target:{self.oid[c]}"

    def target_value(self, c):
        """The option value of a target: the stack entry, or the card (a CardRef: the decision shows it)."""
        return c if isinstance(c, Item) else self.refs[c]

    def target_label(self, c) -> str:
        if isinstance(c, Item):
            return f"{self.defs[c.card].name}（{c.kind}）"
        return f"{self.defs[c].name}（P{self.ctrl[c] + 1}）"

    def spell_defender(self, item: Item):
        """TT-KW-2: the opponent may move a chosen character target to a 【スペルディフェンサー】."""
        if item.kind == "triggered":
            return
        q = 1 - item.player
        for op in self.slots(item.ability) or ():
            c = item.targets.get(id(op))
            yield from self._redirect(item, q, c, op, id(op))
        if item.kind == "equip":
            c = item.targets.get("attach")
            yield from self._redirect(item, q, c, None, "attach")

    def _redirect(self, item: Item, q: int, c, op, key):
        if not isinstance(c, int) or self.zone[c] != "char" or self.ctrl[c] != q:
            return
        if op is None:
            legal = self.attach_targets(item.player, item.card)
            alts = [s for s in self.chars[q] if s != c and "spell-defender" in self.keywords(s) and s in legal]
        else:
            alts = [s for s in self.chars[q] if s != c and "spell-defender" in self.keywords(s)
                    and self.legal(item.player, item.card, item.kind, op, s)]
        if not alts:
            return
        options = (Option("keep", "対象を変更しない"),) + tuple(
            Option(f"redirect:{self.oid[s]}", f"{self.defs[s].name}に対象を変更", self.refs[s]) for s in alts)
        picks = yield Decision(q, "spell-defender", options, "TT-KW-2",
                               f"{self.defs[c].name}が対象に選ばれた")
        if picks[0] != "keep":
            s = next(o.value for o in options if o.id == picks[0])
            item.targets[key] = s
            self.log.add("redirect", q, source=self.oid[item.card], old=self.oid[c], new=self.oid[s],
                         why="spell-defender")

    # -- costs -------------------------------------------------------------------------------
    def sources(self, p: int, exclude: int = -1) -> int:
        """How much 霊力 p can make now: hand cards plus untapped characters (TT-COST-1)."""
        n = len(self.hand[p])
        tapped = self.tapped
        for c in self.chars[p]:
            if not tapped[c] and c != exclude:
                n += 1
        return n

    def source_options(self, p: int, exclude: int = -1) -> tuple[Option, ...]:
        """The ways to make 1 霊力: trash a hand card or tap an untapped character."""
        oid, defs, refs = self.oid, self.defs, self.refs
        out = [Option(f"hand:{oid[c]}", f"手札の{defs[c].name}をトラッシュ", refs[c]) for c in self.hand[p]]
        out += [Option(f"tap:{oid[c]}", f"{defs[c].name}をタップ", refs[c])
                for c in self.chars[p] if not self.tapped[c] and c != exclude]
        return tuple(out)

    def make_from(self, p: int, picks, options) -> None:
        """Make 1 霊力 per picked source (never countered, TT-COST-2)."""
        by = {o.id: o.value for o in options}
        made = []
        for pick in picks:
            c = by[pick]
            if pick.startswith("hand:"):
                self.hand[p].remove(c)
                self.zone[c] = "trash"
                self.trash[p].append(c)
            else:
                self.tapped[c] = True
                self.dirty = True
            made.append(pick)
        self.rei[p] += len(made)
        self.log.add("reiryoku", p, sources=made, pool=self.rei[p])

    def make_reiryoku(self, p: int, n: int, why: str, source: int) -> None:
        """Add 霊力 made by an effect (op reiryoku)."""
        self.rei[p] += n
        self.log.add("reiryoku", p, sources=[f"effect:{self.oid[source]}"] * n, pool=self.rei[p])

    def pay(self, p: int, cost: int, exclude: int = -1):
        """Pay a 霊力 cost, making what the pool lacks (decision ``pay``, TT-COST-3)."""
        need = cost - self.rei[p]
        if need > 0:
            options = self.source_options(p, exclude)
            if len(options) == need:
                picks = tuple(o.id for o in options)
            else:
                picks = yield Decision(p, "pay", options, "TT-COST-1", f"霊力{need}を生み出す", min=need, max=need)
            self.make_from(p, picks, options)
        self.rei[p] -= cost
