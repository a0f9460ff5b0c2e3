"""Readable toho-tcg logs and position dumps, in Japanese with the printed card names.

For a seat, what that seat cannot see stays unnamed: the cards the opponent takes from the deck
(search) and the hand of a set-up position (draws are counted in every transcript). For a
spectator or a replay (``seat=None``) every card is named.
"""

from __future__ import annotations

from fuda.engine.core.narration import Narrator
from fuda.i18n import language
from fuda.engine.toho_tcg.cards import LABELS
from fuda.engine.toho_tcg.variants import VARIANTS

PHASE_JA = {"draw": "ドローフェイズ", "standby": "スタンバイフェイズ", "main": "メインフェイズ",
            "battle": "バトルフェイズ", "end": "エンドフェイズ", "discard": "ディスカードフェイズ"}
WHY_JA = {"opening": "初期手札", "mulligan": "引き直し", "draw-phase": "ドローフェイズ", "damage": "ダメージ",
          "effect": "効果", "discard": "ディスカード", "end-phase": "エンドフェイズ（クイック）",
          "countered": "打ち消された", "fizzle": "対象不在", "equip-host-left": "装備キャラクターが場を離れた",
          "standby": "スタンバイ", "cost": "コスト", "attacked": "攻撃後", "defended": "防御後"}
PREVENT_JA = {"protection": "プロテクション", "resist": "レジスト", "fast-attack": "ファストアタック"}
ABILITY_JA = {"activated": "起動効果", "triggered": "誘発効果"}  # what else goes on the stack besides cards


def _kind(kind: str) -> str:
    """The printed name of what went on the stack: a card kind (the rule set's labels) or an ability."""
    return ABILITY_JA.get(kind) or LABELS.kind(kind)


def zen(n) -> str:
    """A number in full-width digits, as cards print them (１, １２)."""
    return str(n).translate(ZEN)


ZEN = str.maketrans("0123456789", "０１２３４５６７８９")


class TTNarrator(Narrator):
    """Event lines and state dumps of a :class:`~engine.toho_tcg.game.TohoTCG`."""

    def __init__(self, game):
        super().__init__(game)
        self.by_oid, self.defs, self.oid, self.cards = game.by_oid, game.defs, game.oid, game.cards

    def _n(self, oid) -> str:
        if oid is None:
            return "なし"
        c = self.by_oid.get(oid)
        return self.defs[c].name if c is not None else str(oid)

    def _names(self, oids) -> str:
        return "、".join(self._n(o) for o in oids) or "なし"

    def _target(self, tid: str) -> str:
        kind, _, rest = tid.partition(":")
        if kind == "target":
            return "相手プレイヤー" if rest == "player" else self._n(rest)
        if kind == "stack":
            sid, _, oid = rest.partition(":")
            return f"{self._n(oid)}（スタック#{sid}）" if oid else f"スタック#{sid}"
        return tid

    def _source(self, s: str) -> str:
        kind, _, rest = s.partition(":")
        return {"hand": f"手札の{self._n(rest)}をトラッシュ", "tap": f"{self._n(rest)}をタップ",
                "effect": f"{self._n(rest)}の効果"}.get(kind, s)

    def _ability(self, oid: str, index: int) -> str:
        c = self.by_oid.get(oid)
        if c is None:
            return str(oid)
        for ability in self.cards.registry.of(self.defs[c].id):
            if ability.index == index:
                return f"{self.defs[c].name}「{ability.text}」"
        return self.defs[c].name

    def line(self, event, seat: int | None = None) -> str:
        """One readable line (empty for internal events); hidden cards unnamed for ``seat``."""
        k, p, d = event.kind, event.player, event.data
        who = f"P{p + 1}" if p is not None else ""
        if seat is not None and p is not None and p != seat:
            if k == "search":
                return f"    デッキから手札へ: {len(d['cards'])}枚"
            if k == "position":
                return f"{who} 局面指定: 手札{len(d['hand'])}枚 ／ 場 {self._names(d['field'])} ／ デッキ{d['deck']}枚"
        make = getattr(self, "_r_" + k.replace("-", "_"), None)
        if make is None:
            return "" if k == "decision" else f"  {who} {k} {d}"
        return make(who, p, d)

    def _r_decision(self, who, p, d):
        return ""

    def _r_variants(self, who, p, d):
        clauses = [c for name in d["names"] for c in VARIANTS[name].clauses]
        return f"ルールの変種: {'、'.join(d['names'])}（{'、'.join(clauses)}）"

    def _r_setup(self, who, p, d):
        return f"{who} デッキ「{d['name'] or d['deck'] or '指定なし'}」 {d['size']}枚（ライフ）"

    def _r_chance(self, who, p, d):
        if d["what"] == "first-player":
            return f"先攻: P{d['result'] + 1}（乱数）"
        return f"  {who} デッキをシャッフル（{len(d['result'])}枚）"

    def _r_position(self, who, p, d):
        return f"{who} 局面指定: 手札 {self._names(d['hand'])} ／ 場 {self._names(d['field'])} ／ デッキ{d['deck']}枚"

    def _r_mulligan(self, who, p, d):
        return f"  {who} 引き直し → {d['size']}枚"

    def _r_turn(self, who, p, d):
        return f"── ターン{d['turn']} {who}（デッキ P1:{d['decks'][0]} P2:{d['decks'][1]}）"

    def _r_phase(self, who, p, d):
        return f" 【{PHASE_JA[d['phase']]}】" + (f" {who}" if d["phase"] == "discard" else "")

    def _r_draw(self, who, p, d):
        if not d["cards"]:
            return ""
        return f"  {who} ドロー{len(d['cards'])}枚（{WHY_JA.get(d['why'], d['why'])}）→ デッキ残り{d['left']}"

    def _r_tap(self, who, p, d):
        return f"  {who} {self._n(d['card'])}をタップ（{WHY_JA.get(d['why'], d['why'])}）"

    def _r_untap(self, who, p, d):
        return f"  {who} {self._n(d['card'])}をアンタップ（{WHY_JA.get(d['why'], d['why'])}）"

    def _r_modify(self, who, p, d):
        parts = []
        if d["attack"]:
            parts.append(f"攻撃力{d['attack']:+d}")
        if d["defense"]:
            parts.append(f"防御力{d['defense']:+d}")
        if d["keyword"]:
            from fuda.engine.toho_tcg.cards import keyword_label
            name, value = d["keyword"]
            parts.append(keyword_label(name, (value,) if name in ("critical", "protection") else value) + "を得る")
        return f"    {self._n(d['card'])}: {'、'.join(parts)}（ターン終了時まで）"

    def _r_to_trash(self, who, p, d):
        return f"  {who} トラッシュへ（{WHY_JA.get(d['why'], d['why'])}）: {self._names(d['cards'])}"

    def _stack(self, cards) -> str:
        """A character stack: ハード with the Normal under it, or a single card."""
        if len(cards) == 2:
            return f"{self.defs[self.by_oid[cards[0]]].label}（下のノーマルごと）"
        return self._names(cards)

    def _r_destroy(self, who, p, d):
        by = f"（{self._n(d['by'])}による）" if d["by"] else ""
        return f"  {who} {self._stack(d['cards'])}が破壊された{by}"

    def _r_return(self, who, p, d):
        return f"  {who} {self._stack(d['cards'])}が手札に戻った"

    def _r_prevent(self, who, p, d):
        return f"    {self._n(d['card'])}はダメージを受けない（{PREVENT_JA[d['why']]}、{self._n(d['source'])}から）"

    def _r_damage(self, who, p, d):
        return f"    {self._n(d['card'])}に{d['amount']}ダメージ（{self._n(d['source'])}から、計{d['total']}）"

    def _r_wear_off(self, who, p, d):
        return f"    ダメージが回復: {self._names(d['cards'])}"

    def _r_redirect(self, who, p, d):
        kw = "ディフェンサー" if d["why"] == "defender" else "スペルディフェンサー"
        return f"  {who} 【{kw}】: 対象を{self._n(d['old'])}から{self._n(d['new'])}に変更"

    def _r_reiryoku(self, who, p, d):
        return f"  {who} 霊力{len(d['sources'])}: {'、'.join(self._source(s) for s in d['sources'])}"

    def _r_trash_keyword(self, who, p, d):
        return f"  {who} 【トラッシュ（{zen(d['cost'])}）】: {self._n(d['card'])}をトラッシュ"

    def _r_play(self, who, p, d):
        c = self.by_oid[d["card"]]
        extra = ""
        if d.get("on"):
            extra = f"（{self._n(d['on'])}に重ねる）"
        elif d.get("replaces"):
            extra = f"（{self._n(d['replaces'])}を置き換える）"
        tg = f" → 対象: {'、'.join(self._target(t) for t in d['targets'])}" if d["targets"] else ""
        return f"  {who} プレイ: {self.defs[c].label}{extra}{tg}"

    def _r_activate(self, who, p, d):
        tg = f" → 対象: {'、'.join(self._target(t) for t in d['targets'])}" if d["targets"] else ""
        return f"  {who} 起動: {self._ability(d['card'], d['index'])}{tg}"

    def _r_trigger(self, who, p, d):
        tg = f" → 対象: {'、'.join(self._target(t) for t in d['targets'])}" if d["targets"] else ""
        return f"  {who} 誘発: {self._ability(d['card'], d['index'])}{tg}"

    def _r_no_target(self, who, p, d):
        return f"  {who} 誘発（対象がないので何もしない）: {self._n(d['card'])}"

    def _r_resolve(self, who, p, d):
        return f"   解決: {self._n(d['card'])}（{_kind(d['kind'])}）"

    def _r_attach(self, who, p, d):
        return f"    {self._n(d['card'])}を{self._n(d['to'])}に装備"

    def _r_fizzle(self, who, p, d):
        return f"    {self._n(d['card'])}: 対象が不正になったので何もしない"

    def _r_counter(self, who, p, d):
        return f"    {self._n(d['target'])}（{_kind(d['kind'])}）を打ち消した"

    def _r_player_damage(self, who, p, d):
        src = f"（{self._n(d['source'])}から）" if d["source"] else ""
        return f"  {who}に{d['amount']}ダメージ{src}: {d['amount']}枚ドローして{d['amount']}枚トラッシュ"

    def _r_recover(self, who, p, d):
        return f"    トラッシュから手札へ: {self._names(d['cards'])}"

    def _r_search(self, who, p, d):
        return f"    デッキから手札へ: {self._names(d['cards'])}"

    def _r_no_attack(self, who, p, d):
        return f"  {who} 先攻１ターン目はキャラクターで攻撃できない"

    def _r_attack(self, who, p, d):
        target = self._n(d["target"]) if d["target"] else "相手プレイヤー（ダイレクトアタック）"
        return f"  {who} 攻撃: {self._names(d['attackers'])} → {target}"

    def _r_damage_step(self, who, p, d):
        return "   ダメージステップ"

    def _r_level_up(self, who, p, d):
        return f"  {who} レベルアップ: {self._n(d['on'])} → {self.defs[self.by_oid[d['card']]].label}"

    def _r_end_turn(self, who, p, d):
        return ""

    def _r_game_over(self, who, p, d):
        reason = d["reason"]
        outcome = self.game.outcome
        if outcome is not None and outcome.en == reason and outcome.ja:
            reason = outcome.ja
        return f"== 終了: {'P' + str(p + 1) + 'の勝ち' if p is not None else '引き分け'}（{reason}）"

    def state(self, seat: int | None = None) -> str:
        """Every zone of both players, for failing scripts and the CLI (for ``seat``: its view —
        the opponent's hand and every deck's order unnamed)."""
        g = self.game
        oid = self.oid
        if seat is not None and language() == "ja":
            return self._seat_state_ja(seat)
        lines = [f"turn {g.turn}, turn player P{g.active + 1}, phase {g.phase}"
                 + (f", finished: {g.reason}" if g.finished else "")
                 + (f" (seen by P{seat + 1})" if seat is not None else "")]
        view = g.view(seat) if seat is not None else None
        for p in (0, 1):
            chars = []
            for c in g.chars[p]:
                atk, dfn = g.stats(c)
                s = f"{oid[c]}[{atk}/{dfn}{' T' if g.tapped[c] else ''}{' dmg' + str(g.damage[c]) if g.damage[c] else ''}"
                s += (f" under {oid[g.under[c]]}" if g.under[c] >= 0 else "")
                s += (f" equip {oid[g.equip[c]]}" if g.equip[c] >= 0 else "") + "]"
                chars.append(s)
            if view is None:
                deck = f"deck {len(g.deck[p])} (top first {[oid[c] for c in reversed(g.deck[p][-5:])]})"
                hand = [oid[c] for c in g.hand[p]]
            else:
                side = view.sides[p]
                deck = f"deck {side.deck_size}"
                hand = [oid[c] for c in side.hand] if side.hand is not None else f"{side.hand_size} card(s)"
            lines.append(
                f"P{p + 1}: {deck}, 霊力 {g.rei[p]}\n"
                f"  hand {hand}\n"
                f"  field {chars}\n"
                f"  assisters {[oid[c] + (' T' if g.tapped[c] else '') for c in g.assisters[p]]} "
                f"waiting {[oid[c] for c in g.waiting[p]]}\n"
                f"  trash {[oid[c] for c in g.trash[p]]}")
        if g.world >= 0:
            lines.append(f"world {oid[g.world]} (P{g.ctrl[g.world] + 1})")
        if g.stack:
            lines.append("stack (top last) " + ", ".join(f"#{i.sid} {oid[i.card]} {i.kind}" for i in g.stack))
        return "\n".join(lines)

    def _seat_state_ja(self, seat: int) -> str:
        g, oid = self.game, self.oid
        view = g.view(seat)

        def names(cards, tapped=False):
            return "、".join(oid[c] + ("（タップ）" if tapped and g.tapped[c] else "") for c in cards) or "なし"

        lines = [f"ターン{g.turn}  手番 P{g.active + 1}  {PHASE_JA.get(g.phase, g.phase)}（P{seat + 1} から見た盤面）"]
        for p in (0, 1):
            side = view.sides[p]
            chars = []
            for c in g.chars[p]:
                atk, dfn = g.stats(c)
                s = f"{oid[c]}（{atk}/{dfn}{'・タップ' if g.tapped[c] else ''}{f'・ダメージ{g.damage[c]}' if g.damage[c] else ''}"
                s += (f"・下に{oid[g.under[c]]}" if g.under[c] >= 0 else "")
                s += (f"・装備 {oid[g.equip[c]]}" if g.equip[c] >= 0 else "") + "）"
                chars.append(s)
            hand = names(side.hand) if side.hand is not None else f"{side.hand_size}枚"
            lines.append(f"P{p + 1}: デッキ{side.deck_size}枚  霊力{g.rei[p]}\n  手札 {hand}\n"
                         f"  場 {'、'.join(chars) or 'なし'}\n  アシスター {names(g.assisters[p], True)}  "
                         f"待機 {names(g.waiting[p])}\n  トラッシュ {names(g.trash[p])}")
        if g.world >= 0:
            lines.append(f"ワールド {oid[g.world]}（P{g.ctrl[g.world] + 1}）")
        if g.stack:
            lines.append("スタック（最後が一番上） " + "、".join(f"#{i.sid} {oid[i.card]}（{_kind(i.kind)}）" for i in g.stack))
        return "\n".join(lines)
