"""`fuda table` without --deck chooses decks the way `fuda play` does."""

from __future__ import annotations

import pytest

from fuda.cli.main import main


def _served(monkeypatch, argv):
    import fuda.table.server as server

    served = []
    monkeypatch.setattr(server, "serve", lambda table, *a, **kw: served.append(table))
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "ja", *argv])
    return stop.value.code, served


def test_a_game_with_two_decks_is_served_with_both(monkeypatch, capsys):
    """toho-tcg's sample has two decks: the table seats one each, and says so."""
    code, served = _served(monkeypatch, ["table", "toho-tcg", "--sample"])
    assert code == 0 and [d.id for d in served[0].decks] == ["hakurei-moriya", "mahou-no-mori"]
    assert "デッキを指定しなかったので" in capsys.readouterr().err


def test_a_sandbox_of_a_one_deck_game_mirrors_it(monkeypatch, tmp_path):
    """A game made with `fuda new` has one deck: the free table gives it to both players."""
    with pytest.raises(SystemExit):
        main(["--lang", "ja", "-q", "new", str(tmp_path / "mygame"), "--rules", "custom"])
    code, served = _served(monkeypatch, ["table", str(tmp_path / "mygame"), "--sandbox"])
    assert code == 0 and len(served[0].decks) == 2 and served[0].decks[0].id == served[0].decks[1].id
