"""The board as shapes in millimetres, placed from the engine's topology: cells, marks, numbers and areas.

Geometry only: every cell's square comes from `cell_square`, which asks the topology for the
cell's grid square and turns it by the orientation. Nothing here knows paper or backends.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from printgen.engine.topology import CellKind, Topology
from printgen.render import glyphs
from printgen.render.affine import Affine, Point
from printgen.render.paths import CLOSE, CurveTo, LineTo, MoveTo, Op, arc_ops
from printgen.render.scene import Group, Item, Path, Style, Text, flatten, path_points, polygon, rect
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


Box = tuple[float, float, float, float]
# The drawn parts of a board besides its cells that a player uses (its areas, the travel arrows): what is not one of
# these or a cell is plain mat, which a tiled board may leave unprinted (render.tiling).
CONTENT_TAGS = ("hand ", "home ", "title area", "beans area", "pool area", "offering area", "travel")


def content_boxes(d: BoardDrawing) -> tuple[Box, ...]:
    """Returns the boxes (x0, y0, x1, y1) of a drawn board's cells, areas and travel arrows, in its millimetres."""
    boxes = [(min(p[0] for p in q), min(p[1] for p in q), max(p[0] for p in q), max(p[1] for p in q))
             for q in d.corners.values()]
    for leaf in flatten(d.items):
        item = leaf.item
        if isinstance(item, Path) and item.tag.startswith(CONTENT_TAGS) and item.tag.split()[1:2] != ["band"]:
            pts = [leaf.transform.apply(x, y) for x, y in path_points(item)]
            boxes.append((min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts),
                          max(p[1] for p in pts)))
    return tuple(boxes)


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
        j = (k + 1 + i) % 4
        # The quarter circle takes the whole of both sides it spans, so the corners it ends at stay square:
        # rounding them too would double back along the arc's end and leave a spur.
        rad = big if j == k else 0.0 if (j - k) % 2 else r
        if rad == 0.0:
            ops.append(MoveTo(*p) if i == 0 else LineTo(*p))
            continue
        a = _towards(p, prev, rad)
        b = _towards(p, nxt, rad)
        if i == 0:
            ops.append(MoveTo(*a))
        elif math.dist(a, (ops[-1].x, ops[-1].y)) > 1e-9:  # type: ignore[union-attr]
            ops.append(LineTo(*a))
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


def _colour_role(colour: int | None) -> str:
    """Returns the palette role of a colour (an index of engine.seats.COLOURS), or plain line for none."""
    return "cell.line" if colour is None else f"seat.{colour}"


def reader_frame(geo: BoardGeometry, number: int) -> tuple[Point, Point]:
    """Returns (right, down) unit vectors of a cell as read from the seat beyond its arm's tip (upright cross)."""
    ox, oy = _OUT[geo.topo.cell(number).quarter]
    return (oy, -ox), (ox, oy)


def _at(geo: BoardGeometry, number: int, u: float, v: float) -> Point:
    """Returns the point u right and v down of a cell's centre, in cell widths, as its reader sees it."""
    cx, cy = geo.centre(number)
    (rx, ry), (dx, dy) = reader_frame(geo, number)
    return (cx + (rx * u + dx * v) * geo.c, cy + (ry * u + dy * v) * geo.c)


# A cell as its reader sees it, in cell widths from its centre: the number sits in a band near the reader
# (v from NUMBER_TOP to NUMBER_TOP + NUMBER_HEIGHT), every picture above it, centred at GLYPH_V within GLYPH_R.
NUMBER_HEIGHT = 0.19  # figure height: 3.8 mm in the default 20 mm cell
NUMBER_TOP = 0.13
GLYPH_V, GLYPH_R = -0.12, 0.22
MIN_FIGURE = 3.0  # mm: a figure this tall subtends 10 arc-minutes at 1 m, twice a 20/20 letter's 5'
LATO_CAP = 1446 / 2000  # Lato Bold's figure (cap) height per em: its figures are lining by default


def number_height(cell: float) -> float:
    """Returns the height in mm of the printed cell numbers' figures for a cell size."""
    return NUMBER_HEIGHT * cell


def _glyph_centre(geo: BoardGeometry, number: int) -> Point:
    if _is_tip(geo, number):
        return _at(geo, number, 0.08 * _partner_side(geo, number), GLYPH_V - 0.06)
    return _at(geo, number, 0.0, GLYPH_V)


def _start_sign(geo: BoardGeometry, number: int, towards: list[int], colour: int) -> list[Item]:
    """Returns a start cell's sign: one arrow (one head per way a piece may leave: two for a choice of
    direction) in its arm's colour, with the colour's shape beside it."""
    cx, cy = _glyph_centre(geo, number)
    r = GLYPH_R * geo.c
    colour_role = _colour_role(colour)
    ways = [geo.step(number, t) for t in towards]
    tips = [(cx + ux * r, cy + uy * r) for ux, uy in ways]
    if len(ways) == 1:  # a straight arrow through the centre
        (ux, uy), = ways
        points = [(cx - ux * r * 0.85, cy - uy * r * 0.85), tips[0]]
    else:  # one shaft from one head to the other, bent at the centre when the ways are not opposite
        points = [tips[0], (cx, cy), tips[1]]
    hl, hw = r * 0.5, r * 0.4
    shaft = [points[0] if len(ways) == 1 else _towards(points[0], (cx, cy), hl * 0.8), *points[1:-1],
             _towards(points[-1], points[-2], hl * 0.8)]
    items: list[Item] = [polygon(shaft, Style(stroke=colour_role, width=r * 0.26, join_round=True), closed=False,
                                 tag=f"start arrow {number}")]
    for (ux, uy), tip in zip(ways, tips, strict=True):
        vx, vy = -uy, ux
        items.append(polygon([tip, (tip[0] - ux * hl + vx * hw, tip[1] - uy * hl + vy * hw),
                              (tip[0] - ux * hl - vx * hw, tip[1] - uy * hl - vy * hw)],
                             Style(fill=colour_role), tag=f"start head {number}"))
    # The seat's shape in the free quarter: away from the ways out, towards the top of the cell as read.
    (rx, ry), (dx, dy) = reader_frame(geo, number)
    sx, sy = -sum(u for u, _ in ways), -sum(v for _, v in ways)
    if len(ways) == 1 or math.hypot(sx, sy) < 0.5:  # a straight arrow: beside it, on the side away from the number
        ux, uy = ways[0]
        sx, sy = (-uy, ux) if (-uy * dx + ux * dy) < 0 else (uy, -ux)
    k = math.hypot(sx, sy)
    sx, sy = sx / k, sy / k
    items.append(glyphs.seat_shape(colour, cx + sx * r * 0.62, cy + sy * r * 0.62, r * 0.38,
                                   Style(fill=colour_role), tag=f"start seat {number}"))
    return items


def _end_cross(geo: BoardGeometry, number: int, colour: int | None, scale: float = 1.0) -> list[Item]:
    """Returns the X marking a seat's end cell (an X on the page whichever way the board is turned) with its arm's
    colour and shape at its crossing."""
    cx, cy = _glyph_centre(geo, number)
    h = geo.c * GLYPH_R * 0.95 * scale
    ops: list[Op] = []
    for deg in (45, 135):
        a = math.radians(deg - geo.angle)
        dx, dy = math.cos(a) * h, math.sin(a) * h
        ops += [MoveTo(cx - dx, cy - dy), LineTo(cx + dx, cy + dy)]
    items: list[Item] = [Path(tuple(ops), Style(stroke=_colour_role(colour), width=geo.c * 0.06 * scale),
                              tag=f"end cross {number}")]
    if colour is not None:
        items.append(glyphs.seat_shape(colour, cx, cy, h * 0.45, Style(fill=_colour_role(colour), stroke="cell.normal",
                                                                      width=geo.c * 0.015), tag=f"end seat {number}"))
    return items


def _capture_ring(geo: BoardGeometry, number: int) -> Path:
    """Returns the dashed inner border that marks a cell where pieces can be captured."""
    (x0, y0), _, (x1, y1), _ = geo.cell_square(number, geo.c * 0.10)
    return rect(x0, y0, x1 - x0, y1 - y0, Style(stroke="capture", width=geo.c * 0.03,
                                                  dash=(geo.c * 0.09, geo.c * 0.06)),
                tag=f"capture {number}", radius=geo.c * 0.06)


def draw_cells(geo: BoardGeometry, rs: Ruleset, players: int) -> list[Item]:
    """Returns every cell with its kind's fill and marks (cell_numbers draws the numbers)."""
    topo = geo.topo
    places = topo.seat_places(players)
    seated = {p.arm for p in places}
    items: list[Item] = []
    fills = {CellKind.START: "cell.start", CellKind.END: "cell.end", CellKind.WEDGE: "cell.wedge",
             CellKind.ROUNDED: "cell.rounded", CellKind.CENTRE: "cell.centre", CellKind.NORMAL: "cell.normal"}
    both = rs.players.direction is Direction.CHOOSE
    for cell in topo.cells:
        n = cell.number
        kind = cell.kind
        fill = fills[kind]
        if kind in (CellKind.START, CellKind.END) and cell.seat is not None:
            if topo.board_quarters[cell.seat] not in seated:
                fill = "cell.normal"
        items.append(_cell_path(geo, n, Style(fill=fill, stroke="cell.line", width=LINE)))
        if cell.depth in rs.board.wedge_depths and cell.depth:
            items.append(_wedge_mark(geo, n))
        if cell.capture:
            items.append(_capture_ring(geo, n))
        if kind is CellKind.CENTRE:
            items.append(glyphs.flower(*_glyph_centre(geo, n), geo.c * GLYPH_R, tag=f"flower {n}"))
        if kind is CellKind.ROUNDED:
            items.append(glyphs.again(*_glyph_centre(geo, n), geo.c * GLYPH_R * 0.8, tag=f"again {n}"))
    for place in places:  # each arm in its own colour, whichever seat takes it (engine.seats.seat_colour)
        q = place.arm
        towards = [topo.path(q)[1] + 1] + ([topo.path(q, clockwise=False)[1] + 1] if both else [])
        items += _start_sign(geo, place.start, towards, place.colour)
        for i, end in enumerate(place.ends):
            items += _end_cross(geo, end, place.colour, 1.0 if i == 0 else 0.8)
    return items


def _partner_side(geo: BoardGeometry, number: int) -> float:
    """Returns +1 if the cell's partner across the arm lies to its right as its reader sees it, else -1."""
    (rx, ry), _ = reader_frame(geo, number)
    cx, cy = geo.centre(number)
    mx, my = geo.centre(_partner(geo, number))
    return 1.0 if (mx - cx) * rx + (my - cy) * ry > 0 else -1.0


def _is_tip(geo: BoardGeometry, number: int) -> bool:
    cell = geo.topo.cell(number)
    return cell.kind is CellKind.ROUNDED or cell.depth == geo.topo.arm


def _number_place(geo: BoardGeometry, number: int) -> tuple[float, float]:
    """Returns where (u, v: cell widths right and down of the centre, as read) a cell's number is centred: in
    the band near the reader, moved off a wedge mark's base, or into the square part of a rounded tip."""
    cell = geo.topo.cell(number)
    v = NUMBER_TOP + NUMBER_HEIGHT / 2
    if _is_tip(geo, number):  # the outer corner is a quarter circle: keep to the arm's middle, a little higher
        return 0.25 * _partner_side(geo, number), v - 0.03
    if cell.depth and cell.depth in geo.topo.board.wedge_depths:
        return -0.16 * _partner_side(geo, number), v
    return 0.0, v


def number_rotation(geo: BoardGeometry, number: int) -> float:
    """Returns the clockwise turn (degrees, within the turned board) that makes a number read from its seat."""
    ox, oy = _OUT[geo.topo.cell(number).quarter]
    return math.degrees(math.atan2(-ox, oy))


def cell_numbers(geo: BoardGeometry) -> list[Text]:
    """Returns every cell's number in a band near the seat that plays along its arm, turned to face that seat."""
    out = []
    height = number_height(geo.c)
    size = height / LATO_CAP * 72 / 25.4  # points
    for cell in geo.topo.cells:
        n = cell.number
        u, v = _number_place(geo, n)
        x, y = _at(geo, n, u, v + NUMBER_HEIGHT / 2)  # the middle of the baseline
        out.append(Text(x, y, str(n), "body-bold", size, fill="cell.number", anchor="middle",
                        rotation=number_rotation(geo, n), tag=f"number {n}"))
    return out


# Cell widths: the travel arc's centre from the tip cells' middle (outwards), and its radius. The tip is a half
# disc of one cell's radius, so the arc clears it by RADIUS - OFFSET - 1.5 (0.2); kept tight so that an upright
# board of arm 7 cuts into four A4 tiles along the lines between its middle files.
TRAVEL_OFFSET, TRAVEL_RADIUS = -0.3, 1.4


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
        mx, my = (ax + bx) / 2 + ox * geo.c * TRAVEL_OFFSET, (ay + by) / 2 + oy * geo.c * TRAVEL_OFFSET
        r = geo.c * TRAVEL_RADIUS
        start = math.degrees(math.atan2(ay - by, ax - bx))  # sideways, towards the outgoing file
        outward = math.degrees(math.atan2(oy, ox))
        sweep = 180.0 if (outward - start) % 360 < 180 else -180.0
        a0, a1 = start + sweep * 0.2, start + sweep * 0.8  # the ends clear the corners of the seat boxes
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
               labels: Labels, kit: bool = False) -> BoardDrawing:
    """Returns the whole board drawing, its top-left corner at (0, 0): for a game of `players`, or with kit for a
    kit printed for every seat (the arms' boxes lettered for two players, see `board_areas.shown_seats`). Each arm
    is in its own colour either way (engine.seats.seat_colour)."""
    from printgen.render.board_areas import draw_areas

    geo = BoardGeometry(topo, cell, orientation)
    half = _half_extent(geo)
    body: list[Item] = []
    body += draw_cells(geo, rs, players)
    body += travel_arrows(geo, rs.players.direction is Direction.CHOOSE)
    turned = Group((*draw_areas(geo, rs, players, labels, half, kit), Group(tuple(body), geo.rot)))
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
    reach = (geo.topo.arm + 0.5 + TRAVEL_OFFSET + TRAVEL_RADIUS + 0.05) * geo.c  # the travel arrows' arcs
    if geo.angle:
        return (reach + geo.c) / math.sqrt(2) + geo.c * 0.65  # room for the areas between the arms
    return reach
