"""``fuda images GAME [--deck D | --ids …] [-o DIR] [--dpi 300] [--format png|jpg|webp] [--sheet] [--html]``:
one image per card face, painted by the print layout; contact sheets and a static gallery.

GAME is a game id or a game folder; the images go to ``images/<game>/`` in the database's ``out/``
(a game's ``out/<game folder>/``) unless ``-o`` says otherwise. They are made in a staging folder
and moved into place only when every one was written (:func:`fuda.outputs.publish`, nothing
removed); a file fuda did not write is never overwritten unless ``--force``."""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from pathlib import Path
from typing import Annotated

import typer

from fuda.cli.common import ForceFileOpt, GameArg, OutDirOpt, PathOpt, SampleOpt, open_game, show_findings
from fuda.cli.progress import Progress
from fuda.cli.watching import game_action, run_watch, watch_option
from fuda.i18n import t


def images(
    game: GameArg = None,
    deck: Annotated[str | None, typer.Option("--deck", help=t("opt.images.deck"), show_default=False)] = None,
    ids: Annotated[list[str] | None, typer.Option("--ids", help=t("opt.images.ids"), show_default=False)] = None,
    out: OutDirOpt = None,
    dpi: Annotated[float, typer.Option("--dpi", help=t("opt.images.dpi"))] = 300,
    fmt: Annotated[str, typer.Option("--format", help=t("opt.images.format"))] = "png",
    sheet: Annotated[bool, typer.Option("--sheet", help=t("opt.images.sheet"))] = False,
    html: Annotated[bool, typer.Option("--html", help=t("opt.images.html"))] = False,
    path: PathOpt = None,
    sample: SampleOpt = False,
    force: ForceFileOpt = False,
    watch: Annotated[bool, watch_option("opt.images.watch")] = False,
) -> None:
    """Write one image per card face (the print layout), contact sheets and a gallery page."""
    from fuda.cli.export import export_failures
    from fuda.gallery.images import ImageOptionError
    from fuda.outputs import OutputError

    _, g, src = open_game(game, path, sample, "images")
    wanted = [i.strip() for raw in ids or () for i in raw.split(",") if i.strip()] or None
    target = Path(out or src.out(None) / "images" / g.id)
    options = dict(deck=deck, ids=wanted, dpi=dpi, fmt=fmt.lower(), sheet=sheet, html=html)
    if watch:
        from fuda.watch import Rebuild

        def make(game) -> Rebuild:
            _write(game, target, force, **options)
            return Rebuild(what=(str(target),))

        run_watch(src.paths, [target], game_action(src, g.id, make))
    with export_failures(ImageOptionError, OutputError, path=target), \
            Progress().stage("stage.images", counted=True) as advance:
        result = _write(g, target, force, progress=advance.to, **options)
    show_findings(result.warnings)
    extra = (t("images.sheets", count=len(result.sheets)) if result.sheets else "") + \
        (t("images.page", name=result.page.name) if result.page else "")
    typer.echo(t("images.done", out=target, count=len(result.faces), extra=extra))



def _write(g, target: Path, force: bool, **options):
    """Make the images of ``g`` in a staging folder and move them into ``target`` (nothing
    removed; a file fuda did not write is overwritten only with ``force``)."""
    from fuda.gallery import make_images
    from fuda.outputs import check_folder, publish

    check_folder(target, force=True)  # a file where the folder goes; foreign files beside are fine
    made = [p for p in (target.parent, *target.parent.parents) if not p.exists()]
    target.parent.mkdir(parents=True, exist_ok=True)
    stage = Path(tempfile.mkdtemp(prefix=f".{target.name}.staging-", dir=target.parent))
    try:
        result = make_images(g, stage, **options)
        publish(stage, target, "images", prune=False, force=force, overwrite=force)
        made = []
    finally:
        shutil.rmtree(stage, ignore_errors=True)
        for folder in made:  # a failed run leaves no empty folder behind
            with contextlib.suppress(OSError):
                folder.rmdir()
    return result
