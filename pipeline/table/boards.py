"""The board of a seat as data for the table page: each player's zones (named like the game's
mat zones, so the page can put them where the mat does), the cards in them — by database id when
the seat may see the card, as a back when it may not — and the counters (life, 霊力, points).

Each coded game has its own reader of the engine's per-seat view (``view(seat)``, the only thing
read: what a seat may know is the engine's decision). :func:`known_cards` is the set of card
numbers face up to a seat, which undo uses to tell when a step revealed something.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fuda.i18n import t


@dataclass
class Zone:
    """One zone of one side: its mat id, its cards (dicts for the page) and how many are hidden."""

    id: str
    cards: list = field(default_factory=list)
    pile: bool = False  # a pile (deck, trash): drawn as one stack with a count
    label: str | None = None  # the game's own name for it (a custom game's play: zones)

    def as_json(self, lang: str) -> dict:
        return {"id": self.id, "label": self.label or zone_label(self.id, lang), "cards": self.cards,
                "pile": self.pile, "count": len(self.cards)}


def zone_label(zone_id: str, lang: str) -> str:
    """A zone's name in ``lang`` (the mat's own words in Japanese)."""
    key = f"table.zone.{zone_id}"
    from fuda.i18n import MESSAGES

    return t(key, lang) if key in MESSAGES else zone_id


def counter(key: str, value, lang: str) -> dict:
    """A badge: ``key`` names it in the message catalogue (``table.counter.<key>``)."""
    return {"key": key, "label": t(f"table.counter.{key}", lang), "value": value}


def card(card_id: str | None, number: int = -1, tapped: bool = False, badges=(), under=None) -> dict:
    """A card on the board: ``card_id`` None is a card the seat cannot see (drawn as its back)."""
    out = {"id": card_id, "n": number, "tapped": tapped, "badges": [str(b) for b in badges]}
    if under:
        out["under"] = under
    return out


def backs(count: int) -> list:
    """``count`` cards seen from the back."""
    return [card(None) for _ in range(count)]


def board(game, seat: int, lang: str) -> dict:
    """The board ``seat`` sees: {"sides": [...], "shared": {...}, "turn", "active"}."""
    engine = type(game).__module__.split(".")[-2]
    reader = READERS.get(engine)
    if reader is None:
        return {"sides": [], "shared": {"zones": [], "counters": []}, "turn": 0, "active": -1}
    return reader(game, game.view(seat), lang)


def known_cards(game, seat: int) -> set:
    """The card numbers face up to ``seat`` now (in any zone, own hand included)."""
    data = board(game, seat, "en")
    out = set()
    for side in [*data["sides"], data["shared"]]:
        for zone in side["zones"]:
            for c in zone["cards"]:
                if c["id"] is not None:
                    out.add((c["n"], c["id"]))
    return out


def _side(p: int, seat: int, zones: list[Zone], counters: list, lang: str) -> dict:
    return {"seat": p + 1, "you": p == seat, "zones": [z.as_json(lang) for z in zones], "counters": counters}


def _shared(zones: list[Zone], counters: list, lang: str) -> dict:
    return {"zones": [z.as_json(lang) for z in zones if z.cards], "counters": counters}


def _id(view, c: int | None):
    if c is None or c < 0:
        return None
    d = view.defs[c]
    return d.id if d is not None else None


# -- toho-tcg ---------------------------------------------------------------------------------


def _toho(game, view, lang: str) -> dict:
    sides = []
    for p, s in enumerate(view.sides):
        chars = []
        for ch in s.chars:
            badges = [f"{ch.attack}/{ch.defense}"]
            if ch.damage:
                badges.append(t("table.badge.damage", lang, n=ch.damage))
            under = [card(_id(view, ch.under), ch.under)] if ch.under >= 0 else None
            chars.append(card(_id(view, ch.card), ch.card, ch.tapped, badges, under))
            if ch.equip >= 0:
                chars.append(card(_id(view, ch.equip), ch.equip, False, [t("table.badge.equip", lang)]))
        hand = [card(_id(view, c), c) for c in s.hand] if s.hand is not None else backs(s.hand_size)
        world = [card(_id(view, view.world), view.world)] if view.world >= 0 and game.ctrl[view.world] == p else []
        zones = [Zone("character-zone", chars),
                 Zone("assister-zone", [card(_id(view, c), c, game.tapped[c]) for c in s.assisters]
                      + [card(_id(view, c), c, False, [t("table.badge.waiting", lang)]) for c in s.waiting]),
                 Zone("world-zone", world),
                 Zone("deck", backs(s.deck_size), pile=True),
                 Zone("trash", [card(_id(view, c), c) for c in s.trash], pile=True),
                 Zone("hand", hand)]
        counters = [counter("life", s.deck_size, lang), counter("reiryoku", s.reiryoku, lang),
                    counter("qa", f"{s.qa_used}/{view.qa_limit}", lang)]
        sides.append(_side(p, view.seat, zones, counters, lang))
    stack = [card(_id(view, e.card), e.card, False, [f"P{e.player + 1}"]) for e in view.stack]
    return {"sides": sides, "shared": _shared([Zone("stack", stack)], [], lang), "turn": view.turn,
            "active": view.active + 1, "phase": view.phase}


# -- recast-rift ------------------------------------------------------------------------------


def _recast(game, view, lang: str) -> dict:
    sides = []
    for p, s in enumerate(view.sides):
        if s.hand is not None:
            hand = [card(_id(view, c), c) for c in s.hand]
        else:
            hand = [card(_id(view, c), c) for c in s.known_hand] + backs(s.hand_size - len(s.known_hand))
        far = [card(_id(view, s.far), s.far)] if s.far is not None else backs(1)
        near = [card(_id(view, s.near), s.near)] if s.near is not None else backs(1)
        face_down = ([card(_id(view, c), c) for c in s.face_down] if s.face_down is not None
                     else backs(s.face_down_size))
        zones = [Zone("awakening-far", far), Zone("awakening-near", near)]
        zones += [Zone(f"recast-{k}", [card(_id(view, c), c) for c in cards]) for k, cards in enumerate(s.zones)]
        zones += [Zone("deck", backs(s.deck_size), pile=True), Zone("face-down", face_down, pile=True),
                  Zone("reserve", [card(_id(view, c), c) for c in s.reserve], pile=True), Zone("hand", hand)]
        counters = [counter("life", s.life, lang),
                    counter("awakened", t("table.yes" if s.awakened else "table.no", lang), lang)]
        sides.append(_side(p, view.seat, zones, counters, lang))
    cast = Zone("cast-zone", [card(_id(view, c), c) for c in view.cast_zone])
    return {"sides": sides, "shared": _shared([cast], [], lang), "turn": view.turn, "active": view.active + 1}


# -- RAISE×BLAZE ------------------------------------------------------------------------------


def _raise(game, view, lang: str) -> dict:
    sides = []
    for p, s in enumerate(view.sides):
        fighters = []
        for f in s.fighters:
            under = [card(_id(view, c), c) for c in f.under] or None
            fighters.append(card(_id(view, f.card), f.card, f.attacked, [view.power(f.card)], under))
        if s.core is not None:
            core = [card(_id(view, s.core), s.core, s.core_attacked,
                         [s.core_power] if s.core_power is not None else [],
                         [card(_id(view, c), c) for c in s.ups] or None)]
        else:
            core = backs(1)
        spell = [card(_id(view, c) if c is not None else None, c if c is not None else -1)
                 for c in s.spell]
        if s.hand is not None:
            hand = [card(_id(view, c), c) for c in s.hand]
        else:  # the opponent's hand cards both players saw go there, then backs
            known = getattr(s, "known_hand", ())
            hand = [card(_id(view, c), c) for c in known] + backs(s.hand_size - len(known))
        core_deck = ([card(_id(view, c), c) for c in s.core_deck] if s.core_deck is not None
                     else backs(s.core_deck_size))
        zones = [Zone("fighter-zones", fighters), Zone("core-fighter", core), Zone("life-zone", backs(s.life), pile=True),
                 Zone("spell-zone", spell), Zone("deck-zone", backs(s.deck_size), pile=True),
                 Zone("graveyard", [card(_id(view, c), c) for c in s.grave], pile=True),
                 Zone("core-deck", core_deck, pile=True), Zone("hand", hand)]
        sides.append(_side(p, view.seat, zones, [counter("life", s.life, lang)], lang))
    return {"sides": sides, "shared": _shared([], [], lang), "turn": view.turn, "active": view.active + 1,
            "phase": view.phase}


# -- 両面表 (ryomen) -------------------------------------------------------------------------


def _ryo_card(c, stats=None) -> dict:
    out = card(c.up, c.number, False, ["・".join(map(str, stats or c.stats))])
    out["other"] = c.down  # the other face, None while the seat cannot know it
    return out


def _ryomen(game, view, lang: str) -> dict:
    sides = []
    for p, s in enumerate(view.sides):
        battle = [_ryo_card(s.battle, s.battle_stats)] if s.battle is not None else []
        zones = [Zone("hand-zone", [_ryo_card(c) for c in s.hand]), Zone("battle-zone", battle),
                 Zone("result-zone", [_ryo_card(c) for c in s.result])]
        counters = [counter("points", sum(s.won), lang),
                    counter("won", "・".join(map(str, s.won)) or "—", lang)]
        sides.append(_side(p, view.seat, zones, counters, lang))
    stats = ("power", "speed", "brain")
    shared = [counter("turn", f"{view.turn}/{view.turns}", lang), counter("server", f"P{view.server + 1}", lang),
              counter("time", t("table.night" if view.night else "table.day", lang), lang),
              counter("named", t(f"table.stat.{stats[view.named]}", lang) if view.named >= 0 else "—", lang),
              counter("point-zone", "・".join(map(str, view.points)) or "—", lang)]
    return {"sides": sides, "shared": _shared([], shared, lang), "turn": view.turn, "active": view.server + 1}


def mat_layout(game) -> dict:
    """Where the game's mat puts each zone: {zone id: [x, y, w, h]} in mm (empty without a mat).
    A zone the table shows as one (``recast-1``) that the mat draws as several (``recast-1a``,
    ``recast-1b``) gets the box around them."""
    from fuda.faces.mat import length, load_mat

    try:
        data = load_mat(game).data
    except Exception:  # no mat, or a broken one: the page falls back to its own order
        return {}
    size = game.card_size
    out = {}
    for z in data.get("zones", []):
        if "id" not in z or "x" not in z:
            continue
        x, y = length(z["x"], size), length(z["y"], size)
        if z.get("type") in ("chip", "chips"):
            d = float(z["d"])
            w, h = d * int(z.get("count", 1)), d
        else:
            cw, ch = size[::-1] if z.get("rotated") else size
            w = length(z["w"], size) if "w" in z else cw
            h = length(z["h"], size) if "h" in z else ch
        out[z["id"]] = [round(x, 1), round(y, 1), round(w, 1), round(h, 1)]
    for zid in list(out):
        base = zid.rstrip("ab")
        if base != zid and base not in out:
            parts = [v for k, v in out.items() if k.rstrip("ab") == base and k != base]
            x0, y0 = min(p[0] for p in parts), min(p[1] for p in parts)
            x1, y1 = max(p[0] + p[2] for p in parts), max(p[1] + p[3] for p in parts)
            out[base] = [x0, y0, round(x1 - x0, 1), round(y1 - y0, 1)]
    return out


# -- a game of your own (rules: custom) ----------------------------------------------------------


def _custom(game, view, lang: str) -> dict:
    rules = game.static.rules
    names = {zone: rules.zone_name(z, lang) for z, zone in enumerate(rules.zones)}
    labels = [rules.counter_name(i, lang) for i in range(len(rules.counters))]
    sides = []
    for p, s in enumerate(view.sides):
        zones = []
        for zone, cards in s.zones.items():
            if isinstance(cards, tuple):
                shown = [card(c.id, c.card, c.tapped, [c.strength] if c.strength else []) for c in cards]
            else:
                shown = backs(int(cards))
            pile = (zone != "hand" and not isinstance(cards, tuple)) or zone in ("discard", "trash", "graveyard")
            zones.append(Zone(zone, shown, pile=pile, label=names.get(zone, zone)))
        counters = [{"key": name, "label": label, "value": v}
                    for name, label, v in zip(rules.counters, labels, s.counters, strict=True)]
        sides.append(_side(p, view.seat, zones, counters, lang))
    return {"sides": sides, "shared": _shared([], [], lang), "turn": view.turn, "active": view.active + 1}


READERS = {"custom": _custom, "toho_tcg": _toho, "recast_rift": _recast, "raise_blaze": _raise, "ryomen": _ryomen}
