"""Messages in the user's language (Japanese first, English second).

Every sentence fuda prints to a user lives in the message catalogues (:mod:`fuda.i18n.catalogue`:
gettext ``.po`` sources, help texts, usage errors, progress and result lines) or :mod:`fuda.i18n.findings` (what the findings of the
database layer mean), each entry in both languages; a test fails when one is missing.

The language follows the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``: ``ja…`` → Japanese,
anything else → English); ``fuda --lang ja|en`` (or :func:`set_language`) overrides it. Finding
codes never change with the language. This package is the lowest layer: it imports nothing of
fuda's, so the database layer can render its findings with it.
"""

from __future__ import annotations

import os

from fuda.i18n.catalogue import Messages, load

LANGUAGES = ("ja", "en")
MESSAGES = Messages(LANGUAGES)
_chosen: str | None = None


def locale_language(environ=None) -> str:
    """The language the environment asks for: ``ja`` for a Japanese locale, else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            return "ja" if value.lower().startswith("ja") else "en"
    return "en"


def set_language(lang: str | None) -> None:
    """Use ``lang`` (``ja`` or ``en``) from now on; ``None`` goes back to the locale."""
    if lang is not None and lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (ja or en)")
    global _chosen
    _chosen = lang


def language() -> str:
    """The language messages are shown in now."""
    return _chosen or locale_language()


def t(key: str, lang: str | None = None, **params) -> str:
    """The message ``key`` in ``lang`` (default: the current language), filled with ``params``."""
    lang = lang or language()
    return load(lang)[key].format(**_values(params, lang))


class Text(str):
    """A message of the table carried as a value (``raise PrintOptionError(Text("err.paper", …))``).

    It *is* its English text — ``str(exc)``, logs and tests read the library's English — and it
    keeps its key and values, so the command line shows it in the user's language
    (:func:`localize`). Values that are themselves :class:`Text` (or exceptions carrying one)
    are shown in the same language.
    """

    key: str
    params: dict

    def __new__(cls, key: str, **params):
        self = super().__new__(cls, t(key, "en", **params))
        self.key = key
        self.params = params
        return self

    def text(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        return t(self.key, lang, **self.params)

    def __reduce__(self):  # exceptions cross process boundaries (simulate --jobs)
        return (_text, (self.key, self.params))


def _text(key, params):
    return Text(key, **params)


def _values(params: dict, lang: str | None) -> dict:
    return {k: localize(v, lang) if isinstance(v, (Text, BaseException)) else v for k, v in params.items()}


def localize(value, lang: str | None = None) -> str:
    """What a user reads for ``value``: a :class:`Text` (or an exception whose first argument is
    one) in ``lang``; a ``KeyError`` by its message rather than its repr; anything else as ``str``."""
    if isinstance(value, Text):
        return value.text(lang)
    if isinstance(value, OSError) and value.errno is not None:
        import errno

        key = f"os.{errno.errorcode.get(value.errno, '')}"
        if key in MESSAGES:
            where = value.filename if value.filename is not None else ""
            return t(key, lang, path=where).removeprefix(": ")
    if isinstance(value, BaseException) and value.args:
        first = value.args[0]
        if isinstance(first, Text):
            return first.text(lang)
        if isinstance(value, KeyError) and isinstance(first, str):
            return first
    return str(value)


def severity_word(severity: str, lang: str | None = None) -> str:
    """``error``/``warning``/``info`` as shown in a finding line."""
    return t(f"severity.{severity}", lang) if f"severity.{severity}" in MESSAGES else severity


def render_finding(finding, lang: str | None = None) -> str:
    """The one-line form of a finding in ``lang``: ``path:line:col: error[CODE]: message; hint (card id)``."""
    from fuda.i18n.findings import translate

    lang = lang or language()
    message, hint = finding.message, finding.hint
    if lang != "en":
        message, hint = translate(finding.code, message, lang), (translate(None, hint, lang) if hint else hint)
    text = f"{finding.location}: {severity_word(finding.severity, lang)}[{finding.code}]: {message}"
    if hint:
        sep = t("finding.hint_sep", lang)
        text += ("" if sep == "。" and text.endswith(("。", "？", "！")) else sep) + hint  # never 「？。」
    if finding.card:
        text += t("finding.card", lang, card=finding.card)
    return " ".join(text.split())


__all__ = [
    "LANGUAGES",
    "Text",
    "catalogue_problems",
    "language",
    "locale_language",
    "localize",
    "render_finding",
    "set_language",
    "severity_word",
    "t",
]


def catalogue_problems(messages=None) -> list[str]:
    """Entries of a message table that lack a language or whose languages disagree on ``{placeholders}``."""
    import string

    problems = []
    for key, entry in (MESSAGES if messages is None else messages).items():
        missing = [lang for lang in LANGUAGES if not (entry.get(lang) or "").strip()]
        if missing:
            problems.append(f"{key}: no {'/'.join(missing)} text")
            continue
        slots = {lang: {f for _, f, _, _ in string.Formatter().parse(entry[lang]) if f} for lang in LANGUAGES}
        if len({frozenset(s) for s in slots.values()}) > 1:
            problems.append(f"{key}: placeholders differ {slots}")
    return problems
