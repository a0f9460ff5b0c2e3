"""The message catalogues: every sentence fuda shows, one gettext catalogue per language.

The sources are ``locale/<lang>/LC_MESSAGES/fuda.po`` beside this module, one per language
(``ja``, ``en``), edited by hand or in a PO editor (Poedit, Weblate). Beside each is its compiled
``fuda.mo``, which is what fuda reads, with the standard library's :mod:`gettext` — no dependency
at run time. ``python -m fuda.i18n.compile`` rebuilds the ``.mo`` files after an edit (it needs
Babel, in the ``test`` extra); a test fails when one is stale.

A message id is a key (``area.name``: ``help.build``, ``err.paper``), not English text: the two
languages are equals, Japanese is shown first, and a key survives rewording either side. The
``{placeholders}`` of a message are the same in both languages (a test checks that).
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Iterator, Mapping
from pathlib import Path

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "fuda"
LANGUAGES = ("ja", "en")


class _Compiled(gettext.GNUTranslations):
    """One language's compiled catalogue, whose messages can also be listed."""

    _catalog: dict  # set by GNUTranslations._parse (not in typeshed's stub)

    def messages(self) -> dict[str, str]:
        # (the catalogue's header is the entry with the empty id; fuda has no plural entries)
        return {key: text for key, text in self._catalog.items() if isinstance(key, str) and key}


def po_path(lang: str) -> Path:
    """The ``.po`` source of ``lang``'s catalogue."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def load(lang: str) -> dict[str, str]:
    """Every message of ``lang``'s compiled catalogue, by key (read once per process)."""
    # (read directly: gettext.translation() would search by locale names, importing locale)
    with po_path(lang).with_suffix(".mo").open("rb") as compiled:
        return _Compiled(compiled).messages()


class Messages(Mapping[str, Mapping[str, str]]):
    """Every message in both languages: ``MESSAGES[key]["ja"]``; read-only, read on first use.

    A key that one language lacks reads as an empty text there (:func:`fuda.i18n.catalogue_problems`
    reports it)."""

    def __init__(self, languages: tuple[str, ...] = LANGUAGES):
        self._languages = languages
        self._entries: dict[str, dict[str, str]] | None = None

    def _all(self) -> dict[str, dict[str, str]]:
        if self._entries is None:
            by_language = {lang: load(lang) for lang in self._languages}
            keys = sorted(set().union(*(texts.keys() for texts in by_language.values())))
            self._entries = {key: {lang: texts.get(key, "") for lang, texts in by_language.items()} for key in keys}
        return self._entries

    def __getitem__(self, key: str) -> Mapping[str, str]:
        return self._all()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __contains__(self, key: object) -> bool:
        return key in self._all()
