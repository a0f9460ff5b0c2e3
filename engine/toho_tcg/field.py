"""Zones, card moves, continuous effects, damage and triggers: rules over a game's
:class:`~.state.TTState` (see :mod:`.state` for what a card number indexes).

Effective attack, defense and keywords (printed values, static abilities, until-end-of-turn
effects, TT-BAT-2) are recomputed lazily by :func:`refresh` after any change. A triggered
ability waits in ``fired`` until a player would next receive priority (:mod:`.windows`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fuda.engine.core import GameOver, Termination
from fuda.engine.toho_tcg.state import Keyword, Keywords, TTGame
from fuda.engine.toho_tcg.vocabulary import add_keyword

FIELD_ZONES = ("char", "assister", "equip", "world")
#: A target filter of an op or a static ability (type, tapped), or None
Filter = Mapping[str, Any] | None


# -- stats -------------------------------------------------------------------------------
def refresh(g: TTGame) -> None:
    """Recompute effective attack, defense and keywords of every character (TT-BAT-2)."""
    s = g.state
    s.dirty = False
    defs, atk, dfn, kw = g.static.defs, s.atk, s.dfn, s.kw
    chars = s.chars[0] + s.chars[1]
    for c in chars:
        d = defs[c]
        atk[c] = d.attack
        dfn[c] = d.defense
        kw[c] = d.keywords
    for p in (0, 1):
        for src in s.chars[p]:
            if defs[src].statics:
                _statics(g, src, p)
        for src in s.assisters[p]:
            if defs[src].statics:
                _statics(g, src, p)
    for c in chars:
        e = s.equip[c]
        if e >= 0 and defs[e].statics:
            _statics(g, e, s.ctrl[e])
    w = s.world
    if w >= 0 and defs[w].statics:
        _statics(g, w, s.ctrl[w])
    zone = s.zone
    for c, a, d_, k, _src in s.eot:
        if zone[c] == "char":
            _apply(g, c, a, d_, k)
    tapped = s.tapped
    for c in chars:
        atk[c] = 0 if tapped[c] or atk[c] < 0 else atk[c]
        dfn[c] = max(dfn[c], 0)


def _statics(g: TTGame, src: int, p: int) -> None:
    for name, args in g.static.defs[src].statics:
        for c in static_targets(g, src, p, args["target"], args["filter"]):
            if name == "modify-stat":
                _apply(g, c, args["attack"] or 0, args["defense"] or 0, None)
            else:
                _apply(g, c, 0, 0, args["keyword"])


def _apply(g: TTGame, c: int, a: int, d: int, k: Keyword | None) -> None:
    s = g.state
    s.atk[c] += a
    s.dfn[c] += d
    if k is not None:
        if s.kw[c] is g.static.defs[c].keywords:
            s.kw[c] = dict(s.kw[c])
        add_keyword(s.kw[c], k[0], k[1])


def static_targets(g: TTGame, src: int, p: int, target: str, filt: Filter) -> list[int]:
    """The characters a static ability of ``src`` (controlled by p) applies to now."""
    s = g.state
    if target == "this":
        out = [src] if s.zone[src] == "char" else []
    elif target == "equipped":
        h = s.host[src]
        out = [h] if h >= 0 else []
    elif target == "all-own-characters":
        out = s.chars[p]
    elif target == "all-opponent-characters":
        out = s.chars[1 - p]
    else:
        out = s.chars[0] + s.chars[1]
    return [c for c in out if matches(g, c, filt)] if filt else out


def matches(g: TTGame, c: int, filt: Filter) -> bool:
    """True when card c passes a target filter (type, tapped)."""
    if not filt:
        return True
    t = filt.get("type")
    if t is not None and t not in g.static.defs[c].types:
        return False
    tp = filt.get("tapped")
    return tp is None or g.state.tapped[c] == tp


def stats(g: TTGame, c: int) -> tuple[int, int]:
    """Effective (attack, defense) of a character on the field."""
    s = g.state
    if s.dirty:
        refresh(g)
    return s.atk[c], s.dfn[c]


def keywords(g: TTGame, c: int) -> Keywords:
    """Effective keywords of a character on the field (printed ones elsewhere)."""
    s = g.state
    if s.zone[c] != "char":
        return g.static.defs[c].keywords
    if s.dirty:
        refresh(g)
    return s.kw[c]


def add_eot(g: TTGame, c: int, attack: int, defense: int, keyword: Keyword | None, source: int) -> None:
    """An until-end-of-turn change to a character (modify-stat / grant-keyword)."""
    s = g.state
    if s.zone[c] != "char":
        return
    s.eot.append((c, attack, defense, keyword, source))
    s.dirty = True
    oid = g.static.oid
    g.log.add("modify", s.ctrl[c], card=oid[c], attack=attack, defense=defense,
              keyword=list(keyword) if keyword else None, source=oid[source])


def set_tapped(g: TTGame, c: int, value: bool, why: str) -> None:
    """Tap or untap a card (TT-TERM-2)."""
    s = g.state
    if s.tapped[c] == value:
        return
    s.tapped[c] = value
    s.dirty = True
    g.log.add("tap" if value else "untap", s.ctrl[c], card=g.static.oid[c], why=why)


def controlled(g: TTGame, p: int) -> list[int]:
    """p's cards on the field: characters, their equips, assisters, the world if p's."""
    s = g.state
    out = list(s.chars[p])
    for q in (0, 1):
        for c in s.chars[q]:
            e = s.equip[c]
            if e >= 0 and s.ctrl[e] == p:
                out.append(e)
    out += s.assisters[p]
    if s.world >= 0 and s.ctrl[s.world] == p:
        out.append(s.world)
    return out


# -- triggers ----------------------------------------------------------------------------
def fire(g: TTGame, event: str, c: int, p: int) -> None:
    """Queue card c's triggered abilities for ``event`` (controller p)."""
    d = g.static.defs[c]
    if event in d.trigger_names:
        for trig, ability in d.triggers:
            if trig == event:
                g.state.fired.append((p, c, ability))


def fire_all(g: TTGame, p: int, event: str) -> None:
    """Queue the phase triggers of every card p controls (standby-phase, end-phase)."""
    for c in controlled(g, p):
        fire(g, event, c, p)


# -- moves -------------------------------------------------------------------------------
def shuffle_deck(g: TTGame, p: int) -> None:
    """Shuffle p's deck with the game's generator and log the order (top first)."""
    deck = g.state.deck[p]
    g.rng.shuffle(deck)
    oid = g.static.oid
    g.log.add("chance", p, what="shuffle", result=[oid[c] for c in reversed(deck)])


def draw(g: TTGame, p: int, n: int, why: str) -> None:
    """Draw n cards; a deck that reaches 0 cards loses the game (TT-WIN-1)."""
    s = g.state
    deck, hand, zone, oid = s.deck[p], s.hand[p], s.zone, g.static.oid
    n = min(n, len(deck))
    drawn = []
    for _ in range(n):
        c = deck.pop()
        hand.append(c)
        zone[c] = "hand"
        drawn.append(oid[c])
    g.log.add("draw", p, cards=drawn, why=why, left=len(deck))
    if not deck:
        raise GameOver(1 - p, f"P{p + 1}'s deck reached 0 cards (TT-WIN-1)", Termination.DECK_OUT,
                       f"P{p + 1}のデッキが0枚になった")


def to_trash(g: TTGame, c: int, why: str) -> None:
    """Put a card that is not on the field (hand, stack, waiting) into its owner's trash."""
    s = g.state
    z = s.zone[c]
    o = g.static.owner[c]
    if z == "hand":
        s.hand[o].remove(c)
    elif z == "waiting":
        s.waiting[s.ctrl[c]].remove(c)
    s.zone[c] = "trash"
    s.trash[o].append(c)
    g.log.add("to-trash", o, cards=[g.static.oid[c]], why=why)


def trash_cards(g: TTGame, p: int, cards: Sequence[int], why: str) -> None:
    """Trash picked cards of p's hand (discard phase, hand-trash); logged when there are any."""
    s = g.state
    hand, trash, zone = s.hand[p], s.trash[p], s.zone
    for c in cards:
        hand.remove(c)
        zone[c] = "trash"
        trash.append(c)
    if cards:
        oid = g.static.oid
        g.log.add("to-trash", p, cards=[oid[c] for c in cards], why=why)


def enter_char(g: TTGame, p: int, c: int) -> None:
    """Put a Normal character onto p's field (TT-CHAR-5 is checked by the caller)."""
    s = g.state
    s.chars[p].append(c)
    s.zone[c] = "char"
    s.ctrl[c] = p
    s.tapped[c] = False
    s.damage[c] = 0
    s.dirty = True


def put_hard(g: TTGame, p: int, hard: int, normal: int) -> None:
    """Stack a Hard on its Normal (TT-CHAR-2): it takes over the Normal's place, tap state,
    damage, equip and until-end-of-turn effects."""
    s = g.state
    chars = s.chars[p]
    chars[chars.index(normal)] = hard
    s.zone[hard], s.zone[normal] = "char", "under"
    s.ctrl[hard] = p
    s.under[hard] = normal
    s.tapped[hard] = s.tapped[normal]
    s.damage[hard] = s.damage[normal]
    e = s.equip[normal]
    s.equip[hard], s.equip[normal] = e, -1
    if e >= 0:
        s.host[e] = hard
    s.attacked[hard] = s.attacked[normal]
    s.eot = [(hard if c == normal else c, a, d, k, src) for c, a, d, k, src in s.eot]
    s.dirty = True


def leave_char(g: TTGame, c: int, dest: str) -> None:
    """A character leaves the field with its Normal (to ``dest``: trash or hand) and its equip
    goes to its owner's trash (TT-SPELL-4, TT-CHAR-8)."""
    s = g.state
    owner, oid = g.static.owner, g.static.oid
    s.chars[s.ctrl[c]].remove(c)
    e = s.equip[c]
    if e >= 0:
        s.equip[c] = -1
        s.host[e] = -1
        s.zone[e] = "trash"
        s.trash[owner[e]].append(e)
        g.log.add("to-trash", owner[e], cards=[oid[e]], why="equip-host-left")
    stack = [c]
    u = s.under[c]
    if u >= 0:
        stack.append(u)
        s.under[c] = -1
    for x in stack:
        s.zone[x] = dest
        (s.trash if dest == "trash" else s.hand)[owner[x]].append(x)
        if dest == "hand":  # both players saw it go there
            s.seen_in_hand[owner[x]].add(x)
        s.tapped[x] = False
        s.damage[x] = 0
        s.attacked[x] = False
    s.eot = [e for e in s.eot if e[0] != c]
    s.dirty = True


def remove_from_field(g: TTGame, c: int, dest: str = "trash") -> None:
    """Take any card off the field (character stack, assister, equip or world)."""
    s = g.state
    z = s.zone[c]
    if z == "char":
        leave_char(g, c, dest)
        return
    if z == "assister":
        s.assisters[s.ctrl[c]].remove(c)
    elif z == "equip":
        h = s.host[c]
        s.equip[h] = -1
        s.host[c] = -1
    elif z == "world":
        s.world = -1
    s.tapped[c] = False
    s.zone[c] = dest
    o = g.static.owner[c]
    (s.trash if dest == "trash" else s.hand)[o].append(c)
    if dest == "hand":
        s.seen_in_hand[o].add(c)
    s.dirty = True


def destroy(g: TTGame, c: int, by: int = -1) -> None:
    """Destroy a card on the field: it goes to its owner's trash (TT-CARD-1, TT-CHAR-4)."""
    s = g.state
    z = s.zone[c]
    if z not in FIELD_ZONES:
        return
    oid = g.static.oid
    cards = [oid[c]] + ([oid[s.under[c]]] if z == "char" and s.under[c] >= 0 else [])
    g.log.add("destroy", s.ctrl[c], card=oid[c], cards=cards, by=oid[by] if by >= 0 else None)
    p = s.ctrl[c]
    remove_from_field(g, c, "trash")
    if z == "char":
        fire(g, "on-destroyed", c, p)


def return_to_hand(g: TTGame, c: int) -> None:
    """Return a character (Hard and Normal) to its owner's hand (TT-CHAR-8)."""
    s = g.state
    if s.zone[c] != "char":
        return
    oid = g.static.oid
    cards = [oid[c]] + ([oid[s.under[c]]] if s.under[c] >= 0 else [])
    g.log.add("return", s.ctrl[c], card=oid[c], cards=cards)
    leave_char(g, c, "hand")


# -- damage ------------------------------------------------------------------------------
def deal_damage(g: TTGame, c: int, amount: int, source: int, combat: bool = False) -> int:
    """Deal damage to a character; returns the damage actually dealt (TT-KW-9, TT-KW-11)."""
    s = g.state
    if s.zone[c] != "char" or amount <= 0:
        return 0
    if s.dirty:
        refresh(g)
    defs, oid = g.static.defs, g.static.oid
    k = s.kw[c]
    sd = defs[source] if source >= 0 else None
    from_char = sd is not None and sd.kind == "character"
    if sd is not None and from_char and "protection" in k and any(t in k["protection"] for t in sd.types):
        g.log.add("prevent", s.ctrl[c], card=oid[c], source=oid[source], why="protection")
        return 0
    n = amount - k.get("resist", 0)
    if n <= 0:
        g.log.add("prevent", s.ctrl[c], card=oid[c], source=oid[source], why="resist")
        return 0
    s.damage[c] += n
    g.log.add("damage", s.ctrl[c], card=oid[c], amount=n, total=s.damage[c], source=oid[source], combat=combat)
    if from_char:
        crit = keywords(g, source).get("critical")
        if crit and any(t in crit for t in defs[c].types):
            s.crit.append((c, source))
    return n


def lethal(g: TTGame) -> list[tuple[int, int]]:
    """(character, destroyer) for every character whose damage exceeds its defense or that a
    critical marked (TT-CHAR-4, TT-KW-5), in field order."""
    s = g.state
    if s.dirty:
        refresh(g)
    out = []
    marked = dict(s.crit)
    s.crit = []
    for p in (0, 1):
        for c in s.chars[p]:
            if s.damage[c] > s.dfn[c]:
                out.append((c, -1))
            elif c in marked:
                out.append((c, marked[c]))
    return out


def settle(g: TTGame) -> list[tuple[int, int]]:
    """Destroy lethally damaged and critical-marked characters; then damage wears off
    (TT-BAT-7) — during a fight on every character but the fighting ones (their damage stands
    until the fight is over). Returns the (character, destroyer) pairs destroyed."""
    s = g.state
    dead = lethal(g) if (s.crit or any(s.damage[c] for p in (0, 1) for c in s.chars[p])) else []
    for c, by in dead:
        destroy(g, c, by)
    f = s.fight
    wear_off(g, () if f is None else (*f.attackers, f.target))
    return dead


def wear_off(g: TTGame, keep: Sequence[int] = ()) -> None:
    """All damage on characters (but those in ``keep``) is removed (TT-BAT-7)."""
    s = g.state
    healed = [c for p in (0, 1) for c in s.chars[p] if s.damage[c] and c not in keep]
    for c in healed:
        s.damage[c] = 0
    if healed:
        oid = g.static.oid
        g.log.add("wear-off", None, cards=[oid[c] for c in healed])
