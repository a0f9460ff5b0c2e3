"""Printing a play mat (``fuda mat``): the mat laid out by :mod:`fuda.faces.mat`, on one sheet
when it fits, else tiled with glue margins and registration crosses; or written as a PNG."""

from __future__ import annotations

from pathlib import Path

from fuda.atomic import atomic_path, write_atomic
from fuda.faces.fonts import game_fonts
from fuda.faces.mat import layout_mat, mat_png
from fuda.faces.paint_pdf import draw_face, new_canvas
from fuda.printing.imposition import PT_PER_MM, paper_size, pdf_box
from fuda.printing.sheets import draw_items
from fuda.printing.tiling import tile_marks, tile_plan


def write_mat(game, *, paper: str = "A3", out) -> Path:
    """Write the mat as a PDF on ``paper``: "A3" (one sheet), "A4-tiled" (A4 tiles with glue
    margins), or any paper name with or without ``-tiled``. A mat that fits one sheet of the
    paper (either way round, 5 mm margins) is printed on that one sheet; one that does not is
    tiled, with or without the suffix."""
    name = str(paper)
    sheet = paper_size(name[: -len("-tiled")] if name.lower().endswith("-tiled") else name)
    fonts = game_fonts(game)
    face = layout_mat(game, fonts)
    tiles = tile_plan((face.width, face.height), sheet)  # one sheet when it fits
    title = f"{game.name} プレイマット"
    with atomic_path(Path(out)) as tmp:
        canvas = new_canvas(str(tmp), (tiles[0].page_w * PT_PER_MM, tiles[0].page_h * PT_PER_MM), fonts)
        canvas.setTitle(title)
        for n, tile in enumerate(tiles):
            W, H = tile.page_w, tile.page_h
            canvas.setPageSize((round(W * PT_PER_MM, 4), round(H * PT_PER_MM, 4)))
            content = tile.content
            canvas.setTrimBox(pdf_box(content, H))
            canvas.setBleedBox(pdf_box(content, H))
            canvas.setArtBox(pdf_box(content, H))
            wx0, wy0, wx1, wy1 = tile.window
            # the whole mat placed so the window lands on the content box, clipped to the window
            ox, oy = tile.origin[0] - wx0, tile.origin[1] - wy0
            clip = (wx0, face.height - wy1, face.width - wx1, wy0)  # face-relative, negative = inside
            draw_face(canvas, face, ox * PT_PER_MM, (H - oy - face.height) * PT_PER_MM, fonts,
                      clip=tuple(-c for c in clip))
            draw_items(canvas, tile_marks(tile, tiles, title), W, H, fonts)
            canvas.addPageLabel(n, prefix=f"mat-{tile.name}" if len(tiles) > 1 else "mat")
            canvas.showPage()
        canvas.save()
    return Path(out)


def write_mat_png(game, out, px_per_mm: float = 8.0) -> Path:
    """Write the mat as a PNG file (atomically)."""
    return write_atomic(Path(out), mat_png(game, px_per_mm))
