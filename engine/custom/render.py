"""Readable logs and position dumps of a custom game, in the user's language.

Sentences come from :mod:`fuda.i18n` (``custom.*`` keys); card names, zone and counter labels
from the game's own data. For a seat, a card is named only where that seat may see it: its own
draws, and moves from or to a zone it sees (an opponent's draw is counted, not named); for a
spectator or a replay (``seat=None``) every card is named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.engine.custom.state import pile
from fuda.i18n import language, t


class CustomNarrator(Narrator):
    """Event lines and state dumps of a :class:`~.game.CustomGame`."""

    def __init__(self, game):
        super().__init__(game)
        self.static = game.static
        self.lang = language()

    def _name(self, card_id: str) -> str:
        d = self.static.cards.get(card_id)
        return d.name if d is not None else card_id

    def _zone(self, z: int) -> str:
        rules = self.static.rules
        if z < 0:
            return "—"
        return rules.zone_name(z, self.lang)

    def _sees(self, z: int, owner: int, seat) -> bool:
        if seat is None:
            return True
        if z < 0:
            return False
        vis = self.static.rules.visibility[z]
        return vis == "public" or (vis == "owner" and owner == seat)

    def line(self, event, seat: int | None = None) -> str:
        k, p, d = event.kind, event.player, event.data
        lang = self.lang
        n = (p + 1) if p is not None else 0
        if k == "setup":
            return t("custom.setup", lang, n=n, name=d["name"] or d["deck"])
        if k == "chance":
            if d["what"] == "first-player":
                return t("custom.first", lang, n=d["result"] + 1)
            return t("custom.shuffle", lang, n=n) if d["what"] == "shuffle" else ""
        if k == "first":
            return t("custom.first", lang, n=n)
        if k == "turn":
            return t("custom.turn", lang, number=d["number"], n=n)
        if k == "draw":
            if seat is None or seat == p:
                return t("custom.draw", lang, n=n, card=self._name(d["card"]))
            return t("custom.draw_hidden", lang, n=n)
        if k == "deck-out":
            return t("custom.deck_out", lang, n=n)
        if k == "play":
            return t("custom.play", lang, n=n, card=self._name(d["card"]))
        if k == "move":
            return self._move(p, d, seat)
        if k == "vanish":
            return t("custom.vanish", lang, card=self._name(d["card"]))
        if k == "counter":
            rules = self.static.rules
            i = rules.counters.index(d["counter"])
            label = rules.counter_name(i, lang)
            return t("custom.counter", lang, n=n, label=label, by=f"{d['by']:+d}", value=d["value"])
        if k == "attack":
            return t("custom.attack", lang, n=n, card=self._name(d["card"]))
        if k == "block":
            return t("custom.block", lang, n=n, card=self._name(d["card"]), strength=d["strength"],
                     attacker=self._name(d["attacker"]), against=d["against"])
        if k == "unblocked":
            return t("custom.unblocked", lang, card=self._name(d["card"]))
        if k == "modify":
            return t("custom.modify", lang, card=self._name(d["card"]), field=self._field(d["field"]),
                     by=f"{d['by']:+d}", until=t(f"custom.until.{d['until']}", lang))
        if k == "grant":
            return t("custom.grant", lang, card=self._name(d["card"]), keyword=d["keyword"],
                     until=t(f"custom.until.{d['until']}", lang))
        if k == "countered":
            return t("custom.countered", lang, n=n, card=self._name(d["card"]))
        if k == "fizzle":
            return t("custom.fizzle", lang, card=self._name(d["card"]) if d["card"] else "—")
        if k == "ability":
            ab = self._ability(d["card"], d["ability"])
            text = ab.text if ab is not None and ab.text and lang == "ja" else t(f"custom.when.{d['when']}", lang)
            return t("custom.ability", lang, card=self._name(d["card"]), text=text)
        if k == "manual":
            return t("custom.manual", lang, card=self._name(d["card"]), reason=d["reason"])
        if k == "unmet":
            return t("custom.unmet", lang, card=self._name(d["card"]))
        if k == "look":
            if seat is None or seat == p:
                return t("custom.look_own", lang, n=n, cards="、".join(self._name(c) for c in d["cards"]))
            return t("custom.look", lang, n=n, count=len(d["cards"]))
        if k == "game-over":
            outcome = self.game.outcome
            reason = outcome.text(lang) if outcome is not None else d["reason"]
            return t("custom.over", lang, reason=reason)
        return ""  # decisions, tokens (their move says it), internals

    def _ability(self, card_id: str, index: int):
        d = self.static.cards.get(card_id)
        if d is None:
            return None
        for abilities in d.abilities.values():
            for ab in abilities:
                if ab.index == index and ab.card == card_id:
                    return ab
        return None

    def _field(self, key: str) -> str:
        if self.lang != "ja":
            return key
        fields = getattr(self.game.registry, "game", None)
        if fields is None:
            return key
        for spec in (fields.manifest.get("kinds") or {}).values():
            f = (spec.get("fields") or {}).get(key)
            if f is not None:
                return f.get("label", key)
        return key

    def _move(self, p: int, d: dict, seat) -> str:
        how, was, to = d["how"], d["from"], d["to"]
        lang = self.lang
        if how == "resolve":
            return ""
        named = seat is None or self._sees(to, p, seat) or (was >= 0 and self._sees(was, p, seat)) \
            or how in ("play", "token", "countered", "destroy")
        if not named:
            return t("custom.move.hidden", lang, n=p + 1, from_=self._zone(was), to=self._zone(to))
        return t(f"custom.move.{how}", lang, n=p + 1, card=self._name(d["card"]), from_=self._zone(was),
                 to=self._zone(to))

    def state(self, seat: int | None = None) -> str:
        """The position: every player's counters and zones (for ``seat``, its view only)."""
        g = self.game
        st = g.st
        rules = self.static.rules
        lang = self.lang
        lines = [t("custom.state.turn", lang, number=st.turn, n=st.active + 1)]
        view = g.view(seat if seat is not None else 0)
        for p, side in enumerate(view.sides):
            counters = "  ".join(f"{rules.counter_name(i, lang)} {v}" for i, v in enumerate(side.counters))
            lines.append(t("custom.state.counters", lang, n=p + 1, counters=counters))
            for z, name in enumerate(rules.zones):
                if seat is None:
                    cards = [st.defs[c].id for c in st.piles[pile(st, z, p)]]
                    shown = "、".join(self._name(c) for c in cards)
                else:
                    seen = side.zones[name]
                    if isinstance(seen, tuple):
                        shown = "、".join(self._name(s.id) + (f"[{s.strength}]" if rules.strength and z == rules.field
                                                             else "") + (t("custom.state.tapped", lang) if s.tapped
                                                                         else "") for s in seen)
                    else:
                        shown = f"{seen}"
                lines.append(f"  {self._zone(z)}: {shown}")
        return "\n".join(lines)
