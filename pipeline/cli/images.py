"""``fuda images GAME [--deck D | --ids …] [-o DIR] [--dpi 300] [--format png|jpg|webp] [--sheet] [--html]``:
one image per card face, painted by the print layout; contact sheets and a static gallery."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer


def register(app: typer.Typer) -> None:
    """Add ``images`` to the ``fuda`` app."""
    app.command("images")(images_cmd)


def images_cmd(
    game: Annotated[str, typer.Argument(help="ゲーム ID (例: toho-tcg)", show_default=False)],
    deck: Annotated[Optional[str], typer.Option("--deck", help="このデッキのカードだけ", show_default=False)] = None,
    ids: Annotated[Optional[list[str]], typer.Option("--ids", help="このカード ID だけ（くり返し指定可、カンマ区切り可）",
                                                     show_default=False)] = None,
    out: Annotated[Optional[Path], typer.Option("--out", "-o", help="書き出すフォルダ（省略時は images/<GAME>）",
                                                show_default=False)] = None,
    dpi: Annotated[float, typer.Option("--dpi", help="解像度 (dpi)。画像ファイルにも記録します")] = 300,
    fmt: Annotated[str, typer.Option("--format", help="png、jpg、webp")] = "png",
    sheet: Annotated[bool, typer.Option("--sheet", help="一覧画像（横 1600 px、名前つき）も書き出す")] = False,
    html: Annotated[bool, typer.Option("--html", help="ブラウザで開けるカード一覧 index.html も書き出す")] = False,
    path: Annotated[Optional[list[Path]], typer.Option("--path", help="カードデータベースのフォルダ")] = None,
) -> None:
    """カード１枚ごとの画像（印刷と同じレイアウト）、一覧画像、ギャラリーページを書き出す。"""
    from fuda.cli.export import _game, _run
    from fuda.gallery import make_images
    from fuda.gallery.images import ImageOptionError

    _, g = _game(game, path)
    wanted = [i.strip() for raw in ids or () for i in raw.split(",") if i.strip()] or None
    target = out or Path("images") / g.id
    try:
        result = _run(make_images, g, target, deck=deck, ids=wanted, dpi=dpi, fmt=fmt.lower(), sheet=sheet, html=html)
    except ImageOptionError as exc:
        typer.echo(f"fuda: error: {exc}", err=True)
        raise typer.Exit(2) from None
    for finding in result.warnings:
        typer.echo(str(finding), err=True)
    typer.echo(f"{target} に {len(result.faces)} 面の画像を書き出しました"
               + (f"、一覧画像 {len(result.sheets)} 枚" if result.sheets else "")
               + (f"、{result.page.name}" if result.page else ""))
