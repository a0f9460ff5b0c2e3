"""Udonarium (ユドナリウム) ZIPs: a deck, its table and the card text, ready to drop on the table.

Follows ../shared/formats/udonarium.md (§0 recipe, §5–§11). A ZIP holds UTF-8 XML files and images
named ``<sha256>.<ext>``, the identifier being the lower-case SHA-256 of the bytes as stored; every
image is at most 2 MiB (re-encoded, then shrunk until it fits, then hashed); equal images are stored
once. By default each object is its own XML root, so importing *adds* to the session: one
``<card-stack>`` per deck or pile, loose ``<card>``s, and a ``<game-table selected="true">`` whose
surface is the game's mat; ``room=True`` writes one ``<room>`` with exact positions instead, which
*replaces* the user's session.

Scale: a 63 mm card is ``size`` 2 (100 px), so the table has 50/31.5 px per mm and the mat's zones
fit the cards. Faces are the PNG painter's renders of the print layout at ``scale`` (3) times that;
the mat is drawn for both players (the opponent's half turned 180°), padded with its own
background to whole 50 px cells so its aspect is exactly the table's. Each card's text and stats
go into its ``detail`` (a note named テキスト holds the text exactly).
"""

from __future__ import annotations

from pathlib import Path

from fuda.atomic import write_atomic
from fuda.database.findings import Finding
from fuda.online.udonarium_format import (
    CELL,
    FACE_SCALE,
    TABLE_PX_PER_MM,
    El,
    ExportError,
    Plan,
    to_xml,
    xml_card,
    xml_character,
    xml_stack,
    xml_summary,
    zip_bytes,
)
from fuda.online.udonarium_plan import plan_deck, zone_origin


def build_zip(game, deck_id: str, *, room: bool = False, scale: float = FACE_SCALE, seed: int = 0,
              shuffle: bool = True) -> tuple[bytes, list[Finding]]:
    """The Udonarium ZIP for ``deck_id`` of ``game`` and the warnings; raises ExportError (one
    line) or FindingsError (located: text that does not fit its card, art that cannot be read).
    Decks and chip piles are shuffled with ``seed`` (``shuffle=False``: file order)."""
    try:
        deck = game.deck(deck_id)
    except KeyError as exc:
        raise ExportError(exc.args[0], usage=True) from None
    plan = plan_deck(game, deck, scale=scale, seed=seed, shuffle=shuffle, both_seats=room)
    xml_files: list[tuple[str, bytes]] = []
    if room:
        children = [plan.table]
        for x, y, pile in room_positions(game, plan):
            children.append(xml_card(pile.cards[0], x, y) if pile.loose else xml_stack(pile, x, y))
        for x, y, counter in counter_positions(game, plan):
            children.append(xml_character(counter, x, y))
        xml_files.append(("data.xml", to_xml(El("room", (), tuple(children)))))
        if plan.counters:  # hovering a counter shows the resources the room's summary names
            xml_files.append(("summary.xml", to_xml(xml_summary(c.resource for c in plan.counters))))
    else:
        xml_files.append(("table.xml", to_xml(plan.table)))
        for i, pile in enumerate(plan.piles, 1):
            root = xml_card(pile.cards[0]) if pile.loose else xml_stack(pile)
            xml_files.append((f"{i:02d}-{'card' if pile.loose else 'deck'}.xml", to_xml(root)))
        for i, counter in enumerate(plan.counters, len(plan.piles) + 1):
            xml_files.append((f"{i:02d}-counter.xml", to_xml(xml_character(counter))))
    images = list(plan.images.entries.values())
    return zip_bytes(images + xml_files), plan.warnings


def room_positions(game, plan: Plan):
    """(x, y, pile) in table px: each pile on its mat zone, else in a row along the table's
    bottom edge (the player's side)."""
    ox, oy = plan.mat_origin
    w_px, h_px = (v * TABLE_PX_PER_MM for v in game.card_size)
    spare = 0
    for pile in plan.piles:
        spot = zone_origin(game, pile.zone, plan.zones) if pile.zone else None
        if spot is None:
            x, y = CELL / 2 + spare * (w_px + CELL / 2), max(0.0, plan.table_cells[1] * CELL - h_px - CELL / 2)
            spare += 1
        else:
            x = ox + (spot[0] + pile.offset[0]) * TABLE_PX_PER_MM
            y = oy + (spot[1] + pile.offset[1]) * TABLE_PX_PER_MM
        yield round(x, 1), round(y, 1), pile


def counter_positions(game, plan: Plan):
    """(x, y, counter) in table px: seat 1's counter on its zone of the player's mat, seat 2's at
    the same place of the opponent's mat (turned 180°, so mirrored in both directions).

    Udonarium stands a counter up out of the table, so it hides what lies just behind it (a
    double-click aimed at that card hits the counter): a counter whose footprint, or the card's
    length behind it, would cover a card moves sideways, half a cell at a time, to the nearest
    place that covers none."""
    ox, oy = plan.mat_origin
    mw, _mh = plan.mat_size
    w_px, h_px = (v * TABLE_PX_PER_MM for v in game.card_size)
    cards = [(x, y, x + w_px, y + h_px) for x, y, _ in room_positions(game, plan)]
    table_w = plan.table_cells[0] * CELL
    for counter in plan.counters:
        spot = zone_origin(game, counter.zone, plan.zones) if counter.zone else None
        side = counter.size * CELL
        if spot is None:  # no mat zone: at the table's top-left corner, one under the other
            x, y = CELL / 2, CELL / 2 + (counter.seat - 1) * (side + CELL / 2)
        else:
            x = ox + (spot[0] + counter.offset[0]) * TABLE_PX_PER_MM
            y = oy + (spot[1] + counter.offset[1]) * TABLE_PX_PER_MM
            if counter.seat == 2:
                x, y = 2 * ox + mw - x - side, 2 * oy - y - side
        x = _clear_of(cards, x, y, side, h_px, table_w)
        yield round(x, 1), round(y, 1), counter


def _clear_of(cards, x: float, y: float, side: float, behind: float, table_w: float) -> float:
    """The x nearest ``x`` at which a standing counter of ``side`` px at ``y`` covers no card:
    neither its footprint nor the ``behind`` px behind it (smaller y) overlaps one."""
    def covers(at: float) -> bool:
        x0, y0, x1, y1 = at, y - behind, at + side, y + side
        return any(x0 < cx1 and cx0 < x1 and y0 < cy1 and cy0 < y1 for cx0, cy0, cx1, cy1 in cards)

    step = CELL / 2
    for k in range(int(table_w // step) + 1):
        for at in (x + k * step, x - k * step):
            if 0 <= at <= table_w - side and not covers(at):
                return at
    return x  # the whole row is cards: leave it where the rule set put it


def export_udonarium(game, deck_id: str, out: Path, *, room: bool = False, scale: float = FACE_SCALE,
                     seed: int = 0, shuffle: bool = True) -> tuple[Path, list[Finding]]:
    """Write the ZIP atomically to ``out`` (nothing is left behind on failure)."""
    blob, warnings = build_zip(game, deck_id, room=room, scale=scale, seed=seed, shuffle=shuffle)
    return write_atomic(Path(out), blob), warnings


