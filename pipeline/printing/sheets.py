"""``print_cards``: print-and-play sheets and print-shop files as PDF.

Cards are laid out once (:mod:`fuda.faces.layout`), placed by :mod:`fuda.printing.imposition`, marked
by :mod:`fuda.printing.marks` and painted by :mod:`fuda.faces.paint_pdf`; the file is written
atomically. What is printed is a list of :class:`PrintItem` — a card and its back, or for a ryomen
pairing a double-faced card whose back is the pair's other card.

Markers: the layout puts ``card:<id>:<side>`` at a face's centre; imposition moves it to a
corner so tests can tell a mirrored back from a turned one: the front's marker sits at the front's
top-left trim corner and the back's at the back's top-right trim corner, the two points that lie
on each other through the paper. The key of a ryomen pair is ``<a>+<b>``.

Per-face mode (print shops) writes ONE multi-page PDF, one page per distinct face at trim +
bleed (MediaBox = BleedBox, TrimBox inset by the bleed, ArtBox = the 3 mm safe area), in order
front, back, front, back …; each page is labelled ``<id>-front`` / ``<id>-back`` (PDF page
labels) and bookmarked as ``<id> front ×<copies>``, so the shop sees names and quantities.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType

from fuda.atomic import atomic_path
from fuda.faces.primitives import Face, Marker
from fuda.i18n import Text
from fuda.printing.imposition import (
    BACKS,
    MARKS,
    MIN_MARGIN,
    PLAIN_MARGIN,
    PT_PER_MM,
    PagePlan,
    PrintOptionError,
    Slot,
    check_bleed,
    check_copies,
    check_offset,
    face_page,
    paginate,
    paper_size,
    pdf_box,
    sheet_layout,
)
from fuda.printing.imposition import (
    card_size as parse_card_size,
)
from fuda.printing.pdfx import PDFX_PDF_VERSION, add_output_intent

SIDES_JA = {"front": "表", "back": "裏", "both": "表裏"}


@dataclass(frozen=True)
class PrintItem:
    """One physical card: its key (marker id), its front card and, for ryomen, face B's card."""

    key: str
    front: object  # pipeline.database.Card
    back: object | None = None  # the card on the other face (ryomen pairs); None: the game's back


def with_card_size(game, size):
    """``game`` with its manifest's card size replaced by ``size`` (w, h) mm (None: unchanged)."""
    if size is None or tuple(size) == tuple(game.card_size):
        return game
    manifest = dict(game.manifest)
    manifest["card-size"] = MappingProxyType({"width": float(size[0]), "height": float(size[1])})
    return dataclasses.replace(game, manifest=MappingProxyType(manifest))


def is_pairing(game, deck) -> bool:
    """True when ``deck`` is a pairing of double-faced cards (its rule set's ``deck_pairs``)."""
    return deck is not None and bool(deck.pairs)


def select_items(game, *, deck: str | None = None, ids=None, copies: int = 1,
                 pairs: bool = True) -> list[PrintItem]:
    """What to print: a deck (ryomen pairings as pairs when ``pairs``), the given ids, or every
    card of the game, each ``copies`` times. Unknown decks or ids are :class:`PrintOptionError`."""
    check_copies(copies)
    if deck is not None and ids:
        raise PrintOptionError(Text("err.deck_and_ids"))
    items: list[PrintItem] = []
    if deck is not None:
        try:
            d = game.deck(deck)
        except KeyError as exc:
            raise PrintOptionError(exc.args[0]) from None
        if is_pairing(game, d) and pairs:
            for a, b in d.pairs:
                items.append(PrintItem(f"{a}+{b}", game.card(a), game.card(b)))
        else:
            items = [PrintItem(cid, game.card(cid)) for cid in d.card_ids()]
    elif ids:
        for cid in ids:
            try:
                items.append(PrintItem(cid, game.card(cid)))
            except KeyError as exc:
                raise PrintOptionError(exc.args[0]) from None
    else:
        items = [PrintItem(c.id, c) for c in game.cards]
    if not items:
        raise PrintOptionError(Text("err.nothing_to_print", game=game.id))
    check_copies(copies, len(items))
    return [item for item in items for _ in range(copies)]


class _Faces:
    """Faces laid out once per card and side, with the imposition's corner markers.

    A face is kept only while a later placement still needs it (``wanted``: the (index, side)
    placements to come, counted from the pages): 10,000 cards' faces would otherwise stay in
    memory to the end of the file (≈ 200 MB), though almost every face is drawn once.
    """

    def __init__(self, game, items: list[PrintItem], bleed: float, fonts, wanted=None):
        self.game, self.items, self.bleed, self.fonts = game, items, bleed, fonts
        self._plain: dict[tuple[str, str], Face] = {}
        self._marked: dict[tuple[str, str], Face] = {}
        self._plain_left: Counter = Counter()
        self._marked_left: Counter = Counter()
        firsts: dict = {}
        for index, side in wanted or ():
            key = self._marked_key(index, side)
            self._marked_left[key] += 1
            firsts.setdefault(key, (index, side))
        for index, side in firsts.values():  # a plain face is asked for once per marked face
            self._plain_left[self._plain_key(self.items[index], side)] += 1
        self._counted = wanted is not None

    def _plain_key(self, item: PrintItem, side: str) -> tuple[str, str]:
        card = item.front if side == "front" else (item.back or item.front)
        return (card.id, side if item.back is None else "front")

    def _marked_key(self, index: int, side: str) -> tuple[str, str]:
        return (self.items[index].key, side)

    def _take(self, cache: dict, left: Counter, key, make):
        face = cache.get(key)
        if face is None:
            face = make()
        if self._counted:
            left[key] -= 1
            if left[key] > 0:
                cache[key] = face
            else:
                cache.pop(key, None)
        else:
            cache[key] = face
        return face

    def plain(self, item: PrintItem, side: str) -> Face:
        from fuda.faces.layout import layout_back, layout_card

        card = item.front if side == "front" else (item.back or item.front)

        def make():
            if side == "front" or item.back is not None:
                return layout_card(self.game, card, bleed=self.bleed, fonts=self.fonts)
            return layout_back(self.game, card, bleed=self.bleed, fonts=self.fonts)

        return self._take(self._plain, self._plain_left, self._plain_key(item, side), make)

    def __call__(self, index: int, side: str) -> Face:
        item = self.items[index]

        def make():
            face = self.plain(item, side)
            x = 0.0 if side == "front" else face.width
            kept = tuple(i for i in face.items if not (type(i) is Marker and i.text.startswith("card:")))
            return Face(face.width, face.height, (*kept, Marker(x, 0.0, f"card:{item.key}:{side}")),
                        face.bleed, f"{item.key}/{side}")

        return self._take(self._marked, self._marked_left, self._marked_key(index, side), make)


def place_face(canvas, face: Face, slot: Slot, page_height: float, fonts, image_file=None) -> None:
    """Draw ``face`` into ``slot`` (mm, top-left page coordinates), turned 180° when asked,
    clipped to the trim plus the bleed the slot keeps."""
    from fuda.faces.paint_pdf import draw_face

    x0, y0, x1, y1 = slot.trim
    left, top, right, bottom = slot.keep
    if not slot.rotate:
        draw_face(canvas, face, x0 * PT_PER_MM, (page_height - y1) * PT_PER_MM, fonts,
                  clip=(left, bottom, right, top), image_file=image_file)
        return
    canvas.saveState()
    canvas.translate((x0 + x1) / 2 * PT_PER_MM, (page_height - (y0 + y1) / 2) * PT_PER_MM)
    canvas.rotate(180)
    draw_face(canvas, face, -slot.w / 2 * PT_PER_MM, -slot.h / 2 * PT_PER_MM, fonts,
              clip=(right, top, left, bottom), image_file=image_file)
    canvas.restoreState()


def draw_items(canvas, items, page_w: float, page_h: float, fonts) -> None:
    """Draw page-level primitives (marks, labels) in page millimetres: black lines are printer's
    marks (registration colour on a CMYK page)."""
    from fuda.faces.paint_pdf import draw_face

    if items:
        draw_face(canvas, Face(page_w, page_h, tuple(items)), 0.0, 0.0, fonts, clip=(0.0, 0.0, 0.0, 0.0),
                  marks=True)


def start_page(canvas, page: PagePlan, art_box: bool = True) -> None:
    """Size the next page and set its TrimBox, BleedBox and (unless PDF/X, which forbids an
    ArtBox beside the TrimBox) its ArtBox."""
    h = page.height
    canvas.setPageSize((round(page.width * PT_PER_MM, 4), round(h * PT_PER_MM, 4)))
    canvas.setTrimBox(pdf_box(page.trim, h))
    canvas.setBleedBox(pdf_box(page.bleed, h))
    if art_box:
        canvas.setArtBox(pdf_box(page.art, h))


def print_cards(game, *, deck: str | None = None, ids=None, copies: int = 1, paper: str = "A4",
                card_size=None, bleed: float = 3.0, marks: str = "tombo", backs: str | None = None,
                back_offset=(0.0, 0.0), per_face: bool = False, cmyk: bool = False, icc=None,
                pdfx: bool = False, out, _mirror: bool = True, progress=None) -> Path:
    """Write the cards of ``game`` as a print-ready PDF at ``out`` and return its path.

    ``backs`` is "none", "long-edge", "short-edge" or "gutter"; ``None`` means long-edge for a
    ryomen pairing (both faces must be printed) and "none" otherwise. ``card_size`` is (w, h) mm
    or a preset string ("63x88", "59x86", "91x55"). ``back_offset`` (mm, +x right, +y down as
    seen on the back page) corrects a printer's duplex drift. ``cmyk`` draws CMYK only, every
    colour and the art converted through the ICC profile ``icc`` (a plain conversion, with a
    warning, without) and the profile written as the file's OutputIntent; ``pdfx`` (needs
    ``icc``) makes the file PDF/X-1a:2001 (:mod:`fuda.printing.pdfx`).
    Option problems raise :class:`PrintOptionError`; cards that cannot be laid out raise
    :class:`~fuda.database.findings.FindingsError`. ``progress(done, total)`` is called after
    each page with the faces placed so far and in all (a progress bar's counts).
    """
    from fuda.faces.fonts import game_fonts
    from fuda.faces.paint_pdf import new_canvas, seal_page

    if pdfx and icc is None:
        raise PrintOptionError(Text("err.print.pdfx_needs_icc"))
    cmyk = cmyk or pdfx
    if icc is not None and not cmyk:
        raise PrintOptionError(Text("err.print.icc_needs_cmyk"))
    if marks not in MARKS:
        raise PrintOptionError(Text("err.marks", marks=marks, known=", ".join(MARKS)))
    if backs is not None and backs not in BACKS:
        raise PrintOptionError(Text("err.backs", backs=backs, known=", ".join(BACKS)))
    bleed = check_bleed(bleed)
    paper_wh = paper_size(paper)
    if isinstance(card_size, str):
        card_size = parse_card_size(card_size)
    game = with_card_size(game, card_size)
    _check_card_size(game)
    pairing = deck is not None and is_pairing(game, _deck_or_error(game, deck))
    if backs is None:
        backs = "long-edge" if pairing else "none"
    items = select_items(game, deck=deck, ids=ids, copies=copies, pairs=backs != "none")
    dx, dy = check_offset(back_offset)
    fonts = game_fonts(game)
    card = game.card_size

    own_backs = _own_back_kinds(game)
    if backs == "none":
        _warn_missing_backs(game, items, own_backs)
    shared = [i for i, item in enumerate(items) if item.back is None and item.front.kind not in own_backs]
    if per_face:
        first: dict[str, int] = {}
        for i, item in enumerate(items):
            first.setdefault(item.key, i)
        counts = Counter(item.key for item in items)
        pages = []
        for i in first.values():
            pages.append(face_page(card, bleed, i, "front"))
            if backs != "none" and i not in shared:
                pages.append(face_page(card, bleed, i, "back"))
        if backs != "none" and shared:  # the game's common back: one page for every card
            pages.append(face_page(card, bleed, shared[0], "back"))
    else:
        margin = PLAIN_MARGIN if marks == "none" else MIN_MARGIN
        layout = sheet_layout(paper_wh, card, bleed, backs, (dx, dy), margin=margin, mirror=_mirror)
        pages = paginate(layout, len(items))
    faces = _Faces(game, items, bleed, fonts, wanted=[(pl.item, pl.side) for p in pages for pl in p.placements])
    image_file = profile = None
    if cmyk:
        from fuda.printing.cmyk import ColourProfile, ImageConverter, warn_plain

        profile = ColourProfile.from_file(icc) if icc is not None else None
        image_file = ImageConverter(profile=profile)
        if profile is None:
            warn_plain()
    sheets = max((p.number for p in pages), default=0)
    placed, placements = 0, sum(len(p.placements) for p in pages)
    with atomic_path(Path(out)) as tmp:
        first_page = pages[0]
        canvas = new_canvas(str(tmp), (first_page.width * PT_PER_MM, first_page.height * PT_PER_MM),
                            fonts, cmyk=cmyk, convert=profile.cmyk if profile else None,
                            pdf_version=PDFX_PDF_VERSION if pdfx else None)
        canvas.setTitle(f"{game.name} ({game.id})")
        if profile is not None:
            add_output_intent(canvas, profile, pdfx=pdfx)
        for n, page in enumerate(pages):
            start_page(canvas, page, art_box=not pdfx)
            for pl in page.placements:
                place_face(canvas, faces(pl.item, pl.side), pl.slot, page.height, fonts, image_file)
            if per_face:
                pl = page.placements[0]
                key = items[pl.item].key
                if pl.side == "back" and pl.item in shared:
                    label, title = "back-common", f"common back (共通裏面) ×{len(shared)}"
                else:
                    label, title = f"{key}-{pl.side}", f"{key} {pl.side} ×{counts[key]}"
                canvas.addPageLabel(n, prefix=label)
                canvas.bookmarkPage(f"p{n}")
                canvas.addOutlineEntry(title, f"p{n}")
            else:
                from fuda.printing.marks import page_marks

                label = (f"{game.name} {deck or ''} {page.number}/{sheets}{SIDES_JA[page.side]}"
                         f" {paper} {card[0]:g}×{card[1]:g} bleed {bleed:g}")
                draw_items(canvas, page_marks(page, marks, label, fonts.width_mm), page.width,
                           page.height, fonts)
                canvas.addPageLabel(n, prefix=f"{page.number}-{page.side}")
            canvas.showPage()
            seal_page(canvas)
            placed += len(page.placements)
            if progress is not None:
                progress(placed, placements)
        canvas.save()
    return Path(out)


def _own_back_kinds(game) -> frozenset[str]:
    """Card kinds whose back is their own design (a Recast Rift awakening card's life track)."""
    from fuda.faces.template import find_template, load_template

    try:
        find_template(game)
    except FileNotFoundError:
        return frozenset()
    return frozenset(k for k in load_template(game).data.get("backs", {}) if k != "default")


class MissingBacksWarning(UserWarning):
    """Cards whose own back design is needed for play are printed without backs."""


def _warn_missing_backs(game, items, own_backs) -> None:
    import warnings

    missing = sorted({item.front.id for item in items if item.front.kind in own_backs})
    if missing:
        kinds = ", ".join(sorted({item.front.kind for item in items if item.front.kind in own_backs}))
        shown = ", ".join(missing[:4]) + (" …" if len(missing) > 4 else "")
        warnings.warn(MissingBacksWarning(Text("warn.missing_backs", count=len(missing), kinds=kinds, shown=shown,
                                               game=game.name)), stacklevel=3)


def _check_card_size(game) -> None:
    """A card size the game's layout cannot take (turned the other way) is an option error."""
    from fuda.faces.template import CardSizeError, load_template

    try:
        load_template(game).placement(game.card_size)
    except CardSizeError as exc:
        raise PrintOptionError(exc.args[0]) from None


def _deck_or_error(game, deck_id: str):
    try:
        return game.deck(deck_id)
    except KeyError as exc:
        raise PrintOptionError(exc.args[0]) from None


def print_calibration(*, paper: str = "A4", backs: str = "long-edge", back_offset=(0.0, 0.0),
                      out) -> Path:
    """Write the two-page duplex calibration sheet (see :func:`fuda.printing.marks.calibration_pages`)."""
    from fuda.faces.fonts import default_fonts
    from fuda.faces.paint_pdf import new_canvas
    from fuda.printing.marks import calibration_pages

    if backs not in ("long-edge", "short-edge"):
        raise PrintOptionError(Text("err.calibration_backs"))
    w, h = paper_size(paper)
    front, back = calibration_pages(w, h, backs, check_offset(back_offset))
    fonts = default_fonts()
    with atomic_path(Path(out)) as tmp:
        canvas = new_canvas(str(tmp), (w * PT_PER_MM, h * PT_PER_MM), fonts)
        canvas.setTitle("fuda duplex calibration")
        for items in (front, back):
            draw_items(canvas, items, w, h, fonts)
            canvas.showPage()
        canvas.save()
    return Path(out)
