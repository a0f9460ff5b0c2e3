"""``fuda simulate``: balance simulations of a game's entrants, on one core, several, or a cluster.

The games of every seating (:func:`fuda.engine.core.tournament.seatings`) are split into chunks;
each chunk is seeded from the run's seed, the seating and the game index, so the tallies — and
every output file — are byte-identical whether the chunks run here, in ``jobs`` local worker
processes, or on the workers of a Dask cluster (``scheduler="tcp://host:8786"``).

Local workers are forked after the registry is built, so they start with it in memory (nothing
is pickled but the chunk and its tally). Dask workers may be on other machines: the game folder's
files are broadcast to them once, and each worker loads the game once and keeps it.
"""

from __future__ import annotations

import gc
import hashlib
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from fuda.engine.core.tournament import (
    Entrant,
    Seating,
    Tally,
    agent_rates,
    card_rates,
    merge,
    play_chunk,
    seat_rates,
    seatings,
)
from fuda.engine.core.tournament import win_matrix as matrix_of
from fuda.i18n import Text, t


@dataclass(frozen=True)
class Chunk:
    """Games ``start`` … ``start + count − 1`` of one seating."""

    seating: Seating
    start: int
    count: int


@dataclass(frozen=True)
class Simulation:
    """A finished simulation: its entrants, one tally per seating, and the run's settings."""

    game: str
    entrants: tuple[Entrant, ...]
    tallies: tuple[Tally, ...]
    games: int
    seed: int
    agents: tuple[str, str]

    @property
    def win_rates(self):
        return matrix_of(len(self.entrants), self.tallies)

    @property
    def seat_rates(self):
        return seat_rates(self.tallies)

    @property
    def agent_rates(self):
        return agent_rates(self.tallies)

    @property
    def card_rates(self):
        """card id -> (win rate of the seat-games it was played in, share of seat-games it was
        played in); empty for engines that do not say which cards were played."""
        return card_rates(self.tallies)


def plan(n_entrants: int, games: int, agents: tuple[str, str], chunk: int = 25) -> list[Chunk]:
    """The chunks of a run: ``games`` per pairing, split evenly over its seatings (rounded up)."""
    out = []
    all_seatings = seatings(n_entrants, agents)
    per_pair = 2 if agents[0] != agents[1] else 1
    for s in all_seatings:
        sides = per_pair * (1 if s.first == s.second else 2)
        count = -(-games // sides)
        out.extend(Chunk(s, start, min(chunk, count - start)) for start in range(0, count, chunk))
    return out


def simulate(game, module, registry, *, games: int, seed: int = 0, agents: tuple[str, str] = ("greedy", "greedy"),
             jobs: int = 1, scheduler: str | None = None, chunk: int | None = None,
             progress: Callable[[int, int], None] | None = None) -> Simulation:
    """Play every seating of ``game``'s entrants; ``progress(done, total)`` counts games."""
    entrants = tuple(module.entrants(registry))
    if not entrants:
        raise ValueError(Text("err.sim.no_entrants", game=game.id))
    # chunks never change the results (each game's seed is its own): for local processes about
    # 16 a worker keeps both the pool's per-task cost and the last worker's idle tail small; a
    # cluster gets small ones to balance and retry
    if chunk is None:
        total = sum(c.count for c in plan(len(entrants), games, agents, 25))
        chunk = 25 if jobs == 1 or scheduler else max(10, min(250, total // (jobs * 16)))
    chunks = plan(len(entrants), games, agents, chunk)
    total = sum(c.count for c in chunks)
    done = 0

    def tick(c: Chunk) -> None:
        nonlocal done
        done += c.count
        if progress:
            progress(done, total)

    if scheduler:
        tallies = _on_cluster(game, chunks, seed, scheduler, tick)
    elif jobs > 1:
        tallies = _in_processes(module, registry, entrants, chunks, seed, jobs, tick)
    else:
        tallies = []
        for c in chunks:
            tallies.append(play_chunk(module, registry, entrants, c.seating, c.start, c.count, seed))
            tick(c)
    return Simulation(game.id, entrants, tuple(merge(tallies)), games, seed, agents)


# ── local processes ──────────────────────────────────────────────────────────────────────────

_LOCAL: dict = {}


def _local_chunk(c: Chunk, seed: int) -> Tally:
    w = _LOCAL
    return play_chunk(w["module"], w["registry"], w["entrants"], c.seating, c.start, c.count, seed)


def _in_processes(module, registry, entrants, chunks, seed, jobs, tick) -> list[Tally]:
    """Chunks in ``jobs`` forked workers that inherit the compiled registry (built once, here)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    _LOCAL.update(module=module, registry=registry, entrants=entrants)
    # the workers' garbage collector would otherwise touch every object they inherit, copying
    # each page of the parent's heap into each worker (copy-on-write); frozen objects are skipped
    gc.freeze()
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(jobs, mp_context=context) as pool:
            futures = {pool.submit(_local_chunk, c, seed): c for c in chunks}
            tallies = []
            for future in as_completed(futures):
                tallies.append(future.result())
                tick(futures[future])
        return tallies
    finally:
        gc.unfreeze()
        _LOCAL.clear()


# ── a Dask cluster ───────────────────────────────────────────────────────────────────────────

_LOADED: dict = {}


def game_files(folder: Path) -> dict[str, bytes]:
    """Every regular file of a game folder, by its path relative to the folder (what a remote
    worker needs to load the same game)."""
    folder = Path(folder)
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


def _the_game(files: dict[str, bytes]) -> dict[str, bytes]:
    """A task whose result is the game's files: unlike scattered data, a task's result that dies
    with its worker is computed again, so a lost worker never loses the game."""
    return files


def _worker_game(files: dict[str, bytes], game_id: str):
    """(module, registry, entrants) on a worker: the game folder written once to a temporary
    folder of the worker's and loaded once; later chunks reuse it."""
    key = hashlib.sha256(b"".join(k.encode() + b"\0" + v for k, v in sorted(files.items()))).hexdigest()
    if key not in _LOADED:
        from fuda.database import load_database
        from fuda.database.ruleset import engine_for
        from fuda.engine.games import registry_for

        root = Path(tempfile.mkdtemp(prefix="fuda-sim-")) / game_id
        for rel, data in files.items():
            target = root / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        game = load_database([root]).game(game_id)
        module = engine_for(game.rules)
        registry = registry_for(game)
        _LOADED[key] = (module, registry, tuple(module.entrants(registry)))
    return _LOADED[key]


def cluster_chunk(files, game_id: str, c: Chunk, seed: int) -> Tally:
    """One chunk on a Dask worker."""
    module, registry, entrants = _worker_game(files, game_id)
    return play_chunk(module, registry, entrants, c.seating, c.start, c.count, seed)


def _on_cluster(game, chunks, seed, scheduler, tick) -> list[Tally]:
    """Chunks on a Dask distributed cluster; a lost worker's chunks are run again by Dask (each
    chunk's tally is collected once, so nothing counts twice)."""
    try:
        from distributed import Client, as_completed
    except ImportError:
        raise ValueError(Text("err.sim.no_dask")) from None
    client = scheduler if not isinstance(scheduler, str) else Client(scheduler, timeout="30s")
    try:
        files = game_files(game.folder)
        digest = hashlib.sha256(b"".join(k.encode() + b"\0" + v for k, v in sorted(files.items()))).hexdigest()
        files = client.submit(_the_game, files, key=f"fuda-game-{digest[:16]}", pure=False)
        futures = {client.submit(cluster_chunk, files, game.id, c, seed, retries=3, pure=False,
                                 key=f"fuda-{game.id}-{i}-{os.getpid()}"): c for i, c in enumerate(chunks)}
        tallies = []
        for future in as_completed(futures):
            tallies.append(future.result())
            tick(futures[future])
        return tallies
    finally:
        if isinstance(scheduler, str):
            client.close()


# ── outputs ──────────────────────────────────────────────────────────────────────────────────


def _pct(rate) -> str:
    return "" if rate is None or not rate.games else f"{rate.value:.3f}"


def _ci(rate) -> str:
    return "" if rate is None or not rate.games else f"{rate.low:.3f}-{rate.high:.3f}"


def write_outputs(out: Path, game, sim: Simulation, meta: dict) -> list[Path]:
    """Write ``<game>-winrates.csv``, ``<game>-winrates.json`` and ``<game>-heatmap.png``."""
    import csv
    import io
    import json

    from fuda.atomic import write_atomic

    out = Path(out)
    entrants, rate = sim.entrants, sim.win_rates
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["entrant", "label", "deck", "opponent", "games", "win_rate", "ci95_low", "ci95_high"])
    for i, e in enumerate(entrants):
        for j, o in enumerate(entrants):
            r = rate[i][j]
            if r is not None:
                writer.writerow([e.key, e.label, e.source, o.key, r.games, _pct(r), f"{r.low:.3f}", f"{r.high:.3f}"])
    seats = sim.seat_rates
    doc = {
        "game": game.id, "rules": game.rules, **meta, "games_per_pairing": sim.games, "seed": sim.seed,
        "agents": list(sim.agents),
        "entrants": [{"key": e.key, "label": e.label, "deck": e.source, "kind": e.kind} for e in entrants],
        "seatings": [{"seat_1": entrants[t.seating.first].key, "seat_2": entrants[t.seating.second].key,
                      "agent_1": t.seating.agent_first, "agent_2": t.seating.agent_second, "games": t.games,
                      "wins_1": t.wins_1, "wins_2": t.wins_2, "draws": t.draws, "first_player_won": t.first_won,
                      "first_player_known": t.first_known} for t in sim.tallies],
        "win_rate": [[None if r is None else {"rate": round(r.value, 4), "ci95": [round(r.low, 4), round(r.high, 4)],
                                              "games": r.games} for r in row] for row in rate],
        "seat_1_win_rate": _rate_json(seats["seat-1"]),
        "first_player_win_rate": _rate_json(seats["first-player"]),
        "agent_win_rate": {a: _rate_json(r) for a, r in sim.agent_rates.items()},
        "cards": [{"card": card, "name": game.card(card).name if game.has_card(card) else card,
                   "played_in": round(share, 4), **_rate_json(r)} for card, (r, share) in sim.card_rates.items()],
    }
    stem = f"{game.id}-winrates"
    return [
        write_atomic(out / f"{stem}.csv", buf.getvalue()),
        write_atomic(out / f"{stem}.json", json.dumps(doc, ensure_ascii=False, indent=2) + "\n"),
        write_atomic(out / f"{game.id}-heatmap.png", heatmap_png(game.name, sim)),
    ]


def _rate_json(rate) -> dict | None:
    if not rate.games:
        return None
    return {"rate": round(rate.value, 4), "ci95": [round(rate.low, 4), round(rate.high, 4)], "games": rate.games}


#: Cards shown at each end of the per-card summary, and the seat-games a card needs to be shown.
CARDS_SHOWN = 5
CARD_MIN_GAMES = 30


def table(sim: Simulation, names: dict[str, str] | None = None) -> list[str]:
    """The terminal summary: a win-rate table with column headers and intervals, then the seat
    and agent rates, then (engines that log the cards played) the cards whose players won most
    and least often when they played them (``names``: card id -> printed name)."""
    entrants, rate = sim.entrants, sim.win_rates
    width = 17

    head = t("simulate.table")
    lines = [head, " " * 4 + "".join(f"{j + 1:>{width}d}" for j in range(len(entrants)))]
    for i, e in enumerate(entrants):
        cells = "".join(f"{'–':>{width}}" if r is None else
                        f"{f'{r.value:4.0%} [{r.low:3.0%}–{r.high:3.0%}]':>{width}}" for r in rate[i])
        lines.append(f"{i + 1:>3d} {cells}  {e.label}")
    seats = sim.seat_rates
    s1, fp = seats["seat-1"], seats["first-player"]
    lines.append(t("simulate.seat1", rate=s1.value, low=s1.low, high=s1.high, games=s1.games))
    if fp.games:
        lines.append(t("simulate.first", rate=fp.value, low=fp.low, high=fp.high, games=fp.games))
    for agent, r in sim.agent_rates.items():
        lines.append(t("simulate.agent", agent=agent, rate=r.value, low=r.low, high=r.high, games=r.games))
    shown = sorted(((r.value, card, r, share) for card, (r, share) in sim.card_rates.items() if r.games >= CARD_MIN_GAMES),
                   reverse=True)
    if shown:
        lines.append(t("simulate.cards", games=CARD_MIN_GAMES))
        picked = shown if len(shown) <= 2 * CARDS_SHOWN else [*shown[:CARDS_SHOWN], None, *shown[-CARDS_SHOWN:]]
        for row in picked:
            if row is None:
                lines.append("  …")
                continue
            _, card, r, share = row
            lines.append(t("simulate.card", name=(names or {}).get(card, card), rate=r.value, low=r.low, high=r.high,
                           games=r.games, share=share))
    return lines


def _colour(rate) -> tuple[int, int, int]:
    if rate is None or not rate.games:
        return (200, 200, 200)
    v = rate.value
    if v >= 0.5:
        t = min(1.0, (v - 0.5) * 2)
        return (255, int(255 - 170 * t), int(255 - 170 * t))
    t = min(1.0, (0.5 - v) * 2)
    return (int(255 - 170 * t), int(255 - 120 * t), 255)



def heatmap_png(title: str, sim: Simulation) -> bytes:
    """The heat map as PNG bytes: each cell the row's win rate against the column with its 95 %
    interval, blue below 50 %, red above; the caption names what an entrant is in this game."""
    import io

    from PIL import Image, ImageDraw, ImageFont

    from fuda.database.resources import templates_dir

    entrants, rate, n = sim.entrants, sim.win_rates, len(sim.entrants)
    font_path = templates_dir() / "fonts" / "BIZUDGothic-Regular.ttf"
    try:
        font = ImageFont.truetype(str(font_path), 16)
        small = ImageFont.truetype(str(font_path), 13)
        tiny = ImageFont.truetype(str(font_path), 12)
    except OSError:
        font = small = tiny = ImageFont.load_default()
    cell, left, top = 84, 300, 90
    width, height = max(left + cell * n + 20, 760), top + cell * n + 90
    img = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(img)
    draw.text((12, 12), t("plot.title", title=title), fill="black", font=font)
    draw.text((12, 38), t("plot.subtitle", agents="/".join(sim.agents), games=sim.games, seed=sim.seed),
              fill=(80, 80, 80), font=small)
    for i, e in enumerate(entrants):
        y = top + i * cell
        draw.text((12, y + cell // 2 - 9), f"{i + 1}. {e.label}", fill="black", font=small)
        draw.text((left + i * cell + cell // 2 - 6, top - 22), str(i + 1), fill="black", font=small)
        for j in range(n):
            x = left + j * cell
            r = rate[i][j]
            draw.rectangle([x, y, x + cell - 2, y + cell - 2], fill=_colour(r))
            if r is None:
                draw.text((x + cell // 2 - 6, y + cell // 2 - 9), "-", fill="black", font=small)
                continue
            draw.text((x + 18, y + cell // 2 - 16), f"{r.value:.0%}", fill="black", font=small)
            draw.text((x + 8, y + cell // 2 + 4), f"{r.low:.0%}-{r.high:.0%}", fill=(60, 60, 60), font=tiny)
    kinds = {e.kind for e in entrants}
    caption = t("plot.caption.fighters" if kinds == {"fighters"} else "plot.caption.deck")
    s1 = sim.seat_rates["seat-1"]
    draw.text((12, height - 58), caption, fill=(80, 80, 80), font=small)
    draw.text((12, height - 36), t("plot.seat", value=f"{s1.value:.1%}", low=f"{s1.low:.1%}", high=f"{s1.high:.1%}",
                                   games=s1.games), fill=(80, 80, 80), font=small)
    buf = io.BytesIO()
    img.save(buf, format="PNG", optimize=True)
    return buf.getvalue()
