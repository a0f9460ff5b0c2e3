"""Where the bundled schema/, cards/ and templates/ folders are.

In a checkout they sit beside the packages; in an installed wheel they are shipped inside the
``fuda`` package as ``fuda/_bundled/<name>`` (see ``pyproject.toml``). Either way the
answer does not depend on the working directory.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent  # the `fuda` package (pipeline/ in a checkout)


@cache
def bundled(name: str) -> Path:
    """The folder ``schema``, ``cards`` or ``templates`` that ships with fuda."""
    if name not in ("schema", "cards", "templates"):
        raise ValueError(f"no bundled folder named {name!r}")
    for candidate in (_HERE / "_bundled" / name, _HERE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"fuda's bundled {name}/ folder is missing; reinstall fuda")


def schema_dir() -> Path:
    """The bundled JSON Schemas."""
    return bundled("schema")


def cards_dir() -> Path:
    """The bundled sample card database."""
    return bundled("cards")


def templates_dir() -> Path:
    """The bundled layouts, mats, fonts and export templates."""
    return bundled("templates")
