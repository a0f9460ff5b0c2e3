"""Targets and costs of plays: rules over a game's :class:`~.state.TTState`.

A play announces the card or ability, chooses its targets (対象), pays its cost in 霊力 —
making the missing 霊力 by trashing hand cards or tapping characters (TT-COST-1) — lets a
【スペルディフェンサー】 redirect (TT-KW-2), and puts the spell or ability on the stack
(:mod:`.windows`). Characters and worlds are not spells: they enter at once and can never be
countered (TT-CHAR-7). The stack resolves last-in first-out (:mod:`.effects`); a resolving effect
whose every chosen target has become illegal does nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from fuda.engine.core import CompiledAbility, Decision, Option
from fuda.engine.core.registry import CompiledOp
from fuda.engine.toho_tcg.field import keywords, matches
from fuda.engine.toho_tcg.state import Item, Steps, TTGame
from fuda.engine.toho_tcg.vocabulary import CHOSEN

COUNTERS = {"spell": ("quick", "assister", "equip"), "quick": ("quick",), "activated": ("activated",)}
#: A target: a card number, or a stack entry (counter)
Target = int | Item


class Ctx:
    """An effect being played or resolved: controller, source card, kind, chosen targets."""

    __slots__ = ("card", "item", "kind", "op", "player", "targets")

    def __init__(self, player: int, card: int, kind: str, targets: dict[object, Target] | None = None,
                 item: Item | None = None):
        self.player = player
        self.card = card
        self.kind = kind  # quick | assister | equip | activated | triggered
        self.targets: dict[object, Target] = targets if targets is not None else {}
        self.op: CompiledOp | None = None
        self.item = item


def _slots(ops: Sequence[CompiledOp]) -> list[CompiledOp]:
    out = []
    for op in ops:
        if op.name == "counter" or op.args.get("target") in CHOSEN:
            out.append(op)
        if op.name == "if":
            out.extend(_slots(op.args["then"]))
            out.extend(_slots(op.args["else_"]))
    return out


def slots(g: TTGame, ability: CompiledAbility | None) -> tuple[CompiledOp, ...]:
    """The ops of an ability that choose a target when it is played (cached in the card pool)."""
    key = id(ability)
    cache = g.static.pool.slot_cache
    s = cache.get(key)
    if s is None:
        s = cache[key] = tuple(_slots(ability.ops)) if ability is not None and ability.ops else ()
    return s


# -- targets -----------------------------------------------------------------------------
def targetable(g: TTGame, c: int, src: int, kind: str) -> bool:
    """Whether an effect of ``src`` may choose character c (TT-KW-8 barrier, TT-KW-11)."""
    k = keywords(g, c)
    if "barrier" in k:
        return False
    if kind == "activated" and "protection" in k:
        sd = g.static.defs[src]
        if sd.kind == "character" and any(t in k["protection"] for t in sd.types):
            return False
    return True


def legal(g: TTGame, p: int, src: int, kind: str, op: CompiledOp, c: Target) -> bool:
    """Whether c is (still) a legal choice for the target of op, played by p from src."""
    s = g.state
    if op.name == "counter":
        return isinstance(c, Item) and c in s.stack and c.kind in COUNTERS[op.args["target"]]
    assert not isinstance(c, Item)  # only a counter targets a stack entry
    t = op.args["target"]
    z = s.zone[c]
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
        if z != "char" or (t == "own-character" and s.ctrl[c] != p) or (
                t == "opponent-character" and s.ctrl[c] == p):
            return False
    if z == "char" and not targetable(g, c, src, kind):
        return False
    return matches(g, c, op.args.get("filter"))


def candidates(g: TTGame, p: int, src: int, kind: str, op: CompiledOp) -> list[Target]:
    """Every legal choice for the target of op, in a stable order."""
    s = g.state
    if op.name == "counter":
        wanted = COUNTERS[op.args["target"]]
        return [i for i in s.stack if i.kind in wanted]
    t = op.args["target"]
    chars, equip = s.chars, s.equip
    if t == "own-character":
        pool = chars[p]
    elif t == "opponent-character":
        pool = chars[1 - p]
    elif t == "any-character":
        pool = chars[0] + chars[1]
    elif t == "any-assister":
        pool = s.assisters[0] + s.assisters[1]
    elif t == "any-equip":
        pool = [equip[c] for q in (0, 1) for c in chars[q] if equip[c] >= 0]
    else:  # any-card (TT-CARD-1)
        pool = [x for q in (0, 1) for c in chars[q] for x in ((c, equip[c]) if equip[c] >= 0 else (c,))]
        pool += s.assisters[0] + s.assisters[1]
        if s.world >= 0:
            pool.append(s.world)
    return [c for c in pool if legal(g, p, src, kind, op, c)]


def has_targets(g: TTGame, p: int, src: int, kind: str, ability: CompiledAbility | None) -> bool:
    """True when every chosen target of the ability has at least one legal choice."""
    return all(candidates(g, p, src, kind, op) for op in slots(g, ability))


def attach_targets(g: TTGame, p: int, e: int) -> list[int]:
    """Characters equip e may be attached to (no equip yet, not 【バリア】; TT-SPELL-4)."""
    s = g.state
    a = g.static.defs[e].attach
    pool = s.chars[p] if a == "own-character" else s.chars[1 - p] if a == "opponent-character" \
        else s.chars[0] + s.chars[1]
    return [c for c in pool if s.equip[c] < 0 and "barrier" not in keywords(g, c)]


def choose_targets(g: TTGame, item: Item) -> Steps[None]:
    """Choose a target for every targeting op of the item's ability (decision ``target``)."""
    p, src, kind = item.player, item.card, item.kind
    for op in slots(g, item.ability):
        cands = candidates(g, p, src, kind, op)
        if len(cands) == 1:
            item.targets[id(op)] = cands[0]
            continue
        options = tuple(Option(target_id(g, c), target_label(g, c), target_value(g, c)) for c in cands)
        g.state.targeting = op
        picks = yield Decision(p, "target", options, "TT-TERM-1", f"{g.static.defs[src].name}: 対象を選ぶ")
        item.targets[id(op)] = picked(options, picks[0])


def picked(options: Sequence[Option], pick: str) -> Target:
    """The card or stack entry of the picked option (a target, an attach, a redirect)."""
    value = next(o.value for o in options if o.id == pick)
    assert isinstance(value, (int, Item))
    return value


def target_id(g: TTGame, c: Target) -> str:
    """The option id of a target: a card (``target:<oid>``) or a stack entry."""
    if isinstance(c, Item):
        return f"stack:{c.sid}"
    return f"target:{g.static.oid[c]}"


def target_value(g: TTGame, c: Target) -> Target:
    """The option value of a target: the stack entry, or the card (a CardRef: the decision shows it)."""
    return c if isinstance(c, Item) else g.static.refs[c]


def target_label(g: TTGame, c: Target) -> str:
    """The option label of a target."""
    defs = g.static.defs
    if isinstance(c, Item):
        return f"{defs[c.card].name}（{c.kind}）"
    return f"{defs[c].name}（P{g.state.ctrl[c] + 1}）"


def shown(g: TTGame, item: Item) -> list[str]:
    """The item's chosen targets for the log: ``target:<oid>`` or ``stack:<sid>:<oid>``."""
    return [f"stack:{v.sid}:{g.static.oid[v.card]}" if isinstance(v, Item) else target_id(g, v)
            for v in item.targets.values()]


def spell_defender(g: TTGame, item: Item) -> Steps[None]:
    """TT-KW-2: the opponent may move a chosen character target to a 【スペルディフェンサー】."""
    if item.kind == "triggered":
        return
    q = 1 - item.player
    for op in slots(g, item.ability) or ():
        c = item.targets.get(id(op))
        yield from _redirect(g, item, q, c, op, id(op))
    if item.kind == "equip":
        c = item.targets.get("attach")
        yield from _redirect(g, item, q, c, None, "attach")


def _redirect(g: TTGame, item: Item, q: int, c: Target | None, op: CompiledOp | None, key: object) -> Steps[None]:
    s = g.state
    if not isinstance(c, int) or s.zone[c] != "char" or s.ctrl[c] != q:
        return
    if op is None:
        can = attach_targets(g, item.player, item.card)
        alts = [x for x in s.chars[q] if x != c and "spell-defender" in keywords(g, x) and x in can]
    else:
        alts = [x for x in s.chars[q] if x != c and "spell-defender" in keywords(g, x)
                and legal(g, item.player, item.card, item.kind, op, x)]
    if not alts:
        return
    defs, oid = g.static.defs, g.static.oid
    options = (Option("keep", "対象を変更しない"),
               *(Option(f"redirect:{oid[x]}", f"{defs[x].name}に対象を変更", g.static.refs[x]) for x in alts))
    picks = yield Decision(q, "spell-defender", options, "TT-KW-2", f"{defs[c].name}が対象に選ばれた")
    if picks[0] != "keep":
        new = picked(options, picks[0])
        assert isinstance(new, int)
        item.targets[key] = new
        g.log.add("redirect", q, source=oid[item.card], old=oid[c], new=oid[new], why="spell-defender")


# -- costs -------------------------------------------------------------------------------
def sources(g: TTGame, p: int, exclude: int = -1) -> int:
    """How much 霊力 p can make now: hand cards plus untapped characters (TT-COST-1)."""
    s = g.state
    n = len(s.hand[p])
    tapped = s.tapped
    for c in s.chars[p]:
        if not tapped[c] and c != exclude:
            n += 1
    return n


def source_options(g: TTGame, p: int, exclude: int = -1) -> tuple[Option, ...]:
    """The ways to make 1 霊力: trash a hand card or tap an untapped character."""
    s = g.state
    oid, defs, refs = g.static.oid, g.static.defs, g.static.refs
    out = [Option(f"hand:{oid[c]}", f"手札の{defs[c].name}をトラッシュ", refs[c]) for c in s.hand[p]]
    out += [Option(f"tap:{oid[c]}", f"{defs[c].name}をタップ", refs[c])
            for c in s.chars[p] if not s.tapped[c] and c != exclude]
    return tuple(out)


def make_from(g: TTGame, p: int, picks: Sequence[str], options: Sequence[Option]) -> None:
    """Make 1 霊力 per picked source (never countered, TT-COST-2)."""
    s = g.state
    by = {o.id: o.value for o in options}
    made = []
    for pick in picks:
        c = by[pick]
        assert isinstance(c, int)
        if pick.startswith("hand:"):
            s.hand[p].remove(c)
            s.zone[c] = "trash"
            s.trash[p].append(c)
        else:
            s.tapped[c] = True
            s.dirty = True
        made.append(pick)
    s.rei[p] += len(made)
    g.log.add("reiryoku", p, sources=made, pool=s.rei[p])


def make_reiryoku(g: TTGame, p: int, n: int, why: str, source: int) -> None:
    """Add 霊力 made by an effect (op reiryoku)."""
    s = g.state
    s.rei[p] += n
    g.log.add("reiryoku", p, sources=[f"effect:{g.static.oid[source]}"] * n, pool=s.rei[p])


def pay(g: TTGame, p: int, cost: int, exclude: int = -1) -> Steps[None]:
    """Pay a 霊力 cost, making what the pool lacks (decision ``pay``, TT-COST-3)."""
    s = g.state
    need = cost - s.rei[p]
    if need > 0:
        options = source_options(g, p, exclude)
        if len(options) == need:
            picks = tuple(o.id for o in options)
        else:
            picks = yield Decision(p, "pay", options, "TT-COST-1", f"霊力{need}を生み出す", min=need, max=need)
        make_from(g, p, picks, options)
    s.rei[p] -= cost
