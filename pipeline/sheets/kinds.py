"""Card kinds on a spreadsheet: a kind is written by its id (``character``) or its label
(``キャラクター``), and a workbook's tabs are named by the kinds' labels in the user's language.

The Japanese label comes from the rule set's card schema (``種類 — character (キャラクター)``) or,
for a custom game, from its manifest's ``kinds: {spirit: {label: 精霊, en: spirit}}``; the English
one is the manifest's ``en`` or the id itself.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from fuda.database.fields import RuleFields


def _norm(text) -> str:
    return unicodedata.normalize("NFKC", str(text)).strip().lower()


@dataclass(frozen=True)
class KindNames:
    """Every kind of a game with its Japanese and English names."""

    names: tuple[tuple[str, str, str], ...]  # (id, Japanese label, English label)

    def label(self, kind: str, lang: str) -> str:
        """The name of ``kind`` in ``lang`` (``ja`` or ``en``); the id when it has none."""
        for kid, ja, en in self.names:
            if kid == kind:
                return (ja if lang == "ja" else en) or kind
        return kind

    def kind_of(self, word) -> str | None:
        """The kind id ``word`` names (its id, Japanese or English label; width and case ignored)."""
        wanted = _norm(word)
        if not wanted:
            return None
        for kid, ja, en in self.names:
            if wanted in (_norm(kid), _norm(ja), _norm(en)):
                return kid
        return None


def kind_names(fields: RuleFields, manifest=None) -> KindNames:
    """The kinds of a rule set (``fields``) and, for a custom game, of its ``manifest``."""
    names: dict[str, tuple[str, str]] = {kid: (label, kid) for kid, label in fields.kinds}
    declared = (manifest or {}).get("kinds") if hasattr(manifest or {}, "get") else None
    if hasattr(declared, "items"):
        for kid, spec in declared.items():
            spec = spec if hasattr(spec, "get") else {}
            ja = spec.get("label") if isinstance(spec.get("label"), str) else ""
            en = spec.get("en") if isinstance(spec.get("en"), str) else kid
            names[kid] = (ja or names.get(kid, ("", kid))[0], en)
    return KindNames(tuple((kid, ja, en) for kid, (ja, en) in names.items()))


def tab_name(kinds: KindNames, kind: str, lang: str, taken: set) -> str:
    """A workbook tab for ``kind``: its label in ``lang``, cut to Excel's 31 characters without
    the characters Excel refuses in a tab name, the id when that label is taken by another tab."""
    name = "".join(ch for ch in kinds.label(kind, lang) if ch not in "[]:*?/\\")[:31].strip() or kind[:31]
    if name in taken:
        name = kind[:31]
    taken.add(name)
    return name
