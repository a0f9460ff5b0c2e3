"""Readable RAISE×BLAZE logs and position dumps, in Japanese with the printed card names.

For a seat, what that seat cannot see stays unnamed: the opponent's drawn cards, opening hand,
core fighter until it is turned face up (RB-SETUP-1/6), cards taken from the deck or a destroyed
life card taken into the hand, the hand of a set-up position. For a spectator or a replay
(``seat=None``) every card is named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.i18n import language

HOW = {"normal": "通常召喚", "raise": "レイズ召喚", "effect": "エフェクト召喚", "effect-raise": "エフェクトレイズ召喚"}
WHY = {"draw-step": "ドロー", "effect": "効果", "cost": "コスト", "battle": "戦闘"}
SOURCE = {"hand": "手札", "graveyard": "墓地", "deck": "デッキ", "set": "伏せ", "grave": "墓地"}
DECISIONS = {"main": "行動", "battle": "攻撃", "block": "防御", "intercept": "迎撃", "respond": "伏せスペル",
             "window": "バトル直前", "life": "ライフカード",
             "underneath": "下敷き", "target": "対象", "optional": "任意効果", "effect-summon": "エフェクト召喚",
             "equip": "装着先", "take": "手札に加える", "discard": "捨てる", "cost": "コスト", "core": "コアファイター"}
# the words of an option id (``summon:youmu``, ``attack:youmu#3>core``) as a reader says them
PICK_WORDS = {"summon": "召喚", "spell": "スペル", "attack": "攻撃", "battle": "バトルへ", "end": "終了",
              "activate": "起動", "set": "伏せる", "open": "表にする", "opp": "相手の", "own": "自分の",
              "power-up": "パワーアップ", "raise": "レイズ", "yes": "はい", "no": "いいえ", "pass": "パス",
              "skip": "しない", "block": "ブロック", "none": "なし", "hand": "手札に加える"}
UNTIL = {"end-of-turn": "ターン終了時まで", "leaves-field": "場にいる間"}


class RBNarrator(Narrator):
    """Event lines and state dumps of a :class:`~engine.raise_blaze.game.RaiseBlaze`."""

    def __init__(self, game):
        super().__init__(game)
        self.defs, self.by_oid, self.setups, self.oid = game.defs, game.by_oid, game.setups, game.oid

    def _n(self, p, oid) -> str:
        """The printed name of p's card ``oid`` (``core``: p's core fighter)."""
        if p is None or oid is None:
            return str(oid)
        if oid == "core":
            core = self.game.core[p]
            return f"コア{self.defs[core].name}" if core >= 0 else "コアファイター"
        card = self.by_oid[p].get(oid)
        return self.defs[card].name if card is not None else oid

    def _pick(self, p, pick: str) -> str:
        """An option id in words: verbs in Japanese, card ids by their printed names."""
        words = []
        for part in pick.split(":"):
            if part in PICK_WORDS:
                words.append(PICK_WORDS[part])
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
        return "、".join(self._n(p, o) for o in oids)

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
            if seat is not None and p != seat:
                if d["kind"] in SECRET_PICKS:
                    return f"    {who} 選択（{DECISIONS[d['kind']]}）"
                if d["kind"] == "main" and d["picks"] and d["picks"][0].startswith("set:"):
                    return f"    {who} 選択（{DECISIONS[d['kind']]}）: {PICK_WORDS['set']}"  # a set spell stays unnamed
            return f"    {who} 選択（{DECISIONS[d['kind']]}）: {'、'.join(self._pick(p, pick) for pick in d['picks'])}"
        if k == "chance":
            if d["what"] == "first-player":
                return f"先攻: P{d['result'] + 1}（乱数）"
            if d["what"] == "discard":
                return f"  {who} ランダムに選ばれた手札: {self._names(p, d['result'])}"
            return f"  {who} デッキをシャッフル（{len(d['result'])}枚）"
        if k == "turn":
            return f"── ターン{d['turn']} {who}（ライフ P1:{d['life'][0]} P2:{d['life'][1]}）"
        if k == "game-over":
            return f"== 終了: {who + 'の勝ち' if p is not None else '引き分け'}（{self._reason(d['reason'])}）"
        line = RENDER.get(k)
        return line(self, who, p, q, d) if line is not None else ""

    def _reason(self, reason: str) -> str:
        outcome = self.game.outcome
        if outcome is not None and outcome.en == reason and outcome.ja:
            return outcome.ja
        return reason

    def state(self, seat: int | None = None) -> str:
        """A multi-line dump of the position (for ``seat``: its view — hidden zones as sizes)."""
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

    def _seat_state_ja(self, view) -> str:
        oid = self.oid
        lines = [f"ターン{view.turn}  手番 P{view.active + 1}（P{view.seat + 1} から見た盤面）"]
        for p, side in enumerate(view.sides):
            core_s = f"{self.defs[side.core].name}（{side.core_power}）" if side.core is not None else "（裏向き）"
            lines.append(f"P{p + 1}: コア {core_s}  上乗せ{len(side.ups)}枚 | ライフ{side.life} | "
                         f"デッキ{side.deck_size}枚 | 墓地{len(side.grave)}枚")
            hand = "、".join(oid[c] for c in side.hand) or "なし" if side.hand is not None else f"{side.hand_size}枚"
            lines.append(f"  手札: {hand}")
            fighters = [f"{oid[f.card]}（{f.power}）" + (f"［下敷き {'、'.join(oid[u] for u in f.under)}］" if f.under else "")
                        for f in side.fighters]
            lines.append(f"  ファイター: {'、'.join(fighters) or 'なし'}")
            spells = [("（伏せ）" if c is None else f"{oid[c]}{'' if up else '（伏せ）'}")
                      for c, up in zip(side.spell, side.spell_face_up)]
            lines.append(f"  スペルゾーン: {' < '.join(spells) or 'なし'}")
        return "\n".join(lines)

    def _seat_state(self, view) -> str:
        oid = self.oid
        if language() == "ja":
            return self._seat_state_ja(view)
        lines = [f"turn {view.turn}, P{view.active + 1} to play (seen by P{view.seat + 1})"]
        for p, side in enumerate(view.sides):
            core_s = f"{self.defs[side.core].name}({side.core_power})" if side.core is not None else "(face down)"
            lines.append(f"P{p + 1}: core {core_s} ups {len(side.ups)} | life {side.life} | "
                         f"deck {side.deck_size} | grave {len(side.grave)}")
            hand = ", ".join(oid[c] for c in side.hand) or "-" if side.hand is not None else f"{side.hand_size} card(s)"
            lines.append(f"  hand: {hand}")
            fighters = [f"{oid[f.card]}({f.power})" + (f"[{', '.join(oid[u] for u in f.under)}]" if f.under else "")
                        for f in side.fighters]
            lines.append(f"  fighters: {' '.join(fighters) or '-'}")
            spells = [("(set)" if c is None else f"{oid[c]}{'' if up else '(set)'}")
                      for c, up in zip(side.spell, side.spell_face_up)]
            lines.append(f"  spell zone: {' < '.join(spells) or '-'}")
        return "\n".join(lines)

    def _seat_state_ja(self, view) -> str:
        oid = self.oid
        lines = [f"ターン{view.turn}  手番 P{view.active + 1}（P{view.seat + 1} から見た盤面）"]
        for p, side in enumerate(view.sides):
            core_s = f"{self.defs[side.core].name}（{side.core_power}）" if side.core is not None else "（裏向き）"
            lines.append(f"P{p + 1}: コア {core_s}  上乗せ{len(side.ups)}枚 | ライフ{side.life} | "
                         f"デッキ{side.deck_size}枚 | 墓地{len(side.grave)}枚")
            hand = "、".join(oid[c] for c in side.hand) or "なし" if side.hand is not None else f"{side.hand_size}枚"
            lines.append(f"  手札: {hand}")
            fighters = [f"{oid[f.card]}（{f.power}）" + (f"［下敷き {'、'.join(oid[u] for u in f.under)}］" if f.under else "")
                        for f in side.fighters]
            lines.append(f"  ファイター: {'、'.join(fighters) or 'なし'}")
            spells = [("（伏せ）" if c is None else f"{oid[c]}{'' if up else '（伏せ）'}")
                      for c, up in zip(side.spell, side.spell_face_up)]
            lines.append(f"  スペルゾーン: {' < '.join(spells) or 'なし'}")
        return "\n".join(lines)


#: Decisions whose picks name cards the other seat cannot see (the core fighter chosen face down,
#: a card taken from the deck); the line says a choice was made, not what.
SECRET_PICKS = {"core", "take"}

#: Lines for events of the opponent that name cards a seat cannot see (None: the event is open).
HIDDEN = {
    "draw": lambda g, who, d: f"  {who} ドロー",
    "opening": lambda g, who, d: f"  {who} 初期手札{len(d['hand'])}枚  ライフカード{d['life']}枚",
    "life-to-hand": lambda g, who, d: f"    {who} ライフカードを手札に加えた",
    "to-hand": lambda g, who, d: (f"    {who} {SOURCE[d['source']]}から手札に加える: {len(d['cards'])}枚"
                                  if d["source"] == "deck" else None),  # (from the graveyard: open)
    "position": lambda g, who, d: f"{who} 局面指定: ライフ{d['life']} 手札{len(d['hand'])}枚",
}


RENDER = {
    "setup": lambda g, who, p, q, d: (f"{who} デッキ「{g.setups[p].name or d['deck']}」 "
                                     f"メイン{d['main']}枚・コア{d['core']}枚"),
    "opening": lambda g, who, p, q, d: f"  {who} 初期手札: {g._names(p, d['hand'])}  ライフカード{d['life']}枚",
    "reveal-core": lambda g, who, p, q, d: f"  {who} コアファイター: {g._n(p, 'core')}（パワー{d['power']}）",
    "position": lambda g, who, p, q, d: (f"{who} 局面指定: コア {g.defs[g.by_oid[p][d['core']]].name} "
                                        f"ライフ{d['life']} 手札 {g._names(p, d['hand']) or 'なし'} "
                                        f"場 {g._names(p, d['fighters']) or 'なし'}"),
    "draw": lambda g, who, p, q, d: f"  {who} ドロー: {g._n(p, d['card'])}",
    "no-draw": lambda g, who, p, q, d: f"  {who} デッキが空で引けない",
    "summon": lambda g, who, p, q, d: (f"  {who} {HOW[d['how']]}: {g._n(p, d['card'])}"
                                      + (f"（{SOURCE[d['source']]}から）" if d["source"] != "hand" else "")
                                      + (f" 下敷き: {g._names(p, d['under'])}" if d["under"] else "")),
    "set": lambda g, who, p, q, d: f"  {who} スペルを伏せる",
    "spell": lambda g, who, p, q, d: (f"  {who} スペル発動: {g._n(p, d['card'])}"
                                     + ("（伏せから）" if d["source"] == "set" else "")),
    "equip": lambda g, who, p, q, d: (f"    {g._n(p, d['card'])}を{'相手の' if d['side'] != p else ''}"
                                     f"{g._n(d['side'], d['host'])}に装着"),
    "activate": lambda g, who, p, q, d: f"  {who} 起動: {g._n(p, d['card'])}",
    "ability": lambda g, who, p, q, d: f"    {who} {g._n(p, d['card'])}の効果",
    "attack": lambda g, who, p, q, d: f"  {who} 攻撃: {g._n(p, d['attacker'])} → 相手の{g._n(q, d['target'])}",
    "block": lambda g, who, p, q, d: f"    {who} {g._n(p, d['card'])}で守る",
    "through": lambda g, who, p, q, d: f"    {who} 守らずに通す",
    "negated": lambda g, who, p, q, d: f"    攻撃は無効になった（{g._n(p, d['card'])}）",
    "attack-ends": lambda g, who, p, q, d: "    攻撃は終わった（攻撃したカードか攻撃対象が場を離れた）",
    "battle": lambda g, who, p, q, d: (f"    バトル: {g._n(p, d['attacker'])}（{d['power']}） vs "
                                      f"{g._n(q, d['target'])}（{d['against']}）"),
    "immune": lambda g, who, p, q, d: f"    {g._n(p, d['card'])}は戦闘では破壊されない",
    "destroyed": lambda g, who, p, q, d: f"    {who}の{g._n(p, d['card'])}が破壊された（{WHY[d['why']]}）",
    "returned": lambda g, who, p, q, d: f"    {who}の{g._n(p, d['card'])}が手札に戻った",
    "life-lost": lambda g, who, p, q, d: f"    {who} ライフカードが破壊された（残り{d['left']}枚）",
    "life-to-hand": lambda g, who, p, q, d: f"    {who} ライフカード{g._n(p, d['card'])}を手札に加えた",
    "power-up": lambda g, who, p, q, d: (f"    {who} ライフカード{g._n(p, d['card'])}を上乗せ → "
                                        f"{g._n(p, 'core')}のパワー{d['power']}"),
    "boost": lambda g, who, p, q, d: (f"    {who}の{g._n(p, d['card'])}のパワー{d['amount']:+d}"
                                     f"（{UNTIL[d['until']]}） → {d['power']}"),
    "discard": lambda g, who, p, q, d: f"    {who} 手札を捨てる: {g._names(p, d['cards'])}",
    "mill": lambda g, who, p, q, d: f"    {who} デッキの上から墓地へ: {g._names(p, d['cards'])}",
    "to-hand": lambda g, who, p, q, d: f"    {who} {SOURCE[d['source']]}から手札に加える: {g._names(p, d['cards'])}",
    "add-life": lambda g, who, p, q, d: f"    {who} ライフカードを{d['count']}枚増やす（{d['life']}枚）",
    "detach": lambda g, who, p, q, d: f"    {who} コスト: 下敷きの{g._names(p, d['cards'])}を墓地へ",
    "nothing": lambda g, who, p, q, d: f"    （{g._n(p, d['card'])}の効果: 対象・該当カードなし）",
    "decline": lambda g, who, p, q, d: f"    {who} {g._n(p, d['card'])}の効果を使わない",
    "limit": lambda g, who, p, q, d: f"    {g._n(p, d['card'])}の効果は１ターンに１度",
    "concede": lambda g, who, p, q, d: f"  {who} 投了",
    "clock": lambda g, who, p, q, d: f"  {who} 時間切れ（{d['rule']}）",
}
