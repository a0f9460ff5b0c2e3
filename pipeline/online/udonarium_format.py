"""The Udonarium (ユドナリウム) file format: XML elements, images named by their SHA-256, card
and stack pieces, ZIP bytes. What goes on a game's table is :mod:`fuda.online.udonarium_plan`;
the export itself is :mod:`fuda.online.udonarium`.

Follows ../shared/formats/udonarium.md (§0 recipe, §5–§11). A ZIP holds UTF-8 XML files and images
named ``<sha256>.<ext>``, the identifier being the lower-case SHA-256 of the bytes as stored; every
image is at most 2 MiB (re-encoded, then shrunk until it fits, then hashed); equal images are stored
once.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import re
import zipfile
from dataclasses import dataclass, field

from fuda.database.findings import Finding
from fuda.i18n import Text

MAX_IMAGE_BYTES = 2 * 1024 * 1024  # udonarium.md §9.3: 2,097,152 accepted, one more refused
TABLE_PX_PER_MM = 50 / 31.5  # a 63 mm card is 100 px (size 2), Udonarium's own trump size
FACE_SCALE = 3  # face bitmaps at 3× their on-table size (udonarium.md §10: 2–4× stays sharp)
MAT_SCALE = 2
CELL = 50  # px per grid cell; never anything else (udonarium.md §7, pitfall 15)
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffd\ufffe\uffff\ud800-\udfff]")
ROOM_NOTE = "the ZIP holds a <room>: importing it REPLACES the whole Udonarium session (tables, decks, characters)"


class ExportError(ValueError):
    """An export that cannot be made; one-line message. ``usage`` marks a bad request (an
    unknown deck) rather than bad data."""

    def __init__(self, message: str, usage: bool = False):
        super().__init__(message)
        self.usage = usage


# -- XML ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class El:
    """An XML element: tag, attributes (in order), child elements or one text value."""

    tag: str
    attrs: tuple = ()
    children: tuple = ()
    text: str | None = None


def _attr_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"attribute value {value} is not JSON")
        return json.dumps(int(value) if float(value).is_integer() else round(value, 3))
    # Udonarium decodes attribute entities twice (udonarium.md §3.2): escape once for its own
    # decoder (the five XML entities), then once more for the XML parser.
    return _escape(_escape(str(value), quotes=True), quotes=True)


def _escape(text: str, quotes: bool = False) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quotes:
        text = text.replace('"', "&quot;").replace("'", "&apos;")
    return text


def to_xml(root: El) -> bytes:
    """UTF-8 XML with a declaration; indentation only between elements, never inside a value."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n']

    def write(el: El, depth: int):
        pad = "  " * depth
        attrs = "".join(f' {k}="{_attr_value(v)}"' for k, v in el.attrs)
        if el.children:
            out.append(f"{pad}<{el.tag}{attrs}>\n")
            for child in el.children:
                write(child, depth + 1)
            out.append(f"{pad}</{el.tag}>\n")
        else:
            out.append(f"{pad}<{el.tag}{attrs}>{_escape(el.text or '')}</{el.tag}>\n")

    write(root, 0)
    return "".join(out).encode("utf-8")


def data(name: str, value=None, *, type: str | None = None, children=()) -> El:
    """A ``<data>`` element; ``name`` is a fixed label (never card text: attributes decode twice)."""
    attrs = (("type", type),) if type is not None else ()
    return El("data", (*attrs, ("name", name)), tuple(children), None if value is None else str(value))


# -- images -------------------------------------------------------------------------------------

class Images:
    """The images of one ZIP: each stored once under its SHA-256, each within 2 MiB."""

    def __init__(self):
        self.entries: dict[str, tuple[str, bytes]] = {}

    def add(self, data_: bytes, ext: str = "png") -> str:
        """Store ``data_`` (shrunk to fit first) and return its identifier."""
        if len(data_) > MAX_IMAGE_BYTES:
            data_, ext, _ = fit_image(data_)
        ident = hashlib.sha256(data_).hexdigest()
        self.entries.setdefault(ident, (f"{ident}.{ext}", data_))
        return ident


def fit_image(data_: bytes, limit: int = MAX_IMAGE_BYTES) -> tuple[bytes, str, tuple[int, int]]:
    """Re-encode an image until it is at most ``limit`` bytes: PNG at full compression, a
    palette PNG when it has at most 256 colours (lossless), JPEG at falling quality, then JPEG
    at shrinking sizes (aspect kept). Returns (bytes, extension, pixel size)."""
    from PIL import Image

    im = Image.open(io.BytesIO(data_))
    im.load()
    im = im.convert("RGBA" if "A" in im.getbands() else "RGB")

    def encode(image, fmt, **kw):
        buf = io.BytesIO()
        image.save(buf, fmt, **kw)
        return buf.getvalue()

    def palette(image):
        return image.quantize(256, method=Image.Quantize.FASTOCTREE if image.mode == "RGBA" else None,
                              dither=Image.Dither.NONE)

    tries = []
    if len(data_) < limit * 1.3:
        tries.append(lambda i: (encode(i, "PNG", compress_level=9), "png"))
    if im.getcolors(256) is not None or im.mode == "RGBA":  # lossless for ≤ 256 colours; RGBA stays PNG
        tries.append(lambda i: (encode(palette(i), "PNG", compress_level=9), "png"))
    if im.mode == "RGB":
        tries += [lambda i, q=q: (encode(i, "JPEG", quality=q), "jpg") for q in (90, 80, 70)]
    for attempt in tries:
        out, ext = attempt(im)
        if len(out) <= limit:
            return out, ext, im.size
    while True:  # last resort: fewer pixels, same aspect, sized from the overshoot
        factor = max(0.3, min(0.9, math.sqrt(limit / len(out)) * 0.95))
        im = im.resize((max(1, round(im.width * factor)), max(1, round(im.height * factor))), Image.LANCZOS)
        out, ext = ((encode(im, "JPEG", quality=80), "jpg") if im.mode == "RGB"
                    else (encode(palette(im), "PNG", compress_level=9), "png"))
        if len(out) <= limit:
            return out, ext, im.size


def encode_png(image) -> bytes:
    """Deterministic PNG bytes (no metadata, fixed compression); a ``--watch`` session reuses
    the bytes of an image whose pixels did not change."""
    from fuda.faces.reuse import encoded

    return encoded(image, _encode_png, "udonarium")


def _encode_png(image) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=3)
    return buf.getvalue()


# -- what goes on the table ---------------------------------------------------------------------

@dataclass(frozen=True)
class Piece:
    """One Udonarium card: name, front and back identifiers, face up (0) or down (1), detail."""

    name: str
    front: str
    back: str
    state: int
    size: float
    detail: tuple = ()


@dataclass(frozen=True)
class Pile:
    """A card-stack (``cards``, top first) or, with ``loose``, one card on its own; ``zone`` is
    the mat zone it starts on in a room."""

    name: str
    cards: tuple[Piece, ...]
    zone: str | None = None
    loose: bool = False
    description: str = ""
    offset: tuple[float, float] = (0.0, 0.0)  # mm from the zone's first place (piles sharing a zone)


@dataclass(frozen=True)
class Counter:
    """A counter piece (Udonarium ``<character>``): an image, and in its detail a number with a
    maximum (``numberResource``) players change with the slider; ``seat`` 1 or 2."""

    name: str
    resource: str
    start: int
    maximum: int
    image: str
    size: float
    seat: int
    zone: str | None = None
    offset: tuple[float, float] = (0.0, 0.0)
    note: str = ""


@dataclass
class Plan:
    """Everything one export writes: images, piles, and the table."""

    images: Images = field(default_factory=Images)
    piles: list[Pile] = field(default_factory=list)
    warnings: list[Finding] = field(default_factory=list)
    table: El | None = None
    table_cells: tuple[int, int] = (20, 15)
    mat_origin: tuple[float, float] = (0.0, 0.0)  # table px of the player's own mat
    mat_size: tuple[float, float] = (0.0, 0.0)  # table px of one player's mat
    counters: list[Counter] = field(default_factory=list)
    zones: dict = field(default_factory=dict)  # mat zone id -> zone of the mat template


def card_size(game) -> float:
    """The Udonarium ``size`` of the game's cards (width in 50 px units)."""
    return round(game.card_size[0] * TABLE_PX_PER_MM / CELL, 3)


def check_text(text: str, what: str, card=None) -> str:
    """``text`` unchanged, or an error when Udonarium would drop characters of it (§2.4)."""
    m = _BAD_XML.search(text)
    if m:
        where = Text("word.card_where", card=card.id, source=card.source) if card is not None else ""
        raise ExportError(Text("err.udon_strips", what=what, code=f"{ord(m.group()):04X}", where=where))
    return text


def xml_card(piece: Piece, x: float = 0, y: float = 0) -> El:
    """A ``<card>`` element (udonarium.md §5)."""
    attrs = (("location.name", "table"), ("location.x", x), ("location.y", y), ("posZ", 0),
             ("state", piece.state), ("rotate", 0), ("owner", ""), ("zindex", 0))
    root = data("card", children=(
        data("image", children=(data("imageIdentifier", "", type="image"), data("front", piece.front, type="image"),
                                data("back", piece.back, type="image"))),
        data("common", children=(data("name", piece.name), data("size", _attr_value(piece.size)))),
        data("detail", children=piece.detail)))
    return El("card", attrs, (root,))


def xml_stack(pile: Pile, x: float = 0, y: float = 0) -> El:
    """A ``<card-stack>`` element, top card first (udonarium.md §6)."""
    attrs = (("location.name", "table"), ("location.x", x), ("location.y", y), ("posZ", 0), ("rotate", 0),
             ("zindex", 0), ("owner", ""), ("isShowTotal", True))
    about = (data("デッキ", children=(data("説明", pile.description, type="note"),)),) if pile.description else ()
    root = data("card-stack", children=(data("image", children=(data("imageIdentifier", "", type="image"),)),
                                        data("common", children=(data("name", pile.name),)),
                                        data("detail", children=about)))
    return El("card-stack", attrs, (root, El("node", (("name", "cardRoot"),), tuple(xml_card(c) for c in pile.cards))))


def xml_character(counter: Counter, x: float = 0, y: float = 0) -> El:
    """A ``<character>`` counter piece: image, name, size, and the number in its detail as a
    ``numberResource`` (value = maximum, ``currentValue`` = now), as Udonarium's own pieces keep HP."""
    attrs = (("location.name", "table"), ("location.x", x), ("location.y", y), ("posZ", 0), ("rotate", 0),
             ("roll", 0))
    resource = El("data", (("type", "numberResource"), ("currentValue", counter.start), ("name", counter.resource)),
                  (), str(counter.maximum))
    sections = [data("リソース", children=(resource,))]
    if counter.note:
        sections.append(data("情報", children=(data("説明", counter.note, type="note"),)))
    root = data("character", children=(
        data("image", children=(data("imageIdentifier", counter.image, type="image"),)),
        data("common", children=(data("name", counter.name), data("size", _attr_value(counter.size)))),
        data("detail", children=tuple(sections))))
    return El("character", attrs, (root,))


#: The tags Udonarium's summary shows by default (``DataSummarySetting.dataTag``).
SUMMARY_TAGS = ("HP", "MP", "敏捷度", "生命力", "精神力")


def xml_summary(resources) -> El:
    """A ``<summary-setting>`` (Udonarium's own room saves carry it as ``summary.xml``) whose
    tags are Udonarium's defaults and ``resources``: a piece's overview on hover shows the data
    its tags name, so a counter shows its value (ライフ 7 / 7) without opening its sheet."""
    tags = list(dict.fromkeys((*SUMMARY_TAGS, *resources)))
    return El("summary-setting", (("sortTag", "name"), ("sortOrder", "ASC"), ("dataTag", " ".join(tags))), ())


def xml_table(name: str, cells: tuple[int, int], image: str, selected: bool = True) -> El:
    """A ``<game-table>`` whose surface is ``image`` (udonarium.md §7, §8 option A)."""
    return El("game-table", (("name", name), ("width", cells[0]), ("height", cells[1]), ("gridSize", CELL),
                             ("imageIdentifier", image), ("backgroundImageIdentifier", "imageIdentifier"),
                             ("backgroundFilterType", ""), ("selected", selected), ("gridType", 0),
                             ("gridColor", "#000000e6")))


def detail_section(title: str, card, stats: list[tuple[str, str]]) -> El:
    """One detail section: the card's id, name, stats, its text (note テキスト) and flavour."""
    items = [data("カードID", card.id), data("カード名", check_text(card.name, Text("what.name"), card))]
    items += [data(label, check_text(value, label, card)) for label, value in stats]
    items.append(data("テキスト", check_text(card.text or "", Text("what.text"), card), type="note"))
    if card.flavor:
        items.append(data("フレーバー", check_text(card.flavor, Text("what.flavour"), card), type="note"))
    return data(title, children=items)


# -- the ZIP ------------------------------------------------------------------------------------

def zip_bytes(files: list[tuple[str, bytes]]) -> bytes:
    """A ZIP of ``files`` in the given order with fixed times: the same input, the same bytes."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, blob in files:
            info = zipfile.ZipInfo(name, date_time=ZIP_TIME)
            info.external_attr = 0o644 << 16
            info.create_system = 3
            info.compress_type = zipfile.ZIP_DEFLATED if name.endswith(".xml") else zipfile.ZIP_STORED
            zf.writestr(info, blob, compresslevel=6 if info.compress_type == zipfile.ZIP_DEFLATED else None)
    return buf.getvalue()
