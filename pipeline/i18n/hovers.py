"""The hovers of fuda's bundled JSON Schemas, in the user's language.

The bundled schemas (``schema/*.json`` and the templates' ``layout.schema.json`` and
``mat.schema.json``) are the sources: each ``description`` is ``ラベル — explanation`` (the label, the
printed Japanese name of a field that fuda's code reads, is the same in every language) and the
explanation, like each ``title``, is written in English. That English text is the message id of the
gettext domain ``schema``; ``locale/ja/LC_MESSAGES/schema.po`` gives its Japanese. English is this
domain's source language, so there is no English ``schema.po``.

The sources stay English because code reads them (labels, the values a field lists) and because a
hover's text is the id — the standard gettext shape for text that lives in data files. What a user
sees is translated where fuda writes or shows it: the schemas ``fuda new`` copies into a game
folder (:func:`schema_text`), a custom game's derived ``cards.schema.json`` (the shared
definitions it copies), and a finding that quotes a schema's explanation (:func:`description`).

``python -m fuda.i18n.compile --update`` adds each new explanation to ``schema.po`` (without a
text, which a test reports) and drops the ones no schema uses; ``tests/test_schema_hovers.py``
fails while one is missing, unused or not compiled.
"""

from __future__ import annotations

import functools
import gettext
import json
from collections.abc import Iterator
from pathlib import Path

from fuda.i18n import language
from fuda.i18n.catalogue import LOCALE_DIR

DOMAIN = "schema"
SOURCE_LANGUAGE = "en"
SEPARATOR = " — "
#: The annotation keys whose text is shown as a hover.
TEXT_KEYS = ("description", "title")
#: Keys whose values are instances, not schemas: nothing under them is a hover.
DATA_KEYS = frozenset({"const", "enum", "default", "examples"})
#: The bundled schema files, relative to the folder that holds fuda's schema/ and templates/.
SOURCES = ("schema/*.json", "templates/layout.schema.json", "templates/mat.schema.json")
_PACKAGE = Path(__file__).resolve().parent.parent  # the `fuda` package (pipeline/ in a checkout)


def po_path(lang: str) -> Path:
    """The ``.po`` source of the schema hovers in ``lang`` (no English one: it is the source)."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> dict[str, str]:
    """English explanation -> its text in ``lang`` (empty for English, or a language without one)."""
    mo = po_path(lang).with_suffix(".mo")
    if lang == SOURCE_LANGUAGE or not mo.is_file():
        return {}
    with mo.open("rb") as compiled:
        catalog = gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    return {key: text for key, text in catalog.items() if isinstance(key, str) and key and text}


def sources() -> list[Path]:
    """The bundled schema files whose hovers this domain translates (in a checkout or a wheel's
    ``_bundled`` folder, as :mod:`fuda.database.resources` finds them)."""
    for root in (_PACKAGE / "_bundled", _PACKAGE.parent):
        if (root / "schema").is_dir():
            return sorted(path for pattern in SOURCES for path in root.glob(pattern))
    return []


def msgids() -> dict[str, list[str]]:
    """Every explanation of the bundled schemas -> where it is used (``file#pointer``)."""
    found: dict[str, list[str]] = {}
    for path in sources():
        name = f"{path.parent.name}/{path.name}"
        for pointer, text in hovers(json.loads(path.read_text(encoding="utf-8"))):  # the id: the explanation
            found.setdefault(text.partition(SEPARATOR)[2] or text, []).append(f"{name}#{pointer}")
    return found


def explanation(text: str, lang: str) -> str:
    """One explanation (or title) in ``lang``; the English text when it has no translation."""
    return translations(lang).get(text, text)


def description(text: str, lang: str) -> str:
    """A whole description in ``lang``: the label kept, the explanation after it translated."""
    label, sep, rest = text.partition(SEPARATOR)
    return f"{label}{sep}{explanation(rest, lang)}" if sep else explanation(text, lang)


class Explanation(str):
    """A schema's description or explanation carried as a value (a finding's hint): it *is* the English text, and
    shows itself in the user's language like a :class:`fuda.i18n.Text`, cut to ``limit`` characters."""

    limit: int
    full: str

    def __new__(cls, english: str, limit: int = 120):
        self = super().__new__(cls, english[:limit])
        self.limit = limit
        self.full = english
        return self

    def text(self, lang: str | None = None) -> str:
        """The explanation in ``lang`` (default: the current language)."""
        shown = description(self.full, lang or language())
        return shown if len(shown) <= self.limit else shown[: self.limit - 1] + "…"

    def __reduce__(self):  # findings cross process boundaries
        return (Explanation, (self.full, self.limit))


def hovers(node, pointer: str = "") -> Iterator[tuple[str, str]]:
    """Every ``(pointer, text)`` of a schema's descriptions and titles, in document order."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in TEXT_KEYS and isinstance(value, str):
                yield f"{pointer}/{key}", value
            elif key not in DATA_KEYS:
                yield from hovers(value, f"{pointer}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from hovers(value, f"{pointer}/{i}")


def localized(node, lang: str):
    """A copy of a schema with every description and title in ``lang`` (the rest as it was)."""
    if isinstance(node, dict):
        return {key: (description(value, lang) if key in TEXT_KEYS and isinstance(value, str)
                      else value if key in DATA_KEYS else localized(value, lang))
                for key, value in node.items()}
    if isinstance(node, list):
        return [localized(value, lang) for value in node]
    return node


def schema_text(path: Path, lang: str) -> bytes:
    """The bytes of a bundled schema file as written for an editor in ``lang``: the file itself in
    English, else its JSON with the hovers translated (same keys, same order, 2-space indent)."""
    source = Path(path).read_bytes()
    if not translations(lang):
        return source
    schema = localized(json.loads(source), lang)
    return (json.dumps(schema, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
