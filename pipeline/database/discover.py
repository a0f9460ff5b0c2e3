"""Which database a command means when it is given no path: found from a folder upward.

Like git and ruff find their root, fuda walks from the working folder upward and takes the
nearest folder a marker makes a root:

- a **game** folder: it holds ``game.yaml``;
- a folder holding ``fuda.toml`` (a root marker; an empty file is enough, fuda reads nothing from
  it yet): a **database** of the game folders in it, or of its ``cards/`` folder when that holds
  game folders;
- a folder whose ``cards/`` holds game folders (a checkout, or a project laid out like one):
  the database ``cards/``.

A folder that merely holds game folders is not a database when found upward (the home folder
holding ``~/my-game`` must not become one), but it is when given explicitly as a PATH
(``fuda validate cards/``). The walk stops at the home folder (looked at, nothing above it) and
at the file-system root. The bundled sample is never found this way; it is used only when asked
for.

Outputs (:attr:`Root.out`) never go inside a game folder, and each game gets a folder of its own:

- a database's go to ``out/`` in its folder, or in the project folder holding it when the
  database is a ``cards/`` folder (a checkout's ``out/``);
- a game's go to ``out/<game folder name>/`` in the folder holding the game (the folder where
  its database's ``out/`` is), so two games side by side never share an output folder.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MANIFEST = "game.yaml"
MARKER = "fuda.toml"
CARDS = "cards"


@dataclass(frozen=True)
class Root:
    """A found database or game folder: ``kind`` is ``"game"`` or ``"database"``."""

    path: Path
    kind: str

    @property
    def out(self) -> Path:
        """The default output folder (see the module docstring): never inside a game folder,
        never shared by two games, never above the home folder."""
        if self.kind == "game":
            if _is_home(self.path):  # a game in the home folder itself: nothing is written above home
                return self.path / "out"
            return _project(self.path.parent) / "out" / self.path.name
        return _project(self.path) / "out"


def _project(database: Path) -> Path:
    """The folder whose ``out/`` holds a database's outputs: its own, or for a ``cards/`` folder
    the project folder holding it."""
    return database.parent if database.name == CARDS and not _is_home(database) else database


def _home() -> Path | None:
    try:
        return Path.home().resolve()
    except (RuntimeError, KeyError, OSError):  # no home folder known
        return None


def _is_home(folder: Path) -> bool:
    home = _home()
    return home is not None and Path(folder).resolve() == home


def is_game(folder: Path) -> bool:
    """Whether ``folder`` is a game folder (it holds ``game.yaml``)."""
    return (folder / MANIFEST).is_file()


def is_database(folder: Path) -> bool:
    """Whether ``folder`` holds at least one game folder."""
    try:
        return any(p.is_dir() and is_game(p) for p in folder.iterdir())
    except OSError:
        return False


def marked_root(folder: Path) -> Root | None:
    """``folder`` as a root a marker makes (a game, ``fuda.toml``, a ``cards/`` of games), else None."""
    if is_game(folder):
        return Root(folder, "game")
    if (folder / MARKER).is_file():
        cards = folder / CARDS
        return Root(cards, "database") if is_database(cards) else Root(folder, "database")
    if is_database(folder / CARDS):
        return Root(folder / CARDS, "database")
    return None


def root_of(folder: Path) -> Root | None:
    """``folder`` named explicitly: a marked root, or a folder holding game folders, else None."""
    found = marked_root(folder)
    if found is None and is_database(folder):
        found = Root(folder, "database")
    return found


def find_root(start: Path | None = None) -> Root | None:
    """The nearest marked root at or above ``start`` (default: the working folder), looking no
    higher than the home folder when ``start`` is inside it."""
    here = Path(start or Path.cwd()).absolute()
    home = _home()
    for folder in (here, *here.parents):
        found = marked_root(folder)
        if found is not None:
            return found
        if home is not None and folder.resolve() == home:
            return None
    return None


def root_for(paths) -> Root | None:
    """The root the first of ``paths`` names or lies in (for the default output folder), else None."""
    for raw in paths or ():
        path = Path(raw).absolute()
        folder = path if path.is_dir() else path.parent
        found = root_of(folder) or find_root(folder)
        if found is not None:
            return found
    return None
