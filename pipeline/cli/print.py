"""``fuda print`` and ``fuda mat``, plus the build step writing every game's sheets and mats.

The lead wires them in: ``register(app)`` in ``pipeline/cli.py`` and ``build_step`` in
``pipeline/build.py``'s ``steps()``. Exit codes: 0 written, 1 findings (a card or mat that cannot
be laid out, a bad font), 2 usage error (unknown game, deck, id, paper …), always one line.
"""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Annotated, Optional

import typer


def _fail(message: str, code: int = 2) -> typer.Exit:
    typer.echo(f"fuda: error: {' '.join(str(message).split())}", err=True)
    return typer.Exit(code)


def _game(game_id: str, paths):
    from fuda.database.findings import FindingsError
    from fuda.database.load import load_database

    try:
        database = load_database(paths or None)
    except FileNotFoundError as exc:
        raise _fail(exc) from None
    except FindingsError as exc:
        for finding in exc.findings:
            typer.echo(str(finding), err=True)
        raise typer.Exit(1) from None
    try:
        return database.game(game_id)
    except KeyError as exc:
        raise _fail(exc.args[0]) from None


def _offset(text: str) -> tuple[float, float]:
    from fuda.printing.imposition import PrintOptionError, check_offset

    parts = text.replace("，", ",").split(",")
    if len(parts) != 2:
        raise _fail(f"bad --back-offset {text!r} (use X,Y in mm, e.g. 0.5,-1)")
    try:
        return check_offset(parts)
    except PrintOptionError as exc:
        raise _fail(f"--back-offset {text!r}: {exc}") from None


def _run(func, **kwargs) -> Path:
    """Call a writer, turning every expected failure into one line and an exit code."""
    from fuda.database.findings import FindingsError
    from fuda.faces.fonts import FontError
    from fuda.printing.cmyk import CmykError
    from fuda.printing.imposition import PrintOptionError

    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            result = func(**kwargs)
        for w in caught:
            typer.echo(f"fuda: warning: {w.message}", err=True)
        return result
    except (PrintOptionError, CmykError, FileNotFoundError) as exc:
        raise _fail(exc) from None
    except FontError as exc:
        raise _fail(exc, 1) from None
    except FindingsError as exc:
        for finding in exc.findings:
            typer.echo(str(finding), err=True)
        raise typer.Exit(1) from None


PathOpt = Annotated[Optional[list[Path]], typer.Option("--path", help="Database folder (default: bundled).")]
OutOpt = Annotated[Optional[Path], typer.Option("--out", "-o", help="Output file.")]


def print_command(
    game: Annotated[Optional[str], typer.Argument(help="Game id (e.g. recast-rift); not needed with --calibration.",
                                                  show_default=False)] = None,
    deck: Annotated[Optional[str], typer.Option("--deck", help="Print one deck (ryomen: a pairing, as 9 double-faced cards).")] = None,
    ids: Annotated[Optional[str], typer.Option("--ids", help="Print these card ids (comma-separated).")] = None,
    copies: Annotated[int, typer.Option("--copies", help="Copies of each card.")] = 1,
    paper: Annotated[str, typer.Option("--paper", help="A4, B5, A3 or Letter.")] = "A4",
    card_size: Annotated[Optional[str], typer.Option("--card-size", help="63x88, 59x86, 91x55 or WxH mm (default: the game's).")] = None,
    bleed: Annotated[float, typer.Option("--bleed", help="Bleed in mm (0–5).")] = 3.0,
    marks: Annotated[str, typer.Option("--marks", help="tombo (Japanese トンボ), lines or none.")] = "tombo",
    backs: Annotated[Optional[str], typer.Option("--backs", help="none, long-edge, short-edge or gutter (default: none; long-edge for a ryomen pairing).")] = None,
    back_offset: Annotated[str, typer.Option("--back-offset", help="Move the backs by X,Y mm (from --calibration).")] = "0,0",
    per_face: Annotated[bool, typer.Option("--per-face", help="One page per face at trim + bleed, for print shops.")] = False,
    cmyk: Annotated[bool, typer.Option("--cmyk", help="CMYK-only colour, every colour and the art through --icc.")] = False,
    icc: Annotated[Optional[Path], typer.Option("--icc", help="The print shop's CMYK ICC profile (e.g. Japan Color 2001 Coated).")] = None,
    pdfx: Annotated[bool, typer.Option("--pdfx", help="PDF/X-1a:2001 for print shops (needs --icc; implies --cmyk).")] = False,
    calibration: Annotated[bool, typer.Option("--calibration", help="Write the duplex calibration sheet instead.")] = False,
    out: OutOpt = None,
    path: PathOpt = None,
) -> None:
    """Write print-ready card sheets (or print-shop faces, or the duplex calibration sheet) as PDF."""
    offset = _offset(back_offset)
    if calibration:
        from fuda.printing.sheets import print_calibration

        target = out or Path(f"calibration-{paper}.pdf")
        written = _run(print_calibration, paper=paper, backs=backs or "long-edge", back_offset=offset,
                       out=target)
        typer.echo(str(written))
        return
    if game is None:
        raise _fail("missing GAME (e.g. fuda print recast-rift)")
    if pdfx and icc is None:
        raise _fail("--pdfx needs the print shop's CMYK profile: --cmyk --icc PROFILE")
    cmyk = cmyk or pdfx
    if icc is not None and not cmyk:
        raise _fail("--icc needs --cmyk")
    if icc is not None and not icc.is_file():
        raise _fail(f"{icc}: no such ICC profile")
    from fuda.printing.sheets import print_cards

    g = _game(game, path)
    id_list = [i.strip() for i in ids.split(",") if i.strip()] if ids else None
    stem = f"{game}-{deck}" if deck else (f"{game}-selection" if id_list else f"{game}-cards")
    target = out or Path(f"{stem}{'-faces' if per_face else ''}.pdf")
    written = _run(print_cards, game=g, deck=deck, ids=id_list, copies=copies, paper=paper,
                   card_size=card_size, bleed=bleed, marks=marks, backs=backs, back_offset=offset,
                   per_face=per_face, cmyk=cmyk, icc=icc, pdfx=pdfx, out=target)
    typer.echo(str(written))


def mat_command(
    game: Annotated[str, typer.Argument(help="Game id (e.g. recast-rift).", show_default=False)],
    paper: Annotated[str, typer.Option("--paper", help="A3 (one sheet) or A4-tiled (glued from A4 sheets).")] = "A3",
    png: Annotated[bool, typer.Option("--png", help="Write a PNG for online tables instead of a PDF.")] = False,
    px_per_mm: Annotated[float, typer.Option("--px-per-mm", help="PNG resolution (pixels per mm).")] = 8.0,
    out: OutOpt = None,
    path: PathOpt = None,
) -> None:
    """Write the game's play mat: PDF on A3 or tiled across A4 sheets, or a PNG."""
    from fuda.printing.mat import write_mat, write_mat_png

    g = _game(game, path)
    if png:
        if not 1 <= px_per_mm <= 40:  # also false for NaN
            raise _fail(f"--px-per-mm {px_per_mm:g} out of range (1–40)")
        written = _run(write_mat_png, game=g, out=out or Path(f"{game}-mat.png"), px_per_mm=px_per_mm)
    else:
        written = _run(write_mat, game=g, paper=paper, out=out or Path(f"{game}-mat.pdf"))
    typer.echo(str(written))


def register(app: typer.Typer) -> None:
    """Add ``fuda print`` and ``fuda mat`` to the CLI."""
    app.command("print")(print_command)
    app.command("mat")(mat_command)
