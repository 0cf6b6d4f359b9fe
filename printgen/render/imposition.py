"""Laying components out for cutting and duplex printing: rows of components with bleed and cut marks, backs
behind fronts.

Components of one family (the same size and the same colour at their edges, such as a seat's pieces or the
item cards) butt edge to edge and share their cut lines: one cut separates two of them, and a cut a little
off shows only the same colour. Between families lies a gutter of two bleeds, so each keeps its colour to
its own cut.
"""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import OptionError
from printgen.render.affine import Affine
from printgen.render.formats import Flip
from printgen.render.paper import MARGIN, SAFE, Sheet
from printgen.render.scene import Group, Item, Page
from printgen.render.sheet import cut_marks

BLEED = 3.0  # mm of artwork past every open cut edge
GUTTER = 2 * BLEED  # mm between components of different families: bleeds meet, never overlap
SEAM = 0.1  # mm a face runs under its butting neighbour, so no hairline of paper shows between them
OFFSET_LIMIT = 4.0  # mm the backs may be moved each way: their cut edges stay SAFE from the paper edge
# Components whose columns differ (chips every 22 mm, beans every 30 mm) form separate grids, each with its own
# column marks beside it: the sheet's top margin for the first grid, its foot margin for the last, and for each
# other its own top bleed, where they are cut away with it.


@dataclass(frozen=True)
class Component:
    """One piece to cut out: trim size in mm, and the items of each face drawn in its own trim box (0, 0, w, h).

    Components with the same family and size butt edge to edge; an empty family never butts.
    """

    w: float
    h: float
    front: tuple[Item, ...]
    back: tuple[Item, ...]
    name: str = ""
    family: str = ""


Sides = tuple[bool, bool, bool, bool]  # left, top, right, bottom: True where the side is open (bleeds)


@dataclass(frozen=True)
class Placed:
    """Where a component's trim box sits on the front and on the back of a sheet, and which sides bleed."""

    component: Component
    front: tuple[float, float]
    back: tuple[float, float]
    open_front: Sides = (True, True, True, True)
    open_back: Sides = (True, True, True, True)

    def trim_box(self, side: str = "front") -> tuple[float, float, float, float]:
        """Returns the box (x0, y0, x1, y1) where the component is cut, on the front or the back."""
        x, y = self.front if side == "front" else self.back
        return (x, y, x + self.component.w, y + self.component.h)

    def bleed_box(self, side: str = "front") -> tuple[float, float, float, float]:
        """Returns the box (x0, y0, x1, y1) the component's artwork covers on the front or the back."""
        (x, y), sides = (self.front, self.open_front) if side == "front" else (self.back, self.open_back)
        left, top, right, bottom = (BLEED if s else SEAM for s in sides)
        return (x - left, y - top, x + self.component.w + right, y + self.component.h + bottom)


def check_offset(offset: tuple[float, float]) -> None:
    """Refuses a back offset that would push the backs' cut edges into the printer's unprintable margin."""
    if max(abs(offset[0]), abs(offset[1])) > OFFSET_LIMIT:
        raise OptionError(f"the back offset {offset[0]:g},{offset[1]:g} mm is larger than the margin allows "
                          f"(at most {OFFSET_LIMIT:g} mm each way); print the calibration sheet to measure it")


assert MARGIN - OFFSET_LIMIT >= SAFE  # a back moved as far as allowed still prints its cut edges


def mirrors(sheet: Sheet, flip: Flip) -> tuple[bool, bool]:
    """Returns whether the back is mirrored left to right, or top to bottom, for this sheet and flip."""
    pw, ph = sheet.size
    mirror_x = (flip is Flip.LONG) == (ph >= pw)
    return mirror_x, not mirror_x


def back_position(x: float, y: float, w: float, h: float, sheet: Sheet, flip: Flip,
                  offset: tuple[float, float]) -> tuple[float, float]:
    """Returns where the back of a component at (x, y) must print so it lands behind its front."""
    pw, ph = sheet.size
    mirror_x, _ = mirrors(sheet, flip)
    bx = pw - x - w if mirror_x else x
    by = y if mirror_x else ph - y - h
    return bx + offset[0], by + offset[1]


def _shelves(components: list[Component], width: float) -> list[list[tuple[Component, float]]]:
    """Returns the components in rows (each with its x from the row's start): a family butts, families part."""
    rows: list[list[tuple[Component, float]]] = []
    row: list[tuple[Component, float]] = []
    cx = 0.0
    for comp in components:
        if comp.w > width:
            raise OptionError(f"a {comp.name or 'component'} of {comp.w:g} × {comp.h:g} mm does not fit on the paper")
        joins = bool(row) and _butts(row[-1][0], comp)
        x = cx + (0.0 if not row or joins else GUTTER)
        if x + comp.w > width + 1e-9 or (not joins and row and _whole_row(comp, components, width, width - x)):
            rows.append(row)
            row, x = [], 0.0
        row.append((comp, x))
        cx = x + comp.w
    if row:
        rows.append(row)
    return rows


def _whole_row(first: Component, components: list[Component], width: float, room: float) -> bool:
    """True when the family starting with first fits in one row but not in room: it then starts a row, whole."""
    n = sum(1 for c in components if c is first or _butts(first, c))
    return n * first.w <= width + 1e-9 and n * first.w > room + 1e-9


def _butts(a: Component, b: Component) -> bool:
    return bool(a.family) and a.family == b.family and a.w == b.w and a.h == b.h


def _one_family(row: list[tuple[Component, float]]) -> bool:
    return all(_butts(row[0][0], c) for c, _ in row)


def _open_sides(c: Component, x: float, y: float, others: list[tuple[Component, float, float]]) -> Sides:
    """Returns which sides of the component at (x, y) have no butting neighbour."""
    def shares(dx: float, dy: float) -> bool:
        return any(_butts(c, o) and abs(ox - (x + dx)) < 1e-6 and abs(oy - (y + dy)) < 1e-6 for o, ox, oy in others)
    return (not shares(-c.w, 0), not shares(0, -c.h), not shares(c.w, 0), not shares(0, c.h))


def turned(c: Component) -> Component:
    """Returns the component a quarter turn round, its top to the left; its back is turned the other way, so a
    turned card's back stands to its front as an upright card's does, on either flip."""
    front = Group(c.front, Affine(0, -1, 1, 0, 0, c.w), tag="turned")
    back = Group(c.back, Affine(0, 1, -1, 0, c.h, 0), tag="turned")
    return Component(c.h, c.w, (front,), (back,), name=c.name, family=c.family)


def _turned_row(rows: list[list[tuple[Component, float]]], width: float,
                room: float) -> tuple[list[tuple[Component, float]], list[Component]] | None:
    """Returns a row of upright components that no longer fit, turned a quarter to fit the room left under the
    rows above, and the components still to place; None when turning does not fit one."""
    stream = [c for row in rows for c, _ in row]
    first = stream[0]
    if first.h <= first.w or first.w > room + 1e-9 or first.h > width + 1e-9:
        return None
    k = 0
    while k < len(stream) and k < int((width + 1e-9) // first.h) and (k == 0 or _butts(first, stream[k])):
        k += 1
    t = turned(first)
    return [(t if c is first else turned(c), i * first.h) for i, c in enumerate(stream[:k])], stream[k:]


def grid_sheets(components: list[Component], sheet: Sheet, flip: Flip,
                offset: tuple[float, float]) -> list[list[Placed]]:
    """Returns components packed in rows per sheet, each with its front and back position and its open sides.

    Rows of one family butt on the rows of the same family above them; any other row keeps a gutter. Where
    upright components (cards) no longer fit under the rows of a sheet, a row of them turned a quarter round
    fills the room if it can (two more cards on Letter)."""
    x0, y0, cw, ch = sheet.content  # the cut marks go in the margin round it
    pages: list[list[tuple[Component, float, float]]] = [[]]
    cy, above = 0.0, None
    rows = _shelves(components, cw)
    while rows:
        row = rows.pop(0)
        h = max(c.h for c, _ in row)
        gap = 0.0 if above is None or (_one_family(row) and _one_family(above) and _butts(above[0][0], row[0][0])) \
            else GUTTER
        if cy + gap + h > ch + 1e-9 and pages[-1]:
            fit = _turned_row([row] + rows, cw, ch - cy - GUTTER)
            if fit is not None:
                row, rest = fit
                rows = _shelves(rest, cw) if rest else []
                h, gap = row[0][0].h, GUTTER
        if cy + gap + h > ch + 1e-9:
            if not pages[-1]:
                raise OptionError(f"a {row[0][0].name or 'component'} of {row[0][0].w:g} × {h:g} mm does not fit "
                                  "on the paper")
            pages.append([])
            cy, gap = 0.0, 0.0
        pages[-1] += [(c, x0 + x, y0 + cy + gap) for c, x in row]
        cy += gap + h
        above = row
    mirror_x, mirror_y = mirrors(sheet, flip)
    out = []
    for page in pages:
        placed = []
        for c, x, y in page:
            left, top, right, bottom = _open_sides(c, x, y, page)
            back_sides = (right if mirror_x else left, bottom if mirror_y else top,
                          left if mirror_x else right, top if mirror_y else bottom)
            placed.append(Placed(c, (x, y), back_position(x, y, c.w, c.h, sheet, flip, offset),
                                 (left, top, right, bottom), back_sides))
        out.append(placed)
    return out


def _face(p: Placed, side: str) -> Group:
    comp = p.component
    x0, y0, x1, y1 = p.bleed_box(side)
    at = p.front if side == "front" else p.back
    clip = (x0 - at[0], y0 - at[1], x1 - x0, y1 - y0)
    items = comp.front if side == "front" else comp.back
    return Group(items, Affine.translate(*at), tag=f"{side} {comp.name}".strip(), clip=clip)


def _union(boxes: list[tuple[float, float, float, float]]) -> tuple[float, float, float, float]:
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    return (x0, y0, max(b[2] for b in boxes) - x0, max(b[3] for b in boxes) - y0)


def impose(components: list[Component], sheet: Sheet, flip: Flip, offset: tuple[float, float],
           label: str) -> list[Page]:
    """Returns fronts and backs on alternating pages, ready for duplex printing, with trim and bleed boxes."""
    check_offset(offset)
    pages: list[Page] = []
    pw, ph = sheet.size
    for placed in grid_sheets(components, sheet, flip, offset):
        front = Page(pw, ph, label=f"{label} front")
        back = Page(pw, ph, label=f"{label} back")
        for p in placed:
            front.add(_face(p, "front"))
            back.add(_face(p, "back"))
        front.trim = _union([p.trim_box("front") for p in placed])
        back.trim = _union([p.trim_box("back") for p in placed])
        front.bleed = _union([p.bleed_box("front") for p in placed])
        back.bleed = _union([p.bleed_box("back") for p in placed])
        front.add(*_grid_marks(placed, sheet))
        pages += [front, back]
    return pages


def grids(placed: list[Placed]) -> list[list[Placed]]:
    """Returns a sheet's components by grid, top to bottom: rows whose column cuts are those of the grid above
    (or fewer) join it; any other row starts a grid."""
    rows: dict[float, list[Placed]] = {}
    for p in placed:
        rows.setdefault(round(p.front[1], 3), []).append(p)
    out: list[list[Placed]] = []
    cuts: set[float] = set()
    for _, row in sorted(rows.items()):
        edges = {round(v, 3) for p in row for v in (p.front[0], p.front[0] + p.component.w)}
        if out and edges <= cuts:
            out[-1] += row
        else:
            out.append(list(row))
            cuts = edges
    return out


def _grid_marks(placed: list[Placed], sheet: Sheet) -> list[Item]:
    """Returns each grid's cut marks beside it: the first grid's columns in the top margin, the last grid's in the
    foot margin, any other grid's in its own top bleed; each row's cuts in the side margins, on the left for the
    component that starts the row and on the right for the one that ends it."""
    items: list[Item] = []
    blocks = grids(placed)
    for i, block in enumerate(blocks):
        xs = sorted({round(v, 3) for p in block for v in (p.front[0], p.front[0] + p.component.w)})
        x0, y0, w, h = _union([p.trim_box("front") for p in block])
        first, last = i == 0, i == len(blocks) - 1
        items += cut_marks(xs, [], (x0, y0, x0 + w, y0 + h), sheet, BLEED, top_limit=None if first else y0 - BLEED,
                           foot=last, head=first or not last)
    rows: dict[float, list[Placed]] = {}
    for p in placed:
        rows.setdefault(round(p.front[1], 3), []).append(p)
    x0, y0, w, h = _union([p.trim_box("front") for p in placed])
    for side, end in ((0, min), (1, max)):
        ys = {round(v, 3) for row in rows.values() for p in [end(row, key=lambda q: q.front[0])]
              for v in (p.front[1], p.front[1] + p.component.h)}
        items += cut_marks([], sorted(ys), (x0, y0, x0 + w, y0 + h), sheet, BLEED, sides=(side == 0, side == 1))
    return items
