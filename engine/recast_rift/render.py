"""Readable Recast Rift logs and position dumps, in Japanese with the printed card names.

For a seat, what that seat cannot see stays unnamed: the opponent's drawn cards, the cards put
into the face-down pile (「相手に情報を隠して置く」) and taken back from it, the opponent's hand in
a set-up position. For a spectator or a replay (``seat=None``) every card is named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.i18n import language

ROMAN = {0: "［０］", 1: "［Ⅰ］", 2: "［Ⅱ］", 3: "［Ⅲ］", "reserve": "控え札"}
WHY = {"draw-step": "ドローステップ", "graze-check": "グレイズチェック", "effect": "効果",
       "empty-deck": "山札切れ", "refresh": "リフレッシュステップ", "starting-hand": "初期手札",
       "lift-step": "リフトステップ", "normal-action": "通常行動", "cleanup": "クリンナップ",
       "guard": "ハンドで受ける", "lift-cost": "通常行動のリフト", "cost": "コスト"}
SHOWN = {("main", "end"): "メインフェイズ終了", ("preempt", "pass"): "先制しない",
         ("damage", "hand"): "ダメージ解決: ハンドで受ける", ("damage", "life"): "ダメージ解決: ライフで受ける",
         ("refresh", "rebuild"): "リフレッシュ: 山札を再構成する", ("refresh", "pass"): "リフレッシュ: 再構成しない"}


class RRNarrator(Narrator):
    """Event lines and state dumps of a :class:`~engine.recast_rift.game.RecastRift`."""

    def __init__(self, game):
        super().__init__(game)
        self.by_oid, self.defs, self.pool, self.setups = game.by_oid, game.defs, game.pool, game.setups

    def _n(self, p, oid) -> str:
        if p is None or oid is None:
            return str(oid)
        card = self.by_oid[p].get(oid)
        return self.defs[card].name if card is not None else oid

    def _names(self, p, oids) -> str:
        return "、".join(self._n(p, o) for o in oids)

    def line(self, event, seat: int | None = None) -> str:
        """One readable line (empty for internal events); hidden cards unnamed for ``seat``."""
        k, p, d = event.kind, event.player, event.data
        who = f"P{p + 1}" if p is not None else ""
        if seat is not None and p != seat:
            hidden = self._hidden(k, who, d)
            if hidden is not None:
                return hidden
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
    def _hidden(k: str, who: str, d) -> str | None:
        """The line for an event of the opponent that names cards ``seat`` cannot see (None: the
        event is open)."""
        if k == "draw":
            return f"  {who} ドロー（{WHY.get(d['why'], d['why'])}）"
        if k == "face-down":
            return f"  {who} 伏せ札（{WHY.get(d['why'], d['why'])}）: {len(d['cards'])}枚"
        if k == "to-hand" and d["pile"] == "face-down":
            return f"  {who} 伏せ札から手札に加える: {len(d['cards'])}枚"
        if k == "position":
            return f"{who} 局面指定: ライフ{d['life']} 手札{len(d['hand'])}枚"
        return None

    def _reason(self, winner, reason: str) -> str:
        outcome = self.game.outcome
        if outcome is not None and outcome.en == reason and outcome.ja:
            return outcome.ja
        if winner is not None and reason.endswith("life reached 0"):
            return f"P{2 - winner}のライフが0"
        return reason

    def _ability_text(self, p, d) -> str:
        card = self.by_oid[p][d["card"]]
        for ability in self.pool.registry.of(self.defs[card].id):
            if ability.index == d["index"]:
                return f"{self.defs[card].name}: {ability.text}"
        return self.defs[card].name

    def state(self, seat: int | None = None) -> str:
        """Every zone of both players (for ``seat``: its view — hidden zones as sizes)."""
        g = self.game
        if seat is not None:
            return self._seat_state(g.view(seat))
        lines = [f"turn {g.turn}, turn player P{g.active + 1}"
                 + (f", finished: {g.reason}" if g.finished else "")]
        oid = g.oid
        for p in (0, 1):
            z = g.zones[p]
            lines.append(
                f"P{p + 1}: life {g.life[p]}, awakened {g.awakened[p]}, far {oid[g.far[p]]}\n"
                f"  deck (top first) {[oid[c] for c in reversed(g.deck[p])]}\n"
                f"  hand {[oid[c] for c in g.hand[p]]}\n"
                f"  face-down {[oid[c] for c in g.facedown[p]]} reserve {[oid[c] for c in g.reserve[p]]}\n"
                f"  recast Ⅲ {[oid[c] for c in z[3]]} Ⅱ {[oid[c] for c in z[2]]} Ⅰ {[oid[c] for c in z[1]]}"
                f" ０ {[oid[c] for c in z[0]]}")
        if g.cast_zone:
            lines.append(f"cast zone {[oid[c] for c in g.cast_zone]}")
        return "\n".join(lines)

    def _seat_state(self, view) -> str:
        oid = self.game.oid

        def ids(cards):
            return [oid[c] for c in cards]

        if language() == "ja":
            return self._seat_state_ja(view, ids)
        lines = [f"turn {view.turn}, turn player P{view.active + 1} (seen by P{view.seat + 1})"]
        for p, side in enumerate(view.sides):
            z = side.zones
            hand = ids(side.hand) if side.hand is not None else f"{side.hand_size} card(s)"
            down = ids(side.face_down) if side.face_down is not None else f"{side.face_down_size} card(s)"
            far = oid[side.far] if side.far is not None else "(face down)"
            near = oid[side.near] if side.near is not None else "(face down)"
            lines.append(
                f"P{p + 1}: life {side.life}, awakened {side.awakened}, far {far}, near {near}\n"
                f"  deck {side.deck_size} card(s)\n  hand {hand}\n  face-down {down} reserve {ids(side.reserve)}\n"
                f"  recast Ⅲ {ids(z[3])} Ⅱ {ids(z[2])} Ⅰ {ids(z[1])} ０ {ids(z[0])}")
        if view.cast_zone:
            lines.append(f"cast zone {ids(view.cast_zone)}")
        return "\n".join(lines)

    @staticmethod
    def _seat_state_ja(view, ids) -> str:
        def names(cards):
            return "、".join(ids(cards)) or "なし"

        lines = [f"ターン{view.turn}  手番 P{view.active + 1}（P{view.seat + 1} から見た盤面）"]
        for p, side in enumerate(view.sides):
            z = side.zones
            hand = names(side.hand) if side.hand is not None else f"{side.hand_size}枚"
            down = names(side.face_down) if side.face_down is not None else f"{side.face_down_size}枚"
            far = ids([side.far])[0] if side.far is not None else "（裏向き）"
            near = ids([side.near])[0] if side.near is not None else "（裏向き）"
            lines.append(
                f"P{p + 1}: ライフ{side.life}  {'覚醒済み' if side.awakened else '未覚醒'}  遠隔札 {far}"
                f"  手前の覚醒札 {near}\n"
                f"  山札 {side.deck_size}枚\n  手札 {hand}\n  伏せ札 {down}  控え {names(side.reserve)}\n"
                f"  リキャスト Ⅲ {names(z[3])} / Ⅱ {names(z[2])} / Ⅰ {names(z[1])} / ０ {names(z[0])}")
        if view.cast_zone:
            lines.append(f"キャストゾーン {names(view.cast_zone)}")
        return "\n".join(lines)
