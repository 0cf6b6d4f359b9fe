"""The board as shapes in millimetres, placed from the engine's topology: cells, marks, numbers and areas.

Geometry only: every cell's square comes from `cell_square`, which asks the topology for the
cell's grid square and turns it by the orientation. Nothing here knows paper or backends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.engine.topology import CellKind, Topology, seat_quarters
from printgen.render import glyphs
from printgen.render.affine import Affine, Point
from printgen.render.paths import CLOSE, CurveTo, LineTo, MoveTo, Op, arc_ops
from printgen.render.scene import Group, Item, Path, Style, Text, polygon, rect
from printgen.render.words import Labels
from printgen.rulesets.model import Direction, Orientation, Ruleset

LINE = 0.35  # mm, cell outlines
_OUT = ((0, 1), (-1, 0), (0, -1), (1, 0))  # outward unit step of each arm in board space (x right, y down)


@dataclass(frozen=True)
class BoardDrawing:
    """A drawn board: its items, size and where each cell is (for placing and for tests)."""

    items: tuple[Item, ...]
    width: float
    height: float
    cell: float
    corners: dict[int, tuple[Point, Point, Point, Point]]  # cell number → its square's corners
    kinds: dict[int, CellKind]


class BoardGeometry:
    """Where cells are, in board millimetres centred on the cross, turned by the orientation."""

    def __init__(self, topo: Topology, cell: float, orientation: Orientation) -> None:
        self.topo, self.c = topo, cell
        self.angle = 45.0 if orientation is Orientation.X else 0.0
        self.rot = Affine.rotate(self.angle)

    def to_page(self, u: float, v: float) -> Point:
        """Returns a point of the upright cross (mm, y down, centred) turned by the orientation."""
        return self.rot.apply(u, v)

    def centre(self, number: int) -> Point:
        """Returns the centre of a cell in the upright cross."""
        x, y = self.topo.cell(number).grid
        return ((x - 0.5) * self.c, -(y - 0.5) * self.c)

    def cell_square(self, number: int, inset: float = 0.0) -> tuple[Point, Point, Point, Point]:
        """Returns the four corners of a cell's square (upright cross coordinates), inset by mm."""
        cx, cy = self.centre(number)
        h = self.c / 2 - inset
        return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))

    def step(self, a: int, b: int) -> Point:
        """Returns the unit vector from cell a's centre to neighbouring cell b's centre."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        d = math.hypot(bx - ax, by - ay)
        return ((bx - ax) / d, (by - ay) / d)


def _cell_path(geo: BoardGeometry, number: int, style: Style) -> Path:
    """Returns a cell's outline: a rounded square, its outer corner fully rounded on an arm's tip."""
    cell = geo.topo.cell(number)
    gap = geo.c * 0.05
    (x0, y0), _, (x1, y1), _ = geo.cell_square(number, gap / 2)
    r = geo.c * 0.1
    if cell.kind is CellKind.ROUNDED or cell.depth == geo.topo.arm:
        return _tip_path(geo, number, x0, y0, x1, y1, r, style)
    return rect(x0, y0, x1 - x0, y1 - y0, style, tag=f"cell {number}", radius=r)


def _tip_path(geo: BoardGeometry, number: int, x0: float, y0: float, x1: float, y1: float, r: float,
              style: Style) -> Path:
    """Returns a tip cell whose corner away from the arm's middle is a quarter circle."""
    cell = geo.topo.cell(number)
    ox, oy = _OUT[cell.quarter]
    cx, cy = geo.centre(number)
    mx, my = geo.centre(_partner(geo, number))
    side = (cx - mx, cy - my)  # from the arm's middle line towards this cell's outer file
    corner = (cx + (ox + side[0] / geo.c) * geo.c / 2, cy + (oy + side[1] / geo.c) * geo.c / 2)
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    big = (x1 - x0)
    k = min(range(4), key=lambda i: math.hypot(corners[i][0] - corner[0], corners[i][1] - corner[1]))
    ops: list[Op] = []
    for i in range(4):
        p = corners[(k + 1 + i) % 4]
        prev = corners[(k + i) % 4]
        nxt = corners[(k + 2 + i) % 4]
        rad = big if (k + 1 + i) % 4 == k else r
        a = _towards(p, prev, rad)
        b = _towards(p, nxt, rad)
        ops.append(MoveTo(*a) if i == 0 else LineTo(*a))
        kk = 0.5523 * rad
        ops.append(CurveTo(*_towards(a, p, kk), *_towards(b, p, kk), *b))
    ops.append(CLOSE)
    return Path(tuple(ops), style, tag=f"cell {number}")


def _towards(p: Point, q: Point, d: float) -> Point:
    """Returns the point d mm from p towards q."""
    L = math.hypot(q[0] - p[0], q[1] - p[1])
    return (p[0] + (q[0] - p[0]) * d / L, p[1] + (q[1] - p[1]) * d / L)


def _partner(geo: BoardGeometry, number: int) -> int:
    """Returns the cell beside this one across its arm (same depth, other file)."""
    cell = geo.topo.cell(number)
    for other in geo.topo.cells:
        if other.quarter == cell.quarter and other.depth == cell.depth and other.number != number:
            return other.number
    return number


def _wedge_mark(geo: BoardGeometry, number: int) -> Path:
    """Returns the wedge marking: a triangle from the arm's middle line into the cell."""
    cx, cy = geo.centre(number)
    mx, my = geo.centre(_partner(geo, number))
    ux, uy = (cx - mx) / geo.c, (cy - my) / geo.c  # across the arm, towards this cell
    vx, vy = -uy, ux
    h = geo.c * 0.5
    base = ((cx - ux * h + vx * h * 0.62, cy - uy * h + vy * h * 0.62),
            (cx - ux * h - vx * h * 0.62, cy - uy * h - vy * h * 0.62))
    apex = (cx + ux * h * 0.2, cy + uy * h * 0.2)
    return polygon([base[0], apex, base[1]], Style(fill="cell.wedge.mark"), tag=f"wedge {number}")


def _seat_colour(seat: int | None) -> str:
    return "cell.line" if seat is None else f"player.{seat}"


def _arrow(geo: BoardGeometry, number: int, towards: int, seat: int | None, scale: float = 1.0) -> list[Item]:
    """Returns an arrow on a start cell pointing to the cell a piece enters next."""
    cx, cy = geo.centre(number)
    ux, uy = geo.step(number, towards)
    vx, vy = -uy, ux
    c = geo.c * scale
    tail, head = -0.30 * c, 0.34 * c
    w, hw, hl = 0.09 * c, 0.22 * c, 0.26 * c
    pts = [(cx + ux * tail + vx * w, cy + uy * tail + vy * w),
           (cx + ux * (head - hl) + vx * w, cy + uy * (head - hl) + vy * w),
           (cx + ux * (head - hl) + vx * hw, cy + uy * (head - hl) + vy * hw),
           (cx + ux * head, cy + uy * head),
           (cx + ux * (head - hl) - vx * hw, cy + uy * (head - hl) - vy * hw),
           (cx + ux * (head - hl) - vx * w, cy + uy * (head - hl) - vy * w),
           (cx + ux * tail - vx * w, cy + uy * tail - vy * w)]
    return [polygon(pts, Style(fill=_seat_colour(seat), stroke="cell.line", width=0.2), tag=f"start arrow {number}")]


def _end_cross(geo: BoardGeometry, number: int, seat: int | None, scale: float = 1.0) -> Path:
    """Returns the X marking a seat's end cell, an X on the page whichever way the board is turned."""
    cx, cy = geo.centre(number)
    h = geo.c * 0.3 * scale
    ops: list[Op] = []
    for deg in (45, 135):
        a = math.radians(deg - geo.angle)
        dx, dy = math.cos(a) * h, math.sin(a) * h
        ops += [MoveTo(cx - dx, cy - dy), LineTo(cx + dx, cy + dy)]
    return Path(tuple(ops), Style(stroke=_seat_colour(seat), width=geo.c * 0.07 * scale), tag=f"end cross {number}")


def _capture_ring(geo: BoardGeometry, number: int) -> Path:
    """Returns the dashed inner border that marks a cell where pieces can be captured."""
    (x0, y0), _, (x1, y1), _ = geo.cell_square(number, geo.c * 0.12)
    return rect(x0, y0, x1 - x0, y1 - y0, Style(stroke="capture", width=geo.c * 0.035,
                                                  dash=(geo.c * 0.09, geo.c * 0.06)),
                tag=f"capture {number}", radius=geo.c * 0.06)


def draw_cells(geo: BoardGeometry, rs: Ruleset, players: int) -> list[Item]:
    """Returns every cell with its kind's fill and marks (cell_numbers draws the numbers)."""
    topo = geo.topo
    seat_of = {q: s for s, q in enumerate(seat_quarters(rs.board.seats, players))}
    items: list[Item] = []
    fills = {CellKind.START: "cell.start", CellKind.END: "cell.end", CellKind.WEDGE: "cell.wedge",
             CellKind.ROUNDED: "cell.rounded", CellKind.CENTRE: "cell.centre", CellKind.NORMAL: "cell.normal"}
    both = rs.players.direction is Direction.CHOOSE
    for cell in topo.cells:
        n = cell.number
        kind = cell.kind
        fill = fills[kind]
        if kind in (CellKind.START, CellKind.END) and cell.seat is not None:
            if topo.board_quarters[cell.seat] not in seat_of:
                fill = "cell.normal"
        items.append(_cell_path(geo, n, Style(fill=fill, stroke="cell.line", width=LINE)))
        if cell.depth in rs.board.wedge_depths and cell.depth:
            items.append(_wedge_mark(geo, n))
        if cell.capture:
            items.append(_capture_ring(geo, n))
        if kind is CellKind.CENTRE:
            items.append(glyphs.flower(*geo.centre(n), geo.c * 0.2, tag=f"flower {n}"))
        if kind is CellKind.ROUNDED:
            items.append(glyphs.again(*geo.centre(n), geo.c * 0.2, tag=f"again {n}"))
    for q, seat in seat_of.items():
        start = topo.start_index(q) + 1
        nxt = topo.path(q)[1] + 1
        items += _arrow(geo, start, nxt, seat)
        end = topo.path(q)[-1] + 1
        items.append(_end_cross(geo, end, seat))
        if both:
            back = topo.path(q, clockwise=False)
            items += _arrow(geo, start, back[1] + 1, seat, scale=0.7)
            items.append(_end_cross(geo, back[-1] + 1, seat, scale=0.75))
    return items


def cell_numbers(geo: BoardGeometry) -> list[Text]:
    """Returns every cell's number, small and upright, in the corner a piece leaves free."""
    out = []
    size = geo.c * 0.30
    for cell in geo.topo.cells:
        (x0, y0), _, _, _ = geo.cell_square(cell.number)
        cx, cy = geo.centre(cell.number)
        if geo.angle:
            x, y = geo.to_page(cx, cy - geo.c * 0.5 + geo.c * 0.02)
            x, y = geo.rot.inverse().apply(x, y + geo.c * 0.22)
            anchor = "middle"
        else:
            x, y = x0 + geo.c * 0.09, y0 + geo.c * 0.22
            anchor = "start"
        out.append(Text(x, y, str(cell.number), "body-bold", size, fill="cell.number", anchor=anchor,
                        rotation=-geo.angle, tag=f"number {cell.number}"))
    return out


def travel_arrows(geo: BoardGeometry, both: bool) -> list[Item]:
    """Returns a half-circle arrow round each arm's tip showing the direction of travel (both ways if chosen)."""
    items: list[Item] = []
    L = geo.topo.arm
    for q in range(4):
        ox, oy = _OUT[q]
        tip = [c for c in geo.topo.cells if c.quarter == q and c.depth == L]
        out_cell = next(c for c in tip if c.outgoing)
        back_cell = next(c for c in tip if not c.outgoing)
        (ax, ay), (bx, by) = geo.centre(out_cell.number), geo.centre(back_cell.number)
        mx, my = (ax + bx) / 2 + ox * geo.c * 0.35, (ay + by) / 2 + oy * geo.c * 0.35
        r = geo.c * 1.28
        start = math.degrees(math.atan2(ay - by, ax - bx))  # sideways, towards the outgoing file
        outward = math.degrees(math.atan2(oy, ox))
        sweep = 180.0 if (outward - start) % 360 < 180 else -180.0
        a0, a1 = start + sweep * 0.12, start + sweep * 0.88
        items.append(Path(tuple(arc_ops(mx, my, r, a0, a1)), Style(stroke="arrow", width=geo.c * 0.05),
                          tag=f"travel {q}"))
        items.append(_arrowhead(mx, my, r, a1, sweep > 0, geo.c))
        if both:
            items.append(_arrowhead(mx, my, r, a0, sweep < 0, geo.c))
    return items


def _arrowhead(cx: float, cy: float, r: float, angle: float, forward: bool, c: float) -> Path:
    a = math.radians(angle)
    px, py = cx + r * math.cos(a), cy + r * math.sin(a)
    tx, ty = (-math.sin(a), math.cos(a)) if forward else (math.sin(a), -math.cos(a))
    nx, ny = math.cos(a), math.sin(a)
    s = c * 0.16
    pts = [(px + tx * s, py + ty * s), (px - tx * s * 0.4 + nx * s * 0.75, py - ty * s * 0.4 + ny * s * 0.75),
           (px - tx * s * 0.4 - nx * s * 0.75, py - ty * s * 0.4 - ny * s * 0.75)]
    return polygon(pts, Style(fill="arrow"), tag="travel head")


def draw_board(rs: Ruleset, topo: Topology, cell: float, orientation: Orientation, players: int,
               labels: Labels) -> BoardDrawing:
    """Returns the whole board drawing, its top-left corner at (0, 0)."""
    from printgen.render.board_areas import draw_areas

    geo = BoardGeometry(topo, cell, orientation)
    half = _half_extent(geo)
    body: list[Item] = []
    body += draw_cells(geo, rs, players)
    body += travel_arrows(geo, rs.players.direction is Direction.CHOOSE)
    turned = Group((*draw_areas(geo, rs, players, labels, half), Group(tuple(body), geo.rot)))
    numbers = Group(tuple(cell_numbers(geo)), geo.rot)
    margin = cell * 0.1
    items: list[Item] = [rect(0, 0, 2 * (half + margin), 2 * (half + margin), Style(fill="mat", stroke="mat.edge",
                                                                                      width=0.6),
                              tag="mat", radius=cell * 0.3)]
    shift = Affine.translate(half + margin, half + margin)
    items.append(Group((turned, numbers), shift))
    corners = {c.number: tuple(shift.apply(*geo.to_page(*p)) for p in geo.cell_square(c.number))
               for c in topo.cells}
    size = 2 * (half + margin)
    return BoardDrawing(tuple(items), size, size, cell, corners, {c.number: c.kind for c in topo.cells})  # type: ignore[arg-type]


def _half_extent(geo: BoardGeometry) -> float:
    """Returns half the width of the turned cross with its travel arrows."""
    reach = (geo.topo.arm + 1) * geo.c + geo.c * 0.82
    if geo.angle:
        return (reach + geo.c) / math.sqrt(2) + geo.c * 0.65  # room for the areas between the arms
    return reach
