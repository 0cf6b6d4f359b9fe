"""The SVG backend: the same scene as SVG, text drawn as glyph outlines so it looks the same everywhere."""

from __future__ import annotations

import logging
from functools import cache

import svgwrite
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from printgen.render.fonts import ROLES, font_path
from printgen.render.paths import trace
from printgen.render.raster import svg_to_png
from printgen.render.scene import Clip, Page, Path, Text, flatten
from printgen.render.units import pt_to_mm

PNG_OUTPUT = "PNG output"  # names the output in the error when the cairo library is missing
logging.getLogger("fontTools.ttLib.tables._h_e_a_d").setLevel(logging.ERROR)  # the fonts' dates are just old


@cache
def _font(role: str) -> TTFont:
    return TTFont(str(font_path(ROLES[role])), lazy=True)


@cache
def _glyph(role: str, char: str) -> tuple[str, float]:
    """Returns (outline path in font units, advance) of a character."""
    font = _font(role)
    cmap = font.getBestCmap()
    name = cmap.get(ord(char), ".notdef")
    glyphs = font.getGlyphSet()
    pen = SVGPathPen(glyphs)
    glyphs[name].draw(pen)
    return pen.getCommands(), float(font["hmtx"][name][0])


def _text_paths(t: Text) -> list[tuple[str, float]]:
    """Returns each glyph's outline and its x offset in font units, and sets the anchor shift."""
    out = []
    x = 0.0
    for ch in t.text:
        d, adv = _glyph(t.font, ch)
        if d:
            out.append((d, x))
        x += adv
    shift = {"middle": x / 2, "end": x}.get(t.anchor, 0.0)
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


def render_svg(page: Page, colours: dict[str, str]) -> str:
    """Returns one page as SVG text, sized in millimetres."""
    dwg = svgwrite.Drawing(size=(f"{_fmt(page.width)}mm", f"{_fmt(page.height)}mm"), profile="full", debug=False)
    dwg.viewbox(0, 0, page.width, page.height)
    clips: dict[Clip, str] = {}
    for item, t, clip in flatten(page.items):
        matrix = "matrix(" + " ".join(_fmt(v) for v in t) + ")"
        target = dwg
        if clip is not None:
            if clip not in clips:
                clips[clip] = f"clip{len(clips)}"
                cp = dwg.defs.add(dwg.clipPath(id=clips[clip]))
                (x, y, w, h), ct = clip
                cp.add(dwg.rect((x, y), (w, h), transform="matrix(" + " ".join(_fmt(v) for v in ct) + ")"))
            target = dwg.add(dwg.g(clip_path=f"url(#{clips[clip]})"))
        if isinstance(item, Path):
            s = item.style
            attrs = {"d": _path_d(item), "transform": matrix, "fill": colours[s.fill] if s.fill else "none",
                     "fill-rule": "evenodd"}
            if s.stroke:
                attrs.update({"stroke": colours[s.stroke], "stroke-width": _fmt(s.width),
                              "stroke-linejoin": "round" if s.join_round else "miter",
                              "stroke-linecap": "round" if s.join_round else "butt"})
                if s.dash:
                    attrs["stroke-dasharray"] = " ".join(_fmt(d) for d in s.dash)
            target.add(dwg.path(**attrs))
        elif isinstance(item, Text):
            scale = pt_to_mm(item.size) / _font(item.font)["head"].unitsPerEm
            group = dwg.g(transform=f"{matrix} translate({_fmt(item.x)} {_fmt(item.y)}) rotate({_fmt(item.rotation)})",
                          fill=colours[item.fill])
            for d, off in _text_paths(item):
                group.add(dwg.path(d=d, transform=f"scale({scale:.6f} {-scale:.6f}) translate({_fmt(off)} 0)"))
            target.add(group)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + dwg.tostring() + "\n"


def render_png(page: Page, colours: dict[str, str], dpi: int = 100) -> bytes:
    """Returns one page as PNG at dpi, drawn from its SVG (sizes are in mm, so the scale is exact)."""
    return svg_to_png(render_svg(page, colours), PNG_OUTPUT, dpi)
