"""Issue 35: a big build's gallery painted at its size and started before the other steps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import ImageChops

from fuda import load_database
from fuda.build import build
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


def _manifest(out: Path) -> dict:
    return {k: v["sha256"] for k, v in json.loads((out / ".fuda-outputs.json").read_text())["files"].items()}


def test_a_gallery_started_early_writes_what_the_gallery_step_writes(tmp_path, monkeypatch):
    """A build whose gallery is painted by two workers from the start writes byte for byte the
    files of a build that paints it in its turn in one process; two such builds agree too."""
    from fuda import gallery
    from fuda.database.resources import cards_dir
    from fuda.gallery import parallel

    paths = [cards_dir() / "recast-rift"]
    monkeypatch.setattr(parallel, "MIN_FACES", 10**9)
    assert build(paths, tmp_path / "one").ok
    monkeypatch.setattr(parallel, "MIN_FACES", 1)
    started = []
    real = gallery.start_early
    monkeypatch.setattr(gallery, "start_early", lambda *a: started.append(real(*a)) or started[-1])
    for out in ("early", "again"):
        assert build(paths, tmp_path / out).ok
    assert all(isinstance(s, gallery.EarlyGallery) for s in started) and len(started) == 2
    assert _manifest(tmp_path / "early") == _manifest(tmp_path / "one") == _manifest(tmp_path / "again")


def test_a_build_interrupted_before_its_gallery_stops_it_and_leaves_nothing(tmp_path, monkeypatch):
    """Ctrl-C during the print step of a build whose gallery started early: the gallery thread is
    stopped and joined, no staging folder is left, the output folder is not created."""
    import threading

    from fuda import build as build_module
    from fuda.database.resources import cards_dir
    from fuda.gallery import parallel

    monkeypatch.setattr(parallel, "MIN_FACES", 1)

    def interrupted(database, out):
        raise KeyboardInterrupt

    monkeypatch.setattr(build_module, "steps", lambda: [("print", interrupted), ("gallery", build_module.gallery_step)])
    with pytest.raises(KeyboardInterrupt):
        build([cards_dir() / "recast-rift"], tmp_path / "out")
    assert not any(t.name == "fuda-gallery" for t in threading.enumerate())
    assert sorted(p.name for p in tmp_path.iterdir()) == []
