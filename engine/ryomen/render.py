"""Readable ryomen logs and position dumps, in the user's language with the printed card names.

Sentences come from :mod:`fuda.i18n` (``narr.ry.*`` keys), the game's words from the tables here
and in :mod:`.cards` (each with an English twin); card names and printed ability texts stay as
printed. For a seat, the face down of an opponent's card stays unnamed until that card is turned
over in the open (the pairings are the hidden information of ryomen, see :mod:`.view`); for a
spectator or a replay (``seat=None``) both faces are named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.engine.ryomen.cards import STAT_EN, WHEN_EN, WHEN_JA
from fuda.engine.ryomen.effects import STAT_JA, STATS
from fuda.engine.ryomen.ops import ADD, SET
from fuda.i18n import language, t

_CODE_JA = (*STAT_JA, "全能力値", "指定された能力値")
_CODE_EN = (*STAT_EN, "all stats", "the named stat")
ROLE_JA = {"serve": "サーブ", "receive": "レシーブ"}
ROLE_EN = {"serve": "serve", "receive": "receive"}
NO_EFFECT_JA = {"flip": "裏返す対象がない", "copy-stat": "写す値がない", "forbid-stat": "指定禁止は効果なし",
                "change-named-stat": "まだ能力が指定されていない", "put-stat-chip": "チップを置けない",
                "swap-point-chip": "入れ替えるポイントチップがない", "if": "条件を満たさない"}
NO_EFFECT_EN = {"flip": "nothing to flip", "copy-stat": "no value to copy", "forbid-stat": "forbidding has no effect",
                "change-named-stat": "no stat is named yet", "put-stat-chip": "no chip can be put",
                "swap-point-chip": "no point chip to swap", "if": "the condition is not met"}
#: the word tables by language
WORDS = {"ja": {"stat": STAT_JA, "code": _CODE_JA, "role": ROLE_JA, "when": WHEN_JA, "no-effect": NO_EFFECT_JA},
         "en": {"stat": STAT_EN, "code": _CODE_EN, "role": ROLE_EN, "when": WHEN_EN, "no-effect": NO_EFFECT_EN}}


def stats_ja(v) -> str:
    """``パワー8 スピード7 ブレイン6``."""
    return " ".join(f"{j}{x}" for j, x in zip(STAT_JA, v, strict=True))


def stats_text(v, lang: str) -> str:
    """The three stats in ``lang``: ``パワー8 スピード7 ブレイン6`` / ``power 8 speed 7 brain 6``."""
    if lang == "ja":
        return stats_ja(v)
    names = WORDS["en"]["stat"]
    return " ".join(t("narr.ry.stat", lang, stat=j, value=x) for j, x in zip(names, v, strict=True))


class RyNarrator(Narrator):
    """Event lines and state dumps of a :class:`~engine.ryomen.game.Ryomen`."""

    def __init__(self, game):
        super().__init__(game)
        self.pool = game.pool
        self.lang = language()

    def say(self, key: str, **params) -> str:
        """The sentence ``narr.ry.<key>`` in the narrator's language."""
        return t(f"narr.ry.{key}", self.lang, **params)

    def word(self, table: str):
        """A table of game words (``stat``, ``code``, ``role``, ``when``, ``no-effect``)."""
        return WORDS[self.lang if self.lang in WORDS else "en"][table]

    def _stats(self, v) -> str:
        return stats_text(v, self.lang)

    def _face(self, card_id: str) -> str:
        """The printed name of the face up of a card named ``up/down``."""
        return self.pool.name(card_id.split("/", 1)[0])

    def _card(self, card_id: str) -> str:
        up, _, down = card_id.partition("/")
        return self.say("card", up=self.pool.name(up), down=self.pool.name(down.split("#")[0]))

    def _who(self, p) -> str:
        return f"P{p + 1}" if p is not None else ""

    def _effect(self, effect) -> str:
        kind, code, x = effect
        if kind == ADD:
            return self.say("effect_add", stat=self.word("code")[code], by=f"{x:+d}")
        if kind == SET:
            return self.say("effect_set", stat=self.word("code")[code], value=x)
        stat = self.word("stat")
        return self.say("effect_swap", a=stat[code], b=stat[x])

    def _ability(self, p, d) -> str:
        face = self.pool[d["card"]]
        text = next((a.text for a in face.abilities if a.index == d["index"]), None)
        if text is None:
            return "    " + self.say("ability_when", who=self._who(p), card=face.name,
                                     when=self.word("when")[d["when"]])
        return "    " + self.say("ability", who=self._who(p), card=face.name, text=text)

    def _stat_name(self, stat: str) -> str:
        return self.word("stat")[STATS.index(stat)]

    def _join(self, values) -> str:
        return self.say("points_sep").join(map(str, values))

    def _day_night(self, night: bool) -> str:
        return self.say("night" if night else "day")

    def line(self, event, seat: int | None = None) -> str:
        """One readable line (empty for internal events); for ``seat``, an opponent's card put
        into the battle zone shows its face up only."""
        k, p, d = event.kind, event.player, event.data
        who = self._who(p)
        say = self.say
        if k == "decision":
            return ""
        if k == "setup":
            return say("setup", who=who, name=d["name"] or d["deck"] or say("given"))
        if k == "layout":
            return say("layout", who=who, cards=say("sep").join(self._face(c) for c in d["cards"]))
        if k == "chance":
            if d["what"] == "first-player":
                return say("first_random", n=d["result"] + 1)
            return say("shuffled", points=self._join(d["result"]))
        if k == "first":
            return say("first", who=who)
        if k == "position":
            sep, none = say("sep"), say("none")
            return say("position", who=who, hand=sep.join(self._face(c) for c in d["hand"]) or none,
                       result=sep.join(self._face(c) for c in d["result"]) or none, won=sum(d["won"]))
        if k == "turn":
            return say("turn", turn=d["turn"], dn=self._day_night(d["night"]), who=who,
                       points=self._join(d["points"]))
        if k == "play":
            shown = self._card(d["card"]) if seat is None or seat == p else self._face(d["card"])
            now = d.get("now") or self.pool[d["card"].split("/", 1)[0]].stats
            return "  " + say("play", who=who, role=self.word("role")[d["role"]], card=shown, stats=self._stats(now))
        if k == "ability":
            return self._ability(p, d)
        if k == "stat":
            return "      → " + say("stat_changed", who=who, effect=self._effect(d["effect"]),
                                    stats=self._stats(d["now"]))
        if k == "waiting":
            return "      → " + say("waiting", who=who, effect=self._effect(d["effect"]))
        if k == "waiting-applied":
            return "      → " + say("waiting_applied", stats=self._stats(d["now"]))
        if k == "name":
            return "  " + say("name", who=who, stat=self._stat_name(d["stat"]))
        if k == "forbid":
            return "      → " + say("forbid", stat=self.word("stat")[d["stat"]])
        if k == "named-changed":
            return "      → " + say("named_changed", stat=self.word("stat")[d["stat"]])
        if k == "battle":
            return self._battle(d)
        if k == "flip":
            why = say("why_reverse" if d["why"] == "reverse" else "why_effect")
            return "  " + say("flip", who=who, why=why, card=self._card(d["card"]), stats=self._stats(d["now"]))
        if k == "day-night":
            why = say("why_reverse" if d["why"] == "reverse" else "why_effect")
            return "  " + say("day_night", why=why, dn=self._day_night(d["night"]))
        if k == "hand-flip":
            if d["card"] is None:
                return "      → " + say("hand_flip_none", who=who)
            return "      → " + say("hand_flip", who=who, card=self._face(d["card"]), now=self._face(d["now"]))
        if k == "chip":
            stat, delta, _, name = self.pool.stat_chips[d["chip"]]
            if self.lang != "ja":  # the chip's name in game.yaml is Japanese; say what it does
                name = say("chip_name", stat=self.word("code")[stat], by=f"{delta:+d}")
            return "      → " + say("chip", who=who, card=self._face(d["card"]), chip=name, stats=self._stats(d["now"]))
        if k == "swap-points":
            return "      → " + say("swap_points", points=self._join(d["points"]))
        if k == "no-effect":
            what = self.word("no-effect").get(d["op"]) or say("no_effect")
            return "      " + say("no_effect_line", what=what)
        if k == "point":
            return "  " + say("point", who=who, chip=d["chip"])
        if k == "cancellation":
            return "  " + say("cancellation", chip=d["chip"])
        if k == "serve-again":
            return "  " + say("serve_again", who=who)
        if k == "loser-reverse":
            if d["card"] is None:
                return "  " + say("loser_reverse_none", who=who)
            return "  " + say("loser_reverse", who=who, card=self._face(d["card"]), now=self._face(d["now"]))
        if k == "score":
            line = say("score", totals=" / ".join(say("score_one", n=i + 1, points=v)
                                                   for i, v in enumerate(d["totals"])))
            if d["tag"]:
                line += say("score_tag", team1=d["sides"][0], team2=d["sides"][1])
            return line
        if k == "game-over":
            outcome = self.game.outcome
            if self.lang == "ja":
                reason = outcome.ja if outcome is not None and outcome.en == d["reason"] else d["reason"]
            else:  # the engine's English reason joins the totals with 「・」 (kept: replays hold it)
                reason = d["reason"].replace("・", "-")
            return say("over", reason=reason)
        return f"  {k} {who} {d}"

    def _battle(self, d) -> str:
        say = self.say
        stat = self._stat_name(d["stat"])
        vals = d["values"]
        values = "  ".join(f"P{q + 1} {v}" for q, v in enumerate(vals))
        if d["phase"] == 1:
            top = [q for q, v in enumerate(vals) if v == max(vals)]
            end = say("wins", n=top[0] + 1) if len(top) == 1 else say("tie")
            return "  " + say("battle", phase=1, stat=stat, values=values, end=end)
        parts = []
        if d["cancelled"]:
            parts.append(say("cancelled", players=self._join(f"P{q + 1}" for q in d["cancelled"])))
        parts.append(say("wins", n=d["winner"] + 1) if d["winner"] >= 0 else say("no_winner"))
        return "  " + say("battle", phase=2, stat=stat, values=values, end=say("sep").join(parts))

    def state(self, seat: int | None = None) -> str:
        """A multi-line dump of the position (for ``seat``: its view, unknown faces as ?); the
        spectator's dump (failing scripts, debugging) names cards by id in plain English."""
        g = self.game
        if seat is not None:
            return self._seat_state(g.view(seat))
        dn = ("night 夜" if g.night else "day 昼") if self.lang == "ja" else "night" if g.night else "day"
        lines = [(f"turn {g.turn}/{g.turns}, server P{g.server + 1}, {dn}, "
                  f"named {STATS[g.named] if g.named >= 0 else '-'}, point zone {g.points}, "
                  f"face down {g.facedown}")]
        for p in range(g.n):
            lines.append(f"P{p + 1}: won {g.won[p]} (= {sum(g.won[p])})")
            lines.append("  hand: " + ", ".join(f"{g.cid(c)} {g.card_stats(c)}" for c in g.hand[p]))
            if g.battle[p] >= 0:
                lines.append(f"  battle: {g.cid(g.battle[p])} {g.stats(p)} effects {g.effects[p]}")
            lines.append("  result: " + ", ".join(g.cid(c) for c in g.result[p]))
        return "\n".join(lines)

    def _seat_state(self, view) -> str:
        say = self.say
        sep, none = say("sep"), say("none")

        def cid(card) -> str:
            return f"{card.up}/{card.down or '?'}"

        def card(c, stats) -> str:
            return say("state.card", card=cid(c), stats=self._join(stats))

        named = self.word("stat")[view.named] if view.named >= 0 else say("unnamed")
        lines = [say("state.head", turn=view.turn, turns=view.turns, server=view.server + 1,
                     dn=self._day_night(view.night), named=named, points=self._join(view.points), seat=view.seat + 1)]
        for p, side in enumerate(view.sides):
            lines.append(say("state.won", n=p + 1, won=self._join(side.won) or none, total=sum(side.won)))
            lines.append("  " + say("state.hand", cards=sep.join(card(c, c.stats) for c in side.hand)))
            if side.battle is not None:
                lines.append("  " + say("state.battle", card=card(side.battle, side.battle_stats)))
            lines.append("  " + say("state.result", cards=sep.join(cid(c) for c in side.result) or none))
        return "\n".join(lines)


__all__ = ["RyNarrator", "stats_ja", "stats_text"]
