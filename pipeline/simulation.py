"""Outputs and worker processes of ``fuda simulate``: win-rate CSV/JSON and a heat-map PNG.

The heat map shows entrant versus entrant (row's win rate against column): blue below 50 %,
white at 50 %, red above, with the percentage in each cell and the Japanese labels drawn with
the bundled BIZ UD Gothic font.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

_WORKER: dict = {}


def init_worker(paths: list[str], game_id: str) -> None:
    """Process-pool initializer: load the database and the game's registry once per worker."""
    from fuda.database import load_database
    from fuda.database.ruleset import engine_for
    from fuda.engine.games import registry_for

    database = load_database(paths or None)
    game = database.game(game_id)
    module = engine_for(game.rules)
    registry = registry_for(game)
    _WORKER.update(module=module, registry=registry, entrants=module.entrants(registry))


def work(a: int, b: int, start: int, count: int, seed: int, agents):
    """Play one chunk of a pairing in a worker."""
    from fuda.engine.core.tournament import play_pairing

    w = _WORKER
    return play_pairing(w["module"], w["registry"], w["entrants"], a, b, count, seed, agents, start)


def write_outputs(out: Path, game, entrants, results, rate, meta: dict) -> list[Path]:
    """Write ``<game>-winrates.csv``, ``<game>-winrates.json`` and ``<game>-heatmap.png``."""
    from fuda.atomic import write_atomic

    out = Path(out)
    n = len(entrants)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["entrant", "label", "deck", *[e.key for e in entrants], "overall"])
    for i, e in enumerate(entrants):
        known = [r for j, r in enumerate(rate[i]) if r is not None and j != i]
        overall = sum(known) / len(known) if known else None
        writer.writerow([e.key, e.label, e.source, *["" if r is None else f"{r:.3f}" for r in rate[i]],
                         "" if overall is None else f"{overall:.3f}"])
    doc = {
        "game": game.id, "rules": game.rules, **meta,
        "entrants": [{"key": e.key, "label": e.label, "deck": e.source} for e in entrants],
        "pairings": [{"a": entrants[r.a].key, "b": entrants[r.b].key, "games": r.games, "wins_a": r.wins_a,
                      "wins_b": r.wins_b, "draws": r.draws} for r in results],
        "win_rate": [[None if r is None else round(r, 4) for r in row] for row in rate],
    }
    stem = f"{game.id}-winrates"
    return [
        write_atomic(out / f"{stem}.csv", buf.getvalue()),
        write_atomic(out / f"{stem}.json", json.dumps(doc, ensure_ascii=False, indent=2) + "\n"),
        write_atomic(out / f"{game.id}-heatmap.png", heatmap_png(game.name, entrants, rate, meta, n)),
    ]


def _colour(rate: float | None) -> tuple[int, int, int]:
    if rate is None:
        return (200, 200, 200)
    if rate >= 0.5:
        t = min(1.0, (rate - 0.5) * 2)
        return (255, int(255 - 170 * t), int(255 - 170 * t))
    t = min(1.0, (0.5 - rate) * 2)
    return (int(255 - 170 * t), int(255 - 120 * t), 255)


def heatmap_png(title: str, entrants, rate, meta: dict, n: int) -> bytes:
    """The heat map as PNG bytes."""
    from fuda.database.resources import templates_dir
    from PIL import Image, ImageDraw, ImageFont

    font_path = templates_dir() / "fonts" / "BIZUDGothic-Regular.ttf"
    try:
        font = ImageFont.truetype(str(font_path), 16)
        small = ImageFont.truetype(str(font_path), 13)
    except OSError:
        font = small = ImageFont.load_default()
    cell, left, top = 64, 300, 90
    width, height = left + cell * n + 20, top + cell * n + 50
    img = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(img)
    draw.text((12, 12), f"{title} — 勝率（行 vs 列）", fill="black", font=font)
    draw.text((12, 38), f"agents {'/'.join(meta.get('agents', []))}, {meta.get('games_per_pairing')} games per "
              f"pairing, seed {meta.get('seed')}", fill=(80, 80, 80), font=small)
    for i, e in enumerate(entrants):
        y = top + i * cell
        draw.text((12, y + cell // 2 - 9), f"{i + 1}. {e.label}", fill="black", font=small)
        draw.text((left + i * cell + cell // 2 - 6, top - 22), str(i + 1), fill="black", font=small)
        for j in range(n):
            x = left + j * cell
            r = rate[i][j]
            draw.rectangle([x, y, x + cell - 2, y + cell - 2], fill=_colour(r))
            label = "–" if r is None else f"{r:.0%}"
            draw.text((x + 14, y + cell // 2 - 9), label, fill="black", font=small)
    draw.text((12, height - 30), "各行のファイター組が各列の組と戦った勝率（引き分けは0.5）", fill=(80, 80, 80), font=small)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()
