"""What an Udonarium export puts on the table and the images it needs.

The piles come from the game's rule set (``RuleSet.table_plan``: which cards, on which mat
zone, face up or down, loose or stacked; a ``(front, back)`` pair is one double-faced card),
and so do the labels of each card's detail. The manifest's chips, when the plan asks for them:
the point chips (values from ``chips.points``) face down as a pile, a face-up stack of each
stat chip kind (``chips.stat``: as many as its ``count``), and the day/night chip (front 昼,
back 夜, showing the manifest's starting side).

Card faces come from :func:`fuda.faces.layout.lay_out` (the print layout) painted by
:func:`fuda.faces.paint_png.render_image`; a glyph the font lacks is a warning here (the exact text
is in the card's detail), text that does not fit is an error as in print. Chips are small faces
of primitives painted by the same painter, cut round.
"""

from __future__ import annotations

import math
from pathlib import Path

from fuda.database.findings import Finding, FindingsError
from fuda.database.ruleset import ruleset_for
from fuda.faces.primitives import Ellipse, Face, Rect, Rule, TextLine
from fuda.faces.primitives import Image as ImagePrimitive
from fuda.i18n import Text
from fuda.online.udonarium_format import (
    CELL,
    MAT_SCALE,
    TABLE_PX_PER_MM,
    Counter,
    ExportError,
    Images,
    Piece,
    Pile,
    Plan,
    card_size,
    check_text,
    detail_section,
    encode_png,
    xml_table,
)

MM_PER_PT = 25.4 / 72.0
#: Chips and counters at least this wide on the table (cells of 50 px): a 19 mm point chip is
#: 30 px, too small to read at Udonarium's default zoom; 1.2 cells (60 px) is.
MIN_CHIP_CELLS = 1.2
COUNTER_CELLS = 1.5
ROMAN = {3: "Ⅲ", 2: "Ⅱ", 1: "Ⅰ"}


def _bar(value) -> str:
    return "ー" if value is None else str(value)


def stats(game, card) -> list[tuple[str, str]]:
    """The card's kind and fields as (label, value) in Japanese, for its detail sheet: the
    fields its rule set labels, in the rule set's order."""
    labels = ruleset_for(game.rules).labels(game)
    out = [("種類", labels.kind(card.kind))]
    sets = {s["id"]: s["name"] for s in game.manifest.get("sets", ())}
    for key, label in labels.fields.items():
        if key not in card.data:
            continue
        value = card.data[key]
        if key == "fighter":
            value = game.fighters.get(value, value)
        elif key == "set":
            value = sets.get(value, value)
        elif key == "recast":
            value = "".join(ROMAN.get(v, str(v)) for v in value)
        elif isinstance(value, bool):
            value = "あり" if value else "なし"
        elif hasattr(value, "get") and "hand" in value:
            value = f"手札{_bar(value.get('hand'))}／ライフ{_bar(value.get('life'))}"
        elif isinstance(value, tuple):
            value = "・".join(labels.value(key, v) or str(v) for v in value)
        else:
            value = labels.value(key, value) or _bar(value)
        out.append((label.ja, str(value)))
    return out


class Renderer:
    """Card faces, backs and chips of one export, each rendered once and stored in ``images``."""

    def __init__(self, game, images: Images, scale: float, warnings: list):
        from fuda.faces.fonts import game_fonts
        from fuda.faces.template import load_template

        self.game, self.images, self.warnings = game, images, warnings
        self.fonts = game_fonts(game)
        self.dpi = TABLE_PX_PER_MM * scale * 25.4
        self.own_backs = set(load_template(game).data.get("backs", {})) - {"default"}
        self.cache: dict = {}

    def paint(self, face: Face, card, what: str, dpi: float | None = None):
        """``face`` as a Pillow image; an unreadable image file is a located error (X201)."""
        from PIL import Image

        from fuda.faces.paint_png import render_image

        try:  # drawn at twice the size and box-filtered: the painter's own supersampling, 3× faster
            return render_image(face, (dpi or self.dpi) * 2, self.fonts, supersample=1).reduce(2)
        except (OSError, SyntaxError, Image.DecompressionBombError) as exc:  # unreadable or broken image
            art = getattr(card, "art", None) if card is not None else None
            where = card.where("art") if art is not None else (card.source if card is not None else None)
            message = Text("err.image_decode", what=what, reason=" ".join(str(exc).split()))
            if where is None:
                raise ExportError(message) from None
            raise FindingsError([Finding(where, "X201", message, card=card.id,
                                         hint="replace the art file with a readable PNG or JPEG")]) from None

    def front(self, card, side: str = "front") -> str:
        """The identifier of ``card``'s face (``side`` names it in ryomen pairs: a, b)."""
        key = ("front", card.id)
        if key not in self.cache:
            from fuda.faces.layout import lay_out

            face, findings = lay_out(self.game, card, bleed=0.0, side=side, fonts=self.fonts)
            errors = [f for f in findings if f.severity == "error" and f.code != "P102"]
            if errors:
                raise FindingsError(errors)
            self.warnings.extend(Finding(f.location, f.code, f.message, "warning", f.card, f.hint)
                                 for f in findings if f not in errors)
            self.cache[key] = self.images.add(encode_png(self.paint(face, card, f"card {card.id}")))
        return self.cache[key]

    def back(self, card=None, mark: str = "") -> str:
        """The identifier of ``card``'s back: its own (an awakening card's life track) or the
        game's common back, stored once; ``mark`` is written across an own back in a band (two
        face-down life tracks look alike otherwise)."""
        own = card is not None and card.kind in self.own_backs
        key = ("back", card.id if own else None, mark if own else "")
        if key not in self.cache:
            from fuda.faces.layout import layout_back

            face = layout_back(self.game, card if own else None, bleed=0.0, fonts=self.fonts)
            if own and mark:
                face = _banded(face, mark)
            self.cache[key] = self.images.add(encode_png(self.paint(face, card if own else None, "the card back")))
        return self.cache[key]

    def counter(self, label: str, caption: str) -> str:
        """A round counter image with ``label`` (ライフ, 霊力 …) sized to fit, and a caption."""
        pal = _palette(self.game)
        d = 30.0
        size = min(d * 0.36, d * 0.78 / max(1, len(label))) / MM_PER_PT
        return self.chip(label, d, pal["back"], "#ffffff", pal["gold"], caption, text_pt=size)

    def chip(self, label: str, d: float, fill: str, ink: str, ring: str, caption: str = "",
             text_pt: float | None = None) -> str:
        """A round chip of diameter ``d`` mm with ``label`` (and a small caption), cut round."""
        from PIL import Image, ImageDraw

        key = ("chip", label, d, fill, ink, ring, caption, text_pt)
        if key not in self.cache:
            size = text_pt or d * (0.5 if len(label) <= 1 else 0.36) / MM_PER_PT
            dy = -d * 0.06 if caption else 0.0
            items = [Ellipse(0, 0, d, d, fill, ring, d * 0.04),
                     Ellipse(d * .1, d * .1, d * .8, d * .8, None, ring, d * .015),
                     TextLine(d / 2, d / 2 + 0.38 * size * MM_PER_PT + dy, label, size, "bold", ink, anchor="middle")]
            if caption:
                items.append(TextLine(d / 2, d * 0.8, caption, d * 0.11 / MM_PER_PT, "bold", ink, anchor="middle"))
            image = self.paint(Face(d, d, tuple(items)), None, f"chip {label}").convert("RGBA")
            ss = 4
            mask = Image.new("L", (image.width * ss, image.height * ss), 0)
            ImageDraw.Draw(mask).ellipse((0, 0, mask.width - 1, mask.height - 1), fill=255)
            image.putalpha(mask.resize(image.size, Image.LANCZOS))
            self.cache[key] = self.images.add(encode_png(image))
        return self.cache[key]


def _banded(face: Face, text: str) -> Face:
    """``face`` with ``text`` in a dark band, laid where it hides nothing the face prints: the
    widest strip free of text, circles, lines and pictures, across the face or (vertical
    writing) down it, whichever holds the larger letters; across the middle only when the face
    leaves no strip free."""
    w, h = face.width, face.height
    boxes = [box for box in map(_printed_box, face.items) if box is not None]
    across = _widest_gap([(y0, y1) for _, y0, _, y1 in boxes], h)
    down = _widest_gap([(x0, x1) for x0, _, x1, _ in boxes], w)
    n = max(1, len(text))
    pt_across = min((across[1] - across[0]) * 0.6, w * 0.85 / n) / MM_PER_PT
    pt_down = min((down[1] - down[0]) * 0.6, h * 0.85 / n / 1.1) / MM_PER_PT
    if max(pt_across, pt_down) * MM_PER_PT < BAND_MIN_MM:  # nowhere free: across the middle, as before
        band = 0.16 * h
        pt = min(band * 0.5, w * 0.85 / n) / MM_PER_PT
        across, pt_across, pt_down = ((h - band) / 2, (h + band) / 2), pt, 0.0
    if pt_across >= pt_down:
        y0, y1 = across
        size = pt_across * MM_PER_PT
        band = min(y1 - y0, size * 1.8)
        top = (y0 + y1 - band) / 2
        items = (Rect(0, top, w, band, BAND_FILL),
                 TextLine(w / 2, top + band / 2 + 0.36 * size, text, pt_across, "bold", "#ffffff", anchor="middle"))
    else:
        x0, x1 = down
        size = pt_down * MM_PER_PT
        band = min(x1 - x0, size * 1.8)
        left = (x0 + x1 - band) / 2
        step = size * 1.1
        first = (h - step * n) / 2 + step / 2 + 0.36 * size
        items = (Rect(left, 0, band, h, BAND_FILL),
                 *(TextLine(left + band / 2, first + i * step, ch, pt_down, "bold", "#ffffff", anchor="middle")
                   for i, ch in enumerate(text)))
    return Face(w, h, face.items + items, face.bleed, face.name)


#: The mark's band: its fill, and the least letter height (mm) a free strip must allow.
BAND_FILL = "#1d1a17"
BAND_MIN_MM = 3.0


def _printed_box(item) -> tuple[float, float, float, float] | None:
    """The box (x0, y0, x1, y1, mm) of what ``item`` prints, or None for backgrounds and frames
    (rectangles and polygons: a band may lie on them)."""
    if isinstance(item, TextLine):
        size = item.size * MM_PER_PT
        width = size * len(item.text) * item.h_scale
        x0 = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}.get(item.anchor, item.x)
        return x0, item.y - 0.9 * size, x0 + width, item.y + 0.2 * size
    if isinstance(item, Ellipse | ImagePrimitive):
        return item.x, item.y, item.x + item.w, item.y + item.h
    if isinstance(item, Rule):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    return None


def _widest_gap(spans: list[tuple[float, float]], length: float) -> tuple[float, float]:
    """The widest stretch of ``0..length`` that no span covers."""
    best, at = (0.0, 0.0), 0.0
    for a, b in sorted((max(0.0, a), min(length, b)) for a, b in spans):
        if a - at > best[1] - best[0]:
            best = (at, a)
        at = max(at, b)
    return (at, length) if length - at > best[1] - best[0] else best


def _piece(r: Renderer, game, card, state: int, size: float, mark: str = "") -> Piece:
    info = stats(game, card) + ([("デッキでの役割", mark)] if mark else [])
    detail = (detail_section("カード", card, info),)
    name = f"{card.name}【{mark}】" if mark else card.name
    return Piece(name, r.front(card), r.back(card, mark), state, size, detail)


def shuffled(items: tuple, seed: int, *names: str) -> tuple:
    """``items`` in an order fixed by ``seed`` and ``names`` (game, deck, pile): the same export
    options give the same order, another seed another order."""
    import random

    order = list(items)
    random.Random("/".join([str(seed), *names])).shuffle(order)
    return tuple(order)


def plan_deck(game, deck, *, scale: float, seed: int = 0, shuffle: bool = True, both_seats: bool = True) -> Plan:
    """The piles, images and table of one deck of ``game``, as its rule set plans them; decks
    and chip piles the players shuffle are shuffled with ``seed`` unless ``shuffle`` is False.
    Each counter the plan names comes once per seat (``both_seats``, a room) or once, named
    after the deck (a deck its player drops into a session).
    A pile, chip kind or counter on a zone the game's mat does not define is an ExportError."""
    plan = Plan(zones=zones(game))
    r = Renderer(game, plan.images, scale, plan.warnings)
    size = card_size(game)
    check_text(deck.name, Text("what.deck_name", deck=deck.id))
    about = check_text(str(deck.get("description") or ""), Text("what.deck_description", deck=deck.id))
    table = ruleset_for(game.rules).table_plan(game, deck)
    _check_zones(game, plan.zones, table)
    for spec in table.piles:
        state = 1 if spec.face_down else 0
        pieces = tuple(_pair(r, game, *cid, size, state) if isinstance(cid, tuple)
                       else _piece(r, game, game.card(cid), state, size, spec.mark) for cid in spec.cards)
        if spec.shuffle and shuffle:
            pieces = shuffled(pieces, seed, game.id, deck.id, spec.name)
        plan.piles.append(Pile(spec.name, pieces, spec.zone, loose=spec.loose,
                               description=about if spec.description else ""))
    if table.chips:
        plan.piles.extend(_chips(r, game, plan.zones, table.chips, seed if shuffle else None, deck.id))
    for counter in table.counters:
        # a room seats both players; a deck dropped into a session is one player's: its own counter only
        for seat, owner in (((1, "プレイヤー1"), (2, "プレイヤー2")) if both_seats else ((1, deck.name),)):
            image = r.counter(counter.name, owner if both_seats else "")
            plan.counters.append(Counter(
                f"{counter.name}（{owner}）", counter.name, counter.start, counter.maximum, image,
                COUNTER_CELLS, seat, counter.zone, tuple(counter.offset),
                f"{counter.name}の数。右クリック →「詳細を表示」の「リソース」で増減する（最大 {counter.maximum}）。"))
    _table(game, plan, r)
    return plan


def _check_zones(game, known: dict, table) -> None:
    """Every zone the plan names exists on the game's mat (no silent fallback to the table edge)."""
    if not known:
        return  # no mat template: everything lies in a row at the table's edge
    named = [(f"pile {p.name}", p.zone) for p in table.piles]
    named += [(f"{kind} chips", zone) for kind, zone in table.chips.items()]
    named += [(f"counter {c.name}", c.zone) for c in table.counters]
    for what, zone in named:
        if zone not in known:
            raise ExportError(Text("err.mat_zone", game=game.id, what=what, zone=zone, known=", ".join(sorted(known))))


def _pair(r: Renderer, game, a_id: str, b_id: str, size: float, state: int) -> Piece:
    """A double-faced card: face A on the front, face B on the back."""
    a, b = game.card(a_id), game.card(b_id)
    detail = (detail_section("表（A面）", a, stats(game, a)), detail_section("裏（B面）", b, stats(game, b)))
    return Piece(f"{a.name}／{b.name}", r.front(a, "a"), r.front(b, "b"), state, size, detail)


def _palette(game) -> dict:
    from fuda.faces.template import load_template

    colours = {"back": "#3b1f4a", "gold": "#d4a73c", "day": "#e8940c", "night": "#27305e", "moon": "#f4d35e"}
    colours.update(load_template(game).data.get("palette", {}))
    colours["back"] = (game.manifest.get("back") or {}).get("color") or colours["back"]
    return colours


def _chip_size(d: float) -> float:
    return round(max(d * TABLE_PX_PER_MM / CELL, MIN_CHIP_CELLS), 3)


def _chips(r: Renderer, game, known: dict, where, seed: int | None, deck_id: str) -> list[Pile]:
    """The manifest's chips (``chips.points``, ``chips.day-night``, ``chips.stat``), each kind on
    the zone ``where`` names for it; the face-down point chips shuffled with ``seed`` (None: in
    the manifest's order). Every chip is at least :data:`MIN_CHIP_CELLS` wide on the table."""
    chips = game.manifest.get("chips") or {}
    pal = _palette(game)
    piles = []
    d = known.get(where["points"], {}).get("d") or 19.0
    size = _chip_size(d)
    back = r.chip("？", d, pal["back"], pal["gold"], pal["gold"], "ポイント")
    points = tuple(Piece(f"ポイントチップ（{v}点）", r.chip(str(v), d, "#fbf8f2", pal["back"], pal["gold"], "ポイント"),
                         back, 1, size) for v in chips.get("points", ()))
    if points and seed is not None:
        points = shuffled(points, seed, game.id, deck_id, "ポイントチップ")
    if points:
        piles.append(Pile("ポイントチップ", points, where["points"]))
    if "day-night" in chips:
        d = known.get(where["day-night"], {}).get("d") or 40.0
        day = r.chip("昼", d, pal["day"], "#ffffff", pal["gold"], "昼夜チップ")
        night = r.chip("夜", d, pal["night"], pal["moon"], pal["gold"], "昼夜チップ")
        state = 0 if chips["day-night"].get("start", "day") == "day" else 1
        piece = Piece("昼夜チップ", day, night, state, _chip_size(d))
        piles.append(Pile("昼夜チップ", (piece,), where["day-night"], loose=True))
    d = 16.0  # stat chips: one face-up stack per kind, side by side on the stat-chip zone
    size = _chip_size(d)
    step = size * CELL / TABLE_PX_PER_MM + 6  # mm between the stacks' left edges
    for i, kind in enumerate(chips.get("stat") or ()):
        stat = kind["stat"]
        sign = "＋" if kind["delta"] > 0 else "－"  # full-width, as card text prints it
        front = r.chip(f"{sign}{abs(kind['delta'])}", d, _STAT_FILL.get(stat, pal["back"]), "#ffffff", pal["gold"],
                       _STAT_JA.get(stat, stat))
        back = r.chip(_STAT_JA.get(stat, stat)[:1], d, pal["back"], pal["gold"], pal["gold"], "能力値")
        pieces = tuple(Piece(kind["name"], front, back, 0, size) for _ in range(kind["count"]))
        piles.append(Pile(kind["name"], pieces, where["stat"], offset=(4 + i * step, 12)))
    return piles


_STAT_JA = {"power": "パワー", "speed": "スピード", "brain": "ブレイン", "all": "全能力値"}
_STAT_FILL = {"power": "#b8332a", "speed": "#2a6fb8", "brain": "#2f8f4e", "all": "#7a3fa0"}


# -- the table ----------------------------------------------------------------------------------

def zones(game) -> dict:
    """The mat zones of ``game`` that have an id (empty when the game has no mat template)."""
    from fuda.faces.mat import load_mat

    try:
        doc = load_mat(game)
    except FileNotFoundError:
        return {}
    return {z["id"]: z for z in doc.data["zones"] if "id" in z}


def zone_origin(game, zone_id: str, known: dict | None = None) -> tuple[float, float] | None:
    """Top-left (mm, on the player's mat) of the first card place of ``zone_id``."""
    from fuda.faces.mat import length

    z = (zones(game) if known is None else known).get(zone_id)
    if z is None:
        return None
    card = game.card_size
    x, y = length(z["x"], card), length(z["y"], card)
    if z.get("slots"):  # an area of card slots: its first slot (see mat._Mat.zone_area)
        s = z["slots"]
        gap, top = float(s.get("gap", 3)), float(s.get("top", 7))
        cols, rows = int(s["cols"]), int(s["rows"])
        w, h = length(z["w"], card), length(z["h"], card)
        x += (w - (cols * card[0] + (cols - 1) * gap)) / 2
        y += top + (h - top - (rows * card[1] + (rows - 1) * gap)) / 2
    return x, y


def _table(game, plan: Plan, r: Renderer, sides: int = 2) -> None:
    """The table: the mat for each player (the opponent's turned 180°), padded to whole cells
    with the mat's own background so the image has exactly the table's aspect."""
    from PIL import Image

    scale = MAT_SCALE
    try:
        from fuda.faces.mat import layout_mat

        face = layout_mat(game, r.fonts)
    except FileNotFoundError as exc:
        if ruleset_for(game.rules).mat(game) is not None:  # a rule set without a mat: a plain table, as designed
            plan.warnings.append(Finding(_loc(game), "X202", f"{exc}; the table has a plain surface", "warning"))
        face = Face(20 * 31.5, 15 * 31.5 / sides, (Rect(0, 0, 20 * 31.5, 15 * 31.5 / sides, "#f6f1e6"),))
    mat = r.paint(face, None, "the mat", TABLE_PX_PER_MM * scale * 25.4)
    mw, mh = mat.size
    cells = (math.ceil(mw / scale / CELL - 1e-6), math.ceil(mh * sides / scale / CELL - 1e-6))
    canvas = Image.new("RGB", (cells[0] * CELL * scale, cells[1] * CELL * scale), mat.getpixel((0, 0)))
    ox, oy = (canvas.width - mw) // 2, (canvas.height - mh * sides) // 2
    if sides == 2:
        canvas.paste(mat.rotate(180), (ox, oy))
    canvas.paste(mat, (ox, oy + mh * (sides - 1)))
    plan.table_cells = cells
    plan.mat_origin = (ox / scale, (oy + mh * (sides - 1)) / scale)
    plan.mat_size = (mw / scale, mh / scale)
    ident = plan.images.add(encode_png(canvas))
    plan.table = xml_table(f"{game.name} プレイマット", cells, ident)


def _loc(game):
    from fuda.database.findings import Location

    return game.source or Location(Path(game.folder) / "game.yaml")


__all__ = ["Renderer", "plan_deck", "shuffled", "stats", "zone_origin", "zones"]
