"""Readable Recast Rift logs and position dumps, in Japanese with the printed card names
(a mixin of :class:`~engine.recast_rift.game.RecastRift`)."""

from __future__ import annotations

ROMAN = {0: "［０］", 1: "［Ⅰ］", 2: "［Ⅱ］", 3: "［Ⅲ］", "reserve": "控え札"}
WHY = {"draw-step": "ドローステップ", "graze-check": "グレイズチェック", "effect": "効果",
       "empty-deck": "山札切れ", "refresh": "リフレッシュステップ", "starting-hand": "初期手札",
       "lift-step": "リフトステップ", "normal-action": "通常行動", "cleanup": "クリンナップ",
       "guard": "ハンドで受ける", "lift-cost": "通常行動のリフト", "cost": "コスト"}
SHOWN = {("main", "end"): "メインフェイズ終了", ("preempt", "pass"): "先制しない",
         ("damage", "hand"): "ダメージ解決: ハンドで受ける", ("damage", "life"): "ダメージ解決: ライフで受ける",
         ("refresh", "rebuild"): "リフレッシュ: 山札を再構成する", ("refresh", "pass"): "リフレッシュ: 再構成しない"}


class Renderer:
    """Event lines and state dumps; expects the state attributes of RecastRift."""

    def _n(self, p, oid) -> str:
        if p is None or oid is None:
            return str(oid)
        card = self.by_oid[p].get(oid)
        return self.defs[card].name if card is not None else oid

    def _names(self, p, oids) -> str:
        return "、".join(self._n(p, o) for o in oids)

    def render(self, event) -> str:
        """One readable line (empty for internal events)."""
        k, p, d = event.kind, event.player, event.data
        who = f"P{p + 1}" if p is not None else ""
        if k == "decision":
            text = SHOWN.get((d["kind"], d["picks"][0] if d["picks"] else ""))
            return f"  {who} {text}" if text else ""
        if k == "setup":
            names = "・".join(self.pool.game.fighters.get(f, f) for f in d["fighters"])
            return f"{who} デッキ「{self.setups[p].name or d['deck']}」 ファイター: {names}  ライフ{d['life']}"
        if k == "chance":
            if d["what"] == "first-player":
                return f"先攻: P{d['result'] + 1}（乱数）"
            return f"  {who} シャッフル → 山札 {len(d['result'])}枚"
        if k == "position":
            return f"{who} 局面指定: ライフ{d['life']} 手札 {self._names(p, d['hand']) or 'なし'}"
        if k == "turn":
            return f"── ターン{d['turn']} {who}（ライフ P1:{d['life'][0]} P2:{d['life'][1]}）"
        simple = {
            "draw": lambda: f"  {who} ドロー（{WHY.get(d['why'], d['why'])}）: {self._n(p, d['card'])}",
            "no-draw": lambda: f"  {who} 山札・伏せ札・控え札がなく引けない",
            "rebuild": lambda: f"  {who} 山札の再構成（{WHY.get(d['why'], d['why'])}）→ {d['size']}枚",
            "lift": lambda: f"  {who} リフト（{WHY.get(d['why'], d['why'])}）: " + "、".join(
                f"{self._n(p, c)} {ROMAN[a]}→{ROMAN[b]}" for c, a, b in d["moves"]),
            "retrieve": lambda: f"  {who} 回収: {self._n(p, d['card'])}",
            "to-hand": lambda: "" if d["pile"] == "retrieve" else f"  {who} 手札に加える: {self._names(p, d['cards'])}",
            "face-down": lambda: f"  {who} 伏せ札（{WHY.get(d['why'], d['why'])}）: {self._names(p, d['cards'])}",
            "reserve": lambda: f"  {who} 控え札にする: {self._n(p, d['card'])}",
            "cast": lambda: f"  {who} {'先制して' if d['answering'] else ''}キャスト: {self.defs[self.by_oid[p][d['card']]].label}",
            "full-power": lambda: f"  {who} 全力行動",
            "ability": lambda: f"    {self._ability_text(p, d)}",
            "attack": lambda: f"  {who} 《攻撃》 攻撃力{d['power']}（{self._n(p, d['card'])}）",
            "modify-attack": lambda: f"    {self._n(p, d['card'])}: 攻撃力{d['delta'][0]:+d}／{d['delta'][1]:+d} → {d['power']}",
            "preempt": lambda: "",
            "guarded": lambda: f"  {who} ハンドで受けた（{d['count']}枚）",
            "graze": lambda: f"  {who} グレイズ！ 公開: {self._names(p, d['cards'])} → HITしない",
            "no-graze-check": lambda: f"  {who} 山札・伏せ札・控え札がないのでグレイズチェックなし",
            "no-damage": lambda: f"  {who} ライフへのダメージ0",
            "hit": lambda: f"  {who} HIT！ ライフ−{d['amount']} → {d['life']}",
            "damage": lambda: f"  {who} ライフに{d['amount']}ダメージ → {d['life']}",
            "deploy": lambda: f"  {who} 展開: {self._n(p, d['card'])} → {ROMAN[d['zone']]}",
            "overflow": lambda: f"  {who} 展開できる場所がない: {self._n(p, d['card'])}は控え札、ライフに1ダメージ",
            "awaken": lambda: f"  {who} 覚醒！ {self._n(p, d['card'])}",
            "activate": lambda: f"  {who} 起動: {self._n(p, d['card'])}",
            "recast-up": lambda: f"  P{d['by'] + 1} リキャストタイム増加（P{p + 1}）: " + "、".join(
                f"{self._n(p, c)} {ROMAN[a]}→{ROMAN[b]}" for c, a, b in d["moves"]),
            "trigger": lambda: f"    誘発: {self._n(p, d['card'])}",
            "fizzle": lambda: f"    {self._n(p, d['card'])}は展開中でないので処理しない",
            "limit": lambda: f"    {self._n(p, d['card'])}は１ターンに１回まで",
            "no-attack": lambda: "",
            "end-turn": lambda: "",
            "game-over": lambda: f"== 終了: {'P' + str(p + 1) + 'の勝ち' if p is not None else '引き分け'}（{self._reason(p, d['reason'])}）",
        }
        make = simple.get(k)
        return make() if make else f"  {who} {k} {d}"

    @staticmethod
    def _reason(winner, reason: str) -> str:
        if winner is not None and reason.endswith("life reached 0"):
            return f"P{2 - winner}のライフが0"
        return reason

    def _ability_text(self, p, d) -> str:
        card = self.by_oid[p][d["card"]]
        for ability in self.pool.registry.of(self.defs[card].id):
            if ability.index == d["index"]:
                return f"{self.defs[card].name}: {ability.text}"
        return self.defs[card].name

    def describe_state(self) -> str:
        """Every zone of both players, for failing scripts and the CLI."""
        lines = [f"turn {self.turn}, turn player P{self.active + 1}"
                 + (f", finished: {self.reason}" if self.finished else "")]
        oid = self.oid
        for p in (0, 1):
            z = self.zones[p]
            lines.append(
                f"P{p + 1}: life {self.life[p]}, awakened {self.awakened[p]}, far {oid[self.far[p]]}\n"
                f"  deck (top first) {[oid[c] for c in reversed(self.deck[p])]}\n"
                f"  hand {[oid[c] for c in self.hand[p]]}\n"
                f"  face-down {[oid[c] for c in self.facedown[p]]} reserve {[oid[c] for c in self.reserve[p]]}\n"
                f"  recast Ⅲ {[oid[c] for c in z[3]]} Ⅱ {[oid[c] for c in z[2]]} Ⅰ {[oid[c] for c in z[1]]}"
                f" ０ {[oid[c] for c in z[0]]}")
        if self.cast_zone:
            lines.append(f"cast zone {[oid[c] for c in self.cast_zone]}")
        return "\n".join(lines)
