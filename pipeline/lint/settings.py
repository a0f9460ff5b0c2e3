"""A game's lint settings (the ``lint:`` section of game.yaml) and rule-code selectors.

The section is validated by ``schema/lint.schema.json`` when the database loads; here it is read
into a frozen :class:`LintSettings` with the defaults a Japanese card game usually follows:
full-width digits, ～ (U+FF5E), sentences ending in 。, plain style (である調), card names
quoted in 「」.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

SELECTOR = re.compile(r"^[A-Z]+[0-9]*$")


@dataclass(frozen=True)
class LintSettings:
    """How one game writes its card text; see ``schema/lint.schema.json`` for each key."""

    digits: str = "full"  # full | half
    wave_dash: str = "～"  # ～ (U+FF5E) | 〜 (U+301C)
    sentence_end: str = "。"  # 。 | ． | none
    register: str = "infer"  # plain (である) | polite (です・ます) | infer (the majority of the game's texts)
    flavor_register: str = "infer"  # the same for flavor, plus any (not checked)
    reference_brackets: str = "「」"
    latin: str = "any"  # full | half | any: the width of Latin letters in rules text (JP210)
    terms: frozenset = frozenset()
    prh: tuple[str, ...] = ()
    cp932: bool = False
    ignore: tuple[str, ...] = ()
    severity: Mapping = field(default_factory=lambda: MappingProxyType({}))

    @classmethod
    def from_manifest(cls, manifest: Mapping) -> LintSettings:
        """Settings from a game manifest; absent keys take the defaults."""
        raw = manifest.get("lint") or {}
        return cls(
            digits=raw.get("digits", "full"),
            wave_dash=raw.get("wave-dash", "～"),
            sentence_end=raw.get("sentence-end", "。"),
            register=raw.get("register", "infer"),
            flavor_register=raw.get("flavor-register", "infer"),
            reference_brackets=raw.get("reference-brackets", "「」"),
            latin=raw.get("latin", "any"),
            terms=frozenset(raw.get("terms", ())),
            prh=tuple(raw.get("prh", ())),
            cp932=bool(raw.get("cp932", False)),
            ignore=tuple(raw.get("ignore", ())),
            severity=MappingProxyType(dict(raw.get("severity", {}))),
        )

    @property
    def minus(self) -> str:
        """The minus sign that goes with the game's digits."""
        return "－" if self.digits == "full" else "-"


def expand(selector: str, codes: Iterable[str]) -> set[str]:
    """The rule codes a selector names: a full code (``JP101``) or a prefix (``JP1``, ``AGR``)."""
    return {code for code in codes if code == selector or code.startswith(selector)}


def parse_selectors(values: Iterable[str] | None) -> list[str]:
    """Split ``--select``/``--ignore`` values (repeatable, comma-separated) into selectors."""
    out: list[str] = []
    for value in values or ():
        out.extend(part.strip().upper() for part in value.split(",") if part.strip())
    return out


def resolve(selectors: Iterable[str], codes: Iterable[str]) -> tuple[set[str], list[str]]:
    """The codes named by ``selectors`` and the selectors that name none (unknown)."""
    codes = list(codes)
    chosen: set[str] = set()
    unknown: list[str] = []
    for selector in selectors:
        found = expand(selector, codes) if SELECTOR.match(selector) else set()
        if not found:
            unknown.append(selector)
        chosen |= found
    return chosen, unknown
