"""Counts of the long build steps: the print step reports cards placed, as the gallery reports faces (issue 35)."""

from __future__ import annotations

from pypdf import PdfReader

from fuda import load_database
from fuda.build import print_step
from fuda.database.resources import cards_dir
from fuda.gallery import counting
from fuda.printing.sheets import print_cards


def test_print_cards_reports_faces_placed_after_each_page(tmp_path):
    """print_cards(progress=…): one call per page of the PDF, the faces placed so far, rising to all of them."""
    game = load_database().game("toho-tcg")
    told: list = []
    out = print_cards(game, out=tmp_path / "cards.pdf", progress=lambda done, total: told.append((done, total)))
    pages = len(PdfReader(out).pages)
    assert len(told) == pages > 1
    assert [d for d, _ in told] == sorted(d for d, _ in told) and told[-1][0] == told[-1][1] == len(game.cards)


def test_build_print_step_counts_cards_over_every_game(tmp_path):
    """Inside counting(), the print step reports done/total in cards over all games, ending at the total."""
    database = load_database([cards_dir() / "toho-tcg", cards_dir() / "ryomen"])
    told: list = []
    with counting(lambda done, total: told.append((done, total))):
        print_step(database, tmp_path)
    total = sum(len(g.cards) for g in database.games)
    assert {t for _, t in told} == {total}
    assert [d for d, _ in told] == sorted(d for d, _ in told) and told[-1][0] == total
