"""The gettext message catalogues: sources and compiled files agree, both languages complete."""

from __future__ import annotations

import string

from babel.messages.pofile import read_po

from fuda.i18n import MESSAGES, t
from fuda.i18n.catalogue import LANGUAGES, po_path
from fuda.i18n.compile import stale


def _catalog(lang):
    with po_path(lang).open("rb") as source:
        return read_po(source, locale=lang, abort_invalid=True)


def test_compiled_catalogues_are_current():
    """Each fuda.mo is the compilation of its fuda.po (run `python -m fuda.i18n.compile` after an edit)."""
    assert stale() == []


def test_both_languages_have_the_same_keys():
    """Every message id of the Japanese catalogue is in the English one and the other way round."""
    keys = {lang: {m.id for m in _catalog(lang) if m.id} for lang in LANGUAGES}
    assert keys["ja"] - keys["en"] == set() and keys["en"] - keys["ja"] == set()


def test_no_entry_is_fuzzy_or_empty():
    """No message is marked fuzzy (gettext would skip it) or left without a text."""
    for lang in LANGUAGES:
        bad = [m.id for m in _catalog(lang) if m.id and (m.fuzzy or not m.string)]
        assert bad == [], (lang, bad[:5])


def test_placeholders_agree_across_languages():
    """A message's {placeholders} are the same in Japanese and English."""
    def slots(text):
        return {field for _, field, _, _ in string.Formatter().parse(text) if field}

    differ = [key for key, entry in MESSAGES.items() if slots(entry["ja"]) != slots(entry["en"])]
    assert differ == []


def test_messages_come_from_the_catalogues():
    """What t() returns is the catalogue's text in the language asked for."""
    ja, en = ({m.id: m.string for m in _catalog(lang)} for lang in LANGUAGES)
    assert t("severity.error", "ja") == ja["severity.error"] == "エラー"
    assert t("severity.error", "en") == en["severity.error"] == "error"
    assert MESSAGES["help.build"]["ja"] == ja["help.build"]
