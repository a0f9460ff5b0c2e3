"""Which files in an output folder fuda wrote: the output manifest, and writing without harm.

fuda never deletes or overwrites a file it did not write. Every folder fuda writes into gets a
manifest, ``.fuda-outputs.json``: a JSON object ``{"fuda-outputs": 1, "files": {PATH: {"by":
COMMAND, "sha256": HEX, "size": BYTES}}}`` with PATH relative to the folder, ``/``-separated,
and ``by`` the command that wrote it (``build``, ``print`` …). A file is **fuda's** when a
manifest in its folder or a folder above it (up to the output folder) lists it with the same
size and SHA-256; a file listed but changed since (a user's edit) is the user's again.

- :func:`publish` (``fuda build``, ``fuda images``) moves a staged tree into place file by file.
  Any path it would write that holds a file not fuda's is refused before anything moves. The move
  phase first writes a manifest listing old and new files (``pending``), so an interruption at
  any point leaves every file fuda placed listed; then each file is moved with one rename (a file
  whose bytes equal the one fuda placed there before stays untouched, not moved); then
  (``prune``, a build) files the previous build listed and this one did not write are removed,
  if unchanged, with the folders that became empty; last, the final manifest. Ctrl-C during the
  move phase is held until it ends; a build stopped while it stages leaves the folder untouched.
- :func:`check_folder`: a build refuses an output folder holding files not fuda's and no manifest
  (``--force`` writes beside them; they are still never deleted or overwritten).
- :func:`claim` / :func:`record`: a single-file command (``print``, ``export`` …) refuses a target
  that exists and is not fuda's (``--force`` overwrites that one named file), and records the file
  in its folder's manifest once written. Manifest updates are not locked against another fuda
  writing the same folder at the same moment.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import shutil
import signal
import threading
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from fuda.atomic import current_umask, write_atomic
from fuda.i18n import Text

MANIFEST = ".fuda-outputs.json"
FORMAT = 1


class OutputError(Exception):
    """An output fuda refuses to write (a file it did not write is in the way); ``args[0]`` is a
    :class:`~fuda.i18n.Text` naming the path."""


@dataclass(frozen=True)
class Entry:
    """One file fuda wrote: its size, SHA-256, and the command that wrote it."""

    size: int
    sha256: str
    by: str

    def matches(self, path: Path, digests: dict | None = None) -> bool:
        """Whether the file at ``path`` still holds what fuda wrote (``digests``: the SHA-256s
        already read in this run, by path; filled as files are read)."""
        try:
            if path.is_symlink() or not path.is_file() or path.stat().st_size != self.size:
                return False
            if digests is None:
                return digest(path) == self.sha256
            if path not in digests:
                digests[path] = digest(path)
            return digests[path] == self.sha256
        except OSError:
            return False


@dataclass(frozen=True)
class Manifest:
    """The files fuda wrote into one folder (``files``), and the ones a move phase was placing
    when it stopped (``pending``: each may hold the old or the new content)."""

    files: Mapping[str, Entry] = field(default_factory=dict)
    pending: Mapping[str, Entry] = field(default_factory=dict)

    def owns(self, rel: str, path: Path, digests: dict | None = None) -> bool:
        """Whether the file at ``path`` (``rel`` in this manifest's folder) is fuda's."""
        return any(rel in table and table[rel].matches(path, digests) for table in (self.files, self.pending))


def digest(path: Path) -> str:
    """The SHA-256 of the file at ``path``, in hex."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def entry_for(path: Path, by: str) -> Entry:
    """The manifest entry of the file at ``path`` as it is now."""
    return Entry(path.stat().st_size, digest(path), by)


def read_manifest(folder: Path) -> Manifest | None:
    """The manifest of ``folder``, or None when it has none. A manifest fuda cannot read raises
    OutputError (what is fuda's there is unknown)."""
    path = Path(folder) / MANIFEST
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("fuda-outputs") != FORMAT:
            raise ValueError("format")
        tables = [{_inside(k): Entry(int(v["size"]), str(v["sha256"]), str(v["by"])) for k, v in data.get(t, {}).items()}
                  for t in ("files", "pending")]
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        raise OutputError(Text("out.bad_manifest", path=path)) from None
    return Manifest(*tables)


def _inside(rel) -> str:
    """``rel`` when it names a path inside the folder (a manifest never reaches out of it)."""
    parts = PurePosixPath(rel).parts
    if not isinstance(rel, str) or not parts or rel.startswith("/") or "\\" in rel or ".." in parts:
        raise ValueError(rel)
    return rel


def write_manifest(folder: Path, manifest: Manifest) -> Path:
    """Write ``manifest`` into ``folder`` (atomically; sorted, so the same files give the same bytes)."""
    def table(name, entries):  # one line per file, so the record reads (and diffs) line by line
        rows = [f"  {json.dumps(k, ensure_ascii=False)}: "
                + json.dumps({"by": e.by, "sha256": e.sha256, "size": e.size}) for k, e in sorted(entries.items())]
        return f' "{name}": {{' + ("\n" + ",\n".join(rows) + "\n " if rows else "") + "}"

    parts = [f' "fuda-outputs": {FORMAT}', table("files", manifest.files)]
    if manifest.pending:
        parts.append(table("pending", manifest.pending))
    return write_atomic(Path(folder) / MANIFEST, "{\n" + ",\n".join(parts) + "\n}\n")


class _Owners:
    """Ownership of files under ``top``, reading each folder's manifest once."""

    def __init__(self, top: Path, force: bool = False):
        self.top, self.force, self._seen = Path(top), force, {}
        self.digests: dict = {}  # path -> SHA-256 of the files read so far (each is read once)

    def manifest(self, folder: Path) -> Manifest | None:
        if folder not in self._seen:
            try:
                self._seen[folder] = read_manifest(folder)
            except OutputError:
                if not self.force:
                    raise
                self._seen[folder] = None  # with --force an unreadable manifest owns nothing
        return self._seen[folder]

    def owns(self, path: Path) -> bool:
        """Whether ``path`` is fuda's: a manifest itself, or listed unchanged by one in its folder or above (to top)."""
        if path.name == MANIFEST and not path.is_symlink():
            return True
        folder = path.parent
        while True:
            found = self.manifest(folder)
            if found is not None and found.owns(path.relative_to(folder).as_posix(), path, self.digests):
                return True
            if folder == self.top or self.top not in folder.parents:
                return False
            folder = folder.parent


def foreign_files(folder: Path) -> Iterator[Path]:
    """Files (and links) under ``folder`` that fuda did not write, in name order, as they are
    found (the first answers whether there is any, without walking a whole home folder)."""
    folder = Path(folder)
    owners = _Owners(folder, force=True)
    for here, dirs, files in os.walk(folder):
        dirs.sort()
        links = [d for d in dirs if Path(here, d).is_symlink()]
        for name in sorted(files + links):
            path = Path(here) / name
            if not owners.owns(path):
                yield path


def check_folder(out: Path, force: bool = False) -> None:
    """Refuse (OutputError) an output folder fuda cannot own: a file, or a folder holding files
    fuda did not write and no manifest (unless ``force``). Empty or missing folders are fine."""
    out = Path(out)
    if out.exists() and not out.is_dir():  # a link to a folder is that folder
        raise OutputError(Text("out.not_a_folder", path=out))
    if not out.exists():
        return
    if (out / MANIFEST).exists():
        read_manifest(out) if not force else None  # an unreadable one is refused here, not after staging
        return
    first = None if force else next(foreign_files(out), None)
    if first is not None:
        raise OutputError(Text("out.foreign_folder", path=out, file=first))


def publish(stage: Path, out: Path, by: str = "build", *, prune: bool = True, force: bool = False,
            overwrite: bool | None = None, sync=None) -> list[Path]:
    """Move every file under ``stage`` into ``out`` (see the module docstring); returns the files
    in ``out``. Refuses (OutputError, nothing moved) when a path to write holds a file not fuda's
    (``overwrite`` True: the user named these outputs, ``fuda images --force``; None: never, not
    even with ``--force``, as ``fuda build``), or a folder or
    link where a file or folder goes. ``force`` (``fuda build --force``): an unreadable manifest
    owns nothing instead of stopping the build.

    A staged file whose bytes equal the file already in place, which the manifest lists as
    fuda's and which still holds what it lists, is not moved: the file in place stays as it is
    (a ``--watch`` rebuild leaves the outputs of the games that did not change untouched).
    ``sync(paths)``, when given, is called with the staged files that will move, before any
    moves (``fuda build`` flushes them to disk there, and only them)."""
    stage, out = Path(stage), Path(out)
    rels = sorted(p.relative_to(stage).as_posix() for p in stage.rglob("*") if p.is_file())
    owners = _Owners(out, force)
    old = (owners.manifest(out) if out.is_dir() else None) or Manifest()
    for rel in rels:
        _check_target(out, rel, owners, overwrite)
    kept = _settled(out, old)
    new = {rel: entry_for(stage / rel, by) for rel in rels}
    stale = [rel for rel, e in kept.items() if prune and e.by == by and rel not in new]
    moving = [rel for rel in rels if not _in_place(out, rel, kept.get(rel), new[rel], owners.digests)]
    if sync is not None:
        sync([stage / rel for rel in moving])
    with _interrupts_held():
        out.mkdir(parents=True, exist_ok=True)
        write_manifest(out, Manifest(kept, new))
        for rel in moving:
            target = out / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            _move(stage / rel, target)
        for rel in stale:
            _remove_own(out, rel, kept.pop(rel))
        kept.update(new)
        write_manifest(out, Manifest(kept))
    return [out / rel for rel in rels]


def _in_place(out: Path, rel: str, listed: Entry | None, staged: Entry, digests: dict) -> bool:
    """Whether ``out/rel`` already holds the staged bytes (``staged``) and is fuda's: listed
    (``listed``) with that size and SHA-256, and still holding it, reached through no link."""
    if listed is None or (listed.size, listed.sha256) != (staged.size, staged.sha256):
        return False
    return not _through_link(out, rel) and listed.matches(out / rel, digests)


def _move(src: Path, target: Path) -> None:
    """Put ``src`` at ``target`` with one rename; across file systems (an output folder that is a
    mount point), by a copy beside ``target`` renamed over it."""
    try:
        os.replace(src, target)
    except OSError as exc:
        if exc.errno != errno.EXDEV:
            raise
        tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            shutil.copyfile(src, tmp)
            os.chmod(tmp, 0o666 & ~current_umask())
            os.replace(tmp, target)
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)


def _settled(out: Path, old: Manifest) -> dict[str, Entry]:
    """``old.files``, with each file an interrupted move phase left ``pending`` entered as what
    the file holds now (the old content or the new), less the files gone since."""
    files = dict(old.files)
    for rel, entry in old.pending.items():
        if rel not in files or entry.matches(out / rel):
            files[rel] = entry
    return {rel: entry for rel, entry in files.items() if os.path.lexists(out / rel)}


def _check_target(out: Path, rel: str, owners: _Owners, overwrite: bool | None = None) -> None:
    target = out / rel
    folder = out
    for part in Path(rel).parts[:-1]:  # every folder on the way must be a real folder, not a link
        folder = folder / part
        if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
            raise OutputError(Text("out.not_a_folder", path=folder))
    if target.is_symlink() or target.is_dir():
        raise OutputError(Text("out.foreign_file", path=target))
    if target.exists() and not overwrite and not owners.owns(target):
        raise OutputError(Text("out.foreign_file" if overwrite is None else "out.foreign_single", path=target))


def _remove_own(out: Path, rel: str, entry: Entry) -> None:
    """Remove ``out/rel`` if it still holds what fuda wrote, then the folders it leaves empty."""
    path = out / rel
    if _through_link(out, rel) or not entry.matches(path):
        return  # changed, gone, or reached through a link since: not fuda's to remove
    path.unlink()
    folder = path.parent
    while folder != out:
        try:
            folder.rmdir()  # only an empty folder goes
        except OSError:
            return
        folder = folder.parent


def _through_link(out: Path, rel: str) -> bool:
    folder = out
    for part in Path(rel).parts[:-1]:
        folder = folder / part
        if folder.is_symlink():
            return True
    return False


@contextlib.contextmanager
def _interrupts_held():
    """Hold Ctrl-C (SIGINT) until the block ends, then raise it; outside the main thread (where
    no handler can be set) the block just runs."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []
    previous = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt


def claim(target: Path, force: bool = False) -> None:
    """Refuse (OutputError) to write ``target`` when a file not fuda's is there, unless ``force``."""
    target = Path(target)
    if target.is_dir() and not target.is_symlink():
        raise OutputError(Text("out.is_folder", path=target))
    if force or not (target.exists() or target.is_symlink()):
        return
    if not _Owners(target.parent).owns(target):
        raise OutputError(Text("out.foreign_single", path=target))


def record(target: Path, by: str) -> None:
    """List the file fuda just wrote at ``target`` in its folder's manifest."""
    target = Path(target)
    try:
        old = read_manifest(target.parent) or Manifest()
    except OutputError:
        old = Manifest()  # unreadable: start a new one rather than fail after the file was written
    files = dict(old.files)
    files[target.name] = entry_for(target, by)
    write_manifest(target.parent, Manifest(files, old.pending))
