"""Issue 35: the gallery's faces painted at their size (fuda.faces.paint_png.render_at_size)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from fuda import load_database
from fuda.faces.fonts import game_fonts
from fuda.faces.paint_png import render_at_size, render_image
from fuda.gallery.images import entries, face_of

from .conftest import GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_faces_painted_at_their_size_look_as_painted_at_twice_and_halved(game_id):
    """render_at_size: the size of the halved image and nearly its pixels (text is hinted at its
    own size, so glyph edges move a little): mean difference under 3 % of full scale."""
    game = load_database().game(game_id)
    fonts = game_fonts(game)
    for entry in entries(game)[:4] + entries(game)[-1:]:
        face = face_of(game, entry, fonts, [])
        halved = render_image(face, 300, fonts, supersample=1).reduce(2)
        ours = render_at_size(face, 150, fonts)
        assert ours.size == halved.size and ours.mode == "RGB"
        diff = ImageChops.difference(ours, halved).convert("L").histogram()
        mean = sum(level * n for level, n in enumerate(diff)) / (ours.width * ours.height)
        assert mean < 0.03 * 255, (entry.stem, mean)
