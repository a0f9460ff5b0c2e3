"""``fuda print`` and ``fuda mat``, plus the build step writing every game's sheets and mats.

GAME is a game id or a game folder; the PDF goes to the database's ``out/`` (a game's
``out/<game folder>/``) unless ``-o`` says otherwise; a file fuda did not write is never
overwritten unless ``--force``. Exit codes: 0 written, 1 findings (a card or mat that cannot
be laid out, a bad font), 2 usage error (unknown game, deck, id, paper …), always one line.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Annotated

import typer

from fuda.cli.common import (
    ForceFileOpt,
    OutFileOpt,
    PathOpt,
    SampleOpt,
    fail,
    failures,
    guard_file,
    open_game,
    warn_text,
)
from fuda.cli.progress import Progress
from fuda.cli.watching import game_action, run_watch, watch_option
from fuda.i18n import t


def _offset(text: str) -> tuple[float, float]:
    from fuda.printing.imposition import PrintOptionError, check_offset

    parts = text.replace("，", ",").split(",")
    if len(parts) != 2:
        raise fail("err.print.offset", value=text)
    try:
        return check_offset(parts)
    except PrintOptionError as exc:
        raise fail("err.print.offset_invalid", value=text, reason=exc) from None


def _run(func, stage: str = "stage.print", **kwargs) -> Path:
    """Call a writer, its warnings shown after it; every expected failure becomes one line and an
    exit code (:func:`~fuda.cli.common.failures`; a font that cannot print the cards: exit 1)."""
    from fuda.faces.fonts import FontError
    from fuda.printing.cmyk import CmykError
    from fuda.printing.imposition import PrintOptionError

    with (failures(PrintOptionError, CmykError, FileNotFoundError, failed=(FontError,), path=kwargs.get("out")),
          warnings.catch_warnings(record=True) as caught):
        warnings.simplefilter("always")
        with Progress().stage(stage):
            result = func(**kwargs)
    for w in caught:
        warn_text(w.message)
    return result


def _opt(name: str, *flags: str, **kw):
    return typer.Option(*flags, help=t(f"opt.{name}"), **kw)


def print_command(
    game: Annotated[str | None, typer.Argument(metavar="GAME", help=t("opt.print.game"), show_default=False)] = None,
    deck: Annotated[str | None, _opt("print.deck", "--deck")] = None,
    ids: Annotated[str | None, _opt("print.ids", "--ids")] = None,
    copies: Annotated[int, _opt("print.copies", "--copies")] = 1,
    paper: Annotated[str, _opt("print.paper", "--paper")] = "A4",
    card_size: Annotated[str | None, _opt("print.card_size", "--card-size")] = None,
    bleed: Annotated[float, _opt("print.bleed", "--bleed")] = 3.0,
    marks: Annotated[str, _opt("print.marks", "--marks")] = "tombo",
    backs: Annotated[str | None, _opt("print.backs", "--backs")] = None,
    back_offset: Annotated[str, _opt("print.back_offset", "--back-offset")] = "0,0",
    per_face: Annotated[bool, _opt("print.per_face", "--per-face")] = False,
    cmyk: Annotated[bool, _opt("print.cmyk", "--cmyk")] = False,
    icc: Annotated[Path | None, _opt("print.icc", "--icc")] = None,
    pdfx: Annotated[bool, _opt("print.pdfx", "--pdfx")] = False,
    calibration: Annotated[bool, _opt("print.calibration", "--calibration")] = False,
    out: OutFileOpt = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
    force: ForceFileOpt = False,
    watch: Annotated[bool, watch_option("opt.print.watch")] = False,
) -> None:
    """Write print-ready card sheets (or print-shop faces, or the duplex calibration sheet) as PDF."""
    offset = _offset(back_offset)
    if calibration:
        from fuda.database.discover import find_root
        from fuda.printing.sheets import print_calibration

        root = find_root()  # no database needed; in its output folder when there is one
        target = out or (root.out if root else Path("out")) / f"calibration-{paper}.pdf"
        with guard_file(target, "print", force):
            written = _run(print_calibration, paper=paper, backs=backs or "long-edge", back_offset=offset,
                           out=target)
        typer.echo(str(written))
        return
    if pdfx and icc is None:
        raise fail("err.print.pdfx_needs_icc")
    cmyk = cmyk or pdfx
    if icc is not None and not cmyk:
        raise fail("err.print.icc_needs_cmyk")
    if icc is not None and not icc.is_file():
        raise fail("err.print.no_icc", path=icc)
    from fuda.printing.sheets import print_cards

    _, g, src = open_game(game, path, sample, "print")
    id_list = [i.strip() for i in ids.split(",") if i.strip()] if ids else None
    stem = f"{g.id}-{deck}" if deck else (f"{g.id}-selection" if id_list else f"{g.id}-cards")
    target = out or src.out(None) / f"{stem}{'-faces' if per_face else ''}.pdf"
    if watch:
        from fuda.outputs import claim, record
        from fuda.watch import Rebuild

        def make(game) -> Rebuild:
            claim(target, force)
            print_cards(game=game, deck=deck, ids=id_list, copies=copies, paper=paper, card_size=card_size,
                        bleed=bleed, marks=marks, backs=backs, back_offset=offset, per_face=per_face, cmyk=cmyk,
                        icc=icc, pdfx=pdfx, out=target)
            record(target, "print")
            return Rebuild(what=(str(target),))

        run_watch(src.paths, [], game_action(src, g.id, make))
    with guard_file(target, "print", force):
        written = _run(print_cards, game=g, deck=deck, ids=id_list, copies=copies, paper=paper,
                       card_size=card_size, bleed=bleed, marks=marks, backs=backs, back_offset=offset,
                       per_face=per_face, cmyk=cmyk, icc=icc, pdfx=pdfx, out=target)
    typer.echo(str(written))


def mat_command(
    game: Annotated[str | None, typer.Argument(metavar="GAME", help=t("opt.game"), show_default=False)] = None,
    paper: Annotated[str, _opt("mat.paper", "--paper")] = "A3",
    png: Annotated[bool, _opt("mat.png", "--png")] = False,
    px_per_mm: Annotated[float, _opt("mat.px_per_mm", "--px-per-mm")] = 8.0,
    out: OutFileOpt = None,
    path: PathOpt = None,
    sample: SampleOpt = False,
    force: ForceFileOpt = False,
) -> None:
    """Write the game's play mat: PDF on A3 or tiled across A4 sheets, or a PNG."""
    from fuda.printing.mat import write_mat, write_mat_png

    _, g, src = open_game(game, path, sample, "mat")
    if png:
        if not 1 <= px_per_mm <= 40:  # also false for NaN
            raise fail("err.mat.px", value=px_per_mm)
        target = out or src.out(None) / f"{g.id}-mat.png"
        with guard_file(target, "mat", force):
            written = _run(write_mat_png, "stage.mat", game=g, out=target, px_per_mm=px_per_mm)
    else:
        target = out or src.out(None) / f"{g.id}-mat.pdf"
        with guard_file(target, "mat", force):
            written = _run(write_mat, "stage.mat", game=g, paper=paper, out=target)
    typer.echo(str(written))



def register(app: typer.Typer) -> None:
    """Add ``fuda print`` and ``fuda mat`` to a typer app (tests build small apps this way)."""
    app.command("print", help=t("help.print"))(print_command)
    app.command("mat", help=t("help.mat"))(mat_command)
