"""A board larger than the paper, cut into glued tiles: seams that run between cells, tinted glue strips, a map.

Each seam is a path from one edge of the board to the other that never crosses a cell: straight down a
line between cells on an upright board, stepping along the lines between cells where it crosses an arm
of a diagonal one. The tile before a seam prints its art up to the seam and a glue strip at least OVERLAP
wide beyond it; the tile after it is cut along the seam and laid on that strip.

A large custom board leaves plain mat in the corners between its arms, and a tile there can print little else.
So the mat is trimmed at the board's outer edge: a tile that shows less than MIN_SHARE of cells, areas and
arrows has its outer sides brought in to them (TRIM_MARGIN beyond), and a tile that shows none of them is left
out, its neighbours' sides towards it becoming outer edges. Every tile printed then holds a fair share of board.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

from printgen.render.affine import Affine, Point
from printgen.render.fonts import fit_size
from printgen.render.paper import Paper, Sheet
from printgen.render.scene import Group, Item, Page, Style, Text, polygon, rect

OVERLAP = 12.0  # mm of glue strip beyond a seam's farthest point (at least 10 mm of glue everywhere)
MIN_SHARE = 0.4  # a tile showing less of cells, areas and arrows than this has its outer mat trimmed
TRIM_MARGIN = 6.0  # mm of mat kept beyond what a trimmed side shows
ROWS = "ABCDEFGHIJ"
Quad = tuple[Point, Point, Point, Point]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Seam = tuple[Point, ...]  # a vertical seam's points, top to bottom (a horizontal one's are stored transposed)


@dataclass(frozen=True)
class Tile:
    """One tile: its label, the part of the drawing (x, y, w, h, in drawing mm) it prints, and its seams."""

    row: int
    col: int
    x: float
    y: float
    w: float
    h: float
    left: Seam | None = None  # the seam this tile is cut along (x, y points, top to bottom)
    right: Seam | None = None  # the seam whose glue strip this tile carries
    top: Seam | None = None  # horizontal seams as (x, y) points, left to right
    bottom: Seam | None = None

    @property
    def label(self) -> str:
        """Returns the tile's name: row letter and column number."""
        return f"{ROWS[self.row]}{self.col + 1}"

    @property
    def shown(self) -> Box:
        """Returns the part of the drawing this tile shows on the finished board: from where it is cut to where the
        next tile is laid on it (the seams' nearest points), as a box."""
        return (min(p[0] for p in self.left) if self.left else self.x,
                min(p[1] for p in self.top) if self.top else self.y,
                min(p[0] for p in self.right) if self.right else self.x + self.w,
                min(p[1] for p in self.bottom) if self.bottom else self.y + self.h)


def content_share(box: Box, content: Sequence[Box], step: float = 2.0) -> float:
    """Returns the share of a box covered by the content boxes (sampled every `step` mm)."""
    x0, y0, x1, y1 = box
    nx, ny = max(1, round((x1 - x0) / step)), max(1, round((y1 - y0) / step))
    xs = [x0 + (x1 - x0) * (i + 0.5) / nx for i in range(nx)]
    ys = [y0 + (y1 - y0) * (j + 0.5) / ny for j in range(ny)]
    near = [b for b in content if b[2] >= x0 and b[0] <= x1 and b[3] >= y0 and b[1] <= y1]
    hits = 0
    for y in ys:
        spans = [(b[0], b[2]) for b in near if b[1] <= y <= b[3]]
        hits += sum(1 for x in xs if any(a <= x <= c for a, c in spans))
    return hits / (nx * ny)


def _extent(box: Box, content: Sequence[Box]) -> Box | None:
    """Returns the box round the content inside a box, or None where it holds none."""
    x0, y0, x1, y1 = box
    inside = [(max(b[0], x0), max(b[1], y0), min(b[2], x1), min(b[3], y1)) for b in content
              if b[2] > x0 and b[0] < x1 and b[3] > y0 and b[1] < y1]
    if not inside:
        return None
    return (min(b[0] for b in inside), min(b[1] for b in inside), max(b[2] for b in inside),
            max(b[3] for b in inside))


def _far(s: Seam, vertical: bool) -> float:
    return max(p[0] if vertical else p[1] for p in s)


def trim_tiles(tiles: list[Tile], content: Sequence[Box]) -> list[Tile]:
    """Returns the tiles with plain mat trimmed at the board's outer edge: a tile showing none of the content is
    left out (a neighbour's side towards it becomes an outer edge, where that neighbour shows all it did), and a tile
    showing less than MIN_SHARE of it has each outer side (one without a seam) brought in to TRIM_MARGIN beyond
    the content."""
    if not content or len(tiles) == 1:
        return tiles
    kept = {(t.row, t.col): t for t in tiles if _extent(t.shown, content) is not None}
    out = []
    for (r, c), t in kept.items():
        if t.right and (r, c + 1) not in kept:
            t = replace(t, right=None, w=_far(t.right, True) - t.x)
        if t.bottom and (r + 1, c) not in kept:
            t = replace(t, bottom=None, h=_far(t.bottom, False) - t.y)
        if t.left and (r, c - 1) not in kept:  # its cut is now an edge, at the seam's nearest point: all it shows
            x = min(p[0] for p in t.left)
            t = replace(t, left=None, x=x, w=t.x + t.w - x)
        if t.top and (r - 1, c) not in kept:
            y = min(p[1] for p in t.top)
            t = replace(t, top=None, y=y, h=t.y + t.h - y)
        extent = _extent(t.shown, content)
        if extent is not None and content_share(t.shown, content) < MIN_SHARE:
            x0, y0, x1, y1 = t.x, t.y, t.x + t.w, t.y + t.h
            ex0, ey0, ex1, ey1 = extent
            x0 = x0 if t.left else max(x0, ex0 - TRIM_MARGIN)
            y0 = y0 if t.top else max(y0, ey0 - TRIM_MARGIN)
            x1 = x1 if t.right else min(x1, ex1 + TRIM_MARGIN)
            y1 = y1 if t.bottom else min(y1, ey1 + TRIM_MARGIN)
            t = replace(t, x=x0, y=y0, w=x1 - x0, h=y1 - y0)
        out.append(t)
    return out


class _Cell:
    """A convex cell made ready for many segment tests: its bounds, and its corners drawn in by a thousandth towards
    its centre (so touching its edge is fine) with their extent along each side's normal."""

    __slots__ = ("x0", "y0", "x1", "y1", "shrunk", "sides")

    def __init__(self, quad: Quad) -> None:
        xs = [p[0] for p in quad]
        ys = [p[1] for p in quad]
        self.x0, self.y0, self.x1, self.y1 = min(xs), min(ys), max(xs), max(ys)
        cx, cy = sum(xs) / 4, sum(ys) / 4
        shrunk = [(cx + (x - cx) * 0.999, cy + (y - cy) * 0.999) for x, y in quad]
        self.shrunk = shrunk
        self.sides = []
        for i in range(4):
            ax, ay = shrunk[i][1] - shrunk[(i + 1) % 4][1], shrunk[(i + 1) % 4][0] - shrunk[i][0]
            if ax == 0 and ay == 0:
                continue
            pq = [x * ax + y * ay for x, y in shrunk]
            self.sides.append((ax, ay, min(pq), max(pq)))

    def cut_by(self, a: Point, b: Point) -> bool:
        """Returns whether the segment ab, which reaches into the cell's bounds, passes through the inside of the
        cell (separating axes)."""
        for ax, ay, lo, hi in self.sides:
            pa, pb = a[0] * ax + a[1] * ay, b[0] * ax + b[1] * ay
            if max(pa, pb) <= lo + 1e-9 or hi <= min(pa, pb) + 1e-9:
                return False
        ax, ay = a[1] - b[1], b[0] - a[0]
        if ax == 0 and ay == 0:
            return True
        pq = [x * ax + y * ay for x, y in self.shrunk]
        pa, pb = a[0] * ax + a[1] * ay, b[0] * ax + b[1] * ay
        return not (max(pa, pb) <= min(pq) + 1e-9 or max(pq) <= min(pa, pb) + 1e-9)


def _cuts_any(a: Point, b: Point, cells: Sequence[_Cell]) -> bool:
    """Returns whether the segment ab passes through the inside of any of the cells (touching an edge is fine)."""
    lx, hx = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    ly, hy = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    for c in cells:
        if hx <= c.x0 or lx >= c.x1 or hy <= c.y0 or ly >= c.y1:
            continue
        if c.cut_by(a, b):
            return True
    return False


def seam(x0: float, height: float, cells: Sequence[Quad], window: float) -> Seam:
    """Returns a seam from (x0, 0) to (x0, height) that runs between cells, through their corners, within
    `window` mm of x0: straight where it can be, else the path with the least sideways travel."""
    start, end = (x0, 0.0), (x0, height)
    near_quads = [q for q in cells if any(abs(x - x0) <= window for x, _ in q)]
    near = [_Cell(q) for q in near_quads]
    if not _cuts_any(start, end, near):
        return (start, end)
    nodes: list[Point] = [start, end]
    seen: set[tuple[float, float]] = set()
    for q in near_quads:
        for x, y in q:
            key = (round(x, 4), round(y, 4))
            if key not in seen and abs(x - x0) <= window:
                seen.add(key)
                nodes.append((x, y))
    dist = {0: 0.0}
    back: dict[int, int] = {}
    heap = [(0.0, 0)]
    done: set[int] = set()
    while heap:
        d, i = heapq.heappop(heap)
        if i in done:
            continue
        done.add(i)
        if i == 1:
            break
        a = nodes[i]
        for j, b in enumerate(nodes):
            if j in done:
                continue
            # Sideways travel, and most of all straying far from x0, widens the glue strip: avoid both.
            stray = max(abs(a[0] - x0), abs(b[0] - x0))
            nd = d + abs(b[1] - a[1]) + 3 * abs(b[0] - a[0]) + 3 * math.dist(a, b) * (stray / window) ** 2
            if nd < dist.get(j, math.inf) and not _cuts_any(a, b, near):
                dist[j] = nd
                back[j] = i
                heapq.heappush(heap, (nd, j))
    if 1 not in back:
        return (start, end)  # no way between the cells within the window: seam_crosses_cells tells
    path = [1]
    while path[-1] != 0:
        path.append(back[path[-1]])
    return tuple(nodes[i] for i in reversed(path))


def seam_crosses_cells(s: Seam, cells: Sequence[Quad]) -> bool:
    """Returns whether any segment of a seam passes through a cell."""
    solids = [_Cell(q) for q in cells]
    return any(_cuts_any(a, b, solids) for a, b in zip(s, s[1:], strict=False))


def _transpose(points: Sequence[Point]) -> tuple[Point, ...]:
    return tuple((y, x) for x, y in points)


def _seams(length: float, across: float, count: int, room: float, cells: Sequence[Quad], cell: float,
           ) -> list[Seam] | None:
    """Returns count seams cutting [0, length] into pieces no longer than room (glue strips included), or None."""
    seams: list[Seam] = []
    lo = 0.0
    for i in range(count):
        ideal = lo + (length - lo) / (count - i + 1)
        best: tuple[float, Seam] | None = None
        corners = {round(x, 3) for q in cells for x, _ in q if abs(x - ideal) <= 3 * cell}
        for x0 in sorted(corners | {ideal}, key=lambda x: abs(x - ideal)):
            step = x0 - ideal
            s = seam(x0, across, cells, 1.6 * cell)
            xs = [p[0] for p in s]
            if max(xs) + OVERLAP - lo > room or min(xs) <= lo or seam_crosses_cells(s, cells):
                continue
            score = (max(xs) - min(xs)) + abs(step) * 0.25
            if best is None or score < best[0]:
                best = (score, s)
        if best is None:
            return None
        seams.append(best[1])
        lo = min(p[0] for p in best[1])
    return seams if length - lo <= room else None


def _split(length: float, across: float, room: float, cells: Sequence[Quad], cell: float) -> list[Seam]:
    """Returns the fewest seams that cut [0, length] into pieces that fit in room."""
    if length <= room:
        return []
    for pieces in range(max(2, math.ceil((length - OVERLAP) / (room - OVERLAP))), 12):
        found = _seams(length, across, pieces - 1, room, cells, cell)
        if found is not None:
            return found
    raise ValueError(f"a board {length:.0f} mm long cannot be cut into tiles of {room:.0f} mm")


def plan_tiles(width: float, height: float, sheet: Sheet, cells: Sequence[Quad] = (), cell: float = 20.0,
               content: Sequence[Box] = ()) -> list[Tile]:
    """Returns tiles covering a width × height drawing, with their seams between the cells, the plain mat trimmed
    where a tile would show little else (`trim_tiles`, given the content: the boxes of cells, areas and arrows)."""
    _, _, cw, ch = sheet.content
    cols_seams = _split(width, height, cw, cells, cell)
    rows_seams = _split(height, width, ch, [_transpose(q) for q in cells], cell)  # type: ignore[misc]
    xs = [(0.0 if i == 0 else min(p[0] for p in cols_seams[i - 1]),
           width if i == len(cols_seams) else max(p[0] for p in cols_seams[i]) + OVERLAP)
          for i in range(len(cols_seams) + 1)]
    ys = [(0.0 if i == 0 else min(p[0] for p in rows_seams[i - 1]),
           height if i == len(rows_seams) else max(p[0] for p in rows_seams[i]) + OVERLAP)
          for i in range(len(rows_seams) + 1)]
    tiles = []
    for r, (y0, y1) in enumerate(ys):
        for c, (x0, x1) in enumerate(xs):
            tiles.append(Tile(r, c, x0, y0, min(x1, width) - x0, min(y1, height) - y0,
                              left=cols_seams[c - 1] if c else None,
                              right=cols_seams[c] if c < len(cols_seams) else None,
                              top=_transpose(rows_seams[r - 1]) if r else None,
                              bottom=_transpose(rows_seams[r]) if r < len(rows_seams) else None))
    return trim_tiles(tiles, content)


def best_sheet(width: float, height: float, paper: Paper, cells: Sequence[Quad] = (), cell: float = 20.0,
               content: Sequence[Box] = ()) -> tuple[Sheet, list[Tile]]:
    """Returns the orientation needing the fewest tiles, and its tiles."""
    options = [(s, plan_tiles(width, height, s, cells, cell, content))
               for s in (Sheet(paper), Sheet(paper, landscape=True))]
    return min(options, key=lambda o: (len(o[1]), o[0].landscape))


def _region(s: Seam, edge: float, vertical: bool) -> list[Point]:
    """Returns the polygon between a seam and a straight line at `edge` (x for a vertical seam, y otherwise)."""
    if vertical:
        return [*s, (edge, s[-1][1]), (edge, s[0][1])]
    return [*s, (s[-1][0], edge), (s[0][0], edge)]


def _along(lo: float, hi: float, nxt: Tile | None, vertical: bool) -> tuple[float, float]:
    """Returns the stretch along a seam (y for a vertical one, x otherwise) that the next tile is laid on: all of it,
    but where that tile's mat was trimmed."""
    if nxt is None:
        return lo, hi
    a, b = (nxt.y, nxt.y + nxt.h) if vertical else (nxt.x, nxt.x + nxt.w)
    return max(lo, a), min(hi, b)


def _unlaid(near: float, far: float, lo: float, hi: float, a: float, b: float, vertical: bool, waste: Style
            ) -> list[Item]:
    """Returns the parts of a glue strip (from near to far across the seam, lo to hi along it) that no tile is laid
    on, left blank: beyond the stretch a..b where the next tile's mat was trimmed."""
    out: list[Item] = []
    for s0, s1 in ((lo, a), (b, hi)):
        if s1 - s0 > 0.01:
            box = (near, s0, far - near, s1 - s0) if vertical else (s0, near, s1 - s0, far - near)
            out.append(rect(*box, waste, tag="waste"))
    return out


def tile_page(drawing: tuple[Item, ...], tile: Tile, tiles: list[Tile], sheet: Sheet,
              words: dict[str, str]) -> Page:
    """Returns the page of one tile: its part of the drawing, tinted glue strips and the seams to cut along."""
    pw, ph = sheet.size
    x0, y0, cw, ch = sheet.content
    ox, oy = x0 + (cw - tile.w) / 2, y0 + (ch - tile.h) / 2
    page = Page(pw, ph, label=f"tile {tile.label}")
    marks: list[Item] = []
    far_x, far_y = tile.x + tile.w, tile.y + tile.h
    glue = Style(fill="glue", stroke="ink.soft", width=0.2)
    waste = Style(fill="paper")
    at = {(t.row, t.col): t for t in tiles}
    if tile.right:  # the strip the next tile is laid on: no art, a tint and a label
        marks.append(polygon(_region(tile.right, far_x, True), glue, tag="glue strip"))
        gx = max(p[0] for p in tile.right) + OVERLAP / 2
        lo, hi = _along(tile.y, far_y, at.get((tile.row, tile.col + 1)), True)
        marks += _unlaid(gx - OVERLAP / 2, far_x, tile.y, far_y, lo, hi, True, waste)
        marks.append(Text(gx, (lo + hi) / 2, words["glue"], "body-bold", 9, fill="ink", anchor="middle",
                          rotation=90, tag="glue label"))
    if tile.bottom:
        marks.append(polygon(_region(tile.bottom, far_y, False), glue, tag="glue strip"))
        gy = max(p[1] for p in tile.bottom) + OVERLAP / 2
        lo, hi = _along(tile.x, far_x, at.get((tile.row + 1, tile.col)), False)
        marks += _unlaid(gy - OVERLAP / 2, far_y, tile.x, far_x, lo, hi, False, waste)
        marks.append(Text((lo + hi) / 2, gy + 1, words["glue"], "body-bold", 9, fill="ink", anchor="middle",
                          tag="glue label"))
    cut = Style(stroke="ink", width=0.3, dash=(1.5, 1.0), join_round=False)
    for s, vertical in ((tile.left, True), (tile.top, False)):
        if s:  # cut along the seam: what lies before it is waste, left blank
            marks.append(polygon(_region(s, (tile.x if vertical else tile.y) - 1, vertical), waste, tag="waste"))
    for s in (tile.left, tile.top):
        if s:
            marks.append(polygon(list(s), cut, closed=False, tag="tile cut"))
    inner = (Group(drawing, clip=(tile.x, tile.y, tile.w, tile.h)),
             Group(tuple(marks), clip=(tile.x, tile.y, tile.w, tile.h), tag="tile marks"))
    page.add(Group(inner, Affine.translate(ox - tile.x, oy - tile.y), tag=f"tile {tile.label}"))
    page.add(rect(ox, oy, tile.w, tile.h, Style(stroke="ink.soft", width=0.15), tag="tile edge"))
    page.add(Text(ox, oy - 2.0, f"{words['tile']} {tile.label}", "body-black", 9, tag="tile label"))
    return page


def _unprinted(width: float, height: float, tiles: list[Tile]) -> list[Item]:
    """Returns blank boxes over the parts of the board no tile prints (plain mat trimmed away, `trim_tiles`)."""
    shown = [t.shown for t in tiles]
    xs = sorted({0.0, width, *(b[0] for b in shown), *(b[2] for b in shown)})
    ys = sorted({0.0, height, *(b[1] for b in shown), *(b[3] for b in shown)})
    out: list[Item] = []
    for x0, x1 in zip(xs, xs[1:], strict=False):
        for y0, y1 in zip(ys, ys[1:], strict=False):
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            if x1 - x0 > 0.01 and y1 - y0 > 0.01 and not any(b[0] <= cx <= b[2] and b[1] <= cy <= b[3] for b in shown):
                out.append(rect(x0 - 0.5, y0 - 0.5, x1 - x0 + 1, y1 - y0 + 1, Style(fill="paper"), tag="map trimmed"))
    return out


def assembly_map(drawing: tuple[Item, ...], width: float, height: float, tiles: list[Tile], sheet: Sheet,
                 words: dict[str, str]) -> Page:
    """Returns a page showing how the tiles go together: the board in small, its seams and the tiles' names."""
    pw, ph = sheet.size
    x0, y0, cw, ch = sheet.content
    scale = min(cw / width, (ch - 40) / height) * 0.9
    ox, oy = x0 + (cw - width * scale) / 2, y0 + 30
    page = Page(pw, ph, label="assembly map")
    page.add(Text(pw / 2, y0 + 8, words["map_title"], "display", 16, anchor="middle", tag="map title"))
    note = words["map_seams"]
    page.add(Text(pw / 2, y0 + 16, note, "body", fit_size(note, "body", 8.5, cw), anchor="middle", fill="ink.soft",
                  tag="map note"))
    thumb: list[Item] = [Group(drawing, tag="map board"), *_unprinted(width, height, tiles)]
    seam_style = Style(stroke="ink", width=0.6 / scale, dash=(3 / scale, 1.5 / scale), join_round=False)
    for t in tiles:
        for s in (t.right, t.bottom):
            if s:
                thumb.append(polygon(list(s), seam_style, closed=False, tag="map seam"))
    page.add(Group(tuple(thumb), Affine.translate(ox, oy) @ Affine.scale(scale)))
    for t in tiles:  # each name in the middle of the part the tile shows on the finished board
        left = min(p[0] for p in t.left) if t.left else t.x
        right = min(p[0] for p in t.right) if t.right else t.x + t.w
        top = min(p[1] for p in t.top) if t.top else t.y
        bottom = min(p[1] for p in t.bottom) if t.bottom else t.y + t.h
        cx, cy = ox + (left + right) / 2 * scale, oy + (top + bottom) / 2 * scale
        page.add(rect(cx - 9, cy - 7.5, 18, 10.5, Style(fill="paper", stroke="ink", width=0.4), radius=1.5,
                      tag="map label box"))
        page.add(Text(cx, cy, t.label, "body-black", 18, anchor="middle", tag="map label"))
    return page
