"""A board larger than the paper, cut into glued tiles: overlap strips, alignment marks, labels and a map."""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.render.affine import Affine
from printgen.render.paper import Paper, Sheet
from printgen.render.scene import Group, Item, Page, Style, Text, line, rect

OVERLAP = 12.0  # mm each tile shares with its neighbour (at least 10 mm of glue)
ROWS = "ABCDEFGHIJ"


@dataclass(frozen=True)
class Tile:
    """One tile: its label and the part of the drawing (x, y, w, h, in drawing mm) it prints."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float

    @property
    def label(self) -> str:
        """Returns the tile's name: row letter and column number."""
        return f"{ROWS[self.row]}{self.col + 1}"


def plan_tiles(width: float, height: float, sheet: Sheet) -> list[Tile]:
    """Returns tiles covering a width × height drawing, neighbours overlapping by OVERLAP mm."""
    _, _, cw, ch = sheet.content
    cols = 1 if width <= cw else math.ceil((width - OVERLAP) / (cw - OVERLAP))
    rows = 1 if height <= ch else math.ceil((height - OVERLAP) / (ch - OVERLAP))
    # Spread the overlap evenly: equal tiles, each exactly as wide as needed.
    tw = width if cols == 1 else (width + (cols - 1) * OVERLAP) / cols
    th = height if rows == 1 else (height + (rows - 1) * OVERLAP) / rows
    return [Tile(r, c, c * (tw - OVERLAP), r * (th - OVERLAP), tw, th) for r in range(rows) for c in range(cols)]


def best_sheet(width: float, height: float, paper: Paper) -> tuple[Sheet, list[Tile]]:
    """Returns the orientation needing the fewest tiles, and its tiles."""
    options = [(s, plan_tiles(width, height, s)) for s in (Sheet(paper), Sheet(paper, landscape=True))]
    return min(options, key=lambda o: (len(o[1]), o[0].landscape))


def _crosshair(x: float, y: float, tag: str) -> list[Item]:
    style = Style(stroke="ink", width=0.25)
    return [line((x - 3, y), (x + 3, y), style, tag=tag), line((x, y - 3), (x, y + 3), style, tag=tag),
            rect(x - 1.2, y - 1.2, 2.4, 2.4, Style(stroke="ink", width=0.15), tag=tag)]


def tile_page(drawing: tuple[Item, ...], tile: Tile, tiles: list[Tile], sheet: Sheet,
              words: dict[str, str]) -> Page:
    """Returns the page of one tile: its part of the drawing, glue strips, cut lines and alignment marks."""
    pw, ph = sheet.size
    x0, y0, cw, ch = sheet.content
    ox, oy = x0 + (cw - tile.w) / 2, y0 + (ch - tile.h) / 2
    page = Page(pw, ph, label=f"tile {tile.label}")
    inner: list[Item] = [Group(drawing, clip=(tile.x, tile.y, tile.w, tile.h))]
    right = any(t.row == tile.row and t.col == tile.col + 1 for t in tiles)
    below = any(t.col == tile.col and t.row == tile.row + 1 for t in tiles)
    left, above = tile.col > 0, tile.row > 0
    glue = Style(stroke="ink.soft", width=0.25, dash=(1.5, 1.0))
    if left:  # this edge is cut off and laid over the neighbour's glue strip
        inner.append(line((tile.x + OVERLAP, tile.y), (tile.x + OVERLAP, tile.y + tile.h), glue, tag="tile cut"))
    if above:
        inner.append(line((tile.x, tile.y + OVERLAP), (tile.x + tile.w, tile.y + OVERLAP), glue, tag="tile cut"))
    if right:  # a glue strip the right-hand neighbour is laid on
        gx = tile.x + tile.w - OVERLAP
        for gy in (tile.y + OVERLAP * 1.5, tile.y + tile.h - OVERLAP * 1.5):
            inner += _crosshair(gx + OVERLAP / 2, gy, "align mark")
        inner.append(Text(gx + OVERLAP / 2, tile.y + tile.h / 2, words["glue"], "body-bold", 6.5, fill="ink.soft",
                          anchor="middle", rotation=90, tag="glue label"))
    if below:
        gy = tile.y + tile.h - OVERLAP
        for gx in (tile.x + OVERLAP * 1.5, tile.x + tile.w - OVERLAP * 1.5):
            inner += _crosshair(gx, gy + OVERLAP / 2, "align mark")
        inner.append(Text(tile.x + tile.w / 2, gy + OVERLAP / 2 + 1, words["glue"], "body-bold", 6.5,
                          fill="ink.soft", anchor="middle", tag="glue label"))
    if left:
        for gy in (tile.y + OVERLAP * 1.5, tile.y + tile.h - OVERLAP * 1.5):
            inner += _crosshair(tile.x + OVERLAP / 2, gy, "align mark")
    if above:
        for gx in (tile.x + OVERLAP * 1.5, tile.x + tile.w - OVERLAP * 1.5):
            inner += _crosshair(gx, tile.y + OVERLAP / 2, "align mark")
    page.add(Group(tuple(inner), Affine.translate(ox - tile.x, oy - tile.y), tag=f"tile {tile.label}"))
    page.add(rect(ox, oy, tile.w, tile.h, Style(stroke="ink.soft", width=0.15), tag="tile edge"))
    page.add(Text(ox, oy - 2.0, f"{words['tile']} {tile.label}", "body-black", 9, tag="tile label"))
    return page


def assembly_map(width: float, height: float, tiles: list[Tile], sheet: Sheet, words: dict[str, str]) -> Page:
    """Returns a page showing how the tiles go together."""
    pw, ph = sheet.size
    x0, y0, cw, ch = sheet.content
    scale = min(cw / width, (ch - 40) / height) * 0.9
    ox, oy = x0 + (cw - width * scale) / 2, y0 + 30
    page = Page(pw, ph, label="assembly map")
    page.add(Text(pw / 2, y0 + 8, words["map_title"], "display", 16, anchor="middle", tag="map title"))
    page.add(Text(pw / 2, y0 + 16, words["map_note"], "body", 8.5, anchor="middle", fill="ink.soft", tag="map note"))
    page.add(rect(ox, oy, width * scale, height * scale, Style(fill="mat", stroke="mat.edge", width=0.5),
                  tag="map board"))
    for t in tiles:
        page.add(rect(ox + t.x * scale, oy + t.y * scale, t.w * scale, t.h * scale,
                      Style(stroke="ink", width=0.4, dash=(2, 1)), tag=f"map tile {t.label}"))
        page.add(Text(ox + (t.x + t.w / 2) * scale, oy + (t.y + t.h / 2) * scale + 3, t.label, "display-black", 18,
                      anchor="middle", tag="map label"))
    return page
