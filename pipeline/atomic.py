"""Atomic output: a file appears complete or not at all.

Every output fuda writes (PDFs, ZIPs, reports) goes through here, so a failed run never leaves a
half-written file where a good one was: data goes to a temporary file in the same folder, which
replaces the target only after it was fully written and flushed. The file gets the permissions
any new file gets (0666 less the umask, so 0644 under the usual umask 022), not the 0600 of a
private temporary file.
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import tempfile
from pathlib import Path

#: files written inside :func:`flush_later`, whose flush to disk is left to :func:`flush`
_DEFERRED: contextvars.ContextVar[list | None] = contextvars.ContextVar("fuda_atomic_deferred", default=None)


def current_umask() -> int:
    """The process umask (the permissions a new file does not get)."""
    mask = os.umask(0)  # the only portable way to read it; set straight back
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_path(target: Path, replace: bool = True):
    """Yield a temporary path beside ``target``; on success it becomes ``target``.

    With ``replace=False`` an existing ``target`` is never overwritten (``FileExistsError``).
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        deferred = _DEFERRED.get()
        if deferred is None:
            with open(tmp, "rb+") as fh:
                os.fsync(fh.fileno())
        os.chmod(tmp, 0o666 & ~current_umask())
        if deferred is not None:
            deferred.append(target)
        if replace:
            os.replace(tmp, target)
        else:
            try:
                os.link(tmp, target)  # fails if target exists: no window where it could be overwritten
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links
                if target.exists():
                    raise FileExistsError(str(target)) from None
                os.replace(tmp, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)


def write_atomic(target: Path, data: bytes | str) -> Path:
    """Write ``data`` (text is UTF-8) to ``target`` atomically and return ``target``."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    with atomic_path(target) as tmp:
        tmp.write_bytes(data)
    return Path(target)


def write_new(target: Path, data: bytes | str) -> Path:
    """Like :func:`write_atomic`, but raise ``FileExistsError`` rather than replace a file."""
    if isinstance(data, str):
        data = data.encode("utf-8")
    with atomic_path(target, replace=False) as tmp:
        tmp.write_bytes(data)
    return Path(target)


@contextlib.contextmanager
def flush_later():
    """Within this block, files are not flushed to disk one by one: their paths are collected in
    the list it yields, for one :func:`flush` at the end. For a staging folder whose files move
    into place only once everything succeeded (``fuda build``), where a flush per file (thousands
    of gallery images) cost a disk wait each."""
    written: list[Path] = []
    token = _DEFERRED.set(written)
    try:
        yield written
    finally:
        _DEFERRED.reset(token)


def defer(paths) -> None:
    """Files another process wrote inside this :func:`flush_later` block (the gallery's worker,
    which flushes none itself there): collected with this process's own for the one
    :func:`flush`. Nothing outside such a block (that process flushed each of its files)."""
    deferred = _DEFERRED.get()
    if deferred is not None:
        deferred.extend(Path(p) for p in paths)


def flush(paths) -> None:
    """Flush the files at ``paths`` to disk (those :func:`flush_later` collected)."""
    for path in paths:
        with contextlib.suppress(FileNotFoundError):
            fd = os.open(path, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
