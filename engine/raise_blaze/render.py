"""Readable RAISE×BLAZE logs and position dumps, in Japanese with the printed card names
(a mixin of :class:`~engine.raise_blaze.game.RaiseBlaze`)."""

from __future__ import annotations

HOW = {"normal": "通常召喚", "raise": "レイズ召喚", "effect": "エフェクト召喚", "effect-raise": "エフェクトレイズ召喚"}
WHY = {"draw-step": "ドロー", "effect": "効果", "cost": "コスト", "battle": "戦闘"}
SOURCE = {"hand": "手札", "graveyard": "墓地", "deck": "デッキ", "set": "伏せ", "grave": "墓地"}
DECISIONS = {"main": "行動", "battle": "攻撃", "block": "防御", "intercept": "迎撃", "respond": "伏せスペル",
             "window": "バトル直前", "life": "ライフカード",
             "underneath": "下敷き", "target": "対象", "optional": "任意効果", "effect-summon": "エフェクト召喚",
             "equip": "装着先", "take": "手札に加える", "discard": "捨てる", "cost": "コスト", "core": "コアファイター"}
UNTIL = {"end-of-turn": "ターン終了時まで", "leaves-field": "場にいる間"}


class Renderer:
    """Event lines and state dumps; expects the state attributes of RaiseBlaze."""

    def _n(self, p, oid) -> str:
        """The printed name of p's card ``oid`` (``core``: p's core fighter)."""
        if p is None or oid is None:
            return str(oid)
        if oid == "core":
            core = self.core[p]
            return f"コア{self.defs[core].name}" if core >= 0 else "コアファイター"
        card = self.by_oid[p].get(oid)
        return self.defs[card].name if card is not None else oid

    def _names(self, p, oids) -> str:
        return "、".join(self._n(p, o) for o in oids)

    def render(self, event) -> str:
        """One readable line (empty for internal events)."""
        k, p, d = event.kind, event.player, event.data
        who = f"P{p + 1}" if p is not None else ""
        q = 1 - p if p is not None else None
        if k == "decision":
            if d["forced"] or d["kind"] not in DECISIONS:
                return ""
            return f"    {who} 選択（{DECISIONS[d['kind']]}）: {' '.join(d['picks'])}"
        if k == "chance":
            if d["what"] == "first-player":
                return f"先攻: P{d['result'] + 1}（乱数）"
            if d["what"] == "discard":
                return f"  {who} ランダムに選ばれた手札: {self._names(p, d['result'])}"
            return f"  {who} デッキをシャッフル（{len(d['result'])}枚）"
        if k == "turn":
            return f"── ターン{d['turn']} {who}（ライフ P1:{d['life'][0]} P2:{d['life'][1]}）"
        line = RENDER.get(k)
        return line(self, who, p, q, d) if line is not None else ""

    def describe_state(self) -> str:
        """A multi-line dump of the position (for failing scripts and the CLI)."""
        lines = [f"turn {self.turn}, P{self.active + 1} to play"]
        for p in (0, 1):
            core = self.core[p]
            core_s = f"{self.defs[core].name}({self.power(core)})" if core >= 0 else "-"
            lines.append(f"P{p + 1}: core {core_s} ups {len(self.ups[p])} | life {len(self.life[p])} | "
                         f"deck {len(self.deck[p])} | grave {len(self.grave[p])}")
            lines.append(f"  hand: {', '.join(self.oid[c] for c in self.hand[p]) or '-'}")
            fighters = []
            for f in self.fighters(p):
                pile = f"[{', '.join(self.oid[u] for u in self.under[f])}]" if self.under[f] else ""
                fighters.append(f"{self.oid[f]}({self.power(f)}){pile}")
            lines.append(f"  fighters: {' '.join(fighters) or '-'}")
            spells = [f"{self.oid[c]}{'' if self.face_up[c] else '(set)'}" for c in self.spell[p]]
            lines.append(f"  spell zone: {' < '.join(spells) or '-'}")
        return "\n".join(lines)


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
    "game-over": lambda g, who, p, q, d: f"== 終了: {who + 'の勝ち' if p is not None else '引き分け'}（{d['reason']}）",
}
