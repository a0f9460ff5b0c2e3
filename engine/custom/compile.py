"""From a custom game's data to the frozen values its engine plays: the ``play:`` section and
every card's ``abilities``, checked against the closed vocabulary with located findings.

:func:`fuda.engine.custom.play.play_rules` compiles ``play:`` (the counters, zones, turn steps, combat, keywords, end
conditions) into a :class:`~fuda.engine.custom.defs.PlayRules`; :func:`fuda.engine.custom.cards.compile_game` compiles each card into a
:class:`~fuda.engine.custom.defs.CardDef` (its printed values, keywords and abilities with runnable words). Both return
findings rather than raise: rule set validation (``fuda validate``) reports them, the engine's
registry refuses to build while there is an error. Messages are written ``"<日本語> / <English>"``
(the Japanese part is what a Japanese user reads).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial

from fuda.database import Finding, Location
from fuda.engine.core import CompiledOp, ParamError
from fuda.engine.custom.effects import STATIC_WORDS, TABLE
from fuda.engine.custom.filters import Filter, FilterError, holds, parse

WHENS = ("play", "enters", "leaves", "destroyed", "turn-start", "turn-end", "attacks", "activate", "static")
ABILITY_KEYS = ("when", "text", "effect", "reason", "if", "zone", "cost")
REQUIRED_ZONES = ("deck", "hand", "field", "discard")
STATUSES = ("cannot-attack", "cannot-block")

UNKNOWN_WORD, BAD_ARGUMENT, UNKNOWN_NAME, TURN, NEVER, BAD_ABILITY, NO_TARGET = (
    "CU001", "CU002", "CU003", "CU004", "CU005", "CU006", "CU007")


@dataclass
class Known:
    """The names a game declares, for checking words and filters."""

    fields: dict
    zones: tuple[str, ...]
    counters: tuple[str, ...]
    keywords: tuple[str, ...]
    cards: tuple[str, ...]
    kinds: tuple[str, ...]


def _msg(ja: str, en: str) -> str:
    return f"{ja} / {en}"


def near(word, known) -> tuple[str, str]:
    close = difflib.get_close_matches(str(word), [str(k) for k in known], n=1, cutoff=0.5)
    return (f"（「{close[0]}」のことですか？）", f" (did you mean '{close[0]}'?)") if close else ("", "")


def known_names(manifest: Mapping, card_ids=()) -> Known:
    """What the manifest declares: fields (name -> declaration), zones, counters, keywords."""
    fields: dict = {}
    for spec in (manifest.get("kinds") or {}).values():
        for key, f in (spec.get("fields") or {}).items():
            fields.setdefault(key, f)
    play = manifest.get("play") or {}
    return Known(fields, tuple(play.get("zones") or ()), tuple(play.get("counters") or ()),
                 tuple(play.get("keywords") or ()), tuple(card_ids), tuple(manifest.get("kinds") or ()))


class Compiler:
    """Compiles words and filters against one game's names, collecting findings."""

    def __init__(self, known: Known, card: str | None = None, printed=()):
        self.known = known
        self.card = card
        self.printed = printed  # every card's (printed values, keywords), for the no-target check
        self.findings: list[Finding] = []

    def error(self, where: Location, code: str, ja: str, en: str, severity: str = "error") -> None:
        self.findings.append(Finding(where, code, _msg(ja, en), severity=severity, card=self.card))

    def filter(self, text, where: Location) -> Filter | None:
        try:
            return parse(text, self.known.fields)
        except FilterError as exc:
            ja = "絞り込みの条件が読めない"
            if "unknown field" in str(exc):
                near = re.search(r"did you mean '([^']+)'", str(exc))
                ja = "絞り込みの条件に知らない項目がある" + (f"（「{near.group(1)}」のことですか？）" if near else "")
            self.error(where, UNKNOWN_NAME, f"{ja}（{exc.column} 文字目）: {text}", f"{exc} (column {exc.column})")
            return None

    def name(self, value, known, what_ja: str, what_en: str, where: Callable[[], Location]) -> bool:
        """Whether ``value`` is one of the ``known`` names; else an error at ``where()`` (asked only
        then: a card file's positions are found again when asked for, see fuda.database.yamlfile)."""
        if value in known:
            return True
        ja, en = near(value, known)
        self.error(where(), UNKNOWN_NAME, f"{what_ja}「{value}」は宣言されていない{ja}",
                   f"unknown {what_en} '{value}'{en} (declared: {', '.join(map(str, known)) or 'none'})")
        return False

    def words(self, items, where: Callable[..., Location], static: bool = False) -> tuple:
        """Compile a list of one-key ``{word: args}`` steps into runnable ops."""
        out = []
        if not isinstance(items, (list, tuple)):
            self.error(where(), BAD_ARGUMENT, "effect は効果の語のリスト", "an effect is a list of words")
            return ()
        for k, item in enumerate(items):
            if not isinstance(item, Mapping) or len(item) != 1:
                self.error(where(k), BAD_ARGUMENT, "効果の語は「語: 引数」の組ひとつ",
                           f"each step is a one-key mapping {{word: arguments}}, got {item!r}")
                continue
            (name, args), = item.items()
            op = self.word(name, args, lambda *p, _k=k, _n=name: where(_k, _n, *p), static)
            if op is not None:
                out.append(op)
        return tuple(out)

    def word(self, name, args, where: Callable[..., Location], static: bool = False) -> CompiledOp | None:
        if name not in TABLE.specs:
            ja, en = near(name, TABLE.names())
            self.error(where(), UNKNOWN_WORD, f"効果の語「{name}」は語彙にない{ja}",
                       f"unknown effect word '{name}'{en} (words: {', '.join(TABLE.names())})")
            return None
        if static and name not in STATIC_WORDS:
            self.error(where(), BAD_ABILITY, f"常時の能力に使えるのは {', '.join(STATIC_WORDS)} だけ",
                       f"a static ability uses only {', '.join(STATIC_WORDS)}, not '{name}'")
            return None
        if not static and TABLE.specs[name].kind == "static":
            self.error(where(), BAD_ABILITY, f"「{name}」は常時（when: static）の能力でだけ使える",
                       f"word '{name}' is static (when: static only)")
            return None
        try:
            op = TABLE.compile(name, args, where)
        except ParamError as exc:
            self.error(where(*exc.path), BAD_ARGUMENT, f"「{name}」の引数が正しくない: {exc}", str(exc))
            return None
        a = dict(op.args)
        if static and name == "modify":
            a.setdefault("all", True)
        if name == "choose":
            a["options"] = tuple((label, self._runnable(ops, where)) for label, ops in a["options"])
        checked = self._check(name, a, where)
        if checked is None:
            return None
        return CompiledOp(op.name, op.fn, checked, op.gen, op.source)

    def _runnable(self, ops, where) -> tuple:
        out = []
        for op in ops:
            a = self._check(op.name, dict(op.args), where)
            if a is not None:
                out.append(CompiledOp(op.name, op.fn, a, op.gen, op.source))
        return tuple(out)

    def _check(self, name: str, a: dict, where) -> dict | None:
        """Names checked and turned into indices; filters parsed."""
        k = self.known
        ok = True
        for key in ("zone", "to"):
            if key in a and a[key] is not None:
                if self.name(a[key], k.zones, "領域", "zone", partial(where, key)):
                    a[key] = k.zones.index(a[key])
                else:
                    ok = False
        if "counter" in a and name in ("gain", "lose"):
            if self.name(a["counter"], k.counters, "カウンター", "counter", partial(where, "counter")):
                a["counter"] = k.counters.index(a["counter"])
            else:
                ok = False
            if isinstance(a.get("amount"), str):  # the ability's card's own field
                ok = self._int_field(a["amount"], where("amount")) and ok
        for key in ("filter", "from_"):
            if a.get(key) is not None:
                flt = self.filter(a[key], where(key.rstrip("_")))
                ok = ok and flt is not None
                a[key] = flt
                if flt is not None and name != "counter" and key == "filter":
                    self._reachable(flt, a, where(key))
        if name in ("modify",) and not self._int_field(a["field"], where("field")):
            ok = False
        if name == "grant" and a["keyword"] not in STATUSES:
            ok = self.name(a["keyword"], k.keywords + STATUSES, "キーワード", "keyword", partial(where, "keyword")) and ok
        if name == "token" and k.cards:  # (the manifest alone does not know the cards)
            ok = self.name(a["card"], k.cards, "カード", "card", partial(where, "card")) and ok
        return a if ok else None

    def _int_field(self, name, where) -> bool:
        f = self.known.fields.get(name)
        if f is None or f.get("type") != "integer":
            ints = [n for n, f in self.known.fields.items() if f.get("type") == "integer"]
            ja, en = near(name, ints)
            self.error(where, UNKNOWN_NAME, f"「{name}」は整数の項目ではない{ja}",
                       f"field '{name}' is not an integer field{en} (integer fields: {', '.join(ints) or 'none'})")
            return False
        return True

    def _reachable(self, flt: Filter, a: dict, where) -> None:
        """CU007: a filter whose printed (non-number) clauses no card of the game passes can never
        find a target."""
        cards = self.printed
        if not cards:
            return
        words = [c for c in flt.clauses if not c.numeric]
        if not any(all(holds(c, v.get(c.field) if c.field != "keywords" else kw) for c in words)
                   for v, kw in cards):
            self.error(where, NO_TARGET, f"条件「{flt.text}」に合うカードがゲームに１枚もない（対象がない）",
                       f"no card of the game passes '{flt.text}': the word can never find a target",
                       severity="warning")


__all__ = ["WHENS", "Compiler", "Known", "known_names", "near"]
