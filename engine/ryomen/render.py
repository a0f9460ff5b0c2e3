"""Readable ryomen logs and position dumps, in Japanese with the printed card names.

For a seat, the face down of an opponent's card stays unnamed until that card is turned over in
the open (the pairings are the hidden information of ryomen, see :mod:`.view`); for a spectator
or a replay (``seat=None``) both faces are named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.i18n import language

from fuda.engine.ryomen.cards import STAT_JA, STATS, WHEN_JA
from fuda.engine.ryomen.ops import ADD, SET

_CODE_JA = (*STAT_JA, "全能力値", "指定された能力値")
ROLE_JA = {"serve": "サーブ", "receive": "レシーブ"}
NO_EFFECT_JA = {"flip": "裏返す対象がない", "copy-stat": "写す値がない", "forbid-stat": "指定禁止は効果なし",
                "change-named-stat": "まだ能力が指定されていない", "put-stat-chip": "チップを置けない",
                "swap-point-chip": "入れ替えるポイントチップがない", "if": "条件を満たさない"}


def stats_ja(v) -> str:
    """``パワー8 スピード7 ブレイン6``."""
    return " ".join(f"{j}{x}" for j, x in zip(STAT_JA, v, strict=True))


class RyNarrator(Narrator):
    """Event lines and state dumps of a :class:`~engine.ryomen.game.Ryomen`."""

    def __init__(self, game):
        super().__init__(game)
        self.pool = game.pool

    def _face(self, card_id: str) -> str:
        """The printed name of the face up of a card named ``up/down``."""
        return self.pool.name(card_id.split("/", 1)[0])

    def _card(self, card_id: str) -> str:
        up, _, down = card_id.partition("/")
        return f"{self.pool.name(up)}（裏: {self.pool.name(down.split('#')[0])}）"

    def _who(self, p) -> str:
        return f"P{p + 1}" if p is not None else ""

    def _effect(self, effect) -> str:
        kind, code, x = effect
        if kind == ADD:
            return f"{_CODE_JA[code]}{x:+d}"
        if kind == SET:
            return f"{_CODE_JA[code]}を{x}に"
        return f"{STAT_JA[code]}と{STAT_JA[x]}を入れ替え"

    def _ability(self, p, d) -> str:
        face = self.pool[d["card"]]
        text = next((a.text for a in face.abilities if a.index == d["index"]), WHEN_JA[d["when"]])
        return f"    {self._who(p)} {face.name} {text}"

    def line(self, event, seat: int | None = None) -> str:
        """One readable line (empty for internal events); for ``seat``, an opponent's card put
        into the battle zone shows its face up only."""
        k, p, d = event.kind, event.player, event.data
        who = self._who(p)
        if k == "decision":
            return ""
        if k == "setup":
            return f"{who} 組み合わせ「{d['name'] or d['deck'] or '指定'}」"
        if k == "layout":
            return f"{who} ハンドゾーン: " + "、".join(self._face(c) for c in d["cards"])
        if k == "chance":
            if d["what"] == "first-player":
                return f"先攻: P{d['result'] + 1}（乱数）"
            return "ポイントチップ（シャッフル）: " + "・".join(map(str, d["result"]))
        if k == "first":
            return f"先攻: {who}"
        if k == "position":
            return (f"{who} 局面指定: ハンド " + ("、".join(self._face(c) for c in d["hand"]) or "なし")
                    + " / リザルト " + ("、".join(self._face(c) for c in d["result"]) or "なし")
                    + f" / 獲得 {sum(d['won'])}点")
        if k == "turn":
            dn = "夜" if d["night"] else "昼"
            return f"── ターン{d['turn']}（{dn}） サーブ: {who}  ポイントゾーン " + "・".join(map(str, d["points"]))
        if k == "play":
            shown = self._card(d["card"]) if seat is None or seat == p else self._face(d["card"])
            now = d.get("now") or self.pool[d["card"].split("/", 1)[0]].stats
            return f"  {who} {ROLE_JA[d['role']]}: {shown} {stats_ja(now)}"
        if k == "ability":
            return self._ability(p, d)
        if k == "stat":
            return f"      → {who} {self._effect(d['effect'])}: {stats_ja(d['now'])}"
        if k == "waiting":
            return f"      → {who} のバトルカードに適用待ち: {self._effect(d['effect'])}"
        if k == "waiting-applied":
            return f"      → 適用待ちの効果を適用: {stats_ja(d['now'])}"
        if k == "name":
            return f"  {who} 能力を指定: {STAT_JA[STATS.index(d['stat'])]}"
        if k == "forbid":
            return f"      → 相手は{STAT_JA[d['stat']]}を指定できない"
        if k == "named-changed":
            return f"      → 勝負する能力が{STAT_JA[d['stat']]}に変わる"
        if k == "battle":
            return self._battle(d)
        if k == "flip":
            why = "リバース" if d["why"] == "reverse" else "効果"
            return f"  {who} 裏返す（{why}）: → {self._card(d['card'])} {stats_ja(d['now'])}"
        if k == "day-night":
            why = "リバース" if d["why"] == "reverse" else "効果"
            return f"  昼夜チップを裏返す（{why}）→ {'夜' if d['night'] else '昼'}"
        if k == "hand-flip":
            if d["card"] is None:
                return f"      → {who} ハンドのカードを裏返さない"
            return f"      → {who} ハンドの{self._face(d['card'])}を裏返す → {self._face(d['now'])}"
        if k == "chip":
            name = self.pool.stat_chips[d["chip"]][3]
            return f"      → {who} {self._face(d['card'])}に{name}: {stats_ja(d['now'])}"
        if k == "swap-points":
            return "      → ポイントゾーン: " + "・".join(map(str, d["points"]))
        if k == "no-effect":
            return f"      （{NO_EFFECT_JA.get(d['op'], '効果なし')}）"
        if k == "point":
            return f"  {who} がポイントチップ{d['chip']}を獲得"
        if k == "cancellation":
            return f"  勝者なし: ポイントチップ{d['chip']}は裏向きに"
        if k == "serve-again":
            return f"  勝者がいないので {who} が続けてサーブ"
        if k == "loser-reverse":
            if d["card"] is None:
                return f"  {who} ルーザーリバース: しない"
            return f"  {who} ルーザーリバース: {self._face(d['card'])} → {self._face(d['now'])}"
        if k == "score":
            line = "合計: " + " / ".join(f"P{i + 1} {v}点" for i, v in enumerate(d["totals"]))
            if d["tag"]:
                line += "（チーム1 {0}点 / チーム2 {1}点）".format(*d["sides"])
            return line
        if k == "game-over":
            outcome = self.game.outcome
            return f"== 終了: {outcome.ja if outcome is not None and outcome.en == d['reason'] else d['reason']}"
        return f"  {k} {who} {d}"

    def _battle(self, d) -> str:
        stat = STAT_JA[STATS.index(d["stat"])]
        vals = d["values"]
        values = "  ".join(f"P{q + 1} {v}" for q, v in enumerate(vals))
        if d["phase"] == 1:
            top = [q for q, v in enumerate(vals) if v == max(vals)]
            end = f"P{top[0] + 1} の勝ち" if len(top) == 1 else "引き分け → リバースフェイズ"
            return f"  バトル1（{stat}）: {values} → {end}"
        parts = []
        if d["cancelled"]:
            parts.append("キャンセレーション: " + "・".join(f"P{q + 1}" for q in d["cancelled"]))
        parts.append(f"P{d['winner'] + 1} の勝ち" if d["winner"] >= 0 else "勝者なし")
        return f"  バトル2（{stat}）: {values} → " + "、".join(parts)

    def state(self, seat: int | None = None) -> str:
        """A multi-line dump of the position (for ``seat``: its view, unknown faces as ?)."""
        g = self.game
        if seat is not None:
            return self._seat_state(g.view(seat))
        lines = [f"turn {g.turn}/{g.turns}, server P{g.server + 1}, {'night 夜' if g.night else 'day 昼'}, "
                 f"named {STATS[g.named] if g.named >= 0 else '-'}, point zone {g.points}, "
                 f"face down {g.facedown}"]
        for p in range(g.n):
            lines.append(f"P{p + 1}: won {g.won[p]} (= {sum(g.won[p])})")
            lines.append("  hand: " + ", ".join(f"{g.cid(c)} {g.card_stats(c)}" for c in g.hand[p]))
            if g.battle[p] >= 0:
                lines.append(f"  battle: {g.cid(g.battle[p])} {g.stats(p)} effects {g.effects[p]}")
            lines.append("  result: " + ", ".join(g.cid(c) for c in g.result[p]))
        return "\n".join(lines)

    @staticmethod
    def _seat_state(view) -> str:
        def cid(card) -> str:
            return f"{card.up}/{card.down or '?'}"

        if language() == "ja":
            return RyNarrator._seat_state_ja(view, cid)
        lines = [f"turn {view.turn}/{view.turns}, server P{view.server + 1}, {'night 夜' if view.night else 'day 昼'}, "
                 f"named {STATS[view.named] if view.named >= 0 else '-'}, point zone {list(view.points)} "
                 f"(seen by P{view.seat + 1})"]
        for p, side in enumerate(view.sides):
            lines.append(f"P{p + 1}: won {list(side.won)} (= {sum(side.won)})")
            lines.append("  hand: " + ", ".join(f"{cid(c)} {c.stats}" for c in side.hand))
            if side.battle is not None:
                lines.append(f"  battle: {cid(side.battle)} {side.battle_stats}")
            lines.append("  result: " + ", ".join(cid(c) for c in side.result))
        return "\n".join(lines)

    @staticmethod
    def _seat_state_ja(view, cid) -> str:
        def stats(v) -> str:
            return "・".join(map(str, v))

        named = STAT_JA[view.named] if view.named >= 0 else "未指定"
        lines = [f"ターン{view.turn}/{view.turns}  サーブ P{view.server + 1}  {'夜' if view.night else '昼'}  "
                 f"指定 {named}  ポイントゾーン {'・'.join(map(str, view.points))}（P{view.seat + 1} から見た盤面）"]
        for p, side in enumerate(view.sides):
            lines.append(f"P{p + 1}: 獲得 {'・'.join(map(str, side.won)) or 'なし'}（計{sum(side.won)}点）")
            lines.append("  ハンド: " + "、".join(f"{cid(c)}（{stats(c.stats)}）" for c in side.hand))
            if side.battle is not None:
                lines.append(f"  バトル: {cid(side.battle)}（{stats(side.battle_stats)}）")
            lines.append("  リザルト: " + ("、".join(cid(c) for c in side.result) or "なし"))
        return "\n".join(lines)


__all__ = ["RyNarrator", "stats_ja"]
