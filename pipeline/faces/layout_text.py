"""Text elements of a card layout: one-line fields (names, tags, stats) and the rules text box.

A mixin of :class:`fuda.faces.layout._Layout`. The rules text is broken by our 禁則 breaker and shrunk
to fit (``pipeline.kinsoku``); 【labels】 become chips (bold text on a rounded rectangle, coloured
per label), and tokens such as 〔昼〕 become vector icons (a sun, a moon), because the free JP
fonts lack such glyphs (print-notes pitfall 5). Flavour text sits at the foot of the box under a
thin rule and takes at most ``max-share`` of its height.
"""

from __future__ import annotations

from fuda.database.findings import Finding
from fuda.faces.kinsoku import FittedText, TextOverflow, fit_line, fit_text, tokenize
from fuda.faces.oikomi import spacing
from fuda.faces.primitives import Ellipse, Rect, Rule, TextLine

MM_PER_PT = 25.4 / 72.0
ASCENT, DESCENT = 0.88, 0.12  # of the em, BIZ UD Gothic; CJK glyphs sit in this box
ICON_EM, ICON_GAP = 1.0, 0.15  # inline icon size and the space after it, in em
#: The least size (pt) rules text and flavor may shrink to before the face is reported (P108,
#: lint FIT008); a template sets its own with ``readable-size``.
READABLE_PT = 6.0
LABELS = {"pattern": "【([^】]*)】", "fill": "#333333", "color": "#ffffff", "strip": True}


class TextMixin:
    """Text element handlers; needs ``box``, ``color``, ``glyphs``, ``overflow``, ``text_of``,
    ``badge``, ``items``, ``fonts``, ``labels``, ``icons``, ``atoms``, ``label_pattern``, ``sx``, ``sy``,
    ``scale``, ``pt`` (type sizes scale with the design)."""

    def line(self, text: str, el, x: float, y: float, w: float, h: float, field: str | None) -> float:
        """One fitted line in a box; returns its drawn width (mm)."""
        role = el.get("font", "bold")
        size = self.pt(el, "size", 9)
        min_size = float(el.get("min-size", el.get("size", 9))) * self.scale
        self.glyphs(text, role, field)
        pad = float(el.get("pad", 0)) * self.sx
        try:
            fitted = fit_line(text, width=max(w - 2 * pad, 1.0), fonts=self.fonts, role=role, size=size,
                              min_size=min_size, min_scale=float(el.get("squeeze", 0.7)),
                              card=self.card_id(), field=field or "text")
        except TextOverflow as exc:
            self.overflow(exc, field)
            fitted = FittedText((text,), min_size, float(el.get("squeeze", 0.7)))
        s_mm = fitted.size * MM_PER_PT
        baseline = y + h / 2 + (ASCENT - DESCENT) / 2 * s_mm + float(el.get("dy", 0)) * self.sy
        align = el.get("align", "middle")
        tx = {"start": x + pad, "middle": x + w / 2, "end": x + w - pad}[align]
        self.items.append(TextLine(tx, baseline, text, fitted.size, role, self.color(el.get("color"), "#000000"),
                                   fitted.h_scale, align))
        return self.fonts.width_mm(text, fitted.size, role) * fitted.h_scale + 2 * pad

    def el_text(self, el):
        text = self.text_of(el)
        if not text:
            return
        x, y, w, h = self.box(el)
        if el.get("fit") == "content":  # the box hugs the text (tags, labels)
            size = self.pt(el, "size", 9)
            pad = float(el.get("pad", 0)) * self.sx
            natural = self.fonts.width_mm(text, size, el.get("font", "bold")) + 2 * pad
            if natural < w:
                if el.get("align", "middle") == "end":
                    x += w - natural
                elif el.get("align", "middle") == "middle":
                    x += (w - natural) / 2
                w = natural
        if el.get("fill") or el.get("stroke"):
            self.items.append(Rect(x, y, w, h, self.color(el.get("fill")), self.color(el.get("stroke")),
                                   float(el.get("stroke-width", 0.3)), float(el.get("radius", 0))))
        self.line(text, el, x, y, w, h, el.get("field"))

    def el_textbox(self, el):
        x, y, w, h = self.box(el)
        card = self.card
        text = (card.text or "").strip("\n") if card is not None else ""
        flavor = (card.flavor or "").strip() if card is not None else ""
        fl = el.get("flavor", {})
        gap = float(fl.get("gap", 2.0)) * self.sy
        used = 0.0
        if flavor:
            fsize = float(fl.get("size", 6.5))
            fmin = float(fl.get("min-size", min(6.0, fsize))) * self.scale
            fsize *= self.scale
            self.glyphs(flavor, "regular", "flavor")
            max_h = h * float(fl.get("max-share", 0.45)) if text else h
            try:
                ff = fit_text(flavor, width=w, height=max_h, fonts=self.fonts, size=fsize, min_size=fmin,
                              leading=float(fl.get("leading", 1.35)), card=self.card_id(), field="flavor")
            except TextOverflow as exc:
                self.overflow(exc, "flavor")
                ff = None
            if ff is not None:
                self.readable(ff.size, float(fl.get("readable-size", el.get("readable-size", READABLE_PT))), "flavor")
                used = ff.height * MM_PER_PT + DESCENT * ff.size * MM_PER_PT
                top = y + h - used
                if text and fl.get("rule", True):
                    self.items.append(Rule(x + w * 0.15, top - gap * 0.6, x + w * 0.85, top - gap * 0.6,
                                           self.color(fl.get("rule-color"), "#999999"), 0.15))
                self.paragraph(ff, x, top, "regular", self.color(fl.get("color"), "#555555"), False)
                used += gap
        if not text:
            return
        self.glyphs(text, None, "text")  # labels are set in bold, the rest in regular
        size = self.pt(el, "size", 8)
        try:
            ft = fit_text(text, width=w, height=h - used, fonts=self.fonts, size=size,
                          min_size=self.pt(el, "min-size", 6), leading=float(el.get("leading", 1.45)),
                          atoms=self.atoms, atom_width=self.label_width, card=self.card_id(), field="text")
        except TextOverflow as exc:
            self.overflow(exc, "text")
            return
        self.readable(ft.size, float(el.get("readable-size", READABLE_PT)), "text")
        self.paragraph(ft, x, y, "regular", self.color(el.get("color"), "#000000"), True)

    def readable(self, size: float, least: float, field: str) -> None:
        """P108 (warning): ``field`` fits only shrunk below ``least`` pt, the size the layout calls
        readable. Shrink-to-fit makes any text fit; a printed card must still be read."""
        if size < least - 1e-9:
            self.findings.append(Finding(
                self.where(field), "P108", f"{field}: set at {size:g} pt to fit, below the readable {least:g} pt",
                severity="warning", card=self.card_id(),
                hint="shorten the text (or give the box more room in the template)"))

    def label_parts(self, token: str) -> tuple[str, float, float]:
        """(inner text, side padding in em, gap after in em) of a 【label】 token."""
        m = self.label_pattern.fullmatch(token)
        inner = m.group(1) if (m and self.labels.get("strip", True) and m.groups() and m.group(1)) else token
        return inner, 0.28, 0.2

    def label_width(self, token: str, size: float) -> float:
        if token in self.icons:
            return (ICON_EM + ICON_GAP) * size
        inner, pad, after = self.label_parts(token)
        return self.fonts.width(inner, size, "bold") + (2 * pad + after) * size

    def icon(self, token: str, x: float, baseline: float, s_mm: float) -> float:
        """Draw an inline icon (〔昼〕 → a sun …) on the line; returns the width used (mm)."""
        spec = self.icons[token]
        d = ICON_EM * s_mm
        top = baseline - 0.38 * s_mm - d / 2
        if spec.get("background"):
            self.items.append(Ellipse(x, top, d, d, self.color(spec["background"])))
        inset = d * float(spec.get("inset", 0.18 if spec.get("background") else 0.0))
        self.badge(spec.get("shape", "circle"), x + inset, top + inset, d - 2 * inset, d - 2 * inset,
                   self.color(spec.get("fill"), "#000000"), None, 0.0)
        return (ICON_EM + ICON_GAP) * s_mm

    def paragraph(self, ft: FittedText, x: float, top: float, role: str, color: str, labels: bool):
        s_mm = ft.size * MM_PER_PT
        baseline = top + ASCENT * s_mm
        for i, text in enumerate(ft.lines):
            if text and ft.tightened(i):
                self.tight_runs(text, ft.tightened(i), x, baseline, ft.size, role, color, labels)
            elif text:
                self.runs(text, x, baseline, ft.size, role, color, labels)
            baseline += ft.leading * MM_PER_PT

    def tight_runs(self, text: str, tight: float, x: float, baseline: float, size: float, role: str, color: str,
                   labels: bool):
        """A line set ``tight`` em tighter (追い込み): token by token, punctuation compressed to
        half-width and the letter spacing reduced as :func:`fuda.faces.oikomi.spacing` says."""
        units = tokenize(text, self.atoms if labels else None)
        s_mm = size * MM_PER_PT
        cx = x
        for unit, (shift, less) in zip(units, spacing(units, tight), strict=False):
            if unit[0] != " ":
                if labels and self.atoms.fullmatch(unit):
                    self.runs(unit, cx, baseline, size, role, color, True)
                else:
                    self.items.append(TextLine(round(cx - shift * s_mm, 4), baseline, unit, size, role, color))
            width = (self.label_width(unit, size) * MM_PER_PT if labels and self.atoms.fullmatch(unit)
                     else self.fonts.width_mm(unit, size, role))
            cx += width - less * s_mm

    def runs(self, text: str, x: float, baseline: float, size: float, role: str, color: str, labels: bool):
        if not labels:
            self.items.append(TextLine(x, baseline, text, size, role, color))
            return
        pos, cx = 0, x
        s_mm = size * MM_PER_PT
        fills = self.labels.get("fills", {})
        for m in self.atoms.finditer(text):
            if m.start() > pos:
                chunk = text[pos:m.start()]
                self.items.append(TextLine(cx, baseline, chunk, size, role, color))
                cx += self.fonts.width_mm(chunk, size, role)
            if m.group(0) in self.icons:
                cx += self.icon(m.group(0), cx, baseline, s_mm)
                pos = m.end()
                continue
            inner, pad, after = self.label_parts(m.group(0))
            w = self.fonts.width_mm(inner, size, "bold") + 2 * pad * s_mm
            fill = self.color(fills.get(inner, self.labels["fill"]))
            self.items.append(Rect(cx, baseline - 0.9 * s_mm, w, 1.1 * s_mm, fill, None, 0.0, 0.22 * s_mm))
            self.items.append(TextLine(cx + pad * s_mm, baseline - 0.02 * s_mm, inner, size, "bold",
                                       self.color(self.labels["color"])))
            cx += w + after * s_mm
            pos = m.end()
        if pos < len(text):
            self.items.append(TextLine(cx, baseline, text[pos:], size, role, color))

    # -- shapes and badges ----------------------------------------------------------------------
