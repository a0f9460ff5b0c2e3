"""``fuda import sheet`` and ``fuda export sheet``: card lists from and to Excel / CSV.

- ``fuda import sheet FILE --game G -o FILE.yaml [--path DB]``: reads .xlsx, .csv or .tsv; every
  problem is one line ``FILE:ROW:COLUMN: error[…]: …`` (exit 1); an existing output is never
  overwritten (exit 2).
- ``fuda export sheet GAME -o cards.xlsx|.csv|.tsv [--path DB]``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

PathOpt = Annotated[Optional[list[Path]], typer.Option("--path", help="カードデータベースのフォルダ（省略時は同梱のサンプル）")]


def register(app: typer.Typer) -> None:
    """Add ``sheet`` to the ``export`` and ``import`` command groups."""
    from fuda.cli.export import export_app, import_app

    export_app.command("sheet")(export_sheet_cmd)
    import_app.command("sheet")(import_sheet_cmd)


def _usage(message: str) -> typer.Exit:
    typer.echo(f"fuda: error: {' '.join(str(message).split())}", err=True)
    return typer.Exit(2)


def rules_for(game: str, path):
    """The rule set named by ``--game`` and the manifest it reads: a game of the database (its
    ``rules`` and manifest) or an installed rule set id (no manifest)."""
    from fuda.database.fields import has_rules
    from fuda.database.findings import FindingsError
    from fuda.database.load import load_database

    try:
        found = load_database(path).game(game)
        return found.rules, found.manifest
    except (KeyError, FileNotFoundError, FindingsError):
        if has_rules(game):
            return game, None
    raise _usage(f"ゲームまたはルールセット「{game}」が見つかりません（toho-tcg、raise-blaze、recast-rift、ryomen など）")


def import_sheet_cmd(
    file: Annotated[Path, typer.Argument(help="カード一覧の表 (.xlsx、.csv、.tsv)", show_default=False)],
    game: Annotated[str, typer.Option("--game", help="ゲーム ID かルールセット (例: toho-tcg)", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="書き出す YAML カードファイル", show_default=False)],
    path: PathOpt = None,
) -> None:
    """表計算ソフトのカード一覧 (Excel・CSV) を YAML のカードファイルにする。"""
    from fuda.atomic import write_atomic
    from fuda.database.findings import FindingsError
    from fuda.sheets.read import card_file_text, import_sheet

    if out.exists():
        raise _usage(f"{out} はもうあります。上書きしないので、別の -o を指定するか先に消してください")
    rules, manifest = rules_for(game, path)
    try:
        result = import_sheet(file, rules, manifest)
    except FindingsError as exc:
        for finding in exc.findings:
            typer.echo(str(finding), err=True)
        typer.echo(f"{len(exc.findings)} 件のエラー: {out} は書き出していません", err=True)
        raise typer.Exit(1) from None
    for finding in result.warnings:
        typer.echo(str(finding), err=True)
    try:
        write_atomic(out, card_file_text(result))
    except OSError as exc:
        raise _usage(f"{out}: {exc.strerror or exc}") from None
    typer.echo(f"{out} に {len(result.cards)} 枚のカードを書き出しました")


def export_sheet_cmd(
    game: Annotated[str, typer.Argument(help="ゲーム ID (例: toho-tcg)", show_default=False)],
    out: Annotated[Path, typer.Option("--out", "-o", help="書き出す表 (.xlsx、.csv、.tsv)")] = Path("cards.xlsx"),
    path: PathOpt = None,
) -> None:
    """ゲームの全カードを表 (Excel・CSV) に書き出す。1行目は項目名、2行目は ID。"""
    from fuda.cli.export import _game, _run
    from fuda.sheets.write import export_sheet

    _, g = _game(game, path)
    if out.suffix.lower() not in (".xlsx", ".csv", ".tsv"):
        raise _usage(f"{out}: 表の形式は .xlsx、.csv、.tsv のどれかにしてください")
    written = _run(export_sheet, g, out)
    typer.echo(f"{written} に {len(g.cards)} 枚のカードを書き出しました")
