"""The PDF backend: draws scene pages with reportlab, fonts embedded and subset, byte-for-byte repeatable."""

from __future__ import annotations

import hashlib
import io
import math
import re
from dataclasses import dataclass

from reportlab import rl_config
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from printgen.render.affine import IDENTITY, Affine
from printgen.render.backend import draw
from printgen.render.fonts import register
from printgen.render.paths import trace
from printgen.render.scene import Clip, Page, Path, Text
from printgen.render.units import PT_PER_MM, mm_to_pt, pt_to_mm

rl_config.useA85 = 0  # binary streams: smaller files, and ASCII85 encoding was a third of the writing time


@dataclass(frozen=True)
class Metadata:
    """Document information written into the PDF."""

    title: str
    subject: str = ""
    keywords: str = "Patolli"
    author: str = "printgen"


class _PdfPen:
    """A reportlab path object as a pen: its own methods under the pen's names (no call in between)."""

    def __init__(self, path: PDFPathObject) -> None:
        self.move_to, self.line_to, self.curve_to, self.close = path.moveTo, path.lineTo, path.curveTo, path.close


class PdfBackend:
    """Draws pages on a reportlab canvas in millimetres, y down."""

    def __init__(self, canvas: Canvas, colours: dict[str, str]) -> None:
        self.c, self.colours = canvas, colours
        self.marks = 0

    def begin_page(self, page: Page) -> None:
        self.c.setPageSize((mm_to_pt(page.width), mm_to_pt(page.height)))
        self.c.setTrimBox(_box(page, page.trim))
        self.c.setBleedBox(_box(page, page.bleed))
        for level, title in page.bookmarks:
            self.marks += 1
            key = f"m{self.marks}"
            self.c.bookmarkPage(key)
            self.c.addOutlineEntry(title, key, level)
        self.c.saveState()
        # Millimetres, y down: scaled to points, flipped, and moved down the page by its height.
        self.c.transform(*(Affine.translate(0, mm_to_pt(page.height)) @ Affine.scale(PT_PER_MM, -PT_PER_MM)))

    def end_page(self, page: Page) -> None:
        self.c.restoreState()
        self.c.showPage()

    def _save(self, transform: Affine, clip: Clip | None) -> None:
        """Saves the graphics state, then clips and moves to transform (restoreState undoes it)."""
        c = self.c
        c.saveState()
        if clip is not None:
            (x, y, w, h), ct = clip
            c.transform(*ct)
            p = c.beginPath()
            p.rect(x, y, w, h)
            c.clipPath(p, stroke=0, fill=0)
            c.transform(*ct.inverse())
        c.transform(*transform)

    def path(self, path: Path, transform: Affine, clip: Clip | None) -> None:
        self._save(transform, clip)
        self._path(path)
        self.c.restoreState()

    def text(self, text: Text, transform: Affine, clip: Clip | None) -> None:
        if clip is None:  # one text object through the whole transform, no graphics-state save
            self._text(text, transform)
            return
        self._save(transform, clip)
        self._text(text, IDENTITY)
        self.c.restoreState()

    def _path(self, p: Path) -> None:
        c, s = self.c, p.style
        if s.fill is None and s.stroke is None:
            return
        path = c.beginPath()
        trace(p.ops, _PdfPen(path))
        if s.fill is not None:
            c.setFillColor(HexColor(self.colours[s.fill]))
        if s.stroke is not None:
            c.setStrokeColor(HexColor(self.colours[s.stroke]))
            c.setLineWidth(s.width)
            c.setDash(list(s.dash) if s.dash else [])
            c.setLineJoin(1 if s.join_round else 0)
            c.setLineCap(1 if s.join_round else 0)
        c.drawPath(path, stroke=int(s.stroke is not None), fill=int(s.fill is not None), fillMode=FILL_EVEN_ODD)

    def _text(self, t: Text, m: Affine) -> None:
        """Draws a line of text through transform m with one text object."""
        face = register(t.font)
        size = pt_to_mm(t.size)
        x = t.x if t.anchor == "start" else t.x - t.start_offset(stringWidth(t.text, face, size))
        # Text space: glyphs upright (y flipped back), rotated, placed at (x, y) relative to the anchor point.
        r = math.radians(t.rotation)
        cos, sin = math.cos(r), math.sin(r)
        local = Affine(cos, sin, sin, -cos, t.x + (x - t.x) * cos, t.y + (x - t.x) * sin)
        text = self.c.beginText()
        text.setTextTransform(*(m @ local))
        text.setFont(face, size)
        text.setFillColor(HexColor(self.colours[t.fill]))
        text.textOut(t.text)
        self.c.drawText(text)


def _box(page: Page, box: tuple[float, float, float, float] | None) -> tuple[float, ...] | None:
    """Returns a page box (x, y, w, h in mm from the top left) as PDF's [x0 y0 x1 y1] in points from the foot."""
    if box is None:
        return None
    x, y, w, h = box
    return tuple(round(mm_to_pt(v), 3) for v in (x, page.height - y - h, x + w, page.height - y))


SUBSET_NAME = re.compile(rb"/([A-Z]{6})\+([A-Za-z0-9_.-]+)")


def distinct_subset_tags(pdf: bytes) -> bytes:
    """Returns the PDF with every font subset tagged by its own six capitals.

    reportlab tags a font's subsets by their number, so the first subset of every face is AAAAAA+, in every
    file: different subsets under one tag, which PDF asks to avoid (tools that merge files mix them up). Each
    (tag, face) gets a tag from a hash of both and of the file, so it differs between files with different
    subsets and stays the same for the same file; the new tags have the same length, so no offset moves."""
    tags: dict[tuple[bytes, bytes], bytes] = {}
    seed = hashlib.sha256(pdf).digest()

    def retag(m: re.Match[bytes]) -> bytes:
        key = (m.group(1), m.group(2))
        if key not in tags:
            n = int.from_bytes(hashlib.sha256(seed + b"+".join(key)).digest()[:8], "big")
            tag = bytes(65 + (n // 26 ** i) % 26 for i in range(6))
            while tag in tags.values():
                tag = tag[1:] + tag[:1] if len(set(tag)) > 1 else bytes([65 + (tag[0] - 64) % 26]) * 6
            tags[key] = tag
        return b"/" + tags[key] + b"+" + m.group(2)

    return SUBSET_NAME.sub(retag, pdf)


def render_pdf(pages: list[Page], colours: dict[str, str], meta: Metadata) -> bytes:
    """Returns the PDF of the pages: vector, fonts embedded with distinct subset tags, trim and bleed boxes where
    a page has them, an outline where pages carry bookmarks, the same bytes for the same input."""
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, pageCompression=1, initialFontName=register("body"), initialFontSize=10)
    c.setTitle(meta.title)
    c.setAuthor(meta.author)
    c.setSubject(meta.subject)
    c.setCreator("printgen (Patolli print kit)")
    c.setKeywords(meta.keywords)
    backend = PdfBackend(c, colours)
    draw(pages, backend)
    if backend.marks:
        c.showOutline()
    c.save()
    return distinct_subset_tags(buf.getvalue())
