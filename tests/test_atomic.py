"""Atomic outputs: flushed one by one, or once at the end of a staged build."""

from __future__ import annotations

import os

from fuda.atomic import flush, flush_later, write_atomic


def test_each_file_is_flushed_unless_the_flush_is_left_for_later(tmp_path, monkeypatch):
    """write_atomic flushes each file; inside flush_later nothing is flushed until flush()."""
    synced = []
    real = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real(fd))
    write_atomic(tmp_path / "a.txt", "a")
    assert len(synced) == 1
    with flush_later() as written:
        write_atomic(tmp_path / "b.txt", "b")
        write_atomic(tmp_path / "c.txt", "c")
    assert len(synced) == 1 and written == [tmp_path / "b.txt", tmp_path / "c.txt"]
    flush(written)
    assert len(synced) == 3
    assert (tmp_path / "c.txt").read_text() == "c"
    write_atomic(tmp_path / "d.txt", "d")  # after the block: flushed again one by one
    assert len(synced) == 4
