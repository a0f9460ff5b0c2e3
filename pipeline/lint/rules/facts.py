"""The numbers a card text states, per rule set, and where the same numbers stand in the data.

A :class:`Fact` pairs a phrase of the printed text (``２ドローする``, ``霊力１：``, ``パワーを＋５００``)
with the values the ability's data gives for it (``draw: 2``, ``cost: {reiryoku: 1}``,
``modify-power: {amount: 500}``). The agreement rule compares both sides as multisets, per
ability. Phrases are the ones each card schema documents under "Printed …"; counts of targets
(対象の…１体) and "once per turn" (limit) are not facts here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from fuda.lint.vocab import to_int

N = "[0-9０-９]+"
SIGNED = "[＋－+\\-−][0-9０-９]+"


@dataclass(frozen=True)
class Fact:
    """A number the text states (``pattern``, value from ``read``) and its data (``data``).

    ``anchor`` is a literal every matching text contains and ``keys`` the data tokens (op
    names, ``cost:<key>``, ``cond:<key>``) that can give values; None means "always look".
    """

    name: str
    pattern: re.Pattern
    read: Callable  # match -> value
    data: Callable  # (ops, ability, game) -> list of values; ops = walk_ops(ability.effect)
    anchor: str = ""
    keys: frozenset | None = None


def tokens(ops, ability) -> set:
    """The data tokens of an ability: its op names, ``cost:<key>`` and ``cond:<key>``."""
    out = {name for name, _ in ops}
    if "if" in out:
        for name, args in ops:
            if name == "if" and hasattr(args, "get"):
                out.update("cond:" + k for k in (args.get("condition") or {}))
    data = ability.data
    if "cost" in data:
        out.update("cost:" + k for k in (data["cost"] or {}))
    if "condition" in data and hasattr(data["condition"], "keys"):
        out.update("cond:" + k for k in data["condition"])
    return out


def walk_ops(ops) -> list:
    """Every op of an effect list as (name, args), including those inside ``if``."""
    out = []
    if not ops:
        return out
    for op in ops:
        try:
            name, args = op.name, op.args
        except AttributeError:  # an op nested in then/else is still a one-key mapping
            (name, args), = op.items()
        out.append((name, args))
        if name == "if" and hasattr(args, "get"):
            for branch in ("then", "else"):
                nested = args.get(branch)
                if nested:
                    out.extend(walk_ops(nested))
    return out


def op_values(opname: str, key: str | None = None, ints_only: bool = False):
    """Values of ``opname`` ops (the whole argument, or its ``key``)."""
    def get(ops, ability, game):
        out = []
        for name, args in ops:
            if name != opname:
                continue
            value = args.get(key) if key and hasattr(args, "get") else args
            if key and not hasattr(args, "get"):
                continue
            if ints_only and not isinstance(value, int):
                continue
            out.append(_norm(value))
        return out
    return get


def deep_values(key: str, ops: tuple[str, ...] | None = None):
    """Values of ``key`` anywhere inside the ops' arguments (filters, targets)."""
    def get(all_ops, ability, game):
        out = []
        for name, args in all_ops:
            if ops and name not in ops:
                continue
            _collect(args, key, out, skip_branches=(name == "if"))
        return out
    return get


def _collect(node, key, out, skip_branches=False):
    if hasattr(node, "items"):
        for k, v in node.items():
            if skip_branches and k in ("then", "else"):
                continue
            if k == key and not hasattr(v, "items"):
                out.append(_norm(v))
            else:
                _collect(v, key, out)
    elif isinstance(node, tuple):
        for v in node:
            _collect(v, key, out)


def condition_values(key: str):
    """A condition value, from the ability's ``condition`` or any ``if`` op's condition."""
    def get(ops, ability, game):
        out = []
        cond = ability.data.get("condition")
        if hasattr(cond, "get") and key in cond:
            out.append(_norm(cond[key]))
        for name, args in ops:
            if name == "if" and key in (args.get("condition") or {}):
                out.append(_norm(args["condition"][key]))
        return out
    return get


def cost_value(key: str):
    """A value of the ability's ``cost``."""
    def get(ops, ability, game):
        cost = ability.data.get("cost") or {}
        return [_norm(cost[key])] if key in cost else []
    return get


def _norm(value):
    if value is None:
        return "ー"
    if isinstance(value, bool):
        return value
    return value


def _num(m, group=1):
    return to_int(m.group(group))


def _signed_pair(m):
    return (to_int(m.group(1)), to_int(m.group(2)))


def _attack_pair(m):
    return tuple("ー" if g == "ー" else to_int(g) for g in (m.group(1), m.group(2)))


def _pair(opnames: tuple[str, ...], keys=("hand", "life")):
    def get(ops, ability, game):
        return [tuple(_norm(args.get(k)) for k in keys) for name, args in ops
                if name in opnames and hasattr(args, "get")]
    return get


_TOHO_STATS = {"攻撃力": "attack", "防御力": "defense"}
_RYOMEN_STATS = {"パワー": "power", "スピード": "speed", "ブレイン": "brain", "全能力値": "all",
                 "指定された能力値": "named"}


def _toho_stats(ops, ability, game):
    out = []
    for name, args in ops:
        if name == "modify-stat":
            out.extend((stat, args[stat]) for stat in ("attack", "defense") if stat in args)
    return out


def _ryomen_stats(ops, ability, game):
    return [(args["stat"], args["amount"]) for name, args in ops if name == "modify-stat"]


def _ryomen_chips(ops, ability, game):
    chips = {c["id"]: c.get("name") for c in ((game.manifest.get("chips") or {}).get("stat") or ())}
    return [chips.get(args.get("chip"), args.get("chip")) for name, args in ops if name == "put-stat-chip"]


#: toho-tcg targets that are one card or ability ("対象の…１体"); all-…, this, equipped are not counted
_TOHO_SINGLE = frozenset({"opponent-character", "own-character", "any-character", "any-card", "any-assister",
                          "any-equip", "spell", "quick", "activated"})
_TOHO_TARGET_OPS = ("damage", "tap", "untap", "modify-stat", "destroy", "return-to-hand", "grant-keyword", "counter")


def _toho_targets(ops, ability, game):
    return [1 for name, args in ops if hasattr(args, "get") and args.get("target") in _TOHO_SINGLE]


def _chosen(ops, ability, game):
    """raise-blaze: the count of every ``target: {pick: chosen, count: N}``."""
    out = []
    for _, args in ops:
        target = args.get("target") if hasattr(args, "get") else None
        if hasattr(target, "get") and target.get("pick") == "chosen":
            out.append(target.get("count", 1))
    return out


def _chip_cards(ops, ability, game):
    return [1 for name, args in ops if name == "put-stat-chip"]


def _either(*getters):
    """Values from several data getters (e.g. recover and search both add cards to the hand)."""
    return lambda ops, ability, game: [v for get in getters for v in get(ops, ability, game)]


def _fact(name, pattern, read, data, anchor="", keys=None):
    return Fact(name, re.compile(pattern), read, data, anchor, frozenset(keys) if keys is not None else None)


RECAST_RIFT_FACTS = (
    _fact("draw", f"({N})ドローする", _num, op_values("draw"), "ドロー", ("draw",)),
    _fact("lift", f"(?:({N})枚を|をすべて)リフト", lambda m: _num(m) if m.group(1) else "all", op_values("lift", "count"),
          "リフト", ("lift",)),
    _fact("face-down", f"手札({N})枚を伏せ札にする(?!：)", _num, op_values("face-down", "count", ints_only=True),
          "伏せ札", ("face-down",)),
    _fact("cost face-down", f"手札({N})枚を伏せ札にする：", _num, cost_value("face-down"), "伏せ札", ("cost:face-down",)),
    _fact("life damage", f"ライフに({N})ダメージ", _num, op_values("damage-life", "amount"),
          "ダメージ", ("damage-life",)),
    _fact("recast-time rise", f"リキャストタイムを({N})増やす", _num, op_values("recast-up", "amount"),
          "リキャストタイム", ("recast-up",)),
    _fact("recast-time cards", f"カード({N})枚のリキャストタイム", _num, op_values("recast-up", "count", ints_only=True),
          "リキャストタイム", ("recast-up",)),
    _fact("attack change", f"攻撃力を({SIGNED})／({SIGNED})する", _signed_pair,
          _pair(("modify-attack", "attack-modifier")), "攻撃力を", ("modify-attack", "attack-modifier")),
    _fact("text attack", f"攻撃力({N}|ー)／({N}|ー)の《攻撃》を行う", _attack_pair, _pair(("attack",)), "を行う", ("attack",)),
    _fact("hand condition", f"手札が({N})枚", _num, condition_values("hand-at-most"),
          "手札が", ("cond:hand-at-most",)),
    _fact("life condition", f"ライフが({N})以下", _num, condition_values("life-at-most"),
          "ライフが", ("cond:life-at-most",)),
    _fact("deployed condition", f"({N})枚以上", _num, condition_values("deployed-at-least"),
          "枚以上", ("cond:deployed-at-least",)),
    _fact("cards to hand", f"(?:伏せ札|控え札)({N})枚を手札に加える", _num, op_values("retrieve-to-hand", "count"),
          "手札に加える", ("retrieve-to-hand",)),
)

TOHO_TCG_FACTS = (
    _fact("draw", f"カードを({N})枚ドローする", _num, op_values("draw"), "ドロー", ("draw",)),
    _fact("damage", f"({N})ダメージを与える", _num, op_values("damage", "amount"), "ダメージ", ("damage",)),
    _fact("cost 霊力", f"霊力({N})(?=[、：])", _num, cost_value("reiryoku"), "霊力", ("cost:reiryoku",)),
    _fact("cost tap", "^【起動】(?:[^：\n]*、)?タップ(?=[、：])", lambda m: True, cost_value("tap"),
          "タップ", ("cost:tap",)),
    _fact("霊力 made", f"霊力を({N})生み出す", _num, op_values("reiryoku"), "生み出す", ("reiryoku",)),
    _fact("stat change", f"(攻撃力|防御力)(?:と(攻撃力|防御力))?を(?:ターン終了時まで)?({SIGNED})する",
          lambda m: [(_TOHO_STATS[g], to_int(m.group(3))) for g in (m.group(1), m.group(2)) if g],
          _toho_stats, "力", ("modify-stat",)),
    _fact("hand trash", f"手札を({N})枚トラッシュする", _num, op_values("trash-from-hand", "count"),
          "トラッシュする", ("trash-from-hand",)),
    _fact("cards to hand", f"カード({N})枚を手札に加え", _num,
          _either(op_values("recover", "count"), op_values("search", "count")), "手札に加え", ("recover", "search")),
    _fact("hand condition", f"手札が({N})枚以下", _num, condition_values("hand-at-most"),
          "手札が", ("cond:hand-at-most",)),
    _fact("targets", f"対象の[^、。：\n]{{0,24}}?(?:キャラクター|カード|アシスター|イクイップ|スペル|クイック|起動効果)"
          f"({N})[体枚つ]", _num, _toho_targets, "対象の", _TOHO_TARGET_OPS),
)

RAISE_BLAZE_FACTS = (
    _fact("draw", f"カードを({N})枚引く", _num, op_values("draw"), "引く", ("draw",)),
    _fact("discard", f"手札を(?:ランダムに)?({N})枚捨てる(?!：)", _num, op_values("discard", "count"),
          "捨てる", ("discard",)),
    _fact("cost discard", f"手札を({N})枚捨てる：", _num, cost_value("discard"), "捨てる", ("cost:discard",)),
    _fact("cost detach", f"下敷きを({N})枚墓地に送る：", _num, cost_value("detach"), "下敷き", ("cost:detach",)),
    _fact("mill", f"デッキの上から({N})枚を墓地に送る", _num, op_values("mill", "count"), "墓地に送る", ("mill",)),
    _fact("power change", f"パワーを(?:ターン終了時まで)?({SIGNED})", _num, op_values("modify-power", "amount"),
          "パワーを", ("modify-power",)),
    _fact("power limit", f"パワー({N})以下", _num, deep_values("power-at-most")),
    _fact("raise limit", f"レイズ({N})(?:以下)?の", _num, deep_values("raise-at-most")),
    _fact("life added", f"ライフカードを({N})枚増やす", _num, op_values("add-life"), "増やす", ("add-life",)),
    _fact("life destroyed", f"ライフカードを({N})枚破壊", _num, op_values("destroy-life", "count"),
          "ライフカード", ("destroy-life",)),
    _fact("life condition", f"ライフカードが({N})枚以下", _num, condition_values("own-life-at-most"),
          "ライフカードが", ("cond:own-life-at-most",)),
    _fact("cards to hand", f"を({N})枚手札に加える", _num,
          _either(op_values("search-deck", "count"), op_values("graveyard-to-hand", "count")),
          "手札に加える", ("search-deck", "graveyard-to-hand")),
    _fact("summons", f"({N})体をエフェクト(?:レイズ)?召喚", _num, op_values("effect-summon", "count"),
          "召喚", ("effect-summon",)),
    _fact("chosen fighters", f"ファイター({N})体を選び", _num, _chosen, "を選び",
          ("modify-power", "destroy", "return-to-hand", "cannot-attack", "battle-immune")),
    _fact("fighters underneath", f"ファイター({N})体を下敷きにして", _num,
          op_values("effect-summon", "raise", ints_only=True), "下敷きにして", ("effect-summon",)),
)

RYOMEN_FACTS = (
    _fact("stat change", f"(パワー|スピード|ブレイン|全能力値|指定された能力値)({SIGNED})(?!チップ)",
          lambda m: (_RYOMEN_STATS[m.group(1)], to_int(m.group(2))), _ryomen_stats, "", ("modify-stat",)),
    _fact("stat set", f"能力値を({N})にする", _num, op_values("set-stat", "value"), "にする", ("set-stat",)),
    _fact("point chip", f"({N})番目のポイントチップ", _num, op_values("swap-point-chip"), "番目", ("swap-point-chip",)),
    _fact("stat chip", f"((?:パワー|スピード|ブレイン)[＋－]{N}チップ)", lambda m: m.group(1), _ryomen_chips,
          "チップ", ("put-stat-chip",)),
    _fact("cards flipped", f"カードを({N})枚裏返", _num, op_values("flip", "count", ints_only=True),
          "裏返", ("flip",)),
    _fact("chip cards", f"カード({N})枚に(?:パワー|スピード|ブレイン)[＋－]", _num, _chip_cards, "チップ",
          ("put-stat-chip",)),
)


@dataclass(frozen=True)
class FactTable:
    """The facts of one rule set's phrases, named by its vocabulary (``Vocabulary.numbers``,
    ``module:NAME``), and those phrases as its cards print them (``fuda lint --explain AGR006``)."""

    name: str  # as the explanation lists it
    facts: tuple[Fact, ...]
    phrases: tuple[str, ...]


RECAST_RIFT = FactTable("recast-rift", RECAST_RIFT_FACTS, (
    "２ドローする", "自分の展開中のカード２枚をリフトする / すべてリフト", "手札１枚を伏せ札にする", "手札１枚を伏せ札にする：(cost)",
    "ライフに１ダメージ", "リキャストタイムを１増やす", "カード１枚のリキャストタイム", "攻撃力を＋１／－１する",
    "攻撃力１／ーの《攻撃》を行う", "手札が２枚", "ライフが３以下", "２枚以上", "伏せ札１枚を手札に加える",
))
TOHO_TCG = FactTable("toho-tcg", TOHO_TCG_FACTS, (
    "カードを１枚ドローする", "２ダメージを与える", "霊力１： / 霊力１、(cost)", "タップ：(cost)", "霊力を１生み出す",
    "攻撃力(と防御力)を＋２する", "手札を１枚トラッシュする", "カード１枚を手札に加え", "手札が３枚以下",
    "対象の(相手の)キャラクター１体 / カード・アシスター・イクイップ・スペル・クイック１枚 / 起動効果１つ",
))
RAISE_BLAZE = FactTable("raise-blaze", RAISE_BLAZE_FACTS, (
    "カードを１枚引く", "手札を１枚捨てる", "手札を１枚捨てる：(cost)", "下敷きを１枚墓地に送る：(cost)",
    "デッキの上から２枚を墓地に送る", "パワーを＋３００", "パワー１５００以下", "レイズ１以下の", "ライフカードを１枚増やす",
    "ライフカードを１枚破壊", "ライフカードが２枚以下", "を１枚手札に加える", "１体をエフェクト(レイズ)召喚", "ファイター１体を選び",
    "ファイター１体を下敷きにして",
))
RYOMEN = FactTable("ryomen", RYOMEN_FACTS, (
    "パワー＋２ / スピード－１ / ブレイン・全能力値・指定された能力値", "能力値を５にする", "２番目のポイントチップ",
    "パワー＋１チップ", "カードを１枚裏返", "カード１枚にパワー＋１チップ",
))

#: The tables of fuda's own rule sets, in the order ``fuda lint --explain AGR006`` lists them.
BUNDLED = (RECAST_RIFT, TOHO_TCG, RAISE_BLAZE, RYOMEN)


def fact_table(path: str) -> FactTable:
    """The :class:`FactTable` at ``module:NAME`` (a rule set's ``Vocabulary.numbers``)."""
    from importlib import import_module

    module, _, name = path.partition(":")
    table = getattr(import_module(module), name, None)
    if not isinstance(table, FactTable):
        raise LookupError(f"{path} is not a FactTable (Vocabulary.numbers names module:NAME of one)")
    return table


class FactIndex:
    """A rule set's facts with bit masks by data token, and each pattern compiled for a text of
    many abilities joined by line breaks (``^`` then starts each ability and each line)."""

    def __init__(self, facts):
        self.facts = tuple(facts)
        self.joined_patterns = tuple(re.compile(f.pattern.pattern, re.M) for f in facts)
        self.token_masks: dict = {}
        for n, f in enumerate(facts):
            for key in f.keys or ():
                self.token_masks[key] = self.token_masks.get(key, 0) | (1 << n)
        self.always_data = sum(1 << n for n, f in enumerate(facts) if f.keys is None)

    def by_tokens(self, have) -> int:
        """The mask of the facts whose data these tokens can give."""
        masks = self.token_masks
        mask = 0
        for token in have:
            mask |= masks.get(token, 0)
        return mask

