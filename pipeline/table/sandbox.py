"""A free table for any database (``fuda table GAME --sandbox``): no rules, like a local Udonarium.

Each player's deck is shuffled from the seed; people draw, move cards between the zones of their
side (the game's own ``play: zones`` for a custom game, else deck, hand and the zones of its mat,
else a field and a discard pile), flip them (both faces of a double-faced card, else face up /
face down), tap them, shuffle, and count with the game's counters. Everything is logged for all
to read, the table can be saved as a JSON file and loaded again, and the last action can be
undone.

Hidden information holds as at a real table: a deck is a pile of backs for everyone, a hand is
its owner's, a face-down card on the table is its owner's to peek at. A card the seat cannot see
carries no id of any kind (not even its place-holder number), so it cannot be followed through
a shuffle. An action that showed someone a hidden card (a draw, a card taken from the deck, a
flip face up, a shuffle) cannot be undone: putting it back would show the future.
"""

from __future__ import annotations

import copy
import json
import random
import re
from dataclasses import dataclass, field

from fuda.i18n import MESSAGES, Text, t
from fuda.table.sandbox_zones import HIDDEN, OWNER, PUBLIC, ZoneDef, counter_defs, zone_defs

__all__ = ["Sandbox", "SandboxError", "counter_defs", "zone_defs"]

VERSION = 1
MAX_LOG = 2000
MAX_COUNTER = 10**6


class SandboxError(ValueError):
    """A refused action, in one line (a :class:`~fuda.i18n.Text`)."""

    def text(self, lang: str = "ja") -> str:
        from fuda.i18n import localize

        return localize(self, lang)


@dataclass
class Sandbox:
    """The state of a free table (plain data: it is what a save file holds)."""

    game: object  # the database Game
    zones: tuple[ZoneDef, ...]
    counters: tuple
    data: dict  # {"piles": {"P:zone": [uid]}, "cards": {uid: {...}}, "counters": [{key: n}], "log": [...]}
    history: list = field(default_factory=list)  # (state before, seat, revealed) per action

    @classmethod
    def deal(cls, game, decks, seed: int = 0) -> Sandbox:
        """A new table: each deck's cards shuffled (from ``seed``) onto its player's deck zone."""
        zones, counters = zone_defs(game), counter_defs(game)
        rng = random.Random(seed)
        piles = {f"{p}:{z.id}": [] for p in range(len(decks)) for z in zones}
        cards, n = {}, 0
        for p, deck in enumerate(decks):
            faces = _physical(deck)
            rng.shuffle(faces)
            for f in faces:
                n += 1
                uid = f"c{n}"
                cards[uid] = {"faces": list(f), "face": 0, "up": False, "tapped": False, "owner": p}
                piles[f"{p}:{zones[0].id}"].append(uid)
        data = {"version": VERSION, "game": game.id, "seed": seed, "players": len(decks), "piles": piles,
                "cards": cards, "counters": [{k: start for k, _, start in counters} for _ in decks], "log": []}
        table = cls(game, zones, counters, data)
        table._log(None, "sandbox.log.dealt", seed=seed)
        return table

    # -- what a seat sees -----------------------------------------------------------------

    def board(self, seat: int, lang: str) -> dict:
        """The board as :func:`fuda.table.boards.board` gives it, for ``seat``."""
        sides = []
        for p in range(self.data["players"]):
            zones = []
            for z in self.zones:
                looking = p == seat and self._looking(seat) == z.id
                shown = [self._card(uid, z, seat, lang, looking) for uid in self.data["piles"][f"{p}:{z.id}"]]
                zones.append({"id": z.id, "label": z.label(lang), "cards": shown, "pile": z.pile and not looking,
                              "count": len(shown), "visibility": z.visibility, "looking": looking})
            counters = [{"key": k, "label": label if lang == "ja" else k, "value": self.data["counters"][p][k]}
                        for k, label, _ in self.counters]
            sides.append({"seat": p + 1, "you": p == seat, "zones": zones, "counters": counters})
        return {"sides": sides, "shared": {"zones": [], "counters": []}, "turn": 0, "active": 0}

    def _looking(self, seat: int) -> str | None:
        """The hidden zone of its own that ``seat`` is looking through (a search), or None."""
        return self.data.get("looking", {}).get(str(seat))

    def _card(self, uid: str, zone: ZoneDef, seat: int, lang: str = "ja", looking: bool = False) -> dict:
        c = self.data["cards"][uid]
        own = c["owner"] == seat
        sees = (zone.visibility == PUBLIC and (c["up"] or own)) or (zone.visibility == OWNER and own) or looking
        if not sees:
            return {"id": None, "n": -1, "tapped": c["tapped"] if zone.visibility == PUBLIC else False, "badges": []}
        faces = c["faces"]
        out = {"id": faces[c["face"]], "uid": uid, "n": -1, "tapped": c["tapped"],
               "badges": [] if c["up"] or zone.visibility != PUBLIC else [t("sandbox.face_down", lang)]}
        if len(faces) > 1 and own:  # the face underneath is its owner's to know
            out["other"] = faces[1 - c["face"]]
        return out

    def log(self, lang: str) -> list[dict]:
        """The shared log in ``lang``: {"n", "text", "rule"} (rule: empty — a free table has no rules)."""
        out = []
        for entry in self.data["log"]:
            text = entry["text"] if "key" not in entry else self._say(entry, lang)
            out.append({"n": entry["n"], "text": text, "rule": ""})
        return out

    def _say(self, entry: dict, lang: str) -> str:
        params = dict(entry.get("params", {}))
        for k in ("src", "dst", "zone"):
            if k in params:
                zone = next((z for z in self.zones if z.id == params[k]), None)
                params[k] = zone.label(lang) if zone else params[k]
        if "card" in params and not params["card"]:
            params["card"] = t("sandbox.a_card", lang)
        if "counter" in params:
            params["counter"] = next((label if lang == "ja" else k for k, label, _ in self.counters
                                      if k == params["counter"]), params["counter"])
        key = entry["key"]
        if key not in MESSAGES:
            return key
        seat = entry.get("seat")
        who = f"P{seat + 1} " if isinstance(seat, int) else ""
        try:
            return who + t(key, lang, **params)
        except (KeyError, IndexError):
            return key

    # -- what a seat does -----------------------------------------------------------------

    def act(self, seat: int, action: dict) -> None:
        """Do ``action`` ({"do": draw|move|flip|tap|shuffle|counter, ...}) for ``seat``;
        SandboxError (one line) when it cannot be done."""
        do = action.get("do")
        before = copy.deepcopy(self.data)
        handler = {"draw": self._draw, "move": self._move, "flip": self._flip, "tap": self._tap, "look": self._look,
                   "shuffle": self._shuffle, "counter": self._counter}.get(do)
        if handler is None:
            raise SandboxError(Text("err.sandbox.action", action=str(do)[:40]))
        revealed = handler(seat, action)
        self.history.append((before, seat, bool(revealed)))
        del self.history[:-200]

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action (the table's last); refused when someone acted since
        or when it showed a hidden card."""
        if not self.history:
            raise SandboxError(Text("err.table.undo_nothing"))
        before, who, revealed = self.history[-1]
        if who != seat:
            raise SandboxError(Text("err.table.undo_other", seat=who + 1))
        if revealed:
            raise SandboxError(Text("err.table.undo_reveal", seat=seat + 1))
        self.history.pop()
        log = self.data["log"]
        self.data = before
        self.data["log"] = log
        self._log(seat, "sandbox.log.undo")

    def _pile(self, seat: int, zone: str) -> list:
        if not any(z.id == zone for z in self.zones):
            raise SandboxError(Text("err.sandbox.zone", zone=str(zone)[:40]))
        return self.data["piles"][f"{seat}:{zone}"]

    def _zone(self, zone: str) -> ZoneDef:
        return next(z for z in self.zones if z.id == zone)

    def _where(self, uid: str) -> tuple[int, str]:
        for key, pile in self.data["piles"].items():
            if uid in pile:
                p, _, zone = key.partition(":")
                return int(p), zone
        raise SandboxError(Text("err.sandbox.card"))

    def _draw(self, seat: int, action: dict) -> bool:
        count = _count(action.get("count", 1))
        deck = self._pile(seat, self.zones[0].id)
        if len(deck) < count:
            raise SandboxError(Text("err.sandbox.empty", n=len(deck)))
        hand = self._pile(seat, "hand")
        for _ in range(count):
            uid = deck.pop()
            self.data["cards"][uid]["up"] = True
            hand.append(uid)
        self._log(seat, "sandbox.log.draw", n=count)
        return True

    def _move(self, seat: int, action: dict) -> bool:
        to = str(action.get("to", ""))
        target = self._pile(seat, to)
        if "uid" in action:
            uid = str(action["uid"])
            if uid not in self.data["cards"]:
                raise SandboxError(Text("err.sandbox.card"))
            owner, zone = self._where(uid)
            looking = owner == seat and self._looking(seat) == zone
            hidden = owner != seat and self._zone(zone).visibility != PUBLIC
            if self._card(uid, self._zone(zone), seat, "ja", looking)["id"] is None or hidden:
                raise SandboxError(Text("err.sandbox.card"))
        else:  # the top card of one of the seat's own piles (a deck: its cards have no ids on the page)
            zone, owner = str(action.get("from", "")), seat
            pile = self._pile(seat, zone)
            if not pile:
                raise SandboxError(Text("err.sandbox.empty", n=0))
            uid = pile[-1]
        source, dest = self._zone(zone), self._zone(to)
        was_public = source.visibility == PUBLIC and self.data["cards"][uid]["up"]
        self.data["piles"][f"{owner}:{zone}"].remove(uid)
        card = self.data["cards"][uid]
        card["up"] = dest.visibility != HIDDEN and (dest.visibility == OWNER or not action.get("face_down"))
        if dest.visibility != PUBLIC:
            card["tapped"] = False
        target.append(uid)
        now_public = dest.visibility == PUBLIC and card["up"]
        name = self._name(uid) if was_public or now_public else ""
        self._log(seat, "sandbox.log.move", card=name, src=source.id, dst=dest.id)
        return source.visibility == HIDDEN or (now_public and not was_public and source.visibility != OWNER)

    def _flip(self, seat: int, action: dict) -> bool:
        uid = str(action.get("uid", ""))
        if uid not in self.data["cards"]:
            raise SandboxError(Text("err.sandbox.card"))
        owner, zone = self._where(uid)
        if self._zone(zone).visibility != PUBLIC or (owner != seat and not self.data["cards"][uid]["up"]):
            raise SandboxError(Text("err.sandbox.card"))
        card = self.data["cards"][uid]
        if len(card["faces"]) > 1 and card["up"]:
            card["face"] = 1 - card["face"]
        else:
            card["up"] = not card["up"]
        self._log(seat, "sandbox.log.flip", card=self._name(uid) if card["up"] else "")
        return card["up"]  # a face shown to the table (turning one face down shows nothing)

    def _tap(self, seat: int, action: dict) -> bool:
        uid = str(action.get("uid", ""))
        if uid not in self.data["cards"]:
            raise SandboxError(Text("err.sandbox.card"))
        zone = self._where(uid)[1]
        if self._zone(zone).visibility != PUBLIC:
            raise SandboxError(Text("err.sandbox.card"))
        card = self.data["cards"][uid]
        card["tapped"] = not card["tapped"]
        shown = self._name(uid) if card["up"] else ""
        self._log(seat, "sandbox.log.tap" if card["tapped"] else "sandbox.log.untap", card=shown)
        return False

    def _look(self, seat: int, action: dict) -> bool:
        """Look through one of the seat's own hidden piles (a search: its cards show to that seat
        until it stops), or stop looking (``zone`` null)."""
        zone = action.get("zone")
        looking = self.data.setdefault("looking", {})
        if zone is None:
            was = looking.pop(str(seat), None)
            if was is None:
                raise SandboxError(Text("err.sandbox.zone", zone="-"))
            self._log(seat, "sandbox.log.look_done", zone=was)
            return False
        zone = str(zone)
        self._pile(seat, zone)
        if self._zone(zone).visibility != HIDDEN:
            raise SandboxError(Text("err.sandbox.zone", zone=zone[:40]))
        looking[str(seat)] = zone
        self._log(seat, "sandbox.log.look", zone=zone)
        return True

    def _shuffle(self, seat: int, action: dict) -> bool:
        zone = str(action.get("zone", self.zones[0].id))
        pile = self._pile(seat, zone)
        rng = random.Random(f"{self.data['seed']}:{len(self.data['log'])}")
        rng.shuffle(pile)
        self._log(seat, "sandbox.log.shuffle", zone=zone)
        return True

    def _counter(self, seat: int, action: dict) -> bool:
        key = str(action.get("key", ""))
        counters = self.data["counters"][seat]
        if key not in counters:
            raise SandboxError(Text("err.sandbox.counter", key=key[:40]))
        delta = action.get("delta", 0)
        if not isinstance(delta, int) or isinstance(delta, bool) or abs(delta) > 1000:
            raise SandboxError(Text("err.sandbox.counter", key=key[:40]))
        counters[key] = max(-MAX_COUNTER, min(MAX_COUNTER, counters[key] + delta))
        self._log(seat, "sandbox.log.counter", counter=key, value=counters[key], delta=f"{delta:+d}")
        return False

    def _name(self, uid: str) -> str:
        c = self.data["cards"][uid]
        cid = c["faces"][c["face"]]
        card = next((x for x in self.game.cards if x.id == cid), None)
        return card.name if card is not None else cid

    def _log(self, seat: int | None, key: str, **params) -> None:
        log = self.data["log"]
        log.append({"n": (log[-1]["n"] + 1) if log else 1, "seat": seat, "key": key, "params": params,
                    "text": ""})
        del log[:-MAX_LOG]

    # -- a file ---------------------------------------------------------------------------

    def dumps(self) -> str:
        """The whole table as JSON (every card, hidden ones too: a save is the host's)."""
        return json.dumps(self.data, ensure_ascii=False, indent=1, sort_keys=True)

    def load(self, text: str) -> None:
        """Replace the table with a saved one; SandboxError (one line) when it is not one of this
        game's tables."""
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise SandboxError(Text("err.sandbox.file", why=str(exc)[:80])) from None
        problem = _check(data, self)
        if problem:
            raise SandboxError(Text("err.sandbox.file", why=problem))
        self.data = data
        self.history.clear()
        self._log(None, "sandbox.log.loaded")


_UID = re.compile(r"c\d{1,6}")


def _check(data, table: Sandbox) -> str:
    """What is wrong with a loaded table (empty when nothing)."""
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return "version"
    if data.get("game") != table.game.id:
        return f"game {str(data.get('game'))[:40]!r}"
    players = data.get("players")
    if players != table.data["players"]:
        return "players"
    ids = {c.id for c in table.game.cards}
    cards = data.get("cards")
    if not isinstance(cards, dict) or len(cards) > 5000:
        return "cards"
    for uid, c in cards.items():
        if not (_UID.fullmatch(str(uid)) and isinstance(c, dict) and isinstance(c.get("faces"), list)
                and 1 <= len(c["faces"]) <= 2 and all(f in ids for f in c["faces"])
                and c.get("face") in (0, 1) and c["face"] < len(c["faces"]) and isinstance(c.get("up"), bool)
                and isinstance(c.get("tapped"), bool) and c.get("owner") in range(players)):
            return f"card {str(uid)[:20]}"
    piles = data.get("piles")
    want = {f"{p}:{z.id}" for p in range(players) for z in table.zones}
    if not isinstance(piles, dict) or set(piles) != want:
        return "zones"
    placed = [u for pile in piles.values() if isinstance(pile, list) for u in pile]
    if sorted(placed) != sorted(cards) or any(not isinstance(p, list) for p in piles.values()):
        return "piles"
    keys = {k for k, _, _ in table.counters}
    counters = data.get("counters")
    if not (isinstance(counters, list) and len(counters) == players and all(
            isinstance(c, dict) and set(c) == keys and all(isinstance(v, int) and not isinstance(v, bool) for v in c.values())
            for c in counters)):
        return "counters"
    log = data.get("log")
    if not isinstance(log, list) or len(log) > MAX_LOG or not all(
            isinstance(e, dict) and isinstance(e.get("text"), str) and isinstance(e.get("n"), int)
            and isinstance(e.get("key", ""), str) and isinstance(e.get("params", {}), dict)
            and all(isinstance(v, (str, int)) for v in e.get("params", {}).values()) for e in log):
        return "log"
    if not isinstance(data.get("seed"), int):
        return "seed"
    looking = data.get("looking", {})
    if not isinstance(looking, dict) or any(k not in {str(p) for p in range(players)} or v not in
                                            {z.id for z in table.zones} for k, v in looking.items()):
        return "looking"
    return ""


def _count(value) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 60:
        raise SandboxError(Text("err.sandbox.count"))
    return value


def _physical(deck) -> list[tuple[str, ...]]:
    """The physical cards of a deck: a pair of faces (a ryomen pairing) is one card with two faces."""
    if deck.pairs:
        return [tuple(pair) for pair in deck.pairs]
    return [(cid,) for cid in deck.card_ids()]
