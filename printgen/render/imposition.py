"""Laying components out for cutting and duplex printing: a grid with bleed, cut marks, backs behind fronts."""

from __future__ import annotations

from dataclasses import dataclass

from printgen.errors import OptionError
from printgen.render.affine import Affine
from printgen.render.formats import Flip
from printgen.render.paper import MARGIN, Sheet
from printgen.render.scene import Group, Item, Page
from printgen.render.sheet import cut_marks

BLEED = 3.0  # mm of artwork past every cut edge
GUTTER = 2 * BLEED  # mm between neighbouring components' cut edges: bleeds meet, never overlap


@dataclass(frozen=True)
class Component:
    """One piece to cut out: trim size in mm, and the items of each face drawn in its own trim box (0, 0, w, h)."""

    w: float
    h: float
    front: tuple[Item, ...]
    back: tuple[Item, ...]
    name: str = ""


@dataclass(frozen=True)
class Placed:
    """Where a component's trim box sits on the front and on the back of a sheet."""

    component: Component
    front: tuple[float, float]
    back: tuple[float, float]


def check_offset(offset: tuple[float, float]) -> None:
    """Refuses a back offset that would push artwork past the margin."""
    limit = MARGIN - BLEED - 4.0  # the back's artwork stays 4 mm clear of the paper edge
    if max(abs(offset[0]), abs(offset[1])) > limit:
        raise OptionError(f"the back offset {offset[0]:g},{offset[1]:g} mm is larger than the margin allows "
                          f"(at most {limit:g} mm each way); print the calibration sheet to measure it")


def back_position(x: float, y: float, w: float, h: float, sheet: Sheet, flip: Flip,
                  offset: tuple[float, float]) -> tuple[float, float]:
    """Returns where the back of a component at (x, y) must print so it lands behind its front."""
    pw, ph = sheet.size
    long_is_vertical = ph >= pw
    mirror_x = (flip is Flip.LONG) == long_is_vertical
    bx = pw - x - w if mirror_x else x
    by = y if mirror_x else ph - y - h
    return bx + offset[0], by + offset[1]


def grid_sheets(components: list[Component], sheet: Sheet, flip: Flip,
                offset: tuple[float, float]) -> list[list[Placed]]:
    """Returns components packed in rows and columns per sheet, each with its front and back position."""
    x0, y0, cw, ch = sheet.content  # the cut marks go in the margin round it
    sheets: list[list[Placed]] = []
    current: list[Placed] = []
    cx, cy, row_h = 0.0, 0.0, 0.0
    for comp in components:
        if comp.w > cw or comp.h > ch:
            raise OptionError(f"a {comp.name or 'component'} of {comp.w:g} × {comp.h:g} mm does not fit on the paper")
        if cx + comp.w > cw + 1e-9:
            cx, cy, row_h = 0.0, cy + row_h + GUTTER, 0.0
        if cy + comp.h > ch + 1e-9:
            sheets.append(current)
            current, cx, cy, row_h = [], 0.0, 0.0, 0.0
        x, y = x0 + cx, y0 + cy
        current.append(Placed(comp, (x, y), back_position(x, y, comp.w, comp.h, sheet, flip, offset)))
        cx += comp.w + GUTTER
        row_h = max(row_h, comp.h)
    if current:
        sheets.append(current)
    return sheets


def _face(comp: Component, items: tuple[Item, ...], at: tuple[float, float], tag: str) -> Group:
    clip = (-BLEED, -BLEED, comp.w + 2 * BLEED, comp.h + 2 * BLEED)
    return Group(items, Affine.translate(*at), tag=tag, clip=clip)


def impose(components: list[Component], sheet: Sheet, flip: Flip, offset: tuple[float, float],
           label: str) -> list[Page]:
    """Returns fronts and backs on alternating pages, ready for duplex printing."""
    check_offset(offset)
    pages: list[Page] = []
    pw, ph = sheet.size
    for placed in grid_sheets(components, sheet, flip, offset):
        front = Page(pw, ph, label=f"{label} front")
        back = Page(pw, ph, label=f"{label} back")
        for i, p in enumerate(placed):
            front.add(_face(p.component, p.component.front, p.front, f"front {i}"))
            back.add(_face(p.component, p.component.back, p.back, f"back {i}"))
        xs = sorted({round(v, 3) for p in placed for v in (p.front[0], p.front[0] + p.component.w)})
        ys = sorted({round(v, 3) for p in placed for v in (p.front[1], p.front[1] + p.component.h)})
        box = (min(xs), min(ys), max(xs), max(ys))
        front.add(*cut_marks(xs, ys, box, BLEED))
        pages += [front, back]
    return pages
