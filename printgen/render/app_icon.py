"""The phone app's icon: a Patolli cross of cells on the app's warm brown, the flower at its heart.

Drawn in a unit square (1 mm a side; the caller picks the pixels). It is the printed board reduced to what
still reads at 48 pixels: two files of three cells on each arm, the four central cells and the flower, in the
board's own colours. A maskable icon keeps the cross inside the circle every launcher's mask leaves whole.
"""

from __future__ import annotations

import math

from printgen.render import glyphs
from printgen.render.palette import palette
from printgen.render.raster import svg_to_png
from printgen.render.scene import Item, Page, Style, rect
from printgen.render.svg import render_svg

THEME = "#7A2E12"  # the app's colour: its page's theme-color, the manifest's and the icon's background
ARM = 3  # cells out along each arm (the printed boards have 6 to 8: too fine at 48 pixels)
MASK_SAFE = 0.8  # a maskable icon's content stays inside the central circle of this diameter (W3C manifest)


def _cells() -> list[tuple[int, int]]:
    """Returns the grid squares (column, row) of the cross, 2 × ARM + 2 squares across, centre first."""
    n = 2 * ARM + 2
    centre = [(ARM, ARM), (ARM + 1, ARM), (ARM, ARM + 1), (ARM + 1, ARM + 1)]
    arms = [(x, y) for x in range(n) for y in range(n)
            if (x in (ARM, ARM + 1)) != (y in (ARM, ARM + 1))]
    return centre + arms


def icon_page(maskable: bool = False) -> Page:
    """Returns the icon as a page 1 mm square: the cross fills the square, or the safe circle if maskable."""
    n = 2 * ARM + 2
    # the points farthest out are the arms' outer corners, half a span out and one cell aside
    span = MASK_SAFE / math.hypot(1, 2 / n) if maskable else 0.9
    cell = span / n
    gap = cell * 0.16
    left = (1 - span) / 2
    items: list[Item] = [rect(0, 0, 1, 1, Style(fill="icon.back"), tag="icon background")]
    for x, y in _cells():
        centre = ARM <= x <= ARM + 1 and ARM <= y <= ARM + 1
        tip = x in (0, n - 1) or y in (0, n - 1)
        fill = "cell.centre" if centre else "cell.wedge" if tip else "cell.normal"
        items.append(rect(left + x * cell + gap / 2, left + y * cell + gap / 2, cell - gap, cell - gap,
                          Style(fill=fill), radius=cell * 0.18, tag=f"icon cell {x},{y}"))
    items.append(glyphs.flower(0.5, 0.5, cell * 0.95, tag="icon flower"))
    return Page(1.0, 1.0, items, label="icon")


def icon_png(pixels: int, maskable: bool = False) -> bytes:
    """Returns the icon as a square PNG this many pixels a side."""
    page = icon_page(maskable)
    return svg_to_png(render_svg(page, palette(overrides={"icon.back": THEME})), "the app's icons", pixels * 25.4)
