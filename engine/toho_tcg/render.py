"""Readable toho-tcg logs and position dumps, in the user's language with the printed card names.

Sentences come from :mod:`fuda.i18n` (``narr.tt.*`` keys, Japanese and English); card names stay
as printed. For a seat, what that seat cannot see stays unnamed: the cards the opponent takes
from the deck (search) and the hand of a set-up position (draws are counted in every
transcript). For a spectator or a replay (``seat=None``) every card is named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.engine.toho_tcg.cards import LABELS
from fuda.engine.toho_tcg.variants import VARIANTS
from fuda.engine.toho_tcg.vocabulary import keyword_label, keyword_name
from fuda.i18n import MESSAGES, language, t


class TTNarrator(Narrator):
    """Event lines and state dumps of a :class:`~engine.toho_tcg.game.TohoTCG`."""

    def __init__(self, game):
        super().__init__(game)
        k = game.static
        self.by_oid, self.defs, self.oid, self.cards = k.by_oid, k.defs, k.oid, k.pool
        self.lang = language()

    def _t(self, key: str, **params) -> str:
        return t("narr.tt." + key, self.lang, **params)

    def _word(self, table: str, key: str) -> str:
        """A word of a ``narr.tt.<table>.*`` table, or ``key`` itself when it has none."""
        full = f"narr.tt.{table}.{key}"
        return MESSAGES[full][self.lang] if full in MESSAGES else key

    def _join(self, items) -> str:
        return self._t("sep").join(items)

    def _kind(self, kind: str) -> str:
        """The name of what went on the stack: a card kind (the rule set's labels) or an ability."""
        if kind in ("activated", "triggered"):
            return self._t("ability." + kind)
        label = LABELS.kinds.get(kind)
        return (label.en if self.lang == "en" else label.ja) if label else kind

    def _label(self, c) -> str:
        """A card's name with its rank or kind: 博麗霊夢（ハード）, in English 博麗霊夢 (hard)."""
        d = self.defs[c]
        if self.lang != "en":
            return d.label
        if d.kind == "character":
            label = LABELS.values.get("rank", {}).get(d.rank)
            return f"{d.name} ({label.en if label else d.rank})"
        return f"{d.name} ({self._kind(d.kind)})"

    def _n(self, oid) -> str:
        if oid is None:
            return self._t("none")
        c = self.by_oid.get(oid)
        return self.defs[c].name if c is not None else str(oid)

    def _names(self, oids) -> str:
        return self._join(self._n(o) for o in oids) or self._t("none")

    def _target(self, tid: str) -> str:
        kind, _, rest = tid.partition(":")
        if kind == "target":
            return self._t("target.player") if rest == "player" else self._n(rest)
        if kind == "stack":
            sid, _, oid = rest.partition(":")
            return self._t("target.stack_card", card=self._n(oid), sid=sid) if oid else self._t("target.stack", sid=sid)
        return tid

    def _targets(self, d) -> str:
        if not d["targets"]:
            return ""
        return self._t("targets", targets=self._join(self._target(x) for x in d["targets"]))

    def _source(self, s: str) -> str:
        kind, _, rest = s.partition(":")
        if kind in ("hand", "tap", "effect"):
            return self._t("source." + kind, card=self._n(rest))
        return s

    def _ability(self, oid: str, index: int) -> str:
        c = self.by_oid.get(oid)
        if c is None:
            return str(oid)
        for ability in self.cards.registry.of(self.defs[c].id):
            if ability.index == index:
                return self._t("ability", card=self.defs[c].name, text=ability.text)
        return self.defs[c].name

    def line(self, event, seat: int | None = None) -> str:
        """One readable line (empty for internal events); hidden cards unnamed for ``seat``."""
        k, p, d = event.kind, event.player, event.data
        who = f"P{p + 1}" if p is not None else ""
        if seat is not None and p is not None and p != seat:
            if k == "search":
                return self._t("search_hidden", count=len(d["cards"]))
            if k == "position":
                return self._t("position_hidden", who=who, hand=len(d["hand"]), field=self._names(d["field"]),
                               deck=d["deck"])
        make = getattr(self, "_r_" + k.replace("-", "_"), None)
        if make is None:
            return "" if k == "decision" else f"  {who} {k} {d}"
        return make(who, p, d)

    def _r_decision(self, who, p, d):
        return ""

    def _r_variants(self, who, p, d):
        clauses = [c for name in d["names"] for c in VARIANTS[name].clauses]
        return self._t("variants", names=self._join(d["names"]), clauses=self._join(clauses))

    def _r_setup(self, who, p, d):
        return self._t("setup", who=who, deck=d["name"] or d["deck"] or self._t("unnamed_deck"), size=d["size"])

    def _r_chance(self, who, p, d):
        if d["what"] == "first-player":
            return self._t("first", n=d["result"] + 1)
        return self._t("shuffle", who=who, count=len(d["result"]))

    def _r_position(self, who, p, d):
        return self._t("position", who=who, hand=self._names(d["hand"]), field=self._names(d["field"]), deck=d["deck"])

    def _r_mulligan(self, who, p, d):
        return self._t("mulligan", who=who, size=d["size"])

    def _r_turn(self, who, p, d):
        return self._t("turn", turn=d["turn"], who=who, deck1=d["decks"][0], deck2=d["decks"][1])

    def _r_phase(self, who, p, d):
        return self._t("phase", phase=self._word("phase", d["phase"])) + (f" {who}" if d["phase"] == "discard" else "")

    def _r_draw(self, who, p, d):
        if not d["cards"]:
            return ""
        return self._t("draw", who=who, count=len(d["cards"]), why=self._word("why", d["why"]), left=d["left"])

    def _r_tap(self, who, p, d):
        return self._t("tap", who=who, card=self._n(d["card"]), why=self._word("why", d["why"]))

    def _r_untap(self, who, p, d):
        return self._t("untap", who=who, card=self._n(d["card"]), why=self._word("why", d["why"]))

    def _r_modify(self, who, p, d):
        parts = []
        if d["attack"]:
            parts.append(self._t("modify.attack", by=f"{d['attack']:+d}"))
        if d["defense"]:
            parts.append(self._t("modify.defense", by=f"{d['defense']:+d}"))
        if d["keyword"]:
            name, value = d["keyword"]
            label = keyword_label(name, (value,) if name in ("critical", "protection") else value, self.lang)
            parts.append(self._t("modify.keyword", keyword=label))
        return self._t("modify", card=self._n(d["card"]), parts=self._join(parts))

    def _r_to_trash(self, who, p, d):
        return self._t("to_trash", who=who, why=self._word("why", d["why"]), cards=self._names(d["cards"]))

    def _stack(self, cards) -> str:
        """A character stack: ハード with the Normal under it, or a single card."""
        if len(cards) == 2:
            return self._t("with_normal", card=self._label(self.by_oid[cards[0]]))
        return self._names(cards)

    def _r_destroy(self, who, p, d):
        by = self._t("destroy.by", card=self._n(d["by"])) if d["by"] else ""
        return self._t("destroy", who=who, cards=self._stack(d["cards"]), by=by)

    def _r_return(self, who, p, d):
        return self._t("return", who=who, cards=self._stack(d["cards"]))

    def _r_prevent(self, who, p, d):
        return self._t("prevent", card=self._n(d["card"]), why=keyword_name(d["why"], self.lang),
                       source=self._n(d["source"]))

    def _r_damage(self, who, p, d):
        return self._t("damage", card=self._n(d["card"]), amount=d["amount"], source=self._n(d["source"]),
                       total=d["total"])

    def _r_wear_off(self, who, p, d):
        return self._t("wear_off", cards=self._names(d["cards"]))

    def _r_redirect(self, who, p, d):
        kw = keyword_name("defender" if d["why"] == "defender" else "spell-defender", self.lang)
        return self._t("redirect", who=who, keyword=kw, old=self._n(d["old"]), new=self._n(d["new"]))

    def _r_reiryoku(self, who, p, d):
        return self._t("reiryoku", who=who, count=len(d["sources"]),
                       sources=self._join(self._source(s) for s in d["sources"]))

    def _r_trash_keyword(self, who, p, d):
        return self._t("trash_keyword", who=who, keyword=keyword_label("trash", d["cost"], self.lang),
                       card=self._n(d["card"]))

    def _r_play(self, who, p, d):
        extra = ""
        if d.get("on"):
            extra = self._t("play.on", card=self._n(d["on"]))
        elif d.get("replaces"):
            extra = self._t("play.replaces", card=self._n(d["replaces"]))
        return self._t("play", who=who, card=self._label(self.by_oid[d["card"]]), extra=extra, targets=self._targets(d))

    def _r_activate(self, who, p, d):
        return self._t("activate", who=who, ability=self._ability(d["card"], d["index"]), targets=self._targets(d))

    def _r_trigger(self, who, p, d):
        return self._t("trigger", who=who, ability=self._ability(d["card"], d["index"]), targets=self._targets(d))

    def _r_no_target(self, who, p, d):
        return self._t("no_target", who=who, card=self._n(d["card"]))

    def _r_resolve(self, who, p, d):
        return self._t("resolve", card=self._n(d["card"]), kind=self._kind(d["kind"]))

    def _r_attach(self, who, p, d):
        return self._t("attach", card=self._n(d["card"]), to=self._n(d["to"]))

    def _r_fizzle(self, who, p, d):
        return self._t("fizzle", card=self._n(d["card"]))

    def _r_counter(self, who, p, d):
        return self._t("counter", card=self._n(d["target"]), kind=self._kind(d["kind"]))

    def _r_player_damage(self, who, p, d):
        src = self._t("player_damage.source", card=self._n(d["source"])) if d["source"] else ""
        return self._t("player_damage", who=who, amount=d["amount"], source=src)

    def _r_recover(self, who, p, d):
        return self._t("recover", cards=self._names(d["cards"]))

    def _r_search(self, who, p, d):
        return self._t("search", cards=self._names(d["cards"]))

    def _r_no_attack(self, who, p, d):
        return self._t("no_attack", who=who)

    def _r_attack(self, who, p, d):
        target = self._n(d["target"]) if d["target"] else self._t("attack.direct")
        return self._t("attack", who=who, attackers=self._names(d["attackers"]), target=target)

    def _r_damage_step(self, who, p, d):
        return self._t("damage_step")

    def _r_level_up(self, who, p, d):
        return self._t("level_up", who=who, on=self._n(d["on"]), card=self._label(self.by_oid[d["card"]]))

    def _r_end_turn(self, who, p, d):
        return ""

    def _r_game_over(self, who, p, d):
        reason = d["reason"]
        outcome = self.game.outcome
        if self.lang != "en" and outcome is not None and outcome.en == reason and outcome.ja:
            reason = outcome.ja
        result = self._t("win", n=p + 1) if p is not None else self._t("no_winner")
        return self._t("game_over", result=result, reason=reason)

    def state(self, seat: int | None = None) -> str:
        """Every zone of both players, for failing scripts and the CLI (for ``seat``: its view —
        the opponent's hand and every deck's order unnamed)."""
        g = self.game
        st, oid = g.state, self.oid
        if seat is not None:
            return self._seat_state(seat)
        lines = [f"turn {st.turn}, turn player P{st.active + 1}, phase {st.phase}"
                 + (f", finished: {g.reason}" if g.finished else "")]
        rei = self._t("reiryoku_word")
        for p in (0, 1):
            chars = []
            for c in st.chars[p]:
                atk, dfn = g.stats(c)
                s = f"{oid[c]}[{atk}/{dfn}{' T' if st.tapped[c] else ''}{' dmg' + str(st.damage[c]) if st.damage[c] else ''}"
                s += (f" under {oid[st.under[c]]}" if st.under[c] >= 0 else "")
                s += (f" equip {oid[st.equip[c]]}" if st.equip[c] >= 0 else "") + "]"
                chars.append(s)
            deck = f"deck {len(st.deck[p])} (top first {[oid[c] for c in reversed(st.deck[p][-5:])]})"
            hand = [oid[c] for c in st.hand[p]]
            lines.append(
                f"P{p + 1}: {deck}, {rei} {st.rei[p]}\n"
                f"  hand {hand}\n"
                f"  field {chars}\n"
                f"  assisters {[oid[c] + (' T' if st.tapped[c] else '') for c in st.assisters[p]]} "
                f"waiting {[oid[c] for c in st.waiting[p]]}\n"
                f"  trash {[oid[c] for c in st.trash[p]]}")
        if st.world >= 0:
            lines.append(f"world {oid[st.world]} (P{st.ctrl[st.world] + 1})")
        if st.stack:
            lines.append("stack (top last) " + ", ".join(f"#{i.sid} {oid[i.card]} {i.kind}" for i in st.stack))
        return "\n".join(lines)

    def _seat_state(self, seat: int) -> str:
        """The board as ``seat`` sees it, in the user's language."""
        g, oid, _t = self.game, self.oid, self._t
        st = g.state
        view = g.view(seat)
        none = _t("none")

        def names(cards, tapped=False):
            return self._join(oid[c] + (_t("state.tapped") if tapped and st.tapped[c] else "") for c in cards) or none

        lines = [_t("state.head", turn=st.turn, active=st.active + 1, phase=self._word("phase", st.phase), seat=seat + 1)]
        for p in (0, 1):
            side = view.sides[p]
            chars = []
            for c in st.chars[p]:
                atk, dfn = g.stats(c)
                more = (_t("state.char.tapped") if st.tapped[c] else "") + (
                    _t("state.char.damage", n=st.damage[c]) if st.damage[c] else "")
                more += _t("state.char.under", card=oid[st.under[c]]) if st.under[c] >= 0 else ""
                more += _t("state.char.equip", card=oid[st.equip[c]]) if st.equip[c] >= 0 else ""
                chars.append(_t("state.char", card=oid[c], attack=atk, defense=dfn, more=more))
            hand = names(side.hand) if side.hand is not None else _t("state.count", count=side.hand_size)
            lines.append(_t("state.player", n=p + 1, deck=side.deck_size, rei=st.rei[p], hand=hand,
                            field=self._join(chars) or none, assisters=names(st.assisters[p], True),
                            waiting=names(st.waiting[p]), trash=names(st.trash[p])))
        if st.world >= 0:
            lines.append(_t("state.world", card=oid[st.world], n=st.ctrl[st.world] + 1))
        if st.stack:
            lines.append(_t("state.stack", items=self._join(
                _t("state.stack_item", sid=i.sid, card=oid[i.card], kind=self._kind(i.kind)) for i in st.stack)))
        return "\n".join(lines)
