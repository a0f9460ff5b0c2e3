"""Readable RAISE×BLAZE logs and position dumps, in the user's language with the printed card names.

Sentences come from :mod:`fuda.i18n` (``narr.rb.*`` keys), the game's words from the tables
below (each with an English twin); card and deck names stay as printed. For a seat, what that
seat cannot see stays unnamed: the opponent's drawn cards, opening hand, core fighter until it is
turned face up (RB-SETUP-1/6), cards taken from the deck or a destroyed life card taken into the
hand, the hand of a set-up position. For a spectator or a replay (``seat=None``) every card is
named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.i18n import language, t

HOW = {"normal": "通常召喚", "raise": "レイズ召喚", "effect": "エフェクト召喚", "effect-raise": "エフェクトレイズ召喚"}
HOW_EN = {"normal": "normal summon", "raise": "raise summon", "effect": "effect summon",
          "effect-raise": "effect raise summon"}
WHY = {"draw-step": "ドロー", "effect": "効果", "cost": "コスト", "battle": "戦闘"}
WHY_EN = {"draw-step": "draw", "effect": "effect", "cost": "cost", "battle": "battle"}
SOURCE = {"hand": "手札", "graveyard": "墓地", "deck": "デッキ", "set": "伏せ", "grave": "墓地"}
SOURCE_EN = {"hand": "hand", "graveyard": "graveyard", "deck": "deck", "set": "set cards", "grave": "graveyard"}
DECISIONS = {"main": "行動", "battle": "攻撃", "block": "防御", "intercept": "迎撃", "respond": "伏せスペル",
             "window": "バトル直前", "life": "ライフカード",
             "underneath": "下敷き", "target": "対象", "optional": "任意効果", "effect-summon": "エフェクト召喚",
             "equip": "装着先", "take": "手札に加える", "discard": "捨てる", "cost": "コスト", "core": "コアファイター"}
DECISIONS_EN = {"main": "action", "battle": "attack", "block": "defence", "intercept": "intercept",
                "respond": "set spell", "window": "just before battle", "life": "life card",
                "underneath": "underneath", "target": "target", "optional": "optional effect",
                "effect-summon": "effect summon", "equip": "equip to", "take": "take into the hand",
                "discard": "discard", "cost": "cost", "core": "core fighter"}
# the words of an option id (``summon:youmu``, ``attack:youmu#3>core``) as a reader says them
PICK_WORDS = {"summon": "召喚", "spell": "スペル", "attack": "攻撃", "battle": "バトルへ", "end": "終了",
              "activate": "起動", "set": "伏せる", "open": "表にする", "opp": "相手の", "own": "自分の",
              "power-up": "パワーアップ", "raise": "レイズ", "yes": "はい", "no": "いいえ", "pass": "パス",
              "skip": "しない", "block": "ブロック", "none": "なし", "hand": "手札に加える"}
PICK_WORDS_EN = {"summon": "summon", "spell": "spell", "attack": "attack", "battle": "to battle", "end": "end",
                 "activate": "activate", "set": "set", "open": "turn face up", "opp": "opponent's",
                 "own": "own", "power-up": "power up", "raise": "raise", "yes": "yes", "no": "no",
                 "pass": "pass", "skip": "skip", "block": "block", "none": "none", "hand": "take into the hand"}
UNTIL = {"end-of-turn": "ターン終了時まで", "leaves-field": "場にいる間"}
UNTIL_EN = {"end-of-turn": "until end of turn", "leaves-field": "while on the field"}

#: the word tables by language
WORDS = {"ja": {"how": HOW, "why": WHY, "source": SOURCE, "decisions": DECISIONS, "picks": PICK_WORDS,
                "until": UNTIL},
         "en": {"how": HOW_EN, "why": WHY_EN, "source": SOURCE_EN, "decisions": DECISIONS_EN,
                "picks": PICK_WORDS_EN, "until": UNTIL_EN}}


class RBNarrator(Narrator):
    """Event lines and state dumps of a :class:`~engine.raise_blaze.game.RaiseBlaze`."""

    def __init__(self, game):
        super().__init__(game)
        self.defs, self.by_oid, self.setups, self.oid = game.defs, game.by_oid, game.setups, game.oid
        self.lang = language()

    def say(self, key: str, **params) -> str:
        """The sentence ``narr.rb.<key>`` in the narrator's language."""
        return t(f"narr.rb.{key}", self.lang, **params)

    def word(self, table: str, key: str) -> str:
        """A game word (``how``, ``why``, ``source``, ``decisions``, ``picks``, ``until``)."""
        return WORDS[self.lang if self.lang in WORDS else "en"][table][key]

    def _n(self, p, oid) -> str:
        """The printed name of p's card ``oid`` (``core``: p's core fighter)."""
        if p is None or oid is None:
            return str(oid)
        if oid == "core":
            core = self.game.core[p]
            return self.say("core", card=self.defs[core].name) if core >= 0 else self.say("core_fighter")
        card = self.by_oid[p].get(oid)
        return self.defs[card].name if card is not None else oid

    def _pick(self, p, pick: str) -> str:
        """An option id in words: verbs in the user's language, card ids by their printed names."""
        words = []
        for part in pick.split(":"):
            if part in PICK_WORDS:
                words.append(self.word("picks", part))
                continue
            # ``a>b``: p's card a against the opponent's b
            words.append("→".join(self._card_word(p if i == 0 else 1 - p, x) for i, x in enumerate(part.split(">"))))
        return " ".join(words)

    def _card_word(self, p, oid: str) -> str:
        if oid == "core":
            return self._n(p, "core")
        for owner in (p, 1 - p):
            if oid in self.by_oid[owner]:
                return self._n(owner, oid)
        for card in self.defs:  # a core fighter is picked by its card id
            if card.id == oid:
                return card.name
        return oid

    def _names(self, p, oids) -> str:
        return self.say("sep").join(self._n(p, o) for o in oids)

    def line(self, event, seat: int | None = None) -> str:
        """One readable line (empty for internal events); hidden cards unnamed for ``seat``."""
        k, p, d = event.kind, event.player, event.data
        who = f"P{p + 1}" if p is not None else ""
        q = 1 - p if p is not None else None
        if seat is not None and p is not None and p != seat:
            hidden = HIDDEN.get(k)
            text = hidden(self, who, d) if hidden is not None else None
            if text is not None:
                return text
        if k == "decision":
            if d["forced"] or d["kind"] not in DECISIONS:
                return ""
            kind = self.word("decisions", d["kind"])
            if seat is not None and p != seat:
                if d["kind"] in SECRET_PICKS:
                    return "    " + self.say("chose_hidden", who=who, kind=kind)
                if d["kind"] == "main" and d["picks"] and d["picks"][0].startswith("set:"):  # a set spell stays unnamed
                    return "    " + self.say("chose", who=who, kind=kind, picks=self.word("picks", "set"))
            picks = self.say("sep").join(self._pick(p, pick) for pick in d["picks"])
            return "    " + self.say("chose", who=who, kind=kind, picks=picks)
        if k == "chance":
            if d["what"] == "first-player":
                return self.say("first", n=d["result"] + 1)
            if d["what"] == "discard":
                return "  " + self.say("random_discard", who=who, cards=self._names(p, d["result"]))
            return "  " + self.say("shuffle", who=who, count=len(d["result"]))
        if k == "turn":
            return self.say("turn", turn=d["turn"], who=who, life1=d["life"][0], life2=d["life"][1])
        if k == "game-over":
            result = self.say("wins", who=who) if p is not None else self.say("drawn")
            return self.say("over", result=result, reason=self._reason(d["reason"]))
        line = RENDER.get(k)
        return line(self, who, p, q, d) if line is not None else ""

    def _reason(self, reason: str) -> str:
        outcome = self.game.outcome
        if self.lang == "ja" and outcome is not None and outcome.en == reason and outcome.ja:
            return outcome.ja
        return reason

    def state(self, seat: int | None = None) -> str:
        """A multi-line dump of the position (for ``seat``: its view — hidden zones as sizes); the
        spectator's dump (failing scripts, debugging) names cards by id in plain English."""
        g = self.game
        if seat is not None:
            return self._seat_state(g.view(seat))
        lines = [f"turn {g.turn}, P{g.active + 1} to play"]
        for p in (0, 1):
            core = g.core[p]
            core_s = f"{self.defs[core].name}({g.power(core)})" if core >= 0 else "-"
            lines.append(f"P{p + 1}: core {core_s} ups {len(g.ups[p])} | life {len(g.life[p])} | "
                         f"deck {len(g.deck[p])} | grave {len(g.grave[p])}")
            lines.append(f"  hand: {', '.join(self.oid[c] for c in g.hand[p]) or '-'}")
            fighters = []
            for f in g.fighters(p):
                pile = f"[{', '.join(self.oid[u] for u in g.under[f])}]" if g.under[f] else ""
                fighters.append(f"{self.oid[f]}({g.power(f)}){pile}")
            lines.append(f"  fighters: {' '.join(fighters) or '-'}")
            spells = [f"{self.oid[c]}{'' if g.face_up[c] else '(set)'}" for c in g.spell[p]]
            lines.append(f"  spell zone: {' < '.join(spells) or '-'}")
        return "\n".join(lines)

    def _seat_state(self, view) -> str:
        oid, say = self.oid, self.say
        sep, none = say("sep"), say("none")
        lines = [say("state.head", turn=view.turn, active=view.active + 1, seat=view.seat + 1)]
        for p, side in enumerate(view.sides):
            core_s = (say("state.core", card=self.defs[side.core].name, power=side.core_power)
                      if side.core is not None else say("state.face_down"))
            lines.append(say("state.side", n=p + 1, core=core_s, ups=len(side.ups), life=side.life,
                             deck=side.deck_size, grave=len(side.grave)))
            hand = (sep.join(oid[c] for c in side.hand) or none if side.hand is not None
                    else say("count", n=side.hand_size))
            lines.append("  " + say("state.hand", cards=hand))
            fighters = [say("state.fighter", card=oid[f.card], power=f.power)
                        + (say("state.under", cards=sep.join(oid[u] for u in f.under)) if f.under else "")
                        for f in side.fighters]
            lines.append("  " + say("state.fighters", cards=sep.join(fighters) or none))
            spells = [(say("state.set") if c is None else f"{oid[c]}{'' if up else say('state.set')}")
                      for c, up in zip(side.spell, side.spell_face_up, strict=True)]
            lines.append("  " + say("state.spells", cards=" < ".join(spells) or none))
        return "\n".join(lines)


#: Decisions whose picks name cards the other seat cannot see (the core fighter chosen face down,
#: a card taken from the deck); the line says a choice was made, not what.
SECRET_PICKS = {"core", "take"}

#: Lines for events of the opponent that name cards a seat cannot see (None: the event is open).
HIDDEN = {
    "draw": lambda g, who, d: "  " + g.say("draw_hidden", who=who),
    "opening": lambda g, who, d: "  " + g.say("opening_hidden", who=who, count=len(d["hand"]), life=d["life"]),
    "life-to-hand": lambda g, who, d: "    " + g.say("life_to_hand_hidden", who=who),
    "to-hand": lambda g, who, d: ("    " + g.say("to_hand", who=who, source=g.word("source", d["source"]),
                                                 cards=g.say("count", n=len(d["cards"])))
                                  if d["source"] == "deck" else None),  # (from the graveyard: open)
    "position": lambda g, who, d: g.say("position_hidden", who=who, life=d["life"], hand=len(d["hand"])),
}


def _summon(g, who, p, d) -> str:
    text = g.say("summon", who=who, how=g.word("how", d["how"]), card=g._n(p, d["card"]))
    if d["source"] != "hand":
        text += g.say("summon_from", source=g.word("source", d["source"]))
    if d["under"]:
        text += g.say("summon_under", cards=g._names(p, d["under"]))
    return "  " + text


RENDER = {
    "setup": lambda g, who, p, q, d: g.say("setup", who=who, deck=g.setups[p].name or d["deck"], main=d["main"],
                                           core=d["core"]),
    "opening": lambda g, who, p, q, d: "  " + g.say("opening", who=who, cards=g._names(p, d["hand"]), life=d["life"]),
    "reveal-core": lambda g, who, p, q, d: "  " + g.say("reveal_core", who=who, card=g._n(p, "core"), power=d["power"]),
    "position": lambda g, who, p, q, d: g.say("position", who=who, core=g.defs[g.by_oid[p][d["core"]]].name,
                                              life=d["life"], hand=g._names(p, d["hand"]) or g.say("none"),
                                              field=g._names(p, d["fighters"]) or g.say("none")),
    "draw": lambda g, who, p, q, d: "  " + g.say("draw", who=who, card=g._n(p, d["card"])),
    "no-draw": lambda g, who, p, q, d: "  " + g.say("no_draw", who=who),
    "summon": lambda g, who, p, q, d: _summon(g, who, p, d),
    "set": lambda g, who, p, q, d: "  " + g.say("set", who=who),
    "spell": lambda g, who, p, q, d: "  " + g.say("spell", who=who, card=g._n(p, d["card"]))
    + (g.say("spell_from_set") if d["source"] == "set" else ""),
    "equip": lambda g, who, p, q, d: "    " + g.say("equip", card=g._n(p, d["card"]),
                                                    host=(g.say("opponents") if d["side"] != p else "")
                                                    + g._n(d["side"], d["host"])),
    "activate": lambda g, who, p, q, d: "  " + g.say("activate", who=who, card=g._n(p, d["card"])),
    "ability": lambda g, who, p, q, d: "    " + g.say("ability", who=who, card=g._n(p, d["card"])),
    "attack": lambda g, who, p, q, d: "  " + g.say("attack", who=who, attacker=g._n(p, d["attacker"]),
                                                   target=g._n(q, d["target"])),
    "block": lambda g, who, p, q, d: "    " + g.say("block", who=who, card=g._n(p, d["card"])),
    "through": lambda g, who, p, q, d: "    " + g.say("through", who=who),
    "negated": lambda g, who, p, q, d: "    " + g.say("negated", card=g._n(p, d["card"])),
    "attack-ends": lambda g, who, p, q, d: "    " + g.say("attack_ends"),
    "battle": lambda g, who, p, q, d: "    " + g.say("battle", attacker=g._n(p, d["attacker"]), power=d["power"],
                                                    target=g._n(q, d["target"]), against=d["against"]),
    "immune": lambda g, who, p, q, d: "    " + g.say("immune", card=g._n(p, d["card"])),
    "destroyed": lambda g, who, p, q, d: "    " + g.say("destroyed", who=who, card=g._n(p, d["card"]),
                                                       why=g.word("why", d["why"])),
    "returned": lambda g, who, p, q, d: "    " + g.say("returned", who=who, card=g._n(p, d["card"])),
    "life-lost": lambda g, who, p, q, d: "    " + g.say("life_lost", who=who, left=d["left"]),
    "life-to-hand": lambda g, who, p, q, d: "    " + g.say("life_to_hand", who=who, card=g._n(p, d["card"])),
    "power-up": lambda g, who, p, q, d: "    " + g.say("power_up", who=who, card=g._n(p, d["card"]),
                                                      core=g._n(p, "core"), power=d["power"]),
    "boost": lambda g, who, p, q, d: "    " + g.say("boost", who=who, card=g._n(p, d["card"]),
                                                   amount=f"{d['amount']:+d}", until=g.word("until", d["until"]),
                                                   power=d["power"]),
    "discard": lambda g, who, p, q, d: "    " + g.say("discard", who=who, cards=g._names(p, d["cards"])),
    "mill": lambda g, who, p, q, d: "    " + g.say("mill", who=who, cards=g._names(p, d["cards"])),
    "to-hand": lambda g, who, p, q, d: "    " + g.say("to_hand", who=who, source=g.word("source", d["source"]),
                                                     cards=g._names(p, d["cards"])),
    "add-life": lambda g, who, p, q, d: "    " + g.say("add_life", who=who, count=d["count"], life=d["life"]),
    "detach": lambda g, who, p, q, d: "    " + g.say("detach", who=who, cards=g._names(p, d["cards"])),
    "nothing": lambda g, who, p, q, d: "    " + g.say("nothing", card=g._n(p, d["card"])),
    "decline": lambda g, who, p, q, d: "    " + g.say("decline", who=who, card=g._n(p, d["card"])),
    "limit": lambda g, who, p, q, d: "    " + g.say("limit", card=g._n(p, d["card"])),
    "concede": lambda g, who, p, q, d: "  " + g.say("concede", who=who),
    "clock": lambda g, who, p, q, d: "  " + g.say("clock", who=who, rule=d["rule"]),
}
