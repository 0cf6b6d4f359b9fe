"""Heatmap figures of player-against-opponent tables, drawn as SVG with svgwrite and converted to PNG with cairosvg.

They take plain tables (row and column names, values); the tournament (`players/lab/tournament.py`) returns
its tables and the command line asks for the figures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import svgwrite

from printgen.files import write_atomic
from printgen.render.raster import svg_to_png

CELL, LABEL, TOP, RIGHT = 46, 104, 74, 110  # px
HEATMAPS = "heatmap PNG output"  # names the output in the error when the cairo library is missing


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], f: float) -> str:
    f = min(1.0, max(0.0, f))
    return "rgb({},{},{})".format(*(round(x + (y - x) * f) for x, y in zip(a, b, strict=True)))


def colour(value: float, lo: float, hi: float, diverging: bool) -> str:
    """Returns the fill for a value: blue–white–red around the middle, or white to dark blue."""
    if hi <= lo:
        return "rgb(240,240,240)"
    f = (value - lo) / (hi - lo)
    if diverging:
        return _mix((33, 102, 172), (247, 247, 247), f * 2) if f < 0.5 else \
            _mix((247, 247, 247), (178, 24, 43), (f - 0.5) * 2)
    return _mix((247, 251, 255), (8, 48, 107), f)


def heatmap_svg(title: str, subtitle: str, rows: list[str], cols: list[str], values: list[list[float | None]],
                fmt: str = "{:.2f}", diverging: bool = False, centre: float | None = None) -> str:
    """Returns an SVG heatmap: one row per player, one column per opponent; None cells are left grey."""
    width = max(LABEL + CELL * len(cols) + RIGHT, LABEL + 8 * len(title), LABEL + 6 * len(subtitle))
    height = TOP + CELL * len(rows) + 30
    d = svgwrite.Drawing(size=(f"{width}px", f"{height}px"), viewBox=f"0 0 {width} {height}")
    d.add(d.rect((0, 0), (width, height), fill="white"))
    d.add(d.text(title, insert=(LABEL, 22), font_size=15, font_family="sans-serif", font_weight="bold"))
    d.add(d.text(subtitle, insert=(LABEL, 40), font_size=11, font_family="sans-serif", fill="#555"))
    known = [v for row in values for v in row if v is not None and not math.isnan(v)]
    lo, hi = (min(known), max(known)) if known else (0.0, 1.0)
    if diverging and centre is not None:
        span = max(abs(hi - centre), abs(centre - lo)) or 1.0
        lo, hi = centre - span, centre + span
    for j, c in enumerate(cols):
        x = LABEL + CELL * j + CELL / 2
        d.add(d.text(c.replace("gatigo:", ""), insert=(x, TOP - 8), font_size=10, font_family="sans-serif",
                     text_anchor="middle"))
    for i, r in enumerate(rows):
        y = TOP + CELL * i
        d.add(d.text(r.replace("gatigo:", ""), insert=(LABEL - 8, y + CELL / 2 + 4), font_size=11,
                     font_family="sans-serif", text_anchor="end"))
        for j in range(len(cols)):
            v = values[i][j]
            x = LABEL + CELL * j
            fill = "rgb(210,210,210)" if v is None else colour(v, lo, hi, diverging)
            d.add(d.rect((x, y), (CELL, CELL), fill=fill, stroke="white", stroke_width=1))
            if v is not None:
                dark = diverging and abs((v - lo) / (hi - lo) - 0.5) > 0.3 if hi > lo else False
                dark = dark or (not diverging and hi > lo and (v - lo) / (hi - lo) > 0.55)
                d.add(d.text(fmt.format(v), insert=(x + CELL / 2, y + CELL / 2 + 4), font_size=10,
                             font_family="sans-serif", text_anchor="middle", fill="white" if dark else "black"))
    # Colour scale.
    sx, sy, sh = LABEL + CELL * len(cols) + 24, TOP, CELL * len(rows)
    steps = 40
    for s in range(steps):
        f = 1 - (s + 0.5) / steps
        d.add(d.rect((sx, sy + sh * s / steps), (16, sh / steps + 0.5), fill=colour(lo + f * (hi - lo), lo, hi,
                                                                                      diverging)))
    for f, v in ((0.0, hi), (0.5, (lo + hi) / 2), (1.0, lo)):
        d.add(d.text(fmt.format(v), insert=(sx + 22, sy + sh * f + 4), font_size=10, font_family="sans-serif"))
    return str(d.tostring())


def write_heatmap(stem: Path, svg: str) -> list[Path]:
    """Writes stem.svg and stem.png (cairosvg at 72 dpi, so 1 px is 1 px); returns both paths."""
    png = svg_to_png(svg, HEATMAPS, dpi=72, scale=2)  # first, so a missing cairo library leaves no half-written pair
    svg_path, png_path = stem.with_suffix(".svg"), stem.with_suffix(".png")
    write_atomic(svg_path, svg)
    write_atomic(png_path, png)
    return [svg_path, png_path]


def tournament_heatmaps(out_dir: Path, ruleset: str, matches: int, players: list[str],
                        figures: Sequence[tuple[str, str, list[list[float | None]], int, float | None]]) -> list[Path]:
    """Writes a tournament's heatmaps (SVG and PNG) into out_dir, one per (file stem, title, player-against-opponent
    table, decimals, centre of a diverging scale or None); returns the files written."""
    subtitle = (f"row player against column player (opponent →); {ruleset}, "
                f"{matches} matches per pairing, seats alternated")
    written: list[Path] = []
    for stem, title, table, decimals, centre in figures:
        svg = heatmap_svg(title, subtitle, players, players, table, fmt=f"{{:.{decimals}f}}",
                          diverging=centre is not None, centre=centre)
        written += write_heatmap(Path(out_dir) / stem, svg)
    return written
