"""The SVG backend: the same scene as SVG, text drawn as glyph outlines so it looks the same everywhere."""

from __future__ import annotations

import logging
import threading
from functools import cache

import svgwrite
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from printgen.render.affine import Affine
from printgen.render.backend import draw
from printgen.render.fonts import ROLES, font_path
from printgen.render.paths import trace
from printgen.render.raster import svg_to_png
from printgen.render.scene import Clip, Page, Path, Text
from printgen.render.units import pt_to_mm

PNG_OUTPUT = "PNG output"  # names the output in the error when the cairo library is missing
logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)  # the fonts' dates are just old
# fontTools reads a font's tables on first use, which is not safe from two threads at once: the web companion draws
# boards in a thread pool, and two first drawings at once left a half-read font cached (every later board failed).
_FONT_LOCK = threading.Lock()


@cache
def _font(role: str) -> TTFont:
    return TTFont(str(font_path(ROLES[role])), lazy=True)


@cache
def _glyph(role: str, char: str) -> tuple[str, float]:
    """Returns (outline path in font units, advance) of a character."""
    with _FONT_LOCK:
        font = _font(role)
        cmap = font.getBestCmap()
        name = cmap.get(ord(char), ".notdef")
        glyphs = font.getGlyphSet()
        pen = SVGPathPen(glyphs)
        glyphs[name].draw(pen)
        return pen.getCommands(), float(font["hmtx"][name][0])


def _text_paths(t: Text) -> list[tuple[str, float]]:
    """Returns each glyph's outline and its x offset in font units, shifted by the anchor."""
    out = []
    x = 0.0
    for ch in t.text:
        d, adv = _glyph(t.font, ch)
        if d:
            out.append((d, x))
        x += adv
    shift = t.start_offset(x)
    return [(d, off - shift) for d, off in out]


def _fmt(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".")


class _SvgPen:
    """Writes path operations as SVG path data, coordinates to a thousandth of a millimetre."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def _add(self, command: str, *values: float) -> None:
        self.parts.append(command + " ".join(_fmt(float(v)) for v in values))

    def move_to(self, x: float, y: float) -> None:
        self._add("M", x, y)

    def line_to(self, x: float, y: float) -> None:
        self._add("L", x, y)

    def curve_to(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self._add("C", x1, y1, x2, y2, x, y)

    def close(self) -> None:
        self._add("Z")


def _path_d(p: Path) -> str:
    pen = _SvgPen()
    trace(p.ops, pen)
    return " ".join(pen.parts)


def _matrix(t: Affine) -> str:
    return "matrix(" + " ".join(_fmt(v) for v in t) + ")"


class SvgBackend:
    """Builds an SVG document of one page in millimetres, clipping rectangles shared as definitions."""

    def __init__(self, colours: dict[str, str]) -> None:
        self.colours = colours
        self.dwg = svgwrite.Drawing(profile="full", debug=False)
        self.clips: dict[Clip, str] = {}
        self.pages = 0

    def begin_page(self, page: Page) -> None:
        self.pages += 1
        if self.pages > 1:
            raise ValueError("an SVG document holds one page: render each page with its own SvgBackend")
        self.dwg["width"], self.dwg["height"] = f"{_fmt(page.width)}mm", f"{_fmt(page.height)}mm"
        self.dwg.viewbox(0, 0, page.width, page.height)

    def end_page(self, page: Page) -> None:
        pass

    def _target(self, clip: Clip | None) -> svgwrite.container.SVG | svgwrite.container.Group:
        """Returns where an element goes: the document, or a group clipped to clip."""
        dwg = self.dwg
        if clip is None:
            return dwg
        if clip not in self.clips:
            self.clips[clip] = f"clip{len(self.clips)}"
            cp = dwg.defs.add(dwg.clipPath(id=self.clips[clip]))
            (x, y, w, h), ct = clip
            cp.add(dwg.rect((x, y), (w, h), transform=_matrix(ct)))
        return dwg.add(dwg.g(clip_path=f"url(#{self.clips[clip]})"))

    def path(self, path: Path, transform: Affine, clip: Clip | None) -> None:
        target = self._target(clip)
        s, colours = path.style, self.colours
        attrs = {"d": _path_d(path), "transform": _matrix(transform), "fill": colours[s.fill] if s.fill else "none",
                 "fill-rule": "evenodd"}
        if s.stroke:
            attrs.update({"stroke": colours[s.stroke], "stroke-width": _fmt(s.width),
                          "stroke-linejoin": "round" if s.join_round else "miter",
                          "stroke-linecap": "round" if s.join_round else "butt"})
            if s.dash:
                attrs["stroke-dasharray"] = " ".join(_fmt(d) for d in s.dash)
        target.add(self.dwg.path(**attrs))

    def text(self, text: Text, transform: Affine, clip: Clip | None) -> None:
        target = self._target(clip)
        scale = pt_to_mm(text.size) / _font(text.font)["head"].unitsPerEm
        group = self.dwg.g(transform=f"{_matrix(transform)} translate({_fmt(text.x)} {_fmt(text.y)}) "
                                     f"rotate({_fmt(text.rotation)})", fill=self.colours[text.fill])
        for d, off in _text_paths(text):
            group.add(self.dwg.path(d=d, transform=f"scale({scale:.6f} {-scale:.6f}) translate({_fmt(off)} 0)"))
        target.add(group)


def render_svg(page: Page, colours: dict[str, str]) -> str:
    """Returns one page as SVG text, sized in millimetres."""
    backend = SvgBackend(colours)
    draw([page], backend)
    body: str = backend.dwg.tostring()
    return '<?xml version="1.0" encoding="utf-8"?>\n' + body + "\n"


def render_png(page: Page, colours: dict[str, str], dpi: int = 100) -> bytes:
    """Returns one page as PNG at dpi, drawn from its SVG (sizes are in mm, so the scale is exact)."""
    return svg_to_png(render_svg(page, colours), PNG_OUTPUT, dpi)
