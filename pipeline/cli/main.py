"""The ``fuda`` command: a thin typer shell over the library functions of the same names.

Exit codes: 0 success, 1 findings (validation or lint failed), 2 usage error.

Start-up is kept short (``fuda --help`` is typed often): help is click's plain layout
(``rich_markup_mode=None``; typer's rich help imports rich.markdown and markdown_it, ~100 ms),
typer is held below 0.29 (which imports pydantic for every parameter), and a command's module — and everything
heavy it needs — is imported only when that command runs or shows its help. :func:`main` looks
at the command line first, registers that one command for real and the others as help-only
entries (name and one line of help, from :data:`COMMANDS`). ``fuda.cli.main.app`` (for tests
and shell completion) is the full app with every command.
"""

from __future__ import annotations

import os
import sys
import warnings
from enum import StrEnum
from importlib import import_module
from typing import Annotated

import typer

from fuda.cli import help as help_page
from fuda.i18n import set_language, t

# name → (module, attribute): a command function, or a typer sub-app (export, import).
COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("fuda.cli.scaffold", "new"),
    "validate": ("fuda.cli.database", "validate"),
    "list": ("fuda.cli.database", "list_cards"),
    "lint": ("fuda.cli.lint", "lint_command"),
    "print": ("fuda.cli.print", "print_command"),
    "mat": ("fuda.cli.print", "mat_command"),
    "export": ("fuda.cli.export", "export_app"),
    "import": ("fuda.cli.export", "import_app"),
    "build": ("fuda.cli.database", "build"),
    "play": ("fuda.cli.play", "play"),
    "match": ("fuda.cli.play", "match"),
    "simulate": ("fuda.cli.play", "simulate"),
    "rules": ("fuda.cli.play", "rules"),
    "test": ("fuda.cli.conformance", "test_command"),
    "images": ("fuda.cli.images", "images"),
    "table": ("fuda.cli.table", "table"),
    "schema": ("fuda.cli.scaffold", "schema"),
}

CONTEXT = {"help_option_names": ["-h", "--help"]}


class Lang(StrEnum):
    ja = "ja"
    en = "en"


def _version(value: bool) -> None:
    if value:
        from fuda.version import __version__

        typer.echo(t("version", version=__version__))
        raise typer.Exit()


def _global_options(
    ctx: typer.Context,
    version: Annotated[bool | None, typer.Option("--version", callback=_version, is_eager=True,
                                                    help=t("opt.version"))] = None,
    lang: Annotated[Lang | None, typer.Option("--lang", help=t("opt.lang"), show_default=False)] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help=t("opt.quiet"))] = False,
) -> None:
    from fuda.cli.common import QUIET

    set_language(lang.value if lang else None)
    QUIET["on"] = quiet
    # The settings last for this run only (tests invoke the app many times in one process).
    ctx.call_on_close(lambda: (QUIET.update(on=True), set_language(None)))


def build_app(only: str | None = None, full: bool = True) -> typer.Typer:
    """The app: every command for real (``full``), or only ``only`` and the rest help-only."""
    app = typer.Typer(name="fuda", help=t("help.app"), no_args_is_help=True, add_completion=True, cls=help_page.Group,
                      pretty_exceptions_enable=False, context_settings=CONTEXT, rich_markup_mode=None)
    app.callback()(_global_options)
    for name, (module, attr) in COMMANDS.items():
        if full or name == only:
            target = getattr(import_module(module), attr)
            if isinstance(target, typer.Typer):
                app.add_typer(target, name=name, help=t(f"help.{name}"), short_help=t(f"help.{name}"))
            else:
                app.command(name, help=t(f"help.{name}"), short_help=t(f"help.{name}"), cls=help_page.Command)(target)
        else:
            app.command(name, help=t(f"help.{name}"), short_help=t(f"help.{name}"), add_help_option=False,
                        cls=help_page.Command)(_help_only)
    return app


def _help_only() -> None:  # never runs: main() registers the command it runs for real
    raise typer.Exit(2)


def _command_in(argv: list[str]) -> str | None:
    """The command named on a command line (the first word that is not a global option)."""
    words = iter(argv)
    for word in words:
        if word == "--lang":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def _globals_first(argv: list[str]) -> list[str]:
    """``fuda validate -q --lang ja`` as ``fuda -q --lang ja validate``: global options may follow
    the command (``play`` keeps its own ``-q``)."""
    name = _command_in(argv)
    if name is None or "--" in argv:
        return argv
    at = argv.index(name)
    front, rest = argv[:at], argv[at:]
    moved, keep = [], []
    words = iter(rest)
    for word in words:
        if word in ("-q", "--quiet") and name != "play":
            moved.append(word)
        elif word == "--lang":
            moved += [word, next(words, "")]
        elif word.startswith("--lang="):
            moved.append(word)
        else:
            keep.append(word)
    return front + moved + keep


def _lang_in(argv: list[str]) -> str | None:
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``fuda`` script."""
    argv = _globals_first(list(sys.argv[1:] if argv is None else argv))
    lang = _lang_in(argv)
    set_language(lang if lang in ("ja", "en") else None)
    warnings.showwarning = _show_warning
    completing = any(key.startswith("_FUDA_COMPLETE") for key in os.environ)
    name = _command_in(argv)
    app = build_app(only=name, full=completing)
    if completing:
        app(args=argv, prog_name="fuda")
        return
    try:
        code = app(args=argv, prog_name="fuda", standalone_mode=False)
    except Exception as exc:  # the parser's usage errors: one line, in the user's language
        if not (hasattr(exc, "format_message") and getattr(exc, "exit_code", None) == 2):
            raise
        set_language(lang if lang in ("ja", "en") else None)  # the run's settings were reset on close
        sys.exit(_usage_error(exc, name))
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """A library's warning as one ``fuda: 警告: …`` line (a broken rule-set plugin), never a
    Python warning with a file name and a source line."""
    from fuda.cli.common import warn_text

    warn_text(message.args[0] if isinstance(message, Warning) and message.args else message)


def _usage_error(exc, command: str | None) -> int:
    from fuda.i18n import language
    from fuda.i18n.findings import translate_usage

    if type(exc).__name__ == "NoArgsIsHelpError":  # `fuda` or `fuda export` alone: the help
        typer.echo(exc.ctx.get_help())
        return 2
    shown = f"fuda {command}" if command in COMMANDS else "fuda"
    message = translate_usage(" ".join(exc.format_message().split()), language())
    typer.echo(f"fuda: {t('word.error')}: {message}{t('usage.try', command=shown)}", err=True)
    return 2


def __getattr__(name: str):
    if name == "app":
        app = build_app()
        globals()["app"] = app
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
