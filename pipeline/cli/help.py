"""Help pages in the user's language, the framework's own words included.

fuda's help texts come from the catalogues, but the frame around them is typer's and click's:
``Usage:``, ``[OPTIONS]``, the headings ``Options`` / ``Arguments`` / ``Commands``, ``[default: …]``,
``[required]``, the ``--help`` option's own line and the completion options' lines — English
strings built inside those libraries. The command classes here (given to typer as ``cls=``) put
each of them into the current language from the catalogue (``click.*`` keys) as the page is
written; in English they read as before.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from typer.core import TyperCommand, TyperGroup

from fuda.i18n import language, t

try:  # typer 0.27-0.28 vendor click as typer._click
    from typer._click import Context, HelpFormatter
except ImportError:  # pragma: no cover - a typer that uses click itself
    from click import Context, HelpFormatter  # type: ignore[no-redef]

# the libraries' sentences, as they write them → catalogue keys
_SENTENCES = {
    "Show this message and exit.": "click.help",
    "Install completion for the current shell.": "click.install_completion",
    "Show completion for the current shell, to copy it or customize the installation.": "click.show_completion",
    "Install completion for the specified shell.": "click.install_completion_for",
    "Show completion for the specified shell, to copy it or customize the installation.": "click.show_completion_for",
}
_HEADINGS = {"Options": "click.options", "Arguments": "click.arguments", "Commands": "click.commands"}
_USAGE_WORDS = {"[OPTIONS]": "click.options_metavar", "COMMAND": "click.command_metavar", "[ARGS]...": "click.args_metavar"}
_EXTRA = re.compile(r"\[(?P<body>(?:default: [^\]]*|required)(?:; (?:default: [^\]]*|required))*)\]\s*\Z")


def _extra(body: str) -> str:
    parts = []
    for part in body.split("; "):
        if part == "required":
            parts.append(t("click.required"))
        else:
            parts.append(t("click.default", default=part.removeprefix("default: ")))
    return t("click.extra", parts=t("click.extra_sep").join(parts))


def translated(text: str) -> str:
    """One help text of a definition list in the current language: the libraries' sentences
    and the ``[default: …]`` / ``[required]`` note at its end (fuda's own text is already)."""
    if language() == "en":
        return text
    for english, key in _SENTENCES.items():
        if text.startswith(english):
            text = t(key) + text[len(english):]
    return _EXTRA.sub(lambda m: _extra(m.group("body")), text)


class Formatter(HelpFormatter):
    """click's help formatter, writing its frame in the current language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        if language() != "en":
            args = " ".join(t(_USAGE_WORDS[word]) if word in _USAGE_WORDS else word for word in args.split(" "))
        super().write_usage(prog, args, prefix=t("click.usage") + " ")

    def write_heading(self, heading: str) -> None:
        super().write_heading(t(_HEADINGS[heading]) if heading in _HEADINGS else heading)

    def write_dl(self, rows: Sequence[tuple[str, str]], col_max: int = 30, col_spacing: int = 2) -> None:
        super().write_dl([(term, translated(text)) for term, text in rows], col_max, col_spacing)


class HelpContext(Context):
    """A context whose help pages use :class:`Formatter`."""

    formatter_class = Formatter


class Command(TyperCommand):
    """A typer command whose help page speaks the user's language."""

    context_class = HelpContext


class Group(TyperGroup):
    """A typer group (the app, ``fuda export``) whose help page speaks the user's language."""

    context_class = HelpContext
