"""Atomic output: a file appears complete or not at all.

Every output fuda writes (PDFs, ZIPs, reports) goes through here, so a failed run never leaves a
half-written file where a good one was: data goes to a temporary file in the same folder, which
replaces the target only after it was fully written and flushed.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path


@contextlib.contextmanager
def atomic_path(target: Path):
    """Yield a temporary path beside ``target``; on success it replaces ``target``."""
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    try:
        yield Path(tmp)
        with open(tmp, "rb+") as fh:
            os.fsync(fh.fileno())
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
