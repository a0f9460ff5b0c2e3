"""Which database a command means when it is given no path: found from a folder upward.

Like git and ruff find their root, fuda walks from the working folder up to the file-system
root and takes the nearest folder that is a **game** (it holds ``game.yaml``) or a **database**
(it holds game folders). A folder with a ``cards/`` database inside counts as that database,
so running fuda in a checkout (or a project folder laid out like one) finds ``cards/``. The
bundled sample is never found this way; it is used only when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

MANIFEST = "game.yaml"


@dataclass(frozen=True)
class Root:
    """A found database or game folder: ``kind`` is ``"game"`` or ``"database"``."""

    path: Path
    kind: str

    @property
    def out(self) -> Path:
        """The default output folder: ``out/`` beside the database (never inside card sources)."""
        return self.path.parent / "out"


def is_game(folder: Path) -> bool:
    """Whether ``folder`` is a game folder (it holds ``game.yaml``)."""
    return (folder / MANIFEST).is_file()


def is_database(folder: Path) -> bool:
    """Whether ``folder`` holds at least one game folder."""
    try:
        return any(p.is_dir() and is_game(p) for p in folder.iterdir())
    except OSError:
        return False


def root_of(folder: Path) -> Root | None:
    """``folder`` as a game or database root (or its ``cards/`` database), else None."""
    if is_game(folder):
        return Root(folder, "game")
    if is_database(folder):
        return Root(folder, "database")
    if is_database(folder / "cards"):
        return Root(folder / "cards", "database")
    return None


def find_root(start: Path | None = None) -> Root | None:
    """The nearest game or database at or above ``start`` (default: the working folder)."""
    here = Path(start or Path.cwd()).absolute()
    for folder in (here, *here.parents):
        found = root_of(folder)
        if found is not None:
            return found
    return None


def root_for(paths) -> Root | None:
    """The root the first of ``paths`` lies in (for the default output folder), else None."""
    for raw in paths or ():
        path = Path(raw).absolute()
        found = find_root(path if path.is_dir() else path.parent)
        if found is not None:
            return found
    return None
