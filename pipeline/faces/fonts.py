"""The fonts a game prints with: a regular and a bold TrueType face, embedded in every PDF.

fuda ships BIZ UD Gothic (Morisawa, SIL OFL 1.1; ``templates/fonts/``) so ``pip install`` alone
brings a Japanese font. A game may name its own TrueType files in its manifest::

    font: {regular: fonts/MyFont-R.ttf, bold: fonts/MyFont-B.ttf}   # relative to game.yaml

Only TrueType (glyf) outlines can be embedded by reportlab; a CFF-based ``.otf``/``.ttc`` is
refused with a one-line :class:`FontError`. Each face is registered with reportlab under a name
derived from its file's content hash, so two faces sharing a PostScript name never alias
(print-notes pitfall 1). Widths come from the font's own ``hmtx`` table (no kerning, exactly what
reportlab draws), cached per string.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from fuda.database.resources import templates_dir

ROLES = ("regular", "bold")
BUNDLED = {"regular": "BIZUDGothic-Regular.ttf", "bold": "BIZUDGothic-Bold.ttf"}
_PT_PER_MM = 72.0 / 25.4


class FontError(ValueError):
    """A font file that cannot be used (missing, not TrueType, unreadable); one-line message."""


@dataclass(frozen=True, eq=False)
class FontFace:
    """One registered TrueType face: its file, its reportlab name and its metrics."""

    role: str
    path: Path
    name: str  # unique reportlab / PDF name
    ttfont: object = field(repr=False)  # reportlab.pdfbase.ttfonts.TTFont

    @property
    def cmap(self) -> dict:
        """Code point → glyph id of the font's Unicode cmap."""
        return self.ttfont.face.charToGlyph

    @property
    def ascent(self) -> float:
        """Ascent as a fraction of the em (positive)."""
        return self.ttfont.face.ascent / 1000.0

    @property
    def descent(self) -> float:
        """Descent as a fraction of the em (positive, below the baseline)."""
        return -self.ttfont.face.descent / 1000.0


class FontSet:
    """A game's regular and bold faces, with glyph checks and cached width measurement."""

    def __init__(self, regular: FontFace, bold: FontFace):
        self.faces = {"regular": regular, "bold": bold}
        self._widths: dict[tuple[str, str], float] = {}
        self._missing: dict[tuple[str, str | None], list[str]] = {}
        self._char_widths = {role: face.ttfont.face.charWidths for role, face in self.faces.items()}
        self._default_width = {role: face.ttfont.face.defaultWidth for role, face in self.faces.items()}

    def __repr__(self) -> str:
        return f"FontSet({self.faces['regular'].path.name}, {self.faces['bold'].path.name})"

    def face(self, role: str) -> FontFace:
        """The face for ``role`` ("regular" or "bold")."""
        try:
            return self.faces[role]
        except KeyError:
            raise ValueError(f"unknown font role {role!r} (use regular or bold)") from None

    def font_name(self, role: str = "regular") -> str:
        """The unique name the face is registered under with reportlab."""
        return self.face(role).name

    def path(self, role: str = "regular") -> Path:
        """The TrueType file of the face (the PNG painter opens the same file)."""
        return self.face(role).path

    def width(self, text: str, size: float, role: str = "regular") -> float:
        """Advance width of ``text`` at ``size`` points, in points."""
        key = (role, text)
        w = self._widths.get(key)
        if w is None:
            widths = self._char_widths[role]
            default = self._default_width[role]
            w = sum(widths.get(ord(ch), default) for ch in text) / 1000.0
            if len(self._widths) > 200_000:  # bound the cache on huge runs
                self._widths.clear()
            self._widths[key] = w
        return w * size

    def width_mm(self, text: str, size: float, role: str = "regular") -> float:
        """Advance width of ``text`` at ``size`` points, in millimetres."""
        return self.width(text, size, role) / _PT_PER_MM

    def missing_glyphs(self, text: str, role: str | None = None) -> list[str]:
        """Characters of ``text`` the face (or, with no role, either face) has no glyph for,
        each once, in order of appearance; line breaks and other control characters are ignored."""
        key = (text, role)
        found = self._missing.get(key)
        if found is None:
            roles = ROLES if role is None else (role,)
            cmaps = [self.face(r).cmap for r in roles]
            found = []
            for ch in dict.fromkeys(text):
                if unicodedata.category(ch) in ("Cc", "Cf"):
                    continue
                if any(ord(ch) not in cmap for cmap in cmaps):
                    found.append(ch)
            if len(self._missing) > 100_000:
                self._missing.clear()
            self._missing[key] = found
        return list(found)


def _unique_name(path: Path, data: bytes, role: str) -> str:
    stem = "".join(ch if ch.isascii() and (ch.isalnum() or ch in "-_") else "_" for ch in path.stem)
    return f"{stem}-{hashlib.sha1(data).hexdigest()[:8]}-{role}"


@cache
def load_face(path: Path, role: str) -> FontFace:
    """Read ``path`` as a TrueType face for ``role`` and register it with reportlab once."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise FontError(f"{path}: cannot read the font file ({exc.strerror})") from None
    if data[:4] == b"OTTO" or (data[:4] == b"ttcf" and b"CFF " in data[:4096]):
        raise FontError(_cff_message(path))
    name = _unique_name(path, data, role)
    # Asked for a name it does not know, getFont first parses every AFM file reportlab ships
    # (106 of them, ~0.6 s) looking for a standard font of that name: ask its registry instead.
    if name in pdfmetrics.getRegisteredFontNames():
        registered = pdfmetrics.getFont(name)
    else:
        try:
            registered = TTFont(name, path)
        except TTFError as exc:
            if "postscript outlines" in str(exc):
                raise FontError(_cff_message(path)) from None
            raise FontError(f"{path}: not a usable TrueType font ({' '.join(str(exc).split())})") from None
        pdfmetrics.registerFont(registered)
    return FontFace(role=role, path=path.resolve(), name=name, ttfont=registered)


def _cff_message(path: Path) -> str:
    return (f"{path}: the font is CFF-based (PostScript outlines), which cannot be embedded; "
            "use a TrueType (.ttf, glyf outlines) font")


def bundled_fonts_dir() -> Path:
    """The folder of the bundled BIZ UD Gothic files and their OFL.txt."""
    return templates_dir() / "fonts"


@cache
def _font_set(regular: Path, bold: Path) -> FontSet:
    return FontSet(load_face(regular, "regular"), load_face(bold, "bold"))


def load_font_set(regular: Path | None = None, bold: Path | None = None) -> FontSet:
    """A FontSet from two TrueType files (default: the bundled BIZ UD Gothic); cached."""
    folder = bundled_fonts_dir()
    regular = Path(regular) if regular else folder / BUNDLED["regular"]
    bold = Path(bold) if bold else (regular if regular != folder / BUNDLED["regular"] else folder / BUNDLED["bold"])
    return _font_set(regular.resolve(), bold.resolve())


def default_fonts() -> FontSet:
    """The bundled BIZ UD Gothic Regular and Bold."""
    return load_font_set()


def game_fonts(game) -> FontSet:
    """The fonts of ``game``: its manifest's ``font: {regular, bold}`` (paths relative to
    game.yaml; ``bold`` defaults to ``regular``) or the bundled BIZ UD Gothic."""
    spec = game.manifest.get("font") if game is not None else None
    if not spec:
        return default_fonts()
    folder = Path(game.folder)
    regular = folder / spec["regular"]
    bold = folder / spec.get("bold", spec["regular"])
    return _font_set(regular.resolve(), bold.resolve())
