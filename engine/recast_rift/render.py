"""Readable Recast Rift logs and position dumps, in the user's language with the printed card names.

Sentences come from :mod:`fuda.i18n` (``narr.rr.*`` keys, Japanese and English); card and fighter
names stay as printed. For a seat, what that seat cannot see stays unnamed: the opponent's drawn
cards, the cards put into the face-down pile (「相手に情報を隠して置く」) and taken back from it,
the opponent's hand in a set-up position. For a spectator or a replay (``seat=None``) every card
is named.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from fuda.engine.core.log import Event
from fuda.engine.core.narration import Narrator
from fuda.engine.recast_rift.state import RRGame
from fuda.engine.recast_rift.view import RRView
from fuda.i18n import MESSAGES, language, t

if TYPE_CHECKING:
    from fuda.database.ruleset import Label

#: a lift or recast-up move in the log: (card id, from zone, to zone or "reserve")
Move = tuple[str, int, "int | str"]


class RRNarrator(Narrator):
    """Event lines and state dumps of a :class:`~fuda.engine.recast_rift.game.RecastRift`."""

    game: RRGame

    def __init__(self, game: RRGame):
        super().__init__(game)
        self.by_oid, self.defs, self.pool, self.setups = game.by_oid, game.defs, game.pool, game.setups
        self.lang = language()

    def _t(self, key: str, **params: object) -> str:
        return t("narr.rr." + key, self.lang, **params)

    def _word(self, table: str, key: object) -> str | None:
        """A word of a ``narr.rr.<table>.*`` table, or None when it has none."""
        full = f"narr.rr.{table}.{key}"
        return MESSAGES[full][self.lang] if full in MESSAGES else None

    def _why(self, why: str) -> str:
        return self._word("why", why) or why

    def _zone(self, zone: int | str) -> str:
        return self._word("zone", zone) or str(zone)  # (every zone of the log has a word)

    def _join(self, items: Iterable[str]) -> str:
        return self._t("sep").join(items)

    def _n(self, p: int | None, oid: str | None) -> str:
        if p is None or oid is None:
            return str(oid)
        card = self.by_oid[p].get(oid)
        return self.defs[card].name if card is not None else oid

    def _names(self, p: int | None, oids: Iterable[str]) -> str:
        return self._join(self._n(p, o) for o in oids)

    def _label(self, p: int, oid: str) -> str:
        """A card's name with its timing and type (or kind), in the user's language."""
        d = self.defs[self.by_oid[p][oid]]
        if self.lang != "en":
            return d.label
        labels = self.pool.labels

        def en(table: Mapping[str, Label], key: str) -> str:
            label = table.get(key)
            return label.en if label else key

        if d.kind == "awakening":
            return f"{d.name} ({en(labels.kinds, d.kind)})"
        values = labels.values
        return f"{d.name} ({en(values.get('timing', {}), d.timing)}, {en(values.get('type', {}), d.type)})"

    def _power(self, power: str) -> str:
        """An attack power as printed (１／ー); in English with ASCII marks (1/-)."""
        return str(power).replace("／", "/").replace("ー", "-") if self.lang == "en" else power

    def _moves(self, p: int | None, moves: Iterable[Move]) -> str:
        return self._join(f"{self._n(p, c)} {self._zone(a)}→{self._zone(b)}" for c, a, b in moves)

    def line(self, event: Event, seat: int | None = None) -> str:
        """One readable line (empty for internal events); hidden cards unnamed for ``seat``."""
        k, p, d = event.kind, event.player, event.data
        _t = self._t
        if p is None:  # the end of a drawn game (every other event is a player's)
            return self._game_over(p, d) if k == "game-over" else f"   {k} {d}"
        who = f"P{p + 1}"
        if seat is not None and p != seat:
            hidden = self._hidden(k, who, d)
            if hidden is not None:
                return hidden
        if k == "decision":
            text = self._word("shown", f"{d['kind']}.{d['picks'][0] if d['picks'] else ''}")
            return f"  {who} {text}" if text else ""
        if k == "setup":
            fighters = _t("fighter_sep").join(self.pool.game.fighters.get(f, f) for f in d["fighters"])
            return _t("setup", who=who, deck=self.setups[p].name or d["deck"], fighters=fighters, life=d["life"])
        if k == "chance":
            if d["what"] == "first-player":
                return _t("first", n=d["result"] + 1)
            return _t("shuffle", who=who, count=len(d["result"]))
        if k == "position":
            return _t("position", who=who, life=d["life"], hand=self._names(p, d["hand"]) or _t("none"))
        if k == "turn":
            return _t("turn", turn=d["turn"], who=who, life1=d["life"][0], life2=d["life"][1])
        n, names, why = self._n, self._names, self._why
        simple = {
            "draw": lambda: _t("draw", who=who, why=why(d["why"]), card=n(p, d["card"])),
            "no-draw": lambda: _t("no_draw", who=who),
            "rebuild": lambda: _t("rebuild", who=who, why=why(d["why"]), size=d["size"]),
            "lift": lambda: _t("lift", who=who, why=why(d["why"]), moves=self._moves(p, d["moves"])),
            "retrieve": lambda: _t("retrieve", who=who, card=n(p, d["card"])),
            "to-hand": lambda: "" if d["pile"] == "retrieve" else _t("to_hand", who=who, cards=names(p, d["cards"])),
            "face-down": lambda: _t("face_down", who=who, why=why(d["why"]), cards=names(p, d["cards"])),
            "reserve": lambda: _t("reserve", who=who, card=n(p, d["card"])),
            "cast": lambda: _t("cast", who=who, preempt=_t("cast.preempt") if d["answering"] else "",
                               card=self._label(p, d["card"])),
            "full-power": lambda: _t("full_power", who=who),
            "ability": lambda: f"    {self._ability_text(p, d)}",
            "attack": lambda: _t("attack", who=who, power=self._power(d["power"]), card=n(p, d["card"])),
            "modify-attack": lambda: _t("modify_attack", card=n(p, d["card"]), hand=f"{d['delta'][0]:+d}",
                                        life=f"{d['delta'][1]:+d}", power=self._power(d["power"])),
            "preempt": lambda: "",
            "guarded": lambda: _t("guarded", who=who, count=d["count"]),
            "graze": lambda: _t("graze", who=who, cards=names(p, d["cards"])),
            "no-graze-check": lambda: _t("no_graze_check", who=who),
            "no-damage": lambda: _t("no_damage", who=who),
            "hit": lambda: _t("hit", who=who, amount=d["amount"], life=d["life"]),
            "damage": lambda: _t("damage", who=who, amount=d["amount"], life=d["life"]),
            "deploy": lambda: _t("deploy", who=who, card=n(p, d["card"]), zone=self._zone(d["zone"])),
            "overflow": lambda: _t("overflow", who=who, card=n(p, d["card"])),
            "awaken": lambda: _t("awaken", who=who, card=n(p, d["card"])),
            "activate": lambda: _t("activate", who=who, card=n(p, d["card"])),
            "recast-up": lambda: _t("recast_up", by=d["by"] + 1, n=p + 1, moves=self._moves(p, d["moves"])),
            "trigger": lambda: _t("trigger", card=n(p, d["card"])),
            "fizzle": lambda: _t("fizzle", card=n(p, d["card"])),
            "limit": lambda: _t("limit", card=n(p, d["card"])),
            "no-attack": lambda: "",
            "end-turn": lambda: "",
            "game-over": lambda: self._game_over(p, d),
        }
        make = simple.get(k)
        return make() if make else f"  {who} {k} {d}"

    def _game_over(self, winner: int | None, d: Mapping[str, Any]) -> str:
        result = self._t("win", n=winner + 1) if winner is not None else self._t("no_winner")
        return self._t("game_over", result=result, reason=self._reason(winner, d["reason"]))

    def _hidden(self, k: str, who: str, d: Mapping[str, Any]) -> str | None:
        """The line for an event of the opponent that names cards ``seat`` cannot see (None: the
        event is open)."""
        if k == "draw":
            return self._t("draw_hidden", who=who, why=self._why(d["why"]))
        if k == "face-down":
            return self._t("face_down_hidden", who=who, why=self._why(d["why"]), count=len(d["cards"]))
        if k == "to-hand" and d["pile"] == "face-down":
            return self._t("to_hand_hidden", who=who, count=len(d["cards"]))
        if k == "position":
            return self._t("position_hidden", who=who, life=d["life"], count=len(d["hand"]))
        return None

    def _reason(self, winner: int | None, reason: str) -> str:
        if self.lang == "en":
            return reason
        outcome = self.game.outcome
        if outcome is not None and outcome.en == reason and outcome.ja:
            return outcome.ja
        if winner is not None and reason.endswith("life reached 0"):
            return self._t("life_zero", n=2 - winner)
        return reason

    def _ability_text(self, p: int, d: Mapping[str, Any]) -> str:
        card = self.by_oid[p][d["card"]]
        for ability in self.pool.registry.of(self.defs[card].id):
            if ability.index == d["index"]:
                return self._t("ability", card=self.defs[card].name, text=ability.text)
        return self.defs[card].name

    def state(self, seat: int | None = None) -> str:
        """Every zone of both players (for ``seat``: its view — hidden zones as sizes)."""
        g = self.game
        if seat is not None:
            return self._seat_state(g.view(seat))
        lines = [f"turn {g.turn}, turn player P{g.active + 1}"
                 + (f", finished: {g.reason}" if g.finished else "")]
        oid, zero = g.oid, self._t("zero")
        for p in (0, 1):
            z = g.zones[p]
            lines.append(
                f"P{p + 1}: life {g.life[p]}, awakened {g.awakened[p]}, far {oid[g.far[p]]}\n"
                f"  deck (top first) {[oid[c] for c in reversed(g.deck[p])]}\n"
                f"  hand {[oid[c] for c in g.hand[p]]}\n"
                f"  face-down {[oid[c] for c in g.facedown[p]]} reserve {[oid[c] for c in g.reserve[p]]}\n"
                f"  recast Ⅲ {[oid[c] for c in z[3]]} Ⅱ {[oid[c] for c in z[2]]} Ⅰ {[oid[c] for c in z[1]]}"
                f" {zero} {[oid[c] for c in z[0]]}")
        if g.cast_zone:
            lines.append(f"cast zone {[oid[c] for c in g.cast_zone]}")
        return "\n".join(lines)

    def _seat_state(self, view: RRView) -> str:
        """The board as the view's seat sees it, in the user's language."""
        oid, _t = self.game.oid, self._t
        none = _t("none")

        def names(cards: Iterable[int]) -> str:
            return self._join(oid[c] for c in cards) or none

        def count(n: int) -> str:
            return _t("state.count", count=n)

        lines = [_t("state.head", turn=view.turn, active=view.active + 1, seat=view.seat + 1)]
        for p, side in enumerate(view.sides):
            z = side.zones
            lines.append(_t(
                "state.player", n=p + 1, life=side.life,
                awakened=_t("state.awakened") if side.awakened else _t("state.not_awakened"),
                far=oid[side.far] if side.far is not None else _t("state.face_down"),
                near=oid[side.near] if side.near is not None else _t("state.face_down"),
                deck=side.deck_size, hand=names(side.hand) if side.hand is not None else count(side.hand_size),
                down=names(side.face_down) if side.face_down is not None else count(side.face_down_size),
                reserve=names(side.reserve), z3=names(z[3]), z2=names(z[2]), z1=names(z[1]), z0=names(z[0])))
        if view.cast_zone:
            lines.append(_t("state.cast_zone", cards=names(view.cast_zone)))
        return "\n".join(lines)
